"""Shared implementation of `Cropping2D` and `Cropping3D`."""

from keras.src import backend
from keras.src.layers.input_spec import InputSpec
from keras.src.layers.layer import Layer
from keras.src.utils.argument_validation import standardize_pairs


class BaseCropping(Layer):
    """Crops `(before, after)` positions off each spatial axis.

    Args:
        rank: Number of spatial axes.
        cropping: Int, tuple of `rank` ints, or tuple of `rank` pairs.
        data_format: `"channels_last"` or `"channels_first"`.
        **kwargs: Base layer arguments.
    """

    def __init__(self, rank, cropping, data_format=None, **kwargs):
        super().__init__(**kwargs)
        self.rank = rank
        self.data_format = backend.standardize_data_format(data_format)
        self.cropping = standardize_pairs(cropping, rank, "cropping")
        self.input_spec = InputSpec(ndim=rank + 2)
        self.built = True

    def _spatial_axes(self):
        first = 1 if self.data_format == "channels_last" else 2
        return range(first, first + self.rank)

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

    def compute_output_spec(self, inputs):
        return backend.KerasTensor(
            self.compute_output_shape(inputs.shape), dtype=inputs.dtype
        )

    def get_config(self):
        config = super().get_config()
        config.update(
            {"cropping": self.cropping, "data_format": self.data_format}
        )
        return config
