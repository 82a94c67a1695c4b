"""Random sampling functions (`keras.random.*`).

`seed` can be an int (fixed numbers), a `keras.random.SeedGenerator`
(fresh numbers on every call, reproducible, `jax.jit`-friendly inside a
`keras.StatelessScope`), a JAX key, or `None` (drawn from the global
generator seeded by `keras.utils.set_random_seed`).
"""

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.backend.common import dtypes

# The samplers of `_bounded_sample`: for each, its dtype test, that kind
# of dtype as errors name it, and the sampler to use instead with what it
# samples.
_DTYPE_KINDS = {
    "uniform": (
        dtypes.is_float_dtype,
        "a floating point",
        "randint",
        "integers",
    ),
    "randint": (dtypes.is_int_dtype, "an integer", "uniform", "floats"),
}


def _bounded_sample(sampler, shape, minval, maxval, dtype, seed):
    """`keras.random.<sampler>` (`uniform` or `randint`): checks that
    `dtype` is of the kind the sampler draws, then draws with the
    backend."""
    is_kind, kind, instead, samples = _DTYPE_KINDS[sampler]
    if dtype and not is_kind(dtype):
        raise ValueError(
            f"`keras.random.{sampler}` requires {kind} `dtype`. Got "
            f"dtype={dtype}; call keras.random.{instead} to sample "
            f"{samples}."
        )
    return getattr(backend.random, sampler)(
        shape, minval=minval, maxval=maxval, dtype=dtype, seed=seed
    )


@keras_export("keras.random.normal")
def normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    """Samples a tensor of Gaussian values with the given mean and spread.

    Args:
        shape: Tuple of ints, the shape of the returned tensor.
        mean: Float, the mean of the distribution. Defaults to `0`.
        stddev: Float, the standard deviation. Defaults to `1`.
        dtype: Optional float dtype. Defaults to `keras.config.floatx()`.
        seed: An int, a `keras.random.SeedGenerator`, or `None` (see the
            module docstring).

    Returns:
        A tensor of shape `shape`.

    Example:

    >>> keras.random.normal((2, 3), seed=1).shape
    (2, 3)
    """
    return backend.random.normal(
        shape, mean=mean, stddev=stddev, dtype=dtype, seed=seed
    )


@keras_export("keras.random.uniform")
def uniform(shape, minval=0.0, maxval=1.0, dtype=None, seed=None):
    """Samples floats spread evenly over the interval `[minval, maxval)`.

    Args:
        shape: Tuple of ints, the shape of the returned tensor.
        minval: Float, lower bound (inclusive). Defaults to `0`.
        maxval: Float, upper bound (exclusive). Defaults to `1`.
        dtype: Optional float dtype. Defaults to `keras.config.floatx()`.
            Use `keras.random.randint` for integers.
        seed: An int, a `keras.random.SeedGenerator`, or `None`.

    Returns:
        A tensor of shape `shape`.
    """
    return _bounded_sample("uniform", shape, minval, maxval, dtype, seed)


@keras_export("keras.random.randint")
def randint(shape, minval, maxval, dtype="int32", seed=None):
    """Samples integers, each value of `[minval, maxval)` equally likely.

    Args:
        shape: Tuple of ints, the shape of the returned tensor.
        minval: Integer, lower bound (inclusive).
        maxval: Integer, upper bound (exclusive).
        dtype: Optional integer dtype. Defaults to `"int32"`.
        seed: An int, a `keras.random.SeedGenerator`, or `None`.

    Returns:
        A tensor of shape `shape`.
    """
    return _bounded_sample("randint", shape, minval, maxval, dtype, seed)


@keras_export("keras.random.truncated_normal")
def truncated_normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    """Samples Gaussian values, re-drawing those far from the mean.

    Values more than two standard deviations from the mean are discarded
    and re-drawn.

    Args:
        shape: Tuple of ints, the shape of the returned tensor.
        mean: Float, the mean of the distribution. Defaults to `0`.
        stddev: Float, the standard deviation (before truncation).
        dtype: Optional float dtype. Defaults to `keras.config.floatx()`.
        seed: An int, a `keras.random.SeedGenerator`, or `None`.

    Returns:
        A tensor of shape `shape`.
    """
    return backend.random.truncated_normal(
        shape, mean=mean, stddev=stddev, dtype=dtype, seed=seed
    )


