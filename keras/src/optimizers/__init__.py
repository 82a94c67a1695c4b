"""Optimizers: `keras.optimizers.get`, `serialize` and `deserialize`."""

from keras.src.api_export import keras_export
from keras.src.optimizers.adam import Adam
from keras.src.optimizers.adamw import AdamW
from keras.src.optimizers.optimizer import Optimizer
from keras.src.optimizers.rmsprop import RMSprop
from keras.src.optimizers.sgd import SGD

ALL_OBJECTS = {
    Optimizer,
    Adam,
    SGD,
    AdamW,
    RMSprop,
}
ALL_OBJECTS_DICT = {cls.__name__.lower(): cls for cls in ALL_OBJECTS}


@keras_export("keras.optimizers.serialize")
def serialize(optimizer):
    """Returns the optimizer configuration as a Python dict.

    Args:
        optimizer: An `Optimizer` instance to serialize.

    Returns:
        Python dict which contains the configuration of the optimizer.
    """
    from keras.src.saving import serialization_lib

    return serialization_lib.serialize_keras_object(optimizer)


@keras_export("keras.optimizers.deserialize")
def deserialize(config, custom_objects=None):
    """Returns a Keras optimizer object via its configuration.

    Args:
        config: Optimizer configuration dictionary.
        custom_objects: Optional dictionary mapping names (strings) to
            custom objects (classes and functions) to be considered during
            deserialization.

    Returns:
        A Keras Optimizer instance.
    """
    from keras.src.saving import serialization_lib

    if isinstance(config, dict) and isinstance(config.get("class_name"), str):
        class_name = config["class_name"]
        if class_name.lower() in ALL_OBJECTS_DICT and not (
            custom_objects and class_name in custom_objects
        ):
            config = dict(config)
            config["class_name"] = class_name.lower()
    return serialization_lib.deserialize_keras_object(
        config,
        module_objects=ALL_OBJECTS_DICT,
        custom_objects=custom_objects,
    )


@keras_export("keras.optimizers.get")
def get(identifier):
    """Retrieves a Keras Optimizer instance.

    Args:
        identifier: Optimizer identifier, one of:
            - String: name of an optimizer (`"sgd"`, `"adam"`, `"adamw"`,
              `"rmsprop"`;
              case-insensitive), created with its default arguments.
            - Dictionary: configuration dictionary.
            - Keras Optimizer instance (it will be returned unchanged).

    Returns:
        A Keras Optimizer instance.

    Example:

    >>> isinstance(keras.optimizers.get("adam"), keras.optimizers.Adam)
    True
    """
    if identifier is None:
        return None
    elif isinstance(identifier, dict):
        obj = deserialize(identifier)
    elif isinstance(identifier, str):
        cls = ALL_OBJECTS_DICT.get(identifier.lower(), None)
        if cls is None or cls is Optimizer:
            raise ValueError(
                f"Could not interpret optimizer identifier: {identifier}. "
                "Valid names are: "
                f"{sorted(k for k in ALL_OBJECTS_DICT if k != 'optimizer')}"
            )
        obj = cls()
    else:
        obj = identifier

    if isinstance(obj, Optimizer):
        return obj
    raise ValueError(f"Could not interpret optimizer identifier: {identifier}")
