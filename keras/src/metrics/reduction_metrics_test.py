import numpy as np

from keras.src.metrics import reduction_metrics


def test_sum():
    m = reduction_metrics.Sum(name="s")
    m.update_state([1.0, 3.0, 5.0, 7.0])
    assert float(m.result()) == 16.0
    m.update_state([1.0, 3.0, 5.0, 7.0], sample_weight=[1, 1, 0, 0])
    assert float(m.result()) == 20.0
    m.update_state(np.ones((2, 3)))
    assert float(m.result()) == 26.0
    m.reset_state()
    assert float(m.result()) == 0.0
    assert m.get_config() == {"name": "s", "dtype": "float32"}


def test_mean_accumulates_with_sample_weight():
    m = reduction_metrics.Mean()
    m.update_state([1.0, 3.0, 5.0, 7.0])
    assert float(m.result()) == 4.0
    m.update_state([1.0, 3.0, 5.0, 7.0], sample_weight=[1, 1, 0, 0])
    # (16 + 4) / (4 + 2)
    np.testing.assert_allclose(m.result(), 20.0 / 6, rtol=1e-6)
    m.reset_state()
    assert float(m.result()) == 0.0
    # Rank-2 values are averaged per sample.
    m.update_state(np.array([[1.0, 3.0], [2.0, 2.0]]), sample_weight=[1, 3])
    np.testing.assert_allclose(m.result(), (2.0 + 3 * 2.0) / 4)
    # Scalar values count as one sample.
    m.reset_state()
    m.update_state(5.0)
    m.update_state(1.0)
    assert float(m.result()) == 3.0


def test_mean_metric_wrapper():
    def squared_error(y_true, y_pred):
        return (y_true - y_pred) ** 2

    m = reduction_metrics.MeanMetricWrapper(fn=squared_error, name="se")
    m.update_state([1.0, 2.0], [1.0, 4.0])
    assert float(m.result()) == 2.0
    m.update_state([0.0, 0.0], [1.0, 1.0], sample_weight=[0.0, 2.0])
    # (0 + 4 + 0 + 2) / (2 + 2)
    np.testing.assert_allclose(m.result(), 6.0 / 4)
