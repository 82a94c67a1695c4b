"""JAX implementations of the NumPy-style ops (`keras.ops.numpy`)."""

import builtins

import jax
import jax.numpy as jnp
import numpy as np

from keras.src.backend import config
from keras.src.backend.common import dtypes
from keras.src.backend.jax.core import convert_to_tensor

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
    return jnp.round(convert_to_tensor(x), decimals=decimals)


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
            "`x1` and `x2` must either both be given or both be `None`."
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


def argmax(x, axis=None, keepdims=False):
    return jnp.argmax(
        convert_to_tensor(x), axis=axis, keepdims=keepdims
    ).astype("int32")


def argmin(x, axis=None, keepdims=False):
    return jnp.argmin(
        convert_to_tensor(x), axis=axis, keepdims=keepdims
    ).astype("int32")


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
    operands = [convert_to_tensor(x) for x in operands]
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


def arange(start, stop=None, step=1, dtype=None):
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
    if dtype is None:
        dtype = _default_dtype(fill_value)
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
    return jnp.reshape(convert_to_tensor(x), tuple(newshape))


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
    if not isinstance(repeats, int):
        repeats = np.asarray(repeats)
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


# Core tensor ops (`keras.ops.core`) that `core.py` does not provide.
def slice(inputs, start_indices, shape):
    inputs = convert_to_tensor(inputs)
    if isinstance(start_indices, (list, tuple)):
        start_indices = [_t(i) for i in start_indices]
    else:
        start_indices = list(convert_to_tensor(start_indices))
    return jax.lax.dynamic_slice(inputs, start_indices, tuple(shape))


def slice_update(inputs, start_indices, updates):
    inputs = convert_to_tensor(inputs)
    updates = convert_to_tensor(updates, dtype=inputs.dtype)
    if isinstance(start_indices, (list, tuple)):
        start_indices = [_t(i) for i in start_indices]
    else:
        start_indices = list(convert_to_tensor(start_indices))
    return jax.lax.dynamic_update_slice(inputs, updates, start_indices)


def scatter(indices, values, shape):
    indices = convert_to_tensor(indices)
    values = convert_to_tensor(values)
    zeros = jnp.zeros(tuple(shape), dtype=values.dtype)
    key = tuple(jnp.moveaxis(indices, -1, 0))
    return zeros.at[key].add(values)


def scatter_update(inputs, indices, updates):
    inputs = convert_to_tensor(inputs)
    indices = convert_to_tensor(indices)
    updates = convert_to_tensor(updates, dtype=inputs.dtype)
    key = tuple(jnp.moveaxis(indices, -1, 0))
    return inputs.at[key].set(updates)


def unstack(x, num=None, axis=0):
    x = convert_to_tensor(x)
    dim = x.shape[axis]
    if num is not None and num != dim:
        raise ValueError(
            f"Argument `num` ({num}) does not match the size of axis "
            f"{axis} ({dim})."
        )
    return [
        jax.lax.index_in_dim(x, i, axis, keepdims=False) for i in range(dim)
    ]


def saturate_cast(x, dtype):
    x = convert_to_tensor(x)
    dtype = dtypes.standardize_dtype(dtype)
    if jnp.issubdtype(dtype, jnp.integer) or jnp.issubdtype(
        dtype, jnp.floating
    ):
        info = (
            jnp.iinfo(dtype)
            if jnp.issubdtype(dtype, jnp.integer)
            else jnp.finfo(dtype)
        )
        in_info = (
            jnp.iinfo(x.dtype)
            if jnp.issubdtype(x.dtype, jnp.integer)
            else (jnp.finfo(x.dtype) if x.dtype != jnp.bool_ else None)
        )
        if in_info is not None:
            lo = builtins.max(float(info.min), float(in_info.min))
            hi = builtins.min(float(info.max), float(in_info.max))
            if float(in_info.min) < lo:
                x = jnp.maximum(x, jnp.asarray(lo).astype(x.dtype))
            if float(in_info.max) > hi:
                # The bound may round up when represented in `x.dtype`.
                bound = jnp.asarray(hi).astype(x.dtype)
                if float(bound) > hi:
                    bound = jnp.nextafter(bound, jnp.zeros_like(bound))
                x = jnp.minimum(x, bound)
    return x.astype(dtype)


def map(f, xs):
    return jax.lax.map(f, xs)


def switch(index, branches, *operands):
    index = convert_to_tensor(index, "int32")
    index = jnp.clip(index, 0, len(branches) - 1)
    return jax.lax.switch(index, branches, *operands)


def associative_scan(f, elems, reverse=False, axis=0):
    return jax.lax.associative_scan(f, elems, reverse=reverse, axis=axis)
