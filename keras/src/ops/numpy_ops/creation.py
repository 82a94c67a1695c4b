"""Creating tensors.

Ranges, constants, windows, copies, the `*_like` ops and `view`.
"""

import builtins
import math

import numpy as np

from keras.src import backend
from keras.src.backend import KerasTensor
from keras.src.backend.common import dtypes
from keras.src.ops.numpy_ops.base import _PY_SCALARS
from keras.src.ops.numpy_ops.base import _defines_op
from keras.src.ops.numpy_ops.base import _dtype_of
from keras.src.ops.numpy_ops.base import _export
from keras.src.ops.numpy_ops.base import _NumpyOp
from keras.src.ops.numpy_ops.base import _shape_of
from keras.src.ops.numpy_ops.base import _traced_dtype
from keras.src.ops.numpy_ops.base import _Unary
from keras.src.ops.numpy_ops.base import broadcast_shapes
from keras.src.ops.operation import dispatch_to
from keras.src.ops.operation_utils import canonical_axis as _canonical_axis


@_export("copy")
@_defines_op(_Unary, _keeps_64bit=True, _keeps_sparse=True)
def copy(x):
    """New tensor holding the same values as `x`.

    Args:
        x: Input tensor.

    Returns:
        The copy.
    """
    return backend.numpy.copy(x)


class Array(_NumpyOp):
    def __init__(self, dtype=None, *, name=None):
        super().__init__(name=name)
        self.dtype = None if dtype is None else dtypes.standardize_dtype(dtype)

    def compute_output_spec(self, x):
        return KerasTensor(_shape_of(x), dtype=self.dtype or _dtype_of(x))


@_export("array")
@dispatch_to(Array)
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


class _Like(_NumpyOp):
    """`*_like` creation ops: the shape of `x`, its dtype unless given."""

    def __init__(self, dtype=None, *, name=None):
        super().__init__(name=name)
        self.dtype = None if dtype is None else dtypes.standardize_dtype(dtype)

    def compute_output_spec(self, x):
        return KerasTensor(_shape_of(x), dtype=self.dtype or _dtype_of(x))


class OnesLike(_Like):
    pass


class ZerosLike(_Like):
    pass


class EmptyLike(_Like):
    pass


@_export("ones_like")
@dispatch_to(OnesLike)
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
@dispatch_to(ZerosLike)
def zeros_like(x, dtype=None):
    """Tensor of zeros that takes its shape from `x`.

    Args:
        x: Tensor whose shape (and, unless `dtype` is set, dtype) is used.
        dtype: dtype of the result; that of `x` when `None`.

    Returns:
        A new tensor.
    """
    return backend.numpy.zeros_like(x, dtype=dtype)


@_export("empty_like")
@dispatch_to(EmptyLike)
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
    return backend.numpy.empty_like(x, dtype=dtype)


class FullLike(_NumpyOp):
    def __init__(self, dtype=None, *, name=None):
        super().__init__(name=name)
        self.dtype = None if dtype is None else dtypes.standardize_dtype(dtype)

    def compute_output_spec(self, x, fill_value):
        return KerasTensor(_shape_of(x), dtype=self.dtype or _dtype_of(x))


@_export("full_like")
@dispatch_to(FullLike)
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


class View(_NumpyOp):
    def __init__(self, dtype=None, *, name=None):
        super().__init__(name=name)
        self.dtype = None if dtype is None else dtypes.standardize_dtype(dtype)

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
@dispatch_to(View)
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
    return backend.numpy.view(x, dtype=dtype)


class Arange(_NumpyOp):
    def __init__(self, dtype=None, *, name=None):
        super().__init__(name=name)
        self.dtype = None if dtype is None else dtypes.standardize_dtype(dtype)

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
@dispatch_to(Arange)
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

    def compute_output_spec(self, start, stop):
        dtype = self.dtype or backend.floatx()
        spec = self._spec(start, stop, self.num, self.axis, dtype)
        if self.retstep:
            step_shape = broadcast_shapes(_shape_of(start), _shape_of(stop))
            return spec, KerasTensor(tuple(step_shape), dtype=spec.dtype)
        return spec


@_export("linspace")
@dispatch_to(Linspace)
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


class Logspace(_Space):
    def __init__(
        self, num=50, endpoint=True, base=10, dtype=None, axis=0, *, name=None
    ):
        super().__init__(name=name)

    def compute_output_spec(self, start, stop):
        dtype = self.dtype or backend.floatx()
        return self._spec(start, stop, self.num, self.axis, dtype)


@_export("logspace")
@dispatch_to(Logspace)
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


class Geomspace(_Space):
    def __init__(self, num=50, endpoint=True, dtype=None, axis=0, *, name=None):
        super().__init__(name=name)

    def compute_output_spec(self, start, stop):
        dtype = self.dtype or backend.floatx()
        return self._spec(start, stop, self.num, self.axis, dtype)


@_export("geomspace")
@dispatch_to(Geomspace)
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
        self.dtype = None if dtype is None else dtypes.standardize_dtype(dtype)

    def compute_output_spec(self, fill_value):
        shape = (self.shape,) if isinstance(self.shape, int) else self.shape
        return KerasTensor(tuple(shape), dtype=self.dtype or backend.floatx())


@_export("full")
@dispatch_to(Full)
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
