"""Layer hooks, assets, sharded and legacy files, file objects, skipped
objects and structural matching, with real Keras models."""

import io
import json
import os
import zipfile

import h5py
import numpy as np
import pytest

import keras
from keras.src.saving import saving_lib
from keras.src.saving import weights_h5

X = np.linspace(-1, 1, 32, dtype="float32").reshape(8, 4)


def _sequential(units=(3, 2), name=None):
    return keras.Sequential(
        [keras.Input((4,))] + [keras.layers.Dense(u) for u in units],
        name=name,
    )


def _predict(model):
    return np.asarray(model(X))


@keras.saving.register_keras_serializable(package="formats_test")
class Scaler(keras.layers.Layer):
    """Keeps its scale in `save_own_variables` and a text asset."""

    # Hooks count as user code only outside the `keras` package.
    __module__ = "user_code"

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.note = "unset"

    def build(self, input_shape):
        self.scale = self.add_weight(shape=(), initializer="ones", name="s")

    def call(self, x):
        return x * self.scale

    def save_own_variables(self, store):
        store["scale"] = self.scale
        store["extra"] = np.arange(3)

    def load_own_variables(self, store):
        assert list(store.keys()) == ["scale", "extra"]
        self.scale.assign(store["scale"])
        self.extra = store["extra"]

    def save_assets(self, dirpath):
        with open(os.path.join(dirpath, "note.txt"), "w") as f:
            f.write(self.note)

    def load_assets(self, dirpath):
        with open(os.path.join(dirpath, "note.txt")) as f:
            self.note = f.read()


def _scaled_model():
    model = keras.Sequential(
        [keras.Input((4,)), keras.layers.Dense(2), Scaler(name="scaler")]
    )
    model.layers[1].scale.assign(3.0)
    model.layers[1].note = "hello"
    return model


@pytest.mark.parametrize("zipped", [True, False])
def test_user_hooks_and_assets_round_trip(tmp_path, zipped):
    model = _scaled_model()
    path = str(tmp_path / ("m.keras" if zipped else "m_dir"))
    model.save(path, zipped=zipped)
    if zipped:
        with zipfile.ZipFile(path) as zf:
            names = zf.namelist()
        assert any(n.startswith("assets/") and "note.txt" in n for n in names)
    loaded = keras.saving.load_model(path)
    scaler = loaded.layers[1]
    assert float(scaler.scale.numpy()) == 3.0
    np.testing.assert_array_equal(scaler.extra, np.arange(3))
    assert scaler.note == "hello"
    np.testing.assert_allclose(_predict(loaded), _predict(model))


def test_user_hook_errors_propagate(tmp_path):
    model = _scaled_model()
    path = tmp_path / "m.keras"
    model.save(path)

    def failing(self, store):
        raise RuntimeError("hook failed")

    Scaler.save_own_variables, original = failing, Scaler.save_own_variables
    try:
        with pytest.raises(RuntimeError, match="hook failed"):
            model.save(path)
    finally:
        Scaler.save_own_variables = original
    # The previous file is intact.
    assert keras.saving.load_model(path).layers[1].note == "hello"


def test_sharded_weights_round_trip_and_stale_shards(tmp_path):
    model = _sequential(units=(64, 64, 2))
    path = tmp_path / "w.weights.json"
    model.save_weights(path, max_shard_size=17 * 1024 / 1024**3)
    shards = sorted(n for n in os.listdir(tmp_path) if n.endswith(".h5"))
    assert len(shards) > 1 and shards[0] == "w_00000.weights.h5"
    other = _sequential(units=(64, 64, 2))
    other.load_weights(path)
    np.testing.assert_allclose(_predict(other), _predict(model))
    # A save with fewer shards removes the ones it no longer lists.
    model.save_weights(path, max_shard_size=1)
    assert sorted(os.listdir(tmp_path)) == ["w.weights.json", shards[0]]
    other = _sequential(units=(64, 64, 2))
    other.load_weights(path)
    np.testing.assert_allclose(_predict(other), _predict(model))
    with pytest.raises(ValueError, match="weights.json"):
        model.save_weights(tmp_path / "w.weights.h5", max_shard_size=1)


