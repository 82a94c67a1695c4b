"""`MixUp`: blends pairs of images (and their labels) while training."""

from keras.src.api_export import keras_export
from keras.src.layers import arg_docs
from keras.src.layers.preprocessing.image_preprocessing import _mixing


@keras_export("keras.layers.MixUp")
@arg_docs.with_shared_args(arg_docs.IMAGE_ARGS)
class MixUp(_mixing.PartnerMixingLayer):
    """MixUp augmentation (Zhang et al., https://arxiv.org/abs/1710.09412).

    Each image of the batch is blended with another image of the batch
    (a random permutation): `w * image + (1 - w) * other`, where `w` is
    drawn per image from a `Beta(alpha, alpha)` distribution. Labels in
    dict inputs are blended with the same weights; bounding boxes of the
    pair are concatenated (the boxes of the image, then those of its
    partner), and segmentation masks are blended like the images. Only
    active while training.

    Args:
        alpha: Float > 0, the parameter of the Beta distribution the blend
            weights come from. Defaults to `0.2`.

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

    def _combine(self, values, transformation):
        weight = transformation["mix_weight"]
        return _mixing.blend(self, values, weight, transformation)

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
