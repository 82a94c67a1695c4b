"""`RMSNormalization`: scales inputs by their root mean square."""

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.distribution import logical_axes
from keras.src.layers.layer import Layer
from keras.src.layers.normalization.layer_normalization import _broadcastable
from keras.src.layers.normalization.layer_normalization import _normalized_dims
from keras.src.layers.normalization.layer_normalization import _statistics_dtype
from keras.src.layers.normalization.layer_normalization import normalize_axes


@keras_export("keras.layers.RMSNormalization")
class RMSNormalization(Layer):
    """Rescales every sample by the root mean square of its features.

    A lighter relative of `LayerNormalization` (Zhang and Sennrich,
    2019): nothing is subtracted, each sample is only divided by the root
    mean square of its values over `axis` and multiplied by a learned
    per-feature `scale` (initially ones):

    ```python
    y = x / sqrt(mean(x ** 2 over axis) + epsilon) * scale
    ```

    float16 and bfloat16 inputs are normalized in float32, and the result
    is cast back to the input's dtype.

    Args:
        axis: Integer or list of integers, the axis or axes the mean of
            squares is taken over; `scale` has their shape. Defaults to
            `-1`.
        epsilon: Float added under the square root, for numerical
            safety. Defaults to `1e-6`.
        **kwargs: Standard `Layer` options, e.g. `name`, `dtype`, `trainable`.

    Input shape:
        Arbitrary.

    Output shape:
        Same shape as the input.

    Example:

    >>> rms = keras.layers.RMSNormalization(epsilon=0.0)
    >>> rms(np.array([[3.0, -4.0], [0.5, 0.5]]))
    Array([[ 0.84852815, -1.1313709 ],
           [ 1.        ,  1.        ]], dtype=float32)

    Reference:

    - [Zhang and Sennrich, 2019](https://arxiv.org/abs/1910.07467).
    """

    def __init__(self, axis=-1, epsilon=1e-6, **kwargs):
        super().__init__(**kwargs)
        self.axis = list(axis) if isinstance(axis, (list, tuple)) else axis
        self.epsilon = epsilon
        self.supports_masking = True

    def build(self, input_shape):
        rank = len(input_shape)
        self._axes = normalize_axes(self.axis, rank, self.name)
        weight_shape = _normalized_dims(input_shape, self._axes, self.name)
        with logical_axes.logical_axes(
            (logical_axes.NORM,) * len(weight_shape)
        ):
            self.scale = self.add_weight(
                shape=weight_shape,
                name="scale",
                initializer="ones",
                trainable=True,
                autocast=False,
            )

    def call(self, x):
        input_dtype = backend.standardize_dtype(x.dtype)
        if not backend.is_float_dtype(input_dtype):
            input_dtype = self.compute_dtype
        dtype = _statistics_dtype(input_dtype)
        ndim = len(x.shape)
        x = ops.cast(x, dtype)
        # Negative axes count from the end of the input actually given,
        # which may have more leading axes than the shape built with.
        axes = normalize_axes(self.axis, ndim, self.name)
        mean_square = ops.mean(ops.square(x), axis=tuple(axes), keepdims=True)
        outputs = x * ops.rsqrt(mean_square + self.epsilon)
        scale = ops.cast(self.scale, dtype)
        scale = _broadcastable(scale, x.shape, axes)
        return ops.cast(outputs * scale, input_dtype)

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        return {
            **super().get_config(),
            "axis": self.axis,
            "epsilon": self.epsilon,
        }
