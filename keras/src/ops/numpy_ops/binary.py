"""Element-wise ops of two tensors, with broadcasting.

Arithmetic, comparisons, logical and bitwise ops.
"""

from keras.src import backend
from keras.src.ops.numpy_ops.base import _Binary
from keras.src.ops.numpy_ops.base import _BitwiseBinary
from keras.src.ops.numpy_ops.base import _defines_op
from keras.src.ops.numpy_ops.base import _export


@_export("add")
@_defines_op(_Binary, _sparse_rule="union")
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
@_defines_op(_Binary, _sparse_rule="union")
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
@_defines_op(_Binary, _sparse_rule="intersection")
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
@_defines_op(_Binary, _sparse_rule="division")
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
@_defines_op(_Binary, _sparse_rule="division")
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
@_defines_op(_Binary)
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
@_defines_op(_Binary)
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
@_defines_op(_Binary)
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
@_defines_op(_Binary, _sparse_rule="union")
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
@_defines_op(_Binary, _sparse_rule="union")
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
@_defines_op(_Binary)
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
@_defines_op(_Binary)
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


@_export("logaddexp2")
@_defines_op(_Binary)
def logaddexp2(x1, x2):
    """Base-2 log of the sum of base-2 exponentials, `log2(2**x1 + 2**x2)`.

    Computed without forming the powers, so large inputs do not overflow.
    Integer inputs are cast to `keras.config.floatx()`.

    Args:
        x1: A tensor.
        x2: A tensor broadcastable against `x1`.

    Returns:
        A floating tensor of `log2(2**x1 + 2**x2)`.

    Example:

    >>> keras.ops.logaddexp2(np.array([3.0, 10.0]), np.array([3.0, 0.0]))
    array([ 4.      , 10.001409], dtype=float32)
    """
    return backend.numpy.logaddexp2(x1, x2)


@_export("hypot")
@_defines_op(_Binary)
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


@_export("heaviside")
@_defines_op(_Binary)
def heaviside(x1, x2):
    """Unit step function: 0 for negative `x1`, 1 for positive `x1`.

    Where `x1` is exactly zero the result is taken from `x2`.

    Args:
        x1: Values to step.
        x2: Value(s) used where `x1 == 0`, broadcastable against `x1`.

    Returns:
        A tensor of zeros, ones and `x2` values. Integer inputs give
        `keras.config.floatx()`.

    Example:

    >>> keras.ops.heaviside(np.array([-2.0, 0.0, 3.5]), 0.25)
    array([0.  , 0.25, 1.  ], dtype=float32)
    """
    return backend.numpy.heaviside(x1, x2)


@_export("fmax")
@_defines_op(_Binary)
def fmax(x1, x2):
    """Larger of `x1` and `x2` at each position, preferring numbers to NaN.

    Unlike `keras.ops.maximum`, a NaN on one side is ignored when the other
    side holds a number; the result is NaN only where both are NaN.

    Args:
        x1: A tensor.
        x2: A tensor broadcastable against `x1`.

    Returns:
        A tensor of element-wise maxima.

    Example:

    >>> x1 = np.array([1.0, np.nan, 6.0])
    >>> keras.ops.fmax(x1, np.array([4.0, 2.0, np.nan]))
    array([4., 2., 6.], dtype=float32)
    """
    return backend.numpy.fmax(x1, x2)


@_export("fmin")
@_defines_op(_Binary)
def fmin(x1, x2):
    """Smaller of `x1` and `x2` at each position, preferring numbers to NaN.

    A NaN on one side is ignored when the other side holds a number.

    Args:
        x1: A tensor.
        x2: A tensor broadcastable against `x1`.

    Returns:
        A tensor of element-wise minima.

    Example:

    >>> x1 = np.array([1.0, np.nan, 6.0])
    >>> keras.ops.fmin(x1, np.array([4.0, 2.0, np.nan]))
    array([1., 2., 6.], dtype=float32)
    """
    return backend.numpy.fmin(x1, x2)


