"""The initializer, regularizer and constraint arguments of layer weights.

A layer with a weight `w` takes the arguments `w_initializer`,
`w_regularizer` and `w_constraint`. It stores them resolved under the same
names (`set_weight_settings`) and writes them back serialized in its config
(`settings_config`).
"""

from keras.src import constraints
from keras.src import initializers
from keras.src import regularizers
from keras.src.saving import serialization_lib

# Each setting with the functions that resolve and serialize its values.
SETTINGS = {
    "initializer": (initializers.get, initializers.serialize),
    "regularizer": (regularizers.get, regularizers.serialize),
    "constraint": (constraints.get, serialization_lib.serialize_keras_object),
}


def set_weight_settings(layer, weights, arguments):
    """Resolves and stores on `layer` the `<weight>_<setting>` entries of
    `arguments` (its constructor's `locals()`), for each name in
    `weights`."""
    for weight in weights:
        for setting, (get, _) in SETTINGS.items():
            name = f"{weight}_{setting}"
            setattr(layer, name, get(arguments[name]))


def settings_config(layer, weights, *settings):
    """The config entries of `layer`'s `<weight>_<setting>` attributes:
    setting by setting (those named, else all of `SETTINGS`), each in
    `weights` order."""
    config = {}
    for setting in settings or SETTINGS:
        serialize = SETTINGS[setting][1]
        for weight in weights:
            name = f"{weight}_{setting}"
            config[name] = serialize(getattr(layer, name))
    return config
