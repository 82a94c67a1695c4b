"""`RandomShear`: randomly shears images while training."""

from keras.src.api_export import keras_export
from keras.src.layers import arg_docs
from keras.src.layers.preprocessing.image_preprocessing import _geometry
from keras.src.layers.preprocessing.image_preprocessing.base_image_preprocessing_layer import (  # noqa: E501
    AffineTransformLayer,
)


@keras_export("keras.layers.RandomShear")
@arg_docs.with_shared_args(arg_docs.IMAGE_ARGS)
class RandomShear(AffineTransformLayer):
    """Shears each image by random amounts along x and y while training.

    In coordinates relative to the image size (origin at the top-left
    corner), a point `(x, y)` moves to `x' = x - sx * y`, then
    `y' = y - sy * x'`, with `sx` drawn per image from `x_factor` and
    `sy` from `y_factor`. Uncovered pixels are filled according to
    `fill_mode`; bounding boxes in dict inputs follow the points (and
    are clipped to the image). At inference the images pass through
    unchanged.

    Args:
        x_factor: Float `f` for shears in `[-f, f]`, or a pair `(low,
            high)`, within `[-1, 1]`. Defaults to `0.0`.
        y_factor: Same along y. Defaults to `0.0`.

    Example:

    >>> layer = keras.layers.RandomShear(x_factor=0.2, y_factor=0.2, seed=1)
    >>> layer(np.random.rand(2, 8, 8, 3)).shape
    (2, 8, 8, 3)
    """

    _BATCH_SINGLE_IMAGES = True
    _CONFIG_ATTRS = (
        "x_factor",
        "y_factor",
    ) + AffineTransformLayer._CONFIG_ATTRS

    def __init__(
        self,
        x_factor=0.0,
        y_factor=0.0,
        interpolation="bilinear",
        fill_mode="reflect",
        fill_value=0.0,
        data_format=None,
        seed=None,
        **kwargs,
    ):
        super().__init__(
            fill_mode, interpolation, fill_value, seed, data_format, **kwargs
        )
        self.x_factor = _geometry.parse_factor(x_factor, "x_factor")
        self.y_factor = _geometry.parse_factor(y_factor, "y_factor")

    def _draw_transformation(self, images, seed):
        batch = self._batch_size(images)
        random = self.backend.random
        shear_x = random.uniform((batch, 1), *self.x_factor, seed=seed)
        shear_y = random.uniform((batch, 1), *self.y_factor, seed=seed)
        return {
            "shear_factor": self.backend.numpy.concatenate(
                [shear_x, shear_y], axis=1
            ),
            "input_shape": tuple(images.shape),
        }

    def _size(self, transformation):
        shape = transformation["input_shape"]
        h_axis, w_axis = self._spatial_axes()
        return shape[h_axis], shape[w_axis]

    def _shear_factors(self, transformation):
        """The drawn `(batch, 2)` shears along x and y, as float32."""
        return self.backend.cast(
            self.backend.convert_to_tensor(transformation["shear_factor"]),
            "float32",
        )

    def _transforms(self, transformation):
        np_ = self.backend.numpy
        shear = self._shear_factors(transformation)
        sx, sy = shear[:, 0], shear[:, 1]
        height, width = self._size(transformation)
        kx = width / height
        ky = height / width
        ones, zeros = np_.ones_like(sx), np_.zeros_like(sx)
        # Output pixel (x', y') reads the input at the point that the
        # shear moves there (the inverse of the box mapping).
        return np_.stack(
            [1.0 + sx * sy, sx * kx, zeros, sy * ky, ones, zeros, zeros, zeros],
            axis=1,
        )

    def transform_bounding_boxes(
        self, bounding_boxes, transformation, training=True
    ):
        if not training or transformation is None:
            return bounding_boxes
        from keras.src.layers.preprocessing.image_preprocessing.bounding_boxes import (  # noqa: E501
            converters,
        )

        np_ = self.backend.numpy
        height, width = self._size(transformation)
        shear = self._shear_factors(transformation)
        boxes = self.backend.convert_to_tensor(bounding_boxes["boxes"])
        if len(boxes.shape) == 2:
            # Boxes of one image: a batch of one, like the shear factors.
            boxes = np_.expand_dims(boxes, 0)
        boxes = converters.convert_format(
            boxes,
            source=self.bounding_box_format,
            target="rel_xyxy",
            height=height,
            width=width,
        )
        x1, y1, x2, y2 = (boxes[..., i] for i in range(4))
        xs, ys = converters.box_corners(np_, x1, y1, x2, y2)
        extra = len(xs.shape) - 1
        sx = np_.reshape(shear[:, 0], (-1,) + (1,) * extra)
        sy = np_.reshape(shear[:, 1], (-1,) + (1,) * extra)
        new_x = xs - sx * ys
        new_y = ys - sy * new_x
        boxes = np_.stack(
            converters.enclosing_boxes(np_, new_x, new_y), axis=-1
        )
        boxes = np_.clip(boxes, 0.0, 1.0)
        result = dict(bounding_boxes)
        result["boxes"] = converters.convert_format(
            boxes,
            source="rel_xyxy",
            target=self.bounding_box_format,
            height=height,
            width=width,
        )
        return result
