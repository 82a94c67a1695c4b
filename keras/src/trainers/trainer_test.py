import numpy as np
import pytest

import keras
from keras.src.testing import parity
from keras.src.trainers.trainer import Trainer


def _model():
    return keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])


def test_trainer_init_defaults():
    trainer = Trainer()
    assert trainer.compiled is False
    assert trainer.metrics == []
    assert trainer._should_eval(1, 2)
    assert not trainer._should_eval(0, 2)
    assert trainer._should_eval(2, [1, 3])
    with pytest.raises(ValueError, match="validation_freq"):
        trainer._should_eval(0, "x")


def test_compile_sets_metrics_and_flags():
    model = _model()
    assert not model.compiled
    model.compile(optimizer="sgd", loss="mse", metrics=["mae"])
    assert model.compiled
    assert model.jit_compile is True
    assert model.run_eagerly is False
    assert [m.name for m in model.metrics][:1] == ["loss"]
    model.compile(optimizer="sgd", loss="mse", run_eagerly=True)
    assert model.run_eagerly and not model.jit_compile


def test_compile_errors():
    model = _model()
    with pytest.raises(ValueError):
        model.compile(optimizer="no_such_optimizer", loss="mse")
    with pytest.raises(ValueError, match="Unknown loss identifier"):
        model.compile(optimizer="sgd", loss="no_such_loss")
    with pytest.raises(ValueError, match="before calling `fit\\(\\)`"):
        model.fit(np.zeros((2, 2)), np.zeros((2, 1)), verbose=0)


def test_compile_config_round_trip():
    model = _model()
    model.compile(optimizer="sgd", loss="mae", metrics=["mse"])
    config = model.get_compile_config()
    assert config["loss"] == "mae"
    other = _model()
    other.compile_from_config(config)
    assert other.compiled
    assert other.loss == "mae"
    x = np.ones((4, 2), "float32")
    y = np.zeros((4, 1), "float32")
    logs = other.evaluate(x, y, verbose=0, return_dict=True)
    assert set(logs) == {"loss", "mse"}


def test_compile_from_config_skips_a_custom_compile():
    # A `compile()` with its own arguments cannot take the recorded ones
    # back; unless `get_compile_config()` is overridden too, loading leaves
    # the model uncompiled and says so.
    class Detector(keras.Model):
        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self.dense = keras.layers.Dense(1)

        def call(self, x):
            return self.dense(x)

        def compile(self, box_loss="mae", **kwargs):
            super().compile(optimizer="sgd", loss=box_loss, **kwargs)

    model = Detector()
    model.compile(box_loss="mse")
    config = model.get_compile_config()
    assert config["loss"] == "mse"
    other = Detector()
    with pytest.warns(UserWarning, match="get_compile_config"):
        other.compile_from_config(config)
    assert not other.compiled

    class RestoringDetector(Detector):
        def get_compile_config(self):
            return {"box_loss": self.loss}

    model = RestoringDetector()
    model.compile(box_loss="mse")
    other = RestoringDetector()
    other.compile_from_config(model.get_compile_config())
    assert other.compiled and other.loss == "mse"


def test_compute_loss_override_and_add_loss():
    class Model(keras.Model):
        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self.dense = keras.layers.Dense(1)

        def call(self, x):
            self.add_loss(1.0)
            return self.dense(x)

        def compute_loss(
            self,
            x=None,
            y=None,
            y_pred=None,
            sample_weight=None,
            training=True,
        ):
            base = keras.ops.mean(keras.ops.abs(y_pred - y))
            return base + keras.ops.sum(self.losses)

    model = Model()
    model.compile(optimizer=keras.optimizers.SGD(0.0))
    x = np.ones((4, 2), "float32")
    y = np.zeros((4, 1), "float32")
    pred = model.predict(x, verbose=0)
    loss = model.evaluate(x, y, verbose=0)
    np.testing.assert_allclose(loss, np.mean(np.abs(pred)) + 1.0, rtol=1e-5)
    # No loss at all is an error.
    plain = _model()
    plain.compile(optimizer="sgd")
    with pytest.raises(ValueError, match="No loss to compute"):
        plain.evaluate(x, y, verbose=0)


def test_get_metrics_result_and_reset():
    model = _model()
    model.compile(optimizer="sgd", loss="mse", metrics=["mae"])
    x = np.ones((4, 2), "float32")
    y = np.zeros((4, 1), "float32")
    model.evaluate(x, y, verbose=0)
    result = model.get_metrics_result()
    assert set(result) == {"loss", "mae"}
    assert all(isinstance(v, float) for v in result.values())
    model.reset_metrics()
    assert model.get_metrics_result() == {"loss": 0.0, "mae": 0.0}


