"""JAX implementations of the NumPy-style ops (`keras.ops.numpy`)."""

import builtins
import functools

import jax
import jax.numpy as jnp
import numpy as np

from keras.src.backend import config
from keras.src.backend.common import dtypes
from keras.src.backend.jax import core
from keras.src.backend.jax import sparse as sparse_ops


def convert_to_tensor(x, dtype=None, sparse=False):
    """Like `core.convert_to_tensor`, but densifies sparse tensors unless
    `sparse=None`: ops without a sparse version work on dense values."""
    return core.convert_to_tensor(x, dtype=dtype, sparse=sparse)


_PY_SCALARS = (bool, int, float, complex)


def _t(x):
    """Converts `x` to a tensor; plain Python scalars stay weakly typed."""
    if type(x) in _PY_SCALARS:
        return x
    return convert_to_tensor(x)


def _dtype(x):
    if type(x) in _PY_SCALARS:
        return None
    return dtypes.standardize_dtype(x.dtype)


def _to_float(x):
    """Converts `x`; integer and bool tensors become `floatx`."""
    x = convert_to_tensor(x)
    if dtypes.standardize_dtype(x.dtype) not in dtypes.FLOAT_TYPES + (
        "complex64",
        "complex128",
    ):
        x = x.astype(config.floatx())
    return x


def _axis(axis):
    if isinstance(axis, list):
        return tuple(axis)
    return axis


def _shape(shape):
    if isinstance(shape, int):
        return (shape,)
    return tuple(shape)


def _default_dtype(*values):
    """dtype inferred from Python values: ints → int32, floats → floatx."""
    dts = []
    for v in values:
        if v is None:
            continue
        if type(v) is bool:
            dts.append("bool")
        elif type(v) is int:
            dts.append("int32")
        elif type(v) is float:
            dts.append(config.floatx())
        else:
            dts.append(dtypes.standardize_dtype(getattr(v, "dtype", None)))
    if not dts:
        return config.floatx()
    result = dtypes.result_type(*dts)
    if result == "float64" and config.floatx() != "float64":
        return config.floatx()
    if result == "int64":
        return "int32"
    return result


# Element-wise arithmetic.
def add(x1, x2):
    return jnp.add(_t(x1), _t(x2))


def subtract(x1, x2):
    return jnp.subtract(_t(x1), _t(x2))


def multiply(x1, x2):
    return jnp.multiply(_t(x1), _t(x2))


def divide(x1, x2):
    x1, x2 = _t(x1), _t(x2)
    if _is_int_or_bool(x1) and _is_int_or_bool(x2):
        x1 = _to_float(x1)
    return jnp.true_divide(x1, x2)


def true_divide(x1, x2):
    return divide(x1, x2)


def _is_int_or_bool(x):
    if type(x) in _PY_SCALARS:
        return type(x) in (bool, int)
    return not (
        jnp.issubdtype(x.dtype, jnp.floating)
        or jnp.issubdtype(x.dtype, jnp.complexfloating)
    )


def floor_divide(x1, x2):
    return jnp.floor_divide(_t(x1), _t(x2))


def mod(x1, x2):
    return jnp.mod(_t(x1), _t(x2))


def power(x1, x2):
    return jnp.power(_t(x1), _t(x2))


def maximum(x1, x2):
    return jnp.maximum(_t(x1), _t(x2))


def minimum(x1, x2):
    return jnp.minimum(_t(x1), _t(x2))


def arctan2(x1, x2):
    x1, x2 = _t(x1), _t(x2)
    if _is_int_or_bool(x1) and _is_int_or_bool(x2):
        x1 = _to_float(x1)
    return jnp.arctan2(x1, x2)


def logaddexp(x1, x2):
    x1, x2 = _t(x1), _t(x2)
    if _is_int_or_bool(x1) and _is_int_or_bool(x2):
        x1 = _to_float(x1)
    return jnp.logaddexp(x1, x2)


def hypot(x1, x2):
    x1, x2 = _t(x1), _t(x2)
    if _is_int_or_bool(x1) and _is_int_or_bool(x2):
        x1 = _to_float(x1)
    return jnp.hypot(x1, x2)


def negative(x):
    return jnp.negative(convert_to_tensor(x))


def absolute(x):
    return jnp.absolute(convert_to_tensor(x))


def abs(x):
    return absolute(x)


def sign(x):
    return jnp.sign(convert_to_tensor(x))


def square(x):
    x = convert_to_tensor(x)
    if x.dtype == jnp.bool_:
        x = x.astype("int32")
    return jnp.square(x)


def reciprocal(x):
    return jnp.reciprocal(_to_float(x))


def _float_unary(fn):
    def op(x):
        return fn(_to_float(x))

    op.__name__ = fn.__name__
    return op


sqrt = _float_unary(jnp.sqrt)
exp = _float_unary(jnp.exp)
exp2 = _float_unary(jnp.exp2)
expm1 = _float_unary(jnp.expm1)
log = _float_unary(jnp.log)
log1p = _float_unary(jnp.log1p)
log2 = _float_unary(jnp.log2)
log10 = _float_unary(jnp.log10)
sin = _float_unary(jnp.sin)
cos = _float_unary(jnp.cos)
tan = _float_unary(jnp.tan)
arcsin = _float_unary(jnp.arcsin)
arccos = _float_unary(jnp.arccos)
arctan = _float_unary(jnp.arctan)
sinh = _float_unary(jnp.sinh)
cosh = _float_unary(jnp.cosh)
tanh = _float_unary(jnp.tanh)
arcsinh = _float_unary(jnp.arcsinh)
arccosh = _float_unary(jnp.arccosh)
arctanh = _float_unary(jnp.arctanh)


