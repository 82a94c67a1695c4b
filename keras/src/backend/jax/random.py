"""JAX implementations of `keras.random`.

Every function takes a `seed` (int, `SeedGenerator`, JAX key or `None`; see
`keras.src.random.seed_generator.draw_seed`).
"""

import jax
import jax.numpy as jnp

from keras.src.backend import config
from keras.src.backend.common import dtypes
from keras.src.backend.jax.core import convert_to_tensor


def __getattr__(name):
    # `SeedGenerator` and `draw_seed` are reachable from here too (as
    # `keras.src.backend.random.SeedGenerator`); imported on first use, as
    # `keras.src.random` itself imports the backend.
    if name in ("SeedGenerator", "draw_seed", "make_default_seed"):
        from keras.src.random import seed_generator

        return getattr(seed_generator, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def jax_draw_seed(seed):
    from keras.src.random.seed_generator import draw_seed

    return draw_seed(seed)


def _float_dtype(dtype):
    dtype = dtypes.standardize_dtype(dtype or config.floatx())
    if dtype not in dtypes.FLOAT_TYPES:
        raise ValueError(f"Expected a float dtype. Received: dtype={dtype}")
    return dtype


def _shape(shape):
    if isinstance(shape, int):
        return (shape,)
    return tuple(shape)


def normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    dtype = _float_dtype(dtype)
    key = jax_draw_seed(seed)
    sample = jax.random.normal(key, shape=_shape(shape), dtype=dtype)
    return sample * stddev + mean


def uniform(shape, minval=0.0, maxval=1.0, dtype=None, seed=None):
    dtype = _float_dtype(dtype)
    key = jax_draw_seed(seed)
    return jax.random.uniform(
        key, shape=_shape(shape), dtype=dtype, minval=minval, maxval=maxval
    )


def truncated_normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    dtype = _float_dtype(dtype)
    key = jax_draw_seed(seed)
    sample = jax.random.truncated_normal(
        key, shape=_shape(shape), lower=-2.0, upper=2.0, dtype=dtype
    )
    return sample * stddev + mean


def randint(shape, minval, maxval, dtype="int32", seed=None):
    dtype = dtypes.standardize_dtype(dtype)
    key = jax_draw_seed(seed)
    return jax.random.randint(
        key, shape=_shape(shape), minval=minval, maxval=maxval, dtype=dtype
    )


def categorical(logits, num_samples, dtype="int32", seed=None):
    logits = convert_to_tensor(logits)
    dtype = dtypes.standardize_dtype(dtype)
    key = jax_draw_seed(seed)
    # Rows of logits become (batch, 1, classes) so that `num_samples`
    # independent draws broadcast against them.
    draws = jax.random.categorical(
        key,
        logits[:, None, :],
        axis=-1,
        shape=(logits.shape[0], num_samples),
    )
    return draws.astype(dtype)


def dropout(inputs, rate, noise_shape=None, seed=None):
    inputs = convert_to_tensor(inputs)
    if not 0 <= rate <= 1:
        raise ValueError(
            f"Argument `rate` must be in the range [0, 1]. Received: {rate}"
        )
    key = jax_draw_seed(seed)
    if rate == 1:
        # Everything is dropped (the kept values' scale would be infinite).
        return jnp.zeros_like(inputs)
    keep_prob = 1.0 - rate
    if noise_shape is None:
        noise_shape = inputs.shape
    else:
        noise_shape = tuple(
            inputs.shape[i] if d is None else d
            for i, d in enumerate(noise_shape)
        )
    mask = jax.random.bernoulli(key, p=keep_prob, shape=noise_shape)
    mask = jnp.broadcast_to(mask, inputs.shape)
    return jax.lax.select(
        mask, inputs / keep_prob, jnp.zeros_like(inputs)
    ).astype(inputs.dtype)


def shuffle(x, axis=0, seed=None):
    x = convert_to_tensor(x)
    key = jax_draw_seed(seed)
    return jax.random.permutation(key, x, axis=axis, independent=False)


def gamma(shape, alpha, dtype=None, seed=None):
    dtype = _float_dtype(dtype)
    key = jax_draw_seed(seed)
    return jax.random.gamma(key, alpha, shape=_shape(shape), dtype=dtype)


def _draw_with_parameters(sampler, shape, dtype, seed, **parameters):
    """Samples `sampler` (a `jax.random` distribution) with its
    `parameters` converted to the float `dtype` of the draw."""
    dtype = _float_dtype(dtype)
    key = jax_draw_seed(seed)
    parameters = {
        name: convert_to_tensor(value, dtype=dtype)
        for name, value in parameters.items()
    }
    return sampler(key, shape=_shape(shape), dtype=dtype, **parameters)


def binomial(shape, counts, probabilities, dtype=None, seed=None):
    return _draw_with_parameters(
        jax.random.binomial, shape, dtype, seed, n=counts, p=probabilities
    )


def beta(shape, alpha, beta, dtype=None, seed=None):
    return _draw_with_parameters(
        jax.random.beta, shape, dtype, seed, a=alpha, b=beta
    )
