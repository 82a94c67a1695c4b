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
    """Sum `x1 + x2`, computed entry by entry with broadcasting.

    Args:
        x1: Left operand: a tensor or a scalar.
        x2: Right operand, broadcastable against `x1`.

    Returns:
        A tensor holding `x1 + x2` at every broadcast position.

    Example:

    >>> keras.ops.add(np.array([3, 5]), np.array([4, 6]))
    array([ 7, 11], dtype=int32)
    """
    return backend.numpy.add(x1, x2)


@_export("subtract")
@symbolic_op
def subtract(x1, x2):
    """Difference `x1 - x2`, computed entry by entry with broadcasting.

    Args:
        x1: Values to subtract from.
        x2: Values to take away, broadcastable against `x1`.

    Returns:
        A tensor holding `x1 - x2`.

    Example:

    >>> keras.ops.subtract(np.array([9, 4]), 2)
    array([7, 2], dtype=int32)
    """
    return backend.numpy.subtract(x1, x2)


@_export("multiply")
@symbolic_op
def multiply(x1, x2):
    """Product `x1 * x2`, computed entry by entry with broadcasting.

    Args:
        x1: Left factor.
        x2: Right factor, broadcastable against `x1`.

    Returns:
        A tensor holding `x1 * x2`.

    Example:

    >>> keras.ops.multiply(np.array([1.5, -2.0]), 4.0)
    array([ 6., -8.], dtype=float32)
    """
    return backend.numpy.multiply(x1, x2)


@_export("divide")
@symbolic_op
def divide(x1, x2):
    """True division `x1 / x2`, computed entry by entry.

    When both operands are integer or boolean, they are cast to `floatx`
    first, so the quotient is never truncated. `keras.ops.true_divide` is
    the same op under its NumPy name.

    Args:
        x1: Dividend.
        x2: Divisor, broadcastable against `x1`.

    Returns:
        A floating tensor of quotients.

    Example:

    >>> keras.ops.divide(np.array([7, 9]), 2)
    array([3.5, 4.5], dtype=float32)
    """
    return backend.numpy.divide(x1, x2)


@_export("true_divide")
@symbolic_op
def true_divide(x1, x2):
    """NumPy-named twin of `keras.ops.divide`.

    Args:
        x1: Dividend.
        x2: Divisor, broadcastable against `x1`.

    Returns:
        A floating tensor of quotients.
    """
    return backend.numpy.true_divide(x1, x2)


@_export("floor_divide")
@symbolic_op
def floor_divide(x1, x2):
    """Quotient `x1 / x2` rounded down, i.e. `floor(x1 / x2)`.

    Args:
        x1: Dividend.
        x2: Divisor, broadcastable against `x1`.

    Returns:
        A tensor of floored quotients in the promoted dtype of the inputs.

    Example:

    >>> keras.ops.floor_divide(np.array([7, -7]), 2)
    array([ 3, -4], dtype=int32)
    """
    return backend.numpy.floor_divide(x1, x2)


@_export("mod")
@symbolic_op
def mod(x1, x2):
    """Remainder of `x1 / x2`, computed entry by entry.

    As with Python's `%`, a non-zero result has the sign of the divisor.

    Args:
        x1: Dividend.
        x2: Divisor, broadcastable against `x1`.

    Returns:
        A tensor of remainders.

    Example:

    >>> keras.ops.mod(np.array([11, -11]), 4)
    array([3, 1], dtype=int32)
    """
    return backend.numpy.mod(x1, x2)


@_export("power")
@symbolic_op
def power(x1, x2):
    """Raises each entry of `x1` to the matching exponent in `x2`.

    Args:
        x1: Base values.
        x2: Exponents, broadcastable against `x1`.

    Returns:
        A tensor of `x1 ** x2`.

    Example:

    >>> keras.ops.power(np.array([2, 3]), 3)
    array([ 8, 27], dtype=int32)
    """
    return backend.numpy.power(x1, x2)


@_export("maximum")
@symbolic_op
def maximum(x1, x2):
    """Larger of `x1` and `x2` at each position.

    Args:
        x1: A tensor.
        x2: A tensor broadcastable against `x1`.

    Returns:
        A tensor holding, per position, the greater of the two values.

    Example:

    >>> keras.ops.maximum(np.array([1, 8, 3]), 4)
    array([4, 8, 4], dtype=int32)
    """
    return backend.numpy.maximum(x1, x2)


@_export("minimum")
@symbolic_op
def minimum(x1, x2):
    """Smaller of `x1` and `x2` at each position.

    Args:
        x1: A tensor.
        x2: A tensor broadcastable against `x1`.

    Returns:
        A tensor holding, per position, the lesser of the two values.

    Example:

    >>> keras.ops.minimum(np.array([1, 8, 3]), 4)
    array([1, 4, 3], dtype=int32)
    """
    return backend.numpy.minimum(x1, x2)


@_export("arctan2")
@symbolic_op
def arctan2(x1, x2):
    """Angle of the point `(x2, x1)`: `arctan(x1 / x2)` in the right quadrant.

    Integer operands are computed in `floatx`.

    Args:
        x1: y coordinates.
        x2: x coordinates, broadcastable against `x1`.

    Returns:
        Angles in radians, between `-pi` and `pi`.

    Example:

    >>> keras.ops.arctan2(np.array([1.0, -1.0]), np.array([-1.0, -1.0]))
    array([ 2.3561945, -2.3561945], dtype=float32)
    """
    return backend.numpy.arctan2(x1, x2)


@_export("logaddexp")
@symbolic_op
def logaddexp(x1, x2):
    """Computes `log(exp(x1) + exp(x2))` without overflowing for big inputs.

    Integer operands are computed in `floatx`.

    Args:
        x1: A tensor.
        x2: A tensor broadcastable against `x1`.

    Returns:
        A floating tensor with the result for each position.

    Example:

    >>> keras.ops.logaddexp(np.array([0.0, 1000.0]), 0.0)
    array([6.931472e-01, 1.000000e+03], dtype=float32)
    """
    return backend.numpy.logaddexp(x1, x2)


@_export("hypot")
@symbolic_op
def hypot(x1, x2):
    """Length `sqrt(x1**2 + x2**2)` of the hypotenuse for each pair of legs.

    Integer operands are computed in `floatx`.

    Args:
        x1: Lengths of the first leg.
        x2: Lengths of the second leg, broadcastable against `x1`.

    Returns:
        A floating tensor of hypotenuse lengths.

    Example:

    >>> keras.ops.hypot(np.array([6.0, 20.0]), np.array([8.0, 21.0]))
    array([10., 29.], dtype=float32)
    """
    return backend.numpy.hypot(x1, x2)


# --------------------------------------------------------------------------
# Element-wise unary ops.
# --------------------------------------------------------------------------


@_export("negative")
@symbolic_op
def negative(x):
    """Flips the sign of every entry, giving `-x`.

    Args:
        x: Input tensor.

    Returns:
        A tensor of `-x`, with the shape and dtype of `x`.

    Example:

    >>> keras.ops.negative(np.array([2, -7]))
    array([-2,  7], dtype=int32)
    """
    return backend.numpy.negative(x)


@_export("absolute")
@symbolic_op
def absolute(x):
    """Magnitude `|x|` of every entry.

    The same op is also exported under the short name `keras.ops.abs`.

    Args:
        x: Input tensor.

    Returns:
        A tensor of magnitudes, shaped like `x`.

    Example:

    >>> keras.ops.absolute(np.array([-3.5, 2.0]))
    array([3.5, 2. ], dtype=float32)
    """
    return backend.numpy.absolute(x)


@_export("abs")
@symbolic_op
def abs(x):
    """Short name of `keras.ops.absolute`.

    Args:
        x: Input tensor.

    Returns:
        A tensor of magnitudes, shaped like `x`.
    """
    return backend.numpy.absolute(x)


@_export("sign")
@symbolic_op
def sign(x):
    """Sign of every entry: `-1` if negative, `0` if zero, `1` if positive.

    Args:
        x: Input tensor.

    Returns:
        A tensor of signs, with the shape and dtype of `x`.

    Example:

    >>> keras.ops.sign(np.array([-4, 0, 9]))
    array([-1,  0,  1], dtype=int32)
    """
    return backend.numpy.sign(x)


@_export("square")
@symbolic_op
def square(x):
    """Multiplies every entry by itself.

    Args:
        x: Input tensor; booleans are cast to `int32` first.

    Returns:
        A tensor of `x * x`.

    Example:

    >>> keras.ops.square(np.array([3, -5]))
    array([ 9, 25], dtype=int32)
    """
    return backend.numpy.square(x)


@_export("sqrt")
@symbolic_op
def sqrt(x):
    """Square root of every entry.

    Args:
        x: Input tensor; integer inputs are cast to `floatx`.

    Returns:
        A floating tensor of roots, `nan` where `x` is negative.

    Example:

    >>> keras.ops.sqrt(np.array([16.0, 0.25]))
    array([4. , 0.5], dtype=float32)
    """
    return backend.numpy.sqrt(x)


