"""Built-in activation functions (`keras.activations.*`)."""

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export


@keras_export("keras.activations.relu")
def relu(x, negative_slope=0.0, max_value=None, threshold=0.0):
    """Rectified linear unit, with optional slope, threshold and saturation.

    With the defaults this is `max(x, 0)`. In general:

    - `max_value` where `x >= max_value`;
    - `x` where `threshold <= x < max_value` (or `threshold < x` when
      `threshold != 0`);
    - `negative_slope * (x - threshold)` below the threshold.

    Args:
        x: Input tensor.
        negative_slope: Slope used below the threshold.
        max_value: Optional upper bound of the output.
        threshold: Value below which the input is damped (or zeroed).

    Returns:
        A tensor of the same shape as `x`.

    Example:

    >>> x = [-4.0, -1.0, 2.0, 8.0]
    >>> keras.activations.relu(x).tolist()
    [0.0, 0.0, 2.0, 8.0]
    >>> keras.activations.relu(x, negative_slope=0.25).tolist()
    [-1.0, -0.25, 2.0, 8.0]
    >>> keras.activations.relu(x, max_value=3.0).tolist()
    [0.0, 0.0, 2.0, 3.0]
    """
    x = ops.convert_to_tensor(x)
    if not backend.is_float_dtype(x.dtype):
        x = ops.cast(x, backend.floatx())
    if negative_slope == 0.0 and max_value is None and threshold == 0.0:
        return ops.relu(x)
    if negative_slope != 0.0:
        # The part below the threshold, as a positive number.
        negative_part = ops.relu(ops.subtract(threshold, x))
    if threshold != 0.0:
        x = x * ops.cast(ops.greater(x, threshold), x.dtype)
    else:
        x = ops.relu(x)
    if max_value is not None:
        x = ops.clip(x, 0.0, max_value)
    if negative_slope != 0.0:
        x = x - ops.cast(negative_slope, x.dtype) * negative_part
    return x


@keras_export("keras.activations.leaky_relu")
def leaky_relu(x, negative_slope=0.2):
    """Leaky ReLU: `x` for `x >= 0`, `negative_slope * x` otherwise.

    Args:
        x: Input tensor.
        negative_slope: Slope for negative inputs.

    Returns:
        A tensor of the same shape as `x`.

    Example:

    >>> keras.activations.leaky_relu([-1.0, 2.0], negative_slope=0.5).tolist()
    [-0.5, 2.0]
    """
    return ops.leaky_relu(x, negative_slope=negative_slope)


@keras_export("keras.activations.relu6")
def relu6(x):
    """ReLU capped at 6: `min(max(x, 0), 6)`.

    Args:
        x: Input tensor.

    Returns:
        A tensor of the same shape as `x`.

    Example:

    >>> keras.activations.relu6([-1.0, 3.0, 8.0]).tolist()
    [0.0, 3.0, 6.0]
    """
    return ops.relu6(x)


@keras_export("keras.activations.softmax")
def softmax(x, axis=-1):
    """Softmax: `exp(x) / sum(exp(x))` along `axis`.

    The outputs along `axis` are non-negative and sum to 1, i.e. a
    probability distribution.

    Args:
        x: Input tensor.
        axis: The axis (int) along which the softmax is normalized.

    Returns:
        A tensor of the same shape as `x`.

    Example:

    >>> keras.activations.softmax([[1.0, 1.0]]).tolist()
    [[0.5, 0.5]]
    """
    return ops.softmax(x, axis=axis)


@keras_export("keras.activations.elu")
def elu(x, alpha=1.0):
    """Exponential linear unit: `x` for `x > 0`, `alpha * (exp(x) - 1)` else.

    Args:
        x: Input tensor.
        alpha: Scale of the negative part.

    Returns:
        A tensor of the same shape as `x`.

    Example:

    >>> keras.activations.elu([0.0, 1.0]).tolist()
    [0.0, 1.0]

    Reference:

    - [Clevert et al., 2016](https://arxiv.org/abs/1511.07289)
    """
    return ops.elu(x, alpha=alpha)


@keras_export("keras.activations.selu")
def selu(x):
    """Scaled exponential linear unit.

    `scale * x` for `x > 0` and `scale * alpha * (exp(x) - 1)` otherwise,
    with the fixed constants `alpha ~= 1.6733` and `scale ~= 1.0507`.

    Reference: [Klambauer et al., 2017](https://arxiv.org/abs/1706.02515)

    Args:
        x: Input tensor.

    Returns:
        A tensor of the same shape as `x`.

    Example:

    >>> keras.activations.selu([0.0]).tolist()
    [0.0]
    """
    return ops.selu(x)


@keras_export("keras.activations.softplus")
def softplus(x):
    """Softplus: `log(exp(x) + 1)`.

    Args:
        x: Input tensor.

    Returns:
        A tensor of the same shape as `x`.

    Example:

    >>> round(float(keras.activations.softplus([0.0])[0]), 4)
    0.6931
    """
    return ops.softplus(x)


