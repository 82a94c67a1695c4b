"""Closeness and membership tests, and selection by condition."""

from keras.src import backend
from keras.src.backend import KerasTensor
from keras.src.backend.common import dtypes
from keras.src.ops.numpy_ops.base import _dtype_of
from keras.src.ops.numpy_ops.base import _export
from keras.src.ops.numpy_ops.base import _NumpyOp
from keras.src.ops.numpy_ops.base import _shape_of
from keras.src.ops.numpy_ops.base import _traced_dtype
from keras.src.ops.numpy_ops.base import broadcast_shapes
from keras.src.ops.operation import dispatch_to


class Isclose(_NumpyOp):
    def __init__(self, rtol=1e-5, atol=1e-8, equal_nan=False, *, name=None):
        super().__init__(name=name)

    def compute_output_spec(self, x1, x2):
        shape = broadcast_shapes(_shape_of(x1), _shape_of(x2))
        return KerasTensor(shape, dtype="bool")


@_export("isclose")
@dispatch_to(Isclose)
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


class Allclose(_NumpyOp):
    def __init__(self, rtol=1e-5, atol=1e-8, equal_nan=False, *, name=None):
        super().__init__(name=name)

    def compute_output_spec(self, x1, x2):
        broadcast_shapes(_shape_of(x1), _shape_of(x2))
        return KerasTensor((), dtype="bool")


@_export("allclose")
@dispatch_to(Allclose)
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
    return backend.numpy.allclose(
        x1, x2, rtol=rtol, atol=atol, equal_nan=equal_nan
    )


class IsIn(_NumpyOp):
    def __init__(self, assume_unique=False, invert=False, *, name=None):
        super().__init__(name=name)

    def compute_output_spec(self, x1, x2):
        return KerasTensor(_shape_of(x1), dtype="bool")


@_export("isin")
@dispatch_to(IsIn)
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
    return backend.numpy.isin(
        x1, x2, assume_unique=assume_unique, invert=invert
    )


class Where(_NumpyOp):
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
@dispatch_to(Where)
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


class Select(_NumpyOp):
    def __init__(self, default=0, *, name=None):
        super().__init__(name=name)

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
@dispatch_to(Select)
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
    return backend.numpy.select(condlist, choicelist, default)
