"""Initializers: `keras.initializers.get`, `serialize` and `deserialize`."""

import inspect

import numpy as np

from keras.src.api_export import keras_export
from keras.src.initializers.constant_initializers import STFT
from keras.src.initializers.constant_initializers import Constant
from keras.src.initializers.constant_initializers import Identity
from keras.src.initializers.constant_initializers import Ones
from keras.src.initializers.constant_initializers import Zeros
from keras.src.initializers.initializer import Initializer
from keras.src.initializers.random_initializers import GlorotNormal
from keras.src.initializers.random_initializers import GlorotUniform
from keras.src.initializers.random_initializers import HeNormal
from keras.src.initializers.random_initializers import HeUniform
from keras.src.initializers.random_initializers import LecunNormal
from keras.src.initializers.random_initializers import LecunUniform
from keras.src.initializers.random_initializers import Orthogonal
from keras.src.initializers.random_initializers import RandomInitializer
from keras.src.initializers.random_initializers import RandomNormal
from keras.src.initializers.random_initializers import RandomUniform
from keras.src.initializers.random_initializers import TruncatedNormal
from keras.src.initializers.random_initializers import VarianceScaling
from keras.src.utils.naming import to_snake_case

ALL_OBJECTS = {
    Initializer,
    Constant,
    STFT,
    Identity,
    Ones,
    Zeros,
    GlorotNormal,
    GlorotUniform,
    HeNormal,
    HeUniform,
    LecunNormal,
    LecunUniform,
    Orthogonal,
    RandomNormal,
    RandomUniform,
    TruncatedNormal,
    VarianceScaling,
}

ALL_OBJECTS_DICT = {cls.__name__: cls for cls in ALL_OBJECTS}
ALL_OBJECTS_DICT.update(
    {to_snake_case(cls.__name__): cls for cls in ALL_OBJECTS}
)
# Aliases.
ALL_OBJECTS_DICT.update(
    {
        "IdentityInitializer": Identity,
        "OrthogonalInitializer": Orthogonal,
        "identity_initializer": Identity,
        "STFTInitializer": STFT,
        "stft_initializer": STFT,
        "orthogonal_initializer": Orthogonal,
        "uniform": RandomUniform,
        "normal": RandomNormal,
        "one": Ones,
        "zero": Zeros,
    }
)


@keras_export("keras.initializers.serialize")
def serialize(initializer):
    """Returns the initializer configuration as a Python dict.

    Args:
        initializer: A `keras.initializers.Initializer` instance.

    Returns:
        A dict with `class_name` and `config` entries.
    """
    from keras.src.saving import serialization_lib

    return serialization_lib.serialize_keras_object(initializer)


@keras_export("keras.initializers.deserialize")
def deserialize(config, custom_objects=None):
    """Returns a Keras initializer object via its config.

    Args:
        config: A dict `{"class_name": ..., "config": ...}` as returned by
            `serialize()`.
        custom_objects: Optional dict mapping names to custom classes.

    Returns:
        A `keras.initializers.Initializer` instance.
    """
    from keras.src.saving import serialization_lib

    return serialization_lib.deserialize_keras_object(
        config,
        module_objects=ALL_OBJECTS_DICT,
        custom_objects=custom_objects,
    )


def _is_array(x):
    from keras.src import backend

    return isinstance(x, (np.ndarray, np.generic)) or backend.is_tensor(x)


def _array_initializer(value):
    """An initializer returning `value` itself (cast to the requested
    dtype), for calls with `value`'s shape."""
    from keras.src import backend
    from keras.src import ops

    expected = tuple(value.shape)

    def initializer(shape, dtype=None):
        if tuple(shape) != expected:
            raise ValueError(
                f"Expected `shape` to be {expected}: the initializer is a "
                f"fixed tensor of that shape. Received: shape={shape}"
            )
        return ops.cast(value, backend.standardize_dtype(dtype))

    return initializer


@keras_export("keras.initializers.get")
def get(identifier):
    """Retrieves a Keras initializer object via an identifier.

    The `identifier` may be the string name of an initializer (snake case
    or class name), a dict config as produced by `serialize()`, an
    initializer instance or class, or any callable `fn(shape, dtype)`.

    Example:

    >>> keras.initializers.get("ones")(shape=(2,)).tolist()
    [1.0, 1.0]
    >>> cfg = {"class_name": "Ones", "config": {}}
    >>> isinstance(keras.initializers.get(cfg), keras.initializers.Ones)
    True

    Args:
        identifier: String, dict, callable or `None`.

    Returns:
        An initializer instance or callable, or `None` if `identifier` is
        `None`.
    """
    if identifier is None:
        return None
    if isinstance(identifier, dict):
        obj = deserialize(identifier)
    elif _is_array(identifier):
        obj = _array_initializer(identifier)
    elif isinstance(identifier, str):
        obj = ALL_OBJECTS_DICT.get(identifier, None)
        if obj is None:
            raise ValueError(
                f"Could not interpret initializer identifier: {identifier}. "
                f"Valid names are: {sorted(ALL_OBJECTS_DICT)}"
            )
    else:
        obj = identifier
    if callable(obj):
        if inspect.isclass(obj):
            obj = obj()
        return obj
    raise ValueError(
        f"Could not interpret initializer identifier: {identifier}"
    )


__all__ = [
    "ALL_OBJECTS",
    "ALL_OBJECTS_DICT",
    "Constant",
    "GlorotNormal",
    "GlorotUniform",
    "HeNormal",
    "HeUniform",
    "Identity",
    "Initializer",
    "LecunNormal",
    "LecunUniform",
    "Ones",
    "Orthogonal",
    "RandomInitializer",
    "RandomNormal",
    "RandomUniform",
    "STFT",
    "TruncatedNormal",
    "VarianceScaling",
    "Zeros",
    "deserialize",
    "get",
    "serialize",
]
