"""`AlphaDropout`: dropout that keeps SELU's self-normalization."""

from keras.src import ops
from keras.src import random
from keras.src.api_export import keras_export
from keras.src.layers.regularization._noise import NoiseLayer
from keras.src.layers.regularization._noise import checked_noise_shape
from keras.src.layers.regularization._noise import concrete_noise_shape

# SELU's constants: dropped units are set to SELU's negative saturation
# value `-scale * alpha`.
_SELU_ALPHA = 1.6732632423543772848170429916717
_SELU_SCALE = 1.0507009873554804934193349852946


@keras_export("keras.layers.AlphaDropout")
class AlphaDropout(NoiseLayer):
    """Dropout for self-normalizing (SELU) networks.

    Dropped entries are set to SELU's negative saturation value rather
    than 0, then an affine correction restores the mean and variance the
    inputs had, so activations stay normalized. Only active while
    training; meant to follow `"selu"` activations.

    Args:
        rate: Float in `[0, 1]`, the probability of dropping each entry.
        noise_shape: Optional shape of the random keep/drop pattern,
            broadcast over the input (`None` entries take the input's
            size), as for `Dropout`.
        seed: Optional integer seed for the pattern.
        **kwargs: Standard `Layer` options.

    Call arguments:
        inputs: Tensor of any rank.
        training: Boolean; when `False` (default) inputs pass unchanged.

    Example:

    >>> layer = keras.layers.AlphaDropout(0.1, seed=2)
    >>> layer(np.zeros((3, 4)), training=True).shape
    (3, 4)
    """

    def __init__(self, rate, noise_shape=None, seed=None, **kwargs):
        super().__init__(rate, seed=seed, **kwargs)
        self.noise_shape = checked_noise_shape(noise_shape)

    def _perturb(self, inputs):
        shape = ops.shape(inputs)
        noise_shape = shape
        if self.noise_shape is not None:
            noise_shape = concrete_noise_shape(self.noise_shape, shape)
        saturation = -_SELU_ALPHA * _SELU_SCALE
        keep = ops.greater_equal(
            random.uniform(noise_shape, seed=self.seed_generator), self.rate
        )
        keep = ops.cast(keep, self.compute_dtype)
        keep_prob = 1.0 - self.rate
        a = (keep_prob * (1.0 + self.rate * saturation**2)) ** -0.5
        b = -a * saturation * self.rate
        x = inputs * keep + saturation * (1.0 - keep)
        return a * x + b

    def get_config(self):
        config = super().get_config()
        config.update(noise_shape=self.noise_shape)
        return config
