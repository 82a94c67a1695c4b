"""Pieces shared by the NumPy-style ops.

The base classes of the ops, the export decorator, and the helpers that
work out the static shape and dtype of a symbolic result.
"""

import builtins
import inspect

import numpy as np

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.backend import KerasTensor
from keras.src.backend.common import dtypes
from keras.src.ops.operation import Operation
from keras.src.ops.operation import dispatch_to

# The ops are written in the modules of this package but belong to
# `keras.src.ops.numpy`, which re-exports them: their `__module__` says so,
# so that serialized op classes, pickles and the generated `keras/api` name
# that module, as with upstream Keras.
_PUBLIC_MODULE = "keras.src.ops.numpy"


def _export(*names):
    export = keras_export(
        [f"keras.ops.{n}" for n in names]
        + [f"keras.ops.numpy.{n}" for n in names]
    )

    def decorate(fn):
        fn.__module__ = _PUBLIC_MODULE
        return export(fn)

    return decorate


class _NumpyOp(Operation):
    """Base of the NumPy-style ops.

    Each constructor argument is stored on the op under its own name (a
    subclass's `__init__` may then replace it by a normalized value), so
    that `call` and `compute_output_spec` can read it, `get_config` return
    them all and `from_config` rebuild the op.

    Args:
        name: Optional name of the op.
    """

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.__module__ = _PUBLIC_MODULE

    def __init__(self, *, name=None):
        super().__init__(name=name)
        # Recorded by `Operation.__new__` from the subclass's constructor.
        arguments, _ = self._auto_config or (None, None)
        for key, value in (arguments or {}).items():
            setattr(self, key, value)

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


def _shape_of_rank(x, rank, op_name, arg_name="x"):
    """Static shape of `x`, checked to have `rank` dimensions or more.

    Args:
        x: The tensor argument of op `op_name` named `arg_name`.
        rank: The smallest rank the op accepts.
        op_name: Name of the op, for the error message.
        arg_name: Name of the argument, for the error message.

    Returns:
        The shape of `x`, as a tuple.
    """
    shape = _shape_of(x)
    if len(shape) < rank:
        raise ValueError(
            f"`{op_name}` needs a tensor of rank {rank} or more. Received: "
            f"{arg_name}.shape={shape}"
        )
    return shape


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


def _is_sparse(x):
    return bool(getattr(x, "sparse", False))


class _Unary(_NumpyOp):
    """Element-wise op of one tensor (its `call` is its function's).

    `_keeps_sparse` marks ops that map 0 to 0: their result on a sparse
    tensor is sparse too.
    """

    _keeps_sparse = False
    # Whether a 64-bit input keeps its width in the symbolic result.
    _keeps_64bit = False

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
    """Broadcasting element-wise op of two tensors.

    `_sparse_rule` tells when the result of sparse inputs is sparse:
    `"union"` (both inputs sparse, e.g. `add`), `"intersection"` (either
    input sparse, `multiply`) or `"division"` (sparse dividend over a dense
    divisor); `None` means never.
    """

    _sparse_rule = None

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
    """A bitwise `_Binary` op; its inputs are named `x` and `y`."""

    def compute_output_spec(self, x, y):
        return super().compute_output_spec(x, y)


def _list_dtype(xs):
    return dtypes.result_type(*[_dtype_of(x) for x in xs])


def _defines_op(base, **attributes):
    """Defines the op class of the decorated op function, and dispatches to it.

    For ops whose class only sets class attributes of a shared base (such as
    `_Binary`'s `_sparse_rule`). The class is named after the function in
    CamelCase (`logical_and` gives `LogicalAnd`) and is defined in the
    function's module, so that `keras.src.ops.numpy.LogicalAnd` exists like
    the classes written out. Its `call` runs the function (see `dispatch_to`).

    Args:
        base: The base class of the op class.
        **attributes: Class attributes of the op class.

    Returns:
        A decorator for the op function.
    """

    def decorate(fn):
        name = "".join(p[:1].upper() + p[1:] for p in fn.__name__.split("_"))
        op_class = type(name, (base,), {"__qualname__": name, **attributes})
        fn.__globals__[name] = op_class
        return dispatch_to(op_class)(fn)

    return decorate
