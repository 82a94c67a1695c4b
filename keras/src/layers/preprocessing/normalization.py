"""`Normalization`: shifts and scales features to zero mean, unit variance."""

import numpy as np

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.layers.preprocessing import adapt_utils
from keras.src.layers.preprocessing.data_layer import DataLayer


@keras_export("keras.layers.Normalization")
class Normalization(DataLayer):
    """Standardizes features: `(x - mean) / sqrt(variance)`.

    The statistics are either given (`mean` and `variance`) or learned by
    `adapt()`, which reads a dataset once and records the mean and variance
    of every feature. A feature is one position along `axis`: statistics are
    computed over all other axes (the batch axis included).

    Args:
        axis: The axis or axes holding the features, each normalized with
            its own statistics (e.g. `-1` for the channels of an image
            batch, `(1, 2)` for each pixel position). `None` uses a single
            mean and variance for all values. Defaults to `-1`.
        mean: Optional mean to use instead of `adapt()`: a scalar or an
            array broadcastable to the kept axes.
        variance: Optional variance, given together with `mean`.
        invert: If `True`, undoes the normalization instead:
            `x * sqrt(variance) + mean`.
        **kwargs: Standard `Layer` options (e.g. `name`, `dtype`).

    Example:

    >>> layer = keras.layers.Normalization(axis=-1)
    >>> layer.adapt(np.array([[0.0, 10.0], [2.0, 30.0]]))
    >>> layer(np.array([[1.0, 20.0]]))
    array([[0., 0.]], dtype=float32)
    """

    def __init__(
        self, axis=-1, mean=None, variance=None, invert=False, **kwargs
    ):
        super().__init__(**kwargs)
        if axis is None:
            axis = ()
        elif isinstance(axis, int):
            axis = (axis,)
        else:
            axis = tuple(axis)
        self.axis = axis
        if (mean is None) != (variance is None):
            raise ValueError(
                "`mean` and `variance` come as a pair: both `mean` and "
                "`variance` must be set, or neither (to use `adapt()`). "
                f"Received: mean={mean} and variance={variance}"
            )
        self.input_mean = mean
        self.input_variance = variance
        self.invert = invert
        self.supports_masking = True
        self._build_input_shape = None
        self._mean = None
        self._variance = None
        self._broadcast_shape = None

    def build(self, input_shape):
        if input_shape is None:
            return
        ndim = len(input_shape)
        self._build_input_shape = tuple(input_shape)
        if any(a < -ndim or a >= ndim for a in self.axis):
            raise ValueError(
                "All `axis` values must be in the range [-ndim, ndim). "
                f"Received inputs with ndim={ndim}, while axis={self.axis}"
            )
        self._keep_axis = tuple(
            sorted(a if a >= 0 else a + ndim for a in self.axis)
        )
        self._reduce_axis = tuple(
            d for d in range(ndim) if d not in self._keep_axis
        )
        kept_dims = tuple(input_shape[d] for d in self._keep_axis)
        if any(d is None for d in kept_dims):
            raise ValueError(
                "All `axis` values to be kept must have a known shape. "
                f"Received axis={self.axis}, inputs.shape={input_shape}, "
                f"with unknown axis at index {kept_dims.index(None)}"
            )
        self._kept_dims = kept_dims
        self._broadcast_shape = tuple(
            input_shape[d] if d in self._keep_axis else 1 for d in range(ndim)
        )
        if self.input_mean is None:
            self.adapt_mean = self.add_weight(
                name="mean",
                shape=kept_dims,
                initializer="zeros",
                trainable=False,
            )
            self.adapt_variance = self.add_weight(
                name="variance",
                shape=kept_dims,
                initializer="ones",
                trainable=False,
            )
            self.count = self.add_weight(
                name="count",
                shape=(),
                dtype="int",
                initializer="zeros",
                trainable=False,
            )
        else:
            self._mean = self._broadcast(self.input_mean)
            self._variance = self._broadcast(self.input_variance)

    def _broadcast(self, value):
        value = np.asarray(value, dtype="float32")
        if value.ndim == len(self._broadcast_shape):
            # Already laid out like the inputs (e.g. another layer's mean).
            return np.broadcast_to(value, self._broadcast_shape)
        value = np.broadcast_to(value, self._kept_dims)
        return np.reshape(value, self._broadcast_shape)

    @property
    def mean(self):
        """The mean in use, shaped to broadcast against the inputs."""
        if self._mean is not None:
            return self._mean
        if self.input_mean is None and self.built:
            return self._broadcast(backend.convert_to_numpy(self.adapt_mean))
        return None

    @property
    def variance(self):
        """The variance in use, shaped to broadcast against the inputs."""
        if self._variance is not None:
            return self._variance
        if self.input_variance is None and self.built:
            return self._broadcast(
                backend.convert_to_numpy(self.adapt_variance)
            )
        return None

    def adapt(self, data):
        """Computes the mean and variance of each feature of `data`.

        Args:
            data: A NumPy array or backend tensor, a `tf.data.Dataset`, a
                `keras.utils.PyDataset`, or an iterable of batches
                (supervised `(x, y, ...)` batches use their `x`).
        """
        count, mean, m2 = 0, None, None
        for batch in adapt_utils.iter_batches(data):
            if not hasattr(batch, "shape"):
                raise TypeError(
                    "`Normalization.adapt()` needs batches with a `.shape` "
                    f"(arrays or tensors); received {batch!r} of type "
                    f"{type(batch).__name__}."
                )
            batch = np.asarray(batch, dtype="float64")
            if not self.built:
                self.build(batch.shape)
                self.built = True
                self._lock_state()
            elif self._build_input_shape is not None:
                self._check_shape(batch.shape)
            axes = self._reduce_axis
            n = int(np.prod([batch.shape[a] for a in axes]))
            if n == 0:
                continue
            batch_mean = np.mean(batch, axis=axes)
            batch_m2 = np.sum(
                (batch - np.mean(batch, axis=axes, keepdims=True)) ** 2,
                axis=axes,
            )
            if mean is None:
                count, mean, m2 = n, batch_mean, batch_m2
                continue
            total = count + n
            delta = batch_mean - mean
            mean = mean + delta * n / total
            m2 = m2 + batch_m2 + delta**2 * count * n / total
            count = total
        if mean is None:
            raise ValueError(
                "`Normalization.adapt()` received an empty iterable: no "
                "batch to compute statistics from. Pass at least one batch."
            )
        self.adapt_mean.assign(np.reshape(mean, self._kept_dims))
        self.adapt_variance.assign(np.reshape(m2 / count, self._kept_dims))
        self.count.assign(count)

    def _check_shape(self, shape):
        expected = self._build_input_shape
        compatible = len(shape) == len(expected) and all(
            shape[d] == expected[d] for d in self._keep_axis
        )
        if not compatible:
            raise ValueError(
                "`Normalization.adapt()` received data of an incompatible "
                f"shape: {tuple(shape)}; the layer was built for inputs of "
                f"shape {expected} (axis={self.axis})."
            )

    def call(self, inputs):
        ops = self.backend
        inputs = ops.cast(inputs, self.compute_dtype)
        if self.input_mean is not None:
            mean, variance = self._mean, self._variance
        else:
            mean, variance = self.adapt_mean, self.adapt_variance
        mean = ops.reshape(
            ops.convert_to_tensor(mean, dtype=self.compute_dtype),
            self._broadcast_shape,
        )
        variance = ops.reshape(
            ops.convert_to_tensor(variance, dtype=self.compute_dtype),
            self._broadcast_shape,
        )
        scale = ops.maximum(ops.sqrt(variance), backend.epsilon())
        if self.invert:
            return mean + inputs * scale
        return (inputs - mean) / scale

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = super().get_config()
        config.update(
            {
                "axis": self.axis,
                "invert": self.invert,
                "mean": _to_list(self.input_mean),
                "variance": _to_list(self.input_variance),
            }
        )
        return config


def _to_list(value):
    if value is None or isinstance(value, (int, float)):
        return value
    return np.asarray(value).tolist()
