"""`MaxPooling1D`: max pooling over temporal (1D) data."""

from keras.src.api_export import keras_export
from keras.src.layers.pooling.base_pooling import BasePooling


@keras_export(["keras.layers.MaxPooling1D", "keras.layers.MaxPool1D"])
class MaxPooling1D(BasePooling):
    """Max pooling for temporal (1D) data.

    Downsamples the input by taking the maximum of each window of size
    `pool_size`, separately for every channel. Windows start every
    `strides` positions.

    Args:
        pool_size: Int or tuple of 1 int, the size of the window.
            Defaults to `2`.
        strides: Int, tuple of 1 int, or `None` (the default), which
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
        `(batch, steps, features)`.
        With `"channels_first"`:
        `(batch, features, steps)`.

    Output shape:
        With `"channels_last"`:
        `(batch, new_steps, features)`.
        With `"channels_first"`:
        `(batch, features, new_steps)`.
        Along each axis, `"valid"` gives
        `(size - pool_size) // strides + 1` outputs and `"same"` gives
        `ceil(size / strides)`.

    Example:

    >>> x = np.array([[[1.0], [5.0], [2.0], [4.0], [3.0]]])
    >>> keras.layers.MaxPooling1D(pool_size=2, strides=1)(x)
    array([[[5.],
            [5.],
            [4.],
            [4.]]], dtype=float32)
    """

    def __init__(
        self,
        pool_size=2,
        strides=None,
        padding="valid",
        data_format=None,
        name=None,
        **kwargs,
    ):
        super().__init__(
            pool_size,
            strides,
            pool_dimensions=1,
            pool_mode="max",
            padding=padding,
            data_format=data_format,
            name=name,
            **kwargs,
        )
