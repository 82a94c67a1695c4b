"""`GaussianDropout`: multiplicative one-centered noise while training."""

import math

from keras.src import ops
from keras.src import random
from keras.src.api_export import keras_export
from keras.src.layers.regularization._noise import NoiseLayer


@keras_export("keras.layers.GaussianDropout")
class GaussianDropout(NoiseLayer):
    """Multiplies its inputs by noise drawn from `N(1, rate / (1 - rate))`.

    A continuous counterpart of `Dropout`: the multiplicative noise has
    mean 1 (so expected activations are unchanged) and the same variance
    as the rescaled keep/drop mask of `Dropout(rate)`. Only active while
    training.

    Args:
        rate: Float in `[0, 1)`, the equivalent dropout probability.
        seed: Optional integer seed for the noise.
        **kwargs: Standard `Layer` options.

    Call arguments:
        inputs: Tensor of any rank.
        training: Boolean; when `False` (default) inputs pass unchanged.

    Example:

    >>> layer = keras.layers.GaussianDropout(0.2, seed=1)
    >>> layer(np.ones((2, 5)), training=True).shape
    (2, 5)
    """

    def __init__(self, rate, seed=None, **kwargs):
        super().__init__(rate, seed=seed, **kwargs)

    def _perturb(self, inputs):
        stddev = math.sqrt(self.rate / (1.0 - self.rate))
        noise = random.normal(
            ops.shape(inputs),
            mean=1.0,
            stddev=stddev,
            dtype=self.compute_dtype,
            seed=self.seed_generator,
        )
        return ops.multiply(inputs, noise)
