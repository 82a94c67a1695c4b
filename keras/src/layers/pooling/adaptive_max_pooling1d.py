"""`AdaptiveMaxPooling1D`: max pooling of temporal data to a fixed size."""

from keras.src.api_export import keras_export
from keras.src.layers.pooling.base_adaptive_pooling import BaseAdaptivePooling


@keras_export("keras.layers.AdaptiveMaxPooling1D")
class AdaptiveMaxPooling1D(BaseAdaptivePooling):
    """Adaptive max pooling for temporal data.

    Pools the input to the spatial size `output_size`, whatever its own
    size: along an axis of length `n` pooled to `m` outputs, output `i`
    is the maximum over positions `floor(i * n / m)` up to (excluded)
    `ceil((i + 1) * n / m)`. Windows have nearly equal sizes and may
    overlap when `m` does not divide `n`.

    Args:
        output_size: Int or tuple of 1 int, the spatial size of the
            output.
        data_format: `"channels_last"` or `"channels_first"`, the order
            of the input axes. Defaults to
            `keras.config.image_data_format()`.
        **kwargs: Base layer arguments such as `name` and `dtype`.

    Input shape:
        `(batch, *spatial, channels)` with `"channels_last"`, or
        `(batch, channels, *spatial)` with `"channels_first"`, with 1
        spatial axes.

    Output shape:
        The same layout with spatial size `output_size`.

    Example:

    >>> x = np.array([[[1.0], [5.0], [2.0], [3.0], [4.0]]])
    >>> keras.layers.AdaptiveMaxPooling1D(2)(x)
    array([[[5.],
            [4.]]], dtype=float32)
    """

    def __init__(self, output_size, data_format=None, **kwargs):
        super().__init__(
            output_size,
            pool_dimensions=1,
            pool_mode="max",
            data_format=data_format,
            **kwargs,
        )
