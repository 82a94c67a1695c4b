"""Element-wise ops of one tensor.

Signs, powers, exponentials, logarithms, trigonometry, rounding and
clipping, complex parts, value tests, logical and bitwise negation; and
`vectorize`.
"""

from keras.src import backend
from keras.src.backend import KerasTensor
from keras.src.ops.numpy_ops.base import _defines_op
from keras.src.ops.numpy_ops.base import _export
from keras.src.ops.numpy_ops.base import _is_sparse
from keras.src.ops.numpy_ops.base import _keep_64bit
from keras.src.ops.numpy_ops.base import _NumpyOp
from keras.src.ops.numpy_ops.base import _shape_of
from keras.src.ops.numpy_ops.base import _traced_dtype
from keras.src.ops.numpy_ops.base import _Unary
from keras.src.ops.operation import dispatch_to


@_export("negative")
@_defines_op(_Unary, _keeps_64bit=True, _keeps_sparse=True)
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
@_defines_op(_Unary, _keeps_64bit=True, _keeps_sparse=True)
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
@_defines_op(_Unary, _keeps_64bit=True, _keeps_sparse=True)
def abs(x):
    """Short name of `keras.ops.absolute`.

    Args:
        x: Input tensor.

    Returns:
        A tensor of magnitudes, shaped like `x`.
    """
    return backend.numpy.abs(x)


@_export("sign")
@_defines_op(_Unary, _keeps_64bit=True, _keeps_sparse=True)
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
@_defines_op(_Unary, _keeps_64bit=True, _keeps_sparse=True)
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
@_defines_op(_Unary, _keeps_sparse=True)
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
@_defines_op(_Unary)
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
@_defines_op(_Unary, _keeps_64bit=True)
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
@_defines_op(_Unary, _keeps_64bit=True)
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
@_defines_op(_Unary, _keeps_64bit=True, _keeps_sparse=True)
def expm1(x):
    """Computes `exp(x) - 1`, keeping precision when `x` is near zero.

    Args:
        x: Input tensor; integer inputs are cast to `floatx`.

    Returns:
        A floating tensor of `exp(x) - 1`.
    """
    return backend.numpy.expm1(x)


@_export("log")
@_defines_op(_Unary)
def log(x):
    """Logarithm to base `e` of every entry.

    Args:
        x: Input tensor; integer inputs are cast to `floatx`.

    Returns:
        A floating tensor of logarithms: `-inf` at zero, `nan` below zero.
    """
    return backend.numpy.log(x)


@_export("log1p")
@_defines_op(_Unary, _keeps_sparse=True)
def log1p(x):
    """Computes `log(1 + x)`, keeping precision when `x` is near zero.

    Args:
        x: Input tensor; integer inputs are cast to `floatx`.

    Returns:
        A floating tensor of `log(1 + x)`.
    """
    return backend.numpy.log1p(x)


@_export("log2")
@_defines_op(_Unary)
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
@_defines_op(_Unary)
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
@_defines_op(_Unary, _keeps_sparse=True)
def sin(x):
    """Sine of every entry, with angles in radians.

    Args:
        x: Input tensor; integer inputs are cast to `floatx`.

    Returns:
        A floating tensor of sines, shaped like `x`.
    """
    return backend.numpy.sin(x)


@_export("cos")
@_defines_op(_Unary)
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
@_defines_op(_Unary, _keeps_sparse=True)
def tan(x):
    """Tangent of every entry, with angles in radians.

    Args:
        x: Input tensor; integer inputs are cast to `floatx`.

    Returns:
        A floating tensor of tangents, shaped like `x`.
    """
    return backend.numpy.tan(x)


@_export("arcsin")
@_defines_op(_Unary, _keeps_sparse=True)
def arcsin(x):
    """Inverse sine of every entry.

    Args:
        x: Input tensor; integer inputs are cast to `floatx`.

    Returns:
        Angles in radians within `[-pi/2, pi/2]`; `nan` outside `[-1, 1]`.
    """
    return backend.numpy.arcsin(x)


@_export("arccos")
@_defines_op(_Unary)
def arccos(x):
    """Inverse cosine of every entry.

    Args:
        x: Input tensor; integer inputs are cast to `floatx`.

    Returns:
        Angles in radians within `[0, pi]`; `nan` outside `[-1, 1]`.
    """
    return backend.numpy.arccos(x)


