"""NumPy-style ops (`keras.ops.*`, `keras.ops.numpy.*`).

Every op accepts tensors, NumPy arrays, Python scalars and Keras Variables;
called on symbolic `KerasTensor`s it returns `KerasTensor`s whose shape and
dtype are inferred by tracing.

Dtypes follow NumPy promotion with two Keras rules: Python scalars are weakly
typed (`float32_tensor + 1.0` stays `float32`), and ops that need a float
result (`sqrt`, `exp`, `mean`, `divide` ...) turn integer inputs into
`keras.config.floatx()`.
"""

import builtins
import inspect
import math

import numpy as np

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.backend import KerasTensor
from keras.src.backend import any_symbolic_tensors
from keras.src.backend.common import dtypes
from keras.src.ops.operation import Operation
from keras.src.ops.operation_utils import canonical_axes as _canonical_axes
from keras.src.ops.operation_utils import canonical_axis as _canonical_axis
from keras.src.ops.operation_utils import compute_expand_dims_output_shape
from keras.src.ops.operation_utils import compute_reshape_output_shape
from keras.src.ops.operation_utils import multiply_dims as _multiply_dims
from keras.src.ops.operation_utils import reduce_shape as _reduce_shape


def _export(*names):
    return keras_export(
        [f"keras.ops.{n}" for n in names]
        + [f"keras.ops.numpy.{n}" for n in names]
    )


# --------------------------------------------------------------------------
# Shared helpers: static shapes, axes and dtypes of symbolic results.
# --------------------------------------------------------------------------


class _NumpyOp(Operation):
    """Base of the ops of this module.

    Subclasses store each constructor argument under its own name, so that
    `get_config` can return them all and `from_config` rebuild the op.
    """

    def get_config(self):
        config = {"name": self.name}
        signature = inspect.signature(type(self).__init__)
        for param in list(signature.parameters.values())[1:]:
            if param.name == "name" or param.kind in (
                param.VAR_POSITIONAL,
                param.VAR_KEYWORD,
            ):
                continue
            config[param.name] = getattr(self, param.name)
        return config


_PY_SCALARS = (bool, int, float, complex)


def _shape_of(x):
    """Static shape of a tensor, KerasTensor, array, list or scalar."""
    if isinstance(x, _PY_SCALARS) or x is None:
        return ()
    shape = getattr(x, "shape", None)
    if shape is None:
        return tuple(np.shape(x))
    return tuple(shape)


def _dtype_of(x):
    """dtype name of `x`; Python scalars map to their default dtype."""
    if isinstance(x, bool):
        return "bool"
    if isinstance(x, int):
        return "int32"
    if isinstance(x, float):
        return backend.floatx()
    dtype = getattr(x, "dtype", None)
    if dtype is None:
        return dtypes.standardize_dtype(backend.convert_to_tensor(x).dtype)
    return dtypes.standardize_dtype(dtype)


def _probe(x, rank=None):
    """Stand-in used to trace the dtype of a result.

    Tensors become KerasTensors of the same dtype whose dimensions are all 1
    (or `()` when `rank` is 0); Python scalars stay as they are, so that they
    keep their weak type.
    """
    if x is None or isinstance(x, _PY_SCALARS + (str,)):
        return x
    if isinstance(x, (list, tuple)) and not builtins.any(
        hasattr(v, "shape") for v in x
    ):
        x = np.asarray(x)
    if not hasattr(x, "dtype") or not hasattr(x, "shape"):
        return x
    ndim = len(x.shape) if rank is None else rank
    return KerasTensor((1,) * ndim, dtype=_dtype_of(x))


def _traced_dtype(fn, *args, rank=None, **kwargs):
    """dtype of `fn(*args, **kwargs)`, found by tracing it on stand-ins."""
    probes = [_probe(a, rank) for a in args]
    kwargs = {k: _probe(v, rank) for k, v in kwargs.items()}
    try:
        spec = backend.compute_output_spec(fn, *probes, **kwargs)
    except (TypeError, ValueError):
        # The op rejects these dtypes (e.g. bitwise ops on floats); report
        # the promoted dtype and let the actual call raise.
        return dtypes.result_type(
            *[
                type(a) if isinstance(a, _PY_SCALARS) else _dtype_of(a)
                for a in args
                if isinstance(a, _PY_SCALARS) or hasattr(a, "dtype")
            ]
        )
    while isinstance(spec, (list, tuple)):
        spec = spec[0]
    return spec.dtype


_WIDE = {"int64": "int32", "float64": "float32"}


def _keep_64bit(dtype, x):
    """Widens a traced 32-bit `dtype` back to the 64-bit dtype of `x`.

    Tracing runs JAX without 64-bit types, so an `int64` or `float64`
    KerasTensor comes out as `int32` / `float32`. Ops whose symbolic result
    keeps the input's width (as in upstream Keras) restore it here.
    """
    wide = _dtype_of(x) if hasattr(x, "dtype") else None
    if wide in _WIDE and dtype == _WIDE[wide]:
        return wide
    return dtype


def broadcast_shapes(shape1, shape2):
    """Shape that `shape1` and `shape2` broadcast to.

    `None` (unknown) dimensions are allowed: against a known size other than
    1 they take that size.

    Args:
        shape1: A tuple or list of ints or `None`.
        shape2: A tuple or list of ints or `None`.

    Returns:
        The broadcast shape, as a list.

    Example:

    >>> from keras.src.ops.numpy import broadcast_shapes
    >>> broadcast_shapes((4, 1), (None, 7))
    [4, 7]
    """
    shape1, shape2 = list(shape1), list(shape2)
    length = builtins.max(len(shape1), len(shape2))
    padded1 = [1] * (length - len(shape1)) + shape1
    padded2 = [1] * (length - len(shape2)) + shape2
    output = []
    for d1, d2 in zip(padded1, padded2):
        if d1 == 1:
            output.append(d2)
        elif d2 == 1 or d2 is None:
            output.append(d1)
        elif d1 is None or d1 == d2:
            output.append(d2)
        else:
            raise ValueError(
                "Cannot broadcast shape, the failure dim has value "
                f"{d1}, which cannot be broadcasted to {d2}. Input shapes "
                f"are: {shape1} and {shape2}."
            )
    return output


def shape_equal(shape1, shape2, axis=None, allow_none=True):
    """Whether two shapes match, optionally ignoring some axes.

    Args:
        shape1: A tuple or list of ints or `None`.
        shape2: A tuple or list of ints or `None`.
        axis: An int or a list of ints: axes whose sizes are not compared.
        allow_none: Whether an unknown (`None`) size matches any size.

    Returns:
        `True` when both shapes have the same rank and agree on every
        compared axis.

    Example:

    >>> from keras.src.ops.numpy import shape_equal
    >>> shape_equal((3, None, 5), (3, 8, 6), axis=2)
    True
    """
    if len(shape1) != len(shape2):
        return False
    shape1, shape2 = list(shape1), list(shape2)
    if axis is not None:
        for a in [axis] if isinstance(axis, int) else axis:
            shape1[a] = -1
            shape2[a] = -1
    for d1, d2 in zip(shape1, shape2):
        if allow_none and (d1 is None or d2 is None):
            continue
        if d1 != d2:
            return False
    return True


# --------------------------------------------------------------------------
# Element-wise ops: a shared base class for unary and for binary ones.
# --------------------------------------------------------------------------


def _is_sparse(x):
    return bool(getattr(x, "sparse", False))


class _Unary(_NumpyOp):
    """Element-wise op of one tensor calling `backend.numpy.<_fn>`.

    `_keeps_sparse` marks ops that map 0 to 0: their result on a sparse
    tensor is sparse too.
    """

    _fn = None
    _keeps_sparse = False
    # Whether a 64-bit input keeps its width in the symbolic result.
    _keeps_64bit = False

    def call(self, x):
        return getattr(backend.numpy, self._fn)(x)

    def compute_output_spec(self, x):
        dtype = _traced_dtype(self.call, x)
        if self._keeps_64bit:
            dtype = _keep_64bit(dtype, x)
        return KerasTensor(
            _shape_of(x),
            dtype=dtype,
            sparse=self._keeps_sparse and _is_sparse(x),
        )


class _Binary(_NumpyOp):
    """Broadcasting element-wise op calling `backend.numpy.<_fn>`.

    `_sparse_rule` tells when the result of sparse inputs is sparse:
    `"union"` (both inputs sparse, e.g. `add`), `"intersection"` (either
    input sparse, `multiply`) or `"division"` (sparse dividend over a dense
    divisor); `None` means never.
    """

    _fn = None
    _sparse_rule = None

    def call(self, x1, x2):
        return getattr(backend.numpy, self._fn)(x1, x2)

    def compute_output_spec(self, x1, x2):
        shape = broadcast_shapes(_shape_of(x1), _shape_of(x2))
        dtype = _traced_dtype(self.call, x1, x2)
        sparse1, sparse2 = _is_sparse(x1), _is_sparse(x2)
        if self._sparse_rule == "union":
            sparse = sparse1 and sparse2
        elif self._sparse_rule == "intersection":
            sparse = sparse1 or sparse2
        elif self._sparse_rule == "division":
            sparse = sparse1 and not sparse2
        else:
            sparse = False
        return KerasTensor(shape, dtype=dtype, sparse=sparse)


class _BitwiseBinary(_Binary):
    """A bitwise `_Binary` op, whose inputs are named `x` and `y` as in its
    function."""

    def call(self, x, y):
        return super().call(x, y)

    def compute_output_spec(self, x, y):
        return super().compute_output_spec(x, y)


# --------------------------------------------------------------------------
# Element-wise binary ops (broadcasting).
# --------------------------------------------------------------------------


class Add(_Binary):
    _fn = "add"
    _sparse_rule = "union"


@_export("add")
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
    if any_symbolic_tensors((x1, x2)):
        return Add().symbolic_call(x1, x2)
    return backend.numpy.add(x1, x2)


class Subtract(_Binary):
    _fn = "subtract"
    _sparse_rule = "union"


@_export("subtract")
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
    if any_symbolic_tensors((x1, x2)):
        return Subtract().symbolic_call(x1, x2)
    return backend.numpy.subtract(x1, x2)


class Multiply(_Binary):
    _fn = "multiply"
    _sparse_rule = "intersection"


@_export("multiply")
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
    if any_symbolic_tensors((x1, x2)):
        return Multiply().symbolic_call(x1, x2)
    return backend.numpy.multiply(x1, x2)


class Divide(_Binary):
    _fn = "divide"
    _sparse_rule = "division"


@_export("divide")
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
    if any_symbolic_tensors((x1, x2)):
        return Divide().symbolic_call(x1, x2)
    return backend.numpy.divide(x1, x2)


class TrueDivide(_Binary):
    _fn = "true_divide"
    _sparse_rule = "division"


@_export("true_divide")
def true_divide(x1, x2):
    """NumPy-named twin of `keras.ops.divide`.

    Args:
        x1: Dividend.
        x2: Divisor, broadcastable against `x1`.

    Returns:
        A floating tensor of quotients.
    """
    if any_symbolic_tensors((x1, x2)):
        return TrueDivide().symbolic_call(x1, x2)
    return backend.numpy.true_divide(x1, x2)


class FloorDivide(_Binary):
    _fn = "floor_divide"


@_export("floor_divide")
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
    if any_symbolic_tensors((x1, x2)):
        return FloorDivide().symbolic_call(x1, x2)
    return backend.numpy.floor_divide(x1, x2)


class Mod(_Binary):
    _fn = "mod"


@_export("mod")
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
    if any_symbolic_tensors((x1, x2)):
        return Mod().symbolic_call(x1, x2)
    return backend.numpy.mod(x1, x2)


class Power(_Binary):
    _fn = "power"


@_export("power")
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
    if any_symbolic_tensors((x1, x2)):
        return Power().symbolic_call(x1, x2)
    return backend.numpy.power(x1, x2)


class Maximum(_Binary):
    _fn = "maximum"
    _sparse_rule = "union"


@_export("maximum")
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
    if any_symbolic_tensors((x1, x2)):
        return Maximum().symbolic_call(x1, x2)
    return backend.numpy.maximum(x1, x2)


class Minimum(_Binary):
    _fn = "minimum"
    _sparse_rule = "union"


@_export("minimum")
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
    if any_symbolic_tensors((x1, x2)):
        return Minimum().symbolic_call(x1, x2)
    return backend.numpy.minimum(x1, x2)


class Arctan2(_Binary):
    _fn = "arctan2"


@_export("arctan2")
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
    if any_symbolic_tensors((x1, x2)):
        return Arctan2().symbolic_call(x1, x2)
    return backend.numpy.arctan2(x1, x2)


class Logaddexp(_Binary):
    _fn = "logaddexp"


@_export("logaddexp")
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
    if any_symbolic_tensors((x1, x2)):
        return Logaddexp().symbolic_call(x1, x2)
    return backend.numpy.logaddexp(x1, x2)


class Logaddexp2(_Binary):
    _fn = "logaddexp2"


@_export("logaddexp2")
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
    if any_symbolic_tensors((x1, x2)):
        return Logaddexp2().symbolic_call(x1, x2)
    return backend.numpy.logaddexp2(x1, x2)


class Hypot(_Binary):
    _fn = "hypot"


@_export("hypot")
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
    if any_symbolic_tensors((x1, x2)):
        return Hypot().symbolic_call(x1, x2)
    return backend.numpy.hypot(x1, x2)


class Heaviside(_Binary):
    _fn = "heaviside"


@_export("heaviside")
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
    if any_symbolic_tensors((x1, x2)):
        return Heaviside().symbolic_call(x1, x2)
    return backend.numpy.heaviside(x1, x2)


class Fmax(_Binary):
    _fn = "fmax"


@_export("fmax")
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
    if any_symbolic_tensors((x1, x2)):
        return Fmax().symbolic_call(x1, x2)
    return backend.numpy.fmax(x1, x2)


class Fmin(_Binary):
    _fn = "fmin"


@_export("fmin")
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
    if any_symbolic_tensors((x1, x2)):
        return Fmin().symbolic_call(x1, x2)
    return backend.numpy.fmin(x1, x2)


class Fmod(_Binary):
    _fn = "fmod"


@_export("fmod")
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
    if any_symbolic_tensors((x1, x2)):
        return Fmod().symbolic_call(x1, x2)
    return backend.numpy.fmod(x1, x2)


class Gcd(_Binary):
    _fn = "gcd"


@_export("gcd")
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
    if any_symbolic_tensors((x1, x2)):
        return Gcd().symbolic_call(x1, x2)
    return backend.numpy.gcd(x1, x2)


class Lcm(_Binary):
    _fn = "lcm"


@_export("lcm")
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
    if any_symbolic_tensors((x1, x2)):
        return Lcm().symbolic_call(x1, x2)
    return backend.numpy.lcm(x1, x2)


class Ldexp(_Binary):
    _fn = "ldexp"


@_export("ldexp")
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
    if any_symbolic_tensors((x1, x2)):
        return Ldexp().symbolic_call(x1, x2)
    return backend.numpy.ldexp(x1, x2)


class Nextafter(_Binary):
    _fn = "nextafter"


@_export("nextafter")
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
    if any_symbolic_tensors((x1, x2)):
        return Nextafter().symbolic_call(x1, x2)
    return backend.numpy.nextafter(x1, x2)


class DivideNoNan(_Binary):
    _fn = "divide_no_nan"


@_export("divide_no_nan")
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
    if any_symbolic_tensors((x1, x2)):
        return DivideNoNan().symbolic_call(x1, x2)
    return backend.numpy.divide_no_nan(x1, x2)


class Equal(_Binary):
    _fn = "equal"


@_export("equal")
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
    if any_symbolic_tensors((x1, x2)):
        return Equal().symbolic_call(x1, x2)
    return backend.numpy.equal(x1, x2)


class NotEqual(_Binary):
    _fn = "not_equal"


@_export("not_equal")
def not_equal(x1, x2):
    """Tests `x1 != x2` at each position.

    Args:
        x1: A tensor.
        x2: A tensor broadcastable against `x1`.

    Returns:
        A boolean tensor, `True` where the two values differ.
    """
    if any_symbolic_tensors((x1, x2)):
        return NotEqual().symbolic_call(x1, x2)
    return backend.numpy.not_equal(x1, x2)


class Less(_Binary):
    _fn = "less"


@_export("less")
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
    if any_symbolic_tensors((x1, x2)):
        return Less().symbolic_call(x1, x2)
    return backend.numpy.less(x1, x2)


class LessEqual(_Binary):
    _fn = "less_equal"


@_export("less_equal")
def less_equal(x1, x2):
    """Tests `x1 <= x2` at each position.

    Args:
        x1: A tensor.
        x2: A tensor broadcastable against `x1`.

    Returns:
        A boolean tensor holding the outcome of each comparison.
    """
    if any_symbolic_tensors((x1, x2)):
        return LessEqual().symbolic_call(x1, x2)
    return backend.numpy.less_equal(x1, x2)


class Greater(_Binary):
    _fn = "greater"


@_export("greater")
def greater(x1, x2):
    """Tests `x1 > x2` at each position.

    Args:
        x1: A tensor.
        x2: A tensor broadcastable against `x1`.

    Returns:
        A boolean tensor holding the outcome of each comparison.
    """
    if any_symbolic_tensors((x1, x2)):
        return Greater().symbolic_call(x1, x2)
    return backend.numpy.greater(x1, x2)


class GreaterEqual(_Binary):
    _fn = "greater_equal"


@_export("greater_equal")
def greater_equal(x1, x2):
    """Tests `x1 >= x2` at each position.

    Args:
        x1: A tensor.
        x2: A tensor broadcastable against `x1`.

    Returns:
        A boolean tensor holding the outcome of each comparison.
    """
    if any_symbolic_tensors((x1, x2)):
        return GreaterEqual().symbolic_call(x1, x2)
    return backend.numpy.greater_equal(x1, x2)


class LogicalAnd(_Binary):
    _fn = "logical_and"


@_export("logical_and")
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
    if any_symbolic_tensors((x1, x2)):
        return LogicalAnd().symbolic_call(x1, x2)
    return backend.numpy.logical_and(x1, x2)


class LogicalOr(_Binary):
    _fn = "logical_or"


@_export("logical_or")
def logical_or(x1, x2):
    """Logical disjunction of `x1` and `x2` at each position.

    Non-zero entries count as `True` and zeros as `False`.

    Args:
        x1: A tensor.
        x2: A tensor broadcastable against `x1`.

    Returns:
        A boolean tensor.
    """
    if any_symbolic_tensors((x1, x2)):
        return LogicalOr().symbolic_call(x1, x2)
    return backend.numpy.logical_or(x1, x2)


class LogicalXor(_Binary):
    _fn = "logical_xor"


@_export("logical_xor")
def logical_xor(x1, x2):
    """Exclusive or of `x1` and `x2` at each position.

    Non-zero entries count as `True` and zeros as `False`.

    Args:
        x1: A tensor.
        x2: A tensor broadcastable against `x1`.

    Returns:
        A boolean tensor, `True` where exactly one operand is truthy.
    """
    if any_symbolic_tensors((x1, x2)):
        return LogicalXor().symbolic_call(x1, x2)
    return backend.numpy.logical_xor(x1, x2)


class BitwiseAnd(_BitwiseBinary):
    _fn = "bitwise_and"


@_export("bitwise_and")
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
    if any_symbolic_tensors((x, y)):
        return BitwiseAnd().symbolic_call(x, y)
    return backend.numpy.bitwise_and(x, y)


class BitwiseOr(_BitwiseBinary):
    _fn = "bitwise_or"


@_export("bitwise_or")
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
    if any_symbolic_tensors((x, y)):
        return BitwiseOr().symbolic_call(x, y)
    return backend.numpy.bitwise_or(x, y)


class BitwiseXor(_BitwiseBinary):
    _fn = "bitwise_xor"


@_export("bitwise_xor")
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
    if any_symbolic_tensors((x, y)):
        return BitwiseXor().symbolic_call(x, y)
    return backend.numpy.bitwise_xor(x, y)


class BitwiseLeftShift(_BitwiseBinary):
    _fn = "bitwise_left_shift"


@_export("bitwise_left_shift")
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
    if any_symbolic_tensors((x, y)):
        return BitwiseLeftShift().symbolic_call(x, y)
    return backend.numpy.bitwise_left_shift(x, y)


class LeftShift(_BitwiseBinary):
    _fn = "left_shift"


