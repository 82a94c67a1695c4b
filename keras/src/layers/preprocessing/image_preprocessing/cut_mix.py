"""`CutMix`: pastes a patch of another image of the batch while
training."""

from keras.src.api_export import keras_export
from keras.src.layers.preprocessing.image_preprocessing import _masks
from keras.src.layers.preprocessing.image_preprocessing.base_image_preprocessing_layer import (  # noqa: E501
    BaseImagePreprocessingLayer,
)
from keras.src.random.seed_generator import SeedGenerator


@keras_export("keras.layers.CutMix")
class CutMix(BaseImagePreprocessingLayer):
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

    def __init__(self, factor=1.0, seed=None, data_format=None, **kwargs):
        super().__init__(data_format=data_format, **kwargs)
        self._set_factor(factor)
        self.seed = seed
        self.generator = SeedGenerator(seed)

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

    def get_random_transformation(self, data, training=True, seed=None):
        if not training:
            return None
        images = data["images"] if isinstance(data, dict) else data
        seed = seed if seed is not None else self._get_seed_generator()
        random = self.backend.random
        np_ = self.backend.numpy
        batch = self._batch_size(images)
        h_axis, w_axis = self._spatial_axes()
        height, width = images.shape[h_axis], images.shape[w_axis]
        permutation = self.backend.cast(
            self.backend.numpy.argsort(
                self.backend.random.uniform((batch,), seed=seed)
            ),
            "int32",
        )
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
        np_ = self.backend.numpy
        if len(images.shape) == 3:
            images = np_.expand_dims(images, 0)
        permutation = self.backend.convert_to_tensor(
            transformation["permutation_order"], "int32"
        )
        others = np_.take(images, permutation, axis=0)
        masks = self.backend.convert_to_tensor(transformation["batch_masks"])
        return np_.where(masks, others, images)

    def transform_labels(self, labels, transformation, training=True):
        if not training or transformation is None:
            return labels
        np_ = self.backend.numpy
        labels = self.backend.convert_to_tensor(labels)
        if not self.backend.is_float_dtype(labels.dtype):
            labels = self.backend.cast(labels, self.compute_dtype)
        permutation = self.backend.convert_to_tensor(
            transformation["permutation_order"], "int32"
        )
        weight = self.backend.cast(
            np_.reshape(transformation["mix_weight"], (-1,)), labels.dtype
        )
        weight = np_.reshape(weight, (-1,) + (1,) * (len(labels.shape) - 1))
        others = np_.take(labels, permutation, axis=0)
        return weight * labels + (1.0 - weight) * others

    def transform_segmentation_masks(
        self, segmentation_masks, transformation, training=True
    ):
        if not training or transformation is None:
            return segmentation_masks
        np_ = self.backend.numpy
        permutation = self.backend.convert_to_tensor(
            transformation["permutation_order"], "int32"
        )
        others = np_.take(segmentation_masks, permutation, axis=0)
        masks = self.backend.convert_to_tensor(transformation["batch_masks"])
        return np_.where(masks, others, segmentation_masks)

    def get_config(self):
        config = super().get_config()
        config.update(factor=self.factor, seed=self.seed)
        return config
