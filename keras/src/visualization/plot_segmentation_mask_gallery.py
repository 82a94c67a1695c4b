"""A gallery of images next to their true and predicted segmentations."""

import numpy as np

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.backend.common import image_geometry
from keras.src.visualization.draw_segmentation_masks import (
    draw_segmentation_masks,
)
from keras.src.visualization.plot_image_gallery import plot_image_gallery


@keras_export("keras.visualization.plot_segmentation_mask_gallery")
def plot_segmentation_mask_gallery(
    images,
    num_classes,
    value_range=(0, 255),
    y_true=None,
    y_pred=None,
    color_mapping=None,
    blend=True,
    alpha=0.8,
    ignore_index=-1,
    data_format=None,
    **kwargs,
):
    """Plots each image in a row, followed by its true and/or predicted
    segmentation masks drawn over it.

    Each row holds the image, then `y_true` and `y_pred` (those given)
    drawn with `keras.visualization.draw_segmentation_masks`; the grid is
    plotted with `keras.visualization.plot_image_gallery`.

    Args:
        images: A batch of images, `(batch, height, width, 3)` (or channels
            first, see `data_format`).
        num_classes: Number of classes of the masks.
        value_range: `(low, high)` range of the pixel values, for display.
        y_true: Optional true masks, `(batch, height, width, 1)`.
        y_pred: Optional predicted masks, `(batch, height, width, 1)`.
        color_mapping: Optional dict from class id to RGB color.
        blend: Whether to blend the colors with the images.
        alpha: Weight of the colors when blending.
        ignore_index: Class id that is never colored.
        data_format: `"channels_last"` or `"channels_first"`; defaults to
            `keras.config.image_data_format()`.
        **kwargs: Passed to `plot_image_gallery` (e.g. `path`, `scale`).

    Example:

    ```python
    images = np.random.randint(0, 256, (2, 32, 32, 3))
    masks = np.random.randint(0, 3, (2, 32, 32, 1))
    keras.visualization.plot_segmentation_mask_gallery(
        images, num_classes=3, y_true=masks, path="masks.png"
    )
    ```
    """
    images = ops.convert_to_numpy(images)
    data_format = backend.standardize_data_format(data_format)
    images = image_geometry.to_channels_last(images, data_format, np)
    panels = [images]
    for masks in (y_true, y_pred):
        if masks is None:
            continue
        masks = ops.convert_to_numpy(masks)
        if data_format == "channels_first":
            masks = np.moveaxis(masks, 1, -1)
        panels.append(
            draw_segmentation_masks(
                images,
                masks,
                num_classes=num_classes,
                color_mapping=color_mapping,
                alpha=alpha,
                blend=blend,
                ignore_index=ignore_index,
                data_format="channels_last",
            )
        )
    # One row per image: the image, then its drawn masks.
    grid = np.stack(panels, axis=1).reshape((-1,) + images.shape[1:])
    return plot_image_gallery(
        grid,
        value_range=value_range,
        rows=len(images),
        cols=len(panels),
        data_format="channels_last",
        **kwargs,
    )
