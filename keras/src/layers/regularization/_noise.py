"""Shared pieces of the layers that perturb their inputs while training."""

from keras.src.layers.layer import Layer
from keras.src.random.seed_generator import SeedGenerator


def check_rate(value, name, meaning=None):
    """Raises unless `value` is a number in `[0, 1]`.

    `meaning`, when given, says in the message what the value stands for.
    """
    valid = (
        isinstance(value, (int, float))
        and not isinstance(value, bool)
        and 0 <= value <= 1
    )
    if not valid:
        meaning = f" ({meaning})" if meaning else ""
        raise ValueError(
            f"Invalid value received for argument `{name}`. Expected a "
            f"float value between 0 and 1{meaning}. "
            f"Received: {name}={value!r}"
        )


def checked_noise_shape(noise_shape):
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


def concrete_noise_shape(noise_shape, input_shape):
    """`noise_shape` with each `None` replaced by the input's size."""
    if noise_shape is None:
        return None
    return tuple(
        size if wanted is None else wanted
        for wanted, size in zip(noise_shape, tuple(input_shape))
    )


class NoiseLayer(Layer):
    """A layer that perturbs its inputs at random while training.

    Its strength (a number in `[0, 1]`) is stored under the argument name
    `_strength` (`"rate"` or `"stddev"`) and written to the config with
    `seed`. Outside training, or at strength 0, inputs pass unchanged;
    otherwise `_perturb(inputs)`, which subclasses implement, applies the
    noise. Only a layer that can perturb keeps a seed generator.
    """

    _strength = "rate"
    # What the strength means, for the error message of a bad value.
    _strength_meaning = None

    def __init__(self, strength, seed=None, **kwargs):
        super().__init__(**kwargs)
        check_rate(strength, self._strength, self._strength_meaning)
        setattr(self, self._strength, strength)
        self.seed = seed
        if strength > 0:
            self.seed_generator = SeedGenerator(seed)
        self.supports_masking = True
        self.built = True

    def call(self, inputs, training=False):
        if not training or getattr(self, self._strength) == 0:
            return inputs
        return self._perturb(inputs)

    def _perturb(self, inputs):
        raise NotImplementedError(
            f"Layer {self.__class__.__name__} does not implement `_perturb()`."
        )

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = super().get_config()
        config.update(
            {self._strength: getattr(self, self._strength), "seed": self.seed}
        )
        return config
