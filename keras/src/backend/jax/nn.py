"""JAX implementations of the neural-network ops (`keras.ops.nn`)."""

import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import sparse as jax_sparse

from keras.src.backend import config
from keras.src.backend.common import backend_utils
from keras.src.backend.common import dtypes
from keras.src.backend.jax import attention_kernel
from keras.src.backend.jax.core import convert_to_tensor
from keras.src.utils.python_utils import ceil_div


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


def _maybe_sparse(dense, sparse):
    # The number of stored entries must be concrete: eager inputs only.
    if not sparse:
        return dense
    encoded = jax_sparse.BCOO.fromdense(dense)
    # `fromdense` stores booleans as integers.
    return jax_sparse.BCOO(
        (encoded.data.astype(dense.dtype), encoded.indices), shape=dense.shape
    )


def one_hot(x, num_classes, axis=-1, dtype=None, sparse=False):
    x = convert_to_tensor(x)
    dtype = dtypes.standardize_dtype(dtype)
    encoded = jax.nn.one_hot(x, num_classes, axis=axis, dtype=dtype)
    return _maybe_sparse(encoded, sparse)


def multi_hot(inputs, num_classes, axis=-1, dtype=None, sparse=False):
    inputs = convert_to_tensor(inputs)
    dtype = dtypes.standardize_dtype(dtype)
    reduction_axis = 1 if inputs.ndim > 1 else 0
    encoded = jax.nn.one_hot(inputs, num_classes, axis=axis, dtype=dtype)
    return _maybe_sparse(jnp.max(encoded, axis=reduction_axis), sparse)


def normalize(x, axis=-1, order=2, epsilon=None):
    x = _float(x)
    if epsilon is None:
        epsilon = config.epsilon()
    if order == 2:
        # Clamping the squared norm before the square root keeps the
        # gradient finite at a zero vector (`sqrt` has an infinite slope at
        # 0, and a clamp applied after it cannot remove the resulting NaN).
        # Half precision is widened first: `epsilon ** 2` would underflow.
        wide = x.astype(jnp.promote_types(x.dtype, "float32"))
        squares = jnp.sum(jnp.square(wide), axis=axis, keepdims=True)
        scale = jax.lax.rsqrt(jnp.maximum(squares, epsilon * epsilon))
        return (wide * scale).astype(x.dtype)
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
    # The target's entry is picked by comparing class numbers, not by a
    # gather: the backward pass is then one elementwise expression over the
    # classes (a gather's is a scatter into a flattened copy, which on a TPU
    # costs three passes over the logits), and a class axis split over a
    # mesh axis only needs a sum across devices. A target outside
    # `[0, classes)` matches no class: its loss and gradient are zero.
    index = jnp.expand_dims(target.astype("int32"), axis)
    classes = jax.lax.broadcasted_iota("int32", output.shape, axis)
    is_target = classes == index
    valid = (index >= 0) & (index < output.shape[axis])
    if from_logits:
        log_normalizer = jax.nn.logsumexp(output, axis=axis, keepdims=True)
    else:
        output = output / jnp.sum(output, axis=axis, keepdims=True)
        eps = config.epsilon()
        output = jnp.clip(output, eps, 1.0 - eps)
    zero = jnp.zeros((), output.dtype)
    picked = jnp.sum(
        jnp.where(is_target, output, zero), axis=axis, keepdims=True
    )
    if from_logits:
        log_prob = picked - log_normalizer
    else:
        log_prob = jnp.log(jnp.where(valid, picked, jnp.ones_like(picked)))
    log_prob = jnp.where(valid, log_prob, zero)
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
        # Half-precision inputs get half-precision statistics back,
        # saturated at the largest finite value instead of overflowing.
        info = jnp.finfo(ori_dtype)
        stats = tuple(
            jnp.clip(t, float(info.min), float(info.max)).astype(ori_dtype)
            for t in stats
        )
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
    attn_logits_soft_cap=None,
):
    if (
        attn_logits_soft_cap is not None
        and jax.devices()[0].platform != "tpu"
        and not attention_kernel.interpreting()
    ):
        raise ValueError(
            "`attn_logits_soft_cap` is only supported on TPU, as in "
            "upstream Keras. Received: "
            f"attn_logits_soft_cap={attn_logits_soft_cap} on "
            f"{jax.devices()[0].platform}; pass `None` elsewhere."
        )
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
    if bias is not None:
        bias = convert_to_tensor(bias)
    if mask is not None:
        mask = convert_to_tensor(mask).astype("bool")
        mask = _attention_mask(mask, query, key)
    head_dim = query.shape[-1]
    if scale is None:
        scale = 1.0 / (head_dim**0.5)
    num_heads, num_kv_heads = query.shape[2], key.shape[2]
    if num_heads % num_kv_heads:
        raise ValueError(
            "The number of query heads must be a multiple of the number of "
            f"key/value heads. Received: {num_heads} and {num_kv_heads}."
        )
    if flash_attention is None and config.is_flash_attention_enabled() is False:
        # The global setting only turns the kernel off: left on (or unset),
        # `None` takes the kernel where it applies and raises nowhere.
        flash_attention = False
    if flash_attention is not False:
        reason = attention_kernel.unavailable_reason(
            query, key, value, bias, mask
        )
        dense = (
            reason is None
            and mask is not None
            and attention_kernel.mask_form(mask, query, key) == "dense"
        )
        if dense and flash_attention:
            reason = (
                f"a mask of shape {tuple(mask.shape)} is matched to the "
                "kernel's forms (causal and padding masks) only at run time"
            )
        if reason is None and dense:
            return attention_kernel.attend_dense(
                query,
                key,
                value,
                mask,
                scale=scale,
                is_causal=is_causal,
                soft_cap=attn_logits_soft_cap,
                blind="mean",
                plain=functools.partial(
                    _plain_attention,
                    bias=None,
                    scale=scale,
                    is_causal=False,
                    soft_cap=attn_logits_soft_cap,
                ),
            )
        if reason is None:
            return attention_kernel.attend(
                query,
                key,
                value,
                mask,
                scale=scale,
                is_causal=is_causal,
                soft_cap=attn_logits_soft_cap,
            )
        if flash_attention:
            raise ValueError(
                f"`flash_attention=True` cannot be honoured: {reason}. "
                "Pass `flash_attention=None` to fall back to the unfused "
                "computation where the kernel does not apply."
            )
    return _plain_attention(
        query,
        key,
        value,
        mask,
        bias=bias,
        scale=scale,
        is_causal=is_causal,
        soft_cap=attn_logits_soft_cap,
    )


