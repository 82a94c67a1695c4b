"""Initializers that draw random numbers."""

import math

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.backend import standardize_dtype
from keras.src.initializers.initializer import Initializer


def _make_default_seed():
    # Drawn from the global generator behind `seed=None` random draws,
    # which `keras.utils.set_random_seed` reseeds: unseeded initializers
    # are reproducible after setting the global seed.
    from keras.src.random import seed_generator

    draw = getattr(seed_generator, "make_default_seed", None)
    if draw is None:
        draw = seed_generator._draw_global_int
    return int(draw())


def _is_seed_generator(seed):
    try:
        from keras.src.random.seed_generator import SeedGenerator
    except ImportError:  # pragma: no cover
        return False
    return isinstance(seed, SeedGenerator)


class RandomInitializer(Initializer):
    """Base class of the initializers that draw random numbers.

    Args:
        seed: `None`, an int or a `keras.random.SeedGenerator`. An int makes
            every call return the same values. `None` draws an int seed once,
            when the initializer is created, from the global generator that
            `keras.utils.set_random_seed` seeds (so it behaves like an int
            seed afterwards). A `SeedGenerator` gives new values on each call.
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
                "An initializer `seed` must be None, an int or a "
                f"keras.random.SeedGenerator; got seed={seed!r} of type "
                f"{type(seed).__name__}."
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


class _MeanStddevInitializer(RandomInitializer):
    """The shared part of `RandomNormal` and `TruncatedNormal`: samples of
    the `keras.random` function named by `_sampler`, with `mean` and
    `stddev`. `_public_name` names the initializer in error messages."""

    _sampler = None  # "normal" or "truncated_normal"
    _public_name = None

    def __init__(self, mean=0.0, stddev=0.05, seed=None):
        self.mean = mean
        self.stddev = stddev
        super().__init__(seed=seed)

    def __call__(self, shape, dtype=None):
        from keras.src import random

        sample = getattr(random, self._sampler)
        return sample(
            shape=shape,
            mean=self.mean,
            stddev=self.stddev,
            seed=self.seed,
            dtype=_float_dtype(dtype, self._public_name),
        )

    def get_config(self):
        return {
            **super().get_config(),
            "mean": self.mean,
            "stddev": self.stddev,
        }


@keras_export(
    [
        "keras.initializers.RandomNormal",
        "keras.initializers.random_normal",
    ]
)
class RandomNormal(_MeanStddevInitializer):
    """Draws values from a normal distribution `N(mean, stddev**2)`.

    Args:
        mean: Mean of the distribution.
        stddev: Standard deviation of the distribution.
        seed: `None`, an int or a `keras.random.SeedGenerator`; see
            `RandomInitializer`: an int or `None` gives the same values on
            every call, a `SeedGenerator` new values on each call.

    Example:

    >>> init = keras.initializers.RandomNormal(mean=0.0, stddev=1.0, seed=1)
    >>> init(shape=(2, 2)).shape
    (2, 2)
    """

    _sampler = "normal"
    _public_name = "RandomNormal"


@keras_export(
    [
        "keras.initializers.TruncatedNormal",
        "keras.initializers.truncated_normal",
    ]
)
class TruncatedNormal(_MeanStddevInitializer):
    """Draws values from a normal distribution truncated to two standard
    deviations around the mean (values beyond are redrawn).

    Args:
        mean: Mean of the distribution.
        stddev: Standard deviation of the distribution before truncation.
        seed: `None`, an int or a `keras.random.SeedGenerator`; see
            `RandomInitializer`.

    Example:

    >>> init = keras.initializers.TruncatedNormal(stddev=1.0, seed=1)
    >>> init(shape=(2, 2)).shape
    (2, 2)
    """

    _sampler = "truncated_normal"
    _public_name = "TruncatedNormal"


@keras_export(
    [
        "keras.initializers.RandomUniform",
        "keras.initializers.random_uniform",
    ]
)
class RandomUniform(RandomInitializer):
    """Draws values uniformly from `[minval, maxval)`.

    Args:
        minval: Lower bound (inclusive).
        maxval: Upper bound (exclusive).
        seed: `None`, an int or a `keras.random.SeedGenerator`; see
            `RandomInitializer`.

    Example:

    >>> init = keras.initializers.RandomUniform(0.0, 1.0, seed=1)
    >>> init(shape=(2, 2)).shape
    (2, 2)
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
        bounds = {"minval": self.minval, "maxval": self.maxval}
        return {**super().get_config(), **bounds}