@_export("arctan")
@_defines_op(_Unary, _keeps_sparse=True)
def arctan(x):
    """Inverse tangent of every entry.

    Args:
        x: Input tensor; integer inputs are cast to `floatx`.

    Returns:
        Angles in radians within `[-pi/2, pi/2]`.
    """
    return backend.numpy.arctan(x)


@_export("sinh")
@_defines_op(_Unary, _keeps_sparse=True)
def sinh(x):
    """Hyperbolic sine of every entry.

    Args:
        x: Input tensor; integer inputs are cast to `floatx`.

    Returns:
        A floating tensor shaped like `x`.
    """
    return backend.numpy.sinh(x)


@_export("cosh")
@_defines_op(_Unary)
def cosh(x):
    """Hyperbolic cosine of every entry.

    Args:
        x: Input tensor; integer inputs are cast to `floatx`.

    Returns:
        A floating tensor shaped like `x`.
    """
    return backend.numpy.cosh(x)


@_export("tanh")
@_defines_op(_Unary, _keeps_sparse=True)
def tanh(x):
    """Hyperbolic tangent of every entry.

    Args:
        x: Input tensor; integer inputs are cast to `floatx`.

    Returns:
        A floating tensor shaped like `x`, with values in `[-1, 1]`.
    """
    return backend.numpy.tanh(x)


@_export("arcsinh")
@_defines_op(_Unary, _keeps_sparse=True)
def arcsinh(x):
    """Inverse of the hyperbolic sine, for every entry.

    Args:
        x: Input tensor; integer inputs are cast to `floatx`.

    Returns:
        A floating tensor shaped like `x`.
    """
    return backend.numpy.arcsinh(x)


@_export("arccosh")
@_defines_op(_Unary)
def arccosh(x):
    """Inverse of the hyperbolic cosine, for every entry.

    Args:
        x: Input tensor; integer inputs are cast to `floatx`.

    Returns:
        A floating tensor shaped like `x`; `nan` where `x < 1`.
    """
    return backend.numpy.arccosh(x)


@_export("arctanh")
@_defines_op(_Unary, _keeps_sparse=True)
def arctanh(x):
    """Inverse of the hyperbolic tangent, for every entry.

    Args:
        x: Input tensor; integer inputs are cast to `floatx`.

    Returns:
        A floating tensor shaped like `x`; `nan` outside `[-1, 1]`.
    """
    return backend.numpy.arctanh(x)


@_export("floor")
@_defines_op(_Unary, _keeps_sparse=True)
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
@_defines_op(_Unary, _keeps_sparse=True)
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
@_defines_op(_Unary, _keeps_64bit=True, _keeps_sparse=True)
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


@_export("cbrt")
@_defines_op(_Unary)
def cbrt(x):
    """Real cube root of each entry.

    Negative inputs give negative roots. Integer inputs are cast to
    `keras.config.floatx()`.

    Args:
        x: Input tensor.

    Returns:
        A floating tensor of cube roots.

    Example:

    >>> keras.ops.cbrt(np.array([27.0, -8.0, 0.125]))
    array([ 3. , -2. ,  0.5], dtype=float32)
    """
    return backend.numpy.cbrt(x)


@_export("deg2rad")
@_defines_op(_Unary)
def deg2rad(x):
    """Converts angles from degrees to radians.

    Args:
        x: Angles in degrees.

    Returns:
        A floating tensor of the same angles in radians.

    Example:

    >>> keras.ops.deg2rad(np.array([90.0, -45.0]))
    array([ 1.5707964, -0.7853982], dtype=float32)
    """
    return backend.numpy.deg2rad(x)


@_export("rad2deg")
@_defines_op(_Unary)
def rad2deg(x):
    """Converts angles from radians to degrees.

    Args:
        x: Angles in radians.

    Returns:
        A floating tensor of the same angles in degrees.

    Example:

    >>> keras.ops.rad2deg(np.array([np.pi / 4, -np.pi]))
    array([  45., -180.], dtype=float32)
    """
    return backend.numpy.rad2deg(x)


