"""NumPy-style ops (`keras.ops.*`, `keras.ops.numpy.*`).

Every op accepts tensors, NumPy arrays, Python scalars and Keras Variables;
called on symbolic `KerasTensor`s it returns `KerasTensor`s whose shape and
dtype are inferred by tracing.

Dtypes follow NumPy promotion with two Keras rules: Python scalars are weakly
typed (`float32_tensor + 1.0` stays `float32`), and ops that need a float
result (`sqrt`, `exp`, `mean`, `divide` ...) turn integer inputs into
`keras.config.floatx()`.
"""

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.ops.operation import symbolic_op


def _export(name):
    return keras_export([f"keras.ops.{name}", f"keras.ops.numpy.{name}"])


# --------------------------------------------------------------------------
# Element-wise binary arithmetic.
# --------------------------------------------------------------------------


@_export("add")
@symbolic_op
def add(x1, x2):
    """Adds arguments element-wise.

    Args:
        x1: First input tensor.
        x2: Second input tensor.

    Returns:
        The tensor containing the element-wise sum of `x1` and `x2`.

    Example:

    >>> keras.ops.add(np.array([1, 2]), np.array([10, 20]))
    array([11, 22], dtype=int32)
    """
    return backend.numpy.add(x1, x2)


@_export("subtract")
@symbolic_op
def subtract(x1, x2):
    """Subtracts arguments element-wise.

    Args:
        x1: First input tensor.
        x2: Second input tensor.

    Returns:
        Output tensor, element-wise difference of `x1` and `x2`.
    """
    return backend.numpy.subtract(x1, x2)


@_export("multiply")
@symbolic_op
def multiply(x1, x2):
    """Multiplies arguments element-wise.

    Args:
        x1: First input tensor.
        x2: Second input tensor.

    Returns:
        Output tensor, element-wise product of `x1` and `x2`.
    """
    return backend.numpy.multiply(x1, x2)


@_export("divide")
@symbolic_op
def divide(x1, x2):
    """Divides arguments element-wise.

    `keras.ops.true_divide` is an alias for this function. Integer inputs
    give a `floatx` result.

    Args:
        x1: First input tensor.
        x2: Second input tensor.

    Returns:
        Output tensor, the quotient `x1/x2`, element-wise.
    """
    return backend.numpy.divide(x1, x2)


@_export("true_divide")
@symbolic_op
def true_divide(x1, x2):
    """Alias for `keras.ops.divide`.

    Args:
        x1: First input tensor.
        x2: Second input tensor.

    Returns:
        Output tensor, the quotient `x1/x2`, element-wise.
    """
    return backend.numpy.true_divide(x1, x2)


@_export("floor_divide")
@symbolic_op
def floor_divide(x1, x2):
    """Returns the largest integer smaller or equal to the division of inputs.

    Args:
        x1: Numerator.
        x2: Denominator.

    Returns:
        Output tensor, `y = floor(x1/x2)`.
    """
    return backend.numpy.floor_divide(x1, x2)


@_export("mod")
@symbolic_op
def mod(x1, x2):
    """Returns the element-wise remainder of division.

    Args:
        x1: First input tensor.
        x2: Second input tensor.

    Returns:
        Output tensor, element-wise remainder of division.
    """
    return backend.numpy.mod(x1, x2)


@_export("power")
@symbolic_op
def power(x1, x2):
    """First tensor elements raised to powers from second tensor, element-wise.

    Args:
        x1: The bases.
        x2: The exponents.

    Returns:
        Output tensor, the bases in `x1` raised to the exponents in `x2`.
    """
    return backend.numpy.power(x1, x2)


@_export("maximum")
@symbolic_op
def maximum(x1, x2):
    """Element-wise maximum of `x1` and `x2`.

    Args:
        x1: First tensor.
        x2: Second tensor.

    Returns:
        Output tensor, element-wise maximum of `x1` and `x2`.
    """
    return backend.numpy.maximum(x1, x2)


@_export("minimum")
@symbolic_op
def minimum(x1, x2):
    """Element-wise minimum of `x1` and `x2`.

    Args:
        x1: First tensor.
        x2: Second tensor.

    Returns:
        Output tensor, element-wise minimum of `x1` and `x2`.
    """
    return backend.numpy.minimum(x1, x2)


@_export("arctan2")
@symbolic_op
def arctan2(x1, x2):
    """Element-wise arc tangent of `x1/x2` choosing the quadrant correctly.

    Args:
        x1: First input tensor (y-coordinates).
        x2: Second input tensor (x-coordinates).

    Returns:
        Tensor of angles in radians, in the range `[-pi, pi]`.
    """
    return backend.numpy.arctan2(x1, x2)


@_export("logaddexp")
@symbolic_op
def logaddexp(x1, x2):
    """Logarithm of the sum of exponentiations of the inputs.

    Args:
        x1: Input tensor.
        x2: Input tensor.

    Returns:
        Output tensor, element-wise `log(exp(x1) + exp(x2))`.
    """
    return backend.numpy.logaddexp(x1, x2)


@_export("hypot")
@symbolic_op
def hypot(x1, x2):
    """Element-wise hypotenuse `sqrt(x1**2 + x2**2)`.

    Args:
        x1: First input tensor.
        x2: Second input tensor.

    Returns:
        A tensor with the hypotenuse of `x1` and `x2`.
    """
    return backend.numpy.hypot(x1, x2)


# --------------------------------------------------------------------------
# Element-wise unary ops.
# --------------------------------------------------------------------------


@_export("negative")
@symbolic_op
def negative(x):
    """Numerical negative, element-wise.

    Args:
        x: Input tensor.

    Returns:
        Output tensor, `y = -x`.
    """
    return backend.numpy.negative(x)


@_export("absolute")
@symbolic_op
def absolute(x):
    """Computes the absolute value element-wise.

    `keras.ops.abs` is a shorthand for this function.

    Args:
        x: Input tensor.

    Returns:
        An array containing the absolute value of each element in `x`.

    Example:

    >>> keras.ops.absolute(np.array([-1.2, 1.2]))
    array([1.2, 1.2], dtype=float32)
    """
    return backend.numpy.absolute(x)


@_export("abs")
@symbolic_op
def abs(x):
    """Shorthand for `keras.ops.absolute`.

    Args:
        x: Input tensor.

    Returns:
        The absolute value of each element in `x`.
    """
    return backend.numpy.absolute(x)


@_export("sign")
@symbolic_op
def sign(x):
    """Returns a tensor with the signs of the elements of `x` (-1, 0 or 1).

    Args:
        x: Input tensor.

    Returns:
        Output tensor of same shape and dtype as `x`.
    """
    return backend.numpy.sign(x)


@_export("square")
@symbolic_op
def square(x):
    """Returns the element-wise square of the input.

    Args:
        x: Input tensor. Boolean inputs give `int32`.

    Returns:
        Output tensor, the square of `x`.
    """
    return backend.numpy.square(x)