@_export("reciprocal")
@symbolic_op
def reciprocal(x):
    """Computes `1 / x` for every entry.

    Args:
        x: Input tensor; integer inputs are cast to `floatx`.

    Returns:
        A floating tensor of reciprocals.

    Example:

    >>> keras.ops.reciprocal(np.array([4.0, 0.5]))
    array([0.25, 2.  ], dtype=float32)
    """
    return backend.numpy.reciprocal(x)


@_export("exp")
@symbolic_op
def exp(x):
    """Natural exponential `e ** x` of every entry.

    Args:
        x: Input tensor; integer inputs are cast to `floatx`.

    Returns:
        A floating tensor of exponentials.

    Example:

    >>> keras.ops.exp(np.array([0.0, 1.0]))
    array([1.       , 2.7182817], dtype=float32)
    """
    return backend.numpy.exp(x)


@_export("exp2")
@symbolic_op
def exp2(x):
    """Computes `2 ** x` for every entry.

    Args:
        x: Input tensor; integer inputs are cast to `floatx`.

    Returns:
        A floating tensor of powers of two.

    Example:

    >>> keras.ops.exp2(np.array([3, 5]))
    array([ 8., 32.], dtype=float32)
    """
    return backend.numpy.exp2(x)


@_export("expm1")
@symbolic_op
def expm1(x):
    """Computes `exp(x) - 1`, keeping precision when `x` is near zero.

    Args:
        x: Input tensor; integer inputs are cast to `floatx`.

    Returns:
        A floating tensor of `exp(x) - 1`.
    """
    return backend.numpy.expm1(x)


@_export("log")
@symbolic_op
def log(x):
    """Logarithm to base `e` of every entry.

    Args:
        x: Input tensor; integer inputs are cast to `floatx`.

    Returns:
        A floating tensor of logarithms: `-inf` at zero, `nan` below zero.
    """
    return backend.numpy.log(x)


@_export("log1p")
@symbolic_op
def log1p(x):
    """Computes `log(1 + x)`, keeping precision when `x` is near zero.

    Args:
        x: Input tensor; integer inputs are cast to `floatx`.

    Returns:
        A floating tensor of `log(1 + x)`.
    """
    return backend.numpy.log1p(x)


@_export("log2")
@symbolic_op
def log2(x):
    """Logarithm to base 2 of every entry.

    Args:
        x: Input tensor; integer inputs are cast to `floatx`.

    Returns:
        A floating tensor of base-2 logarithms.

    Example:

    >>> keras.ops.log2(np.array([8, 1024]))
    array([ 3., 10.], dtype=float32)
    """
    return backend.numpy.log2(x)


@_export("log10")
@symbolic_op
def log10(x):
    """Logarithm to base 10 of every entry.

    Args:
        x: Input tensor; integer inputs are cast to `floatx`.

    Returns:
        A floating tensor of base-10 logarithms.

    Example:

    >>> keras.ops.log10(np.array([0.001, 100.0]))
    array([-3.,  2.], dtype=float32)
    """
    return backend.numpy.log10(x)


@_export("sin")
@symbolic_op
def sin(x):
    """Sine of every entry, with angles in radians.

    Args:
        x: Input tensor; integer inputs are cast to `floatx`.

    Returns:
        A floating tensor of sines, shaped like `x`.
    """
    return backend.numpy.sin(x)


@_export("cos")
@symbolic_op
def cos(x):
    """Cosine of every entry, with angles in radians.

    Args:
        x: Input tensor; integer inputs are cast to `floatx`.

    Returns:
        A floating tensor of cosines, shaped like `x`.

    Example:

    >>> keras.ops.cos(np.array([0.0, np.pi]))
    array([ 1., -1.], dtype=float32)
    """
    return backend.numpy.cos(x)


@_export("tan")
@symbolic_op
def tan(x):
    """Tangent of every entry, with angles in radians.

    Args:
        x: Input tensor; integer inputs are cast to `floatx`.

    Returns:
        A floating tensor of tangents, shaped like `x`.
    """
    return backend.numpy.tan(x)


@_export("arcsin")
@symbolic_op
def arcsin(x):
    """Inverse sine of every entry.

    Args:
        x: Input tensor; integer inputs are cast to `floatx`.

    Returns:
        Angles in radians within `[-pi/2, pi/2]`; `nan` outside `[-1, 1]`.
    """
    return backend.numpy.arcsin(x)


@_export("arccos")
@symbolic_op
def arccos(x):
    """Inverse cosine of every entry.

    Args:
        x: Input tensor; integer inputs are cast to `floatx`.

    Returns:
        Angles in radians within `[0, pi]`; `nan` outside `[-1, 1]`.
    """
    return backend.numpy.arccos(x)


@_export("arctan")
@symbolic_op
def arctan(x):
    """Inverse tangent of every entry.

    Args:
        x: Input tensor; integer inputs are cast to `floatx`.

    Returns:
        Angles in radians within `[-pi/2, pi/2]`.
    """
    return backend.numpy.arctan(x)


@_export("sinh")
@symbolic_op
def sinh(x):
    """Hyperbolic sine of every entry.

    Args:
        x: Input tensor; integer inputs are cast to `floatx`.

    Returns:
        A floating tensor shaped like `x`.
    """
    return backend.numpy.sinh(x)


@_export("cosh")
@symbolic_op
def cosh(x):
    """Hyperbolic cosine of every entry.

    Args:
        x: Input tensor; integer inputs are cast to `floatx`.

    Returns:
        A floating tensor shaped like `x`.
    """
    return backend.numpy.cosh(x)


@_export("tanh")
@symbolic_op
def tanh(x):
    """Hyperbolic tangent of every entry.

    Args:
        x: Input tensor; integer inputs are cast to `floatx`.

    Returns:
        A floating tensor shaped like `x`, with values in `[-1, 1]`.
    """
    return backend.numpy.tanh(x)


@_export("arcsinh")
@symbolic_op
def arcsinh(x):
    """Inverse of the hyperbolic sine, for every entry.

    Args:
        x: Input tensor; integer inputs are cast to `floatx`.

    Returns:
        A floating tensor shaped like `x`.
    """
    return backend.numpy.arcsinh(x)


@_export("arccosh")
@symbolic_op
def arccosh(x):
    """Inverse of the hyperbolic cosine, for every entry.

    Args:
        x: Input tensor; integer inputs are cast to `floatx`.

    Returns:
        A floating tensor shaped like `x`; `nan` where `x < 1`.
    """
    return backend.numpy.arccosh(x)


@_export("arctanh")
@symbolic_op
def arctanh(x):
    """Inverse of the hyperbolic tangent, for every entry.

    Args:
        x: Input tensor; integer inputs are cast to `floatx`.

    Returns:
        A floating tensor shaped like `x`; `nan` outside `[-1, 1]`.
    """
    return backend.numpy.arctanh(x)


@_export("floor")
@symbolic_op
def floor(x):
    """Rounds every entry down to a whole number.

    Integer inputs are cast to `floatx`, so the result is always floating.

    Args:
        x: Input tensor.

    Returns:
        A floating tensor of rounded-down values.

    Example:

    >>> keras.ops.floor(np.array([2.7, -0.5]))
    array([ 2., -1.], dtype=float32)
    """
    return backend.numpy.floor(x)


@_export("ceil")
@symbolic_op
def ceil(x):
    """Rounds every entry up to a whole number.

    Integer inputs are cast to `floatx`, so the result is always floating.

    Args:
        x: Input tensor.

    Returns:
        A floating tensor of rounded-up values.

    Example:

    >>> keras.ops.ceil(np.array([2.1, -0.5]))
    array([ 3., -0.], dtype=float32)
    """
    return backend.numpy.ceil(x)


@_export("trunc")
@symbolic_op
def trunc(x):
    """Drops the fractional part of every entry, rounding toward zero.

    Integer and boolean inputs come back unchanged.

    Args:
        x: Input tensor.

    Returns:
        A tensor with the shape and dtype of `x`.

    Example:

    >>> keras.ops.trunc(np.array([2.7, -2.7]))
    array([ 2., -2.], dtype=float32)
    """
    return backend.numpy.trunc(x)


@_export("round")
@symbolic_op
def round(x, decimals=0):
    """Rounds every entry to `decimals` digits after the point.

    Halfway cases go to the even neighbour, as in NumPy.

    Args:
        x: Input tensor.
        decimals: Digits to keep after the decimal point; negative values
            round to tens, hundreds and so on. Defaults to `0`.

    Returns:
        A tensor with the shape and dtype of `x`.

    Example:

    >>> keras.ops.round(np.array([0.5, 1.5, 2.5]))
    array([0., 2., 2.], dtype=float32)
    """
    return backend.numpy.round(x, decimals=decimals)


@_export("clip")
@symbolic_op
def clip(x, x_min, x_max):
    """Limits every entry to the interval `[x_min, x_max]`.

    Args:
        x: Input tensor; booleans are cast to `int32` first.
        x_min: Lower bound; smaller entries are raised to it.
        x_max: Upper bound; larger entries are lowered to it.

    Returns:
        A tensor shaped like `x` whose values lie within the bounds.

    Example:

    >>> keras.ops.clip(np.array([-3, 4, 12]), 0, 10)
    array([ 0,  4, 10], dtype=int32)
    """
    return backend.numpy.clip(x, x_min, x_max)