@keras_export("keras.random.categorical")
def categorical(logits, num_samples, dtype="int32", seed=None):
    """Samples class indices, row by row, from unnormalized log-odds.

    Args:
        logits: 2-D tensor of shape `(batch_size, num_classes)`: the
            unnormalized log-probabilities of each class for each row.
        num_samples: Int, the number of independent samples per row.
        dtype: Optional integer dtype of the output. Defaults to `"int32"`.
        seed: An int, a `keras.random.SeedGenerator`, or `None`.

    Returns:
        A 2-D tensor of class indices, shape `(batch_size, num_samples)`.
    """
    logits_shape = tuple(getattr(logits, "shape", ()) or ())
    if len(logits_shape) != 2:
        import numpy as np

        if np.ndim(logits) != 2:
            raise ValueError(
                "keras.random.categorical takes `logits` of rank 2, "
                f"(batch_size, num_classes); got shape {np.shape(logits)}."
            )
    return backend.random.categorical(
        logits, num_samples, dtype=dtype, seed=seed
    )


@keras_export("keras.random.dropout")
def dropout(inputs, rate, noise_shape=None, seed=None):
    """Zeroes entries of `inputs` at random, each with probability `rate`.

    Kept values are scaled by `1 / (1 - rate)` so the expected sum is
    unchanged.

    Args:
        inputs: Input tensor.
        rate: Float in `[0, 1]`, the fraction of the inputs to drop.
        noise_shape: Optional shape of the keep/drop mask, broadcast to the
            shape of `inputs` (`None` entries take the input's size).
        seed: An int, a `keras.random.SeedGenerator`, or `None`.

    Returns:
        A tensor of the shape and dtype of `inputs`.
    """
    return backend.random.dropout(
        inputs, rate, noise_shape=noise_shape, seed=seed
    )


@keras_export("keras.random.shuffle")
def shuffle(x, axis=0, seed=None):
    """Returns `x` with its slices along `axis` put in a random order.

    Every permutation is equally likely; the other axes are left as they are.

    Args:
        x: Input tensor.
        axis: Integer, the dimension whose order is permuted. Defaults to `0`.
        seed: An int, a `keras.random.SeedGenerator`, or `None`.

    Returns:
        A tensor, a copy of `x` with the `axis` axis shuffled.
    """
    return backend.random.shuffle(x, axis=axis, seed=seed)


@keras_export("keras.random.gamma")
def gamma(shape, alpha, dtype=None, seed=None):
    """Samples from a Gamma distribution of unit scale and shape `alpha`.

    Args:
        shape: Tuple of ints, the shape of the returned tensor.
        alpha: Float, the shape parameter of the distribution.
        dtype: Optional float dtype. Defaults to `keras.config.floatx()`.
        seed: An int, a `keras.random.SeedGenerator`, or `None`.

    Returns:
        A tensor of shape `shape`.
    """
    return backend.random.gamma(shape, alpha=alpha, dtype=dtype, seed=seed)


@keras_export("keras.random.binomial")
def binomial(shape, counts, probabilities, dtype=None, seed=None):
    """Samples success counts of `counts` Bernoulli trials.

    Args:
        shape: Tuple of ints, the shape of the returned tensor.
        counts: Number of trials (broadcastable to `shape`).
        probabilities: Success probability of each trial.
        dtype: Optional float dtype. Defaults to `keras.config.floatx()`.
        seed: An int, a `keras.random.SeedGenerator`, or `None`.

    Returns:
        A tensor of shape `shape`.
    """
    return backend.random.binomial(
        shape, counts, probabilities, dtype=dtype, seed=seed
    )


@keras_export("keras.random.beta")
def beta(shape, alpha, beta, dtype=None, seed=None):
    """Samples values in `(0, 1)` from a Beta distribution.

    Args:
        shape: Tuple of ints, the shape of the returned tensor.
        alpha: First shape parameter (broadcastable to `shape`).
        beta: Second shape parameter (broadcastable to `shape`).
        dtype: Optional float dtype. Defaults to `keras.config.floatx()`.
        seed: An int, a `keras.random.SeedGenerator`, or `None`.

    Returns:
        A tensor of shape `shape`.
    """
    return backend.random.beta(
        shape=shape, alpha=alpha, beta=beta, dtype=dtype, seed=seed
    )
