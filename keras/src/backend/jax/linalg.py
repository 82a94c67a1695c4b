"""JAX implementations of the linear-algebra ops (`keras.ops.linalg`)."""

import jax
import jax.numpy as jnp

from keras.src.backend import config
from keras.src.backend.jax.core import convert_to_tensor


def _float(x):
    x = convert_to_tensor(x)
    if not (
        jnp.issubdtype(x.dtype, jnp.floating)
        or jnp.issubdtype(x.dtype, jnp.complexfloating)
    ):
        x = x.astype(config.floatx())
    return x


def cholesky(x, upper=False):
    factor = jnp.linalg.cholesky(_float(x))
    if not isinstance(factor, jax.core.Tracer) and jnp.any(jnp.isnan(factor)):
        raise ValueError(
            "Cholesky factorization failed: the input is not symmetric "
            "positive definite."
        )
    if upper:
        factor = jnp.conj(jnp.swapaxes(factor, -1, -2))
    return factor


def det(x):
    return jnp.linalg.det(_float(x))


def eig(x):
    return jnp.linalg.eig(_float(x))


def eigh(x):
    return jnp.linalg.eigh(_float(x))


def inv(x):
    return jnp.linalg.inv(_float(x))


def lu_factor(x):
    lu, pivots, _ = jax.lax.linalg.lu(_float(x))
    return lu, pivots


def norm(x, ord=None, axis=None, keepdims=False):
    x = _float(x)
    if isinstance(axis, list):
        axis = tuple(axis)
    return jnp.linalg.norm(x, ord=ord, axis=axis, keepdims=keepdims)


def qr(x, mode="reduced"):
    return jnp.linalg.qr(_float(x), mode=mode)


def solve(a, b):
    a, b = _float(a), _float(b)
    return jnp.linalg.solve(a, b)


def solve_triangular(a, b, lower=False):
    a, b = _float(a), _float(b)
    return jax.scipy.linalg.solve_triangular(a, b, lower=lower)


def svd(x, full_matrices=True, compute_uv=True):
    return jnp.linalg.svd(
        _float(x), full_matrices=full_matrices, compute_uv=compute_uv
    )


def lstsq(a, b, rcond=None):
    a, b = _float(a), _float(b)
    return jnp.linalg.lstsq(a, b, rcond=rcond)[0]


def cholesky_inverse(x, upper=False):
    factor = _float(x)
    identity = jnp.broadcast_to(
        jnp.eye(factor.shape[-1], dtype=factor.dtype), factor.shape
    )
    return jax.scipy.linalg.cho_solve((factor, not upper), identity)


def matrix_rank(x, tol=None):
    x = _float(x)
    singular_values = jnp.linalg.svd(x, compute_uv=False)
    if tol is None:
        eps = jnp.finfo(singular_values.dtype).eps
        tol = singular_values.max(axis=-1, keepdims=True) * max(x.shape[-2:])
        tol = tol * eps
    else:
        tol = jnp.asarray(tol, singular_values.dtype)[..., None]
    return jnp.sum(singular_values > tol, axis=-1).astype("int32")


def pinv(x, rcond=None):
    return jnp.linalg.pinv(_float(x), rtol=rcond)


def matrix_power(x, n):
    x = convert_to_tensor(x)
    if n < 0:
        x = _float(x)
    return jnp.linalg.matrix_power(x, n)


def jvp(fun, primals, tangents, has_aux=False):
    return jax.jvp(fun, primals, tangents, has_aux=has_aux)
