"""`ActivityRegularization`: adds an L1/L2 penalty on its inputs."""

from keras.src import regularizers
from keras.src.api_export import keras_export
from keras.src.layers.layer import Layer


@keras_export("keras.layers.ActivityRegularization")
class ActivityRegularization(Layer):
    """Identity layer that adds an L1/L2 penalty on the activations.

    Every call adds `l1 * sum(|x|) + l2 * sum(x**2)` to the layer's
    `losses` (and so to a model's training loss); the input itself is
    returned unchanged.

    Args:
        l1: Non-negative float, the L1 factor. Defaults to `0.0`.
        l2: Non-negative float, the L2 factor. Defaults to `0.0`.
        **kwargs: Standard `Layer` options.

    Example:

    >>> layer = keras.layers.ActivityRegularization(l1=0.5)
    >>> y = layer(np.array([[1.0, -3.0]]))
    >>> float(layer.losses[0])
    2.0
    """

    def __init__(self, l1=0.0, l2=0.0, **kwargs):
        super().__init__(
            activity_regularizer=regularizers.L1L2(l1=l1, l2=l2), **kwargs
        )
        self.supports_masking = True
        self.l1 = l1
        self.l2 = l2
        self.built = True

    def call(self, inputs):
        return inputs

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = super().get_config()
        config.pop("activity_regularizer", None)
        config.update(l1=self.l1, l2=self.l2)
        return config
