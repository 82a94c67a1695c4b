"""`export_onnx`: what the file holds (names, weights, the symbolic batch
dimension, the opset) and the errors of its options. Serving every
format's artifacts is `export_test.py`'s job."""

import numpy as np
import pytest

from keras.src import layers
from keras.src import models
from keras.src.export import onnx as onnx_export

onnx = pytest.importorskip("onnx")


def _dense_model():
    inputs = layers.Input((4,), name="features")
    outputs = layers.Dense(3, name="head")(inputs)
    return models.Model(inputs, outputs)


def _dims(value_info):
    return [
        d.dim_param if d.HasField("dim_param") else d.dim_value
        for d in value_info.type.tensor_type.shape.dim
    ]


def test_file_holds_named_inputs_outputs_and_weights(tmp_path):
    model = _dense_model()
    path = str(tmp_path / "model.onnx")
    onnx_export.export_onnx(model, path, verbose=False)
    proto = onnx.load(path)
    assert [i.name for i in proto.graph.input] == ["features"]
    assert [o.name for o in proto.graph.output] == ["output_0"]
    # The batch dimension is a named symbol, the features fixed.
    assert _dims(proto.graph.input[0]) == ["batch", 4]
    assert _dims(proto.graph.output[0]) == ["batch", 3]
    weights = {
        w.name: onnx.numpy_helper.to_array(w)
        for w in proto.graph.initializer
        if w.name.startswith("head/")
    }
    kernel, bias = model.get_layer("head").weights
    np.testing.assert_array_equal(weights[kernel.path], kernel.numpy())
    np.testing.assert_array_equal(weights[bias.path], bias.numpy())
    assert proto.opset_import[0].version == onnx_export.DEFAULT_OPSET


def test_dict_outputs_are_named_by_their_keys():
    inputs = layers.Input((2,), name="x")
    model = models.Model(
        inputs, {"sum": layers.Dense(1)(inputs), "twice": inputs * 2.0}
    )
    traced = onnx_export.trace_model(model)
    assert traced.input_names == ["x"]
    assert sorted(traced.output_names) == ["sum", "twice"]


def test_names_stay_unique():
    # An output named like an input gets a suffix.
    assert onnx_export._unique(["x", "x", "output_0", "x"]) == [
        "x",
        "x_1",
        "output_0",
        "x_2",
    ]


def test_input_signature_and_opset_version():
    model = _dense_model()
    traced = onnx_export.trace_model(
        model, input_signature=[layers.InputSpec(shape=(None, 4), name="rows")]
    )
    assert traced.input_names == ["rows"]
    proto = onnx_export.to_onnx_model(traced, opset=17)
    assert proto.opset_import[0].version == 17
    with pytest.raises(ValueError, match="opset 13 or later"):
        onnx_export.to_onnx_model(traced, opset=12)


def test_unknown_option_is_rejected(tmp_path):
    with pytest.raises(ValueError, match="is_static"):
        onnx_export.export_onnx(
            _dense_model(), str(tmp_path / "m.onnx"), is_static=True
        )
