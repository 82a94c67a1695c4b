"""Neural-network ops (`keras.ops.*`, `keras.ops.nn.*`).

Activations turn integer inputs into `keras.config.floatx()`.
"""

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.ops.operation import symbolic_op


def _export(*names):
    paths = []
    for name in names:
        paths += [f"keras.ops.{name}", f"keras.ops.nn.{name}"]
    return keras_export(paths)


@_export("relu")
@symbolic_op
def relu(x):
    """Rectified linear unit activation function: `max(x, 0)`.

    Args:
        x: Input tensor.

    Returns:
        A tensor shaped like `x`.

    Example:

    >>> keras.ops.relu(np.array([-1.0, 0.0, 1.0, 0.2]))
    array([0. , 0. , 1. , 0.2], dtype=float32)
    """
    return backend.nn.relu(x)


@_export("relu6")
@symbolic_op
def relu6(x):
    """ReLU capped at six.

    `y = min(max(x, 0), 6)`.

    Args:
        x: Input tensor.

    Returns:
        A tensor shaped like `x`.
    """
    return backend.nn.relu6(x)


@_export("sigmoid")
@symbolic_op
def sigmoid(x):
    """Sigmoid activation function: `1 / (1 + exp(-x))`.

    Args:
        x: Input tensor.

    Returns:
        A tensor shaped like `x`.
    """
    return backend.nn.sigmoid(x)


@_export("sparse_sigmoid")
@symbolic_op
def sparse_sigmoid(x):
    """Sparse sigmoid: `clip(0.5 * (x + 1), 0, 1)`.

    Args:
        x: Input tensor.

    Returns:
        A tensor shaped like `x`.
    """
    return backend.nn.sparse_sigmoid(x)


@_export("softplus")
@symbolic_op
def softplus(x):
    """Softplus activation function: `log(exp(x) + 1)`.

    Args:
        x: Input tensor.

    Returns:
        A tensor shaped like `x`.
    """
    return backend.nn.softplus(x)


@_export("softsign")
@symbolic_op
def softsign(x):
    """Softsign activation function: `x / (abs(x) + 1)`.

    Args:
        x: Input tensor.

    Returns:
        A tensor shaped like `x`.
    """
    return backend.nn.softsign(x)


@_export("soft_shrink")
@symbolic_op
def soft_shrink(x, threshold=0.5):
    """Soft shrink activation function.

    `x - threshold` if `x > threshold`, `x + threshold` if
    `x < -threshold`, else `0`.

    Args:
        x: Input tensor.
        threshold: Threshold value. Defaults to `0.5`.

    Returns:
        A tensor shaped like `x`.
    """
    return backend.nn.soft_shrink(x, threshold=threshold)


@_export("hard_shrink")
@symbolic_op
def hard_shrink(x, threshold=0.5):
    """Hard shrink activation: `x` if `|x| > threshold`, else `0`.

    Args:
        x: Input tensor.
        threshold: Threshold value. Defaults to `0.5`.

    Returns:
        A tensor shaped like `x`.
    """
    return backend.nn.hard_shrink(x, threshold=threshold)


@_export("tanh_shrink")
@symbolic_op
def tanh_shrink(x):
    """Tanh shrink activation function: `x - tanh(x)`.

    Args:
        x: Input tensor.

    Returns:
        A tensor shaped like `x`.
    """
    return backend.nn.tanh_shrink(x)


@_export("hard_tanh")
@symbolic_op
def hard_tanh(x):
    """Hard tanh activation function: `clip(x, -1, 1)`.

    Args:
        x: Input tensor.

    Returns:
        A tensor shaped like `x`.
    """
    return backend.nn.hard_tanh(x)


@_export("silu", "swish")
@symbolic_op
def silu(x):
    """Sigmoid Linear Unit (SiLU) activation, also known as Swish.

    `y = x * sigmoid(x)`. `keras.ops.swish` is an alias.

    Args:
        x: Input tensor.

    Returns:
        A tensor shaped like `x`.
    """
    return backend.nn.silu(x)


swish = silu


@_export("squareplus")
@symbolic_op
def squareplus(x, b=4):
    """Squareplus activation function: `(x + sqrt(x**2 + b)) / 2`.

    Args:
        x: Input tensor.
        b: Smoothness parameter. Defaults to `4`.

    Returns:
        A tensor shaped like `x`.
    """
    return backend.nn.squareplus(x, b=b)


