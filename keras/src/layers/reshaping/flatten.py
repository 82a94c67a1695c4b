"""`Flatten`: flattens all axes but the batch axis."""

import math

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.input_spec import InputSpec
from keras.src.layers.layer import Layer


@keras_export("keras.layers.Flatten")
class Flatten(Layer):
    """Flattens the input. Does not affect the batch size.

    Note: If inputs are shaped `(batch,)` without a feature axis, then
    flattening adds an extra channel dimension and output shape is
    `(batch, 1)`.

    Args:
        data_format: A string, one of `"channels_last"` (default) or
            `"channels_first"`. The ordering of the dimensions in the
            inputs. `"channels_last"` corresponds to inputs with shape
            `(batch, ..., channels)` while `"channels_first"` corresponds
            to inputs with shape `(batch, channels, ...)`. With
            `"channels_first"`, the channels axis is moved last before
            flattening, so both formats flatten in the same order. It
            defaults to the `image_data_format` value found in your Keras
            config file at `~/.keras/keras.json`. If you never set it, then
            it will be `"channels_last"`.
        **kwargs: Base layer keyword arguments, such as `name` and `dtype`.

    Input shape:
        N-D tensor with shape `(batch_size, ...)`.

    Output shape:
        2-D tensor with shape `(batch_size, prod(other dims))`.

    Example:

    >>> x = keras.Input(shape=(10, 64))
    >>> y = keras.layers.Flatten()(x)
    >>> y.shape
    (None, 640)
    """

    def __init__(self, data_format=None, **kwargs):
        super().__init__(**kwargs)
        self.data_format = backend.standardize_data_format(data_format)
        self.input_spec = InputSpec(min_ndim=1)
        self._channels_first = self.data_format == "channels_first"
        self.built = True

    def call(self, inputs):
        input_shape = tuple(inputs.shape)
        rank = len(input_shape)
        if self._channels_first and rank > 2:
            # Move the channels axis last.
            inputs = ops.transpose(
                inputs, axes=(0,) + tuple(range(2, rank)) + (1,)
            )
        flat_dim = math.prod(input_shape[1:]) if rank > 1 else 1
        return ops.reshape(inputs, (input_shape[0], flat_dim))

    def compute_output_shape(self, input_shape):
        input_shape = tuple(input_shape)
        if not input_shape:
            return (1,)
        non_batch = input_shape[1:]
        if any(d is None for d in non_batch):
            return (input_shape[0], None)
        return (input_shape[0], math.prod(non_batch))

    def compute_output_spec(self, inputs):
        return backend.KerasTensor(
            self.compute_output_shape(inputs.shape), dtype=inputs.dtype
        )

    def get_config(self):
        config = {"data_format": self.data_format}
        base_config = super().get_config()
        return {**base_config, **config}
