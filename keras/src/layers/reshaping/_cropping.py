"""Shared implementation of `Cropping2D` and `Cropping3D`."""

from keras.src.layers.reshaping._spatial import SpatialReshaping
from keras.src.utils.argument_validation import standardize_pairs


class BaseCropping(SpatialReshaping):
    """Crops `(before, after)` positions off each spatial axis.

    Takes the arguments of `SpatialReshaping`, with `cropping` (an int, a
    tuple of `rank` ints or a tuple of `rank` pairs) after `rank`.
    """

    config_argument = "cropping"

    def __init__(self, rank, cropping, data_format=None, **kwargs):
        super().__init__(rank, data_format=data_format, **kwargs)
        self.cropping = standardize_pairs(cropping, rank, "cropping")

    def _check(self, input_shape):
        for axis, pair in zip(self._spatial_axes(), self.cropping):
            size = input_shape[axis]
            if size is not None and sum(pair) >= size:
                raise ValueError(
                    "Values in `cropping` argument should be smaller than "
                    "the corresponding spatial dimension of the input. "
                    f"Received: inputs.shape={tuple(input_shape)}, "
                    f"cropping={self.cropping}"
                )

    def call(self, inputs):
        self._check(inputs.shape)
        index = [slice(None)] * len(inputs.shape)
        for axis, (before, after) in zip(self._spatial_axes(), self.cropping):
            index[axis] = slice(before, inputs.shape[axis] - after)
        return inputs[tuple(index)]

    def compute_output_shape(self, input_shape):
        self._check(input_shape)
        shape = list(input_shape)
        for axis, pair in zip(self._spatial_axes(), self.cropping):
            if shape[axis] is not None:
                shape[axis] -= sum(pair)
        return tuple(shape)
