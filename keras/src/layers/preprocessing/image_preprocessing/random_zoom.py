"""`RandomZoom`: randomly zooms images in or out while training."""

from keras.src.api_export import keras_export
from keras.src.layers import arg_docs
from keras.src.layers.preprocessing.image_preprocessing import _geometry
from keras.src.layers.preprocessing.image_preprocessing.base_image_preprocessing_layer import (  # noqa: E501
    AffineTransformLayer,
)


@keras_export("keras.layers.RandomZoom")
@arg_docs.with_shared_args(arg_docs.IMAGE_ARGS)
class RandomZoom(_geometry.BoxMover, AffineTransformLayer):
    """Zooms each image by a random amount while training.

    A zoom value `z` drawn from a factor scales the sampling grid by
    `1 + z` about the image center: positive values zoom *out* (the
    content shrinks, borders are filled per `fill_mode`), negative values
    zoom *in*. Without `width_factor` the same value is used for both
    axes, keeping the aspect ratio. At inference the images pass through
    unchanged.

    Args:
        height_factor: Float `f` for zooms in `[-f, f]`, or a pair `(low,
            high)`; values in `[-1, 1]`.
        width_factor: Optional factor for the horizontal zoom, in the same
            form. Defaults to `None` (follow the vertical zoom).

    Example:

    >>> layer = keras.layers.RandomZoom(0.3, seed=4)
    >>> layer(np.random.rand(2, 8, 8, 1)).shape
    (2, 8, 8, 1)
    """

    _BATCH_SINGLE_IMAGES = True
    _CONFIG_ATTRS = (
        "height_factor",
        "width_factor",
    ) + AffineTransformLayer._CONFIG_ATTRS

    def __init__(
        self,
        height_factor,
        width_factor=None,
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
        self.width_bounds = (
            None
            if width_factor is None
            else _geometry.parse_factor(width_factor, "width_factor")
        )

    def _draw_transformation(self, images, seed):
        zoom_y = 1.0 + self._uniform(images, *self.height_bounds)
        if self.width_bounds is None:
            zoom_x = zoom_y
        else:
            zoom_x = 1.0 + self._uniform(images, *self.width_bounds)
        return {
            "height_zoom": self.backend.numpy.reshape(zoom_y, (-1, 1)),
            "width_zoom": self.backend.numpy.reshape(zoom_x, (-1, 1)),
            "input_shape": tuple(images.shape),
        }

    def _transforms(self, transformation):
        np_ = self.backend.numpy
        height, width = _geometry.image_size(self, transformation)
        zx = np_.reshape(
            self.backend.cast(transformation["width_zoom"], "float32"), (-1,)
        )
        zy = np_.reshape(
            self.backend.cast(transformation["height_zoom"], "float32"), (-1,)
        )
        center_x = (width - 1) / 2.0
        center_y = (height - 1) / 2.0
        zeros = np_.zeros_like(zx)
        # Output pixel p reads the input at center + (p - center) * zoom.
        return np_.stack(
            [
                zx,
                zeros,
                center_x * (1.0 - zx),
                zeros,
                zy,
                center_y * (1.0 - zy),
                zeros,
                zeros,
            ],
            axis=1,
        )

    def _move_boxes(self, x1, y1, x2, y2, transformation, height, width):
        np_ = self.backend.numpy
        # One zoom per image, shaped (batch, 1): the boxes of one image
        # come back as a batch of one.
        zx = np_.reshape(
            self.backend.cast(transformation["width_zoom"], x1.dtype), (-1, 1)
        )
        zy = np_.reshape(
            self.backend.cast(transformation["height_zoom"], x1.dtype), (-1, 1)
        )
        cx, cy = (width - 1) / 2.0, (height - 1) / 2.0
        # The inverse of the image mapping: input point p shows at
        # center + (p - center) / zoom.
        coords = [
            (x1 - cx) / zx + cx,
            (y1 - cy) / zy + cy,
            (x2 - cx) / zx + cx,
            (y2 - cy) / zy + cy,
        ]
        return coords
