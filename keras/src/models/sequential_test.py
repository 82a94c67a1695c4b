import json

import numpy as np
import pytest

from keras.src import layers
from keras.src.layers.core.input_layer import Input
from keras.src.layers.core.input_layer import InputLayer
from keras.src.models.functional import Functional
from keras.src.models.model import Model
from keras.src.models.sequential import Sequential
from keras.src.saving import serialization_lib


def _reference(model, data):
    x = data
    for layer in model.layers:
        x = x @ layer.kernel.numpy() + layer.bias.numpy()
    return x


def test_built_immediately_with_input():
    model = Sequential(
        [Input((3,)), layers.Dense(4, name="d1"), layers.Dense(2, name="d2")]
    )
    assert model.built
    assert model.name == "sequential"
    assert [layer.name for layer in model.layers] == ["d1", "d2"]
    assert [v.path for v in model.weights] == [
        "sequential/d1/kernel",
        "sequential/d1/bias",
        "sequential/d2/kernel",
        "sequential/d2/bias",
    ]
    assert model.count_params() == 3 * 4 + 4 + 4 * 2 + 2
    assert model.input_shape == (None, 3)
    assert model.output_shape == (None, 2)
    data = np.random.RandomState(0).randn(5, 3).astype("float32")
    np.testing.assert_allclose(
        model(data), _reference(model, data), rtol=1e-5, atol=1e-5
    )


def test_input_layer_and_input_shape_kwarg():
    model = Sequential([InputLayer(shape=(3,)), layers.Dense(2)])
    assert model.built
    model = Sequential([layers.Dense(2, input_shape=(3,))])
    assert model.built
    assert model.input_shape == (None, 3)
    assert len(model.layers) == 1


def test_built_on_first_call_without_input():
    model = Sequential([layers.Dense(4, name="d1"), layers.Dense(2)])
    assert not model.built
    assert model.weights == []
    data = np.ones((2, 3), "float32")
    out = model(data)
    assert model.built
    assert out.shape == (2, 2)
    assert model.weights[0].path == "sequential/d1/kernel"
    # The batch size stays open.
    assert model(np.ones((7, 3), "float32")).shape == (7, 2)
    assert model.input_shape == (None, 3)


def test_explicit_build():
    model = Sequential([layers.Dense(4, name="d1")])
    model.build((None, 6))
    assert model.built
    assert model.layers[0].kernel.shape == (6, 4)
    assert model.weights[0].path == "sequential/d1/kernel"
    model = Sequential([layers.Dense(4)])
    with pytest.raises(ValueError, match="input shape"):
        model.build()


def test_add_and_pop():
    model = Sequential()
    model.add(Input((3,)))
    assert not model.built  # No layer yet.
    model.add(layers.Dense(4, name="d1"))
    assert model.built
    model.add(layers.Dense(2, name="d2"))
    assert model.output_shape == (None, 2)
    assert [layer.name for layer in model.layers] == ["d1", "d2"]
    popped = model.pop()
    assert popped.name == "d2"
    assert [layer.name for layer in model.layers] == ["d1"]
    assert model.built
    assert model.output_shape == (None, 4)
    assert len(model.weights) == 2
    model.pop()
    with pytest.raises(TypeError):
        model.pop()


def test_add_errors():
    model = Sequential([layers.Dense(2, name="d")])
    with pytest.raises(ValueError, match="unique"):
        model.add(layers.Dense(2, name="d"))
    with pytest.raises(ValueError, match="keras.Layer"):
        model.add("not a layer")
    with pytest.raises(ValueError, match="first layer"):
        model.add(InputLayer(shape=(2,)))
    with_input = Sequential([Input((3,))])
    with pytest.raises(ValueError, match="already"):
        with_input.add(Input((3,)))


