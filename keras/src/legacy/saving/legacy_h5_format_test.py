import json

import h5py
import numpy as np
import pytest

import keras
from keras.src.legacy.saving import legacy_h5_format
from keras.src.legacy.saving import legacy_test_utils
from keras.src.legacy.saving import serialization


def _model_and_file(tmp_path, config, training_config=None):
    """A model built from a Keras 2 `config`, and a legacy `.h5` file of
    it whose configs are in the Keras 2 format (as Keras 2 wrote them)."""
    from keras.src.legacy.saving import saving_utils

    model = saving_utils.model_from_config(config)
    path = tmp_path / "keras2.h5"
    legacy_h5_format.save_model_to_hdf5(model, path)
    with h5py.File(path, "r+") as f:
        f.attrs["model_config"] = json.dumps(config)
        if training_config is not None:
            f.attrs["training_config"] = json.dumps(training_config)
    return model, path


@pytest.mark.parametrize(
    "config_fn",
    [legacy_test_utils.keras2_sequential, legacy_test_utils.keras2_functional],
)
def test_load_keras2_file(tmp_path, config_fn):
    model, path = _model_and_file(
        tmp_path, config_fn(), legacy_test_utils.keras2_training_config()
    )
    loaded = keras.models.load_model(path)
    assert type(loaded) is type(model)
    x = np.linspace(-1.0, 1.0, 12, dtype="float32").reshape(4, 3)
    np.testing.assert_allclose(
        loaded.predict(x, verbose=0), model.predict(x, verbose=0)
    )
    assert loaded.compiled
    assert isinstance(loaded.optimizer, keras.optimizers.Adam)
    np.testing.assert_allclose(float(loaded.optimizer.learning_rate), 0.125)
    assert isinstance(loaded.loss, keras.losses.MeanSquaredError)
    loaded.fit(x, np.zeros((4, 2)), epochs=1, verbose=0)
    uncompiled = keras.models.load_model(path, compile=False)
    assert not uncompiled.compiled


def test_keras2_training_config_that_fails_loads_uncompiled(tmp_path):
    training_config = legacy_test_utils.keras2_training_config()
    training_config["optimizer_config"]["class_name"] = "NoSuchOptimizer"
    _, path = _model_and_file(
        tmp_path, legacy_test_utils.keras2_sequential(), training_config
    )
    with pytest.warns(UserWarning, match="loaded uncompiled"):
        loaded = keras.models.load_model(path)
    assert not loaded.compiled


def test_keras2_file_with_custom_layer(tmp_path):
    Offset = legacy_test_utils.offset_layer_class()
    model = keras.Sequential(
        [
            keras.Input((3,)),
            keras.layers.Dense(2),
            Offset(1.5, name="off"),
        ]
    )
    path = tmp_path / "custom.h5"
    legacy_h5_format.save_model_to_hdf5(model, path)
    config = serialization.serialize_keras_object(model)
    assert config["class_name"] == "Sequential"
    with h5py.File(path, "r+") as f:
        f.attrs["model_config"] = json.dumps(config)
    with pytest.raises(Exception, match="Offset"):
        keras.models.load_model(path)
    loaded = keras.models.load_model(path, custom_objects={"Offset": Offset})
    assert loaded.layers[-1].offset == 1.5
    x = np.ones((2, 3), dtype="float32")
    np.testing.assert_allclose(
        loaded.predict(x, verbose=0), model.predict(x, verbose=0)
    )


@keras.saving.register_keras_serializable(package="legacy_h5_test")
def mean_gap(y_true, y_pred):
    return keras.ops.mean(y_pred - y_true)


def test_training_config_is_written_in_keras2_format(tmp_path):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    model.compile(
        optimizer=keras.optimizers.SGD(learning_rate=0.5, momentum=0.25),
        loss=keras.losses.MeanSquaredError(),
        metrics=[keras.metrics.MeanAbsoluteError(), "mse"],
        loss_weights=[0.5],
        jit_compile=False,
    )
    path = tmp_path / "compiled.h5"
    legacy_h5_format.save_model_to_hdf5(model, path)
    with h5py.File(path, "r") as f:
        training_config = json.loads(f.attrs["training_config"])
    assert training_config["optimizer_config"]["class_name"] == "SGD"
    assert "module" not in training_config["optimizer_config"]
    assert training_config["loss"]["class_name"] == "MeanSquaredError"
    assert training_config["metrics"][0]["class_name"] == "MeanAbsoluteError"
    assert training_config["metrics"][1] == "mse"
    assert training_config["loss_weights"] == [0.5]
    assert training_config["jit_compile"] is False

    loaded = keras.models.load_model(path)
    assert isinstance(loaded.optimizer, keras.optimizers.SGD)
    np.testing.assert_allclose(float(loaded.optimizer.learning_rate), 0.5)
    assert loaded.optimizer.momentum == 0.25
    assert isinstance(loaded.loss, keras.losses.MeanSquaredError)
    assert loaded.jit_compile is False
    x = np.ones((4, 3), dtype="float32")
    y = np.zeros((4, 2), dtype="float32")
    expected = model.evaluate(x, y, verbose=0, return_dict=True)
    assert loaded.evaluate(x, y, verbose=0, return_dict=True) == (
        pytest.approx(expected)
    )
    assert set(expected) == {"loss", "mean_absolute_error", "mse"}


def test_registered_loss_function_round_trip(tmp_path):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    model.compile(optimizer="adam", loss=mean_gap)
    path = tmp_path / "custom_loss.h5"
    legacy_h5_format.save_model_to_hdf5(model, path)
    with h5py.File(path, "r") as f:
        training_config = json.loads(f.attrs["training_config"])
    assert training_config["loss"] == "legacy_h5_test>mean_gap"
    assert training_config["optimizer_config"]["class_name"] == "Adam"
    loaded = keras.models.load_model(path)
    x = np.ones((2, 3), dtype="float32")
    y = np.zeros((2, 2), dtype="float32")
    np.testing.assert_allclose(
        loaded.evaluate(x, y, verbose=0), model.evaluate(x, y, verbose=0)
    )
