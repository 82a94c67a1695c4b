"""`BaseGlobalPooling`: what the global pooling layers share."""

from keras.src import ops
from keras.src.layers import spatial_docs
from keras.src.layers.pooling.base_pooling import RankedPooling

_DOC = """Global {mode} pooling for {data}.

    Reduces every channel to the {reduction} of its values over all spatial
    positions.

    Args:
        data_format: `"channels_last"` or `"channels_first"`, the order
            of the input axes (see below). Defaults to
            `keras.config.image_data_format()`.
        keepdims: Whether to keep the pooled spatial axes, with size 1.
            Defaults to `False`.
        **kwargs: Base layer arguments such as `name` and `dtype`.
{call_arguments}
    Input shape:
{input_shape}

    Output shape:
        `(batch, {channels})`, or with `keepdims=True`
        {kept_last} (`"channels_last"`) or
        {kept_first} (`"channels_first"`).

    Example:
{example}
    """


def global_pooling_doc(rank, pool_mode, example, call_arguments=""):
    """Returns the docstring of a global max or average pooling layer.

    `call_arguments` is an optional `Call arguments:` section; see
    `spatial_docs.fill` for the other arguments.
    """
    return spatial_docs.fill(
        _DOC, rank, example, pool_mode, call_arguments=call_arguments
    )


class BaseGlobalPooling(RankedPooling):
    """Shared implementation of the global max and average poolings; the
    constructor arguments are those of the public layers (see
    `global_pooling_doc`).
    """

    float_modes = ("max", "average")

    def __init__(self, data_format=None, keepdims=False, **kwargs):
        super().__init__(data_format=data_format, **kwargs)
        self.keepdims = keepdims

    def _spatial_axes(self):
        first = 1 if self.data_format == "channels_last" else 2
        return tuple(range(first, first + self.pool_dimensions))

    def call(self, inputs):
        reduce = ops.max if self.pool_mode == "max" else ops.mean
        return reduce(inputs, axis=self._spatial_axes(), keepdims=self.keepdims)

    def compute_output_shape(self, input_shape):
        input_shape = tuple(input_shape)
        axes = self._spatial_axes()
        if self.keepdims:
            return tuple(
                1 if i in axes else d for i, d in enumerate(input_shape)
            )
        return tuple(d for i, d in enumerate(input_shape) if i not in axes)

    def get_config(self):
        config = super().get_config()
        config.update(
            {"data_format": self.data_format, "keepdims": self.keepdims}
        )
        return config
