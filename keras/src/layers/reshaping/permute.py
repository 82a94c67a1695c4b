"""`Permute`: reorders the non-batch axes of its input."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.input_spec import InputSpec
from keras.src.layers.reshaping._reshaping_layer import ReshapingLayer


@keras_export("keras.layers.Permute")
class Permute(ReshapingLayer):
    """Reorders the non-batch axes of its input.

    The batch axis stays first; `dims` lists the other axes, numbered from
    1, in their new order. Useful e.g. to swap the time and feature axes
    of a sequence.

    Args:
        dims: Tuple of ints, a permutation of `1, ..., rank - 1`.
            `(2, 1)` swaps the two non-batch axes of a 3D input.
        **kwargs: Base layer arguments such as `name` and `dtype`.

    Input shape:
        Any tensor of rank `len(dims) + 1`.

    Output shape:
        The input shape with its non-batch axes reordered by `dims`.

    Example:

    >>> x = np.zeros((2, 10, 64))
    >>> keras.layers.Permute((2, 1))(x).shape
    (2, 64, 10)
    """

    keeps_sparse = True

    def __init__(self, dims, **kwargs):
        super().__init__(**kwargs)
        self.dims = tuple(dims)
        if sorted(self.dims) != list(range(1, len(self.dims) + 1)):
            raise ValueError(
                "Invalid permutation argument `dims` for Permute Layer: it "
                "must hold each of the indices 1 to len(dims) exactly once "
                f"(index 0, the batch axis, never moves). Received: "
                f"dims={dims}"
            )
        self.input_spec = InputSpec(ndim=len(self.dims) + 1)
        self.built = True

    def call(self, inputs):
        return ops.transpose(inputs, (0,) + self.dims)

    def compute_output_shape(self, input_shape):
        return (input_shape[0],) + tuple(input_shape[d] for d in self.dims)

    def get_config(self):
        config = super().get_config()
        config["dims"] = self.dims
        return config