def _h5_values(paths):
    """`{dataset path: value}` over the HDF5 files `paths`."""
    values = {}

    def collect(name, obj):
        if isinstance(obj, h5py.Dataset):
            assert name not in values, name
            values[name] = np.asarray(obj)

    for path in paths:
        with h5py.File(path, "r") as f:
            f.visititems(collect)
    return values


def _lora_sequential():
    model = _sequential(units=(64, 64, 2))
    model.layers[0].enable_lora(4)
    model.layers[0].lora_kernel_b.assign(np.full((4, 64), 0.01, "float32"))
    return model


def test_sharded_weights_hold_what_one_file_holds(tmp_path):
    # The same groups and values as `.weights.h5` (LoRA layers: merged
    # kernel in `vars`, exact state in `lora_state/vars`), spread over
    # shards; a group may continue in the next shard.
    model = _lora_sequential()
    model.save_weights(tmp_path / "one.weights.h5")
    path = tmp_path / "w.weights.json"
    model.save_weights(path, max_shard_size=17 * 1024 / 1024**3)
    with open(path) as f:
        index = json.load(f)
    shards = index["metadata"]["shards"]
    assert len(shards) > 1
    assert "format" not in index["metadata"]
    assert set(index["weight_map"]) == {
        "/layers/dense/vars",
        "/layers/dense/lora_state/vars",
        "/layers/dense_1/vars",
        "/layers/dense_2/vars",
    }
    one = _h5_values([tmp_path / "one.weights.h5"])
    sharded = _h5_values([tmp_path / name for name in shards])
    assert sorted(sharded) == sorted(one)
    for name, value in one.items():
        np.testing.assert_array_equal(sharded[name], value, err_msg=name)
    dense = model.layers[0]
    merged = np.asarray(dense.kernel)  # kernel + delta
    np.testing.assert_allclose(sharded["layers/dense/vars/0"], merged)
    np.testing.assert_array_equal(
        sharded["layers/dense/lora_state/vars/0"], dense._kernel.numpy()
    )
    # A LoRA model resumes exactly; a plain one gets the merged kernel.
    resumed = _lora_sequential()
    resumed.layers[0].lora_kernel_b.assign(np.zeros((4, 64), "float32"))
    resumed.load_weights(path)
    np.testing.assert_array_equal(
        resumed.layers[0].lora_kernel_b.numpy(), dense.lora_kernel_b.numpy()
    )
    np.testing.assert_allclose(_predict(resumed), _predict(model))
    plain = _sequential(units=(64, 64, 2))
    plain.load_weights(path)
    np.testing.assert_allclose(np.asarray(plain.layers[0].kernel), merged)
    np.testing.assert_allclose(_predict(plain), _predict(model), atol=1e-6)


def test_earlier_path_keyed_sharded_files_still_load(tmp_path):
    model = _sequential()
    weights_h5.write_weights(model, str(tmp_path / "w_00000.weights.h5"))
    with open(tmp_path / "w.weights.json", "w") as f:
        json.dump(
            {
                "metadata": {"format": weights_h5.FORMAT_NAME},
                "weight_map": {"/layers": ["w_00000.weights.h5"]},
            },
            f,
        )
    other = _sequential()
    other.load_weights(tmp_path / "w.weights.json")
    np.testing.assert_allclose(_predict(other), _predict(model))


def test_file_object_round_trip():
    model = _sequential()
    buffer = io.BytesIO()
    saving_lib.save_model(model, buffer)
    buffer.seek(0)
    loaded = saving_lib.load_model(buffer)
    np.testing.assert_allclose(_predict(loaded), _predict(model))


def test_objects_to_skip(tmp_path):
    model = _sequential()
    path = tmp_path / "w.weights.h5"
    model.save_weights(path, objects_to_skip=[model.layers[0]])
    names = []

    def collect(name, obj):
        if isinstance(obj, h5py.Dataset):
            names.append(name)

    with h5py.File(path, "r") as f:
        f["layers"].visititems(collect)
    assert len(names) == 2  # the second layer only
    other = _sequential()
    before = other.layers[0].kernel.numpy()
    other.load_weights(path, objects_to_skip=[other.layers[0]])
    np.testing.assert_array_equal(other.layers[0].kernel.numpy(), before)
    np.testing.assert_array_equal(
        other.layers[1].kernel.numpy(), model.layers[1].kernel.numpy()
    )
    # Without the skip the same file lacks the first layer.
    with pytest.raises(ValueError, match="received 0 variables"):
        _sequential().load_weights(path)


