import numpy as np
import pytest

from keras.src import layers
from keras.src import models
from keras.src import testing


class ImagePreprocessingLayersTest(testing.TestCase):
    def test_random_layers_are_identity_in_predict(self):
        x = np.random.RandomState(0).rand(2, 6, 6, 3).astype("float32")
        model = models.Sequential(
            [
                layers.Input((6, 6, 3)),
                layers.RandomFlip(seed=1, data_format="channels_last"),
                layers.RandomRotation(0.3, seed=2, data_format="channels_last"),
                layers.RandomZoom(0.3, seed=3, data_format="channels_last"),
                layers.RandomTranslation(
                    0.3, 0.3, seed=4, data_format="channels_last"
                ),
                layers.RandomContrast(0.5, value_range=(0, 1), seed=5),
                layers.RandomBrightness(0.5, value_range=(0, 1), seed=6),
            ]
        )
        self.assertAllClose(model.predict(x, verbose=0), x, atol=1e-6)

    def test_same_seed_same_augmentation(self):
        x = np.random.RandomState(1).rand(3, 8, 8, 1).astype("float32")
        a = layers.RandomRotation(0.2, seed=11, data_format="channels_last")
        b = layers.RandomRotation(0.2, seed=11, data_format="channels_last")
        self.assertAllClose(a(x), b(x))
        # The generator advances, so a second call differs.
        self.assertNotAllClose(a(x), b(b(x)))

    def test_translation_by_one_pixel_constant_fill(self):
        x = np.arange(9.0).reshape(1, 3, 3, 1).astype("float32")
        layer = layers.RandomTranslation(
            (1 / 3, 1 / 3),
            0.0,
            fill_mode="constant",
            interpolation="nearest",
            data_format="channels_last",
        )
        out = np.asarray(layer(x))[0, :, :, 0]
        self.assertAllClose(out, [[0, 0, 0], [0, 1, 2], [3, 4, 5]])

    def test_flip_also_flips_masks(self):
        images = np.arange(8.0).reshape(1, 2, 4, 1).astype("float32")
        layer = layers.RandomFlip("horizontal", data_format="channels_last")
        transformation = {"flips": np.array([[[[True]]]])}
        masks = layer.transform_segmentation_masks(
            images, transformation, training=True
        )
        self.assertAllClose(masks, images[:, :, ::-1])

    def test_random_crop_crops_masks_like_images(self):
        layer = layers.RandomCrop(3, 3, seed=0, data_format="channels_last")
        data = {
            "images": np.random.rand(2, 4, 5, 3),
            "segmentation_masks": np.random.rand(2, 4, 5, 1),
        }
        out = layer(data)
        self.assertEqual(out["images"].shape, (2, 3, 3, 3))
        self.assertEqual(out["segmentation_masks"].shape, (2, 3, 3, 1))

    def test_crop_layers_upscale_masks_without_new_classes(self):
        # Masks smaller than the window are resized with nearest-neighbour
        # interpolation: blending class ids would invent classes.
        masks = np.zeros((2, 5, 5, 1), "uint8")
        masks[:, :2] = 7
        data = {
            "images": np.random.rand(2, 5, 5, 3),
            "segmentation_masks": masks,
        }
        for layer in (
            layers.RandomCrop(12, 12, seed=0, data_format="channels_last"),
            layers.CenterCrop(12, 12, data_format="channels_last"),
        ):
            out = np.asarray(layer(data)["segmentation_masks"])
            self.assertEqual(out.shape, (2, 12, 12, 1))
            self.assertEqual(set(np.unique(out).tolist()), {0, 7})

    def test_center_crop_upscales_small_images(self):
        layer = layers.CenterCrop(6, 6, data_format="channels_last")
        self.assertEqual(layer(np.ones((1, 3, 4, 2))).shape, (1, 6, 6, 2))

    def test_rescaling_per_channel(self):
        layer = layers.Rescaling([1.0, 2.0, 3.0], offset=1.0)
        x = np.ones((1, 2, 2, 3), "float32")
        out = np.asarray(layer(x))
        self.assertAllClose(out[0, 0, 0], [2.0, 3.0, 4.0])

    def test_tf_data_pipeline(self):
        tf = pytest.importorskip("tensorflow")
        x = np.random.rand(4, 6, 6, 3).astype("float32")
        ds = tf.data.Dataset.from_tensor_slices(x).batch(2)
        ds = ds.map(layers.Resizing(3, 4, data_format="channels_last"))
        ds = ds.map(layers.RandomFlip(seed=3, data_format="channels_last"))
        batch = next(iter(ds))
        self.assertEqual(tuple(batch.shape), (2, 3, 4, 3))
        self.assertEqual(batch.dtype.name, "float32")

    def test_bad_factors(self):
        with self.assertRaisesRegex(ValueError, "height_factor"):
            layers.RandomZoom(1.5)
        with self.assertRaisesRegex(ValueError, "factor"):
            layers.RandomBrightness("big")
        with self.assertRaisesRegex(ValueError, "mode"):
            layers.RandomFlip("diagonal")

    def test_flip_moves_bounding_boxes(self):
        layer = layers.RandomFlip(
            "horizontal",
            seed=1,
            bounding_box_format="xyxy",
            data_format="channels_last",
        )
        boxes = {"boxes": np.array([[[1.0, 0.0, 2.0, 4.0]]]), "labels": [[1]]}
        transformation = {
            "flips": np.array([True]),
            "input_shape": (1, 4, 4, 3),
        }
        out = layer.transform_bounding_boxes(boxes, transformation)
        self.assertAllClose(out["boxes"], [[[2.0, 0.0, 3.0, 4.0]]])

    def test_rotation_moves_bounding_boxes_with_pixels(self):
        image = np.zeros((1, 10, 8, 1), "float32")
        image[0, 1:3, 2:4, 0] = 1.0  # box x in [2, 4], y in [1, 3]
        layer = layers.RandomRotation(
            0.25,
            fill_mode="constant",
            interpolation="nearest",
            bounding_box_format="xyxy",
            data_format="channels_last",
        )
        transformation = {
            "angle": np.array([np.pi / 2], "float32"),
            "image_height": 10,
            "image_width": 8,
        }
        rotated = np.asarray(layer.transform_images(image, transformation))
        ys, xs = np.nonzero(rotated[0, :, :, 0] > 0.5)
        boxes = layer.transform_bounding_boxes(
            {"boxes": np.array([[[2.0, 1.0, 4.0, 3.0]]]), "labels": [[1]]},
            transformation,
        )["boxes"]
        self.assertAllClose(
            boxes, [[[xs.min(), ys.min(), xs.max() + 1, ys.max() + 1]]]
        )

    def test_bounding_boxes_not_supported_yet(self):
        layer = layers.RandomElasticTransform(
            seed=1, bounding_box_format="xyxy"
        )
        data = {
            "images": np.random.rand(1, 4, 4, 3),
            "bounding_boxes": {"boxes": np.zeros((1, 1, 4))},
        }
        with self.assertRaisesRegex(NotImplementedError, "bounding boxes"):
            layer(data)


