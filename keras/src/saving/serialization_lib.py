"""Configs of Keras objects: `serialize_keras_object` and its inverse.

A serialized object is a JSON-compatible dict:
`{"module": ..., "class_name": ..., "config": ..., "registered_name": ...}`.
Deserializing resolves the class from custom objects, the registry, or a
`keras` module only; Python code (lambdas) is refused unless
`safe_mode=False`.
"""

import importlib
import inspect
import types

import numpy as np

from keras.src.api_export import keras_export
from keras.src.backend.common import global_state
from keras.src.saving import object_registration
from keras.src.utils import python_utils


@keras_export(["keras.saving.SafeModeScope", "keras.config.SafeModeScope"])
class SafeModeScope:
    """Sets safe mode (refusing to load Python code) while open.

    Args:
        safe_mode: Whether unsafe deserialization is refused.
    """

    def __init__(self, safe_mode=True):
        self.safe_mode = safe_mode

    def __enter__(self):
        self.original = global_state.get_global_attribute("safe_mode_saving")
        global_state.set_global_attribute("safe_mode_saving", self.safe_mode)

    def __exit__(self, *args, **kwargs):
        global_state.set_global_attribute("safe_mode_saving", self.original)


@keras_export("keras.config.enable_unsafe_deserialization")
def enable_unsafe_deserialization():
    """Disables safe mode globally, allowing lambdas to be deserialized."""
    global_state.set_global_attribute("safe_mode_saving", False)


def in_safe_mode():
    """Returns the safe mode set by an open scope, or `None` outside one.

    `True` or `False` inside a `SafeModeScope` (or after
    `keras.config.enable_unsafe_deserialization()`); `None` when nothing
    set it, in which case each loading function's own `safe_mode`
    argument decides.
    """
    return global_state.get_global_attribute("safe_mode_saving")


def resolve_safe_mode(safe_mode):
    """The safe mode in force: an open scope's, else `safe_mode`."""
    scope = in_safe_mode()
    return safe_mode if scope is None else scope


@keras_export("keras.saving.ObjectSharingScope")
class ObjectSharingScope:
    """Keeps objects shared between configs shared through a round trip.

    While the scope is open, serializing the same object twice gives two
    identical configs carrying a `shared_object_id`, and deserializing
    configs with the same `shared_object_id` returns one object.
    """

    def __enter__(self):
        self.backup = (
            global_state.get_global_attribute("shared_objects/by_id"),
            global_state.get_global_attribute("shared_objects/configs"),
        )
        global_state.set_global_attribute("shared_objects/by_id", {})
        global_state.set_global_attribute("shared_objects/configs", {})
        return self

    def __exit__(self, *args, **kwargs):
        by_id, configs = self.backup
        global_state.set_global_attribute("shared_objects/by_id", by_id)
        global_state.set_global_attribute("shared_objects/configs", configs)


def _shared_configs():
    return global_state.get_global_attribute("shared_objects/configs")


def _shared_objects():
    return global_state.get_global_attribute("shared_objects/by_id")


def _public_module(obj):
    cls = obj if inspect.isclass(obj) or inspect.isfunction(obj) else type(obj)
    path = getattr(cls, "_api_export_path", None)
    if path and getattr(cls, "_api_export_symbol_id", None) == id(cls):
        path = path[0] if isinstance(path, (list, tuple)) else path
        return path.rsplit(".", 1)[0]
    return cls.__module__