@_export("left_shift")
def left_shift(x, y):
    """Shifts the bits of `x` to the left by `y` places.

    Alias of `keras.ops.bitwise_left_shift`.

    Args:
        x: An integer tensor.
        y: Number of places to shift, broadcastable against `x`.

    Returns:
        An integer tensor.
    """
    if any_symbolic_tensors((x, y)):
        return LeftShift().symbolic_call(x, y)
    return backend.numpy.left_shift(x, y)


class BitwiseRightShift(_BitwiseBinary):
    _fn = "bitwise_right_shift"


@_export("bitwise_right_shift")
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
    if any_symbolic_tensors((x, y)):
        return BitwiseRightShift().symbolic_call(x, y)
    return backend.numpy.bitwise_right_shift(x, y)


class RightShift(_BitwiseBinary):
    _fn = "right_shift"


@_export("right_shift")
def right_shift(x, y):
    """Shifts the bits of `x` to the right by `y` places.

    Alias of `keras.ops.bitwise_right_shift`.

    Args:
        x: An integer tensor.
        y: Number of places to shift, broadcastable against `x`.

    Returns:
        An integer tensor.
    """
    if any_symbolic_tensors((x, y)):
        return RightShift().symbolic_call(x, y)
    return backend.numpy.right_shift(x, y)


# --------------------------------------------------------------------------
# Element-wise unary ops.
# --------------------------------------------------------------------------


class Negative(_Unary):
    _fn = "negative"
    _keeps_64bit = True
    _keeps_sparse = True


@_export("negative")
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
    if any_symbolic_tensors((x,)):
        return Negative().symbolic_call(x)
    return backend.numpy.negative(x)


class Absolute(_Unary):
    _fn = "absolute"
    _keeps_64bit = True
    _keeps_sparse = True


@_export("absolute")
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
    if any_symbolic_tensors((x,)):
        return Absolute().symbolic_call(x)
    return backend.numpy.absolute(x)


class Abs(_Unary):
    _fn = "abs"
    _keeps_64bit = True
    _keeps_sparse = True


@_export("abs")
def abs(x):
    """Short name of `keras.ops.absolute`.

    Args:
        x: Input tensor.

    Returns:
        A tensor of magnitudes, shaped like `x`.
    """
    if any_symbolic_tensors((x,)):
        return Abs().symbolic_call(x)
    return backend.numpy.abs(x)


class Sign(_Unary):
    _fn = "sign"
    _keeps_64bit = True
    _keeps_sparse = True


@_export("sign")
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
    if any_symbolic_tensors((x,)):
        return Sign().symbolic_call(x)
    return backend.numpy.sign(x)


class Square(_Unary):
    _fn = "square"
    _keeps_64bit = True
    _keeps_sparse = True


@_export("square")
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
    if any_symbolic_tensors((x,)):
        return Square().symbolic_call(x)
    return backend.numpy.square(x)


class Sqrt(_Unary):
    _fn = "sqrt"
    _keeps_sparse = True


@_export("sqrt")
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
    if any_symbolic_tensors((x,)):
        return Sqrt().symbolic_call(x)
    return backend.numpy.sqrt(x)


class Reciprocal(_Unary):
    _fn = "reciprocal"


@_export("reciprocal")
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
    if any_symbolic_tensors((x,)):
        return Reciprocal().symbolic_call(x)
    return backend.numpy.reciprocal(x)


class Exp(_Unary):
    _fn = "exp"
    _keeps_64bit = True


@_export("exp")
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
    if any_symbolic_tensors((x,)):
        return Exp().symbolic_call(x)
    return backend.numpy.exp(x)


class Exp2(_Unary):
    _fn = "exp2"
    _keeps_64bit = True


@_export("exp2")
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
    if any_symbolic_tensors((x,)):
        return Exp2().symbolic_call(x)
    return backend.numpy.exp2(x)


class Expm1(_Unary):
    _fn = "expm1"
    _keeps_64bit = True
    _keeps_sparse = True


@_export("expm1")
def expm1(x):
    """Computes `exp(x) - 1`, keeping precision when `x` is near zero.

    Args:
        x: Input tensor; integer inputs are cast to `floatx`.

    Returns:
        A floating tensor of `exp(x) - 1`.
    """
    if any_symbolic_tensors((x,)):
        return Expm1().symbolic_call(x)
    return backend.numpy.expm1(x)


class Log(_Unary):
    _fn = "log"


@_export("log")
def log(x):
    """Logarithm to base `e` of every entry.

    Args:
        x: Input tensor; integer inputs are cast to `floatx`.

    Returns:
        A floating tensor of logarithms: `-inf` at zero, `nan` below zero.
    """
    if any_symbolic_tensors((x,)):
        return Log().symbolic_call(x)
    return backend.numpy.log(x)


class Log1p(_Unary):
    _fn = "log1p"
    _keeps_sparse = True


@_export("log1p")
def log1p(x):
    """Computes `log(1 + x)`, keeping precision when `x` is near zero.

    Args:
        x: Input tensor; integer inputs are cast to `floatx`.

    Returns:
        A floating tensor of `log(1 + x)`.
    """
    if any_symbolic_tensors((x,)):
        return Log1p().symbolic_call(x)
    return backend.numpy.log1p(x)


class Log2(_Unary):
    _fn = "log2"


@_export("log2")
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
    if any_symbolic_tensors((x,)):
        return Log2().symbolic_call(x)
    return backend.numpy.log2(x)


class Log10(_Unary):
    _fn = "log10"


@_export("log10")
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
    if any_symbolic_tensors((x,)):
        return Log10().symbolic_call(x)
    return backend.numpy.log10(x)


class Sin(_Unary):
    _fn = "sin"
    _keeps_sparse = True


@_export("sin")
def sin(x):
    """Sine of every entry, with angles in radians.

    Args:
        x: Input tensor; integer inputs are cast to `floatx`.

    Returns:
        A floating tensor of sines, shaped like `x`.
    """
    if any_symbolic_tensors((x,)):
        return Sin().symbolic_call(x)
    return backend.numpy.sin(x)


class Cos(_Unary):
    _fn = "cos"


@_export("cos")
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
    if any_symbolic_tensors((x,)):
        return Cos().symbolic_call(x)
    return backend.numpy.cos(x)


class Tan(_Unary):
    _fn = "tan"
    _keeps_sparse = True


@_export("tan")
def tan(x):
    """Tangent of every entry, with angles in radians.

    Args:
        x: Input tensor; integer inputs are cast to `floatx`.

    Returns:
        A floating tensor of tangents, shaped like `x`.
    """
    if any_symbolic_tensors((x,)):
        return Tan().symbolic_call(x)
    return backend.numpy.tan(x)


class Arcsin(_Unary):
    _fn = "arcsin"
    _keeps_sparse = True


@_export("arcsin")
def arcsin(x):
    """Inverse sine of every entry.

    Args:
        x: Input tensor; integer inputs are cast to `floatx`.

    Returns:
        Angles in radians within `[-pi/2, pi/2]`; `nan` outside `[-1, 1]`.
    """
    if any_symbolic_tensors((x,)):
        return Arcsin().symbolic_call(x)
    return backend.numpy.arcsin(x)


class Arccos(_Unary):
    _fn = "arccos"


@_export("arccos")
def arccos(x):
    """Inverse cosine of every entry.

    Args:
        x: Input tensor; integer inputs are cast to `floatx`.

    Returns:
        Angles in radians within `[0, pi]`; `nan` outside `[-1, 1]`.
    """
    if any_symbolic_tensors((x,)):
        return Arccos().symbolic_call(x)
    return backend.numpy.arccos(x)


class Arctan(_Unary):
    _fn = "arctan"
    _keeps_sparse = True


@_export("arctan")
def arctan(x):
    """Inverse tangent of every entry.

    Args:
        x: Input tensor; integer inputs are cast to `floatx`.

    Returns:
        Angles in radians within `[-pi/2, pi/2]`.
    """
    if any_symbolic_tensors((x,)):
        return Arctan().symbolic_call(x)
    return backend.numpy.arctan(x)


class Sinh(_Unary):
    _fn = "sinh"
    _keeps_sparse = True


@_export("sinh")
def sinh(x):
    """Hyperbolic sine of every entry.

    Args:
        x: Input tensor; integer inputs are cast to `floatx`.

    Returns:
        A floating tensor shaped like `x`.
    """
    if any_symbolic_tensors((x,)):
        return Sinh().symbolic_call(x)
    return backend.numpy.sinh(x)


class Cosh(_Unary):
    _fn = "cosh"


@_export("cosh")
def cosh(x):
    """Hyperbolic cosine of every entry.

    Args:
        x: Input tensor; integer inputs are cast to `floatx`.

    Returns:
        A floating tensor shaped like `x`.
    """
    if any_symbolic_tensors((x,)):
        return Cosh().symbolic_call(x)
    return backend.numpy.cosh(x)


class Tanh(_Unary):
    _fn = "tanh"
    _keeps_sparse = True


@_export("tanh")
def tanh(x):
    """Hyperbolic tangent of every entry.

    Args:
        x: Input tensor; integer inputs are cast to `floatx`.

    Returns:
        A floating tensor shaped like `x`, with values in `[-1, 1]`.
    """
    if any_symbolic_tensors((x,)):
        return Tanh().symbolic_call(x)
    return backend.numpy.tanh(x)


class Arcsinh(_Unary):
    _fn = "arcsinh"
    _keeps_sparse = True


@_export("arcsinh")
def arcsinh(x):
    """Inverse of the hyperbolic sine, for every entry.

    Args:
        x: Input tensor; integer inputs are cast to `floatx`.

    Returns:
        A floating tensor shaped like `x`.
    """
    if any_symbolic_tensors((x,)):
        return Arcsinh().symbolic_call(x)
    return backend.numpy.arcsinh(x)


class Arccosh(_Unary):
    _fn = "arccosh"


@_export("arccosh")
def arccosh(x):
    """Inverse of the hyperbolic cosine, for every entry.

    Args:
        x: Input tensor; integer inputs are cast to `floatx`.

    Returns:
        A floating tensor shaped like `x`; `nan` where `x < 1`.
    """
    if any_symbolic_tensors((x,)):
        return Arccosh().symbolic_call(x)
    return backend.numpy.arccosh(x)


class Arctanh(_Unary):
    _fn = "arctanh"
    _keeps_sparse = True


@_export("arctanh")
def arctanh(x):
    """Inverse of the hyperbolic tangent, for every entry.

    Args:
        x: Input tensor; integer inputs are cast to `floatx`.

    Returns:
        A floating tensor shaped like `x`; `nan` outside `[-1, 1]`.
    """
    if any_symbolic_tensors((x,)):
        return Arctanh().symbolic_call(x)
    return backend.numpy.arctanh(x)


class Floor(_Unary):
    _fn = "floor"
    _keeps_sparse = True


@_export("floor")
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
    if any_symbolic_tensors((x,)):
        return Floor().symbolic_call(x)
    return backend.numpy.floor(x)


class Ceil(_Unary):
    _fn = "ceil"
    _keeps_sparse = True


@_export("ceil")
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
    if any_symbolic_tensors((x,)):
        return Ceil().symbolic_call(x)
    return backend.numpy.ceil(x)


class Trunc(_Unary):
    _fn = "trunc"
    _keeps_64bit = True
    _keeps_sparse = True


@_export("trunc")
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
    if any_symbolic_tensors((x,)):
        return Trunc().symbolic_call(x)
    return backend.numpy.trunc(x)


class Cbrt(_Unary):
    _fn = "cbrt"


@_export("cbrt")
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
    if any_symbolic_tensors((x,)):
        return Cbrt().symbolic_call(x)
    return backend.numpy.cbrt(x)


class Deg2rad(_Unary):
    _fn = "deg2rad"


@_export("deg2rad")
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
    if any_symbolic_tensors((x,)):
        return Deg2rad().symbolic_call(x)
    return backend.numpy.deg2rad(x)


class Rad2deg(_Unary):
    _fn = "rad2deg"


@_export("rad2deg")
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
    if any_symbolic_tensors((x,)):
        return Rad2deg().symbolic_call(x)
    return backend.numpy.rad2deg(x)


class Fabs(_Unary):
    _fn = "fabs"
    _keeps_64bit = True


@_export("fabs")
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
    if any_symbolic_tensors((x,)):
        return Fabs().symbolic_call(x)
    return backend.numpy.fabs(x)


class Signbit(_Unary):
    _fn = "signbit"


@_export("signbit")
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
    if any_symbolic_tensors((x,)):
        return Signbit().symbolic_call(x)
    return backend.numpy.signbit(x)


class Sinc(_Unary):
    _fn = "sinc"


@_export("sinc")
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
    if any_symbolic_tensors((x,)):
        return Sinc().symbolic_call(x)
    return backend.numpy.sinc(x)


class I0(_Unary):
    _fn = "i0"


@_export("i0")
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
    if any_symbolic_tensors((x,)):
        return I0().symbolic_call(x)
    return backend.numpy.i0(x)


class Angle(_Unary):
    _fn = "angle"


@_export("angle")
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
    if any_symbolic_tensors((x,)):
        return Angle().symbolic_call(x)
    return backend.numpy.angle(x)


class Conjugate(_Unary):
    _fn = "conjugate"
    _keeps_64bit = True
    _keeps_sparse = True


@_export("conjugate")
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
    if any_symbolic_tensors((x,)):
        return Conjugate().symbolic_call(x)
    return backend.numpy.conjugate(x)


class Conj(_Unary):
    _fn = "conj"
    _keeps_64bit = True
    _keeps_sparse = True


@_export("conj")
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
    if any_symbolic_tensors((x,)):
        return Conj().symbolic_call(x)
    return backend.numpy.conj(x)


class Real(_Unary):
    _fn = "real"
    _keeps_64bit = True
    _keeps_sparse = True


@_export("real")
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
    if any_symbolic_tensors((x,)):
        return Real().symbolic_call(x)
    return backend.numpy.real(x)


class Imag(_Unary):
    _fn = "imag"
    _keeps_64bit = True
    _keeps_sparse = True


@_export("imag")
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
    if any_symbolic_tensors((x,)):
        return Imag().symbolic_call(x)
    return backend.numpy.imag(x)


class Isfinite(_Unary):
    _fn = "isfinite"


@_export("isfinite")
def isfinite(x):
    """Marks the entries of `x` that are neither infinite nor `nan`.

    Args:
        x: Input tensor.

    Returns:
        A boolean tensor shaped like `x`.
    """
    if any_symbolic_tensors((x,)):
        return Isfinite().symbolic_call(x)
    return backend.numpy.isfinite(x)


class Isinf(_Unary):
    _fn = "isinf"


@_export("isinf")
def isinf(x):
    """Marks the entries of `x` equal to `+inf` or `-inf`.

    Args:
        x: Input tensor.

    Returns:
        A boolean tensor shaped like `x`.
    """
    if any_symbolic_tensors((x,)):
        return Isinf().symbolic_call(x)
    return backend.numpy.isinf(x)


class Isnan(_Unary):
    _fn = "isnan"


@_export("isnan")
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
    if any_symbolic_tensors((x,)):
        return Isnan().symbolic_call(x)
    return backend.numpy.isnan(x)


class Isneginf(_Unary):
    _fn = "isneginf"


@_export("isneginf")
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
    if any_symbolic_tensors((x,)):
        return Isneginf().symbolic_call(x)
    return backend.numpy.isneginf(x)


class Isposinf(_Unary):
    _fn = "isposinf"


@_export("isposinf")
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
    if any_symbolic_tensors((x,)):
        return Isposinf().symbolic_call(x)
    return backend.numpy.isposinf(x)


class Isreal(_Unary):
    _fn = "isreal"


@_export("isreal")
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
    if any_symbolic_tensors((x,)):
        return Isreal().symbolic_call(x)
    return backend.numpy.isreal(x)


class LogicalNot(_Unary):
    _fn = "logical_not"


@_export("logical_not")
def logical_not(x):
    """Logical negation of every entry: `True` exactly where `x` is zero.

    Args:
        x: Input tensor.

    Returns:
        A boolean tensor shaped like `x`.
    """
    if any_symbolic_tensors((x,)):
        return LogicalNot().symbolic_call(x)
    return backend.numpy.logical_not(x)


class BitwiseInvert(_Unary):
    _fn = "bitwise_invert"
    _keeps_64bit = True


@_export("bitwise_invert")
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
    if any_symbolic_tensors((x,)):
        return BitwiseInvert().symbolic_call(x)
    return backend.numpy.bitwise_invert(x)


class BitwiseNot(_Unary):
    _fn = "bitwise_not"
    _keeps_64bit = True


@_export("bitwise_not")
def bitwise_not(x):
    """Flips every bit of each entry.

    Alias of `keras.ops.bitwise_invert`.

    Args:
        x: An integer or boolean tensor.

    Returns:
        A tensor of the same dtype.
    """
    if any_symbolic_tensors((x,)):
        return BitwiseNot().symbolic_call(x)
    return backend.numpy.bitwise_not(x)


# --------------------------------------------------------------------------
# Element-wise ops with parameters.
# --------------------------------------------------------------------------


class Round(_NumpyOp):
    def __init__(self, decimals=0, *, name=None):
        super().__init__(name=name)
        self.decimals = decimals

    def call(self, x):
        return backend.numpy.round(x, decimals=self.decimals)

    def compute_output_spec(self, x):
        dtype = _keep_64bit(_traced_dtype(self.call, x), x)
        return KerasTensor(_shape_of(x), dtype=dtype, sparse=_is_sparse(x))


@_export("round")
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
    if any_symbolic_tensors((x,)):
        return Round(decimals=decimals).symbolic_call(x)
    return backend.numpy.round(x, decimals=decimals)


class Clip(_NumpyOp):
    def __init__(self, x_min, x_max, *, name=None):
        super().__init__(name=name)
        self.x_min = x_min
        self.x_max = x_max

    def call(self, x):
        return backend.numpy.clip(x, self.x_min, self.x_max)

    def compute_output_spec(self, x):
        return KerasTensor(_shape_of(x), dtype=_traced_dtype(self.call, x))


@_export("clip")
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
    if any_symbolic_tensors((x,)):
        return Clip(x_min, x_max).symbolic_call(x)
    return backend.numpy.clip(x, x_min, x_max)


class NanToNum(_NumpyOp):
    def __init__(self, nan=0.0, posinf=None, neginf=None, *, name=None):
        super().__init__(name=name)
        self.nan = nan
        self.posinf = posinf
        self.neginf = neginf

    def call(self, x):
        return backend.numpy.nan_to_num(
            x, nan=self.nan, posinf=self.posinf, neginf=self.neginf
        )

    def compute_output_spec(self, x):
        dtype = _keep_64bit(_traced_dtype(self.call, x), x)
        return KerasTensor(_shape_of(x), dtype=dtype)


@_export("nan_to_num")
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
    if any_symbolic_tensors((x,)):
        return NanToNum(nan=nan, posinf=posinf, neginf=neginf).symbolic_call(x)
    return backend.numpy.nan_to_num(x, nan=nan, posinf=posinf, neginf=neginf)


class Isclose(_NumpyOp):
    def __init__(self, rtol=1e-5, atol=1e-8, equal_nan=False, *, name=None):
        super().__init__(name=name)
        self.rtol = rtol
        self.atol = atol
        self.equal_nan = equal_nan

    def call(self, x1, x2):
        return backend.numpy.isclose(
            x1, x2, rtol=self.rtol, atol=self.atol, equal_nan=self.equal_nan
        )

    def compute_output_spec(self, x1, x2):
        shape = broadcast_shapes(_shape_of(x1), _shape_of(x2))
        return KerasTensor(shape, dtype="bool")


@_export("isclose")
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
    if any_symbolic_tensors((x1, x2)):
        return Isclose(rtol=rtol, atol=atol, equal_nan=equal_nan).symbolic_call(
            x1, x2
        )
    return backend.numpy.isclose(
        x1, x2, rtol=rtol, atol=atol, equal_nan=equal_nan
    )


class Allclose(_NumpyOp):
    def __init__(self, rtol=1e-5, atol=1e-8, equal_nan=False, *, name=None):
        super().__init__(name=name)
        self.rtol = rtol
        self.atol = atol
        self.equal_nan = equal_nan

    def call(self, x1, x2):
        return backend.numpy.allclose(
            x1, x2, rtol=self.rtol, atol=self.atol, equal_nan=self.equal_nan
        )

    def compute_output_spec(self, x1, x2):
        broadcast_shapes(_shape_of(x1), _shape_of(x2))
        return KerasTensor((), dtype="bool")


