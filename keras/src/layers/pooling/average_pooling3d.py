"""`AveragePooling3D`: average pooling over 3D volumes."""

from keras.src.api_export import keras_export
from keras.src.layers.pooling.base_pooling import BasePooling


@keras_export(["keras.layers.AveragePooling3D", "keras.layers.AvgPool3D"])
class AveragePooling3D(BasePooling):
    """Average pooling for 3D volumes.

    Downsamples the input by taking the mean of each window of size
    `pool_size`, separately for every channel. Windows start every
    `strides` positions.

    Args:
        pool_size: Int or tuple of 3 ints, the size of the window.
            Defaults to `(2, 2, 2)`.
        strides: Int, tuple of 3 ints, or `None` (the default), which
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
        `(batch, dim1, dim2, dim3, channels)`.
        With `"channels_first"`:
        `(batch, channels, dim1, dim2, dim3)`.

    Output shape:
        With `"channels_last"`:
        `(batch, new_dim1, new_dim2, new_dim3, channels)`.
        With `"channels_first"`:
        `(batch, channels, new_dim1, new_dim2, new_dim3)`.
        Along each axis, `"valid"` gives
        `(size - pool_size) // strides + 1` outputs and `"same"` gives
        `ceil(size / strides)`.

    Example:

    >>> x = np.random.rand(2, 4, 6, 8, 1)
    >>> keras.layers.AveragePooling3D()(x).shape
    (2, 2, 3, 4, 1)
    """

    def __init__(
        self,
        pool_size=(2, 2, 2),
        strides=None,
        padding="valid",
        data_format=None,
        name=None,
        **kwargs,
    ):
        super().__init__(
            pool_size,
            strides,
            pool_dimensions=3,
            pool_mode="average",
            padding=padding,
            data_format=data_format,
            name=name,
            **kwargs,
        )
