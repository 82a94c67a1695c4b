import warnings

import numpy as np
import pytest

from keras.src import losses

RNG = np.random.RandomState(0)
Y_TRUE = RNG.rand(4, 3).astype("float32")
Y_PRED = RNG.rand(4, 3).astype("float32")
LOGITS = RNG.randn(4, 3).astype("float32") * 2
ONE_HOT = np.eye(3, dtype="float32")[[0, 2, 1, 2]]
LABELS = np.array([0, 2, 1, 2])
SW = np.array([1.0, 0.5, 0.0, 2.0], dtype="float32")
EPS = 1e-7


def _softmax(x):
    e = np.exp(x - x.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True)


def _sigmoid(x):
    return 1 / (1 + np.exp(-x))


def _bce(y, p):
    p = np.clip(p, EPS, 1 - EPS)
    return -(y * np.log(p) + (1 - y) * np.log(1 - p)).mean(-1)


def _cce(y, p):
    p = p / p.sum(-1, keepdims=True)
    return -(y * np.log(np.clip(p, EPS, 1 - EPS))).sum(-1)


def test_mse_mae():
    mse = ((Y_TRUE - Y_PRED) ** 2).mean(-1)
    mae = np.abs(Y_TRUE - Y_PRED).mean(-1)
    np.testing.assert_allclose(
        losses.mean_squared_error(Y_TRUE, Y_PRED), mse, rtol=1e-6
    )
    np.testing.assert_allclose(
        losses.mean_absolute_error(Y_TRUE, Y_PRED), mae, rtol=1e-6
    )
    np.testing.assert_allclose(
        losses.MeanSquaredError()(Y_TRUE, Y_PRED), mse.mean(), rtol=1e-6
    )
    np.testing.assert_allclose(
        losses.MeanAbsoluteError(reduction="sum")(Y_TRUE, Y_PRED),
        mae.sum(),
        rtol=1e-6,
    )
    np.testing.assert_allclose(
        losses.MeanSquaredError()(Y_TRUE, Y_PRED, sample_weight=SW),
        (mse * SW).sum() / 4,
        rtol=1e-6,
    )
    np.testing.assert_allclose(
        losses.MeanSquaredError(reduction=None)(Y_TRUE, Y_PRED),
        mse,
        rtol=1e-6,
    )


def test_binary_crossentropy():
    y = (Y_TRUE > 0.5).astype("float32")
    np.testing.assert_allclose(
        losses.binary_crossentropy(y, Y_PRED), _bce(y, Y_PRED), rtol=1e-5
    )
    np.testing.assert_allclose(
        losses.BinaryCrossentropy()(y, Y_PRED, sample_weight=SW),
        (_bce(y, Y_PRED) * SW).sum() / 4,
        rtol=1e-5,
    )
    # From logits.
    np.testing.assert_allclose(
        losses.BinaryCrossentropy(from_logits=True)(y, LOGITS),
        _bce(y, _sigmoid(LOGITS)).mean(),
        rtol=1e-5,
    )
    # Label smoothing squeezes labels towards 0.5.
    smoothed = y * 0.8 + 0.1
    np.testing.assert_allclose(
        losses.BinaryCrossentropy(label_smoothing=0.2)(y, Y_PRED),
        _bce(smoothed, Y_PRED).mean(),
        rtol=1e-5,
    )
    # Large logits stay finite.
    big = np.array([[100.0, -100.0]], dtype="float32")
    out = losses.binary_crossentropy(
        np.array([[1.0, 0.0]]), big, from_logits=True
    )
    np.testing.assert_allclose(out, [0.0], atol=1e-6)


def test_categorical_crossentropy():
    probs = _softmax(LOGITS)
    np.testing.assert_allclose(
        losses.categorical_crossentropy(ONE_HOT, probs),
        _cce(ONE_HOT, probs),
        rtol=1e-5,
    )
    np.testing.assert_allclose(
        losses.CategoricalCrossentropy(from_logits=True)(ONE_HOT, LOGITS),
        _cce(ONE_HOT, probs).mean(),
        rtol=1e-5,
    )
    smoothed = ONE_HOT * 0.7 + 0.1
    np.testing.assert_allclose(
        losses.CategoricalCrossentropy(label_smoothing=0.3)(
            ONE_HOT, probs, sample_weight=SW
        ),
        (_cce(smoothed, probs) * SW).sum() / 4,
        rtol=1e-5,
    )
    # Unnormalized probabilities are normalized.
    np.testing.assert_allclose(
        losses.categorical_crossentropy(ONE_HOT, probs * 3.0),
        _cce(ONE_HOT, probs),
        rtol=1e-5,
    )