@_export("nan_to_num")
@symbolic_op
def nan_to_num(x, nan=0.0, posinf=None, neginf=None):
    """Swaps `nan` and infinite entries for finite numbers.

    Args:
        x: Input tensor.
        nan: Value written where `x` is `nan`. Defaults to `0.0`.
        posinf: Value written where `x` is `+inf`; when `None`, the
            largest finite number of the dtype.
        neginf: Value written where `x` is `-inf`; when `None`, the most
            negative finite number of the dtype.

    Returns:
        A tensor shaped like `x` holding only finite values.

    Example:

    >>> keras.ops.nan_to_num(np.array([np.nan, 1.5, np.inf]), posinf=100.0)
    array([  0. ,   1.5, 100. ], dtype=float32)
    """
    return backend.numpy.nan_to_num(x, nan=nan, posinf=posinf, neginf=neginf)


# --------------------------------------------------------------------------
# Comparison and logic.
# --------------------------------------------------------------------------


@_export("equal")
@symbolic_op
def equal(x1, x2):
    """Tests `x1 == x2` at each position.

    Args:
        x1: A tensor.
        x2: A tensor broadcastable against `x1`.

    Returns:
        A boolean tensor, `True` where the two values match.

    Example:

    >>> keras.ops.equal(np.array([1, 2, 3]), 2)
    array([False,  True, False])
    """
    return backend.numpy.equal(x1, x2)


@_export("not_equal")
@symbolic_op
def not_equal(x1, x2):
    """Tests `x1 != x2` at each position.

    Args:
        x1: A tensor.
        x2: A tensor broadcastable against `x1`.

    Returns:
        A boolean tensor, `True` where the two values differ.
    """
    return backend.numpy.not_equal(x1, x2)


@_export("less")
@symbolic_op
def less(x1, x2):
    """Tests `x1 < x2` at each position.

    Args:
        x1: A tensor.
        x2: A tensor broadcastable against `x1`.

    Returns:
        A boolean tensor holding the outcome of each comparison.

    Example:

    >>> keras.ops.less(np.array([1, 5, 3]), np.array([2, 2, 3]))
    array([ True, False, False])
    """
    return backend.numpy.less(x1, x2)


@_export("less_equal")
@symbolic_op
def less_equal(x1, x2):
    """Tests `x1 <= x2` at each position.

    Args:
        x1: A tensor.
        x2: A tensor broadcastable against `x1`.

    Returns:
        A boolean tensor holding the outcome of each comparison.
    """
    return backend.numpy.less_equal(x1, x2)


@_export("greater")
@symbolic_op
def greater(x1, x2):
    """Tests `x1 > x2` at each position.

    Args:
        x1: A tensor.
        x2: A tensor broadcastable against `x1`.

    Returns:
        A boolean tensor holding the outcome of each comparison.
    """
    return backend.numpy.greater(x1, x2)


@_export("greater_equal")
@symbolic_op
def greater_equal(x1, x2):
    """Tests `x1 >= x2` at each position.

    Args:
        x1: A tensor.
        x2: A tensor broadcastable against `x1`.

    Returns:
        A boolean tensor holding the outcome of each comparison.
    """
    return backend.numpy.greater_equal(x1, x2)


@_export("isclose")
@symbolic_op
def isclose(x1, x2, rtol=1e-5, atol=1e-8, equal_nan=False):
    """Tests, at each position, whether `x1` and `x2` agree up to a tolerance.

    Two values count as close when
    `abs(x1 - x2) <= atol + rtol * abs(x2)`.

    Args:
        x1: A tensor.
        x2: A tensor broadcastable against `x1`.
        rtol: Relative tolerance, scaled by `abs(x2)`. Defaults to `1e-5`.
        atol: Absolute tolerance. Defaults to `1e-8`.
        equal_nan: Whether `nan` in both tensors at one position counts as
            close. Defaults to `False`.

    Returns:
        A boolean tensor.

    Example:

    >>> keras.ops.isclose(np.array([1.0, 1.1]), np.array([1.000001, 1.0]))
    array([ True, False])
    """
    return backend.numpy.isclose(
        x1, x2, rtol=rtol, atol=atol, equal_nan=equal_nan
    )


@_export("logical_and")
@symbolic_op
def logical_and(x1, x2):
    """Logical conjunction of `x1` and `x2` at each position.

    Non-zero entries count as `True` and zeros as `False`.

    Args:
        x1: A tensor.
        x2: A tensor broadcastable against `x1`.

    Returns:
        A boolean tensor.

    Example:

    >>> keras.ops.logical_and(np.array([1, 0, 3]), np.array([2, 2, 0]))
    array([ True, False, False])
    """
    return backend.numpy.logical_and(x1, x2)


@_export("logical_or")
@symbolic_op
def logical_or(x1, x2):
    """Logical disjunction of `x1` and `x2` at each position.

    Non-zero entries count as `True` and zeros as `False`.

    Args:
        x1: A tensor.
        x2: A tensor broadcastable against `x1`.

    Returns:
        A boolean tensor.
    """
    return backend.numpy.logical_or(x1, x2)


@_export("logical_xor")
@symbolic_op
def logical_xor(x1, x2):
    """Exclusive or of `x1` and `x2` at each position.

    Non-zero entries count as `True` and zeros as `False`.

    Args:
        x1: A tensor.
        x2: A tensor broadcastable against `x1`.

    Returns:
        A boolean tensor, `True` where exactly one operand is truthy.
    """
    return backend.numpy.logical_xor(x1, x2)


@_export("logical_not")
@symbolic_op
def logical_not(x):
    """Logical negation of every entry: `True` exactly where `x` is zero.

    Args:
        x: Input tensor.

    Returns:
        A boolean tensor shaped like `x`.
    """
    return backend.numpy.logical_not(x)


@_export("isfinite")
@symbolic_op
def isfinite(x):
    """Marks the entries of `x` that are neither infinite nor `nan`.

    Args:
        x: Input tensor.

    Returns:
        A boolean tensor shaped like `x`.
    """
    return backend.numpy.isfinite(x)


@_export("isinf")
@symbolic_op
def isinf(x):
    """Marks the entries of `x` equal to `+inf` or `-inf`.

    Args:
        x: Input tensor.

    Returns:
        A boolean tensor shaped like `x`.
    """
    return backend.numpy.isinf(x)


@_export("isnan")
@symbolic_op
def isnan(x):
    """Marks the entries of `x` that are `nan`.

    Args:
        x: Input tensor.

    Returns:
        A boolean tensor shaped like `x`.

    Example:

    >>> keras.ops.isnan(np.array([1.0, np.nan]))
    array([False,  True])
    """
    return backend.numpy.isnan(x)


@_export("where")
@symbolic_op
def where(condition, x1=None, x2=None):
    """Picks each entry from `x1` or from `x2` according to `condition`.

    Called with `condition` alone, it instead returns the positions of the
    non-zero entries of `condition`, one index tensor per dimension. Their
    length depends on the data, so that form only works eagerly. Passing
    just one of `x1` and `x2` raises a `ValueError`.

    Args:
        condition: Boolean tensor; non-zero entries count as `True`.
        x1: Values taken where `condition` holds.
        x2: Values taken where it does not.

    Returns:
        A tensor with the broadcast shape of the three inputs, or a tuple of
        index tensors when only `condition` is given.

    Example:

    >>> keras.ops.where(np.array([True, False, True]), np.array([1, 2, 3]), 0)
    array([1, 0, 3], dtype=int32)
    """
    return backend.numpy.where(condition, x1, x2)


# --------------------------------------------------------------------------
# Reductions.
# --------------------------------------------------------------------------


@_export("sum")
@symbolic_op
def sum(x, axis=None, keepdims=False):
    """Adds up the entries of `x`, over every axis or only the given ones.

    Args:
        x: Input tensor.
        axis: An int or tuple of ints naming the axes to reduce; `None`
            (the default) reduces all of them.
        keepdims: Whether each reduced axis stays in the result with size
            1. Defaults to `False`.

    Returns:
        The sums. Boolean and narrow integer inputs are accumulated as
        `int32`.

    Example:

    >>> keras.ops.sum(np.array([[2, 5], [7, 1]]), axis=1)
    array([7, 8], dtype=int32)
    """
    return backend.numpy.sum(x, axis=axis, keepdims=keepdims)


@_export("prod")
@symbolic_op
def prod(x, axis=None, keepdims=False, dtype=None):
    """Multiplies together the entries of `x` over the given axes.

    Args:
        x: Input tensor.
        axis: An int or tuple of ints naming the axes to reduce; `None`
            (the default) reduces all of them.
        keepdims: Whether each reduced axis stays in the result with size
            1. Defaults to `False`.
        dtype: dtype used to accumulate and return the products; `None`
            follows NumPy's default for the input dtype.

    Returns:
        The products.

    Example:

    >>> keras.ops.prod(np.array([[2, 5], [3, 4]]), axis=0)
    array([ 6, 20], dtype=int32)
    """
    return backend.numpy.prod(x, axis=axis, keepdims=keepdims, dtype=dtype)


