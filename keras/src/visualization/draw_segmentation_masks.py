"""Coloring segmentation masks onto images."""

import numpy as np

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.backend.common import image_geometry


def class_colors(num_classes, color_mapping=None):
    """`(num_classes, 3)` float32 RGB colors, one per class id.

    Without `color_mapping`, class `c` gets `c * (1, 127, 31) mod 255`, a
    spread of distinct colors (class 0 is black).
    """
    if color_mapping is None:
        ids = np.arange(num_classes)[:, None]
        return ((ids * np.array([1, 127, 31])) % 255).astype("float32")
    missing = [c for c in range(num_classes) if c not in color_mapping]
    if missing:
        raise ValueError(
            "`color_mapping` must give a color to every class id in "
            f"[0, num_classes={num_classes}). Missing: {missing}"
        )
    return np.array(
        [color_mapping[c] for c in range(num_classes)], "float32"
    ).reshape(num_classes, -1)


@keras_export("keras.visualization.draw_segmentation_masks")
def draw_segmentation_masks(
    images,
    segmentation_masks,
    num_classes=None,
    color_mapping=None,
    alpha=0.8,
    blend=True,
    ignore_index=-1,
    data_format=None,
):
    """Colors the pixels of each class of segmentation masks onto images.

    Pixels whose class id is in `[0, num_classes)` and is not
    `ignore_index` take their class's color; others keep the image's.
    With `blend`, colored pixels become `(1 - alpha) * pixel + alpha *
    color` and the result is cast to uint8 (values clipped to
    `[0, 255]`); without it they are replaced by the color and the result
    is float32.

    Args:
        images: A batch of RGB images, `(batch, height, width, 3)` (or
            channels first, see `data_format`).
        segmentation_masks: Integer class ids, `(batch, height, width, 1)`
            (or `(batch, 1, height, width)` channels first).
        num_classes: Number of classes to color. Defaults to the largest
            id in the masks, which is then itself not colored (as in
            upstream Keras).
        color_mapping: Optional dict from class id to an RGB color, for
            every id in `[0, num_classes)`. Defaults to a fixed palette.
        alpha: Weight of the class colors when blending.
        blend: Whether to blend the colors with the image (uint8 result)
            or paint them over it (float32 result).
        ignore_index: Class id that is never colored.
        data_format: `"channels_last"` or `"channels_first"`; defaults to
            `keras.config.image_data_format()`.

    Returns:
        A NumPy array of the images with the masks drawn, in the layout of
        `images`.

    Example:

    ```python
    images = np.full((1, 4, 4, 3), 200, "uint8")
    masks = np.array([[[0, 1, 1, 2]] * 4])[..., None]
    painted = keras.visualization.draw_segmentation_masks(
        images, masks, num_classes=3, alpha=0.5
    )
    ```
    """
    images = ops.convert_to_numpy(images)
    masks = ops.convert_to_numpy(segmentation_masks)
    if images.ndim != 4:
        raise ValueError(
            "`images` must be a batch of images (a 4D array). Received: "
            f"images.shape={images.shape}"
        )
    if not np.issubdtype(masks.dtype, np.integer):
        raise TypeError(
            "`segmentation_masks` must hold integer class ids. Received: "
            f"segmentation_masks.dtype={masks.dtype}"
        )
    data_format = backend.standardize_data_format(data_format)
    images = image_geometry.to_channels_last(images, data_format, np)
    if data_format == "channels_first":
        masks = np.moveaxis(masks, 1, -1)
    if masks.ndim != 4 or masks.shape[-1] != 1:
        raise ValueError(
            "`segmentation_masks` must have one channel: shape (batch, "
            "height, width, 1), or (batch, 1, height, width) channels "
            f"first. Received: shape={masks.shape}"
        )
    masks = masks[..., 0]
    if masks.shape != images.shape[:3]:
        raise ValueError(
            "`segmentation_masks` must match the batch size, height and "
            f"width of `images`. Received: images of shape {images.shape}, "
            f"masks of shape {masks.shape}"
        )
    if num_classes is None:
        num_classes = max(int(masks.max()), 0) if masks.size else 0
    colors = class_colors(num_classes, color_mapping)
    colored = (masks >= 0) & (masks < num_classes) & (masks != ignore_index)
    pixel_colors = colors[np.where(colored, masks, 0)] if num_classes else 0
    mask = colored[..., None]
    if not blend:
        result = np.where(mask, pixel_colors, images.astype("float32"))
        result = result.astype("float32")
    else:
        images = images.astype("float32")
        mixed = images * (1 - alpha) + pixel_colors * alpha
        result = np.where(mask, mixed, images)
        result = np.clip(result, 0, 255).astype("uint8")
    return image_geometry.from_channels_last(result, data_format, np)
