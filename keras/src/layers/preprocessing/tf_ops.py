"""The TensorFlow op table of the preprocessing layers inside `tf.data`.

A `tf.data.Dataset.map()` function is a TensorFlow graph: its tensors have
no values, so they cannot become JAX arrays. Preprocessing layers write
their math against `self.backend` (see `data_layer.DataLayer`), which
is `keras.ops` in ordinary calls and `TF_OPS` while TensorFlow traces a
graph. `TF_OPS` offers the `keras.ops` functions these layers use, with the
same names, arguments and results, computed with TensorFlow ops; the
results are TF tensors of TF dtypes. Like `keras.src.backend`, the table
also has the sub-namespaces `numpy` and `core` (the table itself),
`random`, `image`, `nn` and `linalg`, which the image layers use.

Only code that computes on TensorFlow tensors (inside a graph, or under
`tf_mode()`) reaches this table, so TensorFlow is imported lazily, never
by `import keras`.
"""

import contextlib
import threading
import weakref

import numpy as np

from keras.src import backend
from keras.src.utils.backend_utils import in_tf_graph

_MODE = threading.local()


@contextlib.contextmanager
def tf_mode():
    """Routes the layers' array functions to TensorFlow while the block
    runs (also for eager TF tensors, outside any graph)."""
    previous = getattr(_MODE, "tf", False)
    _MODE.tf = True
    try:
        yield
    finally:
        _MODE.tf = previous


def tf_mode_active():
    return getattr(_MODE, "tf", False)


def serves_tf():
    """Whether array functions must be TensorFlow's now: inside
    `tf_mode()` or while TensorFlow traces a graph (`Dataset.map`)."""
    return tf_mode_active() or in_tf_graph()


def call_with_tf_ops(layer, inputs, **kwargs):
    """Runs `layer.call` on TF tensors with `TF_OPS` as its op namespace.

    As `Layer.__call__` would: the layer is built from the input shapes on
    its first call, float inputs are cast to its compute dtype when it
    autocasts, and `training` reaches only a `call` that takes it.
    """
    from keras.src import tree
    from keras.src.utils.backend_utils import is_tf_tensor

    if not layer.built:
        layer.build(
            tree.map_structure(
                lambda x: tuple(x.shape) if hasattr(x, "shape") else None,
                inputs,
            )
        )
        layer.built = True
    if not layer._call_has_training_arg:
        kwargs.pop("training", None)
    compute_dtype = layer.compute_dtype
    if layer.autocast and backend.is_float_dtype(compute_dtype):

        def autocast(x):
            if (
                is_tf_tensor(x)
                and x.dtype.is_floating
                and x.dtype.name != compute_dtype
            ):
                return TF_OPS.cast(x, compute_dtype)
            return x

        inputs = tree.map_structure(autocast, inputs)
    with tf_mode():
        return layer.call(inputs, **kwargs)


class _KerasOps:
    """`keras.ops` as an op namespace of the layers: attribute lookups go
    to the ops module; `_backend` names the backend computing them."""

    _backend = "jax"

    def __getattr__(self, name):
        from keras.src import ops

        return getattr(ops, name)


KERAS_OPS = _KerasOps()


