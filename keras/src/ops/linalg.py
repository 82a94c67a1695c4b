"""Linear-algebra ops (`keras.ops.*`, `keras.ops.linalg.*`)."""

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.backend import KerasTensor
from keras.src.backend.common import dtypes
from keras.src.ops.operation import symbolic_op


def _export(name):
    return keras_export([f"keras.ops.{name}", f"keras.ops.linalg.{name}"])


def _float_dtype(x):
    dtype = dtypes.standardize_dtype(getattr(x, "dtype", "float32"))
    if dtypes.is_float_dtype(dtype) or dtypes.is_complex_dtype(dtype):
        return dtype
    return backend.floatx()


def _check_matrices(x, square=False):
    """Checks that `x` holds matrices with known sizes; returns its shape."""
    shape = tuple(x.shape)
    if len(shape) < 2:
        raise ValueError(
            f"Input should have rank >= 2. Received: input.shape={shape}"
        )
    if shape[-1] is None or shape[-2] is None:
        raise ValueError(
            "Input should have its last 2 dimensions fully-defined. "
            f"Received: input.shape={shape}"
        )
    if square and shape[-1] != shape[-2]:
        raise ValueError(
            "Input should be a batch of square matrices (last two sizes "
            f"equal). Received: input.shape={shape}"
        )
    return shape


def _square_spec(x, *args, **kwargs):
    return KerasTensor(_check_matrices(x, square=True), _float_dtype(x))


def _eigh_spec(x):
    shape = _check_matrices(x, square=True)
    dtype = _float_dtype(x)
    return KerasTensor(shape[:-1], dtype), KerasTensor(shape, dtype)


def _check_qr_mode(mode="reduced"):
    if mode not in ("reduced", "complete"):
        raise ValueError(
            "`mode` argument value not supported. Expected one of "
            f"{{'reduced', 'complete'}}. Received: mode={mode}"
        )


def _qr_spec(x, mode="reduced"):
    _check_qr_mode(mode)
    shape = _check_matrices(x)
    m, n = shape[-2:]
    k = m if mode == "complete" else min(m, n)
    dtype = _float_dtype(x)
    return (
        KerasTensor(shape[:-2] + (m, k), dtype),
        KerasTensor(shape[:-2] + (k, n), dtype),
    )


def _rank_spec(x, tol=None):
    shape = _check_matrices(x)
    return KerasTensor(shape[:-2], "int32")


def _pinv_spec(x, rcond=None):
    shape = _check_matrices(x)
    return KerasTensor(shape[:-2] + shape[-2:][::-1], _float_dtype(x))


def _solve_spec(a, b):
    a_shape = _check_matrices(a, square=True)
    b_shape = tuple(b.shape)
    vector = len(b_shape) == len(a_shape) - 1
    if not b_shape:
        rows = None
    else:
        rows = b_shape[-1] if vector else b_shape[-2]
    if rows is None or rows != a_shape[-1]:
        raise ValueError(
            "`b` should have as many rows as the square matrices `a`. "
            f"Received: a.shape={a_shape}, b.shape={b_shape}"
        )
    return KerasTensor(b_shape, _float_dtype(a))


@_export("cholesky")
@symbolic_op(spec=_square_spec)
def cholesky(x, upper=False):
    """Factors a symmetric positive-definite matrix as `L @ L^T`.

    Args:
        x: Batch of square matrices, shape `(..., M, M)`.
        upper: If `True`, return the upper-triangular factor `L^T` instead.

    Returns:
        The triangular factor, same shape as `x`. On concrete (not traced)
        inputs, a matrix that is not positive definite raises a
        `ValueError`.

    Example:

    >>> keras.ops.cholesky(np.array([[9.0, 6.0], [6.0, 5.0]]))
    Array([[3., 0.],
           [2., 1.]], dtype=float32)
    """
    return backend.linalg.cholesky(x, upper=upper)


@_export("det")
@symbolic_op
def det(x):
    """Determinant of each square matrix in a batch.

    Args:
        x: Batch of square matrices, shape `(..., M, M)`.

    Returns:
        A tensor of shape `(...,)` with the determinants.
    """
    return backend.linalg.det(x)


@_export("eig")
@symbolic_op
def eig(x):
    """Eigen-decomposition of a general (not necessarily symmetric) matrix.

    Only available on CPU with JAX.

    Args:
        x: Batch of square matrices, shape `(..., M, M)`.

    Returns:
        A tuple `(eigenvalues, eigenvectors)` (complex).
    """
    return backend.linalg.eig(x)


@_export("eigh")
@symbolic_op(spec=_eigh_spec)
def eigh(x):
    """Eigen-decomposition of a symmetric (or Hermitian) matrix.

    Args:
        x: Batch of square matrices, shape `(..., M, M)`.

    Returns:
        A tuple `(eigenvalues, eigenvectors)`, eigenvalues ascending.
    """
    return backend.linalg.eigh(x)


