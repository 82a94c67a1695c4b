"""`AlphaDropout`: dropout that keeps SELU's self-normalization."""

from keras.src import ops
from keras.src import random
from keras.src.api_export import keras_export
from keras.src.layers.layer import Layer
from keras.src.layers.regularization.dropout import _checked_noise_shape
from keras.src.layers.regularization.gaussian_noise import check_rate
from keras.src.random.seed_generator import SeedGenerator

# SELU's constants: dropped units are set to SELU's negative saturation
# value `-scale * alpha`.
_SELU_ALPHA = 1.6732632423543772848170429916717
_SELU_SCALE = 1.0507009873554804934193349852946


@keras_export("keras.layers.AlphaDropout")
class AlphaDropout(Layer):
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
        super().__init__(**kwargs)
        check_rate(rate, "rate")
        self.rate = rate
        self.seed = seed
        self.noise_shape = _checked_noise_shape(noise_shape)
        if rate > 0:
            self.seed_generator = SeedGenerator(seed)
        self.supports_masking = True
        self.built = True

    def call(self, inputs, training=False):
        if not training or self.rate <= 0:
            return inputs
        shape = ops.shape(inputs)
        noise_shape = shape
        if self.noise_shape is not None:
            noise_shape = tuple(
                size if wanted is None else wanted
                for wanted, size in zip(self.noise_shape, shape)
            )
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

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = super().get_config()
        config.update(
            rate=self.rate, seed=self.seed, noise_shape=self.noise_shape
        )
        return config