class _Penalty(keras.layers.Layer):
    """Adds `0.5 * sum(x)` as a loss each call."""

    def call(self, x):
        self.add_loss(0.5 * keras.ops.sum(x))
        return x


def test_add_loss_counted_once_per_step():
    kernel = np.array([[1.0], [-2.0]], "float32")
    model = keras.Sequential(
        [keras.Input((2,)), keras.layers.Dense(1, use_bias=False), _Penalty()]
    )
    model.set_weights([kernel])
    model.compile(optimizer=keras.optimizers.SGD(0.0), loss="mse")
    x = np.array([[1.0, 2.0], [3.0, -1.0]], "float32")
    y = np.zeros((2, 1), "float32")
    pred = x @ kernel
    expected = np.mean(pred**2) + 0.5 * np.sum(pred)
    for _ in range(2):
        # Repeated steps do not accumulate the penalties.
        history = model.fit(x, y, batch_size=2, epochs=1, verbose=0)
        np.testing.assert_allclose(history.history["loss"], [expected], 1e-5)
    np.testing.assert_allclose(model.evaluate(x, y, verbose=0), expected, 1e-5)
    np.testing.assert_allclose(model.test_on_batch(x, y), expected, 1e-5)


def test_stateless_compute_loss_updates_trackers_only_in_the_result():
    inputs = keras.Input((2,))
    outputs = [keras.layers.Dense(1, name="a")(inputs)] * 2
    model = keras.Model(inputs, outputs)
    model.compile(optimizer="sgd", loss=["mse", "mae"])
    x = np.ones((3, 2), "float32")
    y = np.full((3, 1), 2.0, "float32")
    model._symbolic_build(data_batch=(x, (y, y)))
    assert [m.name for m in model.metrics] == ["loss", "a_loss", "a_loss_1"]
    pred = model.predict(x, verbose=0)[0]
    state = (
        [v.value for v in model.trainable_variables],
        [v.value for v in model.non_trainable_variables],
        [v.value for v in model.metrics_variables],
    )
    loss, (_, _, metrics_values) = model.stateless_compute_loss(
        *state, x=x, y=(y, y), y_pred=[pred, pred], training=False
    )
    mse = np.mean((pred - y) ** 2)
    mae = np.mean(np.abs(pred - y))
    np.testing.assert_allclose(loss, mse + mae, rtol=1e-5)
    # The per-output trackers saw one batch of 3 samples, statelessly.
    values = [float(v) for v in metrics_values]
    np.testing.assert_allclose(values[2:], [3 * mse, 3.0, 3 * mae, 3.0], 1e-5)
    assert all(float(v.value) == 0.0 for v in model.metrics_variables)


@pytest.mark.parity
def test_steps_per_execution_matches_single_steps():
    class Recorder(keras.callbacks.Callback):
        def __init__(self):
            super().__init__()
            self.events = []

        def on_train_begin(self, logs=None):
            self.events.append(("train_begin", logs))

        def on_epoch_begin(self, epoch, logs=None):
            self.events.append(("epoch_begin", logs))

        def on_train_batch_begin(self, batch, logs=None):
            self.events.append(("begin", batch, logs))

        def on_train_batch_end(self, batch, logs=None):
            self.events.append(("end", batch, round(logs["loss"], 6)))

    rng = np.random.default_rng(0)
    x = rng.normal(size=(40, 2)).astype("float32")
    y = rng.normal(size=(40, 1)).astype("float32")
    results = []
    for steps_per_execution in (1, 3):
        model = _model()
        model.set_weights([np.ones((2, 1), "float32"), np.zeros((1,))])
        model.compile(
            optimizer=keras.optimizers.SGD(0.1),
            loss="mse",
            steps_per_execution=steps_per_execution,
        )
        recorder = Recorder()
        history = model.fit(
            x,
            y,
            batch_size=4,
            epochs=2,
            shuffle=False,
            verbose=0,
            callbacks=[recorder],
        )
        results.append((history.history, model.get_weights(), recorder))
    (single, single_weights, _), (grouped, grouped_weights, recorder) = results
    parity.assert_outputs_close(single["loss"], grouped["loss"])
    # Plain SGD from ones and zeros: 2 epochs of 10 steps.
    initial = [np.ones((2, 1), "float32"), np.zeros((1,), "float32")]
    parity.assert_sgd_weights_close(
        single_weights, grouped_weights, initial, steps=20
    )
    # The begin hooks get empty dicts; 10 batches per epoch in executions
    # of 3: batches 0, 3, 6 and 9 begin one, ending at begin + 2.
    assert recorder.events[:2] == [("train_begin", {}), ("epoch_begin", {})]
    begins = [e[1] for e in recorder.events if e[0] == "begin"]
    ends = [e[1] for e in recorder.events if e[0] == "end"]
    assert begins == [0, 3, 6, 9] * 2
    assert ends == [2, 5, 8, 11] * 2
    assert all(e[2] == {} for e in recorder.events if e[0] == "begin")


