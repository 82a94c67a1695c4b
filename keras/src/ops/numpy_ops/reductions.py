"""Reductions, quantiles, differences and running (cumulative) ops."""

import builtins

from keras.src import backend
from keras.src.backend import KerasTensor
from keras.src.ops.numpy_ops.base import _defines_op
from keras.src.ops.numpy_ops.base import _export
from keras.src.ops.numpy_ops.base import _is_sparse
from keras.src.ops.numpy_ops.base import _keep_64bit
from keras.src.ops.numpy_ops.base import _NumpyOp
from keras.src.ops.numpy_ops.base import _shape_of
from keras.src.ops.numpy_ops.base import _traced_dtype
from keras.src.ops.numpy_ops.base import shape_equal
from keras.src.ops.operation import dispatch_to
from keras.src.ops.operation_utils import canonical_axes as _canonical_axes
from keras.src.ops.operation_utils import canonical_axis as _canonical_axis
from keras.src.ops.operation_utils import multiply_dims as _multiply_dims
from keras.src.ops.operation_utils import reduce_shape as _reduce_shape


class _Reduction(_NumpyOp):
    """Reduction of `x` over `axis` (every axis when `None`).

    With `keepdims`, each reduced axis stays in the result with size 1.
    """

    # Whether a 64-bit input keeps its width in the symbolic result.
    _keeps_64bit = False
    _keeps_sparse = False

    def __init__(self, axis=None, keepdims=False, *, name=None):
        super().__init__(name=name)

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


@_export("sum")
@_defines_op(_Reduction, _keeps_sparse=True)
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
    return backend.numpy.sum(x, axis=axis, keepdims=keepdims)


class Prod(_Reduction):
    _keeps_64bit = True

    def __init__(self, axis=None, keepdims=False, dtype=None, *, name=None):
        super().__init__(name=name)


@_export("prod")
@dispatch_to(Prod)
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
    return backend.numpy.prod(x, axis=axis, keepdims=keepdims, dtype=dtype)


@_export("mean")
@_defines_op(_Reduction, _keeps_64bit=True, _keeps_sparse=True)
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
    return backend.numpy.mean(x, axis=axis, keepdims=keepdims)


@_export("var")
@_defines_op(_Reduction)
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
    return backend.numpy.var(x, axis=axis, keepdims=keepdims)


@_export("std")
@_defines_op(_Reduction, _keeps_64bit=True)
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
    return backend.numpy.std(x, axis=axis, keepdims=keepdims)


