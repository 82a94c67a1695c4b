"""Bounding-box format conversion and geometry (`keras.utils.
bounding_boxes`).

Boxes are tensors whose last axis holds 4 coordinates, in one of the
formats below (`rel_` formats are fractions of the image size):

- `"xyxy"`: `[left, top, right, bottom]`; `"yxyx"`: `[top, left, bottom,
  right]`;
- `"xywh"`: `[left, top, width, height]`;
- `"center_xywh"`: `[center_x, center_y, width, height]`;
  `"center_yxhw"`: `[center_y, center_x, height, width]`;
- `"rel_xyxy"`, `"rel_yxyx"`, `"rel_xywh"`, `"rel_center_xywh"`.

The functions compute with `keras.ops`, and with TensorFlow ops on the
tensors of a `tf.data` graph (`tf_data_mode.current_ops()`).
"""

import math

from keras.src.api_export import keras_export
from keras.src.layers.preprocessing.tf_data_mode import current_ops

FORMATS = (
    "xyxy",
    "yxyx",
    "xywh",
    "center_xywh",
    "center_yxhw",
    "rel_xyxy",
    "rel_yxyx",
    "rel_xywh",
    "rel_center_xywh",
)


def _check_format(fmt, name):
    if fmt not in FORMATS:
        raise ValueError(
            f"Invalid `{name}` bounding box format {fmt!r}. Expected one of "
            f"{FORMATS}."
        )


def _split(boxes):
    return [boxes[..., i] for i in range(4)]


def box_corners(ops, x1, y1, x2, y2):
    """The x and the y of the four corners of `xyxy` boxes, each with the
    corners on a new last axis."""
    xs = ops.stack([x1, x2, x1, x2], axis=-1)
    ys = ops.stack([y1, y1, y2, y2], axis=-1)
    return xs, ys


def enclosing_boxes(ops, xs, ys):
    """`[x1, y1, x2, y2]`: the smallest boxes around points whose x and y
    run along the last axis (the moved corners of `box_corners`)."""
    return [
        ops.min(xs, axis=-1),
        ops.min(ys, axis=-1),
        ops.max(xs, axis=-1),
        ops.max(ys, axis=-1),
    ]


def _to_xyxy(boxes, fmt):
    a, b, c, d = _split(boxes)
    base = fmt[4:] if fmt.startswith("rel_") else fmt
    if base == "xyxy":
        return a, b, c, d
    if base == "yxyx":
        return b, a, d, c
    if base == "xywh":
        return a, b, a + c, b + d
    if base == "center_xywh":
        return a - c / 2.0, b - d / 2.0, a + c / 2.0, b + d / 2.0
    if base == "center_yxhw":
        return b - d / 2.0, a - c / 2.0, b + d / 2.0, a + c / 2.0
    raise ValueError(fmt)


def _from_xyxy(x1, y1, x2, y2, fmt):
    ops = current_ops()
    base = fmt[4:] if fmt.startswith("rel_") else fmt
    if base == "xyxy":
        parts = (x1, y1, x2, y2)
    elif base == "yxyx":
        parts = (y1, x1, y2, x2)
    elif base == "xywh":
        parts = (x1, y1, x2 - x1, y2 - y1)
    elif base == "center_xywh":
        parts = ((x1 + x2) / 2.0, (y1 + y2) / 2.0, x2 - x1, y2 - y1)
    else:  # center_yxhw
        parts = ((y1 + y2) / 2.0, (x1 + x2) / 2.0, y2 - y1, x2 - x1)
    return ops.stack(parts, axis=-1)


