"""`GlobalAveragePooling1D`: global average pooling over temporal data."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.pooling.base_global_pooling import BaseGlobalPooling


@keras_export(
    ["keras.layers.GlobalAveragePooling1D", "keras.layers.GlobalAvgPool1D"]
)
class GlobalAveragePooling1D(BaseGlobalPooling):
    """Global average pooling for temporal data.

    Reduces every channel to the mean of its values over all spatial
    positions.

    Args:
        data_format: `"channels_last"` or `"channels_first"`, the order
            of the input axes (see below). Defaults to
            `keras.config.image_data_format()`.
        keepdims: Whether to keep the pooled spatial axes, with size 1.
            Defaults to `False`.
        **kwargs: Base layer arguments such as `name` and `dtype`.

    Call arguments:
        inputs: The input tensor.
        mask: Optional boolean or 0/1 tensor of shape `(batch, steps)`;
            when given, only the steps where it is true are averaged.

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

    >>> x = np.array([[[1.0, 6.0], [4.0, 2.0], [4.0, 4.0]]])
    >>> keras.layers.GlobalAveragePooling1D()(x)
    array([[3., 4.]], dtype=float32)
    """

    def __init__(self, data_format=None, keepdims=False, **kwargs):
        super().__init__(
            pool_dimensions=1,
            data_format=data_format,
            keepdims=keepdims,
            **kwargs,
        )
        self.supports_masking = True

    def call(self, inputs, mask=None):
        axis = self._spatial_axes()[0]
        if mask is None:
            return ops.mean(inputs, axis=axis, keepdims=self.keepdims)
        # Average over the unmasked steps only.
        channel_axis = 2 if self.data_format == "channels_last" else 1
        mask = ops.expand_dims(ops.cast(mask, inputs.dtype), channel_axis)
        total = ops.sum(inputs * mask, axis=axis, keepdims=self.keepdims)
        count = ops.sum(mask, axis=axis, keepdims=self.keepdims)
        # A sample with no unmasked step gives 0 (its total is 0 too).
        return ops.divide(total, ops.maximum(count, 1))

    def compute_mask(self, inputs, mask=None):
        return None