class Average(_NumpyOp):
    def __init__(self, axis=None, *, name=None):
        super().__init__(name=name)

    def compute_output_spec(self, x, weights=None):
        x_shape = _shape_of(x)
        if weights is not None:
            w_shape = _shape_of(weights)
            if len(w_shape) != len(x_shape) and self.axis is not None:
                axes = _canonical_axes(self.axis, len(x_shape))
                if not shape_equal(w_shape, [x_shape[a] for a in axes]):
                    raise ValueError(
                        "`weights` not shaped like `x` must have the sizes "
                        "of `x` along the averaged axes. Received: "
                        f"weights.shape={w_shape}, x.shape={x_shape}, "
                        f"axis={self.axis}"
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
@dispatch_to(Average)
def average(x, axis=None, weights=None):
    """Mean of `x`, optionally weighted, along one axis or over all of them.

    Without `weights` this equals `keras.ops.mean`. With weights it is
    `sum(x * weights) / sum(weights)`, computed in `floatx` when neither
    input is floating.

    Args:
        x: Input tensor.
        axis: An int or tuple of ints naming the axes to average over;
            `None` (the default) averages every entry.
        weights: Optional weights, either shaped like `x` or with the
            sizes of `x` along `axis` (e.g. 1-D for one axis).

    Returns:
        The (weighted) averages.

    Example:

    >>> keras.ops.average(np.array([1.0, 2.0, 4.0]),
    ...                   weights=np.array([1.0, 1.0, 2.0]))
    array(2.75, dtype=float32)
    """
    return backend.numpy.average(x, axis=axis, weights=weights)


@_export("median")
@_defines_op(_Reduction)
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
    return backend.numpy.median(x, axis=axis, keepdims=keepdims)


class Max(_Reduction):
    _keeps_64bit = True

    def __init__(self, axis=None, keepdims=False, initial=None, *, name=None):
        super().__init__(name=name)


@_export("max")
@dispatch_to(Max)
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
    return backend.numpy.max(x, axis=axis, keepdims=keepdims, initial=initial)


class Min(_Reduction):
    _keeps_64bit = True

    def __init__(self, axis=None, keepdims=False, initial=None, *, name=None):
        super().__init__(name=name)


@_export("min")
@dispatch_to(Min)
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
    return backend.numpy.min(x, axis=axis, keepdims=keepdims, initial=initial)


@_export("amax")
@_defines_op(_Reduction, _keeps_64bit=True)
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
    return backend.numpy.amax(x, axis=axis, keepdims=keepdims)


@_export("amin")
@_defines_op(_Reduction, _keeps_64bit=True)
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
    return backend.numpy.amin(x, axis=axis, keepdims=keepdims)


@_export("all")
@_defines_op(_Reduction)
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
    return backend.numpy.all(x, axis=axis, keepdims=keepdims)


@_export("any")
@_defines_op(_Reduction)
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
    return backend.numpy.any(x, axis=axis, keepdims=keepdims)


@_export("ptp")
@_defines_op(_Reduction, _keeps_64bit=True)
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
    return backend.numpy.ptp(x, axis=axis, keepdims=keepdims)


@_export("argmax")
@_defines_op(_Reduction)
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
    return backend.numpy.argmax(x, axis=axis, keepdims=keepdims)


@_export("argmin")
@_defines_op(_Reduction)
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
    return backend.numpy.argmin(x, axis=axis, keepdims=keepdims)


class CountNonzero(_NumpyOp):
    def __init__(self, axis=None, *, name=None):
        super().__init__(name=name)

    def compute_output_spec(self, x):
        return KerasTensor(_reduce_shape(_shape_of(x), self.axis), "int32")


@_export("count_nonzero")
@dispatch_to(CountNonzero)
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
    return backend.numpy.count_nonzero(x, axis=axis)


# NaN-ignoring reductions.


@_export("nansum")
@_defines_op(_Reduction)
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
    return backend.numpy.nansum(x, axis=axis, keepdims=keepdims)


@_export("nanprod")
@_defines_op(_Reduction, _keeps_64bit=True)
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
    return backend.numpy.nanprod(x, axis=axis, keepdims=keepdims)


@_export("nanmean")
@_defines_op(_Reduction)
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
    return backend.numpy.nanmean(x, axis=axis, keepdims=keepdims)


@_export("nanvar")
@_defines_op(_Reduction)
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
    return backend.numpy.nanvar(x, axis=axis, keepdims=keepdims)


@_export("nanstd")
@_defines_op(_Reduction)
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
    return backend.numpy.nanstd(x, axis=axis, keepdims=keepdims)


@_export("nanmax")
@_defines_op(_Reduction)
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
    return backend.numpy.nanmax(x, axis=axis, keepdims=keepdims)


@_export("nanmin")
@_defines_op(_Reduction)
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
    return backend.numpy.nanmin(x, axis=axis, keepdims=keepdims)


@_export("nanmedian")
@_defines_op(_Reduction)
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
    return backend.numpy.nanmedian(x, axis=axis, keepdims=keepdims)


@_export("nanargmax")
@_defines_op(_Reduction)
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
    return backend.numpy.nanargmax(x, axis=axis, keepdims=keepdims)


@_export("nanargmin")
@_defines_op(_Reduction)
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
    return backend.numpy.nanargmin(x, axis=axis, keepdims=keepdims)


# Quantiles.


class _QuantileOp(_NumpyOp):
    def __init__(
        self, axis=None, method="linear", keepdims=False, *, name=None
    ):
        super().__init__(name=name)

    def compute_output_spec(self, x, q):
        q_shape = _shape_of(q)
        if len(q_shape) > 1:
            raise ValueError(
                f"`q` must be a scalar or 1-D. Received: q.shape={q_shape}"
            )
        shape = _reduce_shape(_shape_of(x), self.axis, self.keepdims)
        dtype = _traced_dtype(self.call, x, q)
        return KerasTensor(tuple(q_shape) + shape, dtype=dtype)


class Quantile(_QuantileOp):
    pass


class Percentile(_QuantileOp):
    pass


class Nanquantile(_QuantileOp):
    pass


class Nanpercentile(_QuantileOp):
    pass


@_export("quantile")
@dispatch_to(Quantile)
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
    return backend.numpy.quantile(
        x, q, axis=axis, method=method, keepdims=keepdims
    )


@_export("percentile")
@dispatch_to(Percentile)
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
    return backend.numpy.percentile(
        x, q, axis=axis, method=method, keepdims=keepdims
    )


@_export("nanquantile")
@dispatch_to(Nanquantile)
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
    return backend.numpy.nanquantile(
        x, q, axis=axis, method=method, keepdims=keepdims
    )


@_export("nanpercentile")
@dispatch_to(Nanpercentile)
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
    return backend.numpy.nanpercentile(
        x, q, axis=axis, method=method, keepdims=keepdims
    )


class Trapezoid(_NumpyOp):
    def __init__(self, x=None, dx=1.0, axis=-1, *, name=None):
        super().__init__(name=name)

    def compute_output_spec(self, y):
        shape = _reduce_shape(_shape_of(y), self.axis)
        dtype = _traced_dtype(lambda v: backend.numpy.trapezoid(v), y, rank=1)
        return KerasTensor(shape, dtype=dtype)


@_export("trapezoid")
@dispatch_to(Trapezoid)
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
    return backend.numpy.trapezoid(y, x=x, dx=dx, axis=axis)


class Diff(_NumpyOp):
    def __init__(self, n=1, axis=-1, *, name=None):
        super().__init__(name=name)

    def compute_output_spec(self, a):
        shape = list(_shape_of(a))
        axis = _canonical_axis(self.axis, len(shape))
        if shape[axis] is not None:
            shape[axis] = builtins.max(shape[axis] - self.n, 0)
        dtype = _keep_64bit(_traced_dtype(self.call, a), a)
        return KerasTensor(tuple(shape), dtype=dtype)


@_export("diff")
@dispatch_to(Diff)
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
    return backend.numpy.diff(a, n=n, axis=axis)


class _Cumulative(_NumpyOp):
    def __init__(self, axis=None, dtype=None, *, name=None):
        super().__init__(name=name)

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
    pass


class Cumprod(_Cumulative):
    pass


class Nancumsum(_Cumulative):
    pass


class Nancumprod(_Cumulative):
    pass


@_export("cumsum")
@dispatch_to(Cumsum)
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
    return backend.numpy.cumsum(x, axis=axis, dtype=dtype)


@_export("cumprod")
@dispatch_to(Cumprod)
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
    return backend.numpy.cumprod(x, axis=axis, dtype=dtype)


@_export("nancumsum")
@dispatch_to(Nancumsum)
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
    return backend.numpy.nancumsum(x, axis=axis, dtype=dtype)


@_export("nancumprod")
@dispatch_to(Nancumprod)
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
    return backend.numpy.nancumprod(x, axis=axis, dtype=dtype)
