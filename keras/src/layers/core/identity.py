"""`Identity`: a placeholder layer that returns its input unchanged."""

from keras.src import backend
from keras.src import tree
from keras.src.api_export import keras_export
from keras.src.layers.layer import Layer


@keras_export("keras.layers.Identity")
class Identity(Layer):
    """Identity layer.

    This layer should be used as a placeholder when no operation is to be
    performed. The layer just returns its `inputs` argument as output.

    Args:
        **kwargs: Base layer keyword arguments, such as `name` and `dtype`.

    Input shape:
        Arbitrary (a tensor or a nested structure of tensors).

    Output shape:
        Same as the input.

    Example:

    >>> keras.layers.Identity()(np.ones((2, 3))).shape
    (2, 3)
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
        return tree.map_structure(
            lambda x: backend.KerasTensor(x.shape, dtype=x.dtype), inputs
        )