@_export("allclose")
def allclose(x1, x2, rtol=1e-5, atol=1e-8, equal_nan=False):
    """Whether two tensors are equal within a tolerance, everywhere.

    Two values `a` and `b` are close when
    `abs(a - b) <= atol + rtol * abs(b)`. The answer is a single boolean:
    the reduction with `all` of `keras.ops.isclose`.

    Args:
        x1: A tensor.
        x2: A tensor broadcastable against `x1`.
        rtol: Relative tolerance. Defaults to `1e-5`.
        atol: Absolute tolerance. Defaults to `1e-8`.
        equal_nan: Whether two NaNs count as equal. Defaults to `False`.

    Returns:
        A scalar boolean tensor.

    Example:

    >>> keras.ops.allclose(np.array([1.0, 2.0]), np.array([1.0, 2.00001]))
    array(True)
    """
    if any_symbolic_tensors((x1, x2)):
        return Allclose(
            rtol=rtol, atol=atol, equal_nan=equal_nan
        ).symbolic_call(x1, x2)
    return backend.numpy.allclose(
        x1, x2, rtol=rtol, atol=atol, equal_nan=equal_nan
    )


class IsIn(_NumpyOp):
    def __init__(self, assume_unique=False, invert=False, *, name=None):
        super().__init__(name=name)
        self.assume_unique = assume_unique
        self.invert = invert

    def call(self, x1, x2):
        return backend.numpy.isin(
            x1, x2, assume_unique=self.assume_unique, invert=self.invert
        )

    def compute_output_spec(self, x1, x2):
        return KerasTensor(_shape_of(x1), dtype="bool")


@_export("isin")
def isin(x1, x2, assume_unique=False, invert=False):
    """Whether each entry of `x1` occurs anywhere in `x2`.

    Args:
        x1: Values to look up.
        x2: Values to look in; its shape does not matter.
        assume_unique: Whether both inputs are known to hold no duplicates,
            which allows a faster computation. Defaults to `False`.
        invert: If `True`, tells instead whether each entry is absent from
            `x2`. Defaults to `False`.

    Returns:
        A boolean tensor shaped like `x1`.

    Example:

    >>> keras.ops.isin(np.array([3, 8, 5]), np.array([[5, 1], [2, 3]]))
    array([ True, False,  True])
    """
    if any_symbolic_tensors((x1, x2)):
        return IsIn(assume_unique=assume_unique, invert=invert).symbolic_call(
            x1, x2
        )
    return backend.numpy.isin(
        x1, x2, assume_unique=assume_unique, invert=invert
    )


class Where(_NumpyOp):
    def call(self, condition, x1=None, x2=None):
        return backend.numpy.where(condition, x1, x2)

    def compute_output_spec(self, condition, x1=None, x2=None):
        condition_shape = _shape_of(condition)
        if x1 is None and x2 is None:
            return KerasTensor(condition_shape, dtype="int32")
        if x1 is None or x2 is None:
            raise ValueError(
                "`x1` and `x2` either both should be `None` or both should be "
                "given. "
                f"Received: x1={x1}, x2={x2}"
            )
        shape = broadcast_shapes(
            condition_shape, broadcast_shapes(_shape_of(x1), _shape_of(x2))
        )
        dtype = _traced_dtype(self.call, condition, x1, x2)
        return KerasTensor(shape, dtype=dtype)


@_export("where")
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
    if any_symbolic_tensors((condition, x1, x2)):
        return Where().symbolic_call(condition, x1, x2)
    return backend.numpy.where(condition, x1, x2)


class Select(_NumpyOp):
    def __init__(self, default=0, *, name=None):
        super().__init__(name=name)
        self.default = default

    def call(self, condlist, choicelist):
        return backend.numpy.select(condlist, choicelist, self.default)

    def compute_output_spec(self, condlist, choicelist):
        if len(condlist) != len(choicelist) or not condlist:
            raise ValueError(
                "Arguments `condlist` and `choicelist` must be non-empty and "
                f"of the same length. Received: {len(condlist)} conditions "
                f"and {len(choicelist)} choices"
            )
        shape = _shape_of(self.default)
        for x in list(condlist) + list(choicelist):
            shape = broadcast_shapes(shape, _shape_of(x))
        dtype = _traced_dtype(
            lambda *c: backend.numpy.where(c[0], c[1], c[2]),
            condlist[0],
            choicelist[0],
            self.default,
        )
        for choice in choicelist[1:]:
            dtype = dtypes.result_type(dtype, _dtype_of(choice))
        return KerasTensor(tuple(shape), dtype=dtype)


@_export("select")
def select(condlist, choicelist, default=0):
    """Picks, at each position, from the first choice whose condition holds.

    For every position, the conditions in `condlist` are checked in order;
    the value of the matching entry of `choicelist` is taken from the first
    condition that is `True`, and `default` where none is.

    Args:
        condlist: A list of boolean tensors, the conditions.
        choicelist: List of tensors, one per condition.
        default: Value used where no condition holds. Defaults to `0`.

    Returns:
        A tensor of the broadcast shape of all inputs.

    Example:

    >>> x = np.array([-3, 0, 4])
    >>> keras.ops.select([x < 0, x > 0], [-x, x * 10], default=7)
    array([ 3,  7, 40], dtype=int32)
    """
    if any_symbolic_tensors((condlist, choicelist)):
        return Select(default=default).symbolic_call(condlist, choicelist)
    return backend.numpy.select(condlist, choicelist, default)


class Copy(_Unary):
    _fn = "copy"
    _keeps_64bit = True
    _keeps_sparse = True


@_export("copy")
def copy(x):
    """New tensor holding the same values as `x`.

    Args:
        x: Input tensor.

    Returns:
        The copy.
    """
    if any_symbolic_tensors((x,)):
        return Copy().symbolic_call(x)
    return backend.numpy.copy(x)


class Array(_NumpyOp):
    def __init__(self, dtype=None, *, name=None):
        super().__init__(name=name)
        self.dtype = None if dtype is None else dtypes.standardize_dtype(dtype)

    def call(self, x):
        return backend.numpy.array(x, dtype=self.dtype)

    def compute_output_spec(self, x):
        return KerasTensor(_shape_of(x), dtype=self.dtype or _dtype_of(x))


@_export("array")
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
    if any_symbolic_tensors((x,)):
        return Array(dtype=dtype).symbolic_call(x)
    return backend.numpy.array(x, dtype=dtype)


class _Like(_NumpyOp):
    """`*_like` creation ops: the shape of `x`, its dtype unless given."""

    _fn = None

    def __init__(self, dtype=None, *, name=None):
        super().__init__(name=name)
        self.dtype = None if dtype is None else dtypes.standardize_dtype(dtype)

    def call(self, x):
        return getattr(backend.numpy, self._fn)(x, dtype=self.dtype)

    def compute_output_spec(self, x):
        return KerasTensor(_shape_of(x), dtype=self.dtype or _dtype_of(x))


class OnesLike(_Like):
    _fn = "ones_like"


class ZerosLike(_Like):
    _fn = "zeros_like"


class EmptyLike(_Like):
    _fn = "empty_like"


@_export("ones_like")
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
    if any_symbolic_tensors((x,)):
        return OnesLike(dtype=dtype).symbolic_call(x)
    return backend.numpy.ones_like(x, dtype=dtype)


@_export("zeros_like")
def zeros_like(x, dtype=None):
    """Tensor of zeros that takes its shape from `x`.

    Args:
        x: Tensor whose shape (and, unless `dtype` is set, dtype) is used.
        dtype: dtype of the result; that of `x` when `None`.

    Returns:
        A new tensor.
    """
    if any_symbolic_tensors((x,)):
        return ZerosLike(dtype=dtype).symbolic_call(x)
    return backend.numpy.zeros_like(x, dtype=dtype)


@_export("empty_like")
def empty_like(x, dtype=None):
    """New tensor with the shape of `x` whose values are not initialized.

    Use it only as a buffer to be overwritten: its content is unspecified
    (this backend fills it with zeros).

    Args:
        x: Tensor whose shape, and by default dtype, are copied.
        dtype: dtype of the result; defaults to `x`'s.

    Returns:
        A tensor of `x`'s shape.

    Example:

    >>> keras.ops.empty_like(np.ones((2, 3))).shape
    (2, 3)
    """
    if any_symbolic_tensors((x,)):
        return EmptyLike(dtype=dtype).symbolic_call(x)
    return backend.numpy.empty_like(x, dtype=dtype)


class FullLike(_NumpyOp):
    def __init__(self, dtype=None, *, name=None):
        super().__init__(name=name)
        self.dtype = None if dtype is None else dtypes.standardize_dtype(dtype)

    def call(self, x, fill_value):
        return backend.numpy.full_like(x, fill_value, dtype=self.dtype)

    def compute_output_spec(self, x, fill_value):
        return KerasTensor(_shape_of(x), dtype=self.dtype or _dtype_of(x))


@_export("full_like")
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
    if any_symbolic_tensors((x, fill_value)):
        return FullLike(dtype=dtype).symbolic_call(x, fill_value)
    return backend.numpy.full_like(x, fill_value, dtype=dtype)


# --------------------------------------------------------------------------
# Reductions.
# --------------------------------------------------------------------------


class _Reduction(_NumpyOp):
    """Reduction `backend.numpy.<_fn>(x, axis=..., keepdims=...)`."""

    _fn = None
    # Whether a 64-bit input keeps its width in the symbolic result.
    _keeps_64bit = False
    _keeps_sparse = False

    def __init__(self, axis=None, keepdims=False, *, name=None):
        super().__init__(name=name)
        self.axis = axis
        self.keepdims = keepdims

    def call(self, x):
        return getattr(backend.numpy, self._fn)(
            x, axis=self.axis, keepdims=self.keepdims
        )

    def compute_output_spec(self, x):
        shape = _reduce_shape(_shape_of(x), self.axis, self.keepdims)
        dtype = _traced_dtype(self.call, x)
        if self._keeps_64bit:
            dtype = _keep_64bit(dtype, x)
        return KerasTensor(
            shape,
            dtype=dtype,
            sparse=self._keeps_sparse and _is_sparse(x),
        )


def _reduction_function(op_class, fn_name):
    """Body shared by the public reduction functions."""

    def reduce(x, axis=None, keepdims=False):
        if any_symbolic_tensors((x,)):
            return op_class(axis=axis, keepdims=keepdims).symbolic_call(x)
        return getattr(backend.numpy, fn_name)(x, axis=axis, keepdims=keepdims)

    return reduce


class Sum(_Reduction):
    _fn = "sum"
    _keeps_sparse = True


@_export("sum")
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
    return _reduction_function(Sum, "sum")(x, axis, keepdims)


class Prod(_Reduction):
    _fn = "prod"
    _keeps_64bit = True

    def __init__(self, axis=None, keepdims=False, dtype=None, *, name=None):
        super().__init__(name=name)
        self.axis = axis
        self.keepdims = keepdims
        self.dtype = dtype

    def call(self, x):
        return backend.numpy.prod(
            x, axis=self.axis, keepdims=self.keepdims, dtype=self.dtype
        )


@_export("prod")
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
    if any_symbolic_tensors((x,)):
        return Prod(axis=axis, keepdims=keepdims, dtype=dtype).symbolic_call(x)
    return backend.numpy.prod(x, axis=axis, keepdims=keepdims, dtype=dtype)


class Mean(_Reduction):
    _fn = "mean"
    _keeps_64bit = True
    _keeps_sparse = True


@_export("mean")
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
    return _reduction_function(Mean, "mean")(x, axis, keepdims)


class Var(_Reduction):
    _fn = "var"


@_export("var")
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
    return _reduction_function(Var, "var")(x, axis, keepdims)


class Std(_Reduction):
    _fn = "std"
    _keeps_64bit = True


@_export("std")
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
    return _reduction_function(Std, "std")(x, axis, keepdims)


class Average(_NumpyOp):
    def __init__(self, axis=None, *, name=None):
        super().__init__(name=name)
        self.axis = axis

    def call(self, x, weights=None):
        return backend.numpy.average(x, axis=self.axis, weights=weights)

    def compute_output_spec(self, x, weights=None):
        x_shape = _shape_of(x)
        if weights is not None:
            w_shape = _shape_of(weights)
            if len(w_shape) == 1 and self.axis is not None:
                axis = _canonical_axis(self.axis, len(x_shape))
                if not shape_equal(w_shape, (x_shape[axis],)):
                    raise ValueError(
                        "A 1-D `weights` must have the length of the "
                        f"averaged axis. Received: weights.shape={w_shape}, "
                        f"x.shape={x_shape}, axis={self.axis}"
                    )
            elif not shape_equal(w_shape, x_shape):
                raise ValueError(
                    "`weights` must have the shape of `x`, or be 1-D with "
                    "the length of the averaged axis. Received: "
                    f"weights.shape={w_shape}, x.shape={x_shape}"
                )
        shape = _reduce_shape(x_shape, self.axis)
        if weights is None:
            dtype = _traced_dtype(
                lambda v: backend.numpy.average(v, axis=self.axis), x
            )
        else:
            dtype = _traced_dtype(
                lambda v, w: backend.numpy.average(v, weights=w),
                x,
                weights,
                rank=1,
            )
        return KerasTensor(shape, dtype=dtype)


@_export("average")
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
    if any_symbolic_tensors((x, weights)):
        return Average(axis=axis).symbolic_call(x, weights=weights)
    return backend.numpy.average(x, axis=axis, weights=weights)


class Median(_Reduction):
    _fn = "median"


@_export("median")
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
    return _reduction_function(Median, "median")(x, axis, keepdims)


class Max(_Reduction):
    _fn = "max"
    _keeps_64bit = True

    def __init__(self, axis=None, keepdims=False, initial=None, *, name=None):
        super().__init__(name=name)
        self.axis = axis
        self.keepdims = keepdims
        self.initial = initial

    def call(self, x):
        return backend.numpy.max(
            x, axis=self.axis, keepdims=self.keepdims, initial=self.initial
        )


@_export("max")
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
    if any_symbolic_tensors((x,)):
        return Max(axis=axis, keepdims=keepdims, initial=initial).symbolic_call(
            x
        )
    return backend.numpy.max(x, axis=axis, keepdims=keepdims, initial=initial)


class Min(_Reduction):
    _fn = "min"
    _keeps_64bit = True

    def __init__(self, axis=None, keepdims=False, initial=None, *, name=None):
        super().__init__(name=name)
        self.axis = axis
        self.keepdims = keepdims
        self.initial = initial

    def call(self, x):
        return backend.numpy.min(
            x, axis=self.axis, keepdims=self.keepdims, initial=self.initial
        )


@_export("min")
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
    if any_symbolic_tensors((x,)):
        return Min(axis=axis, keepdims=keepdims, initial=initial).symbolic_call(
            x
        )
    return backend.numpy.min(x, axis=axis, keepdims=keepdims, initial=initial)


class Amax(_Reduction):
    _fn = "amax"
    _keeps_64bit = True


@_export("amax")
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
    return _reduction_function(Amax, "amax")(x, axis, keepdims)


class Amin(_Reduction):
    _fn = "amin"
    _keeps_64bit = True


@_export("amin")
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
    return _reduction_function(Amin, "amin")(x, axis, keepdims)


class All(_Reduction):
    _fn = "all"


@_export("all")
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
    return _reduction_function(All, "all")(x, axis, keepdims)


class Any(_Reduction):
    _fn = "any"


@_export("any")
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
    return _reduction_function(Any, "any")(x, axis, keepdims)


class Ptp(_Reduction):
    _fn = "ptp"
    _keeps_64bit = True


@_export("ptp")
def ptp(x, axis=None, keepdims=False):
    """Range of values (maximum minus minimum) along the given axes.

    The name stands for "peak to peak".

    Args:
        x: Input tensor.
        axis: An int or tuple of ints naming the axes to reduce; `None`
            (the default) reduces all of them.
        keepdims: Whether reduced axes stay with size 1. Defaults to
            `False`.

    Returns:
        A tensor of ranges, in the dtype of `x`.

    Example:

    >>> keras.ops.ptp(np.array([[4, 9, 1], [3, 3, 8]]), axis=1)
    array([8, 5], dtype=int32)
    """
    return _reduction_function(Ptp, "ptp")(x, axis, keepdims)


class Argmax(_Reduction):
    _fn = "argmax"


@_export("argmax")
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
    return _reduction_function(Argmax, "argmax")(x, axis, keepdims)


class Argmin(_Reduction):
    _fn = "argmin"


@_export("argmin")
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
    return _reduction_function(Argmin, "argmin")(x, axis, keepdims)


class CountNonzero(_NumpyOp):
    def __init__(self, axis=None, *, name=None):
        super().__init__(name=name)
        self.axis = axis

    def call(self, x):
        return backend.numpy.count_nonzero(x, axis=self.axis)

    def compute_output_spec(self, x):
        return KerasTensor(_reduce_shape(_shape_of(x), self.axis), "int32")


@_export("count_nonzero")
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
    if any_symbolic_tensors((x,)):
        return CountNonzero(axis=axis).symbolic_call(x)
    return backend.numpy.count_nonzero(x, axis=axis)


# NaN-ignoring reductions.


class Nansum(_Reduction):
    _fn = "nansum"


@_export("nansum")
def nansum(x, axis=None, keepdims=False):
    """Sum of the entries of `x` over the given axes, skipping NaNs.

    NaN entries count as zero; a slice made only of NaNs sums to 0.

    Args:
        x: Input tensor.
        axis: An int or tuple of ints naming the axes to reduce; `None`
            (the default) reduces all of them.
        keepdims: Whether reduced axes stay with size 1. Defaults to
            `False`.

    Returns:
        The sums.

    Example:

    >>> keras.ops.nansum(np.array([[2.0, np.nan], [np.nan, np.nan]]), axis=1)
    array([2., 0.], dtype=float32)
    """
    return _reduction_function(Nansum, "nansum")(x, axis, keepdims)


class Nanprod(_Reduction):
    _fn = "nanprod"
    _keeps_64bit = True


@_export("nanprod")
def nanprod(x, axis=None, keepdims=False):
    """Product of the entries of `x` over the given axes, skipping NaNs.

    NaN entries count as one; a slice made only of NaNs gives 1.

    Args:
        x: Input tensor.
        axis: An int or tuple of ints naming the axes to reduce; `None`
            (the default) reduces all of them.
        keepdims: Whether reduced axes stay with size 1. Defaults to
            `False`.

    Returns:
        The products.

    Example:

    >>> keras.ops.nanprod(np.array([3.0, np.nan, 5.0]))
    array(15., dtype=float32)
    """
    return _reduction_function(Nanprod, "nanprod")(x, axis, keepdims)


class Nanmean(_Reduction):
    _fn = "nanmean"


@_export("nanmean")
def nanmean(x, axis=None, keepdims=False):
    """Arithmetic mean over the given axes of the entries that are not NaN.

    A slice made only of NaNs gives NaN.

    Args:
        x: Input tensor.
        axis: An int or tuple of ints naming the axes to reduce; `None`
            (the default) reduces all of them.
        keepdims: Whether reduced axes stay with size 1. Defaults to
            `False`.

    Returns:
        A floating tensor of means.

    Example:

    >>> keras.ops.nanmean(np.array([1.0, np.nan, 4.0]))
    array(2.5, dtype=float32)
    """
    return _reduction_function(Nanmean, "nanmean")(x, axis, keepdims)


class Nanvar(_Reduction):
    _fn = "nanvar"


@_export("nanvar")
def nanvar(x, axis=None, keepdims=False):
    """Variance over the given axes of the entries that are not NaN.

    The mean used is that of the non-NaN entries, and so is the count.

    Args:
        x: Input tensor.
        axis: An int or tuple of ints naming the axes to reduce; `None`
            (the default) reduces all of them.
        keepdims: Whether reduced axes stay with size 1. Defaults to
            `False`.

    Returns:
        A floating tensor of variances.

    Example:

    >>> keras.ops.nanvar(np.array([1.0, np.nan, 5.0]))
    array(4., dtype=float32)
    """
    return _reduction_function(Nanvar, "nanvar")(x, axis, keepdims)


class Nanstd(_Reduction):
    _fn = "nanstd"


