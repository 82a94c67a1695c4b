import json

import numpy as np
import pytest

from keras.src import backend
from keras.src import layers
from keras.src import ops
from keras.src.layers.core.input_layer import Input
from keras.src.layers.core.input_layer import InputLayer
from keras.src.models.functional import Functional
from keras.src.models.model import Model
from keras.src.models.model import model_from_json
from keras.src.models.sequential import Sequential
from keras.src.saving import serialization_lib


def _copy_weights(source, target):
    target.set_weights(source.get_weights())


def test_single_input_output():
    x = Input((3,))
    y = layers.Dense(4)(x)
    model = Model(x, y)
    assert isinstance(model, Functional)
    assert isinstance(model, Model)
    assert model.name == "functional"
    assert model.built
    assert [type(layer).__name__ for layer in model.layers] == [
        "InputLayer",
        "Dense",
    ]
    assert model.count_params() == 16
    assert len(model.inputs) == 1 and model.inputs[0] is x
    assert model.input is x and model.output is y
    assert model.input_shape == (None, 3)
    assert model.output_shape == (None, 4)
    data = np.arange(6, dtype="float32").reshape(2, 3)
    dense = model.layers[1]
    expected = data @ dense.kernel.numpy() + dense.bias.numpy()
    out = model(data)
    assert out.shape == (2, 4)
    np.testing.assert_allclose(out, expected, rtol=1e-5, atol=1e-6)
    # Keyword construction too.
    model2 = Model(inputs=x, outputs=y, name="same_graph")
    np.testing.assert_allclose(model2(data), expected, rtol=1e-5, atol=1e-6)


def test_multiple_inputs_and_outputs_lists():
    a = Input((3,), name="a")
    b = Input((2,), name="b")
    h = layers.Concatenate()([layers.Dense(4)(a), layers.Dense(4)(b)])
    out1 = layers.Dense(1, name="out1")(h)
    out2 = layers.Dense(2, name="out2")(h)
    model = Model([a, b], [out1, out2])
    xa = np.ones((5, 3), "float32")
    xb = np.full((5, 2), 2.0, "float32")
    y1, y2 = model([xa, xb])
    assert y1.shape == (5, 1) and y2.shape == (5, 2)
    # The same values when called with a dict keyed by input names.
    z1, z2 = model({"a": xa, "b": xb})
    np.testing.assert_allclose(y1, z1)
    np.testing.assert_allclose(y2, z2)
    # Manual computation.
    d_a, d_b = model.get_layer(index=2), model.get_layer(index=3)
    h_val = np.concatenate(
        [
            xa @ d_a.kernel.numpy() + d_a.bias.numpy(),
            xb @ d_b.kernel.numpy() + d_b.bias.numpy(),
        ],
        axis=-1,
    )
    o1 = model.get_layer("out1")
    np.testing.assert_allclose(
        y1, h_val @ o1.kernel.numpy() + o1.bias.numpy(), rtol=1e-5, atol=1e-5
    )
    with pytest.raises(ValueError, match="expects 2 input"):
        model([xa])


def test_dict_inputs_and_outputs():
    inputs = {"x": Input((3,), name="x"), "y": Input((3,), name="y")}
    s = layers.Add()([inputs["x"], inputs["y"]])
    outputs = {"sum": s, "double": layers.Dense(2)(s)}
    model = Model(inputs, outputs)
    result = model(
        {"x": np.ones((2, 3), "float32"), "y": np.ones((2, 3), "float32")}
    )
    assert isinstance(result, dict)
    assert set(result) == {"sum", "double"}
    np.testing.assert_allclose(result["sum"], np.full((2, 3), 2.0))
    assert result["double"].shape == (2, 2)
    with pytest.raises(ValueError, match="missing"):
        model({"x": np.ones((2, 3), "float32")})


def test_keras_ops_in_graph_and_round_trip():
    x = Input((4,))
    h = layers.Dense(3)(x)
    h = ops.add(h, 1.0)
    h = ops.multiply(h, h)
    h = h[:, 1:]
    y = ops.sum(h, axis=-1, keepdims=True)
    model = Model(x, y)
    data = np.random.RandomState(0).randn(3, 4).astype("float32")
    dense = model.layers[1]
    pre = data @ dense.kernel.numpy() + dense.bias.numpy() + 1.0
    expected = np.sum((pre * pre)[:, 1:], axis=-1, keepdims=True)
    np.testing.assert_allclose(model(data), expected, rtol=1e-5, atol=1e-5)
    # Ops are operations of the graph but not layers.
    assert len(model.operations) > len(model.layers)

    config = model.get_config()
    json.dumps(config)  # JSON compatible.
    clone = Functional.from_config(config)
    _copy_weights(model, clone)
    np.testing.assert_allclose(clone(data), model(data), rtol=1e-6)


