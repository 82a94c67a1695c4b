"""`RandomSaturation`: randomly changes color saturation while training."""

from keras.src.api_export import keras_export
from keras.src.layers.preprocessing.image_preprocessing import _color
from keras.src.layers.preprocessing.image_preprocessing.base_image_preprocessing_layer import (  # noqa: E501
    BaseImagePreprocessingLayer,
)
from keras.src.random.seed_generator import SeedGenerator


@keras_export("keras.layers.RandomSaturation")
class RandomSaturation(BaseImagePreprocessingLayer):
    """Scales the saturation of RGB images by a random amount.

    A value `f` is drawn per image from `factor` and the HSV saturation
    is multiplied by `f / (1 - f)`: `0` gives a grayscale image, `0.5`
    leaves it unchanged and values near `1` saturate the colors fully.
    Only active while training.

    Args:
        factor: Float `f` in `[0, 1]` for values in `[0, f]`, or a pair
            `(low, high)` within `[0, 1]`.
        value_range: Range `(low, high)` of the pixel values. Defaults
            to `(0, 1)`.
        data_format: `"channels_last"` or `"channels_first"`. Defaults to
            `keras.config.image_data_format()`.
        seed: Optional integer seed.
        **kwargs: Standard `Layer` options.

    Example:

    >>> layer = keras.layers.RandomSaturation((0.0, 0.0))
    >>> y = layer(np.random.rand(1, 2, 2, 3))
    >>> bool(np.allclose(y[..., 0], y[..., 1], atol=1e-5))
    True
    """

    _FACTOR_BOUNDS = (0, 1)

    def __init__(
        self,
        factor,
        value_range=(0, 1),
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

    def transform_images(self, images, transformation, training=True):
        images = self.backend.cast(images, self.compute_dtype)
        if not training or transformation is None:
            return images
        np_ = self.backend.numpy
        axis = -1 if self.data_format == "channels_last" else -3
        hsv = self.backend.image.rgb_to_hsv(
            _color.to_unit(self, images), data_format=self.data_format
        )
        f = transformation["factor"]
        scale = f / np_.maximum(1.0 - f, 1e-6)
        hue, saturation, value = np_.split(hsv, 3, axis=axis)
        saturation = np_.clip(saturation * scale, 0.0, 1.0)
        rgb = self.backend.image.hsv_to_rgb(
            np_.concatenate([hue, saturation, value], axis=axis),
            data_format=self.data_format,
        )
        return _color.from_unit(self, rgb)

    def get_config(self):
        config = super().get_config()
        config.update(value_range=self.value_range, seed=self.seed)
        return config
