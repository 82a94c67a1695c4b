"""`MixUp`: blends pairs of images (and their labels) while training."""

from keras.src.api_export import keras_export
from keras.src.layers.preprocessing.image_preprocessing.base_image_preprocessing_layer import (  # noqa: E501
    BaseImagePreprocessingLayer,
)
from keras.src.random.seed_generator import SeedGenerator


@keras_export("keras.layers.MixUp")
class MixUp(BaseImagePreprocessingLayer):
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

    def __init__(self, alpha=0.2, data_format=None, seed=None, **kwargs):
        super().__init__(data_format=data_format, **kwargs)
        self.alpha = alpha
        self.seed = seed
        self.generator = SeedGenerator(seed)

    def get_random_transformation(self, data, training=True, seed=None):
        if not training:
            return None
        images = data["images"] if isinstance(data, dict) else data
        seed = seed if seed is not None else self._get_seed_generator()
        batch = self._batch_size(images)
        permutation = self.backend.cast(
            self.backend.numpy.argsort(
                self.backend.random.uniform((batch,), seed=seed)
            ),
            "int32",
        )
        mix_weight = self.backend.random.beta(
            (batch,), self.alpha, self.alpha, seed=seed
        )
        return {"mix_weight": mix_weight, "permutation_order": permutation}

    def _mix(self, values, transformation):
        np_ = self.backend.numpy
        values = self.backend.convert_to_tensor(values)
        if not self.backend.is_float_dtype(values.dtype):
            values = self.backend.cast(values, self.compute_dtype)
        permutation = self.backend.convert_to_tensor(
            transformation["permutation_order"], "int32"
        )
        weight = self.backend.cast(
            self.backend.convert_to_tensor(transformation["mix_weight"]),
            values.dtype,
        )
        if len(weight.shape) > 0:
            weight = np_.reshape(weight, (-1,) + (1,) * (len(values.shape) - 1))
        others = np_.take(values, permutation, axis=0)
        return weight * values + (1.0 - weight) * others

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
        permutation = self.backend.convert_to_tensor(
            transformation["permutation_order"], "int32"
        )
        result = dict(bounding_boxes)
        # Each image keeps its boxes and gains those of its partner
        # (concatenated after its own along the box axis).
        for key in ("boxes", "labels"):
            if key not in bounding_boxes:
                continue
            values = self.backend.convert_to_tensor(bounding_boxes[key])
            others = np_.take(values, permutation, axis=0)
            axis = 1 if len(values.shape) > 1 else 0
            result[key] = np_.concatenate([values, others], axis=axis)
        return result

    def get_config(self):
        config = super().get_config()
        config.update(alpha=self.alpha, seed=self.seed)
        return config
