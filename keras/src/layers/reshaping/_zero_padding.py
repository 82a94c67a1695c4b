"""Shared implementation of the zero padding layers."""

from keras.src import ops
from keras.src.layers.reshaping._spatial import SpatialReshaping


class BaseZeroPadding(SpatialReshaping):
    """Adds `(before, after)` zeros along each spatial axis.

    Takes the arguments of `SpatialReshaping`, with `padding` (a tuple of
    `rank` pairs of ints, already checked) after `rank`.
    """

    config_argument = "padding"

    def __init__(self, rank, padding, data_format=None, **kwargs):
        super().__init__(rank, data_format=data_format, **kwargs)
        self._pairs = padding

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