@_export("nanstd")
def nanstd(x, axis=None, keepdims=False):
    """Standard deviation over the given axes, ignoring NaN entries.

    Args:
        x: Input tensor.
        axis: An int or tuple of ints naming the axes to reduce; `None`
            (the default) reduces all of them.
        keepdims: Whether reduced axes stay with size 1. Defaults to
            `False`.

    Returns:
        A floating tensor of standard deviations.

    Example:

    >>> keras.ops.nanstd(np.array([1.0, np.nan, 5.0]))
    array(2., dtype=float32)
    """
    return _reduction_function(Nanstd, "nanstd")(x, axis, keepdims)


class Nanmax(_Reduction):
    _fn = "nanmax"


@_export("nanmax")
def nanmax(x, axis=None, keepdims=False):
    """Largest entry over the given axes, ignoring NaNs.

    A slice made only of NaNs gives NaN.

    Args:
        x: Input tensor.
        axis: An int or tuple of ints naming the axes to reduce; `None`
            (the default) reduces all of them.
        keepdims: Whether reduced axes stay with size 1. Defaults to
            `False`.

    Returns:
        The maxima.

    Example:

    >>> keras.ops.nanmax(np.array([2.0, np.nan, -1.0]))
    array(2., dtype=float32)
    """
    return _reduction_function(Nanmax, "nanmax")(x, axis, keepdims)


class Nanmin(_Reduction):
    _fn = "nanmin"


@_export("nanmin")
def nanmin(x, axis=None, keepdims=False):
    """Smallest entry over the given axes, ignoring NaNs.

    A slice made only of NaNs gives NaN.

    Args:
        x: Input tensor.
        axis: An int or tuple of ints naming the axes to reduce; `None`
            (the default) reduces all of them.
        keepdims: Whether reduced axes stay with size 1. Defaults to
            `False`.

    Returns:
        The minima.

    Example:

    >>> keras.ops.nanmin(np.array([2.0, np.nan, -1.0]))
    array(-1., dtype=float32)
    """
    return _reduction_function(Nanmin, "nanmin")(x, axis, keepdims)


class Nanmedian(_Reduction):
    _fn = "nanmedian"


@_export("nanmedian")
def nanmedian(x, axis=None, keepdims=False):
    """Median over the given axes of the entries that are not NaN.

    Args:
        x: Input tensor.
        axis: An int or tuple of ints naming the axes to reduce; `None`
            (the default) reduces all of them.
        keepdims: Whether reduced axes stay with size 1. Defaults to
            `False`.

    Returns:
        A floating tensor of medians.

    Example:

    >>> keras.ops.nanmedian(np.array([7.0, np.nan, 1.0, 4.0]))
    array(4., dtype=float32)
    """
    return _reduction_function(Nanmedian, "nanmedian")(x, axis, keepdims)


class Nanargmax(_Reduction):
    _fn = "nanargmax"


@_export("nanargmax")
def nanargmax(x, axis=None, keepdims=False):
    """Index of the largest entry along an axis, ignoring NaNs.

    Args:
        x: Input tensor.
        axis: Axis to search along; `None` (the default) searches the
            flattened tensor.
        keepdims: Whether the searched axis stays with size 1. Defaults to
            `False`.

    Returns:
        An `int32` tensor of indices.

    Example:

    >>> keras.ops.nanargmax(np.array([[np.nan, 3.0], [5.0, 2.0]]), axis=1)
    array([1, 0], dtype=int32)
    """
    return _reduction_function(Nanargmax, "nanargmax")(x, axis, keepdims)


class Nanargmin(_Reduction):
    _fn = "nanargmin"


@_export("nanargmin")
def nanargmin(x, axis=None, keepdims=False):
    """Index of the smallest entry along an axis, ignoring NaNs.

    Args:
        x: Input tensor.
        axis: Axis to search along; `None` (the default) searches the
            flattened tensor.
        keepdims: Whether the searched axis stays with size 1. Defaults to
            `False`.

    Returns:
        An `int32` tensor of indices.

    Example:

    >>> keras.ops.nanargmin(np.array([[np.nan, 3.0], [5.0, 2.0]]), axis=1)
    array([1, 1], dtype=int32)
    """
    return _reduction_function(Nanargmin, "nanargmin")(x, axis, keepdims)


# Quantiles.


class _QuantileOp(_NumpyOp):
    _fn = None

    def __init__(
        self, axis=None, method="linear", keepdims=False, *, name=None
    ):
        super().__init__(name=name)
        self.axis = axis
        self.method = method
        self.keepdims = keepdims

    def call(self, x, q):
        return getattr(backend.numpy, self._fn)(
            x, q, axis=self.axis, method=self.method, keepdims=self.keepdims
        )

    def compute_output_spec(self, x, q):
        q_shape = _shape_of(q)
        if len(q_shape) > 1:
            raise ValueError(
                f"`q` must be a scalar or 1-D. Received: q.shape={q_shape}"
            )
        shape = _reduce_shape(_shape_of(x), self.axis, self.keepdims)
        dtype = _traced_dtype(
            lambda v, p: getattr(backend.numpy, self._fn)(v, p), x, q
        )
        return KerasTensor(tuple(q_shape) + shape, dtype=dtype)


class Quantile(_QuantileOp):
    _fn = "quantile"


class Percentile(_QuantileOp):
    _fn = "percentile"


class Nanquantile(_QuantileOp):
    _fn = "nanquantile"


class Nanpercentile(_QuantileOp):
    _fn = "nanpercentile"


def _quantile_function(op_class, fn_name, x, q, axis, method, keepdims):
    if any_symbolic_tensors((x, q)):
        return op_class(
            axis=axis, method=method, keepdims=keepdims
        ).symbolic_call(x, q)
    return getattr(backend.numpy, fn_name)(
        x, q, axis=axis, method=method, keepdims=keepdims
    )


@_export("quantile")
def quantile(x, q, axis=None, method="linear", keepdims=False):
    """`q`-th quantiles of the entries of `x` along the given axes.

    Args:
        x: Input tensor.
        q: Quantile level(s) in `[0, 1]`: a scalar or a 1-D tensor.
        axis: An int or tuple of ints naming the axes over which quantiles
            are taken; `None` (the default) uses the flattened tensor.
        method: How to pick a value between two data points: one of
            `"linear"` (default), `"lower"`, `"higher"`, `"midpoint"` or
            `"nearest"`.
        keepdims: Whether reduced axes stay with size 1. Defaults to
            `False`.

    Returns:
        A floating tensor. When `q` is 1-D, its axis comes first.

    Example:

    >>> keras.ops.quantile(np.array([1.0, 2.0, 4.0, 9.0]), np.array([0.5, 1.0]))
    array([3., 9.], dtype=float32)
    """
    return _quantile_function(
        Quantile, "quantile", x, q, axis, method, keepdims
    )


@_export("percentile")
def percentile(x, q, axis=None, method="linear", keepdims=False):
    """`q`-th percentiles of the entries of `x` along the given axes.

    Same as `keras.ops.quantile` with levels expressed in percent.

    Args:
        x: Input tensor.
        q: Percentile level(s) in `[0, 100]`: a scalar or a 1-D tensor.
        axis: An int or tuple of ints naming the axes over which
            percentiles are taken; `None` (the default) uses the flattened
            tensor.
        method: Interpolation method: `"linear"` (default), `"lower"`,
            `"higher"`, `"midpoint"` or `"nearest"`.
        keepdims: Whether reduced axes stay with size 1. Defaults to
            `False`.

    Returns:
        A floating tensor. When `q` is 1-D, its axis comes first.

    Example:

    >>> keras.ops.percentile(np.array([10.0, 20.0, 30.0]), 25.0)
    array(15., dtype=float32)
    """
    return _quantile_function(
        Percentile, "percentile", x, q, axis, method, keepdims
    )


@_export("nanquantile")
def nanquantile(x, q, axis=None, method="linear", keepdims=False):
    """Quantiles along the given axes, computed over the non-NaN entries.

    Args:
        x: Input tensor.
        q: Quantile level(s) in `[0, 1]`: a scalar or a 1-D tensor.
        axis: An int or tuple of ints naming the axes over which quantiles
            are taken; `None` (the default) uses the flattened tensor.
        method: Interpolation method: `"linear"` (default), `"lower"`,
            `"higher"`, `"midpoint"` or `"nearest"`.
        keepdims: Whether reduced axes stay with size 1. Defaults to
            `False`.

    Returns:
        A floating tensor; NaN for slices made only of NaNs.

    Example:

    >>> keras.ops.nanquantile(np.array([np.nan, 2.0, 6.0]), 0.5)
    array(4., dtype=float32)
    """
    return _quantile_function(
        Nanquantile, "nanquantile", x, q, axis, method, keepdims
    )


@_export("nanpercentile")
def nanpercentile(x, q, axis=None, method="linear", keepdims=False):
    """Percentiles along the given axes, computed over the non-NaN entries.

    Args:
        x: Input tensor.
        q: Percentile level(s) in `[0, 100]`: a scalar or a 1-D tensor.
        axis: An int or tuple of ints naming the axes over which
            percentiles are taken; `None` (the default) uses the flattened
            tensor.
        method: Interpolation method: `"linear"` (default), `"lower"`,
            `"higher"`, `"midpoint"` or `"nearest"`.
        keepdims: Whether reduced axes stay with size 1. Defaults to
            `False`.

    Returns:
        A floating tensor; NaN for slices made only of NaNs.

    Example:

    >>> keras.ops.nanpercentile(np.array([np.nan, 2.0, 6.0]), 75.0)
    array(5., dtype=float32)
    """
    return _quantile_function(
        Nanpercentile, "nanpercentile", x, q, axis, method, keepdims
    )


class Trapezoid(_NumpyOp):
    def __init__(self, x=None, dx=1.0, axis=-1, *, name=None):
        super().__init__(name=name)
        self.x = x
        self.dx = dx
        self.axis = axis

    def call(self, y):
        return backend.numpy.trapezoid(y, x=self.x, dx=self.dx, axis=self.axis)

    def compute_output_spec(self, y):
        shape = _reduce_shape(_shape_of(y), self.axis)
        dtype = _traced_dtype(lambda v: backend.numpy.trapezoid(v), y, rank=1)
        return KerasTensor(shape, dtype=dtype)


@_export("trapezoid")
def trapezoid(y, x=None, dx=1.0, axis=-1):
    """Integral of `y` along an axis, by the trapezoidal rule.

    Args:
        y: Values of the function to integrate.
        x: Optional sample points matching `y` along `axis`. When `None`,
            the points are evenly spaced `dx` apart.
        dx: Spacing of the sample points when `x` is `None`. Defaults to
            `1.0`.
        axis: Axis to integrate along. Defaults to `-1`.

    Returns:
        A floating tensor: `y` with `axis` integrated out.

    Example:

    >>> keras.ops.trapezoid(np.array([1.0, 3.0, 2.0]), dx=0.5)
    array(2.25, dtype=float32)
    """
    if any_symbolic_tensors((y, x)):
        return Trapezoid(x=x, dx=dx, axis=axis).symbolic_call(y)
    return backend.numpy.trapezoid(y, x=x, dx=dx, axis=axis)


# --------------------------------------------------------------------------
# Shape manipulation.
# --------------------------------------------------------------------------


class Reshape(_NumpyOp):
    def __init__(self, newshape, *, name=None):
        super().__init__(name=name)
        self.newshape = newshape

    def call(self, x):
        return backend.numpy.reshape(x, self.newshape)

    def compute_output_spec(self, x):
        shape = compute_reshape_output_shape(
            _shape_of(x), self.newshape, "newshape"
        )
        return KerasTensor(shape, dtype=_dtype_of(x), sparse=_is_sparse(x))


@_export("reshape")
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
    if any_symbolic_tensors((x, newshape)):
        return Reshape(newshape).symbolic_call(x)
    return backend.numpy.reshape(x, newshape)


class Ravel(_NumpyOp):
    def call(self, x):
        return backend.numpy.ravel(x)

    def compute_output_spec(self, x):
        size = _multiply_dims(*_shape_of(x))
        return KerasTensor((size,), dtype=_dtype_of(x))


@_export("ravel")
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
    if any_symbolic_tensors((x,)):
        return Ravel().symbolic_call(x)
    return backend.numpy.ravel(x)


class Transpose(_NumpyOp):
    def __init__(self, axes=None, *, name=None):
        super().__init__(name=name)
        self.axes = axes

    def call(self, x):
        return backend.numpy.transpose(x, axes=self.axes)

    def compute_output_spec(self, x):
        shape = _shape_of(x)
        if self.axes is None:
            return KerasTensor(
                shape[::-1], dtype=_dtype_of(x), sparse=_is_sparse(x)
            )
        ndim = len(shape)
        if len(self.axes) != ndim:
            raise ValueError(
                "Argument `axes` must be a list of the same length as the "
                f"input shape {shape}. Received: axes={list(self.axes)}"
            )
        for a in self.axes:
            if not isinstance(a, (int, np.integer)) or not -ndim <= a < ndim:
                raise ValueError(
                    "Each axis in `axes` must be an integer in "
                    f"[-{ndim}, {ndim}). Received: axes={list(self.axes)}"
                )
        axes = [int(a) % ndim for a in self.axes]
        if sorted(axes) != list(range(ndim)):
            raise ValueError(
                "Argument `axes` must be a valid permutation of the axes of "
                f"`x` (rank {ndim}). Received: axes={list(self.axes)}"
            )
        return KerasTensor(
            tuple(shape[a] for a in axes),
            dtype=_dtype_of(x),
            sparse=_is_sparse(x),
        )


@_export("transpose")
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
    if any_symbolic_tensors((x,)):
        return Transpose(axes=axes).symbolic_call(x)
    return backend.numpy.transpose(x, axes=axes)


class ExpandDims(_NumpyOp):
    def __init__(self, axis, *, name=None):
        super().__init__(name=name)
        self.axis = axis

    def call(self, x):
        return backend.numpy.expand_dims(x, self.axis)

    def compute_output_spec(self, x):
        shape = compute_expand_dims_output_shape(_shape_of(x), self.axis)
        return KerasTensor(shape, dtype=_dtype_of(x), sparse=_is_sparse(x))


@_export("expand_dims")
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
    if any_symbolic_tensors((x,)):
        return ExpandDims(axis).symbolic_call(x)
    return backend.numpy.expand_dims(x, axis)


class Squeeze(_NumpyOp):
    def __init__(self, axis=None, *, name=None):
        super().__init__(name=name)
        self.axis = axis

    def call(self, x):
        return backend.numpy.squeeze(x, axis=self.axis)

    def compute_output_spec(self, x):
        shape = _shape_of(x)
        if self.axis is None:
            new_shape = tuple(d for d in shape if d != 1)
        else:
            axes = _canonical_axes(self.axis, len(shape))
            for a in axes:
                if shape[a] != 1:
                    raise ValueError(
                        f"Cannot squeeze axis {a} of a tensor of shape "
                        f"{shape}: its size is not 1."
                    )
            new_shape = tuple(d for i, d in enumerate(shape) if i not in axes)
        return KerasTensor(new_shape, dtype=_dtype_of(x), sparse=_is_sparse(x))


@_export("squeeze")
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
    if any_symbolic_tensors((x,)):
        return Squeeze(axis=axis).symbolic_call(x)
    return backend.numpy.squeeze(x, axis=axis)


class Moveaxis(_NumpyOp):
    def __init__(self, source, destination, *, name=None):
        super().__init__(name=name)
        self.source = source
        self.destination = destination

    def call(self, x):
        return backend.numpy.moveaxis(x, self.source, self.destination)

    def compute_output_spec(self, x):
        shape = _shape_of(x)
        ndim = len(shape)
        source = _canonical_axes(self.source, ndim)
        destination = _canonical_axes(self.destination, ndim)
        if len(source) != len(destination):
            raise ValueError(
                "Arguments `source` and `destination` must have the same "
                f"number of axes. Received: source={self.source}, "
                f"destination={self.destination}"
            )
        order = [a for a in range(ndim) if a not in source]
        for dest, src in sorted(zip(destination, source)):
            order.insert(dest, src)
        return KerasTensor(tuple(shape[a] for a in order), dtype=_dtype_of(x))


@_export("moveaxis")
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
    if any_symbolic_tensors((x,)):
        return Moveaxis(source, destination).symbolic_call(x)
    return backend.numpy.moveaxis(x, source, destination)


class Swapaxes(_NumpyOp):
    def __init__(self, axis1, axis2, *, name=None):
        super().__init__(name=name)
        self.axis1 = axis1
        self.axis2 = axis2

    def call(self, x):
        return backend.numpy.swapaxes(x, self.axis1, self.axis2)

    def compute_output_spec(self, x):
        shape = list(_shape_of(x))
        a1 = _canonical_axis(self.axis1, len(shape))
        a2 = _canonical_axis(self.axis2, len(shape))
        shape[a1], shape[a2] = shape[a2], shape[a1]
        return KerasTensor(tuple(shape), dtype=_dtype_of(x))


@_export("swapaxes")
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
    if any_symbolic_tensors((x,)):
        return Swapaxes(axis1, axis2).symbolic_call(x)
    return backend.numpy.swapaxes(x, axis1, axis2)


class BroadcastTo(_NumpyOp):
    def __init__(self, shape, *, name=None):
        super().__init__(name=name)
        self.shape = shape

    def call(self, x):
        return backend.numpy.broadcast_to(x, self.shape)

    def compute_output_spec(self, x):
        shape = (self.shape,) if isinstance(self.shape, int) else self.shape
        target = tuple(shape)
        x_shape = _shape_of(x)
        if len(x_shape) > len(target) or not shape_equal(
            broadcast_shapes(x_shape, target), target
        ):
            raise ValueError(
                f"Cannot broadcast a tensor of shape {x_shape} to shape "
                f"{target}."
            )
        return KerasTensor(target, dtype=_dtype_of(x))


@_export("broadcast_to")
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
    if any_symbolic_tensors((x,)):
        return BroadcastTo(shape).symbolic_call(x)
    return backend.numpy.broadcast_to(x, shape)


def _list_dtype(xs):
    return dtypes.result_type(*[_dtype_of(x) for x in xs])


def _concat_shape(shapes, axis):
    """Shape of the concatenation of `shapes` along `axis`."""
    ndim = len(shapes[0])
    for s in shapes:
        if len(s) != ndim:
            raise ValueError(
                "All tensors to concatenate must have the same rank. "
                f"Received shapes: {shapes}"
            )
    axis = _canonical_axis(axis, ndim)
    output = list(shapes[0])
    output[axis] = _sum_dims(s[axis] for s in shapes)
    for s in shapes[1:]:
        for i, d in enumerate(s):
            if i == axis:
                continue
            if output[i] is None:
                output[i] = d
            elif d is not None and d != output[i]:
                raise ValueError(
                    "All tensors to concatenate must match on every axis "
                    f"but the concatenation axis {axis}. Received shapes: "
                    f"{shapes}"
                )
    return tuple(output)


def _sum_dims(dims):
    total = 0
    for d in dims:
        if d is None:
            return None
        total += d
    return total


class Concatenate(_NumpyOp):
    def __init__(self, axis=0, *, name=None):
        super().__init__(name=name)
        self.axis = axis

    def call(self, xs):
        return backend.numpy.concatenate(xs, axis=self.axis)

    def compute_output_spec(self, xs):
        if self.axis is None:
            raise ValueError(
                "`concatenate` of symbolic tensors needs an integer `axis`. "
                "Received: axis=None"
            )
        shape = _concat_shape([_shape_of(x) for x in xs], self.axis)
        sparse = builtins.all(_is_sparse(x) for x in xs)
        return KerasTensor(shape, dtype=_list_dtype(xs), sparse=sparse)


@_export("concatenate")
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
    if any_symbolic_tensors((xs,)):
        return Concatenate(axis=axis).symbolic_call(xs)
    return backend.numpy.concatenate(xs, axis=axis)


class Stack(_NumpyOp):
    def __init__(self, axis=0, *, name=None):
        super().__init__(name=name)
        self.axis = axis

    def call(self, x):
        return backend.numpy.stack(x, axis=self.axis)

    def compute_output_spec(self, x):
        shapes = [_shape_of(t) for t in x]
        first = shapes[0]
        for s in shapes[1:]:
            if not shape_equal(s, first):
                raise ValueError(
                    "All tensors to stack must have the same shape. "
                    f"Received shapes: {shapes}"
                )
        shape = [
            next((s[i] for s in shapes if s[i] is not None), None)
            for i in range(len(first))
        ]
        axis = _canonical_axis(self.axis, len(first) + 1)
        shape.insert(axis, len(x))
        return KerasTensor(tuple(shape), dtype=_list_dtype(x))


