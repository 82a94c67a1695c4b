"""`RandomBrightness`: randomly shifts image brightness while training."""

from keras.src.api_export import keras_export
from keras.src.layers import arg_docs
from keras.src.layers.preprocessing.image_preprocessing import _color
from keras.src.layers.preprocessing.image_preprocessing.base_image_preprocessing_layer import (  # noqa: E501
    RandomAugmentationLayer,
)


@keras_export("keras.layers.RandomBrightness")
@arg_docs.with_shared_args(arg_docs.IMAGE_ARGS)
class RandomBrightness(RandomAugmentationLayer):
    """Adds a random brightness offset to each image while training.

    The offset is drawn per image from `factor` and multiplied by the
    width of `value_range`, then added to every pixel; the result is
    clipped to `value_range`. At inference the images pass through
    unchanged (but are cast to the layer's compute dtype).

    Args:
        factor: Float `f` in `[0, 1]` for offsets in `[-f, f]` (as a
            fraction of the value range), or a pair `(low, high)` within
            `[-1, 1]` (e.g. `(0.1, 0.5)` only brightens).

    Example:

    >>> layer = keras.layers.RandomBrightness((0.1, 0.2), seed=0)
    >>> x = np.full((1, 2, 2, 3), 100.0)
    >>> bool((layer(x) > x).all())
    True
    """

    _CONFIG_ATTRS = ("value_range", "seed")

    def __init__(self, factor, value_range=(0, 255), seed=None, **kwargs):
        super().__init__(factor=factor, seed=seed, **kwargs)
        self.value_range = _color.check_value_range(value_range)

    def _draw_transformation(self, images, seed):
        low, high = self.factor
        span = self.value_range[1] - self.value_range[0]
        offsets = self.backend.random.uniform(
            shape=self._per_image_shape(images),
            minval=low,
            maxval=high,
            seed=seed,
        )
        return {"rgb_delta": offsets * span}

    def transform_images(self, images, transformation, training=True):
        images = self.backend.cast(images, self.compute_dtype)
        if not training or transformation is None:
            return images
        delta = self._for_images(transformation["rgb_delta"], images)
        outputs = images + self.backend.cast(delta, images.dtype)
        return self.backend.numpy.clip(
            outputs, self.value_range[0], self.value_range[1]
        )
