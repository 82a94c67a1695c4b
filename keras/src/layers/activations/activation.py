"""`Activation`: applies an activation function to its input."""

from keras.src import activations
from keras.src.api_export import keras_export
from keras.src.layers.layer import Layer


@keras_export("keras.layers.Activation")
class Activation(Layer):
    """Layer that passes its input through an activation function.

    Useful to apply a nonlinearity as a separate step, e.g. after a layer
    created with `activation=None`. The layer has no weights and keeps
    the input's shape; masks pass through unchanged.

    Args:
        activation: The function to apply: either a string naming one of
            `keras.activations` (e.g. `"tanh"`) or any callable mapping a
            tensor to a tensor of the same shape.
        **kwargs: Standard `Layer` options, e.g. `name`, `dtype`, `trainable`.

    Input shape:
        Arbitrary.

    Output shape:
        Same shape as the input.

    Example:

    >>> clip = keras.layers.Activation("relu6")
    >>> clip(np.array([-2.0, 3.5, 8.0]))
    Array([0. , 3.5, 6. ], dtype=float32)
    >>> square = keras.layers.Activation(lambda t: t * t)
    >>> square(np.array([1.5, -2.0]))
    Array([2.25, 4.  ], dtype=float32)
    """

    def __init__(self, activation, **kwargs):
        super().__init__(**kwargs)
        self.activation = activations.get(activation)
        self.supports_masking = True
        self.built = True

    def call(self, inputs):
        fn = self.activation
        return fn(inputs)

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        return {
            **super().get_config(),
            "activation": activations.serialize(self.activation),
        }
