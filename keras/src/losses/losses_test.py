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
