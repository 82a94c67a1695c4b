import h5py
import ml_dtypes
import numpy as np
import pytest

import keras
from keras.src.saving import object_tree
from keras.src.saving import weights_h5

X = np.linspace(-1, 1, 12, dtype="float32").reshape(2, 6)


def _datasets(path):
    found = {}

    def collect(name, obj):
        if isinstance(obj, h5py.Dataset):
            found[name] = obj.shape

    with h5py.File(path, "r") as f:
        f.visititems(collect)
        names = {
            name: f[name].attrs.get("name")
            for name in ("vars", "layers/dense/vars")
            if name in f
        }
        root_attrs = dict(f.attrs)
    return found, names, root_attrs


class Block(keras.layers.Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._inner = keras.layers.Dense(3)
        self.stack = [keras.layers.Dense(3), keras.layers.Dense(3)]

    def build(self, input_shape):
        self.frozen = self.add_weight(
            shape=(3,), initializer="zeros", trainable=False, name="frozen"
        )
        self.scale = self.add_weight(shape=(3,), initializer="ones")

    def call(self, x):
        y = self._inner(x)
        for layer in self.stack:
            y = layer(y)
        return y * self.scale + self.frozen


class Net(keras.Model):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.block = Block()
        self.head = keras.layers.Dense(2)

    def call(self, x):
        return self.head(self.block(x))


def test_functional_layout_is_upstreams(tmp_path):
    inputs = keras.Input((6,))
    x = keras.layers.Dense(4, name="first")(inputs)
    x = keras.layers.BatchNormalization()(x)
    model = keras.Model(inputs, keras.layers.Dense(2)(x))
    model.compile(optimizer="adam", loss="mse")
    model.train_on_batch(X, np.zeros((2, 2)))
    path = tmp_path / "w.weights.h5"
    model.save_weights(path)
    found, names, root_attrs = _datasets(path)
    assert root_attrs == {}
    assert names == {"vars": model.name, "layers/dense/vars": "first"}
    assert found["layers/dense/vars/0"] == (6, 4)
    assert found["layers/dense_1/vars/0"] == (4, 2)
    assert [found[f"layers/batch_normalization/vars/{i}"] for i in "0123"] == [
        (4,)
    ] * 4
    # iterations, learning rate, then two slots per trainable variable.
    optimizer = [k for k in found if k.startswith("optimizer/vars/")]
    assert len(optimizer) == 2 + 2 * len(model.trainable_variables)
    assert found["optimizer/vars/0"] == ()


def test_subclassed_layout_and_round_trip(tmp_path):
    model = Net()
    model(X)
    path = tmp_path / "w.weights.h5"
    model.save_weights(path)
    found, _, _ = _datasets(path)
    assert sorted(found) == [
        "block/_inner/vars/0",
        "block/_inner/vars/1",
        "block/stack/dense/vars/0",
        "block/stack/dense/vars/1",
        "block/stack/dense_1/vars/0",
        "block/stack/dense_1/vars/1",
        # Trainable first: `scale`, then the non-trainable `frozen`.
        "block/vars/0",
        "block/vars/1",
        "head/vars/0",
        "head/vars/1",
    ]
    with h5py.File(path, "r") as f:
        np.testing.assert_array_equal(f["block/vars/0"][()], np.ones(3))
    other = Net()
    other(X)
    other.load_weights(path)
    np.testing.assert_allclose(other(X), model(X))


def test_missing_and_mismatched_values_leave_model_unchanged(tmp_path):
    def stack(units):
        return keras.Sequential(
            [keras.Input((6,))] + [keras.layers.Dense(u) for u in units]
        )

    path = tmp_path / "w.weights.h5"
    stack((3, 2)).save_weights(path)
    bigger = stack((3, 2, 2))
    before = [v.numpy() for v in bigger.weights]
    with pytest.raises(ValueError, match="received 0 variables"):
        bigger.load_weights(path)
    for v, old in zip(bigger.weights, before):
        np.testing.assert_array_equal(v.numpy(), old)
    with pytest.raises(ValueError, match="shapes must match"):
        stack((4, 2)).load_weights(path)
    with pytest.warns(UserWarning, match="Skipping mismatched"):
        bigger.load_weights(path, skip_mismatch=True)


def test_bfloat16_is_stored_as_opaque_bytes(tmp_path):
    model = keras.Sequential(
        [keras.Input((6,)), keras.layers.Dense(2, dtype="bfloat16")]
    )
    path = tmp_path / "w.weights.h5"
    model.save_weights(path)
    with h5py.File(path, "r") as f:
        dataset = f["layers/dense/vars/0"]
        assert dataset.dtype.kind == "V"
        assert dataset.attrs["dtype"] == "bfloat16"
    expected = model.layers[0].kernel.numpy()
    model.layers[0].kernel.assign(np.zeros((6, 2)))
    model.load_weights(path)
    got = model.layers[0].kernel.numpy()
    assert got.dtype == ml_dtypes.bfloat16
    np.testing.assert_array_equal(got, expected)


def test_seed_generator_state_is_an_optional_extra(tmp_path):
    def model():
        return keras.Sequential(
            [keras.Input((6,)), keras.layers.Dropout(0.5, seed=1)]
        )

    saved = model()
    saved(X, training=True)
    path = tmp_path / "w.weights.h5"
    saved.save_weights(path)
    state = saved.layers[0].seed_generator.state.numpy()
    with h5py.File(path, "r") as f:
        np.testing.assert_array_equal(
            f["layers/dropout/seed_generator/vars/0"][()], state
        )
    other = model()
    other.load_weights(path)
    np.testing.assert_array_equal(
        other.layers[0].seed_generator.state.numpy(), state
    )
    # Files without it (as upstream writes them) load silently.
    with h5py.File(path, "r+") as f:
        del f["layers/dropout/seed_generator"]
    model().load_weights(path)


def test_user_store_keeps_key_order(tmp_path):
    class Scaler(keras.layers.Layer):
        def build(self, input_shape):
            self.scale = self.add_weight(shape=(), initializer="ones")

        def call(self, x):
            return x * self.scale

        def save_own_variables(self, store):
            store["scale"] = self.scale
            store["extra"] = np.arange(3)

        def load_own_variables(self, store):
            assert list(store.keys()) == ["scale", "extra"]
            self.scale.assign(store["scale"] + 1)

    # Hooks count as user code when defined outside the keras package.
    Scaler.__module__ = "user_code"
    model = keras.Sequential([keras.Input((6,)), Scaler()])
    path = tmp_path / "w.weights.h5"
    model.save_weights(path)
    model.load_weights(path)
    assert float(model.layers[0].scale.numpy()) == 2.0


def test_earlier_path_keyed_files_still_load(tmp_path):
    model = Net()
    model(X)
    path = str(tmp_path / "w.weights.h5")
    weights_h5.write_weights(model, path)
    with h5py.File(path, "r") as f:
        assert f.attrs["format"] == weights_h5.FORMAT_NAME
    other = Net()
    other(X)
    other.load_weights(path)
    np.testing.assert_allclose(other(X), model(X))


def test_walk_names_list_items_by_class_counting_visited_ones():
    class Holder(keras.layers.Layer):
        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self.a = keras.layers.Dense(1)
            self.b_list = [self.a, keras.layers.Dense(1)]

    paths = [node.path for node in object_tree.walk(Holder())]
    assert paths == ["", "a", "b_list/dense_1"]
