"""`GlobalMaxPooling2D`: global max pooling."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.pooling.base_global_pooling import BaseGlobalPooling


@keras_export(
    ["keras.layers.GlobalMaxPooling2D", "keras.layers.GlobalMaxPool2D"]
)
class GlobalMaxPooling2D(BaseGlobalPooling):
    """Global max pooling for 2D spatial data such as images.

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
        `(batch, height, width, channels)`.
        With `"channels_first"`:
        `(batch, channels, height, width)`.

    Output shape:
        `(batch, channels)`, or with `keepdims=True`
        `(batch, 1, 1, channels)` (`"channels_last"`) or
        `(batch, channels, 1, 1)` (`"channels_first"`).

    Example:

    >>> x = np.random.rand(2, 5, 5, 3)
    >>> keras.layers.GlobalMaxPooling2D(keepdims=True)(x).shape
    (2, 1, 1, 3)
    """

    def __init__(self, data_format=None, keepdims=False, **kwargs):
        super().__init__(
            pool_dimensions=2,
            data_format=data_format,
            keepdims=keepdims,
            **kwargs,
        )

    def call(self, inputs):
        return ops.max(
            inputs, axis=self._spatial_axes(), keepdims=self.keepdims
        )