@_export("fabs")
@_defines_op(_Unary, _keeps_64bit=True)
def fabs(x):
    """Absolute value of each entry, always returned as a float.

    Unlike `keras.ops.absolute`, integer inputs are cast to
    `keras.config.floatx()`.

    Args:
        x: Input tensor.

    Returns:
        A floating tensor of absolute values.

    Example:

    >>> keras.ops.fabs(np.array([-3, 4]))
    array([3., 4.], dtype=float32)
    """
    return backend.numpy.fabs(x)


@_export("signbit")
@_defines_op(_Unary)
def signbit(x):
    """Whether the sign bit of each entry is set.

    This is `True` for negative numbers, including `-0.0`.

    Args:
        x: Input tensor.

    Returns:
        A boolean tensor.

    Example:

    >>> keras.ops.signbit(np.array([-1.5, -0.0, 2.0]))
    array([ True,  True, False])
    """
    return backend.numpy.signbit(x)


@_export("sinc")
@_defines_op(_Unary)
def sinc(x):
    """Normalized sinc function, `sin(pi * x) / (pi * x)`.

    Its value at 0 is 1 (the limit).

    Args:
        x: Input tensor.

    Returns:
        A floating tensor.

    Example:

    >>> keras.ops.sinc(np.array([0.0, 0.5, 1.0]))
    array([ 1.0000000e+00,  6.3661975e-01, -2.7827534e-08], dtype=float32)
    """
    return backend.numpy.sinc(x)


@_export("i0")
@_defines_op(_Unary)
def i0(x):
    """Evaluates `I0`, the order-zero modified Bessel function, entry-wise.

    `I0` is the modified Bessel function of the first kind; it equals 1 at
    0 and grows like `exp(|x|)`.

    Args:
        x: Input tensor.

    Returns:
        A floating tensor of `I0(x)`.

    Example:

    >>> x = keras.ops.i0(np.array([0.0, 1.0]))
    >>> keras.ops.convert_to_numpy(x).round(4)
    array([1.    , 1.2661], dtype=float32)
    """
    return backend.numpy.i0(x)


@_export("angle")
@_defines_op(_Unary)
def angle(x):
    """Argument (phase angle) of each complex entry, in radians.

    Real inputs give 0 for non-negative values and `pi` for negative ones.

    Args:
        x: Input tensor, real or complex.

    Returns:
        A floating tensor of angles in `(-pi, pi]`.

    Example:

    >>> keras.ops.angle(np.array([1j, -1.0 + 0j]))
    array([1.5707964, 3.1415927], dtype=float32)
    """
    return backend.numpy.angle(x)


@_export("conjugate")
@_defines_op(_Unary, _keeps_64bit=True, _keeps_sparse=True)
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


@_export("conj")
@_defines_op(_Unary, _keeps_64bit=True, _keeps_sparse=True)
def conj(x):
    """Complex conjugate of each entry.

    Short name of `keras.ops.conjugate`; real inputs are returned as they
    are.

    Args:
        x: Input tensor.

    Returns:
        A tensor of conjugates.

    Example:

    >>> keras.ops.conj(np.array([2 - 5j]))
    array([2.+5.j], dtype=complex64)
    """
    return backend.numpy.conj(x)


@_export("real")
@_defines_op(_Unary, _keeps_64bit=True, _keeps_sparse=True)
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
@_defines_op(_Unary, _keeps_64bit=True, _keeps_sparse=True)
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


@_export("isfinite")
@_defines_op(_Unary)
def isfinite(x):
    """Marks the entries of `x` that are neither infinite nor `nan`.

    Args:
        x: Input tensor.

    Returns:
        A boolean tensor shaped like `x`.
    """
    return backend.numpy.isfinite(x)


@_export("isinf")
@_defines_op(_Unary)
def isinf(x):
    """Marks the entries of `x` equal to `+inf` or `-inf`.

    Args:
        x: Input tensor.

    Returns:
        A boolean tensor shaped like `x`.
    """
    return backend.numpy.isinf(x)


@_export("isnan")
@_defines_op(_Unary)
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


@_export("isneginf")
@_defines_op(_Unary)
def isneginf(x):
    """Whether each entry is negative infinity.

    Args:
        x: Input tensor.

    Returns:
        A boolean tensor.

    Example:

    >>> keras.ops.isneginf(np.array([-np.inf, np.inf, -2.0]))
    array([ True, False, False])
    """
    return backend.numpy.isneginf(x)


