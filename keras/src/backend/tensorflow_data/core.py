"""`keras.ops.core` functions of the preprocessing layers, in TensorFlow."""

from keras.src.backend.common import dtypes
from keras.src.backend.common.variables import KerasVariable
from keras.src.backend.jax.core import convert_to_numpy
from keras.src.backend.tensorflow_data.forwarding import forwarder
from keras.src.backend.tensorflow_data.lazy_tf import tf

FORWARDED = {
    "scatter": "scatter_nd",
    "to_sparse": "sparse.from_dense",
}

__all__ = [
    "cast",
    "convert_to_tensor",
    "is_float_dtype",
    "shape",
    "slice",
    "switch",
    *FORWARDED,
]

__getattr__ = forwarder(__name__, FORWARDED)


def convert_to_tensor(x, dtype=None):
    if isinstance(x, KerasVariable):
        x = x.numpy()
    if dtype is not None:
        dtype = dtypes.standardize_dtype(dtype)
    if tf.is_tensor(x):
        return x if dtype is None else tf.cast(x, dtype)
    if dtype is None and not hasattr(x, "dtype"):
        return tf.convert_to_tensor(x)
    return tf.convert_to_tensor(convert_to_numpy(x), dtype=dtype or None)


def cast(x, dtype):
    return tf.cast(convert_to_tensor(x), dtype)


def is_float_dtype(dtype):
    return dtypes.is_float_dtype(dtype)


def shape(x):
    """Static sizes where known, scalar tensors for unknown ones."""
    dynamic = tf.shape(x)
    return tuple(dynamic[i] if d is None else d for i, d in enumerate(x.shape))


def slice(inputs, start_indices, shape):
    # An unknown size (`None`, from a static shape) takes the rest of its
    # axis, which starts at 0 in the image layers.
    size = [-1 if s is None else s for s in shape]
    return tf.slice(inputs, list(start_indices), size)


def switch(index, branches, *operands):
    index = tf.clip_by_value(tf.cast(index, "int32"), 0, len(branches) - 1)
    return tf.switch_case(index, [lambda b=b: b(*operands) for b in branches])
