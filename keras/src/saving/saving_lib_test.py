import json
import os
import zipfile

import numpy as np
import pytest

import keras
from keras.src.saving import object_tree
from keras.src.saving import saving_api
from keras.src.saving import saving_lib
from keras.src.saving import saving_test_utils as utils
from keras.src.saving import serialization_lib
from keras.src.saving.saving_test_utils import assert_same_values
from keras.src.saving.saving_test_utils import weight_values

X = np.linspace(-1, 1, 8, dtype="float32").reshape(2, 4)


def _config(model):
    config = serialization_lib.serialize_keras_object(model)
    config.pop("compile_config", None)
    return config


def test_keras_archive_contents(tmp_path):
    model = utils.make_stack("net")
    model.compile(loss="mse")
    utils.train_step(model)
    path = tmp_path / "m.keras"
    saving_api.save_model(model, path)
    with zipfile.ZipFile(path) as zf:
        assert sorted(zf.namelist()) == [
            "config.json",
            "metadata.json",
            "model.weights.h5",
        ]
        config = json.loads(zf.read("config.json"))
        metadata = json.loads(zf.read("metadata.json"))
    assert config == json.loads(
        json.dumps(serialization_lib.serialize_keras_object(model))
    )
    assert config["compile_config"]["loss"] == "mse"
    assert set(metadata) == {"keras_version", "date_saved"}


@pytest.mark.parametrize("zipped", [True, False])
def test_save_load_model_round_trip(tmp_path, zipped):
    model = utils.make_stack("net")
    model.compile(optimizer="my_opt", loss="mse")
    utils.train_step(model)
    expected = np.asarray(model(X))
    path = tmp_path / ("m.keras" if zipped else "m_dir")
    saving_api.save_model(model, path, zipped=zipped)
    assert os.path.isdir(path) != zipped
    loaded = saving_api.load_model(path)
    assert type(loaded) is utils.Stack
    assert _config(loaded) == _config(model)
    np.testing.assert_allclose(np.asarray(loaded(X)), expected)
    assert loaded.loss == "mse"
    assert loaded.optimizer.name == "my_opt"
    assert_same_values(
        [v.numpy() for v in loaded.optimizer.variables],
        [v.numpy() for v in model.optimizer.variables],
    )


@keras.saving.register_keras_serializable("saving_lib_test")
class CountingOnes(keras.initializers.Initializer):
    """Ones, counting its calls (class-wide)."""

    calls = 0

    def __call__(self, shape, dtype=None):
        CountingOnes.calls += 1
        return keras.ops.ones(shape, dtype=dtype)


def test_load_model_skips_initializers_of_stored_variables(tmp_path):
    inputs = keras.Input((4,))
    outputs = keras.layers.Dense(
        3, kernel_initializer=CountingOnes(), name="dense"
    )(inputs)
    model = keras.Model(inputs, outputs)
    model.compile(optimizer="adam", loss="mse")
    model.fit(X, np.ones((2, 3)), verbose=0)
    path = tmp_path / "m.keras"
    model.save(path)
    before = CountingOnes.calls
    loaded = saving_api.load_model(path)
    # The stored kernel replaces the initial value, which is never drawn.
    assert CountingOnes.calls == before
    assert_same_values(weight_values(loaded), weight_values(model))
    assert_same_values(
        [v.numpy() for v in loaded.optimizer.variables],
        [v.numpy() for v in model.optimizer.variables],
    )


def test_load_model_without_compile(tmp_path):
    model = utils.make_stack("net")
    model.compile()
    utils.train_step(model)
    path = tmp_path / "m.keras"
    saving_api.save_model(model, path)
    loaded = saving_api.load_model(path, compile=False)
    assert loaded.optimizer is None
    assert_same_values(weight_values(loaded), weight_values(model))


def test_load_weights_from_keras_file(tmp_path):
    model = utils.make_stack("net")
    path = tmp_path / "m.keras"
    saving_api.save_model(model, path)
    other = utils.make_stack("net")
    saving_api.load_weights(other, path)
    assert_same_values(weight_values(other), weight_values(model))


