"""Shape manipulation.

Reshaping, transposing, joining, splitting, flipping, tiling, padding;
the `ndim` and `size` queries.
"""

import builtins

import numpy as np

from keras.src import backend
from keras.src.backend import KerasTensor
from keras.src.ops.numpy_ops.base import _dtype_of
from keras.src.ops.numpy_ops.base import _export
from keras.src.ops.numpy_ops.base import _is_sparse
from keras.src.ops.numpy_ops.base import _list_dtype
from keras.src.ops.numpy_ops.base import _NumpyOp
from keras.src.ops.numpy_ops.base import _shape_of
from keras.src.ops.numpy_ops.base import _shape_of_rank
from keras.src.ops.numpy_ops.base import broadcast_shapes
from keras.src.ops.numpy_ops.base import shape_equal
from keras.src.ops.operation import dispatch_to
from keras.src.ops.operation_utils import canonical_axes as _canonical_axes
from keras.src.ops.operation_utils import canonical_axis as _canonical_axis
from keras.src.ops.operation_utils import compute_expand_dims_output_shape
from keras.src.ops.operation_utils import compute_reshape_output_shape
from keras.src.ops.operation_utils import multiply_dims as _multiply_dims


class Reshape(_NumpyOp):
    def __init__(self, newshape, *, name=None):
        super().__init__(name=name)

    def compute_output_spec(self, x):
        shape = compute_reshape_output_shape(
            _shape_of(x), self.newshape, "newshape"
        )
        return KerasTensor(shape, dtype=_dtype_of(x), sparse=_is_sparse(x))


@_export("reshape")
@dispatch_to(Reshape)
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
    return backend.numpy.reshape(x, newshape)


class Ravel(_NumpyOp):
    def compute_output_spec(self, x):
        size = _multiply_dims(*_shape_of(x))
        return KerasTensor((size,), dtype=_dtype_of(x))


@_export("ravel")
@dispatch_to(Ravel)
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
    return backend.numpy.ravel(x)


class Transpose(_NumpyOp):
    def __init__(self, axes=None, *, name=None):
        super().__init__(name=name)

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
@dispatch_to(Transpose)
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
    return backend.numpy.transpose(x, axes=axes)


class ExpandDims(_NumpyOp):
    def __init__(self, axis, *, name=None):
        super().__init__(name=name)

    def compute_output_spec(self, x):
        shape = compute_expand_dims_output_shape(_shape_of(x), self.axis)
        return KerasTensor(shape, dtype=_dtype_of(x), sparse=_is_sparse(x))


@_export("expand_dims")
@dispatch_to(ExpandDims)
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
    return backend.numpy.expand_dims(x, axis)


class Squeeze(_NumpyOp):
    def __init__(self, axis=None, *, name=None):
        super().__init__(name=name)

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
@dispatch_to(Squeeze)
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
    return backend.numpy.squeeze(x, axis=axis)


class Moveaxis(_NumpyOp):
    def __init__(self, source, destination, *, name=None):
        super().__init__(name=name)

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
@dispatch_to(Moveaxis)
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
    return backend.numpy.moveaxis(x, source, destination)


class Swapaxes(_NumpyOp):
    def __init__(self, axis1, axis2, *, name=None):
        super().__init__(name=name)

    def compute_output_spec(self, x):
        shape = list(_shape_of(x))
        a1 = _canonical_axis(self.axis1, len(shape))
        a2 = _canonical_axis(self.axis2, len(shape))
        shape[a1], shape[a2] = shape[a2], shape[a1]
        return KerasTensor(tuple(shape), dtype=_dtype_of(x))


@_export("swapaxes")
@dispatch_to(Swapaxes)
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
    return backend.numpy.swapaxes(x, axis1, axis2)


class BroadcastTo(_NumpyOp):
    def __init__(self, shape, *, name=None):
        super().__init__(name=name)

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
@dispatch_to(BroadcastTo)
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
    return backend.numpy.broadcast_to(x, shape)


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
@dispatch_to(Concatenate)
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
    return backend.numpy.concatenate(xs, axis=axis)