def _attention_mask(mask, query, key):
    """`mask` in a shape that broadcasts against the logits `(B, N, T, S)`.

    A mask that already broadcasts from the right is kept. Otherwise a
    `(B, S)` mask holds each sample's valid keys and a `(B, T, S)` or
    `(B, 1, S)` mask each sample's own pattern, shared by the heads (as
    upstream Keras reads them when JAX's broadcasting refuses them).
    """
    batch, queries, heads = query.shape[:3]
    keys = key.shape[1]
    logits_shape = (batch, heads, queries, keys)
    # Compared dimension by dimension: under `jax.export` a dimension may
    # be symbolic (equal only to itself), which NumPy cannot broadcast.
    if mask.ndim <= 4 and all(
        m == 1 or m == t
        for m, t in zip(reversed(mask.shape), reversed(logits_shape))
    ):
        return mask
    if mask.ndim == 2 and mask.shape == (batch, keys):
        return mask[:, None, None, :]
    if (
        mask.ndim == 3
        and mask.shape[0] == batch
        and mask.shape[1] in (1, queries)
        and mask.shape[2] == keys
    ):
        return mask[:, None, :, :]
    raise ValueError(
        "`mask` must broadcast against the attention logits of shape "
        f"(batch, heads, queries, keys) = {logits_shape}, or be a "
        f"(batch, keys) = {(batch, keys)} or (batch, queries, keys) = "
        f"{(batch, queries, keys)} mask. Received: mask.shape="
        f"{tuple(mask.shape)}"
    )