def test_get_config_format():
    x = Input((3,), name="inp")
    y = layers.Dense(2, name="d")(x)
    model = Model(x, y, name="m")
    config = model.get_config()
    assert set(config) == {
        "name",
        "trainable",
        "layers",
        "input_layers",
        "output_layers",
    }
    assert config["name"] == "m"
    assert config["trainable"] is True
    assert config["input_layers"] == ["inp", 0, 0]
    assert config["output_layers"] == ["d", 0, 0]
    inp, dense = config["layers"]
    assert inp["class_name"] == "InputLayer"
    assert inp["name"] == "inp"
    assert inp["inbound_nodes"] == []
    assert dense["class_name"] == "Dense"
    assert dense["name"] == "d"
    for key in ("module", "config", "registered_name"):
        assert key in dense
    (node,) = dense["inbound_nodes"]
    (arg,) = node["args"]
    assert arg["class_name"] == "__keras_tensor__"
    assert arg["config"]["keras_history"] == ["inp", 0, 0]
    assert arg["config"]["shape"] == [None, 3]

    list_model = Model([x], [y])
    list_config = list_model.get_config()
    assert list_config["input_layers"] == [["inp", 0, 0]]
    assert list_config["output_layers"] == [["d", 0, 0]]


def test_round_trip_multi_io_identical_predictions():
    a = Input((3,), name="a")
    b = Input((2,), name="b")
    shared = layers.Dense(3, name="shared")
    h1 = shared(a)
    h2 = shared(layers.Dense(3, name="proj")(b))  # Shared layer: 2 nodes.
    out = layers.Dense(2, activation="relu", name="head")(
        layers.Concatenate()([h1, h2])
    )
    model = Model({"a": a, "b": b}, [out, h2])
    config = model.get_config()
    assert config["input_layers"] == {"a": ["a", 0, 0], "b": ["b", 0, 0]}
    shared_config = next(c for c in config["layers"] if c["name"] == "shared")
    assert len(shared_config["inbound_nodes"]) == 2

    clone = Model.from_config(json.loads(json.dumps(config)))
    assert isinstance(clone, Functional)
    assert [layer.name for layer in clone.layers] == [
        layer.name for layer in model.layers
    ]
    _copy_weights(model, clone)
    data = {
        "a": np.random.RandomState(1).randn(4, 3).astype("float32"),
        "b": np.random.RandomState(2).randn(4, 2).astype("float32"),
    }
    for x, y in zip(model(data), clone(data)):
        np.testing.assert_allclose(x, y, rtol=1e-6)


def test_serialize_keras_object_and_json():
    x = Input((3,))
    y = layers.Dense(2)(layers.Dense(4, activation="relu")(x))
    model = Model(x, y)
    restored = serialization_lib.deserialize_keras_object(
        serialization_lib.serialize_keras_object(model)
    )
    assert isinstance(restored, Functional)
    _copy_weights(model, restored)
    data = np.ones((2, 3), "float32")
    np.testing.assert_allclose(restored(data), model(data), rtol=1e-6)
    from_json = model_from_json(model.to_json())
    _copy_weights(model, from_json)
    np.testing.assert_allclose(from_json(data), model(data), rtol=1e-6)


def test_nesting_functional_models():
    inner_in = Input((3,))
    inner = Model(inner_in, layers.Dense(2, name="inner_dense")(inner_in))
    outer_in = Input((3,))
    h = inner(outer_in)
    assert h.shape == (None, 2)
    outer_out = layers.Dense(1, name="outer_dense")(h)
    outer = Model(outer_in, outer_out)
    assert inner in outer.layers
    assert len(outer.weights) == 4
    data = np.random.RandomState(0).rand(2, 3).astype("float32")
    expected = outer.get_layer("outer_dense")(inner(data))
    np.testing.assert_allclose(outer(data), expected, rtol=1e-6)

    clone = Model.from_config(outer.get_config())
    _copy_weights(outer, clone)
    np.testing.assert_allclose(clone(data), outer(data), rtol=1e-6)


@pytest.mark.float16
def test_input_dtype_respected():
    ids = Input((4,), dtype="int32")
    emb = layers.Embedding(10, 3)(ids)
    model = Model(ids, emb)
    assert model.inputs[0].dtype == "int32"
    out = model(np.array([[1, 2, 3, 4]], dtype="float32"))
    table = model.layers[1].embeddings.numpy()
    np.testing.assert_allclose(out[0], table[[1, 2, 3, 4]])

    x = Input((2,), dtype="float16")
    model = Model(x, ops.multiply(x, 2.0))
    assert model(np.ones((1, 2), "float32")).dtype == "float16"


