import numpy as np

from keras.src import activations
from keras.src import backend
from keras.src import layers


def test_activation_by_name_and_callable():
    x = np.array([[-3.0, -1.0, 0.0, 2.0]], "float32")
    np.testing.assert_allclose(layers.Activation("relu")(x), [[0, 0, 0, 2]])
    np.testing.assert_allclose(
        layers.Activation(activations.tanh)(x), np.tanh(x), rtol=1e-6
    )
    np.testing.assert_allclose(
        layers.Activation("sigmoid")(x), 1 / (1 + np.exp(-x)), rtol=1e-6
    )


def test_activation_symbolic_and_config():
    layer = layers.Activation("softmax")
    assert layer(backend.KerasTensor((None, 3))).shape == (None, 3)
    config = layer.get_config()
    assert config["activation"] == "softmax"
    clone = layers.Activation.from_config(config)
    assert clone.get_config() == config
    x = np.random.rand(2, 3).astype("float32")
    np.testing.assert_allclose(clone(x), layer(x), rtol=1e-6)
