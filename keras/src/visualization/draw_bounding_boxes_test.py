import os
import subprocess
import sys

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from keras.src import testing  # noqa: E402
from keras.src.visualization.draw_bounding_boxes import draw_bounding_boxes  # noqa: E402

ROOT = os.path.dirname(
    os.path.dirname(os.path.dirname(os.path.dirname(__file__)))
)


def _boxes(boxes, labels, confidences=None):
    result = {"boxes": np.array([boxes], "float32"), "labels": [labels]}
    result["labels"] = np.array(result["labels"])
    if confidences is not None:
        result["confidences"] = np.array([confidences])
    return result


def _outline(x1, y1, x2, y2, thickness=2, shape=(100, 160)):
    expected = np.zeros(shape + (3,), "uint8")
    cv2.rectangle(expected, (x1, y1), (x2, y2), (128, 128, 128), thickness)
    return expected


class DrawBoundingBoxesTest(testing.TestCase):
    def setUp(self):
        super().setUp()
        self.images = np.zeros((1, 100, 160, 3), "uint8")

    def test_import_keras_loads_neither_opencv_nor_matplotlib(self):
        result = subprocess.run(
            [
                sys.executable,
                "-c",
                "import sys, keras\n"
                "keras.visualization.draw_bounding_boxes\n"
                "print(sorted(m for m in sys.modules if m.split('.')[0] in "
                "('cv2', 'matplotlib')))",
            ],
            cwd=ROOT,
            env=dict(os.environ, PYTHONPATH=ROOT, KERAS_BACKEND="jax"),
            capture_output=True,
            text=True,
            timeout=300,
        )
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout.strip(), "[]")

    def test_box_formats_give_the_same_outline(self):
        # Coordinates are truncated to whole pixels.
        expected = _outline(20, 30, 100, 90)
        for boxes, fmt in [
            ([[20.7, 30.2, 100.9, 90.5]], "xyxy"),
            ([[30, 20, 90, 100]], "yxyx"),
            ([[20, 30, 80, 60]], "xywh"),
            ([[60, 60, 80, 60]], "center_xywh"),
            ([[0.3, 0.125, 0.9, 0.625]], "rel_yxyx"),
        ]:
            drawn = draw_bounding_boxes(
                self.images, _boxes(boxes, [1]), fmt, line_thickness=2
            )
            self.assertAllEqual(drawn[0], expected)

    def test_label_above_the_box_or_inside_it(self):
        mapping = {1: "dog"}
        outline = _outline(20, 60, 100, 95)
        drawn = draw_bounding_boxes(
            self.images, _boxes([[20, 60, 100, 95]], [1]), "xyxy", mapping
        )[0]
        text = (drawn != outline).any(-1)
        rows = np.nonzero(text.any(1))[0]
        # With room above (y1 >= 33 at font scale 1): baseline at y1 - 8.
        self.assertLess(rows.max(), 60)
        self.assertGreater(rows.min(), 60 - 8 - 27 - 3)
        outline = _outline(20, 10, 100, 95)
        drawn = draw_bounding_boxes(
            self.images, _boxes([[20, 10, 100, 95]], [1]), "xyxy", mapping
        )[0]
        rows = np.nonzero((drawn != outline).any(-1).any(1))[0]
        # Else just inside the top edge: baseline at y1 + 28.
        self.assertGreaterEqual(rows.min(), 10)
        self.assertLessEqual(rows.max(), 10 + 28 + 8)

    def test_confidences_padding_and_unmapped_labels(self):
        plain = draw_bounding_boxes(
            self.images, _boxes([[20, 60, 100, 95]], [1]), "xyxy", {1: "a"}
        )
        scored = draw_bounding_boxes(
            self.images,
            _boxes([[20, 60, 100, 95]], [1], [0.5]),
            "xyxy",
            {1: "a"},
        )
        outline = _outline(20, 60, 100, 95)

        def text_right_edge(drawn):
            return np.nonzero((drawn[0] != outline).any(-1).any(0))[0].max()

        # " | 0.50" extends the text to the right.
        self.assertGreater(text_right_edge(scored), text_right_edge(plain) + 40)
        unmapped = draw_bounding_boxes(
            self.images, _boxes([[20, 60, 100, 95]], [1], [0.5]), "xyxy"
        )
        self.assertAllEqual(unmapped[0], _outline(20, 60, 100, 95))
        padded = draw_bounding_boxes(
            self.images, _boxes([[20, 60, 100, 95]], [-1]), "xyxy", {1: "a"}
        )
        self.assertEqual(padded.sum(), 0)

    def test_pixel_values_and_layout(self):
        boxes = _boxes([[2, 2, 6, 6]], [1])
        for value, dtype, expected in [
            (0.5, "float32", 127),  # floats <= 1 are scaled by 255
            (300.0, "float32", 255),  # other floats are clipped
            (300, "int32", 44),  # integers are cast as they are
        ]:
            images = np.full((1, 10, 10, 3), value, dtype)
            drawn = draw_bounding_boxes(images, boxes, "xyxy")
            self.assertEqual(drawn.dtype, "uint8")
            self.assertEqual(int(drawn[0, 0, 0, 0]), expected)
            self.assertEqual(int(drawn[0, 2, 2, 0]), 128)
            self.assertAllEqual(images, np.full((1, 10, 10, 3), value, dtype))
        images = np.random.RandomState(0).randint(0, 255, (2, 20, 30, 3))
        images = images.astype("uint8")
        boxes = {
            "boxes": np.array([[[2, 3, 20, 15]], [[1, 1, 8, 9]]], "float32"),
            "labels": np.array([[0], [0]]),
        }
        last = draw_bounding_boxes(images, boxes, "xyxy", {0: "x"})
        first = draw_bounding_boxes(
            images.transpose(0, 3, 1, 2),
            boxes,
            "xyxy",
            {0: "x"},
            data_format="channels_first",
        )
        self.assertAllEqual(first, last.transpose(0, 3, 1, 2))

    def test_errors(self):
        with self.assertRaisesRegex(TypeError, "dict"):
            draw_bounding_boxes(self.images, np.zeros((1, 1, 4)), "xyxy")
        with self.assertRaisesRegex(ValueError, "labels"):
            draw_bounding_boxes(
                self.images, {"boxes": np.zeros((1, 1, 4))}, "xyxy"
            )
        with self.assertRaisesRegex(ValueError, "4D"):
            draw_bounding_boxes(
                self.images[0], _boxes([[1, 1, 2, 2]], [0]), "xyxy"
            )