@_export("fmod")
@_defines_op(_Binary)
def fmod(x1, x2):
    """Remainder of the division `x1 / x2`, C style.

    The quotient is truncated toward zero, so a non-zero remainder has the
    sign of the dividend `x1` (`keras.ops.mod` follows the divisor instead).

    Args:
        x1: Dividend.
        x2: Divisor, broadcastable against `x1`.

    Returns:
        A tensor of remainders.

    Example:

    >>> keras.ops.fmod(np.array([7, -7]), 3)
    array([ 1, -1], dtype=int32)
    """
    return backend.numpy.fmod(x1, x2)


@_export("gcd")
@_defines_op(_Binary)
def gcd(x1, x2):
    """Greatest common divisor of `|x1|` and `|x2|`, position by position.

    Args:
        x1: An integer tensor.
        x2: An integer tensor broadcastable against `x1`.

    Returns:
        An integer tensor of greatest common divisors.

    Example:

    >>> keras.ops.gcd(np.array([12, 18, 7]), np.array([8, 27, 5]))
    array([4, 9, 1], dtype=int32)
    """
    return backend.numpy.gcd(x1, x2)


@_export("lcm")
@_defines_op(_Binary)
def lcm(x1, x2):
    """Least common multiple of `|x1|` and `|x2|`, position by position.

    Args:
        x1: An integer tensor.
        x2: An integer tensor broadcastable against `x1`.

    Returns:
        An integer tensor of least common multiples.

    Example:

    >>> keras.ops.lcm(np.array([4, 6, 7]), np.array([6, 9, 5]))
    array([12, 18, 35], dtype=int32)
    """
    return backend.numpy.lcm(x1, x2)


@_export("ldexp")
@_defines_op(_Binary)
def ldexp(x1, x2):
    """Scales mantissas by powers of two: `x1 * 2**x2`.

    Args:
        x1: Mantissas.
        x2: Integer exponents, broadcastable against `x1`.

    Returns:
        A floating tensor of `x1 * 2**x2`.

    Example:

    >>> keras.ops.ldexp(np.array([0.75, 3.0]), np.array([2, -1]))
    array([3. , 1.5], dtype=float32)
    """
    return backend.numpy.ldexp(x1, x2)


@_export("nextafter")
@_defines_op(_Binary)
def nextafter(x1, x2):
    """Next representable floating-point value after `x1`, toward `x2`.

    Args:
        x1: Starting values.
        x2: Direction values, broadcastable against `x1`.

    Returns:
        A floating tensor. Integer inputs are computed in
        `keras.config.floatx()`.

    Example:

    >>> float(keras.ops.nextafter(np.float32(1.0), np.float32(2.0))) - 1.0
    1.1920928955078125e-07
    """
    return backend.numpy.nextafter(x1, x2)


@_export("divide_no_nan")
@_defines_op(_Binary)
def divide_no_nan(x1, x2):
    """Division `x1 / x2` that returns 0 wherever the divisor is 0.

    Handy for ratios whose denominator may vanish: no `inf` or NaN is
    produced by zero divisors (NaN or infinite dividends still propagate
    where the divisor is not zero).

    Args:
        x1: Dividend.
        x2: Divisor, broadcastable against `x1`.

    Returns:
        A floating tensor of quotients, 0 where `x2 == 0`.

    Example:

    >>> keras.ops.divide_no_nan(np.array([6.0, 5.0]), np.array([3.0, 0.0]))
    array([2., 0.], dtype=float32)
    """
    return backend.numpy.divide_no_nan(x1, x2)


@_export("equal")
@_defines_op(_Binary)
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
@_defines_op(_Binary)
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
@_defines_op(_Binary)
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
@_defines_op(_Binary)
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
@_defines_op(_Binary)
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
@_defines_op(_Binary)
def greater_equal(x1, x2):
    """Tests `x1 >= x2` at each position.

    Args:
        x1: A tensor.
        x2: A tensor broadcastable against `x1`.

    Returns:
        A boolean tensor holding the outcome of each comparison.
    """
    return backend.numpy.greater_equal(x1, x2)


