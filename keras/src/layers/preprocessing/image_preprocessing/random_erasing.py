"""`RandomErasing`: blanks out a random rectangle of images while
training."""

from keras.src.api_export import keras_export
from keras.src.layers import arg_docs
from keras.src.layers.preprocessing.image_preprocessing import _color
from keras.src.layers.preprocessing.image_preprocessing import _masks
from keras.src.layers.preprocessing.image_preprocessing.base_image_preprocessing_layer import (  # noqa: E501
    RandomAugmentationLayer,
)


@keras_export("keras.layers.RandomErasing")
@arg_docs.with_shared_args(arg_docs.IMAGE_ARGS)
class RandomErasing(RandomAugmentationLayer):
    """Random Erasing (Zhong et al., https://arxiv.org/abs/1708.04896).

    Each image is erased with a probability drawn from `factor`: a
    rectangle covering a random fraction (from `scale`) of its area, of
    random aspect ratio and position, is replaced by `fill_value` (or by
    random noise within `value_range` when `fill_value` is `None`). Only
    active while training.

    Args:
        factor: Float in `[0, 1]` or pair: the range of the probability of
            erasing an image. Defaults to `1.0`.
        scale: Float `s` (for `(0, s)`) or pair `(low, high)` within `[0,
            1]`: the range of the erased fraction of the area. Defaults to
            `(0.02, 0.33)`.
        fill_value: Value of erased pixels; `None` (default) fills them with
            random noise.

    Example:

    >>> layer = keras.layers.RandomErasing(fill_value=0.0, seed=1)
    >>> layer(np.full((2, 8, 8, 3), 100.0)).shape
    (2, 8, 8, 3)
    """

    _FACTOR_BOUNDS = (0, 1)
    _BATCH_SINGLE_IMAGES = True
    _CONFIG_ATTRS = ("scale", "fill_value", "value_range", "seed")

    def __init__(
        self,
        factor=1.0,
        scale=(0.02, 0.33),
        fill_value=None,
        value_range=(0, 255),
        seed=None,
        data_format=None,
        **kwargs,
    ):
        super().__init__(
            factor=factor, data_format=data_format, seed=seed, **kwargs
        )
        self.scale = self._check_scale(scale)
        self.fill_value = fill_value
        self.value_range = _color.check_value_range(value_range)

    @staticmethod
    def _check_scale(scale):
        message = (
            "The `scale` argument should be a number (or a list of two "
            f"numbers) in the range [0, 1]. Received: scale={scale}"
        )
        if isinstance(scale, (tuple, list)):
            if len(scale) != 2:
                raise ValueError(message)
            low, high = min(scale), max(scale)
        elif isinstance(scale, (int, float)) and not isinstance(scale, bool):
            low, high = 0, scale
        else:
            raise ValueError(message)
        if low < 0 or high > 1:
            raise ValueError(message)
        return (low, high)

    def _draw_transformation(self, images, seed):
        random = self.backend.random
        np_ = self.backend.numpy
        batch = self._batch_size(images)
        height, width = self._image_size(images)
        apply_erasing = self._draw_apply_mask((batch,), seed)
        area = random.uniform((batch,), *self.scale, seed=seed) * (
            height * width
        )
        log_ratio = random.uniform(
            (batch,), np_.log(0.3), np_.log(1 / 0.3), seed=seed
        )
        ratio = np_.exp(log_ratio)
        box_h = np_.clip(np_.round(np_.sqrt(area * ratio)), 0, height)
        box_w = np_.clip(np_.round(np_.sqrt(area / ratio)), 0, width)
        top = np_.floor(
            random.uniform((batch,), seed=seed) * (height - box_h + 1)
        )
        left = np_.floor(
            random.uniform((batch,), seed=seed) * (width - box_w + 1)
        )
        masks = _masks.box_masks(self, images, box_h, box_w, top, left)
        shape = (
            self.backend.shape(images)
            if len(images.shape) == 4
            else ((1,) + self.backend.shape(images))
        )
        if self.fill_value is None:
            low, high = self.value_range
            noise = random.normal(
                shape,
                mean=(low + high) / 2.0,
                stddev=(high - low) / 2.0,
                seed=seed,
            )
            fill_value = np_.clip(noise, low, high)
        else:
            fill_value = np_.full(shape, self.fill_value, dtype="float32")
        return {
            "apply_erasing": apply_erasing,
            "batch_masks": masks,
            "fill_value": fill_value,
        }

    def transform_images(self, images, transformation=None, training=True):
        images = self.backend.cast(images, self.compute_dtype)
        if not training or transformation is None:
            return images
        np_ = self.backend.numpy
        if len(images.shape) == 3:
            images = np_.expand_dims(images, 0)
        masks = self.backend.convert_to_tensor(transformation["batch_masks"])
        apply = self.backend.convert_to_tensor(transformation["apply_erasing"])
        apply = np_.reshape(apply, (-1, 1, 1, 1))
        fill = self.backend.cast(
            self.backend.convert_to_tensor(transformation["fill_value"]),
            images.dtype,
        )
        return np_.where(np_.logical_and(masks, apply), fill, images)
