"""`BaseAdaptivePooling`: what the adaptive pooling layers share."""

from keras.src import ops
from keras.src.layers import spatial_docs
from keras.src.layers.pooling.base_pooling import RankedPooling
from keras.src.utils.argument_validation import standardize_tuple

_DOC = """Adaptive {mode} pooling for {data}.

    Pools the input to the spatial size `output_size`, whatever its own
    size: along an axis of length `n` pooled to `m` outputs, output `i`
    is the {reduction} over positions `floor(i * n / m)` up to (excluded)
    `ceil((i + 1) * n / m)`. Windows have nearly equal sizes and may
    overlap when `m` does not divide `n`.

    Args:
        output_size: Int or tuple of {ints}, the spatial size of the
            output.
        data_format: `"channels_last"` or `"channels_first"`, the order
            of the input axes. Defaults to
            `keras.config.image_data_format()`.
        **kwargs: Base layer arguments such as `name` and `dtype`.

    Input shape:
{input_shape}

    Output shape:
        The same layout with spatial size `output_size`.

    Example:
{example}
    """


def adaptive_pooling_doc(rank, pool_mode, example):
    """Returns the docstring of an adaptive max or average pooling
    layer (see `spatial_docs.fill`)."""
    return spatial_docs.fill(_DOC, rank, example, pool_mode)


class BaseAdaptivePooling(RankedPooling):
    """Shared implementation of the adaptive max and average poolings; the
    constructor arguments are those of the public layers (see
    `adaptive_pooling_doc`).
    """

    def __init__(self, output_size, data_format=None, **kwargs):
        super().__init__(data_format=data_format, **kwargs)
        self.output_size = standardize_tuple(
            output_size, self.pool_dimensions, "output_size"
        )

    def call(self, inputs):
        if self.pool_mode == "max":
            return ops.adaptive_max_pool(
                inputs, self.output_size, data_format=self.data_format
            )
        return ops.adaptive_average_pool(
            inputs, self.output_size, data_format=self.data_format
        )

    def compute_output_shape(self, input_shape):
        shape = list(input_shape)
        first = 1 if self.data_format == "channels_last" else 2
        shape[first : first + self.pool_dimensions] = self.output_size
        return tuple(shape)

    def get_config(self):
        config = super().get_config()
        config.update(
            {"output_size": self.output_size, "data_format": self.data_format}
        )
        return config
