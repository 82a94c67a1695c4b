"""Drawing bounding boxes and their labels onto images (with OpenCV)."""

import math

import numpy as np

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.backend.common import image_geometry
from keras.src.layers.preprocessing.image_preprocessing.bounding_boxes import (
    converters,
)


def import_cv2(function_name):
    """OpenCV's `cv2` module, or an `ImportError` saying how to get it."""
    try:
        import cv2
    except ImportError as e:
        raise ImportError(
            f"`{function_name}` draws with OpenCV, which is not installed. "
            "Install it with `pip install opencv-python` (or "
            "`opencv-python-headless`)."
        ) from e
    return cv2


def to_uint8_image(images):
    """uint8 pixels of `images`: floats all within `[.., 1]` are taken as
    `[0, 1]` and scaled by 255, floats are clipped to `[0, 255]`, other
    dtypes are cast as they are."""
    if np.issubdtype(images.dtype, np.floating):
        if images.size and images.max() <= 1:
            images = images * 255
        images = np.clip(images, 0, 255)
    return images.astype("uint8")


def label_origin(x1, y1, font_scale, text_thickness):
    """Where the label text of a box with top-left corner `(x1, y1)` starts
    (the text's bottom-left point, as `cv2.putText` takes it): above the
    box when the image has room for it, else just inside its top edge."""
    band = 2 * math.floor(12 * font_scale + 2)
    if y1 >= band + 5:
        return x1, y1 - 8
    return x1 + 3, y1 + band + text_thickness - 1


@keras_export("keras.visualization.draw_bounding_boxes")
def draw_bounding_boxes(
    images,
    bounding_boxes,
    bounding_box_format,
    class_mapping=None,
    color=(128, 128, 128),
    line_thickness=2,
    text_thickness=1,
    font_scale=1.0,
    data_format=None,
):
    """Draws bounding boxes, and optionally their class names, on images.

    Each box whose label is not `-1` (padding) is drawn as a rectangle
    outline. With `class_mapping`, the box's class name is written at its
    top-left corner (above the box when there is room, else inside it),
    followed by `" | "` and its confidence when `bounding_boxes` has
    `"confidences"`. Drawing uses OpenCV (`pip install opencv-python`).

    Images are returned as uint8: float images whose values are all at most
    1 are scaled by 255 first, and floats are clipped to `[0, 255]`. The
    input is not modified.

    Args:
        images: A batch of images, of shape `(batch, height, width, 3)`
            (or channels first, see `data_format`).
        bounding_boxes: A dict with `"boxes"` (`(batch, num_boxes, 4)`),
            `"labels"` (`(batch, num_boxes)`) and optionally
            `"confidences"` (`(batch, num_boxes)`).
        bounding_box_format: The format of the boxes, e.g. `"xyxy"`,
            `"xywh"`, `"center_xywh"` or a relative `"rel_..."` one.
        class_mapping: Optional dict from class id to class name; without
            it, no text is drawn.
        color: RGB color of the boxes and their text.
        line_thickness: Thickness of the box outlines, in pixels.
        text_thickness: Thickness of the text strokes, in pixels.
        font_scale: Scale of the text (1.0 is about 27 pixels high).
        data_format: `"channels_last"` or `"channels_first"`; defaults to
            `keras.config.image_data_format()`.

    Returns:
        A uint8 NumPy array of the images with the boxes drawn, in the
        layout of `images`.

    Example:

    ```python
    images = np.zeros((1, 64, 64, 3), "uint8")
    boxes = {
        "boxes": np.array([[[8, 8, 40, 48]]]),
        "labels": np.array([[0]]),
    }
    drawn = keras.visualization.draw_bounding_boxes(
        images, boxes, "xyxy", class_mapping={0: "cell"}, font_scale=0.4
    )
    ```
    """
    cv2 = import_cv2("draw_bounding_boxes")
    if not isinstance(bounding_boxes, dict):
        raise TypeError(
            "`bounding_boxes` must be a dict with 'boxes' and 'labels' "
            f"entries. Received: bounding_boxes={bounding_boxes} of type "
            f"{type(bounding_boxes)}"
        )
    if "boxes" not in bounding_boxes or "labels" not in bounding_boxes:
        raise ValueError(
            "`bounding_boxes` must have 'boxes' and 'labels' entries. "
            f"Received keys: {sorted(bounding_boxes)}"
        )
    images = ops.convert_to_numpy(images)
    if images.ndim != 4:
        raise ValueError(
            "`images` must be a batch of images (a 4D array). Received: "
            f"images.shape={images.shape}"
        )
    data_format = backend.standardize_data_format(data_format)
    images = image_geometry.to_channels_last(images, data_format, np)
    height, width = images.shape[1:3]
    boxes = ops.convert_to_numpy(
        converters.convert_format(
            bounding_boxes["boxes"],
            source=bounding_box_format,
            target="xyxy",
            height=height,
            width=width,
        )
    )
    labels = ops.convert_to_numpy(bounding_boxes["labels"])
    confidences = bounding_boxes.get("confidences")
    if confidences is not None:
        confidences = ops.convert_to_numpy(confidences)
    color = tuple(color)
    canvas = np.ascontiguousarray(to_uint8_image(images))
    for i, image in enumerate(canvas):
        for j, box in enumerate(boxes[i]):
            label = int(labels[i][j])
            if label == -1:
                continue
            x1, y1, x2, y2 = (int(v) for v in box)
            cv2.rectangle(image, (x1, y1), (x2, y2), color, line_thickness)
            if class_mapping is None or label not in class_mapping:
                continue
            text = str(class_mapping[label])
            if confidences is not None:
                text += f" | {float(confidences[i][j]):.2f}"
            cv2.putText(
                image,
                text,
                label_origin(x1, y1, font_scale, text_thickness),
                cv2.FONT_HERSHEY_SIMPLEX,
                font_scale,
                color,
                text_thickness,
                cv2.LINE_AA,
            )
    return image_geometry.from_channels_last(canvas, data_format, np)