@keras_export(
    [
        "keras.saving.serialize_keras_object",
        "keras.utils.serialize_keras_object",
    ]
)
def serialize_keras_object(obj):
    """Returns a JSON-compatible config describing `obj`.

    Args:
        obj: A Keras object (layer, loss, ...), a function, or plain data.

    Returns:
        A dict (or plain value) that `deserialize_keras_object` turns back
        into an equivalent object.

    Example:

    >>> config = keras.saving.serialize_keras_object(keras.layers.Dense(2))
    >>> config["class_name"]
    'Dense'
    """
    if obj is None or isinstance(obj, (bool, int, float, str)):
        return obj
    if isinstance(obj, (np.integer, np.floating, np.bool_)):
        return obj.item()
    if isinstance(obj, bytes):
        return {"class_name": "__bytes__", "config": {"value": obj.decode()}}
    if obj is Ellipsis:
        return {"class_name": "__ellipsis__", "config": {}}
    if isinstance(obj, slice):
        return {
            "class_name": "__slice__",
            "config": {
                "start": serialize_keras_object(obj.start),
                "stop": serialize_keras_object(obj.stop),
                "step": serialize_keras_object(obj.step),
            },
        }
    if _is_backend_tensor(obj):
        array = np.asarray(obj)
        return {
            "class_name": "__tensor__",
            "config": {"value": array.tolist(), "dtype": str(array.dtype)},
        }
    if isinstance(obj, (list, tuple)):
        items = [serialize_keras_object(x) for x in obj]
        # Tuples stay tuples (JSON lists), as upstream Keras writes them.
        return tuple(items) if isinstance(obj, tuple) else items
    if isinstance(obj, dict):
        return {k: serialize_keras_object(v) for k, v in obj.items()}
    if (
        isinstance(obj, np.ndarray)
        or hasattr(obj, "__array__")
        and hasattr(obj, "dtype")
        and not hasattr(obj, "get_config")
    ):
        array = np.asarray(obj)
        return {
            "class_name": "__numpy__",
            "config": {"value": array.tolist(), "dtype": str(array.dtype)},
        }
    if isinstance(obj, types.FunctionType) and obj.__name__ == "<lambda>":
        return {
            "class_name": "__lambda__",
            "config": {"value": python_utils.func_dump(obj)},
        }
    if inspect.isfunction(obj) or inspect.isclass(obj):
        registered = object_registration.get_registered_name(obj)
        return {
            "module": _public_module(obj),
            "class_name": "function" if inspect.isfunction(obj) else "type",
            "config": registered,
            "registered_name": registered,
        }
    if hasattr(obj, "get_config"):
        shared = _shared_configs()
        if shared is not None and id(obj) in shared:
            first = shared[id(obj)][1]
            first["shared_object_id"] = id(obj)
            return dict(first)
        config = _serialize_object(obj)
        if shared is not None:
            # Keeps `obj` alive so that its id stays unique in the scope.
            shared[id(obj)] = (obj, config)
        return config
    raise TypeError(
        f"Cannot serialize object {obj} of type {type(obj)}. To be "
        "serializable, a class must implement `get_config()`."
    )


def _is_backend_tensor(obj):
    try:
        import jax
    except ImportError:  # pragma: no cover
        return False
    return isinstance(obj, jax.Array)


def _serialize_object(obj):
    cls = type(obj)
    registered = object_registration.get_registered_name(cls)
    config = {
        "module": _public_module(obj),
        "class_name": cls.__name__,
        "config": serialize_keras_object(obj.get_config()),
        "registered_name": registered if registered != cls.__name__ else None,
    }
    build_config = getattr(obj, "get_build_config", lambda: None)()
    if build_config is not None:
        config["build_config"] = build_config
    compile_config = getattr(obj, "get_compile_config", lambda: None)()
    if compile_config is not None:
        # An override may return the objects themselves (optimizer, loss
        # functions, metrics): they are serialized like any config value.
        config["compile_config"] = serialize_keras_object(compile_config)
    return config


# Packages whose modules a config may name to locate an unregistered class:
# Keras and the Keras libraries built on it.
_IMPORTABLE_PACKAGES = ("keras", "keras_hub", "keras_cv", "keras_nlp")


def _resolve(name, module, custom_objects, module_objects):
    found = object_registration.get_registered_object(
        name, custom_objects, module_objects
    )
    if found is not None:
        return found
    if module and module.split(".", 1)[0] in _IMPORTABLE_PACKAGES:
        try:
            found = getattr(importlib.import_module(module), name, None)
        except ImportError:
            found = None
    return found


