import numpy as np

from keras.src import testing
from keras.src.visualization.draw_segmentation_masks import (
    draw_segmentation_masks,
)


class DrawSegmentationMasksTest(testing.TestCase):
    def setUp(self):
        super().setUp()
        self.images = np.full((1, 2, 3, 3), 100, "uint8")
        self.masks = np.array([[[0, 1, 2], [-1, 1, 3]]])[..., None]

    def test_blend_with_the_default_palette(self):
        # Values observed with upstream Keras 3.15.1: class c is colored
        # c * (1, 127, 31) mod 255, blended as 0.2 * pixel + 0.8 * color
        # and truncated; num_classes defaults to the largest id (3), which
        # is then not colored, and -1 never is.
        drawn = draw_segmentation_masks(self.images, self.masks)
        self.assertEqual(drawn.dtype, "uint8")
        self.assertAllEqual(
            drawn[0],
            [
                [[20, 20, 20], [20, 121, 44], [21, 223, 69]],
                [[100, 100, 100], [20, 121, 44], [100, 100, 100]],
            ],
        )
        drawn = draw_segmentation_masks(self.images, self.masks, num_classes=5)
        self.assertAllEqual(drawn[0, 1, 2], [22, 120, 94])

    def test_paint_without_blending(self):
        drawn = draw_segmentation_masks(self.images, self.masks, blend=False)
        self.assertEqual(drawn.dtype, "float32")
        self.assertAllEqual(
            drawn[0],
            [
                [[0, 0, 0], [1, 127, 31], [2, 254, 62]],
                [[100, 100, 100], [1, 127, 31], [100, 100, 100]],
            ],
        )

    def test_options(self):
        mapping = {0: (255, 0, 0), 1: (0, 255, 0), 2: (0, 0, 255)}
        drawn = draw_segmentation_masks(
            self.images, self.masks, color_mapping=mapping, alpha=0.5
        )
        self.assertAllEqual(
            drawn[0, 0], [[177, 50, 50], [50, 177, 50]] + [[50, 50, 177]]
        )
        drawn = draw_segmentation_masks(self.images, self.masks, ignore_index=1)
        self.assertAllEqual(drawn[0, 0, 1], [100, 100, 100])
        # Values outside [0, 255] are clipped after blending.
        drawn = draw_segmentation_masks(
            self.images.astype("int32") * 3, self.masks
        )
        self.assertAllEqual(drawn[0, 1, 0], [255, 255, 255])
        channels_first = draw_segmentation_masks(
            self.images.transpose(0, 3, 1, 2),
            self.masks.transpose(0, 3, 1, 2),
            data_format="channels_first",
        )
        self.assertAllEqual(
            channels_first,
            draw_segmentation_masks(self.images, self.masks).transpose(
                0, 3, 1, 2
            ),
        )

    def test_errors(self):
        with self.assertRaisesRegex(TypeError, "integer"):
            draw_segmentation_masks(self.images, self.masks.astype("float32"))
        with self.assertRaisesRegex(ValueError, r"Missing: \[1, 2\]"):
            draw_segmentation_masks(
                self.images, self.masks, color_mapping={0: (1, 2, 3)}
            )
        with self.assertRaisesRegex(ValueError, "4D"):
            draw_segmentation_masks(self.images[0], self.masks)
