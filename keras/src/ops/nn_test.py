"""Tests of the neural-network ops against NumPy references."""

import math

import jax
import numpy as np
import pytest

from keras.src import backend
from keras.src import ops
from keras.src.backend.common.keras_tensor import KerasTensor

rng = np.random.RandomState(1)
X = (rng.randn(3, 5) * 3).astype("float32")

_erf = np.vectorize(math.erf)


def _sigmoid(x):
    return 1 / (1 + np.exp(-x))


def _softmax(x, axis=-1):
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


def _selu(x):
    alpha, scale = 1.6732632423543772, 1.0507009873554805
    return scale * np.where(x > 0, x, alpha * (np.exp(x) - 1))


ACTIVATIONS = [
    ("relu", {}, lambda x: np.maximum(x, 0)),
    ("relu6", {}, lambda x: np.clip(x, 0, 6)),
    ("sigmoid", {}, _sigmoid),
    ("sparse_sigmoid", {}, lambda x: np.clip(0.5 * (x + 1), 0, 1)),
    ("softplus", {}, lambda x: np.log1p(np.exp(x))),
    ("softsign", {}, lambda x: x / (np.abs(x) + 1)),
    (
        "soft_shrink",
        {"threshold": 1.0},
        lambda x: np.where(x > 1, x - 1, np.where(x < -1, x + 1, 0)),
    ),
    ("hard_shrink", {}, lambda x: np.where(np.abs(x) > 0.5, x, 0)),
    ("tanh_shrink", {}, lambda x: x - np.tanh(x)),
    ("hard_tanh", {}, lambda x: np.clip(x, -1, 1)),
    ("silu", {}, lambda x: x * _sigmoid(x)),
    ("swish", {}, lambda x: x * _sigmoid(x)),
    ("squareplus", {}, lambda x: (x + np.sqrt(x**2 + 4)) / 2),
    (
        "sparse_plus",
        {},
        lambda x: np.where(x <= -1, 0, np.where(x < 1, (x + 1) ** 2 / 4, x)),
    ),
    ("log_sigmoid", {}, lambda x: -np.log1p(np.exp(-x))),
    ("leaky_relu", {}, lambda x: np.where(x >= 0, x, 0.2 * x)),
    (
        "leaky_relu",
        {"negative_slope": 0.5},
        lambda x: np.where(x >= 0, x, 0.5 * x),
    ),
    ("hard_sigmoid", {}, lambda x: np.clip(x / 6 + 0.5, 0, 1)),
    ("hard_silu", {}, lambda x: x * np.clip(x / 6 + 0.5, 0, 1)),
    ("hard_swish", {}, lambda x: x * np.clip(x / 6 + 0.5, 0, 1)),
    ("elu", {}, lambda x: np.where(x > 0, x, np.exp(x) - 1)),
    ("elu", {"alpha": 0.5}, lambda x: np.where(x > 0, x, 0.5 * np.expm1(x))),
    ("selu", {}, _selu),
    (
        "celu",
        {"alpha": 2.0},
        lambda x: np.maximum(x, 0) + 2 * np.minimum(0, np.exp(x / 2) - 1),
    ),
    (
        "gelu",
        {},
        lambda x: (
            0.5 * x * (1 + np.tanh(np.sqrt(2 / np.pi) * (x + 0.044715 * x**3)))
        ),
    ),
    (
        "gelu",
        {"approximate": False},
        lambda x: 0.5 * x * (1 + _erf(x / np.sqrt(2))),
    ),
    ("softmax", {}, _softmax),
    ("softmax", {"axis": 0}, lambda x: _softmax(x, axis=0)),
    ("log_softmax", {}, lambda x: np.log(_softmax(x))),
    ("log_softmax", {"axis": 0}, lambda x: np.log(_softmax(x, axis=0))),
]


@pytest.mark.parametrize(
    "name,kwargs,reference",
    ACTIVATIONS,
    ids=[f"{a[0]}-{i}" for i, a in enumerate(ACTIVATIONS)],
)
def test_activation(name, kwargs, reference):
    fn = getattr(ops, name)
    assert getattr(ops.nn, name) is fn
    out = fn(X, **kwargs)
    np.testing.assert_allclose(out, reference(X), rtol=1e-5, atol=1e-5)
    assert out.dtype == "float32"
    sym = fn(KerasTensor((None, 5)), **kwargs)
    assert sym.shape == (None, 5)


