import numpy as np
import pytest

from keras.src import backend
from keras.src import layers


def test_crossing_depends_on_both_features():
    layer = layers.HashedCrossing(num_bins=1000)
    out = backend.convert_to_numpy(
        layer((np.array(["a", "a", "b"]), np.array([1, 2, 1])))
    )
    assert out.shape == (3,)
    assert len(set(out.tolist())) == 3


def test_column_input_and_one_hot():
    layer = layers.HashedCrossing(num_bins=4, output_mode="one_hot")
    out = layer((np.array([[1], [2]]), np.array([[3], [4]])))
    assert out.shape == (2, 4)
    np.testing.assert_allclose(np.sum(out, axis=-1), [1.0, 1.0])


def test_symbolic_call_shape():
    layer = layers.HashedCrossing(num_bins=6, output_mode="one_hot")
    a = layers.Input(shape=(1,), dtype="int32")
    b = layers.Input(shape=(1,), dtype="string")
    assert layer((a, b)).shape == (None, 6)


def test_float_inputs_rejected():
    with pytest.raises(ValueError, match="integer or string"):
        layers.HashedCrossing(num_bins=3)((np.ones(2), np.ones(2)))