@_export("inv")
@symbolic_op
def inv(x):
    """Matrix inverse of each square matrix in a batch.

    Args:
        x: Batch of square matrices, shape `(..., M, M)`.

    Returns:
        A tensor of shape `(..., M, M)` with the inverse of `x`.
    """
    return backend.linalg.inv(x)


@_export("lu_factor")
@symbolic_op
def lu_factor(x):
    """LU factorization with partial pivoting of square matrices.

    Args:
        x: Batch of square matrices, shape `(..., M, M)`.

    Returns:
        A tuple `(lu, pivots)`: the packed L and U factors and the pivot
        indices.
    """
    return backend.linalg.lu_factor(x)


@_export("norm")
@symbolic_op
def norm(x, ord=None, axis=None, keepdims=False):
    """Norm of a vector, of a matrix, or of a batch of either.

    Args:
        x: Input tensor.
        ord: Order of the norm (see `numpy.linalg.norm`): `None`, `"fro"`,
            `"nuc"`, `np.inf`, `-np.inf`, or an int. Defaults to `None`
            (2-norm of the flattened vector or Frobenius norm).
        axis: An int (vector norms) or a pair of ints (matrix norms). If
            `None`, the norm of the whole `x` (1-D or 2-D) is computed.
        keepdims: If `True`, the normed axes are kept with size one.

    Returns:
        Norm of the matrix or vector(s); integer inputs give `floatx`.

    Example:

    >>> keras.ops.norm(np.array([3.0, 4.0]))
    Array(5., dtype=float32)
    """
    return backend.linalg.norm(x, ord=ord, axis=axis, keepdims=keepdims)


@_export("qr")
@symbolic_op(spec=_qr_spec, check=_check_qr_mode)
def qr(x, mode="reduced"):
    """Factors matrices as an orthonormal `q` times an upper-triangular `r`.

    Args:
        x: Batch of matrices, shape `(..., M, N)`.
        mode: `"reduced"` (default) or `"complete"`.

    Returns:
        A tuple `(q, r)`.
    """
    _check_qr_mode(mode)
    return backend.linalg.qr(x, mode=mode)


@_export("solve")
@symbolic_op(spec=_solve_spec)
def solve(a, b):
    """Finds `x` such that `a @ x = b` for square, invertible `a`.

    Args:
        a: A tensor of shape `(..., M, M)`.
        b: A tensor of shape `(..., M)` or `(..., M, N)`.

    Returns:
        A tensor of the shape of `b` with the solution `x`.
    """
    return backend.linalg.solve(a, b)


@_export("solve_triangular")
@symbolic_op
def solve_triangular(a, b, lower=False):
    """Solves `a @ x = b` by substitution, `a` being triangular.

    Args:
        a: A tensor of shape `(..., M, M)`.
        b: A tensor of shape `(..., M)` or `(..., M, N)`.
        lower: Whether `a` is lower-triangular (only the lower triangle is
            read); otherwise the upper triangle is used.

    Returns:
        A tensor of the shape of `b`.
    """
    return backend.linalg.solve_triangular(a, b, lower=lower)


@_export("svd")
@symbolic_op(class_name="SVD")
def svd(x, full_matrices=True, compute_uv=True):
    """Factors matrices as `u @ diag(s) @ v` with singular values `s`.

    Args:
        x: Batch of matrices, shape `(..., M, N)`.
        full_matrices: Whether `u` and `v` are full square matrices.
        compute_uv: Whether to compute `u` and `v`.

    Returns:
        A tuple `(u, s, v)`, or `s` if `compute_uv=False`.
    """
    return backend.linalg.svd(
        x, full_matrices=full_matrices, compute_uv=compute_uv
    )


@_export("lstsq")
@symbolic_op
def lstsq(a, b, rcond=None):
    """Finds the `x` minimizing `||a @ x - b||` in the 2-norm.

    Args:
        a: A tensor of shape `(M, N)`.
        b: A tensor of shape `(M,)` or `(M, K)`.
        rcond: Singular values of `a` at most `rcond` times the largest
            one are treated as zero. `None` uses a machine-precision
            default.

    Returns:
        A tensor of shape `(N,)` or `(N, K)`.
    """
    return backend.linalg.lstsq(a, b, rcond=rcond)


