"""`LeakyReLU`: a rectified linear unit with a slope for negative inputs."""

import warnings

from keras.src import activations
from keras.src.api_export import keras_export
from keras.src.layers.layer import Layer


@keras_export("keras.layers.LeakyReLU")
class LeakyReLU(Layer):
    """Leaky rectified linear unit layer.

    Element-wise, `x` for `x >= 0` and `negative_slope * x` otherwise: a
    ReLU that keeps a small gradient for negative inputs.

    Args:
        negative_slope: Float >= 0, the slope below zero. Defaults to `0.3`.
        **kwargs: Standard `Layer` options, e.g. `name`, `dtype`, `trainable`.

    Input shape:
        Arbitrary.

    Output shape:
        Same shape as the input.

    Example:

    >>> keras.layers.LeakyReLU(negative_slope=0.1)(np.array([-4.0, 2.0]))
    Array([-0.4,  2. ], dtype=float32)
    """

    def __init__(self, negative_slope=0.3, **kwargs):
        if "alpha" in kwargs:
            # The Keras 2 name of the argument.
            negative_slope = kwargs.pop("alpha")
            warnings.warn(
                "Argument `alpha` of `LeakyReLU` is deprecated; use "
                "`negative_slope` instead.",
                stacklevel=2,
            )
        super().__init__(**kwargs)
        if negative_slope is None or negative_slope < 0:
            raise ValueError(
                "The negative_slope value of a Leaky ReLU layer cannot be "
                f"None or negative; got negative_slope={negative_slope!r}."
            )
        self.negative_slope = negative_slope
        self.supports_masking = True
        self.built = True

    def call(self, inputs):
        return activations.leaky_relu(
            inputs, negative_slope=self.negative_slope
        )

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        return {**super().get_config(), "negative_slope": self.negative_slope}