def compute_fans(shape, input_axes=None, output_axes=None):
    """Returns `(fan_in, fan_out)` for a weight shape.

    Rank 0 gives `(1, 1)`, rank 1 `(n, n)`, rank 2 `(rows, cols)`. For
    higher ranks (convolution kernels) the leading dimensions are the
    receptive field, which multiplies the last two dimensions:
    `fan_in = shape[-2] * prod(shape[:-2])`,
    `fan_out = shape[-1] * prod(shape[:-2])`.

    When `input_axes` and `output_axes` are given (e.g. an `EinsumDense`
    kernel of shape `(dim, heads, head_dim)` with input axis `0`), the fans
    are the products of the sizes along those axes instead.

    Args:
        shape: Shape tuple.
        input_axes: Optional list of the axes that the layer contracts
            with its input.
        output_axes: Optional list of the axes that make its output.

    Returns:
        A tuple of two ints.
    """
    dims = [int(d) for d in shape]
    if input_axes is not None and output_axes is not None:
        fan_in = math.prod(dims[axis] for axis in input_axes)
        return fan_in, math.prod(dims[axis] for axis in output_axes)
    if not dims:
        # Scalars: treat as a single connection each way.
        return 1, 1
    if len(dims) == 1:
        return dims[0], dims[0]
    # For a rank-2 shape the product below is empty (1).
    window = math.prod(dims[:-2])
    return dims[-2] * window, dims[-1] * window


_FAN_MODES = ("fan_in", "fan_out", "fan_avg")
# Accepted `distribution` spellings and the name each one is stored under.
_DISTRIBUTION_ALIASES = {
    "uniform": "uniform",
    "normal": "truncated_normal",
    "truncated_normal": "truncated_normal",
    "untruncated_normal": "untruncated_normal",
}


def _truncated_std(bound=2.0):
    """Standard deviation of N(0, 1) conditioned on `|x| <= bound`."""
    density = math.exp(-0.5 * bound * bound) / math.sqrt(2.0 * math.pi)
    mass = math.erf(bound / math.sqrt(2.0))
    return math.sqrt(1.0 - 2.0 * bound * density / mass)


_TRUNCATED_UNIT_STDDEV = _truncated_std()


