"""Random sampling functions (`keras.random.*`).

`seed` can be an int (fixed numbers), a `keras.random.SeedGenerator`
(fresh numbers on every call, reproducible, `jax.jit`-friendly inside a
`keras.StatelessScope`), a JAX key, or `None` (drawn from the global
generator seeded by `keras.utils.set_random_seed`).
"""

from keras.src import backend
from keras.src.api_export import keras_export


@keras_export("keras.random.normal")
def normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    """Draw random samples from a normal (Gaussian) distribution.

    Args:
        shape: The shape of the random values to generate.
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
    """Draw samples from a uniform distribution on `[minval, maxval)`.

    Args:
        shape: The shape of the random values to generate.
        minval: Float, lower bound (inclusive). Defaults to `0`.
        maxval: Float, upper bound (exclusive). Defaults to `1`.
        dtype: Optional float dtype. Defaults to `keras.config.floatx()`.
            Use `keras.random.randint` for integers.
        seed: An int, a `keras.random.SeedGenerator`, or `None`.

    Returns:
        A tensor of shape `shape`.
    """
    if dtype and not backend.is_float_dtype(dtype):
        raise ValueError(
            "`keras.random.uniform` requires a floating point `dtype`. "
            f"Received: dtype={dtype}. Use `keras.random.randint` for "
            "integers."
        )
    return backend.random.uniform(
        shape, minval=minval, maxval=maxval, dtype=dtype, seed=seed
    )


@keras_export("keras.random.randint")
def randint(shape, minval, maxval, dtype="int32", seed=None):
    """Draw random integers from a uniform distribution on `[minval, maxval)`.

    Args:
        shape: The shape of the random values to generate.
        minval: Integer, lower bound (inclusive).
        maxval: Integer, upper bound (exclusive).
        dtype: Optional integer dtype. Defaults to `"int32"`.
        seed: An int, a `keras.random.SeedGenerator`, or `None`.

    Returns:
        A tensor of shape `shape`.
    """
    if dtype and not backend.is_int_dtype(dtype):
        raise ValueError(
            "`keras.random.randint` requires an integer `dtype`. "
            f"Received: dtype={dtype}"
        )
    return backend.random.randint(
        shape, minval=minval, maxval=maxval, dtype=dtype, seed=seed
    )


@keras_export("keras.random.truncated_normal")
def truncated_normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    """Draw samples from a truncated normal distribution.

    Values more than two standard deviations from the mean are discarded
    and re-drawn.

    Args:
        shape: The shape of the random values to generate.
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
    """Draws samples from a categorical distribution.

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
                "`logits` should be a 2-D tensor with shape "
                f"[batch_size, num_classes]. Received: logits={logits}"
            )
    return backend.random.categorical(
        logits, num_samples, dtype=dtype, seed=seed
    )


@keras_export("keras.random.dropout")
def dropout(inputs, rate, noise_shape=None, seed=None):
    """Randomly sets inputs to zero with probability `rate`.

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
    """Shuffle the elements of a tensor uniformly at random along an axis.

    Args:
        x: The tensor to be shuffled.
        axis: The axis along which to shuffle. Defaults to `0`.
        seed: An int, a `keras.random.SeedGenerator`, or `None`.

    Returns:
        A tensor, a copy of `x` with the `axis` axis shuffled.
    """
    return backend.random.shuffle(x, axis=axis, seed=seed)


@keras_export("keras.random.gamma")
def gamma(shape, alpha, dtype=None, seed=None):
    """Draw random samples from the Gamma distribution.

    Args:
        shape: The shape of the random values to generate.
        alpha: Float, the shape parameter of the distribution.
        dtype: Optional float dtype. Defaults to `keras.config.floatx()`.
        seed: An int, a `keras.random.SeedGenerator`, or `None`.

    Returns:
        A tensor of shape `shape`.
    """
    return backend.random.gamma(shape, alpha=alpha, dtype=dtype, seed=seed)


@keras_export("keras.random.binomial")
def binomial(shape, counts, probabilities, dtype=None, seed=None):
    """Draw samples from a Binomial distribution.

    Args:
        shape: The shape of the random values to generate.
        counts: Number of trials (broadcastable to `shape`).
        probabilities: Success probability of each trial.
        dtype: Optional float dtype. Defaults to `keras.config.floatx()`.
        seed: An int, a `keras.random.SeedGenerator`, or `None`.

    Returns:
        A tensor of shape `shape`.
    """
    return backend.random.binomial(
        shape,
        counts=counts,
        probabilities=probabilities,
        dtype=dtype,
        seed=seed,
    )


@keras_export("keras.random.beta")
def beta(shape, alpha, beta, dtype=None, seed=None):
    """Draw samples from a Beta distribution.

    Args:
        shape: The shape of the random values to generate.
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
