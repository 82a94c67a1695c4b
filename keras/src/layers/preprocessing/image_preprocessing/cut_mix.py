"""`CutMix`: pastes a patch of another image of the batch while
training."""

from keras.src.api_export import keras_export
from keras.src.layers import arg_docs
from keras.src.layers.preprocessing.image_preprocessing import _masks
from keras.src.layers.preprocessing.image_preprocessing import _mixing


@keras_export("keras.layers.CutMix")
@arg_docs.with_shared_args(arg_docs.IMAGE_ARGS)
class CutMix(_mixing.PartnerMixingLayer):
    """CutMix augmentation (Yun et al., https://arxiv.org/abs/1905.04899).

    Each image of the batch receives a rectangular patch cut from another
    image of the batch (a random permutation). The patch covers a
    fraction `1 - lambda` of the image area, where `lambda` is drawn per
    image from `Beta(factor, factor)`, at a random position (clipped at
    the image border). Labels in dict inputs are mixed in proportion to
    the area each image contributes. Only active while training.

    Args:
        factor: Float, or pair whose upper value is used: the parameter of
            the Beta distribution of `lambda`. Defaults to `1.0` (uniform
            patch areas).

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

    def _combine(self, values, transformation):
        """`values` with the patch of each image taken from its partner."""
        others = _mixing.partners(self, values, transformation)
        masks = self.backend.convert_to_tensor(transformation["batch_masks"])
        return self.backend.numpy.where(masks, others, values)