def _keep_int_unary(fn):
    def op(x):
        x = convert_to_tensor(x)
        if _is_int_or_bool(x):
            return x
        return fn(x)

    op.__name__ = fn.__name__
    return op


floor = _float_unary(jnp.floor)
ceil = _float_unary(jnp.ceil)
trunc = _keep_int_unary(jnp.trunc)


def round(x, decimals=0):
    x = convert_to_tensor(x)
    if jnp.issubdtype(x.dtype, jnp.integer):
        if decimals >= 0:
            return x
        # Rounds half to even, on a float copy (exact for moderate values).
        factor = 10 ** (-decimals)
        rounded = jnp.round(x.astype("float32") / factor) * factor
        return rounded.astype(x.dtype)
    return jnp.round(x, decimals=decimals)


def clip(x, x_min, x_max):
    x = convert_to_tensor(x)
    if x.dtype == jnp.bool_:
        x = x.astype("int32")
    return jnp.clip(x, _t(x_min), _t(x_max))


def nan_to_num(x, nan=0.0, posinf=None, neginf=None):
    return jnp.nan_to_num(
        convert_to_tensor(x), nan=nan, posinf=posinf, neginf=neginf
    )


# Comparisons and logic.
def equal(x1, x2):
    return jnp.equal(_t(x1), _t(x2))


def not_equal(x1, x2):
    return jnp.not_equal(_t(x1), _t(x2))


def less(x1, x2):
    return jnp.less(_t(x1), _t(x2))


def less_equal(x1, x2):
    return jnp.less_equal(_t(x1), _t(x2))


def greater(x1, x2):
    return jnp.greater(_t(x1), _t(x2))


def greater_equal(x1, x2):
    return jnp.greater_equal(_t(x1), _t(x2))


def logical_and(x1, x2):
    return jnp.logical_and(_t(x1), _t(x2))


def logical_or(x1, x2):
    return jnp.logical_or(_t(x1), _t(x2))


def logical_xor(x1, x2):
    return jnp.logical_xor(_t(x1), _t(x2))


def logical_not(x):
    return jnp.logical_not(convert_to_tensor(x))


def isfinite(x):
    return jnp.isfinite(convert_to_tensor(x))


def isinf(x):
    return jnp.isinf(convert_to_tensor(x))


def isnan(x):
    return jnp.isnan(convert_to_tensor(x))


def isclose(x1, x2, rtol=1e-5, atol=1e-8, equal_nan=False):
    return jnp.isclose(
        _t(x1), _t(x2), rtol=rtol, atol=atol, equal_nan=equal_nan
    )


def where(condition, x1=None, x2=None):
    condition = convert_to_tensor(condition)
    if x1 is None and x2 is None:
        return jnp.nonzero(condition)
    if x1 is None or x2 is None:
        raise ValueError(
            "`x1` and `x2` either both should be `None` or both should be "
            "given."
        )
    return jnp.where(condition, _t(x1), _t(x2))


# Reductions.
def sum(x, axis=None, keepdims=False):
    return jnp.sum(convert_to_tensor(x), axis=_axis(axis), keepdims=keepdims)


def prod(x, axis=None, keepdims=False, dtype=None):
    if dtype is not None:
        dtype = dtypes.standardize_dtype(dtype)
    return jnp.prod(
        convert_to_tensor(x), axis=_axis(axis), keepdims=keepdims, dtype=dtype
    )


