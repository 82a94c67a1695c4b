"""Products and matrix structure.

`matmul`, `dot`, `einsum`, `tensordot` and the other products; triangles,
diagonals, traces and `slogdet`.
"""

import builtins

import numpy as np

from keras.src import backend
from keras.src.backend import KerasTensor
from keras.src.ops.numpy_ops.base import _dtype_of
from keras.src.ops.numpy_ops.base import _export
from keras.src.ops.numpy_ops.base import _is_sparse
from keras.src.ops.numpy_ops.base import _keep_64bit
from keras.src.ops.numpy_ops.base import _list_dtype
from keras.src.ops.numpy_ops.base import _NumpyOp
from keras.src.ops.numpy_ops.base import _shape_of
from keras.src.ops.numpy_ops.base import _shape_of_rank
from keras.src.ops.numpy_ops.base import _traced_dtype
from keras.src.ops.numpy_ops.base import broadcast_shapes
from keras.src.ops.operation import dispatch_to
from keras.src.ops.operation_utils import canonical_axis as _canonical_axis
from keras.src.ops.operation_utils import multiply_dims as _multiply_dims


class Tril(_NumpyOp):
    def __init__(self, k=0, *, name=None):
        super().__init__(name=name)

    def compute_output_spec(self, x):
        return KerasTensor(_shape_of(x), dtype=_dtype_of(x))


@_export("tril")
@dispatch_to(Tril)
def tril(x, k=0):
    """Keeps the lower triangle of `x` and zeroes what lies above it.

    For inputs with more than two dimensions, the last two axes are used.

    Args:
        x: Input tensor.
        k: Diagonal that bounds the kept part: `0` (the default) is the
            main one, negative values lie below it and positive values
            above.

    Returns:
        A tensor with the shape and dtype of `x`.

    Example:

    >>> keras.ops.tril(np.array([[1, 2], [3, 4]]))
    array([[1, 0],
           [3, 4]], dtype=int32)
    """
    return backend.numpy.tril(x, k=k)


class Triu(_NumpyOp):
    def __init__(self, k=0, *, name=None):
        super().__init__(name=name)

    def compute_output_spec(self, x):
        return KerasTensor(_shape_of(x), dtype=_dtype_of(x))


@_export("triu")
@dispatch_to(Triu)
def triu(x, k=0):
    """Keeps the upper triangle of `x` and zeroes what lies below it.

    For inputs with more than two dimensions, the last two axes are used.

    Args:
        x: Input tensor.
        k: Diagonal that bounds the kept part: `0` (the default) is the
            main one, negative values lie below it and positive values
            above.

    Returns:
        A tensor with the shape and dtype of `x`.
    """
    return backend.numpy.triu(x, k=k)


def _diagonal_length(rows, cols, k):
    if rows is None or cols is None:
        return None
    if k >= 0:
        return builtins.max(0, builtins.min(rows, cols - k))
    return builtins.max(0, builtins.min(rows + k, cols))


class Diag(_NumpyOp):
    def __init__(self, k=0, *, name=None):
        super().__init__(name=name)

    def compute_output_spec(self, x):
        shape = _shape_of(x)
        if len(shape) == 1:
            n = None if shape[0] is None else shape[0] + builtins.abs(self.k)
            return KerasTensor((n, n), dtype=_dtype_of(x))
        if len(shape) == 2:
            length = _diagonal_length(shape[0], shape[1], self.k)
            return KerasTensor((length,), dtype=_dtype_of(x))
        raise ValueError(
            f"`diag` needs a 1-D or 2-D tensor. Received: x.shape={shape}"
        )


@_export("diag")
@dispatch_to(Diag)
def diag(x, k=0):
    """Reads a diagonal from a matrix, or builds a matrix around a vector.

    Args:
        x: Either a 2-D tensor, whose `k`-th diagonal is returned, or a 1-D
            tensor, which is placed on the `k`-th diagonal of a square
            matrix of zeros.
        k: Which diagonal: `0` (the default) is the main one, positive
            values lie above it and negative values below.

    Returns:
        A 1-D tensor for a 2-D input, a 2-D tensor for a 1-D input.

    Example:

    >>> keras.ops.diag(np.array([4, 5]))
    array([[4, 0],
           [0, 5]], dtype=int32)
    """
    return backend.numpy.diag(x, k=k)


