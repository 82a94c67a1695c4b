"""`AdaptiveMaxPooling3D`: max pooling of volumes to a fixed size."""

from keras.src.api_export import keras_export
from keras.src.layers.pooling.base_adaptive_pooling import BaseAdaptivePooling


@keras_export("keras.layers.AdaptiveMaxPooling3D")
class AdaptiveMaxPooling3D(BaseAdaptivePooling):
    """Adaptive max pooling for volumes.

    Pools the input to the spatial size `output_size`, whatever its own
    size: along an axis of length `n` pooled to `m` outputs, output `i`
    is the maximum over positions `floor(i * n / m)` up to (excluded)
    `ceil((i + 1) * n / m)`. Windows have nearly equal sizes and may
    overlap when `m` does not divide `n`.

    Args:
        output_size: Int or tuple of 3 ints, the spatial size of the
            output.
        data_format: `"channels_last"` or `"channels_first"`, the order
            of the input axes. Defaults to
            `keras.config.image_data_format()`.
        **kwargs: Base layer arguments such as `name` and `dtype`.

    Input shape:
        `(batch, *spatial, channels)` with `"channels_last"`, or
        `(batch, channels, *spatial)` with `"channels_first"`, with 3
        spatial axes.

    Output shape:
        The same layout with spatial size `output_size`.

    Example:

    >>> x = np.random.rand(1, 9, 10, 11, 2)
    >>> keras.layers.AdaptiveMaxPooling3D(3)(x).shape
    (1, 3, 3, 3, 2)
    """

    def __init__(self, output_size, data_format=None, **kwargs):
        super().__init__(
            output_size,
            pool_dimensions=3,
            pool_mode="max",
            data_format=data_format,
            **kwargs,
        )
