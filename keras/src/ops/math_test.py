"""Tests of the math and linalg ops."""

import math

import numpy as np
import pytest

from keras.src import ops
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.ops import math as math_ops

rng = np.random.RandomState(2)
X = rng.randn(3, 4).astype("float32")
A = (rng.randn(3, 3) + 3 * np.eye(3)).astype("float32")
SPD = (A @ A.T + np.eye(3)).astype("float32")


def test_segment_sum_and_max():
    data = np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    ids = np.array([0, 0, 2])
    out = ops.segment_sum(data, ids, num_segments=3)
    np.testing.assert_allclose(out, [[4.0, 6.0], [0.0, 0.0], [5.0, 6.0]])
    with pytest.raises(ValueError, match="num_segments"):
        ops.segment_sum(data, ids)
    out = ops.segment_max(data, ids, num_segments=3, sorted=True)
    np.testing.assert_allclose(out[0], [3.0, 4.0])
    np.testing.assert_allclose(out[2], [5.0, 6.0])
    sym = ops.segment_sum(
        KerasTensor((None, 2)), KerasTensor((None,), "int32"), num_segments=5
    )
    assert sym.shape == (5, 2)


def test_top_k():
    values, indices = ops.top_k(X, 2)
    ref_idx = np.argsort(-X, axis=-1)[:, :2]
    np.testing.assert_array_equal(indices, ref_idx)
    np.testing.assert_allclose(values, np.take_along_axis(X, ref_idx, -1))
    assert indices.dtype == "int32"
    sv, si = ops.top_k(KerasTensor((None, 10)), 3)
    assert sv.shape == (None, 3) and si.shape == (None, 3)


def test_in_top_k():
    preds = np.array([[0.1, 0.5, 0.4], [0.6, 0.3, 0.1]])
    out = ops.in_top_k(np.array([2, 2]), preds, 2)
    np.testing.assert_array_equal(out, [True, False])
    out = ops.in_top_k(np.array([1, 0]), preds, 1)
    np.testing.assert_array_equal(out, [True, True])


def test_logsumexp():
    ref = np.log(np.exp(X).sum(-1))
    np.testing.assert_allclose(ops.logsumexp(X, axis=-1), ref, rtol=1e-5)
    np.testing.assert_allclose(
        ops.logsumexp(X), np.log(np.exp(X).sum()), rtol=1e-5
    )
    out = ops.logsumexp(X, axis=0, keepdims=True)
    assert out.shape == (1, 4)
    big = np.array([1000.0, 1000.0])
    np.testing.assert_allclose(ops.logsumexp(big), 1000 + np.log(2))


def test_elementwise_math():
    p = np.abs(X) + 0.1
    np.testing.assert_allclose(ops.rsqrt(p), 1 / np.sqrt(p), rtol=1e-5)
    assert ops.rsqrt(np.array([4], "int32")).dtype == "float32"
    np.testing.assert_allclose(
        ops.erf(X), np.vectorize(math.erf)(X), rtol=1e-5, atol=1e-6
    )
    y = np.array([-0.5, 0.0, 0.7], "float32")
    np.testing.assert_allclose(ops.erf(ops.erfinv(y)), y, atol=1e-5)


def test_logdet_and_extract_sequences():
    np.testing.assert_allclose(
        ops.logdet(SPD), np.linalg.slogdet(SPD)[1], rtol=1e-4
    )
    x = np.arange(10.0)
    out = ops.extract_sequences(x, 4, 3)
    np.testing.assert_array_equal(
        out, [[0, 1, 2, 3], [3, 4, 5, 6], [6, 7, 8, 9]]
    )
    assert ops.extract_sequences(KerasTensor((None, 10)), 4, 2).shape == (
        None,
        4,
        4,
    )


