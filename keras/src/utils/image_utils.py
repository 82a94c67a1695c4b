"""Conversions between image files, PIL images and NumPy arrays.

These helpers need Pillow (`pip install pillow`), imported on first use.
"""

import io
import pathlib

import numpy as np

from keras.src import backend
from keras.src.api_export import keras_export

# PIL resampling filters by their Keras names.
_PIL_INTERPOLATIONS = {
    "nearest": "NEAREST",
    "bilinear": "BILINEAR",
    "bicubic": "BICUBIC",
    "hamming": "HAMMING",
    "box": "BOX",
    "lanczos": "LANCZOS",
}


def _pil_image():
    try:
        from PIL import Image
    except ImportError as e:
        raise ImportError(
            "Image file utilities need Pillow. Install it with "
            "`pip install pillow`."
        ) from e
    return Image


@keras_export(
    ["keras.utils.array_to_img", "keras.preprocessing.image.array_to_img"]
)
def array_to_img(x, data_format=None, scale=True, dtype=None):
    """Turns a 3D array into a PIL image.

    Args:
        x: 3D array (height, width, channels) with 1 (gray), 3 (RGB) or
            4 (RGBA) channels, channels first if `data_format` says so.
        data_format: `"channels_last"` or `"channels_first"`. Defaults to
            `keras.config.image_data_format()`.
        scale: If `True` (default), stretch the values linearly to
            `[0, 255]` first.
        dtype: dtype the array is converted to first. Defaults to
            `keras.config.floatx()`.

    Returns:
        A PIL `Image`.

    Example:

    >>> img = keras.utils.array_to_img(np.random.rand(8, 6, 3))
    >>> img.size  # PIL gives (width, height)
    (6, 8)
    """
    Image = _pil_image()
    data_format = backend.standardize_data_format(data_format)
    x = np.asarray(backend.convert_to_numpy(x), dtype=dtype or backend.floatx())
    if x.ndim != 3:
        raise ValueError(
            "Expected an image array of rank 3 (single image). "
            f"Received: x.shape={x.shape}"
        )
    if data_format == "channels_first":
        x = x.transpose(1, 2, 0)
    if scale:
        x = x - np.min(x)
        peak = np.max(x)
        if peak != 0:
            x = x / peak
        x = x * 255
    channels = x.shape[2]
    if channels == 4:
        return Image.fromarray(x.astype("uint8"), "RGBA")
    if channels == 3:
        return Image.fromarray(x.astype("uint8"), "RGB")
    if channels == 1:
        if np.max(x) > 255:
            # Wide-range grayscale: 32-bit integer pixels.
            return Image.fromarray(x[:, :, 0].astype("int32"), "I")
        return Image.fromarray(x[:, :, 0].astype("uint8"), "L")
    raise ValueError(
        f"Unsupported channel number: {channels}; images need 1, 3 or 4 "
        "channels."
    )


@keras_export(
    ["keras.utils.img_to_array", "keras.preprocessing.image.img_to_array"]
)
def img_to_array(img, data_format=None, dtype=None):
    """Turns a PIL image into a 3D NumPy array.

    Args:
        img: PIL `Image`.
        data_format: `"channels_last"` or `"channels_first"`. Defaults to
            `keras.config.image_data_format()`.
        dtype: dtype of the array. Defaults to `keras.config.floatx()`.

    Returns:
        A 3D array; grayscale images get a channel axis of size 1.

    Example:

    >>> img = keras.utils.array_to_img(np.ones((4, 5, 3)), scale=False)
    >>> keras.utils.img_to_array(img, data_format="channels_last").shape
    (4, 5, 3)
    """
    data_format = backend.standardize_data_format(data_format)
    x = np.asarray(img, dtype=dtype or backend.floatx())
    if x.ndim == 2:
        x = x[:, :, None]
    elif x.ndim != 3:
        raise ValueError(f"Unsupported image shape: {x.shape}")
    if data_format == "channels_first":
        x = x.transpose(2, 0, 1)
    return x


