"""`GlobalMaxPooling3D`: global max pooling over 3D volumes."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.pooling.base_global_pooling import BaseGlobalPooling


@keras_export(
    ["keras.layers.GlobalMaxPooling3D", "keras.layers.GlobalMaxPool3D"]
)
class GlobalMaxPooling3D(BaseGlobalPooling):
    """Global max pooling for 3D volumes.

    Reduces every channel to the maximum of its values over all spatial
    positions.

    Args:
        data_format: `"channels_last"` or `"channels_first"`, the order
            of the input axes (see below). Defaults to
            `keras.config.image_data_format()`.
        keepdims: Whether to keep the pooled spatial axes, with size 1.
            Defaults to `False`.
        **kwargs: Base layer arguments such as `name` and `dtype`.

    Input shape:
        With `"channels_last"`:
        `(batch, dim1, dim2, dim3, channels)`.
        With `"channels_first"`:
        `(batch, channels, dim1, dim2, dim3)`.

    Output shape:
        `(batch, channels)`, or with `keepdims=True`
        `(batch, 1, 1, 1, channels)` (`"channels_last"`) or
        `(batch, channels, 1, 1, 1)` (`"channels_first"`).

    Example:

    >>> x = np.random.rand(2, 4, 4, 4, 6)
    >>> keras.layers.GlobalMaxPooling3D()(x).shape
    (2, 6)
    """

    def __init__(self, data_format=None, keepdims=False, **kwargs):
        super().__init__(
            pool_dimensions=3,
            data_format=data_format,
            keepdims=keepdims,
            **kwargs,
        )

    def call(self, inputs):
        return ops.max(
            inputs, axis=self._spatial_axes(), keepdims=self.keepdims
        )
