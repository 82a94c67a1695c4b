import json
import sys

import numpy as np
import pytest

import keras
from keras.src.saving import serialization_lib


def _round_trip(obj, **kwargs):
    config = json.loads(
        json.dumps(serialization_lib.serialize_keras_object(obj))
    )
    return config, serialization_lib.deserialize_keras_object(config, **kwargs)


def test_plain_values_round_trip():
    for obj in [slice(1, None, 2), slice(None, np.array([1, 2])), ...]:
        config, restored = _round_trip(obj)
        assert serialization_lib.serialize_keras_object(restored) == config
    _, restored = _round_trip(Ellipsis)
    assert restored is Ellipsis
    tensor = keras.ops.convert_to_tensor(np.arange(4.0).reshape(2, 2))
    config, restored = _round_trip({"x": tensor})
    assert config["x"]["class_name"] == "__tensor__"
    np.testing.assert_array_equal(np.asarray(restored["x"]), np.asarray(tensor))


def test_invalid_configs():
    with pytest.raises(TypeError, match="Expected 'config' to be a dict"):
        serialization_lib.deserialize_keras_object(
            {"class_name": "Dense", "module": "keras.layers", "config": [1]}
        )
    with pytest.raises(TypeError, match="non-null str"):
        serialization_lib.deserialize_keras_object(
            {"class_name": "function", "config": ["a"]}
        )
    with pytest.raises(TypeError, match="list or a tuple"):
        serialization_lib.deserialize_keras_object(
            {"class_name": "__typespec__", "config": "x"}
        )


def test_registered_name_cannot_be_swapped_for_a_builtin():
    with pytest.raises(ValueError, match="resolved to a Keras built-in"):
        serialization_lib.deserialize_keras_object(
            {
                "class_name": "Dense",
                "module": "keras.layers",
                "registered_name": "evil>Dense",
                "config": {"units": 1},
            }
        )
    layer = serialization_lib.deserialize_keras_object(
        {
            "class_name": "Dense",
            "module": "keras.layers",
            "registered_name": "Dense",
            "config": {"units": 1},
        }
    )
    assert isinstance(layer, keras.layers.Dense)
    with pytest.raises(ValueError, match="resolved to a Keras built-in"):
        serialization_lib.deserialize_keras_object(
            {
                "class_name": "function",
                "module": "builtins",
                "registered_name": "other",
                "config": "relu",
            }
        )


def test_bare_names_of_registered_functions_resolve():
    @keras.saving.register_keras_serializable(package="ser_own_test")
    def squared(x):
        return x**2

    config = {
        "module": "builtins",
        "class_name": "function",
        "config": "squared",
        "registered_name": "function",
    }
    assert serialization_lib.deserialize_keras_object(config) is squared


def test_object_sharing_scope():
    class Shared:
        def __call__(self, x):
            return x

        def get_config(self):
            return {}

        @classmethod
        def from_config(cls, config):
            return cls()

    shared = Shared()
    objects = [{"a": shared}, {"b": shared}]
    with serialization_lib.ObjectSharingScope():
        config = serialization_lib.serialize_keras_object(objects)
        assert config[0]["a"] == config[1]["b"]
        assert "shared_object_id" in config[0]["a"]
        restored = serialization_lib.deserialize_keras_object(
            json.loads(json.dumps(config)), custom_objects={"Shared": Shared}
        )
    assert restored[0]["a"] is restored[1]["b"]
    # Outside a scope, objects are not shared.
    config = serialization_lib.serialize_keras_object(objects)
    assert "shared_object_id" not in config[0]["a"]


def test_from_config_errors_explain_nested_objects():
    class NoFromConfig:
        def get_config(self):
            return {}

    with pytest.raises(TypeError, match="Unable to reconstruct"):
        serialization_lib.deserialize_keras_object(
            serialization_lib.serialize_keras_object(NoFromConfig()),
            custom_objects={"NoFromConfig": NoFromConfig},
        )

    class Broken(keras.layers.Layer):
        def __init__(self, inner=None, **kwargs):
            super().__init__(**kwargs)
            inner(1)  # a dict when not deserialized

        def get_config(self):
            return {"inner": keras.layers.Dense(1)}

    config = {"class_name": "Broken", "config": {"inner": {"a": 1}}}
    with pytest.raises(TypeError, match="explicitly deserialized"):
        serialization_lib.deserialize_keras_object(
            config, custom_objects={"Broken": Broken}
        )


