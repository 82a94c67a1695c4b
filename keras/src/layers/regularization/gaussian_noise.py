"""`GaussianNoise`: additive zero-mean noise while training."""

from keras.src import ops
from keras.src import random
from keras.src.api_export import keras_export
from keras.src.layers.regularization._noise import NoiseLayer


@keras_export("keras.layers.GaussianNoise")
class GaussianNoise(NoiseLayer):
    """Adds zero-mean normal noise to its inputs while training.

    A simple data augmentation for real-valued inputs that makes a model
    less sensitive to small perturbations. At inference the layer is the
    identity.

    Args:
        stddev: Float in `[0, 1]`, the standard deviation of the noise.
        seed: Optional integer seed for the noise.
        **kwargs: Standard `Layer` options.

    Call arguments:
        inputs: Tensor of any rank.
        training: Boolean; when `False` (default) inputs pass unchanged.

    Example:

    >>> layer = keras.layers.GaussianNoise(0.1, seed=0)
    >>> x = np.zeros((4, 3))
    >>> bool((layer(x) == 0).all())
    True
    >>> layer(x, training=True).shape
    (4, 3)
    """

    _strength = "stddev"

    def __init__(self, stddev, seed=None, **kwargs):
        super().__init__(stddev, seed=seed, **kwargs)

    def _perturb(self, inputs):
        noise = random.normal(
            ops.shape(inputs),
            stddev=self.stddev,
            dtype=self.compute_dtype,
            seed=self.seed_generator,
        )
        return ops.add(inputs, noise)