@_export("mean")
@symbolic_op
def mean(x, axis=None, keepdims=False):
    """Arithmetic mean of `x` over every axis or only the given ones.

    Args:
        x: Input tensor.
        axis: An int or tuple of ints naming the axes to reduce; `None`
            (the default) reduces all of them.
        keepdims: Whether each reduced axis stays in the result with size
            1. Defaults to `False`.

    Returns:
        The means. Integer inputs give `floatx`; `float16` and `bfloat16`
        inputs are accumulated in `float32` and cast back.

    Example:

    >>> keras.ops.mean(np.array([[1, 2], [3, 6]]), axis=0)
    array([2., 4.], dtype=float32)
    """
    return backend.numpy.mean(x, axis=axis, keepdims=keepdims)


@_export("var")
@symbolic_op
def var(x, axis=None, keepdims=False):
    """Population variance of `x` (no degrees-of-freedom correction).

    Args:
        x: Input tensor; integer inputs are cast to `floatx`.
        axis: An int or tuple of ints naming the axes to reduce; `None`
            (the default) reduces all of them.
        keepdims: Whether each reduced axis stays in the result with size
            1. Defaults to `False`.

    Returns:
        A floating tensor of variances.

    Example:

    >>> keras.ops.var(np.array([1.0, 3.0, 5.0, 7.0]))
    array(5., dtype=float32)
    """
    return backend.numpy.var(x, axis=axis, keepdims=keepdims)


@_export("std")
@symbolic_op
def std(x, axis=None, keepdims=False):
    """Population standard deviation of `x`, the square root of `var`.

    Args:
        x: Input tensor; integer inputs are cast to `floatx`.
        axis: An int or tuple of ints naming the axes to reduce; `None`
            (the default) reduces all of them.
        keepdims: Whether each reduced axis stays in the result with size
            1. Defaults to `False`.

    Returns:
        A floating tensor of standard deviations.

    Example:

    >>> keras.ops.std(np.array([1.0, 5.0]))
    array(2., dtype=float32)
    """
    return backend.numpy.std(x, axis=axis, keepdims=keepdims)


@_export("average")
@symbolic_op
def average(x, axis=None, weights=None):
    """Mean of `x`, optionally weighted, along one axis or over all of them.

    Without `weights` this equals `keras.ops.mean`. With weights it is
    `sum(x * weights) / sum(weights)`, computed in `floatx` when neither
    input is floating.

    Args:
        x: Input tensor.
        axis: Int axis to average over; `None` (the default) averages
            every entry.
        weights: Optional weights, either shaped like `x` or 1-D with the
            length of `x` along `axis`.

    Returns:
        The (weighted) averages.

    Example:

    >>> keras.ops.average(np.array([1.0, 2.0, 4.0]),
    ...                   weights=np.array([1.0, 1.0, 2.0]))
    array(2.75, dtype=float32)
    """
    return backend.numpy.average(x, axis=axis, weights=weights)


@_export("median")
@symbolic_op
def median(x, axis=None, keepdims=False):
    """Middle value of `x` over every axis or only the given ones.

    For an even count the two central values are averaged. The result is
    always floating.

    Args:
        x: Input tensor.
        axis: An int or tuple of ints naming the axes to reduce; `None`
            (the default) reduces all of them.
        keepdims: Whether each reduced axis stays in the result with size
            1. Defaults to `False`.

    Returns:
        A floating tensor of medians.

    Example:

    >>> keras.ops.median(np.array([7, 1, 4, 10]))
    array(5.5, dtype=float32)
    """
    return backend.numpy.median(x, axis=axis, keepdims=keepdims)


@_export("max")
@symbolic_op
def max(x, axis=None, keepdims=False, initial=None):
    """Largest entry of `x`, over every axis or only the given ones.

    Args:
        x: Input tensor.
        axis: An int or tuple of ints naming the axes to reduce; `None`
            (the default) reduces all of them.
        keepdims: Whether each reduced axis stays in the result with size
            1. Defaults to `False`.
        initial: Optional floor for the result: each output is at least
            this value. It also gives empty reductions a defined value.

    Returns:
        The maxima.

    Example:

    >>> keras.ops.max(np.array([[3, 9], [6, 2]]), axis=0)
    array([6, 9], dtype=int32)
    """
    return backend.numpy.max(x, axis=axis, keepdims=keepdims, initial=initial)


@_export("min")
@symbolic_op
def min(x, axis=None, keepdims=False, initial=None):
    """Smallest entry of `x`, over every axis or only the given ones.

    Args:
        x: Input tensor.
        axis: An int or tuple of ints naming the axes to reduce; `None`
            (the default) reduces all of them.
        keepdims: Whether each reduced axis stays in the result with size
            1. Defaults to `False`.
        initial: Optional ceiling for the result: each output is at most
            this value. It also gives empty reductions a defined value.

    Returns:
        The minima.

    Example:

    >>> keras.ops.min(np.array([[3, 9], [6, 2]]), axis=1)
    array([3, 2], dtype=int32)
    """
    return backend.numpy.min(x, axis=axis, keepdims=keepdims, initial=initial)


@_export("amax")
@symbolic_op
def amax(x, axis=None, keepdims=False):
    """Largest entry of `x`; `keras.ops.max` without the `initial` argument.

    Args:
        x: Input tensor.
        axis: An int or tuple of ints naming the axes to reduce; `None`
            (the default) reduces all of them.
        keepdims: Whether each reduced axis stays in the result with size
            1. Defaults to `False`.

    Returns:
        The maxima.
    """
    return backend.numpy.amax(x, axis=axis, keepdims=keepdims)


@_export("amin")
@symbolic_op
def amin(x, axis=None, keepdims=False):
    """Smallest entry of `x`; `keras.ops.min` without the `initial` argument.

    Args:
        x: Input tensor.
        axis: An int or tuple of ints naming the axes to reduce; `None`
            (the default) reduces all of them.
        keepdims: Whether each reduced axis stays in the result with size
            1. Defaults to `False`.

    Returns:
        The minima.
    """
    return backend.numpy.amin(x, axis=axis, keepdims=keepdims)


@_export("all")
@symbolic_op
def all(x, axis=None, keepdims=False):
    """Checks whether every entry along the given axes is truthy.

    Args:
        x: Input tensor; non-zero entries count as `True`.
        axis: An int or tuple of ints naming the axes to reduce; `None`
            (the default) reduces all of them.
        keepdims: Whether each reduced axis stays in the result with size
            1. Defaults to `False`.

    Returns:
        A boolean tensor.

    Example:

    >>> keras.ops.all(np.array([[1, 0], [2, 3]]), axis=1)
    array([False,  True])
    """
    return backend.numpy.all(x, axis=axis, keepdims=keepdims)


@_export("any")
@symbolic_op
def any(x, axis=None, keepdims=False):
    """Checks whether at least one entry along the given axes is truthy.

    Args:
        x: Input tensor; non-zero entries count as `True`.
        axis: An int or tuple of ints naming the axes to reduce; `None`
            (the default) reduces all of them.
        keepdims: Whether each reduced axis stays in the result with size
            1. Defaults to `False`.

    Returns:
        A boolean tensor.

    Example:

    >>> keras.ops.any(np.array([[0, 0], [0, 4]]), axis=1)
    array([False,  True])
    """
    return backend.numpy.any(x, axis=axis, keepdims=keepdims)


@_export("argmax")
@symbolic_op
def argmax(x, axis=None, keepdims=False):
    """Position of the largest entry, in the flattened tensor or per axis.

    Ties resolve to the first position.

    Args:
        x: Input tensor.
        axis: Int axis to search along; `None` (the default) searches the
            flattened tensor.
        keepdims: Whether the searched axis stays in the result with size
            1. Defaults to `False`.

    Returns:
        An `int32` tensor of positions.

    Example:

    >>> keras.ops.argmax(np.array([[4, 9, 2], [8, 1, 8]]), axis=1)
    array([1, 0], dtype=int32)
    """
    return backend.numpy.argmax(x, axis=axis, keepdims=keepdims)


@_export("argmin")
@symbolic_op
def argmin(x, axis=None, keepdims=False):
    """Position of the smallest entry, in the flattened tensor or per axis.

    Ties resolve to the first position.

    Args:
        x: Input tensor.
        axis: Int axis to search along; `None` (the default) searches the
            flattened tensor.
        keepdims: Whether the searched axis stays in the result with size
            1. Defaults to `False`.

    Returns:
        An `int32` tensor of positions.

    Example:

    >>> keras.ops.argmin(np.array([6, 2, 9, 2]))
    array(1, dtype=int32)
    """
    return backend.numpy.argmin(x, axis=axis, keepdims=keepdims)


@_export("argsort")
@symbolic_op
def argsort(x, axis=-1):
    """Positions that would put `x` in ascending order along an axis.

    Args:
        x: Input tensor.
        axis: Axis to sort along. Defaults to `-1`; `None` sorts the
            flattened tensor.

    Returns:
        An `int32` tensor of positions: shaped like `x`, or 1-D when
        `axis` is `None`.

    Example:

    >>> keras.ops.argsort(np.array([40, 60, 10, 50]))
    array([2, 0, 3, 1], dtype=int32)
    """
    return backend.numpy.argsort(x, axis=axis)


@_export("sort")
@symbolic_op
def sort(x, axis=-1):
    """Arranges the entries of `x` in ascending order along an axis.

    Args:
        x: Input tensor.
        axis: Axis to sort along. Defaults to `-1`; `None` sorts the
            flattened tensor.

    Returns:
        The sorted tensor.

    Example:

    >>> keras.ops.sort(np.array([[3, 1, 2], [9, 8, 7]]))
    array([[1, 2, 3],
           [7, 8, 9]], dtype=int32)
    """
    return backend.numpy.sort(x, axis=axis)