def test_training_argument_reaches_layers():
    x = Input((100,))
    y = layers.Dropout(0.5, seed=1)(x)
    model = Model(x, y)
    data = np.ones((2, 100), "float32")
    np.testing.assert_allclose(model(data), data)
    dropped = np.asarray(model(data, training=True))
    assert np.any(dropped == 0.0)
    assert set(np.unique(dropped)) <= {0.0, 2.0}


def test_training_fixed_when_building_wins_over_the_model_call():
    # A mode given to a layer while building the graph stays, whatever the
    # model call says; layers given none follow the model call.
    x = Input((100,))
    always_on = layers.Dropout(0.5, seed=1)(x, training=True)
    always_off = layers.Dropout(0.5, seed=2)(x, training=False)
    follows = layers.Dropout(0.5, seed=3)(x)
    model = Model(x, [always_on, always_off, follows])
    data = np.ones((2, 100), "float32")
    for training in (None, False, True):
        on, off, follow = (
            np.asarray(t) for t in model(data, training=training)
        )
        assert np.any(on == 0.0)
        np.testing.assert_allclose(off, data)
        assert np.any(follow == 0.0) == bool(training)
    # Also through `predict`, which calls the model with `training=False`.
    on, off, follow = model.predict(data, verbose=0)
    assert np.any(on == 0.0)
    np.testing.assert_allclose(follow, data)


def test_rank_adjustment_and_shape_errors():
    x = Input((3,))
    model = Model(x, layers.Dense(2)(x))
    with pytest.raises(ValueError, match="incompatible"):
        model(np.ones((2, 4), "float32"))
    y = Input((2, 1))
    model = Model(y, ops.multiply(y, 1.0))
    assert model(np.ones((3, 2), "float32")).shape == (3, 2, 1)


def test_disconnected_graph_error_names_missing_input():
    a = Input((3,), name="first_input")
    b = Input((3,), name="second_input")
    out = layers.Add()([a, b])
    with pytest.raises(ValueError, match="second_input"):
        Model(a, out)


def test_bad_inputs_and_outputs():
    x = Input((3,))
    y = layers.Dense(2)(x)
    with pytest.raises(ValueError, match="KerasTensor"):
        Model(np.ones((2, 3)), y)
    with pytest.raises(ValueError, match="KerasTensor"):
        Model(x, [y, "not a tensor"])
    with pytest.raises(ValueError, match="Graph disconnected"):
        Model(x, backend.KerasTensor((None, 2)))


def test_duplicate_layer_names():
    x = Input((3,))
    y = layers.Dense(2, name="same")(x)
    z = layers.Dense(2, name="same")(y)
    with pytest.raises(ValueError, match="unique"):
        Model(x, z)


def test_unused_input_is_kept():
    a = Input((3,), name="a")
    b = Input((3,), name="b")
    model = Model([a, b], layers.Dense(1)(a))
    assert [layer.name for layer in model.layers][:2] == ["a", "b"]
    out = model([np.ones((1, 3), "float32"), np.ones((1, 3), "float32")])
    assert out.shape == (1, 1)


def test_stateless_call_matches_call():
    x = Input((3,))
    y = layers.BatchNormalization()(layers.Dense(4)(x))
    model = Model(x, y)
    data = np.random.RandomState(0).randn(8, 3).astype("float32")
    expected = model(data)
    out, non_trainable = model.stateless_call(
        [v.value for v in model.trainable_variables],
        [v.value for v in model.non_trainable_variables],
        data,
    )
    np.testing.assert_allclose(out, expected, rtol=1e-6)
    assert len(non_trainable) == len(model.non_trainable_variables)
    # New weight values are honored.
    zeros = [np.zeros(v.shape, v.dtype) for v in model.trainable_variables]
    out, _ = model.stateless_call(
        zeros, [v.value for v in model.non_trainable_variables], data
    )
    moving_mean = model.layers[2].moving_mean.numpy()
    assert not np.allclose(out, expected)
    assert np.all(np.isfinite(out))
    assert moving_mean.shape == (4,)


def test_get_set_weights_and_trainable():
    x = Input((3,))
    model = Model(x, layers.Dense(2)(layers.Dense(4)(x)))
    weights = model.get_weights()
    assert [w.shape for w in weights] == [(3, 4), (4,), (4, 2), (2,)]
    new = [np.full(w.shape, 0.5, "float32") for w in weights]
    model.set_weights(new)
    for w in model.get_weights():
        np.testing.assert_allclose(w, 0.5)
    model.trainable = False
    assert model.trainable_weights == []
    assert len(model.non_trainable_weights) == 4