def test_activation_int_inputs_give_floatx():
    assert ops.relu(np.array([1, -1], "int32")).dtype == "float32"
    assert ops.sigmoid(np.array([0], "int32")).dtype == "float32"


@pytest.mark.float16
def test_activation_keeps_half_precision():
    assert ops.gelu(X.astype("float16")).dtype == "float16"
    assert ops.softmax(X.astype("bfloat16")).dtype == "bfloat16"


def test_glu_and_sparsemax():
    a, b = np.split(X[:, :4], 2, axis=-1)
    np.testing.assert_allclose(
        ops.glu(X[:, :4]), a * _sigmoid(b), rtol=1e-5, atol=1e-6
    )
    out = np.asarray(ops.sparsemax(X))
    np.testing.assert_allclose(out.sum(-1), 1.0, rtol=1e-5)
    assert (out >= 0).all()
    np.testing.assert_allclose(ops.sparsemax(np.array([0.0, 10.0])), [0.0, 1.0])


def test_glu_rejects_an_axis_out_of_range():
    for x in (KerasTensor((None, 2, 4)), np.ones((2, 4), "float32")):
        with pytest.raises(ValueError, match="axis 5 is out of bounds"):
            ops.glu(x, axis=5)


def test_one_hot():
    x = np.array([[0, 2], [1, 5]])
    out = ops.one_hot(x, 3)
    # Out-of-range indices give all-zero vectors.
    ref = np.concatenate([np.eye(3), np.zeros((3, 3))])[x]
    np.testing.assert_array_equal(out, ref)
    assert out.dtype == "float32"
    assert ops.one_hot(x, 3, dtype="int32").dtype == "int32"
    out = ops.one_hot(np.array([0, 1]), 3, axis=0)
    np.testing.assert_array_equal(out, np.eye(3)[:, :2])
    sym = ops.one_hot(KerasTensor((None, 4), dtype="int32"), 7)
    assert sym.shape == (None, 4, 7)


def test_multi_hot():
    out = ops.multi_hot(np.array([[0, 2], [1, 1]]), 4)
    np.testing.assert_array_equal(out, [[1, 0, 1, 0], [0, 1, 0, 0]])
    out = ops.multi_hot(np.array([0, 3]), num_classes=4)
    np.testing.assert_array_equal(out, [1, 0, 0, 1])


def test_normalize():
    out = ops.normalize(X)
    np.testing.assert_allclose(
        out, X / np.linalg.norm(X, axis=-1, keepdims=True), rtol=1e-5
    )
    out = ops.normalize(X, axis=0, order=1)
    np.testing.assert_allclose(
        out, X / np.abs(X).sum(0, keepdims=True), rtol=1e-5
    )


def test_normalize_l2_of_zero_vector_has_finite_gradient():
    import jax

    def total(x):
        return ops.sum(ops.normalize(x, order=2, epsilon=1e-3))

    # At a zero vector the norm is clamped to epsilon: the slope is 1 / eps.
    grad = jax.grad(total)(np.zeros(3, "float32"))
    np.testing.assert_allclose(grad, np.full(3, 1e3), rtol=1e-5)
    # Half precision keeps the zero vector at zero (no NaN from eps ** 2).
    out = ops.normalize(np.zeros(3, "float16"))
    assert out.dtype == "float16"
    np.testing.assert_array_equal(out, np.zeros(3))


def test_binary_crossentropy():
    t = np.array([[1.0, 0.0], [0.0, 1.0]])
    p = np.array([[0.9, 0.2], [0.3, 0.6]], "float32")
    ref = -(t * np.log(p) + (1 - t) * np.log(1 - p))
    np.testing.assert_allclose(ops.binary_crossentropy(t, p), ref, rtol=1e-5)
    logits = np.log(p / (1 - p))
    np.testing.assert_allclose(
        ops.binary_crossentropy(t, logits, from_logits=True), ref, rtol=1e-5
    )
    # Clipping keeps it finite.
    out = ops.binary_crossentropy(np.array([1.0]), np.array([0.0]))
    assert np.isfinite(np.asarray(out)).all()
    with pytest.raises(ValueError):
        ops.binary_crossentropy(np.ones((2, 3)), np.ones((2, 2)))


