"""`RandomElasticTransform`: random smooth distortions while training."""

from keras.src.api_export import keras_export
from keras.src.layers import arg_docs
from keras.src.layers.preprocessing.image_preprocessing import _color
from keras.src.layers.preprocessing.image_preprocessing import _geometry
from keras.src.layers.preprocessing.image_preprocessing.base_image_preprocessing_layer import (  # noqa: E501
    RandomAugmentationLayer,
)

# Smoothness (Gaussian standard deviation, in pixels) of the random
# displacement field, and the displacement strength at full distortion.
_FIELD_SIGMA = 5.0
_MAX_ALPHA = 20.0


@keras_export("keras.layers.RandomElasticTransform")
@arg_docs.with_shared_args(arg_docs.IMAGE_ARGS)
class RandomElasticTransform(RandomAugmentationLayer):
    """Distorts images with smooth random displacement fields.

    Each call draws a distortion strength in `[0, 1]`; each image is
    then, with a probability drawn from `factor`, resampled through a
    random smooth field (see `keras.ops.image.elastic_transform`) whose
    strength is the drawn value times `scale`. Results are clipped to
    `value_range`. Only active while training.

    Args:
        factor: Float in `[0, 1]` or pair: the range of the probability of
            distorting an image. Defaults to `1.0`.
        scale: Float in `[0, 1]`, the largest distortion strength. Defaults
            to `1.0`.

    Example:

    >>> layer = keras.layers.RandomElasticTransform(seed=1)
    >>> layer(np.random.rand(2, 16, 16, 3) * 255).shape
    (2, 16, 16, 3)
    """

    _FACTOR_BOUNDS = (0, 1)
    _CONFIG_ATTRS = (
        "scale",
        "interpolation",
        "fill_mode",
        "fill_value",
        "value_range",
        "seed",
    )

    def __init__(
        self,
        factor=1.0,
        scale=1.0,
        interpolation="bilinear",
        fill_mode="reflect",
        fill_value=0.0,
        value_range=(0, 255),
        seed=None,
        data_format=None,
        **kwargs,
    ):
        super().__init__(
            factor=factor, data_format=data_format, seed=seed, **kwargs
        )
        self.scale = _geometry.check_scale(scale)
        _geometry.check_fill_and_interpolation(fill_mode, interpolation)
        self.interpolation = interpolation
        self.fill_mode = fill_mode
        self.fill_value = fill_value
        self.value_range = _color.check_value_range(value_range)

    def _draw_transformation(self, images, seed):
        apply = self._draw_apply_mask((self._batch_size(images),), seed)
        strength = self.backend.random.uniform((), seed=seed)
        return {
            "apply_transform": apply,
            "distortion_factor": strength,
            "seed": seed,
        }

    def transform_images(self, images, transformation, training=True):
        images = self.backend.cast(images, self.compute_dtype)
        if not training or transformation is None or self.scale == 0:
            return images
        np_ = self.backend.numpy
        alpha = transformation["distortion_factor"] * self.scale * _MAX_ALPHA
        apply = np_.reshape(transformation["apply_transform"], (-1, 1, 1, 1))

        def distort(batch):
            warped = self.backend.image.elastic_transform(
                batch,
                alpha=alpha,
                sigma=_FIELD_SIGMA,
                interpolation=self.interpolation,
                fill_mode=self.fill_mode,
                fill_value=self.fill_value,
                seed=transformation["seed"],
                data_format=self.data_format,
            )
            return np_.where(apply, warped, batch)

        outputs = self._as_batch(distort, images)
        return np_.clip(outputs, self.value_range[0], self.value_range[1])

    def transform_bounding_boxes(
        self, bounding_boxes, transformation, training=True
    ):
        _geometry.no_bounding_boxes(self)
