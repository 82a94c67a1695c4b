"""`RandomSharpness`: randomly sharpens or softens images."""

from keras.src.api_export import keras_export
from keras.src.layers.preprocessing.image_preprocessing import _color
from keras.src.layers.preprocessing.image_preprocessing.base_image_preprocessing_layer import (  # noqa: E501
    BaseImagePreprocessingLayer,
)
from keras.src.random.seed_generator import SeedGenerator


@keras_export("keras.layers.RandomSharpness")
class RandomSharpness(BaseImagePreprocessingLayer):
    """Changes the sharpness of images by a random amount while training.

    Each image is blended with a smoothed copy of itself (3x3 kernel with
    weight 5 in the center and 1 around it): with a value `f` drawn from
    `factor`, the output is `smooth + (image - smooth) * 2f`. So `0`
    gives the smoothed image, `0.5` the image itself and `1` an image
    sharpened twice as much. Border pixels are kept as they are; results
    are clipped to `value_range`. Only active while training.

    Args:
        factor: Float `f` in `[0, 1]` for values in `[0, f]`, or a pair
            `(low, high)` within `[0, 1]`.
        value_range: Range `(low, high)` of the pixel values. Defaults
            to `(0, 255)`.
        data_format: `"channels_last"` or `"channels_first"`. Defaults to
            `keras.config.image_data_format()`.
        seed: Optional integer seed.
        **kwargs: Standard `Layer` options.

    Example:

    >>> layer = keras.layers.RandomSharpness((0.5, 0.5))
    >>> x = np.random.rand(1, 5, 5, 3) * 255
    >>> bool(np.allclose(layer(x), x, atol=1e-3))
    True
    """

    _FACTOR_BOUNDS = (0, 1)

    def __init__(
        self,
        factor,
        value_range=(0, 255),
        data_format=None,
        seed=None,
        **kwargs,
    ):
        super().__init__(factor=factor, data_format=data_format, **kwargs)
        self.value_range = _color.check_value_range(value_range)
        self.seed = seed
        self.generator = SeedGenerator(seed)

    def get_random_transformation(self, data, training=True, seed=None):
        if not training:
            return None
        images = data["images"] if isinstance(data, dict) else data
        return {
            "factor": _color.per_image(self, images, *self.factor, seed=seed)
        }

    def _smooth(self, images):
        np_ = self.backend.numpy
        unbatched = len(images.shape) == 3
        x = np_.expand_dims(images, 0) if unbatched else images
        axis = -1 if self.data_format == "channels_last" else 1
        channels = x.shape[axis]
        weights = np_.array(
            [[1.0, 1.0, 1.0], [1.0, 5.0, 1.0], [1.0, 1.0, 1.0]], x.dtype
        )
        kernel = np_.tile(
            np_.reshape(weights / 13.0, (3, 3, 1, 1)), (1, 1, channels, 1)
        )
        smooth = self.backend.nn.depthwise_conv(
            x, kernel, padding="same", data_format=self.data_format
        )
        # Only interior pixels have a full neighbourhood: keep the border.
        h_axis, w_axis = self._spatial_axes()
        height, width = x.shape[h_axis], x.shape[w_axis]
        rows = np_.arange(height)
        cols = np_.arange(width)
        interior = np_.logical_and(
            np_.expand_dims((rows > 0) & (rows < height - 1), 1),
            np_.expand_dims((cols > 0) & (cols < width - 1), 0),
        )
        if self.data_format == "channels_last":
            interior = np_.expand_dims(interior, -1)
        smooth = np_.where(interior, smooth, x)
        return smooth[0] if unbatched else smooth

    def transform_images(self, images, transformation, training=True):
        images = self.backend.cast(images, self.compute_dtype)
        if not training or transformation is None:
            return images
        smooth = self._smooth(images)
        strength = 2.0 * transformation["factor"]
        outputs = smooth + (images - smooth) * strength
        return self.backend.numpy.clip(
            outputs, self.value_range[0], self.value_range[1]
        )

    def get_config(self):
        config = super().get_config()
        config.update(value_range=self.value_range, seed=self.seed)
        return config
