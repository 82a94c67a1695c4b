"""Sparse (`jax.experimental.sparse.BCOO`) versions of some NumPy-style ops.

Each helper wraps a dense op: when a `BCOO` input comes in, the op is done on
the stored values only where the implicit zeros stay zeros, and the result
keeps a sparse layout; otherwise the inputs are densified.
"""

import functools

import jax
import jax.experimental.sparse as jax_sparse
import jax.numpy as jnp


def is_sparse(x):
    return isinstance(x, jax_sparse.JAXSparse)


def _is_scalar(x):
    return not hasattr(x, "shape") or not x.shape


def _unique(x):
    """`x` with duplicate indices merged (a no-op for unique indices)."""
    if x.unique_indices:
        return x
    return jax_sparse.bcoo_sum_duplicates(x, nse=x.nse)


def _with_values(x, data):
    return jax_sparse.BCOO(
        (data, x.indices),
        shape=x.shape,
        indices_sorted=x.indices_sorted,
        unique_indices=x.unique_indices,
    )


def densify(x):
    return x.todense() if is_sparse(x) else x


def values_op(fn):
    """For ops that map 0 to 0 (`sin`, `abs`, ...): on a `BCOO` input, `fn`
    is applied to the stored values only and the result stays sparse."""

    @functools.wraps(fn)
    def op(x, *args, **kwargs):
        if is_sparse(x):
            x = _unique(x)
            return _with_values(x, fn(x.data, *args, **kwargs))
        return fn(x, *args, **kwargs)

    return op


def union_op(fn):
    """For binary ops where `fn(0, 0) == 0` (`add`, `maximum`, ...).

    Two `BCOO` inputs of the same shape give a `BCOO` whose stored positions
    are the union of theirs; any dense or scalar operand gives a dense
    result.
    """

    @functools.wraps(fn)
    def op(x1, x2):
        if not (is_sparse(x1) and is_sparse(x2)):
            return fn(densify(x1), densify(x2))
        if x1.shape != x2.shape or x1.n_dense != x2.n_dense:
            return fn(x1.todense(), x2.todense())
        if x1.indices is not x2.indices and (x1.n_batch or x2.n_batch):
            # The union of indices is taken without batch dimensions.
            x1, x2 = _without_batch(x1), _without_batch(x2)
        if x1.indices is x2.indices:
            return _with_values(x1, fn(x1.data, x2.data))
        indices = jnp.concatenate([x1.indices, x2.indices], axis=0)
        nse = indices.shape[0]
        pattern = jax_sparse.BCOO(
            (jnp.ones((nse,) + x1.data.shape[1:], x1.data.dtype), indices),
            shape=x1.shape,
        )
        # Padding entries, if any, get out-of-range indices and are dropped
        # when the result is densified.
        pattern = jax_sparse.bcoo_sum_duplicates(pattern, nse=nse)
        v1 = jax_sparse.bcoo_extract(pattern, x1.todense()).data
        v2 = jax_sparse.bcoo_extract(pattern, x2.todense()).data
        return jax_sparse.BCOO(
            (fn(v1, v2), pattern.indices),
            shape=x1.shape,
            indices_sorted=True,
            unique_indices=True,
        )

    return op


def intersection_op(fn):
    """For commutative binary ops where `fn(0, y) == fn(x, 0) == 0`
    (`multiply`).

    The result is stored where the (first) sparse operand stores values,
    which covers every position where it can be non-zero.
    """

    @functools.wraps(fn)
    def op(x1, x2):
        if not is_sparse(x1):
            if not is_sparse(x2):
                return fn(x1, x2)
            x1, x2 = x2, x1
        x1 = _unique(x1)
        if _is_scalar(x2):
            return _with_values(x1, fn(x1.data, x2))
        x2 = x2.todense() if is_sparse(x2) else jnp.asarray(x2)
        if x2.shape != x1.shape:
            return fn(x1.todense(), x2)
        values = jax_sparse.bcoo_extract(x1, x2).data
        return _with_values(x1, fn(x1.data, values))

    return op


def _may_be_zero_or_nan(x):
    if isinstance(x, jax.core.Tracer):
        return True
    # A concrete divisor (e.g. a Python float met while tracing a jitted
    # function) is checked right away rather than traced.
    with jax.ensure_compile_time_eval():
        x = jnp.asarray(x)
        invalid = x == 0
        if jnp.issubdtype(x.dtype, jnp.inexact):
            invalid = invalid | jnp.isnan(x)
        return bool(jnp.any(invalid))


def division_op(fn):
    """For `divide`: a sparse dividend over a dense or scalar divisor keeps
    its layout, unless the divisor has zeros or NaNs (which would turn the
    implicit zeros into NaNs). A sparse divisor gives a dense result."""

    @functools.wraps(fn)
    def op(x1, x2):
        if is_sparse(x2) or not is_sparse(x1):
            return fn(densify(x1), densify(x2))
        if _may_be_zero_or_nan(x2):
            return fn(x1.todense(), x2)
        x1 = _unique(x1)
        if _is_scalar(x2):
            return _with_values(x1, fn(x1.data, x2))
        x2 = jnp.asarray(x2)
        if x2.shape != x1.shape:
            return fn(x1.todense(), x2)
        values = jax_sparse.bcoo_extract(x1, x2).data
        return _with_values(x1, fn(x1.data, values))

    return op


