"""Shared pieces of the color augmentation layers."""

from keras.src.layers.preprocessing.image_preprocessing.base_image_preprocessing_layer import (  # noqa: E501
    RandomAugmentationLayer,
)


def check_value_range(value_range):
    if not isinstance(value_range, (tuple, list)) or len(value_range) != 2:
        raise ValueError(
            "The `value_range` argument should be a list of two numbers. "
            f"Received: value_range={value_range}"
        )
    return tuple(sorted(value_range))


def per_image(layer, images, low, high, seed):
    """One uniform draw per image, shaped to broadcast against `images`."""
    draws = layer.backend.random.uniform(
        shape=layer._per_image_shape(images),
        minval=low,
        maxval=high,
        seed=seed,
    )
    return layer._for_images(draws, images)


def to_unit(layer, images):
    low, high = layer.value_range
    return (images - low) / (high - low)


def from_unit(layer, images):
    low, high = layer.value_range
    clipped = layer.backend.numpy.clip(images, 0.0, 1.0)
    return clipped * (high - low) + low


def adjust_hsv(layer, images, adjust):
    """RGB `images` (in `value_range`) changed in HSV space:
    `adjust(hue, saturation, value)` returns the new channels, each in
    `[0, 1]` and shaped like the images with one channel."""
    np_ = layer.backend.numpy
    axis = -1 if layer.data_format == "channels_last" else -3
    hsv = layer.backend.image.rgb_to_hsv(
        to_unit(layer, images), data_format=layer.data_format
    )
    channels = adjust(*np_.split(hsv, 3, axis=axis))
    rgb = layer.backend.image.hsv_to_rgb(
        np_.concatenate(channels, axis=axis), data_format=layer.data_format
    )
    return from_unit(layer, rgb)


def grayscale_like(layer, images):
    """Grayscale version of RGB `images`, with 3 equal channels."""
    axis = -1 if layer.data_format == "channels_last" else -3
    gray = layer.backend.image.rgb_to_grayscale(
        images, data_format=layer.data_format
    )
    return layer.backend.numpy.repeat(gray, images.shape[axis], axis=axis)


class ColorAdjustmentLayer(RandomAugmentationLayer):
    """Base of the color layers that draw one strength per image from
    `factor` and change the pixel values (in `value_range`) by it.

    A subclass implements `_adjust(images, strength)`, with `strength`
    shaped to broadcast against `images`; it runs only while training.
    """

    _CONFIG_ATTRS = ("value_range", "seed")
    # The key of the drawn strengths in a transformation.
    _STRENGTH_KEY = "factor"

    def __init__(
        self,
        factor,
        value_range=(0, 255),
        data_format=None,
        seed=None,
        **kwargs,
    ):
        super().__init__(
            factor=factor, data_format=data_format, seed=seed, **kwargs
        )
        self.value_range = check_value_range(value_range)

    def _draw_transformation(self, images, seed):
        strength = per_image(self, images, *self.factor, seed)
        return {self._STRENGTH_KEY: strength}

    def transform_images(self, images, transformation, training=True):
        images = self.backend.cast(images, self.compute_dtype)
        if not training or transformation is None:
            return images
        return self._adjust(images, transformation[self._STRENGTH_KEY])

    def _adjust(self, images, strength):
        raise NotImplementedError(
            f"Layer {self.__class__.__name__} does not implement `_adjust()`."
        )
