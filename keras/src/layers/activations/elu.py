"""`ELU`: the exponential linear unit activation layer."""

from keras.src import activations
from keras.src.api_export import keras_export
from keras.src.layers.layer import Layer


@keras_export("keras.layers.ELU")
class ELU(Layer):
    """Exponential linear unit layer.

    Element-wise, positive inputs pass unchanged and the others become
    `alpha * (exp(x) - 1)`, a smooth curve that levels off at `-alpha`.

    Args:
        alpha: Float, the value the output tends to for very negative
            inputs (as a negative number: `-alpha`). Defaults to `1.0`.
        **kwargs: Standard `Layer` options, e.g. `name`, `dtype`, `trainable`.

    Input shape:
        Arbitrary.

    Output shape:
        Same shape as the input.

    Example:

    >>> keras.layers.ELU(alpha=0.5)(np.array([-3.0, 0.0, 2.0]))
    Array([-0.47510648,  0.        ,  2.        ], dtype=float32)
    """

    def __init__(self, alpha=1.0, **kwargs):
        super().__init__(**kwargs)
        self.alpha = alpha
        self.supports_masking = True
        self.built = True

    def call(self, inputs):
        return activations.elu(inputs, alpha=self.alpha)

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        return {**super().get_config(), "alpha": self.alpha}