@_export("sqrt")
@symbolic_op
def sqrt(x):
    """Returns the non-negative square root of a tensor, element-wise.

    Args:
        x: Input tensor. Integer inputs give a `floatx` result.

    Returns:
        Output tensor, the non-negative square root of `x`.

    Example:

    >>> keras.ops.sqrt(np.array([1.0, 4.0, 9.0]))
    array([1., 2., 3.], dtype=float32)
    """
    return backend.numpy.sqrt(x)


@_export("reciprocal")
@symbolic_op
def reciprocal(x):
    """Returns the reciprocal `1 / x` of the argument, element-wise.

    Args:
        x: Input tensor.

    Returns:
        Output tensor with the reciprocal of each element of `x`.
    """
    return backend.numpy.reciprocal(x)


@_export("exp")
@symbolic_op
def exp(x):
    """Calculates the exponential of all elements in the input tensor.

    Args:
        x: Input tensor. Integer inputs give a `floatx` result.

    Returns:
        Output tensor, element-wise exponential of `x`.
    """
    return backend.numpy.exp(x)


@_export("exp2")
@symbolic_op
def exp2(x):
    """Calculates `2**x` for all elements of the input tensor.

    Args:
        x: Input tensor.

    Returns:
        Output tensor, element-wise base-2 exponential of `x`.
    """
    return backend.numpy.exp2(x)


@_export("expm1")
@symbolic_op
def expm1(x):
    """Calculates `exp(x) - 1` for all elements in the tensor.

    Args:
        x: Input values.

    Returns:
        Output tensor, element-wise exponential minus one.
    """
    return backend.numpy.expm1(x)


@_export("log")
@symbolic_op
def log(x):
    """Natural logarithm, element-wise.

    Args:
        x: Input tensor. Integer inputs give a `floatx` result.

    Returns:
        Output tensor, element-wise natural logarithm of `x`.
    """
    return backend.numpy.log(x)


@_export("log1p")
@symbolic_op
def log1p(x):
    """Returns the natural logarithm of one plus the `x`, element-wise.

    Args:
        x: Input tensor.

    Returns:
        Output tensor, element-wise natural logarithm of `1 + x`.
    """
    return backend.numpy.log1p(x)


@_export("log2")
@symbolic_op
def log2(x):
    """Base-2 logarithm of `x`, element-wise.

    Args:
        x: Input tensor.

    Returns:
        Output tensor, element-wise base-2 logarithm of `x`.
    """
    return backend.numpy.log2(x)


@_export("log10")
@symbolic_op
def log10(x):
    """Return the base 10 logarithm of the input tensor, element-wise.

    Args:
        x: Input tensor.

    Returns:
        Output tensor, element-wise base 10 logarithm of `x`.
    """
    return backend.numpy.log10(x)


@_export("sin")
@symbolic_op
def sin(x):
    """Trigonometric sine, element-wise.

    Args:
        x: Input tensor.

    Returns:
        Output tensor of same shape as `x`.
    """
    return backend.numpy.sin(x)


@_export("cos")
@symbolic_op
def cos(x):
    """Cosine, element-wise.

    Args:
        x: Input tensor.

    Returns:
        The corresponding cosine values.
    """
    return backend.numpy.cos(x)


@_export("tan")
@symbolic_op
def tan(x):
    """Compute tangent, element-wise.

    Args:
        x: Input tensor.

    Returns:
        Output tensor of same shape as `x`.
    """
    return backend.numpy.tan(x)


@_export("arcsin")
@symbolic_op
def arcsin(x):
    """Inverse sine, element-wise.

    Args:
        x: Input tensor.

    Returns:
        Tensor of the inverse sine of each element in `x`, in radians.
    """
    return backend.numpy.arcsin(x)


@_export("arccos")
@symbolic_op
def arccos(x):
    """Trigonometric inverse cosine, element-wise.

    Args:
        x: Input tensor.

    Returns:
        Tensor of the angle of the ray intersecting the unit circle at the
        given x-coordinate, in radians `[0, pi]`.
    """
    return backend.numpy.arccos(x)


@_export("arctan")
@symbolic_op
def arctan(x):
    """Trigonometric inverse tangent, element-wise.

    Args:
        x: Input tensor.

    Returns:
        Tensor of the inverse tangent of each element in `x`, in the
        interval `[-pi/2, pi/2]`.
    """
    return backend.numpy.arctan(x)


@_export("sinh")
@symbolic_op
def sinh(x):
    """Hyperbolic sine, element-wise.

    Args:
        x: Input tensor.

    Returns:
        Output tensor of same shape as `x`.
    """
    return backend.numpy.sinh(x)


@_export("cosh")
@symbolic_op
def cosh(x):
    """Hyperbolic cosine, element-wise.

    Args:
        x: Input tensor.

    Returns:
        Output tensor of same shape as `x`.
    """
    return backend.numpy.cosh(x)


@_export("tanh")
@symbolic_op
def tanh(x):
    """Hyperbolic tangent, element-wise.

    Args:
        x: Input tensor.

    Returns:
        Output tensor of same shape as `x`.
    """
    return backend.numpy.tanh(x)


@_export("arcsinh")
@symbolic_op
def arcsinh(x):
    """Inverse hyperbolic sine, element-wise.

    Args:
        x: Input tensor.

    Returns:
        Output tensor of same shape as `x`.
    """
    return backend.numpy.arcsinh(x)


@_export("arccosh")
@symbolic_op
def arccosh(x):
    """Inverse hyperbolic cosine, element-wise.

    Args:
        x: Input tensor.

    Returns:
        Output tensor of same shape as `x`.
    """
    return backend.numpy.arccosh(x)


@_export("arctanh")
@symbolic_op
def arctanh(x):
    """Inverse hyperbolic tangent, element-wise.

    Args:
        x: Input tensor.

    Returns:
        Output tensor of same shape as `x`.
    """
    return backend.numpy.arctanh(x)


@_export("floor")
@symbolic_op
def floor(x):
    """Return the floor of the input, element-wise.

    Args:
        x: Input tensor.

    Returns:
        Output tensor, element-wise floor of `x`.
    """
    return backend.numpy.floor(x)


@_export("ceil")
@symbolic_op
def ceil(x):
    """Return the ceiling of the input, element-wise.

    Args:
        x: Input tensor.

    Returns:
        The ceiling of each element in `x`, with float dtype.
    """
    return backend.numpy.ceil(x)


@_export("trunc")
@symbolic_op
def trunc(x):
    """Return the truncated value of the input, element-wise.

    Args:
        x: Input tensor.

    Returns:
        The truncated value of each element in `x` (same dtype).
    """
    return backend.numpy.trunc(x)


@_export("round")
@symbolic_op
def round(x, decimals=0):
    """Evenly round to the given number of decimals.

    Args:
        x: Input tensor.
        decimals: Number of decimal places to round to. Defaults to `0`.

    Returns:
        Output tensor.
    """
    return backend.numpy.round(x, decimals=decimals)


