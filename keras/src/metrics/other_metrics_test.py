import numpy as np
import pytest

from keras.src import metrics


def test_r2_score_matches_formula():
    y = np.array([[1.0, 2.0], [2.0, 0.0], [4.0, 1.0]])
    p = np.array([[1.5, 2.0], [2.0, 0.5], [3.0, 1.0]])
    m = metrics.R2Score(class_aggregation=None)
    m.update_state(y[:2], p[:2])
    m.update_state(y[2:], p[2:])
    ss_res = ((y - p) ** 2).sum(0)
    ss_tot = ((y - y.mean(0)) ** 2).sum(0)
    np.testing.assert_allclose(m.result(), 1 - ss_res / ss_tot, rtol=1e-5)
    with pytest.raises(ValueError, match="2D inputs"):
        metrics.R2Score().update_state([1.0, 2.0], [1.0, 2.0])


def test_r2_adjusted_counts_samples_and_needs_enough_of_them():
    y = np.array([[0.0, 0.0, 1.0], [0.0, 1.0, 0.0], [1.0, 0.0, 0.0]])
    p = np.array([[0.4, 0.5, 0.6], [0.1, 0.2, 0.3], [0.5, 0.8, 0.2]])
    plain = metrics.R2Score(class_aggregation=None)
    plain.update_state(y, p)
    r2 = np.asarray(plain.result())
    # n is the number of rows (3), not of label values (9).
    m = metrics.R2Score(class_aggregation=None, num_regressors=1)
    m.update_state(y, p)
    np.testing.assert_allclose(m.result(), 1 - (1 - r2) * 2 / 1, rtol=1e-5)
    # n - p - 1 <= 0: the adjustment is undefined, the plain score is kept.
    for num_regressors in (2, 5):
        m = metrics.R2Score(
            class_aggregation=None, num_regressors=num_regressors
        )
        m.update_state(y, p)
        np.testing.assert_allclose(m.result(), r2, rtol=1e-6)


def test_fbeta_micro_pools_counts():
    y = np.array([[1, 0], [0, 1], [1, 1]])
    p = np.array([[0.9, 0.2], [0.3, 0.2], [0.8, 0.7]])
    m = metrics.FBetaScore(average="micro", threshold=0.5)
    m.update_state(y, p)
    tp, fp, fn = 3.0, 0.0, 1.0
    precision, recall = tp / (tp + fp), tp / (tp + fn)
    np.testing.assert_allclose(
        m.result(), 2 * precision * recall / (precision + recall), rtol=1e-6
    )
    assert "beta" not in metrics.F1Score().get_config()


def test_iou_metrics():
    m = metrics.MeanIoU(num_classes=3, ignore_class=2)
    m.update_state([0, 1, 2, 1], [0, 1, 1, 0])
    # class 0: tp 1, union 2; class 1: tp 1, union 2.
    np.testing.assert_allclose(m.result(), 0.5, rtol=1e-6)
    with pytest.warns(UserWarning, match="casting"):
        metrics.IoU(2, [0]).update_state([0, 1], [0, 1], [0.5, 0.5])
    binary = metrics.BinaryIoU(target_class_ids=[1], threshold=0.5)
    binary.update_state([1, 1, 0], [0.9, 0.1, 0.8])
    np.testing.assert_allclose(binary.result(), 1 / 3, rtol=1e-6)


def test_wrapper_metrics_and_get():
    m = metrics.CosineSimilarity()
    m.update_state([[0.0, 1.0]], [[0.0, 2.0]])
    np.testing.assert_allclose(m.result(), 1.0, rtol=1e-6)
    m = metrics.SparseTopKCategoricalAccuracy(k=1, from_sorted_ids=True)
    m.update_state([2, 1], [[2, 0], [0, 1]])
    np.testing.assert_allclose(m.result(), 0.5)
    assert isinstance(metrics.get("mape"), metrics.MeanAbsolutePercentageError)
    assert isinstance(metrics.get("auc"), metrics.AUC)
    m = metrics.PearsonCorrelation()
    m.update_state([[1.0, 2.0, 3.0]], [[1.0, 3.0, 5.0]])
    np.testing.assert_allclose(m.result(), 1.0, rtol=1e-5)


def test_metric_tracks_variables_in_collections():
    m = metrics.Mean()
    m.extra = {"a": [metrics.Sum(), metrics.Sum()]}
    assert len(m.variables) == 4