def test_suffix_rules(tmp_path):
    model = utils.make_stack("net")
    with pytest.raises(ValueError, match=r"w\.h5.*|\.weights\.h5"):
        saving_api.save_weights(model, tmp_path / "w.h5")
    with pytest.raises(ValueError, match=r"\.keras"):
        saving_api.save_model(model, tmp_path / "m.npz")
    with pytest.raises(ValueError, match="m.npz"):
        saving_api.save_model(model, tmp_path / "m.npz")
    with pytest.raises(ValueError, match=r"\.weights\.h5"):
        saving_api.load_weights(model, tmp_path / "w.npz")
    with pytest.raises(ValueError, match=r"\.keras"):
        saving_api.load_model(tmp_path / "m.npz")
    with pytest.raises(ValueError, match="not supported"):
        saving_api.save_weights(model, tmp_path / "w.weights.h5", foo=1)


def test_overwrite_false(tmp_path):
    model = utils.make_stack("net")
    for path, save in [
        (tmp_path / "w.weights.h5", saving_api.save_weights),
        (tmp_path / "m.keras", saving_api.save_model),
    ]:
        save(model, path)
        save(model, path, overwrite=True)
        with pytest.raises(ValueError, match="already exists"):
            save(model, path, overwrite=False)


def test_missing_file(tmp_path):
    model = utils.make_stack("net")
    with pytest.raises(ValueError, match="nope.weights.h5"):
        saving_api.load_weights(model, tmp_path / "nope.weights.h5")
    with pytest.raises(ValueError, match="nope.keras"):
        saving_api.load_model(tmp_path / "nope.keras")


