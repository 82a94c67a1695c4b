"""`GlobalAveragePooling1D`: global average pooling over temporal data."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.pooling.base_global_pooling import BaseGlobalPooling
from keras.src.layers.pooling.base_global_pooling import global_pooling_doc


@keras_export(
    ["keras.layers.GlobalAveragePooling1D", "keras.layers.GlobalAvgPool1D"]
)
class GlobalAveragePooling1D(BaseGlobalPooling):
    __doc__ = global_pooling_doc(
        1,
        "average",
        """
    >>> x = np.array([[[1.0, 6.0], [4.0, 2.0], [4.0, 4.0]]])
    >>> keras.layers.GlobalAveragePooling1D()(x)
    array([[3., 4.]], dtype=float32)
""",
        call_arguments="""
    Call arguments:
        inputs: The input tensor.
        mask: Optional boolean or 0/1 tensor of shape `(batch, steps)`;
            when given, only the steps where it is true are averaged.
""",
    )

    pool_dimensions = 1
    pool_mode = "average"

    def __init__(self, data_format=None, keepdims=False, **kwargs):
        super().__init__(data_format=data_format, keepdims=keepdims, **kwargs)
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