@keras_export(
    [
        "keras.initializers.VarianceScaling",
        "keras.initializers.variance_scaling",
    ]
)
class VarianceScaling(RandomInitializer):
    """Random values whose variance is scaled to the weight's fans.

    With `n` the fan selected by `mode` (`fan_in`, `fan_out`, or their
    average for `fan_avg`), samples have variance `scale / n`:

    - `"truncated_normal"` (or its alias `"normal"`): normal truncated to
      two standard deviations, rescaled so that the truncated samples have
      standard deviation `sqrt(scale / n)`;
    - `"untruncated_normal"`: normal with standard deviation
      `sqrt(scale / n)`;
    - `"uniform"`: uniform in `[-limit, limit]`,
      `limit = sqrt(3 * scale / n)`.

    Args:
        scale: Positive float.
        mode: `"fan_in"`, `"fan_out"` or `"fan_avg"`.
        distribution: `"truncated_normal"`, `"untruncated_normal"`,
            `"normal"` or `"uniform"`.
        seed: `None`, an int or a `keras.random.SeedGenerator`; see
            `RandomInitializer`.
        input_axes: Optional list of the weight's axes that take the
            layer's input; with `output_axes`, the fans are computed from
            these axes (see `compute_fans`) instead of from the shape's
            last two dimensions.
        output_axes: Optional list of the weight's axes that make the
            layer's output.

    Example:

    >>> init = keras.initializers.VarianceScaling(
    ...     scale=0.1, mode="fan_in", distribution="uniform", seed=1)
    >>> init(shape=(2, 2)).shape
    (2, 2)
    """

    def __init__(
        self,
        scale=1.0,
        mode="fan_in",
        distribution="truncated_normal",
        seed=None,
        input_axes=None,
        output_axes=None,
    ):
        if not scale > 0.0:
            raise ValueError(
                "Argument `scale` must be positive float. VarianceScaling "
                f"got scale={scale}."
            )
        if mode not in _FAN_MODES:
            raise ValueError(
                f"Invalid `mode` argument: VarianceScaling got mode={mode!r}; "
                f"expected one of {_FAN_MODES}."
            )
        name = _DISTRIBUTION_ALIASES.get(distribution.lower())
        if name is None:
            raise ValueError(
                "Invalid `distribution` argument: VarianceScaling got "
                f"distribution={distribution!r}; expected one of "
                f"{sorted(_DISTRIBUTION_ALIASES)}."
            )
        self.scale = scale
        self.mode = mode
        self.distribution = name
        self.input_axes = None if input_axes is None else list(input_axes)
        self.output_axes = None if output_axes is None else list(output_axes)
        super().__init__(seed=seed)

    def _target_variance(self, shape):
        fan_in, fan_out = compute_fans(
            shape, input_axes=self.input_axes, output_axes=self.output_axes
        )
        if self.mode == "fan_avg":
            fan = (fan_in + fan_out) / 2.0
        else:
            fan = fan_in if self.mode == "fan_in" else fan_out
        # Guard against zero-sized shapes.
        return self.scale / max(fan, 1.0)

    def __call__(self, shape, dtype=None):
        from keras.src import random

        dtype = _float_dtype(dtype, type(self).__name__)
        variance = self._target_variance(shape)
        if self.distribution == "uniform":
            # U(-b, b) has variance b**2 / 3.
            bound = math.sqrt(3.0 * variance)
            return random.uniform(
                shape, minval=-bound, maxval=bound, dtype=dtype, seed=self.seed
            )
        stddev = math.sqrt(variance)
        if self.distribution == "untruncated_normal":
            return random.normal(
                shape, mean=0.0, stddev=stddev, dtype=dtype, seed=self.seed
            )
        # Cutting the tails off shrinks the spread; widen to compensate.
        return random.truncated_normal(
            shape,
            mean=0.0,
            stddev=stddev / _TRUNCATED_UNIT_STDDEV,
            dtype=dtype,
            seed=self.seed,
        )

    def get_config(self):
        config = {
            **super().get_config(),
            "scale": self.scale,
            "mode": self.mode,
            "distribution": self.distribution,
        }
        # The fan axes are written only when set, so configs of plain
        # initializers stay as they were.
        if self.input_axes is not None or self.output_axes is not None:
            config["input_axes"] = self.input_axes
            config["output_axes"] = self.output_axes
        return config


