"""Input signatures, export options and package errors."""

import numpy as np
import pytest

import keras
from keras.src import layers
from keras.src import models
from keras.src.export import export_utils

tf = pytest.importorskip("tensorflow")


def test_missing_package_names_it_and_the_extra():
    with pytest.raises(ImportError, match=r"`no_such_pkg`.*keras\[export\]"):
        export_utils.require("no_such_module", "no_such_pkg", "onnx")


def test_polymorphic_shapes_share_the_batch_dimension():
    specs = [
        [tf.TensorSpec((None, 3)), tf.TensorSpec((None, None, 2))],
        {"x": tf.TensorSpec((4, None))},
    ]
    assert export_utils.polymorphic_shapes(specs) == [
        ["(batch, 3)", "(batch, d0, 2)"],
        {"x": "(4, d1)"},
    ]


def test_signature_of_a_subclassed_model_with_two_call_arguments():
    class TwoInputs(models.Model):
        def build(self, y_shape, x_shape):
            self.dense = layers.Dense(2)
            self.dense.build(x_shape)

        def call(self, x, y):
            return self.dense(x) + y

    model = TwoInputs()
    model(np.ones((3, 4), "float32"), np.ones((3, 2), "float32"))
    signature = export_utils.get_input_signature(model)
    assert [tuple(s.shape) for s in signature] == [(None, 4), (None, 2)]


def test_unknown_export_options_are_refused(tmp_path):
    model = models.Sequential([layers.Input((3,)), layers.Dense(2)])
    with pytest.raises(ValueError, match=r"Unrecognized arguments.*'bogus'"):
        model.export(str(tmp_path / "m"), bogus=1)
    with pytest.raises(ValueError, match="`.tflite`"):
        model.export(str(tmp_path / "m.txt"), format="litert")
    with pytest.raises(ValueError, match="Unrecognized format='nope'"):
        model.export(str(tmp_path / "m"), format="nope")
    for format in ("onnx", "openvino"):
        with pytest.raises(NotImplementedError, match="XlaCallModule"):
            model.export(str(tmp_path / "m"), format=format)


def test_existing_folder_keeps_its_other_files(tmp_path):
    model = models.Sequential([layers.Input((3,)), layers.Dense(2)])
    (tmp_path / "notes.txt").write_text("keep me")
    model.export(str(tmp_path), verbose=False)
    assert (tmp_path / "notes.txt").read_text() == "keep me"
    assert (tmp_path / "saved_model.pb").exists()
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]


@pytest.mark.parity
def test_is_static_embeds_the_weights(tmp_path):
    keras.utils.set_random_seed(0)
    model = models.Sequential([layers.Input((3,)), layers.Dense(2)])
    model.export(str(tmp_path / "m"), is_static=True, verbose=False)
    loaded = tf.saved_model.load(str(tmp_path / "m"))
    graph = loaded.serve.concrete_functions[0].graph
    assert "ReadVariableOp" not in {op.type for op in graph.get_operations()}
    x = np.ones((4, 3), "float32")
    np.testing.assert_allclose(
        loaded.serve(x).numpy(), model.predict(x, verbose=0), rtol=1e-6
    )


@pytest.mark.parity
@pytest.mark.multi_device
def test_export_from_a_sharded_model(tmp_path):
    mesh = keras.distribution.DeviceMesh((4, 2), ("model", "batch"))
    layout_map = keras.distribution.LayoutMap(mesh)
    # FSDP-style: every kernel is split over both axes.
    layout_map["d1/kernel"] = ("batch", "model")
    layout_map["d2/kernel"] = ("model", "batch")
    distribution = keras.distribution.ModelParallel(
        layout_map=layout_map, batch_dim_name="batch"
    )
    with distribution.scope():
        keras.utils.set_random_seed(0)
        model = models.Sequential(
            [
                layers.Input((8,)),
                layers.Dense(16, activation="relu", name="d1"),
                layers.Dense(4, name="d2"),
            ]
        )
        assert len(model.get_layer("d1").kernel.value.sharding.device_set) == 8
        x = np.random.default_rng(0).normal(size=(6, 8)).astype("float32")
        expected = model.predict(x, verbose=0)
        model.export(str(tmp_path / "m"), verbose=False)
    loaded = tf.saved_model.load(str(tmp_path / "m"))
    # Sums of 8 and 16 float32 products, reordered by the sharding.
    np.testing.assert_allclose(
        loaded.serve(x[:5]).numpy(), expected[:5], rtol=1e-5, atol=1e-6
    )