class Diagflat(_NumpyOp):
    def __init__(self, k=0, *, name=None):
        super().__init__(name=name)

    def compute_output_spec(self, x):
        size = _multiply_dims(*_shape_of(x))
        n = None if size is None else size + builtins.abs(self.k)
        return KerasTensor((n, n), dtype=_dtype_of(x))


@_export("diagflat")
@dispatch_to(Diagflat)
def diagflat(x, k=0):
    """Square matrix with the flattened `x` on one of its diagonals.

    Args:
        x: Input tensor; it is flattened first.
        k: Diagonal to fill: 0 is the main one, positive values are above
            it and negative values below. Defaults to `0`.

    Returns:
        A square tensor of side `x.size + abs(k)`, zero off that diagonal.

    Example:

    >>> keras.ops.diagflat(np.array([[4, 5]]), k=1)
    array([[0, 4, 0],
           [0, 0, 5],
           [0, 0, 0]], dtype=int32)
    """
    return backend.numpy.diagflat(x, k=k)


class Diagonal(_NumpyOp):
    def __init__(self, offset=0, axis1=0, axis2=1, *, name=None):
        super().__init__(name=name)

    def compute_output_spec(self, x):
        shape = _shape_of_rank(x, 2, "diagonal")
        a1 = _canonical_axis(self.axis1, len(shape))
        a2 = _canonical_axis(self.axis2, len(shape))
        if a1 == a2:
            raise ValueError(
                "`axis1` and `axis2` must be different. Received: "
                f"axis1={self.axis1}, axis2={self.axis2}"
            )
        rest = [d for i, d in enumerate(shape) if i not in (a1, a2)]
        length = _diagonal_length(shape[a1], shape[a2], self.offset)
        return KerasTensor(tuple(rest) + (length,), dtype=_dtype_of(x))


@_export("diagonal")
@dispatch_to(Diagonal)
def diagonal(x, offset=0, axis1=0, axis2=1):
    """Reads diagonals from the 2-D planes of `x` spanned by two axes.

    Args:
        x: Input tensor with at least two dimensions.
        offset: Which diagonal: `0` (the default) is the main one, positive
            values lie above it and negative values below.
        axis1: First axis of the planes. Defaults to `0`.
        axis2: Second axis of the planes. Defaults to `1`.

    Returns:
        A tensor without `axis1` and `axis2`, plus a last axis that holds
        the diagonal entries.

    Example:

    >>> keras.ops.diagonal(np.arange(9).reshape(3, 3), offset=1)
    array([1, 5], dtype=int32)
    """
    return backend.numpy.diagonal(x, offset=offset, axis1=axis1, axis2=axis2)


class Trace(_NumpyOp):
    def __init__(self, offset=0, axis1=0, axis2=1, *, name=None):
        super().__init__(name=name)

    def compute_output_spec(self, x):
        shape = _shape_of(x)
        a1 = _canonical_axis(self.axis1, len(shape))
        a2 = _canonical_axis(self.axis2, len(shape))
        if a1 == a2:
            raise ValueError(
                "`axis1` and `axis2` must be different. Received: "
                f"axis1={self.axis1}, axis2={self.axis2}"
            )
        rest = tuple(d for i, d in enumerate(shape) if i not in (a1, a2))
        dtype = _traced_dtype(lambda v: backend.numpy.trace(v), x, rank=2)
        return KerasTensor(rest, dtype=_keep_64bit(dtype, x))


@_export("trace")
@dispatch_to(Trace)
def trace(x, offset=0, axis1=0, axis2=1):
    """Adds up the entries on one diagonal of `x`.

    For inputs with more than two dimensions, the diagonal is read in each
    plane spanned by `axis1` and `axis2`, and the other axes are kept.

    Args:
        x: Input tensor with at least two dimensions.
        offset: Which diagonal to sum: `0` (the default) is the main one,
            positive values lie above it and negative values below.
        axis1: First axis of the planes. Defaults to `0`.
        axis2: Second axis of the planes. Defaults to `1`.

    Returns:
        The diagonal sums.

    Example:

    >>> keras.ops.trace(np.arange(9).reshape(3, 3))
    array(12, dtype=int32)
    """
    return backend.numpy.trace(x, offset=offset, axis1=axis1, axis2=axis2)