class TestLinalg:
    def test_norm(self):
        v = X[0]
        np.testing.assert_allclose(ops.norm(v), np.linalg.norm(v), rtol=1e-5)
        np.testing.assert_allclose(
            ops.norm(X, axis=-1), np.linalg.norm(X, axis=-1), rtol=1e-5
        )
        np.testing.assert_allclose(
            ops.norm(X, ord=1, axis=1, keepdims=True),
            np.linalg.norm(X, ord=1, axis=1, keepdims=True),
            rtol=1e-5,
        )
        np.testing.assert_allclose(
            ops.norm(X, ord="fro"), np.linalg.norm(X, "fro"), rtol=1e-5
        )
        np.testing.assert_allclose(
            ops.norm(X, ord=np.inf, axis=(0, 1)),
            np.linalg.norm(X, np.inf),
            rtol=1e-5,
        )
        assert ops.norm(np.array([3, 4])).dtype == "float32"
        assert ops.linalg.norm is ops.norm
        assert ops.norm(KerasTensor((None, 3)), axis=-1).shape == (None,)

    def test_inv_det_solve(self):
        np.testing.assert_allclose(
            ops.inv(A), np.linalg.inv(A), rtol=1e-4, atol=1e-5
        )
        np.testing.assert_allclose(ops.det(A), np.linalg.det(A), rtol=1e-4)
        b = rng.randn(3, 2).astype("float32")
        np.testing.assert_allclose(
            ops.solve(A, b), np.linalg.solve(A, b), rtol=1e-4, atol=1e-5
        )
        low = np.tril(A)
        np.testing.assert_allclose(
            ops.solve_triangular(low, b, lower=True),
            np.linalg.solve(low, b),
            rtol=1e-4,
            atol=1e-5,
        )

    def test_decompositions(self):
        chol = np.asarray(ops.cholesky(SPD))
        np.testing.assert_allclose(chol @ chol.T, SPD, rtol=1e-4, atol=1e-4)
        np.testing.assert_allclose(chol, np.tril(chol))
        q, r = ops.qr(X)
        np.testing.assert_allclose(
            np.asarray(q) @ np.asarray(r), X, rtol=1e-4, atol=1e-5
        )
        assert q.shape == (3, 3) and r.shape == (3, 4)
        q, r = ops.qr(X.T, mode="complete")
        assert q.shape == (4, 4)
        with pytest.raises(ValueError):
            ops.qr(X, mode="raw")
        u, s, vt = ops.svd(X, full_matrices=False)
        np.testing.assert_allclose(
            (np.asarray(u) * np.asarray(s)) @ np.asarray(vt),
            X,
            rtol=1e-4,
            atol=1e-5,
        )
        np.testing.assert_allclose(
            ops.svd(X, compute_uv=False),
            np.linalg.svd(X, compute_uv=False),
            rtol=1e-5,
        )
        w, vecs = ops.eigh(SPD)
        np.testing.assert_allclose(w, np.linalg.eigvalsh(SPD), rtol=1e-4)
        lu, piv = ops.lu_factor(A)
        assert lu.shape == (3, 3) and piv.shape == (3,)
        sol = ops.lstsq(X.T, np.ones(4, "float32"))
        ref = np.linalg.lstsq(X.T, np.ones(4), rcond=None)[0]
        np.testing.assert_allclose(sol, ref, rtol=1e-4, atol=1e-5)

    def test_symbolic_batch(self):
        x = KerasTensor((None, 3, 3))
        assert ops.inv(x).shape == (None, 3, 3)
        assert ops.det(x).shape == (None,)
        assert ops.solve(x, KerasTensor((None, 3, 2))).shape == (None, 3, 2)


def test_stft_istft_round_trip():
    signal = rng.randn(2, 64).astype("float32")
    spectrum = ops.stft(signal, 16, 4, 16)
    assert spectrum[0].shape == (2, 17, 9)
    rebuilt = ops.istft(spectrum, 16, 4, 16, length=64)
    np.testing.assert_allclose(rebuilt[:, 8:-8], signal[:, 8:-8], atol=1e-4)
    symbolic = ops.stft(KerasTensor((None, 64)), 16, 4, 16)
    assert symbolic[1].shape == (None, 17, 9)


