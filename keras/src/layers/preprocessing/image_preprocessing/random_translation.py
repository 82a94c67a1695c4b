"""`RandomTranslation`: randomly shifts images while training."""

from keras.src.api_export import keras_export
from keras.src.layers import arg_docs
from keras.src.layers.preprocessing.image_preprocessing import _geometry
from keras.src.layers.preprocessing.image_preprocessing.base_image_preprocessing_layer import (  # noqa: E501
    AffineTransformLayer,
)


@keras_export("keras.layers.RandomTranslation")
@arg_docs.with_shared_args(arg_docs.IMAGE_ARGS)
class RandomTranslation(_geometry.BoxMover, AffineTransformLayer):
    """Shifts each image by a random offset while training.

    The vertical shift is a random fraction (from `height_factor`) of the
    image height, positive values moving the content down; the
    horizontal shift likewise uses `width_factor` and the width, positive
    values moving right. Uncovered pixels are filled according to
    `fill_mode`. At inference the images pass through unchanged.

    Args:
        height_factor: Float `f` for shifts in `[-f, f]` of the height, or a
            pair `(low, high)`; values in `[-1, 1]`.
        width_factor: Same for the width.

    Example:

    >>> layer = keras.layers.RandomTranslation(0.2, 0.2, seed=1)
    >>> layer(np.random.rand(2, 10, 10, 3)).shape
    (2, 10, 10, 3)
    """

    _CONFIG_ATTRS = (
        "height_factor",
        "width_factor",
    ) + AffineTransformLayer._CONFIG_ATTRS

    def __init__(
        self,
        height_factor,
        width_factor,
        fill_mode="reflect",
        interpolation="bilinear",
        seed=None,
        fill_value=0.0,
        data_format=None,
        **kwargs,
    ):
        super().__init__(
            fill_mode, interpolation, fill_value, seed, data_format, **kwargs
        )
        self.height_factor = height_factor
        self.width_factor = width_factor
        self.height_bounds = _geometry.parse_factor(
            height_factor, "height_factor"
        )
        self.width_bounds = _geometry.parse_factor(width_factor, "width_factor")

    def _draw_transformation(self, images, seed):
        height, width = self._image_size(images)
        dy = self._uniform(images, *self.height_bounds) * height
        dx = self._uniform(images, *self.width_bounds) * width
        return {
            "translations": self.backend.numpy.stack([dx, dy], axis=1),
            "input_shape": tuple(images.shape),
        }

    def _transforms(self, transformation):
        np_ = self.backend.numpy
        translations = transformation["translations"]
        dx, dy = translations[:, 0], translations[:, 1]
        ones, zeros = np_.ones_like(dx), np_.zeros_like(dx)
        # Output pixel (x, y) reads input (x - dx, y - dy).
        return np_.stack(
            [ones, zeros, -dx, zeros, ones, -dy, zeros, zeros], axis=1
        )

    def _move_boxes(self, x1, y1, x2, y2, transformation, height, width):
        translations = self.backend.cast(
            self.backend.convert_to_tensor(transformation["translations"]),
            x1.dtype,
        )
        dx = _geometry.per_image(self, translations[:, 0], x1)
        dy = _geometry.per_image(self, translations[:, 1], x1)
        return [x1 + dx, y1 + dy, x2 + dx, y2 + dy]
