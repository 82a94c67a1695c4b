"""Shared implementation of `UpSampling2D` and `UpSampling3D`."""

from keras.src import ops
from keras.src.layers.reshaping._spatial import SpatialReshaping
from keras.src.utils.argument_validation import standardize_tuple


class BaseUpSampling(SpatialReshaping):
    """Repeats every position `size[i]` times along spatial axis `i`.

    Takes the arguments of `SpatialReshaping`, with `size` (an int or a
    tuple of `rank` positive ints) after `rank`.
    """

    config_argument = "size"

    def __init__(self, rank, size, data_format=None, **kwargs):
        super().__init__(rank, data_format=data_format, **kwargs)
        self.size = standardize_tuple(size, rank, "size")

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
