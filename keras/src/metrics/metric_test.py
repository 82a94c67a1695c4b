import jax
import numpy as np
import pytest

from keras.src import backend
from keras.src import ops
from keras.src.metrics import reduction_metrics
from keras.src.metrics.metric import Metric


class ExampleMetric(Metric):
    def __init__(self, name="mean_square", dtype=None):
        super().__init__(name=name, dtype=dtype)
        self.sum = self.add_variable(name="sum", shape=(), initializer="zeros")
        self.total = self.add_variable(
            name="total", shape=(), initializer="zeros", dtype="int32"
        )

    def update_state(self, y_true, y_pred):
        y_true = ops.convert_to_tensor(y_true)
        y_pred = ops.convert_to_tensor(y_pred)
        sum = ops.sum((y_true - y_pred) ** 2)
        self.sum.assign(self.sum + sum)
        self.total.assign(self.total + y_true.shape[0])

    def result(self):
        return self.sum / (ops.cast(self.total, "float32") + 1e-7)


def test_end_to_end_flow():
    metric = ExampleMetric(name="mse")
    assert len(metric.variables) == 2
    assert [v.path for v in metric.variables] == ["mse/sum", "mse/total"]
    assert not any(v.trainable for v in metric.variables)
    y_true = np.random.RandomState(0).rand(10, 3)
    y_pred = np.random.RandomState(1).rand(10, 3)
    metric.update_state(y_true, y_pred)
    metric.update_state(y_true[:4], y_pred[:4])
    expected = (
        ((y_true - y_pred) ** 2).sum() + ((y_true[:4] - y_pred[:4]) ** 2).sum()
    ) / 14
    np.testing.assert_allclose(metric.result(), expected, rtol=1e-5)
    metric.reset_state()
    assert float(metric.result()) == 0.0
    assert int(metric.total.numpy()) == 0


def test_stateless_api_matches_stateful():
    y_true = np.random.RandomState(0).rand(6, 3)
    y_pred = np.random.RandomState(1).rand(6, 3)
    metric = ExampleMetric()
    values = [v.value for v in metric.variables]
    values = metric.stateless_update_state(values, y_true, y_pred)
    values = metric.stateless_update_state(values, y_true, y_pred)
    # The variables themselves are untouched.
    assert float(metric.sum.numpy()) == 0.0
    stateless_result = metric.stateless_result(values)
    metric.update_state(y_true, y_pred)
    metric.update_state(y_true, y_pred)
    np.testing.assert_allclose(stateless_result, metric.result(), rtol=1e-6)
    reset = metric.stateless_reset_state()
    assert [float(v) for v in reset] == [0.0, 0.0]
    assert float(metric.sum.numpy()) != 0.0
    with pytest.raises(ValueError, match="metric_variables"):
        metric.stateless_update_state(values[:1], y_true, y_pred)


def test_stateless_api_in_jit():
    metric = reduction_metrics.Mean()
    values = [v.value for v in metric.variables]

    @jax.jit
    def update(values, x):
        return metric.stateless_update_state(values, x)

    values = update(values, np.array([1.0, 2.0, 3.0]))
    values = update(values, np.array([5.0, 9.0, 0.0]))
    np.testing.assert_allclose(metric.stateless_result(values), 20.0 / 6)


def test_sub_metric_variables_and_config():
    class Wrapper(Metric):
        def __init__(self):
            super().__init__(name="wrapper")
            self.inner = reduction_metrics.Mean(name="inner")

        def update_state(self, x):
            self.inner.update_state(x)

        def result(self):
            return self.inner.result()

    metric = Wrapper()
    assert [v.path for v in metric.variables] == ["inner/total", "inner/count"]
    metric.update_state([1.0, 3.0])
    assert float(metric.result()) == 2.0
    metric.reset_state()
    assert float(metric.result()) == 0.0
    assert ExampleMetric(name="m").get_config() == {
        "name": "m",
        "dtype": "float32",
    }
    assert ExampleMetric.from_config({"name": "m2"}).name == "m2"


def test_default_name_and_dtype():
    metric = reduction_metrics.Mean(dtype="float16")
    assert metric.dtype == "float16"
    assert metric.variables[0].dtype == "float16"
    assert ExampleMetric(name=None).name.startswith("example_metric")
    assert backend.floatx() == "float32"


def test_save_and_load_own_variables():
    metric = reduction_metrics.Mean()
    metric.update_state([2.0, 4.0])
    store = {}
    metric.save_own_variables(store)
    other = reduction_metrics.Mean()
    other.load_own_variables(store)
    assert float(other.result()) == 3.0


class _CallCount(Metric):
    """A metric whose `result()` returns its variable, as users write."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.count = self.add_variable((), "zeros", name="count")

    def update_state(self, y_true, y_pred, sample_weight=None):
        self.count.assign_add(1.0)

    def result(self):
        return self.count


def test_result_returning_a_variable_works_statelessly_and_in_fit():
    import keras

    metric = _CallCount(name="calls")
    assert float(metric.stateless_result([np.float32(3.0)])) == 3.0
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.compile("sgd", "mse", metrics=[metric])
    history = model.fit(
        np.ones((8, 2)), np.ones((8, 1)), batch_size=4, epochs=2, verbose=0
    )
    assert history.history["calls"] == [2.0, 2.0]
