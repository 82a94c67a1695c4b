import numpy as np
import pytest

from keras.src import backend
from keras.src import layers


def test_reshape_values():
    x = np.arange(24, dtype="float32").reshape(2, 12)
    np.testing.assert_array_equal(layers.Reshape((3, 4))(x), x.reshape(2, 3, 4))
    np.testing.assert_array_equal(
        layers.Reshape((-1, 2, 2))(x), x.reshape(2, 3, 2, 2)
    )


def test_reshape_symbolic_shapes():
    x = backend.KerasTensor((None, 12))
    assert layers.Reshape((3, 4))(x).shape == (None, 3, 4)
    assert layers.Reshape((-1, 2, 2))(x).shape == (None, 3, 2, 2)
    x = backend.KerasTensor((None, None, 4))
    assert layers.Reshape((-1, 2))(x).shape == (None, None, 2)
    assert layers.Reshape((2, 2)).compute_output_shape((5, 4)) == (5, 2, 2)


def test_reshape_incompatible_target_errors():
    with pytest.raises(ValueError, match="total size"):
        layers.Reshape((5,))(np.ones((2, 12)))
    with pytest.raises(ValueError, match="total size"):
        layers.Reshape((-1, 5))(np.ones((2, 12)))
    with pytest.raises(ValueError, match="total size"):
        layers.Reshape((3, 3))(backend.KerasTensor((None, 12)))
    with pytest.raises(ValueError, match="target_shape"):
        layers.Reshape((-1, -1))
    with pytest.raises(ValueError, match="target_shape"):
        layers.Reshape((-2, 3))
    # Zero-size entries are valid (empty per-sample tensors).
    assert layers.Reshape((0, 3))(np.ones((2, 0))).shape == (2, 0, 3)


def test_reshape_config():
    layer = layers.Reshape((-1, 4))
    config = layer.get_config()
    assert config["target_shape"] == (-1, 4)
    assert layers.Reshape.from_config(config).get_config() == config