@pytest.mark.parametrize("window", ["hann", "hamming"])
def test_stft_istft_of_one_sample_windows_keep_the_signal(window):
    signal = rng.randn(16).astype("float32")
    real, imag = ops.stft(signal, 1, 1, 1, window=window)
    np.testing.assert_allclose(np.ravel(real)[:16], signal, rtol=1e-6)
    rebuilt = ops.istft((real, imag), 1, 1, 1, window=window)
    np.testing.assert_allclose(np.ravel(rebuilt)[:16], signal, rtol=1e-6)


def test_fft_pair_and_complex_views():
    real = rng.randn(4, 6).astype("float32")
    imag = rng.randn(4, 6).astype("float32")
    out_real, out_imag = ops.fft2((real, imag))
    back_real, back_imag = ops.ifft2((out_real, out_imag))
    np.testing.assert_allclose(back_real, real, atol=1e-5)
    np.testing.assert_allclose(back_imag, imag, atol=1e-5)
    z = ops.view_as_complex(np.stack([real, imag], axis=-1))
    np.testing.assert_allclose(ops.view_as_real(z)[..., 1], imag)
    np.testing.assert_allclose(
        ops.irfft(ops.rfft(real[0]), fft_length=6), real[0], atol=1e-5
    )


@pytest.mark.float16
def test_cdist_euclidean_and_result_dtypes():
    a = rng.randn(2, 4, 3).astype("float32")
    b = rng.randn(2, 5, 3).astype("float32")
    expected = np.sqrt(((a[:, :, None, :] - b[:, None, :, :]) ** 2).sum(-1))
    np.testing.assert_allclose(ops.cdist(a, b), expected, rtol=1e-5)
    # Integers give float32, a float input keeps its width (as upstream).
    ints = ops.cdist(np.ones((2, 3), "int32"), np.zeros((4, 3), "int32"))
    assert ints.dtype == "float32"
    np.testing.assert_allclose(ints, np.full((2, 4), np.sqrt(3.0)), rtol=1e-6)
    half = ops.cdist(np.ones((2, 3), "uint8"), np.zeros((4, 3), "float16"))
    assert half.dtype == "float16"
    with pytest.raises(TypeError):
        ops.cdist(np.ones((2, 3), bool), np.ones((4, 3), bool))
    with pytest.raises(ValueError, match="number of features"):
        ops.cdist(np.ones((2, 3)), np.ones((4, 2)))
    # Its operation class is named as upstream's.
    x = KerasTensor((2, 3), dtype="int8")
    assert math_ops.CDist().symbolic_call(x, x).dtype == "float32"


def test_op_classes_take_static_arguments():
    from keras.src.ops import core
    from keras.src.ops import math as kmath

    op = kmath.TopK(2, sorted=True)
    assert op.k == 2
    values, _ = op(np.array([1.0, 5.0, 3.0]))
    np.testing.assert_allclose(values, [5.0, 3.0])
    restored = kmath.TopK.from_config(op.get_config())
    assert restored.static_arguments == {"k": 2, "sorted": True}
    assert core.Cast("int32")(np.array([1.7])).dtype == "int32"
    with pytest.raises(TypeError, match="unexpected argument"):
        kmath.TopK(q=1)


def test_cholesky_upper_and_not_positive_definite():
    lower = ops.cholesky(SPD)
    upper = ops.cholesky(SPD, upper=True)
    np.testing.assert_allclose(upper, np.asarray(lower).T, atol=1e-6)
    np.testing.assert_allclose(
        np.asarray(upper).T @ np.asarray(upper), SPD, atol=1e-4
    )
    with pytest.raises(ValueError, match="positive definite"):
        ops.cholesky(-SPD)


