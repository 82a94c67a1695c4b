"""`ZeroPadding1D`: adds zeros at both ends of a sequence."""

from keras.src.api_export import keras_export
from keras.src.layers.reshaping._zero_padding import BaseZeroPadding
from keras.src.utils.argument_validation import standardize_pairs


@keras_export("keras.layers.ZeroPadding1D")
class ZeroPadding1D(BaseZeroPadding):
    """Zero-padding layer for 1D input (e.g. temporal sequences).

    Adds zero steps at the start and at the end of the steps axis.

    Args:
        padding: Int, or tuple of 2 ints `(start, end)`: how many zero
            steps to add at each end. An int adds that many at both ends.
            Defaults to `1`.
        data_format: `"channels_last"` (inputs `(batch, steps,
            features)`) or `"channels_first"` (inputs `(batch, features,
            steps)`). Defaults to `keras.config.image_data_format()`.
        **kwargs: Base layer arguments such as `name` and `dtype`.

    Input shape:
        3D tensor, `(batch, steps, features)` or
        `(batch, features, steps)`.

    Output shape:
        3D tensor with `steps + start + end` steps.

    Example:

    >>> x = np.ones((1, 2, 1))
    >>> keras.layers.ZeroPadding1D((1, 2))(x)[0, :, 0]
    array([0., 1., 1., 0., 0.], dtype=float32)
    """

    def __init__(self, padding=1, data_format=None, **kwargs):
        if isinstance(padding, (list, tuple)) and len(padding) == 2:
            pairs = standardize_pairs((tuple(padding),), 1, "padding")
        elif isinstance(padding, int) and not isinstance(padding, bool):
            pairs = standardize_pairs(padding, 1, "padding")
        else:
            raise ValueError(
                "`padding` should be an int or a tuple of 2 ints. "
                f"Received: padding={padding}"
            )
        super().__init__(1, pairs, data_format=data_format, **kwargs)
        self.padding = pairs[0]