def _check_inner_dims(d1, d2, what):
    if d1 is not None and d2 is not None and d1 != d2:
        raise ValueError(
            f"Incompatible shapes for `{what}`: the contracted dimensions "
            f"are {d1} and {d2}."
        )


class Matmul(_NumpyOp):
    def compute_output_spec(self, x1, x2):
        s1, s2 = list(_shape_of(x1)), list(_shape_of(x2))
        if not s1 or not s2:
            raise ValueError(
                "`matmul` does not accept scalars. Received shapes: "
                f"{tuple(s1)} and {tuple(s2)}"
            )
        drop_first = len(s1) == 1
        drop_last = len(s2) == 1
        if drop_first:
            s1 = [1] + s1
        if drop_last:
            s2 = s2 + [1]
        _check_inner_dims(s1[-1], s2[-2], "matmul")
        batch = broadcast_shapes(s1[:-2], s2[:-2])
        shape = list(batch)
        if not drop_first:
            shape.append(s1[-2])
        if not drop_last:
            shape.append(s2[-1])
        dtype = _traced_dtype(self.call, x1, x2)
        sparse = _is_sparse(x1) and _is_sparse(x2)
        return KerasTensor(tuple(shape), dtype=dtype, sparse=sparse)


@_export("matmul")
@dispatch_to(Matmul)
def matmul(x1, x2):
    """Matrix product of `x1` and `x2`, following NumPy's `matmul` rules.

    - Two 1-D inputs give the scalar inner product of the vectors.
    - Inputs with more than two dimensions are batches of matrices held in
      their last two axes; the leading (batch) axes broadcast.
    - A 1-D `x1` acts as a row vector and a 1-D `x2` as a column vector;
      the axis added for this is dropped from the result.

    Args:
        x1: Left operand.
        x2: Right operand.

    Returns:
        The product. Two `int8` operands give an `int32` result.

    Example:

    >>> keras.ops.matmul(keras.KerasTensor((None, 5)),
    ...                  keras.KerasTensor((5, 2))).shape
    (None, 2)
    """
    return backend.numpy.matmul(x1, x2)


class Dot(_NumpyOp):
    def compute_output_spec(self, x1, x2):
        s1, s2 = list(_shape_of(x1)), list(_shape_of(x2))
        dtype = _traced_dtype(self.call, x1, x2, rank=0)
        if not s1 or not s2:
            return KerasTensor(tuple(s1 or s2), dtype=dtype)
        contracted = s2[0] if len(s2) == 1 else s2[-2]
        _check_inner_dims(s1[-1], contracted, "dot")
        if len(s2) == 1:
            shape = s1[:-1]
        else:
            shape = s1[:-1] + s2[:-2] + s2[-1:]
        return KerasTensor(tuple(shape), dtype=dtype)


@_export("dot")
@dispatch_to(Dot)
def dot(x1, x2):
    """Dot product of `x1` and `x2`, following NumPy's `dot` rules.

    - 1-D with 1-D: the inner product of the vectors.
    - 2-D with 2-D: the matrix product.
    - A scalar on either side: plain multiplication of every entry.
    - N-D with 1-D: contraction of the last axis of `x1` with `x2`.
    - N-D with M-D (M >= 2): contraction of the last axis of `x1` with the
      second-to-last axis of `x2`.

    Args:
        x1: Left operand.
        x2: Right operand.

    Returns:
        The contracted tensor.

    Example:

    >>> keras.ops.dot(np.array([1, 2, 3]), np.array([4, 5, 6]))
    array(32, dtype=int32)
    """
    return backend.numpy.dot(x1, x2)


class Vdot(_NumpyOp):
    def compute_output_spec(self, x1, x2):
        dtype = _traced_dtype(self.call, x1, x2, rank=0)
        return KerasTensor((), dtype=dtype)


@_export("vdot")
@dispatch_to(Vdot)
def vdot(x1, x2):
    """Inner product of the flattened inputs, conjugating `x1` if complex.

    Args:
        x1: A tensor of any shape.
        x2: A tensor with as many entries as `x1`.

    Returns:
        A scalar tensor.

    Example:

    >>> keras.ops.vdot(np.array([[1, 2], [3, 4]]), np.array([[1, 0], [0, 1]]))
    array(5, dtype=int32)
    """
    return backend.numpy.vdot(x1, x2)