@_export("clip")
@symbolic_op
def clip(x, x_min, x_max):
    """Clip (limit) the values in a tensor.

    Args:
        x: Input tensor. Boolean inputs give `int32`.
        x_min: Minimum value.
        x_max: Maximum value.

    Returns:
        The clipped tensor.

    Example:

    >>> keras.ops.clip(np.array([-1.0, 0.5, 2.0]), 0.0, 1.0)
    array([0. , 0.5, 1. ], dtype=float32)
    """
    return backend.numpy.clip(x, x_min, x_max)


@_export("nan_to_num")
@symbolic_op
def nan_to_num(x, nan=0.0, posinf=None, neginf=None):
    """Replace NaN with zero and infinity with large finite numbers.

    Args:
        x: Input data.
        nan: Value to replace `NaN` entries with.
        posinf: Value to replace positive infinity with.
        neginf: Value to replace negative infinity with.

    Returns:
        `x`, with non-finite values replaced.
    """
    return backend.numpy.nan_to_num(x, nan=nan, posinf=posinf, neginf=neginf)


# --------------------------------------------------------------------------
# Comparison and logic.
# --------------------------------------------------------------------------


@_export("equal")
@symbolic_op
def equal(x1, x2):
    """Returns `(x1 == x2)` element-wise.

    Args:
        x1: Tensor to compare.
        x2: Tensor to compare.

    Returns:
        Output boolean tensor, element-wise comparison of `x1` and `x2`.
    """
    return backend.numpy.equal(x1, x2)


@_export("not_equal")
@symbolic_op
def not_equal(x1, x2):
    """Return `(x1 != x2)` element-wise.

    Args:
        x1: First input tensor.
        x2: Second input tensor.

    Returns:
        Output boolean tensor, element-wise comparison of `x1` and `x2`.
    """
    return backend.numpy.not_equal(x1, x2)


@_export("less")
@symbolic_op
def less(x1, x2):
    """Return the truth value of `x1 < x2` element-wise.

    Args:
        x1: First input tensor.
        x2: Second input tensor.

    Returns:
        Output boolean tensor.
    """
    return backend.numpy.less(x1, x2)


@_export("less_equal")
@symbolic_op
def less_equal(x1, x2):
    """Return the truth value of `x1 <= x2` element-wise.

    Args:
        x1: First input tensor.
        x2: Second input tensor.

    Returns:
        Output boolean tensor.
    """
    return backend.numpy.less_equal(x1, x2)


@_export("greater")
@symbolic_op
def greater(x1, x2):
    """Return the truth value of `x1 > x2` element-wise.

    Args:
        x1: First input tensor.
        x2: Second input tensor.

    Returns:
        Output boolean tensor.
    """
    return backend.numpy.greater(x1, x2)


@_export("greater_equal")
@symbolic_op
def greater_equal(x1, x2):
    """Return the truth value of `x1 >= x2` element-wise.

    Args:
        x1: First input tensor.
        x2: Second input tensor.

    Returns:
        Output boolean tensor.
    """
    return backend.numpy.greater_equal(x1, x2)


@_export("isclose")
@symbolic_op
def isclose(x1, x2, rtol=1e-5, atol=1e-8, equal_nan=False):
    """Return whether two tensors are element-wise almost equal.

    Args:
        x1: First input tensor.
        x2: Second input tensor.
        rtol: Relative tolerance.
        atol: Absolute tolerance.
        equal_nan: If `True`, element-wise NaNs are considered equal.

    Returns:
        Output boolean tensor.
    """
    return backend.numpy.isclose(
        x1, x2, rtol=rtol, atol=atol, equal_nan=equal_nan
    )


@_export("logical_and")
@symbolic_op
def logical_and(x1, x2):
    """Computes the element-wise logical AND of the given input tensors.

    Zeros are treated as `False` and non-zeros are treated as `True`.

    Args:
        x1: Input tensor.
        x2: Input tensor.

    Returns:
        Output tensor, element-wise logical AND of the inputs.
    """
    return backend.numpy.logical_and(x1, x2)


@_export("logical_or")
@symbolic_op
def logical_or(x1, x2):
    """Computes the element-wise logical OR of the given input tensors.

    Args:
        x1: Input tensor.
        x2: Input tensor.

    Returns:
        Output tensor, element-wise logical OR of the inputs.
    """
    return backend.numpy.logical_or(x1, x2)


@_export("logical_xor")
@symbolic_op
def logical_xor(x1, x2):
    """Compute the truth value of `x1 XOR x2`, element-wise.

    Args:
        x1: First input tensor.
        x2: Second input tensor.

    Returns:
        Output boolean tensor.
    """
    return backend.numpy.logical_xor(x1, x2)


@_export("logical_not")
@symbolic_op
def logical_not(x):
    """Computes the element-wise NOT of the given input tensor.

    Args:
        x: Input tensor.

    Returns:
        Output tensor, element-wise logical NOT of the input.
    """
    return backend.numpy.logical_not(x)


@_export("isfinite")
@symbolic_op
def isfinite(x):
    """Return whether a tensor is finite, element-wise.

    Args:
        x: Input tensor.

    Returns:
        Output boolean tensor.
    """
    return backend.numpy.isfinite(x)


@_export("isinf")
@symbolic_op
def isinf(x):
    """Test element-wise for positive or negative infinity.

    Args:
        x: Input tensor.

    Returns:
        Output boolean tensor.
    """
    return backend.numpy.isinf(x)


@_export("isnan")
@symbolic_op
def isnan(x):
    """Test element-wise for NaN and return result as a boolean tensor.

    Args:
        x: Input tensor.

    Returns:
        Output boolean tensor.
    """
    return backend.numpy.isnan(x)


@_export("where")
@symbolic_op
def where(condition, x1=None, x2=None):
    """Return elements chosen from `x1` or `x2` depending on `condition`.

    Args:
        condition: Where `True`, yield `x1`, otherwise yield `x2`.
        x1: Values from which to choose when `condition` is `True`.
        x2: Values from which to choose when `condition` is `False`.

    Returns:
        A tensor with elements from `x1` where `condition` is `True`, and
        elements from `x2` elsewhere. With only `condition` given, returns
        the indices of its non-zero elements (eager use only: the shape is
        data dependent).

    Example:

    >>> keras.ops.where(np.array([True, False]), 1, 2)
    array([1, 2], dtype=int32)
    """
    return backend.numpy.where(condition, x1, x2)


# --------------------------------------------------------------------------
# Reductions.
# --------------------------------------------------------------------------


@_export("sum")
@symbolic_op
def sum(x, axis=None, keepdims=False):
    """Sum of a tensor over the given axes.

    Args:
        x: Input tensor.
        axis: Axis or axes along which the sum is computed. The default is to
            compute the sum of the flattened tensor.
        keepdims: If `True`, the reduced axes are kept with size one.

    Returns:
        Output tensor containing the sum. Boolean and small integer inputs
        are summed as `int32`.

    Example:

    >>> keras.ops.sum(np.array([[1, 2], [3, 4]]), axis=0)
    array([4, 6], dtype=int32)
    """
    return backend.numpy.sum(x, axis=axis, keepdims=keepdims)


