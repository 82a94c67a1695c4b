"""Shared base of the cropping, zero padding and upsampling layers."""

from keras.src import backend
from keras.src.layers.input_spec import InputSpec
from keras.src.layers.reshaping._reshaping_layer import ReshapingLayer


class SpatialReshaping(ReshapingLayer):
    """A layer that changes the size of each spatial axis of its input.

    Holds the number of spatial axes and the data format, finds the
    spatial axes, keeps the input dtype, and writes the config: the
    argument named by `config_argument` (e.g. `"cropping"`) then
    `data_format`.

    Args:
        rank: Number of spatial axes.
        data_format: `"channels_last"` or `"channels_first"`; defaults to
            `keras.config.image_data_format()`.
        **kwargs: Base layer arguments.
    """

    config_argument = None

    def __init__(self, rank, data_format=None, **kwargs):
        super().__init__(**kwargs)
        self.rank = rank
        self.data_format = backend.standardize_data_format(data_format)
        self.input_spec = InputSpec(ndim=rank + 2)
        self.built = True

    def _spatial_axes(self):
        first = 1 if self.data_format == "channels_last" else 2
        return range(first, first + self.rank)

    def get_config(self):
        config = super().get_config()
        config.update(
            {
                self.config_argument: getattr(self, self.config_argument),
                "data_format": self.data_format,
            }
        )
        return config
