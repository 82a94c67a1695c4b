"""JAX implementations of the neural-network ops (`keras.ops.nn`)."""

import jax
import jax.numpy as jnp

from keras.src.backend import config
from keras.src.backend.common import dtypes
from keras.src.backend.jax.core import convert_to_tensor


def _float(x):
    x = convert_to_tensor(x)
    if not jnp.issubdtype(x.dtype, jnp.floating):
        x = x.astype(config.floatx())
    return x


def relu(x):
    return jax.nn.relu(_float(x))


def relu6(x):
    return jax.nn.relu6(_float(x))


def sigmoid(x):
    return jax.nn.sigmoid(_float(x))


def sparse_sigmoid(x):
    x = _float(x)
    return jnp.clip(0.5 * (x + 1.0), 0.0, 1.0).astype(x.dtype)


def tanh(x):
    return jnp.tanh(_float(x))


def tanh_shrink(x):
    x = _float(x)
    return x - jnp.tanh(x)


def softplus(x):
    return jax.nn.softplus(_float(x))


def softsign(x):
    return jax.nn.soft_sign(_float(x))


def soft_shrink(x, threshold=0.5):
    x = _float(x)
    return jnp.where(
        x > threshold,
        x - threshold,
        jnp.where(x < -threshold, x + threshold, jnp.zeros_like(x)),
    )


def hard_shrink(x, threshold=0.5):
    x = _float(x)
    return jnp.where(jnp.abs(x) > threshold, x, jnp.zeros_like(x))


def hard_tanh(x):
    return jax.nn.hard_tanh(_float(x))


def silu(x):
    return jax.nn.silu(_float(x))


def squareplus(x, b=4):
    x = _float(x)
    return ((x + jnp.sqrt(jnp.square(x) + b)) / 2).astype(x.dtype)


def sparse_plus(x):
    x = _float(x)
    return jnp.where(
        x <= -1,
        jnp.zeros_like(x),
        jnp.where(x < 1, (1.0 / 4.0) * jnp.square(x + 1), x),
    )


def log_sigmoid(x):
    return jax.nn.log_sigmoid(_float(x))


def leaky_relu(x, negative_slope=0.2):
    return jax.nn.leaky_relu(_float(x), negative_slope=negative_slope)


def hard_sigmoid(x):
    x = _float(x)
    return jnp.clip(x / 6.0 + 0.5, 0.0, 1.0).astype(x.dtype)


def hard_silu(x):
    x = _float(x)
    return x * hard_sigmoid(x)


def elu(x, alpha=1.0):
    return jax.nn.elu(_float(x), alpha=alpha)


def selu(x):
    return jax.nn.selu(_float(x))


def celu(x, alpha=1.0):
    return jax.nn.celu(_float(x), alpha=alpha)


def gelu(x, approximate=True):
    return jax.nn.gelu(_float(x), approximate=approximate)


def glu(x, axis=-1):
    return jax.nn.glu(_float(x), axis=axis)


def softmax(x, axis=-1):
    x = _float(x)
    if isinstance(axis, list):
        axis = tuple(axis)
    return jax.nn.softmax(x, axis=axis)


def log_softmax(x, axis=-1):
    x = _float(x)
    if isinstance(axis, list):
        axis = tuple(axis)
    return jax.nn.log_softmax(x, axis=axis)


def sparsemax(x, axis=-1):
    x = _float(x)
    z = jnp.sort(x, axis=axis)
    z = jnp.flip(z, axis=axis)
    k = jnp.arange(1, x.shape[axis] + 1, dtype=x.dtype)
    shape = [1] * x.ndim
    shape[axis] = -1
    k = k.reshape(shape)
    z_cumsum = jnp.cumsum(z, axis=axis)
    support = (1 + k * z) > z_cumsum
    k_z = jnp.sum(support, axis=axis, keepdims=True).astype(x.dtype)
    tau = (
        jnp.sum(jnp.where(support, z, 0), axis=axis, keepdims=True) - 1
    ) / k_z
    return jnp.maximum(x - tau, 0)


def one_hot(x, num_classes, axis=-1, dtype=None, sparse=False):
    if sparse:
        raise ValueError("Sparse tensors are not supported by this backend.")
    x = convert_to_tensor(x)
    dtype = dtypes.standardize_dtype(dtype)
    return jax.nn.one_hot(x, num_classes, axis=axis, dtype=dtype)