@_export("prod")
@symbolic_op
def prod(x, axis=None, keepdims=False, dtype=None):
    """Return the product of tensor elements over a given axis.

    Args:
        x: Input tensor.
        axis: Axis or axes along which a product is performed.
        keepdims: If `True`, the reduced axes are kept with size one.
        dtype: Data type of the returned tensor.

    Returns:
        Product of elements of `x` over the given axis or axes.
    """
    return backend.numpy.prod(x, axis=axis, keepdims=keepdims, dtype=dtype)


@_export("mean")
@symbolic_op
def mean(x, axis=None, keepdims=False):
    """Compute the arithmetic mean along the specified axes.

    Args:
        x: Input tensor.
        axis: Axis or axes along which the means are computed. The default
            is to compute the mean of the flattened tensor.
        keepdims: If `True`, the reduced axes are kept with size one.

    Returns:
        Output tensor containing the mean values. Integer inputs give a
        `floatx` result; float16/bfloat16 inputs are accumulated in float32.

    Example:

    >>> keras.ops.mean(np.array([1, 2, 3, 4]))
    2.5
    """
    return backend.numpy.mean(x, axis=axis, keepdims=keepdims)


@_export("var")
@symbolic_op
def var(x, axis=None, keepdims=False):
    """Compute the variance along the specified axes.

    Args:
        x: Input tensor.
        axis: Axis or axes along which the variance is computed.
        keepdims: If `True`, the reduced axes are kept with size one.

    Returns:
        Output tensor containing the variance.
    """
    return backend.numpy.var(x, axis=axis, keepdims=keepdims)


@_export("std")
@symbolic_op
def std(x, axis=None, keepdims=False):
    """Compute the standard deviation along the specified axis.

    Args:
        x: Input tensor.
        axis: Axis or axes along which to compute the standard deviation.
        keepdims: If `True`, the reduced axes are kept with size one.

    Returns:
        Output tensor containing the standard deviation values.
    """
    return backend.numpy.std(x, axis=axis, keepdims=keepdims)


@_export("average")
@symbolic_op
def average(x, axis=None, weights=None):
    """Compute the weighted average along the specified axis.

    Args:
        x: Input tensor.
        axis: Integer along which to average `x`. The default, `None`,
            averages over all elements.
        weights: Tensor of weights associated with the values in `x`,
            either of the same shape as `x` or 1-D along `axis`.

    Returns:
        The average along the specified axis.
    """
    return backend.numpy.average(x, axis=axis, weights=weights)


@_export("median")
@symbolic_op
def median(x, axis=None, keepdims=False):
    """Compute the median along the specified axis.

    Args:
        x: Input tensor.
        axis: Axis or axes along which the medians are computed.
        keepdims: If `True`, the reduced axes are kept with size one.

    Returns:
        The output tensor.
    """
    return backend.numpy.median(x, axis=axis, keepdims=keepdims)


@_export("max")
@symbolic_op
def max(x, axis=None, keepdims=False, initial=None):
    """Return the maximum of a tensor or maximum along an axis.

    Args:
        x: Input tensor.
        axis: Axis or axes along which to operate. By default, flattened
            input is used.
        keepdims: If `True`, the reduced axes are kept with size one.
        initial: The minimum value of an output element.

    Returns:
        Maximum of `x`.
    """
    return backend.numpy.max(x, axis=axis, keepdims=keepdims, initial=initial)


@_export("min")
@symbolic_op
def min(x, axis=None, keepdims=False, initial=None):
    """Return the minimum of a tensor or minimum along an axis.

    Args:
        x: Input tensor.
        axis: Axis or axes along which to operate. By default, flattened
            input is used.
        keepdims: If `True`, the reduced axes are kept with size one.
        initial: The maximum value of an output element.

    Returns:
        Minimum of `x`.
    """
    return backend.numpy.min(x, axis=axis, keepdims=keepdims, initial=initial)


@_export("amax")
@symbolic_op
def amax(x, axis=None, keepdims=False):
    """Returns the maximum of a tensor or maximum along an axis.

    Args:
        x: Input tensor.
        axis: Axis along which to compute the maximum. By default all
            elements are reduced.
        keepdims: If `True`, the reduced axes are kept with size one.

    Returns:
        A tensor with the maximum value.
    """
    return backend.numpy.amax(x, axis=axis, keepdims=keepdims)


@_export("amin")
@symbolic_op
def amin(x, axis=None, keepdims=False):
    """Returns the minimum of a tensor or minimum along an axis.

    Args:
        x: Input tensor.
        axis: Axis along which to compute the minimum. By default all
            elements are reduced.
        keepdims: If `True`, the reduced axes are kept with size one.

    Returns:
        A tensor with the minimum value.
    """
    return backend.numpy.amin(x, axis=axis, keepdims=keepdims)


@_export("all")
@symbolic_op
def all(x, axis=None, keepdims=False):
    """Test whether all tensor elements along a given axis evaluate to `True`.

    Args:
        x: Input tensor.
        axis: Axis or axes along which a logical AND reduction is performed.
        keepdims: If `True`, the reduced axes are kept with size one.

    Returns:
        The boolean tensor.
    """
    return backend.numpy.all(x, axis=axis, keepdims=keepdims)


@_export("any")
@symbolic_op
def any(x, axis=None, keepdims=False):
    """Test whether any tensor element along a given axis evaluates to `True`.

    Args:
        x: Input tensor.
        axis: Axis or axes along which a logical OR reduction is performed.
        keepdims: If `True`, the reduced axes are kept with size one.

    Returns:
        The boolean tensor.
    """
    return backend.numpy.any(x, axis=axis, keepdims=keepdims)


@_export("argmax")
@symbolic_op
def argmax(x, axis=None, keepdims=False):
    """Returns the indices of the maximum values along an axis.

    Args:
        x: Input tensor.
        axis: By default, the index is into the flattened tensor, otherwise
            along the specified axis.
        keepdims: If `True`, the reduced axis is kept with size one.

    Returns:
        Tensor of `int32` indices into the tensor.

    Example:

    >>> keras.ops.argmax(np.array([[1, 5], [7, 2]]), axis=1)
    array([1, 0], dtype=int32)
    """
    return backend.numpy.argmax(x, axis=axis, keepdims=keepdims)


@_export("argmin")
@symbolic_op
def argmin(x, axis=None, keepdims=False):
    """Returns the indices of the minimum values along an axis.

    Args:
        x: Input tensor.
        axis: By default, the index is into the flattened tensor, otherwise
            along the specified axis.
        keepdims: If `True`, the reduced axis is kept with size one.

    Returns:
        Tensor of `int32` indices into the tensor.
    """
    return backend.numpy.argmin(x, axis=axis, keepdims=keepdims)


