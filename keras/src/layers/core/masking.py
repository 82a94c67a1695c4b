"""`Masking`: marks timesteps whose features all equal a value as masked."""

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.layer import Layer


@keras_export("keras.layers.Masking")
class Masking(Layer):
    """Masks the timesteps made entirely of `mask_value`.

    For inputs of shape `(batch, timesteps, features)`, a timestep is
    masked when every one of its features equals `mask_value`. Masked
    timesteps are zeroed in the output, and the output carries the Keras
    mask (`True` for kept timesteps), which mask-aware layers downstream
    (recurrent layers, pooling, attention, losses) then honor.

    Args:
        mask_value: The padding value. Defaults to `0.0`.
        **kwargs: Standard `Layer` options, e.g. `name`, `dtype`, `trainable`.

    Input shape:
        Arbitrary, rank >= 2; the last axis holds the features.

    Output shape:
        Same shape as the input.

    Example:

    >>> x = np.array([[[1.0, 2.0], [0.0, 0.0], [3.0, 0.0]]])
    >>> keras.layers.Masking(mask_value=0.0).compute_mask(x)
    Array([[ True, False,  True]], dtype=bool)
    """

    def __init__(self, mask_value=0.0, **kwargs):
        super().__init__(**kwargs)
        self.mask_value = mask_value
        self.supports_masking = True
        self.built = True

    def compute_mask(self, inputs, mask=None):
        return ops.any(ops.not_equal(inputs, self.mask_value), axis=-1)

    def call(self, inputs):
        keep = self.compute_mask(inputs)
        outputs = ops.multiply(
            inputs, ops.cast(ops.expand_dims(keep, -1), inputs.dtype)
        )
        backend.set_keras_mask(outputs, keep)
        return outputs

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        return {**super().get_config(), "mask_value": self.mask_value}
