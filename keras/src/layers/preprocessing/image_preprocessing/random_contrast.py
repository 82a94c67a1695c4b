"""`RandomContrast`: randomly scales image contrast while training."""

from keras.src.api_export import keras_export
from keras.src.layers import arg_docs
from keras.src.layers.preprocessing.image_preprocessing.base_image_preprocessing_layer import (  # noqa: E501
    RandomAugmentationLayer,
)


@keras_export("keras.layers.RandomContrast")
@arg_docs.with_shared_args(arg_docs.IMAGE_ARGS)
class RandomContrast(RandomAugmentationLayer):
    """Scales the contrast of each image by a random factor while training.

    Each channel of an image is moved away from (or towards) its mean:
    `(x - mean) * contrast_factor + mean`, where `contrast_factor` is
    drawn per image from `[1 - lower, 1 + upper]`, and the result is
    clipped to `value_range`. At inference the images pass through
    unchanged.

    Args:
        factor: Float `f` in `[0, 1]` for factors in `[1 - f, 1 + f]`, or a
            pair `(lower, upper)` for `[1 - lower, 1 + upper]`.

    Example:

    >>> layer = keras.layers.RandomContrast(0.5, seed=1)
    >>> layer(np.random.rand(2, 4, 4, 3) * 255).shape
    (2, 4, 4, 3)
    """

    _FACTOR_BOUNDS = (0, 1)
    _CONFIG_ATTRS = ("value_range", "seed")

    def __init__(self, factor, value_range=(0, 255), seed=None, **kwargs):
        super().__init__(seed=seed, **kwargs)
        self._set_factor(factor)
        self.value_range = tuple(value_range)

    def _set_factor(self, factor):
        if isinstance(factor, (int, float)) and not isinstance(factor, bool):
            if not 0 <= factor <= 1:
                raise ValueError(
                    "The `factor` argument should be a number (or a list "
                    "of two numbers) in the range [0, 1]. Received: "
                    f"factor={factor}"
                )
            self.factor = (float(factor), float(factor))
            return
        super()._set_factor(factor)

    def _draw_transformation(self, images, seed):
        lower, upper = self.factor
        factors = self.backend.random.uniform(
            shape=self._per_image_shape(images),
            minval=1.0 - lower,
            maxval=1.0 + upper,
            seed=seed,
        )
        return {"contrast_factor": factors}

    def transform_images(self, images, transformation, training=True):
        images = self.backend.cast(images, self.compute_dtype)
        if not training or transformation is None:
            return images
        factor = self._for_images(transformation["contrast_factor"], images)
        h_axis, w_axis = self._spatial_axes()
        mean = self.backend.numpy.mean(
            images, axis=(h_axis, w_axis), keepdims=True
        )
        outputs = (images - mean) * self.backend.cast(factor, images.dtype)
        outputs = outputs + mean
        return self.backend.numpy.clip(
            outputs, self.value_range[0], self.value_range[1]
        )