@keras_export("keras.utils.bounding_boxes.convert_format")
def convert_format(
    boxes, source, target, height=None, width=None, dtype="float32"
):
    """Converts boxes from the `source` format to the `target` format.

    Args:
        boxes: Tensor of boxes, last axis of size 4 (or a dict with a
            `"boxes"` entry, converted in a copy).
        source: Format of `boxes` (see the module docstring).
        target: Format to convert to.
        height: Image height, needed between absolute and relative
            formats.
        width: Image width, likewise.
        dtype: Dtype of the result. Defaults to `"float32"`.

    Returns:
        The converted boxes (or dict).
    """
    ops = current_ops()
    if isinstance(boxes, dict):
        result = dict(boxes)
        result["boxes"] = convert_format(
            boxes["boxes"], source, target, height, width, dtype
        )
        return result
    _check_format(source, "source")
    _check_format(target, "target")
    boxes = ops.cast(boxes, dtype)
    if source == target:
        return boxes
    source_rel = source.startswith("rel_")
    target_rel = target.startswith("rel_")
    if source_rel != target_rel and (height is None or width is None):
        raise ValueError(
            "convert_format() must receive `height` and `width` to convert "
            f"between relative and absolute formats. Received: "
            f"source={source}, target={target}, height={height}, "
            f"width={width}"
        )
    x1, y1, x2, y2 = _to_xyxy(boxes, source)
    if source_rel and not target_rel:
        x1, x2 = x1 * width, x2 * width
        y1, y2 = y1 * height, y2 * height
    elif target_rel and not source_rel:
        x1, x2 = x1 / width, x2 / width
        y1, y2 = y1 / height, y2 / height
    return ops.cast(_from_xyxy(x1, y1, x2, y2, target), dtype)


@keras_export("keras.utils.bounding_boxes.clip_to_image_size")
def clip_to_image_size(
    bounding_boxes, height=None, width=None, bounding_box_format="xyxy"
):
    """Clips boxes to the image; boxes left with no area get label `-1`.

    Args:
        bounding_boxes: Dict with `"boxes"` and optionally `"labels"`.
        height: Image height (not needed for relative formats).
        width: Image width (not needed for relative formats).
        bounding_box_format: Format of the boxes. Defaults to `"xyxy"`.

    Returns:
        A dict with the clipped `"boxes"` (same format) and `"labels"`.
    """
    ops = current_ops()
    relative = bounding_box_format.startswith("rel_")
    if not relative and (height is None or width is None):
        raise ValueError(
            "clip_to_image_size() needs `height` and `width` for the "
            f"absolute format {bounding_box_format!r}."
        )
    work = "rel_xyxy" if relative else "xyxy"
    boxes = convert_format(
        bounding_boxes["boxes"],
        bounding_box_format,
        work,
        height=height,
        width=width,
    )
    x1, y1, x2, y2 = _split(boxes)
    max_x, max_y = (1.0, 1.0) if relative else (float(width), float(height))
    x1, x2 = ops.clip(x1, 0.0, max_x), ops.clip(x2, 0.0, max_x)
    y1, y2 = ops.clip(y1, 0.0, max_y), ops.clip(y2, 0.0, max_y)
    result = dict(bounding_boxes)
    result["boxes"] = convert_format(
        ops.stack([x1, y1, x2, y2], axis=-1),
        work,
        bounding_box_format,
        height=height,
        width=width,
    )
    if "labels" in bounding_boxes:
        areas = (x2 - x1) * (y2 - y1)
        labels = ops.convert_to_tensor(bounding_boxes["labels"])
        result["labels"] = ops.where(
            areas > 0, labels, ops.cast(-1, labels.dtype)
        )
    return result


