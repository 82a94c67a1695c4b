"""Neural-network ops (`keras.ops.*`, `keras.ops.nn.*`).

Activations turn integer inputs into `keras.config.floatx()`.
"""

import functools
import warnings

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.backend.common import backend_utils
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.backend.common.keras_tensor import any_symbolic_tensors
from keras.src.ops import operation_utils
from keras.src.ops.operation import FunctionOperation
from keras.src.ops.operation import Operation
from keras.src.ops.operation import dispatch_to
from keras.src.ops.operation import symbolic_op
from keras.src.utils import argument_validation


def _export(*names):
    paths = []
    for name in names:
        paths += [f"keras.ops.{name}", f"keras.ops.nn.{name}"]
    return keras_export(paths)


def _activation(fn):
    """`symbolic_op` for activation `fn`, whose symbolic result keeps
    `float64`.

    Tracing runs JAX without 64-bit types, so a `float64` KerasTensor would
    come out as `float32`; as in upstream Keras, the symbolic result of a
    `float64` input stays `float64`.
    """

    def spec(*args, **kwargs):
        out = backend.compute_output_spec(fn, *args, **kwargs)
        x = args[0] if args else kwargs["x"]
        if (
            getattr(x, "dtype", None) is not None
            and backend.standardize_dtype(x.dtype) == "float64"
            and out.dtype == "float32"
        ):
            out = KerasTensor(out.shape, dtype="float64", sparse=out.sparse)
        return out

    return symbolic_op(fn, spec=spec)


@_export("relu")
@_activation
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
@_activation
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
@_activation
def sigmoid(x):
    """Sigmoid activation function: `1 / (1 + exp(-x))`.

    Args:
        x: Input tensor.

    Returns:
        A tensor shaped like `x`.
    """
    return backend.nn.sigmoid(x)


@_export("sparse_sigmoid")
@_activation
def sparse_sigmoid(x):
    """Sparse sigmoid: `clip(0.5 * (x + 1), 0, 1)`.

    Args:
        x: Input tensor.

    Returns:
        A tensor shaped like `x`.
    """
    return backend.nn.sparse_sigmoid(x)


@_export("softplus")
@_activation
def softplus(x):
    """Softplus activation function: `log(exp(x) + 1)`.

    Args:
        x: Input tensor.

    Returns:
        A tensor shaped like `x`.
    """
    return backend.nn.softplus(x)


@_export("softsign")
@_activation
def softsign(x):
    """Softsign activation function: `x / (abs(x) + 1)`.

    Args:
        x: Input tensor.

    Returns:
        A tensor shaped like `x`.
    """
    return backend.nn.softsign(x)


@_export("soft_shrink")
@_activation
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
@_activation
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
@_activation
def tanh_shrink(x):
    """Tanh shrink activation function: `x - tanh(x)`.

    Args:
        x: Input tensor.

    Returns:
        A tensor shaped like `x`.
    """
    return backend.nn.tanh_shrink(x)


@_export("hard_tanh")
@_activation
def hard_tanh(x):
    """Hard tanh activation function: `clip(x, -1, 1)`.

    Args:
        x: Input tensor.

    Returns:
        A tensor shaped like `x`.
    """
    return backend.nn.hard_tanh(x)


@_export("silu", "swish")
@_activation
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
@_activation
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
@_activation
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
@_activation
def log_sigmoid(x):
    """Logarithm of the sigmoid activation function: `-softplus(-x)`.

    Args:
        x: Input tensor.

    Returns:
        A tensor shaped like `x`.
    """
    return backend.nn.log_sigmoid(x)


@_export("leaky_relu")
@_activation
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
@_activation
def hard_sigmoid(x):
    """Hard sigmoid activation function: `clip(x / 6 + 0.5, 0, 1)`.

    Args:
        x: Input tensor.

    Returns:
        A tensor shaped like `x`.
    """
    return backend.nn.hard_sigmoid(x)


@_export("hard_silu", "hard_swish")
@_activation
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
@_activation
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
@_activation
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
@_activation
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
@_activation
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
    operation_utils.canonical_axis(axis, len(x.shape))
    return backend.nn.glu(x, axis=axis)


@_export("softmax")
@_activation
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
    shape = tuple(getattr(x, "shape", ()))
    axes = axis if isinstance(axis, (tuple, list)) else (axis,)
    if shape and all(
        isinstance(a, int) and -len(shape) <= a < len(shape) and shape[a] == 1
        for a in axes
    ):
        warnings.warn(
            f"`softmax` over axis {axis} of shape {shape}: that axis has a "
            "single entry, so every output is exactly 1. A `sigmoid` is "
            "probably what you want for a single logit.",
            UserWarning,
            stacklevel=2,
        )
    return backend.nn.softmax(x, axis=axis)


@_export("log_softmax")
@_activation
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
@_activation
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


def _one_hot_spec(x, num_classes, axis=-1, dtype=None, sparse=False):
    dense = backend.compute_output_spec(
        backend.nn.one_hot, x, num_classes, axis=axis, dtype=dtype
    )
    return KerasTensor(dense.shape, dtype=dense.dtype, sparse=sparse)


