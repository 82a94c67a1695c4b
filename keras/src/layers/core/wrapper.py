"""`Wrapper`: the base class of layers that wrap another layer."""

from keras.src.api_export import keras_export
from keras.src.layers.layer import Layer
from keras.src.saving import serialization_lib


@keras_export("keras.layers.Wrapper")
class Wrapper(Layer):
    """Base class of the layers that add behaviour around another layer.

    The wrapped layer is kept as `self.layer` (its weights are those of
    the wrapper) and is serialized inside the wrapper's config.
    `TimeDistributed` and `Bidirectional` are wrappers; subclasses
    implement `call`.

    Args:
        layer: The `keras.layers.Layer` instance to wrap.
        **kwargs: Standard `Layer` options, e.g. `name`, `dtype`, `trainable`.
    """

    def __init__(self, layer, **kwargs):
        if not isinstance(layer, Layer):
            raise ValueError(
                "`Wrapper` needs a `keras.layers.Layer` instance to wrap. "
                f"Received: layer={layer!r} (of type {type(layer).__name__})"
            )
        super().__init__(**kwargs)
        self.layer = layer

    def build(self, input_shape=None):
        if not self.layer.built:
            self.layer.build(input_shape)
            self.layer.built = True
        self.built = True

    def get_config(self):
        config = super().get_config()
        config["layer"] = serialization_lib.serialize_keras_object(self.layer)
        return config

    @classmethod
    def from_config(cls, config, custom_objects=None):
        config = dict(config)
        layer = serialization_lib.deserialize_keras_object(
            config.pop("layer"), custom_objects=custom_objects
        )
        return cls(layer, **config)