@_export("count_nonzero")
@symbolic_op
def count_nonzero(x, axis=None):
    """Number of non-zero entries of `x`, in total or per reduced axes.

    Args:
        x: Input tensor.
        axis: An int or tuple of ints naming the axes to count over; `None`
            (the default) counts over the whole tensor.

    Returns:
        An `int32` tensor of counts.

    Example:

    >>> keras.ops.count_nonzero(np.array([[7, 5, 3], [0, 0, 1]]), axis=1)
    array([3, 1], dtype=int32)
    """
    return backend.numpy.count_nonzero(x, axis=axis)


@_export("cumsum")
@symbolic_op
def cumsum(x, axis=None, dtype=None):
    """Running sum of `x` along an axis.

    Args:
        x: Input tensor.
        axis: Axis to accumulate along; `None` (the default) uses the
            flattened tensor.
        dtype: dtype of the result; `None` keeps the dtype of `x`, except
            that booleans give `int32`.

    Returns:
        A tensor whose entry `i` along `axis` is the sum of entries
        `0..i` of `x`.

    Example:

    >>> keras.ops.cumsum(np.array([2, 4, 6]))
    array([ 2,  6, 12], dtype=int32)
    """
    return backend.numpy.cumsum(x, axis=axis, dtype=dtype)


@_export("cumprod")
@symbolic_op
def cumprod(x, axis=None, dtype=None):
    """Running product of `x` along an axis.

    Args:
        x: Input tensor.
        axis: Axis to accumulate along; `None` (the default) uses the
            flattened tensor.
        dtype: dtype of the result; `None` keeps the dtype of `x`, except
            that booleans give `int32`.

    Returns:
        A tensor whose entry `i` along `axis` is the product of entries
        `0..i` of `x`.

    Example:

    >>> keras.ops.cumprod(np.array([2, 3, 4]))
    array([ 2,  6, 24], dtype=int32)
    """
    return backend.numpy.cumprod(x, axis=axis, dtype=dtype)


@_export("trace")
@symbolic_op
def trace(x, offset=0, axis1=0, axis2=1):
    """Adds up the entries on one diagonal of `x`.

    For inputs with more than two dimensions, the diagonal is read in each
    plane spanned by `axis1` and `axis2`, and the other axes are kept.

    Args:
        x: Input tensor with at least two dimensions.
        offset: Which diagonal to sum: `0` (the default) is the main one,
            positive values lie above it and negative values below.
        axis1: First axis of the planes. Defaults to `0`.
        axis2: Second axis of the planes. Defaults to `1`.

    Returns:
        The diagonal sums.

    Example:

    >>> keras.ops.trace(np.arange(9).reshape(3, 3))
    array(12, dtype=int32)
    """
    return backend.numpy.trace(x, offset=offset, axis1=axis1, axis2=axis2)


# --------------------------------------------------------------------------
# Products.
# --------------------------------------------------------------------------


@_export("matmul")
@symbolic_op
def matmul(x1, x2):
    """Matrix product of `x1` and `x2`, following NumPy's `matmul` rules.

    - Two 1-D inputs give the scalar inner product of the vectors.
    - Inputs with more than two dimensions are batches of matrices held in
      their last two axes; the leading (batch) axes broadcast.
    - A 1-D `x1` acts as a row vector and a 1-D `x2` as a column vector;
      the axis added for this is dropped from the result.

    Args:
        x1: Left operand.
        x2: Right operand.

    Returns:
        The product. Two `int8` operands give an `int32` result.

    Example:

    >>> keras.ops.matmul(keras.KerasTensor((None, 5)),
    ...                  keras.KerasTensor((5, 2))).shape
    (None, 2)
    """
    return backend.numpy.matmul(x1, x2)


@_export("dot")
@symbolic_op
def dot(x1, x2):
    """Dot product of `x1` and `x2`, following NumPy's `dot` rules.

    - 1-D with 1-D: the inner product of the vectors.
    - 2-D with 2-D: the matrix product.
    - A scalar on either side: plain multiplication of every entry.
    - N-D with 1-D: contraction of the last axis of `x1` with `x2`.
    - N-D with M-D (M >= 2): contraction of the last axis of `x1` with the
      second-to-last axis of `x2`.

    Args:
        x1: Left operand.
        x2: Right operand.

    Returns:
        The contracted tensor.

    Example:

    >>> keras.ops.dot(np.array([1, 2, 3]), np.array([4, 5, 6]))
    array(32, dtype=int32)
    """
    return backend.numpy.dot(x1, x2)


@_export("vdot")
@symbolic_op
def vdot(x1, x2):
    """Inner product of the flattened inputs, conjugating `x1` if complex.

    Args:
        x1: A tensor of any shape.
        x2: A tensor with as many entries as `x1`.

    Returns:
        A scalar tensor.

    Example:

    >>> keras.ops.vdot(np.array([[1, 2], [3, 4]]), np.array([[1, 0], [0, 1]]))
    array(5, dtype=int32)
    """
    return backend.numpy.vdot(x1, x2)


@_export("inner")
@symbolic_op
def inner(x1, x2):
    """Sum of products over the last axis of both inputs.

    For 1-D inputs this is the usual dot product; in general the result has
    shape `x1.shape[:-1] + x2.shape[:-1]`.

    Args:
        x1: A tensor.
        x2: A tensor whose last axis matches that of `x1`.

    Returns:
        The contracted tensor.

    Example:

    >>> keras.ops.inner(np.ones((2, 3)), np.ones((4, 3))).shape
    (2, 4)
    """
    return backend.numpy.inner(x1, x2)


@_export("outer")
@symbolic_op
def outer(x1, x2):
    """Outer product of two vectors; inputs of higher rank are flattened.

    Args:
        x1: A tensor with `m` entries.
        x2: A tensor with `n` entries.

    Returns:
        An `(m, n)` tensor whose entry `[i, j]` is `x1[i] * x2[j]`.

    Example:

    >>> keras.ops.outer(np.array([1, 2]), np.array([3, 4, 5]))
    array([[ 3,  4,  5],
           [ 6,  8, 10]], dtype=int32)
    """
    return backend.numpy.outer(x1, x2)


@_export("tensordot")
@symbolic_op
def tensordot(x1, x2, axes=2):
    """Sums products of `x1` and `x2` over chosen pairs of axes.

    Args:
        x1: Left operand.
        x2: Right operand.
        axes: Either an int `N`, pairing the last `N` axes of `x1` with the
            first `N` axes of `x2`, or two sequences `(axes_1, axes_2)`
            naming the axes to pair. Defaults to `2`.

    Returns:
        A tensor with the unpaired axes of `x1` followed by those of `x2`.

    Example:

    >>> keras.ops.tensordot(np.ones((2, 3, 4)), np.ones((3, 4, 5))).shape
    (2, 5)
    """
    return backend.numpy.tensordot(x1, x2, axes=axes)


@_export("einsum")
@symbolic_op
def einsum(subscripts, *operands, **kwargs):
    """Combines operands as described by an Einstein-summation string.

    Labels that are absent from the output part of `subscripts` are summed
    over.

    Args:
        subscripts: Index labels, one comma-separated group per operand,
            optionally followed by `->` and the output labels, e.g.
            `"bij,bjk->bik"`.
        *operands: The tensors, in the order of the label groups.
        **kwargs: Extra options passed on to the backend implementation.

    Returns:
        The resulting tensor.

    Example:

    >>> a = np.ones((5, 2, 3)); b = np.ones((5, 3, 7))
    >>> keras.ops.einsum("bij,bjk->bik", a, b).shape
    (5, 2, 7)
    """
    return backend.numpy.einsum(subscripts, *operands, **kwargs)


