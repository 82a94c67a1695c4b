"""Shared implementation of the zero padding layers."""

from keras.src import backend
from keras.src import ops
from keras.src.layers.input_spec import InputSpec
from keras.src.layers.layer import Layer


class BaseZeroPadding(Layer):
    """Adds `(before, after)` zeros along each spatial axis.

    Args:
        rank: Number of spatial axes.
        padding: Tuple of `rank` pairs of ints (already checked).
        data_format: `"channels_last"` or `"channels_first"`.
        **kwargs: Base layer arguments.
    """

    def __init__(self, rank, padding, data_format=None, **kwargs):
        super().__init__(**kwargs)
        self.rank = rank
        self.data_format = backend.standardize_data_format(data_format)
        self._pairs = padding
        self.input_spec = InputSpec(ndim=rank + 2)
        self.built = True

    def _spatial_axes(self):
        first = 1 if self.data_format == "channels_last" else 2
        return range(first, first + self.rank)

    def call(self, inputs):
        pad_width = [[0, 0] for _ in range(self.rank + 2)]
        for axis, pair in zip(self._spatial_axes(), self._pairs):
            pad_width[axis] = list(pair)
        return ops.pad(inputs, pad_width)

    def compute_output_shape(self, input_shape):
        shape = list(input_shape)
        for axis, pair in zip(self._spatial_axes(), self._pairs):
            if shape[axis] is not None:
                shape[axis] += sum(pair)
        return tuple(shape)

    def compute_output_spec(self, inputs):
        return backend.KerasTensor(
            self.compute_output_shape(inputs.shape), dtype=inputs.dtype
        )

    def get_config(self):
        config = super().get_config()
        config.update(
            {"padding": self.padding, "data_format": self.data_format}
        )
        return config
