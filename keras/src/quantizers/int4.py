"""int4 weights of a layer: block sizes, quantizing a weight matrix to
values in `[-8, 7]` (per channel or by groups of rows) and back, and the
variables of grouped scales.

The values are kept unpacked here; `keras.quantizers.pack_int4` stores
two of them per byte.
"""

import numpy as np

from keras.src import ops
from keras.src.dtype_policies.dtype_policy import Int4DTypePolicy
from keras.src.quantizers.int8 import quantize_weight
from keras.src.utils.python_utils import ceil_div

INT4_RANGE = (-8, 7)


def int4_block_size(layer, config):
    """The int4 block size of `layer` as configured: from its
    `Int4DTypePolicy`, else from `config`; `None` or `-1` mean per-channel
    scales (see `is_grouped`)."""
    policy = layer._path_dtype_policy
    if isinstance(policy, Int4DTypePolicy):
        return policy.block_size
    if config is not None and config.mode == "int4":
        return config.block_size
    return None


def is_grouped(block_size):
    """Whether an int4 `block_size` asks for grouped scales."""
    return block_size is not None and block_size != -1


def group_count(rows, block_size):
    """The number of groups of `block_size` rows covering `rows` rows
    (the last one may be shorter)."""
    return ceil_div(rows, block_size)


def group_index(rows, block_size):
    """The group of each of `rows` rows, as float32 (how `g_idx` is
    stored)."""
    return (np.arange(rows) // block_size).astype("float32")


def int4_quantize_rows(weight, weight_quantizer=None):
    """Quantizes a `(channels, features)` weight to int4 values, one
    symmetric scale per row (per channel).

    Returns:
        `(q, scale)`: `q` is `int8` of the weight's shape, `scale` has
        shape `(channels,)`.
    """
    from keras.src.quantizers import quantizers

    if weight_quantizer is None:
        weight_quantizer = quantizers.AbsMaxQuantizer(
            axis=-1, value_range=INT4_RANGE, output_dtype="int8"
        )
    return quantize_weight(
        weight_quantizer, weight, (-1,), (int(weight.shape[0]),)
    )


def int4_quantize_matrix(matrix, block_size, weight_quantizer=None):
    """Quantizes a `(rows, columns)` matrix to int4 values in `[-8, 7]`.

    Per channel (`block_size` `None` or `-1`): symmetric, one scale per column,
    `matrix ~= q / scale`. Grouped: asymmetric, one scale and zero point
    per group of `block_size` rows and column,
    `matrix ~= (q - zero) * scale`.

    Returns:
        `(q, scale, zero)`: `q` is `int8` of the matrix's shape; `scale`
        has shape `(columns,)` per channel and `(groups, columns)`
        grouped; `zero` is `None` per channel.
    """
    from keras.src.quantizers import quantizers

    if not is_grouped(block_size):
        if weight_quantizer is None:
            weight_quantizer = quantizers.AbsMaxQuantizer(
                axis=0, value_range=INT4_RANGE, output_dtype="int8"
            )
        q, scale = weight_quantizer(matrix, to_numpy=True)
        return q, ops.reshape(scale, (matrix.shape[1],)), None
    return quantizers.abs_max_quantize_grouped_with_zero_point(
        matrix, block_size, value_range=INT4_RANGE, dtype="int8", to_numpy=True
    )


def int4_dequantize_matrix(q, scale, zero, group_index, dtype):
    """The float `(rows, columns)` matrix from int4 values `q` (unpacked,
    `int8`), per-channel or grouped as `int4_quantize_matrix` made it.

    Args:
        group_index: For grouped scales, the group of each row.
        dtype: The dtype of the result.
    """
    q = ops.cast(q, dtype)
    scale = ops.cast(scale, dtype)
    if zero is None:
        return ops.divide(q, scale)
    index = ops.cast(group_index, "int32")
    zero = ops.cast(ops.take(zero, index, axis=0), dtype)
    return ops.multiply(ops.subtract(q, zero), ops.take(scale, index, axis=0))


def int4_grouped_build(
    layer,
    prefix,
    groups,
    columns,
    rows,
    transpose=False,
    layout=None,
    rows_layout=None,
):
    """Creates `<prefix>_scale`, `<prefix>_zero` and `g_idx` for grouped
    int4 scales of `groups` groups over `rows` rows and `columns`
    columns (`(columns, groups)` when `transpose`); `layout` is the
    layout of the scales and zero points, `rows_layout` that of `g_idx`
    (one entry per row: the layout of the float weight's row axis)."""
    shape = (columns, groups) if transpose else (groups, columns)
    scale = layer.add_weight(
        name=f"{prefix}_scale",
        shape=shape,
        initializer="ones",
        trainable=False,
        layout=layout,
    )
    zero = layer.add_weight(
        name=f"{prefix}_zero",
        shape=shape,
        initializer="zeros",
        dtype="int8",
        trainable=False,
        layout=layout,
    )
    g_idx = layer.add_weight(
        name="g_idx",
        shape=(rows,),
        initializer="zeros",
        dtype="float32",
        trainable=False,
        layout=rows_layout,
    )
    return scale, zero, g_idx