def test_sparse_categorical_crossentropy():
    probs = _softmax(LOGITS)
    expected = _cce(ONE_HOT, probs)
    np.testing.assert_allclose(
        losses.sparse_categorical_crossentropy(LABELS, probs),
        expected,
        rtol=1e-5,
    )
    np.testing.assert_allclose(
        losses.SparseCategoricalCrossentropy(from_logits=True)(
            LABELS[:, None], LOGITS
        ),
        expected.mean(),
        rtol=1e-5,
    )
    np.testing.assert_allclose(
        losses.SparseCategoricalCrossentropy(from_logits=True)(
            LABELS, LOGITS, sample_weight=SW
        ),
        (expected * SW).sum() / 4,
        rtol=1e-5,
    )


def test_sparse_categorical_crossentropy_ignore_class():
    probs = _softmax(LOGITS)
    expected = _cce(ONE_HOT, probs)
    labels = np.array([0, -1, 1, -1])
    values = losses.sparse_categorical_crossentropy(
        labels, probs, ignore_class=-1
    )
    np.testing.assert_allclose(
        values, [expected[0], 0.0, expected[2], 0.0], rtol=1e-5
    )
    # The mean is taken over the non-ignored entries only.
    loss = losses.SparseCategoricalCrossentropy(ignore_class=-1)
    np.testing.assert_allclose(
        loss(labels, probs), (expected[0] + expected[2]) / 2, rtol=1e-5
    )


def test_configs():
    loss = losses.BinaryCrossentropy(
        from_logits=True, label_smoothing=0.1, axis=-1, name="bce"
    )
    config = loss.get_config()
    assert config == {
        "name": "bce",
        "reduction": "sum_over_batch_size",
        "from_logits": True,
        "label_smoothing": 0.1,
        "axis": -1,
    }
    clone = losses.BinaryCrossentropy.from_config(config)
    assert clone.from_logits and clone.label_smoothing == 0.1
    assert (
        losses.SparseCategoricalCrossentropy(ignore_class=3).get_config()[
            "ignore_class"
        ]
        == 3
    )
    assert losses.MeanSquaredError().get_config() == {
        "name": "mean_squared_error",
        "reduction": "sum_over_batch_size",
    }
    assert losses.CategoricalCrossentropy().name == "categorical_crossentropy"


def test_get():
    assert losses.get("mse") is losses.mean_squared_error
    assert losses.get("mae") is losses.mean_absolute_error
    assert losses.get("mean_squared_error") is losses.mean_squared_error
    assert (
        losses.get("categorical_crossentropy")
        is losses.categorical_crossentropy
    )
    assert (
        losses.get("sparse_categorical_crossentropy")
        is losses.sparse_categorical_crossentropy
    )
    assert losses.get("binary_crossentropy") is losses.binary_crossentropy
    assert isinstance(
        losses.get("CategoricalCrossentropy"),
        losses.CategoricalCrossentropy,
    )
    assert losses.get(None) is None
    with pytest.raises(ValueError, match="mean_sqared_error.*Valid names"):
        losses.get("mean_sqared_error")
    loss = losses.BinaryCrossentropy(from_logits=True)
    clone = losses.get(losses.serialize(loss))
    assert isinstance(clone, losses.BinaryCrossentropy) and clone.from_logits
    assert losses.deserialize(losses.serialize(losses.mean_squared_error)) is (
        losses.mean_squared_error
    )


