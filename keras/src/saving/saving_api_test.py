"""Saving real Keras models: Sequential, functional and subclassed."""

import zipfile

import h5py
import numpy as np
import pytest

import keras

X = np.linspace(-1, 1, 32, dtype="float32").reshape(8, 4)
Y = np.linspace(0, 1, 16, dtype="float32").reshape(8, 2)


def sequential():
    return keras.Sequential(
        [
            keras.Input((4,)),
            keras.layers.Dense(3, activation="relu", name="d1"),
            keras.layers.Dense(2, name="d2"),
        ]
    )


def functional():
    inputs = keras.Input((4,))
    x = keras.layers.Dense(3, activation="relu", name="d1")(inputs)
    outputs = keras.layers.Dense(2, name="d2")(x)
    return keras.Model(inputs, outputs)


@keras.saving.register_keras_serializable(package="saving_api_test")
class Subclassed(keras.Model):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.d1 = keras.layers.Dense(3, activation="relu", name="d1")
        self.d2 = keras.layers.Dense(2, name="d2")

    def call(self, x):
        return self.d2(self.d1(x))


def subclassed():
    model = Subclassed()
    model(X[:1])
    return model


BUILDERS = {
    "sequential": sequential,
    "functional": functional,
    "subclassed": subclassed,
}


def _predict(model):
    return np.asarray(model(X))


@pytest.mark.parametrize("kind", sorted(BUILDERS))
def test_weights_round_trip(tmp_path, kind):
    model = BUILDERS[kind]()
    expected = _predict(model)
    path = tmp_path / "m.weights.h5"
    model.save_weights(path)
    other = BUILDERS[kind]()
    assert not np.allclose(_predict(other), expected)
    other.load_weights(path)
    np.testing.assert_allclose(_predict(other), expected, rtol=1e-6)


@pytest.mark.parametrize("kind", sorted(BUILDERS))
def test_keras_round_trip_restores_compiled_state(tmp_path, kind):
    model = BUILDERS[kind]()
    model.compile(optimizer=keras.optimizers.Adam(0.01), loss="mse")
    model.fit(X, Y, epochs=2, batch_size=4, verbose=0)
    path = tmp_path / "m.keras"
    model.save(path)
    loaded = keras.saving.load_model(path)
    assert loaded.get_config() == model.get_config()
    np.testing.assert_allclose(_predict(loaded), _predict(model), rtol=1e-6)
    assert isinstance(loaded.optimizer, keras.optimizers.Adam)
    assert loaded.loss == "mse"
    saved = [v.numpy() for v in model.optimizer.variables]
    restored = [v.numpy() for v in loaded.optimizer.variables]
    assert len(saved) == len(restored) > 2
    for a, b in zip(saved, restored):
        np.testing.assert_array_equal(a, b)
    # Training resumes exactly where it stopped.
    model.fit(X, Y, epochs=1, batch_size=4, verbose=0, shuffle=False)
    loaded.fit(X, Y, epochs=1, batch_size=4, verbose=0, shuffle=False)
    np.testing.assert_allclose(_predict(loaded), _predict(model), rtol=1e-5)


def test_keras_models_aliases(tmp_path):
    model = sequential()
    path = tmp_path / "m.keras"
    keras.models.save_model(model, path)
    loaded = keras.models.load_model(path, compile=False)
    np.testing.assert_allclose(_predict(loaded), _predict(model), rtol=1e-6)
    other = sequential()
    keras.saving.load_weights(other, path)
    np.testing.assert_allclose(_predict(other), _predict(model), rtol=1e-6)


def test_model_methods_check_suffixes(tmp_path):
    model = sequential()
    with pytest.raises(ValueError, match=r"\.weights\.h5"):
        model.save_weights(tmp_path / "m.h5")
    with pytest.raises(ValueError, match=r"\.keras"):
        model.save(tmp_path / "m.txt")
    with pytest.raises(ValueError, match="should not end in"):
        model.save(tmp_path / "m.keras", zipped=False)
    with pytest.raises(ValueError, match="save_format"):
        model.save(tmp_path / "m", save_format="keras")
    with pytest.raises(ValueError, match="File format not supported"):
        model.load_weights(tmp_path / "m.pkl")