class ColorLayersOwnTest(testing.TestCase):
    def test_grayscale_keeps_channels_and_equalizes_them(self):
        x = np.random.rand(2, 3, 3, 3).astype("float32") * 255
        y = np.asarray(
            layers.RandomGrayscale(1.0, data_format="channels_last")(x)
        )
        self.assertEqual(y.shape, x.shape)
        self.assertAllClose(y[..., 0], y[..., 1])
        expected = x @ np.array([0.2989, 0.5870, 0.1140], "float32")
        self.assertAllClose(y[..., 0], expected, atol=1e-3)

    def test_invert_respects_value_range(self):
        layer = layers.RandomInvert(factor=(1, 1), value_range=(10, 20))
        out = layer(np.full((1, 2, 2, 1), 12.0))
        self.assertAllClose(out, np.full((1, 2, 2, 1), 18.0))

    def test_solarization_threshold(self):
        layer = layers.Solarization(
            threshold_factor=(0.5, 0.5), value_range=(0, 1)
        )
        x = np.array([0.2, 0.5, 0.9], "float32").reshape(1, 1, 3, 1)
        self.assertAllClose(layer(x)[0, 0, :, 0], [0.2, 0.5, 0.1])

    def test_color_layers_identity_at_inference(self):
        x = np.random.rand(2, 4, 4, 3).astype("float32")
        for layer in (
            layers.RandomGrayscale(1.0),
            layers.RandomInvert(value_range=(0, 1)),
            layers.Solarization(value_range=(0, 1)),
        ):
            self.assertAllClose(layer(x, training=False), x)


class HsvLayersOwnTest(testing.TestCase):
    def test_saturation_half_is_identity(self):
        x = np.random.rand(2, 3, 3, 3).astype("float32")
        layer = layers.RandomSaturation((0.5, 0.5), data_format="channels_last")
        self.assertAllClose(layer(x), x, atol=1e-5)

    def test_hue_full_turn_is_identity(self):
        x = np.random.rand(1, 3, 3, 3).astype("float32") * 255
        layer = layers.RandomHue((1.0, 1.0), data_format="channels_last")
        self.assertAllClose(layer(x), x, atol=1e-2)

    def test_color_degeneration_blend(self):
        x = np.random.rand(1, 2, 2, 3).astype("float32") * 255
        layer = layers.RandomColorDegeneration(
            (0.5, 0.5), data_format="channels_last"
        )
        gray = x @ np.array([0.2989, 0.5870, 0.1140], "float32")
        expected = 0.5 * x + 0.5 * gray[..., None]
        self.assertAllClose(layer(x), expected, atol=1e-3)