@_export("argsort")
@symbolic_op
def argsort(x, axis=-1):
    """Returns the indices that would sort a tensor.

    Args:
        x: Input tensor.
        axis: Axis along which to sort. Defaults to `-1` (the last axis). If
            `None`, the flattened tensor is used.

    Returns:
        Tensor of `int32` indices that sort `x` along the specified `axis`.
    """
    return backend.numpy.argsort(x, axis=axis)


@_export("sort")
@symbolic_op
def sort(x, axis=-1):
    """Sorts the elements of `x` along a given axis in ascending order.

    Args:
        x: Input tensor.
        axis: Axis along which to sort. If `None`, the tensor is flattened
            before sorting. Defaults to `-1`.

    Returns:
        Sorted tensor.
    """
    return backend.numpy.sort(x, axis=axis)


@_export("count_nonzero")
@symbolic_op
def count_nonzero(x, axis=None):
    """Counts the number of non-zero values in `x` along the given `axis`.

    Args:
        x: Input tensor.
        axis: Axis or tuple of axes along which to count the non-zeros.
            Defaults to `None` (all elements).

    Returns:
        `int32` tensor with the number of non-zero values.
    """
    return backend.numpy.count_nonzero(x, axis=axis)


@_export("cumsum")
@symbolic_op
def cumsum(x, axis=None, dtype=None):
    """Returns the cumulative sum of elements along a given axis.

    Args:
        x: Input tensor.
        axis: Axis along which the cumulative sum is computed. By default the
            input is flattened.
        dtype: dtype of returned tensor. Defaults to `x.dtype`.

    Returns:
        Output tensor.
    """
    return backend.numpy.cumsum(x, axis=axis, dtype=dtype)


@_export("cumprod")
@symbolic_op
def cumprod(x, axis=None, dtype=None):
    """Return the cumulative product of elements along a given axis.

    Args:
        x: Input tensor.
        axis: Axis along which the cumulative product is computed. By
            default the input is flattened.
        dtype: dtype of returned tensor. Defaults to `x.dtype`.

    Returns:
        Output tensor.
    """
    return backend.numpy.cumprod(x, axis=axis, dtype=dtype)


@_export("trace")
@symbolic_op
def trace(x, offset=0, axis1=0, axis2=1):
    """Return the sum along diagonals of the tensor.

    Args:
        x: Input tensor.
        offset: Offset of the diagonal from the main diagonal.
        axis1: First axis of the 2-D sub-arrays.
        axis2: Second axis of the 2-D sub-arrays.

    Returns:
        The sum of the diagonals.
    """
    return backend.numpy.trace(x, offset=offset, axis1=axis1, axis2=axis2)


# --------------------------------------------------------------------------
# Products.
# --------------------------------------------------------------------------


@_export("matmul")
@symbolic_op
def matmul(x1, x2):
    """Matrix product of two tensors.

    - If both tensors are 1-dimensional, the dot product (scalar) is
      returned.
    - If either tensor is N-D, N > 2, it is treated as a stack of matrices
      residing in the last two indexes and broadcast accordingly.
    - A 1-D first tensor is promoted to a matrix by prepending a 1 to its
      dimensions, which is removed afterwards; a 1-D second tensor likewise
      by appending a 1.

    Args:
        x1: First tensor.
        x2: Second tensor.

    Returns:
        Output tensor, matrix product of the inputs. Two `int8` inputs give
        an `int32` result.

    Example:

    >>> keras.ops.matmul(keras.KerasTensor((None, 3)),
    ...                  keras.KerasTensor((3, 4))).shape
    (None, 4)
    """
    return backend.numpy.matmul(x1, x2)


@_export("dot")
@symbolic_op
def dot(x1, x2):
    """Dot product of two tensors.

    - If both are 1-D, inner product of vectors.
    - If both are 2-D, matrix multiplication.
    - If either is 0-D (scalar), element-wise multiplication.
    - If `x1` is N-D and `x2` is 1-D, a sum product over the last axis.
    - If `x1` is N-D and `x2` is M-D (M>=2), a sum product over the last
      axis of `x1` and the second-to-last axis of `x2`.

    Args:
        x1: First argument.
        x2: Second argument.

    Returns:
        Dot product of `x1` and `x2`.
    """
    return backend.numpy.dot(x1, x2)


@_export("vdot")
@symbolic_op
def vdot(x1, x2):
    """Return the dot product of two vectors (inputs are flattened).

    Args:
        x1: First input tensor.
        x2: Second input tensor.

    Returns:
        Output tensor.
    """
    return backend.numpy.vdot(x1, x2)


@_export("inner")
@symbolic_op
def inner(x1, x2):
    """Return the inner product of two tensors (sum over the last axes).

    Args:
        x1: First input tensor.
        x2: Second input tensor.

    Returns:
        Output tensor.
    """
    return backend.numpy.inner(x1, x2)


@_export("outer")
@symbolic_op
def outer(x1, x2):
    """Compute the outer product of two vectors (inputs are flattened).

    Args:
        x1: First input tensor.
        x2: Second input tensor.

    Returns:
        Output tensor of shape `(x1.size, x2.size)`.
    """
    return backend.numpy.outer(x1, x2)


@_export("tensordot")
@symbolic_op
def tensordot(x1, x2, axes=2):
    """Compute the tensor dot product along specified axes.

    Args:
        x1: First tensor.
        x2: Second tensor.
        axes: An integer N (sum over the last N axes of `x1` and the first N
            axes of `x2`) or a pair of axis lists.

    Returns:
        The tensor dot product of the inputs.
    """
    return backend.numpy.tensordot(x1, x2, axes=axes)


@_export("einsum")
@symbolic_op
def einsum(subscripts, *operands, **kwargs):
    """Evaluates the Einstein summation convention on the operands.

    Args:
        subscripts: Specifies the subscripts for summation as comma separated
            list of subscript labels, e.g. `"ij,jk->ik"`.
        *operands: The operands to compute the Einstein sum of.

    Returns:
        The calculation based on the Einstein summation convention.

    Example:

    >>> a = np.ones((2, 3)); b = np.ones((3, 4))
    >>> keras.ops.einsum("ij,jk->ik", a, b).shape
    (2, 4)
    """
    return backend.numpy.einsum(subscripts, *operands, **kwargs)


@_export("cross")
@symbolic_op
def cross(x1, x2, axisa=-1, axisb=-1, axisc=-1, axis=None):
    """Returns the cross product of two (arrays of) vectors.

    Args:
        x1: Components of the first vector(s).
        x2: Components of the second vector(s).
        axisa: Axis of `x1` that defines the vector(s).
        axisb: Axis of `x2` that defines the vector(s).
        axisc: Axis of the result containing the cross product vector(s).
        axis: If defined, the axis of `x1`, `x2` and the result; overrides
            `axisa`, `axisb` and `axisc`.

    Returns:
        Vector cross product(s).
    """
    return backend.numpy.cross(
        x1, x2, axisa=axisa, axisb=axisb, axisc=axisc, axis=axis
    )


