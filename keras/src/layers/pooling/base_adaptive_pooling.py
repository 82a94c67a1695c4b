"""`BaseAdaptivePooling`: what the adaptive pooling layers share."""

from keras.src import backend
from keras.src import ops
from keras.src.layers.input_spec import InputSpec
from keras.src.layers.layer import Layer
from keras.src.utils.argument_validation import standardize_tuple


class BaseAdaptivePooling(Layer):
    """Shared implementation of the adaptive max and average poolings.

    Args:
        output_size: Int or tuple of `pool_dimensions` ints.
        pool_dimensions: Number of spatial dimensions (1, 2 or 3).
        pool_mode: `"max"` or `"average"`.
        data_format: `"channels_last"` or `"channels_first"`; defaults to
            `keras.config.image_data_format()`.
        **kwargs: Base layer arguments such as `name` and `dtype`.
    """

    def __init__(
        self,
        output_size,
        pool_dimensions,
        pool_mode="average",
        data_format=None,
        **kwargs,
    ):
        super().__init__(**kwargs)
        self.output_size = standardize_tuple(
            output_size, pool_dimensions, "output_size"
        )
        self.pool_dimensions = pool_dimensions
        if pool_mode not in ("max", "average"):
            raise ValueError(
                "`pool_mode` must be 'max' or 'average'. Received: "
                f"pool_mode={pool_mode}"
            )
        self.pool_mode = pool_mode
        self.data_format = backend.standardize_data_format(data_format)
        self.input_spec = InputSpec(ndim=pool_dimensions + 2)
        self.built = True

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

    def compute_output_spec(self, inputs):
        dtype = inputs.dtype
        if self.pool_mode == "average" and not backend.is_float_dtype(dtype):
            dtype = self.compute_dtype
        return backend.KerasTensor(
            self.compute_output_shape(inputs.shape), dtype=dtype
        )

    def get_config(self):
        config = super().get_config()
        config.update(
            {"output_size": self.output_size, "data_format": self.data_format}
        )
        return config