def test_save_format_is_ignored_when_the_extension_names_the_format(
    tmp_path,
):
    # Keras 2 scripts (and libraries such as keras-hub) still pass it.
    model = sequential()
    model.save(tmp_path / "a.keras", save_format="keras_v3")
    model.save(tmp_path / "b.keras", save_format="h5")
    model.save(tmp_path / "c.h5", save_format="tf")
    assert zipfile.is_zipfile(tmp_path / "a.keras")
    assert zipfile.is_zipfile(tmp_path / "b.keras")
    with h5py.File(tmp_path / "c.h5", "r") as f:
        assert "model_config" in f.attrs
    x = np.ones((2, 4), "float32")
    for name in ("a.keras", "b.keras", "c.h5"):
        loaded = keras.saving.load_model(tmp_path / name)
        np.testing.assert_allclose(loaded.predict(x, verbose=0), model(x))


def test_legacy_h5_model_round_trip(tmp_path):
    model = sequential()
    path = tmp_path / "m.h5"
    model.save(path)
    with h5py.File(path, "r") as f:
        assert "model_config" in f.attrs
        assert "layer_names" in f["model_weights"].attrs
    loaded = keras.saving.load_model(path)
    np.testing.assert_allclose(_predict(loaded), _predict(model), rtol=1e-6)
    other = sequential()
    other.load_weights(path)
    np.testing.assert_allclose(_predict(other), _predict(model), rtol=1e-6)
    other = sequential()
    other.load_weights(path, by_name=True)
    with pytest.raises(ValueError, match="by_name"):
        other.load_weights(tmp_path / "x.weights.h5", by_name=True)


def test_shape_mismatch_leaves_real_model_unchanged(tmp_path):
    model = sequential()
    path = str(tmp_path / "m.weights.h5")
    model.save_weights(path)
    other = keras.Sequential(
        [
            keras.Input((4,)),
            keras.layers.Dense(3, name="d1"),
            keras.layers.Dense(5, name="d2"),
        ]
    )
    before = [v.numpy() for v in other.weights]
    with pytest.raises(ValueError, match="d2/kernel") as info:
        other.load_weights(path)
    assert path in str(info.value)
    assert "(3, 5)" in str(info.value) and "(3, 2)" in str(info.value)
    for v, b in zip(other.weights, before):
        np.testing.assert_array_equal(v.numpy(), b)


def test_lambda_layer_safe_mode(tmp_path):
    inputs = keras.Input((4,))
    x = keras.layers.Dense(2, name="d")(inputs)
    outputs = keras.layers.Lambda(lambda t: t * 3.0, name="triple")(x)
    model = keras.Model(inputs, outputs)
    path = tmp_path / "m.keras"
    model.save(path)
    with pytest.raises(ValueError, match="safe_mode"):
        keras.saving.load_model(path)
    loaded = keras.saving.load_model(path, safe_mode=False)
    np.testing.assert_allclose(_predict(loaded), _predict(model), rtol=1e-6)


@pytest.mark.multi_device
def test_sharded_variables_round_trip(tmp_path):
    import jax

    if len(jax.devices()) < 8:
        pytest.skip("needs 8 devices")
    mesh = keras.distribution.DeviceMesh((2, 4), ("batch", "model"))
    layout_map = keras.distribution.LayoutMap(mesh)
    layout_map["d1/kernel"] = (None, "model")
    layout_map["d1/bias"] = ("model",)
    distribution = keras.distribution.ModelParallel(
        layout_map=layout_map, batch_dim_name="batch"
    )

    def build():
        return keras.Sequential(
            [keras.Input((4,)), keras.layers.Dense(8, name="d1")]
        )

    with distribution.scope():
        model = build()
        path = tmp_path / "m.weights.h5"
        model.save_weights(path)
        other = build()
        sharding = other.weights[0].value.sharding
        assert len(sharding.device_set) == 8
        other.load_weights(path)
    assert other.weights[0].value.sharding == sharding
    for a, b in zip(other.weights, model.weights):
        np.testing.assert_array_equal(a.numpy(), b.numpy())