@_export("one_hot")
@symbolic_op(spec=_one_hot_spec)
def one_hot(x, num_classes, axis=-1, dtype=None, sparse=False):
    """Turns integer class ids into indicator vectors of length `num_classes`.

    Indices outside `[0, num_classes)` give all-zero vectors.

    Args:
        x: Integer tensor to be encoded.
        num_classes: Integer, number of classes for the one-hot encoding.
        axis: Position of the new class dimension in the output. Defaults
            to `-1` (a new last axis).
        dtype: dtype of the output. Defaults to `floatx`.
        sparse: Whether to return a sparse (`BCOO`) tensor (eager inputs
            only under JAX: the number of entries must be concrete).

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


def _multi_hot_spec(
    inputs, num_classes=None, axis=-1, dtype=None, sparse=False, **kwargs
):
    num_classes = num_classes or kwargs.get("num_tokens")
    dense = backend.compute_output_spec(
        backend.nn.multi_hot, inputs, num_classes, axis=axis, dtype=dtype
    )
    return KerasTensor(dense.shape, dtype=dense.dtype, sparse=sparse)


@_export("multi_hot")
@symbolic_op(
    static=("num_classes", "axis", "dtype", "sparse", "kwargs"),
    spec=_multi_hot_spec,
)
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
        sparse: Whether to return a sparse (`BCOO`) tensor (see
            `one_hot`).

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
    if not isinstance(order, int) or isinstance(order, bool) or order < 1:
        raise ValueError(
            "Argument `order` must be an int >= 1 (the p of the p-norm). "
            f"Received: order={order}"
        )
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
@symbolic_op(static=("axes", "keepdims", "synchronized"))
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
@symbolic_op(static=("axis", "epsilon"), class_name="BatchNorm")
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
    size = x.shape[axis]
    for label, value in (
        ("mean", mean),
        ("variance", variance),
        ("offset", offset),
        ("scale", scale),
    ):
        if value is None:
            continue
        shape = tuple(value.shape) if hasattr(value, "shape") else None
        if shape is not None and (
            len(shape) != 1 or None not in (shape[0], size) and shape[0] != size
        ):
            raise ValueError(
                f"`{label}` must be a vector of length {size}, the size of "
                f"axis {axis} of `x` (shape {tuple(x.shape)}). Received: "
                f"{label}.shape={shape}"
            )
    return backend.nn.batch_normalization(
        x, mean, variance, axis, offset=offset, scale=scale, epsilon=epsilon
    )


def _dot_product_attention_spec(query, key, value, *args, **kwargs):
    dtype = backend.result_type(query.dtype, key.dtype, value.dtype)
    return KerasTensor(query.shape[:-1] + value.shape[-1:], dtype=dtype)


@_export("dot_product_attention")
@symbolic_op(spec=_dot_product_attention_spec)
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
        attn_logits_soft_cap: Optional float `c`: the scaled logits become
            `c * tanh(logits / c)` before the bias and masks apply. Only
            on TPU (elsewhere a `ValueError`, as upstream).

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
        attn_logits_soft_cap=attn_logits_soft_cap,
    )


@_export("threshold")
@symbolic_op(static=("threshold", "default_value"))
def threshold(x, threshold, default_value):
    """Keeps the values above `threshold`, replacing the others.

    `y = x if x > threshold else default_value`.

    Args:
        x: Input tensor.
        threshold: The value that entries must exceed to be kept.
        default_value: The value given to the other entries.

    Returns:
        A tensor shaped like `x`.

    Example:

    >>> keras.ops.threshold(np.array([-1.0, 0.5, 2.0]), 1.0, -5.0)
    Array([-5., -5.,  2.], dtype=float32)
    """
    return backend.nn.threshold(x, threshold, default_value)


def _normalization_spec(x, *args, **kwargs):
    # The statistics never change the shape: the weights are assumed to
    # broadcast (they are checked when the op runs).
    dtype = x.dtype if backend.is_float_dtype(x.dtype) else backend.floatx()
    return KerasTensor(x.shape, dtype=dtype)


@_export("rms_normalization")
@symbolic_op(
    static=("axis", "epsilon"), spec=_normalization_spec, class_name="RMSNorm"
)
def rms_normalization(x, scale=None, axis=-1, epsilon=None):
    """Root-mean-square normalization.

    Divides `x` by the root mean square of its entries along `axis`, then
    multiplies by `scale`: `y = x / sqrt(mean(x**2) + epsilon) * scale`.
    Unlike layer normalization, the mean is not subtracted.

    Args:
        x: Input tensor.
        scale: Optional tensor multiplying the result, broadcastable
            against `x` (typically of shape `(x.shape[axis],)`).
        axis: Integer or tuple of integers, the normalized axes.
        epsilon: Small value added to the mean square. Defaults to
            `keras.config.epsilon()`.

    Returns:
        A tensor with the shape and dtype of `x`.

    Example:

    >>> keras.ops.rms_normalization(np.array([3.0, 4.0]), epsilon=0.0)
    Array([0.8485281, 1.1313709], dtype=float32)
    """
    return backend.nn.rms_normalization(
        x, scale=scale, axis=axis, epsilon=epsilon
    )


@_export("layer_normalization")
@symbolic_op(
    static=("axis", "epsilon"),
    spec=_normalization_spec,
    class_name="LayerNorm",
)
def layer_normalization(
    x, gamma=None, beta=None, axis=-1, epsilon=None, **kwargs
):
    """Layer normalization: zero mean and unit variance along `axis`.

    `y = (x - mean(x)) / sqrt(var(x) + epsilon) * gamma + beta`, the
    statistics being taken over `axis` for each position of the others.

    Args:
        x: Input tensor.
        gamma: Optional scale, broadcastable against `x`.
        beta: Optional offset, broadcastable against `x`.
        axis: Integer or tuple of integers, the normalized axes.
        epsilon: Small value added to the variance. Defaults to
            `keras.config.epsilon()`.
        **kwargs: Only the deprecated `rms_scaling`: `True` performs
            `rms_normalization(x, gamma, axis, epsilon)` instead.

    Returns:
        A tensor with the shape and dtype of `x`.

    Example:

    >>> keras.ops.layer_normalization(np.array([1.0, 3.0]), epsilon=0.0)
    Array([-1.,  1.], dtype=float32)
    """
    rms_scaling = kwargs.pop("rms_scaling", False)
    if kwargs:
        raise TypeError(
            "`layer_normalization` got unexpected keyword arguments "
            f"{sorted(kwargs)}."
        )
    if rms_scaling:
        warnings.warn(
            "You passed `rms_scaling=True`, which is deprecated: use "
            "`keras.ops.rms_normalization(x, scale, axis, epsilon)` "
            "instead.",
            UserWarning,
            stacklevel=2,
        )
        return backend.nn.rms_normalization(
            x, scale=gamma, axis=axis, epsilon=epsilon
        )
    return backend.nn.layer_normalization(
        x, gamma=gamma, beta=beta, axis=axis, epsilon=epsilon
    )


def _psnr_spec(x1, x2, max_val):
    dtype = backend.result_type(x1.dtype, x2.dtype, backend.floatx())
    return KerasTensor((), dtype=dtype)


@_export("psnr")
@symbolic_op(static=("max_val",), spec=_psnr_spec, class_name="PSNR")
def psnr(x1, x2, max_val):
    """Peak signal-to-noise ratio between two signals, in decibels.

    `psnr = 20 * log10(max_val) - 10 * log10(mean((x1 - x2) ** 2))`; equal
    signals give `inf`.

    Args:
        x1: First signal (e.g. an image).
        x2: Second signal, of the shape of `x1`.
        max_val: The largest possible value of a signal entry (e.g. `1.0`
            or `255`).

    Returns:
        A scalar tensor.

    Example:

    >>> keras.ops.psnr(np.array([0.0, 1.0]), np.array([0.0, 0.9]), 1.0)
    Array(23.010298, dtype=float32)
    """
    if backend.standardize_dtype(
        getattr(x1, "dtype", "float32")
    ) != backend.standardize_dtype(getattr(x2, "dtype", "float32")):
        x2 = backend.cast(x2, backend.standardize_dtype(x1.dtype))
    return backend.nn.psnr(x1, x2, max_val)


def _polar_spec(abs_, angle):
    dtype = backend.result_type(abs_.dtype, angle.dtype)
    complex_dtype = "complex128" if dtype == "float64" else "complex64"
    return KerasTensor(abs_.shape, dtype=complex_dtype)


@_export("polar")
@symbolic_op(spec=_polar_spec)
def polar(abs_, angle):
    """Builds complex numbers from magnitudes and angles.

    `z = abs_ * (cos(angle) + 1j * sin(angle))`.

    Args:
        abs_: The magnitudes.
        angle: The angles, in radians (broadcastable against `abs_`).

    Returns:
        A complex tensor.

    Example:

    >>> keras.ops.polar(np.array([2.0]), np.array([0.0]))
    Array([2.+0.j], dtype=complex64)
    """
    return backend.nn.polar(abs_, angle)


class CTCLoss(Operation):
    """The operation of `keras.ops.ctc_loss`.

    Args:
        mask_index: The index of the blank class.
        name: Optional name.
    """

    def __init__(self, mask_index=0, *, name=None):
        super().__init__(name=name)
        self.mask_index = mask_index

    def _check_shape_first_dim(self, name1, shape1, name2, shape2):
        if (
            shape1[0] is not None
            and shape2[0] is not None
            and shape1[0] != shape2[0]
        ):
            raise ValueError(
                f"Arguments `{name1}` and `{name2}` must have the same first "
                f"dimension (the batch size). Received: {name1}.shape="
                f"{shape1}, {name2}.shape={shape2}"
            )

    def compute_output_spec(self, target, output, target_length, output_length):
        self._check_shape_first_dim(
            "target", target.shape, "output", output.shape
        )
        self._check_shape_first_dim(
            "target_length", target_length.shape, "target", target.shape
        )
        self._check_shape_first_dim(
            "output_length", output_length.shape, "output", output.shape
        )
        dtype = backend.standardize_dtype(output.dtype)
        if dtype not in ("float32", "float64"):
            dtype = "float32"
        return KerasTensor((output.shape[0],), dtype=dtype)


@_export("ctc_loss")
@dispatch_to(CTCLoss)
def ctc_loss(target, output, target_length, output_length, mask_index=0):
    """Connectionist Temporal Classification (CTC) loss, per sequence.

    The negative log-likelihood of the target label sequence summed over
    all the alignments of it with the output steps (labels may repeat
    across steps and blanks may be interleaved).

    Args:
        target: Integer tensor `(batch, max_label_length)` of labels.
        output: Tensor `(batch, max_steps, num_classes)` of logits (they
            are normalized with a log-softmax).
        target_length: Integer tensor `(batch,)`, the label counts.
        output_length: Integer tensor `(batch,)`, the step counts.
        mask_index: The index of the blank class.

    Returns:
        A tensor `(batch,)` of losses (`float32` for half-precision
        outputs).

    Example:

    >>> keras.ops.ctc_loss(np.array([[1]]), np.zeros((1, 1, 2)),
    ...                    np.array([1]), np.array([1]))
    Array([0.6931472], dtype=float32)
    """
    return backend.nn.ctc_loss(
        target, output, target_length, output_length, mask_index=mask_index
    )


def _check_ctc_strategy(strategy):
    if strategy not in ("greedy", "beam_search"):
        raise ValueError(
            f"Invalid strategy {strategy!r}: `strategy` must be "
            "'greedy' or 'beam_search'."
        )


class CTCDecode(Operation):
    """The operation of `keras.ops.ctc_decode` (arguments as there)."""

    def __init__(
        self,
        strategy="greedy",
        beam_width=100,
        top_paths=1,
        merge_repeated=True,
        mask_index=0,
        *,
        name=None,
    ):
        super().__init__(name=name)
        _check_ctc_strategy(strategy)
        self.strategy = strategy
        self.beam_width = beam_width
        self.top_paths = top_paths
        self.merge_repeated = merge_repeated
        self.mask_index = mask_index

    def compute_output_spec(self, inputs, sequence_lengths):
        batch, steps = inputs.shape[0], inputs.shape[1]
        paths = 1 if self.strategy == "greedy" else self.top_paths
        dtype = backend.result_type(inputs.dtype, "float32")
        return (
            KerasTensor((paths, batch, steps), dtype="int32"),
            KerasTensor((batch, paths), dtype=dtype),
        )


@_export("ctc_decode")
@dispatch_to(CTCDecode)
def ctc_decode(
    inputs,
    sequence_lengths,
    strategy="greedy",
    beam_width=100,
    top_paths=1,
    merge_repeated=True,
    mask_index=0,
):
    """Decodes the label sequences of CTC outputs.

    The greedy strategy takes the best class at each step, merges repeats
    (if `merge_repeated`) and drops blanks. The beam search keeps the
    `beam_width` most likely label prefixes (summing the probabilities of
    all the alignments of each, from log-softmax scores) and returns the
    `top_paths` best; with the JAX backend it runs eagerly only.

    Args:
        inputs: Tensor `(batch, max_steps, num_classes)` of scores.
        sequence_lengths: Integer tensor `(batch,)`, the step counts.
        strategy: `"greedy"` or `"beam_search"`.
        beam_width: Beam size of the beam search.
        top_paths: Number of paths returned by the beam search.
        merge_repeated: Whether consecutive repeated labels are merged.
        mask_index: The index of the blank class.

    Returns:
        A tuple `(decoded, scores)`: `decoded` is an `int32` tensor
        `(top_paths, batch, max_steps)` of labels padded with `-1`;
        `scores` is `(batch, top_paths)`: the negated sum of the chosen
        scores for the greedy strategy, the log-probability of each path
        for the beam search.

    Example:

    >>> decoded, scores = keras.ops.ctc_decode(
    ...     np.array([[[0.1, 0.9], [0.8, 0.2]]]), np.array([2]))
    >>> decoded
    Array([[[ 1, -1]]], dtype=int32)
    """
    _check_ctc_strategy(strategy)
    return backend.nn.ctc_decode(
        inputs,
        sequence_lengths,
        strategy=strategy,
        beam_width=beam_width,
        top_paths=top_paths,
        merge_repeated=merge_repeated,
        mask_index=mask_index,
    )


# ------------------------------------------------ convolutions and pooling
def _spec_op(spec_fn):
    """Like `symbolic_op`, with the symbolic output given by `spec_fn`.

    Convolution output shapes follow from the arguments alone, so they are
    computed instead of traced: this keeps unknown dimensions (even the
    channel axis) unknown instead of probing them.
    """

    def decorator(fn):
        @functools.wraps(fn)
        def op(*args, **kwargs):
            if any_symbolic_tensors(args, kwargs):
                return _SpecOperation(fn, spec_fn).symbolic_call(
                    *args, **kwargs
                )
            return fn(*args, **kwargs)

        op.__wrapped_op__ = fn
        return op

    return decorator


class _SpecOperation(FunctionOperation):
    def __init__(self, fn, spec_fn):
        super().__init__(fn)
        self.spec_fn = spec_fn

    def compute_output_spec(self, *args, **kwargs):
        return self.spec_fn(*args, **kwargs)


def _float_result_dtype(*tensors):
    dtype = backend.result_type(*[t.dtype for t in tensors])
    if not backend.is_float_dtype(dtype):
        dtype = backend.floatx()
    return dtype


def _num_spatial(x, name="inputs"):
    n = len(x.shape) - 2
    if n not in (1, 2, 3):
        raise ValueError(
            f"`{name}` must be a 3D, 4D or 5D tensor (batch, spatial "
            f"dimensions and channels). Received: {name}.shape={x.shape}"
        )
    return n


def _input_channels(x, data_format):
    return x.shape[-1] if data_format == "channels_last" else x.shape[1]


def _conv_spec(
    inputs,
    kernel,
    strides=1,
    padding="valid",
    data_format=None,
    dilation_rate=1,
):
    data_format = backend.standardize_data_format(data_format)
    n = _num_spatial(inputs)
    in_channels = _input_channels(inputs, data_format)
    backend_utils.check_conv_input_channels(
        in_channels, inputs.shape, kernel.shape
    )
    shape = operation_utils.compute_conv_output_shape(
        inputs.shape,
        kernel.shape[-1],
        tuple(kernel.shape[:n]),
        strides,
        padding,
        data_format,
        dilation_rate,
    )
    return backend.KerasTensor(shape, dtype=_float_result_dtype(inputs, kernel))


@_export("conv")
@_spec_op(_conv_spec)
def conv(
    inputs,
    kernel,
    strides=1,
    padding="valid",
    data_format=None,
    dilation_rate=1,
):
    """General N-D convolution (1D, 2D or 3D).

    Slides `kernel` over the spatial dimensions of `inputs` and, at each
    position, contracts the window with the kernel over the window and
    the input channels. If the kernel has fewer input channels than
    `inputs`, the convolution is grouped: `inputs` channels are split into
    `in_channels // kernel.shape[-2]` groups, each with its share of the
    output channels.

    Args:
        inputs: Tensor of rank 3, 4 or 5: `(batch, *spatial, channels)`
            for `"channels_last"`, `(batch, channels, *spatial)` for
            `"channels_first"`.
        kernel: Tensor of shape
            `(*kernel_spatial, in_channels // groups, out_channels)`.
        strides: Int or tuple of ints, the step of the window along each
            spatial dimension. Defaults to `1`.
        padding: `"valid"` (no padding: only full windows) or `"same"`
            (zero padding so that the output has `ceil(size / stride)`
            positions). Case-insensitive.
        data_format: `"channels_last"` or `"channels_first"`. Defaults to
            `keras.config.image_data_format()`.
        dilation_rate: Int or tuple of ints, the spacing between kernel
            taps. Defaults to `1`.

    Returns:
        A tensor of rank `inputs.ndim` with `out_channels` channels.

    Example:

    >>> x = np.ones((1, 5, 2))
    >>> k = np.ones((3, 2, 4))
    >>> keras.ops.conv(x, k).shape
    (1, 3, 4)
    """
    return backend.nn.conv(
        inputs,
        kernel,
        strides=strides,
        padding=padding,
        data_format=data_format,
        dilation_rate=dilation_rate,
    )


def _depthwise_conv_spec(
    inputs,
    kernel,
    strides=1,
    padding="valid",
    data_format=None,
    dilation_rate=1,
):
    data_format = backend.standardize_data_format(data_format)
    n = _num_spatial(inputs)
    in_channels = _input_channels(inputs, data_format)
    backend_utils.check_kernel_input_channels(
        in_channels, inputs.shape, kernel.shape
    )
    out_channels = (
        None if in_channels is None else in_channels * kernel.shape[-1]
    )
    shape = operation_utils.compute_conv_output_shape(
        inputs.shape,
        out_channels,
        tuple(kernel.shape[:n]),
        strides,
        padding,
        data_format,
        dilation_rate,
    )
    return backend.KerasTensor(shape, dtype=_float_result_dtype(inputs, kernel))


@_export("depthwise_conv")
@_spec_op(_depthwise_conv_spec)
def depthwise_conv(
    inputs,
    kernel,
    strides=1,
    padding="valid",
    data_format=None,
    dilation_rate=1,
):
    """Depthwise N-D convolution: every input channel on its own.

    Each input channel is convolved with `depth_multiplier` filters of its
    own, and the results are concatenated: output channel
    `c * depth_multiplier + m` comes from input channel `c` and filter `m`.

    Args:
        inputs: Tensor of rank 3 or 4 (`(batch, *spatial, channels)` or
            `(batch, channels, *spatial)`).
        kernel: Tensor of shape
            `(*kernel_spatial, in_channels, depth_multiplier)`.
        strides: Int or tuple of ints. Defaults to `1`.
        padding: `"valid"` or `"same"`, case-insensitive.
        data_format: `"channels_last"` or `"channels_first"`. Defaults to
            `keras.config.image_data_format()`.
        dilation_rate: Int or tuple of ints. Defaults to `1`.

    Returns:
        A tensor with `in_channels * depth_multiplier` channels.

    Example:

    >>> x = np.ones((1, 6, 6, 3))
    >>> k = np.ones((3, 3, 3, 2))
    >>> keras.ops.depthwise_conv(x, k, padding="same").shape
    (1, 6, 6, 6)
    """
    return backend.nn.depthwise_conv(
        inputs,
        kernel,
        strides=strides,
        padding=padding,
        data_format=data_format,
        dilation_rate=dilation_rate,
    )


def _separable_conv_spec(
    inputs,
    depthwise_kernel,
    pointwise_kernel,
    strides=1,
    padding="valid",
    data_format=None,
    dilation_rate=1,
):
    depthwise = _depthwise_conv_spec(
        inputs,
        depthwise_kernel,
        strides=strides,
        padding=padding,
        data_format=data_format,
        dilation_rate=dilation_rate,
    )
    data_format = backend.standardize_data_format(data_format)
    shape = list(depthwise.shape)
    channel_axis = -1 if data_format == "channels_last" else 1
    shape[channel_axis] = pointwise_kernel.shape[-1]
    return backend.KerasTensor(
        tuple(shape),
        dtype=_float_result_dtype(inputs, depthwise_kernel, pointwise_kernel),
    )


@_export("separable_conv")
@_spec_op(_separable_conv_spec)
def separable_conv(
    inputs,
    depthwise_kernel,
    pointwise_kernel,
    strides=1,
    padding="valid",
    data_format=None,
    dilation_rate=1,
):
    """Depthwise convolution followed by a pointwise (1x1) convolution.

    `strides`, `padding` and `dilation_rate` apply to the depthwise step;
    the pointwise step then mixes the channels at every position.

    Args:
        inputs: Tensor of rank 3 or 4.
        depthwise_kernel: Tensor of shape
            `(*kernel_spatial, in_channels, depth_multiplier)`.
        pointwise_kernel: Tensor of shape
            `(*ones, in_channels * depth_multiplier, out_channels)`.
        strides: Int or tuple of ints. Defaults to `1`.
        padding: `"valid"` or `"same"`, case-insensitive.
        data_format: `"channels_last"` or `"channels_first"`. Defaults to
            `keras.config.image_data_format()`.
        dilation_rate: Int or tuple of ints. Defaults to `1`.

    Returns:
        A tensor with `out_channels` channels.

    Example:

    >>> x = np.ones((2, 8, 3))
    >>> dw = np.ones((3, 3, 2))
    >>> pw = np.ones((1, 6, 5))
    >>> keras.ops.separable_conv(x, dw, pw).shape
    (2, 6, 5)
    """
    return backend.nn.separable_conv(
        inputs,
        depthwise_kernel,
        pointwise_kernel,
        strides=strides,
        padding=padding,
        data_format=data_format,
        dilation_rate=dilation_rate,
    )


def _conv_transpose_spec(
    inputs,
    kernel,
    strides=1,
    padding="valid",
    output_padding=None,
    data_format=None,
    dilation_rate=1,
):
    data_format = backend.standardize_data_format(data_format)
    n = _num_spatial(inputs)
    in_channels = _input_channels(inputs, data_format)
    backend_utils.check_kernel_input_channels(
        in_channels, inputs.shape, kernel.shape, transpose=True
    )
    shape = backend_utils.compute_conv_transpose_output_shape(
        inputs.shape,
        tuple(kernel.shape[:n]),
        kernel.shape[-2],
        strides,
        padding,
        output_padding,
        data_format,
        dilation_rate,
    )
    return backend.KerasTensor(shape, dtype=_float_result_dtype(inputs, kernel))


@_export("conv_transpose")
@_spec_op(_conv_transpose_spec)
def conv_transpose(
    inputs,
    kernel,
    strides=1,
    padding="valid",
    output_padding=None,
    data_format=None,
    dilation_rate=1,
):
    """Transposed N-D convolution (sometimes called deconvolution).

    The gradient of `conv` with respect to its input: every input position
    adds `kernel`, scaled by its channel values, into a window of the
    output, windows being `strides` apart. It upsamples by `strides`.

    Output length along a spatial axis, for input length `n`, dilated
    kernel size `k` and stride `s`: without `output_padding`,
    `n * s + max(k - s, 0)` for `"valid"` and `n * s` for `"same"`; with
    it, `(n - 1) * s + k - 2 * pad + output_padding`, where `pad` is
    `k // 2` for `"same"` and `0` for `"valid"`.

    Args:
        inputs: Tensor of rank 3, 4 or 5.
        kernel: Tensor of shape
            `(*kernel_spatial, out_channels, in_channels)`.
        strides: Int or tuple of ints. Defaults to `1`.
        padding: `"valid"` or `"same"`, case-insensitive.
        output_padding: `None`, or an int or tuple of ints: the extra
            length kept at the end of each spatial axis (must be smaller
            than the stride).
        data_format: `"channels_last"` or `"channels_first"`. Defaults to
            `keras.config.image_data_format()`.
        dilation_rate: Int or tuple of ints. Defaults to `1`.

    Returns:
        A tensor with `out_channels` channels.

    Example:

    >>> x = np.ones((1, 3, 2))
    >>> k = np.ones((2, 4, 2))
    >>> keras.ops.conv_transpose(x, k, strides=2).shape
    (1, 6, 4)
    """
    return backend.nn.conv_transpose(
        inputs,
        kernel,
        strides=strides,
        padding=padding,
        output_padding=output_padding,
        data_format=data_format,
        dilation_rate=dilation_rate,
    )


def _pool_spec(
    inputs, pool_size, strides=None, padding="valid", data_format=None
):
    data_format = backend.standardize_data_format(data_format)
    _num_spatial(inputs)
    return operation_utils.compute_pooling_output_shape(
        inputs.shape, pool_size, strides, padding, data_format
    )


def _max_pool_spec(*args, **kwargs):
    return backend.KerasTensor(_pool_spec(*args, **kwargs), dtype=args[0].dtype)


def _average_pool_spec(*args, **kwargs):
    return backend.KerasTensor(
        _pool_spec(*args, **kwargs), dtype=_float_result_dtype(args[0])
    )


@_export("max_pool")
@_spec_op(_max_pool_spec)
def max_pool(
    inputs,
    pool_size,
    strides=None,
    padding="valid",
    data_format=None,
):
    """Max pooling: the largest value of each window, channel by channel.

    Args:
        inputs: Tensor of rank 3, 4 or 5.
        pool_size: Int or tuple of ints, the window size.
        strides: Int or tuple of ints; defaults to `pool_size`
            (non-overlapping windows).
        padding: `"valid"` (full windows only) or `"same"` (windows may
            overhang the edges; `ceil(size / stride)` outputs).
        data_format: `"channels_last"` or `"channels_first"`. Defaults to
            `keras.config.image_data_format()`.

    Returns:
        The pooled tensor, with the dtype of `inputs`.

    Example:

    >>> x = np.array([[[1.0], [4.0], [2.0], [3.0]]])
    >>> keras.ops.max_pool(x, 2)
    array([[[4.],
            [3.]]], dtype=float32)
    """
    return backend.nn.max_pool(
        inputs,
        pool_size,
        strides=strides,
        padding=padding,
        data_format=data_format,
    )


@_export("average_pool")
@_spec_op(_average_pool_spec)
def average_pool(
    inputs,
    pool_size,
    strides=None,
    padding="valid",
    data_format=None,
):
    """Average pooling: the mean of each window, channel by channel.

    With `padding="same"`, windows overhanging the edges average only the
    positions inside the input.

    Args:
        inputs: Tensor of rank 3, 4 or 5.
        pool_size: Int or tuple of ints, the window size.
        strides: Int or tuple of ints; defaults to `pool_size`.
        padding: `"valid"` or `"same"`, case-insensitive.
        data_format: `"channels_last"` or `"channels_first"`. Defaults to
            `keras.config.image_data_format()`.

    Returns:
        The pooled tensor (floating point).

    Example:

    >>> x = np.array([[[1.0], [3.0], [2.0], [6.0]]])
    >>> keras.ops.average_pool(x, 2)
    array([[[2.],
            [4.]]], dtype=float32)
    """
    return backend.nn.average_pool(
        inputs,
        pool_size,
        strides=strides,
        padding=padding,
        data_format=data_format,
    )


def _adaptive_pool_shape(inputs, output_size, data_format):
    data_format = backend.standardize_data_format(data_format)
    n = _num_spatial(inputs)
    output_size = argument_validation.standardize_tuple(
        output_size, n, "output_size"
    )
    shape = list(inputs.shape)
    first = 1 if data_format == "channels_last" else 2
    shape[first : first + n] = output_size
    return tuple(shape)


def _adaptive_max_pool_spec(inputs, output_size, data_format=None):
    return backend.KerasTensor(
        _adaptive_pool_shape(inputs, output_size, data_format),
        dtype=inputs.dtype,
    )


def _adaptive_average_pool_spec(inputs, output_size, data_format=None):
    return backend.KerasTensor(
        _adaptive_pool_shape(inputs, output_size, data_format),
        dtype=_float_result_dtype(inputs),
    )


@_export("adaptive_max_pool")
@_spec_op(_adaptive_max_pool_spec)
def adaptive_max_pool(inputs, output_size, data_format=None):
    """Max pooling to a fixed output size, whatever the input size.

    Along a spatial axis of length `n` pooled to `m` outputs, output `i`
    takes the maximum over positions `floor(i * n / m)` up to (excluded)
    `ceil((i + 1) * n / m)`; windows may overlap when `m` does not divide
    `n`.

    Args:
        inputs: Tensor of rank 3, 4 or 5.
        output_size: Int or tuple of ints, the spatial size of the output.
        data_format: `"channels_last"` or `"channels_first"`. Defaults to
            `keras.config.image_data_format()`.

    Returns:
        A tensor with spatial size `output_size`.

    Example:

    >>> x = np.array([[[1.0], [5.0], [2.0], [3.0], [4.0]]])
    >>> keras.ops.adaptive_max_pool(x, 2)
    array([[[5.],
            [4.]]], dtype=float32)
    """
    return backend.nn.adaptive_max_pool(
        inputs, output_size, data_format=data_format
    )


@_export("adaptive_average_pool")
@_spec_op(_adaptive_average_pool_spec)
def adaptive_average_pool(inputs, output_size, data_format=None):
    """Average pooling to a fixed output size, whatever the input size.

    Windows are chosen as in `keras.ops.adaptive_max_pool`; each output is
    the mean of its window.

    Args:
        inputs: Tensor of rank 3, 4 or 5.
        output_size: Int or tuple of ints, the spatial size of the output.
        data_format: `"channels_last"` or `"channels_first"`. Defaults to
            `keras.config.image_data_format()`.

    Returns:
        A floating-point tensor with spatial size `output_size`.

    Example:

    >>> x = np.array([[[1.0], [3.0], [2.0], [6.0]]])
    >>> keras.ops.adaptive_average_pool(x, 2)
    array([[[2.],
            [4.]]], dtype=float32)
    """
    return backend.nn.adaptive_average_pool(
        inputs, output_size, data_format=data_format
    )


def _block_size_check(block_size):
    if isinstance(block_size, bool) or not isinstance(block_size, int):
        raise ValueError(
            f"`block_size` must be an integer. Received: {block_size}"
        )
    if block_size < 2:
        raise ValueError(
            f"`block_size` must be at least 2. Received: {block_size}"
        )


def _depth_to_space_spec(x, block_size, data_format="channels_last"):
    _block_size_check(block_size)
    data_format = backend.standardize_data_format(data_format)
    if len(x.shape) != 4:
        raise ValueError(
            f"`x` must be a 4D tensor. Received: x.shape={x.shape}"
        )

    def times(d):
        return None if d is None else d * block_size

    def depth(d):
        return None if d is None else d // (block_size * block_size)

    if data_format == "channels_last":
        n, h, w, c = x.shape
        shape = (n, times(h), times(w), depth(c))
    else:
        n, c, h, w = x.shape
        shape = (n, depth(c), times(h), times(w))
    return backend.KerasTensor(shape, dtype=x.dtype)


@_export("depth_to_space")
@_spec_op(_depth_to_space_spec)
def depth_to_space(x, block_size, data_format="channels_last"):
    """Moves channel data into spatial blocks (the inverse of
    `space_to_depth`).

    A `(batch, height, width, channels)` input becomes
    `(batch, height * block_size, width * block_size,
    channels / block_size**2)`: the channels of each position are split
    into a `block_size x block_size` block of pixels, row by row.

    Args:
        x: A 4D tensor.
        block_size: Int, at least 2; the channel count must be divisible
            by `block_size**2`.
        data_format: `"channels_last"` (the default) or
            `"channels_first"`; `None` means
            `keras.config.image_data_format()`.

    Returns:
        The rearranged tensor.

    Example:

    >>> x = np.arange(8.0).reshape((1, 1, 2, 4))
    >>> keras.ops.depth_to_space(x, 2).shape
    (1, 2, 4, 1)
    """
    _block_size_check(block_size)
    return backend.nn.depth_to_space(x, block_size, data_format=data_format)


def _space_to_depth_spec(x, block_size, data_format="channels_last"):
    _block_size_check(block_size)
    data_format = backend.standardize_data_format(data_format)
    if len(x.shape) != 4:
        raise ValueError(
            f"`x` must be a 4D tensor. Received: x.shape={x.shape}"
        )

    def shrink(d):
        return None if d is None else d // block_size

    def depth(d):
        return None if d is None else d * block_size * block_size

    if data_format == "channels_last":
        n, h, w, c = x.shape
        shape = (n, shrink(h), shrink(w), depth(c))
    else:
        n, c, h, w = x.shape
        shape = (n, depth(c), shrink(h), shrink(w))
    return backend.KerasTensor(shape, dtype=x.dtype)


@_export("space_to_depth")
@_spec_op(_space_to_depth_spec)
def space_to_depth(x, block_size, data_format="channels_last"):
    """Moves spatial blocks into the channel axis.

    A `(batch, height, width, channels)` input becomes
    `(batch, height / block_size, width / block_size,
    channels * block_size**2)`: each `block_size x block_size` block of
    pixels is stacked, row by row, into the channels of one position.

    Args:
        x: A 4D tensor whose height and width are divisible by
            `block_size`.
        block_size: Int, at least 2.
        data_format: `"channels_last"` (the default) or
            `"channels_first"`; `None` means
            `keras.config.image_data_format()`.

    Returns:
        The rearranged tensor.

    Example:

    >>> x = np.arange(16.0).reshape((1, 4, 4, 1))
    >>> keras.ops.space_to_depth(x, 2).shape
    (1, 2, 2, 4)
    """
    _block_size_check(block_size)
    return backend.nn.space_to_depth(x, block_size, data_format=data_format)


def _unfold_spec(x, kernel_size, dilation=1, padding=0, stride=1):
    if len(x.shape) != 4:
        raise ValueError(
            "`unfold` expects a 4D input `(batch, channels, height, width)`. "
            f"Received: x.shape={x.shape}"
        )
    kernel_size = argument_validation.standardize_tuple(
        kernel_size, 2, "kernel_size"
    )
    dilation = argument_validation.standardize_tuple(dilation, 2, "dilation")
    padding = argument_validation.standardize_tuple(
        padding, 2, "padding", allow_zero=True
    )
    stride = argument_validation.standardize_tuple(stride, 2, "stride")
    n, c, h, w = x.shape
    blocks = 1
    for size, k, d, p, s in zip((h, w), kernel_size, dilation, padding, stride):
        if size is None:
            blocks = None
            break
        blocks *= (size + 2 * p - d * (k - 1) - 1) // s + 1
    features = None if c is None else c * kernel_size[0] * kernel_size[1]
    return backend.KerasTensor((n, features, blocks), dtype=x.dtype)


@_export("unfold")
@_spec_op(_unfold_spec)
def unfold(x, kernel_size, dilation=1, padding=0, stride=1):
    """Extracts sliding blocks of a batch of images into columns.

    Every `kernel_size` window of the (zero padded) input becomes a
    column of the output. A column lists the window's values channel by
    channel, each channel row by row; columns are ordered like the
    windows, row by row. This "im2col" layout makes a convolution a
    matrix product.

    Args:
        x: 4D tensor `(batch, channels, height, width)` (always channels
            first).
        kernel_size: Int or tuple of 2 ints, the window size.
        dilation: Int or tuple of 2 ints, the spacing of the sampled
            pixels. Defaults to `1`.
        padding: Int or tuple of 2 ints, zeros added on both sides of the
            height and width. Defaults to `0`.
        stride: Int or tuple of 2 ints, the step between windows.
            Defaults to `1`.

    Returns:
        A tensor `(batch, channels * kh * kw, number_of_windows)`.

    Example:

    >>> x = np.arange(9.0).reshape((1, 1, 3, 3))
    >>> keras.ops.unfold(x, 2).shape
    (1, 4, 4)
    """
    return backend.nn.unfold(
        x, kernel_size, dilation=dilation, padding=padding, stride=stride
    )


def _fold_spec(x, output_size, kernel_size, dilation=1, padding=0, stride=1):
    if len(x.shape) != 3:
        raise ValueError(
            "`fold` expects a 3D input `(batch, channels * kernel_height * "
            f"kernel_width, blocks)`. Received: x.shape={x.shape}"
        )
    output_size = argument_validation.standardize_tuple(
        output_size, 2, "output_size"
    )
    kernel_size = argument_validation.standardize_tuple(
        kernel_size, 2, "kernel_size"
    )
    features = x.shape[1]
    channels = (
        None
        if features is None
        else features // (kernel_size[0] * kernel_size[1])
    )
    return backend.KerasTensor(
        (x.shape[0], channels, *output_size), dtype=x.dtype
    )


@_export("fold")
@_spec_op(_fold_spec)
def fold(x, output_size, kernel_size, dilation=1, padding=0, stride=1):
    """Combines columns of sliding blocks back into a batch of images.

    The transpose of `keras.ops.unfold`: each column is put back at its
    window's place and overlapping values are summed (so
    `fold(unfold(x))` multiplies every pixel by the number of windows
    covering it).

    Args:
        x: 3D tensor `(batch, channels * kh * kw, number_of_windows)`.
        output_size: Int or tuple of 2 ints, the image height and width.
        kernel_size: Int or tuple of 2 ints, the window size.
        dilation: Int or tuple of 2 ints. Defaults to `1`.
        padding: Int or tuple of 2 ints. Defaults to `0`.
        stride: Int or tuple of 2 ints. Defaults to `1`.

    Returns:
        A tensor `(batch, channels, height, width)`.

    Example:

    >>> cols = np.ones((1, 4, 4))
    >>> keras.ops.fold(cols, (3, 3), 2)[0, 0]
    array([[1., 2., 1.],
           [2., 4., 2.],
           [1., 2., 1.]], dtype=float32)
    """
    return backend.nn.fold(
        x,
        output_size,
        kernel_size,
        dilation=dilation,
        padding=padding,
        stride=stride,
    )