def multi_hot(inputs, num_classes, axis=-1, dtype=None, sparse=False):
    if sparse:
        raise ValueError("Sparse tensors are not supported by this backend.")
    inputs = convert_to_tensor(inputs)
    dtype = dtypes.standardize_dtype(dtype)
    reduction_axis = 1 if inputs.ndim > 1 else 0
    encoded = jax.nn.one_hot(inputs, num_classes, axis=axis, dtype=dtype)
    return jnp.max(encoded, axis=reduction_axis)


def normalize(x, axis=-1, order=2, epsilon=None):
    x = _float(x)
    if epsilon is None:
        epsilon = config.epsilon()
    norm = jnp.linalg.norm(x, ord=order, axis=axis, keepdims=True)
    return x / jnp.maximum(norm, epsilon)


def _check_shapes(target, output):
    # Cross-entropies here do not broadcast: both must match exactly.
    if tuple(target.shape) != tuple(output.shape):
        raise ValueError(
            f"`target` of shape {tuple(target.shape)} and `output` of shape "
            f"{tuple(output.shape)} differ; they must have equal shapes."
        )


def binary_crossentropy(target, output, from_logits=False):
    output = _float(output)
    target = convert_to_tensor(target).astype(output.dtype)
    _check_shapes(target, output)
    if from_logits:
        log_p = jax.nn.log_sigmoid(output)
        log_not_p = jax.nn.log_sigmoid(-output)
        return -target * log_p - (1 - target) * log_not_p
    # Keep the probabilities away from 0 and 1 so the logs stay finite.
    eps = config.epsilon()
    p = jnp.clip(output, eps, 1.0 - eps)
    return -(target * jnp.log(p) + (1 - target) * jnp.log1p(-p))


def categorical_crossentropy(target, output, from_logits=False, axis=-1):
    output = _float(output)
    target = convert_to_tensor(target).astype(output.dtype)
    _check_shapes(target, output)
    if target.ndim == 0:
        raise ValueError(
            "categorical_crossentropy needs a class axis, but `target` and "
            "`output` are scalars."
        )
    if from_logits:
        log_probs = jax.nn.log_softmax(output, axis=axis)
    else:
        # Rescale to sum to one, then clip before the log.
        total = jnp.sum(output, axis=axis, keepdims=True)
        eps = config.epsilon()
        log_probs = jnp.log(jnp.clip(output / total, eps, 1.0 - eps))
    return -jnp.sum(target * log_probs, axis=axis)


def sparse_categorical_crossentropy(target, output, from_logits=False, axis=-1):
    output = _float(output)
    target = convert_to_tensor(target)
    if target.ndim == output.ndim and target.shape[-1] == 1:
        target = jnp.squeeze(target, axis=-1)
    if output.ndim < 1:
        raise ValueError(
            "sparse_categorical_crossentropy needs an `output` with a class "
            f"axis; got a scalar of shape {tuple(output.shape)}."
        )
    expected = (
        output.shape[: axis % output.ndim]
        + output.shape[axis % output.ndim + 1 :]
    )
    if tuple(target.shape) != tuple(expected):
        raise ValueError(
            f"`target` of shape {tuple(target.shape)} does not fit `output` "
            f"of shape {tuple(output.shape)}: expected {tuple(expected)}, "
            "the output shape without its class axis."
        )
    axis = axis % output.ndim
    if from_logits:
        log_normalizer = jax.nn.logsumexp(output, axis=axis, keepdims=True)
    else:
        output = output / jnp.sum(output, axis=axis, keepdims=True)
        eps = config.epsilon()
        output = jnp.clip(output, eps, 1.0 - eps)
    # Picking the target's entry (a gather) instead of summing a one-hot
    # product over the classes keeps the class axis out of the
    # reductions, which matters when it is sharded (a vocabulary split
    # over a "model" axis).
    index = jnp.expand_dims(target.astype("int32"), axis)
    picked = jnp.take_along_axis(output, index, axis=axis)
    if from_logits:
        log_prob = picked - log_normalizer
    else:
        log_prob = jnp.log(picked)
    return -jnp.squeeze(log_prob, axis=axis)


