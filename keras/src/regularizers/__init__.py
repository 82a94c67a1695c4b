"""Regularizers: `keras.regularizers.get`, `serialize` and `deserialize`."""

from keras.src.api_export import keras_export
from keras.src.regularizers.regularizers import L1
from keras.src.regularizers.regularizers import L1L2
from keras.src.regularizers.regularizers import L2
from keras.src.regularizers.regularizers import OrthogonalRegularizer
from keras.src.regularizers.regularizers import Regularizer
from keras.src.utils import identifier_utils

ALL_OBJECTS = {Regularizer, L1, L2, L1L2, OrthogonalRegularizer}


# Class names, their snake-case forms, and the short lowercase names
# (`L1L2` is "l1l2" in snake case, so "l1_l2" is added by hand).
ALL_OBJECTS_DICT = identifier_utils.names_table(
    ALL_OBJECTS, l1=L1, l2=L2, l1_l2=L1L2
)


@keras_export("keras.regularizers.serialize")
def serialize(regularizer):
    """Describes a regularizer as a JSON-friendly dict.

    Args:
        regularizer: A `keras.regularizers.Regularizer` instance.

    Returns:
        A dict with `class_name` and `config` entries.
    """
    return identifier_utils.serialize_object(regularizer)


@keras_export("keras.regularizers.deserialize")
def deserialize(config, custom_objects=None):
    """Rebuilds a regularizer from the dict written by `serialize()`.

    Args:
        config: A dict as returned by `serialize()`.
        custom_objects: Optional dict mapping names to custom classes.

    Returns:
        A regularizer instance.
    """
    return identifier_utils.deserialize_from_table(
        config, ALL_OBJECTS_DICT, custom_objects
    )


@keras_export("keras.regularizers.get")
def get(identifier):
    """Resolves a name, config dict or callable to a regularizer.

    Args:
        identifier: `None`, a string name (`"l1"`, `"l2"`, `"l1_l2"`,
            `"L1"`...), a config dict, or a callable (returned as is).

    Returns:
        A regularizer instance or callable, or `None`.

    Example:

    >>> keras.regularizers.get("l2").get_config()
    {'l2': 0.01}
    """
    return identifier_utils.get_from_table(
        identifier,
        ALL_OBJECTS_DICT,
        unknown_name="Unknown regularizer name {identifier!r}. Valid names "
        "are {names}.",
        not_callable="A regularizer must be a name, a config dict or a "
        "callable `fn(weights)`; got {identifier!r}.",
    )