@_export("stack")
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
    if any_symbolic_tensors((x,)):
        return Stack(axis=axis).symbolic_call(x)
    return backend.numpy.stack(x, axis=axis)


def _at_least(shape, rank):
    """Shape after NumPy's `atleast_{rank}d` (for ranks 1 to 3)."""
    shape = tuple(shape)
    if len(shape) >= rank:
        return shape
    if rank == 2:
        return (1,) * (2 - len(shape)) + shape
    if len(shape) == 0:
        return (1, 1, 1)
    if len(shape) == 1:
        return (1,) + shape + (1,)
    return shape + (1,)


class Hstack(_NumpyOp):
    def call(self, xs):
        return backend.numpy.hstack(xs)

    def compute_output_spec(self, xs):
        shapes = [_at_least(_shape_of(x), 1) for x in xs]
        axis = 0 if len(shapes[0]) == 1 else 1
        return KerasTensor(_concat_shape(shapes, axis), dtype=_list_dtype(xs))


@_export("hstack")
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
    if any_symbolic_tensors((xs,)):
        return Hstack().symbolic_call(xs)
    return backend.numpy.hstack(xs)


class Vstack(_NumpyOp):
    def call(self, xs):
        return backend.numpy.vstack(xs)

    def compute_output_spec(self, xs):
        shapes = [_at_least(_shape_of(x), 2) for x in xs]
        return KerasTensor(_concat_shape(shapes, 0), dtype=_list_dtype(xs))


@_export("vstack")
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
    if any_symbolic_tensors((xs,)):
        return Vstack().symbolic_call(xs)
    return backend.numpy.vstack(xs)


class Dstack(_NumpyOp):
    def call(self, xs):
        return backend.numpy.dstack(xs)

    def compute_output_spec(self, xs):
        shapes = [_at_least(_shape_of(x), 3) for x in xs]
        return KerasTensor(_concat_shape(shapes, 2), dtype=_list_dtype(xs))


@_export("dstack")
def dstack(xs):
    """Stacks tensors along their third axis (depth).

    1-D inputs of length `n` are first seen as `(1, n, 1)` and 2-D inputs
    `(m, n)` as `(m, n, 1)`; all inputs must then agree on their first two
    axes.

    Args:
        xs: A list of tensors.

    Returns:
        A tensor of rank at least 3.

    Example:

    >>> keras.ops.dstack([np.array([1, 2]), np.array([7, 8])])
    array([[[1, 7],
            [2, 8]]], dtype=int32)
    """
    if any_symbolic_tensors((xs,)):
        return Dstack().symbolic_call(xs)
    return backend.numpy.dstack(xs)


def _column_stack_shape(shapes):
    """Shape of `column_stack` of tensors of `shapes` (rank >= 1 each)."""
    if not shapes:
        raise ValueError("Need at least one array to concatenate.")
    columns = []
    for shape in shapes:
        if not shape:
            raise ValueError(
                "`column_stack` needs tensors of rank >= 1 (1-D tensors "
                f"become columns). Received a tensor of shape {shape}."
            )
        columns.append(shape + (1,) if len(shape) == 1 else shape)
    output = list(columns[0])
    for shape, column in zip(shapes[1:], columns[1:]):
        compatible = len(column) == len(output) and builtins.all(
            a is None or b is None or a == b
            for i, (a, b) in enumerate(zip(column, output))
            if i != 1
        )
        if not compatible:
            raise ValueError(
                "`column_stack` needs tensors that agree on every axis but "
                "the column axis (axis 1), once 1-D tensors are turned into "
                f"columns. Received shape {shape}, which does not match "
                f"the first tensor's shape {shapes[0]}."
            )
        for i, d in enumerate(column):
            if i != 1 and output[i] is None:
                output[i] = d
    output[1] = _sum_dims(c[1] for c in columns)
    return tuple(output)


class ColumnStack(_NumpyOp):
    def call(self, xs):
        return backend.numpy.column_stack(xs)

    def compute_output_spec(self, xs):
        shape = _column_stack_shape([_shape_of(x) for x in xs])
        return KerasTensor(shape, dtype=_list_dtype(xs))


@_export("column_stack")
def column_stack(xs):
    """Joins tensors side by side as the columns of a 2-D result.

    1-D tensors of length `n` become `(n, 1)` columns; tensors of rank 2
    or more are joined along their second axis, as with `hstack`.

    Args:
        xs: Sequence of tensors that agree on every axis but the second
            once 1-D ones are made columns.

    Returns:
        The joined tensor, of rank at least 2.

    Example:

    >>> keras.ops.column_stack([np.array([1, 2]), np.array([3, 4])])
    Array([[1, 3],
           [2, 4]], dtype=int32)
    """
    if any_symbolic_tensors((xs,)):
        return ColumnStack().symbolic_call(xs)
    return backend.numpy.column_stack(xs)


