"""The stateless training contract, as user code writes it.

Two ways of training a model by hand must give the losses of `fit()`:

- a JAX `train_step(self, state, data)` override written like the Keras
  JAX guide: it differentiates its own loss function, applies the optimizer
  with `stateless_apply` and updates every entry of `self.metrics`
  (including the `CompileMetrics` container) with
  `stateless_update_state`, then returns the new state;
- a hand-written loop outside of `fit()`: `model.stateless_call`,
  `optimizer.stateless_apply` and metric stateless updates in a jitted
  function.

Both run without a distribution and under `DataParallel` on 8 devices.
"""

import jax
import numpy as np
import pytest

import keras
from keras.src.distribution import data_input
from keras.src.distribution import distribution_lib
from keras.src.testing import parity

EPOCHS = 3
BATCH_SIZE = 16
NUM_SAMPLES = 64
LEARNING_RATE = 0.05


def _data():
    rng = np.random.default_rng(7)
    x = rng.normal(size=(NUM_SAMPLES, 6)).astype("float32")
    y = rng.normal(size=(NUM_SAMPLES, 2)).astype("float32")
    return x, y


def _weights():
    rng = np.random.default_rng(3)
    shapes = [(6, 8), (8,), (8, 2), (2,)]
    return [rng.normal(size=s).astype("float32") * 0.3 for s in shapes]


class GuideModel(keras.Model):
    """The custom `train_step` of the Keras JAX guide."""

    def guide_loss_and_updates(
        self, trainable_variables, non_trainable_variables, x, y, training
    ):
        y_pred, non_trainable_variables = self.stateless_call(
            trainable_variables, non_trainable_variables, x, training=training
        )
        loss = self.compute_loss(x, y, y_pred)
        return loss, (y_pred, non_trainable_variables)

    def train_step(self, state, data):
        (
            trainable_variables,
            non_trainable_variables,
            optimizer_variables,
            metrics_variables,
        ) = state
        x, y = data
        grad_fn = jax.value_and_grad(self.guide_loss_and_updates, has_aux=True)
        (loss, (y_pred, non_trainable_variables)), grads = grad_fn(
            trainable_variables, non_trainable_variables, x, y, True
        )
        trainable_variables, optimizer_variables = (
            self.optimizer.stateless_apply(
                optimizer_variables, grads, trainable_variables
            )
        )
        new_metrics_variables = []
        logs = {}
        for metric in self.metrics:
            start = len(new_metrics_variables)
            own = metrics_variables[start : start + len(metric.variables)]
            if metric.name == "loss":
                own = metric.stateless_update_state(own, loss)
            else:
                own = metric.stateless_update_state(own, y, y_pred)
            logs[metric.name] = metric.stateless_result(own)
            new_metrics_variables += own
        state = (
            trainable_variables,
            non_trainable_variables,
            optimizer_variables,
            new_metrics_variables,
        )
        return logs, state


def _model(cls=keras.Model):
    inputs = keras.Input((6,))
    hidden = keras.layers.Dense(8, activation="relu", name="d1")(inputs)
    outputs = keras.layers.Dense(2, name="d2")(hidden)
    model = cls(inputs, outputs)
    model.set_weights(_weights())
    return model


def _compile(model):
    model.compile(
        optimizer=keras.optimizers.SGD(LEARNING_RATE),
        loss="mse",
        metrics=["mae"],
    )
    return model


def _fit(model):
    x, y = _data()
    history = model.fit(
        x, y, batch_size=BATCH_SIZE, epochs=EPOCHS, shuffle=False, verbose=0
    )
    return history.history, model.get_weights()


