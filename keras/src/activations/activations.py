"""Built-in activation functions (`keras.activations.*`)."""

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export


@keras_export("keras.activations.relu")
def relu(x, negative_slope=0.0, max_value=None, threshold=0.0):
    """Applies the rectified linear unit activation function.

    With default values, this returns the standard ReLU activation:
    `max(x, 0)`, the element-wise maximum of 0 and the input tensor.

    Modifying default parameters allows you to use non-zero thresholds,
    change the max value of the activation, and to use a non-zero multiple
    of the input for values below the threshold:

    - `max_value` if `x >= max_value`,
    - `x` if `threshold <= x < max_value`,
    - `negative_slope * (x - threshold)` otherwise.

    Args:
        x: Input tensor.
        negative_slope: A `float` that controls the slope for values lower
            than the threshold.
        max_value: A `float` that sets the saturation threshold (the largest
            value the function will return).
        threshold: A `float` giving the threshold value of the activation
            function below which values will be damped or set to zero.

    Returns:
        A tensor with the same shape and dtype as input `x`.

    Example:

    >>> x = [-10, -5, 0.0, 5, 10]
    >>> keras.activations.relu(x).tolist()
    [0.0, 0.0, 0.0, 5.0, 10.0]
    >>> keras.activations.relu(x, negative_slope=0.5).tolist()
    [-5.0, -2.5, 0.0, 5.0, 10.0]
    >>> keras.activations.relu(x, max_value=5.0).tolist()
    [0.0, 0.0, 0.0, 5.0, 5.0]
    >>> keras.activations.relu(x, threshold=5.0).tolist()
    [-0.0, -0.0, 0.0, 0.0, 10.0]
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
    """Leaky relu activation function.

    `f(x) = x` for `x >= 0` and `f(x) = negative_slope * x` otherwise.

    Args:
        x: Input tensor.
        negative_slope: A `float` that controls the slope for values lower
            than the threshold.

    Returns:
        A tensor of the same shape as `x`.

    Example:

    >>> keras.activations.leaky_relu([-1.0, 2.0]).tolist()
    [-0.2, 2.0]
    """
    return ops.leaky_relu(x, negative_slope=negative_slope)


@keras_export("keras.activations.relu6")
def relu6(x):
    """Relu6 activation function.

    It's the ReLU function, but truncated to a maximum value of 6:
    `min(max(x, 0), 6)`.

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
    """Softmax converts a vector of values to a probability distribution.

    The elements of the output vector are in range `[0, 1]` and sum to 1.
    Each input vector is handled independently. The `axis` argument sets
    which axis of the input the function is applied along.

    The softmax of each vector x is computed as
    `exp(x) / sum(exp(x))`.

    Args:
        x: Input tensor.
        axis: Integer, axis along which the softmax is applied.

    Returns:
        A tensor of the same shape as `x`.

    Example:

    >>> keras.activations.softmax([[1.0, 1.0]]).tolist()
    [[0.5, 0.5]]
    """
    return ops.softmax(x, axis=axis)


