"""`RandomCrop`: crops a random window of images while training."""

from keras.src.api_export import keras_export
from keras.src.layers import arg_docs
from keras.src.layers.preprocessing.image_preprocessing import _geometry
from keras.src.layers.preprocessing.image_preprocessing.base_image_preprocessing_layer import (  # noqa: E501
    RandomAugmentationLayer,
)
from keras.src.layers.preprocessing.image_preprocessing.center_crop import (
    crop_or_resize,
)


@keras_export("keras.layers.RandomCrop")
@arg_docs.with_shared_args(arg_docs.IMAGE_ARGS)
class RandomCrop(RandomAugmentationLayer):
    """Crops a random `height x width` window of the images.

    While training, one random window position is drawn per call and
    applied to the whole batch. At inference the central window is kept
    instead. Images smaller than the window are resized up to it
    (cropping to its aspect ratio) in both modes. The output is in the
    layer's compute dtype.

    Args:
        height: Output height.
        width: Output width.

    Example:

    >>> layer = keras.layers.RandomCrop(4, 4, seed=3)
    >>> layer(np.random.rand(2, 6, 8, 3)).shape
    (2, 4, 4, 3)
    """

    _USE_BASE_FACTOR = False
    _CONFIG_ATTRS = ("height", "width", "seed")

    def __init__(
        self, height, width, seed=None, data_format=None, name=None, **kwargs
    ):
        super().__init__(
            seed=seed, data_format=data_format, name=name, **kwargs
        )
        self.height = height
        self.width = width

    def get_random_transformation(self, data, training=True, seed=None):
        images = data["images"] if isinstance(data, dict) else data
        in_h, in_w = self._image_size(images)
        spare_h = max(in_h - self.height, 0)
        spare_w = max(in_w - self.width, 0)
        if not training:
            return {
                "top": spare_h // 2,
                "left": spare_w // 2,
                "input_shape": tuple(images.shape),
            }
        seed = seed if seed is not None else self._get_seed_generator()
        top = self.backend.random.randint((), 0, spare_h + 1, seed=seed)
        left = self.backend.random.randint((), 0, spare_w + 1, seed=seed)
        return {"top": top, "left": left, "input_shape": tuple(images.shape)}

    def _crop(self, images, transformation, interpolation="bilinear"):
        h_axis, w_axis = self._spatial_axes()
        in_h, in_w = images.shape[h_axis], images.shape[w_axis]
        if in_h < self.height or in_w < self.width:
            return crop_or_resize(
                self, images, 0, 0, self.height, self.width, interpolation
            )
        starts = [0] * len(images.shape)
        sizes = list(images.shape)
        starts[h_axis] = transformation["top"]
        starts[w_axis] = transformation["left"]
        sizes[h_axis] = self.height
        sizes[w_axis] = self.width
        return self.backend.core.slice(images, starts, sizes)

    def transform_bounding_boxes(
        self, bounding_boxes, transformation, training=True
    ):
        return _geometry.crop_or_resize_boxes(
            self,
            bounding_boxes,
            _geometry.image_size(self, transformation),
            transformation["top"],
            transformation["left"],
        )

    def transform_images(self, images, transformation, training=True):
        images = self.backend.cast(images, self.compute_dtype)
        return self._crop(images, transformation)

    def transform_segmentation_masks(
        self, segmentation_masks, transformation, training=True
    ):
        return self._crop(
            segmentation_masks, transformation, interpolation="nearest"
        )

    def compute_output_shape(self, input_shape):
        return _geometry.sized_output_shape(self, input_shape)
