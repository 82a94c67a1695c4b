import h5py
import numpy as np
import pytest

from keras.src import backend
from keras.src.layers.layer import Layer
from keras.src.saving import saving_api
from keras.src.saving import saving_test_utils as utils
from keras.src.saving import weights_h5
from keras.src.saving.saving_test_utils import assert_same_values
from keras.src.saving.saving_test_utils import weight_values

X = np.linspace(-1, 1, 8, dtype="float32").reshape(2, 4)


def _save_legacy(model, path):
    """Writes a file in this module's (earlier) layout: `save_weights`
    now writes the object-tree one, and `load_weights` reads both."""
    weights_h5.write_weights(model, str(path))


def test_file_layout(tmp_path):
    model = utils.make_stack("net")
    path = str(tmp_path / "w.weights.h5")
    _save_legacy(model, path)
    with h5py.File(path, "r") as f:
        assert f.attrs["format"] == "keras-weights"
        assert int(f.attrs["format_version"]) == 1
        kernel = f["layers/net/d0/kernel"]
        assert kernel.shape == (4, 3)
        assert kernel.attrs["path"] == "net/d0/kernel"
        assert kernel.attrs["dtype"] == "float32"
        assert int(kernel.attrs["index"]) == 0
        np.testing.assert_array_equal(kernel[()], model.weights[0].numpy())
        assert "optimizer" not in f


def test_round_trip_by_path(tmp_path):
    model = utils.make_stack("net")
    path = tmp_path / "w.weights.h5"
    _save_legacy(model, path)
    # Same paths, but the model lists (and creates) them in another order.
    other = utils.Stack(
        [utils.TinyDense(2, name="d1"), utils.TinyDense(3, name="d0")],
        name="net",
    )
    with backend.name_scope("net"):
        other.stack[0].build((None, 3))
        other.stack[1].build((None, 4))
    assert other.weights[0].path == "net/d1/kernel"
    saving_api.load_weights(other, path)
    saved = {v.path: v.numpy() for v in model.weights}
    for v in other.weights:
        np.testing.assert_array_equal(v.numpy(), saved[v.path])


def test_round_trip_same_predictions(tmp_path):
    model = utils.make_stack("net")
    expected = np.asarray(model(X))
    path = tmp_path / "w.weights.h5"
    _save_legacy(model, path)
    other = utils.make_stack("net")
    assert not np.allclose(np.asarray(other(X)), expected)
    saving_api.load_weights(other, path)
    np.testing.assert_allclose(np.asarray(other(X)), expected)


def test_auto_name_suffixes_match_by_position(tmp_path):
    model = utils.make_stack("stack", units=(3, 2))
    path = tmp_path / "w.weights.h5"
    _save_legacy(model, path)
    other = utils.Stack(
        [utils.TinyDense(3, name="d0_1"), utils.TinyDense(2, name="d1_4")],
        name="stack_2",
    )
    other.build((None, 4))
    saving_api.load_weights(other, path)
    assert_same_values(weight_values(other), weight_values(model))


def test_user_names_are_not_matched_by_position(tmp_path):
    model = utils.make_stack("net")
    path = tmp_path / "w.weights.h5"
    _save_legacy(model, path)
    other = utils.Stack(
        [utils.TinyDense(3, name="a"), utils.TinyDense(2, name="b")],
        name="net",
    )
    other.build((None, 4))
    with pytest.raises(ValueError, match="net/a/kernel"):
        saving_api.load_weights(other, path)


def test_shape_mismatch_names_file_variable_and_shapes(tmp_path):
    model = utils.make_stack("net", units=(3, 2))
    path = str(tmp_path / "w.weights.h5")
    _save_legacy(model, path)
    other = utils.make_stack("net", units=(3, 5))
    before = weight_values(other)
    with pytest.raises(ValueError) as info:
        saving_api.load_weights(other, path)
    message = str(info.value)
    assert path in message
    assert "net/d1/kernel" in message
    assert "(3, 5)" in message and "(3, 2)" in message
    assert_same_values(weight_values(other), before)


def test_missing_variable_leaves_model_unchanged(tmp_path):
    model = utils.make_stack("net", units=(3, 2))
    path = tmp_path / "w.weights.h5"
    _save_legacy(model, path)
    other = utils.make_stack("net", units=(3, 2, 2))
    before = weight_values(other)
    with pytest.raises(ValueError, match="net/d2/kernel.*missing"):
        saving_api.load_weights(other, path)
    assert_same_values(weight_values(other), before)