def _plain_attention(
    query, key, value, mask, *, bias, scale, is_causal, soft_cap
):
    """Unfused softmax attention of `(B, T, H, D)` tensors (grouped-query
    heads repeated), as `dot_product_attention` computes it without the
    kernel."""
    num_heads, num_kv_heads = query.shape[2], key.shape[2]
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
    if soft_cap is not None:
        cap = jnp.asarray(soft_cap, dtype=logits.dtype)
        logits = cap * jnp.tanh(logits / cap)
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


# ------------------------------------------------ convolutions and pooling
def _conv_tuple(value, n, name):
    if isinstance(value, int):
        return (value,) * n
    value = tuple(value)
    if len(value) == 1 and n > 1:
        value = value * n
    if len(value) != n:
        raise ValueError(
            f"`{name}` must be an int or a tuple of {n} ints. "
            f"Received: {name}={value}"
        )
    return tuple(int(v) for v in value)


def _conv_specs(num_spatial, data_format):
    """`(lhs, rhs, out)` layout strings of `jax.lax.conv_general_dilated`
    for a kernel laid out as `(*spatial, in_channels, out_channels)`."""
    spatial = "DHW"[3 - num_spatial :] if num_spatial <= 3 else None
    if spatial is None:
        raise ValueError(
            "Only 1D, 2D and 3D convolutions are supported. Received "
            f"inputs with {num_spatial} spatial dimensions."
        )
    if data_format == "channels_last":
        lhs = "N" + spatial + "C"
    else:
        lhs = "NC" + spatial
    return lhs, spatial + "IO", lhs


def _spatial_shape(x, data_format):
    return x.shape[1:-1] if data_format == "channels_last" else x.shape[2:]


def _channels(x, data_format):
    return x.shape[-1] if data_format == "channels_last" else x.shape[1]


def _check_window_output(x, data_format, windows, strides, padding, what):
    """Raises a `ValueError` when a "valid" window does not fit.

    Sizes that are not plain ints (symbolic under `jax.export`) are not
    checked: comparing them has no single answer.
    """
    if padding != "valid":
        return
    for size, window, stride in zip(
        _spatial_shape(x, data_format), windows, strides
    ):
        if not isinstance(size, int):
            continue
        if (size - window) // stride + 1 <= 0:
            raise ValueError(
                "Computed output size would be zero or negative. Received "
                f"`inputs shape={x.shape}` and {what}."
            )


def _conv_operands(inputs, kernel):
    inputs = convert_to_tensor(inputs)
    kernel = convert_to_tensor(kernel)
    dtype = dtypes.result_type(inputs.dtype, kernel.dtype)
    if not dtypes.is_float_dtype(dtype):
        dtype = config.floatx()
    return inputs.astype(dtype), kernel.astype(dtype)


def conv(
    inputs,
    kernel,
    strides=1,
    padding="valid",
    data_format=None,
    dilation_rate=1,
):
    data_format = config.standardize_data_format(data_format)
    inputs, kernel = _conv_operands(inputs, kernel)
    n = inputs.ndim - 2
    strides = _conv_tuple(strides, n, "strides")
    dilation_rate = _conv_tuple(dilation_rate, n, "dilation_rate")
    padding = padding.lower()
    in_channels = _channels(inputs, data_format)
    backend_utils.check_conv_input_channels(
        in_channels, inputs.shape, kernel.shape
    )
    groups = in_channels // kernel.shape[-2]
    if kernel.shape[-1] % groups:
        raise ValueError(
            "The kernel's number of output channels must be divisible by "
            f"the number of groups ({groups}). Received: "
            f"kernel.shape={kernel.shape}"
        )
    windows = [d * (k - 1) + 1 for k, d in zip(kernel.shape[:n], dilation_rate)]
    _check_window_output(
        inputs,
        data_format,
        windows,
        strides,
        padding,
        f"`kernel shape={kernel.shape}`, `dilation_rate={dilation_rate}`",
    )
    dimension_numbers = jax.lax.conv_dimension_numbers(
        inputs.shape, kernel.shape, _conv_specs(n, data_format)
    )
    return jax.lax.conv_general_dilated(
        inputs,
        kernel,
        window_strides=strides,
        padding=padding.upper(),
        rhs_dilation=dilation_rate,
        dimension_numbers=dimension_numbers,
        feature_group_count=groups,
    )