def reduce_sum(x, axis=None, keepdims=False):
    """Sum of a `BCOO` tensor over `axis`, as a `BCOO` tensor."""
    ndim = len(x.shape)
    if axis is None:
        axes = tuple(range(ndim))
    elif isinstance(axis, (tuple, list)):
        axes = tuple(a % ndim for a in axis)
    else:
        axes = (axis % ndim,)
    if not axes:
        return x
    out = jax_sparse.bcoo_reduce_sum(_unique(x), axes=axes)
    if keepdims:
        shape = tuple(1 if i in axes else d for i, d in enumerate(x.shape))
        if out.n_dense or out.n_batch:
            return jnp.reshape(out.todense(), shape)
        out = jax_sparse.bcoo_reshape(out, new_sizes=shape)
    return out


def reshape(x, shape):
    shape = list(shape)
    if -1 in shape:
        known = 1
        for d in shape:
            if d != -1:
                known *= d
        size = 1
        for d in x.shape:
            size *= d
        shape[shape.index(-1)] = size // known
    return jax_sparse.bcoo_reshape(flat_layout(x), new_sizes=tuple(shape))


def squeeze(x, axis=None):
    ndim = len(x.shape)
    if axis is None:
        axes = tuple(i for i, d in enumerate(x.shape) if d == 1)
    elif isinstance(axis, (tuple, list)):
        axes = tuple(a % ndim for a in axis)
    else:
        axes = (axis % ndim,)
    return jax_sparse.bcoo_squeeze(x, dimensions=axes)


def transpose(x, axes=None):
    ndim = len(x.shape)
    if axes is None:
        axes = tuple(reversed(range(ndim)))
    axes = tuple(a % ndim for a in axes)
    return jax_sparse.bcoo_transpose(x, permutation=axes)


def concatenate(xs, axis=0):
    ndim = len(xs[0].shape)
    return jax_sparse.bcoo_concatenate(list(xs), dimension=axis % ndim)


def _full_batch(x):
    """`x` with its batch dimensions stored at full size: a stored batch
    dimension of size 1 may stand for the whole batch (it broadcasts)."""
    batch_shape = tuple(x.shape[: x.n_batch])
    if (
        x.data.shape[: x.n_batch] == batch_shape
        and x.indices.shape[: x.n_batch] == batch_shape
    ):
        return x
    data = jnp.broadcast_to(x.data, batch_shape + x.data.shape[x.n_batch :])
    indices = jnp.broadcast_to(
        x.indices, batch_shape + x.indices.shape[x.n_batch :]
    )
    return jax_sparse.BCOO((data, indices), shape=x.shape)


def _without_batch(x):
    """`x` with no batch dimension (its dense dimensions are kept)."""
    x = _full_batch(x)
    if x.n_batch:
        x = jax_sparse.bcoo_update_layout(x, n_batch=0)
    return x


def flat_layout(x):
    """`x` with neither batch nor dense dimensions: one index per value."""
    x = _full_batch(x)
    if x.n_batch or x.n_dense:
        x = jax_sparse.bcoo_update_layout(x, n_batch=0, n_dense=0)
    return x


def matmul_layout(x):
    """`x` laid out for a (batched) matrix product: every dimension before
    the last two is a batch dimension, as `bcoo_dot_general` requires."""
    n_batch = max(x.ndim - 2, 0)
    if x.n_batch == n_batch:
        return x
    return jax_sparse.bcoo_update_layout(
        _full_batch(x), n_batch=n_batch, on_inefficient=None
    )


def fromdense(x, n_batch=0):
    """A `BCOO` tensor holding the non-zero entries of the dense `x`, with
    `n_batch` leading batch dimensions."""
    return jax_sparse.BCOO.fromdense(x, n_batch=n_batch)


def einsum(subscripts, *operands, **kwargs):
    """`jnp.einsum` of `BCOO` operands, as a `BCOO` tensor.

    The contraction runs on the stored values when JAX supports its
    pattern (contractions batched over the first axis, e.g. per-sample dot
    products); the operands are given one batch dimension for it. Other
    patterns are computed on the densified operands.
    """
    batched = [
        jax_sparse.bcoo_update_layout(
            _full_batch(x), n_batch=1, on_inefficient=None
        )
        if len(x.shape) > 1
        else x
        for x in operands
    ]
    try:
        return jax_sparse.sparsify(
            functools.partial(jnp.einsum, subscripts, **kwargs)
        )(*batched)
    except NotImplementedError:
        return jnp.einsum(subscripts, *[densify(x) for x in operands], **kwargs)
