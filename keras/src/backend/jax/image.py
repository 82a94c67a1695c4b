"""JAX implementations of the image ops (`keras.ops.image`)."""

import functools
import math

import jax
import jax.numpy as jnp

from keras.src.backend import config
from keras.src.backend.common import image_geometry
from keras.src.backend.jax.core import convert_to_tensor

RESIZE_INTERPOLATIONS = (
    "bilinear",
    "nearest",
    "bicubic",
    "lanczos3",
    "lanczos5",
)


_to_channels_last = functools.partial(image_geometry.to_channels_last, xp=jnp)
_from_channels_last = functools.partial(
    image_geometry.from_channels_last, xp=jnp
)


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


def _pad_constant(images, pad_width, fill_value):
    return jnp.pad(
        images, pad_width, constant_values=jnp.asarray(fill_value, images.dtype)
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
    image_geometry.check_resize_fill_mode(fill_mode)
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
    x = image_geometry.crop_or_pad_to_aspect_ratio(
        _to_channels_last(images, data_format),
        size,
        crop_to_aspect_ratio,
        pad_to_aspect_ratio,
        fill_value,
        pad_constant=_pad_constant,
    )
    if not jnp.issubdtype(dtype, jnp.floating):
        x = x.astype(config.floatx())
    shape = x.shape[:-3] + size + x.shape[-1:]
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


def _flat_patches(x, size, strides, dilation_rate, padding, dtype):
    """The patches of a channels-last batch `x` (2D or 3D images), each
    flattened to one axis: its pixels in row-major order, the channels of
    a pixel next to each other.

    Args:
        x: Float tensor `(batch, *spatial, channels)`, with
            `len(spatial) == len(size)`.
        size: Patch size, one int per spatial axis.
        strides: Step between patches, one int per spatial axis.
        dilation_rate: Dilation, one int per spatial axis.
        padding: `"valid"` or `"same"`.
        dtype: dtype of the result.

    Returns:
        A tensor `(batch, *grid, prod(size) * channels)`.
    """
    axes = "DHW"[3 - len(size) :]
    channels = x.shape[-1]
    patches = jax.lax.conv_general_dilated_patches(
        x,
        filter_shape=tuple(size),
        window_strides=tuple(strides),
        padding=padding.upper(),
        rhs_dilation=tuple(dilation_rate),
        dimension_numbers=(f"N{axes}C", f"{axes}IO", f"N{axes}C"),
    )
    # Patches come out channel-major, `(channels, *size)`: the channels
    # move after the pixels.
    grid = patches.shape[:-1]
    volume = math.prod(size)
    patches = jnp.reshape(patches, grid + (channels, volume))
    patches = jnp.swapaxes(patches, -1, -2)
    return jnp.reshape(patches, grid + (volume * channels,)).astype(dtype)


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
    compute = (
        x if jnp.issubdtype(x.dtype, jnp.floating) else x.astype("float32")
    )
    patches = _flat_patches(
        compute, size, strides, dilation_rate, padding, x.dtype
    )
    patches = _from_channels_last(patches, data_format)
    if unbatched:
        patches = patches[0]
    return patches


# --------------------------------------------------------------- colors
def _float_compute(images):
    """`images` as floats to compute with (float32 for non-float input)."""
    if jnp.issubdtype(images.dtype, jnp.floating):
        return images
    return images.astype(config.floatx())


def _channel_axis(images, data_format):
    return -1 if data_format == "channels_last" else -3


def rgb_to_grayscale(images, data_format=None):
    data_format = config.standardize_data_format(data_format)
    images = convert_to_tensor(images)
    axis = _channel_axis(images, data_format)
    if images.shape[axis] == 1:
        return images
    dtype = images.dtype
    # ITU-R 601 luma weights.
    weights = jnp.asarray(
        [0.2989, 0.5870, 0.1140], _float_compute(images).dtype
    )
    x = _float_compute(images)
    gray = jnp.tensordot(jnp.moveaxis(x, axis, -1), weights, axes=1)
    gray = jnp.expand_dims(gray, axis)
    return gray.astype(dtype)


def _color_channels(images, data_format):
    """`images` in a float dtype of at least 32 bits for the color space
    conversions, with the axis of their channels and their own dtype."""
    data_format = config.standardize_data_format(data_format)
    images = convert_to_tensor(images)
    dtype = images.dtype
    compute = "float32" if dtype in (jnp.float16, jnp.bfloat16) else dtype
    return images.astype(compute), _channel_axis(images, data_format), dtype


def rgb_to_hsv(images, data_format=None):
    x, axis, dtype = _color_channels(images, data_format)
    r, g, b = (jnp.take(x, i, axis=axis) for i in range(3))
    value = jnp.maximum(jnp.maximum(r, g), b)
    minimum = jnp.minimum(jnp.minimum(r, g), b)
    spread = value - minimum
    safe_value = jnp.where(value > 0, value, 1.0)
    saturation = jnp.where(value > 0, spread / safe_value, 0.0)
    safe_spread = jnp.where(spread > 0, spread, 1.0)
    hue = jnp.where(
        value == r,
        (g - b) / safe_spread,
        jnp.where(
            value == g,
            2.0 + (b - r) / safe_spread,
            4.0 + (r - g) / safe_spread,
        ),
    )
    hue = jnp.where(spread > 0, jnp.mod(hue / 6.0, 1.0), 0.0)
    return jnp.stack([hue, saturation, value], axis=axis).astype(dtype)


def hsv_to_rgb(images, data_format=None):
    x, axis, dtype = _color_channels(images, data_format)
    hue, saturation, value = (jnp.take(x, i, axis=axis) for i in range(3))
    # Each primary is a piecewise-linear function of the hue angle.
    h6 = hue * 6.0
    red = jnp.clip(jnp.abs(h6 - 3.0) - 1.0, 0.0, 1.0)
    green = jnp.clip(2.0 - jnp.abs(h6 - 2.0), 0.0, 1.0)
    blue = jnp.clip(2.0 - jnp.abs(h6 - 4.0), 0.0, 1.0)
    rgb = jnp.stack([red, green, blue], axis=axis)
    saturation = jnp.expand_dims(saturation, axis)
    value = jnp.expand_dims(value, axis)
    return (((rgb - 1.0) * saturation + 1.0) * value).astype(dtype)


# --------------------------------------------------------- resampling
INTERPOLATION_ORDERS = {"nearest": 0, "bilinear": 1}
FILL_MODES = ("constant", "nearest", "wrap", "mirror", "reflect")


def _check_interpolation(interpolation, fill_mode):
    if interpolation not in INTERPOLATION_ORDERS:
        raise ValueError(
            "`interpolation` must be one of "
            f"{tuple(INTERPOLATION_ORDERS)}. "
            f"Received: interpolation={interpolation}"
        )
    if fill_mode not in FILL_MODES:
        raise ValueError(
            f"`fill_mode` must be one of {FILL_MODES}. "
            f"Received: fill_mode={fill_mode}"
        )


def _sample_with_transforms(
    images, transforms, interpolation, fill_mode, fill_value, data_format
):
    """Samples each image at the input points of 8-parameter transforms.

    `transforms[b] = [a0, a1, a2, b0, b1, b2, c0, c1]` sends output pixel
    `(x, y)` to input point `((a0 x + a1 y + a2) / k, (b0 x + b1 y + b2) / k)`
    with `k = c0 x + c1 y + 1`.
    """
    unbatched = images.ndim == 3
    if unbatched:
        images = images[None]
    if transforms.ndim == 1:
        transforms = transforms[None]
    x = _to_channels_last(images, data_format)
    dtype = x.dtype
    x = _float_compute(x)
    batch, height, width, _ = x.shape
    transforms = jnp.broadcast_to(transforms.astype(x.dtype), (batch, 8))
    grid_y, grid_x = jnp.meshgrid(
        jnp.arange(height, dtype=x.dtype),
        jnp.arange(width, dtype=x.dtype),
        indexing="ij",
    )
    order = INTERPOLATION_ORDERS[interpolation]

    def one_image(image, t):
        k = t[6] * grid_x + t[7] * grid_y + 1.0
        src_x = (t[0] * grid_x + t[1] * grid_y + t[2]) / k
        src_y = (t[3] * grid_x + t[4] * grid_y + t[5]) / k
        if order == 0:
            # Nearest pixel, with halves rounded up (not to even).
            src_x = jnp.floor(src_x + 0.5)
            src_y = jnp.floor(src_y + 0.5)

        def one_channel(channel):
            return jax.scipy.ndimage.map_coordinates(
                channel,
                [src_y, src_x],
                order=order,
                mode=fill_mode,
                cval=fill_value,
            )

        return jax.vmap(one_channel, in_axes=-1, out_axes=-1)(image)

    out = jax.vmap(one_image)(x, transforms)
    out = _cast_back(out, dtype)
    out = _from_channels_last(out, data_format)
    return out[0] if unbatched else out


def _cast_back(x, dtype):
    """Float results back to `dtype`, rounded and clipped for integers."""
    if jnp.issubdtype(dtype, jnp.integer):
        info = jnp.iinfo(dtype)
        x = jnp.clip(jnp.round(x), info.min, info.max)
    return x.astype(dtype)


def affine_transform(
    images,
    transform,
    interpolation="bilinear",
    fill_mode="constant",
    fill_value=0,
    data_format=None,
):
    data_format = config.standardize_data_format(data_format)
    _check_interpolation(interpolation, fill_mode)
    images = convert_to_tensor(images)
    transform = convert_to_tensor(transform)
    return _sample_with_transforms(
        images, transform, interpolation, fill_mode, fill_value, data_format
    )


def compute_homography_matrix(start_points, end_points):
    """The 8 transform parameters sending `end_points` to `start_points`.

    Both are `(batch, 4, 2)` arrays of `(x, y)` corners; the result has
    shape `(batch, 8)`, in the layout of `affine_transform`.
    """
    sx, sy = start_points[..., 0], start_points[..., 1]
    ex, ey = end_points[..., 0], end_points[..., 1]
    zeros = jnp.zeros_like(ex)
    ones = jnp.ones_like(ex)
    # Two linear equations per corner in the 8 unknowns.
    rows_x = jnp.stack(
        [ex, ey, ones, zeros, zeros, zeros, -sx * ex, -sx * ey], axis=-1
    )
    rows_y = jnp.stack(
        [zeros, zeros, zeros, ex, ey, ones, -sy * ex, -sy * ey], axis=-1
    )
    matrix = jnp.stack([rows_x, rows_y], axis=-2).reshape(
        start_points.shape[:-2] + (8, 8)
    )
    target = jnp.stack([sx, sy], axis=-1).reshape(
        start_points.shape[:-2] + (8, 1)
    )
    return jnp.linalg.solve(matrix, target)[..., 0]


def perspective_transform(
    images,
    start_points,
    end_points,
    interpolation="bilinear",
    fill_value=0,
    data_format=None,
):
    data_format = config.standardize_data_format(data_format)
    _check_interpolation(interpolation, "constant")
    images = convert_to_tensor(images)
    compute = _float_compute(images).dtype
    if compute in (jnp.float16, jnp.bfloat16):
        compute = jnp.float32
    start_points = convert_to_tensor(start_points).astype(compute)
    end_points = convert_to_tensor(end_points).astype(compute)
    if start_points.ndim == 2:
        start_points = start_points[None]
    if end_points.ndim == 2:
        end_points = end_points[None]
    transforms = compute_homography_matrix(start_points, end_points)
    return _sample_with_transforms(
        images, transforms, interpolation, "constant", fill_value, data_format
    )


def map_coordinates(
    inputs, coordinates, order, fill_mode="constant", fill_value=0.0
):
    inputs = convert_to_tensor(inputs)
    coordinates = convert_to_tensor(coordinates)
    if fill_mode not in FILL_MODES:
        raise ValueError(
            f"`fill_mode` must be one of {FILL_MODES}. "
            f"Received: fill_mode={fill_mode}"
        )
    if order not in (0, 1):
        raise ValueError(
            f"`order` must be 0 or 1 (nearest or linear). Received: "
            f"order={order}"
        )
    dtype = inputs.dtype
    coordinates = [coordinates[i] for i in range(coordinates.shape[0])]
    out = jax.scipy.ndimage.map_coordinates(
        _float_compute(inputs),
        coordinates,
        order=order,
        mode=fill_mode,
        cval=fill_value,
    )
    return _cast_back(out, dtype)


def scale_and_translate(
    images,
    output_shape,
    scale,
    translation,
    spatial_dims,
    method,
    antialias=True,
):
    images = convert_to_tensor(images)
    dtype = images.dtype
    x = _float_compute(images)
    if x.dtype in (jnp.float16, jnp.bfloat16):
        x = x.astype(jnp.float32)
    scale = convert_to_tensor(scale).astype(x.dtype)
    translation = convert_to_tensor(translation).astype(x.dtype)
    out = jax.image.scale_and_translate(
        x,
        tuple(output_shape),
        tuple(spatial_dims),
        scale,
        translation,
        method,
        antialias=antialias,
    )
    return _cast_back(out, dtype)


# ------------------------------------------------------------ filtering
def _gaussian_kernel1d(size, sigma, dtype):
    x = jnp.arange(size, dtype=dtype) - (size - 1) / 2.0
    kernel = jnp.exp(-0.5 * jnp.square(x / sigma))
    return kernel / jnp.sum(kernel)


def _depthwise_filter(x, kernel2d, padding):
    """Applies one 2D kernel to every channel of NHWC `x`."""
    channels = x.shape[-1]
    kernel = jnp.tile(kernel2d[:, :, None, None], (1, 1, 1, channels))
    return jax.lax.conv_general_dilated(
        x,
        kernel.astype(x.dtype),
        window_strides=(1, 1),
        padding=padding,
        dimension_numbers=("NHWC", "HWIO", "NHWC"),
        feature_group_count=channels,
    )


def gaussian_blur(
    images, kernel_size=(3, 3), sigma=(1.0, 1.0), data_format=None
):
    data_format = config.standardize_data_format(data_format)
    images = convert_to_tensor(images)
    kernel_size = tuple(int(k) for k in jnp.ravel(jnp.asarray(kernel_size)))
    if len(kernel_size) == 1:
        kernel_size = kernel_size * 2
    sigma = jnp.ravel(convert_to_tensor(sigma))
    if sigma.shape[0] == 1:
        sigma = jnp.concatenate([sigma, sigma])
    unbatched = images.ndim == 3
    if unbatched:
        images = images[None]
    x = _to_channels_last(images, data_format)
    dtype = x.dtype
    x = _float_compute(x)
    if x.dtype in (jnp.float16, jnp.bfloat16):
        x = x.astype(jnp.float32)
    sigma = sigma.astype(x.dtype)
    # The first entry of `kernel_size`/`sigma` shapes the horizontal
    # kernel, the second the vertical one.
    kernel_x = _gaussian_kernel1d(kernel_size[0], sigma[0], x.dtype)
    kernel_y = _gaussian_kernel1d(kernel_size[1], sigma[1], x.dtype)
    kernel = jnp.outer(kernel_y, kernel_x)
    out = _depthwise_filter(x, kernel, "SAME")
    out = _from_channels_last(_cast_back(out, dtype), data_format)
    return out[0] if unbatched else out


def elastic_transform(
    images,
    alpha=20.0,
    sigma=5.0,
    interpolation="bilinear",
    fill_mode="reflect",
    fill_value=0.0,
    seed=None,
    data_format=None,
):
    from keras.src.backend.jax.random import jax_draw_seed

    data_format = config.standardize_data_format(data_format)
    _check_interpolation(interpolation, fill_mode)
    images = convert_to_tensor(images)
    unbatched = images.ndim == 3
    if unbatched:
        images = images[None]
    x = _to_channels_last(images, data_format)
    dtype = x.dtype
    x = _float_compute(x)
    if x.dtype in (jnp.float16, jnp.bfloat16):
        x = x.astype(jnp.float32)
    batch, height, width, _ = x.shape
    sigma_value = float(sigma)
    size = int(6 * sigma_value) | 1
    key_x, key_y = jax.random.split(jax_draw_seed(seed))
    kernel1d = _gaussian_kernel1d(size, sigma_value, x.dtype)
    kernel = jnp.outer(kernel1d, kernel1d)
    # Smooth random displacement fields, one per image.
    fields = []
    for key in (key_x, key_y):
        noise = jax.random.normal(key, (batch, height, width, 1), x.dtype)
        noise = noise * sigma_value
        fields.append(_depthwise_filter(noise, kernel, "SAME")[..., 0])
    dx, dy = (jnp.asarray(alpha, x.dtype) * f for f in fields)
    grid_y, grid_x = jnp.meshgrid(
        jnp.arange(height, dtype=x.dtype),
        jnp.arange(width, dtype=x.dtype),
        indexing="ij",
    )
    order = INTERPOLATION_ORDERS[interpolation]

    def one_image(image, shift_x, shift_y):
        def one_channel(channel):
            return jax.scipy.ndimage.map_coordinates(
                channel,
                [grid_y + shift_y, grid_x + shift_x],
                order=order,
                mode=fill_mode,
                cval=fill_value,
            )

        return jax.vmap(one_channel, in_axes=-1, out_axes=-1)(image)

    out = jax.vmap(one_image)(x, dx, dy)
    out = _from_channels_last(_cast_back(out, dtype), data_format)
    return out[0] if unbatched else out


def ssim(
    image1,
    image2,
    max_val=1.0,
    filter_size=11,
    filter_sigma=1.5,
    k1=0.01,
    k2=0.03,
    data_format=None,
):
    data_format = config.standardize_data_format(data_format)
    image1 = convert_to_tensor(image1)
    image2 = convert_to_tensor(image2)
    unbatched = image1.ndim == 3
    if unbatched:
        image1, image2 = image1[None], image2[None]
    image1 = _float_compute(_to_channels_last(image1, data_format))
    if min(image1.shape[1:3]) < filter_size:
        raise ValueError(
            "`ssim` needs images at least `filter_size` pixels high and "
            f"wide. Received: filter_size={filter_size}, image size "
            f"{image1.shape[1:3]}; pass a smaller `filter_size`."
        )
    image2 = _float_compute(_to_channels_last(image2, data_format)).astype(
        image1.dtype
    )
    kernel1d = _gaussian_kernel1d(filter_size, filter_sigma, image1.dtype)
    kernel = jnp.outer(kernel1d, kernel1d)

    def local_mean(v):
        return _depthwise_filter(v, kernel, "VALID")

    c1 = (k1 * max_val) ** 2
    c2 = (k2 * max_val) ** 2
    mean1, mean2 = local_mean(image1), local_mean(image2)
    mean_product = 2.0 * mean1 * mean2
    mean_squares = jnp.square(mean1) + jnp.square(mean2)
    luminance = (mean_product + c1) / (mean_squares + c1)
    cross = 2.0 * local_mean(image1 * image2)
    squares = local_mean(jnp.square(image1) + jnp.square(image2))
    contrast_structure = (cross - mean_product + c2) / (
        squares - mean_squares + c2
    )
    out = jnp.mean(luminance * contrast_structure, axis=(1, 2, 3))
    return out[0] if unbatched else out


def sobel_edges(images, data_format=None):
    data_format = config.standardize_data_format(data_format)
    images = convert_to_tensor(images)
    x = _float_compute(_to_channels_last(images, data_format))
    dy_kernel = jnp.asarray(
        [[-1.0, -2.0, -1.0], [0.0, 0.0, 0.0], [1.0, 2.0, 1.0]], x.dtype
    )
    padded = jnp.pad(x, ((0, 0), (1, 1), (1, 1), (0, 0)), mode="reflect")
    dy = _depthwise_filter(padded, dy_kernel, "VALID")
    dx = _depthwise_filter(padded, dy_kernel.T, "VALID")
    edges = jnp.stack([dy, dx], axis=-1)
    if data_format == "channels_first":
        edges = jnp.transpose(edges, (0, 3, 1, 2, 4))
    return edges


def extract_patches_3d(
    volumes,
    size,
    strides=None,
    dilation_rate=1,
    padding="valid",
    data_format=None,
):
    data_format = config.standardize_data_format(data_format)
    volumes = convert_to_tensor(volumes)
    unbatched = volumes.ndim == 4
    if unbatched:
        volumes = volumes[None]
    if data_format == "channels_first":
        volumes = jnp.transpose(volumes, (0, 2, 3, 4, 1))
    patches = _flat_patches(
        _float_compute(volumes),
        size,
        strides,
        dilation_rate,
        padding,
        volumes.dtype,
    )
    if data_format == "channels_first":
        patches = jnp.transpose(patches, (0, 4, 1, 2, 3))
    return patches[0] if unbatched else patches


def reconstruct_patches(
    patches,
    size,
    output_size,
    strides=None,
    padding="valid",
    data_format=None,
):
    """Tiles non-overlapping patches (as `extract_patches` lays them out)
    back into images; `"same"` padding crops the border it added.
    `strides` mirrors the op's signature: `keras.ops.image`'s
    `_reconstruct_arguments` lets only strides equal to `size` reach here."""
    data_format = config.standardize_data_format(data_format)
    patches = convert_to_tensor(patches)
    rank = len(size)
    unbatched = patches.ndim == rank + 1
    if unbatched:
        patches = patches[None]
    if data_format == "channels_first":
        patches = jnp.moveaxis(patches, 1, -1)
    grid = patches.shape[1:-1]
    volume = 1
    for k in size:
        volume *= k
    channels = patches.shape[-1] // volume
    x = jnp.reshape(
        patches, (patches.shape[0],) + tuple(grid) + tuple(size) + (channels,)
    )
    # (n, g0, g1, .., k0, k1, .., c) -> (n, g0, k0, g1, k1, .., c)
    order = [0]
    for i in range(rank):
        order += [1 + i, 1 + rank + i]
    order.append(1 + 2 * rank)
    x = jnp.transpose(x, order)
    x = jnp.reshape(
        x,
        (x.shape[0],) + tuple(g * k for g, k in zip(grid, size)) + (channels,),
    )
    if padding == "same":
        # Extraction padded each axis by `g * k - out` zeros, the smaller
        # half before (as convolutions pad): cut the same amounts.
        index = [slice(None)]
        for g, k, out in zip(grid, size, output_size):
            start = (g * k - out) // 2
            index.append(slice(start, start + out))
        x = x[tuple(index)]
    if data_format == "channels_first":
        x = jnp.moveaxis(x, -1, 1)
    return x[0] if unbatched else x