def mean(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    dtype = dtypes.standardize_dtype(x.dtype)
    if dtype in ("float16", "bfloat16"):
        # Accumulate in float32 for accuracy, return the input dtype.
        out = jnp.mean(x, axis=_axis(axis), keepdims=keepdims, dtype="float32")
        return out.astype(dtype)
    return jnp.mean(_to_float(x), axis=_axis(axis), keepdims=keepdims)


def var(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    dtype = dtypes.standardize_dtype(x.dtype)
    if dtype in ("float16", "bfloat16"):
        out = jnp.var(x.astype("float32"), axis=_axis(axis), keepdims=keepdims)
        return out.astype(dtype)
    return jnp.var(_to_float(x), axis=_axis(axis), keepdims=keepdims)


def std(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    dtype = dtypes.standardize_dtype(x.dtype)
    if dtype in ("float16", "bfloat16"):
        out = jnp.std(x.astype("float32"), axis=_axis(axis), keepdims=keepdims)
        return out.astype(dtype)
    return jnp.std(_to_float(x), axis=_axis(axis), keepdims=keepdims)


def average(x, axis=None, weights=None):
    x = convert_to_tensor(x)
    if weights is None:
        return mean(x, axis=axis)
    weights = convert_to_tensor(weights)
    dtype = dtypes.result_type(x.dtype, weights.dtype)
    if dtype not in dtypes.FLOAT_TYPES:
        dtype = config.floatx()
    return jnp.average(
        x.astype(dtype), axis=_axis(axis), weights=weights.astype(dtype)
    )


def median(x, axis=None, keepdims=False):
    return jnp.median(_to_float(x), axis=_axis(axis), keepdims=keepdims)


def max(x, axis=None, keepdims=False, initial=None):
    return jnp.max(
        convert_to_tensor(x),
        axis=_axis(axis),
        keepdims=keepdims,
        initial=initial,
    )


def min(x, axis=None, keepdims=False, initial=None):
    return jnp.min(
        convert_to_tensor(x),
        axis=_axis(axis),
        keepdims=keepdims,
        initial=initial,
    )


def amax(x, axis=None, keepdims=False):
    return jnp.max(convert_to_tensor(x), axis=_axis(axis), keepdims=keepdims)


def amin(x, axis=None, keepdims=False):
    return jnp.min(convert_to_tensor(x), axis=_axis(axis), keepdims=keepdims)


def all(x, axis=None, keepdims=False):
    return jnp.all(convert_to_tensor(x), axis=_axis(axis), keepdims=keepdims)


def any(x, axis=None, keepdims=False):
    return jnp.any(convert_to_tensor(x), axis=_axis(axis), keepdims=keepdims)


def _float_order_keys(x, nan_key):
    """Integers ordered like the floats of `x`, subnormals included.

    Comparing floats directly may flush subnormal values to zero (XLA on
    CPU does), which breaks ties the wrong way in `argmax`/`argmin`. The
    IEEE bit patterns, with the negative half reversed, keep the exact
    order; `-0.0` is mapped to `+0.0` and NaNs get `nan_key`.
    """
    int_dtype = {2: jnp.int16, 4: jnp.int32, 8: jnp.int64}[x.dtype.itemsize]
    bits = jax.lax.bitcast_convert_type(x, int_dtype)
    info = jnp.iinfo(int_dtype)
    keys = jnp.where(bits < 0, bits ^ info.max, bits)
    keys = jnp.where(keys == -1, 0, keys)  # -0.0 counts as +0.0.
    nan_value = info.max if nan_key == "max" else info.min
    return jnp.where(jnp.isnan(x), jnp.asarray(nan_value, int_dtype), keys)


def argmax(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    if jnp.issubdtype(x.dtype, jnp.floating):
        x = _float_order_keys(x, "max")
    return jnp.argmax(x, axis=axis, keepdims=keepdims).astype("int32")


def argmin(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    if jnp.issubdtype(x.dtype, jnp.floating):
        x = _float_order_keys(x, "min")
    return jnp.argmin(x, axis=axis, keepdims=keepdims).astype("int32")


def argsort(x, axis=-1):
    x = convert_to_tensor(x)
    if x.ndim == 0:
        return jnp.argsort(x, axis=None).astype("int32")
    return jnp.argsort(x, axis=axis).astype("int32")


def sort(x, axis=-1):
    return jnp.sort(convert_to_tensor(x), axis=axis)


def count_nonzero(x, axis=None):
    return jnp.count_nonzero(convert_to_tensor(x), axis=_axis(axis)).astype(
        "int32"
    )


def cumsum(x, axis=None, dtype=None):
    if dtype is not None:
        dtype = dtypes.standardize_dtype(dtype)
    return jnp.cumsum(convert_to_tensor(x), axis=axis, dtype=dtype)


def cumprod(x, axis=None, dtype=None):
    if dtype is not None:
        dtype = dtypes.standardize_dtype(dtype)
    return jnp.cumprod(convert_to_tensor(x), axis=axis, dtype=dtype)


def trace(x, offset=0, axis1=0, axis2=1):
    return jnp.trace(
        convert_to_tensor(x), offset=offset, axis1=axis1, axis2=axis2
    )


# Linear algebra-like products.
def matmul(x1, x2):
    x1, x2 = convert_to_tensor(x1), convert_to_tensor(x2)
    if x1.dtype == jnp.int8 and x2.dtype == jnp.int8:
        return jnp.matmul(x1, x2, preferred_element_type="int32")
    return jnp.matmul(x1, x2)


def dot(x1, x2):
    return jnp.dot(_t(x1), _t(x2))


def vdot(x1, x2):
    return jnp.vdot(convert_to_tensor(x1), convert_to_tensor(x2))


def inner(x1, x2):
    return jnp.inner(convert_to_tensor(x1), convert_to_tensor(x2))


def outer(x1, x2):
    return jnp.outer(convert_to_tensor(x1), convert_to_tensor(x2))


def tensordot(x1, x2, axes=2):
    return jnp.tensordot(
        convert_to_tensor(x1), convert_to_tensor(x2), axes=axes
    )


def einsum(subscripts, *operands, **kwargs):
    if operands and builtins.all(sparse_ops.is_sparse(x) for x in operands):
        return sparse_ops.einsum(subscripts, *operands, **kwargs)
    operands = [convert_to_tensor(x) for x in operands]
    if (
        builtins.all(x.dtype == jnp.int8 for x in operands)
        and "preferred_element_type" not in kwargs
    ):
        # Like `matmul`: int8 products are accumulated in int32.
        kwargs["preferred_element_type"] = "int32"
    return jnp.einsum(subscripts, *operands, **kwargs)


def cross(x1, x2, axisa=-1, axisb=-1, axisc=-1, axis=None):
    return jnp.cross(
        convert_to_tensor(x1),
        convert_to_tensor(x2),
        axisa=axisa,
        axisb=axisb,
        axisc=axisc,
        axis=axis,
    )


# Creation.
def array(x, dtype=None):
    return convert_to_tensor(x, dtype=dtype)


def arange(start, stop=None, step=None, dtype=None):
    if step is None:
        step = 1
    if dtype is None:
        dtype = _default_dtype(start, stop, step)
    dtype = dtypes.standardize_dtype(dtype)
    return jnp.arange(start, stop, step=step, dtype=dtype)


def linspace(
    start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0
):
    if dtype is None:
        dtype = config.floatx()
    dtype = dtypes.standardize_dtype(dtype)
    return jnp.linspace(
        _t(start),
        _t(stop),
        num=num,
        endpoint=endpoint,
        retstep=retstep,
        dtype=dtype,
        axis=axis,
    )


def logspace(start, stop, num=50, endpoint=True, base=10, dtype=None, axis=0):
    dtype = dtypes.standardize_dtype(dtype or config.floatx())
    return jnp.logspace(
        _t(start),
        _t(stop),
        num=num,
        endpoint=endpoint,
        base=base,
        dtype=dtype,
        axis=axis,
    )


def ones(shape, dtype=None):
    return jnp.ones(_shape(shape), dtype=dtypes.standardize_dtype(dtype))


def zeros(shape, dtype=None):
    return jnp.zeros(_shape(shape), dtype=dtypes.standardize_dtype(dtype))


def empty(shape, dtype=None):
    return zeros(shape, dtype=dtype)


def full(shape, fill_value, dtype=None):
    dtype = dtypes.standardize_dtype(dtype)
    return jnp.full(_shape(shape), _t(fill_value), dtype=dtype)


def _like_dtype(x, dtype):
    return dtypes.standardize_dtype(dtype) if dtype is not None else x.dtype


def ones_like(x, dtype=None):
    x = convert_to_tensor(x)
    return jnp.ones(x.shape, dtype=_like_dtype(x, dtype))


def zeros_like(x, dtype=None):
    x = convert_to_tensor(x)
    return jnp.zeros(x.shape, dtype=_like_dtype(x, dtype))


def full_like(x, fill_value, dtype=None):
    x = convert_to_tensor(x)
    return jnp.full(x.shape, _t(fill_value), dtype=_like_dtype(x, dtype))


def eye(N, M=None, k=0, dtype=None):
    return jnp.eye(N, M, k=k, dtype=dtypes.standardize_dtype(dtype))


def identity(n, dtype=None):
    return jnp.identity(n, dtype=dtypes.standardize_dtype(dtype))


def tri(N, M=None, k=0, dtype=None):
    return jnp.tri(N, M, k=k, dtype=dtypes.standardize_dtype(dtype))


def meshgrid(*x, indexing="xy"):
    return jnp.meshgrid(*[convert_to_tensor(v) for v in x], indexing=indexing)


def copy(x):
    return jnp.array(convert_to_tensor(x), copy=True)


# Shape manipulation.
def reshape(x, newshape):
    if isinstance(newshape, int):
        newshape = (newshape,)
    newshape = tuple(newshape)
    for d in newshape:
        if isinstance(d, (int, np.integer)) and d < -1:
            raise ValueError(
                "Each entry of `newshape` must be a non-negative integer or "
                "-1 (for one inferred dimension). Received: "
                f"newshape={newshape}"
            )
    if builtins.sum(1 for d in newshape if isinstance(d, int) and d == -1) > 1:
        raise ValueError(
            "`newshape` can have at most one unknown dimension (-1). "
            f"Received: newshape={newshape}"
        )
    return jnp.reshape(convert_to_tensor(x), newshape)


def ravel(x):
    return jnp.ravel(convert_to_tensor(x))


def transpose(x, axes=None):
    return jnp.transpose(convert_to_tensor(x), axes=_axis(axes))


def expand_dims(x, axis):
    return jnp.expand_dims(convert_to_tensor(x), _axis(axis))


def squeeze(x, axis=None):
    return jnp.squeeze(convert_to_tensor(x), axis=_axis(axis))


def moveaxis(x, source, destination):
    return jnp.moveaxis(convert_to_tensor(x), source, destination)


def swapaxes(x, axis1, axis2):
    return jnp.swapaxes(convert_to_tensor(x), axis1, axis2)


def broadcast_to(x, shape):
    return jnp.broadcast_to(convert_to_tensor(x), _shape(shape))


def concatenate(xs, axis=0):
    return jnp.concatenate([convert_to_tensor(x) for x in xs], axis=axis)


def stack(x, axis=0):
    return jnp.stack([convert_to_tensor(t) for t in x], axis=axis)


def hstack(xs):
    return jnp.hstack([convert_to_tensor(x) for x in xs])


def vstack(xs):
    return jnp.vstack([convert_to_tensor(x) for x in xs])


def split(x, indices_or_sections, axis=0):
    return jnp.split(convert_to_tensor(x), indices_or_sections, axis=axis)


def append(x1, x2, axis=None):
    return jnp.append(convert_to_tensor(x1), convert_to_tensor(x2), axis=axis)


def flip(x, axis=None):
    return jnp.flip(convert_to_tensor(x), axis=_axis(axis))


def roll(x, shift, axis=None):
    return jnp.roll(convert_to_tensor(x), shift, axis=_axis(axis))


def tile(x, repeats):
    return jnp.tile(convert_to_tensor(x), repeats)


def repeat(x, repeats, axis=None):
    x = convert_to_tensor(x)
    if not isinstance(repeats, int) and not isinstance(
        repeats, jax.core.Tracer
    ):
        repeats = np.asarray(repeats)
        if repeats.size == 1:
            repeats = int(repeats.reshape(()))
            return jnp.repeat(x, repeats, axis=axis)
        total = int(repeats.sum()) if repeats.ndim else None
        if total is not None:
            return jnp.repeat(x, repeats, axis=axis, total_repeat_length=total)
    return jnp.repeat(x, repeats, axis=axis)


def pad(x, pad_width, mode="constant", constant_values=None):
    x = convert_to_tensor(x)
    kwargs = {}
    if constant_values is not None:
        if mode != "constant":
            raise ValueError(
                "Argument `constant_values` can only be provided when "
                f"`mode == 'constant'`. Received: mode={mode}"
            )
        kwargs["constant_values"] = constant_values
    return jnp.pad(x, pad_width, mode=mode, **kwargs)


def take(x, indices, axis=None):
    x = convert_to_tensor(x)
    indices = convert_to_tensor(indices)
    return jnp.take(x, indices, axis=axis, mode="fill", fill_value=0)


def take_along_axis(x, indices, axis=None):
    return jnp.take_along_axis(
        convert_to_tensor(x),
        convert_to_tensor(indices),
        axis=axis,
        mode="fill",
        fill_value=0,
    )


def tril(x, k=0):
    return jnp.tril(convert_to_tensor(x), k=k)


def triu(x, k=0):
    return jnp.triu(convert_to_tensor(x), k=k)


def diag(x, k=0):
    return jnp.diag(convert_to_tensor(x), k=k)


def diagonal(x, offset=0, axis1=0, axis2=1):
    x = convert_to_tensor(x)
    if axis1 % builtins.max(x.ndim, 1) == axis2 % builtins.max(x.ndim, 1):
        raise ValueError(
            "`axis1` and `axis2` must name different axes. Received: "
            f"axis1={axis1}, axis2={axis2}"
        )
    return jnp.diagonal(
        convert_to_tensor(x), offset=offset, axis1=axis1, axis2=axis2
    )


def diff(a, n=1, axis=-1):
    return jnp.diff(convert_to_tensor(a), n=n, axis=axis)


def ndim(x):
    return jnp.ndim(convert_to_tensor(x))


def size(x):
    return jnp.size(convert_to_tensor(x))


def real(x):
    return jnp.real(convert_to_tensor(x))


def imag(x):
    return jnp.imag(convert_to_tensor(x))


def conjugate(x):
    return jnp.conjugate(convert_to_tensor(x))


def get_item(x, key):
    return convert_to_tensor(x)[_index(key)]


def _index(key):
    def conv(k):
        if k is None or isinstance(k, (builtins.slice, int, type(Ellipsis))):
            return k
        if isinstance(k, (list, np.ndarray)) or hasattr(k, "shape"):
            return convert_to_tensor(k)
        return k

    if isinstance(key, tuple):
        return tuple(conv(k) for k in key)
    return conv(key)


def nonzero(x):
    return jnp.nonzero(convert_to_tensor(x))


def digitize(x, bins):
    return jnp.digitize(convert_to_tensor(x), convert_to_tensor(bins)).astype(
        "int32"
    )


# Element-wise ops added for NumPy parity.
def _float_binary(fn):
    def op(x1, x2):
        x1, x2 = _t(x1), _t(x2)
        if _is_int_or_bool(x1) and _is_int_or_bool(x2):
            x1 = _to_float(x1)
        return fn(x1, x2)

    op.__name__ = fn.__name__
    return op


logaddexp2 = _float_binary(jnp.logaddexp2)


def heaviside(x1, x2):
    x1, x2 = _t(x1), _t(x2)
    if _is_int_or_bool(x1) and _is_int_or_bool(x2):
        x1 = _to_float(x1)
    return jnp.heaviside(x1, x2)


def fmax(x1, x2):
    return jnp.fmax(_t(x1), _t(x2))


def fmin(x1, x2):
    return jnp.fmin(_t(x1), _t(x2))


def fmod(x1, x2):
    return jnp.fmod(_t(x1), _t(x2))


def gcd(x1, x2):
    return jnp.gcd(_t(x1), _t(x2))


def lcm(x1, x2):
    return jnp.lcm(_t(x1), _t(x2))


def ldexp(x1, x2):
    x1, x2 = _t(x1), convert_to_tensor(x2)
    if not jnp.issubdtype(x2.dtype, jnp.integer):
        raise TypeError(
            f"Argument `x2` of `ldexp` must be an integer tensor. Received: "
            f"x2.dtype={x2.dtype}"
        )
    return jnp.ldexp(x1, x2)


def nextafter(x1, x2):
    x1, x2 = _t(x1), _t(x2)
    dtype = dtypes.result_type(_dtype_or_weak(x1), _dtype_or_weak(x2))
    if dtype not in dtypes.FLOAT_TYPES:
        dtype = config.floatx()
    x1 = jnp.asarray(x1, dtype=dtype)
    x2 = jnp.asarray(x2, dtype=dtype)
    return jnp.nextafter(x1, x2)


def _dtype_or_weak(x):
    if type(x) in _PY_SCALARS:
        return type(x)
    return x.dtype


def divide_no_nan(x1, x2):
    x1, x2 = _t(x1), _t(x2)
    if _is_int_or_bool(x1) and _is_int_or_bool(x2):
        x1 = _to_float(x1)
    safe_x2 = jnp.where(x2 == 0, 1, x2)
    return jnp.where(x2 == 0, 0, jnp.true_divide(x1, safe_x2))


def bitwise_and(x, y):
    return jnp.bitwise_and(_t(x), _t(y))


def bitwise_or(x, y):
    return jnp.bitwise_or(_t(x), _t(y))


def bitwise_xor(x, y):
    return jnp.bitwise_xor(_t(x), _t(y))


def bitwise_invert(x):
    return jnp.invert(convert_to_tensor(x))


def bitwise_not(x):
    return bitwise_invert(x)


def bitwise_left_shift(x, y):
    return jnp.left_shift(_t(x), _t(y))


def left_shift(x, y):
    return bitwise_left_shift(x, y)


def bitwise_right_shift(x, y):
    return jnp.right_shift(_t(x), _t(y))


def right_shift(x, y):
    return bitwise_right_shift(x, y)


cbrt = _float_unary(jnp.cbrt)
deg2rad = _float_unary(jnp.deg2rad)
rad2deg = _float_unary(jnp.rad2deg)
sinc = _float_unary(jnp.sinc)
i0 = _float_unary(jnp.i0)


def fabs(x):
    return jnp.fabs(_to_float(x))


def signbit(x):
    return jnp.signbit(convert_to_tensor(x))


def angle(x):
    x = convert_to_tensor(x)
    if _is_int_or_bool(x):
        x = _to_float(x)
    return jnp.angle(x)


def conj(x):
    return conjugate(x)


def isneginf(x):
    return jnp.isneginf(convert_to_tensor(x))


def isposinf(x):
    return jnp.isposinf(convert_to_tensor(x))


def isreal(x):
    return jnp.isreal(convert_to_tensor(x))


def allclose(x1, x2, rtol=1e-5, atol=1e-8, equal_nan=False):
    return jnp.allclose(
        _t(x1), _t(x2), rtol=rtol, atol=atol, equal_nan=equal_nan
    )


def isin(x1, x2, assume_unique=False, invert=False):
    return jnp.isin(
        convert_to_tensor(x1),
        convert_to_tensor(x2),
        assume_unique=assume_unique,
        invert=invert,
    )


# Reductions that skip NaNs, and friends.
def _nan_reduction(fn):
    def op(x, axis=None, keepdims=False):
        return fn(convert_to_tensor(x), axis=_axis(axis), keepdims=keepdims)

    op.__name__ = fn.__name__
    return op


nansum = _nan_reduction(jnp.nansum)
nanprod = _nan_reduction(jnp.nanprod)
nanmax = _nan_reduction(jnp.nanmax)
nanmin = _nan_reduction(jnp.nanmin)
nanmean = _nan_reduction(jnp.nanmean)
nanvar = _nan_reduction(jnp.nanvar)
nanstd = _nan_reduction(jnp.nanstd)
nanmedian = _nan_reduction(jnp.nanmedian)


def nanargmax(x, axis=None, keepdims=False):
    return jnp.nanargmax(
        convert_to_tensor(x), axis=axis, keepdims=keepdims
    ).astype("int32")


def nanargmin(x, axis=None, keepdims=False):
    return jnp.nanargmin(
        convert_to_tensor(x), axis=axis, keepdims=keepdims
    ).astype("int32")


def _single_axis(axis):
    if isinstance(axis, (tuple, list)):
        if len(axis) != 1:
            raise ValueError(f"Expected a single axis. Received: axis={axis}")
        return axis[0]
    return axis


def _nan_cumulative(fn, neutral):
    def op(x, axis=None, dtype=None):
        x = convert_to_tensor(x)
        if dtype is not None:
            dtype = dtypes.standardize_dtype(dtype)
        if isinstance(axis, (tuple, list)) and not axis:
            # No axis to accumulate over: only the NaNs are replaced.
            if jnp.issubdtype(x.dtype, jnp.inexact):
                x = jnp.where(jnp.isnan(x), neutral, x)
            return x if dtype is None else x.astype(dtype)
        return fn(x, axis=_single_axis(axis), dtype=dtype)

    op.__name__ = fn.__name__
    return op


nancumsum = _nan_cumulative(jnp.nancumsum, 0)
nancumprod = _nan_cumulative(jnp.nancumprod, 1)


def ptp(x, axis=None, keepdims=False):
    return jnp.ptp(convert_to_tensor(x), axis=_axis(axis), keepdims=keepdims)


def _quantile_fn(fn):
    def op(x, q, axis=None, method="linear", keepdims=False):
        x = _to_float(x)
        q = convert_to_tensor(q)
        compute_dtype = dtypes.result_type(x.dtype, "float32")
        out = fn(
            x.astype(compute_dtype),
            q.astype(compute_dtype),
            axis=_axis(axis),
            method=method,
            keepdims=keepdims,
        )
        return out.astype(x.dtype)

    op.__name__ = fn.__name__
    return op


quantile = _quantile_fn(jnp.quantile)
percentile = _quantile_fn(jnp.percentile)
nanquantile = _quantile_fn(jnp.nanquantile)
nanpercentile = _quantile_fn(jnp.nanpercentile)


def trapezoid(y, x=None, dx=1.0, axis=-1):
    y = _to_float(y)
    if x is not None:
        x = convert_to_tensor(x)
    return jnp.trapezoid(y, x=x, dx=dx, axis=axis)


# Windows.
def _window(fn):
    def op(x):
        return fn(int(x)).astype(config.floatx())

    op.__name__ = fn.__name__
    return op


bartlett = _window(jnp.bartlett)
blackman = _window(jnp.blackman)
hamming = _window(jnp.hamming)
hanning = _window(jnp.hanning)


def kaiser(x, beta):
    return jnp.kaiser(int(x), float(beta)).astype(config.floatx())


# Shape and index ops added for NumPy parity.
def array_split(x, indices_or_sections, axis=0):
    return jnp.array_split(convert_to_tensor(x), indices_or_sections, axis)


def hsplit(x, indices_or_sections):
    return jnp.hsplit(convert_to_tensor(x), indices_or_sections)


def vsplit(x, indices_or_sections):
    return jnp.vsplit(convert_to_tensor(x), indices_or_sections)


def dsplit(x, indices_or_sections):
    return jnp.dsplit(convert_to_tensor(x), indices_or_sections)


def dstack(xs):
    return jnp.dstack([convert_to_tensor(x) for x in xs])


def column_stack(xs):
    return jnp.column_stack([convert_to_tensor(x) for x in xs])


def fliplr(x):
    return jnp.fliplr(convert_to_tensor(x))


def flipud(x):
    return jnp.flipud(convert_to_tensor(x))


def rot90(array, k=1, axes=(0, 1)):
    array = convert_to_tensor(array)
    if array.ndim < 2:
        raise ValueError(
            "`rot90` needs an input of rank 2 or more. Received: "
            f"array.shape={array.shape}"
        )
    axes = tuple(axes)
    if len(axes) != 2 or axes[0] % array.ndim == axes[1] % array.ndim:
        raise ValueError(
            "Argument `axes` must name two different axes. Received: "
            f"axes={axes}"
        )
    return jnp.rot90(array, k=k, axes=axes)


def diagflat(x, k=0):
    return jnp.diagflat(convert_to_tensor(x), k=k)


def empty_like(x, dtype=None):
    x = convert_to_tensor(x)
    return jnp.empty_like(x, dtype=_like_dtype(x, dtype))


def kron(x1, x2):
    return jnp.kron(convert_to_tensor(x1), convert_to_tensor(x2))


def vander(x, N=None, increasing=False):
    return jnp.vander(convert_to_tensor(x), N=N, increasing=increasing)


def view(x, dtype=None):
    x = convert_to_tensor(x)
    if dtype is None:
        return x
    return x.view(dtypes.standardize_dtype(dtype))


def unravel_index(indices, shape):
    indices = convert_to_tensor(indices)
    return tuple(jnp.unravel_index(indices, tuple(shape)))


def searchsorted(sorted_sequence, values, side="left"):
    if side not in ("left", "right"):
        raise ValueError(
            f"Argument `side` must be 'left' or 'right'. Received: side={side}"
        )
    sorted_sequence = convert_to_tensor(sorted_sequence)
    if sorted_sequence.ndim != 1:
        raise ValueError(
            "Argument `sorted_sequence` must be 1-D. Received: "
            f"sorted_sequence.shape={sorted_sequence.shape}"
        )
    return jnp.searchsorted(
        sorted_sequence, convert_to_tensor(values), side=side
    )


def argpartition(x, kth, axis=-1):
    x = convert_to_tensor(x)
    if axis is None:
        x, axis = jnp.ravel(x), -1
    return jnp.argpartition(x, kth, axis).astype("int32")


def bincount(x, weights=None, minlength=0):
    x = convert_to_tensor(x)
    if weights is not None:
        weights = convert_to_tensor(weights)
    length = builtins.max(int(minlength), int(jnp.max(x)) + 1)
    if x.ndim == 2:
        fn = jax.vmap(
            lambda v, w: jnp.bincount(v, weights=w, length=length),
            in_axes=(0, 0 if weights is not None else None),
        )
        return fn(x, weights)
    return jnp.bincount(x, weights=weights, length=length)


def histogram(x, bins=10, range=None):
    x = convert_to_tensor(x)
    if range is None:
        range = (jnp.min(x), jnp.max(x))
    counts, edges = jnp.histogram(x, bins=bins, range=range)
    return counts.astype("int32"), edges


def correlate(x1, x2, mode="valid"):
    x1, x2 = convert_to_tensor(x1), convert_to_tensor(x2)
    dtype = dtypes.result_type(x1.dtype, x2.dtype)
    if dtype not in dtypes.FLOAT_TYPES + ("complex64", "complex128"):
        dtype = config.floatx()
    return jnp.correlate(x1.astype(dtype), x2.astype(dtype), mode=mode)


def corrcoef(x):
    x = convert_to_tensor(x)
    if _is_int_or_bool(x):
        x = _to_float(x)
    return jnp.corrcoef(x)


def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    dtype = dtypes.standardize_dtype(dtype or config.floatx())
    return jnp.geomspace(
        _t(start), _t(stop), num=num, endpoint=endpoint, dtype=dtype, axis=axis
    )


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
    x = convert_to_tensor(x)
    kwargs = {}
    if size is not None:
        kwargs["size"] = size
        kwargs["fill_value"] = fill_value
    return jnp.unique(
        x,
        equal_nan=False,
        return_index=return_index,
        return_inverse=return_inverse,
        return_counts=return_counts,
        axis=axis,
        **kwargs,
    )


def select(condlist, choicelist, default=0):
    condlist = [convert_to_tensor(c) for c in condlist]
    choicelist = [convert_to_tensor(c) for c in choicelist]
    return jnp.select(condlist, choicelist, default=default)


def slogdet(x):
    x = _to_float(x)
    return tuple(jnp.linalg.slogdet(x))


def vectorize(pyfunc, *, excluded=None, signature=None):
    if excluded is None:
        excluded = set()
    return jnp.vectorize(pyfunc, excluded=excluded, signature=signature)


# Sparse inputs: ops that keep a sparse layout. The others densify their
# inputs (`convert_to_tensor` above).
abs = sparse_ops.values_op(abs)
absolute = sparse_ops.values_op(absolute)
arcsin = sparse_ops.values_op(arcsin)
arcsinh = sparse_ops.values_op(arcsinh)
arctan = sparse_ops.values_op(arctan)
arctanh = sparse_ops.values_op(arctanh)
ceil = sparse_ops.values_op(ceil)
conj = sparse_ops.values_op(conj)
conjugate = sparse_ops.values_op(conjugate)
copy = sparse_ops.values_op(copy)
expm1 = sparse_ops.values_op(expm1)
floor = sparse_ops.values_op(floor)
imag = sparse_ops.values_op(imag)
log1p = sparse_ops.values_op(log1p)
negative = sparse_ops.values_op(negative)
real = sparse_ops.values_op(real)
round = sparse_ops.values_op(round)
sign = sparse_ops.values_op(sign)
sin = sparse_ops.values_op(sin)
sinh = sparse_ops.values_op(sinh)
sqrt = sparse_ops.values_op(sqrt)
square = sparse_ops.values_op(square)
tan = sparse_ops.values_op(tan)
tanh = sparse_ops.values_op(tanh)
trunc = sparse_ops.values_op(trunc)
add = sparse_ops.union_op(add)
subtract = sparse_ops.union_op(subtract)
maximum = sparse_ops.union_op(maximum)
minimum = sparse_ops.union_op(minimum)
multiply = sparse_ops.intersection_op(multiply)
divide = sparse_ops.division_op(divide)
true_divide = sparse_ops.division_op(true_divide)


def _sparse_digitize(dense_digitize):
    def digitize(x, bins):
        if sparse_ops.is_sparse(x):
            bins = convert_to_tensor(bins)
            return sparse_ops.values_op(lambda v: dense_digitize(v, bins))(x)
        return dense_digitize(x, bins)

    return digitize


digitize = _sparse_digitize(digitize)


def _sparse_layout_op(dense_fn, sparse_fn):
    @functools.wraps(dense_fn)
    def op(x, *args, **kwargs):
        if sparse_ops.is_sparse(x):
            return sparse_fn(x, *args, **kwargs)
        return dense_fn(x, *args, **kwargs)

    return op


def _sparse_sum(x, axis=None, keepdims=False):
    return sparse_ops.reduce_sum(x, axis=axis, keepdims=keepdims)


def _sparse_mean(x, axis=None, keepdims=False):
    count = 1
    reduced = range(len(x.shape)) if axis is None else _axis(axis)
    if isinstance(reduced, int):
        reduced = (reduced,)
    for a in reduced:
        count *= x.shape[a]
    total = sparse_ops.reduce_sum(x, axis=axis, keepdims=keepdims)
    dtype = dtypes.standardize_dtype(total.dtype)
    if dtype not in dtypes.FLOAT_TYPES:
        total = total.astype(config.floatx())
    return sparse_ops.values_op(lambda v: v / count)(total)


def _sparse_expand_dims(x, axis):
    axes = axis if isinstance(axis, (tuple, list)) else (axis,)
    ndim = len(x.shape) + len(axes)
    shape = list(x.shape)
    for a in sorted(a % ndim for a in axes):
        shape.insert(a, 1)
    return sparse_ops.reshape(x, shape)


sum = _sparse_layout_op(sum, _sparse_sum)
mean = _sparse_layout_op(mean, _sparse_mean)
expand_dims = _sparse_layout_op(expand_dims, _sparse_expand_dims)
reshape = _sparse_layout_op(reshape, sparse_ops.reshape)
squeeze = _sparse_layout_op(squeeze, sparse_ops.squeeze)
transpose = _sparse_layout_op(transpose, sparse_ops.transpose)


def _with_sparse_concatenate(dense_concatenate):
    def concatenate(xs, axis=0):
        if axis is not None and builtins.all(
            sparse_ops.is_sparse(x) for x in xs
        ):
            return sparse_ops.concatenate(xs, axis=axis)
        return dense_concatenate(xs, axis=axis)

    return concatenate


concatenate = _with_sparse_concatenate(concatenate)


def _with_sparse_matmul(dense_matmul):
    def matmul(x1, x2):
        sparse1, sparse2 = sparse_ops.is_sparse(x1), sparse_ops.is_sparse(x2)
        if not (sparse1 or sparse2):
            return dense_matmul(x1, x2)
        x1 = core.convert_to_tensor(x1)
        x2 = core.convert_to_tensor(x2)
        dtype = dtypes.result_type(x1.dtype, x2.dtype)
        x1, x2 = x1.astype(dtype), x2.astype(dtype)
        if sparse1:
            x1 = sparse_ops.matmul_layout(x1)
        if sparse2:
            x2 = sparse_ops.matmul_layout(x2)
        out = x1 @ x2
        if sparse1 and sparse2:
            return out
        return sparse_ops.densify(out)

    return matmul


matmul = _with_sparse_matmul(matmul)


def _bincount_stored_values(x, weights, minlength):
    """`bincount` of the values stored in a sparse `x` (row by row when `x`
    is 2-D); the implicit zeros are not counted."""
    x = sparse_ops.flat_layout(x)
    values = x.data
    if weights is None:
        weights = jnp.ones_like(values, dtype="int32")
    elif sparse_ops.is_sparse(weights):
        weights = sparse_ops.flat_layout(weights).data
    else:
        weights = jnp.asarray(weights)[tuple(x.indices.T)]
    length = builtins.max(int(minlength), int(jnp.max(values)) + 1)
    if len(x.shape) == 1:
        out = jnp.zeros((length,), weights.dtype)
        return out.at[values].add(weights)
    out = jnp.zeros((x.shape[0], length), weights.dtype)
    return out.at[x.indices[:, 0], values].add(weights)


def _with_sparse_bincount(dense_bincount):
    def bincount(x, weights=None, minlength=0, sparse=False):
        sparse_input = sparse_ops.is_sparse(x)
        if sparse_input:
            out = _bincount_stored_values(x, weights, minlength)
        else:
            out = dense_bincount(x, weights=weights, minlength=minlength)
        if sparse or sparse_input:
            return sparse_ops.fromdense(out)
        return out

    return bincount


bincount = _with_sparse_bincount(bincount)
