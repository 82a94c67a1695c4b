"""`Cropping3D`: drops positions at the borders of 3D volumes."""

from keras.src.api_export import keras_export
from keras.src.layers.reshaping._cropping import BaseCropping


@keras_export("keras.layers.Cropping3D")
class Cropping3D(BaseCropping):
    """Cropping layer for 3D input (e.g. volumes or video).

    Removes positions at both ends of each of the three spatial axes.

    Args:
        cropping: Int, tuple of 3 ints, or tuple of 3 tuples of 2 ints.
            An int crops that many positions at both ends of every axis;
            `(a, b, c)` crops `a`, `b` and `c` at both ends of the first,
            second and third axis; the full form is
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
        5D tensor with each spatial size reduced by its two cropping
        amounts.

    Example:

    >>> x = np.random.rand(1, 6, 7, 8, 2)
    >>> keras.layers.Cropping3D((1, 2, 3))(x).shape
    (1, 4, 3, 2, 2)
    """

    def __init__(
        self, cropping=((1, 1), (1, 1), (1, 1)), data_format=None, **kwargs
    ):
        super().__init__(3, cropping, data_format=data_format, **kwargs)
