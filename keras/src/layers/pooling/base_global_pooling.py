"""`BaseGlobalPooling`: what the global pooling layers share."""

from keras.src import backend
from keras.src.layers.input_spec import InputSpec
from keras.src.layers.layer import Layer


class BaseGlobalPooling(Layer):
    """Shared implementation of the global max and average poolings.

    Args:
        pool_dimensions: Number of spatial dimensions (1, 2 or 3).
        data_format: `"channels_last"` or `"channels_first"`; defaults to
            `keras.config.image_data_format()`.
        keepdims: Whether the pooled spatial axes are kept with size 1.
        **kwargs: Base layer arguments such as `name` and `dtype`.
    """

    def __init__(
        self, pool_dimensions, data_format=None, keepdims=False, **kwargs
    ):
        super().__init__(**kwargs)
        self.pool_dimensions = pool_dimensions
        self.data_format = backend.standardize_data_format(data_format)
        self.keepdims = keepdims
        self.input_spec = InputSpec(ndim=pool_dimensions + 2)
        self.built = True

    def _spatial_axes(self):
        first = 1 if self.data_format == "channels_last" else 2
        return tuple(range(first, first + self.pool_dimensions))

    def call(self, inputs):
        raise NotImplementedError

    def compute_output_shape(self, input_shape):
        input_shape = tuple(input_shape)
        axes = self._spatial_axes()
        if self.keepdims:
            return tuple(
                1 if i in axes else d for i, d in enumerate(input_shape)
            )
        return tuple(d for i, d in enumerate(input_shape) if i not in axes)

    def compute_output_spec(self, inputs, mask=None):
        dtype = inputs.dtype
        if not backend.is_float_dtype(dtype):
            dtype = self.compute_dtype
        return backend.KerasTensor(
            self.compute_output_shape(inputs.shape), dtype=dtype
        )

    def get_config(self):
        config = super().get_config()
        config.update(
            {"data_format": self.data_format, "keepdims": self.keepdims}
        )
        return config