@keras_export("keras.utils.bounding_boxes.affine_transform")
def affine_transform(
    boxes,
    angle,
    translate_x,
    translate_y,
    scale,
    shear_x,
    shear_y,
    height,
    width,
    center_x=None,
    center_y=None,
    bounding_box_format="xyxy",
):
    """Applies per-image affine transforms to boxes.

    The corners of each box are rotated by `angle` degrees and scaled by
    `scale` about the center `(center_x, center_y)` (the image center
    `((width - 1) / 2, (height - 1) / 2)` by default), sheared by
    `shear_x`/`shear_y` degrees about the same center, and shifted by
    `translate_x * (width - 1)` and `translate_y * (height - 1)`
    pixels; the result is the box enclosing the moved corners.

    Args:
        boxes: Boxes `(batch, num_boxes, 4)` (or `(num_boxes, 4)`).
        angle, translate_x, translate_y, scale, shear_x, shear_y: Per-
            image parameters of shape `(batch,)`.
        height: Image height.
        width: Image width.
        center_x: Optional center abscissa, a fraction of the width.
        center_y: Optional center ordinate, a fraction of the height.
        bounding_box_format: Format of `boxes`. Defaults to `"xyxy"`.

    Returns:
        The transformed boxes, in `bounding_box_format`.
    """
    ops = current_ops()
    boxes = convert_format(
        boxes, bounding_box_format, "xyxy", height=height, width=width
    )
    unbatched = len(boxes.shape) == 2
    if unbatched:
        boxes = ops.expand_dims(boxes, 0)
    cx = (width - 1) / 2.0 if center_x is None else center_x * (width - 1)
    cy = (height - 1) / 2.0 if center_y is None else center_y * (height - 1)

    def per_image(v):
        return ops.reshape(ops.cast(v, "float32"), (-1, 1, 1))

    theta = per_image(angle) * (math.pi / 180.0)
    cos, sin = ops.cos(theta), ops.sin(theta)
    scale = per_image(scale)
    tan_x = ops.tan(per_image(shear_x) * (math.pi / 180.0))
    tan_y = ops.tan(per_image(shear_y) * (math.pi / 180.0))
    xs, ys = box_corners(ops, *_split(boxes))
    xs, ys = xs - cx, ys - cy
    rx = scale * (cos * xs + sin * ys)
    ry = scale * (-sin * xs + cos * ys)
    sx = rx + tan_x * ry
    sy = ry + tan_y * rx
    new_x = sx + cx + per_image(translate_x) * (width - 1)
    new_y = sy + cy + per_image(translate_y) * (height - 1)
    out = ops.stack(enclosing_boxes(ops, new_x, new_y), axis=-1)
    if unbatched:
        out = out[0]
    return convert_format(
        out, "xyxy", bounding_box_format, height=height, width=width
    )


def _absolute_corners(boxes, bounding_box_format, function):
    """`x1, y1, x2, y2` of `boxes`, given in an absolute format; `function`
    names the caller in the error raised for a relative format."""
    if bounding_box_format.startswith("rel_"):
        raise ValueError(f"{function}() works on absolute box formats.")
    return _split(convert_format(boxes, bounding_box_format, "xyxy"))


@keras_export("keras.utils.bounding_boxes.crop")
def crop(boxes, top, left, height, width, bounding_box_format="xyxy"):
    """Boxes in the coordinates of the `height x width` window at
    `(top, left)`, clipped to that window.

    Args:
        boxes: Boxes in `bounding_box_format` (an absolute format).
        top: Top of the window in pixels.
        left: Left of the window in pixels.
        height: Window height.
        width: Window width.
        bounding_box_format: Defaults to `"xyxy"`.
    """
    ops = current_ops()
    x1, y1, x2, y2 = _absolute_corners(boxes, bounding_box_format, "crop")
    x1 = ops.clip(x1 - left, 0, width)
    x2 = ops.clip(x2 - left, 0, width)
    y1 = ops.clip(y1 - top, 0, height)
    y2 = ops.clip(y2 - top, 0, height)
    return convert_format(
        ops.stack([x1, y1, x2, y2], axis=-1), "xyxy", bounding_box_format
    )


@keras_export("keras.utils.bounding_boxes.pad")
def pad(boxes, top, left, height=None, width=None, bounding_box_format="xyxy"):
    """Boxes in the coordinates of an image padded by `top` rows and
    `left` columns (the padded size itself does not move boxes).

    Args:
        boxes: Boxes in `bounding_box_format` (an absolute format).
        top: Rows added above.
        left: Columns added to the left.
        height: Unused (the padded height).
        width: Unused (the padded width).
        bounding_box_format: Defaults to `"xyxy"`.
    """
    ops = current_ops()
    x1, y1, x2, y2 = _absolute_corners(boxes, bounding_box_format, "pad")
    return convert_format(
        ops.stack([x1 + left, y1 + top, x2 + left, y2 + top], axis=-1),
        "xyxy",
        bounding_box_format,
    )