@_export("cholesky_inverse")
@symbolic_op(spec=_square_spec)
def cholesky_inverse(x, upper=False):
    """Inverse of a matrix given by its Cholesky factor.

    For a lower-triangular `L` (or, with `upper=True`, an upper-triangular
    `U`), returns the inverse of `L @ L^T` (or of `U^T @ U`) without forming
    that product.

    Args:
        x: Batch of triangular Cholesky factors, shape `(..., M, M)`.
        upper: Whether `x` holds upper-triangular factors.

    Returns:
        The inverses, shape `(..., M, M)`.

    Example:

    >>> factor = keras.ops.cholesky(np.array([[4.0, 2.0], [2.0, 2.0]]))
    >>> keras.ops.cholesky_inverse(factor)
    Array([[ 0.5, -0.5],
           [-0.5,  1. ]], dtype=float32)
    """
    return backend.linalg.cholesky_inverse(x, upper=upper)


@_export("matrix_rank")
@symbolic_op(spec=_rank_spec)
def matrix_rank(x, tol=None):
    """Number of singular values of each matrix above a threshold.

    Args:
        x: Batch of matrices, shape `(..., M, N)`.
        tol: Singular values at most `tol` count as zero. `None` uses the
            largest singular value times `max(M, N)` times the float
            precision.

    Returns:
        An int32 tensor of shape `(...,)`.

    Example:

    >>> keras.ops.matrix_rank(np.array([[1.0, 2.0], [2.0, 4.0]]))
    Array(1, dtype=int32)
    """
    return backend.linalg.matrix_rank(x, tol=tol)


@_export("pinv")
@symbolic_op(spec=_pinv_spec)
def pinv(x, rcond=None):
    """Moore-Penrose pseudo-inverse of each matrix, from its SVD.

    Args:
        x: Batch of matrices, shape `(..., M, N)`.
        rcond: Singular values at most `rcond` times the largest one are
            treated as zero. `None` uses a machine-precision default.

    Returns:
        A tensor of shape `(..., N, M)`.

    Example:

    >>> keras.ops.pinv(np.array([[2.0, 0.0], [0.0, 0.0]]))
    Array([[0.5, 0. ],
           [0. , 0. ]], dtype=float32)
    """
    return backend.linalg.pinv(x, rcond=rcond)


def _check_matrix_power_arguments(x, n):
    # `bool` is an int too; like `operator.index`, it counts as 0 or 1.
    if not isinstance(n, int):
        raise TypeError(
            "`n` must be a Python integer (the exponent is static). "
            f"Received: n={n!r} of type {type(n)}"
        )
    shape = tuple(x.shape)
    if len(shape) < 2:
        raise ValueError(
            "`matrix_power` needs square matrices: an input of rank >= 2. "
            f"Received input with shape {shape}."
        )
    if shape[-1] != shape[-2]:
        raise ValueError(
            "`matrix_power` needs square matrices, with the last two "
            f"dimensions equal. Received input with shape {shape}."
        )
    return shape


def _matrix_power_spec(x, n):
    shape = _check_matrix_power_arguments(x, n)
    dtype = dtypes.standardize_dtype(x.dtype)
    if n < 0:
        # A negative power inverts the matrices first.
        dtype = _float_dtype(x)
    return KerasTensor(shape, dtype)


@_export("matrix_power")
@symbolic_op(static=("n",), spec=_matrix_power_spec)
def matrix_power(x, n):
    """Raises each square matrix of `x` to the integer power `n`.

    `n = 0` gives identity matrices of `x`'s dtype; a negative `n` inverts
    the matrices and raises the inverse to `-n` (integer inputs then give
    a floatx result). Positive powers use repeated squaring.

    Args:
        x: Batch of square matrices, shape `(..., M, M)`.
        n: A Python integer, the exponent.

    Returns:
        A tensor of shape `(..., M, M)`.

    Example:

    >>> keras.ops.matrix_power(np.array([[1, 1], [0, 1]]), 3)
    Array([[1, 3],
           [0, 1]], dtype=int32)
    """
    _check_matrix_power_arguments(backend.convert_to_tensor(x), n)
    return backend.linalg.matrix_power(x, n)


@_export("jvp")
@symbolic_op(static=("has_aux",), class_name="JVP")
def jvp(fun, primals, tangents, has_aux=False):
    """Evaluates `fun` and its forward-mode derivative along `tangents`.

    Args:
        fun: A function of tensors, called as `fun(*primals)`. With
            `has_aux=True` it returns a pair `(output, aux)`.
        primals: Tuple of the points to evaluate `fun` at.
        tangents: Tuple of the directions, one per primal (same shapes).
        has_aux: Whether `fun` returns an auxiliary value, passed through.

    Returns:
        `(outputs, output_tangents)`, or `(outputs, output_tangents, aux)`
        with `has_aux=True`.

    Example:

    >>> keras.ops.jvp(keras.ops.square, (np.array(3.0),), (np.array(1.0),))
    (Array(9., dtype=float32), Array(6., dtype=float32))
    """
    return backend.linalg.jvp(fun, primals, tangents, has_aux=has_aux)
