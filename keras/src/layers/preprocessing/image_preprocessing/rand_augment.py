"""`RandAugment`: applies randomly chosen augmentations while training."""

from keras.src.api_export import keras_export
from keras.src.layers import arg_docs
from keras.src.layers.preprocessing.image_preprocessing import _augment_ops
from keras.src.layers.preprocessing.image_preprocessing import _color
from keras.src.layers.preprocessing.image_preprocessing.base_image_preprocessing_layer import (  # noqa: E501
    RandomAugmentationLayer,
)

RAND_AUGMENT_OPS = (
    "random_shear",
    "random_translation",
    "random_rotation",
    "random_brightness",
    "random_color_degeneration",
    "random_contrast",
    "random_sharpness",
    "random_posterization",
    "solarization",
    "auto_contrast",
    "equalization",
)


@keras_export("keras.layers.RandAugment")
@arg_docs.with_shared_args(arg_docs.IMAGE_ARGS)
class RandAugment(RandomAugmentationLayer):
    """RandAugment (Cubuk et al., https://arxiv.org/abs/1909.13719).

    Each call applies `num_ops` operations in turn, each chosen at
    random (for the whole batch) among shear, translation, rotation,
    brightness, color degeneration, contrast, sharpness, posterization,
    solarization, auto-contrast and equalization. The strength of the
    operations grows with `factor`. Only active while training.

    Args:
        num_ops: Number of operations per call. Defaults to `2`.
        factor: Float in `[0, 1]` (or pair, whose upper value is used), the
            strength of the operations. Defaults to `0.5`.
        interpolation: `"bilinear"` (default) or `"nearest"`, for the
            geometric operations.

    Example:

    >>> layer = keras.layers.RandAugment(value_range=(0, 1), seed=1)
    >>> layer(np.random.rand(2, 8, 8, 3)).shape
    (2, 8, 8, 3)
    """

    _FACTOR_BOUNDS = (0, 1)
    _CONFIG_ATTRS = ("value_range", "num_ops", "interpolation", "seed")

    def __init__(
        self,
        value_range=(0, 255),
        num_ops=2,
        factor=0.5,
        interpolation="bilinear",
        seed=None,
        data_format=None,
        **kwargs,
    ):
        super().__init__(
            factor=factor, data_format=data_format, seed=seed, **kwargs
        )
        self.value_range = _color.check_value_range(value_range)
        self.num_ops = int(num_ops)
        self.interpolation = interpolation
        _augment_ops.install_ops(self, interpolation, RAND_AUGMENT_OPS)

    def build(self, input_shape=None):
        ops = [op for _, op in self._augment_ops]
        self._build_sublayers(ops, input_shape)

    def _draw_transformation(self, images, seed):
        if self.num_ops == 0:
            return None
        layer_idxes = self.backend.random.randint(
            (self.num_ops,), 0, len(self._augment_ops), seed=seed
        )
        transforms = tuple(
            _augment_ops.transformations_of(self, images)
            for _ in range(self.num_ops)
        )
        return {"transforms": transforms, "layer_idxes": layer_idxes}

    def transform_images(self, images, transformation=None, training=True):
        images = self.backend.cast(images, self.compute_dtype)
        if not training or transformation is None:
            return images
        candidates = [op for _, op in self._augment_ops]
        for i in range(self.num_ops):
            images = _augment_ops.apply_chosen(
                self,
                images,
                transformation["layer_idxes"][i],
                candidates,
                transformation["transforms"][i],
                training,
            )
        return images