def test_unexpected_variable_leaves_model_unchanged(tmp_path):
    model = utils.make_stack("net", units=(3, 2, 2))
    path = tmp_path / "w.weights.h5"
    _save_legacy(model, path)
    other = utils.make_stack("net", units=(3, 2))
    before = weight_values(other)
    with pytest.raises(ValueError, match="layers/net/d2/kernel"):
        saving_api.load_weights(other, path)
    assert_same_values(weight_values(other), before)


def test_skip_mismatch(tmp_path):
    model = utils.make_stack("net", units=(3, 2))
    path = tmp_path / "w.weights.h5"
    _save_legacy(model, path)
    other = utils.make_stack("net", units=(3, 5, 1))
    before = weight_values(other)
    with pytest.warns(UserWarning, match="net/d1/kernel"):
        saving_api.load_weights(other, path, skip_mismatch=True)
    after = weight_values(other)
    np.testing.assert_array_equal(after[0], model.weights[0].numpy())
    np.testing.assert_array_equal(after[2], before[2])
    np.testing.assert_array_equal(after[4], before[4])


def test_duplicate_and_clashing_paths(tmp_path):
    class Odd(Layer):
        def build(self, input_shape):
            with backend.name_scope("odd"):
                self.a = backend.Variable(np.ones((2,)), name="v")
                self.b = backend.Variable(np.full((3,), 2.0), name="v")
                with backend.name_scope("v"):
                    self.c = backend.Variable(np.full((1,), 3.0), name="w")

        def call(self, x):
            return x

    layer = Odd()
    layer.build(None)
    keys = [k for _, k, _ in weights_h5.variable_entries(layer)]
    assert len(set(keys)) == 3 and keys[0].endswith("odd/v")
    path = tmp_path / "w.weights.h5"
    _save_legacy(layer, path)
    for v in layer.weights:
        v.assign(np.zeros(v.shape))
    saving_api.load_weights(layer, path)
    assert [float(v.numpy()[0]) for v in layer.weights] == [1.0, 2.0, 3.0]


def test_bfloat16_round_trip(tmp_path):
    model = utils.make_stack("net", dtype="bfloat16")
    assert backend.standardize_dtype(model.weights[0].dtype) == "bfloat16"
    before = weight_values(model)
    path = str(tmp_path / "w.weights.h5")
    _save_legacy(model, path)
    with h5py.File(path, "r") as f:
        assert f["layers/net/d0/kernel"].attrs["dtype"] == "bfloat16"
    for v in model.weights:
        v.assign(np.zeros(v.shape))
    saving_api.load_weights(model, path)
    assert_same_values(weight_values(model), before)


def test_optimizer_variables_round_trip(tmp_path):
    model = utils.make_stack("net")
    model.compile()
    utils.train_step(model)
    path = tmp_path / "w.weights.h5"
    _save_legacy(model, path)
    with h5py.File(path, "r") as f:
        assert "optimizer/fake_adam/iteration" in f
    other = utils.make_stack("net")
    other.compile()
    assert not other.optimizer.built
    saving_api.load_weights(other, path)
    assert other.optimizer.built
    assert_same_values(weight_values(other), weight_values(model))
    assert_same_values(
        [v.numpy() for v in other.optimizer.variables],
        [v.numpy() for v in model.optimizer.variables],
    )
    # An uncompiled model just takes the layer weights.
    plain = utils.make_stack("net")
    saving_api.load_weights(plain, path)
    assert_same_values(weight_values(plain), weight_values(model))


def test_mismatched_optimizer_is_skipped_with_warning(tmp_path):
    model = utils.make_stack("net")
    model.compile()
    utils.train_step(model)
    path = tmp_path / "w.weights.h5"
    _save_legacy(model, path)
    other = utils.make_stack("net")
    other.compile(slots=2)
    with pytest.warns(UserWarning, match="optimizer"):
        saving_api.load_weights(other, path)
    assert_same_values(weight_values(other), weight_values(model))
    assert int(other.optimizer.iterations.numpy()) == 0


def test_write_streams_one_variable_at_a_time(tmp_path, monkeypatch):
    model = utils.make_stack("net", units=(3, 2, 2))
    live = []
    original = weights_h5._to_storable

    def spy(array):
        live.append(array)
        return original(array)

    monkeypatch.setattr(weights_h5, "_to_storable", spy)
    _save_legacy(model, tmp_path / "w.weights.h5")
    assert len(live) == len(model.weights)


