"""Initializers that draw random numbers."""

import math
import random as python_random

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.backend import standardize_dtype
from keras.src.initializers.initializer import Initializer


def _make_default_seed():
    # Drawn from Python's global RNG, which
    # `keras.utils.set_random_seed` seeds, so unseeded initializers are
    # reproducible after setting the global seed.
    return python_random.randint(1, int(1e9))


def _is_seed_generator(seed):
    try:
        from keras.src.random.seed_generator import SeedGenerator
    except ImportError:  # pragma: no cover
        return False
    return isinstance(seed, SeedGenerator)


class RandomInitializer(Initializer):
    """Base class of the initializers that draw random numbers.

    Args:
        seed: `None`, an integer or a `keras.random.SeedGenerator`. With an
            integer, every call of the initializer returns the same values.
            With `None`, a seed is drawn once from the global RNG (seeded by
            `keras.utils.set_random_seed`) when the initializer is created.
    """

    def __init__(self, seed=None):
        self._init_seed = seed
        if seed is None:
            seed = _make_default_seed()
        elif isinstance(seed, dict):
            from keras.src.saving import serialization_lib

            seed = serialization_lib.deserialize_keras_object(seed)
        elif isinstance(seed, bool) or not (
            isinstance(seed, int) or _is_seed_generator(seed)
        ):
            raise ValueError(
                "`seed` argument should be an instance of "
                "`keras.random.SeedGenerator()` or an integer. "
                f"Received: seed={seed}"
            )
        self.seed = seed

    def _seed_config(self):
        seed = self._init_seed
        if seed is None or isinstance(seed, int):
            return seed
        from keras.src.saving import serialization_lib

        return serialization_lib.serialize_keras_object(seed)

    def get_config(self):
        return {"seed": self._seed_config()}


def _float_dtype(dtype, initializer_name):
    dtype = standardize_dtype(dtype)
    if dtype not in ("float16", "bfloat16", "float32", "float64"):
        raise ValueError(
            f"{initializer_name} only supports floating point dtypes. "
            f"Received: dtype={dtype}"
        )
    return dtype


@keras_export(
    [
        "keras.initializers.RandomNormal",
        "keras.initializers.random_normal",
    ]
)
class RandomNormal(RandomInitializer):
    """Random normal initializer.

    Draws samples from a normal distribution for given parameters.

    Args:
        mean: A python scalar or a scalar keras tensor. Mean of the random
            values to generate.
        stddev: A python scalar or a scalar keras tensor. Standard deviation
            of the random values to generate.
        seed: A Python integer or instance of `keras.random.SeedGenerator`.
            Used to make the behavior of the initializer deterministic. Note
            that an initializer seeded with an integer or `None` (unseeded)
            will produce the same random values across multiple calls. To
            get different random values across multiple calls, use as seed
            an instance of `keras.random.SeedGenerator`.

    Example:

    >>> initializer = keras.initializers.RandomNormal(mean=0.0, stddev=1.0)
    >>> values = initializer(shape=(2, 2))
    """

    def __init__(self, mean=0.0, stddev=0.05, seed=None):
        self.mean = mean
        self.stddev = stddev
        super().__init__(seed=seed)

    def __call__(self, shape, dtype=None):
        from keras.src import random

        return random.normal(
            shape=shape,
            mean=self.mean,
            stddev=self.stddev,
            seed=self.seed,
            dtype=_float_dtype(dtype, "RandomNormal"),
        )

    def get_config(self):
        base_config = super().get_config()
        config = {"mean": self.mean, "stddev": self.stddev}
        return {**base_config, **config}


@keras_export(
    [
        "keras.initializers.TruncatedNormal",
        "keras.initializers.truncated_normal",
    ]
)
class TruncatedNormal(RandomInitializer):
    """Initializer that generates a truncated normal distribution.

    The values generated are similar to values from a `RandomNormal`
    initializer, except that values more than two standard deviations from
    the mean are discarded and re-drawn.

    Args:
        mean: A python scalar or a scalar keras tensor. Mean of the random
            values to generate.
        stddev: A python scalar or a scalar keras tensor. Standard deviation
            of the random values to generate (before truncation).
        seed: A Python integer or instance of `keras.random.SeedGenerator`.
            See `RandomNormal` for how seeds behave.

    Example:

    >>> initializer = keras.initializers.TruncatedNormal(stddev=1.0)
    >>> values = initializer(shape=(2, 2))
    """

    def __init__(self, mean=0.0, stddev=0.05, seed=None):
        self.mean = mean
        self.stddev = stddev
        super().__init__(seed=seed)

    def __call__(self, shape, dtype=None):
        from keras.src import random

        return random.truncated_normal(
            shape=shape,
            mean=self.mean,
            stddev=self.stddev,
            seed=self.seed,
            dtype=_float_dtype(dtype, "TruncatedNormal"),
        )

    def get_config(self):
        base_config = super().get_config()
        config = {"mean": self.mean, "stddev": self.stddev}
        return {**base_config, **config}


