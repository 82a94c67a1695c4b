import enum
import json

import numpy as np
import pytest

import keras
from keras.src.legacy.saving import json_utils


class Color(enum.Enum):
    RED = "red"


class FakeTensorShape:
    """Stands for a TensorFlow `TensorShape` (matched by class name)."""

    def __init__(self, dims):
        self.dims = dims

    def as_list(self):
        return list(self.dims)


FakeTensorShape.__name__ = "TensorShape"


def test_tuples_bytes_and_ellipsis_round_trip():
    value = {
        "shape": (None, (2, 3)),
        "shapes": [(1,), [(4, 5)]],
        "raw": [b"\x00\xffkeras", b"text"],
        "index": (Ellipsis, 1),
    }
    text = json_utils.Encoder().encode(value)
    assert json.loads(text)["shape"] == {
        "class_name": "__tuple__",
        "items": [None, {"class_name": "__tuple__", "items": [2, 3]}],
    }
    assert json.loads(text)["raw"][1] == {
        "class_name": "__bytes__",
        "value": "text",
    }
    assert json_utils.decode(text) == value


def test_arrays_scalars_dtypes_and_enums():
    value = {
        "array": np.arange(4, dtype="int32").reshape(2, 2),
        "scalar": np.float32(0.5),
        "integer": np.int64(7),
        "dtype": np.dtype("float16"),
        "tensor": keras.ops.ones((3,)),
        "color": Color.RED,
    }
    decoded = json_utils.decode(json_utils.Encoder().encode(value))
    assert decoded == {
        "array": [[0, 1], [2, 3]],
        "scalar": 0.5,
        "integer": 7,
        "dtype": "float16",
        "tensor": [1.0, 1.0, 1.0],
        "color": "red",
    }


def test_tensor_shapes_decode_to_tuples():
    text = json_utils.Encoder().encode(
        {"known": FakeTensorShape([None, 4]), "unknown": FakeTensorShape(None)}
    )
    assert json.loads(text)["known"] == {
        "class_name": "TensorShape",
        "items": [None, 4],
    }
    assert json_utils.decode(text) == {"known": (None, 4), "unknown": None}


def test_objects_functions_and_classes():
    text = json_utils.Encoder().encode(
        {
            "init": keras.initializers.Constant(1.5),
            "fn": keras.activations.relu,
            "cls": keras.layers.Dense,
        }
    )
    decoded = json_utils.decode(text)
    assert decoded == {
        "init": {
            "class_name": "Constant",
            "config": {"value": 1.5},
            "__passive_serialization__": True,
        },
        "fn": "relu",
        "cls": "Dense",
    }
    # `decode_and_deserialize` rebuilds the objects it can resolve.
    rebuilt = json_utils.decode_and_deserialize(
        text, module_objects={"Constant": keras.initializers.Constant}
    )
    assert isinstance(rebuilt["init"], keras.initializers.Constant)
    assert rebuilt["init"].value == 1.5
    assert rebuilt["fn"] == "relu"
    # Unknown classes stay configs.
    assert json_utils.decode_and_deserialize(text) == decoded


def test_get_json_type():
    assert json_utils.get_json_type(np.ones((2,))) == [1.0, 1.0]
    assert json_utils.get_json_type(np.bool_(True)) is True
    dumped = json.dumps(
        {"a": np.float32(2.0), "b": (1, 2)}, default=json_utils.get_json_type
    )
    assert json.loads(dumped) == {"a": 2.0, "b": [1, 2]}
    with pytest.raises(TypeError, match="Unable to serialize"):
        json_utils.get_json_type({1, 2})
    with pytest.raises(TypeError, match="Unable to serialize"):
        json_utils.Encoder().encode(object())


def test_decode_leaves_other_class_name_dicts():
    current_format = keras.saving.serialize_keras_object((1, b"x"))
    text = json.dumps(current_format)
    assert json_utils.decode(text) == json.loads(text)
    type_spec = {"class_name": "TypeSpec", "type_spec": "x", "serialized": 1}
    assert json_utils.decode(json.dumps(type_spec)) == type_spec