def _corrupt_dataset_bytes(path, name):
    with h5py.File(path, "r") as f:
        offset = f[name].id.get_offset()
        if offset is None:  # chunked: the first chunk
            info = f[name].id.get_chunk_info(0)
            offset, size = info.byte_offset, info.size
        else:
            size = f[name].id.get_storage_size()
    with open(path, "r+b") as f:
        f.seek(offset + size // 2)
        byte = f.read(1)
        f.seek(offset + size // 2)
        f.write(bytes([byte[0] ^ 0xFF]))


@pytest.mark.parametrize("prefetch", [True, False])
def test_corrupted_values_are_detected(tmp_path, monkeypatch, prefetch):
    model = utils.make_stack("net", units=(16, 16))
    path = str(tmp_path / "w.weights.h5")
    _save_legacy(model, path)
    _corrupt_dataset_bytes(path, "layers/net/d1/kernel")
    if not prefetch:
        monkeypatch.setattr(weights_h5, "PREFETCH_BYTES", 0)
    other = utils.make_stack("net", units=(16, 16))
    before = weight_values(other)
    with pytest.raises(ValueError, match="net/d1/kernel") as info:
        saving_api.load_weights(other, path)
    assert path in str(info.value)
    if prefetch:
        assert "not changed" in str(info.value)
        assert_same_values(weight_values(other), before)
    else:
        assert "already assigned" in str(info.value)


def _dropout_model(name="net", rates=(0.5,)):
    import keras

    return keras.Sequential(
        [keras.Input((4,)), keras.layers.Dense(3, name="d0")]
        + [
            keras.layers.Dropout(r, name=f"drop{i}")
            for i, r in enumerate(rates)
        ],
        name=name,
    )


def _seed_states(model):
    return [
        np.asarray(v.value)
        for group, _, v in weights_h5.variable_entries(model)
        if group == weights_h5.SEED_GROUP
    ]


def test_seed_generator_states_round_trip(tmp_path):
    model = _dropout_model()
    model(X, training=True)  # advances the dropout seed generator
    path = str(tmp_path / "w.weights.h5")
    _save_legacy(model, path)
    with h5py.File(path, "r") as f:
        assert "seed_generators/net/drop0/seed_generator" in f
    other = _dropout_model()
    assert not np.array_equal(_seed_states(other)[0], _seed_states(model)[0])
    saving_api.load_weights(other, path)
    np.testing.assert_array_equal(
        _seed_states(other)[0], _seed_states(model)[0]
    )
    np.testing.assert_array_equal(
        np.asarray(other(X, training=True)), np.asarray(model(X, training=True))
    )


def test_seed_generator_states_are_optional(tmp_path):
    model = _dropout_model()
    path = str(tmp_path / "w.weights.h5")
    _save_legacy(model, path)
    with h5py.File(path, "r+") as f:
        del f["seed_generators"]
    other = _dropout_model()
    seeds = _seed_states(other)
    saving_api.load_weights(other, path)  # no error, no warning needed
    assert_same_values(weight_values(other), weight_values(model))
    assert_same_values(_seed_states(other), seeds)
    # A model with another number of seed generators: the weights load,
    # the seed states are left alone with a warning.
    _save_legacy(_dropout_model(rates=(0.5, 0.5)), path)
    other = _dropout_model()
    seeds = _seed_states(other)
    with pytest.warns(UserWarning, match="seed generator"):
        saving_api.load_weights(other, path)
    assert_same_values(_seed_states(other), seeds)


def test_datasets_stored_in_other_files_are_refused(tmp_path):
    elsewhere = tmp_path / "elsewhere.bin"
    np.arange(4, dtype="float32").tofile(elsewhere)
    path = tmp_path / "w.h5"
    with h5py.File(path, "w") as f:
        f.create_dataset(
            "external",
            shape=(4,),
            dtype="float32",
            external=[(elsewhere, 0, 16)],
        )
        layout = h5py.VirtualLayout(shape=(4,), dtype="float32")
        layout[:] = h5py.VirtualSource(str(tmp_path / "other.h5"), "x", (4,))
        f.create_virtual_dataset("virtual", layout)
        f.create_dataset("plain", data=np.zeros(4, "float32"))
    with h5py.File(path, "r") as f:
        assert weights_h5.safe_get_h5_dataset(f, "plain").shape == (4,)
        with pytest.raises(ValueError, match="externally stored dataset"):
            weights_h5.safe_get_h5_dataset(f, "external")
        with pytest.raises(ValueError, match="'virtual': it is a virtual"):
            weights_h5.safe_get_h5_dataset(f, "virtual")