class Inner(_NumpyOp):
    def compute_output_spec(self, x1, x2):
        s1, s2 = list(_shape_of(x1)), list(_shape_of(x2))
        dtype = _traced_dtype(self.call, x1, x2, rank=0)
        if not s1 or not s2:
            return KerasTensor(tuple(s1 or s2), dtype=dtype)
        if s1[-1] is not None and s2[-1] is not None and s1[-1] != s2[-1]:
            raise ValueError(
                "`inner` needs inputs with the same last dimension. "
                f"Received shapes: {tuple(s1)} and {tuple(s2)}"
            )
        return KerasTensor(tuple(s1[:-1] + s2[:-1]), dtype=dtype)


@_export("inner")
@dispatch_to(Inner)
def inner(x1, x2):
    """Sum of products over the last axis of both inputs.

    For 1-D inputs this is the usual dot product; in general the result has
    shape `x1.shape[:-1] + x2.shape[:-1]`.

    Args:
        x1: A tensor.
        x2: A tensor whose last axis matches that of `x1`.

    Returns:
        The contracted tensor.

    Example:

    >>> keras.ops.inner(np.ones((2, 3)), np.ones((4, 3))).shape
    (2, 4)
    """
    return backend.numpy.inner(x1, x2)


class Outer(_NumpyOp):
    def compute_output_spec(self, x1, x2):
        n1 = _multiply_dims(*_shape_of(x1))
        n2 = _multiply_dims(*_shape_of(x2))
        dtype = _traced_dtype(self.call, x1, x2, rank=0)
        return KerasTensor((n1, n2), dtype=dtype)


@_export("outer")
@dispatch_to(Outer)
def outer(x1, x2):
    """Outer product of two vectors; inputs of higher rank are flattened.

    Args:
        x1: A tensor with `m` entries.
        x2: A tensor with `n` entries.

    Returns:
        An `(m, n)` tensor whose entry `[i, j]` is `x1[i] * x2[j]`.

    Example:

    >>> keras.ops.outer(np.array([1, 2]), np.array([3, 4, 5]))
    array([[ 3,  4,  5],
           [ 6,  8, 10]], dtype=int32)
    """
    return backend.numpy.outer(x1, x2)


class Kron(_NumpyOp):
    def compute_output_spec(self, x1, x2):
        s1, s2 = list(_shape_of(x1)), list(_shape_of(x2))
        length = builtins.max(len(s1), len(s2))
        s1 = [1] * (length - len(s1)) + s1
        s2 = [1] * (length - len(s2)) + s2
        shape = tuple(_multiply_dims(a, b) for a, b in zip(s1, s2))
        dtype = _traced_dtype(self.call, x1, x2, rank=0)
        return KerasTensor(shape, dtype=dtype)


@_export("kron")
@dispatch_to(Kron)
def kron(x1, x2):
    """Kronecker product of two tensors.

    Each entry of `x1` is replaced by a block equal to that entry times
    `x2`; inputs of different ranks are aligned by prepending size-1 axes to
    the lower-rank one.

    Args:
        x1: First tensor.
        x2: Second tensor.

    Returns:
        A tensor whose size along each axis is the product of the inputs'
        sizes.

    Example:

    >>> keras.ops.kron(np.array([1, 10]), np.array([2, 3]))
    array([ 2,  3, 20, 30], dtype=int32)
    """
    return backend.numpy.kron(x1, x2)


class Tensordot(_NumpyOp):
    def __init__(self, axes=2, *, name=None):
        super().__init__(name=name)

    def compute_output_spec(self, x1, x2):
        s1, s2 = list(_shape_of(x1)), list(_shape_of(x2))
        if isinstance(self.axes, (int, np.integer)):
            n = int(self.axes)
            axes1 = list(range(len(s1) - n, len(s1)))
            axes2 = list(range(n))
        else:
            axes1, axes2 = self.axes
            axes1 = [axes1] if isinstance(axes1, int) else list(axes1)
            axes2 = [axes2] if isinstance(axes2, int) else list(axes2)
        axes1 = [_canonical_axis(a, len(s1)) for a in axes1]
        axes2 = [_canonical_axis(a, len(s2)) for a in axes2]
        if len(axes1) != len(axes2):
            raise ValueError(
                "`tensordot` needs as many axes on each side. Received: "
                f"axes={self.axes}"
            )
        shape = [d for i, d in enumerate(s1) if i not in axes1] + [
            d for i, d in enumerate(s2) if i not in axes2
        ]
        dtype = _traced_dtype(
            lambda a, b: backend.numpy.multiply(a, b), x1, x2, rank=0
        )
        return KerasTensor(tuple(shape), dtype=dtype)