def current_ops():
    """`TF_OPS` when `serves_tf()`, else `keras.ops` (as `KERAS_OPS`)."""
    if serves_tf():
        return TF_OPS
    return KERAS_OPS


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
    def sum(self, x, axis=None, keepdims=False):
        return self._tf.reduce_sum(x, axis=axis, keepdims=keepdims)

    def max(self, x, axis=None, keepdims=False):
        return self._tf.reduce_max(x, axis=axis, keepdims=keepdims)

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

    def squeeze(self, x, axis=None):
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

    # ------------------------------------------------- namespaces & dtypes
    @property
    def numpy(self):
        return self

    @property
    def core(self):
        return self

    @property
    def random(self):
        return TF_RANDOM

    @property
    def image(self):
        return TF_IMAGE

    @property
    def nn(self):
        return TF_NN

    @property
    def linalg(self):
        return TF_LINALG

    def is_float_dtype(self, dtype):
        return backend.is_float_dtype(dtype)

    def shape(self, x):
        """Static sizes where known, scalar tensors for unknown ones."""
        dynamic = self._tf.shape(x)
        return tuple(
            dynamic[i] if d is None else d for i, d in enumerate(x.shape)
        )

    def array(self, x, dtype=None):
        return self.convert_to_tensor(x, dtype=dtype)

    def arange(self, start, stop=None, step=1, dtype=None):
        if stop is None:
            start, stop = 0, start
        if dtype is None:
            numbers = (start, stop, step)
            floats = any(isinstance(v, float) for v in numbers)
            dtype = backend.floatx() if floats else "int32"
        return self._tf.range(start, stop, step, dtype=dtype)

    def zeros_like(self, x, dtype=None):
        return self._tf.zeros_like(x, dtype=dtype)

    def ones_like(self, x, dtype=None):
        return self._tf.ones_like(x, dtype=dtype)

    def ones(self, shape, dtype=None):
        return self._tf.ones(shape, dtype=dtype or backend.floatx())

    def full(self, shape, fill_value, dtype=None):
        tf = self._tf
        value = self.convert_to_tensor(fill_value, dtype=dtype)
        return tf.fill(shape, value)

    def broadcast_to(self, x, shape):
        return self._tf.broadcast_to(x, shape)

    # --------------------------------------------------------- elementwise
    def divide(self, x, y):
        tf = self._tf
        x, y = self._operands(x, y)
        x, y = tf.convert_to_tensor(x), tf.convert_to_tensor(y)
        if not x.dtype.is_floating:
            x = tf.cast(x, backend.floatx())
            y = tf.cast(y, backend.floatx())
        return tf.math.divide(x, y)

    def minimum(self, x, y):
        return self._tf.minimum(*self._operands(x, y))

    def mod(self, x, y):
        return self._tf.math.floormod(*self._operands(x, y))

    def clip(self, x, x_min, x_max):
        tf = self._tf
        if x.dtype == tf.bool:
            x = tf.cast(x, "int32")
        return tf.clip_by_value(
            x, tf.cast(x_min, x.dtype), tf.cast(x_max, x.dtype)
        )

    def where(self, condition, x, y):
        tf = self._tf
        if not tf.is_tensor(x) and not tf.is_tensor(y):
            x, y = self.convert_to_tensor(x), self.convert_to_tensor(y)
        x, y = self._operands(x, y)
        return tf.where(tf.cast(condition, "bool"), x, y)

    def equal(self, x, y):
        return self._tf.equal(*self._operands(x, y))

    def logical_and(self, x, y):
        return self._tf.logical_and(x, y)

    def logical_or(self, x, y):
        return self._tf.logical_or(x, y)

    def abs(self, x):
        return self._tf.abs(x)

    def floor(self, x):
        return self._tf.floor(x)

    def round(self, x):
        # Halves go to the even neighbour, as in `keras.ops.round`.
        return self._tf.round(x)

    def exp(self, x):
        return self._tf.exp(x)

    def log(self, x):
        return self._tf.math.log(x)

    def sin(self, x):
        return self._tf.sin(x)

    def cos(self, x):
        return self._tf.cos(x)

    def tan(self, x):
        return self._tf.tan(x)

    def arctan(self, x):
        return self._tf.atan(x)

    # ---------------------------------------------------- more reductions
    def min(self, x, axis=None, keepdims=False):
        return self._tf.reduce_min(x, axis=axis, keepdims=keepdims)

    def mean(self, x, axis=None, keepdims=False):
        return self._tf.reduce_mean(x, axis=axis, keepdims=keepdims)

    def all(self, x, axis=None, keepdims=False):
        tf = self._tf
        return tf.reduce_all(tf.cast(x, "bool"), axis=axis, keepdims=keepdims)

    def cumsum(self, x, axis=None):
        tf = self._tf
        if axis is None:
            x, axis = tf.reshape(x, [-1]), 0
        return tf.cumsum(x, axis=axis)

    def argsort(self, x, axis=-1):
        return self._tf.argsort(x, axis=axis, stable=True)

    # ------------------------------------------------- shapes & indexing
    def stack(self, xs, axis=0):
        return self._tf.stack(list(xs), axis=axis)

    def split(self, x, indices_or_sections, axis=0):
        return self._tf.split(x, indices_or_sections, axis=axis)

    def flip(self, x, axis=None):
        tf = self._tf
        if axis is None:
            axis = list(range(len(x.shape)))
        axes = list(axis) if isinstance(axis, (list, tuple)) else [axis]
        return tf.reverse(x, axes)

    def tile(self, x, repeats):
        tf = self._tf
        repeats = list(repeats)
        rank = len(x.shape)
        if len(repeats) > rank:
            x = tf.reshape(x, [1] * (len(repeats) - rank) + list(x.shape))
        elif len(repeats) < rank:
            repeats = [1] * (rank - len(repeats)) + repeats
        return tf.tile(x, repeats)

    def repeat(self, x, repeats, axis=None):
        return self._tf.repeat(x, repeats, axis=axis)

    def pad(self, x, pad_width, mode="constant", constant_values=None):
        tf = self._tf
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
            x,
            pad_width,
            mode=mode.upper(),
            constant_values=tf.cast(value, x.dtype),
        )

    def take(self, x, indices, axis=None):
        tf = self._tf
        if axis is None:
            x, axis = tf.reshape(x, [-1]), 0
        return tf.gather(x, indices, axis=axis)

    def take_along_axis(self, x, indices, axis=None):
        tf = self._tf
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
        x_t = tf.broadcast_to(
            x_t, tf.concat([shape[:-1], tf.shape(x_t)[-1:]], 0)
        )
        out = tf.gather(x_t, i_t, batch_dims=rank - 1)
        return tf.transpose(out, inverse)

    def slice(self, inputs, start_indices, shape):
        # An unknown size (`None`, from a static shape) takes the rest of
        # its axis, which starts at 0 in the image layers.
        size = [-1 if s is None else s for s in shape]
        return self._tf.slice(inputs, list(start_indices), size)

    def scatter(self, indices, values, shape):
        return self._tf.scatter_nd(indices, values, shape)

    def switch(self, index, branches, *operands):
        tf = self._tf
        index = tf.clip_by_value(tf.cast(index, "int32"), 0, len(branches) - 1)
        return tf.switch_case(
            index, [lambda b=b: b(*operands) for b in branches]
        )

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