@keras_export("keras.activations.softsign")
def softsign(x):
    """Softsign: `x / (abs(x) + 1)`.

    Args:
        x: Input tensor.

    Returns:
        A tensor of the same shape as `x`.

    Example:

    >>> keras.activations.softsign([1.0]).tolist()
    [0.5]
    """
    return ops.softsign(x)


@keras_export(["keras.activations.silu", "keras.activations.swish"])
def silu(x):
    """SiLU (swish): `x * sigmoid(x)`.

    Reference: [Ramachandran et al., 2017](https://arxiv.org/abs/1710.05941)

    Args:
        x: Input tensor.

    Returns:
        A tensor of the same shape as `x`.

    Example:

    >>> keras.activations.silu([0.0]).tolist()
    [0.0]
    """
    return ops.silu(x)


swish = silu


@keras_export("keras.activations.gelu")
def gelu(x, approximate=False):
    """Gaussian error linear unit: `x * P(X <= x)` with `X ~ N(0, 1)`.

    Exactly `0.5 * x * (1 + erf(x / sqrt(2)))`; with `approximate=True`,
    `0.5 * x * (1 + tanh(sqrt(2 / pi) * (x + 0.044715 * x**3)))`.

    Args:
        x: Input tensor.
        approximate: Whether to use the tanh approximation.

    Returns:
        A tensor of the same shape as `x`.

    Example:

    >>> keras.activations.gelu([0.0]).tolist()
    [0.0]

    Reference:

    - [Hendrycks et al., 2016](https://arxiv.org/abs/1606.08415)
    """
    return ops.gelu(x, approximate=approximate)


@keras_export("keras.activations.tanh")
def tanh(x):
    """Hyperbolic tangent: `(exp(x) - exp(-x)) / (exp(x) + exp(-x))`.

    Args:
        x: Input tensor.

    Returns:
        A tensor of the same shape as `x`.

    Example:

    >>> keras.activations.tanh([0.0]).tolist()
    [0.0]
    """
    return ops.tanh(x)


@keras_export("keras.activations.sigmoid")
def sigmoid(x):
    """Sigmoid: `1 / (1 + exp(-x))`, with values in `(0, 1)`.

    Args:
        x: Input tensor.

    Returns:
        A tensor of the same shape as `x`.

    Example:

    >>> keras.activations.sigmoid([0.0]).tolist()
    [0.5]
    """
    return ops.sigmoid(x)


@keras_export("keras.activations.exponential")
def exponential(x):
    """Exponential: `exp(x)`.

    Args:
        x: Input tensor.

    Returns:
        A tensor of the same shape as `x`.

    Example:

    >>> keras.activations.exponential([0.0]).tolist()
    [1.0]
    """
    return ops.exp(x)


@keras_export("keras.activations.hard_sigmoid")
def hard_sigmoid(x):
    """Hard sigmoid, a piecewise linear approximation of the sigmoid.

    `clip(x / 6 + 0.5, 0, 1)`: 0 for `x <= -3`, 1 for `x >= 3`.

    Args:
        x: Input tensor.

    Returns:
        A tensor of the same shape as `x`.

    Example:

    >>> keras.activations.hard_sigmoid([-4.0, 0.0, 4.0]).tolist()
    [0.0, 0.5, 1.0]
    """
    return ops.hard_sigmoid(x)


@keras_export(["keras.activations.hard_silu", "keras.activations.hard_swish"])
def hard_silu(x):
    """Hard SiLU (hard swish): `x * hard_sigmoid(x)`.

    0 for `x <= -3`, `x` for `x >= 3`, `x * (x + 3) / 6` in between.

    Reference: [Howard et al., 2019](https://arxiv.org/abs/1905.02244)

    Args:
        x: Input tensor.

    Returns:
        A tensor of the same shape as `x`.

    Example:

    >>> keras.activations.hard_silu([-4.0, 0.0, 4.0]).tolist()
    [-0.0, 0.0, 4.0]
    """
    x = ops.convert_to_tensor(x)
    return x * ops.hard_sigmoid(x)


hard_swish = hard_silu


@keras_export("keras.activations.linear")
def linear(x):
    """Identity activation: returns `x` unchanged.

    Args:
        x: Input tensor.

    Returns:
        `x`.

    Example:

    >>> keras.activations.linear(3.0)
    3.0
    """
    return x


@keras_export("keras.activations.mish")
def mish(x):
    """Mish: `x * tanh(softplus(x))`.

    Reference: [Misra, 2019](https://arxiv.org/abs/1908.08681)

    Args:
        x: Input tensor.

    Returns:
        A tensor of the same shape as `x`.

    Example:

    >>> keras.activations.mish([0.0]).tolist()
    [0.0]
    """
    x = ops.convert_to_tensor(x)
    return x * ops.tanh(ops.softplus(x))


@keras_export("keras.activations.log_softmax")
def log_softmax(x, axis=-1):
    """Logarithm of the softmax: `x - log(sum(exp(x)))` along `axis`.

    Args:
        x: Input tensor.
        axis: The axis (int) along which the softmax is normalized.

    Returns:
        A tensor of the same shape as `x`.

    Example:

    >>> round(float(keras.activations.log_softmax([1.0, 1.0])[0]), 4)
    -0.6931
    """
    return ops.log_softmax(x, axis=axis)