_ENCODINGS = ("center_yxhw", "center_xywh")


def _centers(boxes, fmt, image_shape):
    height, width = (None, None) if image_shape is None else image_shape[:2]
    boxes = convert_format(boxes, fmt, "center_xywh", height, width)
    return _split(boxes)


@keras_export("keras.utils.bounding_boxes.encode_box_to_deltas")
def encode_box_to_deltas(
    anchors,
    boxes,
    anchor_format,
    box_format,
    encoding_format="center_yxhw",
    variance=None,
    image_shape=None,
):
    """Encodes `boxes` relative to `anchors` as regression deltas.

    With centers `(x, y)` and sizes `(w, h)`, the deltas are
    `((x - xa) / wa, (y - ya) / ha, log(w / wa), log(h / ha))`, ordered
    as `encoding_format` orders its coordinates (`"center_yxhw"`:
    `dy, dx, dh, dw`; `"center_xywh"`: `dx, dy, dw, dh`), each divided by
    the matching entry of `variance` when given.
    """
    ops = current_ops()
    if encoding_format not in _ENCODINGS:
        raise ValueError(
            f"`encoding_format` should be one of {_ENCODINGS}. Received: "
            f"{encoding_format}"
        )
    ax, ay, aw, ah = _centers(anchors, anchor_format, image_shape)
    bx, by, bw, bh = _centers(boxes, box_format, image_shape)
    dx, dy = (bx - ax) / aw, (by - ay) / ah
    dw, dh = ops.log(bw / aw), ops.log(bh / ah)
    parts = (
        (dy, dx, dh, dw)
        if encoding_format == "center_yxhw"
        else (dx, dy, dw, dh)
    )
    deltas = ops.stack(parts, axis=-1)
    if variance is not None:
        deltas = deltas / ops.cast(variance, deltas.dtype)
    return deltas


@keras_export("keras.utils.bounding_boxes.decode_deltas_to_boxes")
def decode_deltas_to_boxes(
    anchors,
    boxes_delta,
    anchor_format,
    box_format,
    encoded_format="center_yxhw",
    variance=None,
    image_shape=None,
):
    """Inverse of `encode_box_to_deltas`: boxes in `box_format` from
    `anchors` and their deltas. `anchors` and `boxes_delta` may also be
    dicts of the same keys (decoded key by key)."""
    ops = current_ops()
    if isinstance(boxes_delta, dict):
        return {
            key: decode_deltas_to_boxes(
                anchors[key],
                boxes_delta[key],
                anchor_format,
                box_format,
                encoded_format,
                variance,
                image_shape,
            )
            for key in boxes_delta
        }
    if encoded_format not in _ENCODINGS:
        raise ValueError(
            f"`encoded_format` should be one of {_ENCODINGS}. Received: "
            f"{encoded_format}"
        )
    deltas = ops.cast(boxes_delta, "float32")
    if variance is not None:
        deltas = deltas * ops.cast(variance, deltas.dtype)
    a, b, c, d = _split(deltas)
    if encoded_format == "center_yxhw":
        dy, dx, dh, dw = a, b, c, d
    else:
        dx, dy, dw, dh = a, b, c, d
    ax, ay, aw, ah = _centers(anchors, anchor_format, image_shape)
    boxes = ops.stack(
        [dx * aw + ax, dy * ah + ay, ops.exp(dw) * aw, ops.exp(dh) * ah],
        axis=-1,
    )
    height, width = (None, None) if image_shape is None else image_shape[:2]
    return convert_format(boxes, "center_xywh", box_format, height, width)
