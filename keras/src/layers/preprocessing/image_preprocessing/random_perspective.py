"""`RandomPerspective`: random perspective warps while training."""

from keras.src.api_export import keras_export
from keras.src.layers import arg_docs
from keras.src.layers.preprocessing.image_preprocessing import _geometry
from keras.src.layers.preprocessing.image_preprocessing.base_image_preprocessing_layer import (  # noqa: E501
    RandomAugmentationLayer,
)
from keras.src.layers.preprocessing.image_preprocessing.bounding_boxes import (
    converters,
)


@keras_export("keras.layers.RandomPerspective")
@arg_docs.with_shared_args(arg_docs.IMAGE_ARGS)
class RandomPerspective(_geometry.BoxMover, RandomAugmentationLayer):
    """Warps images as if seen from a randomly moved viewpoint.

    For each image the four corners are moved independently by up to
    `scale / 2` of the image width (horizontally) and height
    (vertically), and the image is resampled through the projective
    transform taking the corners to their new places. Each image is
    warped with a probability drawn from `factor`; uncovered pixels take
    `fill_value`. Only active while training.

    Args:
        factor: Float in `[0, 1]` or pair: the range of the probability of
            warping an image. Defaults to `1.0`.
        scale: Float in `[0, 1]`, the strength of the corner moves. Defaults
            to `1.0`.
        fill_value: Value of uncovered pixels. Defaults to `0.0`.

    Example:

    >>> layer = keras.layers.RandomPerspective(scale=0.3, seed=5)
    >>> layer(np.random.rand(2, 8, 8, 3)).shape
    (2, 8, 8, 3)
    """

    _FACTOR_BOUNDS = (0, 1)
    _BATCH_SINGLE_IMAGES = True
    _CONFIG_ATTRS = ("scale", "interpolation", "fill_value", "seed")

    def __init__(
        self,
        factor=1.0,
        scale=1.0,
        interpolation="bilinear",
        fill_value=0.0,
        seed=None,
        data_format=None,
        **kwargs,
    ):
        super().__init__(
            factor=factor, data_format=data_format, seed=seed, **kwargs
        )
        self.scale = _geometry.check_scale(scale)
        _geometry.check_fill_and_interpolation("constant", interpolation)
        self.interpolation = interpolation
        self.fill_value = fill_value

    def _draw_transformation(self, images, seed):
        np_ = self.backend.numpy
        batch = self._batch_size(images)
        height, width = self._image_size(images)
        apply = self._draw_apply_mask((batch,), seed)
        corners = np_.array(
            [
                [0.0, 0.0],
                [width - 1.0, 0.0],
                [0.0, height - 1.0],
                [width - 1.0, height - 1.0],
            ]
        )
        start = np_.tile(np_.expand_dims(corners, 0), (batch, 1, 1))
        moves = self.backend.random.uniform(
            (batch, 4, 2), -0.5 * self.scale, 0.5 * self.scale, seed=seed
        )
        end = start + moves * np_.array([width, height], moves.dtype)
        return {
            "apply_perspective": apply,
            "start_points": start,
            "end_points": end,
            "input_shape": tuple(images.shape),
        }

    def transform_images(self, images, transformation, training=True):
        images = self.backend.cast(images, self.compute_dtype)
        if not training or transformation is None:
            return images
        np_ = self.backend.numpy
        apply = np_.reshape(transformation["apply_perspective"], (-1, 1, 1, 1))

        def warp(batch):
            warped = self.backend.image.perspective_transform(
                batch,
                transformation["start_points"],
                transformation["end_points"],
                interpolation=self.interpolation,
                fill_value=self.fill_value,
                data_format=self.data_format,
            )
            return np_.where(apply, warped, batch)

        return self._as_batch(warp, images)

    def _move_boxes(self, x1, y1, x2, y2, transformation, height, width):
        np_ = self.backend.numpy
        start = self.backend.cast(transformation["start_points"], "float32")
        end = self.backend.cast(transformation["end_points"], "float32")
        start = np_.reshape(start, (-1, 4, 2))
        end = np_.reshape(end, (-1, 4, 2))
        # The projective map taking the start corners to the end corners:
        # x' = (a x + b y + c) / (g x + h y + 1), likewise y'.
        sx, sy = start[..., 0], start[..., 1]
        ex, ey = end[..., 0], end[..., 1]
        zeros, ones = np_.zeros_like(sx), np_.ones_like(sx)
        rows_x = np_.stack(
            [sx, sy, ones, zeros, zeros, zeros, -sx * ex, -sy * ex], axis=-1
        )
        rows_y = np_.stack(
            [zeros, zeros, zeros, sx, sy, ones, -sx * ey, -sy * ey], axis=-1
        )
        system = np_.concatenate([rows_x, rows_y], axis=1)
        target = np_.concatenate([ex, ey], axis=1)
        coef = self.backend.linalg.solve(system, np_.expand_dims(target, -1))[
            ..., 0
        ]

        batched = len(x1.shape) >= 2
        if not batched:
            x1, y1, x2, y2 = (np_.expand_dims(v, 0) for v in (x1, y1, x2, y2))
        xs, ys = converters.box_corners(np_, x1, y1, x2, y2)

        def c(k):
            return np_.reshape(coef[:, k], (-1, 1, 1))

        denominator = c(6) * xs + c(7) * ys + 1.0
        new_x = (c(0) * xs + c(1) * ys + c(2)) / denominator
        new_y = (c(3) * xs + c(4) * ys + c(5)) / denominator
        coords = converters.enclosing_boxes(np_, new_x, new_y)
        apply = np_.reshape(
            self.backend.convert_to_tensor(transformation["apply_perspective"]),
            (-1, 1),
        )
        coords = [
            np_.where(apply, new, old)
            for new, old in zip(coords, (x1, y1, x2, y2))
        ]
        return coords
