"""`RandomRotation`: randomly rotates images while training."""

import math

from keras.src.api_export import keras_export
from keras.src.layers import arg_docs
from keras.src.layers.preprocessing.image_preprocessing import _geometry
from keras.src.layers.preprocessing.image_preprocessing.base_image_preprocessing_layer import (  # noqa: E501
    AffineTransformLayer,
)
from keras.src.layers.preprocessing.image_preprocessing.bounding_boxes import (
    converters,
)


@keras_export("keras.layers.RandomRotation")
@arg_docs.with_shared_args(arg_docs.IMAGE_ARGS)
class RandomRotation(AffineTransformLayer):
    """Rotates each image by a random angle while training.

    The angle is drawn uniformly from `factor * 2 * pi` (positive values
    turn counter-clockwise); the rotation is about the image center and
    uncovered pixels are filled according to `fill_mode`. At inference
    the images pass through unchanged.

    Args:
        factor: Fraction of a full turn: a float `f` for angles in `[-f *
            2pi, f * 2pi]`, or a pair `(low, high)`.
        fill_mode: `"reflect"` (default), `"wrap"`, `"constant"` or
            `"nearest"`: how points outside the input are filled.

    Example:

    >>> layer = keras.layers.RandomRotation(0.1, seed=2)
    >>> layer(np.random.rand(2, 9, 9, 3)).shape
    (2, 9, 9, 3)
    """

    _CONFIG_ATTRS = ("factor",) + AffineTransformLayer._CONFIG_ATTRS

    def __init__(
        self,
        factor,
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
        self.factor = _geometry.parse_factor(factor, "factor")

    def _draw_transformation(self, images, seed):
        turns = self._uniform(images, self.factor[0], self.factor[1])
        height, width = self._image_size(images)
        return {
            "angle": turns * 2.0 * math.pi,
            "image_height": height,
            "image_width": width,
        }

    def _transforms(self, transformation):
        np_ = self.backend.numpy
        angle = transformation["angle"]
        h = transformation["image_height"] - 1
        w = transformation["image_width"] - 1
        cos, sin = np_.cos(angle), np_.sin(angle)
        # Output pixel (x, y) reads the input at the point rotated back
        # about the center.
        x_offset = (w - (cos * w - sin * h)) / 2.0
        y_offset = (h - (sin * w + cos * h)) / 2.0
        zeros = np_.zeros_like(cos)
        return np_.stack(
            [cos, -sin, x_offset, sin, cos, y_offset, zeros, zeros], axis=1
        )

    def transform_bounding_boxes(
        self, bounding_boxes, transformation, training=True
    ):
        if not training or transformation is None:
            return bounding_boxes
        np_ = self.backend.numpy
        height = transformation["image_height"]
        width = transformation["image_width"]
        x1, y1, x2, y2 = _geometry.boxes_as_xyxy(
            self, bounding_boxes, height, width
        )
        batched = len(x1.shape) >= 2
        if not batched:
            x1, y1, x2, y2 = (np_.expand_dims(v, 0) for v in (x1, y1, x2, y2))
        angle = np_.reshape(
            self.backend.cast(transformation["angle"], x1.dtype), (-1, 1, 1)
        )
        cos, sin = np_.cos(angle), np_.sin(angle)
        # Box coordinates run along pixel edges: the pixel-index center
        # `(size - 1) / 2` of the image transform is `size / 2` here.
        cx, cy = width / 2.0, height / 2.0
        xs, ys = converters.box_corners(np_, x1, y1, x2, y2)
        xs, ys = xs - cx, ys - cy
        # The image maps output p to input R(angle) p (about the center),
        # so an input corner shows at R(-angle) p.
        new_x = cos * xs + sin * ys + cx
        new_y = -sin * xs + cos * ys + cy
        coords = converters.enclosing_boxes(np_, new_x, new_y)
        if not batched:
            coords = [c[0] for c in coords]
        return _geometry.boxes_from_xyxy(
            self, bounding_boxes, coords, height, width
        )
