"""`ZeroPadding2D`: adds rows and columns of zeros around images."""

from keras.src.api_export import keras_export
from keras.src.layers.reshaping._zero_padding import BaseZeroPadding
from keras.src.utils.argument_validation import standardize_pairs


@keras_export("keras.layers.ZeroPadding2D")
class ZeroPadding2D(BaseZeroPadding):
    """Zero-padding layer for 2D input (e.g. pictures).

    Adds rows of zeros at the top and bottom and columns of zeros at the
    left and right of each image.

    Args:
        padding: Int, tuple of 2 ints, or tuple of 2 tuples of 2 ints.
            An int pads every side by that much; `(rows, cols)` adds
            `rows` at the top and at the bottom and `cols` at the left and
            at the right; the full form is
            `((top, bottom), (left, right))`. Defaults to `(1, 1)`.
        data_format: `"channels_last"` (inputs `(batch, height, width,
            channels)`) or `"channels_first"` (inputs `(batch, channels,
            height, width)`). Defaults to
            `keras.config.image_data_format()`.
        **kwargs: Base layer arguments such as `name` and `dtype`.

    Input shape:
        4D tensor, `(batch, height, width, channels)` or
        `(batch, channels, height, width)`.

    Output shape:
        4D tensor with `height + top + bottom` rows and
        `width + left + right` columns.

    Example:

    >>> x = np.ones((1, 2, 2, 1))
    >>> keras.layers.ZeroPadding2D(((0, 1), (2, 0)))(x).shape
    (1, 3, 4, 1)
    """

    def __init__(self, padding=(1, 1), data_format=None, **kwargs):
        pairs = standardize_pairs(padding, 2, "padding")
        super().__init__(2, pairs, data_format=data_format, **kwargs)
        self.padding = pairs