# --------------------------------------------------------------------------
# Creation.
# --------------------------------------------------------------------------


@_export("array")
@symbolic_op
def array(x, dtype=None):
    """Create a tensor.

    Args:
        x: Input tensor, array or (nested) Python list.
        dtype: The desired data-type for the tensor.

    Returns:
        A tensor.
    """
    return backend.numpy.array(x, dtype=dtype)


@_export("arange")
def arange(start, stop=None, step=1, dtype=None):
    """Return evenly spaced values within a given interval.

    With only `start` given, it is treated as `stop` (values in
    `[0, start)`).

    Args:
        start: Start of the interval (inclusive).
        stop: End of the interval (exclusive).
        step: Spacing between values. Defaults to `1`.
        dtype: The type of the output. If not given, inferred from the
            arguments: Python ints give `int32`, floats give `floatx`.

    Returns:
        Tensor of evenly spaced values.

    Example:

    >>> keras.ops.arange(3)
    array([0, 1, 2], dtype=int32)
    """
    return backend.numpy.arange(start, stop, step=step, dtype=dtype)


@_export("linspace")
def linspace(
    start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0
):
    """Return evenly spaced numbers over a specified interval.

    Args:
        start: The starting value of the sequence.
        stop: The end value of the sequence.
        num: Number of samples to generate. Defaults to `50`.
        endpoint: If `True`, `stop` is the last sample.
        retstep: If `True`, return `(samples, step)`.
        dtype: The type of the output tensor (defaults to `floatx`).
        axis: The axis in the result to store the samples.

    Returns:
        A tensor of evenly spaced numbers (and the step if `retstep`).
    """
    return backend.numpy.linspace(
        start,
        stop,
        num=num,
        endpoint=endpoint,
        retstep=retstep,
        dtype=dtype,
        axis=axis,
    )


@_export("logspace")
def logspace(start, stop, num=50, endpoint=True, base=10, dtype=None, axis=0):
    """Returns numbers spaced evenly on a log scale.

    Args:
        start: The starting value is `base ** start`.
        stop: The final value is `base ** stop`.
        num: Number of samples to generate.
        endpoint: If `True`, `stop` is the last sample.
        base: The base of the log space.
        dtype: The type of the output tensor.
        axis: The axis in the result to store the samples.

    Returns:
        A tensor of evenly spaced samples on a log scale.
    """
    return backend.numpy.logspace(
        start,
        stop,
        num=num,
        endpoint=endpoint,
        base=base,
        dtype=dtype,
        axis=axis,
    )


@_export("ones")
def ones(shape, dtype=None):
    """Return a new tensor of given shape and type, filled with ones.

    Args:
        shape: Shape of the new tensor.
        dtype: Desired data type of the tensor (defaults to `floatx`).

    Returns:
        Tensor of ones with the given shape and dtype.
    """
    return backend.numpy.ones(shape, dtype=dtype)


@_export("zeros")
def zeros(shape, dtype=None):
    """Return a new tensor of given shape and type, filled with zeros.

    Args:
        shape: Shape of the new tensor.
        dtype: Desired data type of the tensor (defaults to `floatx`).

    Returns:
        Tensor of zeros with the given shape and dtype.
    """
    return backend.numpy.zeros(shape, dtype=dtype)


@_export("empty")
def empty(shape, dtype=None):
    """Return a tensor of given shape and type (filled with zeros here).

    Args:
        shape: Shape of the empty tensor.
        dtype: Desired data type of the empty tensor.

    Returns:
        The empty tensor.
    """
    return backend.numpy.empty(shape, dtype=dtype)


@_export("full")
def full(shape, fill_value, dtype=None):
    """Return a new tensor of given shape and type, filled with `fill_value`.

    Args:
        shape: Shape of the new tensor.
        fill_value: Fill value.
        dtype: Desired data type of the tensor. Inferred from `fill_value`
            by default (Python int → `int32`, float → `floatx`).

    Returns:
        Output tensor.
    """
    return backend.numpy.full(shape, fill_value, dtype=dtype)


@_export("ones_like")
@symbolic_op
def ones_like(x, dtype=None):
    """Return a tensor of ones with the same shape and type of `x`.

    Args:
        x: Input tensor.
        dtype: Overrides the data type of the result.

    Returns:
        A tensor of ones with the same shape and type as `x`.
    """
    return backend.numpy.ones_like(x, dtype=dtype)


@_export("zeros_like")
@symbolic_op
def zeros_like(x, dtype=None):
    """Return a tensor of zeros with the same shape and type as `x`.

    Args:
        x: Input tensor.
        dtype: Overrides the data type of the result.

    Returns:
        A tensor of zeros with the same shape and type as `x`.
    """
    return backend.numpy.zeros_like(x, dtype=dtype)


@_export("full_like")
@symbolic_op
def full_like(x, fill_value, dtype=None):
    """Return a full tensor with the same shape and type as the given tensor.

    Args:
        x: Input tensor.
        fill_value: Fill value.
        dtype: Overrides data type of the result.

    Returns:
        Tensor of `fill_value` with the same shape and type as `x`.
    """
    return backend.numpy.full_like(x, fill_value, dtype=dtype)


@_export("eye")
def eye(N, M=None, k=0, dtype=None):
    """Return a 2-D tensor with ones on the diagonal and zeros elsewhere.

    Args:
        N: Number of rows in the output.
        M: Number of columns in the output. If `None`, defaults to `N`.
        k: Index of the diagonal: 0 (the default) refers to the main
            diagonal, a positive value refers to an upper diagonal, and a
            negative value to a lower diagonal.
        dtype: Data type of the returned tensor.

    Returns:
        Tensor with ones on the k-th diagonal and zeros elsewhere.
    """
    return backend.numpy.eye(N, M=M, k=k, dtype=dtype)


@_export("identity")
def identity(n, dtype=None):
    """Return the identity tensor (a square matrix with ones on the diagonal).

    Args:
        n: Number of rows (and columns) in the `n x n` output tensor.
        dtype: Data type of the output tensor.

    Returns:
        The identity tensor.
    """
    return backend.numpy.identity(n, dtype=dtype)


@_export("tri")
def tri(N, M=None, k=0, dtype=None):
    """Return a tensor with ones at and below a diagonal and zeros elsewhere.

    Args:
        N: Number of rows in the tensor.
        M: Number of columns in the tensor.
        k: The sub-diagonal at and below which the array is filled.
        dtype: Data type of the returned tensor.

    Returns:
        Tensor with its lower triangle filled with ones and zeros elsewhere.
    """
    return backend.numpy.tri(N, M=M, k=k, dtype=dtype)