def test_validation_freq_and_model_metrics_attributes():
    class WithMetric(keras.Model):
        def __init__(self):
            super().__init__()
            self.dense = keras.layers.Dense(1)
            self.extra = keras.metrics.Mean(name="extra")

        def call(self, x):
            return self.dense(x)

        def compute_loss(self, x, y, y_pred, sample_weight=None, **kwargs):
            loss = super().compute_loss(x, y, y_pred, sample_weight, **kwargs)
            self.extra.update_state(2.0 * loss)
            return loss

    model = WithMetric()
    model.compile(optimizer="sgd", loss="mse", metrics=["mae"])
    x = np.ones((8, 2), "float32")
    y = np.zeros((8, 1), "float32")
    history = model.fit(
        x, y, epochs=4, verbose=0, validation_data=(x, y), validation_freq=2
    ).history
    assert [m.name for m in model.metrics] == [
        "loss",
        "compile_metric",
        "extra",
    ]
    assert len(history["loss"]) == 4 and len(history["val_loss"]) == 2
    np.testing.assert_allclose(history["extra"], np.array(history["loss"]) * 2)
    np.testing.assert_allclose(
        history["val_extra"], np.array(history["val_loss"]) * 2, rtol=1e-6
    )


@pytest.mark.parity
def test_steps_per_execution_runs_each_group_in_one_call():
    rng = np.random.default_rng(1)
    x = rng.normal(size=(40, 2)).astype("float32")
    y = rng.normal(size=(40, 1)).astype("float32")
    model = _model()
    model.compile(
        optimizer=keras.optimizers.SGD(0.1), loss="mse", steps_per_execution=4
    )
    # Count the calls of the compiled step functions and the batches each
    # call receives.
    group_sizes = []
    compile_step = model._jit

    def counting_jit(fn, donate_argnums, out_shardings):
        compiled = compile_step(fn, donate_argnums, out_shardings)

        def call(*args):
            group_sizes.append(len(args[-1]))
            return compiled(*args)

        return call

    model._jit = counting_jit
    model.fit(x, y, batch_size=4, epochs=1, verbose=0)
    model.evaluate(x, y, batch_size=4, verbose=0)
    predictions = model.predict(x, batch_size=4, verbose=0)
    # Each loop: 10 batches in groups of 4, i.e. two full calls and one
    # with the 2 batches left.
    assert group_sizes == [4, 4, 2] * 3
    parity.assert_outputs_close(predictions, model.predict_on_batch(x))


def test_fit_passes_the_validation_data_to_evaluate():
    # Subclasses that preprocess in `evaluate` (e.g. keras-hub's pipeline
    # models) read the data arguments even when fit's validation iterator
    # is reused.
    seen = []

    class Recording(keras.Model):
        def evaluate(self, x=None, y=None, **kwargs):
            seen.append((x, y, kwargs["sample_weight"], kwargs["batch_size"]))
            return super().evaluate(x, y, **kwargs)

    inputs = keras.Input((2,))
    model = Recording(inputs, keras.layers.Dense(1)(inputs))
    model.compile(optimizer="sgd", loss="mse")
    x = np.ones((8, 2), "float32")
    y = np.zeros((8, 1), "float32")
    w = np.full((8,), 2.0, "float32")
    history = model.fit(
        x, y, epochs=2, verbose=0, batch_size=4, validation_data=(x, y, w)
    ).history
    assert len(seen) == 2 and len(history["val_loss"]) == 2
    for val_x, val_y, val_w, batch_size in seen:
        assert val_x is x and val_y is y and val_w is w and batch_size == 4
    model.fit(x, y, verbose=0, validation_split=0.25, validation_batch_size=2)
    val_x, val_y, val_w, batch_size = seen[-1]
    assert val_x.shape == (2, 2) and val_y.shape == (2, 1)
    assert val_w is None and batch_size == 2