def test_linalg_symbolic_shapes_are_checked():
    assert ops.cholesky(KerasTensor((None, 4, 4))).shape == (None, 4, 4)
    w, v = ops.eigh(KerasTensor((2, 3, 3)))
    assert (w.shape, v.shape) == ((2, 3), (2, 3, 3))
    q, r = ops.qr(KerasTensor((5, 3)), mode="complete")
    assert (q.shape, r.shape) == ((5, 5), (5, 3))
    assert ops.solve(
        KerasTensor((None, 3, 3)), KerasTensor((None, 3))
    ).shape == (
        None,
        3,
    )
    with pytest.raises(ValueError, match="square"):
        ops.cholesky(KerasTensor((4, 3)))
    with pytest.raises(ValueError, match="fully-defined"):
        ops.cholesky(KerasTensor((None, 3)))
    with pytest.raises(ValueError, match="rows"):
        ops.solve(KerasTensor((3, 3)), KerasTensor((4, 2)))
    with pytest.raises(ValueError, match="mode=full"):
        ops.Qr(mode="full")


def test_cholesky_inverse_pinv_matrix_rank_and_jvp():
    np.testing.assert_allclose(
        ops.cholesky_inverse(ops.cholesky(SPD)), np.linalg.inv(SPD), rtol=1e-4
    )
    upper = ops.cholesky(SPD, upper=True)
    np.testing.assert_allclose(
        ops.cholesky_inverse(upper, upper=True), np.linalg.inv(SPD), rtol=1e-4
    )
    np.testing.assert_allclose(ops.pinv(X), np.linalg.pinv(X), atol=1e-5)
    assert ops.pinv(KerasTensor((None, 3, 4))).shape == (None, 4, 3)
    rank_one = np.outer([1.0, 2.0, 3.0], [1.0, -1.0]).astype("float32")
    assert int(ops.matrix_rank(rank_one)) == 1
    assert int(ops.matrix_rank(X)) == 3
    assert ops.matrix_rank(KerasTensor((5, 3, 4))).shape == (5,)
    value, tangent = ops.jvp(ops.square, (np.float32(3.0),), (np.float32(1.0),))
    assert (float(value), float(tangent)) == (9.0, 6.0)
    value, tangent, aux = ops.jvp(
        lambda x: (ops.exp(x), ops.sum(x)),
        (KerasTensor((None, 4)),),
        (KerasTensor((None, 4)),),
        has_aux=True,
    )
    assert (value.shape, tangent.shape, aux.shape) == ((None, 4), (None, 4), ())


# Expected values below were read from upstream Keras main (3.16 dev) on
# JAX, running the same calls.


def test_gammainc_values_match_scipy_and_upstream():
    import scipy.special

    a = np.array([[1.0, 2.0], [3.0, 4.0]], "float32")
    x = np.array([[0.5, 1.0], [2.0, 5.0]], "float32")
    out = ops.gammainc(a, x)
    np.testing.assert_allclose(
        out, [[0.393469, 0.264241], [0.323324, 0.734974]], atol=1e-6
    )
    np.testing.assert_allclose(out, scipy.special.gammainc(a, x), rtol=1e-5)
    # Broadcasting, and the limits: P(a, 0) = 0, P(a, inf) = 1.
    out = ops.gammainc(2.0, np.array([0.0, 1.0, 2.0, np.inf], "float32"))
    np.testing.assert_allclose(out, [0.0, 0.264241, 0.593994, 1.0], atol=1e-6)
    out = ops.gammainc(
        np.array([[1.0], [2.0]], "float32"), np.array([0.5, 1.0, 3.0])
    )
    np.testing.assert_allclose(
        out,
        [[0.393469, 0.63212, 0.950213], [0.090204, 0.264241, 0.800852]],
        atol=1e-6,
    )
    # Outside the domain (a <= 0 or x < 0, except a = 0 with x > 0).
    edge = ops.gammainc(
        np.array([0.0, -1.0, 1.0, np.nan, 1.0, 0.0], "float32"),
        np.array([1.0, 1.0, -1.0, 1.0, 0.0, 0.0], "float32"),
    )
    np.testing.assert_array_equal(
        np.isnan(edge), [False, True, True, True, False, True]
    )
    np.testing.assert_array_equal(np.asarray(edge)[[0, 4]], [1.0, 0.0])
    with pytest.raises(ValueError, match="broadcast"):
        ops.gammainc(np.ones((2, 3), "float32"), np.ones((4,), "float32"))