class Stack(_NumpyOp):
    def __init__(self, axis=0, *, name=None):
        super().__init__(name=name)

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
@dispatch_to(Stack)
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
    def compute_output_spec(self, xs):
        shapes = [_at_least(_shape_of(x), 1) for x in xs]
        axis = 0 if len(shapes[0]) == 1 else 1
        return KerasTensor(_concat_shape(shapes, axis), dtype=_list_dtype(xs))


@_export("hstack")
@dispatch_to(Hstack)
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
    return backend.numpy.hstack(xs)


class Vstack(_NumpyOp):
    def compute_output_spec(self, xs):
        shapes = [_at_least(_shape_of(x), 2) for x in xs]
        return KerasTensor(_concat_shape(shapes, 0), dtype=_list_dtype(xs))


@_export("vstack")
@dispatch_to(Vstack)
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
    return backend.numpy.vstack(xs)


class Dstack(_NumpyOp):
    def compute_output_spec(self, xs):
        shapes = [_at_least(_shape_of(x), 3) for x in xs]
        return KerasTensor(_concat_shape(shapes, 2), dtype=_list_dtype(xs))


@_export("dstack")
@dispatch_to(Dstack)
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
    def compute_output_spec(self, xs):
        shape = _column_stack_shape([_shape_of(x) for x in xs])
        return KerasTensor(shape, dtype=_list_dtype(xs))


@_export("column_stack")
@dispatch_to(ColumnStack)
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

    def compute_output_spec(self, x):
        return _split_specs(x, self.indices_or_sections, self.axis)


@_export("split")
@dispatch_to(Split)
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
    return backend.numpy.split(x, indices_or_sections, axis=axis)


class ArraySplit(_NumpyOp):
    def __init__(self, indices_or_sections, axis=0, *, name=None):
        super().__init__(name=name)

    def compute_output_spec(self, x):
        return _split_specs(x, self.indices_or_sections, self.axis, even=False)


@_export("array_split")
@dispatch_to(ArraySplit)
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
    return backend.numpy.array_split(x, indices_or_sections, axis=axis)


class Hsplit(_NumpyOp):
    def __init__(self, indices_or_sections, *, name=None):
        super().__init__(name=name)

    def compute_output_spec(self, x):
        axis = 0 if len(_shape_of(x)) == 1 else 1
        return _split_specs(x, self.indices_or_sections, axis)


@_export("hsplit")
@dispatch_to(Hsplit)
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
    return backend.numpy.hsplit(x, indices_or_sections)


class Vsplit(_NumpyOp):
    def __init__(self, indices_or_sections, *, name=None):
        super().__init__(name=name)

    def compute_output_spec(self, x):
        _shape_of_rank(x, 2, "vsplit")
        return _split_specs(x, self.indices_or_sections, 0)


@_export("vsplit")
@dispatch_to(Vsplit)
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
    return backend.numpy.vsplit(x, indices_or_sections)


class Dsplit(_NumpyOp):
    def __init__(self, indices_or_sections, *, name=None):
        super().__init__(name=name)

    def compute_output_spec(self, x):
        _shape_of_rank(x, 3, "dsplit")
        return _split_specs(x, self.indices_or_sections, 2)


@_export("dsplit")
@dispatch_to(Dsplit)
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
    return backend.numpy.dsplit(x, indices_or_sections)


class Append(_NumpyOp):
    def __init__(self, axis=None, *, name=None):
        super().__init__(name=name)

    def compute_output_spec(self, x1, x2):
        s1, s2 = _shape_of(x1), _shape_of(x2)
        dtype = _list_dtype([x1, x2])
        if self.axis is None:
            size = _sum_dims([_multiply_dims(*s1), _multiply_dims(*s2)])
            return KerasTensor((size,), dtype=dtype)
        return KerasTensor(_concat_shape([s1, s2], self.axis), dtype=dtype)


@_export("append")
@dispatch_to(Append)
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
    return backend.numpy.append(x1, x2, axis=axis)


class Flip(_NumpyOp):
    def __init__(self, axis=None, *, name=None):
        super().__init__(name=name)

    def compute_output_spec(self, x):
        shape = _shape_of(x)
        if self.axis is not None:
            _canonical_axes(self.axis, len(shape))
        return KerasTensor(shape, dtype=_dtype_of(x))


@_export("flip")
@dispatch_to(Flip)
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
    return backend.numpy.flip(x, axis=axis)