def test_in_safe_mode_is_none_outside_any_scope():
    # Libraries (e.g. tokenizers loading a vocabulary file) read `None` as
    # "no loading in progress", not as "refuse everything".
    assert serialization_lib.in_safe_mode() is None
    with serialization_lib.SafeModeScope(False):
        assert serialization_lib.in_safe_mode() is False
        with serialization_lib.SafeModeScope(True):
            assert serialization_lib.in_safe_mode() is True
        assert serialization_lib.in_safe_mode() is False
    assert serialization_lib.in_safe_mode() is None


@pytest.mark.parametrize(
    "scope, argument, refused",
    [
        (None, True, True),
        (None, False, False),
        (True, False, True),
        (False, True, False),
    ],
)
def test_open_scope_outranks_the_safe_mode_argument(scope, argument, refused):
    config = serialization_lib.serialize_keras_object(
        keras.layers.Lambda(lambda x: x * 2)
    )
    seen = []

    class Probe(keras.layers.Lambda):
        @classmethod
        def from_config(cls, config):
            seen.append(serialization_lib.in_safe_mode())
            return super().from_config(config)

    with serialization_lib.SafeModeScope(scope):
        if refused:
            with pytest.raises(ValueError, match="safe mode"):
                serialization_lib.deserialize_keras_object(
                    config, {"Lambda": Probe}, safe_mode=argument
                )
        else:
            layer = serialization_lib.deserialize_keras_object(
                config, {"Lambda": Probe}, safe_mode=argument
            )
            assert float(layer(np.float32(3.0))) == 6.0
    assert seen == [refused]


def test_name_found_in_module_objects_is_a_default_instance():
    # `get("adam")`-style lookups: a class reached through `module_objects`
    # stands for its default instance; one passed in `custom_objects` (or
    # registered) is returned as the class; functions are returned as is.
    class Sampler:
        def __init__(self, k=5):
            self.k = k

    def greedy(x):
        return x

    table = {"top_k": Sampler, "greedy": greedy}
    sampler = serialization_lib.deserialize_keras_object(
        "top_k", module_objects=table
    )
    assert isinstance(sampler, Sampler) and sampler.k == 5
    assert (
        serialization_lib.deserialize_keras_object(
            "greedy", module_objects=table
        )
        is greedy
    )
    assert (
        serialization_lib.deserialize_keras_object(
            "top_k", custom_objects=table, module_objects=table
        )
        is Sampler
    )
    assert (
        serialization_lib.deserialize_keras_object(
            "unknown", module_objects=table
        )
        == "unknown"
    )


@pytest.mark.parametrize(
    "package, found", [("keras_cv", True), ("kerasx", False)]
)
def test_unregistered_class_of_a_keras_library_is_located(
    package, found, tmp_path, monkeypatch
):
    # Configs written by Keras libraries (keras-hub, KerasCV, KerasNLP)
    # name the module of classes they did not register; those modules are
    # imported, other packages' are not.
    root = tmp_path / package
    root.mkdir()
    (root / "__init__.py").write_text("")
    (root / "blocks.py").write_text(
        "import keras\n\nclass Pyramid(keras.layers.Layer):\n    pass\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    config = {
        "module": f"{package}.blocks",
        "class_name": "Pyramid",
        "config": {"name": "pyramid"},
        "registered_name": None,
    }
    try:
        if found:
            layer = serialization_lib.deserialize_keras_object(config)
            assert type(layer).__module__ == f"{package}.blocks"
            assert layer.name == "pyramid"
        else:
            with pytest.raises(TypeError, match="Could not locate class"):
                serialization_lib.deserialize_keras_object(config)
    finally:
        for name in [m for m in sys.modules if m.split(".")[0] == package]:
            del sys.modules[name]
