"""`UpSampling2D`: enlarges images by integer factors."""

from keras.src.api_export import keras_export
from keras.src.layers.reshaping._up_sampling import BaseUpSampling
from keras.src.ops import image as image_ops

INTERPOLATIONS = ("nearest", "bilinear", "bicubic", "lanczos3", "lanczos5")


@keras_export("keras.layers.UpSampling2D")
class UpSampling2D(BaseUpSampling):
    """Upsampling layer for 2D inputs.

    Enlarges each image `size[0]` times in height and `size[1]` times in
    width. With `interpolation="nearest"` every pixel is repeated into a
    `size[0] x size[1]` block; other interpolations resize the image with
    `keras.ops.image.resize`.

    Args:
        size: Int or tuple of 2 positive ints, the upsampling factors for
            rows and columns. Defaults to `(2, 2)`.
        data_format: `"channels_last"` (inputs `(batch, height, width,
            channels)`) or `"channels_first"` (inputs `(batch, channels,
            height, width)`). Defaults to
            `keras.config.image_data_format()`.
        interpolation: One of `"nearest"`, `"bilinear"`, `"bicubic"`,
            `"lanczos3"` and `"lanczos5"`. Defaults to `"nearest"`.
        **kwargs: Base layer arguments such as `name` and `dtype`.

    Input shape:
        4D tensor, `(batch, height, width, channels)` or
        `(batch, channels, height, width)`.

    Output shape:
        4D tensor with `height * size[0]` rows and `width * size[1]`
        columns.

    Example:

    >>> x = np.arange(4.0).reshape((1, 2, 2, 1))
    >>> keras.layers.UpSampling2D((1, 2))(x)[0, :, :, 0]
    array([[0., 0., 1., 1.],
           [2., 2., 3., 3.]], dtype=float32)
    """

    def __init__(
        self, size=(2, 2), data_format=None, interpolation="nearest", **kwargs
    ):
        super().__init__(2, size, data_format=data_format, **kwargs)
        interpolation = str(interpolation).lower()
        if interpolation not in INTERPOLATIONS:
            raise ValueError(
                f"`interpolation` must be one of {INTERPOLATIONS}. "
                f"Received: interpolation={interpolation}"
            )
        self.interpolation = interpolation

    def call(self, inputs):
        if self.interpolation == "nearest":
            return self._repeat(inputs)
        first = 1 if self.data_format == "channels_last" else 2
        height = inputs.shape[first] * self.size[0]
        width = inputs.shape[first + 1] * self.size[1]
        return image_ops.resize(
            inputs,
            (height, width),
            interpolation=self.interpolation,
            data_format=self.data_format,
        )

    def get_config(self):
        config = super().get_config()
        config["interpolation"] = self.interpolation
        return config
