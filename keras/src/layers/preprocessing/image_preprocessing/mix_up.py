"""`MixUp`: blends pairs of images (and their labels) while training."""

from keras.src.api_export import keras_export
from keras.src.layers.preprocessing.image_preprocessing import _mixing
from keras.src.layers.preprocessing.image_preprocessing.base_image_preprocessing_layer import (  # noqa: E501
    RandomAugmentationLayer,
)


@keras_export("keras.layers.MixUp")
class MixUp(RandomAugmentationLayer):
    """MixUp augmentation (Zhang et al., https://arxiv.org/abs/1710.09412).

    Each image of the batch is blended with another image of the batch
    (a random permutation): `w * image + (1 - w) * other`, where `w` is
    drawn per image from a `Beta(alpha, alpha)` distribution. Labels in
    dict inputs are blended with the same weights; bounding boxes of the
    pair are concatenated (the boxes of the image, then those of its
    partner), and segmentation masks are blended like the images. Only
    active while training.

    Args:
        alpha: Float > 0, the parameter of the Beta distribution the
            blend weights come from. Defaults to `0.2`.
        data_format: `"channels_last"` or `"channels_first"`. Defaults to
            `keras.config.image_data_format()`.
        seed: Optional integer seed.
        **kwargs: Standard `Layer` options.

    Example:

    >>> images = np.random.rand(4, 8, 8, 3)
    >>> labels = np.eye(4)
    >>> out = keras.layers.MixUp(seed=1)({"images": images, "labels": labels})
    >>> out["images"].shape, out["labels"].shape
    ((4, 8, 8, 3), (4, 4))
    """

    _USE_BASE_FACTOR = False
    _BATCH_SINGLE_IMAGES = True
    _CONFIG_ATTRS = ("alpha", "seed")

    def __init__(self, alpha=0.2, data_format=None, seed=None, **kwargs):
        super().__init__(data_format=data_format, seed=seed, **kwargs)
        self.alpha = alpha

    def _draw_transformation(self, images, seed):
        batch = self._batch_size(images)
        permutation = _mixing.draw_permutation(self, batch, seed)
        mix_weight = self.backend.random.beta(
            (batch,), self.alpha, self.alpha, seed=seed
        )
        return {"mix_weight": mix_weight, "permutation_order": permutation}

    def _mix(self, values, transformation):
        weight = transformation["mix_weight"]
        return _mixing.blend(self, values, weight, transformation)

    def transform_images(self, images, transformation=None, training=True):
        images = self.backend.cast(images, self.compute_dtype)
        if not training or transformation is None:
            return images
        if len(images.shape) == 3:
            images = self.backend.numpy.expand_dims(images, 0)
        return self._mix(images, transformation)

    def transform_labels(self, labels, transformation, training=True):
        if not training or transformation is None:
            return labels
        return self._mix(labels, transformation)

    def transform_segmentation_masks(
        self, segmentation_masks, transformation, training=True
    ):
        if not training or transformation is None:
            return segmentation_masks
        return self._mix(segmentation_masks, transformation)

    def transform_bounding_boxes(
        self, bounding_boxes, transformation, training=True
    ):
        if not training or transformation is None:
            return bounding_boxes
        np_ = self.backend.numpy
        result = dict(bounding_boxes)
        # Each image keeps its boxes and gains those of its partner
        # (concatenated after its own along the box axis).
        for key in ("boxes", "labels"):
            if key not in bounding_boxes:
                continue
            values = self.backend.convert_to_tensor(bounding_boxes[key])
            others = _mixing.partners(self, values, transformation)
            axis = 1 if len(values.shape) > 1 else 0
            result[key] = np_.concatenate([values, others], axis=axis)
        return result