def depthwise_conv(
    inputs,
    kernel,
    strides=1,
    padding="valid",
    data_format=None,
    dilation_rate=1,
):
    data_format = config.standardize_data_format(data_format)
    inputs, kernel = _conv_operands(inputs, kernel)
    n = inputs.ndim - 2
    in_channels = _channels(inputs, data_format)
    backend_utils.check_kernel_input_channels(
        in_channels, inputs.shape, kernel.shape
    )
    # Channel `c`, multiplier `m` becomes output channel `c * mult + m`.
    kernel = jnp.reshape(
        kernel, kernel.shape[:n] + (1, in_channels * kernel.shape[-1])
    )
    return conv(
        inputs,
        kernel,
        strides=strides,
        padding=padding,
        data_format=data_format,
        dilation_rate=dilation_rate,
    )


def separable_conv(
    inputs,
    depthwise_kernel,
    pointwise_kernel,
    strides=1,
    padding="valid",
    data_format=None,
    dilation_rate=1,
):
    data_format = config.standardize_data_format(data_format)
    x = depthwise_conv(
        inputs,
        depthwise_kernel,
        strides=strides,
        padding=padding,
        data_format=data_format,
        dilation_rate=dilation_rate,
    )
    return conv(
        x, pointwise_kernel, strides=1, padding="valid", data_format=data_format
    )


def conv_transpose(
    inputs,
    kernel,
    strides=1,
    padding="valid",
    output_padding=None,
    data_format=None,
    dilation_rate=1,
):
    data_format = config.standardize_data_format(data_format)
    inputs, kernel = _conv_operands(inputs, kernel)
    n = inputs.ndim - 2
    strides = _conv_tuple(strides, n, "strides")
    dilation_rate = _conv_tuple(dilation_rate, n, "dilation_rate")
    padding = padding.lower()
    backend_utils.check_kernel_input_channels(
        _channels(inputs, data_format),
        inputs.shape,
        kernel.shape,
        transpose=True,
    )
    pads = backend_utils.compute_conv_transpose_padding_args_for_jax(
        input_shape=(
            inputs.shape
            if data_format == "channels_last"
            else (inputs.shape[0], *inputs.shape[2:], inputs.shape[1])
        ),
        kernel_shape=kernel.shape,
        strides=strides,
        padding=padding,
        output_padding=output_padding,
        dilation_rate=dilation_rate,
    )
    # The scatter of the transposed convolution is the convolution of the
    # stride-dilated input with the flipped kernel, its channel axes
    # swapped.
    flipped = jnp.flip(kernel, axis=tuple(range(n)))
    flipped = jnp.swapaxes(flipped, -1, -2)
    dimension_numbers = jax.lax.conv_dimension_numbers(
        inputs.shape, flipped.shape, _conv_specs(n, data_format)
    )
    return jax.lax.conv_general_dilated(
        inputs,
        flipped,
        window_strides=(1,) * n,
        padding=pads,
        lhs_dilation=strides,
        rhs_dilation=dilation_rate,
        dimension_numbers=dimension_numbers,
    )


def _pool_window(x, pool_size, strides, data_format):
    n = x.ndim - 2
    pool_size = _conv_tuple(pool_size, n, "pool_size")
    if strides is None:
        strides = pool_size
    strides = _conv_tuple(strides, n, "strides")
    if data_format == "channels_last":
        return (1, *pool_size, 1), (1, *strides, 1), pool_size, strides
    return (1, 1, *pool_size), (1, 1, *strides), pool_size, strides


def _pool_padding(x, padding, window, strides, pool_size, data_format):
    padding = padding.lower()
    if padding not in ("valid", "same"):
        raise ValueError(
            f"`padding` must be 'valid' or 'same'. Received: padding={padding}"
        )
    _check_window_output(
        x,
        data_format,
        pool_size,
        strides[1:-1] if data_format == "channels_last" else strides[2:],
        padding,
        f"`pool_size={pool_size}`",
    )
    return jax.lax.padtype_to_pads(x.shape, window, strides, padding.upper())


