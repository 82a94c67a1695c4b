"""Checks and densification of bounding-box dicts."""

from keras.src.layers.preprocessing.tf_data_mode import current_ops


def _classify(bounding_boxes):
    if not isinstance(bounding_boxes, dict) or not {"boxes", "labels"} <= set(
        bounding_boxes
    ):
        raise ValueError(
            "Bounding boxes should be a dict with 'boxes' and 'labels' "
            f"entries. Received: {bounding_boxes}"
        )
    boxes = bounding_boxes["boxes"]
    if len(boxes.shape) not in (2, 3) or boxes.shape[-1] != 4:
        raise ValueError(
            "'boxes' should have shape (num_boxes, 4) or (batch, num_boxes, "
            f"4). Received: shape={tuple(boxes.shape)}"
        )
    return len(boxes.shape) == 3


def validate_bounding_boxes(bounding_boxes):
    """Checks the structure of a bounding-box dict; returns whether it
    is batched."""
    return _classify(bounding_boxes)


def densify_bounding_boxes(
    bounding_boxes,
    is_batched=False,
    max_boxes=None,
    boxes_default_value=0,
    labels_default_value=-1,
    backend=None,
):
    """Pads (or truncates) the boxes and labels of `bounding_boxes` to
    `max_boxes` per image; ragged TF inputs are densified."""
    ops = current_ops()
    boxes = bounding_boxes["boxes"]
    labels = bounding_boxes["labels"]
    if hasattr(boxes, "to_tensor"):
        shape = [None, max_boxes, 4] if is_batched else [max_boxes, 4]
        boxes = boxes.to_tensor(default_value=boxes_default_value, shape=shape)
        labels = labels.to_tensor(
            default_value=labels_default_value, shape=shape[:-1]
        )
        return {"boxes": boxes, "labels": labels}
    count = boxes.shape[-2]
    if max_boxes is None or count == max_boxes:
        return {"boxes": boxes, "labels": labels}
    if count > max_boxes:
        return {
            "boxes": boxes[..., :max_boxes, :],
            "labels": labels[..., :max_boxes],
        }
    extra = max_boxes - count
    box_pad = [(0, 0)] * (len(boxes.shape) - 2) + [(0, extra), (0, 0)]
    label_pad = [(0, 0)] * (len(labels.shape) - 1) + [(0, extra)]
    return {
        "boxes": ops.pad(boxes, box_pad, constant_values=boxes_default_value),
        "labels": ops.pad(
            labels, label_pad, constant_values=labels_default_value
        ),
    }