@keras_export(
    [
        "keras.saving.deserialize_keras_object",
        "keras.utils.deserialize_keras_object",
    ]
)
def deserialize_keras_object(
    config, custom_objects=None, safe_mode=True, module_objects=None, **kwargs
):
    """Rebuilds an object from the output of `serialize_keras_object`.

    Args:
        config: The serialized config.
        custom_objects: Optional dict of names to user classes/functions.
        safe_mode: If `True` (default), configs containing Python code
            (lambdas) are refused.
        module_objects: Optional dict of names to objects to resolve bare
            names with.

    Returns:
        The object.

    Example:

    >>> config = keras.saving.serialize_keras_object(keras.layers.Dense(2))
    >>> keras.saving.deserialize_keras_object(config).units
    2
    """
    safe_mode = resolve_safe_mode(safe_mode)
    if config is None or isinstance(config, (bool, int, float)):
        return config
    if isinstance(config, str):
        return _deserialize_name(config, custom_objects, module_objects)
    if isinstance(config, list):
        return [
            deserialize_keras_object(
                c, custom_objects, safe_mode, module_objects
            )
            for c in config
        ]
    if hasattr(config, "shape") and hasattr(config, "dtype"):
        # An array already (e.g. a legacy H5 file stores `Lambda`
        # arguments as arrays): nothing to rebuild.
        return config
    if not isinstance(config, dict):
        raise TypeError(f"Could not parse config: {config}")
    if "class_name" not in config or "config" not in config:
        return {
            k: deserialize_keras_object(
                v, custom_objects, safe_mode, module_objects
            )
            for k, v in config.items()
        }
    shared_id = config.get("shared_object_id")
    shared = _shared_objects()
    if shared is not None and shared_id is not None and shared_id in shared:
        return shared[shared_id]
    instance = _deserialize_config(
        config, custom_objects, safe_mode, module_objects
    )
    if shared is not None and shared_id is not None:
        shared[shared_id] = instance
    return instance


def _deserialize_name(name, custom_objects, module_objects):
    """A bare name: the object registered (or passed in `custom_objects`)
    under it, as is; else the one `module_objects` maps it to, a class
    there standing for its default instance (`"adam"` -> `Adam()`); else
    the name itself."""
    found = _resolve(name, None, custom_objects, None)
    if found is not None:
        return found
    found = (module_objects or {}).get(name)
    if found is None:
        return name
    return found() if inspect.isclass(found) else found


def _deserialize_config(config, custom_objects, safe_mode, module_objects):
    class_name = config["class_name"]
    inner = config["config"]

    def recurse(value):
        return deserialize_keras_object(
            value, custom_objects, safe_mode, module_objects
        )

    if class_name == "__tuple__":
        return tuple(recurse(v) for v in inner["value"])
    if class_name == "__numpy__":
        return np.array(inner["value"], dtype=inner["dtype"])
    if class_name == "__tensor__":
        from keras.src import backend

        return backend.convert_to_tensor(
            np.array(inner["value"], dtype=inner["dtype"])
        )
    if class_name == "__bytes__":
        return inner["value"].encode()
    if class_name == "__ellipsis__":
        return Ellipsis
    if class_name == "__slice__":
        return slice(
            recurse(inner["start"]),
            recurse(inner["stop"]),
            recurse(inner["step"]),
        )
    if class_name == "__typespec__":
        if not isinstance(inner, (list, tuple)):
            raise TypeError(
                "Expected 'config' to be a list or a tuple for a "
                f"'__typespec__' config. Received: {config}"
            )
        raise TypeError(
            "TensorFlow type specs ('__typespec__') are not supported by "
            f"this JAX-only Keras. Received: {config}"
        )
    if class_name == "__lambda__":
        if safe_mode:
            raise ValueError(
                "Requested the deserialization of a Python lambda. This "
                "carries a potential risk of arbitrary code execution and "
                "is disallowed in safe mode. If you trust the source, pass "
                "`safe_mode=False` to the loading function, or call "
                "`keras.config.enable_unsafe_deserialization()`."
            )
        return python_utils.func_load(inner["value"])
    module = config.get("module")
    registered_name = config.get("registered_name") or None
    if class_name in ("function", "type"):
        if not isinstance(inner, str) or not inner:
            raise TypeError(
                "Expected 'config' to be a non-null str naming the "
                f"{class_name}. Received: {config}"
            )
        return _deserialize_function(
            inner, module, registered_name, custom_objects, module_objects
        )
    if not isinstance(inner, dict):
        raise TypeError(
            f"Expected 'config' to be a dict for class '{class_name}'. "
            f"Received: {config}"
        )
    cls = None
    if registered_name is not None and registered_name != class_name:
        cls = object_registration.get_registered_object(
            registered_name, custom_objects, module_objects
        )
    if cls is None:
        cls = _resolve(class_name, module, custom_objects, module_objects)
        if (
            cls is not None
            and registered_name not in (None, class_name)
            and _is_keras_builtin(cls)
        ):
            raise ValueError(
                f"The config names the registered (custom) class "
                f"'{registered_name}', but 'class_name' {class_name!r} "
                "resolved to a Keras built-in class; refusing to "
                "substitute one for the other. Register the custom class "
                f"or pass it in `custom_objects`. Full object config: "
                f"{config}"
            )
    if cls is None:
        raise TypeError(
            f"Could not locate class '{class_name}'. Make sure custom "
            "classes are decorated with "
            "`@keras.saving.register_keras_serializable()` or passed in "
            f"`custom_objects`. Full object config: {config}"
        )
    with (
        SafeModeScope(safe_mode),
        object_registration.CustomObjectScope(custom_objects),
    ):
        if not hasattr(cls, "from_config"):
            raise TypeError(
                f"Unable to reconstruct an instance of '{class_name}': the "
                f"class {cls} has no `from_config()` class method. Define "
                "one (for a plain class, `return cls(**config)` usually "
                "does it)."
            )
        try:
            instance = cls.from_config(_decode_plain_values(inner))
        except TypeError as e:
            if getattr(e, "_keras_explained", False):
                raise
            error = TypeError(
                f"{cls} could not be deserialized: {e}\nIf its "
                "`get_config()` returns Keras objects (layers, models, "
                "...), make sure they are explicitly deserialized in its "
                "`from_config()` (or `__init__`), e.g. with "
                "`keras.saving.deserialize_keras_object()`.\n"
                f"config={config}"
            )
            error._keras_explained = True
            raise error from e
        build_config = config.get("build_config")
        if build_config and hasattr(instance, "build_from_config"):
            instance.build_from_config(build_config)
        compile_config = config.get("compile_config")
        if compile_config and hasattr(instance, "compile_from_config"):
            instance.compile_from_config(compile_config)
    if hasattr(instance, "_flatten_layers"):
        from keras.src.quantizers import revived_policies

        revived_policies.apply_unmatched_policies(instance)
    return instance


