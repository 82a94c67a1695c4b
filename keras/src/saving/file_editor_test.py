import h5py
import ml_dtypes
import numpy as np
import pytest

import keras
from keras.src.saving.file_editor import KerasFileEditor


def _two_dense(seed=0):
    keras.utils.set_random_seed(seed)
    inputs = keras.Input((2,))
    x = keras.layers.Dense(3, name="first")(inputs)
    outputs = keras.layers.Dense(4, name="last")(x)
    return keras.Model(inputs, outputs)


def _three_dense():
    inputs = keras.Input((2,))
    x = keras.layers.Dense(3, name="first")(inputs)
    x = keras.layers.Dense(3, name="middle")(x)
    outputs = keras.layers.Dense(4, name="last")(x)
    return keras.Model(inputs, outputs)


def test_reads_keras_file_weights_config_and_metadata(tmp_path):
    model = _two_dense()
    path = str(tmp_path / "m.keras")
    model.save(path)
    editor = KerasFileEditor(path)
    assert list(editor.weights_dict) == ["layers"]
    assert list(editor.weights_dict["layers"]) == ["dense", "dense_1"]
    kernel, bias = model.layers[2].get_weights()
    np.testing.assert_array_equal(
        editor.weights_dict["layers"]["dense_1"]["0"], kernel
    )
    np.testing.assert_array_equal(
        editor.weights_dict["layers"]["dense_1"]["1"], bias
    )
    assert editor.object_metadata == {
        "/layers/dense": {"name": "first"},
        "/layers/dense_1": {"name": "last"},
    }
    assert editor.config["class_name"] == "Functional"
    assert editor.metadata["keras_version"] == keras.__version__
    assert editor.filepath == path


def test_weights_file_keeps_nested_objects_and_drops_empty_ones(tmp_path):
    inputs = keras.Input((1, 4))
    x = keras.layers.MultiHeadAttention(2, 3, name="attn")(inputs, inputs)
    x = keras.layers.ReLU()(x)
    model = keras.Model(inputs, x)
    model.compile(optimizer="sgd", loss="mse")
    model.fit(np.ones((2, 1, 4)), np.ones((2, 1, 4)), verbose=0)
    path = str(tmp_path / "m.weights.h5")
    model.save_weights(path)
    editor = KerasFileEditor(path)
    attention = editor.weights_dict["layers"]["multi_head_attention"]
    assert list(attention) == [
        "key_dense",
        "output_dense",
        "query_dense",
        "value_dense",
    ]
    np.testing.assert_array_equal(
        attention["query_dense"]["0"],
        model.layers[1]._query_dense.kernel.numpy(),
    )
    assert "re_lu" not in editor.weights_dict["layers"]
    # SGD without momentum: its iteration count and learning rate.
    assert list(editor.weights_dict["optimizer"]) == ["0", "1"]
    assert editor.weights_dict["optimizer"]["0"] == 1
    assert editor.config is None and editor.metadata is None


def test_compare_counts_each_difference(tmp_path, capsys):
    path = str(tmp_path / "m.keras")
    _two_dense().save(path)
    editor = KerasFileEditor(path)
    assert editor.compare(_two_dense(1)) == {
        "status": "success",
        "error_count": 0,
        "match_count": 4,
    }
    assert "all 4 weights match" in capsys.readouterr().out

    # The file lacks the middle layer and has the last one with a
    # different shape: `dense_1` is (3, 4) in the file, (3, 3) in the model.
    result = editor.compare(_three_dense())
    assert result == {"status": "error", "error_count": 3, "match_count": 2}
    out = capsys.readouterr().out
    assert "Weight /layers/dense_1/0 has shape (3, 4) in the file" in out
    assert "Object /layers/dense_2 is in the model but not" in out

    editor.add_object("layers/extra", {"0": np.zeros(2)})
    editor.delete_weight("dense", "1")
    result = editor.compare(_two_dense())
    assert result == {"status": "error", "error_count": 2, "match_count": 3}
    out = capsys.readouterr().out
    assert "Weight /layers/dense/1 is in the model but not" in out
    assert "Object /layers/extra is in the file but not" in out


def test_edit_then_resave_loads_into_changed_model(tmp_path):
    source = _two_dense()
    path = str(tmp_path / "m.keras")
    source.save(path)
    editor = KerasFileEditor(path)
    # The new model has a middle layer: the old last layer becomes
    # `dense_2`, a new `dense_1` is added in its place.
    editor.rename_object("dense_1", "dense_2")
    middle = {"0": np.full((3, 3), 0.5), "1": np.arange(3.0)}
    editor.add_object("layers/dense_1", middle)
    target = _three_dense()
    assert editor.compare(target)["status"] == "success"
    out_path = str(tmp_path / "edited.weights.h5")
    editor.save(out_path)
    target.load_weights(out_path)
    np.testing.assert_array_equal(
        target.layers[2].kernel.numpy(), np.full((3, 3), 0.5, "float32")
    )
    np.testing.assert_array_equal(
        target.layers[3].kernel.numpy(), source.layers[2].kernel.numpy()
    )
    with h5py.File(out_path, "r") as f:
        # Object names travel with renames; new objects have none.
        assert f["layers/dense_2/vars"].attrs["name"] == "last"
        assert "name" not in f["layers/dense_1/vars"].attrs
        assert f["layers/dense_2/vars/0"].fletcher32
    reread = KerasFileEditor(out_path)
    assert reread.object_metadata["/layers/dense_2"] == {"name": "last"}
    assert reread.weights_dict["layers"]["dense_1"]["1"].dtype == "float64"


