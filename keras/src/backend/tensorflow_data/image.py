"""`keras.ops.image` functions of the image layers, in TensorFlow.

Each gives the values of its JAX twin in `backend/jax/image.py` (the
resize box arithmetic and the channel moves are shared with it through
`backend/common/image_geometry.py`); only `resize` with `"bicubic"` or
`"lanczos"` kernels uses TensorFlow's kernels, which differ slightly.
"""

import functools

import numpy as np

from keras.src.backend import config
from keras.src.backend.common import image_geometry
from keras.src.backend.tensorflow_data import random
from keras.src.backend.tensorflow_data.lazy_tf import tf

__all__ = [
    "affine_transform",
    "elastic_transform",
    "gaussian_blur",
    "hsv_to_rgb",
    "perspective_transform",
    "resize",
    "rgb_to_grayscale",
    "rgb_to_hsv",
]


_to_channels_last = functools.partial(image_geometry.to_channels_last, xp=tf)
_from_channels_last = functools.partial(
    image_geometry.from_channels_last, xp=tf
)


def _float_compute(x):
    """`x` in a float dtype of at least 32 bits, for resampling."""
    if x.dtype in (tf.float32, tf.float64):
        return x
    return tf.cast(x, "float32")


def _cast_back(x, dtype):
    """Float results back to `dtype`, rounded and clipped for integers."""
    if dtype.is_integer:
        x = tf.clip_by_value(tf.round(x), dtype.min, dtype.max)
    return tf.cast(x, dtype)


def _float_batch(images, data_format):
    """`images` (one image or a batch) as a channels-last float batch,
    with their dtype and whether they were one image, for `_unbatch`."""
    unbatched = len(images.shape) == 3
    x = tf.expand_dims(images, 0) if unbatched else images
    x = _to_channels_last(x, data_format)
    return _float_compute(x), x.dtype, unbatched


def _unbatch(out, dtype, unbatched, data_format):
    """Float results of `_float_batch` inputs back to their layout and
    dtype."""
    out = _from_channels_last(_cast_back(out, dtype), data_format)
    return out[0] if unbatched else out