def test_categorical_crossentropy():
    t = np.eye(5)[[0, 3, 4]].astype("float32")
    probs = _softmax(X)
    ref = -np.sum(t * np.log(probs), -1)
    np.testing.assert_allclose(
        ops.categorical_crossentropy(t, probs), ref, rtol=1e-5
    )
    np.testing.assert_allclose(
        ops.categorical_crossentropy(t, X, from_logits=True), ref, rtol=1e-5
    )
    # Unnormalized probabilities are normalized.
    np.testing.assert_allclose(
        ops.categorical_crossentropy(t, probs * 3), ref, rtol=1e-5
    )
    # Class axis 0.
    np.testing.assert_allclose(
        ops.categorical_crossentropy(t.T, X.T, from_logits=True, axis=0),
        ref,
        rtol=1e-5,
    )
    sym = ops.categorical_crossentropy(
        KerasTensor((None, 5)), KerasTensor((None, 5))
    )
    assert sym.shape == (None,)


def test_sparse_categorical_crossentropy():
    labels = np.array([0, 3, 4])
    probs = _softmax(X)
    ref = -np.log(probs[np.arange(3), labels])
    np.testing.assert_allclose(
        ops.sparse_categorical_crossentropy(labels, probs), ref, rtol=1e-5
    )
    np.testing.assert_allclose(
        ops.sparse_categorical_crossentropy(labels, X, from_logits=True),
        ref,
        rtol=1e-5,
    )
    np.testing.assert_allclose(
        ops.sparse_categorical_crossentropy(
            labels[:, None], X, from_logits=True
        ),
        ref,
        rtol=1e-5,
    )
    sym = ops.sparse_categorical_crossentropy(
        KerasTensor((None, 7), dtype="int32"), KerasTensor((None, 7, 11))
    )
    assert sym.shape == (None, 7)


@pytest.mark.parametrize("from_logits", [True, False])
def test_sparse_categorical_crossentropy_targets_outside_the_classes(
    from_logits,
):
    # As upstream Keras: a target below 0 or past the last class matches
    # no class, so its loss and its gradient are zero; the other rows keep
    # the exact value of the picked class, on any class axis.
    import jax

    probs = _softmax(X)
    output = X if from_logits else probs
    labels = np.array([-1, 3, 5])
    loss = ops.convert_to_numpy(
        ops.sparse_categorical_crossentropy(
            labels, output, from_logits=from_logits
        )
    )
    assert loss[0] == 0 and loss[2] == 0
    np.testing.assert_allclose(loss[1], -np.log(probs[1, 3]), rtol=1e-5)

    grad = jax.grad(
        lambda o: ops.sparse_categorical_crossentropy(
            labels, o, from_logits=from_logits
        ).sum()
    )(output)
    assert np.all(np.asarray(grad)[[0, 2]] == 0)
    assert np.all(np.isfinite(np.asarray(grad)))

    # Class axis first: the same losses.
    np.testing.assert_array_equal(
        ops.convert_to_numpy(
            ops.sparse_categorical_crossentropy(
                labels, output.T, from_logits=from_logits, axis=0
            )
        ),
        loss,
    )


