import numpy as np
import pytest

import keras
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
    with pytest.raises(RuntimeError, match="before calling `fit\\(\\)`"):
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