def _pad_constant(images, pad_width, fill_value):
    return tf.pad(
        images, pad_width, constant_values=tf.cast(fill_value, images.dtype)
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
    """`keras.ops.image.resize` with `tf.image.resize`: the same values
    for `"bilinear"` and `"nearest"`; the `"bicubic"` and `"lanczos"`
    kernels are TensorFlow's, which differ slightly."""
    data_format = config.standardize_data_format(data_format)
    image_geometry.check_resize_fill_mode(fill_mode)
    target_h, target_w = (int(s) for s in size)
    x = _to_channels_last(images, data_format)
    dtype = x.dtype
    # Sizes known only when the graph runs: the box arithmetic in TF ops.
    unknown = x.shape[-3] is None or x.shape[-2] is None
    x = image_geometry.crop_or_pad_to_aspect_ratio(
        x,
        (target_h, target_w),
        crop_to_aspect_ratio,
        pad_to_aspect_ratio,
        fill_value,
        pad_constant=_pad_constant,
        xp=tf if unknown else None,
    )
    if not dtype.is_floating:
        x = tf.cast(x, config.floatx())
    out = tf.image.resize(
        x, (target_h, target_w), method=interpolation, antialias=antialias
    )
    if dtype.is_floating:
        out = tf.cast(out, dtype)
    else:
        out = _cast_back(out, dtype)
    return _from_channels_last(out, data_format)


def _channel_axis(data_format):
    return -1 if data_format == "channels_last" else -3


def rgb_to_grayscale(images, data_format=None):
    data_format = config.standardize_data_format(data_format)
    axis = _channel_axis(data_format)
    if images.shape[axis] == 1:
        return images
    x = _float_compute(images)
    weights = tf.constant([0.2989, 0.5870, 0.1140], dtype=x.dtype)
    channels = tf.unstack(x, 3, axis=axis)
    gray = sum(w * c for w, c in zip(tf.unstack(weights), channels))
    return tf.cast(tf.expand_dims(gray, axis), images.dtype)


def rgb_to_hsv(images, data_format=None):
    data_format = config.standardize_data_format(data_format)
    axis = _channel_axis(data_format)
    x = _float_compute(images)
    r, g, b = tf.unstack(x, 3, axis=axis)
    value = tf.maximum(tf.maximum(r, g), b)
    minimum = tf.minimum(tf.minimum(r, g), b)
    spread = value - minimum
    one = tf.ones_like(value)
    zero = tf.zeros_like(value)
    saturation = tf.where(
        value > 0, spread / tf.where(value > 0, value, one), zero
    )
    safe_spread = tf.where(spread > 0, spread, one)
    hue = tf.where(
        tf.equal(value, r),
        (g - b) / safe_spread,
        tf.where(
            tf.equal(value, g),
            2.0 + (b - r) / safe_spread,
            4.0 + (r - g) / safe_spread,
        ),
    )
    hue = tf.where(spread > 0, tf.math.floormod(hue / 6.0, 1.0), zero)
    hsv = tf.stack([hue, saturation, value], axis=axis)
    return tf.cast(hsv, images.dtype)


def hsv_to_rgb(images, data_format=None):
    data_format = config.standardize_data_format(data_format)
    axis = _channel_axis(data_format)
    x = _float_compute(images)
    hue, saturation, value = tf.unstack(x, 3, axis=axis)
    h6 = hue * 6.0
    red = tf.clip_by_value(tf.abs(h6 - 3.0) - 1.0, 0.0, 1.0)
    green = tf.clip_by_value(2.0 - tf.abs(h6 - 2.0), 0.0, 1.0)
    blue = tf.clip_by_value(2.0 - tf.abs(h6 - 4.0), 0.0, 1.0)
    rgb = tf.stack([red, green, blue], axis=axis)
    saturation = tf.expand_dims(saturation, axis)
    value = tf.expand_dims(value, axis)
    out = ((rgb - 1.0) * saturation + 1.0) * value
    return tf.cast(out, images.dtype)


def affine_transform(
    images,
    transform,
    interpolation="bilinear",
    fill_mode="constant",
    fill_value=0,
    data_format=None,
):
    """`transform[b] = [a0, a1, a2, b0, b1, b2, c0, c1]` sends output
    pixel `(x, y)` to the input point `((a0 x + a1 y + a2) / k,
    (b0 x + b1 y + b2) / k)`, `k = c0 x + c1 y + 1`, sampled as
    `keras.ops.image.affine_transform` does (each neighbour of the point
    is filled per `fill_mode` on its own)."""
    data_format = config.standardize_data_format(data_format)
    if interpolation not in ("nearest", "bilinear"):
        raise ValueError(
            "`interpolation` must be 'nearest' or 'bilinear'. "
            f"Received: interpolation={interpolation}"
        )
    if fill_mode not in ("constant", "nearest", "wrap", "reflect"):
        raise ValueError(
            "Inside tf.data, `fill_mode` must be one of 'constant', "
            f"'nearest', 'wrap' or 'reflect'. Received: "
            f"fill_mode={fill_mode}"
        )
    x, dtype, unbatched = _float_batch(images, data_format)
    shape = tf.shape(x)
    transform = tf.cast(transform, x.dtype)
    if len(transform.shape) == 1:
        transform = tf.expand_dims(transform, 0)
    transform = tf.broadcast_to(transform, [shape[0], 8])
    grid_y, grid_x = _pixel_grid(shape[1], shape[2], x.dtype)
    t = [tf.reshape(transform[:, i], [-1, 1, 1]) for i in range(8)]
    k = t[6] * grid_x + t[7] * grid_y + 1.0
    src_x = (t[0] * grid_x + t[1] * grid_y + t[2]) / k
    src_y = (t[3] * grid_x + t[4] * grid_y + t[5]) / k
    out = _sample_points(x, src_y, src_x, interpolation, fill_mode, fill_value)
    out.set_shape(x.shape)
    return _unbatch(out, dtype, unbatched, data_format)


def perspective_transform(
    images,
    start_points,
    end_points,
    interpolation="bilinear",
    fill_value=0,
    data_format=None,
):
    start = tf.cast(start_points, "float32")
    end = tf.cast(end_points, "float32")
    if len(start.shape) == 2:
        start = tf.expand_dims(start, 0)
    if len(end.shape) == 2:
        end = tf.expand_dims(end, 0)
    sx, sy = start[..., 0], start[..., 1]
    ex, ey = end[..., 0], end[..., 1]
    zeros, ones = tf.zeros_like(ex), tf.ones_like(ex)
    # Two equations per corner in the 8 transform parameters, which send
    # each end point to its start point.
    rows_x = tf.stack(
        [ex, ey, ones, zeros, zeros, zeros, -sx * ex, -sx * ey], axis=-1
    )
    rows_y = tf.stack(
        [zeros, zeros, zeros, ex, ey, ones, -sy * ex, -sy * ey], axis=-1
    )
    matrix = tf.reshape(tf.stack([rows_x, rows_y], axis=-2), [-1, 8, 8])
    target = tf.reshape(tf.stack([sx, sy], axis=-1), [-1, 8, 1])
    transforms = tf.linalg.solve(matrix, target)[..., 0]
    return affine_transform(
        images,
        transforms,
        interpolation=interpolation,
        fill_mode="constant",
        fill_value=fill_value,
        data_format=data_format,
    )


def _gaussian_kernel1d(size, sigma, dtype):
    t = tf.range(size, dtype=dtype) - (size - 1) / 2.0
    kernel = tf.exp(-0.5 * tf.square(t / sigma))
    return kernel / tf.reduce_sum(kernel)


def gaussian_blur(
    images, kernel_size=(3, 3), sigma=(1.0, 1.0), data_format=None
):
    data_format = config.standardize_data_format(data_format)
    sizes = [int(k) for k in np.ravel(np.asarray(kernel_size))]
    if len(sizes) == 1:
        sizes = sizes * 2
    x, dtype, unbatched = _float_batch(images, data_format)
    sigma = tf.reshape(tf.cast(sigma, x.dtype), [-1])
    sigma = tf.broadcast_to(sigma, [2])
    # The first size/sigma shape the horizontal kernel.
    kernel = tf.tensordot(
        _gaussian_kernel1d(sizes[1], sigma[1], x.dtype),
        _gaussian_kernel1d(sizes[0], sigma[0], x.dtype),
        0,
    )
    channels = x.shape[-1]
    kernel = tf.tile(kernel[:, :, None, None], [1, 1, channels, 1])
    out = tf.nn.depthwise_conv2d(x, kernel, [1, 1, 1, 1], "SAME")
    return _unbatch(out, dtype, unbatched, data_format)


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
    data_format = config.standardize_data_format(data_format)
    x, dtype, unbatched = _float_batch(images, data_format)
    shape = tf.shape(x)
    batch, height, width = shape[0], shape[1], shape[2]
    sigma = float(sigma)
    size = int(6 * sigma) | 1
    kernel1d = _gaussian_kernel1d(size, sigma, x.dtype)
    kernel = tf.tensordot(kernel1d, kernel1d, 0)[:, :, None, None]
    # Smooth random displacement fields, one per image and axis.
    fields = []
    for _ in range(2):
        noise = random.normal(
            [batch, height, width, 1], dtype=x.dtype.name, seed=seed
        )
        smooth = tf.nn.depthwise_conv2d(
            noise * sigma, kernel, [1, 1, 1, 1], "SAME"
        )
        fields.append(tf.cast(alpha, x.dtype) * smooth[..., 0])
    grid_y, grid_x = _pixel_grid(height, width, x.dtype)
    out = _sample_points(
        x,
        grid_y + fields[1],
        grid_x + fields[0],
        interpolation,
        fill_mode,
        fill_value,
    )
    return _unbatch(out, dtype, unbatched, data_format)


def _pixel_grid(height, width, dtype):
    """`(y, x)` coordinates of the pixels of a `height x width` image."""
    return tf.meshgrid(
        tf.range(height, dtype=dtype),
        tf.range(width, dtype=dtype),
        indexing="ij",
    )


def _fold_index(index, size, fill_mode):
    """Integer pixel `index` folded into `[0, size)` per `fill_mode` (the
    `keras.ops.image.map_coordinates` conventions)."""
    if fill_mode == "wrap":
        return tf.math.floormod(index, size)
    if fill_mode == "reflect":
        index = tf.math.floormod(index, 2 * size)
        return tf.where(index >= size, 2 * size - 1 - index, index)
    return tf.clip_by_value(index, 0, size - 1)


def _sample_points(x, src_y, src_x, interpolation, fill_mode, fill_value):
    """Samples NHWC float `x` at the `(batch, H, W)` points `(src_y,
    src_x)`: nearest or bilinear, outside points per `fill_mode`."""
    shape = tf.shape(x)
    height, width = shape[1], shape[2]
    if interpolation == "nearest":
        # The nearest pixel, halves rounded up (not to even).
        corners = [(tf.floor(src_y + 0.5), tf.floor(src_x + 0.5), None)]
    else:
        y0, x0 = tf.floor(src_y), tf.floor(src_x)
        wy, wx = src_y - y0, src_x - x0
        corners = [
            (y0, x0, (1 - wy) * (1 - wx)),
            (y0, x0 + 1, (1 - wy) * wx),
            (y0 + 1, x0, wy * (1 - wx)),
            (y0 + 1, x0 + 1, wy * wx),
        ]
    out = 0.0
    for cy, cx, weight in corners:
        iy, ix = tf.cast(cy, "int32"), tf.cast(cx, "int32")
        index = tf.stack(
            [
                _fold_index(iy, height, fill_mode),
                _fold_index(ix, width, fill_mode),
            ],
            axis=-1,
        )
        values = tf.gather_nd(x, index, batch_dims=1)
        if fill_mode == "constant":
            inside = (iy >= 0) & (iy < height) & (ix >= 0) & (ix < width)
            fill = tf.cast(fill_value, x.dtype)
            values = tf.where(inside[..., None], values, fill)
        if weight is None:
            return values
        out = out + values * weight[..., None]
    return out
