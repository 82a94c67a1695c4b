"""Settings of the learned scale `gamma` and offset `beta` of the
normalization layers."""

from keras.src.layers.weight_settings import set_weight_settings
from keras.src.layers.weight_settings import settings_config

WEIGHTS = ("beta", "gamma")


def set_scale_offset_settings(layer, arguments):
    """Resolves and stores the `{beta,gamma}_{initializer,regularizer,
    constraint}` entries of `arguments` (the constructor's `locals()`)."""
    set_weight_settings(layer, WEIGHTS, arguments)


def scale_offset_config(layer, more_initializers=()):
    """The config entries of those settings: the initializers of `beta`,
    `gamma` and of `more_initializers` (other weights of the layer), then
    the regularizers and the constraints of `beta` and `gamma`."""
    return {
        **settings_config(layer, WEIGHTS + more_initializers, "initializer"),
        **settings_config(layer, WEIGHTS, "regularizer", "constraint"),
    }
