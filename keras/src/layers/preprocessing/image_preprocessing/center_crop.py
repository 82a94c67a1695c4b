"""`CenterCrop`: crops the central window of images."""

from keras.src.api_export import keras_export
from keras.src.layers import arg_docs
from keras.src.layers.preprocessing.image_preprocessing import _geometry
from keras.src.layers.preprocessing.image_preprocessing.base_image_preprocessing_layer import (  # noqa: E501
    BaseImagePreprocessingLayer,
)


def crop_or_resize(
    layer, images, top, left, height, width, interpolation="bilinear"
):
    """The `height x width` window of `images` at `(top, left)`, or, when
    the images are smaller than that, the images resized to it (keeping
    their aspect ratio by cropping) with `interpolation` ("nearest" for
    segmentation masks, whose values are class ids)."""
    h_axis, w_axis = layer._spatial_axes()
    in_h, in_w = images.shape[h_axis], images.shape[w_axis]
    if (
        in_h is not None
        and in_w is not None
        and (in_h < height or in_w < width)
    ):
        return layer.backend.image.resize(
            images,
            (height, width),
            interpolation=interpolation,
            crop_to_aspect_ratio=True,
            data_format=layer.data_format,
        )
    index = [slice(None)] * len(images.shape)
    index[h_axis] = slice(top, top + height)
    index[w_axis] = slice(left, left + width)
    return images[tuple(index)]


@keras_export("keras.layers.CenterCrop")
@arg_docs.with_shared_args(arg_docs.IMAGE_ARGS)
class CenterCrop(BaseImagePreprocessingLayer):
    """Crops the central `height x width` window of images.

    When the window is not exactly centered (odd margin), the extra row
    or column is cut at the bottom/right. Images smaller than the window
    are instead resized up to it, cropping to the target aspect ratio so
    they are not distorted. The output is in the layer's compute dtype.

    Args:
        height: Output height.
        width: Output width.

    Example:

    >>> layer = keras.layers.CenterCrop(2, 2, data_format="channels_last")
    >>> x = np.arange(16.0).reshape(1, 4, 4, 1)
    >>> layer(x)[0, :, :, 0]
    Array([[ 5.,  6.],
           [ 9., 10.]], dtype=float32)
    """

    _USE_BASE_FACTOR = False
    _CONFIG_ATTRS = ("height", "width")

    def __init__(self, height, width, data_format=None, **kwargs):
        super().__init__(data_format=data_format, **kwargs)
        self.height = height
        self.width = width

    def get_random_transformation(self, data, training=True, seed=None):
        images = data["images"] if isinstance(data, dict) else data
        return {"input_shape": tuple(images.shape)}

    def transform_images(self, images, transformation=None, training=True):
        images = self.backend.cast(images, self.compute_dtype)
        return self._center(images)

    def transform_bounding_boxes(
        self, bounding_boxes, transformation, training=True
    ):
        in_size = _geometry.image_size(self, transformation)
        top = (in_size[0] - self.height) // 2
        left = (in_size[1] - self.width) // 2
        return _geometry.crop_or_resize_boxes(
            self, bounding_boxes, in_size, top, left
        )

    def _center(self, images, interpolation="bilinear"):
        in_h, in_w = self._image_size(images)
        top = max((in_h - self.height) // 2, 0)
        left = max((in_w - self.width) // 2, 0)
        return crop_or_resize(
            self, images, top, left, self.height, self.width, interpolation
        )

    def transform_segmentation_masks(
        self, segmentation_masks, transformation=None, training=True
    ):
        return self._center(segmentation_masks, interpolation="nearest")

    def compute_output_shape(self, input_shape):
        return _geometry.sized_output_shape(self, input_shape)
