"""`Dropout`: randomly zeroes inputs during training."""

from keras.src import random
from keras.src.api_export import keras_export
from keras.src.layers.regularization._noise import NoiseLayer
from keras.src.layers.regularization._noise import checked_noise_shape
from keras.src.layers.regularization._noise import concrete_noise_shape


@keras_export("keras.layers.Dropout")
class Dropout(NoiseLayer):
    """Randomly zeroes a fraction of its input while training.

    In training mode each entry is dropped (set to 0) independently with
    probability `rate`, and the survivors are multiplied by
    `1 / (1 - rate)` so the expected value of every entry stays the same.
    This discourages units from co-adapting and so acts as a regularizer.

    Outside training mode the layer returns its input untouched. Which
    mode applies is decided by the `training` call argument: `fit()` and
    the other training loops pass `training=True` for you, while
    `predict()`, `evaluate()` and plain calls leave it `False` unless you
    pass it yourself.

    Args:
        rate: Float in `[0, 1]`, the probability of dropping each entry.
        noise_shape: Optional tuple giving the shape of the random keep/
            drop pattern, which is broadcast over the input. Use size 1 on
            an axis to share the pattern along it, e.g. for inputs of shape
            `(batch, steps, channels)`, `noise_shape=(None, 1, None)` drops
            whole channels for all steps at once. `None` entries take the
            input's size. Defaults to `None` (independent per entry).
        seed: Optional integer seeding the layer's random generator, for
            reproducible patterns.
        **kwargs: Standard `Layer` options, e.g. `name`, `dtype`, `trainable`.

    Call arguments:
        inputs: Tensor of any rank.
        training: Boolean; `True` drops entries, `False` (the default)
            returns `inputs` unchanged.

    Input shape:
        Arbitrary.

    Output shape:
        Same shape as the input.

    Example:

    >>> drop = keras.layers.Dropout(0.75, seed=7)
    >>> x = np.full((3, 8), 2.0)
    >>> bool((drop(x) == x).all())  # inference: a no-op
    True
    >>> y = drop(x, training=True)  # every entry is now 0.0 or 8.0
    """

    _strength_meaning = "the probability of dropping an entry"

    def __init__(self, rate, noise_shape=None, seed=None, **kwargs):
        super().__init__(rate, seed=seed, **kwargs)
        self.noise_shape = checked_noise_shape(noise_shape)

    def _perturb(self, inputs):
        return random.dropout(
            inputs,
            self.rate,
            noise_shape=concrete_noise_shape(self.noise_shape, inputs.shape),
            seed=self.seed_generator,
        )

    def get_config(self):
        config = super().get_config()
        config.update(noise_shape=self.noise_shape)
        return config
