"""Quantizers and the low-level quantization helpers layers build on."""

import ml_dtypes
import numpy as np

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.backend import any_symbolic_tensors
from keras.src.utils.python_utils import ceil_div

# Largest magnitudes of the two float8 formats.
_FLOAT8_MAX = {
    "float8_e4m3fn": float(ml_dtypes.finfo(ml_dtypes.float8_e4m3fn).max),
    "float8_e5m2": float(ml_dtypes.finfo(ml_dtypes.float8_e5m2).max),
}


@keras_export(["keras.Quantizer", "keras.quantizers.Quantizer"])
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
        config = {
            "value_range": self.value_range,
            "epsilon": self.epsilon,
            "output_dtype": self.output_dtype,
        }
        if self.axis is not None:
            # A quantizer without an axis takes it at call time.
            config["axis"] = self.axis
        return config


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


def _check_pack_dtype(dtype, name):
    if dtype not in ("int8", "uint8"):
        raise ValueError(
            f"Invalid dtype '{dtype}' for {name}: expected 'int8' or 'uint8'."
        )


def _split_along(arr, axis, per_byte, pad_value):
    """Moves `axis` of the NumPy array `arr` last, pads it with
    `pad_value` to a multiple of `per_byte` and splits it into
    `(..., bytes, per_byte)`."""
    moved = np.moveaxis(arr, axis, -1)
    length = moved.shape[-1]
    padded_length = ceil_div(length, per_byte) * per_byte
    pad = [(0, 0)] * (moved.ndim - 1) + [(0, padded_length - length)]
    moved = np.pad(moved, pad, constant_values=pad_value)
    return moved.reshape(
        moved.shape[:-1] + (padded_length // per_byte, per_byte)
    )


def _unpack_bytes(packed, orig_len, axis, split, name):
    """Inverse of `_split_along` and the packing: `split(bytes)` maps the
    bytes (as `int32` in `[0, 255]`, with a trailing axis of size 1) to
    their values, `(..., bytes, per_byte)`; those are laid out along
    `axis`, of which the first `orig_len` are kept."""
    packed = ops.convert_to_tensor(packed)
    packed_dtype = backend.standardize_dtype(packed.dtype)
    if packed_dtype not in ("int8", "uint8"):
        raise TypeError(
            f"{name} expects an int8 or uint8 tensor (as packed), got "
            f"'{packed_dtype}'."
        )
    axis = canonicalize_axis(axis, len(packed.shape))
    wide = ops.bitwise_and(ops.cast(packed, "int32"), 0xFF)
    values = split(ops.expand_dims(ops.moveaxis(wide, axis, -1), -1))
    *leading, num_bytes, per_byte = values.shape
    merged = ops.reshape(values, (*leading, num_bytes * per_byte))
    return ops.moveaxis(merged[..., :orig_len], -1, axis)


@keras_export("keras.quantizers.pack_int2")
def pack_int2(arr, axis=0, dtype="int8"):
    """Packs four 2-bit values along `axis` into each byte.

    Element `4k + j` fills bits `2j` and `2j + 1` of byte `k`; the length
    of `axis` is padded with zeros to a multiple of four.

    Args:
        arr: An `int8` tensor with values in `[-2, 1]`, or a `uint8`
            tensor with values in `[0, 3]` (matching `dtype`); only the
            two low bits of each value are kept.
        axis: The axis to pack along.
        dtype: `"int8"` or `"uint8"`: the dtype of both input and result.

    Returns:
        A `(packed, packed_shape, orig_len)` tuple: the packed tensor, its
        shape, and the original length of `axis` (needed to unpack).

    Example:

    >>> packed, shape, n = keras.quantizers.pack_int2(
    ...     np.array([-2, -1, 0, 1], "int8"))
    >>> packed, shape, n  # codes 2, 3, 0, 1 -> 2 + 3*4 + 0*16 + 1*64
    (array([78], dtype=int8), (1,), 4)
    """
    _check_pack_dtype(dtype, "pack_int2")
    arr = ops.convert_to_numpy(arr)
    if backend.standardize_dtype(arr.dtype) != dtype:
        raise TypeError(
            f"pack_int2 expects a tensor of dtype '{dtype}', got "
            f"'{backend.standardize_dtype(arr.dtype)}'."
        )
    groups = _split_along(arr, axis, 4, 0).astype("uint8") & 0x03
    shifts = np.array([0, 2, 4, 6], "uint8")
    packed = np.bitwise_or.reduce(groups << shifts, axis=-1).astype("uint8")
    packed = np.moveaxis(packed, -1, axis).view(dtype)
    return (
        ops.convert_to_tensor(packed),
        tuple(int(d) for d in packed.shape),
        int(arr.shape[axis]),
    )


@keras_export("keras.quantizers.unpack_int2")
def unpack_int2(packed, orig_len, axis=0, dtype="int8"):
    """Inverts `pack_int2`: splits each byte into four 2-bit values.

    Args:
        packed: The packed `int8` or `uint8` tensor.
        orig_len: The original length of `axis` before packing.
        axis: The axis that was packed.
        dtype: `"int8"` (values in `[-2, 1]`) or `"uint8"` (values in
            `[0, 3]`).

    Returns:
        A tensor of dtype `dtype` whose `axis` has length `orig_len`.
    """
    _check_pack_dtype(dtype, "unpack_int2")

    def codes_of(byte):
        shifts = ops.convert_to_tensor(np.array([0, 2, 4, 6], "int32"))
        codes = ops.bitwise_and(ops.right_shift(byte, shifts), 0x03)
        if dtype == "int8":
            codes = ops.where(codes > 1, codes - 4, codes)
        return codes

    unpacked = _unpack_bytes(packed, orig_len, axis, codes_of, "unpack_int2")
    return ops.cast(unpacked, dtype)


# Five base-3 digits (trits) fit in a byte: 3 ** 5 = 243 <= 256.
_TRIT_WEIGHTS = np.array([1, 3, 9, 27, 81], "int32")


@keras_export("keras.quantizers.pack_ternary")
def pack_ternary(arr, axis=0):
    """Packs ternary values (`-1`, `0`, `1`) five to a byte along `axis`.

    The values are rounded to the nearest integer and clipped to
    `[-1, 1]`; value `v` becomes the base-3 digit `v + 1`, and the
    digits of elements `5k` to `5k + 4` form byte `k` (element `5k` is
    the least significant digit). The length of `axis` is padded with
    zeros to a multiple of five. At 1.6 bits per value this is close to
    the `log2(3)` bound.

    Args:
        arr: A tensor of ternary values (any numeric dtype).
        axis: The axis to pack along.

    Returns:
        A `(packed, packed_shape, orig_len)` tuple: the `uint8` packed
        tensor, its shape, and the original length of `axis`.

    Example:

    >>> packed, shape, n = keras.quantizers.pack_ternary(
    ...     np.array([-1, 0, 1, 1, 0], "int8"))
    >>> packed  # digits 0, 1, 2, 2, 1 -> 0 + 3 + 18 + 54 + 81
    array([156], dtype=uint8)
    """
    arr = np.asarray(ops.convert_to_numpy(arr))
    digits = np.clip(np.round(arr).astype("int32"), -1, 1) + 1
    groups = _split_along(digits, axis, 5, 1)
    packed = (groups * _TRIT_WEIGHTS).sum(axis=-1).astype("uint8")
    packed = np.moveaxis(packed, -1, axis)
    return (
        ops.convert_to_tensor(packed),
        tuple(int(d) for d in packed.shape),
        int(arr.shape[axis]),
    )


@keras_export("keras.quantizers.unpack_ternary")
def unpack_ternary(packed, orig_len, axis=0):
    """Inverts `pack_ternary`: splits each byte into five values in
    `{-1, 0, 1}`.

    Args:
        packed: The packed `uint8` (or `int8`, read as the same bits)
            tensor.
        orig_len: The original length of `axis` before packing.
        axis: The axis that was packed.

    Returns:
        An `int8` tensor whose `axis` has length `orig_len`.
    """

    def values_of(byte):
        weights = ops.convert_to_tensor(_TRIT_WEIGHTS)
        return ops.mod(ops.floor_divide(byte, weights), 3) - 1

    unpacked = _unpack_bytes(
        packed, orig_len, axis, values_of, "unpack_ternary"
    )
    return ops.cast(unpacked, "int8")


@keras_export("keras.quantizers.abs_max_quantize_grouped_with_zero_point")
def abs_max_quantize_grouped_with_zero_point(
    inputs,
    block_size,
    value_range=(-8, 7),
    dtype="int8",
    epsilon=backend.epsilon(),
    to_numpy=False,
):
    """Quantizes a 2D weight asymmetrically, one scale per group of rows.

    The rows (input features) of `inputs` are split into groups of
    `block_size` consecutive rows (the last group may be shorter). For
    each group and column, the range `[min(w, 0), max(w, 0)]` of its
    values is mapped linearly onto `value_range`: the scale is the range
    divided by the number of steps, and the zero point is the quantized
    value representing 0. Then `w ~= (q - zero) * scale`, with `scale`
    and `zero` taken from the row's group.

    Args:
        inputs: A 2D float tensor `(rows, columns)`.
        block_size: Positive integer, the number of rows per group.
        value_range: `(min, max)` of the quantized values.
        dtype: The dtype of the quantized values.
        epsilon: Smallest range considered, so that a group of zeros gets
            a non-zero scale.
        to_numpy: Whether to compute in NumPy (saves device memory when
            quantizing large weights).

    Returns:
        A `(quantized, scale, zero)` tuple: `quantized` has the shape of
        `inputs`, `scale` (in the dtype of `inputs`) and `zero` (`int8`)
        have shape `(ceil(rows / block_size), columns)`.

    Example:

    >>> w = np.array([[0.5, -1.0], [1.5, 0.25], [-0.5, 2.0]])
    >>> q, scale, zero = (
    ...     keras.quantizers.abs_max_quantize_grouped_with_zero_point(
    ...         w, block_size=2))
    >>> scale.shape, zero.shape  # two groups of rows: [0, 1] and [2]
    ((2, 2), (2, 2))
    """
    if not isinstance(block_size, int) or block_size <= 0:
        raise ValueError(
            "`block_size` must be a positive integer. Received: "
            f"block_size={block_size}"
        )
    if len(inputs.shape) != 2:
        raise ValueError(
            "Grouped quantization expects a 2D weight `(rows, columns)`. "
            f"Received a tensor of shape {tuple(inputs.shape)}."
        )
    low, high = value_range
    steps = float(high - low)
    rows, columns = int(inputs.shape[0]), int(inputs.shape[1])
    groups = ceil_div(rows, block_size)
    group_of_row = np.arange(rows) // block_size
    if to_numpy:
        original_dtype = backend.standardize_dtype(inputs.dtype)
        w = np.asarray(ops.convert_to_numpy(inputs), dtype="float32")
        padded = np.zeros((groups * block_size, columns), "float32")
        padded[:rows] = w
        blocks = padded.reshape(groups, block_size, columns)
        g_min = np.minimum(blocks.min(axis=1), 0.0)
        g_max = np.maximum(blocks.max(axis=1), 0.0)
        scale = np.maximum(g_max - g_min, epsilon) / steps
        zero = np.clip(np.round(low - g_min / scale), low, high)
        q = np.round(w / scale[group_of_row]) + zero[group_of_row]
        q = np.clip(q, low, high)
        return (
            ops.convert_to_tensor(q.astype(dtype)),
            ops.convert_to_tensor(scale.astype(original_dtype)),
            ops.convert_to_tensor(zero.astype("int8")),
        )
    inputs = ops.convert_to_tensor(inputs)
    w = ops.cast(inputs, "float32")
    padded = ops.pad(w, [(0, groups * block_size - rows), (0, 0)])
    blocks = ops.reshape(padded, (groups, block_size, columns))
    g_min = ops.minimum(ops.min(blocks, axis=1), 0.0)
    g_max = ops.maximum(ops.max(blocks, axis=1), 0.0)
    scale = ops.divide(ops.maximum(g_max - g_min, epsilon), steps)
    zero = ops.clip(ops.round(low - ops.divide(g_min, scale)), low, high)
    index = ops.convert_to_tensor(group_of_row, "int32")
    q = ops.add(
        ops.round(ops.divide(w, ops.take(scale, index, axis=0))),
        ops.take(zero, index, axis=0),
    )
    q = ops.cast(ops.clip(q, low, high), dtype)
    return q, ops.cast(scale, inputs.dtype), ops.cast(zero, "int8")


@keras_export("keras.quantizers.fake_quant_with_min_max_vars")
def fake_quant_with_min_max_vars(
    inputs, min_vals, max_vals, num_bits=8, narrow_range=False, axis=None
):
    """Rounds `inputs` onto a `num_bits` grid spanning `[min, max]`.

    The range is first nudged so that 0 falls exactly on the grid, then
    the inputs are clipped to the nudged range and rounded to the nearest
    of its `2 ** num_bits` levels (`2 ** num_bits - 1` with
    `narrow_range=True`, which leaves out the lowest one). The result
    stays in float: this simulates quantization during training.
    Gradients pass through unchanged inside the nudged range and are zero
    outside it.

    Args:
        inputs: A float tensor.
        min_vals: The lower bound: a scalar, or one value per entry of
            `axis`.
        max_vals: The upper bound, shaped like `min_vals`.
        num_bits: Number of bits of the simulated integers.
        narrow_range: Whether to drop the lowest level.
        axis: `None` for scalar bounds, else the axis the bounds run
            along (per-channel bounds).

    Returns:
        A tensor of the shape and dtype of `inputs`.

    Example:

    >>> x = np.array([-0.3, 0.26, 1.7], "float32")
    >>> keras.quantizers.fake_quant_with_min_max_vars(x, 0.0, 1.0, 2)
    array([0.       , 0.3333333, 1.       ], dtype=float32)
    """
    if any_symbolic_tensors((inputs,)):
        return backend.KerasTensor(inputs.shape, dtype=inputs.dtype)
    inputs = ops.convert_to_tensor(inputs)
    dtype = backend.standardize_dtype(inputs.dtype)
    rank = len(inputs.shape)
    quant_min = 1.0 if narrow_range else 0.0
    quant_max = float(2**num_bits - 1)

    def bound(values):
        values = ops.cast(ops.convert_to_tensor(values), "float32")
        if axis is None:
            return values
        shape = [1] * rank
        shape[canonicalize_axis(axis, rank)] = -1
        return ops.reshape(values, shape)

    low, high = bound(min_vals), bound(max_vals)
    scale = ops.divide(ops.subtract(high, low), quant_max - quant_min)
    zero_from_min = ops.subtract(quant_min, ops.divide(low, scale))
    # Half away from zero: the zero point is >= 0 after clipping.
    zero = ops.clip(ops.floor(zero_from_min + 0.5), quant_min, quant_max)
    nudged_min = ops.multiply(ops.subtract(quant_min, zero), scale)
    nudged_max = ops.multiply(ops.subtract(quant_max, zero), scale)

    @ops.custom_gradient
    def fake_quant(x):
        x32 = ops.cast(x, "float32")
        clipped = ops.clip(x32, nudged_min, nudged_max)
        steps = ops.floor(ops.divide(clipped - nudged_min, scale) + 0.5)
        result = ops.cast(
            ops.add(ops.multiply(steps, scale), nudged_min), dtype
        )

        def grad(upstream):
            inside = ops.logical_and(
                ops.greater_equal(x32, nudged_min),
                ops.less_equal(x32, nudged_max),
            )
            return ops.where(inside, upstream, ops.zeros_like(upstream))

        return result, grad

    return fake_quant(inputs)


# ------------------------------------------- zero-point (GPTQ/AWQ) helpers
# GPTQ and AWQ store unsigned codes `q` in `[0, maxq]` with `maxq =
# 2 ** bits - 1`, a float `scale` and an integer `zero` per output row (or
# per row and column group); a code stands for `scale * (q - zero)`.


def compute_quantization_parameters(
    x,
    *,
    bits,
    symmetric=False,
    per_channel=False,
    group_size=-1,
    compute_dtype="float32",
    epsilon=0.0,
    signed=False,
):
    """Returns the `(scale, zero, maxq)` that map `x` onto `bits`-bit codes.

    `x` is a weight laid out `[out_features, in_features]`. The range
    `[min, max]` of the values sharing a scale is mapped onto
    `[0, maxq]`: `scale = (max - min + epsilon) / maxq` and
    `zero = round(-min / scale)`, kept in `[0, 255]`. A constant range
    becomes `[-1, 1]`. With `symmetric=True` a negative `min` becomes
    `-max(|min|, max)` (and `max` that bound) and the zero point is the
    middle code `(maxq + 1) / 2`.

    Which values share a scale:
    - `per_channel=False`: all of `x`; the scalar is repeated per row.
    - `per_channel=True, group_size=-1` (or a group at least as wide as
      `x`): each row.
    - `per_channel=True, group_size=g`: each run of `g` columns of each
      row; the last run is padded with zeros to `g` columns.

    Args:
        x: The weight, of rank 2 or more (leading axes are rows).
        bits: Bits per code.
        symmetric: Whether the codes are centered on zero.
        per_channel: Whether each row (or row group) gets its own scale.
        group_size: Columns per group, or `-1` for whole rows.
        compute_dtype: The dtype of the returned `maxq`.
        epsilon: Added to each range before dividing by `maxq`.
        signed: Whether the zero points are returned as `int8`, shifted
            by `-(maxq + 1) / 2` (they are first kept in `[0, maxq]`);
            otherwise they are `uint8`.

    Returns:
        `(scale, zero, maxq)`: `float32` scales and integer zero points of
        shape `(rows, num_groups)` (`num_groups` is 1 unless grouped), and
        the scalar `maxq`.

    Example:

    >>> x = np.array([[-1.0, 2.0], [0.0, 1.5]], "float32")
    >>> scale, zero, maxq = compute_quantization_parameters(
    ...     x, bits=4, per_channel=True)
    >>> scale  # 3 / 15 and 1.5 / 15
    [[0.2], [0.1]]
    >>> zero
    [[5], [0]]
    """
    if x is None:
        raise ValueError(f"Input tensor {x} cannot be None.")
    x = ops.convert_to_tensor(x)
    if len(x.shape) < 2:
        raise ValueError(
            f"Input weight tensor {x} must have a rank of at least 2, but "
            f"got rank {len(x.shape)}."
        )
    if ops.size(x) == 0:
        raise ValueError("Input tensor 'x' cannot be empty.")
    x = ops.cast(ops.reshape(x, (x.shape[0], -1)), "float32")
    rows, cols = x.shape
    maxq = 2.0**bits - 1.0
    if not per_channel:
        low = ops.full((rows, 1), ops.min(x))
        high = ops.full((rows, 1), ops.max(x))
    elif group_size == -1 or group_size >= cols:
        low = ops.min(x, axis=1, keepdims=True)
        high = ops.max(x, axis=1, keepdims=True)
    else:
        num_groups = ceil_div(cols, group_size)
        padded = ops.pad(x, [(0, 0), (0, num_groups * group_size - cols)])
        groups = ops.reshape(padded, (rows, num_groups, group_size))
        low = ops.min(groups, axis=2)
        high = ops.max(groups, axis=2)
    if symmetric:
        high = ops.maximum(ops.abs(low), high)
        low = ops.where(low < 0, ops.negative(high), low)
    constant = ops.equal(low, high)
    low = ops.where(constant, -1.0, low)
    high = ops.where(constant, 1.0, high)
    scale = ops.divide(ops.add(ops.subtract(high, low), epsilon), maxq)
    if symmetric:
        zero = ops.full(scale.shape, (maxq + 1.0) / 2.0)
    else:
        zero = ops.round(ops.divide(ops.negative(low), scale))
    if signed:
        zero = ops.clip(zero, 0.0, maxq) - (maxq + 1.0) / 2.0
        zero = ops.cast(ops.clip(zero, -128.0, 127.0), "int8")
    else:
        zero = ops.cast(ops.clip(zero, 0.0, 255.0), "uint8")
    return scale, zero, ops.convert_to_tensor(maxq, dtype=compute_dtype)


def quantize_with_zero_point(input_tensor, scale, zero, maxq):
    """Returns the codes `clip(round(x / scale + zero), 0, maxq)`.

    A zero `scale` is replaced by the smallest positive float32 step, so
    that finite inputs never produce NaN.

    Args:
        input_tensor: The float values.
        scale: Scales broadcasting against `input_tensor`.
        zero: Zero points broadcasting against `input_tensor`.
        maxq: The largest code.

    Returns:
        The codes as floats of `input_tensor`'s dtype.
    """
    x = ops.convert_to_tensor(input_tensor)
    dtype = x.dtype if backend.is_float_dtype(x.dtype) else "float32"
    scale = ops.cast(scale, dtype)
    scale = ops.where(ops.equal(scale, 0), _TINY, scale)
    codes = ops.round(
        ops.add(ops.divide(ops.cast(x, dtype), scale), ops.cast(zero, dtype))
    )
    return ops.clip(codes, 0, ops.cast(maxq, dtype))


def dequantize_with_zero_point(input_tensor, scale, zero):
    """Returns `scale * (codes - zero)`, the values the codes stand for.

    Args:
        input_tensor: The codes (any numeric dtype).
        scale: Float scales broadcasting against the codes.
        zero: Zero points broadcasting against the codes.

    Returns:
        A tensor of `scale`'s dtype.
    """
    scale = ops.convert_to_tensor(scale)
    dtype = scale.dtype
    codes = ops.subtract(ops.cast(input_tensor, dtype), ops.cast(zero, dtype))
    return ops.multiply(scale, codes)


def _gather_groups(values, g_idx, group_axis):
    """`values` with its group axis expanded to one entry per column:
    column `j` gets group `g_idx[j]` (truncated to an integer)."""
    groups = ops.cast(g_idx, "int32")
    return ops.take(values, groups, axis=group_axis)


def quantize_with_sz_map(
    weights_matrix, scale, zero, g_idx, maxq, group_axis=-1
):
    """`quantize_with_zero_point` with per-group scales and zero points.

    Args:
        weights_matrix: The float weight, `[out_features, in_features]`
            for `group_axis=-1`.
        scale: Scales with one entry per group along `group_axis`.
        zero: Zero points shaped like `scale`.
        g_idx: The group of each column along `group_axis` (integers, or
            floats truncated to integers).
        maxq: The largest code.
        group_axis: The axis of `scale` and `zero` indexed by group.

    Returns:
        The codes as floats, shaped like `weights_matrix`.
    """
    return quantize_with_zero_point(
        weights_matrix,
        _gather_groups(scale, g_idx, group_axis),
        _gather_groups(zero, g_idx, group_axis),
        maxq,
    )


def dequantize_with_sz_map(weights_matrix, scale, zero, g_idx, group_axis=-1):
    """`dequantize_with_zero_point` with per-group scales and zero points.

    Args:
        weights_matrix: The codes, `[out_features, in_features]` for
            `group_axis=-1`.
        scale: Scales with one entry per group along `group_axis`.
        zero: Zero points shaped like `scale`.
        g_idx: The group of each column along `group_axis` (integers, or
            floats truncated to integers).
        group_axis: The axis of `scale` and `zero` indexed by group.

    Returns:
        The float values the codes stand for, shaped like
        `weights_matrix`.
    """
    return dequantize_with_zero_point(
        weights_matrix,
        _gather_groups(scale, g_idx, group_axis),
        _gather_groups(zero, g_idx, group_axis),
    )


# Stand-in for a zero scale in `quantize_with_zero_point`.
_TINY = float(np.finfo("float32").tiny)


class GPTQQuantizer(Quantizer):
    """Computes the zero-point parameters of a GPTQ weight quantization.

    `find_params(x)` applies `compute_quantization_parameters` with the
    settings of a `GPTQConfig` and keeps the result in `scale`, `zero` and
    `maxq`.

    Args:
        config: A `keras.quantizers.GPTQConfig` (its `weight_bits`,
            `per_channel`, `symmetric` and `group_size`).
        compute_dtype: The dtype of `maxq`.
    """

    def __init__(self, config=None, compute_dtype="float32"):
        super().__init__(output_dtype="int8")
        if config is None:
            from keras.src.quantizers.gptq_config import GPTQConfig

            config = GPTQConfig(dataset=None, tokenizer=None)
        self.weight_bits = config.weight_bits
        self.per_channel = config.per_channel
        self.symmetric = config.symmetric
        self.group_size = config.group_size
        self.compute_dtype = compute_dtype
        self.scale = None
        self.zero = None
        self.maxq = None

    def find_params(self, input_tensor):
        """Computes (and keeps) the `(scale, zero, maxq)` of a weight
        laid out `[out_features, in_features]`."""
        self.scale, self.zero, self.maxq = compute_quantization_parameters(
            input_tensor,
            bits=self.weight_bits,
            symmetric=self.symmetric,
            per_channel=self.per_channel,
            group_size=self.group_size,
            compute_dtype=self.compute_dtype,
        )
        return self.scale, self.zero, self.maxq
