"""`GaussianNoise`: additive zero-mean noise while training."""

from keras.src import ops
from keras.src import random
from keras.src.api_export import keras_export
from keras.src.layers.layer import Layer
from keras.src.random.seed_generator import SeedGenerator


def check_rate(value, name):
    """Raises unless `value` is a number in `[0, 1]`."""
    valid = (
        isinstance(value, (int, float))
        and not isinstance(value, bool)
        and 0 <= value <= 1
    )
    if not valid:
        raise ValueError(
            f"Invalid value received for argument `{name}`. Expected a "
            f"float value between 0 and 1. Received: {name}={value!r}"
        )


@keras_export("keras.layers.GaussianNoise")
class GaussianNoise(Layer):
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

    def __init__(self, stddev, seed=None, **kwargs):
        super().__init__(**kwargs)
        check_rate(stddev, "stddev")
        self.stddev = stddev
        self.seed = seed
        if stddev > 0:
            self.seed_generator = SeedGenerator(seed)
        self.supports_masking = True
        self.built = True

    def call(self, inputs, training=False):
        if not training or self.stddev == 0:
            return inputs
        noise = random.normal(
            ops.shape(inputs),
            stddev=self.stddev,
            dtype=self.compute_dtype,
            seed=self.seed_generator,
        )
        return ops.add(inputs, noise)

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = super().get_config()
        config.update(stddev=self.stddev, seed=self.seed)
        return config
