"""Shared implementation of `UpSampling2D` and `UpSampling3D`."""

from keras.src import backend
from keras.src import ops
from keras.src.layers.input_spec import InputSpec
from keras.src.layers.layer import Layer
from keras.src.utils.argument_validation import standardize_tuple


class BaseUpSampling(Layer):
    """Repeats every position `size[i]` times along spatial axis `i`.

    Args:
        rank: Number of spatial axes.
        size: Int or tuple of `rank` positive ints.
        data_format: `"channels_last"` or `"channels_first"`.
        **kwargs: Base layer arguments.
    """

    def __init__(self, rank, size, data_format=None, **kwargs):
        super().__init__(**kwargs)
        self.rank = rank
        self.data_format = backend.standardize_data_format(data_format)
        self.size = standardize_tuple(size, rank, "size")
        self.input_spec = InputSpec(ndim=rank + 2)
        self.built = True

    def _spatial_axes(self):
        first = 1 if self.data_format == "channels_last" else 2
        return range(first, first + self.rank)

    def _repeat(self, inputs):
        x = inputs
        for axis, factor in zip(self._spatial_axes(), self.size):
            if factor != 1:
                x = ops.repeat(x, factor, axis=axis)
        return x

    def call(self, inputs):
        return self._repeat(inputs)

    def compute_output_shape(self, input_shape):
        shape = list(input_shape)
        for axis, factor in zip(self._spatial_axes(), self.size):
            if shape[axis] is not None:
                shape[axis] *= factor
        return tuple(shape)

    def compute_output_spec(self, inputs):
        return backend.KerasTensor(
            self.compute_output_shape(inputs.shape), dtype=inputs.dtype
        )

    def get_config(self):
        config = super().get_config()
        config.update({"size": self.size, "data_format": self.data_format})
        return config