def _tf():
    import tensorflow as tf

    return tf


def _new_counter():
    tf = _tf()
    # Made outside the graph being traced, so that the pipeline captures
    # it and it counts across elements and epochs.
    with tf.init_scope():
        return tf.Variable(0, dtype="int64", trainable=False)


class _DrawCounters:
    """The TF counters of the draws made in `tf.data` graphs: one per
    `SeedGenerator`, and one (with a random base seed) for unseeded
    draws."""

    def __init__(self):
        self._per_generator = weakref.WeakKeyDictionary()
        self._unseeded = None

    def for_generator(self, generator):
        if generator not in self._per_generator:
            self._per_generator[generator] = _new_counter()
        return generator.seed, self._per_generator[generator]

    def unseeded(self):
        if self._unseeded is None:
            base = int(np.random.SeedSequence().entropy % (2**31 - 1))
            self._unseeded = (base, _new_counter())
        return self._unseeded


_DRAW_COUNTERS = _DrawCounters()


class TFRandom:
    """`keras.random` draws with TensorFlow's stateless random ops.

    A `SeedGenerator` seed draws with the keys `(initial seed, n)`, `n`
    a TF counter of its draws (0, 1, 2, ...), so each element (and each
    epoch) of a `tf.data` pipeline gets new values (the keys of upstream
    Keras's TensorFlow stream); an integer seed gives the same values
    every time, like in `keras.random`.
    """

    def _key(self, seed):
        from keras.src.random.seed_generator import SeedGenerator

        tf = _tf()
        if isinstance(seed, SeedGenerator):
            base, counter = _DRAW_COUNTERS.for_generator(seed)
        elif seed is None:
            base, counter = _DRAW_COUNTERS.unseeded()
        else:
            return tf.constant([int(seed), 0], dtype="int64")
        # The count before this draw: keys `(seed, 0)`, `(seed, 1)`, ...
        step = counter.assign_add(1) - 1
        return tf.stack([tf.constant(base, dtype="int64"), step])

    def _shape(self, shape):
        tf = _tf()
        if any(tf.is_tensor(d) for d in shape):
            return tf.stack([tf.cast(d, "int32") for d in shape])
        return [int(d) for d in shape]

    def uniform(self, shape, minval=0.0, maxval=1.0, dtype=None, seed=None):
        tf = _tf()
        dtype = dtype or backend.floatx()
        return tf.random.stateless_uniform(
            self._shape(shape),
            self._key(seed),
            minval=tf.cast(minval, dtype),
            maxval=tf.cast(maxval, dtype),
            dtype=dtype,
        )

    def randint(self, shape, minval, maxval, dtype="int32", seed=None):
        tf = _tf()
        return tf.random.stateless_uniform(
            self._shape(shape),
            self._key(seed),
            minval=tf.cast(minval, dtype),
            maxval=tf.cast(maxval, dtype),
            dtype=dtype,
        )

    def normal(self, shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
        tf = _tf()
        dtype = dtype or backend.floatx()
        return tf.random.stateless_normal(
            self._shape(shape),
            self._key(seed),
            mean=tf.cast(mean, dtype),
            stddev=tf.cast(stddev, dtype),
            dtype=dtype,
        )

    def gamma(self, shape, alpha, dtype=None, seed=None):
        tf = _tf()
        dtype = dtype or backend.floatx()
        return tf.random.stateless_gamma(
            self._shape(shape),
            self._key(seed),
            tf.cast(alpha, dtype),
            dtype=dtype,
        )

    def beta(self, shape, alpha, beta, dtype=None, seed=None):
        tf = _tf()
        dtype = dtype or backend.floatx()
        shape = self._shape(shape)
        # X / (X + Y) with X ~ Gamma(alpha), Y ~ Gamma(beta).
        x = tf.random.stateless_gamma(
            shape, self._key(seed), tf.cast(alpha, dtype), dtype=dtype
        )
        y = tf.random.stateless_gamma(
            shape, self._key(seed), tf.cast(beta, dtype), dtype=dtype
        )
        return x / (x + y)


def _to_channels_last(images, data_format):
    if data_format == "channels_first":
        rank = len(images.shape)
        return _tf().transpose(images, [0, 2, 3, 1] if rank == 4 else [1, 2, 0])
    return images


def _from_channels_last(images, data_format):
    if data_format == "channels_first":
        rank = len(images.shape)
        return _tf().transpose(images, [0, 3, 1, 2] if rank == 4 else [2, 0, 1])
    return images


def _float_compute(x):
    """`x` in a float dtype of at least 32 bits, for resampling."""
    tf = _tf()
    if x.dtype in (tf.float32, tf.float64):
        return x
    return tf.cast(x, "float32")


def _cast_back(x, dtype):
    """Float results back to `dtype`, rounded and clipped for integers."""
    tf = _tf()
    if dtype.is_integer:
        x = tf.clip_by_value(tf.round(x), dtype.min, dtype.max)
    return tf.cast(x, dtype)


class TFImage:
    """`keras.ops.image` functions of the image layers, in TensorFlow."""

    def resize(
        self,
        images,
        size,
        interpolation="bilinear",
        antialias=False,
        crop_to_aspect_ratio=False,
        pad_to_aspect_ratio=False,
        fill_mode="constant",
        fill_value=0.0,
        data_format=None,
    ):
        """`keras.ops.image.resize` with `tf.image.resize`: the same
        values for `"bilinear"` and `"nearest"`; the `"bicubic"` and
        `"lanczos"` kernels are TensorFlow's, which differ slightly."""
        tf = _tf()
        data_format = backend.standardize_data_format(data_format)
        if fill_mode != "constant":
            raise ValueError(
                "Only `fill_mode='constant'` is supported. "
                f"Received: fill_mode={fill_mode}"
            )
        target_h, target_w = (int(s) for s in size)
        x = _to_channels_last(images, data_format)
        dtype = x.dtype
        height, width = x.shape[-3], x.shape[-2]
        if height is None or width is None:
            # Sizes known only when the graph runs: the same arithmetic
            # with TF ops.
            height, width = tf.shape(x)[-3], tf.shape(x)[-2]
            maximum, minimum = tf.maximum, tf.minimum

            def scaled(n, num, den):
                n = tf.cast(n, "float64") * num / den
                return tf.cast(n, "int32")
        else:
            maximum, minimum = max, min

            def scaled(n, num, den):
                return int(n * num / den)

        if crop_to_aspect_ratio:
            crop_h = maximum(
                minimum(height, scaled(width, target_h, target_w)), 1
            )
            crop_w = maximum(
                minimum(width, scaled(height, target_w, target_h)), 1
            )
            top = (height - crop_h) // 2
            left = (width - crop_w) // 2
            x = x[..., top : top + crop_h, left : left + crop_w, :]
        elif pad_to_aspect_ratio:
            pad_h = maximum(height, scaled(width, target_h, target_w))
            pad_w = maximum(width, scaled(height, target_w, target_h))
            top = (pad_h - height) // 2
            left = (pad_w - width) // 2
            paddings = [[0, 0]] * len(x.shape)
            paddings[-3] = [top, pad_h - height - top]
            paddings[-2] = [left, pad_w - width - left]
            x = tf.pad(x, paddings, constant_values=tf.cast(fill_value, dtype))
        if not dtype.is_floating:
            x = tf.cast(x, backend.floatx())
        out = tf.image.resize(
            x, (target_h, target_w), method=interpolation, antialias=antialias
        )
        if dtype.is_floating:
            out = tf.cast(out, dtype)
        else:
            out = _cast_back(out, dtype)
        return _from_channels_last(out, data_format)

    def rgb_to_grayscale(self, images, data_format=None):
        tf = _tf()
        data_format = backend.standardize_data_format(data_format)
        axis = -1 if data_format == "channels_last" else -3
        if images.shape[axis] == 1:
            return images
        x = _float_compute(images)
        weights = tf.constant([0.2989, 0.5870, 0.1140], dtype=x.dtype)
        channels = tf.unstack(x, 3, axis=axis)
        gray = sum(w * c for w, c in zip(tf.unstack(weights), channels))
        return tf.cast(tf.expand_dims(gray, axis), images.dtype)

    def rgb_to_hsv(self, images, data_format=None):
        tf = _tf()
        data_format = backend.standardize_data_format(data_format)
        axis = -1 if data_format == "channels_last" else -3
        x = _float_compute(images)
        r, g, b = tf.unstack(x, 3, axis=axis)
        value = tf.maximum(tf.maximum(r, g), b)
        minimum = tf.minimum(tf.minimum(r, g), b)
        spread = value - minimum
        one = tf.ones_like(value)
        zero = tf.zeros_like(value)
        saturation = tf.where(
            value > 0, spread / tf.where(value > 0, value, one), zero
        )
        safe_spread = tf.where(spread > 0, spread, one)
        hue = tf.where(
            tf.equal(value, r),
            (g - b) / safe_spread,
            tf.where(
                tf.equal(value, g),
                2.0 + (b - r) / safe_spread,
                4.0 + (r - g) / safe_spread,
            ),
        )
        hue = tf.where(spread > 0, tf.math.floormod(hue / 6.0, 1.0), zero)
        hsv = tf.stack([hue, saturation, value], axis=axis)
        return tf.cast(hsv, images.dtype)

    def hsv_to_rgb(self, images, data_format=None):
        tf = _tf()
        data_format = backend.standardize_data_format(data_format)
        axis = -1 if data_format == "channels_last" else -3
        x = _float_compute(images)
        hue, saturation, value = tf.unstack(x, 3, axis=axis)
        h6 = hue * 6.0
        red = tf.clip_by_value(tf.abs(h6 - 3.0) - 1.0, 0.0, 1.0)
        green = tf.clip_by_value(2.0 - tf.abs(h6 - 2.0), 0.0, 1.0)
        blue = tf.clip_by_value(2.0 - tf.abs(h6 - 4.0), 0.0, 1.0)
        rgb = tf.stack([red, green, blue], axis=axis)
        saturation = tf.expand_dims(saturation, axis)
        value = tf.expand_dims(value, axis)
        out = ((rgb - 1.0) * saturation + 1.0) * value
        return tf.cast(out, images.dtype)

    def affine_transform(
        self,
        images,
        transform,
        interpolation="bilinear",
        fill_mode="constant",
        fill_value=0,
        data_format=None,
    ):
        """`transform[b] = [a0, a1, a2, b0, b1, b2, c0, c1]` sends output
        pixel `(x, y)` to the input point `((a0 x + a1 y + a2) / k,
        (b0 x + b1 y + b2) / k)`, `k = c0 x + c1 y + 1`, sampled as
        `keras.ops.image.affine_transform` does (each neighbour of the
        point is filled per `fill_mode` on its own)."""
        tf = _tf()
        data_format = backend.standardize_data_format(data_format)
        if interpolation not in ("nearest", "bilinear"):
            raise ValueError(
                "`interpolation` must be 'nearest' or 'bilinear'. "
                f"Received: interpolation={interpolation}"
            )
        if fill_mode not in ("constant", "nearest", "wrap", "reflect"):
            raise ValueError(
                "Inside tf.data, `fill_mode` must be one of 'constant', "
                f"'nearest', 'wrap' or 'reflect'. Received: "
                f"fill_mode={fill_mode}"
            )
        unbatched = len(images.shape) == 3
        x = tf.expand_dims(images, 0) if unbatched else images
        x = _to_channels_last(x, data_format)
        dtype = x.dtype
        x = _float_compute(x)
        shape = tf.shape(x)
        transform = tf.cast(transform, x.dtype)
        if len(transform.shape) == 1:
            transform = tf.expand_dims(transform, 0)
        transform = tf.broadcast_to(transform, [shape[0], 8])
        grid_y, grid_x = tf.meshgrid(
            tf.range(shape[1], dtype=x.dtype),
            tf.range(shape[2], dtype=x.dtype),
            indexing="ij",
        )
        t = [tf.reshape(transform[:, i], [-1, 1, 1]) for i in range(8)]
        k = t[6] * grid_x + t[7] * grid_y + 1.0
        src_x = (t[0] * grid_x + t[1] * grid_y + t[2]) / k
        src_y = (t[3] * grid_x + t[4] * grid_y + t[5]) / k
        out = _sample_points(
            x, src_y, src_x, interpolation, fill_mode, fill_value
        )
        out.set_shape(x.shape)
        out = _from_channels_last(_cast_back(out, dtype), data_format)
        return out[0] if unbatched else out

    def perspective_transform(
        self,
        images,
        start_points,
        end_points,
        interpolation="bilinear",
        fill_value=0,
        data_format=None,
    ):
        tf = _tf()
        start = tf.cast(start_points, "float32")
        end = tf.cast(end_points, "float32")
        if len(start.shape) == 2:
            start = tf.expand_dims(start, 0)
        if len(end.shape) == 2:
            end = tf.expand_dims(end, 0)
        sx, sy = start[..., 0], start[..., 1]
        ex, ey = end[..., 0], end[..., 1]
        zeros, ones = tf.zeros_like(ex), tf.ones_like(ex)
        # Two equations per corner in the 8 transform parameters, which
        # send each end point to its start point.
        rows_x = tf.stack(
            [ex, ey, ones, zeros, zeros, zeros, -sx * ex, -sx * ey], axis=-1
        )
        rows_y = tf.stack(
            [zeros, zeros, zeros, ex, ey, ones, -sy * ex, -sy * ey], axis=-1
        )
        matrix = tf.reshape(tf.stack([rows_x, rows_y], axis=-2), [-1, 8, 8])
        target = tf.reshape(tf.stack([sx, sy], axis=-1), [-1, 8, 1])
        transforms = tf.linalg.solve(matrix, target)[..., 0]
        return self.affine_transform(
            images,
            transforms,
            interpolation=interpolation,
            fill_mode="constant",
            fill_value=fill_value,
            data_format=data_format,
        )

    def gaussian_blur(
        self, images, kernel_size=(3, 3), sigma=(1.0, 1.0), data_format=None
    ):
        tf = _tf()
        data_format = backend.standardize_data_format(data_format)
        sizes = [int(k) for k in np.ravel(np.asarray(kernel_size))]
        if len(sizes) == 1:
            sizes = sizes * 2
        unbatched = len(images.shape) == 3
        x = tf.expand_dims(images, 0) if unbatched else images
        x = _to_channels_last(x, data_format)
        dtype = x.dtype
        x = _float_compute(x)
        sigma = tf.reshape(tf.cast(sigma, x.dtype), [-1])
        sigma = tf.broadcast_to(sigma, [2])

        def kernel1d(size, s):
            t = tf.range(size, dtype=x.dtype) - (size - 1) / 2.0
            k = tf.exp(-0.5 * tf.square(t / s))
            return k / tf.reduce_sum(k)

        # The first size/sigma shape the horizontal kernel.
        kernel = tf.tensordot(
            kernel1d(sizes[1], sigma[1]), kernel1d(sizes[0], sigma[0]), 0
        )
        channels = x.shape[-1]
        kernel = tf.tile(kernel[:, :, None, None], [1, 1, channels, 1])
        out = tf.nn.depthwise_conv2d(x, kernel, [1, 1, 1, 1], "SAME")
        out = _from_channels_last(_cast_back(out, dtype), data_format)
        return out[0] if unbatched else out

    def elastic_transform(
        self,
        images,
        alpha=20.0,
        sigma=5.0,
        interpolation="bilinear",
        fill_mode="reflect",
        fill_value=0.0,
        seed=None,
        data_format=None,
    ):
        tf = _tf()
        data_format = backend.standardize_data_format(data_format)
        unbatched = len(images.shape) == 3
        x = tf.expand_dims(images, 0) if unbatched else images
        x = _to_channels_last(x, data_format)
        dtype = x.dtype
        x = _float_compute(x)
        shape = tf.shape(x)
        batch, height, width = shape[0], shape[1], shape[2]
        sigma = float(sigma)
        size = int(6 * sigma) | 1
        t = tf.range(size, dtype=x.dtype) - (size - 1) / 2.0
        kernel1d = tf.exp(-0.5 * tf.square(t / sigma))
        kernel1d = kernel1d / tf.reduce_sum(kernel1d)
        kernel = tf.tensordot(kernel1d, kernel1d, 0)[:, :, None, None]
        # Smooth random displacement fields, one per image and axis.
        fields = []
        for _ in range(2):
            noise = TF_RANDOM.normal(
                [batch, height, width, 1], dtype=x.dtype.name, seed=seed
            )
            smooth = tf.nn.depthwise_conv2d(
                noise * sigma, kernel, [1, 1, 1, 1], "SAME"
            )
            fields.append(tf.cast(alpha, x.dtype) * smooth[..., 0])
        grid_y, grid_x = tf.meshgrid(
            tf.range(height, dtype=x.dtype),
            tf.range(width, dtype=x.dtype),
            indexing="ij",
        )
        out = _sample_points(
            x,
            grid_y + fields[1],
            grid_x + fields[0],
            interpolation,
            fill_mode,
            fill_value,
        )
        out = _from_channels_last(_cast_back(out, dtype), data_format)
        return out[0] if unbatched else out


def _fold_index(index, size, fill_mode):
    """Integer pixel `index` folded into `[0, size)` per `fill_mode` (the
    `keras.ops.image.map_coordinates` conventions)."""
    tf = _tf()
    if fill_mode == "wrap":
        return tf.math.floormod(index, size)
    if fill_mode == "reflect":
        index = tf.math.floormod(index, 2 * size)
        return tf.where(index >= size, 2 * size - 1 - index, index)
    return tf.clip_by_value(index, 0, size - 1)


def _sample_points(x, src_y, src_x, interpolation, fill_mode, fill_value):
    """Samples NHWC float `x` at the `(batch, H, W)` points `(src_y,
    src_x)`: nearest or bilinear, outside points per `fill_mode`."""
    tf = _tf()
    shape = tf.shape(x)
    height, width = shape[1], shape[2]
    if interpolation == "nearest":
        # The nearest pixel, halves rounded up (not to even).
        corners = [(tf.floor(src_y + 0.5), tf.floor(src_x + 0.5), None)]
    else:
        y0, x0 = tf.floor(src_y), tf.floor(src_x)
        wy, wx = src_y - y0, src_x - x0
        corners = [
            (y0, x0, (1 - wy) * (1 - wx)),
            (y0, x0 + 1, (1 - wy) * wx),
            (y0 + 1, x0, wy * (1 - wx)),
            (y0 + 1, x0 + 1, wy * wx),
        ]
    out = 0.0
    for cy, cx, weight in corners:
        iy, ix = tf.cast(cy, "int32"), tf.cast(cx, "int32")
        index = tf.stack(
            [
                _fold_index(iy, height, fill_mode),
                _fold_index(ix, width, fill_mode),
            ],
            axis=-1,
        )
        values = tf.gather_nd(x, index, batch_dims=1)
        if fill_mode == "constant":
            inside = (iy >= 0) & (iy < height) & (ix >= 0) & (ix < width)
            fill = tf.cast(fill_value, x.dtype)
            values = tf.where(inside[..., None], values, fill)
        if weight is None:
            return values
        out = out + values * weight[..., None]
    return out


class TFNN:
    """`keras.ops.nn` functions of the image layers, in TensorFlow."""

    def depthwise_conv(
        self,
        inputs,
        kernel,
        strides=1,
        padding="valid",
        data_format=None,
        dilation_rate=1,
    ):
        tf = _tf()
        data_format = backend.standardize_data_format(data_format)
        if len(inputs.shape) != 4:
            raise ValueError(
                "Inside tf.data, `depthwise_conv` takes 4D inputs. "
                f"Received: inputs.shape={inputs.shape}"
            )
        x = _to_channels_last(inputs, data_format)
        stride = [strides] * 2 if isinstance(strides, int) else strides
        rate = [dilation_rate] * 2 if isinstance(dilation_rate, int) else None
        out = tf.nn.depthwise_conv2d(
            x,
            tf.cast(kernel, x.dtype),
            [1, *stride, 1],
            padding.upper(),
            dilations=rate or list(dilation_rate),
        )
        return _from_channels_last(out, data_format)


class TFLinalg:
    """`keras.ops.linalg` functions of the image layers, in TensorFlow."""

    def solve(self, a, b):
        return _tf().linalg.solve(a, b)


TF_OPS = TFOps()
TF_RANDOM = TFRandom()
TF_IMAGE = TFImage()
TF_NN = TFNN()
TF_LINALG = TFLinalg()
