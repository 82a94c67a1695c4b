"""Quantizers and the low-level quantization helpers layers build on."""

import ml_dtypes
import numpy as np

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export

# Largest magnitudes of the two float8 formats.
_FLOAT8_MAX = {
    "float8_e4m3fn": float(ml_dtypes.finfo(ml_dtypes.float8_e4m3fn).max),
    "float8_e5m2": float(ml_dtypes.finfo(ml_dtypes.float8_e5m2).max),
}


@keras_export("keras.quantizers.Quantizer")
class Quantizer:
    """Base class of quantizers.

    A quantizer is called on a float tensor and returns the quantized
    tensor together with the scale needed to map it back to floats.

    Args:
        output_dtype: The dtype of the quantized values.
    """

    def __init__(self, output_dtype="int8"):
        self.output_dtype = output_dtype

    def __call__(self, x):
        raise NotImplementedError(
            f"{self.__class__.__name__} must implement `__call__(x)`."
        )

    @classmethod
    def from_config(cls, config):
        return cls(**config)

    def get_config(self):
        raise NotImplementedError(
            f"{self.__class__.__name__} must implement `get_config()`."
        )


def canonicalize_axis(axis, rank):
    if not -rank <= axis < rank:
        raise ValueError(
            f"Axis {axis} is out of bounds for a tensor of rank {rank}."
        )
    return axis % rank


def _normalize_axis(axis):
    if isinstance(axis, int):
        return (axis,)
    return tuple(axis)


@keras_export("keras.quantizers.abs_max_quantize")
def abs_max_quantize(
    inputs,
    axis,
    value_range=(-127, 127),
    dtype="int8",
    epsilon=backend.epsilon(),
    to_numpy=False,
):
    """Quantizes `inputs` symmetrically by their largest absolute value.

    The scale is `value_range[1] / max(|inputs|)` reduced over `axis` (with
    the reduced axes kept), and the quantized values are
    `round(inputs * scale)` clipped to `value_range`. Dividing the
    quantized values by the scale gives back an approximation of `inputs`.

    Args:
        inputs: The float tensor to quantize.
        axis: The axis (or axes) reduced to compute the scale.
        value_range: `(min, max)` of the quantized values.
        dtype: The dtype of the quantized values.
        epsilon: Added to the maximum to avoid dividing by zero.
        to_numpy: Whether to compute in NumPy (saves device memory when
            quantizing large weights) and return NumPy arrays.

    Returns:
        A `(quantized_values, scale)` tuple; `scale` has the dtype of
        `inputs`.

    Example:

    >>> q, scale = keras.quantizers.abs_max_quantize(
    ...     np.array([[0.25, -1.0]]), axis=-1)
    >>> q  # -1.0 maps to -127 and 0.25 to about a quarter of that
    [[  32 -127]]
    """
    axis = _normalize_axis(axis)
    if to_numpy:
        original_dtype = backend.standardize_dtype(inputs.dtype)
        values = np.asarray(ops.convert_to_numpy(inputs), dtype="float32")
        scale = np.divide(
            value_range[1],
            np.add(np.max(np.abs(values), axis=axis, keepdims=True), epsilon),
        )
        quantized = np.clip(
            np.round(values * scale), value_range[0], value_range[1]
        )
        return (
            ops.convert_to_tensor(quantized.astype(dtype)),
            ops.convert_to_tensor(scale.astype(original_dtype)),
        )
    inputs = ops.convert_to_tensor(inputs)
    amax = ops.max(ops.abs(inputs), axis=axis, keepdims=True)
    scale = ops.divide(value_range[1], ops.add(amax, epsilon))
    quantized = ops.round(ops.multiply(inputs, scale))
    quantized = ops.cast(
        ops.clip(quantized, value_range[0], value_range[1]), dtype
    )
    return quantized, ops.cast(scale, inputs.dtype)


