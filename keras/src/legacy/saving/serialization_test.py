import json

import numpy as np
import pytest

import keras
from keras.src import layers
from keras.src.legacy.saving import serialization
from keras.src.saving import object_registration
from keras.src.saving import serialization_lib


@object_registration.register_keras_serializable(package="legacy_test")
def doubled(x):
    return 2 * x


@object_registration.register_keras_serializable(package="legacy_test")
class Scale(keras.layers.Layer):
    def __init__(self, factor=1.0, initializer=None, fn=None, **kwargs):
        super().__init__(**kwargs)
        self.factor = factor
        self.initializer = initializer
        self.fn = fn

    def get_config(self):
        return {
            **super().get_config(),
            "factor": self.factor,
            "initializer": self.initializer,
            "fn": self.fn,
        }


class Unregistered:
    def __init__(self, value, seen_custom_objects=None):
        self.value = value
        self.seen_custom_objects = seen_custom_objects

    def get_config(self):
        return {"value": self.value}

    @classmethod
    def from_config(cls, config, custom_objects=None):
        return cls(config["value"], seen_custom_objects=custom_objects)


def _json_round_trip(config):
    return json.loads(json.dumps(config))


def test_public_names():
    assert (
        keras.legacy.saving.serialize_keras_object
        is keras.utils.legacy.serialize_keras_object
        is serialization.serialize_keras_object
    )
    assert (
        keras.legacy.saving.deserialize_keras_object
        is keras.utils.legacy.deserialize_keras_object
        is serialization.deserialize_keras_object
    )
    for module in (keras.legacy.saving, keras.utils.legacy):
        public = {n for n in dir(module) if not n.startswith("_")}
        assert public == {"serialize_keras_object", "deserialize_keras_object"}


def test_layer_round_trip_in_keras2_format():
    layer = keras.layers.Dense(
        3, activation="tanh", kernel_regularizer=keras.regularizers.L2(0.5)
    )
    config = _json_round_trip(serialization.serialize_keras_object(layer))
    assert set(config) == {"class_name", "config"}
    assert config["class_name"] == "Dense"
    assert config["config"]["units"] == 3
    restored = serialization.deserialize_keras_object(
        config, module_objects=layers.builtin_layers()
    )
    assert isinstance(restored, keras.layers.Dense)
    assert restored.units == 3
    assert restored.kernel_regularizer.l2 == 0.5
    assert restored.activation is keras.activations.tanh
    assert serialization.serialize_keras_object(restored) == config


def test_optimizer_round_trip():
    optimizer = keras.optimizers.Adam(learning_rate=0.25, beta_1=0.7)
    config = _json_round_trip(serialization.serialize_keras_object(optimizer))
    assert config["class_name"] == "Adam"
    restored = serialization.deserialize_keras_object(
        config,
        module_objects={"Adam": keras.optimizers.Adam},
        printable_module_name="optimizer",
    )
    assert isinstance(restored, keras.optimizers.Adam)
    np.testing.assert_allclose(float(restored.learning_rate), 0.25)
    assert restored.beta_1 == 0.7


def test_models_round_trip():
    inputs = keras.Input((4,))
    outputs = keras.layers.Dense(2)(keras.layers.Dense(3)(inputs))
    functional = keras.Model(inputs, outputs)
    sequential = keras.Sequential(
        [keras.Input((4,)), keras.layers.Dense(3), keras.layers.Dense(2)]
    )
    x = np.arange(8.0, dtype="float32").reshape(2, 4)
    for model, cls in ((functional, "Functional"), (sequential, "Sequential")):
        config = _json_round_trip(serialization.serialize_keras_object(model))
        assert config["class_name"] == cls
        restored = serialization.deserialize_keras_object(
            config, module_objects=layers.builtin_layers()
        )
        assert type(restored) is type(model)
        restored.set_weights(model.get_weights())
        np.testing.assert_allclose(restored.predict(x, verbose=0), model(x))


def test_functions_and_classes_are_written_as_names():
    assert serialization.serialize_keras_object(None) is None
    relu = keras.activations.relu
    assert serialization.serialize_keras_object(relu) == "relu"
    assert (
        serialization.serialize_keras_object(doubled) == "legacy_test>doubled"
    )
    assert serialization.serialize_keras_object(Scale) == "legacy_test>Scale"
    assert (
        serialization.deserialize_keras_object(
            "relu", module_objects={"relu": relu}
        )
        is relu
    )
    assert (
        serialization.deserialize_keras_object("legacy_test>doubled") is doubled
    )
    # A class named by a string is instantiated without arguments.
    zeros = serialization.deserialize_keras_object(
        "Zeros", module_objects={"Zeros": keras.initializers.Zeros}
    )
    assert isinstance(zeros, keras.initializers.Zeros)
    assert serialization.deserialize_keras_object(doubled) is doubled
    assert serialization.deserialize_keras_object(None) is None


