"""`Identity`: a placeholder layer that returns its input unchanged."""

from keras.src import backend
from keras.src import tree
from keras.src.api_export import keras_export
from keras.src.layers.layer import Layer


@keras_export("keras.layers.Identity")
class Identity(Layer):
    """Returns its input unchanged.

    A no-op stand-in: use it where a model-building function expects a
    layer but nothing should happen (e.g. an optional projection that is
    switched off). It accepts a single tensor or any nested structure of
    tensors, has no weights, and passes masks through.

    Args:
        **kwargs: Standard `Layer` options, e.g. `name`, `dtype`, `trainable`.

    Input shape:
        Arbitrary (a tensor or a nested structure of tensors).

    Output shape:
        Same as the input.

    Example:

    >>> passthrough = keras.layers.Identity()
    >>> passthrough({"a": np.zeros((4, 7)), "b": np.ones(3)})["a"].shape
    (4, 7)
    """

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True
        self.built = True

    def call(self, inputs):
        return inputs

    def compute_output_shape(self, input_shape):
        return input_shape

    def compute_output_spec(self, inputs):
        def same_spec(tensor):
            return backend.KerasTensor(
                tensor.shape, dtype=tensor.dtype, sparse=tensor.sparse
            )

        return tree.map_structure(same_spec, inputs)
