"""Settings of the learned scale `gamma` and offset `beta` of the
normalization layers."""

from keras.src import constraints
from keras.src import initializers
from keras.src import regularizers
from keras.src.saving import serialization_lib

WEIGHTS = ("beta", "gamma")


def set_scale_offset_settings(layer, arguments):
    """Resolves and stores the `{beta,gamma}_{initializer,regularizer,
    constraint}` entries of `arguments` (the constructor's `locals()`)."""
    for weight in WEIGHTS:
        for setting, get in (
            ("initializer", initializers.get),
            ("regularizer", regularizers.get),
            ("constraint", constraints.get),
        ):
            name = f"{weight}_{setting}"
            setattr(layer, name, get(arguments[name]))


def scale_offset_config(layer, more_initializers=()):
    """The config entries of those settings: the initializers of `beta`,
    `gamma` and of `more_initializers` (other weights of the layer), then
    the regularizers and the constraints of `beta` and `gamma`."""
    config = {}
    for weight in WEIGHTS + tuple(more_initializers):
        config[f"{weight}_initializer"] = initializers.serialize(
            getattr(layer, f"{weight}_initializer")
        )
    for weight in WEIGHTS:
        config[f"{weight}_regularizer"] = regularizers.serialize(
            getattr(layer, f"{weight}_regularizer")
        )
    for weight in WEIGHTS:
        config[f"{weight}_constraint"] = (
            serialization_lib.serialize_keras_object(
                getattr(layer, f"{weight}_constraint")
            )
        )
    return config