@pytest.mark.parametrize(
    "dtype1,dtype2,expected",
    [
        ("float32", "float32", "float32"),
        ("int32", "int32", "float32"),
        ("uint8", "int8", "float32"),
        ("bool", "bool", "float32"),
        ("float16", "float16", "float16"),
        ("float16", "int32", "float16"),
        ("float16", "float32", "float32"),
        ("bfloat16", "bfloat16", "bfloat16"),
    ],
)
def test_gammainc_dtypes(dtype1, dtype2, expected):
    from keras.src.ops import math as kmath

    x1 = ops.ones((2,), dtype=dtype1)
    x2 = ops.ones((2,), dtype=dtype2)
    assert ops.gammainc(x1, x2).dtype == expected
    symbolic = kmath.Gammainc().symbolic_call(
        KerasTensor((2,), dtype1), KerasTensor((2,), dtype2)
    )
    assert symbolic.dtype == expected


def test_gammainc_python_scalars_are_weak_and_shapes_broadcast():
    half = np.array([1.0, 2.0], "float16")
    assert ops.gammainc(half, 1.0).dtype == "float16"
    assert ops.gammainc(np.array([1, 2], "int8"), 1).dtype == "float32"
    assert ops.gammainc(KerasTensor((2,), "float16"), 1.0).dtype == "float16"
    out = ops.gammainc(KerasTensor((None, 2, 3)), KerasTensor((1, 2, 3)))
    assert out.shape == (None, 2, 3)
    assert ops.gammainc(KerasTensor((None,)), KerasTensor((3,))).shape == (3,)
    assert ops.gammainc(KerasTensor((2, 1)), KerasTensor((3,))).shape == (
        2,
        3,
    )
    with pytest.raises(ValueError, match="broadcast"):
        ops.gammainc(KerasTensor((2, 3)), KerasTensor((4,)))
    assert not hasattr(ops.numpy, "gammainc")


def test_top_k_is_stable_and_spec():
    from keras.src.ops import math as kmath

    x = np.array([3, 5, 5, 2, 5, 1], "float32")
    for is_stable in (True, False):
        values, indices = ops.top_k(x, 4, is_stable=is_stable)
        np.testing.assert_array_equal(values, [5, 5, 5, 3])
        np.testing.assert_array_equal(indices, [1, 2, 4, 0])
    values, indices = ops.top_k(np.array([1, np.nan, 3, np.nan], "f4"), 3)
    np.testing.assert_array_equal(indices, [1, 3, 2])
    _, indices = ops.top_k(np.array([0.0, -0.0, 0.0, -0.0], "float32"), 4)
    np.testing.assert_array_equal(indices, [0, 2, 1, 3])
    # Ties in many rows keep their index order.
    ints = np.random.RandomState(0).randint(0, 5, size=(10, 500))
    values, indices = ops.top_k(ints.astype("int32"), 200)
    values, indices = np.asarray(values), np.asarray(indices)
    ties = values[:, :-1] == values[:, 1:]
    assert np.all(~ties | (indices[:, :-1] < indices[:, 1:]))
    values, indices = ops.top_k(
        KerasTensor((None, 2, 6), "int8"), 3, is_stable=False
    )
    assert (values.shape, values.dtype) == ((None, 2, 3), "int8")
    assert (indices.shape, indices.dtype) == ((None, 2, 3), "int32")
    # The symbolic shape follows from `k` alone, as upstream's does.
    assert ops.top_k(KerasTensor((6,)), 7)[0].shape == (7,)
    with pytest.raises(ValueError, match="rank >= 1"):
        ops.top_k(KerasTensor(()), 1)
    op = kmath.TopK(2, False, False)
    assert op.get_config()["is_stable"] is False
    assert kmath.TopK.from_config(op.get_config()).is_stable is False
    values, indices = kmath.TopK(k=2, sorted=True, is_stable=True)(x)
    np.testing.assert_array_equal(indices, [1, 2])


