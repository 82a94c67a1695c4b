"""`SpatialDropout1D/2D/3D`: dropout of whole feature maps."""

from keras.src import backend
from keras.src import ops
from keras.src import random
from keras.src.api_export import keras_export
from keras.src.layers import arg_docs
from keras.src.layers.input_spec import InputSpec
from keras.src.layers.regularization.dropout import Dropout

# The descriptions of the arguments of the three layers.
_ARGS = {
    "rate": "Float in `[0, 1]`, the probability of dropping a channel.",
    "seed": "Optional integer seed for the random pattern.",
    "data_format": arg_docs.IMAGE_ARGS["data_format"],
    "kwargs": "Standard `Layer` options.",
}


class BaseSpatialDropout(Dropout):
    """Dropout whose keep/drop pattern is shared over the spatial axes.

    Subclasses set `_spatial_rank`; the pattern has one entry per
    `(sample, channel)` pair and is broadcast over every spatial position.
    """

    _spatial_rank = None

    def __init__(self, rate, seed=None, data_format=None, **kwargs):
        super().__init__(rate, seed=seed, **kwargs)
        self.data_format = (
            "channels_last"
            if self._spatial_rank == 1
            else backend.standardize_data_format(data_format)
        )
        self.input_spec = InputSpec(ndim=self._spatial_rank + 2)

    def _perturb(self, inputs):
        shape = ops.shape(inputs)
        ones = (1,) * self._spatial_rank
        if self.data_format == "channels_last":
            noise_shape = (shape[0],) + ones + (shape[-1],)
        else:
            noise_shape = (shape[0], shape[1]) + ones
        return random.dropout(
            inputs, self.rate, noise_shape=noise_shape, seed=self.seed_generator
        )

    def get_config(self):
        config = super().get_config()
        config.pop("noise_shape")
        if self._spatial_rank > 1:
            config["data_format"] = self.data_format
        return config


@keras_export("keras.layers.SpatialDropout1D")
@arg_docs.with_args_section(**_ARGS)
class SpatialDropout1D(BaseSpatialDropout):
    """Drops entire channels of 1D sequences while training.

    Neighbouring steps of a sequence are often strongly correlated, so
    plain dropout barely regularizes them. This layer instead zeroes a
    whole channel (for all steps of one sample) with probability `rate`
    and scales the kept channels by `1 / (1 - rate)`.

    Args:
        {args}

    Call arguments:
        inputs: 3D tensor `(batch, steps, channels)`.
        training: Boolean; when `False` (default) inputs pass unchanged.

    Example:

    >>> layer = keras.layers.SpatialDropout1D(0.5, seed=3)
    >>> y = layer(np.ones((2, 4, 6)), training=True)
    >>> bool((y[:, 0] == y[:, 3]).all())  # same pattern at every step
    True
    """

    _spatial_rank = 1

    def __init__(self, rate, seed=None, **kwargs):
        super().__init__(rate, seed=seed, **kwargs)


@keras_export("keras.layers.SpatialDropout2D")
@arg_docs.with_args_section(**_ARGS)
class SpatialDropout2D(BaseSpatialDropout):
    """Drops entire 2D feature maps while training.

    Each channel of each sample is zeroed (at every pixel) with
    probability `rate`; kept channels are scaled by `1 / (1 - rate)`.
    Useful after convolutions, whose adjacent pixels are correlated.

    Args:
        {args}

    Call arguments:
        inputs: 4D tensor of images.
        training: Boolean; when `False` (default) inputs pass unchanged.

    Example:

    >>> layer = keras.layers.SpatialDropout2D(0.5, data_format="channels_last")
    >>> layer(np.ones((2, 5, 5, 8)), training=True).shape
    (2, 5, 5, 8)
    """

    _spatial_rank = 2


@keras_export("keras.layers.SpatialDropout3D")
@arg_docs.with_args_section(**_ARGS)
class SpatialDropout3D(BaseSpatialDropout):
    """Drops entire 3D feature maps while training.

    Each channel of each sample is zeroed (at every voxel) with
    probability `rate`; kept channels are scaled by `1 / (1 - rate)`.

    Args:
        {args}

    Call arguments:
        inputs: 5D tensor of volumes.
        training: Boolean; when `False` (default) inputs pass unchanged.

    Example:

    >>> layer = keras.layers.SpatialDropout3D(0.25)
    >>> layer(np.ones((1, 3, 3, 3, 4)), training=True).shape
    (1, 3, 3, 3, 4)
    """

    _spatial_rank = 3