@_export("tensordot")
@dispatch_to(Tensordot)
def tensordot(x1, x2, axes=2):
    """Sums products of `x1` and `x2` over chosen pairs of axes.

    Args:
        x1: Left operand.
        x2: Right operand.
        axes: Either an int `N`, pairing the last `N` axes of `x1` with the
            first `N` axes of `x2`, or two sequences `(axes_1, axes_2)`
            naming the axes to pair. Defaults to `2`.

    Returns:
        A tensor with the unpaired axes of `x1` followed by those of `x2`.

    Example:

    >>> keras.ops.tensordot(np.ones((2, 3, 4)), np.ones((3, 4, 5))).shape
    (2, 5)
    """
    return backend.numpy.tensordot(x1, x2, axes=axes)


def _einsum_output_shape(subscripts, shapes):
    subscripts = subscripts.replace(" ", "")
    if "->" in subscripts:
        inputs, output = subscripts.split("->")
    else:
        inputs, output = subscripts, None
    inputs = inputs.split(",")
    if len(inputs) != len(shapes):
        raise ValueError(
            f"`einsum` subscripts '{subscripts}' name {len(inputs)} "
            f"operands, but {len(shapes)} were given."
        )
    sizes = {}
    ellipsis_shape = []
    counts = {}
    for term, shape in zip(inputs, shapes):
        letters = term.replace("...", "")
        if "..." in term:
            n_ellipsis = len(shape) - len(letters)
            if n_ellipsis < 0:
                raise ValueError(
                    f"`einsum` term '{term}' has more letters than its "
                    f"operand has axes ({len(shape)})."
                )
            before = term.index("...")
            dims = list(shape[:before]) + list(shape[before + n_ellipsis :])
            ellipsis_shape = broadcast_shapes(
                ellipsis_shape, shape[before : before + n_ellipsis]
            )
        else:
            if len(letters) != len(shape):
                raise ValueError(
                    f"`einsum` term '{term}' has {len(letters)} letters but "
                    f"its operand has {len(shape)} axes."
                )
            dims = list(shape)
        for letter, dim in zip(letters, dims):
            counts[letter] = counts.get(letter, 0) + 1
            known = sizes.get(letter)
            if known is None or known == 1:
                sizes[letter] = dim
    if output is None:
        singles = sorted(k for k, v in counts.items() if v == 1)
        return tuple(ellipsis_shape) + tuple(sizes[k] for k in singles)
    if "..." in output:
        before, after = output.split("...")
    else:
        before, after = output, None
    shape = [sizes[k] for k in before]
    if after is not None:
        shape += list(ellipsis_shape) + [sizes[k] for k in after]
    return tuple(shape)


class Einsum(_NumpyOp):
    def __init__(self, subscripts, *, name=None):
        super().__init__(name=name)

    def compute_output_spec(self, *operands, **kwargs):
        shape = _einsum_output_shape(
            self.subscripts, [_shape_of(x) for x in operands]
        )
        dtype = _traced_dtype(self.call, *operands)
        return KerasTensor(shape, dtype=dtype)


@_export("einsum")
@dispatch_to(Einsum)
def einsum(subscripts, *operands, **kwargs):
    """Combines operands as described by an Einstein-summation string.

    Labels that are absent from the output part of `subscripts` are summed
    over.

    Args:
        subscripts: Index labels, one comma-separated group per operand,
            optionally followed by `->` and the output labels, e.g.
            `"bij,bjk->bik"`.
        *operands: The tensors, in the order of the label groups.
        **kwargs: Extra options passed on to the backend implementation.

    Returns:
        The resulting tensor.

    Example:

    >>> a = np.ones((5, 2, 3)); b = np.ones((5, 3, 7))
    >>> keras.ops.einsum("bij,bjk->bik", a, b).shape
    (5, 2, 7)
    """
    return backend.numpy.einsum(subscripts, *operands, **kwargs)


