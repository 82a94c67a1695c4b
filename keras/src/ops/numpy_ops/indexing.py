"""Indexing: `take`, `take_along_axis`, `get_item`, `unravel_index`."""

import builtins

import numpy as np

from keras.src import backend
from keras.src.backend import KerasTensor
from keras.src.ops.numpy_ops.base import _dtype_of
from keras.src.ops.numpy_ops.base import _export
from keras.src.ops.numpy_ops.base import _NumpyOp
from keras.src.ops.numpy_ops.base import _shape_of
from keras.src.ops.numpy_ops.base import _traced_dtype
from keras.src.ops.numpy_ops.base import broadcast_shapes
from keras.src.ops.operation import dispatch_to
from keras.src.ops.operation_utils import canonical_axis as _canonical_axis


class Take(_NumpyOp):
    def __init__(self, axis=None, *, name=None):
        super().__init__(name=name)

    def compute_output_spec(self, x, indices):
        x_shape = list(_shape_of(x))
        indices_shape = list(_shape_of(indices))
        if self.axis is None:
            return KerasTensor(tuple(indices_shape), dtype=_dtype_of(x))
        axis = _canonical_axis(self.axis, len(x_shape))
        shape = self._gathered_shape(x_shape, indices_shape, axis)
        return KerasTensor(tuple(shape), dtype=_dtype_of(x))

    def _gathered_shape(self, x_shape, indices_shape, axis):
        """The output shape when gathering along `axis` (already
        canonical); the shapes are lists."""
        return x_shape[:axis] + indices_shape + x_shape[axis + 1 :]


@_export("take")
@dispatch_to(Take)
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


class TakeAlongAxis(Take):
    def _gathered_shape(self, x_shape, indices_shape, axis):
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
        return output


@_export("take_along_axis")
@dispatch_to(TakeAlongAxis)
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


class UnravelIndex(_NumpyOp):
    def __init__(self, shape, *, name=None):
        super().__init__(name=name)

    def compute_output_spec(self, indices):
        shape = _shape_of(indices)
        dtype = _traced_dtype(
            lambda i: backend.numpy.unravel_index(i, (2,))[0], indices
        )
        return tuple(KerasTensor(shape, dtype=dtype) for _ in self.shape)


@_export("unravel_index")
@dispatch_to(UnravelIndex)
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
    return backend.numpy.unravel_index(indices, shape)


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
    def compute_output_spec(self, x, key):
        shape = _get_item_shape(_shape_of(x), key)
        if shape is NotImplemented:
            return backend.compute_output_spec(self.call, x, key)
        return KerasTensor(shape, dtype=_dtype_of(x))


@_export("get_item")
@dispatch_to(GetItem)
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
