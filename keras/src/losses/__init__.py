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

ALL_OBJECTS = {
    # Base
    Loss,
    LossFunctionWrapper,
    # Classes
    MeanSquaredError,
    MeanAbsoluteError,
    BinaryCrossentropy,
    CategoricalCrossentropy,
    SparseCategoricalCrossentropy,
    # Functions
    mean_squared_error,
    mean_absolute_error,
    binary_crossentropy,
    categorical_crossentropy,
    sparse_categorical_crossentropy,
}

ALL_OBJECTS_DICT = {obj.__name__: obj for obj in ALL_OBJECTS}
ALL_OBJECTS_DICT.update(
    {
        "bce": binary_crossentropy,
        "BCE": binary_crossentropy,
        "mae": mean_absolute_error,
        "MAE": mean_absolute_error,
        "mse": mean_squared_error,
        "MSE": mean_squared_error,
    }
)


@keras_export("keras.losses.serialize")
def serialize(loss):
    """Serializes a loss class instance or function.

    Args:
        loss: A Keras `Loss` instance or a loss function.

    Returns:
        Loss configuration dictionary.
    """
    from keras.src.saving import serialization_lib

    return serialization_lib.serialize_keras_object(loss)


@keras_export("keras.losses.deserialize")
def deserialize(name, custom_objects=None):
    """Deserializes a serialized loss class/function instance.

    Args:
        name: Loss configuration.
        custom_objects: Optional dictionary mapping names (strings) to
            custom objects (classes and functions) to be considered during
            deserialization.

    Returns:
        A Keras `Loss` instance or a loss function.
    """
    from keras.src.saving import serialization_lib

    return serialization_lib.deserialize_keras_object(
        name,
        module_objects=ALL_OBJECTS_DICT,
        custom_objects=custom_objects,
    )


@keras_export("keras.losses.get")
def get(identifier):
    """Retrieves a Keras loss as a `function`/`Loss` class instance.

    The `identifier` may be the string name of a loss function or `Loss`
    class (e.g. `"mse"`, `"categorical_crossentropy"`,
    `"CategoricalCrossentropy"`); class names give an instance with default
    arguments. It may also be a config dict, or a callable returned as is.

    >>> loss = keras.losses.get("categorical_crossentropy")
    >>> loss is keras.losses.categorical_crossentropy
    True
    >>> loss = keras.losses.get("CategoricalCrossentropy")
    >>> isinstance(loss, keras.losses.CategoricalCrossentropy)
    True

    Args:
        identifier: A loss identifier. One of `None`, a string name of a
            loss function/class, a loss configuration dictionary, a loss
            function or a loss class instance.

    Returns:
        A Keras loss as a `function`/`Loss` class instance.
    """
    if identifier is None:
        return None
    if isinstance(identifier, dict):
        obj = deserialize(identifier)
    elif isinstance(identifier, str):
        obj = ALL_OBJECTS_DICT.get(identifier, None)
        if obj is None:
            raise ValueError(
                f"Could not interpret loss identifier: {identifier}. "
                f"Valid names are: {sorted(ALL_OBJECTS_DICT)}"
            )
    else:
        obj = identifier
    if callable(obj):
        if inspect.isclass(obj):
            obj = obj()
        return obj
    raise ValueError(f"Could not interpret loss identifier: {identifier}")
