"""`AutoContrast`: stretches every channel to the full value range."""

from keras.src.api_export import keras_export
from keras.src.layers import arg_docs
from keras.src.layers.preprocessing.image_preprocessing import _color
from keras.src.layers.preprocessing.image_preprocessing.base_image_preprocessing_layer import (  # noqa: E501
    BaseImagePreprocessingLayer,
)


@keras_export("keras.layers.AutoContrast")
@arg_docs.with_shared_args(arg_docs.IMAGE_ARGS)
class AutoContrast(BaseImagePreprocessingLayer):
    """Maps each channel of each image linearly onto `value_range`.

    The darkest value of a channel becomes `value_range[0]` and the
    brightest `value_range[1]`; constant channels are left unchanged.
    The mapping is deterministic, so it applies in training and
    inference alike.

    Args:
        **kwargs: Standard `Layer` options (e.g. `data_format`).

    Example:

    >>> layer = keras.layers.AutoContrast(value_range=(0, 255))
    >>> layer(np.array([[[[10.0], [60.0]]]]), training=False)
    Array([[[[  0.],
             [255.]]]], dtype=float32)
    """

    _USE_BASE_FACTOR = False
    _CONFIG_ATTRS = ("value_range",)

    def __init__(self, value_range=(0, 255), **kwargs):
        super().__init__(**kwargs)
        self.value_range = _color.check_value_range(value_range)

    def transform_images(self, images, transformation=None, training=True):
        np_ = self.backend.numpy
        images = self.backend.cast(images, self.compute_dtype)
        axes = self._spatial_axes()
        lows = np_.min(images, axis=axes, keepdims=True)
        highs = np_.max(images, axis=axes, keepdims=True)
        spread = highs - lows
        low, high = self.value_range
        constant = spread <= 0
        scale = (high - low) / np_.where(constant, 1.0, spread)
        stretched = (images - lows) * scale + low
        return np_.where(constant, images, stretched)