@keras_export(
    [
        "keras.initializers.RandomUniform",
        "keras.initializers.random_uniform",
    ]
)
class RandomUniform(RandomInitializer):
    """Random uniform initializer.

    Draws samples from a uniform distribution over `[minval, maxval)`.

    Args:
        minval: A python scalar or a scalar keras tensor. Lower bound of the
            range of random values to generate (inclusive).
        maxval: A python scalar or a scalar keras tensor. Upper bound of the
            range of random values to generate (exclusive).
        seed: A Python integer or instance of `keras.random.SeedGenerator`.
            See `RandomNormal` for how seeds behave.

    Example:

    >>> initializer = keras.initializers.RandomUniform(minval=0.0, maxval=1.0)
    >>> values = initializer(shape=(2, 2))
    """

    def __init__(self, minval=-0.05, maxval=0.05, seed=None):
        self.minval = minval
        self.maxval = maxval
        super().__init__(seed=seed)

    def __call__(self, shape, dtype=None):
        from keras.src import random

        return random.uniform(
            shape=shape,
            minval=self.minval,
            maxval=self.maxval,
            seed=self.seed,
            dtype=_float_dtype(dtype, "RandomUniform"),
        )

    def get_config(self):
        base_config = super().get_config()
        config = {"minval": self.minval, "maxval": self.maxval}
        return {**base_config, **config}


def compute_fans(shape):
    """Computes the number of input and output units for a weight shape.

    For shapes of rank > 2 (convolution kernels), the leading dimensions
    form the receptive field: `fan_in = shape[-2] * receptive_field` and
    `fan_out = shape[-1] * receptive_field`.

    Args:
        shape: Integer shape tuple.

    Returns:
        A tuple of integer scalars: `(fan_in, fan_out)`.
    """
    shape = tuple(shape)
    if len(shape) < 1:  # Just to avoid errors for constants.
        fan_in = fan_out = 1
    elif len(shape) == 1:
        fan_in = fan_out = shape[0]
    elif len(shape) == 2:
        fan_in, fan_out = shape
    else:
        receptive_field_size = 1
        for dim in shape[:-2]:
            receptive_field_size *= dim
        fan_in = shape[-2] * receptive_field_size
        fan_out = shape[-1] * receptive_field_size
    return int(fan_in), int(fan_out)


@keras_export(
    [
        "keras.initializers.VarianceScaling",
        "keras.initializers.variance_scaling",
    ]
)
class VarianceScaling(RandomInitializer):
    """Initializer that adapts its scale to the shape of its input tensors.

    With `distribution="truncated_normal"` or `"untruncated_normal"`,
    samples are drawn from a truncated/untruncated normal distribution with
    a mean of zero and a standard deviation (after truncation, if used)
    `stddev = sqrt(scale / n)`, where `n` is:

    - number of input units in the weight tensor, if `mode="fan_in"`
    - number of output units, if `mode="fan_out"`
    - average of the numbers of input and output units, if
      `mode="fan_avg"`

    With `distribution="uniform"`, samples are drawn from a uniform
    distribution within `[-limit, limit]`, where
    `limit = sqrt(3 * scale / n)`.

    Args:
        scale: Scaling factor (positive float).
        mode: One of `"fan_in"`, `"fan_out"`, `"fan_avg"`.
        distribution: Random distribution to use. One of
            `"truncated_normal"`, `"untruncated_normal"` (or `"normal"`)
            and `"uniform"`.
        seed: A Python integer or instance of `keras.random.SeedGenerator`.
            See `RandomNormal` for how seeds behave.

    Example:

    >>> initializer = keras.initializers.VarianceScaling(
    ...     scale=0.1, mode="fan_in", distribution="uniform")
    >>> values = initializer(shape=(2, 2))
    """

    def __init__(
        self,
        scale=1.0,
        mode="fan_in",
        distribution="truncated_normal",
        seed=None,
    ):
        if scale <= 0.0:
            raise ValueError(
                "Argument `scale` must be positive float. "
                f"Received: scale={scale}"
            )
        allowed_modes = {"fan_in", "fan_out", "fan_avg"}
        if mode not in allowed_modes:
            raise ValueError(
                f"Invalid `mode` argument: {mode}. "
                f"Please use one of {allowed_modes}"
            )
        distribution = distribution.lower()
        if distribution == "normal":
            distribution = "truncated_normal"
        allowed_distributions = {
            "uniform",
            "truncated_normal",
            "untruncated_normal",
        }
        if distribution not in allowed_distributions:
            raise ValueError(
                f"Invalid `distribution` argument: {distribution}. "
                f"Please use one of {allowed_distributions}"
            )
        self.scale = scale
        self.mode = mode
        self.distribution = distribution
        super().__init__(seed=seed)

    def __call__(self, shape, dtype=None):
        from keras.src import random

        dtype = _float_dtype(dtype, self.__class__.__name__)
        scale = self.scale
        fan_in, fan_out = compute_fans(shape)
        if self.mode == "fan_in":
            scale /= max(1.0, fan_in)
        elif self.mode == "fan_out":
            scale /= max(1.0, fan_out)
        else:
            scale /= max(1.0, (fan_in + fan_out) / 2.0)
        if self.distribution == "truncated_normal":
            # Standard deviation of the standard normal truncated to
            # (-2, 2): dividing by it makes the truncated samples have
            # variance `scale`.
            stddev = math.sqrt(scale) / 0.87962566103423978
            return random.truncated_normal(
                shape, mean=0.0, stddev=stddev, dtype=dtype, seed=self.seed
            )
        elif self.distribution == "untruncated_normal":
            stddev = math.sqrt(scale)
            return random.normal(
                shape, mean=0.0, stddev=stddev, dtype=dtype, seed=self.seed
            )
        else:
            limit = math.sqrt(3.0 * scale)
            return random.uniform(
                shape, minval=-limit, maxval=limit, dtype=dtype, seed=self.seed
            )

    def get_config(self):
        base_config = super().get_config()
        config = {
            "scale": self.scale,
            "mode": self.mode,
            "distribution": self.distribution,
        }
        return {**base_config, **config}


