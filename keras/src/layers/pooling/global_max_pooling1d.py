"""`GlobalMaxPooling1D`: global max pooling over temporal data."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.pooling.base_global_pooling import BaseGlobalPooling


@keras_export(
    ["keras.layers.GlobalMaxPooling1D", "keras.layers.GlobalMaxPool1D"]
)
class GlobalMaxPooling1D(BaseGlobalPooling):
    """Global max pooling for temporal data.

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
        `(batch, steps, features)`.
        With `"channels_first"`:
        `(batch, features, steps)`.

    Output shape:
        `(batch, features)`, or with `keepdims=True`
        `(batch, 1, features)` (`"channels_last"`) or
        `(batch, features, 1)` (`"channels_first"`).

    Example:

    >>> x = np.array([[[1.0, 6.0], [4.0, 2.0], [3.0, 5.0]]])
    >>> keras.layers.GlobalMaxPooling1D()(x)
    array([[4., 6.]], dtype=float32)
    """

    def __init__(self, data_format=None, keepdims=False, **kwargs):
        super().__init__(
            pool_dimensions=1,
            data_format=data_format,
            keepdims=keepdims,
            **kwargs,
        )

    def call(self, inputs):
        return ops.max(
            inputs, axis=self._spatial_axes(), keepdims=self.keepdims
        )