def _split_sizes(dim, indices_or_sections, even=True):
    """Sizes of the pieces of a split of an axis of length `dim`."""
    if isinstance(indices_or_sections, (int, np.integer)):
        sections = int(indices_or_sections)
        if sections <= 0:
            raise ValueError(
                "The number of sections must be positive. Received: "
                f"{indices_or_sections}"
            )
        if dim is None:
            return [None] * sections
        if even:
            if dim % sections:
                raise ValueError(
                    f"An axis of length {dim} cannot be split into "
                    f"{sections} equal sections."
                )
            return [dim // sections] * sections
        base, extra = divmod(dim, sections)
        return [base + 1] * extra + [base] * (sections - extra)
    bounds = [int(i) for i in indices_or_sections]
    sizes = []
    start = 0
    for bound in bounds:
        if dim is not None:
            bound = builtins.min(bound if bound >= 0 else bound + dim, dim)
        sizes.append(builtins.max(bound - start, 0))
        start = builtins.max(start, bound)
    sizes.append(None if dim is None else builtins.max(dim - start, 0))
    return sizes


def _split_specs(x, indices_or_sections, axis, even=True):
    shape = list(_shape_of(x))
    axis = _canonical_axis(axis, len(shape))
    sizes = _split_sizes(shape[axis], indices_or_sections, even)
    outputs = []
    for size in sizes:
        piece = list(shape)
        piece[axis] = size
        outputs.append(KerasTensor(tuple(piece), dtype=_dtype_of(x)))
    return outputs


class Split(_NumpyOp):
    def __init__(self, indices_or_sections, axis=0, *, name=None):
        super().__init__(name=name)
        self.indices_or_sections = indices_or_sections
        self.axis = axis

    def call(self, x):
        return backend.numpy.split(x, self.indices_or_sections, axis=self.axis)

    def compute_output_spec(self, x):
        return _split_specs(x, self.indices_or_sections, self.axis)


@_export("split")
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
    if any_symbolic_tensors((x,)):
        return Split(indices_or_sections, axis=axis).symbolic_call(x)
    return backend.numpy.split(x, indices_or_sections, axis=axis)


class ArraySplit(_NumpyOp):
    def __init__(self, indices_or_sections, axis=0, *, name=None):
        super().__init__(name=name)
        self.indices_or_sections = indices_or_sections
        self.axis = axis

    def call(self, x):
        return backend.numpy.array_split(
            x, self.indices_or_sections, axis=self.axis
        )

    def compute_output_spec(self, x):
        return _split_specs(x, self.indices_or_sections, self.axis, even=False)


@_export("array_split")
def array_split(x, indices_or_sections, axis=0):
    """Splits a tensor into pieces that may differ in size by one.

    Unlike `keras.ops.split`, a number of sections that does not divide
    the axis is allowed: the first pieces get one more entry each.

    Args:
        x: Input tensor.
        indices_or_sections: Either a number of pieces, or a list of
            indices along `axis` at which to cut.
        axis: Axis to split. Defaults to `0`.

    Returns:
        A list of tensors.

    Example:

    >>> [p.shape for p in keras.ops.array_split(np.arange(7), 3)]
    [(3,), (2,), (2,)]
    """
    if any_symbolic_tensors((x,)):
        return ArraySplit(indices_or_sections, axis=axis).symbolic_call(x)
    return backend.numpy.array_split(x, indices_or_sections, axis=axis)


class Hsplit(_NumpyOp):
    def __init__(self, indices_or_sections, *, name=None):
        super().__init__(name=name)
        self.indices_or_sections = indices_or_sections

    def call(self, x):
        return backend.numpy.hsplit(x, self.indices_or_sections)

    def compute_output_spec(self, x):
        axis = 0 if len(_shape_of(x)) == 1 else 1
        return _split_specs(x, self.indices_or_sections, axis)


@_export("hsplit")
def hsplit(x, indices_or_sections):
    """Splits a tensor horizontally, i.e. along its second axis.

    A 1-D tensor is split along its only axis.

    Args:
        x: Input tensor.
        indices_or_sections: Either a number of equal pieces, or a list of
            indices at which to cut.

    Returns:
        A list of tensors.

    Example:

    >>> [p.shape for p in keras.ops.hsplit(np.zeros((2, 6)), [1, 4])]
    [(2, 1), (2, 3), (2, 2)]
    """
    if any_symbolic_tensors((x,)):
        return Hsplit(indices_or_sections).symbolic_call(x)
    return backend.numpy.hsplit(x, indices_or_sections)


class Vsplit(_NumpyOp):
    def __init__(self, indices_or_sections, *, name=None):
        super().__init__(name=name)
        self.indices_or_sections = indices_or_sections

    def call(self, x):
        return backend.numpy.vsplit(x, self.indices_or_sections)

    def compute_output_spec(self, x):
        if len(_shape_of(x)) < 2:
            raise ValueError(
                "`vsplit` needs a tensor of rank 2 or more. Received: "
                f"x.shape={_shape_of(x)}"
            )
        return _split_specs(x, self.indices_or_sections, 0)


@_export("vsplit")
def vsplit(x, indices_or_sections):
    """Splits a tensor vertically, i.e. along its first axis.

    The tensor must have rank 2 or more.

    Args:
        x: Input tensor.
        indices_or_sections: Either a number of equal pieces, or a list of
            indices at which to cut.

    Returns:
        A list of tensors.

    Example:

    >>> [p.shape for p in keras.ops.vsplit(np.zeros((4, 3)), 2)]
    [(2, 3), (2, 3)]
    """
    if any_symbolic_tensors((x,)):
        return Vsplit(indices_or_sections).symbolic_call(x)
    return backend.numpy.vsplit(x, indices_or_sections)


class Dsplit(_NumpyOp):
    def __init__(self, indices_or_sections, *, name=None):
        super().__init__(name=name)
        self.indices_or_sections = indices_or_sections

    def call(self, x):
        return backend.numpy.dsplit(x, self.indices_or_sections)

    def compute_output_spec(self, x):
        if len(_shape_of(x)) < 3:
            raise ValueError(
                "`dsplit` needs a tensor of rank 3 or more. Received: "
                f"x.shape={_shape_of(x)}"
            )
        return _split_specs(x, self.indices_or_sections, 2)


@_export("dsplit")
def dsplit(x, indices_or_sections):
    """Splits a tensor along its third axis (depth).

    The tensor must have rank 3 or more.

    Args:
        x: Input tensor.
        indices_or_sections: Either a number of equal pieces, or a list of
            indices at which to cut.

    Returns:
        A list of tensors.

    Example:

    >>> [p.shape for p in keras.ops.dsplit(np.zeros((1, 2, 5)), [2])]
    [(1, 2, 2), (1, 2, 3)]
    """
    if any_symbolic_tensors((x,)):
        return Dsplit(indices_or_sections).symbolic_call(x)
    return backend.numpy.dsplit(x, indices_or_sections)


class Append(_NumpyOp):
    def __init__(self, axis=None, *, name=None):
        super().__init__(name=name)
        self.axis = axis

    def call(self, x1, x2):
        return backend.numpy.append(x1, x2, axis=self.axis)

    def compute_output_spec(self, x1, x2):
        s1, s2 = _shape_of(x1), _shape_of(x2)
        dtype = _list_dtype([x1, x2])
        if self.axis is None:
            size = _sum_dims([_multiply_dims(*s1), _multiply_dims(*s2)])
            return KerasTensor((size,), dtype=dtype)
        return KerasTensor(_concat_shape([s1, s2], self.axis), dtype=dtype)


@_export("append")
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
    if any_symbolic_tensors((x1, x2)):
        return Append(axis=axis).symbolic_call(x1, x2)
    return backend.numpy.append(x1, x2, axis=axis)


class Flip(_NumpyOp):
    def __init__(self, axis=None, *, name=None):
        super().__init__(name=name)
        self.axis = axis

    def call(self, x):
        return backend.numpy.flip(x, axis=self.axis)

    def compute_output_spec(self, x):
        shape = _shape_of(x)
        if self.axis is not None:
            _canonical_axes(self.axis, len(shape))
        return KerasTensor(shape, dtype=_dtype_of(x))


@_export("flip")
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
    if any_symbolic_tensors((x,)):
        return Flip(axis=axis).symbolic_call(x)
    return backend.numpy.flip(x, axis=axis)


class Fliplr(_NumpyOp):
    def call(self, x):
        return backend.numpy.fliplr(x)

    def compute_output_spec(self, x):
        shape = _shape_of(x)
        if len(shape) < 2:
            raise ValueError(
                "`fliplr` needs a tensor of rank 2 or more. Received: "
                f"x.shape={shape}"
            )
        return KerasTensor(shape, dtype=_dtype_of(x))


@_export("fliplr")
def fliplr(x):
    """Reverses the order of the columns (the second axis).

    Args:
        x: A tensor of rank 2 or more.

    Returns:
        A tensor of the same shape.

    Example:

    >>> keras.ops.fliplr(np.array([[1, 2, 3], [4, 5, 6]]))
    array([[3, 2, 1],
           [6, 5, 4]], dtype=int32)
    """
    if any_symbolic_tensors((x,)):
        return Fliplr().symbolic_call(x)
    return backend.numpy.fliplr(x)


class Flipud(_NumpyOp):
    def call(self, x):
        return backend.numpy.flipud(x)

    def compute_output_spec(self, x):
        shape = _shape_of(x)
        if len(shape) < 1:
            raise ValueError(
                f"`flipud` needs a tensor of rank 1 or more. Received: "
                f"x.shape={shape}"
            )
        return KerasTensor(shape, dtype=_dtype_of(x))


@_export("flipud")
def flipud(x):
    """Reverses the order of the rows (the first axis).

    Args:
        x: A tensor of rank 1 or more.

    Returns:
        A tensor of the same shape.

    Example:

    >>> keras.ops.flipud(np.array([[1, 2], [3, 4], [5, 6]]))
    array([[5, 6],
           [3, 4],
           [1, 2]], dtype=int32)
    """
    if any_symbolic_tensors((x,)):
        return Flipud().symbolic_call(x)
    return backend.numpy.flipud(x)


class Rot90(_NumpyOp):
    def __init__(self, k=1, axes=(0, 1), *, name=None):
        super().__init__(name=name)
        self.k = k
        self.axes = axes

    def call(self, array):
        return backend.numpy.rot90(array, k=self.k, axes=self.axes)

    def compute_output_spec(self, array):
        shape = list(_shape_of(array))
        if len(shape) < 2:
            raise ValueError(
                "`rot90` needs a tensor of rank 2 or more. Received: "
                f"array.shape={tuple(shape)}"
            )
        axes = _canonical_axes(list(self.axes), len(shape))
        if len(axes) != 2:
            raise ValueError(
                f"Argument `axes` must name two axes. Received: {self.axes}"
            )
        if self.k % 2:
            shape[axes[0]], shape[axes[1]] = shape[axes[1]], shape[axes[0]]
        return KerasTensor(tuple(shape), dtype=_dtype_of(array))


@_export("rot90")
def rot90(array, k=1, axes=(0, 1)):
    """Rotates a tensor by 90 degrees in the plane of two axes.

    The rotation goes from the first named axis toward the second, `k`
    times; negative `k` rotates the other way.

    Args:
        array: A tensor of rank 2 or more.
        k: Number of quarter turns. Defaults to `1`.
        axes: The two (different) axes spanning the plane of rotation.
            Defaults to `(0, 1)`.

    Returns:
        The rotated tensor.

    Example:

    >>> keras.ops.rot90(np.array([[1, 2], [3, 4]]))
    array([[2, 4],
           [1, 3]], dtype=int32)
    """
    if any_symbolic_tensors((array,)):
        return Rot90(k=k, axes=axes).symbolic_call(array)
    return backend.numpy.rot90(array, k=k, axes=axes)


class Roll(_NumpyOp):
    def __init__(self, shift, axis=None, *, name=None):
        super().__init__(name=name)
        self.shift = shift
        self.axis = axis

    def call(self, x):
        return backend.numpy.roll(x, self.shift, axis=self.axis)

    def compute_output_spec(self, x):
        shape = _shape_of(x)
        if self.axis is not None:
            axes = (
                self.axis
                if isinstance(self.axis, (list, tuple))
                else [self.axis]
            )
            for a in axes:
                _canonical_axis(a, len(shape))
        return KerasTensor(shape, dtype=_dtype_of(x))


@_export("roll")
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
    if any_symbolic_tensors((x,)):
        return Roll(shift, axis=axis).symbolic_call(x)
    return backend.numpy.roll(x, shift, axis=axis)


class Tile(_NumpyOp):
    def __init__(self, repeats, *, name=None):
        super().__init__(name=name)
        self.repeats = repeats

    def call(self, x):
        return backend.numpy.tile(x, self.repeats)

    def compute_output_spec(self, x):
        shape = list(_shape_of(x))
        repeats = self.repeats
        if isinstance(repeats, (int, np.integer)):
            repeats = [repeats]
        repeats = [int(r) for r in repeats]
        length = builtins.max(len(shape), len(repeats))
        shape = [1] * (length - len(shape)) + shape
        repeats = [1] * (length - len(repeats)) + repeats
        output = [None if d is None else d * r for d, r in zip(shape, repeats)]
        return KerasTensor(tuple(output), dtype=_dtype_of(x))


@_export("tile")
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
    if any_symbolic_tensors((x,)):
        return Tile(repeats).symbolic_call(x)
    return backend.numpy.tile(x, repeats)


class Repeat(_NumpyOp):
    def __init__(self, repeats, axis=None, *, name=None):
        super().__init__(name=name)
        self.repeats = repeats
        self.axis = axis

    def call(self, x):
        return backend.numpy.repeat(x, self.repeats, axis=self.axis)

    def compute_output_spec(self, x):
        shape = list(_shape_of(x))
        repeats = self.repeats
        if hasattr(repeats, "shape") and not isinstance(repeats, np.ndarray):
            repeats = None  # A tensor: sizes unknown until run time.
        elif not isinstance(repeats, (int, np.integer)):
            repeats = [int(r) for r in np.asarray(repeats).reshape(-1)]
            if len(repeats) == 1:
                repeats = repeats[0]
        dtype = _dtype_of(x)
        if self.axis is None:
            size = _multiply_dims(*shape)
            if repeats is None:
                return KerasTensor((None,), dtype=dtype)
            if isinstance(repeats, int):
                length = None if size is None else size * repeats
            else:
                if size is not None and len(repeats) != size:
                    raise ValueError(
                        "With `axis=None`, `repeats` must hold one count per "
                        f"entry of `x` ({size}). Received: {self.repeats}"
                    )
                length = builtins.sum(repeats)
            return KerasTensor((length,), dtype=dtype)
        axis = _canonical_axis(self.axis, len(shape))
        dim = shape[axis]
        if repeats is None or dim is None:
            shape[axis] = None
        elif isinstance(repeats, int):
            shape[axis] = dim * repeats
        else:
            if dim is not None and len(repeats) != dim:
                raise ValueError(
                    f"`repeats` must hold one count per entry of axis {axis} "
                    f"({dim}). Received: {self.repeats}"
                )
            shape[axis] = builtins.sum(repeats)
        return KerasTensor(tuple(shape), dtype=dtype)


@_export("repeat")
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
    if any_symbolic_tensors((x, repeats)):
        return Repeat(repeats, axis=axis).symbolic_call(x)
    return backend.numpy.repeat(x, repeats, axis=axis)


class Pad(_NumpyOp):
    def __init__(self, pad_width, mode="constant", *, name=None):
        super().__init__(name=name)
        self.pad_width = pad_width
        self.mode = mode

    def call(self, x, constant_values=None):
        return backend.numpy.pad(
            x, self.pad_width, mode=self.mode, constant_values=constant_values
        )

    def compute_output_spec(self, x, constant_values=None):
        shape = _shape_of(x)
        widths = np.asarray(self.pad_width, dtype="int64")
        if widths.ndim == 0:
            widths = np.full((len(shape), 2), int(widths))
        elif widths.ndim == 1:
            if widths.shape[0] == 1:
                widths = np.full((len(shape), 2), int(widths[0]))
            elif widths.shape[0] == 2:
                widths = np.tile(widths[None, :], (len(shape), 1))
            else:
                widths = None
        elif widths.shape[0] == 1 and len(shape) != 1:
            widths = np.tile(widths, (len(shape), 1))
        if widths is None or widths.shape != (len(shape), 2):
            raise ValueError(
                "`pad_width` must hold one `(before, after)` pair per axis "
                f"of `x`. Received: pad_width={self.pad_width}, "
                f"x.shape={shape}"
            )
        output = [
            None if d is None else d + int(w[0]) + int(w[1])
            for d, w in zip(shape, widths)
        ]
        return KerasTensor(tuple(output), dtype=_dtype_of(x))


@_export("pad")
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
    if any_symbolic_tensors((x,)):
        return Pad(pad_width, mode=mode).symbolic_call(
            x, constant_values=constant_values
        )
    return backend.numpy.pad(
        x, pad_width, mode=mode, constant_values=constant_values
    )


class Take(_NumpyOp):
    def __init__(self, axis=None, *, name=None):
        super().__init__(name=name)
        self.axis = axis

    def call(self, x, indices):
        return backend.numpy.take(x, indices, axis=self.axis)

    def compute_output_spec(self, x, indices):
        x_shape = list(_shape_of(x))
        indices_shape = list(_shape_of(indices))
        if self.axis is None:
            return KerasTensor(tuple(indices_shape), dtype=_dtype_of(x))
        axis = _canonical_axis(self.axis, len(x_shape))
        shape = x_shape[:axis] + indices_shape + x_shape[axis + 1 :]
        return KerasTensor(tuple(shape), dtype=_dtype_of(x))


@_export("take")
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
    if any_symbolic_tensors((x, indices)):
        return Take(axis=axis).symbolic_call(x, indices)
    return backend.numpy.take(x, indices, axis=axis)


class TakeAlongAxis(_NumpyOp):
    def __init__(self, axis=None, *, name=None):
        super().__init__(name=name)
        self.axis = axis

    def call(self, x, indices):
        return backend.numpy.take_along_axis(x, indices, axis=self.axis)

    def compute_output_spec(self, x, indices):
        x_shape = list(_shape_of(x))
        indices_shape = list(_shape_of(indices))
        if self.axis is None:
            return KerasTensor(tuple(indices_shape), dtype=_dtype_of(x))
        axis = _canonical_axis(self.axis, len(x_shape))
        if len(x_shape) != len(indices_shape):
            raise ValueError(
                "`x` and `indices` must have the same rank. Received: "
                f"x.shape={tuple(x_shape)}, indices.shape="
                f"{tuple(indices_shape)}"
            )
        x_shape[axis] = 1
        output = broadcast_shapes(
            x_shape,
            [1 if i == axis else d for i, d in enumerate(indices_shape)],
        )
        output[axis] = indices_shape[axis]
        return KerasTensor(tuple(output), dtype=_dtype_of(x))


@_export("take_along_axis")
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
    if any_symbolic_tensors((x, indices)):
        return TakeAlongAxis(axis=axis).symbolic_call(x, indices)
    return backend.numpy.take_along_axis(x, indices, axis=axis)


class Tril(_NumpyOp):
    def __init__(self, k=0, *, name=None):
        super().__init__(name=name)
        self.k = k

    def call(self, x):
        return backend.numpy.tril(x, k=self.k)

    def compute_output_spec(self, x):
        return KerasTensor(_shape_of(x), dtype=_dtype_of(x))


@_export("tril")
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
    if any_symbolic_tensors((x,)):
        return Tril(k=k).symbolic_call(x)
    return backend.numpy.tril(x, k=k)


class Triu(_NumpyOp):
    def __init__(self, k=0, *, name=None):
        super().__init__(name=name)
        self.k = k

    def call(self, x):
        return backend.numpy.triu(x, k=self.k)

    def compute_output_spec(self, x):
        return KerasTensor(_shape_of(x), dtype=_dtype_of(x))


@_export("triu")
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
    if any_symbolic_tensors((x,)):
        return Triu(k=k).symbolic_call(x)
    return backend.numpy.triu(x, k=k)


def _diagonal_length(rows, cols, k):
    if rows is None or cols is None:
        return None
    if k >= 0:
        return builtins.max(0, builtins.min(rows, cols - k))
    return builtins.max(0, builtins.min(rows + k, cols))


class Diag(_NumpyOp):
    def __init__(self, k=0, *, name=None):
        super().__init__(name=name)
        self.k = k

    def call(self, x):
        return backend.numpy.diag(x, k=self.k)

    def compute_output_spec(self, x):
        shape = _shape_of(x)
        if len(shape) == 1:
            n = None if shape[0] is None else shape[0] + builtins.abs(self.k)
            return KerasTensor((n, n), dtype=_dtype_of(x))
        if len(shape) == 2:
            length = _diagonal_length(shape[0], shape[1], self.k)
            return KerasTensor((length,), dtype=_dtype_of(x))
        raise ValueError(
            f"`diag` needs a 1-D or 2-D tensor. Received: x.shape={shape}"
        )


@_export("diag")
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
    if any_symbolic_tensors((x,)):
        return Diag(k=k).symbolic_call(x)
    return backend.numpy.diag(x, k=k)


class Diagflat(_NumpyOp):
    def __init__(self, k=0, *, name=None):
        super().__init__(name=name)
        self.k = k

    def call(self, x):
        return backend.numpy.diagflat(x, k=self.k)

    def compute_output_spec(self, x):
        size = _multiply_dims(*_shape_of(x))
        n = None if size is None else size + builtins.abs(self.k)
        return KerasTensor((n, n), dtype=_dtype_of(x))


@_export("diagflat")
def diagflat(x, k=0):
    """Square matrix with the flattened `x` on one of its diagonals.

    Args:
        x: Input tensor; it is flattened first.
        k: Diagonal to fill: 0 is the main one, positive values are above
            it and negative values below. Defaults to `0`.

    Returns:
        A square tensor of side `x.size + abs(k)`, zero off that diagonal.

    Example:

    >>> keras.ops.diagflat(np.array([[4, 5]]), k=1)
    array([[0, 4, 0],
           [0, 0, 5],
           [0, 0, 0]], dtype=int32)
    """
    if any_symbolic_tensors((x,)):
        return Diagflat(k=k).symbolic_call(x)
    return backend.numpy.diagflat(x, k=k)


class Diagonal(_NumpyOp):
    def __init__(self, offset=0, axis1=0, axis2=1, *, name=None):
        super().__init__(name=name)
        self.offset = offset
        self.axis1 = axis1
        self.axis2 = axis2

    def call(self, x):
        return backend.numpy.diagonal(
            x, offset=self.offset, axis1=self.axis1, axis2=self.axis2
        )

    def compute_output_spec(self, x):
        shape = _shape_of(x)
        if len(shape) < 2:
            raise ValueError(
                "`diagonal` needs a tensor of rank 2 or more. Received: "
                f"x.shape={shape}"
            )
        a1 = _canonical_axis(self.axis1, len(shape))
        a2 = _canonical_axis(self.axis2, len(shape))
        if a1 == a2:
            raise ValueError(
                "`axis1` and `axis2` must be different. Received: "
                f"axis1={self.axis1}, axis2={self.axis2}"
            )
        rest = [d for i, d in enumerate(shape) if i not in (a1, a2)]
        length = _diagonal_length(shape[a1], shape[a2], self.offset)
        return KerasTensor(tuple(rest) + (length,), dtype=_dtype_of(x))


@_export("diagonal")
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
    if any_symbolic_tensors((x,)):
        return Diagonal(offset=offset, axis1=axis1, axis2=axis2).symbolic_call(
            x
        )
    return backend.numpy.diagonal(x, offset=offset, axis1=axis1, axis2=axis2)


class Diff(_NumpyOp):
    def __init__(self, n=1, axis=-1, *, name=None):
        super().__init__(name=name)
        self.n = n
        self.axis = axis

    def call(self, a):
        return backend.numpy.diff(a, n=self.n, axis=self.axis)

    def compute_output_spec(self, a):
        shape = list(_shape_of(a))
        axis = _canonical_axis(self.axis, len(shape))
        if shape[axis] is not None:
            shape[axis] = builtins.max(shape[axis] - self.n, 0)
        dtype = _keep_64bit(_traced_dtype(self.call, a), a)
        return KerasTensor(tuple(shape), dtype=dtype)


@_export("diff")
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
    if any_symbolic_tensors((a,)):
        return Diff(n=n, axis=axis).symbolic_call(a)
    return backend.numpy.diff(a, n=n, axis=axis)


class Trace(_NumpyOp):
    def __init__(self, offset=0, axis1=0, axis2=1, *, name=None):
        super().__init__(name=name)
        self.offset = offset
        self.axis1 = axis1
        self.axis2 = axis2

    def call(self, x):
        return backend.numpy.trace(
            x, offset=self.offset, axis1=self.axis1, axis2=self.axis2
        )

    def compute_output_spec(self, x):
        shape = _shape_of(x)
        a1 = _canonical_axis(self.axis1, len(shape))
        a2 = _canonical_axis(self.axis2, len(shape))
        if a1 == a2:
            raise ValueError(
                "`axis1` and `axis2` must be different. Received: "
                f"axis1={self.axis1}, axis2={self.axis2}"
            )
        rest = tuple(d for i, d in enumerate(shape) if i not in (a1, a2))
        dtype = _traced_dtype(lambda v: backend.numpy.trace(v), x, rank=2)
        return KerasTensor(rest, dtype=_keep_64bit(dtype, x))


@_export("trace")
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
    if any_symbolic_tensors((x,)):
        return Trace(offset=offset, axis1=axis1, axis2=axis2).symbolic_call(x)
    return backend.numpy.trace(x, offset=offset, axis1=axis1, axis2=axis2)


class _Cumulative(_NumpyOp):
    _fn = None

    def __init__(self, axis=None, dtype=None, *, name=None):
        super().__init__(name=name)
        self.axis = axis
        self.dtype = dtype

    def call(self, x):
        return getattr(backend.numpy, self._fn)(
            x, axis=self.axis, dtype=self.dtype
        )

    def _dtype(self, x):
        dtype = _traced_dtype(self.call, x)
        if self.dtype is None:
            # The symbolic result keeps a 64-bit input's width.
            dtype = _keep_64bit(dtype, x)
        return dtype

    def compute_output_spec(self, x):
        shape = _shape_of(x)
        axis = self.axis
        if isinstance(axis, (list, tuple)):
            if not axis:
                return KerasTensor(shape, dtype=self._dtype(x))
            if len(axis) != 1:
                raise ValueError(
                    f"Expected a single axis. Received: axis={self.axis}"
                )
            axis = axis[0]
        if axis is None:
            shape = (_multiply_dims(*shape),)
        else:
            _canonical_axis(axis, len(shape))
        return KerasTensor(shape, dtype=self._dtype(x))


class Cumsum(_Cumulative):
    _fn = "cumsum"


class Cumprod(_Cumulative):
    _fn = "cumprod"


class Nancumsum(_Cumulative):
    _fn = "nancumsum"


class Nancumprod(_Cumulative):
    _fn = "nancumprod"


@_export("cumsum")
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
    if any_symbolic_tensors((x,)):
        return Cumsum(axis=axis, dtype=dtype).symbolic_call(x)
    return backend.numpy.cumsum(x, axis=axis, dtype=dtype)


@_export("cumprod")
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
    if any_symbolic_tensors((x,)):
        return Cumprod(axis=axis, dtype=dtype).symbolic_call(x)
    return backend.numpy.cumprod(x, axis=axis, dtype=dtype)


@_export("nancumsum")
def nancumsum(x, axis=None, dtype=None):
    """Running sum of the entries along an axis, NaNs counted as zero.

    Args:
        x: Input tensor.
        axis: Axis along which to accumulate; `None` (the default)
            accumulates over the flattened tensor.
        dtype: dtype of the accumulator and result; by default that of
            `x` (narrow integers are widened as in `keras.ops.cumsum`).

    Returns:
        A tensor of running sums.

    Example:

    >>> keras.ops.nancumsum(np.array([1.0, np.nan, 4.0]))
    array([1., 1., 5.], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return Nancumsum(axis=axis, dtype=dtype).symbolic_call(x)
    return backend.numpy.nancumsum(x, axis=axis, dtype=dtype)


@_export("nancumprod")
def nancumprod(x, axis=None, dtype=None):
    """Running product of the entries along an axis, NaNs counted as one.

    Args:
        x: Input tensor.
        axis: Axis along which to accumulate; `None` (the default)
            accumulates over the flattened tensor.
        dtype: dtype of the accumulator and result; by default that of
            `x` (narrow integers are widened as in `keras.ops.cumprod`).

    Returns:
        A tensor of running products.

    Example:

    >>> keras.ops.nancumprod(np.array([2.0, np.nan, 3.0]))
    array([2., 2., 6.], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return Nancumprod(axis=axis, dtype=dtype).symbolic_call(x)
    return backend.numpy.nancumprod(x, axis=axis, dtype=dtype)


class Sort(_NumpyOp):
    def __init__(self, axis=-1, *, name=None):
        super().__init__(name=name)
        self.axis = axis

    def call(self, x):
        return backend.numpy.sort(x, axis=self.axis)

    def compute_output_spec(self, x):
        shape = _shape_of(x)
        if self.axis is None:
            shape = (_multiply_dims(*shape),)
        elif shape:
            _canonical_axis(self.axis, len(shape))
        return KerasTensor(shape, dtype=_dtype_of(x))


@_export("sort")
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
    if any_symbolic_tensors((x,)):
        return Sort(axis=axis).symbolic_call(x)
    return backend.numpy.sort(x, axis=axis)


class Argsort(_NumpyOp):
    def __init__(self, axis=-1, *, name=None):
        super().__init__(name=name)
        self.axis = axis

    def call(self, x):
        return backend.numpy.argsort(x, axis=self.axis)

    def compute_output_spec(self, x):
        shape = _shape_of(x)
        if self.axis is None or not shape:
            shape = (_multiply_dims(*shape),)
        else:
            _canonical_axis(self.axis, len(shape))
        return KerasTensor(shape, dtype="int32")


@_export("argsort")
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
    if any_symbolic_tensors((x,)):
        return Argsort(axis=axis).symbolic_call(x)
    return backend.numpy.argsort(x, axis=axis)


class Argpartition(_NumpyOp):
    def __init__(self, kth, axis=-1, *, name=None):
        super().__init__(name=name)
        if not isinstance(kth, (int, np.integer)):
            raise ValueError(
                f"Argument `kth` must be an integer. Received: kth={kth}"
            )
        self.kth = kth
        self.axis = axis

    def call(self, x):
        return backend.numpy.argpartition(x, self.kth, axis=self.axis)

    def compute_output_spec(self, x):
        shape = _shape_of(x)
        _canonical_axis(self.axis, len(shape))
        return KerasTensor(shape, dtype="int32")


@_export("argpartition")
def argpartition(x, kth, axis=-1):
    """Indices that partially sort `x` around its `kth` smallest entry.

    Along `axis`, the index of the `kth` smallest value lands at position
    `kth`; the indices before it point to values not larger, those after it
    to values not smaller, each group in no particular order.

    Args:
        x: Input tensor.
        kth: Position (an int) of the entry to put in its sorted place.
        axis: Axis to partition along. Defaults to `-1`.

    Returns:
        An `int32` tensor of indices, shaped like `x`.

    Example:

    >>> x = np.array([9, 4, 7, 1])
    >>> int(keras.ops.argpartition(x, 1)[1])
    1
    """
    if not isinstance(kth, (int, np.integer)):
        raise ValueError(f"Argument `kth` must be an integer. Received: {kth}")
    if any_symbolic_tensors((x,)):
        return Argpartition(kth, axis=axis).symbolic_call(x)
    return backend.numpy.argpartition(x, kth, axis=axis)


class View(_NumpyOp):
    def __init__(self, dtype=None, *, name=None):
        super().__init__(name=name)
        self.dtype = None if dtype is None else dtypes.standardize_dtype(dtype)

    def call(self, x):
        return backend.numpy.view(x, dtype=self.dtype)

    def compute_output_spec(self, x):
        old_dtype = _dtype_of(x)
        shape = list(_shape_of(x))
        if self.dtype is None or self.dtype == old_dtype:
            return KerasTensor(tuple(shape), dtype=old_dtype)
        old_size = np.dtype(_numpy_dtype(old_dtype)).itemsize
        new_size = np.dtype(_numpy_dtype(self.dtype)).itemsize
        if old_size != new_size:
            if not shape:
                raise ValueError(
                    "A scalar can only be viewed as a dtype of the same "
                    f"size. Received: x.dtype={old_dtype}, "
                    f"dtype={self.dtype}"
                )
            last = shape[-1]
            if last is not None:
                if (last * old_size) % new_size:
                    raise ValueError(
                        f"The last axis ({last} x {old_size} bytes) cannot "
                        f"be viewed as `{self.dtype}` entries."
                    )
                shape[-1] = last * old_size // new_size
        return KerasTensor(tuple(shape), dtype=self.dtype)


def _numpy_dtype(dtype):
    if dtype == "bfloat16":
        return "float16"
    return dtype


@_export("view")
def view(x, dtype=None):
    """Reinterprets the bytes of `x` as another dtype, without conversion.

    When the new dtype is narrower or wider, the last axis grows or shrinks
    so that the total number of bytes is unchanged.

    Args:
        x: Input tensor.
        dtype: The dtype to read the data as; `None` returns `x` as is.

    Returns:
        A tensor sharing `x`'s bytes.

    Example:

    >>> keras.ops.view(np.array([1.0], dtype="float32"), "int32")
    array([1065353216], dtype=int32)
    """
    if any_symbolic_tensors((x,)):
        return View(dtype=dtype).symbolic_call(x)
    return backend.numpy.view(x, dtype=dtype)


class UnravelIndex(_NumpyOp):
    def __init__(self, shape, *, name=None):
        super().__init__(name=name)
        self.shape = shape

    def call(self, indices):
        return backend.numpy.unravel_index(indices, self.shape)

    def compute_output_spec(self, indices):
        shape = _shape_of(indices)
        dtype = _traced_dtype(
            lambda i: backend.numpy.unravel_index(i, (2,))[0], indices
        )
        return tuple(KerasTensor(shape, dtype=dtype) for _ in self.shape)


@_export("unravel_index")
def unravel_index(indices, shape):
    """Converts flat indices into a tuple of coordinate tensors.

    Row-major (C) order is used, as in a `reshape` to `shape`.

    Args:
        indices: Integer tensor of flat indices into a tensor of `shape`.
        shape: The shape the indices refer to.

    Returns:
        A tuple with one tensor per axis of `shape`, each shaped like
        `indices`.

    Example:

    >>> rows, cols = keras.ops.unravel_index(np.array([5, 7]), (3, 4))
    >>> rows, cols
    (array([1, 1], dtype=int32), array([1, 3], dtype=int32))
    """
    if any_symbolic_tensors((indices,)):
        return UnravelIndex(shape).symbolic_call(indices)
    return backend.numpy.unravel_index(indices, shape)


# --------------------------------------------------------------------------
# Indexing.
# --------------------------------------------------------------------------


def _get_item_shape(shape, key):
    """Static shape of `x[key]` for keys made of ints, slices, `None` and
    `Ellipsis`; `NotImplemented` for other keys (e.g. tensors)."""
    key = key if isinstance(key, tuple) else (key,)
    for k in key:
        if not (
            k is None
            or k is Ellipsis
            or isinstance(k, (builtins.slice, int, np.integer))
        ) or isinstance(k, bool):
            return NotImplemented
    if builtins.sum(1 for k in key if k is Ellipsis) > 1:
        raise ValueError(
            f"An index can only have a single ellipsis. Received: key={key}"
        )
    consumed = builtins.sum(
        1 for k in key if k is not None and k is not Ellipsis
    )
    if consumed > len(shape):
        raise ValueError(
            f"Too many indices for a tensor of rank {len(shape)}. "
            f"Received: key={key}"
        )
    if Ellipsis in key:
        i = key.index(Ellipsis)
        fill = (builtins.slice(None),) * (len(shape) - consumed)
        key = key[:i] + fill + key[i + 1 :]
    else:
        key = key + (builtins.slice(None),) * (len(shape) - consumed)
    output = []
    dims = iter(shape)
    for k in key:
        if k is None:
            output.append(1)
            continue
        dim = next(dims)
        if isinstance(k, builtins.slice):
            if dim is None:
                output.append(None)
            else:
                output.append(len(range(*k.indices(dim))))
        else:
            if dim is not None and not -dim <= k < dim:
                raise ValueError(
                    f"Index {k} is out of bounds for an axis of size {dim}."
                )
    return tuple(output)


class GetItem(_NumpyOp):
    def call(self, x, key):
        return backend.numpy.get_item(x, key)

    def compute_output_spec(self, x, key):
        shape = _get_item_shape(_shape_of(x), key)
        if shape is NotImplemented:
            return backend.compute_output_spec(self.call, x, key)
        return KerasTensor(shape, dtype=_dtype_of(x))


@_export("get_item")
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
    if any_symbolic_tensors((x, key)):
        return GetItem().symbolic_call(x, key)
    return backend.numpy.get_item(x, key)


# --------------------------------------------------------------------------
# Products and other multi-tensor ops.
# --------------------------------------------------------------------------


def _check_inner_dims(d1, d2, what):
    if d1 is not None and d2 is not None and d1 != d2:
        raise ValueError(
            f"Incompatible shapes for `{what}`: the contracted dimensions "
            f"are {d1} and {d2}."
        )


class Matmul(_NumpyOp):
    def call(self, x1, x2):
        return backend.numpy.matmul(x1, x2)

    def compute_output_spec(self, x1, x2):
        s1, s2 = list(_shape_of(x1)), list(_shape_of(x2))
        if not s1 or not s2:
            raise ValueError(
                "`matmul` does not accept scalars. Received shapes: "
                f"{tuple(s1)} and {tuple(s2)}"
            )
        drop_first = len(s1) == 1
        drop_last = len(s2) == 1
        if drop_first:
            s1 = [1] + s1
        if drop_last:
            s2 = s2 + [1]
        _check_inner_dims(s1[-1], s2[-2], "matmul")
        batch = broadcast_shapes(s1[:-2], s2[:-2])
        shape = list(batch)
        if not drop_first:
            shape.append(s1[-2])
        if not drop_last:
            shape.append(s2[-1])
        dtype = _traced_dtype(self.call, x1, x2)
        sparse = _is_sparse(x1) and _is_sparse(x2)
        return KerasTensor(tuple(shape), dtype=dtype, sparse=sparse)


@_export("matmul")
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
    if any_symbolic_tensors((x1, x2)):
        return Matmul().symbolic_call(x1, x2)
    return backend.numpy.matmul(x1, x2)


class Dot(_NumpyOp):
    def call(self, x1, x2):
        return backend.numpy.dot(x1, x2)

    def compute_output_spec(self, x1, x2):
        s1, s2 = list(_shape_of(x1)), list(_shape_of(x2))
        dtype = _traced_dtype(self.call, x1, x2, rank=0)
        if not s1 or not s2:
            return KerasTensor(tuple(s1 or s2), dtype=dtype)
        contracted = s2[0] if len(s2) == 1 else s2[-2]
        _check_inner_dims(s1[-1], contracted, "dot")
        if len(s2) == 1:
            shape = s1[:-1]
        else:
            shape = s1[:-1] + s2[:-2] + s2[-1:]
        return KerasTensor(tuple(shape), dtype=dtype)


@_export("dot")
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
    if any_symbolic_tensors((x1, x2)):
        return Dot().symbolic_call(x1, x2)
    return backend.numpy.dot(x1, x2)


class Vdot(_NumpyOp):
    def call(self, x1, x2):
        return backend.numpy.vdot(x1, x2)

    def compute_output_spec(self, x1, x2):
        dtype = _traced_dtype(self.call, x1, x2, rank=0)
        return KerasTensor((), dtype=dtype)


@_export("vdot")
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
    if any_symbolic_tensors((x1, x2)):
        return Vdot().symbolic_call(x1, x2)
    return backend.numpy.vdot(x1, x2)


class Inner(_NumpyOp):
    def call(self, x1, x2):
        return backend.numpy.inner(x1, x2)

    def compute_output_spec(self, x1, x2):
        s1, s2 = list(_shape_of(x1)), list(_shape_of(x2))
        dtype = _traced_dtype(self.call, x1, x2, rank=0)
        if not s1 or not s2:
            return KerasTensor(tuple(s1 or s2), dtype=dtype)
        if s1[-1] is not None and s2[-1] is not None and s1[-1] != s2[-1]:
            raise ValueError(
                "`inner` needs inputs with the same last dimension. "
                f"Received shapes: {tuple(s1)} and {tuple(s2)}"
            )
        return KerasTensor(tuple(s1[:-1] + s2[:-1]), dtype=dtype)


@_export("inner")
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
    if any_symbolic_tensors((x1, x2)):
        return Inner().symbolic_call(x1, x2)
    return backend.numpy.inner(x1, x2)


class Outer(_NumpyOp):
    def call(self, x1, x2):
        return backend.numpy.outer(x1, x2)

    def compute_output_spec(self, x1, x2):
        n1 = _multiply_dims(*_shape_of(x1))
        n2 = _multiply_dims(*_shape_of(x2))
        dtype = _traced_dtype(self.call, x1, x2, rank=0)
        return KerasTensor((n1, n2), dtype=dtype)


@_export("outer")
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
    if any_symbolic_tensors((x1, x2)):
        return Outer().symbolic_call(x1, x2)
    return backend.numpy.outer(x1, x2)


class Kron(_NumpyOp):
    def call(self, x1, x2):
        return backend.numpy.kron(x1, x2)

    def compute_output_spec(self, x1, x2):
        s1, s2 = list(_shape_of(x1)), list(_shape_of(x2))
        length = builtins.max(len(s1), len(s2))
        s1 = [1] * (length - len(s1)) + s1
        s2 = [1] * (length - len(s2)) + s2
        shape = tuple(_multiply_dims(a, b) for a, b in zip(s1, s2))
        dtype = _traced_dtype(self.call, x1, x2, rank=0)
        return KerasTensor(shape, dtype=dtype)


@_export("kron")
def kron(x1, x2):
    """Kronecker product of two tensors.

    Each entry of `x1` is replaced by a block equal to that entry times
    `x2`; inputs of different ranks are aligned by prepending size-1 axes to
    the lower-rank one.

    Args:
        x1: First tensor.
        x2: Second tensor.

    Returns:
        A tensor whose size along each axis is the product of the inputs'
        sizes.

    Example:

    >>> keras.ops.kron(np.array([1, 10]), np.array([2, 3]))
    array([ 2,  3, 20, 30], dtype=int32)
    """
    if any_symbolic_tensors((x1, x2)):
        return Kron().symbolic_call(x1, x2)
    return backend.numpy.kron(x1, x2)


class Tensordot(_NumpyOp):
    def __init__(self, axes=2, *, name=None):
        super().__init__(name=name)
        self.axes = axes

    def call(self, x1, x2):
        return backend.numpy.tensordot(x1, x2, axes=self.axes)

    def compute_output_spec(self, x1, x2):
        s1, s2 = list(_shape_of(x1)), list(_shape_of(x2))
        if isinstance(self.axes, (int, np.integer)):
            n = int(self.axes)
            axes1 = list(range(len(s1) - n, len(s1)))
            axes2 = list(range(n))
        else:
            axes1, axes2 = self.axes
            axes1 = [axes1] if isinstance(axes1, int) else list(axes1)
            axes2 = [axes2] if isinstance(axes2, int) else list(axes2)
        axes1 = [_canonical_axis(a, len(s1)) for a in axes1]
        axes2 = [_canonical_axis(a, len(s2)) for a in axes2]
        if len(axes1) != len(axes2):
            raise ValueError(
                "`tensordot` needs as many axes on each side. Received: "
                f"axes={self.axes}"
            )
        shape = [d for i, d in enumerate(s1) if i not in axes1] + [
            d for i, d in enumerate(s2) if i not in axes2
        ]
        dtype = _traced_dtype(
            lambda a, b: backend.numpy.multiply(a, b), x1, x2, rank=0
        )
        return KerasTensor(tuple(shape), dtype=dtype)


@_export("tensordot")
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
    if any_symbolic_tensors((x1, x2)):
        return Tensordot(axes=axes).symbolic_call(x1, x2)
    return backend.numpy.tensordot(x1, x2, axes=axes)


def _einsum_output_shape(subscripts, shapes):
    subscripts = subscripts.replace(" ", "")
    if "->" in subscripts:
        inputs, output = subscripts.split("->")
    else:
        inputs, output = subscripts, None
    inputs = inputs.split(",")
    if len(inputs) != len(shapes):
        raise ValueError(
            f"`einsum` subscripts '{subscripts}' name {len(inputs)} "
            f"operands, but {len(shapes)} were given."
        )
    sizes = {}
    ellipsis_shape = []
    counts = {}
    for term, shape in zip(inputs, shapes):
        letters = term.replace("...", "")
        if "..." in term:
            n_ellipsis = len(shape) - len(letters)
            if n_ellipsis < 0:
                raise ValueError(
                    f"`einsum` term '{term}' has more letters than its "
                    f"operand has axes ({len(shape)})."
                )
            before = term.index("...")
            dims = list(shape[:before]) + list(shape[before + n_ellipsis :])
            ellipsis_shape = broadcast_shapes(
                ellipsis_shape, shape[before : before + n_ellipsis]
            )
        else:
            if len(letters) != len(shape):
                raise ValueError(
                    f"`einsum` term '{term}' has {len(letters)} letters but "
                    f"its operand has {len(shape)} axes."
                )
            dims = list(shape)
        for letter, dim in zip(letters, dims):
            counts[letter] = counts.get(letter, 0) + 1
            known = sizes.get(letter)
            if known is None or known == 1:
                sizes[letter] = dim
    if output is None:
        singles = sorted(k for k, v in counts.items() if v == 1)
        return tuple(ellipsis_shape) + tuple(sizes[k] for k in singles)
    if "..." in output:
        before, after = output.split("...")
    else:
        before, after = output, None
    shape = [sizes[k] for k in before]
    if after is not None:
        shape += list(ellipsis_shape) + [sizes[k] for k in after]
    return tuple(shape)


class Einsum(_NumpyOp):
    def __init__(self, subscripts, *, name=None):
        super().__init__(name=name)
        self.subscripts = subscripts

    def call(self, *operands, **kwargs):
        return backend.numpy.einsum(self.subscripts, *operands, **kwargs)

    def compute_output_spec(self, *operands, **kwargs):
        shape = _einsum_output_shape(
            self.subscripts, [_shape_of(x) for x in operands]
        )
        dtype = _traced_dtype(self.call, *operands)
        return KerasTensor(shape, dtype=dtype)


@_export("einsum")
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
    if any_symbolic_tensors(operands):
        return Einsum(subscripts).symbolic_call(*operands, **kwargs)
    return backend.numpy.einsum(subscripts, *operands, **kwargs)


class Cross(_NumpyOp):
    def __init__(self, axisa=-1, axisb=-1, axisc=-1, axis=None, *, name=None):
        super().__init__(name=name)
        self.axisa = axisa
        self.axisb = axisb
        self.axisc = axisc
        self.axis = axis

    def call(self, x1, x2):
        return backend.numpy.cross(
            x1,
            x2,
            axisa=self.axisa,
            axisb=self.axisb,
            axisc=self.axisc,
            axis=self.axis,
        )

    def compute_output_spec(self, x1, x2):
        axisa, axisb, axisc = self.axisa, self.axisb, self.axisc
        if self.axis is not None:
            axisa = axisb = axisc = self.axis
        s1, s2 = list(_shape_of(x1)), list(_shape_of(x2))
        a = _canonical_axis(axisa, len(s1))
        b = _canonical_axis(axisb, len(s2))
        n1, n2 = s1.pop(a), s2.pop(b)
        for n in (n1, n2):
            if n not in (2, 3, None):
                raise ValueError(
                    "`cross` needs vectors of dimension 2 or 3. Received "
                    f"shapes: {_shape_of(x1)} and {_shape_of(x2)}"
                )
        shape = broadcast_shapes(s1, s2)
        if not (n1 == 2 and n2 == 2):
            c = _canonical_axis(axisc, len(shape) + 1)
            shape.insert(c, 3 if n1 is not None and n2 is not None else None)
        dtype = _traced_dtype(
            lambda u, v: backend.numpy.multiply(u, v), x1, x2, rank=0
        )
        return KerasTensor(tuple(shape), dtype=dtype)


@_export("cross")
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
    if any_symbolic_tensors((x1, x2)):
        return Cross(
            axisa=axisa, axisb=axisb, axisc=axisc, axis=axis
        ).symbolic_call(x1, x2)
    return backend.numpy.cross(
        x1, x2, axisa=axisa, axisb=axisb, axisc=axisc, axis=axis
    )


class Correlate(_NumpyOp):
    def __init__(self, mode="valid", *, name=None):
        super().__init__(name=name)
        self.mode = mode

    def call(self, x1, x2):
        return backend.numpy.correlate(x1, x2, mode=self.mode)

    def compute_output_spec(self, x1, x2):
        s1, s2 = _shape_of(x1), _shape_of(x2)
        if len(s1) != 1 or len(s2) != 1:
            raise ValueError(
                "`correlate` needs two 1-D tensors. Received shapes: "
                f"{s1} and {s2}"
            )
        n, m = s1[0], s2[0]
        if n is None or m is None:
            length = None
        elif self.mode == "valid":
            length = builtins.max(n, m) - builtins.min(n, m) + 1
        elif self.mode == "same":
            length = builtins.max(n, m)
        elif self.mode == "full":
            length = n + m - 1
        else:
            raise ValueError(
                "Argument `mode` must be 'valid', 'same' or 'full'. "
                f"Received: mode={self.mode}"
            )
        dtype = _traced_dtype(self.call, x1, x2)
        return KerasTensor((length,), dtype=dtype)


@_export("correlate")
def correlate(x1, x2, mode="valid"):
    """Cross-correlation of two 1-D sequences.

    Entry `k` of the full result is `sum_n x1[n + k] * conj(x2[n])`, for
    every shift `k` at which the sequences overlap.

    Args:
        x1: First 1-D tensor.
        x2: Second 1-D tensor.
        mode: Which shifts to keep: `"valid"` (default) only those where
            the sequences overlap completely, `"same"` as many as the
            longer input has entries, `"full"` all overlapping shifts.

    Returns:
        A 1-D floating tensor.

    Example:

    >>> keras.ops.correlate(np.array([1.0, 2.0, 3.0]), np.array([1.0, 1.0]))
    array([3., 5.], dtype=float32)
    """
    if any_symbolic_tensors((x1, x2)):
        return Correlate(mode=mode).symbolic_call(x1, x2)
    return backend.numpy.correlate(x1, x2, mode=mode)


class Corrcoef(_NumpyOp):
    def call(self, x):
        return backend.numpy.corrcoef(x)

    def compute_output_spec(self, x):
        shape = _shape_of(x)
        if len(shape) > 2:
            raise ValueError(
                f"`corrcoef` needs a 1-D or 2-D tensor. Received: "
                f"x.shape={shape}"
            )
        out = () if len(shape) < 2 else (shape[0], shape[0])
        dtype = _traced_dtype(self.call, x, rank=2)
        return KerasTensor(out, dtype=dtype)


@_export("corrcoef")
def corrcoef(x):
    """Pearson correlation coefficients between the rows of `x`.

    Each row is one variable and each column one observation.

    Args:
        x: A 1-D or 2-D tensor.

    Returns:
        A square floating tensor of coefficients, one row and one column per
        variable.

    Example:

    >>> keras.ops.corrcoef(np.array([[1.0, 2.0, 3.0], [6.0, 4.0, 2.0]]))
    array([[ 1., -1.],
           [-1.,  1.]], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return Corrcoef().symbolic_call(x)
    return backend.numpy.corrcoef(x)


class Vander(_NumpyOp):
    def __init__(self, N=None, increasing=False, *, name=None):
        super().__init__(name=name)
        self.N = N
        self.increasing = increasing

    def call(self, x):
        return backend.numpy.vander(x, N=self.N, increasing=self.increasing)

    def compute_output_spec(self, x):
        shape = _shape_of(x)
        if len(shape) != 1:
            raise ValueError(
                f"`vander` needs a 1-D tensor. Received: x.shape={shape}"
            )
        columns = shape[0] if self.N is None else self.N
        dtype = _traced_dtype(self.call, x, rank=1)
        return KerasTensor((shape[0], columns), dtype=dtype)


@_export("vander")
def vander(x, N=None, increasing=False):
    """Vandermonde matrix of a 1-D tensor.

    Column `j` holds the powers `x ** (N - 1 - j)` (or `x ** j` when
    `increasing`).

    Args:
        x: A 1-D tensor.
        N: Number of columns; defaults to `len(x)`.
        increasing: Whether powers grow from left to right. Defaults to
            `False`.

    Returns:
        A tensor of shape `(len(x), N)`.

    Example:

    >>> keras.ops.vander(np.array([2, 3]), N=3)
    array([[4, 2, 1],
           [9, 3, 1]], dtype=int32)
    """
    if any_symbolic_tensors((x,)):
        return Vander(N=N, increasing=increasing).symbolic_call(x)
    return backend.numpy.vander(x, N=N, increasing=increasing)


class Meshgrid(_NumpyOp):
    def __init__(self, indexing="xy", *, name=None):
        super().__init__(name=name)
        if indexing not in ("xy", "ij"):
            raise ValueError(
                "Argument `indexing` must be 'xy' or 'ij'. Received: "
                f"indexing={indexing}"
            )
        self.indexing = indexing

    def call(self, *x):
        return backend.numpy.meshgrid(*x, indexing=self.indexing)

    def compute_output_spec(self, *x):
        sizes = [_multiply_dims(*_shape_of(v)) for v in x]
        if self.indexing == "xy" and len(sizes) >= 2:
            sizes[0], sizes[1] = sizes[1], sizes[0]
        dtype = _list_dtype(x)
        return [KerasTensor(tuple(sizes), dtype=dtype) for _ in x]


@_export("meshgrid")
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
    if any_symbolic_tensors(x):
        return Meshgrid(indexing=indexing).symbolic_call(*x)
    return backend.numpy.meshgrid(*x, indexing=indexing)


# --------------------------------------------------------------------------
# Creation.
# --------------------------------------------------------------------------


class Arange(_NumpyOp):
    def __init__(self, dtype=None, *, name=None):
        super().__init__(name=name)
        self.dtype = None if dtype is None else dtypes.standardize_dtype(dtype)

    def call(self, start, stop=None, step=None):
        return backend.numpy.arange(start, stop, step=step, dtype=self.dtype)

    def compute_output_spec(self, start, stop=None, step=None):
        if step is None:
            step = 1
        if stop is None:
            start, stop = 0, start
        length = None
        if builtins.all(
            isinstance(v, (int, float)) for v in (start, stop, step)
        ):
            length = builtins.max(math.ceil((stop - start) / step), 0)
        dtype = self.dtype
        if dtype is None:
            dtype = _traced_dtype(
                lambda a, b, c: backend.numpy.arange(a, b, c),
                *[_scalar_probe(v) for v in (start, stop, step)],
            )
        return KerasTensor((length,), dtype=dtype)


def _scalar_probe(value):
    """Python scalar standing for `value` (which may be a tensor), to trace
    the dtype of creation ops."""
    if isinstance(value, _PY_SCALARS):
        return value
    dtype = _dtype_of(value)
    if dtype == "bool":
        return True
    if "int" in dtype:
        return 1
    return 1.0


@_export("arange")
def arange(start, stop=None, step=None, dtype=None):
    """Values from `start` up to, but excluding, `stop`, spaced by `step`.

    With a single bound, that bound is the stop and the values begin at
    `0`.

    Args:
        start: First value, or the stop when `stop` is `None`.
        stop: Bound that is never reached.
        step: Gap between neighbouring values. `None` (the default)
            means `1`.
        dtype: dtype of the result. When `None` it is inferred from the
            arguments: Python ints give `int32`, Python floats `floatx`.

    Returns:
        A 1-D tensor.

    Example:

    >>> keras.ops.arange(2, 11, 4)
    array([ 2,  6, 10], dtype=int32)
    """
    if any_symbolic_tensors((start, stop, step)):
        return Arange(dtype=dtype).symbolic_call(start, stop, step)
    return backend.numpy.arange(start, stop, step=step, dtype=dtype)


class _Space(_NumpyOp):
    """Shared shape logic of `linspace`, `logspace` and `geomspace`."""

    def _spec(self, start, stop, num, axis, dtype):
        shape = broadcast_shapes(_shape_of(start), _shape_of(stop))
        axis = _canonical_axis(axis, len(shape) + 1)
        num = num if isinstance(num, (int, np.integer)) else None
        shape.insert(axis, num)
        return KerasTensor(tuple(shape), dtype=dtypes.standardize_dtype(dtype))


class Linspace(_Space):
    def __init__(
        self,
        num=50,
        endpoint=True,
        retstep=False,
        dtype=None,
        axis=0,
        *,
        name=None,
    ):
        super().__init__(name=name)
        self.num = num
        self.endpoint = endpoint
        self.retstep = retstep
        self.dtype = dtype
        self.axis = axis

    def call(self, start, stop):
        return backend.numpy.linspace(
            start,
            stop,
            self.num,
            self.endpoint,
            self.retstep,
            self.dtype,
            self.axis,
        )

    def compute_output_spec(self, start, stop):
        dtype = self.dtype or backend.floatx()
        spec = self._spec(start, stop, self.num, self.axis, dtype)
        if self.retstep:
            step_shape = broadcast_shapes(_shape_of(start), _shape_of(stop))
            return spec, KerasTensor(tuple(step_shape), dtype=spec.dtype)
        return spec


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
    if any_symbolic_tensors((start, stop)):
        return Linspace(num, endpoint, retstep, dtype, axis).symbolic_call(
            start, stop
        )
    return backend.numpy.linspace(
        start, stop, num, endpoint, retstep, dtype, axis
    )


class Logspace(_Space):
    def __init__(
        self, num=50, endpoint=True, base=10, dtype=None, axis=0, *, name=None
    ):
        super().__init__(name=name)
        self.num = num
        self.endpoint = endpoint
        self.base = base
        self.dtype = dtype
        self.axis = axis

    def call(self, start, stop):
        return backend.numpy.logspace(
            start,
            stop,
            self.num,
            self.endpoint,
            self.base,
            self.dtype,
            self.axis,
        )

    def compute_output_spec(self, start, stop):
        dtype = self.dtype or backend.floatx()
        return self._spec(start, stop, self.num, self.axis, dtype)


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
    if any_symbolic_tensors((start, stop)):
        return Logspace(num, endpoint, base, dtype, axis).symbolic_call(
            start, stop
        )
    return backend.numpy.logspace(start, stop, num, endpoint, base, dtype, axis)


class Geomspace(_Space):
    def __init__(self, num=50, endpoint=True, dtype=None, axis=0, *, name=None):
        super().__init__(name=name)
        self.num = num
        self.endpoint = endpoint
        self.dtype = dtype
        self.axis = axis

    def call(self, start, stop):
        return backend.numpy.geomspace(
            start, stop, self.num, self.endpoint, self.dtype, self.axis
        )

    def compute_output_spec(self, start, stop):
        dtype = self.dtype or backend.floatx()
        return self._spec(start, stop, self.num, self.axis, dtype)


@_export("geomspace")
def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    """`num` numbers spaced evenly on a log scale between `start` and `stop`.

    Successive values have a constant ratio; unlike `keras.ops.logspace`,
    the end points themselves (not their exponents) are given.

    Args:
        start: First value (non-zero); a scalar or a tensor.
        stop: Last value, or the bound when `endpoint` is `False`.
        num: Number of values. Defaults to `50`.
        endpoint: Whether `stop` is included. Defaults to `True`.
        dtype: dtype of the result; defaults to `keras.config.floatx()`.
        axis: Axis of the result along which the values are laid out, when
            `start` or `stop` are tensors. Defaults to `0`.

    Returns:
        A tensor of `num` values (times the broadcast shape of `start` and
        `stop`).

    Example:

    >>> x = keras.ops.geomspace(2.0, 54.0, num=4)
    >>> keras.ops.convert_to_numpy(x).round(3)
    array([ 2.,  6., 18., 54.], dtype=float32)
    """
    if any_symbolic_tensors((start, stop)):
        return Geomspace(num, endpoint, dtype, axis).symbolic_call(start, stop)
    return backend.numpy.geomspace(start, stop, num, endpoint, dtype, axis)


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


class Full(_NumpyOp):
    def __init__(self, shape, dtype=None, *, name=None):
        super().__init__(name=name)
        self.shape = shape
        self.dtype = None if dtype is None else dtypes.standardize_dtype(dtype)

    def call(self, fill_value):
        return backend.numpy.full(self.shape, fill_value, dtype=self.dtype)

    def compute_output_spec(self, fill_value):
        shape = (self.shape,) if isinstance(self.shape, int) else self.shape
        return KerasTensor(tuple(shape), dtype=self.dtype or backend.floatx())


@_export("full")
def full(shape, fill_value, dtype=None):
    """Tensor of the requested shape in which every entry is `fill_value`.

    Args:
        shape: An int or tuple of ints.
        fill_value: Scalar (or broadcastable tensor) to fill with.
        dtype: dtype of the result; `keras.config.floatx()` when `None`,
            whatever the type of `fill_value`.

    Returns:
        A new tensor.

    Example:

    >>> keras.ops.full((2,), 7)
    array([7., 7.], dtype=float32)
    """
    if any_symbolic_tensors((fill_value,)):
        return Full(shape, dtype=dtype).symbolic_call(fill_value)
    return backend.numpy.full(shape, fill_value, dtype=dtype)


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


@_export("bartlett")
def bartlett(x):
    """Bartlett (triangular) window of `x` points.

    It rises linearly from 0 to 1 and back to 0.

    Args:
        x: Number of points (an int or a scalar integer tensor).

    Returns:
        A 1-D tensor of `keras.config.floatx()`.

    Example:

    >>> keras.ops.convert_to_numpy(keras.ops.bartlett(6)).round(2)
    array([0. , 0.4, 0.8, 0.8, 0.4, 0. ], dtype=float32)
    """
    return backend.numpy.bartlett(x)


@_export("blackman")
def blackman(x):
    """Blackman window of `x` points.

    A taper built from three cosine terms, with very low side lobes.

    Args:
        x: Number of points (an int or a scalar integer tensor).

    Returns:
        A 1-D tensor of `keras.config.floatx()`.

    Example:

    >>> keras.ops.convert_to_numpy(keras.ops.blackman(5)).round(2)
    array([-0.  ,  0.34,  1.  ,  0.34, -0.  ], dtype=float32)
    """
    return backend.numpy.blackman(x)


@_export("hamming")
def hamming(x):
    """Hamming window of `x` points.

    A raised cosine that stays at 0.08 at its edges.

    Args:
        x: Number of points (an int or a scalar integer tensor).

    Returns:
        A 1-D tensor of `keras.config.floatx()`.

    Example:

    >>> keras.ops.convert_to_numpy(keras.ops.hamming(4)).round(2)
    array([0.08, 0.77, 0.77, 0.08], dtype=float32)
    """
    return backend.numpy.hamming(x)


@_export("hanning")
def hanning(x):
    """Hann window of `x` points.

    A raised cosine that falls to 0 at both edges.

    Args:
        x: Number of points (an int or a scalar integer tensor).

    Returns:
        A 1-D tensor of `keras.config.floatx()`.

    Example:

    >>> keras.ops.hanning(3)
    array([0., 1., 0.], dtype=float32)
    """
    return backend.numpy.hanning(x)


@_export("kaiser")
def kaiser(x, beta):
    """Kaiser window of `x` points.

    Built from the Bessel function `I0`; `beta` trades the width of the
    main lobe against the height of the side lobes.

    Args:
        x: Number of points (an int or a scalar integer tensor).
        beta: Shape parameter: 0 gives a rectangular window, larger values
            a narrower one.

    Returns:
        A 1-D tensor of `keras.config.floatx()`.

    Example:

    >>> keras.ops.kaiser(3, 0.0)
    array([1., 1., 1.], dtype=float32)
    """
    return backend.numpy.kaiser(x, beta)


# --------------------------------------------------------------------------
# Searching, counting and set ops; shape queries.
# --------------------------------------------------------------------------


class SearchSorted(_NumpyOp):
    def __init__(self, side="left", *, name=None):
        super().__init__(name=name)
        self.side = side

    def call(self, sorted_sequence, values):
        return backend.numpy.searchsorted(
            sorted_sequence, values, side=self.side
        )

    def compute_output_spec(self, sorted_sequence, values):
        if len(_shape_of(sorted_sequence)) != 1:
            raise ValueError(
                "Argument `sorted_sequence` must be 1-D. Received: "
                f"sorted_sequence.shape={_shape_of(sorted_sequence)}"
            )
        # Positions fit in `int32` unless the sequence may be longer than
        # that (which includes a sequence of unknown length).
        length = _shape_of(sorted_sequence)[0]
        if length is not None and length <= np.iinfo("int32").max:
            dtype = "int32"
        else:
            dtype = "int64"
        return KerasTensor(_shape_of(values), dtype=dtype)


@_export("searchsorted")
def searchsorted(sorted_sequence, values, side="left"):
    """Positions at which `values` would be inserted to keep order.

    Args:
        sorted_sequence: A 1-D tensor sorted in increasing order.
        values: Values to locate; any shape.
        side: For values equal to entries of the sequence, `"left"` (the
            default) gives the first suitable position and `"right"` the
            last one.

    Returns:
        An integer tensor shaped like `values`.

    Example:

    >>> keras.ops.searchsorted(np.array([1, 3, 3, 8]), np.array([3, 9]))
    array([1, 4], dtype=int32)
    """
    if any_symbolic_tensors((sorted_sequence, values)):
        return SearchSorted(side=side).symbolic_call(sorted_sequence, values)
    return backend.numpy.searchsorted(sorted_sequence, values, side=side)


class Digitize(_NumpyOp):
    def call(self, x, bins):
        return backend.numpy.digitize(x, bins)

    def compute_output_spec(self, x, bins):
        if len(_shape_of(bins)) != 1:
            raise ValueError(
                f"Argument `bins` must be 1-D. Received: "
                f"bins.shape={_shape_of(bins)}"
            )
        return KerasTensor(_shape_of(x), dtype="int32", sparse=_is_sparse(x))


@_export("digitize")
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
    if any_symbolic_tensors((x, bins)):
        return Digitize().symbolic_call(x, bins)
    return backend.numpy.digitize(x, bins)


class Bincount(_NumpyOp):
    def __init__(self, weights=None, minlength=0, sparse=False, *, name=None):
        super().__init__(name=name)
        self.weights = weights
        self.minlength = minlength
        self.sparse = sparse

    def call(self, x):
        return backend.numpy.bincount(
            x,
            weights=self.weights,
            minlength=self.minlength,
            sparse=self.sparse,
        )

    def compute_output_spec(self, x):
        shape = _shape_of(x)
        if len(shape) not in (1, 2):
            raise ValueError(
                f"`bincount` needs a 1-D or 2-D input. Received: "
                f"x.shape={shape}"
            )
        if self.weights is None:
            dtype = "int32"
        else:
            dtype = _dtype_of(self.weights)
        out = (None,) if len(shape) == 1 else (shape[0], None)
        return KerasTensor(out, dtype=dtype, sparse=self.sparse)


@_export("bincount")
def bincount(x, weights=None, minlength=0, sparse=False):
    """Counts the occurrences of each non-negative integer in `x`.

    Entry `i` of the result is the number of times `i` appears in `x`, or
    the sum of the matching `weights` when they are given. A 2-D `x` is
    counted row by row.

    Args:
        x: Non-negative integer tensor, 1-D or 2-D.
        weights: Optional tensor shaped like `x`, adding up instead of ones.
        minlength: Minimum length of the result. Defaults to `0`.
        sparse: Whether to return a sparse tensor; only `False` is
            supported.

    Returns:
        A tensor of length `max(x) + 1` (at least `minlength`) along its
        last axis.

    Example:

    >>> keras.ops.bincount(np.array([0, 2, 2, 3]))
    array([1, 0, 2, 1], dtype=int32)
    """
    if any_symbolic_tensors((x,)):
        return Bincount(
            weights=weights, minlength=minlength, sparse=sparse
        ).symbolic_call(x)
    return backend.numpy.bincount(
        x, weights=weights, minlength=minlength, sparse=sparse
    )


def _check_histogram_args(bins, range):
    if not isinstance(bins, (int, np.integer)) or bins < 0:
        raise ValueError(
            "Argument `bins` should be a non-negative integer. Received: "
            f"bins={bins}"
        )
    if range is not None:
        if not isinstance(range, (tuple, list)) or len(range) != 2:
            raise ValueError(
                "Argument `range` must be a tuple of two elements. "
                f"Received: range={range}"
            )
        if range[1] < range[0]:
            raise ValueError(
                "The second element of `range` must be greater than the "
                f"first. Received: range={range}"
            )


class Histogram(_NumpyOp):
    def __init__(self, bins=10, range=None, *, name=None):
        super().__init__(name=name)
        _check_histogram_args(bins, range)
        self.bins = bins
        self.range = range

    def call(self, x):
        return backend.numpy.histogram(x, bins=self.bins, range=self.range)

    def compute_output_spec(self, x):
        if len(_shape_of(x)) != 1:
            raise ValueError(
                "Input tensor must be 1-dimensional. Received: "
                f"x.shape={_shape_of(x)}"
            )
        return (
            KerasTensor((self.bins,), dtype="int32"),
            KerasTensor((self.bins + 1,), dtype=_dtype_of(x)),
        )


@_export("histogram")
def histogram(x, bins=10, range=None):
    """Counts how many values of `x` fall into each of `bins` equal bins.

    Args:
        x: A 1-D tensor.
        bins: Number of bins. Defaults to `10`.
        range: `(lower, upper)` bounds of the bins; defaults to the
            minimum and maximum of `x`. Values outside are not counted.

    Returns:
        A tuple `(counts, edges)`: `bins` counts and the `bins + 1` bin
        edges.

    Example:

    >>> counts, edges = keras.ops.histogram(
    ...     np.array([0.0, 1.0, 1.5, 4.0]), bins=2
    ... )
    >>> counts
    array([3, 1], dtype=int32)
    """
    _check_histogram_args(bins, range)
    if len(_shape_of(x)) != 1:
        raise ValueError(
            "Input tensor must be 1-dimensional. Received: "
            f"x.shape={_shape_of(x)}"
        )
    if any_symbolic_tensors((x,)):
        return Histogram(bins=bins, range=range).symbolic_call(x)
    return backend.numpy.histogram(x, bins=bins, range=range)


class Nonzero(_NumpyOp):
    def call(self, x):
        return backend.numpy.nonzero(x)

    def compute_output_spec(self, x):
        return tuple(KerasTensor((None,), dtype="int32") for _ in _shape_of(x))


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
    if any_symbolic_tensors((x,)):
        return Nonzero().symbolic_call(x)
    return backend.numpy.nonzero(x)


class Unique(_NumpyOp):
    def __init__(
        self,
        sorted=True,
        return_index=False,
        return_inverse=False,
        return_counts=False,
        axis=None,
        size=None,
        fill_value=None,
        *,
        name=None,
    ):
        super().__init__(name=name)
        self.sorted = sorted
        self.return_index = return_index
        self.return_inverse = return_inverse
        self.return_counts = return_counts
        self.axis = axis
        self.size = size
        self.fill_value = fill_value

    def call(self, x):
        return backend.numpy.unique(
            x,
            sorted=self.sorted,
            return_index=self.return_index,
            return_inverse=self.return_inverse,
            return_counts=self.return_counts,
            axis=self.axis,
            size=self.size,
            fill_value=self.fill_value,
        )

    def compute_output_spec(self, x):
        shape = list(_shape_of(x))
        if self.axis is None:
            values_shape = (self.size,)
            inverse_shape = tuple(shape)
        else:
            axis = _canonical_axis(self.axis, len(shape))
            values = list(shape)
            values[axis] = self.size
            values_shape = tuple(values)
            inverse_shape = (shape[axis],)
        outputs = [KerasTensor(values_shape, dtype=_dtype_of(x))]
        if self.return_index:
            outputs.append(KerasTensor((self.size,), dtype="int32"))
        if self.return_inverse:
            outputs.append(KerasTensor(inverse_shape, dtype="int32"))
        if self.return_counts:
            outputs.append(KerasTensor((self.size,), dtype="int32"))
        return outputs[0] if len(outputs) == 1 else tuple(outputs)


@_export("unique")
def unique(
    x,
    sorted=True,
    return_index=False,
    return_inverse=False,
    return_counts=False,
    axis=None,
    size=None,
    fill_value=None,
):
    """Distinct values of `x`, in increasing order.

    The number of distinct values depends on the data, so under `jit` (or
    for a static shape) pass `size`: the result is then cut or padded
    (with `fill_value`) to that length.

    Args:
        x: Input tensor.
        sorted: Whether the values are returned sorted; always the case
            here. Defaults to `True`.
        return_index: Also return, for each distinct value, the index of
            its first occurrence in `x`.
        return_inverse: Also return, for each entry of `x`, the index of
            its value in the result.
        return_counts: Also return how many times each value occurs.
        axis: If given, look for distinct slices along this axis instead
            of distinct scalars of the flattened tensor.
        size: Fixed length of the result along the unique axis.
        fill_value: Padding value used with `size`; defaults to the
            smallest distinct value.

    Returns:
        The distinct values, or a tuple starting with them and followed by
        the requested extras (index, inverse, counts, in that order).

    Example:

    >>> keras.ops.unique(np.array([4, 1, 4, 2, 1]))
    array([1, 2, 4], dtype=int32)
    """
    if any_symbolic_tensors((x,)):
        return Unique(
            sorted=sorted,
            return_index=return_index,
            return_inverse=return_inverse,
            return_counts=return_counts,
            axis=axis,
            size=size,
            fill_value=fill_value,
        ).symbolic_call(x)
    return backend.numpy.unique(
        x,
        sorted=sorted,
        return_index=return_index,
        return_inverse=return_inverse,
        return_counts=return_counts,
        axis=axis,
        size=size,
        fill_value=fill_value,
    )


class Ndim(_NumpyOp):
    def call(self, x):
        return backend.numpy.ndim(x)

    def compute_output_spec(self, x):
        return KerasTensor((len(_shape_of(x)),), dtype="int32")


@_export("ndim")
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
    if any_symbolic_tensors((x,)):
        return Ndim().symbolic_call(x)
    return backend.numpy.ndim(x)


class Size(_NumpyOp):
    def call(self, x):
        return backend.numpy.size(x)

    def compute_output_spec(self, x):
        return KerasTensor((), dtype="int32")


@_export("size")
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
    if any_symbolic_tensors((x,)):
        return Size().symbolic_call(x)
    return backend.numpy.size(x)


class Slogdet(_NumpyOp):
    def call(self, x):
        return backend.numpy.slogdet(x)

    def compute_output_spec(self, x):
        shape = _shape_of(x)
        if len(shape) < 2:
            raise ValueError(
                "`slogdet` needs a tensor of rank 2 or more. Received: "
                f"x.shape={shape}"
            )
        dtype = _traced_dtype(self.call, x)
        return (
            KerasTensor(shape[:-2], dtype=dtype),
            KerasTensor(shape[:-2], dtype=dtype),
        )


@_export("slogdet")
def slogdet(x):
    """Sign and natural log of the absolute value of a determinant.

    More robust than `log(det(x))` for matrices whose determinant is very
    large or very small. The determinant equals `sign * exp(logabsdet)`.

    Args:
        x: Square matrices, shape `(..., n, n)`.

    Returns:
        A tuple `(sign, logabsdet)` of tensors shaped like the batch axes.

    Example:

    >>> sign, logabsdet = keras.ops.slogdet(np.array([[0.0, 2.0], [3.0, 1.0]]))
    >>> float(sign), float(logabsdet)
    (-1.0, 1.791759...)
    """
    if any_symbolic_tensors((x,)):
        return Slogdet().symbolic_call(x)
    return backend.numpy.slogdet(x)


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


# `from keras.src.ops.numpy import *` (in `keras/src/ops/__init__.py`) takes
# the ops and their classes, not the modules imported above (`math` would
# hide `keras.src.ops.math`).
__all__ = [
    name
    for name, value in list(globals().items())
    if not name.startswith("_")
    and getattr(value, "__module__", None) == __name__
]