def test_regression_losses_match_numpy():
    err = Y_PRED - Y_TRUE
    np.testing.assert_allclose(
        losses.mean_absolute_percentage_error(Y_TRUE, Y_PRED),
        100 * (np.abs(err) / np.maximum(np.abs(Y_TRUE), EPS)).mean(-1),
        rtol=1e-5,
    )
    np.testing.assert_allclose(
        losses.mean_squared_logarithmic_error(Y_TRUE, Y_PRED),
        ((np.log1p(Y_TRUE) - np.log1p(Y_PRED)) ** 2).mean(-1),
        rtol=1e-5,
    )
    small = np.minimum(np.abs(err), 0.3)
    np.testing.assert_allclose(
        losses.huber(Y_TRUE, Y_PRED, delta=0.3),
        (0.5 * small**2 + 0.3 * (np.abs(err) - small)).mean(-1),
        rtol=1e-5,
    )
    np.testing.assert_allclose(
        losses.log_cosh(Y_TRUE, Y_PRED),
        np.log(np.cosh(err)).mean(-1),
        rtol=1e-4,
        atol=1e-7,
    )
    np.testing.assert_allclose(
        losses.poisson(Y_TRUE, Y_PRED),
        (Y_PRED - Y_TRUE * np.log(Y_PRED + EPS)).mean(-1),
        rtol=1e-5,
    )
    t = np.clip(Y_TRUE, EPS, 1)
    p = np.clip(Y_PRED, EPS, 1)
    np.testing.assert_allclose(
        losses.kl_divergence(Y_TRUE, Y_PRED),
        (t * np.log(t / p)).sum(-1),
        rtol=1e-5,
    )
    unit = lambda x: x / np.linalg.norm(x, axis=-1, keepdims=True)  # noqa
    np.testing.assert_allclose(
        losses.cosine_similarity(Y_TRUE, Y_PRED),
        -(unit(Y_TRUE) * unit(Y_PRED)).sum(-1),
        rtol=1e-5,
    )


def test_hinge_losses_convert_binary_labels():
    y = np.array([[0.0, 1.0], [1.0, 1.0]])
    scores = np.array([[0.3, -0.2], [2.0, 0.5]])
    signed = 2 * y - 1
    margin = np.maximum(1 - signed * scores, 0)
    np.testing.assert_allclose(losses.hinge(y, scores), margin.mean(-1))
    np.testing.assert_allclose(
        losses.squared_hinge(y, scores), (margin**2).mean(-1), rtol=1e-6
    )
    np.testing.assert_allclose(
        losses.categorical_hinge([[0.0, 1.0]], [[0.3, -0.2]]), [1.5]
    )


def test_focal_losses_reduce_to_crossentropy_with_gamma_zero():
    y = (Y_TRUE > 0.5).astype("float32")
    np.testing.assert_allclose(
        losses.binary_focal_crossentropy(y, Y_PRED, gamma=0.0),
        _bce(y, Y_PRED),
        rtol=1e-5,
    )
    np.testing.assert_allclose(
        losses.categorical_focal_crossentropy(
            ONE_HOT, _softmax(LOGITS), alpha=1.0, gamma=0.0
        ),
        _cce(ONE_HOT, _softmax(LOGITS)),
        rtol=1e-5,
    )
    # Confident right answers weigh less than under plain cross-entropy.
    focal = losses.binary_focal_crossentropy([[1.0]], [[0.9]], gamma=2.0)
    np.testing.assert_allclose(focal, [0.01 * -np.log(0.9)], rtol=1e-5)
    balanced = losses.BinaryFocalCrossentropy(
        apply_class_balancing=True, alpha=0.25, gamma=0.0, reduction=None
    )([[1.0, 0.0]], [[0.9, 0.9]])
    np.testing.assert_allclose(
        balanced, [(0.25 * -np.log(0.9) + 0.75 * -np.log(0.1)) / 2], rtol=1e-5
    )


def test_overlap_losses():
    y = np.array([[1.0, 0.0, 1.0, 1.0]])
    p = np.array([[0.5, 0.5, 1.0, 0.0]])
    tp, fn, fp = 1.5, 1.5, 0.5
    np.testing.assert_allclose(
        losses.dice(y, p), 1 - 2 * tp / (y.sum() + p.sum()), rtol=1e-6
    )
    np.testing.assert_allclose(
        losses.tversky(y, p, alpha=0.7, beta=0.3),
        1 - tp / (tp + 0.7 * fp + 0.3 * fn),
        rtol=1e-6,
    )
    per_row = losses.Dice(axis=1, reduction=None)(np.concatenate([y, y]), p)
    assert per_row.shape == (2,)


