import numpy as np
import pytest

from keras.src import backend
from keras.src import ops
from keras.src.backend.jax import sparse


def _masked(shape, seed):
    rng = np.random.default_rng(seed)
    values = rng.random(shape).astype("float32")
    return values * (rng.random(shape) > 0.5)


@pytest.mark.parametrize("n_batch", [0, 1])
def test_batched_matmul_of_sparse_operands_in_any_layout(n_batch):
    # `bcoo_dot_general` needs the batch axes of a product stored as batch
    # dimensions; operands come in whatever layout they were built with.
    a, b = _masked((2, 3, 4), 0), _masked((2, 4, 3), 1)
    a_sparse = sparse.fromdense(a, n_batch=n_batch)
    b_sparse = sparse.fromdense(b, n_batch=n_batch)
    expected = a @ b
    sparse_dense = ops.matmul(a_sparse, b)
    dense_sparse = ops.matmul(a, b_sparse)
    both = ops.matmul(a_sparse, b_sparse)
    assert not sparse.is_sparse(sparse_dense)
    assert not sparse.is_sparse(dense_sparse)
    assert sparse.is_sparse(both)
    np.testing.assert_allclose(sparse_dense, expected, rtol=1e-6)
    np.testing.assert_allclose(dense_sparse, expected, rtol=1e-6)
    np.testing.assert_allclose(sparse.densify(both), expected, rtol=1e-6)


def test_symbolic_sparse_matmul_infers_dense_output():
    x = backend.KerasTensor((None, 3, 3), sparse=True)
    y = backend.KerasTensor((None, 3, 3))
    out = backend.compute_output_spec(ops.matmul, x, y)
    assert out.shape == (None, 3, 3) and not out.sparse
