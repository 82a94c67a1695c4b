"""Image ops (`keras.ops.image.*`): resizing and patch extraction.

Images are 3D `(height, width, channels)` or 4D batches, laid out as
`keras.config.image_data_format()` says unless `data_format` is given.
"""

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.ops.nn import _spec_op
from keras.src.utils.argument_validation import standardize_tuple


def _image_axes(shape, data_format):
    """`(height_axis, width_axis, channel_axis)` of an image shape."""
    if len(shape) not in (3, 4):
        raise ValueError(
            "`images` must be a 3D (single image) or 4D (batch) tensor. "
            f"Received: images.shape={shape}"
        )
    offset = len(shape) - 3
    if data_format == "channels_last":
        return offset, offset + 1, offset + 2
    return offset + 1, offset + 2, offset


def _resize_spec(images, size, *args, data_format=None, **kwargs):
    data_format = backend.standardize_data_format(data_format)
    size = tuple(size)
    if len(size) != 2 or size[0] <= 0 or size[1] <= 0:
        raise ValueError(
            "`size` must have positive height and width, as a tuple "
            f"(height, width). Received: size={size}"
        )
    h_axis, w_axis, _ = _image_axes(images.shape, data_format)
    shape = list(images.shape)
    shape[h_axis], shape[w_axis] = size
    return backend.KerasTensor(tuple(shape), dtype=images.dtype)


@keras_export("keras.ops.image.resize")
@_spec_op(_resize_spec)
def resize(
    images,
    size,
    interpolation="bilinear",
    antialias=False,
    crop_to_aspect_ratio=False,
    pad_to_aspect_ratio=False,
    fill_mode="constant",
    fill_value=0.0,
    data_format=None,
):
    """Resizes images to `size = (height, width)`.

    Pixel centers are aligned the usual way (half-pixel centers), so
    upsampling by an integer factor with `"nearest"` repeats pixels.
    Integer images are computed in floating point, rounded and clipped
    back to their dtype.

    Args:
        images: 3D `(height, width, channels)` image or 4D batch of them
            (channels first with `data_format="channels_first"`).
        size: Tuple of 2 positive ints, the output height and width.
        interpolation: One of `"bilinear"`, `"nearest"`, `"bicubic"`,
            `"lanczos3"` and `"lanczos5"`. Defaults to `"bilinear"`.
        antialias: Whether to low-pass filter when downsampling, so that
            every input pixel contributes. Defaults to `False`.
        crop_to_aspect_ratio: If `True`, first crop the largest centered
            window with the aspect ratio of `size`, so that the image is
            not distorted.
        pad_to_aspect_ratio: If `True`, first pad the image evenly on both
            sides (with `fill_value`) to the aspect ratio of `size`.
        fill_mode: How padded pixels are filled; only `"constant"` is
            supported.
        fill_value: The value of padded pixels. Defaults to `0.0`.
        data_format: `"channels_last"` or `"channels_first"`. Defaults to
            `keras.config.image_data_format()`.

    Returns:
        The resized images, with the dtype of `images`.

    Example:

    >>> x = np.random.rand(2, 8, 6, 3)
    >>> keras.ops.image.resize(x, (4, 4)).shape
    (2, 4, 4, 3)
    """
    return backend.image.resize(
        images,
        size,
        interpolation=interpolation,
        antialias=antialias,
        crop_to_aspect_ratio=crop_to_aspect_ratio,
        pad_to_aspect_ratio=pad_to_aspect_ratio,
        fill_mode=fill_mode,
        fill_value=fill_value,
        data_format=data_format,
    )


def _extract_patches_spec(
    images,
    size,
    strides=None,
    dilation_rate=1,
    padding="valid",
    data_format=None,
):
    data_format = backend.standardize_data_format(data_format)
    size = standardize_tuple(size, 2, "size")
    strides = size if strides is None else strides
    strides = standardize_tuple(strides, 2, "strides")
    dilation_rate = standardize_tuple(dilation_rate, 2, "dilation_rate")
    h_axis, w_axis, c_axis = _image_axes(images.shape, data_format)
    shape = list(images.shape)
    for axis, k, s, d in zip((h_axis, w_axis), size, strides, dilation_rate):
        n = shape[axis]
        if n is None:
            continue
        if padding.lower() == "same":
            shape[axis] = -(-n // s)
        else:
            shape[axis] = (n - d * (k - 1) - 1) // s + 1
    channels = shape[c_axis]
    shape[c_axis] = None if channels is None else channels * size[0] * size[1]
    return backend.KerasTensor(tuple(shape), dtype=images.dtype)


@keras_export("keras.ops.image.extract_patches")
@_spec_op(_extract_patches_spec)
def extract_patches(
    images,
    size,
    strides=None,
    dilation_rate=1,
    padding="valid",
    data_format=None,
):
    """Extracts 2D patches of images into the channel axis.

    Each output position holds one `size[0] x size[1]` patch, flattened
    row by row with the channels of each pixel kept together, so the
    output has `size[0] * size[1] * channels` channels.

    Args:
        images: 3D image or 4D batch of images.
        size: Int or tuple of 2 ints, the patch height and width.
        strides: Int or tuple of 2 ints, the step between patch origins.
            Defaults to `size` (non-overlapping patches).
        dilation_rate: Int or tuple of 2 ints, the spacing between the
            sampled pixels of a patch. Defaults to `1`.
        padding: `"valid"` (only patches inside the image) or `"same"`
            (zero padding, `ceil(size / strides)` patches per axis).
        data_format: `"channels_last"` or `"channels_first"`. Defaults to
            `keras.config.image_data_format()`.

    Returns:
        The patches, with the dtype of `images`.

    Example:

    >>> x = np.random.rand(1, 8, 8, 3)
    >>> keras.ops.image.extract_patches(x, 4).shape
    (1, 2, 2, 48)
    """
    return backend.image.extract_patches(
        images,
        size,
        strides=strides,
        dilation_rate=dilation_rate,
        padding=padding,
        data_format=data_format,
    )