def test_get_config_and_from_config():
    model = Sequential(
        [Input((3,)), layers.Dense(4, name="d1"), layers.Dense(2, name="d2")],
        name="seq",
    )
    config = model.get_config()
    assert set(config) == {"name", "trainable", "layers"}
    assert config["name"] == "seq"
    assert [c["class_name"] for c in config["layers"]] == [
        "InputLayer",
        "Dense",
        "Dense",
    ]
    assert config["layers"][0]["config"]["batch_shape"] == [None, 3]
    json.dumps(config)
    clone = Sequential.from_config(json.loads(json.dumps(config)))
    assert clone.built
    assert clone.name == "seq"
    assert [v.path for v in clone.weights][0] == "seq/d1/kernel"
    clone.set_weights(model.get_weights())
    data = np.random.RandomState(0).randn(2, 3).astype("float32")
    np.testing.assert_allclose(clone(data), model(data), rtol=1e-6)

    restored = serialization_lib.deserialize_keras_object(
        serialization_lib.serialize_keras_object(model)
    )
    assert isinstance(restored, Sequential)
    restored.set_weights(model.get_weights())
    np.testing.assert_allclose(restored(data), model(data), rtol=1e-6)


def test_config_without_input_shape():
    model = Sequential([layers.Dense(2, name="d")])
    config = model.get_config()
    assert [c["class_name"] for c in config["layers"]] == ["Dense"]
    clone = Sequential.from_config(config)
    assert not clone.built
    model(np.ones((1, 5), "float32"))
    config = model.get_config()
    assert config["layers"][0]["class_name"] == "InputLayer"
    assert config["layers"][0]["config"]["batch_shape"] == [None, 5]


def test_get_set_weights_and_stateless_call():
    model = Sequential([Input((3,)), layers.Dense(2)])
    weights = [np.ones((3, 2), "float32"), np.zeros((2,), "float32")]
    model.set_weights(weights)
    data = np.arange(6, dtype="float32").reshape(2, 3)
    np.testing.assert_allclose(model(data), [[3.0, 3.0], [12.0, 12.0]])
    out, _ = model.stateless_call(
        [v.value for v in model.trainable_variables], [], data
    )
    np.testing.assert_allclose(out, model(data))
    out, _ = model.stateless_call(
        [2 * np.ones((3, 2), "float32"), np.ones((2,), "float32")], [], data
    )
    np.testing.assert_allclose(out, [[7.0, 7.0], [25.0, 25.0]])


def test_training_flag_and_dtype():
    model = Sequential([Input((50,)), layers.Dropout(0.5, seed=2)])
    data = np.ones((2, 50), "float32")
    np.testing.assert_allclose(model(data), data)
    assert np.any(np.asarray(model(data, training=True)) == 0.0)
    ids = Sequential([Input((2,), dtype="int32"), layers.Embedding(5, 3)])
    out = ids(np.array([[1.0, 4.0]], "float32"))
    np.testing.assert_allclose(out[0], ids.layers[0].embeddings.numpy()[[1, 4]])


def test_sequential_inside_functional():
    seq = Sequential([Input((3,)), layers.Dense(2, name="inner")])
    x = Input((3,))
    y = layers.Dense(1)(seq(x))
    model = Model(x, y)
    assert isinstance(model, Functional)
    data = np.ones((2, 3), "float32")
    np.testing.assert_allclose(
        model(data), model.layers[2](seq(data)), rtol=1e-6
    )
    clone = Model.from_config(model.get_config())
    clone.set_weights(model.get_weights())
    np.testing.assert_allclose(clone(data), model(data), rtol=1e-6)


def test_get_layer():
    model = Sequential([Input((3,)), layers.Dense(2, name="a")])
    assert model.get_layer("a") is model.layers[0]
    assert model.get_layer(index=0).name == "a"
    with pytest.raises(ValueError, match="No such layer"):
        model.get_layer("b")
    with pytest.raises(ValueError, match="index"):
        model.get_layer(index=3)
    with pytest.raises(ValueError):
        model.get_layer()
