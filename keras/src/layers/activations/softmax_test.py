import numpy as np

from keras.src import layers


def _softmax(x, axis=-1):
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


def test_softmax_values_and_mask():
    x = np.random.randn(2, 3, 4).astype("float32")
    np.testing.assert_allclose(layers.Softmax()(x), _softmax(x), rtol=1e-5)
    np.testing.assert_allclose(
        layers.Softmax(axis=1)(x), _softmax(x, 1), rtol=1e-5
    )
    np.testing.assert_allclose(
        layers.Softmax(axis=(1, 2))(x), _softmax(x, (1, 2)), rtol=1e-5
    )
    mask = np.array([[1, 1, 0, 0]] * 3 * 2).reshape(2, 3, 4).astype(bool)
    y = np.asarray(layers.Softmax()(x, mask=mask))
    np.testing.assert_allclose(y[..., 2:], 0.0, atol=1e-6)
    np.testing.assert_allclose(
        y[..., :2], _softmax(x[..., :2]), rtol=1e-5, atol=1e-6
    )


def test_softmax_config():
    layer = layers.Softmax(axis=1)
    config = layer.get_config()
    assert config["axis"] == 1
    assert layers.Softmax.from_config(config).get_config() == config
