"""`Resizing`: resizes images to a fixed height and width."""

from keras.src.api_export import keras_export
from keras.src.layers import arg_docs
from keras.src.layers.preprocessing.image_preprocessing import _geometry
from keras.src.layers.preprocessing.image_preprocessing.base_image_preprocessing_layer import (  # noqa: E501
    BaseImagePreprocessingLayer,
)


@keras_export("keras.layers.Resizing")
@arg_docs.with_shared_args(arg_docs.IMAGE_ARGS)
class Resizing(BaseImagePreprocessingLayer):
    """Resizes images to `(height, width)`.

    Accepts a single 3D image or a 4D batch, with any number of channels,
    and returns float images (the layer's compute dtype). By default the
    aspect ratio is not preserved; `crop_to_aspect_ratio=True` first cuts
    the largest centered window with the target aspect ratio, while
    `pad_to_aspect_ratio=True` pads (with `fill_value`) instead.
    Segmentation masks in dict inputs are resized with `"nearest"`.

    Args:
        height: Output height.
        width: Output width.
        interpolation: `"bilinear"` (default), `"nearest"`, `"bicubic"`,
            `"lanczos3"` or `"lanczos5"`.
        crop_to_aspect_ratio: Crop to the target aspect ratio first.
        pad_to_aspect_ratio: Pad to the target aspect ratio first.
        fill_mode: Fill of padded pixels; only `"constant"`.
        fill_value: Value of padded pixels. Defaults to `0.0`.
        antialias: Low-pass filter when downsampling. Defaults to `False`.

    Example:

    >>> layer = keras.layers.Resizing(2, 3)
    >>> layer(np.zeros((4, 6, 6, 1))).shape
    (4, 2, 3, 1)
    """

    _USE_BASE_FACTOR = False
    _CONFIG_ATTRS = (
        "height",
        "width",
        "interpolation",
        "crop_to_aspect_ratio",
        "pad_to_aspect_ratio",
        "fill_mode",
        "fill_value",
        "antialias",
    )

    def __init__(
        self,
        height,
        width,
        interpolation="bilinear",
        crop_to_aspect_ratio=False,
        pad_to_aspect_ratio=False,
        fill_mode="constant",
        fill_value=0.0,
        antialias=False,
        data_format=None,
        **kwargs,
    ):
        super().__init__(data_format=data_format, **kwargs)
        self.height = height
        self.width = width
        self.interpolation = interpolation
        self.crop_to_aspect_ratio = crop_to_aspect_ratio
        self.pad_to_aspect_ratio = pad_to_aspect_ratio
        self.fill_mode = fill_mode
        self.fill_value = fill_value
        self.antialias = antialias

    def _resize(self, images, interpolation):
        return self.backend.image.resize(
            images,
            size=(self.height, self.width),
            interpolation=interpolation,
            antialias=self.antialias,
            crop_to_aspect_ratio=self.crop_to_aspect_ratio,
            pad_to_aspect_ratio=self.pad_to_aspect_ratio,
            fill_mode=self.fill_mode,
            fill_value=self.fill_value,
            data_format=self.data_format,
        )

    def transform_images(self, images, transformation=None, training=True):
        images = self.backend.cast(images, self.compute_dtype)
        return self._resize(images, self.interpolation)

    def get_random_transformation(self, data, training=True, seed=None):
        images = data["images"] if isinstance(data, dict) else data
        return {"input_shape": tuple(images.shape)}

    def transform_bounding_boxes(
        self, bounding_boxes, transformation, training=True
    ):
        return _geometry.resize_boxes(
            self,
            bounding_boxes,
            _geometry.image_size(self, transformation),
            (self.height, self.width),
            crop_to_aspect_ratio=self.crop_to_aspect_ratio,
            pad_to_aspect_ratio=self.pad_to_aspect_ratio,
        )

    def transform_segmentation_masks(
        self, segmentation_masks, transformation=None, training=True
    ):
        return self._resize(segmentation_masks, "nearest")

    def compute_output_shape(self, input_shape):
        return _geometry.sized_output_shape(self, input_shape)