def test_structural_matching_across_names_and_partial_loads(tmp_path):
    model = _sequential(name="first_name")
    path = tmp_path / "w.weights.h5"
    model.save_weights(path)
    renamed = _sequential(name="another_name")
    renamed.load_weights(path)
    np.testing.assert_allclose(_predict(renamed), _predict(model))
    bigger = _sequential(units=(3, 2, 5))
    with pytest.raises(ValueError, match="received 0 variables"):
        bigger.load_weights(path)
    with pytest.warns(UserWarning):
        bigger.load_weights(path, skip_mismatch=True)
    for i in range(2):
        np.testing.assert_array_equal(
            bigger.layers[i].kernel.numpy(), model.layers[i].kernel.numpy()
        )
    wider = _sequential(units=(3, 4))
    with pytest.raises(ValueError, match="must match"):
        wider.load_weights(path)


def test_unbuilt_models_are_refused(tmp_path):
    class Net(keras.Model):
        def __init__(self):
            super().__init__()
            self.dense = keras.layers.Dense(2)

        def call(self, x):
            return self.dense(x)

    path = tmp_path / "w.weights.h5"
    with pytest.raises(ValueError, match="not yet been built"):
        Net().save_weights(path)
    built = Net()
    built(X)
    built.save_weights(path)
    with pytest.raises(ValueError, match="not yet been built"):
        Net().load_weights(path)


def test_shape_bomb_and_links_are_refused(tmp_path):
    model = _sequential()
    path = str(tmp_path / "w.weights.h5")
    model.save_weights(path)
    with h5py.File(path, "r+") as f:
        name = "layers/dense/vars/0"
        del f[name]
        f.create_dataset(name, shape=(2**45,), dtype="float64", chunks=(1024,))
    with pytest.raises(ValueError, match="shape bomb"):
        _sequential().load_weights(path)
    model.save_weights(path)
    with h5py.File(path, "r+") as f:
        f["layers/extra"] = h5py.SoftLink("/layers")
    with pytest.raises(ValueError, match="SoftLink"):
        _sequential().load_weights(path)


def test_keras_archive_bombs_are_refused(tmp_path, monkeypatch):
    model = _sequential()
    good = tmp_path / "good.keras"
    model.save(good)
    with zipfile.ZipFile(good) as zf:
        members = {n: zf.read(n) for n in zf.namelist()}
    evil = tmp_path / "evil.keras"
    with zipfile.ZipFile(evil, "w") as zf:
        for name, data in members.items():
            zf.writestr(name, data)
        info = zipfile.ZipInfo("assets/big.bin")
        info.compress_type = zipfile.ZIP_DEFLATED
        zf.writestr(info, b"\0" * 100_000)
    monkeypatch.setattr(saving_lib, "_ZIP_EXTRACT_BOMB_FLOOR_BYTES", 1000)
    with pytest.raises(ValueError, match="decompression bomb"):
        keras.saving.load_model(evil)


def test_legacy_h5_weights_by_position_and_name(tmp_path):
    from keras.src.legacy.saving import legacy_h5_format

    model = _sequential()
    path = tmp_path / "m.h5"
    legacy_h5_format.save_model_to_hdf5(model, path)
    other = _sequential()
    other.load_weights(path)
    np.testing.assert_allclose(_predict(other), _predict(model))
    wider = _sequential(units=(3, 4))
    with pytest.raises(ValueError, match="Shape mismatch"):
        wider.load_weights(path)
    with h5py.File(tmp_path / "link.h5", "w") as f:
        f["model_weights"] = h5py.ExternalLink(str(path), "/model_weights")
    with pytest.raises(ValueError, match="ExternalLink"):
        _sequential().load_weights(tmp_path / "link.h5")


def test_variable_entries_leave_out_hooked_layers():
    model = _scaled_model()
    keys = [k for _, k, _ in weights_h5.variable_entries(model)]
    assert not any("scaler" in k for k in keys)
    assert [layer.name for layer in weights_h5.hook_layers(model)] == ["scaler"]
