"""`RandomInvert`: randomly inverts image values while training."""

from keras.src.api_export import keras_export
from keras.src.layers import arg_docs
from keras.src.layers.preprocessing.image_preprocessing.base_image_preprocessing_layer import (  # noqa: E501
    RandomAugmentationLayer,
)


@keras_export("keras.layers.RandomInvert")
@arg_docs.with_shared_args(arg_docs.IMAGE_ARGS)
class RandomInvert(RandomAugmentationLayer):
    """Inverts the pixel values of randomly chosen images while training.

    An inverted image maps each value `x` of `value_range = (low, high)`
    to `low + high - x`. Each image is inverted with a probability drawn
    uniformly from `factor` (a single float `f` meaning `[0, f]`).

    Args:
        factor: Float in `[0, 1]` or pair of floats: the range of the
            inversion probability. Defaults to `1.0`.

    Example:

    >>> layer = keras.layers.RandomInvert(factor=(1, 1), value_range=(0, 1))
    >>> layer(np.array([[[[0.25]]]]))
    Array([[[[0.75]]]], dtype=float32)
    """

    _FACTOR_BOUNDS = (0, 1)
    _CONFIG_ATTRS = ("value_range", "seed")

    def __init__(
        self,
        factor=1.0,
        value_range=(0, 255),
        seed=None,
        data_format=None,
        **kwargs,
    ):
        super().__init__(
            factor=factor, data_format=data_format, seed=seed, **kwargs
        )
        self.value_range = tuple(value_range)

    def _draw_transformation(self, images, seed):
        shape = self._per_image_shape(images)
        return {"invert": self._draw_apply_mask(shape, seed)}

    def transform_images(self, images, transformation, training=True):
        images = self.backend.cast(images, self.compute_dtype)
        if not training or transformation is None:
            return images
        low, high = self.value_range
        invert = self._for_images(transformation["invert"], images)
        return self.backend.numpy.where(invert, low + high - images, images)