@pytest.mark.float16
def test_moments():
    x = rng.randn(4, 3, 2).astype("float32")
    mean, var = ops.moments(x, axes=[0, 2])
    np.testing.assert_allclose(mean, x.mean((0, 2)), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(var, x.var((0, 2)), rtol=1e-5, atol=1e-6)
    mean, var = ops.moments(x, axes=[1], keepdims=True)
    assert mean.shape == (4, 1, 2) and var.shape == (4, 1, 2)
    mean, var = ops.moments(x.astype("float16"), axes=[0])
    assert mean.dtype == "float16"
    # Large values in float16 don't overflow.
    big = np.full((100,), 1000.0, "float16")
    _, var = ops.moments(big, axes=[0])
    assert np.isfinite(float(var))
    sm, sv = ops.moments(KerasTensor((None, 3, 4)), axes=[0, 1])
    assert sm.shape == (4,) and sv.shape == (4,)


def test_batch_normalization():
    x = rng.randn(4, 3).astype("float32")
    mean, var = x.mean(0), x.var(0)
    scale, offset = np.array([1.0, 2.0, 3.0]), np.array([0.0, 1.0, -1.0])
    out = ops.batch_normalization(
        x, mean, var, axis=-1, offset=offset, scale=scale, epsilon=1e-3
    )
    ref = (x - mean) / np.sqrt(var + 1e-3) * scale + offset
    np.testing.assert_allclose(out, ref, rtol=1e-5, atol=1e-5)


def _attention_reference(
    q, k, v, bias=None, mask=None, scale=None, causal=False
):
    n, kv = q.shape[2], k.shape[2]
    k = np.repeat(k, n // kv, axis=2)
    v = np.repeat(v, n // kv, axis=2)
    scale = 1 / np.sqrt(q.shape[-1]) if scale is None else scale
    logits = np.einsum("btnh,bsnh->bnts", q, k) * scale
    if bias is not None:
        logits = logits + bias
    if mask is not None:
        logits = np.where(mask, logits, -1e30)
    if causal:
        t, s = logits.shape[-2:]
        logits = np.where(np.tril(np.ones((t, s), bool)), logits, -1e30)
    return np.einsum("bnts,bsnh->btnh", _softmax(logits), v)


class TestDotProductAttention:
    q = rng.randn(2, 4, 4, 8).astype("float32")
    k = rng.randn(2, 6, 4, 8).astype("float32")
    v = rng.randn(2, 6, 4, 8).astype("float32")

    def test_basic(self):
        out = ops.dot_product_attention(self.q, self.k, self.v)
        ref = _attention_reference(self.q, self.k, self.v)
        np.testing.assert_allclose(out, ref, rtol=1e-4, atol=1e-5)
        assert out.shape == self.q.shape

    def test_bias_mask_scale(self):
        bias = rng.randn(1, 4, 4, 6).astype("float32")
        mask = rng.rand(2, 1, 4, 6) > 0.3
        mask[..., 0] = True
        out = ops.dot_product_attention(
            self.q, self.k, self.v, bias=bias, mask=mask, scale=0.5
        )
        ref = _attention_reference(
            self.q, self.k, self.v, bias=bias, mask=mask, scale=0.5
        )
        np.testing.assert_allclose(out, ref, rtol=1e-4, atol=1e-5)

    def test_causal(self):
        q = self.k[:, :6]
        out = ops.dot_product_attention(q, self.k, self.v, is_causal=True)
        ref = _attention_reference(q, self.k, self.v, causal=True)
        np.testing.assert_allclose(out, ref, rtol=1e-4, atol=1e-5)

    def test_grouped_query(self):
        k, v = self.k[:, :, :2], self.v[:, :, :2]
        out = ops.dot_product_attention(self.q, k, v)
        ref = _attention_reference(self.q, k, v)
        np.testing.assert_allclose(out, ref, rtol=1e-4, atol=1e-5)

    def test_masks_read_per_sample(self):
        # (B, S) masks a sample's keys and (B, T, S) its query-key pattern,
        # for every head; a (T, S) mask broadcasts from the right as usual.
        keys = np.array([[1, 1, 0, 1, 0, 1], [1, 0, 1, 1, 1, 0]], bool)
        pattern = rng.rand(2, 4, 6) > 0.4
        pattern[..., 0] = True
        for mask, full in (
            (keys, keys[:, None, None, :]),
            (pattern, pattern[:, None]),
            (pattern[:, :1], pattern[:, None, :1]),
            (pattern[0], pattern[0]),
        ):
            out = ops.dot_product_attention(self.q, self.k, self.v, mask=mask)
            ref = _attention_reference(self.q, self.k, self.v, mask=full)
            np.testing.assert_allclose(out, ref, rtol=1e-4, atol=1e-5)
        with pytest.raises(ValueError, match=r"mask.shape=\(3, 6\)"):
            ops.dot_product_attention(
                self.q, self.k, self.v, mask=np.ones((3, 6), bool)
            )

    def test_symbolic(self):
        out = ops.dot_product_attention(
            KerasTensor((None, 5, 4, 8)),
            KerasTensor((None, 7, 2, 8)),
            KerasTensor((None, 7, 2, 8)),
        )
        assert out.shape == (None, 5, 4, 8)


@pytest.mark.float16
def test_rms_and_layer_normalization():
    x = rng.randn(3, 4).astype("float32")
    scale = np.linspace(0.5, 2.0, 4).astype("float32")
    rms = x / np.sqrt((x**2).mean(-1, keepdims=True) + 1e-7) * scale
    np.testing.assert_allclose(
        ops.rms_normalization(x, scale), rms, rtol=1e-5, atol=1e-6
    )
    centered = (x - x.mean(-1, keepdims=True)) / np.sqrt(
        x.var(-1, keepdims=True) + 1e-7
    )
    np.testing.assert_allclose(
        ops.layer_normalization(x, scale, 1.0),
        centered * scale + 1.0,
        rtol=1e-5,
        atol=1e-5,
    )
    half = ops.layer_normalization(x.astype("float16"))
    assert half.dtype == "float16"


def test_ctc_loss_matches_enumerated_paths():
    # Two steps, label [1]: the alignments are (1,1), (0,1) and (1,0).
    logits = rng.randn(1, 2, 3).astype("float32")
    p = _softmax(logits[0])
    likelihood = p[0, 1] * p[1, 1] + p[0, 0] * p[1, 1] + p[0, 1] * p[1, 0]
    loss = ops.ctc_loss(np.array([[1]]), logits, np.array([1]), np.array([2]))
    np.testing.assert_allclose(loss, [-np.log(likelihood)], rtol=1e-5)


def test_ctc_decode_greedy_and_sparse_one_hot():
    scores = np.array([[[0.1, 0.9, 0.0], [0.2, 0.7, 0.1], [0.9, 0.1, 0.0]]])
    (decoded,), best = ops.ctc_decode(scores, np.array([3]))
    np.testing.assert_array_equal(decoded, [[1, -1, -1]])
    np.testing.assert_allclose(best, [[-2.5]])
    paths, log_probs = ops.ctc_decode(
        scores, np.array([3]), strategy="beam_search", top_paths=2
    )
    assert paths.shape == (2, 1, 3) and log_probs.shape == (1, 2)
    np.testing.assert_array_equal(paths[0], [[1, -1, -1]])
    assert float(log_probs[0, 0]) >= float(log_probs[0, 1])
    sparse = ops.one_hot(np.array([0, 2]), 3, sparse=True)
    np.testing.assert_allclose(sparse.todense(), np.eye(3)[[0, 2]])
    assert ops.one_hot(KerasTensor((None,), "int32"), 3, sparse=True).sparse


def test_threshold_psnr_polar():
    np.testing.assert_allclose(
        ops.threshold(np.array([-1.0, 2.0]), 0.0, 9.0), [9.0, 2.0]
    )
    np.testing.assert_allclose(
        ops.psnr(np.zeros(4), np.full(4, 0.1), 1.0), 20.0, rtol=1e-5
    )
    np.testing.assert_allclose(
        ops.polar(np.array([2.0]), np.array([np.pi / 2])), [2j], atol=1e-6
    )


_FLOAT64_ACTIVATIONS = (
    "relu relu6 sigmoid sparse_sigmoid softplus softsign soft_shrink "
    "sparse_plus silu swish log_sigmoid leaky_relu hard_sigmoid hard_silu "
    "hard_swish hard_tanh elu selu gelu celu tanh_shrink hard_shrink "
    "squareplus softmax log_softmax sparsemax"
).split()


@pytest.mark.parametrize("name", _FLOAT64_ACTIVATIONS)
def test_activation_symbolic_float64_keeps_width(name):
    # As upstream Keras: a float64 KerasTensor gives a float64 result.
    fn = getattr(ops, name)
    assert fn(KerasTensor((2, 3), dtype="float64")).dtype == "float64"
    # Other dtypes: the symbolic dtype is the eager one.
    for dtype in ("int32", "int64", "float16", "float32"):
        x = np.array([[-1, 0, 2], [3, -4, 5]]).astype(dtype)
        symbolic = fn(KerasTensor(x.shape, dtype=dtype))
        eager = fn(x)
        if dtype != "int64":
            assert symbolic.dtype == backend.standardize_dtype(eager.dtype)
        else:
            # JAX narrows int64 arrays; the symbolic float result is
            # float32 as upstream's eager result.
            assert symbolic.dtype == "float32"
        assert symbolic.shape == eager.shape


def test_dot_product_attention_mask_with_a_symbolic_batch():
    # Exported with a polymorphic batch, the mask's and the logits' batch
    # dimensions are the same symbol: the mask broadcasts as it is.
    from jax import export

    def attend(q, mask):
        return ops.dot_product_attention(q, q, q, mask=mask)

    batch = export.symbolic_shape("batch, 4, 2, 8")
    exported = export.export(jax.jit(attend))(
        jax.ShapeDtypeStruct(batch, "float32"),
        jax.ShapeDtypeStruct((batch[0], 1, 4, 4), "bool"),
    )
    q = rng.randn(3, 4, 2, 8).astype("float32")
    mask = np.tril(np.ones((4, 4), bool))[None, None].repeat(3, 0)
    np.testing.assert_allclose(
        exported.call(q, mask),
        _attention_reference(q, q, q, mask=mask),
        rtol=1e-4,
        atol=1e-5,
    )
