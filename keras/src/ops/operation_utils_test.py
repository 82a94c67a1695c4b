"""Tests of the shape helpers and `get_source_inputs`."""

import pytest

import keras
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.ops import operation_utils


def test_reduce_and_expand_dims_shapes():
    assert operation_utils.reduce_shape((5, 6, 7), [2, 0]) == (6,)
    assert operation_utils.reduce_shape((5, 6), keepdims=True) == (1, 1)
    assert operation_utils.compute_expand_dims_output_shape(
        (5, 6), (0, -1)
    ) == (
        1,
        5,
        6,
        1,
    )


def test_reshape_output_shape():
    compute = operation_utils.compute_reshape_output_shape
    assert compute((4, 6), (-1, 3), "newshape") == (8, 3)
    assert compute((None, 6), (-1, 3), "newshape") == (None, 3)
    assert compute((4, 6), KerasTensor((3,), "int32"), "newshape") == (
        None,
        None,
        None,
    )
    with pytest.raises(ValueError, match="newshape=\\(5, -1\\)"):
        compute((4, 6), (5, -1), "newshape")
    with pytest.raises(ValueError, match="at most one unknown"):
        operation_utils.validate_reshape_shape((-1, 2, -1))
    with pytest.raises(ValueError, match="non-negative"):
        operation_utils.validate_reshape_shape((-3,))


def test_get_source_inputs_follows_ops_to_their_inputs():
    a = keras.Input((3,))
    b = keras.Input((3,))
    out = keras.ops.square(keras.ops.add(b, a) + a)
    assert keras.utils.get_source_inputs(out) == [b, a]
    assert keras.utils.get_source_inputs(a)[0] is a
