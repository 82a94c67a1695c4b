"""Losses: `keras.losses.get`, `serialize` and `deserialize`."""

import inspect

from keras.src.api_export import keras_export
from keras.src.losses.loss import Loss
from keras.src.losses.losses import BinaryCrossentropy
from keras.src.losses.losses import CategoricalCrossentropy
from keras.src.losses.losses import LossFunctionWrapper
from keras.src.losses.losses import MeanAbsoluteError
from keras.src.losses.losses import MeanSquaredError
from keras.src.losses.losses import SparseCategoricalCrossentropy
from keras.src.losses.losses import binary_crossentropy
from keras.src.losses.losses import categorical_crossentropy
from keras.src.losses.losses import mean_absolute_error
from keras.src.losses.losses import mean_squared_error
from keras.src.losses.losses import sparse_categorical_crossentropy

# Every built-in loss, each class next to the function it wraps.
ALL_OBJECTS = {
    Loss,
    LossFunctionWrapper,
    MeanAbsoluteError,
    mean_absolute_error,
    MeanSquaredError,
    mean_squared_error,
    BinaryCrossentropy,
    binary_crossentropy,
    CategoricalCrossentropy,
    categorical_crossentropy,
    SparseCategoricalCrossentropy,
    sparse_categorical_crossentropy,
}

ALL_OBJECTS_DICT = {obj.__name__: obj for obj in ALL_OBJECTS}
# Short names, in lower and upper case, resolve to the functions.
for _short, _fn in (
    ("mae", mean_absolute_error),
    ("mse", mean_squared_error),
    ("bce", binary_crossentropy),
):
    ALL_OBJECTS_DICT[_short] = _fn
    ALL_OBJECTS_DICT[_short.upper()] = _fn
del _short, _fn


@keras_export("keras.losses.serialize")
def serialize(loss):
    """Turns a loss into a JSON-friendly config.

    Args:
        loss: The loss to serialize, either a `keras.losses.Loss` object
            or a plain loss function.

    Returns:
        A dict describing `loss`, which `keras.losses.deserialize` turns
        back into an equivalent loss.
    """
    from keras.src.saving import serialization_lib

    return serialization_lib.serialize_keras_object(loss)


@keras_export("keras.losses.deserialize")
def deserialize(name, custom_objects=None):
    """Rebuilds a loss from the config made by `keras.losses.serialize`.

    Args:
        name: The serialized loss (a config dict, or the name of a
            built-in loss).
        custom_objects: Optional dict of user-defined names to the classes
            or functions they stand for, searched when the config refers
            to something that is not built in.

    Returns:
        The loss object or loss function that `name` describes.
    """
    from keras.src.saving import serialization_lib

    return serialization_lib.deserialize_keras_object(
        name, module_objects=ALL_OBJECTS_DICT, custom_objects=custom_objects
    )


@keras_export("keras.losses.get")
def get(identifier):
    """Resolves a loss identifier into a loss object or function.

    Strings are looked up among the built-in losses: the name of a loss
    function (`"mae"`, `"binary_crossentropy"`) gives that function, the
    name of a class (`"MeanAbsoluteError"`) gives a new instance built
    with the default arguments. Dicts are passed to
    `keras.losses.deserialize`; other callables come back unchanged.

    >>> fn = keras.losses.get("mae")
    >>> fn is keras.losses.mean_absolute_error
    True
    >>> obj = keras.losses.get("BinaryCrossentropy")
    >>> obj.from_logits
    False

    Args:
        identifier: `None`, a name, a config dict, a loss function or a
            `keras.losses.Loss` object.

    Returns:
        `None` for `None`, otherwise the matching loss function or `Loss`
        object.
    """
    if identifier is None:
        return None
    if isinstance(identifier, str):
        if identifier not in ALL_OBJECTS_DICT:
            raise ValueError(
                f"Unknown loss identifier {identifier!r}. Valid names: "
                f"{sorted(ALL_OBJECTS_DICT)}"
            )
        found = ALL_OBJECTS_DICT[identifier]
    elif isinstance(identifier, dict):
        found = deserialize(identifier)
    else:
        found = identifier
    if not callable(found):
        raise ValueError(
            f"Unknown loss identifier {identifier!r}: expected a name, a "
            "config dict or a callable."
        )
    return found() if inspect.isclass(found) else found
