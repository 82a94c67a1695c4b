"""`RandomHue`: randomly rotates the hue of images while training."""

from keras.src.api_export import keras_export
from keras.src.layers.preprocessing.image_preprocessing import _color
from keras.src.layers.preprocessing.image_preprocessing.base_image_preprocessing_layer import (  # noqa: E501
    BaseImagePreprocessingLayer,
)
from keras.src.random.seed_generator import SeedGenerator


@keras_export("keras.layers.RandomHue")
class RandomHue(BaseImagePreprocessingLayer):
    """Rotates the hue of RGB images by a random amount while training.

    A shift is drawn per image from `factor` (a fraction of the full
    color circle) and added to the HSV hue, which wraps around. Only
    active while training.

    Args:
        factor: Float `f` in `[0, 1]` for shifts in `[-f, f]`, or a pair
            `(low, high)` within `[-1, 1]`.
        value_range: Range `(low, high)` of the pixel values. Defaults
            to `(0, 255)`.
        data_format: `"channels_last"` or `"channels_first"`. Defaults to
            `keras.config.image_data_format()`.
        seed: Optional integer seed.
        **kwargs: Standard `Layer` options.

    Example:

    >>> layer = keras.layers.RandomHue(0.3, value_range=(0, 1), seed=2)
    >>> layer(np.random.rand(2, 4, 4, 3)).shape
    (2, 4, 4, 3)
    """

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
            "hue_shift": _color.per_image(self, images, *self.factor, seed=seed)
        }

    def transform_images(self, images, transformation, training=True):
        images = self.backend.cast(images, self.compute_dtype)
        if not training or transformation is None:
            return images
        np_ = self.backend.numpy
        axis = -1 if self.data_format == "channels_last" else -3
        hsv = self.backend.image.rgb_to_hsv(
            _color.to_unit(self, images), data_format=self.data_format
        )
        hue, saturation, value = np_.split(hsv, 3, axis=axis)
        hue = np_.mod(hue + transformation["hue_shift"], 1.0)
        rgb = self.backend.image.hsv_to_rgb(
            np_.concatenate([hue, saturation, value], axis=axis),
            data_format=self.data_format,
        )
        return _color.from_unit(self, rgb)

    def get_config(self):
        config = super().get_config()
        config.update(value_range=self.value_range, seed=self.seed)
        return config