@_export("sparse_plus")
@symbolic_op
def sparse_plus(x):
    """SparsePlus: a piecewise-quadratic smooth stand-in for ReLU.

    `0` for `x <= -1`, `(x + 1)**2 / 4` for `-1 < x < 1`, `x` for `x >= 1`.

    Args:
        x: Input tensor.

    Returns:
        A tensor shaped like `x`.
    """
    return backend.nn.sparse_plus(x)


@_export("log_sigmoid")
@symbolic_op
def log_sigmoid(x):
    """Logarithm of the sigmoid activation function: `-softplus(-x)`.

    Args:
        x: Input tensor.

    Returns:
        A tensor shaped like `x`.
    """
    return backend.nn.log_sigmoid(x)


@_export("leaky_relu")
@symbolic_op
def leaky_relu(x, negative_slope=0.2):
    """ReLU variant that lets a small gradient through for negative inputs.

    `x` if `x >= 0`, else `negative_slope * x`.

    Args:
        x: Input tensor.
        negative_slope: Multiplier applied to negative inputs. Defaults to
            `0.2`.

    Returns:
        A tensor shaped like `x`.
    """
    return backend.nn.leaky_relu(x, negative_slope=negative_slope)


@_export("hard_sigmoid")
@symbolic_op
def hard_sigmoid(x):
    """Hard sigmoid activation function: `clip(x / 6 + 0.5, 0, 1)`.

    Args:
        x: Input tensor.

    Returns:
        A tensor shaped like `x`.
    """
    return backend.nn.hard_sigmoid(x)


@_export("hard_silu", "hard_swish")
@symbolic_op
def hard_silu(x):
    """Hard SiLU (alias: hard swish), a piecewise-linear cheap SiLU.

    `x * hard_sigmoid(x)`. `keras.ops.hard_swish` is an alias.

    Args:
        x: Input tensor.

    Returns:
        A tensor shaped like `x`.
    """
    return backend.nn.hard_silu(x)


hard_swish = hard_silu


@_export("elu")
@symbolic_op
def elu(x, alpha=1.0):
    """ELU: identity for positive inputs, a saturating exponential below.

    `x` if `x > 0`, else `alpha * (exp(x) - 1)`.

    Args:
        x: Input tensor.
        alpha: A scalar, slope of the negative section. Defaults to `1.0`.

    Returns:
        A tensor shaped like `x`.
    """
    return backend.nn.elu(x, alpha=alpha)


@_export("selu")
@symbolic_op
def selu(x):
    """SELU: an ELU scaled by fixed constants for self-normalization.

    `scale * x` if `x > 0`, else `scale * alpha * (exp(x) - 1)` with
    `alpha=1.67326` and `scale=1.05070`.

    Args:
        x: Input tensor.

    Returns:
        A tensor shaped like `x`.
    """
    return backend.nn.selu(x)


@_export("celu")
@symbolic_op
def celu(x, alpha=1.0):
    """CELU: an ELU variant whose derivative is continuous for any `alpha`.

    `max(x, 0) + alpha * min(0, exp(x / alpha) - 1)`.

    Args:
        x: Input tensor.
        alpha: The alpha value. Defaults to `1.0`.

    Returns:
        A tensor shaped like `x`.
    """
    return backend.nn.celu(x, alpha=alpha)


@_export("gelu")
@symbolic_op
def gelu(x, approximate=True):
    """GELU: weights each input by the standard normal CDF at that input.

    `x * P(X <= x)` with `X ~ N(0, 1)`; with `approximate=True` the tanh
    approximation is used.

    Args:
        x: Input tensor.
        approximate: Whether to use the tanh approximation. Defaults to
            `True`.

    Returns:
        A tensor shaped like `x`.
    """
    return backend.nn.gelu(x, approximate=approximate)


@_export("glu")
@symbolic_op
def glu(x, axis=-1):
    """Gated Linear Unit activation: `a * sigmoid(b)` with `x = [a, b]`.

    Args:
        x: Input tensor; its `axis` dimension must be even.
        axis: The axis along which to split. Defaults to `-1`.

    Returns:
        A tensor with half the size of `x` along `axis`.
    """
    return backend.nn.glu(x, axis=axis)


