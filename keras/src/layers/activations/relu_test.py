import numpy as np
import pytest

from keras.src import layers


def test_relu_variants():
    x = np.array([-10.0, -5.0, 0.0, 5.0, 10.0], "float32")
    np.testing.assert_allclose(layers.ReLU()(x), np.maximum(x, 0))
    np.testing.assert_allclose(
        layers.ReLU(max_value=10, negative_slope=0.5)(x),
        [-5.0, -2.5, 0.0, 5.0, 10.0],
    )
    np.testing.assert_allclose(layers.ReLU(max_value=6.0)(x), [0, 0, 0, 5, 6])
    np.testing.assert_allclose(layers.ReLU(threshold=5.0)(x), [0, 0, 0, 0, 10])


def test_relu_config_and_errors():
    layer = layers.ReLU(max_value=3.0, negative_slope=0.1, threshold=0.5)
    config = layer.get_config()
    assert layers.ReLU.from_config(config).get_config() == config
    with pytest.raises(ValueError, match="max_value"):
        layers.ReLU(max_value=-1)
    with pytest.raises(ValueError, match="negative_slope"):
        layers.ReLU(negative_slope=-1)
