"""Small dtype helpers: bit widths, float checks and casting a group of
tensors to one floating point dtype.

The promotion rules themselves live in `keras.src.backend.common.dtypes`;
this module only builds on them.
"""

from keras.src import backend
from keras.src import ops
from keras.src.backend.common import dtypes

# Bit width of each dtype `dtype_size` knows. `bool` counts as one bit.
DTYPE_TO_SIZE = {
    **{name: dtypes._bits(name) for name in dtypes.FLOAT_TYPES},
    **{name: dtypes._bits(name) for name in dtypes.INT_TYPES},
    "bool": 1,
}


def dtype_size(dtype):
    """Returns the number of bits one element of `dtype` takes.

    Args:
        dtype: A dtype name from `DTYPE_TO_SIZE`, such as `"int16"`.

    Returns:
        The width in bits, e.g. `16` for `"bfloat16"` and `1` for `"bool"`.

    Raises:
        ValueError: If `dtype` is not a name in `DTYPE_TO_SIZE`.
    """
    size = DTYPE_TO_SIZE.get(dtype) if isinstance(dtype, str) else None
    if size is None:
        raise ValueError(
            f"Invalid dtype: {dtype}. `dtype_size` knows the bit widths of "
            f"{sorted(DTYPE_TO_SIZE)}."
        )
    return size


def is_float(dtype):
    """Whether the dtype name `dtype` mentions `"float"` (e.g. `"bfloat16"`).

    This is a plain substring test on the name, so it also accepts
    generic names such as `"floating"`.
    """
    return "float" in dtype


def cast_to_common_dtype(tensors):
    """Casts `tensors` to the floating point dtype they promote to together.

    Only the floating point tensors decide the target: it is the result of
    promoting their dtypes (`float16` with `bfloat16` gives `float32`).
    Every tensor, integer and boolean ones included, is then cast to it.
    When no tensor is floating point, `tensors` is returned unchanged.

    Args:
        tensors: A list or tuple of tensors (`KerasTensor`s included).

    Returns:
        A list of tensors that all have the common float dtype, or
        `tensors` itself when none of them is floating point.
    """
    names = [backend.standardize_dtype(t.dtype) for t in tensors]
    float_dtypes = [name for name in names if is_float(name)]
    if not float_dtypes:
        return tensors
    target = dtypes.result_type(*float_dtypes)
    return [ops.cast(t, target) for t in tensors]