def test_in_top_k_over_several_dimensions():
    targets = np.array([[0, 1], [2, 3]])
    predictions = np.array(
        [
            [[5.0, 1, 2, 3], [5.0, 1, 2, 3]],
            [[0.0, 1, 9, 3], [0.0, 1, 2, 3]],
        ]
    )
    out = ops.in_top_k(targets, predictions, 1)
    np.testing.assert_array_equal(out, [[True, False], [True, True]])
    np.testing.assert_array_equal(
        ops.in_top_k(targets, predictions, 3), [[True, False], [True, True]]
    )
    np.testing.assert_array_equal(
        ops.in_top_k(targets, predictions, 4), [[True, True], [True, True]]
    )
    # One sample: a scalar target and 1-D scores.
    out = ops.in_top_k(np.array(1), np.array([0.1, 0.5, 0.2]), 1)
    assert out.shape == () and bool(out)
    symbolic = ops.in_top_k(
        KerasTensor((None, 3)), KerasTensor((None, 3, 4)), 2
    )
    assert (symbolic.shape, symbolic.dtype) == ((None, 3), "bool")
    assert ops.in_top_k(KerasTensor(()), KerasTensor((3,)), 1).shape == ()


def test_in_top_k_non_finite_out_of_range_and_dtypes():
    # A NaN or -inf target score is never in the top k; +inf elsewhere
    # outranks the target.
    out = ops.in_top_k(
        np.array([1, 0]),
        np.array([[np.nan, 3, 2, 0], [np.nan, 1, 5, 5]]),
        2,
    )
    np.testing.assert_array_equal(out, [True, False])
    out = ops.in_top_k(
        np.array([1, 0]),
        np.array([[np.inf, 3, 2, 0], [-np.inf, 1, 5, 5]]),
        2,
    )
    np.testing.assert_array_equal(out, [True, False])
    # Out of range reads NaN (never in the top k); -1 counts from the end.
    out = ops.in_top_k(
        np.array([7, -1]), np.array([[1, 3, 2, 0], [0, 1, 5, 5]], "f4"), 2
    )
    np.testing.assert_array_equal(out, [False, True])
    ints = np.array([[1, 3, 2, 0], [5, 1, 5, 5]])
    np.testing.assert_array_equal(
        ops.in_top_k(np.array([1, 0]), ints, 1), [True, True]
    )
    np.testing.assert_array_equal(
        ops.in_top_k(np.array([1, 0]), ints.astype("f4"), 0), [False, False]
    )
    with pytest.raises(TypeError, match="integer"):
        ops.in_top_k(np.array([1.0, 0.0]), ints, 1)
    with pytest.raises(ValueError, match="same number of dimensions"):
        ops.in_top_k(np.array([1, 2]), np.ones((2, 3, 4)), 1)