def moments(x, axes, keepdims=False, synchronized=False):
    if synchronized:
        raise NotImplementedError(
            "moments(synchronized=True) is not available on JAX; under "
            "`jax.jit` with sharded inputs the statistics are already global."
        )
    x = convert_to_tensor(x)
    ori_dtype = dtypes.standardize_dtype(x.dtype)
    # Accumulate half precision in float32 to avoid overflow.
    compute_dtype = (
        "float32"
        if ori_dtype in ("float16", "bfloat16")
        else (ori_dtype if ori_dtype in dtypes.FLOAT_TYPES else config.floatx())
    )
    x = x.astype(compute_dtype)
    axes = tuple(axes) if isinstance(axes, (list, tuple)) else (axes,)
    mean = jnp.mean(x, axis=axes, keepdims=True)
    variance = jnp.mean(jnp.square(x - mean), axis=axes, keepdims=True)
    stats = (mean, variance)
    if not keepdims:
        stats = tuple(jnp.squeeze(t, axes) for t in stats)
    if compute_dtype != ori_dtype and ori_dtype in dtypes.FLOAT_TYPES:
        # Half-precision inputs get half-precision statistics back.
        stats = tuple(t.astype(ori_dtype) for t in stats)
    return stats


def batch_normalization(
    x, mean, variance, axis, offset=None, scale=None, epsilon=1e-3
):
    x = convert_to_tensor(x)
    shape = [1] * x.ndim
    shape[axis] = x.shape[axis]
    mean = jnp.reshape(convert_to_tensor(mean), shape)
    variance = jnp.reshape(convert_to_tensor(variance), shape)
    # Fold everything into one multiplier and one shift:
    # y = x * factor + (offset - mean * factor).
    factor = jax.lax.rsqrt(variance + epsilon)
    if scale is not None:
        factor = factor * jnp.reshape(convert_to_tensor(scale), shape)
    shift = -mean * factor
    if offset is not None:
        shift = shift + jnp.reshape(convert_to_tensor(offset), shape)
    return x * factor + shift


def dot_product_attention(
    query,
    key,
    value,
    bias=None,
    mask=None,
    scale=None,
    is_causal=False,
    flash_attention=None,
):
    query = convert_to_tensor(query)
    key = convert_to_tensor(key)
    value = convert_to_tensor(value)
    if query.ndim != 4 or key.ndim != 4 or value.ndim != 4:
        raise ValueError(
            "`dot_product_attention` only supports 4D inputs of layout "
            "(batch, seq, heads, head_dim). Received: "
            f"query.shape={query.shape}, key.shape={key.shape}, "
            f"value.shape={value.shape}."
        )
    if flash_attention:
        raise ValueError(
            "Flash attention is not supported by this backend build."
        )
    if bias is not None:
        bias = convert_to_tensor(bias)
    if mask is not None:
        mask = convert_to_tensor(mask).astype("bool")
    head_dim = query.shape[-1]
    if scale is None:
        scale = 1.0 / (head_dim**0.5)
    num_heads, num_kv_heads = query.shape[2], key.shape[2]
    if num_heads % num_kv_heads:
        raise ValueError(
            "The number of query heads must be a multiple of the number of "
            f"key/value heads. Received: {num_heads} and {num_kv_heads}."
        )
    if num_heads != num_kv_heads:
        # Grouped-query attention: share each key/value head.
        repeats = num_heads // num_kv_heads
        key = jnp.repeat(key, repeats, axis=2)
        value = jnp.repeat(value, repeats, axis=2)
    dtype = query.dtype
    compute_dtype = "float32" if dtype in (jnp.float16, jnp.bfloat16) else dtype
    logits = jnp.einsum(
        "btnh,bsnh->bnts", query, key, preferred_element_type=compute_dtype
    )
    logits = logits * jnp.asarray(scale, dtype=logits.dtype)
    if bias is not None:
        logits = logits + bias.astype(logits.dtype)
    big_neg = jnp.finfo(logits.dtype).min
    if mask is not None:
        logits = jnp.where(mask, logits, big_neg)
    if is_causal:
        t, s = logits.shape[-2], logits.shape[-1]
        causal = jnp.tril(jnp.ones((t, s), dtype="bool"), k=0)
        logits = jnp.where(causal, logits, big_neg)
    probs = jax.nn.softmax(logits, axis=-1).astype(dtype)
    return jnp.einsum("bnts,bsnh->btnh", probs, value)
