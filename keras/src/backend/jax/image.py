"""JAX implementations of the image ops (`keras.ops.image`)."""

import jax
import jax.numpy as jnp

from keras.src.backend import config
from keras.src.backend.jax.core import convert_to_tensor

RESIZE_INTERPOLATIONS = (
    "bilinear",
    "nearest",
    "bicubic",
    "lanczos3",
    "lanczos5",
)


def _to_channels_last(images, data_format):
    if data_format == "channels_first":
        if images.ndim == 4:
            return jnp.transpose(images, (0, 2, 3, 1))
        return jnp.transpose(images, (1, 2, 0))
    return images


def _from_channels_last(images, data_format):
    if data_format == "channels_first":
        if images.ndim == 4:
            return jnp.transpose(images, (0, 3, 1, 2))
        return jnp.transpose(images, (2, 0, 1))
    return images


def _check_size(size):
    if len(size) != 2:
        raise ValueError(
            "`size` must be a tuple of 2 integers (height, width). "
            f"Received: size={size}"
        )
    if size[0] <= 0 or size[1] <= 0:
        raise ValueError(
            f"`size` must have positive height and width. Received: size={size}"
        )


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
    data_format = config.standardize_data_format(data_format)
    size = tuple(int(s) for s in size)
    _check_size(size)
    if interpolation not in RESIZE_INTERPOLATIONS:
        raise ValueError(
            f"`interpolation` must be one of {RESIZE_INTERPOLATIONS}. "
            f"Received: interpolation={interpolation}"
        )
    if fill_mode != "constant":
        raise ValueError(
            "Only `fill_mode='constant'` is supported. "
            f"Received: fill_mode={fill_mode}"
        )
    if crop_to_aspect_ratio and pad_to_aspect_ratio:
        raise ValueError(
            "Only one of `crop_to_aspect_ratio` and `pad_to_aspect_ratio` "
            "can be `True`."
        )
    images = convert_to_tensor(images)
    if images.ndim not in (3, 4):
        raise ValueError(
            "`images` must be a 3D (single image) or 4D (batch) tensor. "
            f"Received: images.shape={images.shape}"
        )
    dtype = images.dtype
    x = _to_channels_last(images, data_format)
    height, width = x.shape[-3], x.shape[-2]
    target_h, target_w = size
    if crop_to_aspect_ratio:
        crop_h = min(height, int(width * target_h / target_w))
        crop_w = min(width, int(height * target_w / target_h))
        top = (height - crop_h) // 2
        left = (width - crop_w) // 2
        x = x[..., top : top + crop_h, left : left + crop_w, :]
    elif pad_to_aspect_ratio:
        pad_h = max(height, int(width * target_h / target_w))
        pad_w = max(width, int(height * target_w / target_h))
        top = (pad_h - height) // 2
        left = (pad_w - width) // 2
        pad_width = [(0, 0)] * x.ndim
        pad_width[-3] = (top, pad_h - height - top)
        pad_width[-2] = (left, pad_w - width - left)
        x = jnp.pad(
            x, pad_width, constant_values=jnp.asarray(fill_value, x.dtype)
        )
    if not jnp.issubdtype(dtype, jnp.floating):
        x = x.astype(config.floatx())
    shape = x.shape[:-3] + (target_h, target_w, x.shape[-1])
    x = jax.image.resize(x, shape, method=interpolation, antialias=antialias)
    if not jnp.issubdtype(dtype, jnp.floating):
        # Integer images: round to the nearest value and saturate.
        x = jnp.round(x)
        if jnp.issubdtype(dtype, jnp.integer):
            info = jnp.iinfo(dtype)
            x = jnp.clip(x, info.min, info.max)
        x = x.astype(dtype)
    else:
        x = x.astype(dtype)
    return _from_channels_last(x, data_format)


def extract_patches(
    images,
    size,
    strides=None,
    dilation_rate=1,
    padding="valid",
    data_format=None,
):
    data_format = config.standardize_data_format(data_format)
    images = convert_to_tensor(images)
    if isinstance(size, int):
        size = (size, size)
    size = tuple(size)
    strides = size if strides is None else strides
    if isinstance(strides, int):
        strides = (strides, strides)
    if isinstance(dilation_rate, int):
        dilation_rate = (dilation_rate, dilation_rate)
    unbatched = images.ndim == 3
    if unbatched:
        images = images[None]
    if images.ndim != 4:
        raise ValueError(
            "`images` must be a 3D or 4D tensor. "
            f"Received: images.shape={images.shape}"
        )
    x = _to_channels_last(images, data_format)
    channels = x.shape[-1]
    dtype = x.dtype
    compute = x if jnp.issubdtype(dtype, jnp.floating) else x.astype("float32")
    # Patches come out channel-major, `(channels, ph, pw)`; reorder them to
    # `(ph, pw, channels)` (row by row, then channels).
    patches = jax.lax.conv_general_dilated_patches(
        compute,
        filter_shape=size,
        window_strides=tuple(strides),
        padding=padding.upper(),
        rhs_dilation=tuple(dilation_rate),
        dimension_numbers=("NHWC", "HWIO", "NHWC"),
    )
    n, out_h, out_w, _ = patches.shape
    patches = jnp.reshape(
        patches, (n, out_h, out_w, channels, size[0] * size[1])
    )
    patches = jnp.swapaxes(patches, -1, -2)
    patches = jnp.reshape(
        patches, (n, out_h, out_w, size[0] * size[1] * channels)
    ).astype(dtype)
    patches = _from_channels_last(patches, data_format)
    if unbatched:
        patches = patches[0]
    return patches
