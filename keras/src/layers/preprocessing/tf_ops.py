"""The TensorFlow op table of the preprocessing layers inside `tf.data`.

A `tf.data.Dataset.map()` function is a TensorFlow graph: its tensors have
no values, so they cannot become JAX arrays. Preprocessing layers write
their math against `self.backend` (see `data_layer.DataLayer`), which
is `keras.ops` in ordinary calls and `TF_OPS` while TensorFlow traces a
graph. `TF_OPS` offers the `keras.ops` functions these layers use, with the
same names, arguments and results, computed with TensorFlow ops; the
results are TF tensors of TF dtypes.

Only code that already runs inside a TensorFlow graph reaches this table,
so TensorFlow is imported lazily, never by `import keras`.
"""

import numpy as np

from keras.src import backend


class TFOps:
    """`keras.ops` functions of the preprocessing layers, in TensorFlow."""

    _backend = "tensorflow"

    @property
    def _tf(self):
        import tensorflow as tf

        return tf

    # ----------------------------------------------------------- creation
    def convert_to_tensor(self, x, dtype=None):
        tf = self._tf
        if isinstance(x, backend.KerasVariable):
            x = x.numpy()
        if dtype is not None:
            dtype = backend.standardize_dtype(dtype)
        if tf.is_tensor(x):
            return x if dtype is None else tf.cast(x, dtype)
        if dtype is None and not hasattr(x, "dtype"):
            return tf.convert_to_tensor(x)
        return tf.convert_to_tensor(
            backend.convert_to_numpy(x), dtype=dtype or None
        )

    def cast(self, x, dtype):
        return self._tf.cast(self.convert_to_tensor(x), dtype)

    def to_sparse(self, x):
        return self._tf.sparse.from_dense(x)

    # --------------------------------------------------------- arithmetic
    def _operands(self, x, y):
        """`x` and `y` as tensors; a Python number takes the dtype of the
        tensor it meets, as in `keras.ops`."""
        tf = self._tf
        if isinstance(x, (int, float)) and tf.is_tensor(y):
            x = tf.constant(x, dtype=y.dtype)
        elif isinstance(y, (int, float)) and tf.is_tensor(x):
            y = tf.constant(y, dtype=x.dtype)
        return x, y

    def add(self, x, y):
        return self._tf.add(*self._operands(x, y))

    def subtract(self, x, y):
        return self._tf.subtract(*self._operands(x, y))

    def multiply(self, x, y):
        return self._tf.multiply(*self._operands(x, y))

    def power(self, x, y):
        return self._tf.pow(*self._operands(x, y))

    def square(self, x):
        return self._tf.square(x)

    def sqrt(self, x):
        return self._tf.sqrt(x)

    def log10(self, x):
        tf = self._tf
        return tf.math.log(x) / tf.math.log(tf.constant(10.0, x.dtype))

    def maximum(self, x, y):
        return self._tf.maximum(*self._operands(x, y))

    def matmul(self, x, y):
        return self._tf.linalg.matmul(x, y)

    # --------------------------------------------------------- reductions
    def sum(self, x, axis=None):
        return self._tf.reduce_sum(x, axis=axis)

    def max(self, x, axis=None):
        return self._tf.reduce_max(x, axis=axis)

    # ------------------------------------------------------------- shapes
    def reshape(self, x, shape):
        return self._tf.reshape(x, shape)

    def transpose(self, x, axes=None):
        return self._tf.transpose(x, perm=axes)

    def swapaxes(self, x, axis1, axis2):
        rank = len(x.shape)
        perm = list(range(rank))
        perm[axis1 % rank], perm[axis2 % rank] = axis2 % rank, axis1 % rank
        return self._tf.transpose(x, perm=perm)

    def expand_dims(self, x, axis):
        return self._tf.expand_dims(x, axis)

    def squeeze(self, x, axis):
        return self._tf.squeeze(x, axis)

    def concatenate(self, xs, axis=0):
        return self._tf.concat(list(xs), axis=axis)

    # ----------------------------------------------------------- encoding
    def one_hot(self, x, num_classes, dtype="float32"):
        return self._tf.one_hot(
            self._tf.cast(x, "int64"), num_classes, dtype=dtype
        )

    def digitize(self, x, bins):
        tf = self._tf
        bins = tf.constant(bins, dtype=x.dtype)
        flat = tf.reshape(x, [-1])
        ids = tf.searchsorted(bins, flat, side="right")
        return tf.reshape(ids, tf.shape(x))

    # ------------------------------------------------------------ signals
    def stft(
        self,
        x,
        sequence_length,
        sequence_stride,
        fft_length,
        window="hann",
        center=True,
    ):
        """`keras.ops.stft`: the same frames, window and padding."""
        from keras.src.backend.jax import math as jax_math

        tf = self._tf
        if center:
            half = fft_length // 2
            pad = [[0, 0]] * (len(x.shape) - 1) + [[half, half]]
            x = tf.pad(x, pad, mode="REFLECT")
        frames = tf.signal.frame(x, fft_length, sequence_stride)
        # The window is a constant of the graph, made once at trace time.
        values = jax_math._window(
            window, sequence_length, fft_length, "float32"
        )
        window = tf.constant(np.asarray(values), dtype=x.dtype)
        spectrum = tf.signal.rfft(frames * window, fft_length=[fft_length])
        return tf.math.real(spectrum), tf.math.imag(spectrum)


TF_OPS = TFOps()
