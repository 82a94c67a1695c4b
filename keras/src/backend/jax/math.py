"""JAX implementations of the math ops (`keras.ops.math`)."""

import jax
import jax.numpy as jnp
import numpy as np

from keras.src.backend import config
from keras.src.backend.jax.core import convert_to_tensor


def _float(x):
    x = convert_to_tensor(x)
    if not jnp.issubdtype(x.dtype, jnp.floating):
        x = x.astype(config.floatx())
    return x


def _num_segments(segment_ids, num_segments):
    if num_segments is not None:
        return int(num_segments)
    if isinstance(segment_ids, jax.core.Tracer):
        raise ValueError(
            "Argument `num_segments` is required when `segment_ids` is "
            "traced (e.g. inside `jax.jit` or a functional model)."
        )
    return int(np.max(np.asarray(segment_ids))) + 1


def segment_sum(data, segment_ids, num_segments=None, sorted=False):
    data = convert_to_tensor(data)
    segment_ids = convert_to_tensor(segment_ids)
    num_segments = _num_segments(segment_ids, num_segments)
    return jax.ops.segment_sum(
        data, segment_ids, num_segments, indices_are_sorted=sorted
    )


def segment_max(data, segment_ids, num_segments=None, sorted=False):
    data = convert_to_tensor(data)
    segment_ids = convert_to_tensor(segment_ids)
    num_segments = _num_segments(segment_ids, num_segments)
    return jax.ops.segment_max(
        data, segment_ids, num_segments, indices_are_sorted=sorted
    )


def top_k(x, k, sorted=True):
    x = convert_to_tensor(x)
    values, indices = jax.lax.top_k(x, k)
    return values, indices.astype("int32")


def in_top_k(targets, predictions, k):
    targets = convert_to_tensor(targets).astype("int32")
    predictions = convert_to_tensor(predictions)
    target_values = jnp.take_along_axis(predictions, targets[:, None], axis=-1)
    # Rank = number of predictions strictly greater than the target's.
    rank = jnp.sum(predictions > target_values, axis=-1)
    valid = jnp.isfinite(target_values[:, 0])
    return jnp.logical_and(rank < k, valid)


def logsumexp(x, axis=None, keepdims=False):
    x = _float(x)
    if isinstance(axis, list):
        axis = tuple(axis)
    return jax.scipy.special.logsumexp(x, axis=axis, keepdims=keepdims)


def rsqrt(x):
    return jax.lax.rsqrt(_float(x))


def erf(x):
    return jax.lax.erf(_float(x))


def erfinv(x):
    return jax.lax.erf_inv(_float(x))


def logdet(x):
    return jnp.linalg.slogdet(_float(x))[1]


def extract_sequences(x, sequence_length, sequence_stride):
    x = convert_to_tensor(x)
    length = x.shape[-1]
    num = 1 + (length - sequence_length) // sequence_stride
    starts = np.arange(num) * sequence_stride
    idx = starts[:, None] + np.arange(sequence_length)[None, :]
    return x[..., idx]


def custom_gradient(fun):
    """`fun(*args)` returns `(outputs, grad_fn)`; see `ops.custom_gradient`."""

    @jax.custom_vjp
    def wrapped(*args):
        outputs, _ = fun(*args)
        return outputs

    def fwd(*args):
        outputs, _ = fun(*args)
        return outputs, args

    def bwd(args, upstream):
        # `grad_fn` closes over traced values, so it can't be a residual:
        # rebuild it from the saved inputs.
        _, grad_fn = fun(*args)
        grads = grad_fn(upstream)
        if not isinstance(grads, (tuple, list)):
            grads = (grads,)
        return tuple(
            jnp.zeros_like(a) if g is None else g for a, g in zip(args, grads)
        )

    wrapped.defvjp(fwd, bwd)
    return wrapped