@_export("isposinf")
@_defines_op(_Unary)
def isposinf(x):
    """Whether each entry is positive infinity.

    Args:
        x: Input tensor.

    Returns:
        A boolean tensor.

    Example:

    >>> keras.ops.isposinf(np.array([-np.inf, np.inf, 2.0]))
    array([False,  True, False])
    """
    return backend.numpy.isposinf(x)


@_export("isreal")
@_defines_op(_Unary)
def isreal(x):
    """Whether each entry has a zero imaginary part.

    Entries of a real tensor are all real.

    Args:
        x: Input tensor.

    Returns:
        A boolean tensor.

    Example:

    >>> keras.ops.isreal(np.array([3 + 0j, 1 - 2j]))
    array([ True, False])
    """
    return backend.numpy.isreal(x)


@_export("logical_not")
@_defines_op(_Unary)
def logical_not(x):
    """Logical negation of every entry: `True` exactly where `x` is zero.

    Args:
        x: Input tensor.

    Returns:
        A boolean tensor shaped like `x`.
    """
    return backend.numpy.logical_not(x)


@_export("bitwise_invert")
@_defines_op(_Unary, _keeps_64bit=True)
def bitwise_invert(x):
    """Flips every bit of each entry (bitwise NOT).

    For signed integers this computes `-x - 1`; for booleans it is a
    logical negation. `keras.ops.bitwise_not` is the same op.

    Args:
        x: An integer or boolean tensor.

    Returns:
        A tensor of the same dtype.

    Example:

    >>> keras.ops.bitwise_invert(np.array([0, 5, -3]))
    array([-1, -6,  2], dtype=int32)
    """
    return backend.numpy.bitwise_invert(x)


@_export("bitwise_not")
@_defines_op(_Unary, _keeps_64bit=True)
def bitwise_not(x):
    """Flips every bit of each entry.

    Alias of `keras.ops.bitwise_invert`.

    Args:
        x: An integer or boolean tensor.

    Returns:
        A tensor of the same dtype.
    """
    return backend.numpy.bitwise_not(x)


class Round(_NumpyOp):
    def __init__(self, decimals=0, *, name=None):
        super().__init__(name=name)

    def compute_output_spec(self, x):
        dtype = _keep_64bit(_traced_dtype(self.call, x), x)
        return KerasTensor(_shape_of(x), dtype=dtype, sparse=_is_sparse(x))


@_export("round")
@dispatch_to(Round)
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


class Clip(_NumpyOp):
    def __init__(self, x_min, x_max, *, name=None):
        super().__init__(name=name)

    def compute_output_spec(self, x):
        return KerasTensor(_shape_of(x), dtype=_traced_dtype(self.call, x))


@_export("clip")
@dispatch_to(Clip)
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


class NanToNum(_NumpyOp):
    def __init__(self, nan=0.0, posinf=None, neginf=None, *, name=None):
        super().__init__(name=name)

    def compute_output_spec(self, x):
        dtype = _keep_64bit(_traced_dtype(self.call, x), x)
        return KerasTensor(_shape_of(x), dtype=dtype)


@_export("nan_to_num")
@dispatch_to(NanToNum)
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


@_export("vectorize")
def vectorize(pyfunc, *, excluded=None, signature=None):
    """Turns a function of scalars (or of core arrays) into one of tensors.

    The returned function maps `pyfunc` over the leading axes of its
    arguments, with broadcasting, like a NumPy universal function.

    Args:
        pyfunc: The function to vectorize.
        excluded: Optional set of argument positions or names that are
            passed through unchanged.
        signature: Optional generalized signature such as `"(n),(n)->()"`
            giving the core dimensions of the arguments and result.

    Returns:
        The vectorized function.

    Example:

    >>> clipped_square = keras.ops.vectorize(
    ...     lambda v: keras.ops.minimum(v * v, 10.0)
    ... )
    >>> clipped_square(np.array([1.0, 3.0, 5.0]))
    array([ 1.,  9., 10.], dtype=float32)
    """
    return backend.numpy.vectorize(
        pyfunc, excluded=excluded, signature=signature
    )