def test_resave_keeps_dtypes_hdf5_lacks(tmp_path):
    path = str(tmp_path / "m.weights.h5")
    _two_dense().save_weights(path)
    editor = KerasFileEditor(path)
    value = np.array([1.5, -2.25], dtype=ml_dtypes.bfloat16)
    editor.add_weights("layers/dense", {"2": value})
    out_path = str(tmp_path / "out.weights.h5")
    editor.resave_weights(out_path)
    reread = KerasFileEditor(out_path).weights_dict["layers"]["dense"]["2"]
    assert reread.dtype == value.dtype
    np.testing.assert_array_equal(reread, value)


def test_rename_keeps_order_and_renames_weights(tmp_path):
    path = str(tmp_path / "m.weights.h5")
    _three_dense().save_weights(path)
    editor = KerasFileEditor(path)
    editor.rename_object("layers/dense_1", "renamed")
    assert list(editor.weights_dict["layers"]) == [
        "dense",
        "renamed",
        "dense_2",
    ]
    assert editor.object_metadata["/layers/renamed"] == {"name": "middle"}
    assert "/layers/dense_1" not in editor.object_metadata
    editor.rename_object("layers/renamed/1", "bias")
    assert list(editor.weights_dict["layers"]["renamed"]) == ["0", "bias"]
    editor.delete_object("renamed")
    assert list(editor.weights_dict["layers"]) == ["dense", "dense_2"]
    assert "/layers/renamed" not in editor.object_metadata


def test_edits_refuse_unclear_or_conflicting_names(tmp_path):
    path = str(tmp_path / "m.weights.h5")
    _two_dense().save_weights(path)
    editor = KerasFileEditor(path)
    editor.add_object("other", {})
    editor.add_object("other/dense", {"0": np.zeros(1)})
    with pytest.raises(ValueError, match="Several objects are named 'dense'"):
        editor.delete_object("dense")
    with pytest.raises(ValueError, match="No object named 'nope'"):
        editor.rename_object("nope", "x")
    with pytest.raises(ValueError, match="There is no 'layers/nope'"):
        editor.add_weights("layers/nope", {"0": np.zeros(1)})
    with pytest.raises(ValueError, match="There is no 'missing'"):
        editor.add_object("missing/dense", {"0": np.zeros(1)})
    with pytest.raises(ValueError, match="already exists"):
        editor.add_object("layers/dense", {"0": np.zeros(1)})
    with pytest.raises(ValueError, match="already has an entry"):
        editor.rename_object("layers/dense", "dense_1")
    with pytest.raises(ValueError, match="without '/'"):
        editor.rename_object("layers/dense", "a/b")
    with pytest.raises(
        ValueError, match=r"already has the weight\(s\) \['0'\]"
    ):
        editor.add_weights("dense_1", {"0": np.zeros(1)})
    with pytest.raises(ValueError, match="has no weight '7'"):
        editor.delete_weight("dense_1", "7")
    with pytest.raises(ValueError, match="is a weight, not an object"):
        editor.delete_object("layers/dense_1/0")
    with pytest.raises(ValueError, match="should be a dict"):
        editor.add_weights("dense_1", np.zeros(2))
    with pytest.raises(ValueError, match="not a numeric array"):
        editor.add_weights("dense_1", {"5": object()})
    with pytest.raises(ValueError, match=r"end in `\.weights\.h5`"):
        editor.save(str(tmp_path / "m.keras"))


def test_compare_treats_seed_states_as_optional(tmp_path):
    inputs = keras.Input((2,))
    x = keras.layers.Dropout(0.5)(inputs)
    model = keras.Model(inputs, keras.layers.Dense(2)(x))
    path = str(tmp_path / "m.weights.h5")
    model.save_weights(path)
    editor = KerasFileEditor(path)
    assert "seed_generator" in editor.weights_dict["layers"]["dropout"]
    editor.delete_object("layers/dropout")
    # A file without seed states (as upstream Keras writes) still fits.
    assert editor.compare(model) == {
        "status": "success",
        "error_count": 0,
        "match_count": 2,
    }


def test_summary_prints_origin_and_tree(tmp_path, capsys):
    path = str(tmp_path / "m.keras")
    _two_dense().save(path)
    KerasFileEditor(path).summary()
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"Keras model file: {path}"
    assert lines[1].startswith(f"Written by Keras {keras.__version__} on ")
    assert lines[2:] == [
        "Model: Functional 'functional'",
        "Weights: 4 arrays, 25 values",
        "└─ layers",
        "   ├─ dense ('first')",
        "   │  ├─ 0: shape=(2, 3), dtype=float32",
        "   │  └─ 1: shape=(3,), dtype=float32",
        "   └─ dense_1 ('last')",
        "      ├─ 0: shape=(3, 4), dtype=float32",
        "      └─ 1: shape=(4,), dtype=float32",
    ]


def test_refuses_other_files(tmp_path):
    with pytest.raises(ValueError, match="File not found"):
        KerasFileEditor(str(tmp_path / "absent.keras"))
    other = tmp_path / "m.npz"
    other.write_bytes(b"x")
    with pytest.raises(ValueError, match="`.keras` model file or"):
        KerasFileEditor(str(other))
    legacy = str(tmp_path / "old.weights.h5")
    with h5py.File(legacy, "w") as f:
        f.attrs["format"] = "keras-weights"
        f.create_dataset("layers/dense/kernel", data=np.zeros(2))
    with pytest.raises(ValueError, match="earlier weights layout"):
        KerasFileEditor(legacy)
    stray = str(tmp_path / "stray.weights.h5")
    with h5py.File(stray, "w") as f:
        f.create_dataset("layers/dense/0", data=np.zeros(2))
    with pytest.raises(ValueError, match="Unexpected dataset 'layers/dense/0'"):
        KerasFileEditor(stray)
