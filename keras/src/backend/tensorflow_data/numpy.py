"""`keras.ops.numpy` functions of the preprocessing layers, in TensorFlow.

The ops that are one TensorFlow function under another name come from the
tables below; the ones written out differ from their TensorFlow function
(argument conventions, defaults, dtypes, or no single function at all).
"""

import functools

import numpy as np

from keras.src.backend import config
from keras.src.backend.tensorflow_data.core import convert_to_tensor
from keras.src.backend.tensorflow_data.forwarding import forwarder
from keras.src.backend.tensorflow_data.lazy_tf import resolve
from keras.src.backend.tensorflow_data.lazy_tf import tf

# keras name -> TensorFlow function (its path under `tf`).
FORWARDED = {
    "abs": "abs",
    "arctan": "atan",
    "broadcast_to": "broadcast_to",
    "cos": "cos",
    "exp": "exp",
    "expand_dims": "expand_dims",
    "floor": "floor",
    "log": "math.log",
    "logical_and": "logical_and",
    "logical_or": "logical_or",
    "matmul": "linalg.matmul",
    "max": "reduce_max",
    "mean": "reduce_mean",
    "min": "reduce_min",
    "ones_like": "ones_like",
    "repeat": "repeat",
    "reshape": "reshape",
    # Halves go to the even neighbour, as in `keras.ops.round`.
    "round": "round",
    "sin": "sin",
    "split": "split",
    "sqrt": "sqrt",
    "square": "square",
    "squeeze": "squeeze",
    "sum": "reduce_sum",
    "tan": "tan",
    "transpose": "transpose",
    "zeros_like": "zeros_like",
}
# Keyword arguments that TensorFlow names differently.
RENAMED = {
    "split": {"indices_or_sections": "num_or_size_splits"},
    "transpose": {"axes": "perm"},
}
# Binary ops whose Python-number operand takes the dtype of the tensor it
# meets, as in `keras.ops` (TensorFlow would make it a float32/int32).
PROMOTED = {
    "add": "add",
    "equal": "equal",
    "maximum": "maximum",
    "minimum": "minimum",
    "mod": "math.floormod",
    "multiply": "multiply",
    "power": "pow",
    "subtract": "subtract",
}

__all__ = [
    "all",
    "arange",
    "argsort",
    "array",
    "clip",
    "concatenate",
    "cumsum",
    "digitize",
    "divide",
    "flip",
    "full",
    "log10",
    "ones",
    "pad",
    "stack",
    "swapaxes",
    "take",
    "take_along_axis",
    "tile",
    "where",
    *FORWARDED,
    *PROMOTED,
]

_forwarded = forwarder(__name__, FORWARDED, RENAMED)


def __getattr__(name):
    if name in PROMOTED:
        return _promoting(resolve(PROMOTED[name]))
    return _forwarded(name)


def _operands(x, y):
    """`x` and `y` as tensors; a Python number takes the dtype of the
    tensor it meets, as in `keras.ops`."""
    if isinstance(x, (int, float)) and tf.is_tensor(y):
        x = tf.constant(x, dtype=y.dtype)
    elif isinstance(y, (int, float)) and tf.is_tensor(x):
        y = tf.constant(y, dtype=x.dtype)
    return x, y


def _promoting(function):
    @functools.wraps(function)
    def call(x, y):
        return function(*_operands(x, y))

    return call


# ------------------------------------------------------------- creation
def array(x, dtype=None):
    return convert_to_tensor(x, dtype=dtype)


def arange(start, stop=None, step=1, dtype=None):
    if stop is None:
        start, stop = 0, start
    if dtype is None:
        floats = any(isinstance(v, float) for v in (start, stop, step))
        dtype = config.floatx() if floats else "int32"
    return tf.range(start, stop, step, dtype=dtype)


def ones(shape, dtype=None):
    return tf.ones(shape, dtype=dtype or config.floatx())


def full(shape, fill_value, dtype=None):
    return tf.fill(shape, convert_to_tensor(fill_value, dtype=dtype))


# ---------------------------------------------------------- elementwise
def divide(x, y):
    x, y = _operands(x, y)
    x, y = tf.convert_to_tensor(x), tf.convert_to_tensor(y)
    if not x.dtype.is_floating:
        x = tf.cast(x, config.floatx())
        y = tf.cast(y, config.floatx())
    return tf.math.divide(x, y)


