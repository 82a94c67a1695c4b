"""`BasePooling`: what the max and average pooling layers share."""

from keras.src import backend
from keras.src import ops
from keras.src.layers.input_spec import InputSpec
from keras.src.layers.layer import Layer
from keras.src.ops import operation_utils
from keras.src.utils.argument_validation import standardize_padding
from keras.src.utils.argument_validation import standardize_tuple


class BasePooling(Layer):
    """Shared implementation of the N-D max and average pooling layers.

    Args:
        pool_size: Int or tuple of `pool_dimensions` ints, the window.
        strides: Int or tuple of ints, or `None` for `pool_size`.
        pool_dimensions: Number of spatial dimensions (1, 2 or 3).
        pool_mode: `"max"` or `"average"`.
        padding: `"valid"` or `"same"`.
        data_format: `"channels_last"` or `"channels_first"`; defaults to
            `keras.config.image_data_format()`.
        name: Optional layer name.
        **kwargs: Base layer arguments such as `dtype`.
    """

    def __init__(
        self,
        pool_size,
        strides,
        pool_dimensions,
        pool_mode="max",
        padding="valid",
        data_format=None,
        name=None,
        **kwargs,
    ):
        super().__init__(name=name, **kwargs)
        self.pool_size = standardize_tuple(
            pool_size, pool_dimensions, "pool_size"
        )
        strides = pool_size if strides is None else strides
        self.strides = standardize_tuple(strides, pool_dimensions, "strides")
        self.pool_mode = pool_mode
        self.padding = standardize_padding(padding)
        self.data_format = backend.standardize_data_format(data_format)
        self.input_spec = InputSpec(ndim=pool_dimensions + 2)
        self.built = True

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
            {
                "pool_size": self.pool_size,
                "padding": self.padding,
                "strides": self.strides,
                "data_format": self.data_format,
            }
        )
        return config
