"""Registry of user classes and functions that configs may refer to."""

import inspect

from keras.src.api_export import keras_export
from keras.src.backend.common import global_state

# Registered name -> object, and object -> registered name.
GLOBAL_CUSTOM_OBJECTS = {}
GLOBAL_CUSTOM_NAMES = {}


@keras_export(
    [
        "keras.saving.CustomObjectScope",
        "keras.saving.custom_object_scope",
        "keras.utils.CustomObjectScope",
        "keras.utils.custom_object_scope",
    ]
)
class CustomObjectScope:
    """Makes custom objects resolvable by name while the scope is open.

    Args:
        custom_objects: Dict of names to classes or functions.

    Example:

    ```python
    with keras.saving.custom_object_scope({"MyLayer": MyLayer}):
        model = keras.models.load_model("model.keras")
    ```
    """

    def __init__(self, custom_objects):
        self.custom_objects = dict(custom_objects or {})

    def __enter__(self):
        self.backup = global_state.get_global_attribute("custom_objects_scope")
        merged = dict(self.backup or {})
        merged.update(self.custom_objects)
        global_state.set_global_attribute("custom_objects_scope", merged)
        return self

    def __exit__(self, *args, **kwargs):
        global_state.set_global_attribute("custom_objects_scope", self.backup)


custom_object_scope = CustomObjectScope


@keras_export(
    ["keras.saving.get_custom_objects", "keras.utils.get_custom_objects"]
)
def get_custom_objects():
    """Returns the global dict of registered custom objects (mutable)."""
    return GLOBAL_CUSTOM_OBJECTS


@keras_export(
    [
        "keras.saving.register_keras_serializable",
        "keras.utils.register_keras_serializable",
    ]
)
def register_keras_serializable(package="Custom", name=None):
    """Registers a class or function under `"package>name"`.

    Args:
        package: The package the object belongs to.
        name: The name to register under; defaults to the object's name.

    Returns:
        A decorator that registers its argument and returns it unchanged.

    Example:

    ```python
    @keras.saving.register_keras_serializable(package="blocks")
    class ScaledTanh(keras.layers.Layer):
        def call(self, x):
            return 1.7159 * keras.ops.tanh(2.0 * x / 3.0)

    keras.saving.get_registered_name(ScaledTanh)  # "blocks>ScaledTanh"
    ```
    """

    def decorator(arg):
        class_name = name if name is not None else arg.__name__
        registered_name = f"{package}>{class_name}"
        if inspect.isclass(arg) and not hasattr(arg, "get_config"):
            raise ValueError(
                "Cannot register a class that does not have a get_config() "
                f"method. Received: {arg}"
            )
        GLOBAL_CUSTOM_OBJECTS[registered_name] = arg
        GLOBAL_CUSTOM_NAMES[arg] = registered_name
        return arg

    return decorator


@keras_export(
    ["keras.saving.get_registered_name", "keras.utils.get_registered_name"]
)
def get_registered_name(obj):
    """Returns the name `obj` was registered under, or its `__name__`."""
    return GLOBAL_CUSTOM_NAMES.get(obj, obj.__name__)


@keras_export(
    ["keras.saving.get_registered_object", "keras.utils.get_registered_object"]
)
def get_registered_object(name, custom_objects=None, module_objects=None):
    """Looks `name` up in scopes, the registry, then `module_objects`.

    Returns:
        The object, or `None` if the name is unknown.
    """
    scope = global_state.get_global_attribute("custom_objects_scope") or {}
    for table in (
        custom_objects,
        scope,
        GLOBAL_CUSTOM_OBJECTS,
        module_objects,
    ):
        if table and name in table:
            return table[name]
    return None
