"""`UpSampling1D`: repeats every step of a sequence."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.input_spec import InputSpec
from keras.src.layers.reshaping._reshaping_layer import ReshapingLayer
from keras.src.utils.argument_validation import standardize_positive_int


@keras_export("keras.layers.UpSampling1D")
class UpSampling1D(ReshapingLayer):
    """Upsampling layer for 1D inputs.

    Repeats each step `size` times along the steps axis (axis 1).

    Args:
        size: Positive int, the upsampling factor. Defaults to `2`.
        **kwargs: Base layer arguments such as `name` and `dtype`.

    Input shape:
        3D tensor `(batch, steps, features)`.

    Output shape:
        3D tensor `(batch, steps * size, features)`.

    Example:

    >>> x = np.array([[[1.0], [2.0]]])
    >>> keras.layers.UpSampling1D(3)(x)[0, :, 0]
    array([1., 1., 1., 2., 2., 2.], dtype=float32)
    """

    def __init__(self, size=2, **kwargs):
        super().__init__(**kwargs)
        self.size = standardize_positive_int(size, "size")
        self.input_spec = InputSpec(ndim=3)
        self.built = True

    def call(self, inputs):
        return ops.repeat(inputs, self.size, axis=1)

    def compute_output_shape(self, input_shape):
        steps = input_shape[1]
        steps = None if steps is None else steps * self.size
        return (input_shape[0], steps, input_shape[2])

    def get_config(self):
        config = super().get_config()
        config["size"] = self.size
        return config
