"""`RandomColorJitter`: random brightness, contrast, saturation and hue."""

from keras.src.api_export import keras_export
from keras.src.layers import arg_docs
from keras.src.layers.preprocessing.image_preprocessing import _color
from keras.src.layers.preprocessing.image_preprocessing.base_image_preprocessing_layer import (  # noqa: E501
    BaseImagePreprocessingLayer,
)
from keras.src.layers.preprocessing.image_preprocessing.random_brightness import (  # noqa: E501
    RandomBrightness,
)
from keras.src.layers.preprocessing.image_preprocessing.random_contrast import (  # noqa: E501
    RandomContrast,
)
from keras.src.layers.preprocessing.image_preprocessing.random_hue import (
    RandomHue,
)
from keras.src.layers.preprocessing.image_preprocessing.random_saturation import (  # noqa: E501
    RandomSaturation,
)


@keras_export("keras.layers.RandomColorJitter")
@arg_docs.with_shared_args(arg_docs.IMAGE_ARGS)
class RandomColorJitter(BaseImagePreprocessingLayer):
    """Randomly changes brightness, contrast, saturation and hue.

    Applies, in this order, `RandomBrightness(brightness_factor)`,
    `RandomContrast(contrast_factor)`, `RandomSaturation(
    saturation_factor)` and `RandomHue(hue_factor)`, each with the
    layer's `value_range` and seed; a factor left `None` skips its step.
    Each step draws its own random strength per image. Only active
    while training.

    Args:
        brightness_factor: `factor` of `RandomBrightness`, or `None`.
        contrast_factor: `factor` of `RandomContrast`, or `None`.
        saturation_factor: `factor` of `RandomSaturation`, or `None`.
        hue_factor: `factor` of `RandomHue`, or `None`.

    Example:

    >>> layer = keras.layers.RandomColorJitter(
    ...     value_range=(0, 1), brightness_factor=0.1, hue_factor=0.1, seed=1)
    >>> layer(np.random.rand(2, 8, 8, 3)).shape
    (2, 8, 8, 3)
    """

    _USE_BASE_FACTOR = False
    _CONFIG_ATTRS = (
        "value_range",
        "brightness_factor",
        "contrast_factor",
        "saturation_factor",
        "hue_factor",
        "seed",
    )

    def __init__(
        self,
        value_range=(0, 255),
        brightness_factor=None,
        contrast_factor=None,
        saturation_factor=None,
        hue_factor=None,
        seed=None,
        data_format=None,
        **kwargs,
    ):
        super().__init__(data_format=data_format, **kwargs)
        self.value_range = _color.check_value_range(value_range)
        self.brightness_factor = brightness_factor
        self.contrast_factor = contrast_factor
        self.saturation_factor = saturation_factor
        self.hue_factor = hue_factor
        self.seed = seed
        common = dict(value_range=self.value_range, seed=seed)
        self.random_brightness = None
        self.random_contrast = None
        self.random_saturation = None
        self.random_hue = None
        if brightness_factor is not None:
            self.random_brightness = RandomBrightness(
                factor=brightness_factor, **common
            )
        if contrast_factor is not None:
            self.random_contrast = RandomContrast(
                factor=contrast_factor, **common
            )
        if saturation_factor is not None:
            self.random_saturation = RandomSaturation(
                factor=saturation_factor, data_format=self.data_format, **common
            )
        if hue_factor is not None:
            self.random_hue = RandomHue(
                factor=hue_factor, data_format=self.data_format, **common
            )

    def _steps(self):
        return [
            layer
            for layer in (
                self.random_brightness,
                self.random_contrast,
                self.random_saturation,
                self.random_hue,
            )
            if layer is not None
        ]

    def build(self, input_shape=None):
        self._build_sublayers(self._steps(), input_shape)

    def transform_images(self, images, transformation=None, training=True):
        images = self.backend.cast(images, self.compute_dtype)
        if not training:
            return images
        for layer in self._steps():
            step = layer.get_random_transformation(images, training=True)
            images = layer.transform_images(images, step, training=True)
        return images