def test_registered_custom_layer_with_nested_objects():
    layer = Scale(
        factor=1.5,
        initializer=keras.initializers.Constant(3.0),
        fn=doubled,
        name="scale",
    )
    config = _json_round_trip(serialization.serialize_keras_object(layer))
    assert config["class_name"] == "legacy_test>Scale"
    nested = config["config"]["initializer"]
    assert nested == {
        "class_name": "Constant",
        "config": {"value": 3.0},
        "__passive_serialization__": True,
    }
    assert config["config"]["fn"] == "legacy_test>doubled"
    restored = serialization.deserialize_keras_object(
        config, module_objects={"Constant": keras.initializers.Constant}
    )
    assert isinstance(restored, Scale)
    assert restored.name == "scale"
    assert restored.factor == 1.5
    assert isinstance(restored.initializer, keras.initializers.Constant)
    assert restored.initializer.value == 3.0
    # A string naming a registered function is replaced by the function.
    assert restored.fn is doubled
    with pytest.raises(ValueError, match="Unknown config_item: 'Constant'"):
        serialization.deserialize_keras_object(config)


def test_custom_objects_and_scopes():
    config = serialization.serialize_keras_object(Unregistered(7))
    assert config == {"class_name": "Unregistered", "config": {"value": 7}}
    with pytest.raises(ValueError, match="Unknown layer: 'Unregistered'"):
        serialization.deserialize_keras_object(
            config, printable_module_name="layer"
        )
    restored = serialization.deserialize_keras_object(
        config, custom_objects={"Unregistered": Unregistered}
    )
    assert restored.value == 7
    # `from_config` taking `custom_objects` receives them, with the
    # registered objects.
    assert restored.seen_custom_objects["Unregistered"] is Unregistered
    assert restored.seen_custom_objects["legacy_test>doubled"] is doubled
    with keras.saving.custom_object_scope({"Unregistered": Unregistered}):
        assert serialization.deserialize_keras_object(config).value == 7


def test_shared_objects_stay_shared():
    shared = keras.initializers.Constant(2.0)
    first, second = Scale(initializer=shared), Scale(initializer=shared)
    with serialization_lib.ObjectSharingScope():
        configs = _json_round_trip(
            [serialization.serialize_keras_object(s) for s in (first, second)]
        )
    ids = [c["config"]["initializer"].get("shared_object_id") for c in configs]
    assert ids[0] is not None and ids[0] == ids[1]
    module_objects = {"Constant": keras.initializers.Constant}
    with serialization_lib.ObjectSharingScope():
        a, b = [
            serialization.deserialize_keras_object(c, module_objects)
            for c in configs
        ]
    assert a.initializer is b.initializer
    # Without a scope, each config gives its own object.
    a, b = [
        serialization.deserialize_keras_object(c, module_objects)
        for c in configs
    ]
    assert a.initializer is not b.initializer
    assert a.initializer.value == b.initializer.value == 2.0


def test_errors():
    with pytest.raises(ValueError, match="doesn't implement `get_config"):
        serialization.serialize_keras_object(3)
    with pytest.raises(ValueError, match="Improper config format"):
        serialization.deserialize_keras_object({"config": {}})
    with pytest.raises(ValueError, match="Unknown activation: 'nope'"):
        serialization.deserialize_keras_object(
            "nope", printable_module_name="activation"
        )
    with pytest.raises(ValueError, match="Could not interpret serialized"):
        serialization.deserialize_keras_object(3)


def test_class_and_config_helpers():
    assert serialization.serialize_keras_class_and_config("A", {"x": 1}) == {
        "class_name": "A",
        "config": {"x": 1},
    }
    assert serialization.serialize_keras_class_and_config(
        "A", {}, shared_object_id=4
    ) == {"class_name": "A", "config": {}, "shared_object_id": 4}
    assert serialization.validate_config({"a": 1})
    assert not serialization.validate_config("a")
    cls, config = serialization.class_and_config_for_serialized_keras_object(
        {"class_name": "Dense", "config": {"units": 2, "name": "legacy_test"}},
        module_objects={"Dense": keras.layers.Dense},
    )
    assert cls is keras.layers.Dense
    assert config == {"units": 2, "name": "legacy_test"}
