"""Intersection over union of bounding boxes (`keras.utils.
bounding_boxes.compute_iou`, `compute_ciou`)."""

import math

from keras.src.api_export import keras_export
from keras.src.layers.preprocessing.image_preprocessing.bounding_boxes import (
    converters,
)
from keras.src.layers.preprocessing.tf_data_mode import current_ops


def _as_xyxy(boxes, fmt, image_shape):
    height, width = (None, None) if image_shape is None else image_shape[:2]
    return converters.convert_format(
        boxes,
        fmt,
        "xyxy" if not fmt.startswith("rel_") else "rel_xyxy",
        height,
        width,
    )


@keras_export("keras.utils.bounding_boxes.compute_iou")
def compute_iou(
    boxes1,
    boxes2,
    bounding_box_format,
    use_masking=False,
    mask_val=-1,
    image_shape=None,
):
    """Pairwise intersection over union of two sets of boxes.

    Args:
        boxes1: Boxes `(N, 4)` or `(batch, N, 4)`.
        boxes2: Boxes `(M, 4)` or `(batch, M, 4)`.
        bounding_box_format: Format of both sets.
        use_masking: Whether boxes whose coordinates all equal
            `mask_val` are padding; their IoUs are set to `mask_val`.
        mask_val: The padding value. Defaults to `-1`.
        image_shape: `(height, width, ...)`, for relative formats.

    Returns:
        IoUs `(N, M)`, or `(batch, N, M)` when either input is batched.
    """
    ops = current_ops()
    b1 = _as_xyxy(boxes1, bounding_box_format, image_shape)
    b2 = _as_xyxy(boxes2, bounding_box_format, image_shape)
    if len(b1.shape) == 2 and len(b2.shape) == 3:
        b1 = ops.broadcast_to(b1, (b2.shape[0],) + tuple(b1.shape))
    if len(b2.shape) == 2 and len(b1.shape) == 3:
        b2 = ops.broadcast_to(b2, (b1.shape[0],) + tuple(b2.shape))
    x1a, y1a, x2a, y2a = (ops.expand_dims(b1[..., i], -1) for i in range(4))
    x1b, y1b, x2b, y2b = (ops.expand_dims(b2[..., i], -2) for i in range(4))
    inter_w = ops.maximum(ops.minimum(x2a, x2b) - ops.maximum(x1a, x1b), 0)
    inter_h = ops.maximum(ops.minimum(y2a, y2b) - ops.maximum(y1a, y1b), 0)
    inter = inter_w * inter_h
    area_a = (x2a - x1a) * (y2a - y1a)
    area_b = (x2b - x1b) * (y2b - y1b)
    union = area_a + area_b - inter
    iou = ops.divide(inter, ops.maximum(union, 1e-8))
    iou = ops.clip(iou, 0.0, 1.0)
    if use_masking:
        pad1 = ops.expand_dims(
            ops.all(ops.equal(ops.cast(boxes1, "float32"), mask_val), -1), -1
        )
        pad2 = ops.expand_dims(
            ops.all(ops.equal(ops.cast(boxes2, "float32"), mask_val), -1), -2
        )
        iou = ops.where(ops.logical_or(pad1, pad2), float(mask_val), iou)
    return iou


@keras_export("keras.utils.bounding_boxes.compute_ciou")
def compute_ciou(boxes1, boxes2, bounding_box_format, image_shape=None):
    """Complete IoU of matching boxes (element-wise, not pairwise).

    `CIoU = IoU - d^2 / c^2 - alpha * v`, where `d` is the distance of
    the box centers, `c` the diagonal of the smallest box enclosing both,
    `v = 4 / pi^2 * (atan(w2 / h2) - atan(w1 / h1))^2` measures the
    aspect-ratio mismatch and `alpha = v / (1 - IoU + v)`.

    Args:
        boxes1: Boxes `(..., 4)`.
        boxes2: Boxes broadcastable against `boxes1`.
        bounding_box_format: Format of both sets.
        image_shape: `(height, width, ...)`, for relative formats.

    Returns:
        CIoU values of shape `boxes1.shape[:-1]` (broadcast).
    """
    ops = current_ops()
    eps = 1e-7
    b1 = _as_xyxy(boxes1, bounding_box_format, image_shape)
    b2 = _as_xyxy(boxes2, bounding_box_format, image_shape)
    x1a, y1a, x2a, y2a = (b1[..., i] for i in range(4))
    x1b, y1b, x2b, y2b = (b2[..., i] for i in range(4))
    w1, h1 = x2a - x1a, y2a - y1a
    w2, h2 = x2b - x1b, y2b - y1b
    inter_w = ops.maximum(ops.minimum(x2a, x2b) - ops.maximum(x1a, x1b), 0)
    inter_h = ops.maximum(ops.minimum(y2a, y2b) - ops.maximum(y1a, y1b), 0)
    inter = inter_w * inter_h
    union = w1 * h1 + w2 * h2 - inter + eps
    iou = inter / union
    cw = ops.maximum(x2a, x2b) - ops.minimum(x1a, x1b)
    ch = ops.maximum(y2a, y2b) - ops.minimum(y1a, y1b)
    c2 = cw**2 + ch**2 + eps
    rho2 = ((x1b + x2b - x1a - x2a) ** 2 + (y1b + y2b - y1a - y2a) ** 2) / 4
    v = (4 / math.pi**2) * (
        ops.arctan(w2 / (h2 + eps)) - ops.arctan(w1 / (h1 + eps))
    ) ** 2
    alpha = v / (v - iou + (1 + eps))
    return iou - (rho2 / c2 + v * alpha)
