"""`MaxPooling2D`: max pooling over 2D spatial data such as images."""

from keras.src.api_export import keras_export
from keras.src.layers.pooling.base_pooling import BasePooling


@keras_export(["keras.layers.MaxPooling2D", "keras.layers.MaxPool2D"])
class MaxPooling2D(BasePooling):
    """Max pooling for 2D spatial data such as images.

    Downsamples the input by taking the maximum of each window of size
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

    >>> x = np.random.rand(1, 6, 6, 2)
    >>> keras.layers.MaxPooling2D(pool_size=(2, 3))(x).shape
    (1, 3, 2, 2)
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
            pool_mode="max",
            padding=padding,
            data_format=data_format,
            name=name,
            **kwargs,
        )
