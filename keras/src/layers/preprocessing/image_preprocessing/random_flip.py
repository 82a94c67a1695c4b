"""`RandomFlip`: randomly mirrors images while training."""

from keras.src.api_export import keras_export
from keras.src.layers import arg_docs
from keras.src.layers.preprocessing.image_preprocessing import _geometry
from keras.src.layers.preprocessing.image_preprocessing.base_image_preprocessing_layer import (  # noqa: E501
    RandomAugmentationLayer,
)

HORIZONTAL = "horizontal"
VERTICAL = "vertical"
HORIZONTAL_AND_VERTICAL = "horizontal_and_vertical"


@keras_export("keras.layers.RandomFlip")
@arg_docs.with_shared_args(arg_docs.IMAGE_ARGS)
class RandomFlip(_geometry.BoxMover, RandomAugmentationLayer):
    """Mirrors each image with probability 1/2 while training.

    At inference (`training=False`, e.g. in `predict()`) the images pass
    through unchanged. Segmentation masks in dict inputs are flipped with
    their images.

    Args:
        mode: `"horizontal"` (left-right), `"vertical"` (top-bottom) or
            `"horizontal_and_vertical"` (both at once). Defaults to
            `"horizontal_and_vertical"`.

    Example:

    >>> layer = keras.layers.RandomFlip("horizontal", seed=5)
    >>> layer(np.random.rand(4, 8, 8, 3)).shape
    (4, 8, 8, 3)
    """

    _USE_BASE_FACTOR = False
    _CONFIG_ATTRS = ("mode", "seed")

    def __init__(
        self,
        mode=HORIZONTAL_AND_VERTICAL,
        seed=None,
        data_format=None,
        **kwargs,
    ):
        super().__init__(data_format=data_format, seed=seed, **kwargs)
        if mode not in (HORIZONTAL, VERTICAL, HORIZONTAL_AND_VERTICAL):
            raise ValueError(
                "RandomFlip layer `mode` must be one of 'horizontal', "
                f"'vertical' or 'horizontal_and_vertical'. Received: "
                f"mode={mode}"
            )
        self.mode = mode

    def _draw_transformation(self, images, seed):
        draws = self.backend.random.uniform(
            shape=self._per_image_shape(images), seed=seed
        )
        return {"flips": draws <= 0.5, "input_shape": tuple(images.shape)}

    def _flip(self, images, flips):
        h_axis, w_axis = self._spatial_axes()
        flipped = images
        if self.mode in (HORIZONTAL, HORIZONTAL_AND_VERTICAL):
            flipped = self.backend.numpy.flip(flipped, axis=w_axis)
        if self.mode in (VERTICAL, HORIZONTAL_AND_VERTICAL):
            flipped = self.backend.numpy.flip(flipped, axis=h_axis)
        flips = self._for_images(flips, images)
        return self.backend.numpy.where(flips, flipped, images)

    def transform_images(self, images, transformation, training=True):
        images = self.backend.cast(images, self.compute_dtype)
        if not training or transformation is None:
            return images
        return self._flip(images, transformation["flips"])

    def transform_segmentation_masks(
        self, segmentation_masks, transformation, training=True
    ):
        if not training or transformation is None:
            return segmentation_masks
        return self._flip(segmentation_masks, transformation["flips"])

    def _move_boxes(self, x1, y1, x2, y2, transformation, height, width):
        flips = _geometry.per_image(self, transformation["flips"], x1)
        np_ = self.backend.numpy
        if self.mode in (HORIZONTAL, HORIZONTAL_AND_VERTICAL):
            x1, x2 = (
                np_.where(flips, width - x2, x1),
                np_.where(flips, width - x1, x2),
            )
        if self.mode in (VERTICAL, HORIZONTAL_AND_VERTICAL):
            y1, y2 = (
                np_.where(flips, height - y2, y1),
                np_.where(flips, height - y1, y2),
            )
        return [x1, y1, x2, y2]
