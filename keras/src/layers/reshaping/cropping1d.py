"""`Cropping1D`: drops steps at both ends of a sequence."""

from keras.src.api_export import keras_export
from keras.src.layers.input_spec import InputSpec
from keras.src.layers.reshaping._reshaping_layer import ReshapingLayer
from keras.src.utils.argument_validation import standardize_pairs


@keras_export("keras.layers.Cropping1D")
class Cropping1D(ReshapingLayer):
    """Cropping layer for 1D input (e.g. temporal sequences).

    Removes `cropping[0]` steps at the start and `cropping[1]` steps at the
    end of the steps axis (axis 1).

    Args:
        cropping: Int, or tuple of 2 ints `(start, end)`: how many steps
            to drop at each end. An int drops that many at both ends.
            Defaults to `(1, 1)`.
        **kwargs: Base layer arguments such as `name` and `dtype`.

    Input shape:
        3D tensor `(batch, steps, features)`.

    Output shape:
        3D tensor `(batch, steps - start - end, features)`.

    Example:

    >>> x = np.arange(12.0).reshape((1, 6, 2))
    >>> keras.layers.Cropping1D((2, 1))(x).shape
    (1, 3, 2)
    """

    def __init__(self, cropping=(1, 1), **kwargs):
        super().__init__(**kwargs)
        if isinstance(cropping, (list, tuple)) and len(cropping) == 2:
            cropping = (tuple(cropping),)
        elif isinstance(cropping, int) and not isinstance(cropping, bool):
            cropping = (cropping,)
        else:
            raise ValueError(
                "`cropping` should be an int or a tuple of 2 ints. "
                f"Received: cropping={cropping}"
            )
        self.cropping = standardize_pairs(cropping, 1, "cropping")[0]
        self.input_spec = InputSpec(ndim=3)
        self.built = True

    def _check(self, input_shape):
        length = input_shape[1]
        if length is not None and sum(self.cropping) >= length:
            raise ValueError(
                "`cropping` parameter of `Cropping1D` layer must be smaller "
                "than the input length. Received: inputs.shape="
                f"{tuple(input_shape)}, cropping={self.cropping}"
            )

    def call(self, inputs):
        self._check(inputs.shape)
        start, end = self.cropping
        return inputs[:, start : inputs.shape[1] - end, :]

    def compute_output_shape(self, input_shape):
        self._check(input_shape)
        length = input_shape[1]
        if length is not None:
            length -= sum(self.cropping)
        return (input_shape[0], length, input_shape[2])

    def get_config(self):
        config = super().get_config()
        config["cropping"] = self.cropping
        return config