@_export("softmax")
@symbolic_op
def softmax(x, axis=-1):
    """Softmax activation function: `exp(x) / sum(exp(x), axis)`.

    Args:
        x: Input tensor.
        axis: Integer (or tuple of ints), axis along which the softmax is
            applied. Defaults to `-1`.

    Returns:
        A tensor shaped like `x`.

    Example:

    >>> keras.ops.softmax(np.array([0.0, 0.0]))
    array([0.5, 0.5], dtype=float32)
    """
    return backend.nn.softmax(x, axis=axis)


@_export("log_softmax")
@symbolic_op
def log_softmax(x, axis=-1):
    """Log-softmax activation function: `x - logsumexp(x, axis)`.

    Args:
        x: Input tensor.
        axis: Integer, the dimension normalized over. Defaults to `-1`.

    Returns:
        A tensor shaped like `x`.
    """
    return backend.nn.log_softmax(x, axis=axis)


@_export("sparsemax")
@symbolic_op
def sparsemax(x, axis=-1):
    """Sparsemax activation: a projection onto the probability simplex.

    Args:
        x: Input tensor.
        axis: Integer, axis along which to apply sparsemax. Defaults to
            `-1`.

    Returns:
        A tensor shaped like `x`.
    """
    return backend.nn.sparsemax(x, axis=axis)


@_export("one_hot")
@symbolic_op
def one_hot(x, num_classes, axis=-1, dtype=None, sparse=False):
    """Turns integer class ids into indicator vectors of length `num_classes`.

    Indices outside `[0, num_classes)` give all-zero vectors.

    Args:
        x: Integer tensor to be encoded.
        num_classes: Integer, number of classes for the one-hot encoding.
        axis: Position of the new class dimension in the output. Defaults
            to `-1` (a new last axis).
        dtype: dtype of the output. Defaults to `floatx`.
        sparse: Must be `False` (sparse tensors are not supported).

    Returns:
        One-hot encoded tensor with an extra dimension of size
        `num_classes` at `axis`.

    Example:

    >>> keras.ops.one_hot(np.array([1, 3]), 4)
    array([[0., 1., 0., 0.],
           [0., 0., 0., 1.]], dtype=float32)
    """
    return backend.nn.one_hot(
        x, num_classes, axis=axis, dtype=dtype, sparse=sparse
    )


@_export("multi_hot")
@symbolic_op
def multi_hot(
    inputs, num_classes=None, axis=-1, dtype=None, sparse=False, **kwargs
):
    """Marks every listed label with a one in a vector of `num_classes`.

    For a 2-D input `(batch, labels)` the result has shape
    `(batch, num_classes)` with ones at every listed label; a 1-D input
    gives a single vector.

    Args:
        inputs: Tensor of integer labels.
        num_classes: Integer, the number of classes.
        axis: Position of the class dimension in the output. Defaults to
            `-1`.
        dtype: dtype of the output. Defaults to `floatx`.
        sparse: Must be `False`.

    Returns:
        Tensor: the multi-hot encoded tensor.
    """
    if num_classes is None:
        num_classes = kwargs.pop("num_tokens", None)
    if kwargs:
        raise ValueError(f"Unexpected keyword arguments: {list(kwargs)}")
    if num_classes is None:
        raise ValueError("Argument `num_classes` must be specified.")
    return backend.nn.multi_hot(
        inputs, num_classes, axis=axis, dtype=dtype, sparse=sparse
    )


@_export("normalize")
@symbolic_op
def normalize(x, axis=-1, order=2, epsilon=None):
    """Normalizes `x` over the specified axis: `x / max(norm(x), epsilon)`.

    Args:
        x: Input tensor.
        axis: The axis along which to normalize. Defaults to `-1`.
        order: The norm order (as in `keras.ops.norm`). Defaults to `2`.
        epsilon: Lower bound of the norm. Defaults to
            `keras.config.epsilon()`.

    Returns:
        The normalized tensor.
    """
    return backend.nn.normalize(x, axis=axis, order=order, epsilon=epsilon)


@_export("binary_crossentropy")
@symbolic_op
def binary_crossentropy(target, output, from_logits=False):
    """Computes the element-wise binary cross-entropy.

    Args:
        target: The target tensor (values in `[0, 1]`).
        output: The predicted tensor, of the same shape as `target`:
            probabilities, or logits when `from_logits=True`.
        from_logits: Whether `output` holds logits. Defaults to `False`.

    Returns:
        A tensor of the same shape as `target` with the element-wise loss
        (not reduced).

    Example:

    >>> keras.ops.binary_crossentropy(np.array([1.0]), np.array([0.5]))
    array([0.6931472], dtype=float32)
    """
    return backend.nn.binary_crossentropy(
        target, output, from_logits=from_logits
    )


