"""Regularizers: `keras.regularizers.get`, `serialize` and `deserialize`."""

import inspect

from keras.src.api_export import keras_export
from keras.src.regularizers.regularizers import L1
from keras.src.regularizers.regularizers import L1L2
from keras.src.regularizers.regularizers import L2
from keras.src.regularizers.regularizers import OrthogonalRegularizer
from keras.src.regularizers.regularizers import Regularizer
from keras.src.utils.naming import to_snake_case

ALL_OBJECTS = {
    Regularizer,
    L1,
    L2,
    L1L2,
    OrthogonalRegularizer,
}

ALL_OBJECTS_DICT = {cls.__name__: cls for cls in ALL_OBJECTS}
ALL_OBJECTS_DICT.update(
    {to_snake_case(cls.__name__): cls for cls in ALL_OBJECTS}
)
# Lowercase aliases (`to_snake_case("L1L2")` gives "l1l2").
ALL_OBJECTS_DICT.update({"l1_l2": L1L2, "l1": L1, "l2": L2})


@keras_export("keras.regularizers.serialize")
def serialize(regularizer):
    """Returns the config dict of a regularizer.

    Args:
        regularizer: A `keras.regularizers.Regularizer` instance.

    Returns:
        A dict with `class_name` and `config` entries.
    """
    from keras.src.saving import serialization_lib

    return serialization_lib.serialize_keras_object(regularizer)


@keras_export("keras.regularizers.deserialize")
def deserialize(config, custom_objects=None):
    """Returns a regularizer from its config dict.

    Args:
        config: A dict as returned by `serialize()`.
        custom_objects: Optional dict mapping names to custom classes.

    Returns:
        A regularizer instance.
    """
    from keras.src.saving import serialization_lib

    return serialization_lib.deserialize_keras_object(
        config,
        module_objects=ALL_OBJECTS_DICT,
        custom_objects=custom_objects,
    )


@keras_export("keras.regularizers.get")
def get(identifier):
    """Retrieves a regularizer instance from an identifier.

    Args:
        identifier: `None`, a string name (`"l1"`, `"l2"`, `"l1_l2"`,
            `"L1"`...), a config dict, or a callable (returned as is).

    Returns:
        A regularizer instance or callable, or `None`.

    Example:

    >>> keras.regularizers.get("l2").get_config()
    {'l2': 0.01}
    """
    if identifier is None:
        return None
    if isinstance(identifier, dict):
        obj = deserialize(identifier)
    elif isinstance(identifier, str):
        obj = ALL_OBJECTS_DICT.get(identifier, None)
        if obj is None:
            raise ValueError(
                f"Could not interpret regularizer identifier: {identifier}. "
                f"Valid names are: {sorted(ALL_OBJECTS_DICT)}"
            )
    else:
        obj = identifier
    if callable(obj):
        if inspect.isclass(obj):
            obj = obj()
        return obj
    raise ValueError(
        f"Could not interpret regularizer identifier: {identifier}"
    )