def max_pool(
    inputs, pool_size, strides=None, padding="valid", data_format=None
):
    data_format = config.standardize_data_format(data_format)
    x = convert_to_tensor(inputs)
    window, window_strides, pool_size, _ = _pool_window(
        x, pool_size, strides, data_format
    )
    pads = _pool_padding(
        x, padding, window, window_strides, pool_size, data_format
    )
    if jnp.issubdtype(x.dtype, jnp.floating):
        init = -np.inf
    elif x.dtype == jnp.bool_:
        init = False
    else:
        init = jnp.iinfo(x.dtype).min
    # A concrete NumPy identity lets JAX recognize the max monoid, which
    # makes the pooling differentiable.
    return jax.lax.reduce_window(
        x, np.array(init, x.dtype), jax.lax.max, window, window_strides, pads
    )


def average_pool(
    inputs, pool_size, strides=None, padding="valid", data_format=None
):
    data_format = config.standardize_data_format(data_format)
    x = _float(inputs)
    window, window_strides, pool_size, _ = _pool_window(
        x, pool_size, strides, data_format
    )
    pads = _pool_padding(
        x, padding, window, window_strides, pool_size, data_format
    )
    zero = np.array(0, x.dtype)
    sums = jax.lax.reduce_window(
        x, zero, jax.lax.add, window, window_strides, pads
    )
    if all(p == (0, 0) for p in pads):
        count = 1
        for p in pool_size:
            count *= p
        return (sums / count).astype(x.dtype)
    # Padded positions do not count: divide by the number of real entries
    # of each window.
    ones = jnp.ones((1, *x.shape[1:]), dtype=x.dtype)
    counts = jax.lax.reduce_window(
        ones, zero, jax.lax.add, window, window_strides, pads
    )
    return (sums / counts).astype(x.dtype)