@_export("categorical_crossentropy")
@symbolic_op
def categorical_crossentropy(target, output, from_logits=False, axis=-1):
    """Computes the categorical cross-entropy from one-hot targets.

    Args:
        target: The target tensor, e.g. one-hot encoded classes.
        output: The predicted probabilities (normalized along `axis` if they
            do not sum to one), or logits when `from_logits=True`; same
            shape as `target`.
        from_logits: Whether `output` holds logits. Defaults to `False`.
        axis: The class axis. Defaults to `-1`.

    Returns:
        The loss, with `axis` reduced.
    """
    return backend.nn.categorical_crossentropy(
        target, output, from_logits=from_logits, axis=axis
    )


@_export("sparse_categorical_crossentropy")
@symbolic_op
def sparse_categorical_crossentropy(target, output, from_logits=False, axis=-1):
    """Computes the categorical cross-entropy from integer targets.

    Args:
        target: Integer class indices, with the shape of `output` without
            its class axis (a trailing dimension of size one is allowed).
        output: The predicted probabilities, or logits when
            `from_logits=True`.
        from_logits: Whether `output` holds logits. Defaults to `False`.
        axis: The class axis of `output`. Defaults to `-1`.

    Returns:
        The loss, with the shape of `target`.
    """
    return backend.nn.sparse_categorical_crossentropy(
        target, output, from_logits=from_logits, axis=axis
    )


@_export("moments")
@symbolic_op
def moments(x, axes, keepdims=False, synchronized=False):
    """Mean and variance of `x`, reduced over `axes`.

    Half-precision inputs are accumulated in float32.

    Args:
        x: Input tensor.
        axes: A list of axes along which to compute mean and variance.
        keepdims: If `True`, the reduced axes are kept with size one.
        synchronized: Only `False` is supported (statistics are already
            global under `jax.jit` with sharded inputs).

    Returns:
        A tuple `(mean, variance)`.

    Example:

    >>> keras.ops.moments(np.array([0.0, 2.0]), axes=[0])
    (Array(1., dtype=float32), Array(1., dtype=float32))
    """
    return backend.nn.moments(
        x, axes, keepdims=keepdims, synchronized=synchronized
    )


@_export("batch_normalization")
@symbolic_op
def batch_normalization(
    x, mean, variance, axis, offset=None, scale=None, epsilon=1e-3
):
    """Standardizes `x` with given statistics, then scales and shifts it.

    `(x - mean) / sqrt(variance + epsilon) * scale + offset`.

    Args:
        x: Input tensor.
        mean: 1-D mean tensor, of length `x.shape[axis]`.
        variance: 1-D variance tensor, of length `x.shape[axis]`.
        axis: The axis of `x` the statistics belong to.
        offset: Optional 1-D offset (beta).
        scale: Optional 1-D scale (gamma).
        epsilon: Small float added to the variance. Defaults to `1e-3`.

    Returns:
        The normalized tensor.
    """
    return backend.nn.batch_normalization(
        x, mean, variance, axis, offset=offset, scale=scale, epsilon=epsilon
    )


@_export("dot_product_attention")
@symbolic_op
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
    """Multi-head attention weights applied to `value`, scaled by `scale`.

    `softmax(query @ key^T * scale + bias) @ value`, per head.

    Args:
        query: Tensor of shape `(batch, seq_q, num_heads, head_dim)`.
        key: Tensor of shape `(batch, seq_kv, num_kv_heads, head_dim)`.
            `num_heads` must be a multiple of `num_kv_heads` (grouped-query
            attention).
        value: Tensor of the same shape as `key`.
        bias: Optional tensor added to the logits, broadcastable to
            `(batch, num_heads, seq_q, seq_kv)`.
        mask: Optional boolean tensor broadcastable to
            `(batch, num_heads, seq_q, seq_kv)`; `True` marks the positions
            that may be attended to.
        scale: Scale of the logits. Defaults to `1 / sqrt(head_dim)`.
        is_causal: Whether to apply a causal mask (query `i` attends to
            keys `j <= i`).
        flash_attention: Only `None`/`False` are supported.

    Returns:
        Tensor of the shape of `query`.
    """
    return backend.nn.dot_product_attention(
        query,
        key,
        value,
        bias=bias,
        mask=mask,
        scale=scale,
        is_causal=is_causal,
        flash_attention=flash_attention,
    )
