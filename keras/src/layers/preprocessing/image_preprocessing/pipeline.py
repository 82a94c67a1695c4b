"""`Pipeline`: applies preprocessing layers one after the other."""

from keras.src.api_export import keras_export
from keras.src.layers.layer import Layer
from keras.src.saving import serialization_lib


@keras_export("keras.layers.Pipeline")
class Pipeline(Layer):
    """Applies a sequence of preprocessing layers to its input.

    Unlike a `Sequential` model, a `Pipeline` is a layer that can be
    mapped over a `tf.data.Dataset` as a whole and passes dict inputs
    (`{"images": ..., "labels": ..., "bounding_boxes": ...}`) from one
    augmentation layer to the next.

    Args:
        layers: A list of layers.
        name: Optional name of the pipeline.

    Example:

    >>> pipeline = keras.layers.Pipeline([
    ...     keras.layers.RandomFlip(seed=1),
    ...     keras.layers.RandomCrop(4, 4, seed=2),
    ... ])
    >>> pipeline(np.random.rand(2, 8, 8, 3)).shape
    (2, 4, 4, 3)
    """

    def __init__(self, layers, name=None):
        super().__init__(name=name)
        self._pipeline_layers = list(layers)
        self.built = True

    @property
    def layers(self):
        return self._pipeline_layers

    def call(self, inputs, training=True, mask=None):
        for layer in self._pipeline_layers:
            kwargs = {}
            if layer._call_has_training_arg:
                kwargs["training"] = training
            if mask is not None and layer._call_has_mask_arg:
                kwargs["mask"] = mask
            outputs = layer(inputs, **kwargs)
            if mask is not None and layer._call_has_mask_arg:
                mask = layer.compute_mask(inputs, mask)
            inputs = outputs
        return inputs

    def compute_output_spec(self, inputs, training=True, mask=None):
        for layer in self._pipeline_layers:
            inputs = layer.compute_output_spec(inputs)
        return inputs

    def __call__(self, inputs, training=True, mask=None):
        # Calls each layer directly, so that layers that bridge into a
        # `tf.data` graph do so themselves.
        from keras.src.utils import backend_utils

        if backend_utils.in_tf_graph():
            return self.call(inputs, training=training, mask=mask)
        return super().__call__(inputs, training=training, mask=mask)

    @classmethod
    def from_config(cls, config):
        config = dict(config)
        if not isinstance(config.get("layers"), (list, tuple)):
            raise ValueError(
                "A Pipeline config needs a 'layers' list of serialized "
                f"layers. Received: layers={config.get('layers')!r}"
            )
        config["layers"] = [
            serialization_lib.deserialize_keras_object(x)
            for x in config["layers"]
        ]
        return cls(**config)

    def get_config(self):
        return {
            "layers": [
                serialization_lib.serialize_keras_object(x)
                for x in self._pipeline_layers
            ],
            "name": self.name,
        }
