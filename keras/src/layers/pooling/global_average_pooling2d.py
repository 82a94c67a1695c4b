"""`GlobalAveragePooling2D`: global average pooling."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.pooling.base_global_pooling import BaseGlobalPooling


@keras_export(
    ["keras.layers.GlobalAveragePooling2D", "keras.layers.GlobalAvgPool2D"]
)
class GlobalAveragePooling2D(BaseGlobalPooling):
    """Global average pooling for 2D spatial data such as images.

    Reduces every channel to the mean of its values over all spatial
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
        `(batch, height, width, channels)`.
        With `"channels_first"`:
        `(batch, channels, height, width)`.

    Output shape:
        `(batch, channels)`, or with `keepdims=True`
        `(batch, 1, 1, channels)` (`"channels_last"`) or
        `(batch, channels, 1, 1)` (`"channels_first"`).

    Example:

    >>> x = np.random.rand(2, 5, 5, 3)
    >>> keras.layers.GlobalAveragePooling2D()(x).shape
    (2, 3)
    """

    def __init__(self, data_format=None, keepdims=False, **kwargs):
        super().__init__(
            pool_dimensions=2,
            data_format=data_format,
            keepdims=keepdims,
            **kwargs,
        )

    def call(self, inputs):
        return ops.mean(
            inputs, axis=self._spatial_axes(), keepdims=self.keepdims
        )