@keras_export(["keras.utils.save_img", "keras.preprocessing.image.save_img"])
def save_img(path, x, data_format=None, file_format=None, scale=True, **kwargs):
    """Saves a 3D array as an image file.

    Args:
        path: File path or file object.
        x: 3D image array.
        data_format: `"channels_last"` or `"channels_first"`. Defaults to
            `keras.config.image_data_format()`.
        file_format: Optional format (e.g. `"png"`); by default taken
            from the file name.
        scale: Whether to stretch the values to `[0, 255]`.
        **kwargs: Passed to PIL's `Image.save()`.

    Example:

    >>> path = os.path.join(tempfile.mkdtemp(), "x.png")
    >>> keras.utils.save_img(path, np.random.rand(4, 4, 3))
    """
    img = array_to_img(x, data_format=data_format, scale=scale)
    if file_format is not None and file_format.lower() == "jpg":
        # PIL only knows this format as "jpeg".
        file_format = "jpeg"
    is_jpeg = file_format is not None and file_format.lower() == "jpeg"
    if file_format is None:
        is_jpeg = str(path).lower().endswith((".jpg", ".jpeg"))
    if img.mode == "RGBA" and is_jpeg:
        # JPEG has no alpha channel.
        img = img.convert("RGB")
    img.save(path, format=file_format, **kwargs)


@keras_export(["keras.utils.load_img", "keras.preprocessing.image.load_img"])
def load_img(
    path,
    color_mode="rgb",
    target_size=None,
    interpolation="nearest",
    keep_aspect_ratio=False,
):
    """Loads an image file into a PIL image.

    Args:
        path: Path (string or `pathlib.Path`) or an open binary file
            object.
        color_mode: `"grayscale"`, `"rgb"` (default) or `"rgba"`.
        target_size: Optional `(height, width)` to resize to.
        interpolation: PIL resampling used for `target_size`:
            `"nearest"` (default), `"bilinear"`, `"bicubic"`,
            `"hamming"`, `"box"` or `"lanczos"`.
        keep_aspect_ratio: If `True`, crop the largest centered window of
            the target aspect ratio before resizing.

    Returns:
        A PIL `Image`.

    Example:

    >>> path = os.path.join(tempfile.mkdtemp(), "x.png")
    >>> keras.utils.save_img(path, np.random.rand(6, 8, 3))
    >>> keras.utils.load_img(path, target_size=(3, 4)).size
    (4, 3)
    """
    Image = _pil_image()
    if isinstance(path, io.BytesIO):
        img = Image.open(path)
    elif isinstance(path, (pathlib.Path, bytes, str)):
        if isinstance(path, pathlib.Path):
            path = str(path.resolve())
        with open(path, "rb") as f:
            img = Image.open(io.BytesIO(f.read()))
    else:
        raise TypeError(
            "`path` should be a path-like object or an open binary file. "
            f"Received: path={path!r} of type {type(path)}"
        )
    modes = {
        "grayscale": ("L", "I;16", "I"),
        "rgba": ("RGBA",),
        "rgb": ("RGB",),
    }
    if color_mode not in modes:
        raise ValueError(
            'color_mode must be "grayscale", "rgb", or "rgba". '
            f"Received: color_mode={color_mode}"
        )
    if img.mode not in modes[color_mode]:
        img = img.convert(modes[color_mode][0])
    if target_size is not None:
        width_height = (target_size[1], target_size[0])
        if img.size != width_height:
            if interpolation not in _PIL_INTERPOLATIONS:
                raise ValueError(
                    "Invalid interpolation method. Supported: "
                    f"{', '.join(_PIL_INTERPOLATIONS)}. Received: "
                    f"interpolation={interpolation}"
                )
            resample = getattr(
                Image.Resampling, _PIL_INTERPOLATIONS[interpolation]
            )
            if keep_aspect_ratio:
                width, height = img.size
                target_h, target_w = target_size
                crop_h = min(height, int(width * target_h / target_w))
                crop_w = min(width, int(height * target_w / target_h))
                left = (width - crop_w) // 2
                top = (height - crop_h) // 2
                img = img.crop((left, top, left + crop_w, top + crop_h))
            img = img.resize(width_height, resample)
    return img
