import numpy as np
import pytest

from keras.src import metrics


def _counts(y_true, y_pred, threshold, weights=None):
    weights = np.ones_like(y_pred) if weights is None else weights
    pos = y_pred > threshold
    return (
        float((weights * (pos & (y_true == 1))).sum()),
        float((weights * (pos & (y_true == 0))).sum()),
        float((weights * (~pos & (y_true == 0))).sum()),
        float((weights * (~pos & (y_true == 1))).sum()),
    )


RNG = np.random.RandomState(3)
Y_TRUE = RNG.randint(0, 2, size=(20, 3))
Y_PRED = RNG.rand(20, 3).astype("float32")
WEIGHTS = RNG.rand(20, 3).astype("float32")


@pytest.mark.parametrize("threshold", [0.2, 0.5, 0.9])
def test_condition_counts_match_numpy(threshold):
    tp, fp, tn, fn = _counts(Y_TRUE, Y_PRED, threshold, WEIGHTS)
    for cls, expected in (
        (metrics.TruePositives, tp),
        (metrics.FalsePositives, fp),
        (metrics.TrueNegatives, tn),
        (metrics.FalseNegatives, fn),
    ):
        m = cls(thresholds=threshold)
        m.update_state(Y_TRUE, Y_PRED, sample_weight=WEIGHTS)
        np.testing.assert_allclose(m.result(), expected, rtol=1e-5)


def test_unsorted_threshold_list_keeps_order():
    m = metrics.FalsePositives(thresholds=[0.9, 0.1, 0.5])
    m.update_state(Y_TRUE, Y_PRED)
    expected = [_counts(Y_TRUE, Y_PRED, t)[1] for t in (0.9, 0.1, 0.5)]
    np.testing.assert_allclose(m.result(), expected)


def test_precision_recall_and_top_k():
    p = metrics.Precision()
    r = metrics.Recall()
    p.update_state(Y_TRUE, Y_PRED)
    r.update_state(Y_TRUE, Y_PRED)
    tp, fp, _, fn = _counts(Y_TRUE, Y_PRED, 0.5)
    np.testing.assert_allclose(p.result(), tp / (tp + fp), rtol=1e-6)
    np.testing.assert_allclose(r.result(), tp / (tp + fn), rtol=1e-6)
    top1 = metrics.Precision(top_k=1)
    top1.update_state([[0, 1, 0], [1, 0, 0]], [[0.1, 0.8, 0.7], [0.2, 0.9, 0]])
    assert float(top1.result()) == 0.5
    with pytest.raises(ValueError, match="must be in"):
        metrics.Precision(thresholds=[1.5])


def test_auc_roc_of_separable_and_random_scores():
    auc = metrics.AUC()
    auc.update_state([0, 0, 1, 1], [0.1, 0.2, 0.8, 0.9])
    np.testing.assert_allclose(auc.result(), 1.0, atol=1e-6)
    # Against the rank statistic on random scores (many thresholds).
    y = RNG.randint(0, 2, size=500)
    s = RNG.rand(500)
    auc = metrics.AUC(num_thresholds=2000)
    auc.update_state(y, s)
    pos, neg = s[y == 1], s[y == 0]
    expected = (pos[:, None] > neg[None, :]).mean()
    np.testing.assert_allclose(auc.result(), expected, atol=2e-3)


def test_auc_multi_label_builds_lazily_and_resets():
    auc = metrics.AUC(multi_label=True, num_thresholds=5)
    assert auc.variables == []
    auc.update_state(Y_TRUE, Y_PRED)
    assert tuple(auc.true_positives.shape) == (5, 3)
    auc.reset_state()
    np.testing.assert_allclose(auc.true_positives, np.zeros((5, 3)))
    config = auc.get_config()
    assert "thresholds" not in config
    assert metrics.AUC.from_config(config).num_labels == 3


def test_rate_at_rate_metrics():
    y = [0, 0, 0, 1, 1]
    s = [0.0, 0.3, 0.8, 0.3, 0.9]
    m = metrics.SensitivityAtSpecificity(0.5)
    m.update_state(y, s)
    np.testing.assert_allclose(m.result(), 0.5)
    m = metrics.PrecisionAtRecall(0.5)
    m.update_state(y, s)
    np.testing.assert_allclose(m.result(), 1.0)
    m = metrics.RecallAtPrecision(1.0)
    m.update_state(y, s)
    np.testing.assert_allclose(m.result(), 0.5)
    with pytest.raises(ValueError, match="num_thresholds"):
        metrics.PrecisionAtRecall(0.5, num_thresholds=0)
