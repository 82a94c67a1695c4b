"""`BasePooling`: what the max and average pooling layers share."""

from keras.src import backend
from keras.src import ops
from keras.src.layers import spatial_docs
from keras.src.layers.config_utils import attribute_config
from keras.src.layers.input_spec import InputSpec
from keras.src.layers.layer import Layer
from keras.src.ops import operation_utils
from keras.src.utils.argument_validation import standardize_padding
from keras.src.utils.argument_validation import standardize_tuple

_DOC = """{Mode} pooling for {data}.

    Downsamples the input by taking the {reduction} of each window of size
    `pool_size`, separately for every channel. Windows start every
    `strides` positions.

    Args:
        pool_size: Int or tuple of {ints}, the size of the window.
            Defaults to `{default}`.
        strides: Int, tuple of {ints}, or `None` (the default), which
            means `pool_size`: non-overlapping windows.
        padding: `"valid"` (only windows that fit inside the input) or
            `"same"` (windows may overhang the edges, giving
            `ceil(size / strides)` outputs per axis). Case-insensitive.{same}
        data_format: `"channels_last"` or `"channels_first"`, the order
            of the input axes (see below). Defaults to
            `keras.config.image_data_format()`.
        name: Optional name of the layer.
        **kwargs: Base layer arguments such as `dtype`.

    Input shape:
{input_shape}

    Output shape:
{output_shape}
        Along each axis, `"valid"` gives
        `(size - pool_size) // strides + 1` outputs and `"same"` gives
        `ceil(size / strides)`.

    Example:
{example}
    """

_AVERAGE_SAME = """
            With `"same"`, windows that overhang the edges average only
            the positions inside the input."""


def pooling_doc(rank, pool_mode, example):
    """Returns the docstring of a max or average pooling layer (see
    `spatial_docs.fill`)."""
    same = ""
    if pool_mode == "average":
        same = _AVERAGE_SAME
    default = 2 if rank == 1 else (2,) * rank
    return spatial_docs.fill(
        _DOC, rank, example, pool_mode, default=default, same=same
    )


class RankedPooling(Layer):
    """What the windowed, global and adaptive pooling layers share.

    A subclass sets `pool_dimensions` (1, 2 or 3), `pool_mode` (`"max"`
    or `"average"`) and, if not only average pooling turns integer
    inputs into floats, `float_modes`.

    Args:
        data_format: `"channels_last"` or `"channels_first"`; defaults to
            `keras.config.image_data_format()`.
        **kwargs: Base layer arguments such as `name` and `dtype`.
    """

    pool_dimensions = None
    pool_mode = None
    float_modes = ("average",)

    def __init__(self, data_format=None, **kwargs):
        super().__init__(**kwargs)
        self.data_format = backend.standardize_data_format(data_format)
        self.input_spec = InputSpec(ndim=self.pool_dimensions + 2)
        self.built = True

    def compute_output_spec(self, inputs, mask=None):
        dtype = inputs.dtype
        if self.pool_mode in self.float_modes:
            if not backend.is_float_dtype(dtype):
                dtype = self.compute_dtype
        return backend.KerasTensor(
            self.compute_output_shape(inputs.shape), dtype=dtype
        )


class BasePooling(RankedPooling):
    """Shared implementation of the N-D max and average pooling layers
    (windows of `pool_size`); the constructor arguments are those of the
    public layers (see `pooling_doc`).
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
        super().__init__(data_format=data_format, name=name, **kwargs)
        self.pool_size = standardize_tuple(
            pool_size, self.pool_dimensions, "pool_size"
        )
        strides = pool_size if strides is None else strides
        self.strides = standardize_tuple(
            strides, self.pool_dimensions, "strides"
        )
        self.padding = standardize_padding(padding)

    def call(self, inputs):
        if self.pool_mode == "max":
            pool = ops.max_pool
        elif self.pool_mode == "average":
            pool = ops.average_pool
        else:
            raise ValueError(
                "`pool_mode` must be 'max' or 'average'. Received: "
                f"pool_mode={self.pool_mode}"
            )
        return pool(
            inputs,
            pool_size=self.pool_size,
            strides=self.strides,
            padding=self.padding,
            data_format=self.data_format,
        )

    def compute_output_shape(self, input_shape):
        return operation_utils.compute_pooling_output_shape(
            input_shape,
            self.pool_size,
            self.strides,
            self.padding,
            self.data_format,
        )

    def get_config(self):
        config = super().get_config()
        config.update(
            attribute_config(
                self, "pool_size", "padding", "strides", "data_format"
            )
        )
        return config
