"""A grid of images (with optional labels) drawn with matplotlib."""

import math

import numpy as np

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.backend.common import image_geometry
from keras.src.utils.python_utils import ceil_div


def import_pyplot(function_name):
    """`matplotlib.pyplot`, or an `ImportError` saying how to get it."""
    try:
        import matplotlib.pyplot as plt
    except ImportError as e:
        raise ImportError(
            f"`{function_name}` plots with matplotlib, which is not "
            "installed. Install it with `pip install matplotlib`."
        ) from e
    return plt


def grid_shape(num_images, rows=None, cols=None):
    """`(rows, cols)` of the gallery: the given ones, else a near-square
    grid with `ceil(sqrt(n))` rows and as many full columns as fit."""
    if rows is None and cols is None:
        rows = math.ceil(math.sqrt(num_images))
        cols = max(num_images // rows, 1)
    elif rows is None:
        rows = ceil_div(num_images, cols)
    elif cols is None:
        cols = max(num_images // rows, 1)
    return rows, cols


def to_display_range(images, value_range):
    """uint8 pixels of `images` mapped linearly from `value_range` onto
    `[0, 255]` (computed in float32; values outside the range wrap around
    as in a plain uint8 cast, as in upstream Keras)."""
    low, high = value_range
    images = images.astype("float32")
    scaled = (images - np.float32(low)) / np.float32(high - low)
    return (scaled * np.float32(255)).astype("uint8")


@keras_export("keras.visualization.plot_image_gallery")
def plot_image_gallery(
    images,
    y_true=None,
    y_pred=None,
    label_map=None,
    rows=None,
    cols=None,
    value_range=(0, 255),
    scale=2,
    path=None,
    show=None,
    transparent=True,
    dpi=60,
    legend_handles=None,
    data_format=None,
):
    """Plots a batch of images in a grid, with their labels as titles.

    The grid is `rows` by `cols` images, each `scale` inches wide and high
    (by default `ceil(sqrt(n))` rows and `n // rows` columns, so a few
    images may be left out). With `y_true` and/or `y_pred`, each image is
    titled `"Label: <name>"` and/or `"Pred: <name>"`, names taken from
    `label_map`. The figure is shown (`show`) or saved to `path`, then
    closed; with `show=False` and no `path` it is left open (the current
    `pyplot` figure). matplotlib is imported on first use.

    Args:
        images: A batch of images, `(batch, height, width, channels)` (or
            channels first, see `data_format`), with 1 or 3 channels.
        y_true: Optional true class ids, one per image.
        y_pred: Optional predicted class ids, one per image.
        label_map: Dict from class id to name; required with `y_true` or
            `y_pred`.
        rows: Number of rows of the grid.
        cols: Number of columns of the grid.
        value_range: `(low, high)` range of the pixel values, mapped onto
            `[0, 255]` for display.
        scale: Size of each image in the figure, in inches.
        path: If given, the figure is saved there instead of shown.
        show: Whether to show the figure (`plt.show()`). Defaults to
            `True` without `path`; it cannot be `True` with `path`.
        transparent: Whether the saved figure has a transparent background.
        dpi: Resolution of the saved figure.
        legend_handles: Optional matplotlib handles for a figure legend
            (at the bottom).
        data_format: `"channels_last"` or `"channels_first"`; defaults to
            `keras.config.image_data_format()`.

    Example:

    ```python
    images = np.random.randint(0, 256, (4, 32, 32, 3))
    keras.visualization.plot_image_gallery(
        images,
        y_true=np.array([0, 1, 1, 0]),
        label_map={0: "cat", 1: "dog"},
        path="gallery.png",
    )
    ```
    """
    plt = import_pyplot("plot_image_gallery")
    if path is not None and show:
        raise ValueError(
            "`plot_image_gallery` either saves the figure to `path` or "
            f"shows it, not both. Received: path={path}, show={show}"
        )
    if show is None:
        show = path is None
    if (y_true is not None or y_pred is not None) and label_map is None:
        raise ValueError(
            "`label_map` (class id to name) is needed to title the images "
            "with `y_true` or `y_pred`."
        )
    images = ops.convert_to_numpy(images)
    if images.ndim != 4:
        raise ValueError(
            "`images` must be a batch of images (a 4D array); add a batch "
            f"axis to a single image. Received: images.shape={images.shape}"
        )
    images = image_geometry.to_channels_last(
        images, backend.standardize_data_format(data_format), np
    )
    images = to_display_range(images, value_range)
    y_true = None if y_true is None else ops.convert_to_numpy(y_true)
    y_pred = None if y_pred is None else ops.convert_to_numpy(y_pred)

    rows, cols = grid_shape(len(images), rows, cols)
    fig, axes = plt.subplots(
        nrows=rows,
        ncols=cols,
        figsize=(cols * scale, rows * scale),
        frameon=False,
        layout="tight",
        squeeze=True,
        sharex="row",
        sharey="col",
    )
    fig.subplots_adjust(wspace=0, hspace=0)
    axes = np.asarray(axes).reshape(-1)
    for index, axis in enumerate(axes):
        axis.axis("off")
        if index >= len(images):
            continue
        axis.imshow(images[index])
        title = []
        if y_true is not None:
            title.append(f"Label: {label_map[int(y_true[index])]}")
        if y_pred is not None:
            title.append(f"Pred: {label_map[int(y_pred[index])]}")
        if title:
            axis.set_title("  ".join(title), fontsize=8)
    if legend_handles is not None:
        fig.legend(handles=legend_handles, loc="lower center")
    if path is not None:
        plt.savefig(
            fname=path,
            pad_inches=0,
            bbox_inches="tight",
            transparent=transparent,
            dpi=dpi,
        )
        plt.close()
    elif show:
        plt.show()
        plt.close()