@_export("logical_and")
@_defines_op(_Binary)
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
@_defines_op(_Binary)
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
@_defines_op(_Binary)
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


@_export("bitwise_and")
@_defines_op(_BitwiseBinary)
def bitwise_and(x, y):
    """Bitwise AND of two integer or boolean tensors.

    Args:
        x: An integer or boolean tensor.
        y: A tensor broadcastable against `x`.

    Returns:
        A tensor whose bits are set where both inputs have them set.

    Example:

    >>> keras.ops.bitwise_and(np.array([12, 10]), np.array([10, 6]))
    array([8, 2], dtype=int32)
    """
    return backend.numpy.bitwise_and(x, y)


@_export("bitwise_or")
@_defines_op(_BitwiseBinary)
def bitwise_or(x, y):
    """Bitwise OR of two integer or boolean tensors.

    Args:
        x: An integer or boolean tensor.
        y: A tensor broadcastable against `x`.

    Returns:
        A tensor whose bits are set where either input has them set.

    Example:

    >>> keras.ops.bitwise_or(np.array([12, 10]), np.array([10, 6]))
    array([14, 14], dtype=int32)
    """
    return backend.numpy.bitwise_or(x, y)


@_export("bitwise_xor")
@_defines_op(_BitwiseBinary)
def bitwise_xor(x, y):
    """Bitwise exclusive OR of two integer or boolean tensors.

    Args:
        x: An integer or boolean tensor.
        y: A tensor broadcastable against `x`.

    Returns:
        A tensor whose bits are set where exactly one input has them set.

    Example:

    >>> keras.ops.bitwise_xor(np.array([12, 10]), np.array([10, 6]))
    array([ 6, 12], dtype=int32)
    """
    return backend.numpy.bitwise_xor(x, y)


@_export("bitwise_left_shift")
@_defines_op(_BitwiseBinary)
def bitwise_left_shift(x, y):
    """Shifts the bits of `x` to the left by `y` places.

    Equivalent to multiplying by `2**y`, within the width of the dtype.
    `keras.ops.left_shift` is the same op.

    Args:
        x: An integer tensor.
        y: Number of places to shift, broadcastable against `x`.

    Returns:
        An integer tensor.

    Example:

    >>> keras.ops.bitwise_left_shift(np.array([3, 5]), np.array([2, 1]))
    array([12, 10], dtype=int32)
    """
    return backend.numpy.bitwise_left_shift(x, y)


@_export("left_shift")
@_defines_op(_BitwiseBinary)
def left_shift(x, y):
    """Shifts the bits of `x` to the left by `y` places.

    Alias of `keras.ops.bitwise_left_shift`.

    Args:
        x: An integer tensor.
        y: Number of places to shift, broadcastable against `x`.

    Returns:
        An integer tensor.
    """
    return backend.numpy.left_shift(x, y)


@_export("bitwise_right_shift")
@_defines_op(_BitwiseBinary)
def bitwise_right_shift(x, y):
    """Shifts the bits of `x` to the right by `y` places.

    For non-negative values this is a floor division by `2**y`.
    `keras.ops.right_shift` is the same op.

    Args:
        x: An integer tensor.
        y: Number of places to shift, broadcastable against `x`.

    Returns:
        An integer tensor.

    Example:

    >>> keras.ops.bitwise_right_shift(np.array([12, 9]), np.array([2, 1]))
    array([3, 4], dtype=int32)
    """
    return backend.numpy.bitwise_right_shift(x, y)


@_export("right_shift")
@_defines_op(_BitwiseBinary)
def right_shift(x, y):
    """Shifts the bits of `x` to the right by `y` places.

    Alias of `keras.ops.bitwise_right_shift`.

    Args:
        x: An integer tensor.
        y: Number of places to shift, broadcastable against `x`.

    Returns:
        An integer tensor.
    """
    return backend.numpy.right_shift(x, y)