class LevelLayersOwnTest(testing.TestCase):
    def test_auto_contrast_per_channel_and_constant(self):
        x = np.array([[[[10.0, 5.0], [20.0, 5.0]]]], "float32")
        out = layers.AutoContrast(
            value_range=(0, 1), data_format="channels_last"
        )(x)
        self.assertAllClose(out[0, 0, :, 0], [0.0, 1.0])
        self.assertAllClose(out[0, 0, :, 1], [5.0, 5.0])

    def test_posterization_keeps_top_bits(self):
        layer = layers.RandomPosterization(
            2, value_range=(0, 255), seed=0, data_format="channels_last"
        )
        out = np.asarray(layer(np.full((4, 1, 1, 1), 200.0)))
        # 200 = 0b11001000: one bit gives 128, two bits give 192.
        nearest = np.where(np.abs(out - 128) < np.abs(out - 192), 128, 192)
        self.assertAllClose(out, nearest, atol=1e-3)
        with self.assertRaisesRegex(ValueError, "factor"):
            layers.RandomPosterization(9)


class FilterLayersOwnTest(testing.TestCase):
    def test_sharpness_zero_is_the_smoothed_image(self):
        x = np.zeros((1, 3, 3, 1), "float32")
        x[0, 1, 1, 0] = 13.0
        layer = layers.RandomSharpness((0.0, 0.0), data_format="channels_last")
        out = np.asarray(layer(x))[0, :, :, 0]
        # Only the interior pixel is smoothed; the border is kept.
        self.assertAllClose(out, [[0, 0, 0], [0, 5, 0], [0, 0, 0]])

    def test_gaussian_blur_probability_zero_is_identity(self):
        x = np.random.rand(2, 5, 5, 3).astype("float32") * 255
        layer = layers.RandomGaussianBlur(factor=0.0, seed=1)
        self.assertAllClose(layer(x), x)

    def test_perspective_shrinks_into_corner(self):
        layer = layers.RandomPerspective(data_format="channels_last")
        transformation = {
            "apply_perspective": np.array([True]),
            "start_points": np.array([[[0, 0], [3, 0], [0, 3], [3, 3]]], "f"),
            "end_points": np.array([[[0, 0], [1, 0], [0, 1], [1, 1]]], "f"),
        }
        out = np.asarray(
            layer.transform_images(np.ones((4, 4, 1)), transformation)
        )
        self.assertAllClose(out[:2, :2], np.ones((2, 2, 1)))
        self.assertAllClose(out[2:], np.zeros((2, 4, 1)))

    def test_elastic_transform_zero_scale_is_identity(self):
        x = np.random.rand(2, 8, 8, 1).astype("float32") * 255
        layer = layers.RandomElasticTransform(scale=0.0, seed=2)
        self.assertAllClose(layer(x), x)
        moved = layers.RandomElasticTransform(
            seed=2, data_format="channels_last"
        )
        self.assertEqual(moved(x).shape, x.shape)


def test_ragged_image_batches_in_tf_data():
    """Images of different sizes: `Resizing` stacks them into a dense
    batch; layers keeping each image's size give a ragged batch."""
    tf = pytest.importorskip("tensorflow")
    images = tf.ragged.stack([tf.ones((3, 5, 3)), tf.zeros((6, 2, 3))])
    ds = tf.data.Dataset.from_tensors(images)
    resized = ds.map(layers.Resizing(4, 4))
    assert resized.element_spec == tf.TensorSpec([2, 4, 4, 3], tf.float32)
    out = next(iter(resized)).numpy()
    np.testing.assert_allclose(out[0], 1.0)
    np.testing.assert_allclose(out[1], 0.0)
    scaled = ds.map(layers.Rescaling(0.5))
    assert scaled.element_spec == tf.RaggedTensorSpec(
        [2, None, None, 3], tf.float32, ragged_rank=2
    )
    rows = [row.to_tensor().numpy() for row in next(iter(scaled))]
    assert [row.shape for row in rows] == [(3, 5, 3), (6, 2, 3)]
    np.testing.assert_allclose(rows[0], 0.5)
    np.testing.assert_allclose(rows[1], 0.0)
