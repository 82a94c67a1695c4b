import numpy as np
import pytest

from keras.src import backend
from keras.src import initializers


def test_zeros_ones_constant():
    z = initializers.Zeros()((2, 3))
    assert z.shape == (2, 3) and str(z.dtype) == "float32"
    np.testing.assert_array_equal(np.asarray(z), np.zeros((2, 3)))
    o = initializers.Ones()((4,), dtype="int32")
    assert str(o.dtype) == "int32"
    np.testing.assert_array_equal(np.asarray(o), np.ones((4,)))
    c = initializers.Constant(3.5)((2, 2))
    np.testing.assert_allclose(np.asarray(c), np.full((2, 2), 3.5))
    assert initializers.Constant(3.5).get_config() == {"value": 3.5}


def test_identity():
    init = initializers.Identity(gain=2.0)
    np.testing.assert_allclose(np.asarray(init((2, 3))), 2.0 * np.eye(2, 3))
    with pytest.raises(ValueError, match="2D"):
        init((2, 2, 2))
    assert init.get_config() == {"gain": 2.0}
    assert initializers.Identity.from_config({"gain": 2.0}).gain == 2.0


def test_variable_with_string_initializer():
    v = backend.Variable("ones", shape=(2,))
    np.testing.assert_array_equal(v.numpy(), [1.0, 1.0])