class _PresetVarianceScaling(VarianceScaling):
    """A `VarianceScaling` whose only constructor argument is `seed`."""

    _preset = None  # (scale, mode, distribution)

    def __init__(self, seed=None):
        scale, mode, distribution = self._preset
        super().__init__(
            scale=scale, mode=mode, distribution=distribution, seed=seed
        )

    def get_config(self):
        return {"seed": self._seed_config()}


@keras_export(
    [
        "keras.initializers.GlorotUniform",
        "keras.initializers.glorot_uniform",
    ]
)
class GlorotUniform(_PresetVarianceScaling):
    """The Glorot uniform initializer, also called Xavier uniform initializer.

    Draws samples from a uniform distribution within `[-limit, limit]`, where
    `limit = sqrt(6 / (fan_in + fan_out))` (`fan_in` is the number of input
    units in the weight tensor and `fan_out` is the number of output units).

    Args:
        seed: A Python integer or instance of `keras.random.SeedGenerator`.
            See `RandomNormal` for how seeds behave.

    Example:

    >>> initializer = keras.initializers.GlorotUniform()
    >>> values = initializer(shape=(2, 2))

    Reference:

    - [Glorot et al., 2010](http://proceedings.mlr.press/v9/glorot10a.html)
    """

    _preset = (1.0, "fan_avg", "uniform")


@keras_export(
    [
        "keras.initializers.GlorotNormal",
        "keras.initializers.glorot_normal",
    ]
)
class GlorotNormal(_PresetVarianceScaling):
    """The Glorot normal initializer, also called Xavier normal initializer.

    Draws samples from a truncated normal distribution centered on 0 with
    `stddev = sqrt(2 / (fan_in + fan_out))`.

    Args:
        seed: A Python integer or instance of `keras.random.SeedGenerator`.
            See `RandomNormal` for how seeds behave.

    Example:

    >>> initializer = keras.initializers.GlorotNormal()
    >>> values = initializer(shape=(2, 2))

    Reference:

    - [Glorot et al., 2010](http://proceedings.mlr.press/v9/glorot10a.html)
    """

    _preset = (1.0, "fan_avg", "truncated_normal")


@keras_export(
    [
        "keras.initializers.LecunNormal",
        "keras.initializers.lecun_normal",
    ]
)
class LecunNormal(_PresetVarianceScaling):
    """Lecun normal initializer.

    Draws samples from a truncated normal distribution centered on 0 with
    `stddev = sqrt(1 / fan_in)`.

    Args:
        seed: A Python integer or instance of `keras.random.SeedGenerator`.
            See `RandomNormal` for how seeds behave.

    Example:

    >>> initializer = keras.initializers.LecunNormal()
    >>> values = initializer(shape=(2, 2))

    Reference:

    - [Klambauer et al., 2017](https://arxiv.org/abs/1706.02515)
    """

    _preset = (1.0, "fan_in", "truncated_normal")


