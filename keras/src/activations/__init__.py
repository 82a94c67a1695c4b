"""Activations: `keras.activations.get`, `serialize` and `deserialize`."""

from keras.src.activations.activations import celu
from keras.src.activations.activations import elu
from keras.src.activations.activations import exponential
from keras.src.activations.activations import gelu
from keras.src.activations.activations import glu
from keras.src.activations.activations import hard_shrink
from keras.src.activations.activations import hard_sigmoid
from keras.src.activations.activations import hard_silu
from keras.src.activations.activations import hard_tanh
from keras.src.activations.activations import leaky_relu
from keras.src.activations.activations import linear
from keras.src.activations.activations import log_sigmoid
from keras.src.activations.activations import log_softmax
from keras.src.activations.activations import mish
from keras.src.activations.activations import relu
from keras.src.activations.activations import relu6
from keras.src.activations.activations import selu
from keras.src.activations.activations import sigmoid
from keras.src.activations.activations import silu
from keras.src.activations.activations import soft_shrink
from keras.src.activations.activations import softmax
from keras.src.activations.activations import softplus
from keras.src.activations.activations import softsign
from keras.src.activations.activations import sparse_plus
from keras.src.activations.activations import sparse_sigmoid
from keras.src.activations.activations import sparsemax
from keras.src.activations.activations import squareplus
from keras.src.activations.activations import tanh
from keras.src.activations.activations import tanh_shrink
from keras.src.activations.activations import threshold
from keras.src.api_export import keras_export

ALL_OBJECTS = {
    relu,
    leaky_relu,
    relu6,
    softmax,
    elu,
    selu,
    softplus,
    softsign,
    silu,
    gelu,
    tanh,
    sigmoid,
    exponential,
    hard_sigmoid,
    hard_silu,
    linear,
    mish,
    log_softmax,
    celu,
    glu,
    hard_shrink,
    hard_tanh,
    log_sigmoid,
    soft_shrink,
    sparse_plus,
    sparse_sigmoid,
    sparsemax,
    squareplus,
    tanh_shrink,
    threshold,
}

ALL_OBJECTS_DICT = {fn.__name__: fn for fn in ALL_OBJECTS}
# Aliases.
ALL_OBJECTS_DICT["swish"] = silu
ALL_OBJECTS_DICT["hard_swish"] = hard_silu


@keras_export("keras.activations.serialize")
def serialize(activation):
    """Returns the string identifier (or config) of an activation function.

    Built-in activations serialize to their name, e.g. `"relu"`; other
    callables go through `keras.saving.serialize_keras_object`.

    Args:
        activation: A function object.

    Returns:
        A string (built-in activations) or a config dict.

    Example:

    >>> keras.activations.serialize(keras.activations.tanh)
    'tanh'
    """
    for name, fn in ALL_OBJECTS_DICT.items():
        if fn is activation and name == fn.__name__:
            return name
    from keras.src.saving import serialization_lib

    fn_config = serialization_lib.serialize_keras_object(activation)
    if isinstance(fn_config, dict) and "config" not in fn_config:
        raise ValueError(
            "Unknown activation function. Custom activation functions must "
            "be registered with `keras.saving.register_keras_serializable` "
            f"Received: {activation}"
        )
    return fn_config


@keras_export("keras.activations.deserialize")
def deserialize(config, custom_objects=None):
    """Returns an activation function from its name or config.

    Args:
        config: A string name or a config dict.
        custom_objects: Optional dict mapping names to custom functions.

    Returns:
        The activation function.
    """
    if isinstance(config, str) and config in ALL_OBJECTS_DICT:
        if not custom_objects or config not in custom_objects:
            return ALL_OBJECTS_DICT[config]
    from keras.src.saving import serialization_lib

    return serialization_lib.deserialize_keras_object(
        config,
        module_objects=ALL_OBJECTS_DICT,
        custom_objects=custom_objects,
    )


@keras_export("keras.activations.get")
def get(identifier):
    """Retrieves a Keras activation function via an identifier.

    Args:
        identifier: `None` (returns `linear`), a string name such as
            `"relu"`, a config dict, or a callable (returned as is).

    Returns:
        The activation function.

    Example:

    >>> keras.activations.get("softmax") is keras.activations.softmax
    True
    """
    if identifier is None:
        return linear
    if isinstance(identifier, dict):
        obj = deserialize(identifier)
    elif isinstance(identifier, str):
        obj = ALL_OBJECTS_DICT.get(identifier, None)
        if obj is None:
            raise ValueError(
                f"Could not interpret activation function identifier: "
                f"{identifier}. Valid names are: {sorted(ALL_OBJECTS_DICT)}"
            )
    else:
        obj = identifier
    if callable(obj):
        return obj
    raise ValueError(
        f"Could not interpret activation function identifier: {identifier}"
    )