class _PresetVarianceScaling(VarianceScaling):
    """A `VarianceScaling` whose only constructor argument is `seed`.

    `input_axes` and `output_axes` appear (as `None`) in the configs
    upstream Keras writes; only `None` is accepted.
    """

    _preset = None  # (scale, mode, distribution)

    def __init__(self, seed=None, input_axes=None, output_axes=None):
        if input_axes is not None or output_axes is not None:
            raise ValueError(
                f"{type(self).__name__} does not support choosing the fan "
                f"axes. Received: input_axes={input_axes}, "
                f"output_axes={output_axes}. Leave both as `None`."
            )
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
    """Glorot (Xavier) uniform initializer.

    Uniform in `[-limit, limit]` with `limit = sqrt(6 / (fan_in + fan_out))`
    (`VarianceScaling(1.0, "fan_avg", "uniform")`).

    Args:
        seed: `None`, an int or a `keras.random.SeedGenerator`; see
            `RandomInitializer`.

    Example:

    >>> keras.initializers.GlorotUniform(seed=1)(shape=(2, 2)).shape
    (2, 2)

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
    """Glorot (Xavier) normal initializer.

    Truncated normal with standard deviation `sqrt(2 / (fan_in + fan_out))`
    (`VarianceScaling(1.0, "fan_avg", "truncated_normal")`).

    Args:
        seed: `None`, an int or a `keras.random.SeedGenerator`; see
            `RandomInitializer`.

    Example:

    >>> keras.initializers.GlorotNormal(seed=1)(shape=(2, 2)).shape
    (2, 2)

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
    """LeCun normal initializer.

    Truncated normal with standard deviation `sqrt(1 / fan_in)`
    (`VarianceScaling(1.0, "fan_in", "truncated_normal")`).

    Args:
        seed: `None`, an int or a `keras.random.SeedGenerator`; see
            `RandomInitializer`.

    Example:

    >>> keras.initializers.LecunNormal(seed=1)(shape=(2, 2)).shape
    (2, 2)

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
    """LeCun uniform initializer.

    Uniform in `[-limit, limit]` with `limit = sqrt(3 / fan_in)`
    (`VarianceScaling(1.0, "fan_in", "uniform")`).

    Args:
        seed: `None`, an int or a `keras.random.SeedGenerator`; see
            `RandomInitializer`.

    Example:

    >>> keras.initializers.LecunUniform(seed=1)(shape=(2, 2)).shape
    (2, 2)

    Reference:

    - [Klambauer et al., 2017](https://arxiv.org/abs/1706.02515)
    """

    _preset = (1.0, "fan_in", "uniform")


@keras_export(["keras.initializers.HeNormal", "keras.initializers.he_normal"])
class HeNormal(_PresetVarianceScaling):
    """He normal initializer.

    Truncated normal with standard deviation `sqrt(2 / fan_in)`
    (`VarianceScaling(2.0, "fan_in", "truncated_normal")`).

    Args:
        seed: `None`, an int or a `keras.random.SeedGenerator`; see
            `RandomInitializer`.

    Example:

    >>> keras.initializers.HeNormal(seed=1)(shape=(2, 2)).shape
    (2, 2)

    Reference:

    - [He et al., 2015](https://arxiv.org/abs/1502.01852)
    """

    _preset = (2.0, "fan_in", "truncated_normal")


@keras_export(["keras.initializers.HeUniform", "keras.initializers.he_uniform"])
class HeUniform(_PresetVarianceScaling):
    """He uniform initializer.

    Uniform in `[-limit, limit]` with `limit = sqrt(6 / fan_in)`
    (`VarianceScaling(2.0, "fan_in", "uniform")`).

    Args:
        seed: `None`, an int or a `keras.random.SeedGenerator`; see
            `RandomInitializer`.

    Example:

    >>> keras.initializers.HeUniform(seed=1)(shape=(2, 2)).shape
    (2, 2)

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
    """Creates a (semi-)orthogonal matrix, times `gain`.

    The shape is viewed as a matrix of `prod(shape[:-1])` rows and
    `shape[-1]` columns. A random normal matrix is QR-decomposed (with the
    signs fixed by the diagonal of R, which makes the result uniformly
    distributed); the output has orthonormal columns when there are at least
    as many rows as columns, orthonormal rows otherwise.

    Args:
        gain: Multiplicative factor.
        seed: `None`, an int or a `keras.random.SeedGenerator`; see
            `RandomInitializer`.

    Example:

    >>> keras.initializers.Orthogonal(seed=1)(shape=(2, 2)).shape
    (2, 2)

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
        rows, cols = math.prod(shape[:-1]), shape[-1]
        # QR of a tall Gaussian matrix; transposed afterwards when wide.
        tall = (max(rows, cols), min(rows, cols))
        q, r = ops.qr(random.normal(tall, seed=self.seed, dtype="float32"))
        # Flipping columns by the signs of diag(r) makes the factorization
        # unique, so that `q` is uniformly (Haar) distributed.
        q = q * ops.sign(ops.diagonal(r))
        if rows < cols:
            q = ops.transpose(q)
        return ops.cast(self.gain * ops.reshape(q, shape), dtype)

    def get_config(self):
        return {**super().get_config(), "gain": self.gain}


OrthogonalInitializer = Orthogonal
