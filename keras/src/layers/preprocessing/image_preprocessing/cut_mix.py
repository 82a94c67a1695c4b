"""`CutMix`: pastes a patch of another image of the batch while
training."""

from keras.src.api_export import keras_export
from keras.src.layers.preprocessing.image_preprocessing import _masks
from keras.src.layers.preprocessing.image_preprocessing import _mixing
from keras.src.layers.preprocessing.image_preprocessing.base_image_preprocessing_layer import (  # noqa: E501
    RandomAugmentationLayer,
)


@keras_export("keras.layers.CutMix")
class CutMix(RandomAugmentationLayer):
    """CutMix augmentation (Yun et al., https://arxiv.org/abs/1905.04899).

    Each image of the batch receives a rectangular patch cut from another
    image of the batch (a random permutation). The patch covers a
    fraction `1 - lambda` of the image area, where `lambda` is drawn per
    image from `Beta(factor, factor)`, at a random position (clipped at
    the image border). Labels in dict inputs are mixed in proportion to
    the area each image contributes. Only active while training.

    Args:
        factor: Float, or pair whose upper value is used: the parameter
            of the Beta distribution of `lambda`. Defaults to `1.0`
            (uniform patch areas).
        seed: Optional integer seed.
        data_format: `"channels_last"` or `"channels_first"`. Defaults to
            `keras.config.image_data_format()`.
        **kwargs: Standard `Layer` options.

    Example:

    >>> images = np.random.rand(4, 8, 8, 3)
    >>> out = keras.layers.CutMix(seed=1)({"images": images,
    ...                                    "labels": np.eye(4)})
    >>> out["images"].shape
    (4, 8, 8, 3)
    """

    _FACTOR_BOUNDS = (0, 1)
    _BATCH_SINGLE_IMAGES = True
    _CONFIG_ATTRS = ("seed",)

    def __init__(self, factor=1.0, seed=None, data_format=None, **kwargs):
        super().__init__(data_format=data_format, seed=seed, **kwargs)
        self._set_factor(factor)

    def _set_factor(self, factor):
        if isinstance(factor, (int, float)) and not isinstance(factor, bool):
            if factor < 0:
                raise ValueError(
                    "The `factor` argument should be a non-negative number. "
                    f"Received: factor={factor}"
                )
            self.factor = (0, factor)
        else:
            super()._set_factor(factor)

    def _draw_transformation(self, images, seed):
        random = self.backend.random
        np_ = self.backend.numpy
        batch = self._batch_size(images)
        height, width = self._image_size(images)
        permutation = _mixing.draw_permutation(self, batch, seed)
        alpha = max(float(self.factor[1]), 1e-6)
        lam = random.beta((batch,), alpha, alpha, seed=seed)
        ratio = np_.sqrt(1.0 - lam)
        cut_h = np_.round(ratio * height)
        cut_w = np_.round(ratio * width)
        center_y = random.uniform((batch,), 0, height, seed=seed)
        center_x = random.uniform((batch,), 0, width, seed=seed)
        top = np_.clip(np_.floor(center_y - cut_h / 2), 0, height)
        left = np_.clip(np_.floor(center_x - cut_w / 2), 0, width)
        bottom = np_.clip(np_.floor(center_y + cut_h / 2), 0, height)
        right = np_.clip(np_.floor(center_x + cut_w / 2), 0, width)
        masks = _masks.box_masks(
            self, images, bottom - top, right - left, top, left
        )
        area = (bottom - top) * (right - left)
        mix_weight = 1.0 - area / float(height * width)
        return {
            "permutation_order": permutation,
            "batch_masks": masks,
            "mix_weight": np_.reshape(mix_weight, (-1, 1, 1, 1)),
        }

    def transform_images(self, images, transformation=None, training=True):
        images = self.backend.cast(images, self.compute_dtype)
        if not training or transformation is None:
            return images
        if len(images.shape) == 3:
            images = self.backend.numpy.expand_dims(images, 0)
        return self._paste(images, transformation)

    def transform_labels(self, labels, transformation, training=True):
        if not training or transformation is None:
            return labels
        weight = self.backend.numpy.reshape(transformation["mix_weight"], (-1,))
        return _mixing.blend(self, labels, weight, transformation)

    def transform_segmentation_masks(
        self, segmentation_masks, transformation, training=True
    ):
        if not training or transformation is None:
            return segmentation_masks
        return self._paste(segmentation_masks, transformation)

    def _paste(self, values, transformation):
        """`values` with the patch of each image taken from its partner."""
        others = _mixing.partners(self, values, transformation)
        masks = self.backend.convert_to_tensor(transformation["batch_masks"])
        return self.backend.numpy.where(masks, others, values)
