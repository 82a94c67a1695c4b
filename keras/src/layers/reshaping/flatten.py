"""`Flatten`: flattens all axes but the batch axis."""

import math

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.input_spec import InputSpec
from keras.src.layers.reshaping._reshaping_layer import ReshapingLayer


@keras_export("keras.layers.Flatten")
class Flatten(ReshapingLayer):
    """Collapses every axis except the batch axis into one.

    An input of shape `(batch, d1, d2, ..., dn)` comes out as
    `(batch, d1 * d2 * ... * dn)`; the batch axis is left alone. A rank-1
    input `(batch,)` becomes `(batch, 1)`.

    Args:
        data_format: Optional string, `"channels_last"` or
            `"channels_first"`: where the channels axis sits in the input,
            `(batch, ..., channels)` or `(batch, channels, ...)`. For
            `"channels_first"` inputs the channels axis is first moved to
            the end, so both layouts produce their values in the same
            order. Defaults to `keras.config.image_data_format()`
            (`"channels_last"` unless configured otherwise in
            `~/.keras/keras.json`).
        **kwargs: Standard `Layer` options, e.g. `name`, `dtype`, `trainable`.

    Input shape:
        Tensor of rank >= 1, `(batch_size, ...)`.

    Output shape:
        2D tensor `(batch_size, product of the other dimensions)`.

    Example:

    >>> feature_map = keras.Input(shape=(6, 5, 3))
    >>> keras.layers.Flatten()(feature_map).shape
    (None, 90)
    """

    keeps_sparse = True

    def __init__(self, data_format=None, **kwargs):
        super().__init__(**kwargs)
        self.data_format = backend.standardize_data_format(data_format)
        self._channels_first = self.data_format == "channels_first"
        self.input_spec = InputSpec(min_ndim=1)
        self.built = True

    def call(self, inputs):
        shape = tuple(inputs.shape)
        rank = len(shape)
        if rank > 2 and self._channels_first:
            # (batch, channels, *spatial) -> (batch, *spatial, channels)
            order = (0, *range(2, rank), 1)
            inputs = ops.transpose(inputs, axes=order)
        return ops.reshape(inputs, (shape[0], math.prod(shape[1:])))

    def compute_output_shape(self, input_shape):
        dims = tuple(input_shape)
        if len(dims) == 0:
            return (1,)
        batch, rest = dims[0], dims[1:]
        flat = None if None in rest else math.prod(rest)
        return (batch, flat)

    def get_config(self):
        return {**super().get_config(), "data_format": self.data_format}