def log10(x):
    return tf.math.log(x) / tf.math.log(tf.constant(10.0, x.dtype))


def clip(x, x_min, x_max):
    if x.dtype == tf.bool:
        x = tf.cast(x, "int32")
    return tf.clip_by_value(x, tf.cast(x_min, x.dtype), tf.cast(x_max, x.dtype))


def where(condition, x, y):
    if not tf.is_tensor(x) and not tf.is_tensor(y):
        x, y = convert_to_tensor(x), convert_to_tensor(y)
    x, y = _operands(x, y)
    return tf.where(tf.cast(condition, "bool"), x, y)


def digitize(x, bins):
    bins = tf.constant(bins, dtype=x.dtype)
    ids = tf.searchsorted(bins, tf.reshape(x, [-1]), side="right")
    return tf.reshape(ids, tf.shape(x))


# ----------------------------------------------------------- reductions
def all(x, axis=None, keepdims=False):
    return tf.reduce_all(tf.cast(x, "bool"), axis=axis, keepdims=keepdims)


def cumsum(x, axis=None):
    if axis is None:
        x, axis = tf.reshape(x, [-1]), 0
    return tf.cumsum(x, axis=axis)


def argsort(x, axis=-1):
    return tf.argsort(x, axis=axis, stable=True)


# ------------------------------------------------- shapes and indexing
def swapaxes(x, axis1, axis2):
    rank = len(x.shape)
    perm = list(range(rank))
    perm[axis1 % rank], perm[axis2 % rank] = axis2 % rank, axis1 % rank
    return tf.transpose(x, perm=perm)


def concatenate(xs, axis=0):
    return tf.concat(list(xs), axis=axis)


def stack(xs, axis=0):
    return tf.stack(list(xs), axis=axis)


def flip(x, axis=None):
    if axis is None:
        axis = list(range(len(x.shape)))
    axes = list(axis) if isinstance(axis, (list, tuple)) else [axis]
    return tf.reverse(x, axes)


def tile(x, repeats):
    repeats = list(repeats)
    rank = len(x.shape)
    if len(repeats) > rank:
        x = tf.reshape(x, [1] * (len(repeats) - rank) + list(x.shape))
    elif len(repeats) < rank:
        repeats = [1] * (rank - len(repeats)) + repeats
    return tf.tile(x, repeats)


def pad(x, pad_width, mode="constant", constant_values=None):
    pad_width = [list(p) for p in pad_width]
    if mode == "edge":
        # Repeats the border values: gather with clipped indices.
        for axis, (before, after) in enumerate(pad_width):
            if before or after:
                size = x.shape[axis]
                index = tf.clip_by_value(
                    tf.range(-before, size + after), 0, size - 1
                )
                x = tf.gather(x, index, axis=axis)
        return x
    if mode not in ("constant", "reflect", "symmetric"):
        raise ValueError(
            "Inside tf.data, `pad` supports the modes 'constant', "
            f"'edge', 'reflect' and 'symmetric'. Received: mode={mode}"
        )
    value = 0 if constant_values is None else constant_values
    return tf.pad(
        x, pad_width, mode=mode.upper(), constant_values=tf.cast(value, x.dtype)
    )


def take(x, indices, axis=None):
    if axis is None:
        x, axis = tf.reshape(x, [-1]), 0
    return tf.gather(x, indices, axis=axis)


def take_along_axis(x, indices, axis=None):
    if axis is None:
        x, axis = tf.reshape(x, [-1]), 0
    rank = len(x.shape)
    axis = axis % rank
    # Move `axis` last, gather along it with batch dims, move it back.
    perm = [i for i in range(rank) if i != axis] + [axis]
    inverse = list(np.argsort(perm))
    x_t = tf.transpose(x, perm)
    i_t = tf.transpose(indices, perm)
    shape = tf.shape(i_t)
    x_t = tf.broadcast_to(x_t, tf.concat([shape[:-1], tf.shape(x_t)[-1:]], 0))
    out = tf.gather(x_t, i_t, batch_dims=rank - 1)
    return tf.transpose(out, inverse)
