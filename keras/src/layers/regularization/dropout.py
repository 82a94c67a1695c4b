"""`Dropout`: randomly zeroes inputs during training."""

from keras.src import random
from keras.src.api_export import keras_export
from keras.src.layers.layer import Layer
from keras.src.random.seed_generator import SeedGenerator


def _checked_noise_shape(noise_shape):
    """`noise_shape` as a tuple of positive ints and `None`s (or `None`)."""
    if noise_shape is None:
        return None
    prefix = "Invalid value received for argument `noise_shape`."
    if isinstance(noise_shape, (str, bytes)) or not isinstance(
        noise_shape, (list, tuple)
    ):
        raise ValueError(
            f"{prefix} Expected a tuple or list of integers. "
            f"Received: noise_shape={noise_shape!r}"
        )
    for size in noise_shape:
        if size is None:
            continue
        if isinstance(size, bool) or not isinstance(size, int):
            raise ValueError(
                f"{prefix} Expected all elements to be integers or None. "
                f"Received: noise_shape={noise_shape!r}"
            )
        if size <= 0:
            raise ValueError(
                f"{prefix} Expected all dimensions to be positive integers "
                f"or None. Received: noise_shape={noise_shape!r}"
            )
    return tuple(noise_shape)


@keras_export("keras.layers.Dropout")
class Dropout(Layer):
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

    def __init__(self, rate, noise_shape=None, seed=None, **kwargs):
        super().__init__(**kwargs)
        valid_rate = (
            isinstance(rate, (int, float))
            and not isinstance(rate, bool)
            and 0 <= rate <= 1
        )
        if not valid_rate:
            raise ValueError(
                "Invalid value received for argument `rate`. Expected a "
                "float value between 0 and 1 (the probability of dropping "
                f"an entry). Received: rate={rate!r}"
            )
        self.rate = rate
        self.seed = seed
        noise_shape = _checked_noise_shape(noise_shape)
        self.noise_shape = noise_shape
        if rate > 0:
            # Only a layer that can actually drop needs random state.
            self.seed_generator = SeedGenerator(seed)
        self.supports_masking = True
        self.built = True

    def call(self, inputs, training=False):
        if not training or self.rate == 0:
            return inputs
        return random.dropout(
            inputs,
            self.rate,
            noise_shape=self._concrete_noise_shape(inputs.shape),
            seed=self.seed_generator,
        )

    def _concrete_noise_shape(self, input_shape):
        """`noise_shape` with each `None` replaced by the input's size."""
        if self.noise_shape is None:
            return None
        return tuple(
            size if wanted is None else wanted
            for wanted, size in zip(self.noise_shape, tuple(input_shape))
        )

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = super().get_config()
        config.update(
            rate=self.rate, seed=self.seed, noise_shape=self.noise_shape
        )
        return config