def _hand_written_loop():
    """Trains `_model()` without `fit()`; returns the per-epoch mean loss
    and mean absolute error, and the final weights."""
    model = _model()
    optimizer = keras.optimizers.SGD(LEARNING_RATE)
    optimizer.build(model.trainable_variables)
    loss_fn = keras.losses.MeanSquaredError()
    loss_tracker = keras.metrics.Mean(name="loss")
    mae = keras.metrics.MeanAbsoluteError(name="mae")
    distribution = distribution_lib.distribution()

    def forward(trainable, non_trainable, x, y):
        y_pred, non_trainable = model.stateless_call(
            trainable, non_trainable, x, training=True
        )
        return loss_fn(y, y_pred), (y_pred, non_trainable)

    @jax.jit
    def step(state, x, y):
        trainable, non_trainable, optimizer_values, metric_values = state
        (loss, (y_pred, non_trainable)), grads = jax.value_and_grad(
            forward, has_aux=True
        )(trainable, non_trainable, x, y)
        trainable, optimizer_values = optimizer.stateless_apply(
            optimizer_values, grads, trainable
        )
        loss_values, mae_values = metric_values
        loss_values = loss_tracker.stateless_update_state(loss_values, loss)
        mae_values = mae.stateless_update_state(mae_values, y, y_pred)
        return (
            trainable,
            non_trainable,
            optimizer_values,
            (
                loss_values,
                mae_values,
            ),
        )

    x, y = _data()
    state = (
        [v.value for v in model.trainable_variables],
        [v.value for v in model.non_trainable_variables],
        [v.value for v in optimizer.variables],
        None,
    )
    history = {"loss": [], "mae": []}
    for _ in range(EPOCHS):
        metric_values = (
            loss_tracker.stateless_reset_state(),
            mae.stateless_reset_state(),
        )
        state = state[:3] + (metric_values,)
        for start in range(0, len(x), BATCH_SIZE):
            batch = (
                x[start : start + BATCH_SIZE],
                y[start : start + BATCH_SIZE],
            )
            if distribution is not None:
                batch, _ = data_input.distribute_batch(batch, distribution)
            state = step(state, *batch)
        loss_values, mae_values = state[3]
        history["loss"].append(
            float(loss_tracker.stateless_result(loss_values))
        )
        history["mae"].append(float(mae.stateless_result(mae_values)))
    for variable, value in zip(model.trainable_variables, state[0]):
        variable.assign(value)
    return history, model.get_weights()


def _run_all():
    reference = _fit(_compile(_model()))
    guide = _fit(_compile(_model(GuideModel)))
    hand_written = _hand_written_loop()
    return reference, guide, hand_written


def _assert_same(result, reference):
    history, weights = result
    reference_history, reference_weights = reference
    for key in ("loss", "mae"):
        parity.assert_outputs_close(
            history[key], reference_history[key], err_msg=key
        )
    # Plain SGD: the weights are linear in the gradients.
    parity.assert_sgd_weights_close(
        weights,
        reference_weights,
        _weights(),
        steps=EPOCHS * NUM_SAMPLES // BATCH_SIZE,
    )


@pytest.mark.parity
def test_guide_train_step_and_hand_written_loop_match_fit():
    reference, guide, hand_written = _run_all()
    assert len(reference[0]["loss"]) == EPOCHS
    assert reference[0]["loss"][-1] < reference[0]["loss"][0]
    _assert_same(guide, reference)
    _assert_same(hand_written, reference)


@pytest.mark.parity
@pytest.mark.multi_device
def test_guide_train_step_and_hand_written_loop_match_fit_data_parallel():
    if len(jax.devices()) < 8:
        pytest.skip("needs 8 devices")
    reference, _, _ = _run_all()
    distribution = keras.distribution.DataParallel()
    with distribution.scope():
        _, guide, hand_written = _run_all()
        model = _model()
    # The variables of models built under the distribution are replicated
    # on the 8 devices.
    for variable in model.weights:
        assert len(variable.value.sharding.device_set) == 8
    _assert_same(guide, reference)
    _assert_same(hand_written, reference)


def test_compile_metrics_stateless_api():
    """`CompileMetrics` (an entry of `model.metrics`) is a metric: its
    stateless API works on `model.metrics_variables` slices."""
    model = _compile(_model())
    x, y = _data()
    model._symbolic_build(data_batch=(x, y))
    compiled = model.metrics[1]
    assert isinstance(compiled, keras.metrics.Metric)
    values = compiled.stateless_reset_state()
    assert len(values) == len(compiled.variables) == 2
    y_pred = model.predict(x, verbose=0)
    values = compiled.stateless_update_state(values, y, y_pred)
    result = compiled.stateless_result(values)
    np.testing.assert_allclose(
        result["mae"], np.mean(np.abs(y - y_pred)), rtol=1e-5
    )
    # The metric's own variables are untouched.
    assert float(compiled.result()["mae"]) == 0.0
    offsets = np.cumsum([0] + [len(m.variables) for m in model.metrics])
    assert offsets[-1] == len(model.metrics_variables)
