import numpy as np
import pytest

from keras.src import metrics as metrics_module
from keras.src.trainers.compile_utils import CompileLoss
from keras.src.trainers.compile_utils import CompileMetrics


def _accuracy_class(y_true, y_pred, loss=None):
    compile_metrics = CompileMetrics(["accuracy"], None, loss=loss)
    compile_metrics.build(y_true, y_pred)
    (metric,) = compile_metrics.metrics
    assert metric.name == "accuracy"
    return type(metric)


def test_accuracy_resolution():
    probs = np.zeros((4, 3), "float32")
    assert (
        _accuracy_class(np.zeros((4,)), probs)
        is metrics_module.SparseCategoricalAccuracy
    )
    assert (
        _accuracy_class(np.zeros((4, 1)), probs)
        is metrics_module.SparseCategoricalAccuracy
    )
    assert (
        _accuracy_class(np.zeros((4, 3)), probs)
        is metrics_module.CategoricalAccuracy
    )
    assert (
        _accuracy_class(np.zeros((4, 1)), np.zeros((4, 1)))
        is metrics_module.BinaryAccuracy
    )
    assert (
        _accuracy_class(np.zeros((4, 3)), probs, loss="binary_crossentropy")
        is metrics_module.BinaryAccuracy
    )
    assert (
        _accuracy_class(
            np.zeros((4, 3)), probs, loss="sparse_categorical_crossentropy"
        )
        is metrics_module.SparseCategoricalAccuracy
    )


def test_compile_metrics_values_and_weighting():
    y_true = np.array([0, 1, 1, 0])
    y_pred = np.array([[0.9, 0.1], [0.2, 0.8], [0.7, 0.3], [0.4, 0.6]])
    sample_weight = np.array([1.0, 1.0, 0.0, 0.0])
    compile_metrics = CompileMetrics(["acc"], ["acc"])
    compile_metrics.update_state(y_true, y_pred, sample_weight)
    result = {k: float(v) for k, v in compile_metrics.result().items()}
    assert result == {"acc": 0.5, "weighted_acc": 1.0}
    compile_metrics.reset_state()
    assert float(compile_metrics.result()["acc"]) == 0.0


def test_compile_metrics_multi_output_names():
    y_pred = [np.zeros((2, 1)), np.zeros((2, 1))]
    compile_metrics = CompileMetrics(
        ["mae"], None, output_names=["first", "second"]
    )
    compile_metrics.build([np.zeros((2, 1))] * 2, y_pred)
    assert [m.name for m in compile_metrics.metrics] == [
        "first_mae",
        "second_mae",
    ]
    compile_metrics = CompileMetrics(
        {"second": ["mse"]}, None, output_names=["first", "second"]
    )
    compile_metrics.build([np.zeros((2, 1))] * 2, y_pred)
    assert [m.name for m in compile_metrics.metrics] == ["second_mse"]
    with pytest.raises(ValueError, match="Invalid `metrics`.*third"):
        CompileMetrics({"third": ["mse"]}, None, output_names=["a"]).build(
            np.zeros((2, 1)), np.zeros((2, 1))
        )
    with pytest.raises(ValueError, match="list, tuple, or dict"):
        CompileMetrics("mae", None)


def test_compile_loss_single_and_weighted_outputs():
    y_true = np.array([[1.0], [2.0]], "float32")
    y_pred = np.array([[0.0], [0.0]], "float32")
    loss = CompileLoss("mse")
    np.testing.assert_allclose(float(loss(y_true, y_pred)), 2.5)
    np.testing.assert_allclose(
        float(loss(y_true, y_pred, np.array([1.0, 0.0]))), 0.5
    )
    multi = CompileLoss(["mse", "mae"], loss_weights=[2.0, 0.5])
    total = multi([y_true, y_true], [y_pred, y_pred])
    np.testing.assert_allclose(float(total), 2.0 * 2.5 + 0.5 * 1.5)
    # Without output names, the trackers are named after the losses.
    assert [m.name for m in multi.metrics] == ["mse_loss", "mae_loss"]
    named = CompileLoss(["mse", "mae"], output_names=["a", "b"])
    named([y_true, y_true], [y_pred, y_pred])
    assert [m.name for m in named.metrics] == ["a_loss", "b_loss"]
    assert [float(m.result()) for m in named.metrics] == [2.5, 1.5]
    by_name = CompileLoss(
        {"b": "mae"}, output_names=["a", "b"], loss_weights={"b": 3.0}
    )
    total = by_name({"a": y_true, "b": y_true}, [y_pred, y_pred])
    np.testing.assert_allclose(float(total), 3.0 * 1.5)
    with pytest.raises(ValueError, match="Expected keys"):
        CompileLoss({"c": "mse"}, output_names=["a", "b"]).build(
            None, [y_pred, y_pred]
        )
    with pytest.raises(ValueError, match="3 entries"):
        CompileLoss(["mse"] * 3).build(None, [y_pred, y_pred])


def test_unknown_loss_string():
    with pytest.raises(ValueError, match="Unknown loss identifier"):
        CompileLoss("no_such_loss")
