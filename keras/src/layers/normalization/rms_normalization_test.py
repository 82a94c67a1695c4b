import numpy as np

from keras.src import backend
from keras.src import layers


def test_rms_norm_matches_numpy():
    x = np.random.randn(2, 5, 8).astype("float32")
    layer = layers.RMSNormalization()
    y = layer(x)
    assert [w.name for w in layer.weights] == ["scale"]
    assert layer.scale.shape == (8,)
    scale = np.random.rand(8).astype("float32")
    layer.scale.assign(scale)
    y = layer(x)
    ref = x / np.sqrt((x**2).mean(-1, keepdims=True) + 1e-6) * scale
    np.testing.assert_allclose(y, ref, rtol=1e-5, atol=1e-6)


def test_rms_norm_axis_and_dtype():
    x = np.random.randn(2, 3, 4).astype("float32")
    layer = layers.RMSNormalization(axis=1, epsilon=1e-4)
    y = layer(x)
    assert layer.scale.shape == (3,)
    ref = x / np.sqrt((x**2).mean(1, keepdims=True) + 1e-4)
    np.testing.assert_allclose(y, ref, rtol=1e-5, atol=1e-6)
    layer = layers.RMSNormalization(dtype="mixed_bfloat16")
    y = layer(x)
    assert backend.standardize_dtype(y.dtype) == "bfloat16"
    assert layer.scale.dtype == "float32"


def test_rms_norm_symbolic_and_config():
    layer = layers.RMSNormalization(axis=-1, epsilon=1e-5)
    assert layer(backend.KerasTensor((None, 4))).shape == (None, 4)
    config = layer.get_config()
    assert config["axis"] == -1 and config["epsilon"] == 1e-5
    clone = layers.RMSNormalization.from_config(config)
    assert clone.get_config() == config