class TestMatrixPower:
    M = np.array([[1.0, 2.0], [3.0, 4.0]], "float32")

    def test_values(self):
        np.testing.assert_allclose(
            ops.matrix_power(self.M, 3), [[37, 54], [81, 118]]
        )
        np.testing.assert_array_equal(ops.matrix_power(self.M, 0), np.eye(2))
        np.testing.assert_array_equal(ops.matrix_power(self.M, 1), self.M)
        np.testing.assert_allclose(
            ops.matrix_power(self.M, -1), [[-2, 1], [1.5, -0.5]], rtol=1e-5
        )
        np.testing.assert_allclose(
            ops.matrix_power(self.M, -2),
            [[5.5, -2.5], [-3.75, 1.75]],
            rtol=1e-5,
        )
        batch = np.random.RandomState(0).rand(4, 3, 3).astype("float32")
        np.testing.assert_allclose(
            ops.linalg.matrix_power(batch, 5),
            np.linalg.matrix_power(batch, 5),
            rtol=1e-5,
        )
        shear = np.array([[1.0, 1.0], [0.0, 1.0]], "float32")
        np.testing.assert_array_equal(
            ops.matrix_power(shear, 100), [[1, 100], [0, 1]]
        )
        assert ops.matrix_power(np.ones((0, 0), "float32"), 2).shape == (0, 0)
        assert ops.linalg.matrix_power is ops.matrix_power

    def test_dtypes(self):
        ints = np.array([[1, 2], [3, 4]])
        out = ops.matrix_power(ints, 3)
        assert out.dtype == "int32"
        np.testing.assert_array_equal(out, [[37, 54], [81, 118]])
        identity = ops.matrix_power(ints, 0)
        assert identity.dtype == "int32"
        np.testing.assert_array_equal(identity, np.eye(2))
        # A negative power inverts, so integers become floatx.
        inverse = ops.matrix_power(np.array([[2, 0], [0, 4]]), -2)
        assert inverse.dtype == "float32"
        np.testing.assert_allclose(inverse, [[0.25, 0], [0, 0.0625]])
        # Integer products wrap around like the dtype does.
        wrapped = ops.matrix_power(np.array([[2, 0], [0, 2]], "int8"), 8)
        assert wrapped.dtype == "int8"
        np.testing.assert_array_equal(wrapped, np.zeros((2, 2)))
        bools = np.array([[True, False], [True, True]])
        assert ops.matrix_power(bools, 2).dtype == "bool"
        np.testing.assert_array_equal(ops.matrix_power(bools, 0), np.eye(2))
        assert ops.matrix_power(self.M.astype("float16"), 2).dtype == "float16"
        assert ops.matrix_power(KerasTensor((3, 3), "int8"), 0).dtype == "int8"
        assert ops.matrix_power(KerasTensor((3, 3), "bool"), 2).dtype == "bool"
        negative = ops.matrix_power(KerasTensor((3, 3), "int32"), -2)
        assert negative.dtype == "float32"

    def test_symbolic_shapes_and_errors(self):
        from keras.src.ops import linalg as klinalg

        x = KerasTensor((None, 20, 20))
        for n in (3, 0, -2):
            assert ops.matrix_power(x, n).shape == (None, 20, 20)
        assert ops.matrix_power(KerasTensor((None, None, None)), 2).shape == (
            None,
            None,
            None,
        )
        for shape in ((None, None, 20), (10, 20, 15)):
            with pytest.raises(ValueError, match="square"):
                ops.matrix_power(KerasTensor(shape), 3)
        with pytest.raises(ValueError, match="rank >= 2"):
            ops.matrix_power(KerasTensor((3,)), 3)
        with pytest.raises(ValueError, match="rank >= 2"):
            ops.matrix_power(np.ones(3, "float32"), 2)
        with pytest.raises(ValueError, match="square"):
            ops.matrix_power(np.ones((2, 3), "float32"), 2)
        for n in (2.0, np.int64(2), np.array(2)):
            with pytest.raises(TypeError, match="integer"):
                ops.matrix_power(self.M, n)
        with pytest.raises(TypeError, match="integer"):
            ops.matrix_power(KerasTensor((3, 3)), 2.5)
        op = klinalg.MatrixPower(3)
        assert op.get_config()["n"] == 3
        np.testing.assert_allclose(op(self.M), [[37, 54], [81, 118]])
