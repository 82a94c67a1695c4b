"""`RepeatVector`: repeats a vector `n` times along a new axis."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.input_spec import InputSpec
from keras.src.layers.reshaping._reshaping_layer import ReshapingLayer
from keras.src.utils.argument_validation import standardize_positive_int


@keras_export("keras.layers.RepeatVector")
class RepeatVector(ReshapingLayer):
    """Repeats the input `n` times.

    A batch of vectors `(batch, features)` becomes a batch of sequences
    `(batch, n, features)` whose steps are all equal to the input vector,
    e.g. to feed an encoder's summary to every step of a decoder.

    Args:
        n: Positive int, the number of repetitions.
        **kwargs: Base layer arguments such as `name` and `dtype`.

    Input shape:
        2D tensor `(batch, features)`.

    Output shape:
        3D tensor `(batch, n, features)`.

    Example:

    >>> x = np.array([[1.0, 2.0]])
    >>> keras.layers.RepeatVector(3)(x).shape
    (1, 3, 2)
    """

    def __init__(self, n, **kwargs):
        super().__init__(**kwargs)
        self.n = standardize_positive_int(n, "n")
        self.input_spec = InputSpec(ndim=2)
        self.built = True

    def call(self, inputs):
        return ops.repeat(ops.expand_dims(inputs, 1), self.n, axis=1)

    def compute_output_shape(self, input_shape):
        return (input_shape[0], self.n, input_shape[1])

    def get_config(self):
        config = super().get_config()
        config["n"] = self.n
        return config