def _adaptive_bins(size, output_size):
    """`(start, end)` of each of `output_size` nearly equal, possibly
    overlapping windows covering `size` positions."""
    return [
        ((i * size) // output_size, ceil_div((i + 1) * size, output_size))
        for i in range(output_size)
    ]


def _adaptive_pool(inputs, output_size, data_format, reduce_fn):
    data_format = config.standardize_data_format(data_format)
    x = convert_to_tensor(inputs)
    n = x.ndim - 2
    output_size = _conv_tuple(output_size, n, "output_size")
    first = 1 if data_format == "channels_last" else 2
    axes = range(first, first + n)
    for axis, out in zip(axes, output_size):
        size = x.shape[axis]
        pieces = [
            reduce_fn(
                jax.lax.slice_in_dim(x, start, end, axis=axis),
                axis=axis,
                keepdims=True,
            )
            for start, end in _adaptive_bins(size, out)
        ]
        x = jnp.concatenate(pieces, axis=axis)
    return x


def adaptive_average_pool(inputs, output_size, data_format=None):
    return _adaptive_pool(_float(inputs), output_size, data_format, jnp.mean)


def adaptive_max_pool(inputs, output_size, data_format=None):
    return _adaptive_pool(inputs, output_size, data_format, jnp.max)


def _check_block_size(block_size):
    if isinstance(block_size, bool) or not isinstance(block_size, int):
        raise ValueError(
            f"`block_size` must be an integer. Received: {block_size}"
        )
    if block_size < 2:
        raise ValueError(
            f"`block_size` must be at least 2. Received: {block_size}"
        )


def depth_to_space(x, block_size, data_format=None):
    _check_block_size(block_size)
    data_format = config.standardize_data_format(data_format)
    x = convert_to_tensor(x)
    b = block_size
    if data_format == "channels_first":
        x = jnp.transpose(x, (0, 2, 3, 1))
    n, h, w, c = x.shape
    if c % (b * b):
        raise ValueError(
            f"The channel dimension ({c}) must be divisible by "
            f"`block_size ** 2` ({b * b})."
        )
    x = jnp.reshape(x, (n, h, w, b, b, c // (b * b)))
    x = jnp.transpose(x, (0, 1, 3, 2, 4, 5))
    x = jnp.reshape(x, (n, h * b, w * b, c // (b * b)))
    if data_format == "channels_first":
        x = jnp.transpose(x, (0, 3, 1, 2))
    return x


def space_to_depth(x, block_size, data_format=None):
    _check_block_size(block_size)
    data_format = config.standardize_data_format(data_format)
    x = convert_to_tensor(x)
    b = block_size
    if data_format == "channels_first":
        x = jnp.transpose(x, (0, 2, 3, 1))
    n, h, w, c = x.shape
    if h % b or w % b:
        raise ValueError(
            f"The spatial dimensions ({h}, {w}) must be divisible by "
            f"`block_size` ({b})."
        )
    x = jnp.reshape(x, (n, h // b, b, w // b, b, c))
    x = jnp.transpose(x, (0, 1, 3, 2, 4, 5))
    x = jnp.reshape(x, (n, h // b, w // b, b * b * c))
    if data_format == "channels_first":
        x = jnp.transpose(x, (0, 3, 1, 2))
    return x


def _pair(value, name):
    if isinstance(value, int):
        return (value, value)
    value = tuple(int(v) for v in value)
    if len(value) != 2:
        raise ValueError(
            f"`{name}` must be an int or a tuple of 2 ints. "
            f"Received: {name}={value}"
        )
    return value


def unfold(x, kernel_size, dilation=1, padding=0, stride=1):
    x = convert_to_tensor(x)
    if x.ndim != 4:
        raise ValueError(
            "`unfold` expects a 4D input `(batch, channels, height, width)`. "
            f"Received: x.shape={x.shape}"
        )
    kernel_size = _pair(kernel_size, "kernel_size")
    dilation = _pair(dilation, "dilation")
    padding = _pair(padding, "padding")
    stride = _pair(stride, "stride")
    # Channel-major patches: feature `c * kh * kw + i * kw + j`.
    patches = jax.lax.conv_general_dilated_patches(
        x,
        filter_shape=kernel_size,
        window_strides=stride,
        padding=[(p, p) for p in padding],
        rhs_dilation=dilation,
        dimension_numbers=("NCHW", "OIHW", "NCHW"),
    )
    n, features = patches.shape[:2]
    return jnp.reshape(patches, (n, features, -1))


def fold(x, output_size, kernel_size, dilation=1, padding=0, stride=1):
    x = convert_to_tensor(x)
    if x.ndim != 3:
        raise ValueError(
            "`fold` expects a 3D input `(batch, channels * kernel_height * "
            f"kernel_width, blocks)`. Received: x.shape={x.shape}"
        )
    kernel_size = _pair(kernel_size, "kernel_size")
    output_size = _pair(output_size, "output_size")
    window = kernel_size[0] * kernel_size[1]
    if x.shape[1] % window:
        raise ValueError(
            f"The second dimension of `x` ({x.shape[1]}) must be divisible "
            f"by the kernel size product ({window})."
        )
    channels = x.shape[1] // window
    template = jnp.zeros((x.shape[0], channels, *output_size), x.dtype)

    def unfold_fn(image):
        return unfold(image, kernel_size, dilation, padding, stride)

    # Folding sums every patch back into place: the transpose of unfolding.
    _, transpose = jax.vjp(unfold_fn, template)
    (folded,) = transpose(x)
    return folded


def threshold(x, threshold, default_value):
    x = convert_to_tensor(x)
    return jnp.where(x > threshold, x, jnp.asarray(default_value, x.dtype))


def _compute_dtype(x):
    """Half-precision inputs are normalized in float32."""
    if x.dtype in (jnp.float16, jnp.bfloat16):
        return jnp.float32
    if not jnp.issubdtype(x.dtype, jnp.floating):
        return config.floatx()
    return x.dtype


def rms_normalization(x, scale=None, axis=-1, epsilon=None):
    x = convert_to_tensor(x)
    out_dtype = (
        x.dtype if jnp.issubdtype(x.dtype, jnp.floating) else (config.floatx())
    )
    epsilon = config.epsilon() if epsilon is None else epsilon
    y = x.astype(_compute_dtype(x))
    y = y * jax.lax.rsqrt(
        jnp.mean(jnp.square(y), axis=axis, keepdims=True) + epsilon
    )
    if scale is not None:
        y = y * convert_to_tensor(scale).astype(y.dtype)
    return y.astype(out_dtype)


def layer_normalization(x, gamma=None, beta=None, axis=-1, epsilon=None):
    x = convert_to_tensor(x)
    out_dtype = (
        x.dtype if jnp.issubdtype(x.dtype, jnp.floating) else (config.floatx())
    )
    epsilon = config.epsilon() if epsilon is None else epsilon
    y = x.astype(_compute_dtype(x))
    mean = jnp.mean(y, axis=axis, keepdims=True)
    variance = jnp.var(y, axis=axis, keepdims=True)
    y = (y - mean) * jax.lax.rsqrt(variance + epsilon)
    if gamma is not None:
        y = y * convert_to_tensor(gamma).astype(y.dtype)
    if beta is not None:
        y = y + convert_to_tensor(beta).astype(y.dtype)
    return y.astype(out_dtype)


def psnr(x1, x2, max_val):
    x1 = convert_to_tensor(x1)
    x2 = convert_to_tensor(x2)
    dtype = jnp.result_type(x1.dtype, x2.dtype, config.floatx())
    mse = jnp.mean(jnp.square(x1.astype(dtype) - x2.astype(dtype)))
    return 20.0 * jnp.log10(jnp.asarray(max_val, dtype)) - 10.0 * jnp.log10(mse)


def polar(abs_, angle):
    abs_ = convert_to_tensor(abs_)
    angle = convert_to_tensor(angle)
    dtype = jnp.result_type(abs_.dtype, angle.dtype)
    if dtype not in (jnp.float32, jnp.float64):
        dtype = jnp.float32
    abs_ = abs_.astype(dtype)
    angle = angle.astype(dtype)
    return jax.lax.complex(abs_ * jnp.cos(angle), abs_ * jnp.sin(angle))


def ctc_loss(target, output, target_length, output_length, mask_index=0):
    target = convert_to_tensor(target).astype("int32")
    output = convert_to_tensor(output)
    target_length = convert_to_tensor(target_length).astype("int32")
    output_length = convert_to_tensor(output_length).astype("int32")
    dtype = _compute_dtype(output)
    log_probs = jax.nn.log_softmax(output.astype(dtype), axis=-1)
    batch, steps, _ = log_probs.shape
    labels = target.shape[1]
    # The label sequence with a blank before, between and after the labels.
    extended = jnp.full((batch, 2 * labels + 1), mask_index, "int32")
    extended = extended.at[:, 1::2].set(target)
    extended_length = 2 * target_length + 1
    # A path may skip a blank between two different labels.
    can_skip = jnp.concatenate(
        [
            jnp.zeros((batch, 2), bool),
            (extended[:, 2:] != mask_index)
            & (extended[:, 2:] != extended[:, :-2]),
        ],
        axis=1,
    )
    emissions = jnp.take_along_axis(
        log_probs,
        jnp.broadcast_to(extended[:, None, :], (batch, steps, 2 * labels + 1)),
        axis=2,
    )
    impossible = jnp.asarray(-1e30, dtype)
    start = jnp.full((batch, 2 * labels + 1), impossible)
    start = start.at[:, 0].set(emissions[:, 0, 0])
    if labels > 0:
        start = start.at[:, 1].set(emissions[:, 0, 1])

    def step(alpha, t):
        from_previous = jnp.pad(
            alpha[:, :-1], ((0, 0), (1, 0)), constant_values=impossible
        )
        from_skip = jnp.pad(
            alpha[:, :-2], ((0, 0), (2, 0)), constant_values=impossible
        )
        from_skip = jnp.where(can_skip, from_skip, impossible)
        new = jnp.logaddexp(jnp.logaddexp(alpha, from_previous), from_skip)
        new = new + emissions[:, t]
        # Sequences that have ended keep their final probabilities.
        return jnp.where((t < output_length)[:, None], new, alpha), None

    alpha, _ = jax.lax.scan(step, start, jnp.arange(1, steps))
    last = jnp.take_along_axis(alpha, (extended_length - 1)[:, None], axis=1)
    before_last = jnp.take_along_axis(
        alpha, jnp.maximum(extended_length - 2, 0)[:, None], axis=1
    )
    before_last = jnp.where(
        (extended_length >= 2)[:, None], before_last, impossible
    )
    return -jnp.logaddexp(last, before_last)[:, 0]


def ctc_decode(
    inputs,
    sequence_lengths,
    strategy="greedy",
    beam_width=100,
    top_paths=1,
    merge_repeated=True,
    mask_index=0,
):
    if strategy == "beam_search":
        return _ctc_beam_search(
            inputs, sequence_lengths, beam_width, top_paths, mask_index
        )
    inputs = convert_to_tensor(inputs)
    inputs = inputs.astype(jnp.result_type(inputs.dtype, jnp.float32))
    sequence_lengths = convert_to_tensor(sequence_lengths).astype("int32")
    batch, steps, _ = inputs.shape
    best = jnp.argmax(inputs, axis=-1).astype("int32")
    valid = jnp.arange(steps)[None, :] < sequence_lengths[:, None]
    scores = -jnp.sum(jnp.where(valid, jnp.max(inputs, axis=-1), 0), axis=1)
    keep = valid & (best != mask_index)
    if merge_repeated:
        changed = jnp.concatenate(
            [jnp.ones((batch, 1), bool), best[:, 1:] != best[:, :-1]], axis=1
        )
        keep = keep & changed
    # Move the kept labels to the front, padding with -1.
    positions = jnp.where(keep, jnp.cumsum(keep, axis=1) - 1, steps)
    decoded = jnp.full((batch, steps), -1, "int32")
    decoded = decoded.at[jnp.arange(batch)[:, None], positions].set(
        best, mode="drop"
    )
    return decoded[None], scores[:, None]


def _ctc_beam_search(inputs, sequence_lengths, beam_width, top_paths, blank):
    """Prefix beam search, run eagerly in NumPy (float64).

    Each beam is a label prefix with two log-probabilities: of the paths
    ending in a blank and of those ending in its last label. Extending a
    prefix by its own last label needs a blank in between.
    """
    if isinstance(inputs, jax.core.Tracer) or isinstance(
        sequence_lengths, jax.core.Tracer
    ):
        raise ValueError(
            "`ctc_decode(strategy='beam_search')` runs eagerly with the JAX "
            "backend: call it outside `jax.jit` (or use strategy='greedy')."
        )
    inputs = convert_to_tensor(inputs)
    score_dtype = jnp.result_type(inputs.dtype, jnp.float32)
    logits = np.asarray(inputs, dtype="float64")
    log_probs = logits - np.logaddexp.reduce(logits, axis=-1, keepdims=True)
    lengths = np.asarray(sequence_lengths).astype("int64")
    batch, steps, classes = log_probs.shape
    decoded = np.full((top_paths, batch, steps), -1, "int32")
    scores = np.full((batch, top_paths), -np.inf)

    def total(probs):
        return np.logaddexp(*probs)

    for b in range(batch):
        beams = {(): (0.0, -np.inf)}
        for t in range(int(lengths[b])):
            step = log_probs[b, t]
            extended = {}

            def add(prefix, blank_p, label_p):
                old_blank, old_label = extended.get(prefix, (-np.inf, -np.inf))
                extended[prefix] = (
                    np.logaddexp(old_blank, blank_p),
                    np.logaddexp(old_label, label_p),
                )

            for prefix, (blank_p, label_p) in beams.items():
                both = np.logaddexp(blank_p, label_p)
                add(prefix, both + step[blank], -np.inf)
                last = prefix[-1] if prefix else None
                for c in range(classes):
                    if c == blank:
                        continue
                    if c == last:
                        add(prefix, -np.inf, label_p + step[c])
                        add(prefix + (c,), -np.inf, blank_p + step[c])
                    else:
                        add(prefix + (c,), -np.inf, both + step[c])
            ranked = sorted(extended.items(), key=lambda kv: -total(kv[1]))
            beams = dict(ranked[:beam_width])
        ranked = sorted(beams.items(), key=lambda kv: -total(kv[1]))
        for k, (prefix, probs) in enumerate(ranked[:top_paths]):
            decoded[k, b, : len(prefix)] = prefix
            scores[b, k] = total(probs)
    return jnp.asarray(decoded), jnp.asarray(scores, dtype=score_dtype)
