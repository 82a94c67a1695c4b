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
from keras.src.utils import identifier_utils

# Grouped by family: rectifiers, exponential-based, sigmoid-like, shrinking
# and sparse ones, others.
ALL_OBJECTS = {relu, relu6, leaky_relu, elu, selu, celu, gelu, silu, mish}
ALL_OBJECTS |= {exponential, softplus, softmax, log_softmax, squareplus}
ALL_OBJECTS |= {sigmoid, hard_sigmoid, hard_silu, log_sigmoid, tanh, softsign}
ALL_OBJECTS |= {hard_tanh, hard_shrink, soft_shrink, tanh_shrink, threshold}
ALL_OBJECTS |= {sparse_plus, sparse_sigmoid, sparsemax, glu, linear}

# Looked up by function name, plus the "swish" spellings of the SiLUs.
ALL_OBJECTS_DICT = dict(
    {fn.__name__: fn for fn in ALL_OBJECTS},
    swish=silu,
    hard_swish=hard_silu,
)


@keras_export("keras.activations.serialize")
def serialize(activation):
    """Names a built-in activation, or describes a custom one as a dict.

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
    config = identifier_utils.serialize_object(activation)
    if isinstance(config, dict) and "config" not in config:
        raise ValueError(
            f"Cannot serialize the activation {activation!r}: it is not a "
            "built-in one. Register custom activations with "
            "`keras.saving.register_keras_serializable`."
        )
    return config


@keras_export("keras.activations.deserialize")
def deserialize(config, custom_objects=None):
    """Looks up an activation function from its name or config dict.

    Args:
        config: A string name or a config dict.
        custom_objects: Optional dict mapping names to custom functions.

    Returns:
        The activation function.
    """
    if isinstance(config, str) and config in ALL_OBJECTS_DICT:
        if not custom_objects or config not in custom_objects:
            return ALL_OBJECTS_DICT[config]
    return identifier_utils.deserialize_from_table(
        config, ALL_OBJECTS_DICT, custom_objects
    )


@keras_export("keras.activations.get")
def get(identifier):
    """Resolves a name, config dict or callable to an activation function.

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
    return identifier_utils.get_from_table(
        identifier,
        ALL_OBJECTS_DICT,
        unknown_name="Unknown activation name {identifier!r}. Valid names "
        "are {names}.",
        not_callable="An activation must be a name, a config dict or a "
        "callable; got {identifier!r}.",
        instantiate_classes=False,
    )
