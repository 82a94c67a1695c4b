"""Sorting, searching, counting, histograms and set ops."""

import numpy as np

from keras.src import backend
from keras.src.backend import KerasTensor
from keras.src.ops.numpy_ops.base import _dtype_of
from keras.src.ops.numpy_ops.base import _export
from keras.src.ops.numpy_ops.base import _is_sparse
from keras.src.ops.numpy_ops.base import _NumpyOp
from keras.src.ops.numpy_ops.base import _shape_of
from keras.src.ops.operation import dispatch_to
from keras.src.ops.operation_utils import canonical_axis as _canonical_axis
from keras.src.ops.operation_utils import multiply_dims as _multiply_dims


class Sort(_NumpyOp):
    def __init__(self, axis=-1, *, name=None):
        super().__init__(name=name)

    def compute_output_spec(self, x):
        shape = _shape_of(x)
        if self.axis is None:
            shape = (_multiply_dims(*shape),)
        elif shape:
            _canonical_axis(self.axis, len(shape))
        return KerasTensor(shape, dtype=_dtype_of(x))


@_export("sort")
@dispatch_to(Sort)
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
    return backend.numpy.sort(x, axis=axis)


class Argsort(_NumpyOp):
    def __init__(self, axis=-1, *, name=None):
        super().__init__(name=name)

    def compute_output_spec(self, x):
        shape = _shape_of(x)
        if self.axis is None or not shape:
            shape = (_multiply_dims(*shape),)
        else:
            _canonical_axis(self.axis, len(shape))
        return KerasTensor(shape, dtype="int32")


@_export("argsort")
@dispatch_to(Argsort)
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
    return backend.numpy.argsort(x, axis=axis)


def _check_kth(kth):
    if not isinstance(kth, (int, np.integer)):
        raise ValueError(
            f"Argument `kth` must be an integer. Received: kth={kth}"
        )


class Argpartition(_NumpyOp):
    def __init__(self, kth, axis=-1, *, name=None):
        super().__init__(name=name)
        _check_kth(kth)

    def compute_output_spec(self, x):
        shape = _shape_of(x)
        _canonical_axis(self.axis, len(shape))
        return KerasTensor(shape, dtype="int32")


@_export("argpartition")
@dispatch_to(Argpartition)
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
    _check_kth(kth)
    return backend.numpy.argpartition(x, kth, axis=axis)


class SearchSorted(_NumpyOp):
    def __init__(self, side="left", *, name=None):
        super().__init__(name=name)

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
@dispatch_to(SearchSorted)
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
    return backend.numpy.searchsorted(sorted_sequence, values, side=side)


class Digitize(_NumpyOp):
    def compute_output_spec(self, x, bins):
        if len(_shape_of(bins)) != 1:
            raise ValueError(
                f"Argument `bins` must be 1-D. Received: "
                f"bins.shape={_shape_of(bins)}"
            )
        return KerasTensor(_shape_of(x), dtype="int32", sparse=_is_sparse(x))


@_export("digitize")
@dispatch_to(Digitize)
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
    return backend.numpy.digitize(x, bins)


class Bincount(_NumpyOp):
    def __init__(self, weights=None, minlength=0, sparse=False, *, name=None):
        super().__init__(name=name)

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
@dispatch_to(Bincount)
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


def _check_histogram_input(x):
    if len(_shape_of(x)) != 1:
        raise ValueError(
            "Input tensor must be 1-dimensional. Received: "
            f"x.shape={_shape_of(x)}"
        )


class Histogram(_NumpyOp):
    def __init__(self, bins=10, range=None, *, name=None):
        super().__init__(name=name)
        _check_histogram_args(bins, range)

    def compute_output_spec(self, x):
        _check_histogram_input(x)
        return (
            KerasTensor((self.bins,), dtype="int32"),
            KerasTensor((self.bins + 1,), dtype=_dtype_of(x)),
        )


@_export("histogram")
@dispatch_to(Histogram)
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
    _check_histogram_input(x)
    return backend.numpy.histogram(x, bins=bins, range=range)


class Nonzero(_NumpyOp):
    def compute_output_spec(self, x):
        return tuple(KerasTensor((None,), dtype="int32") for _ in _shape_of(x))


@_export("nonzero")
@dispatch_to(Nonzero)
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
@dispatch_to(Unique)
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
