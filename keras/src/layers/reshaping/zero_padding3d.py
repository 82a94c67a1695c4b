"""`ZeroPadding3D`: adds zeros around 3D volumes."""

from keras.src.api_export import keras_export
from keras.src.layers.reshaping._zero_padding import BaseZeroPadding
from keras.src.utils.argument_validation import standardize_pairs


@keras_export("keras.layers.ZeroPadding3D")
class ZeroPadding3D(BaseZeroPadding):
    """Zero-padding layer for 3D input (e.g. volumes or video).

    Adds zeros at both ends of each of the three spatial axes.

    Args:
        padding: Int, tuple of 3 ints, or tuple of 3 tuples of 2 ints.
            An int pads both ends of every axis by that much; `(a, b, c)`
            pads both ends of the first, second and third axis by `a`,
            `b` and `c`; the full form is
            `((a1, a2), (b1, b2), (c1, c2))`. Defaults to
            `((1, 1), (1, 1), (1, 1))`.
        data_format: `"channels_last"` (inputs `(batch, dim1, dim2, dim3,
            channels)`) or `"channels_first"` (inputs `(batch, channels,
            dim1, dim2, dim3)`). Defaults to
            `keras.config.image_data_format()`.
        **kwargs: Base layer arguments such as `name` and `dtype`.

    Input shape:
        5D tensor, `(batch, dim1, dim2, dim3, channels)` or
        `(batch, channels, dim1, dim2, dim3)`.

    Output shape:
        5D tensor with each spatial size grown by its two padding amounts.

    Example:

    >>> x = np.ones((1, 2, 3, 4, 1))
    >>> keras.layers.ZeroPadding3D((1, 0, 2))(x).shape
    (1, 4, 3, 8, 1)
    """

    def __init__(
        self, padding=((1, 1), (1, 1), (1, 1)), data_format=None, **kwargs
    ):
        pairs = standardize_pairs(padding, 3, "padding")
        super().__init__(3, pairs, data_format=data_format, **kwargs)
        self.padding = pairs