def _damage(path, mode):
    data = open(path, "rb").read()
    if mode == "truncated":
        data = data[: len(data) // 2]
    elif mode == "garbage":
        data = b"this is not a keras file" * 10
    else:  # flip bytes in the middle
        middle = len(data) // 2
        data = data[:middle] + bytes(b ^ 0xFF for b in data[middle:])
    with open(path, "wb") as f:
        f.write(data)


def _assert_damage_named(path, mode, load):
    """Damages the file at `path` (see `_damage`) and checks that
    `load(path)` raises a `ValueError` naming the file."""
    _damage(path, mode)
    with pytest.raises(ValueError) as info:
        load(path)
    assert path in str(info.value)


@pytest.mark.parametrize("mode", ["truncated", "garbage", "corrupted"])
def test_damaged_weights_file(tmp_path, mode):
    model = utils.make_stack("net", units=(64, 64))
    path = str(tmp_path / "w.weights.h5")
    saving_api.save_weights(model, path)
    other = utils.make_stack("net", units=(64, 64))
    _assert_damage_named(
        path, mode, lambda p: saving_api.load_weights(other, p)
    )


@pytest.mark.parametrize("mode", ["truncated", "garbage", "corrupted"])
def test_damaged_keras_file(tmp_path, mode):
    model = utils.make_stack("net", units=(64, 64))
    path = str(tmp_path / "m.keras")
    saving_api.save_model(model, path)
    _assert_damage_named(path, mode, saving_api.load_model)


def test_lambda_refused_in_safe_mode(tmp_path):
    from keras.src.layers.core.lambda_layer import Lambda

    model = utils.Stack(
        [utils.TinyDense(2, name="d0"), Lambda(lambda x: x * 2.0, name="l")],
        name="net",
    )
    model.build((None, 4))
    expected = np.asarray(model(X))
    path = tmp_path / "m.keras"
    saving_api.save_model(model, path)
    with pytest.raises(ValueError, match="safe_mode"):
        saving_api.load_model(path)
    loaded = saving_api.load_model(path, safe_mode=False)
    np.testing.assert_allclose(np.asarray(loaded(X)), expected)


def _no_temp_files(directory):
    return [n for n in os.listdir(directory) if n.startswith(".")]


@pytest.mark.parametrize("kind", ["weights", "model"])
def test_failed_write_keeps_previous_file(tmp_path, monkeypatch, kind):
    model = utils.make_stack("net")
    old = weight_values(model)
    if kind == "weights":
        path = tmp_path / "w.weights.h5"
        save, load = saving_api.save_weights, saving_api.load_weights
    else:
        path = tmp_path / "m.keras"
        save = saving_api.save_model

        def load(target, p):
            loaded = saving_api.load_model(p)
            for v, w in zip(target.weights, loaded.weights):
                v.assign(w.numpy())

    save(model, path)
    for v in model.weights:
        v.assign(v.numpy() + 1.0)

    calls = []
    original = object_tree._storable

    def failing(array):
        calls.append(1)
        if len(calls) == 3:
            raise RuntimeError("disk full")
        return original(array)

    monkeypatch.setattr(object_tree, "_storable", failing)
    with pytest.raises(RuntimeError, match="disk full"):
        save(model, path)
    monkeypatch.undo()
    assert _no_temp_files(tmp_path) == []
    other = utils.make_stack("net")
    load(other, path)
    assert_same_values(weight_values(other), old)


def test_interrupted_write_never_touches_target(tmp_path, monkeypatch):
    """A writer killed before `os.replace` leaves only a hidden temp file."""
    model = utils.make_stack("net")
    path = tmp_path / "w.weights.h5"
    saving_api.save_weights(model, path)
    before = open(path, "rb").read()

    def killed(src, dst):
        raise KeyboardInterrupt

    monkeypatch.setattr(saving_lib.os, "replace", killed)
    with pytest.raises(KeyboardInterrupt):
        saving_api.save_weights(model, path)
    monkeypatch.undo()
    assert open(path, "rb").read() == before


def test_atomic_directory_save_replaces_old(tmp_path):
    model = utils.make_stack("net")
    path = tmp_path / "m_dir"
    saving_api.save_model(model, path, zipped=False)
    for v in model.weights:
        v.assign(v.numpy() * 0 + 7.0)
    saving_api.save_model(model, path, zipped=False)
    loaded = saving_api.load_model(path)
    assert_same_values(weight_values(loaded), weight_values(model))
    assert _no_temp_files(tmp_path) == []


def test_saved_file_mode_follows_umask(tmp_path):
    model = utils.make_stack("net")
    path = tmp_path / "w.weights.h5"
    saving_api.save_weights(model, path)
    assert os.stat(path).st_mode & 0o777 == 0o666 & ~saving_lib._UMASK


@keras.saving.register_keras_serializable(package="saving_lib_test")
class ModelKeepingCompileObjects(keras.Model):
    """Returns the `compile()` objects themselves from
    `get_compile_config()`, as custom training code often does."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.dense = keras.layers.Dense(2)

    def call(self, x):
        return self.dense(x)

    def compile(self, optimizer, loss, metrics, **kwargs):
        super().compile(optimizer=optimizer, loss=loss, metrics=metrics)
        self.compile_objects = {
            "optimizer": optimizer,
            "loss": loss,
            "metrics": metrics,
        }

    def get_compile_config(self):
        return self.compile_objects

    def compile_from_config(self, config):
        self.compile(**keras.saving.deserialize_keras_object(config))


def test_compile_config_of_objects_is_serialized(tmp_path):
    model = ModelKeepingCompileObjects()
    model.compile(
        optimizer=keras.optimizers.Adam(learning_rate=0.01),
        loss=keras.losses.mean_squared_error,
        metrics=[keras.metrics.MeanAbsoluteError()],
    )
    x = np.ones((4, 3), "float32")
    model.fit(x, np.zeros((4, 2), "float32"), verbose=0)
    path = str(tmp_path / "model.keras")
    model.save(path)
    with zipfile.ZipFile(path) as archive:
        saved = json.loads(archive.read("config.json"))["compile_config"]
    assert saved["loss"]["config"] == "mean_squared_error"
    assert saved["optimizer"]["class_name"] == "Adam"
    assert saved["metrics"][0]["class_name"] == "MeanAbsoluteError"
    loaded = keras.models.load_model(path)
    assert loaded.loss is keras.losses.mean_squared_error
    np.testing.assert_allclose(loaded.optimizer.learning_rate, 0.01)
    np.testing.assert_allclose(
        loaded.predict(x, verbose=0), model.predict(x, verbose=0)
    )