class Cross(_NumpyOp):
    def __init__(self, axisa=-1, axisb=-1, axisc=-1, axis=None, *, name=None):
        super().__init__(name=name)

    def compute_output_spec(self, x1, x2):
        axisa, axisb, axisc = self.axisa, self.axisb, self.axisc
        if self.axis is not None:
            axisa = axisb = axisc = self.axis
        s1, s2 = list(_shape_of(x1)), list(_shape_of(x2))
        a = _canonical_axis(axisa, len(s1))
        b = _canonical_axis(axisb, len(s2))
        n1, n2 = s1.pop(a), s2.pop(b)
        for n in (n1, n2):
            if n not in (2, 3, None):
                raise ValueError(
                    "`cross` needs vectors of dimension 2 or 3. Received "
                    f"shapes: {_shape_of(x1)} and {_shape_of(x2)}"
                )
        shape = broadcast_shapes(s1, s2)
        if not (n1 == 2 and n2 == 2):
            c = _canonical_axis(axisc, len(shape) + 1)
            shape.insert(c, 3 if n1 is not None and n2 is not None else None)
        dtype = _traced_dtype(
            lambda u, v: backend.numpy.multiply(u, v), x1, x2, rank=0
        )
        return KerasTensor(tuple(shape), dtype=dtype)


@_export("cross")
@dispatch_to(Cross)
def cross(x1, x2, axisa=-1, axisb=-1, axisc=-1, axis=None):
    """Cross product of 3-vectors (or 2-vectors) laid out along an axis.

    Args:
        x1: Tensor holding the left vectors along `axisa`.
        x2: Tensor holding the right vectors along `axisb`.
        axisa: Axis of `x1` that holds the vectors. Defaults to `-1`.
        axisb: Axis of `x2` that holds the vectors. Defaults to `-1`.
        axisc: Axis of the result that holds the product vectors. Defaults
            to `-1`.
        axis: When set, used instead of all three of the axes above.

    Returns:
        The cross products.

    Example:

    >>> keras.ops.cross(np.array([1, 0, 0]), np.array([0, 1, 0]))
    array([0, 0, 1], dtype=int32)
    """
    return backend.numpy.cross(
        x1, x2, axisa=axisa, axisb=axisb, axisc=axisc, axis=axis
    )


class Correlate(_NumpyOp):
    def __init__(self, mode="valid", *, name=None):
        super().__init__(name=name)

    def compute_output_spec(self, x1, x2):
        s1, s2 = _shape_of(x1), _shape_of(x2)
        if len(s1) != 1 or len(s2) != 1:
            raise ValueError(
                "`correlate` needs two 1-D tensors. Received shapes: "
                f"{s1} and {s2}"
            )
        n, m = s1[0], s2[0]
        if n is None or m is None:
            length = None
        elif self.mode == "valid":
            length = builtins.max(n, m) - builtins.min(n, m) + 1
        elif self.mode == "same":
            length = builtins.max(n, m)
        elif self.mode == "full":
            length = n + m - 1
        else:
            raise ValueError(
                "Argument `mode` must be 'valid', 'same' or 'full'. "
                f"Received: mode={self.mode}"
            )
        dtype = _traced_dtype(self.call, x1, x2)
        return KerasTensor((length,), dtype=dtype)


@_export("correlate")
@dispatch_to(Correlate)
def correlate(x1, x2, mode="valid"):
    """Cross-correlation of two 1-D sequences.

    Entry `k` of the full result is `sum_n x1[n + k] * conj(x2[n])`, for
    every shift `k` at which the sequences overlap.

    Args:
        x1: First 1-D tensor.
        x2: Second 1-D tensor.
        mode: Which shifts to keep: `"valid"` (default) only those where
            the sequences overlap completely, `"same"` as many as the
            longer input has entries, `"full"` all overlapping shifts.

    Returns:
        A 1-D floating tensor.

    Example:

    >>> keras.ops.correlate(np.array([1.0, 2.0, 3.0]), np.array([1.0, 1.0]))
    array([3., 5.], dtype=float32)
    """
    return backend.numpy.correlate(x1, x2, mode=mode)


class Corrcoef(_NumpyOp):
    def compute_output_spec(self, x):
        shape = _shape_of(x)
        if len(shape) > 2:
            raise ValueError(
                f"`corrcoef` needs a 1-D or 2-D tensor. Received: "
                f"x.shape={shape}"
            )
        out = () if len(shape) < 2 else (shape[0], shape[0])
        dtype = _traced_dtype(self.call, x, rank=2)
        return KerasTensor(out, dtype=dtype)