class Fliplr(_NumpyOp):
    def compute_output_spec(self, x):
        shape = _shape_of_rank(x, 2, "fliplr")
        return KerasTensor(shape, dtype=_dtype_of(x))


@_export("fliplr")
@dispatch_to(Fliplr)
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
    return backend.numpy.fliplr(x)


class Flipud(_NumpyOp):
    def compute_output_spec(self, x):
        shape = _shape_of_rank(x, 1, "flipud")
        return KerasTensor(shape, dtype=_dtype_of(x))


@_export("flipud")
@dispatch_to(Flipud)
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
    return backend.numpy.flipud(x)


class Rot90(_NumpyOp):
    def __init__(self, k=1, axes=(0, 1), *, name=None):
        super().__init__(name=name)

    def compute_output_spec(self, array):
        shape = list(_shape_of_rank(array, 2, "rot90", "array"))
        axes = _canonical_axes(list(self.axes), len(shape))
        if len(axes) != 2:
            raise ValueError(
                f"Argument `axes` must name two axes. Received: {self.axes}"
            )
        if self.k % 2:
            shape[axes[0]], shape[axes[1]] = shape[axes[1]], shape[axes[0]]
        return KerasTensor(tuple(shape), dtype=_dtype_of(array))


@_export("rot90")
@dispatch_to(Rot90)
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
    return backend.numpy.rot90(array, k=k, axes=axes)


class Roll(_NumpyOp):
    def __init__(self, shift, axis=None, *, name=None):
        super().__init__(name=name)

    def compute_output_spec(self, x):
        shape = _shape_of(x)
        if self.axis is not None:
            axes = np.asarray(self.axis)
            for a in axes.reshape(-1).tolist():
                _canonical_axis(a, len(shape))
            shift_shape = getattr(self.shift, "shape", None)
            if shift_shape is None:
                shift_shape = np.shape(self.shift)
            # One shift per axis, or one for all of them (broadcast).
            try:
                if None not in tuple(shift_shape):
                    np.broadcast_shapes(tuple(shift_shape), axes.shape)
            except ValueError:
                raise ValueError(
                    "`shift` and `axis` must have broadcastable shapes. "
                    f"Received: shift={self.shift}, axis={self.axis}"
                ) from None
        return KerasTensor(shape, dtype=_dtype_of(x))


@_export("roll")
@dispatch_to(Roll)
def roll(x, shift, axis=None):
    """Shifts the entries of `x` cyclically along an axis.

    Entries pushed past the end come back in at the start.

    Args:
        x: Input tensor.
        shift: Number of positions to move by (negative values move the
            other way); an int, or a tuple with one value per axis in
            `axis` (one value, or one axis, is used for all of them).
        axis: Axis or axes to shift along; `None` (the default) shifts
            the flattened tensor and then restores the shape of `x`.

    Returns:
        A tensor shaped like `x`.

    Example:

    >>> keras.ops.roll(np.array([1, 2, 3, 4, 5]), 2)
    array([4, 5, 1, 2, 3], dtype=int32)
    """
    return backend.numpy.roll(x, shift, axis=axis)


class Tile(_NumpyOp):
    def __init__(self, repeats, *, name=None):
        super().__init__(name=name)

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
@dispatch_to(Tile)
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
    return backend.numpy.tile(x, repeats)


class Repeat(_NumpyOp):
    def __init__(self, repeats, axis=None, *, name=None):
        super().__init__(name=name)

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
@dispatch_to(Repeat)
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
    return backend.numpy.repeat(x, repeats, axis=axis)


class Pad(_NumpyOp):
    def __init__(self, pad_width, mode="constant", *, name=None):
        super().__init__(name=name)

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
@dispatch_to(Pad)
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
    return backend.numpy.pad(
        x, pad_width, mode=mode, constant_values=constant_values
    )


class Ndim(_NumpyOp):
    def compute_output_spec(self, x):
        return KerasTensor((len(_shape_of(x)),), dtype="int32")


@_export("ndim")
@dispatch_to(Ndim)
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
    return backend.numpy.ndim(x)


class Size(_NumpyOp):
    def compute_output_spec(self, x):
        return KerasTensor((), dtype="int32")


@_export("size")
@dispatch_to(Size)
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
    return backend.numpy.size(x)
