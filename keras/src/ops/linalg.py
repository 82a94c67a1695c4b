"""Linear-algebra ops (`keras.ops.*`, `keras.ops.linalg.*`)."""

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.ops.operation import symbolic_op


def _export(name):
    return keras_export([f"keras.ops.{name}", f"keras.ops.linalg.{name}"])


@_export("cholesky")
@symbolic_op
def cholesky(x):
    """Factors a symmetric positive-definite matrix as `L @ L^T`.

    Args:
        x: Batch of square matrices, shape `(..., M, M)`.

    Returns:
        The lower-triangular factor `L`, same shape as `x`.

    Example:

    >>> keras.ops.cholesky(np.array([[9.0, 6.0], [6.0, 5.0]]))
    Array([[3., 0.],
           [2., 1.]], dtype=float32)
    """
    return backend.linalg.cholesky(x)


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
@symbolic_op
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
@symbolic_op
def qr(x, mode="reduced"):
    """Factors matrices as an orthonormal `q` times an upper-triangular `r`.

    Args:
        x: Batch of matrices, shape `(..., M, N)`.
        mode: `"reduced"` (default) or `"complete"`.

    Returns:
        A tuple `(q, r)`.
    """
    return backend.linalg.qr(x, mode=mode)


@_export("solve")
@symbolic_op
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
@symbolic_op
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