@_export("corrcoef")
@dispatch_to(Corrcoef)
def corrcoef(x):
    """Pearson correlation coefficients between the rows of `x`.

    Each row is one variable and each column one observation.

    Args:
        x: A 1-D or 2-D tensor.

    Returns:
        A square floating tensor of coefficients, one row and one column per
        variable.

    Example:

    >>> keras.ops.corrcoef(np.array([[1.0, 2.0, 3.0], [6.0, 4.0, 2.0]]))
    array([[ 1., -1.],
           [-1.,  1.]], dtype=float32)
    """
    return backend.numpy.corrcoef(x)


class Vander(_NumpyOp):
    def __init__(self, N=None, increasing=False, *, name=None):
        super().__init__(name=name)

    def compute_output_spec(self, x):
        shape = _shape_of(x)
        if len(shape) != 1:
            raise ValueError(
                f"`vander` needs a 1-D tensor. Received: x.shape={shape}"
            )
        columns = shape[0] if self.N is None else self.N
        dtype = _traced_dtype(self.call, x, rank=1)
        return KerasTensor((shape[0], columns), dtype=dtype)


@_export("vander")
@dispatch_to(Vander)
def vander(x, N=None, increasing=False):
    """Vandermonde matrix of a 1-D tensor.

    Column `j` holds the powers `x ** (N - 1 - j)` (or `x ** j` when
    `increasing`).

    Args:
        x: A 1-D tensor.
        N: Number of columns; defaults to `len(x)`.
        increasing: Whether powers grow from left to right. Defaults to
            `False`.

    Returns:
        A tensor of shape `(len(x), N)`.

    Example:

    >>> keras.ops.vander(np.array([2, 3]), N=3)
    array([[4, 2, 1],
           [9, 3, 1]], dtype=int32)
    """
    return backend.numpy.vander(x, N=N, increasing=increasing)


class Meshgrid(_NumpyOp):
    def __init__(self, indexing="xy", *, name=None):
        super().__init__(name=name)
        if indexing not in ("xy", "ij"):
            raise ValueError(
                "Argument `indexing` must be 'xy' or 'ij'. Received: "
                f"indexing={indexing}"
            )

    def compute_output_spec(self, *x):
        sizes = [_multiply_dims(*_shape_of(v)) for v in x]
        if self.indexing == "xy" and len(sizes) >= 2:
            sizes[0], sizes[1] = sizes[1], sizes[0]
        dtype = _list_dtype(x)
        return [KerasTensor(tuple(sizes), dtype=dtype) for _ in x]


@_export("meshgrid")
@dispatch_to(Meshgrid)
def meshgrid(*x, indexing="xy"):
    """Coordinate grids built from 1-D coordinate vectors.

    Args:
        *x: 1-D tensors, one per grid dimension.
        indexing: `"xy"` (the default, Cartesian: the first two grid axes
            are swapped) or `"ij"` (matrix indexing: grid axis `i` follows
            input `i`).

    Returns:
        A list with one tensor per input, all of the grid's shape.

    Example:

    >>> gx, gy = keras.ops.meshgrid(np.array([1, 2, 3]), np.array([4, 5]))
    >>> gx.shape
    (2, 3)
    """
    return backend.numpy.meshgrid(*x, indexing=indexing)


class Slogdet(_NumpyOp):
    def compute_output_spec(self, x):
        shape = _shape_of_rank(x, 2, "slogdet")
        dtype = _traced_dtype(self.call, x)
        return (
            KerasTensor(shape[:-2], dtype=dtype),
            KerasTensor(shape[:-2], dtype=dtype),
        )


@_export("slogdet")
@dispatch_to(Slogdet)
def slogdet(x):
    """Sign and natural log of the absolute value of a determinant.

    More robust than `log(det(x))` for matrices whose determinant is very
    large or very small. The determinant equals `sign * exp(logabsdet)`.

    Args:
        x: Square matrices, shape `(..., n, n)`.

    Returns:
        A tuple `(sign, logabsdet)` of tensors shaped like the batch axes.

    Example:

    >>> sign, logabsdet = keras.ops.slogdet(np.array([[0.0, 2.0], [3.0, 1.0]]))
    >>> float(sign), float(logabsdet)
    (-1.0, 1.791759...)
    """
    return backend.numpy.slogdet(x)