@_export("meshgrid")
@symbolic_op
def meshgrid(*x, indexing="xy"):
    """Creates grids of coordinates from coordinate vectors.

    Args:
        *x: 1-D tensors representing the coordinates of a grid.
        indexing: `"xy"` or `"ij"`. "xy" is cartesian; "ij" is matrix
            indexing of output.

    Returns:
        Sequence of N tensors.
    """
    return backend.numpy.meshgrid(*x, indexing=indexing)


@_export("copy")
@symbolic_op
def copy(x):
    """Returns a copy of `x`.

    Args:
        x: Input tensor.

    Returns:
        A copy of `x`.
    """
    return backend.numpy.copy(x)


# --------------------------------------------------------------------------
# Shape manipulation and indexing.
# --------------------------------------------------------------------------


@_export("reshape")
@symbolic_op
def reshape(x, newshape):
    """Gives a new shape to a tensor without changing its data.

    Args:
        x: Input tensor.
        newshape: The new shape should be compatible with the original shape.
            One shape dimension can be -1 in which case the value is
            inferred from the length of the array and remaining dimensions.

    Returns:
        The reshaped tensor.

    Example:

    >>> keras.ops.reshape(keras.KerasTensor((None, 4)), (-1, 2, 2)).shape
    (None, 2, 2)
    """
    return backend.numpy.reshape(x, newshape)


@_export("ravel")
@symbolic_op
def ravel(x):
    """Return a contiguous flattened tensor.

    Args:
        x: Input tensor.

    Returns:
        Output tensor.
    """
    return backend.numpy.ravel(x)


@_export("transpose")
@symbolic_op
def transpose(x, axes=None):
    """Returns a tensor with `axes` transposed.

    Args:
        x: Input tensor.
        axes: Sequence of integers. Permutation of the dimensions of `x`. By
            default, the order of the axes are reversed.

    Returns:
        `x` with its axes permuted.
    """
    return backend.numpy.transpose(x, axes=axes)


@_export("expand_dims")
@symbolic_op
def expand_dims(x, axis):
    """Expand the shape of a tensor.

    Insert a new axis at the `axis` position in the expanded tensor shape.

    Args:
        x: Input tensor.
        axis: Position in the expanded axes where the new axis (or axes) is
            placed.

    Returns:
        Output tensor with the number of dimensions increased.
    """
    return backend.numpy.expand_dims(x, axis)


@_export("squeeze")
@symbolic_op
def squeeze(x, axis=None):
    """Remove axes of length one from `x`.

    Args:
        x: Input tensor.
        axis: Select a subset of the entries of length one in the shape.

    Returns:
        The input tensor with all or a subset of the dimensions of length 1
        removed.
    """
    return backend.numpy.squeeze(x, axis=axis)


@_export("moveaxis")
@symbolic_op
def moveaxis(x, source, destination):
    """Move axes of a tensor to new positions.

    Args:
        x: Tensor whose axes should be reordered.
        source: Original positions of the axes to move.
        destination: Destination positions for each of the original axes.

    Returns:
        Tensor with moved axes.
    """
    return backend.numpy.moveaxis(x, source, destination)


@_export("swapaxes")
@symbolic_op
def swapaxes(x, axis1, axis2):
    """Interchange two axes of a tensor.

    Args:
        x: Input tensor.
        axis1: First axis.
        axis2: Second axis.

    Returns:
        A tensor with the axes swapped.
    """
    return backend.numpy.swapaxes(x, axis1, axis2)


@_export("broadcast_to")
@symbolic_op
def broadcast_to(x, shape):
    """Broadcast a tensor to a new shape.

    Args:
        x: The tensor to broadcast.
        shape: The shape of the desired tensor.

    Returns:
        A tensor with the desired shape.
    """
    return backend.numpy.broadcast_to(x, shape)


@_export("concatenate")
@symbolic_op
def concatenate(xs, axis=0):
    """Join a sequence of tensors along an existing axis.

    Args:
        xs: The sequence of tensors to concatenate.
        axis: The axis along which the tensors will be joined. Defaults to
            `0`.

    Returns:
        The concatenated tensor.
    """
    return backend.numpy.concatenate(xs, axis=axis)


@_export("stack")
@symbolic_op
def stack(x, axis=0):
    """Join a sequence of tensors along a new axis.

    Args:
        x: A sequence of tensors of the same shape.
        axis: Axis along which to stack. Defaults to `0`.

    Returns:
        The stacked tensor.
    """
    return backend.numpy.stack(x, axis=axis)


@_export("hstack")
@symbolic_op
def hstack(xs):
    """Stack tensors in sequence horizontally (column wise).

    Args:
        xs: Sequence of tensors.

    Returns:
        The tensor formed by stacking the given tensors.
    """
    return backend.numpy.hstack(xs)


@_export("vstack")
@symbolic_op
def vstack(xs):
    """Stack tensors in sequence vertically (row wise).

    Args:
        xs: Sequence of tensors.

    Returns:
        Tensor formed by stacking the given tensors.
    """
    return backend.numpy.vstack(xs)


@_export("split")
@symbolic_op
def split(x, indices_or_sections, axis=0):
    """Split a tensor into chunks.

    Args:
        x: Input tensor.
        indices_or_sections: If an integer N, the tensor is split into N
            equal sections along `axis`; if a list of sorted integers, the
            entries indicate where along `axis` the tensor is split.
        axis: Axis along which to split. Defaults to `0`.

    Returns:
        A list of tensors.
    """
    return backend.numpy.split(x, indices_or_sections, axis=axis)


@_export("append")
@symbolic_op
def append(x1, x2, axis=None):
    """Append tensor `x2` to the end of tensor `x1`.

    Args:
        x1: First input tensor.
        x2: Second input tensor.
        axis: Axis along which `x2` is appended to `x1`. If `None`, both
            tensors are flattened before use.

    Returns:
        A tensor with the values of `x2` appended to `x1`.
    """
    return backend.numpy.append(x1, x2, axis=axis)


@_export("flip")
@symbolic_op
def flip(x, axis=None):
    """Reverse the order of elements in the tensor along the given axis.

    Args:
        x: Input tensor.
        axis: Axis or axes along which to flip the tensor. The default,
            `None`, flips over all of the axes.

    Returns:
        Output tensor with entries of `axis` reversed.
    """
    return backend.numpy.flip(x, axis=axis)


@_export("roll")
@symbolic_op
def roll(x, shift, axis=None):
    """Roll tensor elements along a given axis.

    Args:
        x: Input tensor.
        shift: The number of places by which elements are shifted.
        axis: The axis along which elements are shifted. By default, the
            array is flattened before shifting.

    Returns:
        Output tensor.
    """
    return backend.numpy.roll(x, shift, axis=axis)


@_export("tile")
@symbolic_op
def tile(x, repeats):
    """Repeat `x` the number of times given by `repeats`.

    Args:
        x: Input tensor.
        repeats: The number of repetitions of `x` along each axis.

    Returns:
        The tiled output tensor.
    """
    return backend.numpy.tile(x, repeats)