def _is_keras_builtin(obj):
    module = getattr(obj, "__module__", None) or ""
    return module == "keras" or module.startswith("keras.")


# Modules searched for built-in functions saved without a Keras module
# (configs written with `"module": "builtins"`).
_BUILTIN_FUNCTION_MODULES = (
    "keras.src.activations",
    "keras.src.losses",
    "keras.src.metrics",
)


def _deserialize_function(
    name, module, registered_name, custom_objects, module_objects
):
    found = _resolve(name, module, custom_objects, module_objects)
    if found is None and ">" not in name:
        # Older configs name a registered function without its package.
        for key, value in object_registration.GLOBAL_CUSTOM_OBJECTS.items():
            if key.split(">", 1)[-1] == name:
                found = value
                break
    if found is None:
        for module_name in _BUILTIN_FUNCTION_MODULES:
            try:
                candidate = getattr(
                    importlib.import_module(module_name), name, None
                )
            except ImportError:
                candidate = None
            if callable(candidate):
                if registered_name not in (None, "function", name):
                    raise ValueError(
                        f"The config names the registered (custom) "
                        f"function '{registered_name}', but '{name}' "
                        "resolved to a Keras built-in function; refusing "
                        "to substitute one for the other."
                    )
                found = candidate
                break
    if found is None:
        raise ValueError(
            f"Could not locate function '{name}' (module: {module}). "
            "Pass it in `custom_objects` or register it with "
            "`@keras.saving.register_keras_serializable()`."
        )
    return found


_PLAIN_WRAPPERS = (
    "__tuple__",
    "__numpy__",
    "__bytes__",
    "__tensor__",
    "__slice__",
    "__ellipsis__",
)


def _decode_plain_values(value):
    """Decodes tuples and arrays in a config; nested object configs stay
    dicts, for the owning class's `from_config` to deserialize."""
    if isinstance(value, list):
        return [_decode_plain_values(v) for v in value]
    if not isinstance(value, dict):
        return value
    if value.get("class_name") in _PLAIN_WRAPPERS and "config" in value:
        return deserialize_keras_object(value)
    if "class_name" in value and "config" in value:
        return value
    return {k: _decode_plain_values(v) for k, v in value.items()}
