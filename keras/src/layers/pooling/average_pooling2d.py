"""`AveragePooling2D`: average pooling over 2D spatial data such as images."""

from keras.src.api_export import keras_export
from keras.src.layers.pooling.base_pooling import BasePooling


@keras_export(["keras.layers.AveragePooling2D", "keras.layers.AvgPool2D"])
class AveragePooling2D(BasePooling):
    """Average pooling for 2D spatial data such as images.

    Downsamples the input by taking the mean of each window of size
    `pool_size`, separately for every channel. Windows start every
    `strides` positions.

    Args:
        pool_size: Int or tuple of 2 ints, the size of the window.
            Defaults to `(2, 2)`.
        strides: Int, tuple of 2 ints, or `None` (the default), which
            means `pool_size`: non-overlapping windows.
        padding: `"valid"` (only windows that fit inside the input) or
            `"same"` (windows may overhang the edges, giving
            `ceil(size / strides)` outputs per axis). Case-insensitive.
            With `"same"`, windows that overhang the edges average only
            the positions inside the input.
        data_format: `"channels_last"` or `"channels_first"`, the order
            of the input axes (see below). Defaults to
            `keras.config.image_data_format()`.
        name: Optional name of the layer.
        **kwargs: Base layer arguments such as `dtype`.

    Input shape:
        With `"channels_last"`:
        `(batch, height, width, channels)`.
        With `"channels_first"`:
        `(batch, channels, height, width)`.

    Output shape:
        With `"channels_last"`:
        `(batch, new_height, new_width, channels)`.
        With `"channels_first"`:
        `(batch, channels, new_height, new_width)`.
        Along each axis, `"valid"` gives
        `(size - pool_size) // strides + 1` outputs and `"same"` gives
        `ceil(size / strides)`.

    Example:

    >>> x = np.random.rand(1, 5, 7, 2)
    >>> keras.layers.AveragePooling2D(strides=1)(x).shape
    (1, 4, 6, 2)
    """

    def __init__(
        self,
        pool_size=(2, 2),
        strides=None,
        padding="valid",
        data_format=None,
        name=None,
        **kwargs,
    ):
        super().__init__(
            pool_size,
            strides,
            pool_dimensions=2,
            pool_mode="average",
            padding=padding,
            data_format=data_format,
            name=name,
            **kwargs,
        )
