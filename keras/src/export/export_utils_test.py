"""Input signatures, export options and package errors."""

import numpy as np
import pytest

import keras
from keras.src import layers
from keras.src import models
from keras.src.export import export_utils
from keras.src.testing import parity

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
    with pytest.raises(ValueError, match=r"format='onnx'.*'bogus'"):
        model.export(str(tmp_path / "m.onnx"), format="onnx", bogus=1)
    with pytest.raises(ValueError, match="`.xml`"):
        model.export(str(tmp_path / "m.onnx"), format="openvino")


def test_missing_onnx_is_named_with_the_extra(tmp_path, monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "onnx", None)
    model = models.Sequential([layers.Input((3,)), layers.Dense(2)])
    for format, path in (("onnx", "m.onnx"), ("openvino", "m.xml")):
        with pytest.raises(ImportError, match=r"`onnx`.*keras\[export\]"):
            model.export(str(tmp_path / path), format=format)


def test_onnx_opset_version_is_written(tmp_path):
    onnx = pytest.importorskip("onnx")
    model = models.Sequential([layers.Input((3,)), layers.Dense(2)])
    path = str(tmp_path / "m.onnx")
    model.export(path, format="onnx", opset_version=17, verbose=False)
    assert onnx.load(path).opset_import[0].version == 17
    model.export(path, format="onnx", verbose=False)
    assert onnx.load(path).opset_import[0].version == 23
    with pytest.raises(ValueError, match="opset_version=11"):
        model.export(path, format="onnx", opset_version=11)


def test_openvino_writes_the_xml_and_its_weights(tmp_path):
    pytest.importorskip("onnx")
    pytest.importorskip("openvino")
    model = models.Sequential([layers.Input((3,)), layers.Dense(2)])
    model.export(str(tmp_path / "m.xml"), format="openvino", verbose=False)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.bin", "m.xml"]


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
    parity.assert_outputs_close(
        loaded.serve(x).numpy(), model.predict(x, verbose=0)
    )


def _serve_saved_model(path, x):
    loaded = tf.saved_model.load(path)  # kept alive for the call
    return loaded.serve(x).numpy()


def _serve_onnx(path, x):
    onnxruntime = pytest.importorskip("onnxruntime")
    session = onnxruntime.InferenceSession(path)
    return session.run(None, {session.get_inputs()[0].name: x})[0]


@pytest.mark.parity
@pytest.mark.multi_device
@pytest.mark.parametrize(
    "format, filename, serve",
    [
        ("tf_saved_model", "m", _serve_saved_model),
        ("onnx", "m.onnx", _serve_onnx),
    ],
)
def test_export_from_a_sharded_model(tmp_path, format, filename, serve):
    if format == "onnx":
        pytest.importorskip("onnx")
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
        path = str(tmp_path / filename)
        model.export(path, format=format, verbose=False)
    # Sums of 8 and 16 float32 products, reordered by the sharding.
    parity.assert_outputs_close(serve(path, x[:5]), expected[:5])
