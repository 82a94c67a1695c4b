import numpy as np
import pytest

from keras.src import metrics


def test_accuracy():
    m = metrics.Accuracy()
    m.update_state([[1], [2], [3], [4]], [[0], [2], [3], [4]])
    assert float(m.result()) == 0.75
    m.update_state([[1], [2]], [[1], [0]], sample_weight=[1.0, 3.0])
    # (3 + 1) / (4 + 4)
    assert float(m.result()) == 0.5
    m.reset_state()
    m.update_state([1, 2, 3, 4], [0, 2, 3, 4], sample_weight=[1, 1, 0, 0])
    assert float(m.result()) == 0.5


def test_binary_accuracy():
    m = metrics.BinaryAccuracy()
    m.update_state([[1], [1], [0], [0]], [[0.98], [1], [0], [0.6]])
    assert float(m.result()) == 0.75
    m = metrics.BinaryAccuracy(threshold=0.7)
    m.update_state([[1], [1], [0], [0]], [[0.98], [0.6], [0], [0.65]])
    assert float(m.result()) == 0.75
    assert m.get_config() == {
        "name": "binary_accuracy",
        "dtype": "float32",
        "threshold": 0.7,
    }
    m = metrics.BinaryAccuracy()
    m.update_state(
        [[1], [1], [0], [0]],
        [[0.98], [1], [0], [0.6]],
        sample_weight=[1, 0, 0, 1],
    )
    assert float(m.result()) == 0.5
    with pytest.raises(ValueError):
        metrics.BinaryAccuracy(threshold="x")


def test_categorical_accuracy():
    m = metrics.CategoricalAccuracy()
    m.update_state([[0, 0, 1], [0, 1, 0]], [[0.1, 0.9, 0.8], [0.05, 0.95, 0]])
    assert float(m.result()) == 0.5
    m.update_state(
        [[0, 0, 1], [0, 1, 0]],
        [[0.1, 0.9, 0.8], [0.05, 0.95, 0]],
        sample_weight=[0.7, 0.3],
    )
    np.testing.assert_allclose(m.result(), 1.3 / 3.0, rtol=1e-6)


def test_sparse_categorical_accuracy():
    m = metrics.SparseCategoricalAccuracy()
    m.update_state([[2], [1]], [[0.1, 0.6, 0.3], [0.05, 0.95, 0]])
    assert float(m.result()) == 0.5
    m.reset_state()
    m.update_state(
        [2, 1], [[0.1, 0.6, 0.3], [0.05, 0.95, 0]], sample_weight=[0.7, 0.3]
    )
    np.testing.assert_allclose(m.result(), 0.3, rtol=1e-6)


def test_top_k_categorical_accuracy():
    m = metrics.TopKCategoricalAccuracy(k=2)
    m.update_state(
        [[0, 0, 1], [0, 1, 0], [1, 0, 0]],
        [[0.1, 0.9, 0.8], [0.05, 0.95, 0], [0.2, 0.5, 0.3]],
    )
    np.testing.assert_allclose(m.result(), 2.0 / 3.0, rtol=1e-6)
    assert m.get_config()["k"] == 2


def test_get():
    assert isinstance(metrics.get("accuracy"), metrics.Accuracy)
    assert isinstance(metrics.get("acc"), metrics.Accuracy)
    assert isinstance(metrics.get("mse"), metrics.MeanSquaredError)
    assert isinstance(metrics.get("mae"), metrics.MeanAbsoluteError)
    assert isinstance(
        metrics.get("categorical_accuracy"), metrics.CategoricalAccuracy
    )
    assert isinstance(
        metrics.get("sparse_categorical_accuracy"),
        metrics.SparseCategoricalAccuracy,
    )
    assert isinstance(metrics.get("binary_accuracy"), metrics.BinaryAccuracy)
    assert metrics.get(None) is None
    with pytest.raises(ValueError, match="acuracy.*Valid names"):
        metrics.get("acuracy")
    m = metrics.BinaryAccuracy(threshold=0.3)
    clone = metrics.get(metrics.serialize(m))
    assert isinstance(clone, metrics.BinaryAccuracy)
    assert clone.threshold == 0.3
