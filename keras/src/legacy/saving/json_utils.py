"""JSON encoding of Keras 2 format configs (as in legacy `.h5` files).

`Encoder` writes what `json` cannot: tuples as
`{"class_name": "__tuple__", "items": [...]}` (so they come back as
tuples), bytes as `{"class_name": "__bytes__", "value": ...}`, `Ellipsis`
as `{"class_name": "__ellipsis__"}`, NumPy and JAX arrays and scalars as
lists and numbers, dtypes as their names, enums as their values, objects
with `get_config()` as Keras 2 configs (marked passively serialized),
functions and classes as their names, and TensorFlow `TensorShape`s as
`{"class_name": "TensorShape", "items": [...]}`.

`decode` reverses the markers: tuples, bytes and `Ellipsis` come back as
such, and a `TensorShape` comes back as a tuple of dimensions (`None` for an
unknown rank), as shapes are in this JAX Keras. `decode_and_deserialize`
also rebuilds the passively serialized objects it can resolve.
TensorFlow type specs are left as their dicts.
"""

import collections.abc
import enum
import functools
import inspect
import json

import numpy as np

from keras.src.legacy.saving import serialization


class Encoder(json.JSONEncoder):
    """JSON encoder for Keras 2 format configs (see the module docstring).

    Example:

    >>> s = Encoder().encode({"shape": (None, 3)})
    >>> decode(s)
    {'shape': (None, 3)}
    """

    def default(self, obj):
        return get_json_type(obj)

    def encode(self, obj):
        return super().encode(_encode_tuple(obj))


def _encode_tuple(x):
    """Replaces the tuples in `x` (through lists and dicts) by their
    `__tuple__` marker."""
    if isinstance(x, tuple):
        return {
            "class_name": "__tuple__",
            "items": tuple(_encode_tuple(i) for i in x),
        }
    if isinstance(x, list):
        return [_encode_tuple(i) for i in x]
    if isinstance(x, dict):
        return {key: _encode_tuple(value) for key, value in x.items()}
    return x


def _is_array(obj):
    return (
        hasattr(obj, "__array__")
        and hasattr(obj, "shape")
        and hasattr(obj, "dtype")
    )


def get_json_type(obj):
    """Returns a JSON-serializable form of `obj`, for `json.dumps(...,
    default=get_json_type)`.

    Raises:
        TypeError: for objects it has no form for (the types `json` writes
            natively are never passed here by `json`).
    """
    if obj is Ellipsis:
        return {"class_name": "__ellipsis__"}
    if isinstance(obj, bytes):
        return {
            "class_name": "__bytes__",
            "value": obj.decode("utf-8", "surrogateescape"),
        }
    if isinstance(obj, enum.Enum):
        return obj.value
    if isinstance(obj, np.generic):
        return obj.item()
    if isinstance(obj, np.dtype):
        return obj.name
    if inspect.isclass(obj):
        return obj.__name__
    if hasattr(obj, "as_list") and type(obj).__name__ == "TensorShape":
        dims = getattr(obj, "dims", None)
        return {
            "class_name": "TensorShape",
            "items": None if dims is None else obj.as_list(),
        }
    if hasattr(obj, "get_config"):
        return serialization.serialize_passively(obj)
    if _is_array(obj):
        return np.asarray(obj).tolist()
    if callable(obj) and hasattr(obj, "__name__"):
        return obj.__name__
    if isinstance(obj, collections.abc.Mapping):
        return dict(obj)
    raise TypeError(
        f"Unable to serialize {obj} to JSON. Unrecognized type {type(obj)}."
    )


def decode(json_string):
    """Parses a JSON string written by `Encoder` (tuples, bytes, ... come
    back as such; object configs stay dicts)."""
    return json.loads(json_string, object_hook=_decode_helper)


def decode_and_deserialize(
    json_string, module_objects=None, custom_objects=None
):
    """Like `decode`, also rebuilding the passively serialized objects
    whose class resolves (from `custom_objects`, the scopes, the registry,
    or `module_objects`); the others stay dicts."""
    return json.loads(
        json_string,
        object_hook=functools.partial(
            _decode_helper,
            deserialize=True,
            module_objects=module_objects,
            custom_objects=custom_objects,
        ),
    )


def _decode_helper(
    obj, deserialize=False, module_objects=None, custom_objects=None
):
    """The `object_hook` of `decode`: turns one decoded JSON object back
    into what `Encoder` wrote it for (nested values are already decoded)."""
    if not isinstance(obj, dict) or "class_name" not in obj:
        return obj
    class_name = obj["class_name"]
    if class_name == "__tuple__" and "items" in obj:
        return tuple(obj["items"])
    if class_name == "__bytes__" and "value" in obj:
        return obj["value"].encode("utf-8", "surrogateescape")
    if class_name == "__ellipsis__" and len(obj) == 1:
        return Ellipsis
    if class_name == "TensorShape" and "items" in obj and len(obj) == 2:
        items = obj["items"]
        return None if items is None else tuple(items)
    if deserialize and obj.get(serialization.PASSIVE_SERIALIZATION_KEY):
        try:
            return serialization.deserialize_keras_object(
                obj,
                module_objects=module_objects,
                custom_objects=custom_objects,
            )
        except ValueError:
            return obj
    return obj
