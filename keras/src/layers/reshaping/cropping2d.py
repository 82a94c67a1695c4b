"""`Cropping2D`: drops rows and columns at the borders of images."""

from keras.src.api_export import keras_export
from keras.src.layers.reshaping._cropping import BaseCropping


@keras_export("keras.layers.Cropping2D")
class Cropping2D(BaseCropping):
    """Cropping layer for 2D input (e.g. pictures).

    Removes rows at the top and bottom and columns at the left and right
    of each image.

    Args:
        cropping: Int, tuple of 2 ints, or tuple of 2 tuples of 2 ints.
            An int crops that many rows and columns on every side; a tuple
            `(rows, cols)` crops `rows` at the top and at the bottom and
            `cols` at the left and at the right; the full form is
            `((top, bottom), (left, right))`. Defaults to
            `((0, 0), (0, 0))`.
        data_format: `"channels_last"` (inputs `(batch, height, width,
            channels)`) or `"channels_first"` (inputs `(batch, channels,
            height, width)`). Defaults to
            `keras.config.image_data_format()`.
        **kwargs: Base layer arguments such as `name` and `dtype`.

    Input shape:
        4D tensor, `(batch, height, width, channels)` or
        `(batch, channels, height, width)`.

    Output shape:
        4D tensor with `height - top - bottom` rows and
        `width - left - right` columns.

    Example:

    >>> x = np.random.rand(2, 10, 8, 3)
    >>> keras.layers.Cropping2D(((1, 2), (3, 0)))(x).shape
    (2, 7, 5, 3)
    """

    def __init__(self, cropping=((0, 0), (0, 0)), data_format=None, **kwargs):
        super().__init__(2, cropping, data_format=data_format, **kwargs)