@_export("cross")
@symbolic_op
def cross(x1, x2, axisa=-1, axisb=-1, axisc=-1, axis=None):
    """Cross product of 3-vectors (or 2-vectors) laid out along an axis.

    Args:
        x1: Tensor holding the left vectors along `axisa`.
        x2: Tensor holding the right vectors along `axisb`.
        axisa: Axis of `x1` that holds the vectors. Defaults to `-1`.
        axisb: Axis of `x2` that holds the vectors. Defaults to `-1`.
        axisc: Axis of the result that holds the product vectors. Defaults
            to `-1`.
        axis: When set, used instead of all three of the axes above.

    Returns:
        The cross products.

    Example:

    >>> keras.ops.cross(np.array([1, 0, 0]), np.array([0, 1, 0]))
    array([0, 0, 1], dtype=int32)
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
    """Turns `x` into a tensor.

    Args:
        x: A tensor, NumPy array, scalar or (nested) Python list.
        dtype: Optional dtype of the result; inferred from `x` when `None`.

    Returns:
        A tensor holding the values of `x`.

    Example:

    >>> keras.ops.array([1, 2], dtype="float16")
    array([1., 2.], dtype=float16)
    """
    return backend.numpy.array(x, dtype=dtype)


@_export("arange")
def arange(start, stop=None, step=1, dtype=None):
    """Values from `start` up to, but excluding, `stop`, spaced by `step`.

    With a single bound, that bound is the stop and the values begin at
    `0`.

    Args:
        start: First value, or the stop when `stop` is `None`.
        stop: Bound that is never reached.
        step: Gap between neighbouring values. Defaults to `1`.
        dtype: dtype of the result. When `None` it is inferred from the
            arguments: Python ints give `int32`, Python floats `floatx`.

    Returns:
        A 1-D tensor.

    Example:

    >>> keras.ops.arange(2, 11, 4)
    array([ 2,  6, 10], dtype=int32)
    """
    return backend.numpy.arange(start, stop, step=step, dtype=dtype)


@_export("linspace")
def linspace(
    start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0
):
    """`num` equally spaced values running from `start` to `stop`.

    Args:
        start: First value.
        stop: Last value; left out when `endpoint` is `False`.
        num: How many values to produce. Defaults to `50`.
        endpoint: Whether `stop` is the final value. Defaults to `True`.
        retstep: Whether to also return the gap between values. Defaults
            to `False`.
        dtype: dtype of the result; `floatx` when `None`.
        axis: Axis of the result along which the values run, when `start`
            and `stop` are tensors. Defaults to `0`.

    Returns:
        The values, or a pair `(values, step)` when `retstep` is `True`.

    Example:

    >>> keras.ops.linspace(1.0, 2.0, num=5)
    array([1.  , 1.25, 1.5 , 1.75, 2.  ], dtype=float32)
    """
    return backend.numpy.linspace(
        start, stop, num, endpoint, retstep, dtype, axis
    )


@_export("logspace")
def logspace(start, stop, num=50, endpoint=True, base=10, dtype=None, axis=0):
    """`num` values whose logarithms are equally spaced.

    The values run from `base ** start` to `base ** stop`.

    Args:
        start: Exponent of the first value.
        stop: Exponent of the last value.
        num: How many values to produce. Defaults to `50`.
        endpoint: Whether `base ** stop` is the final value. Defaults to
            `True`.
        base: Base that the exponents apply to. Defaults to `10`.
        dtype: dtype of the result; `floatx` when `None`.
        axis: Axis of the result along which the values run, when `start`
            and `stop` are tensors. Defaults to `0`.

    Returns:
        A tensor of values.

    Example:

    >>> keras.ops.logspace(0, 3, num=4, base=2)
    array([1., 2., 4., 8.], dtype=float32)
    """
    return backend.numpy.logspace(start, stop, num, endpoint, base, dtype, axis)


@_export("ones")
def ones(shape, dtype=None):
    """Tensor of the requested shape in which every entry is `1`.

    Args:
        shape: An int or tuple of ints.
        dtype: dtype of the result; `floatx` when `None`.

    Returns:
        A new tensor.

    Example:

    >>> keras.ops.ones(4, dtype="int8")
    array([1, 1, 1, 1], dtype=int8)
    """
    return backend.numpy.ones(shape, dtype=dtype)


@_export("zeros")
def zeros(shape, dtype=None):
    """Tensor of the requested shape in which every entry is `0`.

    Args:
        shape: An int or tuple of ints.
        dtype: dtype of the result; `floatx` when `None`.

    Returns:
        A new tensor.

    Example:

    >>> keras.ops.zeros((2, 5)).shape
    (2, 5)
    """
    return backend.numpy.zeros(shape, dtype=dtype)


@_export("empty")
def empty(shape, dtype=None):
    """Tensor of the requested shape whose contents are unspecified.

    Callers should not rely on the values; this backend happens to fill the
    tensor with zeros.

    Args:
        shape: An int or tuple of ints.
        dtype: dtype of the result; `floatx` when `None`.

    Returns:
        A new tensor.
    """
    return backend.numpy.empty(shape, dtype=dtype)


@_export("full")
def full(shape, fill_value, dtype=None):
    """Tensor of the requested shape in which every entry is `fill_value`.

    Args:
        shape: An int or tuple of ints.
        fill_value: Scalar (or broadcastable tensor) to fill with.
        dtype: dtype of the result. When `None` it comes from `fill_value`:
            a Python int gives `int32`, a Python float `floatx`.

    Returns:
        A new tensor.

    Example:

    >>> keras.ops.full((2,), 7)
    array([7, 7], dtype=int32)
    """
    return backend.numpy.full(shape, fill_value, dtype=dtype)


@_export("ones_like")
@symbolic_op
def ones_like(x, dtype=None):
    """Tensor of ones that takes its shape from `x`.

    Args:
        x: Tensor whose shape (and, unless `dtype` is set, dtype) is used.
        dtype: dtype of the result; that of `x` when `None`.

    Returns:
        A new tensor.

    Example:

    >>> keras.ops.ones_like(np.array([[2, 3]]))
    array([[1, 1]], dtype=int32)
    """
    return backend.numpy.ones_like(x, dtype=dtype)


@_export("zeros_like")
@symbolic_op
def zeros_like(x, dtype=None):
    """Tensor of zeros that takes its shape from `x`.

    Args:
        x: Tensor whose shape (and, unless `dtype` is set, dtype) is used.
        dtype: dtype of the result; that of `x` when `None`.

    Returns:
        A new tensor.
    """
    return backend.numpy.zeros_like(x, dtype=dtype)


@_export("full_like")
@symbolic_op
def full_like(x, fill_value, dtype=None):
    """Tensor filled with `fill_value` that takes its shape from `x`.

    Args:
        x: Tensor whose shape (and, unless `dtype` is set, dtype) is used.
        fill_value: Scalar (or broadcastable tensor) to fill with.
        dtype: dtype of the result; that of `x` when `None`.

    Returns:
        A new tensor.

    Example:

    >>> keras.ops.full_like(np.zeros((2,)), 0.5)
    array([0.5, 0.5], dtype=float32)
    """
    return backend.numpy.full_like(x, fill_value, dtype=dtype)


@_export("eye")
def eye(N, M=None, k=0, dtype=None):
    """2-D tensor with ones on one diagonal and zeros everywhere else.

    Args:
        N: Row count.
        M: Column count; equal to `N` when `None`.
        k: Which diagonal holds the ones: `0` (the default) is the main
            one, positive values lie above it and negative values below.
        dtype: dtype of the result; `floatx` when `None`.

    Returns:
        An `(N, M)` tensor.

    Example:

    >>> keras.ops.eye(2, 3, k=1)
    array([[0., 1., 0.],
           [0., 0., 1.]], dtype=float32)
    """
    return backend.numpy.eye(N, M=M, k=k, dtype=dtype)


@_export("identity")
def identity(n, dtype=None):
    """Square identity matrix of size `n x n`.

    Args:
        n: Number of rows, which is also the number of columns.
        dtype: dtype of the result; `floatx` when `None`.

    Returns:
        An `(n, n)` tensor.

    Example:

    >>> keras.ops.identity(2, dtype="int32")
    array([[1, 0],
           [0, 1]], dtype=int32)
    """
    return backend.numpy.identity(n, dtype=dtype)


@_export("tri")
def tri(N, M=None, k=0, dtype=None):
    """2-D tensor with ones on and below a diagonal and zeros above it.

    Args:
        N: Row count.
        M: Column count; equal to `N` when `None`.
        k: Diagonal that bounds the ones: `0` (the default) is the main
            one, positive values move it up and negative values down.
        dtype: dtype of the result; `floatx` when `None`.

    Returns:
        An `(N, M)` tensor.

    Example:

    >>> keras.ops.tri(3, k=-1)
    array([[0., 0., 0.],
           [1., 0., 0.],
           [1., 1., 0.]], dtype=float32)
    """
    return backend.numpy.tri(N, M=M, k=k, dtype=dtype)


@_export("meshgrid")
@symbolic_op
def meshgrid(*x, indexing="xy"):
    """Coordinate grids built from 1-D coordinate vectors.

    Args:
        *x: 1-D tensors, one per grid dimension.
        indexing: `"xy"` (the default, Cartesian: the first two grid axes
            are swapped) or `"ij"` (matrix indexing: grid axis `i` follows
            input `i`).

    Returns:
        A list with one tensor per input, all of the grid's shape.

    Example:

    >>> gx, gy = keras.ops.meshgrid(np.array([1, 2, 3]), np.array([4, 5]))
    >>> gx.shape
    (2, 3)
    """
    return backend.numpy.meshgrid(*x, indexing=indexing)


@_export("copy")
@symbolic_op
def copy(x):
    """New tensor holding the same values as `x`.

    Args:
        x: Input tensor.

    Returns:
        The copy.
    """
    return backend.numpy.copy(x)


# --------------------------------------------------------------------------
# Shape manipulation and indexing.
# --------------------------------------------------------------------------


@_export("reshape")
@symbolic_op
def reshape(x, newshape):
    """Lays out the entries of `x` in a different shape.

    The entries keep their row-major order; their number cannot change.

    Args:
        x: Input tensor.
        newshape: Target shape, an int or tuple of ints. One entry may be
            `-1`; its size is then worked out from the size of `x`.

    Returns:
        The reshaped tensor.

    Example:

    >>> keras.ops.reshape(keras.KerasTensor((None, 6)), (-1, 3, 2)).shape
    (None, 3, 2)
    """
    return backend.numpy.reshape(x, newshape)


@_export("ravel")
@symbolic_op
def ravel(x):
    """Flattens `x` to one dimension in row-major order.

    Args:
        x: Input tensor.

    Returns:
        A 1-D tensor with every entry of `x`.

    Example:

    >>> keras.ops.ravel(np.array([[5, 6], [7, 8]]))
    array([5, 6, 7, 8], dtype=int32)
    """
    return backend.numpy.ravel(x)


@_export("transpose")
@symbolic_op
def transpose(x, axes=None):
    """Reorders the axes of `x`.

    Args:
        x: Input tensor.
        axes: A permutation of `range(x.ndim)`; axis `i` of the result is
            axis `axes[i]` of `x`. When `None`, the axes are reversed.

    Returns:
        The permuted tensor.

    Example:

    >>> keras.ops.transpose(np.zeros((2, 3, 4)), (1, 2, 0)).shape
    (3, 4, 2)
    """
    return backend.numpy.transpose(x, axes=axes)


@_export("expand_dims")
@symbolic_op
def expand_dims(x, axis):
    """Adds axes of size 1 to the shape of `x`.

    Args:
        x: Input tensor.
        axis: Int or tuple of ints: where the new axes sit in the shape of
            the result.

    Returns:
        The data of `x` with more dimensions.

    Example:

    >>> keras.ops.expand_dims(np.zeros((4, 5)), 1).shape
    (4, 1, 5)
    """
    return backend.numpy.expand_dims(x, axis)


@_export("squeeze")
@symbolic_op
def squeeze(x, axis=None):
    """Drops axes of size 1 from the shape of `x`.

    Args:
        x: Input tensor.
        axis: Int or tuple of ints naming which size-1 axes to drop; `None`
            (the default) drops every one of them.

    Returns:
        The data of `x` with fewer dimensions.

    Example:

    >>> keras.ops.squeeze(np.zeros((1, 3, 1))).shape
    (3,)
    """
    return backend.numpy.squeeze(x, axis=axis)


@_export("moveaxis")
@symbolic_op
def moveaxis(x, source, destination):
    """Moves axes of `x` to new places; the other axes keep their order.

    Args:
        x: Input tensor.
        source: Int or sequence of ints: where the axes to move are now.
        destination: Int or sequence of ints: where they end up, in the
            same order as `source`.

    Returns:
        The rearranged tensor.

    Example:

    >>> keras.ops.moveaxis(np.zeros((2, 3, 4)), 0, -1).shape
    (3, 4, 2)
    """
    return backend.numpy.moveaxis(x, source, destination)


@_export("swapaxes")
@symbolic_op
def swapaxes(x, axis1, axis2):
    """Exchanges two axes of `x`.

    Args:
        x: Input tensor.
        axis1: One axis of the pair.
        axis2: The other axis of the pair.

    Returns:
        The rearranged tensor.

    Example:

    >>> keras.ops.swapaxes(np.zeros((2, 3, 4)), 0, 2).shape
    (4, 3, 2)
    """
    return backend.numpy.swapaxes(x, axis1, axis2)


@_export("broadcast_to")
@symbolic_op
def broadcast_to(x, shape):
    """Expands `x` to `shape` by NumPy broadcasting.

    Args:
        x: Tensor to expand.
        shape: Target shape; the shape of `x` must broadcast to it.

    Returns:
        A tensor of shape `shape`.

    Example:

    >>> keras.ops.broadcast_to(np.array([1, 2]), (3, 2))
    array([[1, 2],
           [1, 2],
           [1, 2]], dtype=int32)
    """
    return backend.numpy.broadcast_to(x, shape)


@_export("concatenate")
@symbolic_op
def concatenate(xs, axis=0):
    """Joins tensors end to end along an axis they already have.

    Args:
        xs: Sequence of tensors whose shapes agree except along `axis`.
        axis: Axis to join along. Defaults to `0`.

    Returns:
        The joined tensor.

    Example:

    >>> keras.ops.concatenate([np.zeros((2, 3)), np.zeros((5, 3))]).shape
    (7, 3)
    """
    return backend.numpy.concatenate(xs, axis=axis)


@_export("stack")
@symbolic_op
def stack(x, axis=0):
    """Joins tensors of one shape along a newly created axis.

    Args:
        x: Sequence of tensors, all of the same shape.
        axis: Where the new axis sits in the result. Defaults to `0`.

    Returns:
        The joined tensor, one dimension larger than the inputs.

    Example:

    >>> keras.ops.stack([np.zeros((3,)), np.ones((3,))], axis=1).shape
    (3, 2)
    """
    return backend.numpy.stack(x, axis=axis)


@_export("hstack")
@symbolic_op
def hstack(xs):
    """Joins tensors along their second axis (the first, for 1-D inputs).

    Args:
        xs: Sequence of tensors.

    Returns:
        The joined tensor.

    Example:

    >>> keras.ops.hstack([np.array([4, 5]), np.array([6])])
    array([4, 5, 6], dtype=int32)
    """
    return backend.numpy.hstack(xs)


@_export("vstack")
@symbolic_op
def vstack(xs):
    """Joins tensors along their first axis, treating 1-D inputs as rows.

    Args:
        xs: Sequence of tensors.

    Returns:
        The joined tensor, at least 2-D.

    Example:

    >>> keras.ops.vstack([np.array([1, 2]), np.array([3, 4])])
    array([[1, 2],
           [3, 4]], dtype=int32)
    """
    return backend.numpy.vstack(xs)


@_export("split")
@symbolic_op
def split(x, indices_or_sections, axis=0):
    """Cuts `x` into several tensors along an axis.

    Args:
        x: Input tensor.
        indices_or_sections: Either an int `n`, giving `n` parts of equal
            length (the axis length must be a multiple of `n`), or a sorted
            list of ints giving the cut positions along `axis`.
        axis: Axis to cut along. Defaults to `0`.

    Returns:
        A list of tensors.

    Example:

    >>> [p.shape for p in keras.ops.split(np.zeros((6, 2)), [1, 4])]
    [(1, 2), (3, 2), (2, 2)]
    """
    return backend.numpy.split(x, indices_or_sections, axis=axis)


@_export("append")
@symbolic_op
def append(x1, x2, axis=None):
    """Places the entries of `x2` after those of `x1`.

    Args:
        x1: Leading tensor.
        x2: Trailing tensor.
        axis: Axis to join along; `None` (the default) flattens both
            inputs first and gives a 1-D result.

    Returns:
        The joined tensor.

    Example:

    >>> keras.ops.append(np.array([5]), np.array([[6], [7]]))
    array([5, 6, 7], dtype=int32)
    """
    return backend.numpy.append(x1, x2, axis=axis)


@_export("flip")
@symbolic_op
def flip(x, axis=None):
    """Reverses the order of the entries of `x` along some axes.

    Args:
        x: Input tensor.
        axis: Int or tuple of ints; `None` (the default) reverses every
            axis.

    Returns:
        A tensor shaped like `x`.

    Example:

    >>> keras.ops.flip(np.array([[1, 2], [3, 4]]), axis=1)
    array([[2, 1],
           [4, 3]], dtype=int32)
    """
    return backend.numpy.flip(x, axis=axis)


@_export("roll")
@symbolic_op
def roll(x, shift, axis=None):
    """Shifts the entries of `x` cyclically along an axis.

    Entries pushed past the end come back in at the start.

    Args:
        x: Input tensor.
        shift: Number of positions to move by (negative values move the
            other way); an int, or a tuple with one value per axis in
            `axis`.
        axis: Axis or axes to shift along; `None` (the default) shifts
            the flattened tensor and then restores the shape of `x`.

    Returns:
        A tensor shaped like `x`.

    Example:

    >>> keras.ops.roll(np.array([1, 2, 3, 4, 5]), 2)
    array([4, 5, 1, 2, 3], dtype=int32)
    """
    return backend.numpy.roll(x, shift, axis=axis)


@_export("tile")
@symbolic_op
def tile(x, repeats):
    """Builds a tensor by laying copies of `x` side by side.

    Args:
        x: Input tensor.
        repeats: Int or sequence of ints: how many copies of `x` go along
            each axis.

    Returns:
        The tiled tensor.

    Example:

    >>> keras.ops.tile(np.array([1, 2]), 3)
    array([1, 2, 1, 2, 1, 2], dtype=int32)
    """
    return backend.numpy.tile(x, repeats)


@_export("repeat")
@symbolic_op
def repeat(x, repeats, axis=None):
    """Repeats every entry of `x` in place, one copy right after another.

    Args:
        x: Input tensor.
        repeats: An int, or a concrete sequence of ints with one count per
            entry along `axis`.
        axis: Axis to repeat along; `None` (the default) flattens `x`
            first and gives a 1-D result.

    Returns:
        The expanded tensor.

    Example:

    >>> keras.ops.repeat(np.array([7, 8]), 3)
    array([7, 7, 7, 8, 8, 8], dtype=int32)
    """
    return backend.numpy.repeat(x, repeats, axis=axis)


@_export("pad")
@symbolic_op
def pad(x, pad_width, mode="constant", constant_values=None):
    """Adds entries around the edges of `x`.

    Args:
        x: Input tensor.
        pad_width: How much to add before and after each axis:
            `((before_0, after_0), (before_1, after_1), ...)`, a single
            `(before, after)` pair used for every axis, or one int used
            everywhere.
        mode: How the new entries are chosen: `"constant"` (the default),
            `"edge"`, `"linear_ramp"`, `"maximum"`, `"mean"`, `"median"`,
            `"minimum"`, `"reflect"`, `"symmetric"`, `"wrap"` or
            `"empty"`.
        constant_values: Fill value for `"constant"` mode (`0` when
            `None`). Setting it with any other mode raises a `ValueError`.

    Returns:
        The padded tensor.

    Example:

    >>> keras.ops.pad(np.array([1, 2]), (1, 2), constant_values=9)
    array([9, 1, 2, 9, 9], dtype=int32)
    """
    return backend.numpy.pad(
        x, pad_width, mode=mode, constant_values=constant_values
    )


@_export("take")
@symbolic_op
def take(x, indices, axis=None):
    """Gathers entries of `x` at the given positions along an axis.

    Args:
        x: Tensor to read from.
        indices: Integer tensor of positions. Negative positions count from
            the end; positions outside the axis give `0`.
        axis: Axis to index; `None` (the default) indexes the flattened
            tensor.

    Returns:
        The gathered tensor: the indexed axis of `x` is replaced by the
        shape of `indices`.

    Example:

    >>> keras.ops.take(np.array([[5, 6], [7, 8]]), np.array([1, 1, 0]), axis=0)
    array([[7, 8],
           [7, 8],
           [5, 6]], dtype=int32)
    """
    return backend.numpy.take(x, indices, axis=axis)


@_export("take_along_axis")
@symbolic_op
def take_along_axis(x, indices, axis=None):
    """Gathers entries of `x` using an index tensor laid along an axis.

    `indices` has as many dimensions as `x`. Along `axis` it holds the
    positions to read; its other axes broadcast against those of `x`. It
    pairs naturally with the output of `keras.ops.argsort`.

    Args:
        x: Tensor to read from.
        indices: Integer tensor of positions; positions outside the axis
            give `0`.
        axis: Axis to index; `None` (the default) flattens `x` first.

    Returns:
        The gathered tensor.

    Example:

    >>> x = np.array([[30, 10, 20], [6, 4, 5]])
    >>> keras.ops.take_along_axis(x, keras.ops.argsort(x, axis=1), axis=1)
    array([[10, 20, 30],
           [ 4,  5,  6]], dtype=int32)
    """
    return backend.numpy.take_along_axis(x, indices, axis=axis)


@_export("tril")
@symbolic_op
def tril(x, k=0):
    """Keeps the lower triangle of `x` and zeroes what lies above it.

    For inputs with more than two dimensions, the last two axes are used.

    Args:
        x: Input tensor.
        k: Diagonal that bounds the kept part: `0` (the default) is the
            main one, negative values lie below it and positive values
            above.

    Returns:
        A tensor with the shape and dtype of `x`.

    Example:

    >>> keras.ops.tril(np.array([[1, 2], [3, 4]]))
    array([[1, 0],
           [3, 4]], dtype=int32)
    """
    return backend.numpy.tril(x, k=k)


@_export("triu")
@symbolic_op
def triu(x, k=0):
    """Keeps the upper triangle of `x` and zeroes what lies below it.

    For inputs with more than two dimensions, the last two axes are used.

    Args:
        x: Input tensor.
        k: Diagonal that bounds the kept part: `0` (the default) is the
            main one, negative values lie below it and positive values
            above.

    Returns:
        A tensor with the shape and dtype of `x`.
    """
    return backend.numpy.triu(x, k=k)


@_export("diag")
@symbolic_op
def diag(x, k=0):
    """Reads a diagonal from a matrix, or builds a matrix around a vector.

    Args:
        x: Either a 2-D tensor, whose `k`-th diagonal is returned, or a 1-D
            tensor, which is placed on the `k`-th diagonal of a square
            matrix of zeros.
        k: Which diagonal: `0` (the default) is the main one, positive
            values lie above it and negative values below.

    Returns:
        A 1-D tensor for a 2-D input, a 2-D tensor for a 1-D input.

    Example:

    >>> keras.ops.diag(np.array([4, 5]))
    array([[4, 0],
           [0, 5]], dtype=int32)
    """
    return backend.numpy.diag(x, k=k)


@_export("diagonal")
@symbolic_op
def diagonal(x, offset=0, axis1=0, axis2=1):
    """Reads diagonals from the 2-D planes of `x` spanned by two axes.

    Args:
        x: Input tensor with at least two dimensions.
        offset: Which diagonal: `0` (the default) is the main one, positive
            values lie above it and negative values below.
        axis1: First axis of the planes. Defaults to `0`.
        axis2: Second axis of the planes. Defaults to `1`.

    Returns:
        A tensor without `axis1` and `axis2`, plus a last axis that holds
        the diagonal entries.

    Example:

    >>> keras.ops.diagonal(np.arange(9).reshape(3, 3), offset=1)
    array([1, 5], dtype=int32)
    """
    return backend.numpy.diagonal(x, offset=offset, axis1=axis1, axis2=axis2)


@_export("diff")
@symbolic_op
def diff(a, n=1, axis=-1):
    """Differences between neighbouring entries of `a`, taken `n` times.

    Args:
        a: Input tensor.
        n: How many times to take differences. Defaults to `1`.
        axis: Axis along which to take them. Defaults to `-1`.

    Returns:
        A tensor that is `n` entries shorter than `a` along `axis`.

    Example:

    >>> keras.ops.diff(np.array([1, 4, 9, 16]))
    array([3, 5, 7], dtype=int32)
    """
    return backend.numpy.diff(a, n=n, axis=axis)


@_export("ndim")
@symbolic_op
def ndim(x):
    """Rank (number of axes) of `x`.

    Args:
        x: Input tensor.

    Returns:
        The rank of `x`.

    Example:

    >>> keras.ops.ndim(np.zeros((2, 3, 4)))
    3
    """
    return backend.numpy.ndim(x)


@_export("size")
@symbolic_op
def size(x):
    """Total count of entries in `x`.

    Args:
        x: Input tensor.

    Returns:
        The product of the dimensions of `x`.

    Example:

    >>> keras.ops.size(np.zeros((2, 3)))
    6
    """
    return backend.numpy.size(x)


@_export("real")
@symbolic_op
def real(x):
    """Real part of every entry of `x`.

    Args:
        x: Input tensor.

    Returns:
        A real-valued tensor shaped like `x`; real inputs come back as is.

    Example:

    >>> keras.ops.real(np.array([1 + 2j, 3 - 1j]))
    array([1., 3.], dtype=float32)
    """
    return backend.numpy.real(x)


@_export("imag")
@symbolic_op
def imag(x):
    """Imaginary part of every entry of `x`.

    Args:
        x: Input tensor.

    Returns:
        A real-valued tensor shaped like `x`; zeros for real inputs.

    Example:

    >>> keras.ops.imag(np.array([1 + 2j, 3 - 1j]))
    array([ 2., -1.], dtype=float32)
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
    """Complex conjugate of every entry of `x`.

    Also exported under the short name `keras.ops.conj`. Real inputs come
    back unchanged.

    Args:
        x: Input tensor.

    Returns:
        A tensor shaped like `x` in which each imaginary part is negated.

    Example:

    >>> keras.ops.conjugate(np.array([1 + 2j]))
    array([1.-2.j], dtype=complex64)
    """
    return backend.numpy.conjugate(x)


