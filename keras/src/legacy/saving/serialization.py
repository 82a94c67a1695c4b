"""Configs in the Keras 2 format: `{"class_name": ..., "config": ...}`.

This is the format Keras 2 (`tf.keras`) wrote: no `"module"` and no
`"registered_name"`; a registered (custom) class is named by its registered
name (`"package>Name"`) in `"class_name"`, and functions are written as
their (registered) name. Nested objects found in a config are written in
the same format and marked with `"__passive_serialization__": True`, so
that deserialization rebuilds them too.

Names are resolved, in this order, from the `custom_objects` argument, the
open `keras.saving.custom_object_scope`s, the objects registered with
`keras.saving.register_keras_serializable`, then the `module_objects`
argument (the registry of `keras.saving`, used by both formats). There is
no lookup by module: built-in classes must be passed in `module_objects`,
as Keras 2's per-module `deserialize()` functions did.

Objects shared between configs stay shared through a round trip while a
`keras.saving.ObjectSharingScope` is open (the one scope both formats use):
the configs of the second and later uses of an object carry a
`"shared_object_id"`.

For the current format (with `"module"`), see
`keras.saving.serialize_keras_object`.
"""

import inspect

from keras.src.api_export import keras_export
from keras.src.saving import object_registration
from keras.src.saving import serialization_lib

SHARED_OBJECT_KEY = "shared_object_id"
PASSIVE_SERIALIZATION_KEY = "__passive_serialization__"


def serialize_keras_class_and_config(
    cls_name, cls_config, obj=None, shared_object_id=None
):
    """Returns `{"class_name": cls_name, "config": cls_config}`, with a
    `"shared_object_id"` when one is given.

    When `obj` (the object the config describes) is given and a
    `keras.saving.ObjectSharingScope` is open, the config is recorded as
    `obj`'s: serializing `obj` again in the scope marks both configs with
    the same `"shared_object_id"`.
    """
    base = {"class_name": cls_name, "config": cls_config}
    if shared_object_id is not None:
        base[SHARED_OBJECT_KEY] = shared_object_id
    shared = serialization_lib._shared_configs()
    if obj is not None and shared is not None:
        # Keeps `obj` alive so that its id stays unique in the scope.
        shared[id(obj)] = (obj, base)
    return base


def validate_config(config):
    """Whether `config` is a dict (a legacy object config holds a dict)."""
    return isinstance(config, dict)


def _serialize_config_item(item):
    """Serializes one value of an object's config: Keras objects and
    functions are serialized (objects marked as passively serialized);
    anything else is kept as it is."""
    if isinstance(item, str) or item is None:
        return item
    if inspect.isclass(item) or not (
        hasattr(item, "get_config") or inspect.isfunction(item)
    ):
        return item
    return serialize_passively(item)


def serialize_passively(instance):
    """`serialize_keras_object(instance)`, marked (when it is a dict) as
    passively serialized, so that deserialization rebuilds it."""
    serialized = serialize_keras_object(instance)
    if isinstance(serialized, dict):
        serialized[PASSIVE_SERIALIZATION_KEY] = True
    return serialized


@keras_export(
    [
        "keras.legacy.saving.serialize_keras_object",
        "keras.utils.legacy.serialize_keras_object",
    ]
)
def serialize_keras_object(instance):
    """Serializes a Keras object into the Keras 2 config format.

    Args:
        instance: An object with a `get_config()` method (a layer, model,
            optimizer, loss, ...), or a function or class (written as its
            registered name), or `None`.

    Returns:
        `{"class_name": ..., "config": ...}` for an object, a string for a
        function or class, `None` for `None`.

    Example:

    >>> config = keras.utils.legacy.serialize_keras_object(
    ...     keras.layers.Dense(2, name="d"))
    >>> config["class_name"], config["config"]["units"]
    ('Dense', 2)
    """
    if instance is None:
        return None
    if inspect.isclass(instance) or (
        not hasattr(instance, "get_config") and hasattr(instance, "__name__")
    ):
        return object_registration.get_registered_name(instance)
    if not hasattr(instance, "get_config"):
        raise ValueError(
            f"Cannot serialize {instance} because it doesn't implement "
            "`get_config()`."
        )
    shared = serialization_lib._shared_configs()
    if shared is not None and id(instance) in shared:
        first = shared[id(instance)][1]
        first[SHARED_OBJECT_KEY] = id(instance)
        return dict(first)
    name = object_registration.get_registered_name(type(instance))
    config = instance.get_config()
    if not isinstance(config, dict):
        raise ValueError(
            f"The `get_config()` of {instance} must return a dict. "
            f"Received: {config}"
        )
    config = {key: _serialize_config_item(v) for key, v in config.items()}
    return serialize_keras_class_and_config(name, config, instance)


