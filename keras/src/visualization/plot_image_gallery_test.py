import os

import numpy as np
import pytest

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")
pytest.importorskip("cv2")

from matplotlib import pyplot as plt  # noqa: E402

from keras.src import testing  # noqa: E402
from keras.src.visualization.draw_bounding_boxes import draw_bounding_boxes  # noqa: E402
from keras.src.visualization.draw_segmentation_masks import (  # noqa: E402
    draw_segmentation_masks,
)
from keras.src.visualization.plot_bounding_box_gallery import (  # noqa: E402
    plot_bounding_box_gallery,
)
from keras.src.visualization.plot_image_gallery import plot_image_gallery  # noqa: E402
from keras.src.visualization.plot_segmentation_mask_gallery import (  # noqa: E402
    plot_segmentation_mask_gallery,
)


def _shown(axes):
    return [ax.get_images()[0].get_array() for ax in axes if ax.get_images()]


class GalleryTest(testing.TestCase):
    """The galleries leave their figure open with `show=False`."""

    def setUp(self):
        super().setUp()
        plt.close("all")
        self.addCleanup(plt.close, "all")
        self.images = (
            np.random.RandomState(0).randint(0, 255, (5, 8, 10, 3))
        ).astype("uint8")

    def test_grid_and_titles(self):
        plot_image_gallery(
            self.images,
            y_true=np.array([0, 1, 0, 1, 0]),
            y_pred=np.array([1, 1, 0, 0, 0]),
            label_map={0: "cat", 1: "dog"},
            show=False,
        )
        fig = plt.gcf()
        # ceil(sqrt(5)) = 3 rows of 5 // 3 = 1 image, 2 inches each.
        self.assertEqual(len(fig.axes), 3)
        self.assertAllClose(fig.get_size_inches(), [2, 6])
        self.assertEqual(fig.axes[0].get_title(), "Label: cat  Pred: dog")
        self.assertEqual(fig.axes[0].title.get_fontsize(), 8)
        self.assertFalse(fig.axes[0].axison)
        self.assertAllEqual(_shown(fig.axes)[2], self.images[2])
        plt.close("all")
        plot_image_gallery(self.images, rows=2, cols=2, scale=1, show=False)
        self.assertEqual(len(plt.gcf().axes), 4)
        self.assertAllClose(plt.gcf().get_size_inches(), [2, 2])

    def test_value_range(self):
        # Mapped linearly onto [0, 255] and cast to uint8.
        images = np.array([-1.0, 0.0, 0.5, 1.0]).reshape(1, 1, 4, 1)
        plot_image_gallery(
            np.repeat(images, 3, -1), value_range=(-1, 1), show=False
        )
        shown = _shown(plt.gcf().axes)[0]
        self.assertAllEqual(shown[0, :, 0], [0, 127, 191, 255])

    def test_saving_and_errors(self):
        path = os.path.join(self.get_temp_dir(), "gallery.png")
        plot_image_gallery(self.images, path=path)
        self.assertTrue(os.path.exists(path))
        self.assertEqual(plt.get_fignums(), [])
        with self.assertRaisesRegex(ValueError, "path"):
            plot_image_gallery(self.images, path=path, show=True)
        with self.assertRaisesRegex(ValueError, "label_map"):
            plot_image_gallery(self.images, y_true=np.zeros(5), show=False)
        with self.assertRaisesRegex(ValueError, "4D"):
            plot_image_gallery(self.images[0], show=False)

    def test_bounding_box_gallery(self):
        images = np.zeros((2, 60, 80, 3), "uint8")
        y_true = {
            "boxes": np.array([[[5, 5, 40, 40]], [[10, 10, 30, 50]]]),
            "labels": np.array([[1], [0]]),
        }
        y_pred = dict(y_true, confidences=np.array([[0.5], [0.25]]))
        mapping = {0: "a", 1: "b"}
        plot_bounding_box_gallery(
            images / 255.0,
            "xyxy",
            y_true=y_true,
            y_pred=y_pred,
            value_range=(0, 1),
            class_mapping=mapping,
            font_scale=0.5,
            legend=True,
            show=False,
        )
        # Truth then predictions drawn over it; text as thick as lines.
        expected = images
        for boxes, color in ((y_true, (0, 188, 212)), (y_pred, (255, 235, 59))):
            expected = draw_bounding_boxes(
                expected,
                boxes,
                "xyxy",
                mapping,
                color=color,
                text_thickness=2,
                font_scale=0.5,
            )
        fig = plt.gcf()
        self.assertAllEqual(np.stack(_shown(fig.axes)), expected)
        legend = fig.legends[0]
        self.assertEqual(
            [t.get_text() for t in legend.get_texts()],
            ["Ground Truth", "Prediction"],
        )
        with self.assertRaisesRegex(ValueError, "legend_handles"):
            plot_bounding_box_gallery(
                images, "xyxy", legend=True, legend_handles=[], show=False
            )

    def test_segmentation_mask_gallery(self):
        images = self.images[:2]
        masks = np.random.RandomState(1).randint(0, 3, (2, 8, 10, 1))
        plot_segmentation_mask_gallery(
            images, num_classes=3, y_true=masks, y_pred=masks[::-1], show=False
        )
        shown = _shown(plt.gcf().axes)
        # One row per image: the image, its true and predicted masks.
        self.assertLen(shown, 6)
        self.assertAllEqual(shown[3], images[1])
        self.assertAllEqual(
            shown[4], draw_segmentation_masks(images, masks, 3)[1]
        )
        self.assertAllEqual(
            shown[5], draw_segmentation_masks(images, masks[::-1], 3)[1]
        )
