"""A gallery of images with their true and predicted bounding boxes."""

import numpy as np

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.backend.common import image_geometry
from keras.src.visualization.draw_bounding_boxes import draw_bounding_boxes
from keras.src.visualization.plot_image_gallery import import_pyplot
from keras.src.visualization.plot_image_gallery import plot_image_gallery
from keras.src.visualization.plot_image_gallery import to_display_range


@keras_export("keras.visualization.plot_bounding_box_gallery")
def plot_bounding_box_gallery(
    images,
    bounding_box_format,
    y_true=None,
    y_pred=None,
    value_range=(0, 255),
    true_color=(0, 188, 212),
    pred_color=(255, 235, 59),
    line_thickness=2,
    font_scale=1.0,
    text_thickness=None,
    class_mapping=None,
    ground_truth_mapping=None,
    prediction_mapping=None,
    legend=False,
    legend_handles=None,
    rows=None,
    cols=None,
    data_format=None,
    **kwargs,
):
    """Plots images with their true and/or predicted bounding boxes.

    The images are mapped from `value_range` to uint8, the boxes of
    `y_true` are drawn in `true_color` and those of `y_pred` over them in
    `pred_color` (see `keras.visualization.draw_bounding_boxes`), and the
    result is plotted with `keras.visualization.plot_image_gallery`.

    Args:
        images: A batch of images, `(batch, height, width, 3)` (or channels
            first, see `data_format`).
        bounding_box_format: The format of the boxes, e.g. `"xyxy"`.
        y_true: Optional dict of true boxes (`"boxes"`, `"labels"`).
        y_pred: Optional dict of predicted boxes (`"boxes"`, `"labels"`,
            optionally `"confidences"`).
        value_range: `(low, high)` range of the pixel values of `images`.
        true_color: RGB color of the true boxes.
        pred_color: RGB color of the predicted boxes.
        line_thickness: Thickness of the box outlines, in pixels.
        font_scale: Scale of the label text.
        text_thickness: Thickness of the label text; defaults to
            `line_thickness`.
        class_mapping: Dict from class id to name, for both kinds of boxes
            (no text without it).
        ground_truth_mapping: Dict from class id to name for `y_true`
            (overrides `class_mapping`).
        prediction_mapping: Dict from class id to name for `y_pred`
            (overrides `class_mapping`).
        legend: Whether to add a legend naming the two colors.
        legend_handles: Custom matplotlib legend handles (not with
            `legend=True`).
        rows: Number of rows of the grid.
        cols: Number of columns of the grid.
        data_format: `"channels_last"` or `"channels_first"`; defaults to
            `keras.config.image_data_format()`.
        **kwargs: Passed to `plot_image_gallery` (e.g. `path`, `scale`).

    Example:

    ```python
    images = np.zeros((2, 64, 64, 3), "uint8")
    boxes = {
        "boxes": np.array([[[4, 4, 40, 40]], [[10, 20, 50, 60]]]),
        "labels": np.array([[0], [1]]),
    }
    keras.visualization.plot_bounding_box_gallery(
        images,
        "xyxy",
        y_true=boxes,
        class_mapping={0: "cat", 1: "dog"},
        font_scale=0.4,
        path="boxes.png",
    )
    ```
    """
    import_pyplot("plot_bounding_box_gallery")
    from matplotlib import patches

    if legend and legend_handles is not None:
        raise ValueError(
            "Give either `legend=True` (a legend of the true and predicted "
            "colors) or your own `legend_handles`, not both."
        )
    images = ops.convert_to_numpy(images)
    images = image_geometry.to_channels_last(
        images, backend.standardize_data_format(data_format), np
    )
    images = to_display_range(images, value_range)
    if text_thickness is None:
        text_thickness = line_thickness
    drawing = dict(
        bounding_box_format=bounding_box_format,
        line_thickness=line_thickness,
        text_thickness=text_thickness,
        font_scale=font_scale,
        data_format="channels_last",
    )
    for boxes, color, mapping in (
        (y_true, true_color, ground_truth_mapping),
        (y_pred, pred_color, prediction_mapping),
    ):
        if boxes is not None:
            images = draw_bounding_boxes(
                images,
                boxes,
                color=color,
                class_mapping=mapping or class_mapping,
                **drawing,
            )
    if legend:
        legend_handles = [
            patches.Patch(
                color=np.array(true_color) / 255.0, label="Ground Truth"
            ),
            patches.Patch(
                color=np.array(pred_color) / 255.0, label="Prediction"
            ),
        ]
    return plot_image_gallery(
        images,
        value_range=(0, 255),
        legend_handles=legend_handles,
        rows=rows,
        cols=cols,
        data_format="channels_last",
        **kwargs,
    )