@keras_export("keras.activations.celu")
def celu(x, alpha=1.0):
    """Continuously differentiable exponential linear unit.

    `x` for `x >= 0`, `alpha * (exp(x / alpha) - 1)` below zero.

    Args:
        x: Input tensor.
        alpha: Scale of the negative part (must not be 0).

    Returns:
        A tensor of the same shape as `x`.
    """
    return ops.celu(x, alpha=alpha)


@keras_export("keras.activations.glu")
def glu(x, axis=-1):
    """Gated linear unit: splits `x` in two halves `a`, `b` along `axis`
    and returns `a * sigmoid(b)`.

    Args:
        x: Input tensor; its size along `axis` must be even.
        axis: The axis to split.

    Returns:
        A tensor whose size along `axis` is half that of `x`.
    """
    return ops.glu(x, axis=axis)


@keras_export("keras.activations.hard_shrink")
def hard_shrink(x, threshold=0.5):
    """Hard shrinkage: `x` where `|x| > threshold`, `0` elsewhere.

    Args:
        x: Input tensor.
        threshold: The non-negative cut-off.

    Returns:
        A tensor of the same shape as `x`.
    """
    return ops.hard_shrink(x, threshold=threshold)


@keras_export("keras.activations.hard_tanh")
def hard_tanh(x):
    """Hard tanh: `x` clipped to `[-1, 1]`.

    Args:
        x: Input tensor.

    Returns:
        A tensor of the same shape as `x`.
    """
    return ops.hard_tanh(x)


@keras_export("keras.activations.log_sigmoid")
def log_sigmoid(x):
    """Logarithm of the sigmoid, `-softplus(-x)`, computed stably.

    Args:
        x: Input tensor.

    Returns:
        A tensor of the same shape as `x`.
    """
    return ops.log_sigmoid(x)


@keras_export("keras.activations.soft_shrink")
def soft_shrink(x, threshold=0.5):
    """Soft shrinkage: moves `x` towards zero by `threshold`, and gives `0`
    where `|x| <= threshold`.

    Args:
        x: Input tensor.
        threshold: The non-negative shift.

    Returns:
        A tensor of the same shape as `x`.
    """
    return ops.soft_shrink(x, threshold=threshold)


@keras_export("keras.activations.sparse_plus")
def sparse_plus(x):
    """A smooth, sparse softplus: `0` for `x <= -1`, `x` for `x >= 1`, and
    the parabola `(x + 1)**2 / 4` joining them.

    Args:
        x: Input tensor.

    Returns:
        A tensor of the same shape as `x`.
    """
    return ops.sparse_plus(x)


@keras_export("keras.activations.sparse_sigmoid")
def sparse_sigmoid(x):
    """A piecewise-linear sigmoid: `0` for `x <= -1`, `1` for `x >= 1`, and
    `(x + 1) / 2` in between.

    Args:
        x: Input tensor.

    Returns:
        A tensor of the same shape as `x`.
    """
    return ops.sparse_sigmoid(x)


@keras_export("keras.activations.sparsemax")
def sparsemax(x, axis=-1):
    """Sparsemax: the Euclidean projection of `x` onto the probability
    simplex along `axis`. Like softmax its outputs sum to 1, but small
    entries become exactly 0.

    Args:
        x: Input tensor.
        axis: The axis along which outputs sum to 1.

    Returns:
        A tensor of the same shape as `x`.
    """
    return ops.sparsemax(x, axis=axis)


@keras_export("keras.activations.squareplus")
def squareplus(x, b=4):
    """Squareplus, a smooth ReLU: `(x + sqrt(x**2 + b)) / 2`.

    Args:
        x: Input tensor.
        b: Non-negative smoothness; `b = 0` gives the ReLU.

    Returns:
        A tensor of the same shape as `x`.
    """
    return ops.squareplus(x, b=b)


@keras_export("keras.activations.tanh_shrink")
def tanh_shrink(x):
    """Tanh shrinkage: `x - tanh(x)`.

    Args:
        x: Input tensor.

    Returns:
        A tensor of the same shape as `x`.
    """
    return ops.tanh_shrink(x)


@keras_export("keras.activations.threshold")
def threshold(x, threshold, default_value):
    """Keeps `x` where it exceeds `threshold` and puts `default_value`
    everywhere else.

    Args:
        x: Input tensor.
        threshold: The value `x` must exceed to be kept.
        default_value: The value used where `x <= threshold`.

    Returns:
        A tensor of the same shape and dtype as `x`.

    Example:

    >>> keras.activations.threshold(np.array([-1.0, 2.0]), 0.0, 0.0).tolist()
    [0.0, 2.0]
    """
    x = ops.convert_to_tensor(x)
    default = ops.cast(default_value, x.dtype)
    return ops.where(ops.greater(x, threshold), x, default)