@_export("repeat")
@symbolic_op
def repeat(x, repeats, axis=None):
    """Repeat each element of a tensor after themselves.

    Args:
        x: Input tensor.
        repeats: The number of repetitions for each element (an int or a
            concrete sequence of ints).
        axis: The axis along which to repeat values. By default, use the
            flattened input array, and return a flat output array.

    Returns:
        Output tensor.
    """
    return backend.numpy.repeat(x, repeats, axis=axis)


@_export("pad")
@symbolic_op
def pad(x, pad_width, mode="constant", constant_values=None):
    """Pad a tensor.

    Args:
        x: Tensor to pad.
        pad_width: Number of values padded to the edges of each axis:
            `((before_1, after_1), ...)`, `(before, after)` for all axes, or
            an int for all axes.
        mode: One of `"constant"`, `"edge"`, `"linear_ramp"`, `"maximum"`,
            `"mean"`, `"median"`, `"minimum"`, `"reflect"`, `"symmetric"`,
            `"wrap"`, `"empty"`.
        constant_values: Value to pad with if `mode == "constant"`.
            Defaults to `0`.

    Returns:
        Padded tensor.
    """
    return backend.numpy.pad(
        x, pad_width, mode=mode, constant_values=constant_values
    )


@_export("take")
@symbolic_op
def take(x, indices, axis=None):
    """Take elements from a tensor along an axis.

    Args:
        x: Source tensor.
        indices: The indices of the values to extract. Out-of-range indices
            give zeros.
        axis: The axis over which to select values. By default, the
            flattened input tensor is used.

    Returns:
        The corresponding tensor of values.

    Example:

    >>> keras.ops.take(np.array([[1, 2], [3, 4]]), np.array([1, 0]), axis=0)
    array([[3, 4],
           [1, 2]], dtype=int32)
    """
    return backend.numpy.take(x, indices, axis=axis)


@_export("take_along_axis")
@symbolic_op
def take_along_axis(x, indices, axis=None):
    """Select values from `x` at the 1-D `indices` along the given axis.

    Args:
        x: Source tensor.
        indices: The indices of the values to extract.
        axis: The axis over which to select values. By default, the
            flattened input tensor is used.

    Returns:
        The corresponding tensor of values.
    """
    return backend.numpy.take_along_axis(x, indices, axis=axis)


@_export("tril")
@symbolic_op
def tril(x, k=0):
    """Return lower triangle of a tensor.

    Args:
        x: Input tensor.
        k: Diagonal above which to zero elements. `k = 0` is the main
            diagonal; `k < 0` is below it, and `k > 0` is above.

    Returns:
        Lower triangle of `x`, of same shape and data type as `x`.
    """
    return backend.numpy.tril(x, k=k)


@_export("triu")
@symbolic_op
def triu(x, k=0):
    """Return upper triangle of a tensor.

    Args:
        x: Input tensor.
        k: Diagonal below which to zero elements.

    Returns:
        Upper triangle of `x`, of same shape and data type as `x`.
    """
    return backend.numpy.triu(x, k=k)


@_export("diag")
@symbolic_op
def diag(x, k=0):
    """Extract a diagonal or construct a diagonal array.

    Args:
        x: Input tensor. If `x` is 2-D, returns the k-th diagonal of `x`. If
            `x` is 1-D, return a 2-D tensor with `x` on the k-th diagonal.
        k: The diagonal to consider. Defaults to `0`.

    Returns:
        The extracted diagonal or constructed diagonal tensor.
    """
    return backend.numpy.diag(x, k=k)


@_export("diagonal")
@symbolic_op
def diagonal(x, offset=0, axis1=0, axis2=1):
    """Return specified diagonals.

    Args:
        x: Input tensor.
        offset: Offset of the diagonal from the main diagonal.
        axis1: Axis to be used as the first axis of the 2-D sub-arrays.
        axis2: Axis to be used as the second axis of the 2-D sub-arrays.

    Returns:
        Tensor of diagonals.
    """
    return backend.numpy.diagonal(x, offset=offset, axis1=axis1, axis2=axis2)


@_export("diff")
@symbolic_op
def diff(a, n=1, axis=-1):
    """Calculate the n-th discrete difference along the given axis.

    Args:
        a: Input tensor.
        n: The number of times values are differenced. Defaults to `1`.
        axis: Axis to compute discrete difference(s) along.

    Returns:
        Tensor of diagonals.
    """
    return backend.numpy.diff(a, n=n, axis=axis)


@_export("ndim")
@symbolic_op
def ndim(x):
    """Return the number of dimensions of a tensor.

    Args:
        x: Input tensor.

    Returns:
        The number of dimensions in `x`.
    """
    return backend.numpy.ndim(x)


@_export("size")
@symbolic_op
def size(x):
    """Return the number of elements in a tensor.

    Args:
        x: Input tensor.

    Returns:
        Number of elements in `x`.
    """
    return backend.numpy.size(x)


@_export("real")
@symbolic_op
def real(x):
    """Return the real part of the complex argument.

    Args:
        x: Input tensor.

    Returns:
        The real component of the complex argument.
    """
    return backend.numpy.real(x)


@_export("imag")
@symbolic_op
def imag(x):
    """Return the imaginary part of the complex argument.

    Args:
        x: Input tensor.

    Returns:
        The imaginary component of the complex argument.
    """
    return backend.numpy.imag(x)


@keras_export(
    [
        "keras.ops.conjugate",
        "keras.ops.numpy.conjugate",
        "keras.ops.conj",
        "keras.ops.numpy.conj",
    ]
)
@symbolic_op
def conjugate(x):
    """Returns the complex conjugate, element-wise.

    `keras.ops.conj` is a shorthand for this function.

    Args:
        x: Input tensor.

    Returns:
        The complex conjugate of each element in `x`.
    """
    return backend.numpy.conjugate(x)


conj = conjugate


@_export("digitize")
@symbolic_op
def digitize(x, bins):
    """Returns the indices of the bins to which each value in `x` belongs.

    Args:
        x: Input array to be binned.
        bins: Array of bins. It has to be one-dimensional and monotonically
            increasing.

    Returns:
        Output `int32` array of indices, of same shape as `x`.
    """
    return backend.numpy.digitize(x, bins)


@_export("get_item")
@symbolic_op
def get_item(x, key):
    """Return `x[key]`.

    Args:
        x: Input tensor.
        key: An index: int, slice, `None`, `Ellipsis`, an integer or
            boolean tensor (the latter only eagerly), or a tuple of those.

    Returns:
        The indexed tensor.
    """
    return backend.numpy.get_item(x, key)


@_export("nonzero")
def nonzero(x):
    """Return the indices of the elements that are non-zero.

    The output shape depends on the data, so this op only works eagerly.

    Args:
        x: Input tensor.

    Returns:
        Tuple of indices of the non-zero elements, one per dimension.
    """
    return backend.numpy.nonzero(x)