@keras_export("keras.activations.elu")
def elu(x, alpha=1.0):
    """Exponential Linear Unit.

    `x` if `x > 0` and `alpha * (exp(x) - 1)` if `x < 0`.

    Args:
        x: Input tensor.
        alpha: A scalar, slope of the negative section.

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
    """Scaled Exponential Linear Unit (SELU).

    `scale * x` if `x > 0` and `scale * alpha * (exp(x) - 1)` if `x < 0`,
    where `alpha` and `scale` are pre-defined constants
    (`alpha=1.67326324` and `scale=1.05070098`).

    Args:
        x: Input tensor.

    Returns:
        A tensor of the same shape as `x`.

    Example:

    >>> keras.activations.selu([0.0]).tolist()
    [0.0]

    Reference:

    - [Klambauer et al., 2017](https://arxiv.org/abs/1706.02515)
    """
    return ops.selu(x)


@keras_export("keras.activations.softplus")
def softplus(x):
    """Softplus activation function: `softplus(x) = log(exp(x) + 1)`.

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
    """Softsign activation function: `softsign(x) = x / (abs(x) + 1)`.

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
    """Swish (or Silu) activation function: `swish(x) = x * sigmoid(x)`.

    Args:
        x: Input tensor.

    Returns:
        A tensor of the same shape as `x`.

    Example:

    >>> keras.activations.silu([0.0]).tolist()
    [0.0]

    Reference:

    - [Ramachandran et al., 2017](https://arxiv.org/abs/1710.05941)
    """
    return ops.silu(x)


swish = silu


@keras_export("keras.activations.gelu")
def gelu(x, approximate=False):
    """Gaussian error linear unit (GELU) activation function.

    `gelu(x) = x * P(X <= x)` where `P(X) ~ N(0, 1)`, i.e.
    `gelu(x) = 0.5 * x * (1 + erf(x / sqrt(2)))`. With
    `approximate=True`, the tanh approximation
    `0.5 * x * (1 + tanh(sqrt(2 / pi) * (x + 0.044715 * x^3)))` is used.

    Args:
        x: Input tensor.
        approximate: A `bool`, whether to enable approximation.

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
    """Hyperbolic tangent activation function.

    `tanh(x) = sinh(x) / cosh(x)`, i.e.
    `tanh(x) = ((exp(x) - exp(-x)) / (exp(x) + exp(-x)))`.

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
    """Sigmoid activation function: `sigmoid(x) = 1 / (1 + exp(-x))`.

    For small values (< -5), `sigmoid` returns a value close to zero, and
    for large values (> 5) the result of the function gets close to 1.

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
    """Exponential activation function: `exp(x)`.

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
    """Hard sigmoid activation function.

    A faster approximation of the sigmoid activation, a piecewise linear
    approximation: `0` if `x <= -3`, `1` if `x >= 3` and `x / 6 + 0.5` if
    `-3 < x < 3`.

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
    """Hard SiLU activation function, also known as Hard Swish.

    `0` if `x < -3`, `x` if `x > 3` and `x * (x + 3) / 6` if
    `-3 <= x <= 3`. It's a faster, piecewise linear approximation of the
    silu activation.

    Args:
        x: Input tensor.

    Returns:
        A tensor of the same shape as `x`.

    Example:

    >>> keras.activations.hard_silu([-4.0, 0.0, 4.0]).tolist()
    [-0.0, 0.0, 4.0]

    Reference:

    - [A Howard, 2019](https://arxiv.org/abs/1905.02244)
    """
    x = ops.convert_to_tensor(x)
    return x * ops.hard_sigmoid(x)


hard_swish = hard_silu


@keras_export("keras.activations.linear")
def linear(x):
    """Linear activation function (pass-through).

    A "linear" activation is an identity function: it returns the input,
    unmodified.

    Args:
        x: Input tensor.

    Returns:
        The input `x`.

    Example:

    >>> keras.activations.linear(3.0)
    3.0
    """
    return x


@keras_export("keras.activations.mish")
def mish(x):
    """Mish activation function: `mish(x) = x * tanh(softplus(x))`.

    Args:
        x: Input tensor.

    Returns:
        A tensor of the same shape as `x`.

    Example:

    >>> keras.activations.mish([0.0]).tolist()
    [0.0]

    Reference:

    - [Misra, 2019](https://arxiv.org/abs/1908.08681)
    """
    x = ops.convert_to_tensor(x)
    return x * ops.tanh(ops.softplus(x))


@keras_export("keras.activations.log_softmax")
def log_softmax(x, axis=-1):
    """Log-Softmax activation function.

    Each input vector is handled independently. The `axis` argument sets
    which axis of the input the function is applied along:
    `log_softmax(x) = x - log(sum(exp(x)))`.

    Args:
        x: Input tensor.
        axis: Integer, axis along which the softmax is applied.

    Returns:
        A tensor of the same shape as `x`.

    Example:

    >>> round(float(keras.activations.log_softmax([1.0, 1.0])[0]), 4)
    -0.6931
    """
    return ops.log_softmax(x, axis=axis)