def test_generalized_crossentropy():
    probs = np.array([[0.2, 0.8], [0.6, 0.4]])
    np.testing.assert_allclose(
        losses.categorical_generalized_cross_entropy([1, 1], probs, q=0.5),
        (1 - np.sqrt([0.8, 0.4])) / 0.5,
        rtol=1e-6,
    )
    with pytest.raises(ValueError, match="q"):
        losses.CategoricalGeneralizedCrossEntropy(q=0.0)


def _ctc_brute_force(log_probs, labels):
    import itertools

    total = -np.inf
    steps, classes = log_probs.shape
    for path in itertools.product(range(classes), repeat=steps):
        collapsed, previous = [], None
        for c in path:
            if c != previous and c != 0:
                collapsed.append(c)
            previous = c
        if collapsed == labels:
            score = sum(log_probs[t, c] for t, c in enumerate(path))
            total = np.logaddexp(total, score)
    return -total


def test_ctc_matches_enumeration_of_alignments():
    logits = RNG.randn(2, 4, 3).astype("float32")
    labels = np.array([[1, 2, 0], [2, 2, 0]])
    log_probs = logits - np.log(np.exp(logits).sum(-1, keepdims=True))
    expected = [
        _ctc_brute_force(log_probs[0], [1, 2]),
        _ctc_brute_force(log_probs[1], [2, 2]),
    ]
    np.testing.assert_allclose(losses.ctc(labels, logits), expected, rtol=1e-4)


def test_circle_ignores_anchors_without_positives():
    emb = RNG.randn(4, 3).astype("float32")
    labels = np.array([0, 0, 1, 2])
    per_anchor = losses.Circle(reduction=None)(labels, emb)
    assert float(per_anchor[2]) == 0.0 and float(per_anchor[3]) == 0.0
    mean = losses.Circle()(labels, emb)
    np.testing.assert_allclose(mean, np.sum(per_anchor) / 2, rtol=1e-5)


def test_reduction_error_and_mask_attribute():
    with pytest.raises(ValueError, match="Invalid value for argument"):
        losses.MeanSquaredError(reduction="bogus")
    import jax.numpy as jnp

    y_pred = jnp.array([[0.0], [5.0], [1.0]])
    y_pred._keras_mask = jnp.array([True, False, True])
    y_true = jnp.array([[1.0], [0.0], [1.0]])
    loss = losses.MeanSquaredError()(y_true, y_pred)
    # The masked-out entry counts neither in the sum nor in the average.
    np.testing.assert_allclose(loss, 0.5, rtol=1e-6)


def test_configs_keep_axis_and_delta():
    cosine = losses.CosineSimilarity(axis=2, reduction="sum", name="c")
    assert cosine.get_config() == {"name": "c", "reduction": "sum", "axis": 2}
    assert losses.CosineSimilarity.from_config(cosine.get_config()).axis == 2
    huber = losses.Huber(delta=2.0, name="h")
    assert huber.get_config()["delta"] == 2.0
    assert losses.Huber.from_config(huber.get_config()).delta == 2.0


@pytest.mark.parametrize(
    "fn",
    [losses.categorical_crossentropy, losses.categorical_focal_crossentropy],
)
def test_single_class_axis_warns(fn):
    with pytest.warns(SyntaxWarning, match="num_classes > 1"):
        fn(np.ones((2, 1, 4)), np.ones((2, 1, 4)), axis=1)
    with warnings.catch_warnings():
        warnings.simplefilter("error", SyntaxWarning)
        fn(np.ones((2, 4, 1)), np.ones((2, 4, 1)), axis=1)


def test_new_losses_roundtrip_through_get():
    for name in ("Huber", "Dice", "CTC", "Circle", "Tversky", "Poisson"):
        obj = losses.get(name)
        config = losses.serialize(obj)
        assert type(losses.deserialize(config)) is type(obj)
    assert losses.get("kld") is losses.kl_divergence
    assert losses.get("msle") is losses.mean_squared_logarithmic_error
