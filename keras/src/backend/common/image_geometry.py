"""Image geometry shared by the image backends: the JAX one
(`backend/jax/image.py`) and the TensorFlow one that serves `tf.data`
(`backend/tensorflow_data/image.py`).

Each helper takes the array module it computes with (`jax.numpy` or
`tensorflow`), so both backends run one copy of the arithmetic. The box
helpers compute with Python ints when the image sizes are known (always
under JAX), and with TensorFlow size tensors when they are known only as
the graph runs; the image layers use them for their bounding boxes too.
"""


def to_channels_last(images, data_format, xp):
    """`images` (3D or 4D) with channels moved last, with `xp.transpose`."""
    if data_format == "channels_first":
        perm = (0, 2, 3, 1) if len(images.shape) == 4 else (1, 2, 0)
        return xp.transpose(images, perm)
    return images


def from_channels_last(images, data_format, xp):
    """The inverse of `to_channels_last`."""
    if data_format == "channels_first":
        perm = (0, 3, 1, 2) if len(images.shape) == 4 else (2, 0, 1)
        return xp.transpose(images, perm)
    return images


def check_resize_fill_mode(fill_mode):
    if fill_mode != "constant":
        raise ValueError(
            "Only `fill_mode='constant'` is supported. "
            f"Received: fill_mode={fill_mode}"
        )


def _scaled(n, num, den, xp):
    """`int(n * num / den)`, computed in float64 on a size tensor when
    `xp` is given."""
    if xp is None:
        return int(n * num / den)
    return xp.cast(xp.cast(n, "float64") * num / den, "int32")


def crop_box(height, width, size, xp=None):
    """The centered window that `resize(crop_to_aspect_ratio=True)` cuts
    from `height x width` images before resizing them to `size`: the
    largest one with the aspect ratio of `size` (at least one pixel high
    and wide).

    `height` and `width` are Python ints, or scalar size tensors read when
    a graph runs, computed with `xp` (`maximum`, `minimum` and `cast`).

    Returns:
        `(crop_height, crop_width, top, left)`: the window, and its offset
        in the images.
    """
    target_h, target_w = size
    maximum, minimum = (max, min) if xp is None else (xp.maximum, xp.minimum)
    crop_h = minimum(height, _scaled(width, target_h, target_w, xp))
    crop_w = minimum(width, _scaled(height, target_w, target_h, xp))
    crop_h, crop_w = maximum(crop_h, 1), maximum(crop_w, 1)
    return crop_h, crop_w, (height - crop_h) // 2, (width - crop_w) // 2


def pad_box(height, width, size, xp=None):
    """The canvas that `resize(pad_to_aspect_ratio=True)` pads
    `height x width` images to before resizing them to `size`: about the
    smallest one with the aspect ratio of `size`, the images centered with
    equal margins (an odd extra row or column is left out). Sizes as for
    `crop_box`.

    Returns:
        `(pad_height, pad_width, top, left)`: the canvas, and the offset of
        the images in it.
    """
    target_h, target_w = size
    maximum = max if xp is None else xp.maximum
    pad_h = maximum(height, _scaled(width, target_h, target_w, xp))
    pad_w = maximum(width, _scaled(height, target_w, target_h, xp))
    top, left = (pad_h - height) // 2, (pad_w - width) // 2
    # Equal margins on both sides: an odd extra row or column is dropped.
    return height + 2 * top, width + 2 * left, top, left


def crop_or_pad_to_aspect_ratio(
    images,
    size,
    crop_to_aspect_ratio,
    pad_to_aspect_ratio,
    fill_value,
    pad_constant,
    xp=None,
):
    """Channels-last `images` cut (or padded with `fill_value`) to the
    aspect ratio of `size`, centered, as `resize` does before resizing.

    Args:
        images: `(..., height, width, channels)` images.
        size: `(target_height, target_width)`.
        crop_to_aspect_ratio: Whether to crop.
        pad_to_aspect_ratio: Whether to pad (when not cropping).
        fill_value: Value of padded pixels.
        pad_constant: `pad_constant(images, pad_width, fill_value)`, the
            backend's constant padding (`pad_width`: `(before, after)`
            pairs).
        xp: `None` when the image sizes are Python ints, else the array
            module that computes with size tensors (see `crop_box`).
    """
    height, width = images.shape[-3], images.shape[-2]
    if xp is not None:
        height, width = xp.shape(images)[-3], xp.shape(images)[-2]
    if crop_to_aspect_ratio:
        crop_h, crop_w, top, left = crop_box(height, width, size, xp)
        return images[..., top : top + crop_h, left : left + crop_w, :]
    if pad_to_aspect_ratio:
        pad_h, pad_w, top, left = pad_box(height, width, size, xp)
        pad_width = [(0, 0)] * len(images.shape)
        pad_width[-3] = (top, pad_h - height - top)
        pad_width[-2] = (left, pad_w - width - left)
        return pad_constant(images, pad_width, fill_value)
    return images