def _unknown(printable_module_name, name):
    return ValueError(
        f"Unknown {printable_module_name}: '{name}'. Please ensure you are "
        "using a `keras.utils.custom_object_scope` and that this object is "
        "included in the scope, or that it is registered with "
        "`@keras.saving.register_keras_serializable()`, or passed in "
        "`custom_objects`."
    )


def class_and_config_for_serialized_keras_object(
    config,
    module_objects=None,
    custom_objects=None,
    printable_module_name="object",
):
    """Returns `(class, config)` for a legacy object config.

    The class is resolved by its `"class_name"`; in the returned config,
    passively serialized nested objects are deserialized, and strings
    naming a registered or custom function are replaced by the function.
    """
    if (
        not isinstance(config, dict)
        or "class_name" not in config
        or "config" not in config
    ):
        raise ValueError(
            f"Improper config format for {config}. Expecting python dict "
            "contains `class_name` and `config` as keys"
        )
    class_name = config["class_name"]
    cls = object_registration.get_registered_object(
        class_name, custom_objects, module_objects
    )
    if cls is None:
        raise _unknown(printable_module_name, class_name)
    cls_config = config["config"]
    if not isinstance(cls_config, dict):
        # E.g. the plain list of layers of a Keras 2 `Sequential`.
        return cls, cls_config
    decoded = {}
    for key, item in cls_config.items():
        if key == "name":
            decoded[key] = item
        elif isinstance(item, dict) and item.get(PASSIVE_SERIALIZATION_KEY):
            decoded[key] = deserialize_keras_object(
                item,
                module_objects=module_objects,
                custom_objects=custom_objects,
                printable_module_name="config_item",
            )
        elif isinstance(item, str):
            found = object_registration.get_registered_object(
                item, custom_objects
            )
            decoded[key] = found if inspect.isfunction(found) else item
        else:
            decoded[key] = item
    return cls, decoded


def _accepts_custom_objects(method):
    try:
        return "custom_objects" in inspect.signature(method).parameters
    except (TypeError, ValueError):
        return False


@keras_export(
    [
        "keras.legacy.saving.deserialize_keras_object",
        "keras.utils.legacy.deserialize_keras_object",
    ]
)
def deserialize_keras_object(
    identifier,
    module_objects=None,
    custom_objects=None,
    printable_module_name="object",
):
    """Rebuilds an object from its Keras 2 format config.

    Args:
        identifier: A config dict (`{"class_name": ..., "config": ...}`),
            the name of a function or class, a function, or `None`.
        module_objects: Dict of names to the built-in classes and
            functions that names may refer to.
        custom_objects: Dict of names to user classes and functions.
        printable_module_name: What the object is (`"layer"`,
            `"optimizer"`, ...), for error messages.

    Returns:
        The object. A name resolves to the function it names, or to an
        instance (made without arguments) of the class it names.

    Example:

    >>> config = keras.utils.legacy.serialize_keras_object(
    ...     keras.layers.Dense(2))
    >>> layer = keras.utils.legacy.deserialize_keras_object(
    ...     config, module_objects={"Dense": keras.layers.Dense})
    >>> layer.units
    2
    """
    if identifier is None:
        return None
    if isinstance(identifier, dict):
        shared_id = identifier.get(SHARED_OBJECT_KEY)
        shared = serialization_lib._shared_objects()
        if shared is not None and shared_id is not None and shared_id in shared:
            return shared[shared_id]
        cls, cls_config = class_and_config_for_serialized_keras_object(
            identifier, module_objects, custom_objects, printable_module_name
        )
        custom_objects = dict(custom_objects or {})
        with object_registration.CustomObjectScope(custom_objects):
            if hasattr(cls, "from_config"):
                if _accepts_custom_objects(cls.from_config):
                    instance = cls.from_config(
                        cls_config,
                        custom_objects={
                            **object_registration.GLOBAL_CUSTOM_OBJECTS,
                            **custom_objects,
                        },
                    )
                else:
                    instance = cls.from_config(cls_config)
            else:
                instance = cls(**cls_config)
        if shared is not None and shared_id is not None:
            shared[shared_id] = instance
        return instance
    if isinstance(identifier, str):
        found = object_registration.get_registered_object(
            identifier, custom_objects, module_objects
        )
        if found is None:
            raise _unknown(printable_module_name, identifier)
        # A class named by a string is instantiated without arguments.
        return found() if inspect.isclass(found) else found
    if inspect.isfunction(identifier):
        return identifier
    raise ValueError(
        f"Could not interpret serialized {printable_module_name}: {identifier}"
    )