conj = conjugate


@_export("digitize")
@symbolic_op
def digitize(x, bins):
    """For each value of `x`, the index of the bin that it falls into.

    With increasing `bins`, the index `i` satisfies
    `bins[i - 1] <= x < bins[i]`: values below the first edge give `0`,
    values at or past the last edge give `len(bins)`.

    Args:
        x: Values to locate.
        bins: 1-D tensor of increasing bin edges.

    Returns:
        An `int32` tensor shaped like `x`.

    Example:

    >>> keras.ops.digitize(np.array([0.5, 1.0, 2.5, 9.0]),
    ...                    np.array([1.0, 2.0, 3.0]))
    array([0, 1, 2, 3], dtype=int32)
    """
    return backend.numpy.digitize(x, bins)


@_export("get_item")
@symbolic_op
def get_item(x, key):
    """Indexes `x` the way `x[key]` does.

    Args:
        x: Input tensor.
        key: An int, slice, `None`, `Ellipsis`, an integer tensor or list,
            a boolean mask (eager only, since the result size depends on
            the data), or a tuple of these.

    Returns:
        The selected part of `x`.

    Example:

    >>> keras.ops.get_item(np.array([[1, 2], [3, 4]]), (slice(None), 1))
    array([2, 4], dtype=int32)
    """
    return backend.numpy.get_item(x, key)


@_export("nonzero")
def nonzero(x):
    """Positions of the non-zero entries of `x`.

    How many positions come back depends on the values, so this op cannot
    be traced symbolically; call it on concrete tensors.

    Args:
        x: Input tensor.

    Returns:
        A tuple with one `int32` index tensor per axis of `x`.

    Example:

    >>> keras.ops.nonzero(np.array([0, 3, 0, 5]))
    (array([1, 3], dtype=int32),)
    """
    return backend.numpy.nonzero(x)
