"""`UpSampling3D`: repeats every voxel of 3D volumes."""

from keras.src.api_export import keras_export
from keras.src.layers.reshaping._up_sampling import BaseUpSampling


@keras_export("keras.layers.UpSampling3D")
class UpSampling3D(BaseUpSampling):
    """Upsampling layer for 3D inputs.

    Repeats each position `size[0]`, `size[1]` and `size[2]` times along
    the first, second and third spatial axis (nearest-neighbour
    upsampling).

    Args:
        size: Int or tuple of 3 positive ints, the upsampling factors.
            Defaults to `(2, 2, 2)`.
        data_format: `"channels_last"` (inputs `(batch, dim1, dim2, dim3,
            channels)`) or `"channels_first"` (inputs `(batch, channels,
            dim1, dim2, dim3)`). Defaults to
            `keras.config.image_data_format()`.
        **kwargs: Base layer arguments such as `name` and `dtype`.

    Input shape:
        5D tensor, `(batch, dim1, dim2, dim3, channels)` or
        `(batch, channels, dim1, dim2, dim3)`.

    Output shape:
        5D tensor with spatial sizes multiplied by `size`.

    Example:

    >>> x = np.random.rand(1, 2, 3, 4, 5)
    >>> keras.layers.UpSampling3D((1, 2, 3))(x).shape
    (1, 2, 6, 12, 5)
    """

    def __init__(self, size=(2, 2, 2), data_format=None, **kwargs):
        super().__init__(3, size, data_format=data_format, **kwargs)