def test_subclass_with_functional_init():
    class MyModel(Model):
        def __init__(self, units=2, **kwargs):
            x = Input((3,))
            y = layers.Dense(units)(x)
            super().__init__(inputs=x, outputs=y, **kwargs)
            self.units = units

    model = MyModel(units=5, name="mine")
    assert isinstance(model, Functional)
    assert model.name == "mine"
    data = np.ones((2, 3), "float32")
    assert model(data).shape == (2, 5)
    # Its config rebuilds the same graph (as a plain functional model).
    clone = MyModel.from_config(model.get_config())
    assert isinstance(clone, Functional)
    clone.set_weights(model.get_weights())
    np.testing.assert_allclose(clone(data), model(data), rtol=1e-6)


def test_optional_input():
    x = Input((2,), name="x")
    maybe = Input((2,), name="maybe", optional=True)

    class AddIfGiven(layers.Layer):
        def call(self, a, b=None):
            return a if b is None else a + b

    out = AddIfGiven()(x, maybe)
    model = Model([x, maybe], out)
    data = np.ones((1, 2), "float32")
    np.testing.assert_allclose(model([data, None]), data)
    np.testing.assert_allclose(model([data, data]), 2 * data)
    with pytest.raises(ValueError, match="not optional"):
        model([None, data])


def test_intermediate_layer_access():
    x = Input((3,))
    h = layers.Dense(4, name="hidden")(x)
    y = layers.Dense(1)(h)
    model = Model(x, y)
    features = Model(model.input, model.get_layer("hidden").output)
    data = np.ones((2, 3), "float32")
    hidden = model.get_layer("hidden")
    np.testing.assert_allclose(
        features(data),
        data @ hidden.kernel.numpy() + hidden.bias.numpy(),
        rtol=1e-6,
    )
    assert isinstance(model.layers[0], InputLayer)


class PositionTable(layers.Layer):
    """Adds rows of an 8-row table: `call` needs the true sequence length
    (a stand-in size for an unknown one would overflow the table)."""

    def build(self, input_shape):
        self.table = self.add_weight(shape=(8, input_shape[-1]))

    def call(self, x):
        length = ops.shape(x)[1]
        return x + ops.slice(self.table, (0, 0), (length, x.shape[-1]))

    def compute_output_shape(self, input_shape):
        return input_shape


@pytest.mark.parametrize("wrap", ["functional", "sequential"])
def test_nested_model_keeps_unknown_dimensions_symbolic(wrap):
    # A model built on `Input((None, 4))`, called on symbolic inputs (as
    # when a task model wraps a backbone): each layer infers its outputs,
    # so the unknown length stays unknown instead of reaching `call`.
    if wrap == "functional":
        inputs = Input((None, 4))
        x = layers.Dense(4)(inputs)
        inner = Model(inputs, PositionTable()(x))
    else:
        inner = Sequential([Input((None, 4)), PositionTable()])
    outer_inputs = Input((None, 4))
    outer_outputs = inner(outer_inputs)
    assert outer_outputs.shape == (None, None, 4)
    outer = Model(outer_inputs, outer_outputs)
    x = np.ones((2, 5, 4), "float32")
    np.testing.assert_allclose(outer(x), inner(x))
    spec = inner.compute_output_spec(backend.KerasTensor((3, None, 4)))
    assert spec.shape == (3, None, 4)


def test_subclass_config_from_its_constructor_arguments():
    # A subclass that builds its graph in its constructor and defines
    # `get_config` adds its arguments to the base config, and is rebuilt by
    # calling the constructor; the graph's layer configs are not involved.
    class Opaque(layers.Layer):
        def call(self, x):
            return x * 2.0

        def get_config(self):
            return None  # not serializable on its own

    class Encoder(Model):
        def __init__(self, width, **kwargs):
            inputs = Input((3,))
            outputs = Opaque()(layers.Dense(width)(inputs))
            super().__init__(inputs=inputs, outputs=outputs, **kwargs)
            self.width = width

        def get_config(self):
            return {**super().get_config(), "width": self.width}

    model = Encoder(4, name="encoder")
    config = model.get_config()
    assert config == {"name": "encoder", "trainable": True, "width": 4}
    clone = serialization_lib.deserialize_keras_object(
        serialization_lib.serialize_keras_object(model),
        custom_objects={"Encoder": Encoder},
    )
    assert type(clone) is Encoder and clone.width == 4
    clone.set_weights(model.get_weights())
    data = np.ones((2, 3), "float32")
    np.testing.assert_allclose(clone(data), model(data), rtol=1e-6)
