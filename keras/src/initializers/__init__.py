"""Initializers: `keras.initializers.get`, `serialize` and `deserialize`."""

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
from keras.src.utils import identifier_utils

# Constant-valued initializers first, then the random ones; the base class
# is listed too so that its config can be looked up by name.
ALL_OBJECTS = {Initializer, Constant, Identity, Ones, Zeros, STFT}
ALL_OBJECTS |= {RandomNormal, RandomUniform, TruncatedNormal, Orthogonal}
ALL_OBJECTS |= {VarianceScaling, GlorotNormal, GlorotUniform}
ALL_OBJECTS |= {HeNormal, HeUniform, LecunNormal, LecunUniform}


# Each class is known by its class name and its snake-case name, plus a few
# legacy spellings.
ALL_OBJECTS_DICT = identifier_utils.names_table(
    ALL_OBJECTS,
    one=Ones,
    zero=Zeros,
    normal=RandomNormal,
    uniform=RandomUniform,
    IdentityInitializer=Identity,
    identity_initializer=Identity,
    OrthogonalInitializer=Orthogonal,
    orthogonal_initializer=Orthogonal,
    STFTInitializer=STFT,
    stft_initializer=STFT,
)


@keras_export("keras.initializers.serialize")
def serialize(initializer):
    """Turns an initializer into a JSON-friendly dict describing it.

    Args:
        initializer: A `keras.initializers.Initializer` instance.

    Returns:
        A dict with `class_name` and `config` entries.
    """
    return identifier_utils.serialize_object(initializer)


@keras_export("keras.initializers.deserialize")
def deserialize(config, custom_objects=None):
    """Rebuilds an initializer from the dict written by `serialize()`.

    Args:
        config: A dict `{"class_name": ..., "config": ...}` as returned by
            `serialize()`.
        custom_objects: Optional dict mapping names to custom classes.

    Returns:
        A `keras.initializers.Initializer` instance.
    """
    return identifier_utils.deserialize_from_table(
        config, ALL_OBJECTS_DICT, custom_objects
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
    """Resolves a name, config dict or callable to an initializer.

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
    if _is_array(identifier):
        return _array_initializer(identifier)
    return identifier_utils.get_from_table(
        identifier,
        ALL_OBJECTS_DICT,
        unknown_name="Unknown initializer name {identifier!r}. Valid names "
        "are {names}.",
        not_callable="An initializer must be a name, a config dict or a "
        "callable `fn(shape, dtype)`; got {identifier!r}.",
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
