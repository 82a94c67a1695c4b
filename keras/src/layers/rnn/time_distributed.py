"""`TimeDistributed`: applies a layer to every timestep of a sequence."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.core.wrapper import Wrapper
from keras.src.layers.layer import Layer


@keras_export("keras.layers.TimeDistributed")
class TimeDistributed(Wrapper):
    """Applies a layer independently to every timestep of its input.

    For an input `(batch, timesteps, ...)`, the wrapped layer sees each
    `(batch, ...)` slice along axis 1, with the same weights for every
    timestep, and the results are stacked back along axis 1. The batch
    and time axes are merged into one for a single call of the wrapped
    layer, so a layer that mixes samples of a batch (e.g.
    `BatchNormalization` in training) sees all the timesteps together.

    A mask `(batch, timesteps, ...)` (passed as `mask=` or carried by the
    input) is handed to the wrapped layer, slice by slice, when its
    `call` takes a `mask`, and is kept on the output.

    Args:
        layer: The `keras.layers.Layer` instance to apply.
        **kwargs: Standard `Layer` options, e.g. `name`, `dtype`, `trainable`.

    Call arguments:
        inputs: Tensor `(batch, timesteps, ...)`, of rank 3 or more.
        training: Passed to the wrapped layer.
        mask: Optional boolean tensor `(batch, timesteps, ...)`.

    Example:

    >>> frames = np.zeros((4, 10, 32, 32, 3))
    >>> layer = keras.layers.TimeDistributed(keras.layers.Conv2D(8, 3))
    >>> layer(frames).shape
    (4, 10, 30, 30, 8)
    """

    def __init__(self, layer, **kwargs):
        if not isinstance(layer, Layer):
            raise ValueError(
                "`TimeDistributed` needs a `keras.layers.Layer` instance to "
                f"apply. Received: layer={layer!r}"
            )
        super().__init__(layer, **kwargs)
        self.supports_masking = True

    def _child_input_shape(self, input_shape):
        if not isinstance(input_shape, (tuple, list)) or len(input_shape) < 3:
            raise ValueError(
                "`TimeDistributed` needs inputs of rank 3 or more, "
                "`(batch, timesteps, ...)`. Received: "
                f"input_shape={input_shape}"
            )
        return (input_shape[0], *input_shape[2:])

    def compute_output_shape(self, input_shape):
        child_output_shape = self.layer.compute_output_shape(
            self._child_input_shape(input_shape)
        )
        return (child_output_shape[0], input_shape[1], *child_output_shape[1:])

    def build(self, input_shape):
        super().build(self._child_input_shape(input_shape))

    def call(self, inputs, training=None, mask=None):
        shape = ops.shape(inputs)
        batch_size, timesteps = shape[0], shape[1]
        if mask is not None:
            mask_shape = tuple(ops.shape(mask))
            if mask_shape[:2] != (batch_size, timesteps):
                raise ValueError(
                    "The `mask` passed to the `TimeDistributed` layer has a "
                    f"shape {mask_shape} whose first two dimensions do not "
                    f"match the inputs' (batch_size, timesteps) = "
                    f"({batch_size}, {timesteps}); inputs shape: "
                    f"{tuple(shape)}."
                )
        # One call on `(batch * timesteps, ...)`.
        merged = ops.reshape(inputs, (batch_size * timesteps, *shape[2:]))
        kwargs = {}
        if self.layer._call_has_training_arg:
            kwargs["training"] = training
        if mask is not None and self.layer._call_has_mask_arg:
            mask_shape = ops.shape(mask)
            kwargs["mask"] = ops.reshape(
                mask, (batch_size * timesteps, *mask_shape[2:])
            )
        outputs = self.layer(merged, **kwargs)
        out_shape = ops.shape(outputs)
        return ops.reshape(outputs, (batch_size, timesteps, *out_shape[1:]))