@keras_export(
    [
        "keras.initializers.LecunUniform",
        "keras.initializers.lecun_uniform",
    ]
)
class LecunUniform(_PresetVarianceScaling):
    """Lecun uniform initializer.

    Draws samples from a uniform distribution within `[-limit, limit]`,
    where `limit = sqrt(3 / fan_in)`.

    Args:
        seed: A Python integer or instance of `keras.random.SeedGenerator`.
            See `RandomNormal` for how seeds behave.

    Example:

    >>> initializer = keras.initializers.LecunUniform()
    >>> values = initializer(shape=(2, 2))

    Reference:

    - [Klambauer et al., 2017](https://arxiv.org/abs/1706.02515)
    """

    _preset = (1.0, "fan_in", "uniform")


@keras_export(["keras.initializers.HeNormal", "keras.initializers.he_normal"])
class HeNormal(_PresetVarianceScaling):
    """He normal initializer.

    Draws samples from a truncated normal distribution centered on 0 with
    `stddev = sqrt(2 / fan_in)`.

    Args:
        seed: A Python integer or instance of `keras.random.SeedGenerator`.
            See `RandomNormal` for how seeds behave.

    Example:

    >>> initializer = keras.initializers.HeNormal()
    >>> values = initializer(shape=(2, 2))

    Reference:

    - [He et al., 2015](https://arxiv.org/abs/1502.01852)
    """

    _preset = (2.0, "fan_in", "truncated_normal")


@keras_export(
    ["keras.initializers.HeUniform", "keras.initializers.he_uniform"]
)
class HeUniform(_PresetVarianceScaling):
    """He uniform variance scaling initializer.

    Draws samples from a uniform distribution within `[-limit, limit]`,
    where `limit = sqrt(6 / fan_in)`.

    Args:
        seed: A Python integer or instance of `keras.random.SeedGenerator`.
            See `RandomNormal` for how seeds behave.

    Example:

    >>> initializer = keras.initializers.HeUniform()
    >>> values = initializer(shape=(2, 2))

    Reference:

    - [He et al., 2015](https://arxiv.org/abs/1502.01852)
    """

    _preset = (2.0, "fan_in", "uniform")


@keras_export(
    [
        "keras.initializers.OrthogonalInitializer",
        "keras.initializers.Orthogonal",
        "keras.initializers.orthogonal",
    ]
)
class Orthogonal(RandomInitializer):
    """Initializer that generates an orthogonal matrix.

    If the shape of the tensor to initialize is two-dimensional, it is
    initialized with an orthogonal matrix obtained from the QR decomposition
    of a matrix of random numbers drawn from a normal distribution. If the
    matrix has fewer rows than columns then the output will have orthogonal
    rows. Otherwise, the output will have orthogonal columns.

    If the shape of the tensor to initialize is more than two-dimensional,
    a matrix of shape `(shape[0] * ... * shape[n - 2], shape[n - 1])` is
    initialized, where `n` is the length of the shape vector. The matrix is
    subsequently reshaped to give a tensor of the desired shape.

    Args:
        gain: Multiplicative factor to apply to the orthogonal matrix.
        seed: A Python integer or instance of `keras.random.SeedGenerator`.
            See `RandomNormal` for how seeds behave.

    Example:

    >>> initializer = keras.initializers.Orthogonal()
    >>> values = initializer(shape=(2, 2))

    Reference:

    - [Saxe et al., 2014](https://openreview.net/forum?id=_wzZwKpTDF_9C)
    """

    def __init__(self, gain=1.0, seed=None):
        self.gain = gain
        super().__init__(seed=seed)

    def __call__(self, shape, dtype=None):
        from keras.src import random

        if len(shape) < 2:
            raise ValueError(
                "The tensor to initialize must be at least two-dimensional. "
                f"Received: shape={shape} of rank {len(shape)}."
            )
        dtype = _float_dtype(dtype, "Orthogonal")
        num_rows = 1
        for dim in shape[:-1]:
            num_rows *= dim
        num_cols = shape[-1]
        flat_shape = (max(num_cols, num_rows), min(num_cols, num_rows))
        a = random.normal(flat_shape, seed=self.seed, dtype="float32")
        q, r = ops.qr(a)
        # Makes the decomposition unique (and Q uniformly distributed).
        d = ops.diagonal(r)
        q = q * ops.sign(d)
        if num_rows < num_cols:
            q = ops.transpose(q)
        return ops.cast(self.gain * ops.reshape(q, shape), dtype)

    def get_config(self):
        base_config = super().get_config()
        return {**base_config, "gain": self.gain}


OrthogonalInitializer = Orthogonal