@keras_export("keras.quantizers.AbsMaxQuantizer")
class AbsMaxQuantizer(Quantizer):
    """Quantizes tensors symmetrically by their largest absolute value.

    See `keras.quantizers.abs_max_quantize` for the formula.

    Args:
        axis: The axis (or axes) reduced to compute the scale. `None`
            requires the axis to be given at call time.
        value_range: `(min, max)` of the quantized values; both must fit
            in `output_dtype`.
        epsilon: Added to the maximum to avoid dividing by zero.
        output_dtype: The dtype of the quantized values.

    Example:

    >>> quantizer = keras.quantizers.AbsMaxQuantizer(axis=-1)
    >>> q, scale = quantizer(np.array([[0.25, -0.5]]))
    """

    def __init__(
        self,
        axis=None,
        value_range=(-127, 127),
        epsilon=backend.epsilon(),
        output_dtype="int8",
    ):
        super().__init__(output_dtype=output_dtype)
        if axis is not None:
            axis = _normalize_axis(axis)
        info = np.iinfo(backend.standardize_dtype(output_dtype))
        value_range = tuple(value_range)
        if (
            len(value_range) != 2
            or value_range[0] > value_range[1]
            or value_range[0] < info.min
            or value_range[1] > info.max
        ):
            raise ValueError(
                f"Invalid value_range {value_range} for "
                f"output_dtype='{output_dtype}': expected `(min, max)` with "
                f"min <= max inside [{info.min}, {info.max}]."
            )
        self.axis = axis
        self.value_range = value_range
        self.epsilon = epsilon

    def __call__(self, x, axis=None, to_numpy=False):
        axis = self.axis if axis is None else axis
        if axis is None:
            raise ValueError(
                "AbsMaxQuantizer needs an axis: pass `axis` to the "
                "constructor or to the call."
            )
        return abs_max_quantize(
            x,
            axis,
            value_range=self.value_range,
            dtype=self.output_dtype,
            epsilon=self.epsilon,
            to_numpy=to_numpy,
        )

    def get_config(self):
        return {
            "axis": self.axis,
            "value_range": self.value_range,
            "epsilon": self.epsilon,
            "output_dtype": self.output_dtype,
        }


@keras_export("keras.quantizers.compute_float8_scale")
def compute_float8_scale(amax, scale, dtype_max, margin=0):
    """Returns the updated (inverse) scale of a float8 tensor.

    The returned value is the factor that maps float8 values back to the
    original range: `amax / dtype_max`, divided by `2 ** margin`. Where
    `amax` is zero or not finite the previous `scale` is kept.

    Args:
        amax: The largest absolute value seen (e.g. over a history).
        scale: The current scale.
        dtype_max: The largest value representable in the float8 dtype.
        margin: Extra powers of two of headroom.
    """
    scale = ops.reciprocal(scale)
    sf = ops.divide(ops.divide(dtype_max, amax), 2**margin)
    sf = ops.where(amax > 0.0, sf, scale)
    sf = ops.where(ops.isfinite(amax), sf, scale)
    return ops.reciprocal(sf)


@keras_export("keras.quantizers.compute_float8_amax_history")
def compute_float8_amax_history(x, amax_history):
    """Rolls `amax_history` by one step and records `max(|x|)` first.

    Args:
        x: The tensor whose largest absolute value is recorded.
        amax_history: A 1D history of previous maxima.

    Returns:
        The new history, of the same shape and dtype as `amax_history`.
    """
    amax = ops.cast(ops.max(ops.abs(x)), amax_history.dtype)
    rolled = ops.roll(amax_history, shift=-1)
    return ops.scatter_update(rolled, [[0]], ops.reshape(amax, (1,)))


@keras_export("keras.quantizers.quantize_and_dequantize")
def quantize_and_dequantize(inputs, scale, quantized_dtype, compute_dtype):
    """Rounds `inputs` through a float8 dtype and back.

    The inputs are divided by `scale`, clipped to the range of
    `quantized_dtype`, cast to it, cast back to `compute_dtype` and
    multiplied by `scale` again.

    Args:
        inputs: The tensor to round.
        scale: The (inverse) scale, as from `compute_float8_scale`.
        quantized_dtype: `"float8_e4m3fn"` or `"float8_e5m2"`.
        compute_dtype: The dtype of the result.
    """
    if quantized_dtype not in _FLOAT8_MAX:
        raise ValueError(
            f"Invalid quantized_dtype '{quantized_dtype}': expected one of "
            f"{sorted(_FLOAT8_MAX)}."
        )
    dtype_max = _FLOAT8_MAX[quantized_dtype]
    scaled = ops.divide(inputs, ops.cast(scale, compute_dtype))
    clipped = ops.clip(scaled, -dtype_max, dtype_max)
    rounded = ops.cast(ops.cast(clipped, quantized_dtype), compute_dtype)
    return ops.multiply(rounded, ops.cast(scale, compute_dtype))


