"""Ternary weights of a layer: values in `{-1, 0, 1}` with one scale,
stored five to a byte."""

import numpy as np

from keras.src import ops
from keras.src.quantizers.layouts import derived_layout
from keras.src.quantizers.layouts import float_weight_layout
from keras.src.utils.python_utils import ceil_div


def ternary_quantize(weight):
    """Quantizes a float weight to ternary values with one scale.

    The scale is the mean of `|weight|` (in float32) and each value
    becomes `round(weight / scale)` clipped to `[-1, 1]`: values smaller
    than half the scale in magnitude become 0 (a tie rounds to 0), the
    others their sign. `weight ~= q * scale`. An all-zero weight gets a
    zero scale and zero values.

    Returns:
        `(q, scale)`: `q` is an `int8` NumPy array of the weight's shape,
        `scale` a float32 NumPy scalar.

    Example:

    >>> q, scale = ternary_quantize(np.array([[1.0, -3.0], [0.5, 3.5]]))
    >>> scale, q.tolist()  # 0.5 / 2 = 0.25 rounds to 0
    (2.0, [[0, -1], [0, 1]])
    """
    w = np.asarray(ops.convert_to_numpy(weight), "float32")
    scale = np.mean(np.abs(w), dtype="float32")
    if scale > 0:
        q = np.clip(np.round(w / scale), -1, 1)
    else:
        q = np.zeros_like(w)
    return q.astype("int8"), scale


def ternary_build(layer, kernel_shape):
    """Creates the variables of a ternary `(rows, columns)` kernel: the
    `uint8` `kernel` of shape `(ceil(rows / 5), columns)` (five values a
    byte along the rows) and the scalar `kernel_scale`. Under a
    distribution the packed kernel keeps the float kernel's mesh axes
    (the packed rows only when their count still divides) and the scale
    is replicated.

    Returns:
        `(packed_kernel, kernel_scale)`.
    """
    rows, columns = kernel_shape
    base = float_weight_layout(layer, "kernel", kernel_shape)
    packed_shape = (ceil_div(rows, 5), columns)
    packed = layer.add_weight(
        shape=packed_shape,
        name="kernel",
        initializer="zeros",
        dtype="uint8",
        trainable=False,
        layout=derived_layout(base, (0, 1), packed_shape),
    )
    scale = layer.add_weight(
        shape=(),
        name="kernel_scale",
        initializer="ones",
        trainable=False,
        layout=derived_layout(base, (), ()),
    )
    return packed, scale
