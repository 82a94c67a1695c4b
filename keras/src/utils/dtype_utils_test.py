import numpy as np
import pytest

from keras.src import backend
from keras.src.utils import dtype_utils


@pytest.mark.parametrize(
    "dtype, bits",
    [("bool", 1), ("uint8", 8), ("int16", 16), ("bfloat16", 16)]
    + [("float32", 32), ("uint64", 64), ("float64", 64)],
)
def test_dtype_size(dtype, bits):
    assert dtype_utils.dtype_size(dtype) == bits


def test_size_table_lists_real_and_integer_dtypes():
    assert len(dtype_utils.DTYPE_TO_SIZE) == 13
    assert "complex64" not in dtype_utils.DTYPE_TO_SIZE


@pytest.mark.parametrize("dtype", ["complex64", "string", "int4", None])
def test_dtype_size_unknown(dtype):
    with pytest.raises(ValueError, match="Invalid dtype"):
        dtype_utils.dtype_size(dtype)


@pytest.mark.parametrize(
    "dtype, expected",
    [("bfloat16", True), ("float64", True), ("floating", True)]
    + [("int8", False), ("complex128", False), ("", False)],
)
def test_is_float(dtype, expected):
    assert dtype_utils.is_float(dtype) is expected


def test_cast_to_common_dtype_concrete_values():
    ints = np.array([1, 2], dtype="int32")
    halves = np.array([0.5, 1.5], dtype="float16")
    out = dtype_utils.cast_to_common_dtype((ints, halves))
    assert isinstance(out, list)
    assert [backend.standardize_dtype(t.dtype) for t in out] == [
        "float16",
        "float16",
    ]
    np.testing.assert_array_equal(np.asarray(out[0]), [1.0, 2.0])
    np.testing.assert_array_equal(np.asarray(out[1]), [0.5, 1.5])


def test_cast_to_common_dtype_half_and_bfloat16_meet_at_float32():
    x = backend.KerasTensor((3,), dtype="bfloat16")
    y = backend.KerasTensor((3,), dtype="float16")
    z = backend.KerasTensor((3,), dtype="bool")
    out = dtype_utils.cast_to_common_dtype([x, y, z])
    assert [t.dtype for t in out] == ["float32"] * 3
    assert [t.shape for t in out] == [(3,)] * 3


def test_cast_to_common_dtype_without_floats_is_a_no_op():
    tensors = [np.array([1], "int8"), np.array([2], "uint16")]
    assert dtype_utils.cast_to_common_dtype(tensors) is tensors