@keras_export("keras.quantizers.pack_int4")
def pack_int4(arr, axis=0, dtype="int8"):
    """Packs pairs of 4-bit values along `axis` into single bytes.

    Element `2k` goes to the low nibble and element `2k + 1` to the high
    nibble; an odd length is padded with a zero.

    Args:
        arr: An `int8` tensor with values in `[-8, 7]`, or a `uint8`
            tensor with values in `[0, 15]` (matching `dtype`).
        axis: The axis to pack along.
        dtype: `"int8"` or `"uint8"`: the dtype of both input and result.

    Returns:
        A `(packed, packed_shape, orig_len)` tuple: the packed tensor, its
        shape, and the original length of `axis` (needed to unpack).
    """
    if dtype not in ("int8", "uint8"):
        raise ValueError(
            f"Invalid dtype '{dtype}' for pack_int4: expected 'int8' or "
            "'uint8'."
        )
    arr = ops.convert_to_tensor(arr)
    if backend.standardize_dtype(arr.dtype) != dtype:
        raise TypeError(
            f"pack_int4 expects a tensor of dtype '{dtype}', got "
            f"'{backend.standardize_dtype(arr.dtype)}'."
        )
    rank = len(arr.shape)
    axis = canonicalize_axis(axis, rank)
    orig_len = arr.shape[axis]
    if orig_len % 2:
        pad = [(0, 0)] * rank
        pad[axis] = (0, 1)
        arr = ops.pad(arr, pad)
    # Work in int16 so shifting the high nibble cannot overflow.
    wide = ops.cast(arr, "int16")
    low = ops.take(wide, ops.arange(0, arr.shape[axis], 2), axis=axis)
    high = ops.take(wide, ops.arange(1, arr.shape[axis], 2), axis=axis)
    packed = ops.bitwise_or(
        ops.bitwise_and(low, 0x0F),
        ops.left_shift(ops.bitwise_and(high, 0x0F), 4),
    )
    if dtype == "int8":
        # Reinterpret [0, 255] as the signed byte with the same bits.
        packed = ops.where(packed > 127, packed - 256, packed)
    packed = ops.cast(packed, dtype)
    return packed, tuple(packed.shape), orig_len


@keras_export("keras.quantizers.unpack_int4")
def unpack_int4(packed, orig_len, axis=0, dtype="int8"):
    """Inverts `pack_int4`: splits each byte into two 4-bit values.

    Args:
        packed: The packed tensor.
        orig_len: The original length of `axis` before packing.
        axis: The axis that was packed.
        dtype: `"int8"` (values in `[-8, 7]`) or `"uint8"` (values in
            `[0, 15]`).

    Returns:
        A tensor of dtype `dtype` whose `axis` has length `orig_len`.
    """
    if dtype not in ("int8", "uint8"):
        raise ValueError(
            f"Invalid dtype '{dtype}' for unpack_int4: expected 'int8' or "
            "'uint8'."
        )
    packed = ops.convert_to_tensor(packed)
    rank = len(packed.shape)
    axis = canonicalize_axis(axis, rank)
    wide = ops.bitwise_and(ops.cast(packed, "int16"), 0xFF)
    low = ops.bitwise_and(wide, 0x0F)
    high = ops.bitwise_and(ops.right_shift(wide, 4), 0x0F)
    if dtype == "int8":
        low = ops.where(low > 7, low - 16, low)
        high = ops.where(high > 7, high - 16, high)
    # Interleave low/high along `axis`: stack after it, then merge.
    both = ops.stack([low, high], axis=axis + 1)
    shape = list(packed.shape)
    shape[axis] = shape[axis] * 2
    unpacked = ops.reshape(both, shape)
    unpacked = ops.take(unpacked, ops.arange(orig_len), axis=axis)
    return ops.cast(unpacked, dtype)
