import numpy as np

from keras.src import backend
from keras.src import layers


def test_flatten_values():
    x = np.random.rand(2, 3, 4).astype("float32")
    np.testing.assert_array_equal(layers.Flatten()(x), x.reshape(2, 12))
    np.testing.assert_array_equal(
        layers.Flatten()(np.arange(3.0)), np.arange(3.0).reshape(3, 1)
    )


def test_flatten_channels_first():
    x = np.random.rand(2, 3, 4, 5).astype("float32")
    y = layers.Flatten(data_format="channels_first")(x)
    np.testing.assert_array_equal(
        y, np.transpose(x, (0, 2, 3, 1)).reshape(2, -1)
    )


def test_flatten_symbolic_and_config():
    assert layers.Flatten()(backend.KerasTensor((None, 10, 64))).shape == (
        None,
        640,
    )
    assert layers.Flatten()(backend.KerasTensor((None, None, 4))).shape == (
        None,
        None,
    )
    layer = layers.Flatten(data_format="channels_last")
    config = layer.get_config()
    assert config["data_format"] == "channels_last"
    assert layers.Flatten.from_config(config).get_config() == config
