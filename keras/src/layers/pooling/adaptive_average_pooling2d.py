"""`AdaptiveAveragePooling2D`: average pooling of images to a fixed size."""

from keras.src.api_export import keras_export
from keras.src.layers.pooling.base_adaptive_pooling import BaseAdaptivePooling


@keras_export("keras.layers.AdaptiveAveragePooling2D")
class AdaptiveAveragePooling2D(BaseAdaptivePooling):
    """Adaptive average pooling for images.

    Pools the input to the spatial size `output_size`, whatever its own
    size: along an axis of length `n` pooled to `m` outputs, output `i`
    is the mean over positions `floor(i * n / m)` up to (excluded)
    `ceil((i + 1) * n / m)`. Windows have nearly equal sizes and may
    overlap when `m` does not divide `n`.

    Args:
        output_size: Int or tuple of 2 ints, the spatial size of the
            output.
        data_format: `"channels_last"` or `"channels_first"`, the order
            of the input axes. Defaults to
            `keras.config.image_data_format()`.
        **kwargs: Base layer arguments such as `name` and `dtype`.

    Input shape:
        `(batch, *spatial, channels)` with `"channels_last"`, or
        `(batch, channels, *spatial)` with `"channels_first"`, with 2
        spatial axes.

    Output shape:
        The same layout with spatial size `output_size`.

    Example:

    >>> x = np.random.rand(2, 30, 17, 3)
    >>> keras.layers.AdaptiveAveragePooling2D(7)(x).shape
    (2, 7, 7, 3)
    """

    def __init__(self, output_size, data_format=None, **kwargs):
        super().__init__(
            output_size,
            pool_dimensions=2,
            pool_mode="average",
            data_format=data_format,
            **kwargs,
        )
