import os

import numpy as np
import pytest
from absl.testing import parameterized

from keras.src import testing
from keras.src.utils import image_dataset_utils
from keras.src.utils import image_utils


class ImageUtilsOwnTest(testing.TestCase):
    def test_png_round_trip_keeps_pixels(self):
        x = np.random.randint(0, 256, size=(5, 7, 3)).astype("float32")
        path = os.path.join(self.get_temp_dir(), "img.png")
        image_utils.save_img(path, x, data_format="channels_last", scale=False)
        loaded = image_utils.img_to_array(
            image_utils.load_img(path), data_format="channels_last"
        )
        self.assertAllClose(loaded, x)

    def test_grayscale_and_channels_first(self):
        x = np.random.randint(0, 256, size=(1, 4, 6)).astype("float32")
        img = image_utils.array_to_img(
            x, data_format="channels_first", scale=False
        )
        self.assertEqual(img.mode, "L")
        back = image_utils.img_to_array(img, data_format="channels_first")
        self.assertEqual(back.shape, (1, 4, 6))

    def test_load_img_target_size_and_aspect_crop(self):
        path = os.path.join(self.get_temp_dir(), "img.png")
        image_utils.save_img(
            path, np.random.rand(10, 20, 3), data_format="channels_last"
        )
        img = image_utils.load_img(
            path, target_size=(4, 4), keep_aspect_ratio=True
        )
        self.assertEqual(img.size, (4, 4))
        with self.assertRaisesRegex(ValueError, "color_mode"):
            image_utils.load_img(path, color_mode="cmyk")


class ImageDatasetOwnTest(testing.TestCase):
    def _make_dir(self, counts):
        root = self.get_temp_dir()
        for name, count in counts.items():
            os.makedirs(os.path.join(root, name))
            for i in range(count):
                image_utils.save_img(
                    os.path.join(root, name, f"{i}.png"),
                    np.random.rand(6, 8, 3),
                    data_format="channels_last",
                )
        return root

    def test_labels_and_class_names(self):
        pytest.importorskip("tensorflow")
        root = self._make_dir({"cats": 2, "dogs": 3})
        ds = image_dataset_utils.image_dataset_from_directory(
            root,
            image_size=(4, 4),
            batch_size=10,
            shuffle=False,
            label_mode="categorical",
            data_format="channels_last",
            verbose=False,
        )
        self.assertEqual(ds.class_names, ["cats", "dogs"])
        images, labels = next(iter(ds))
        self.assertEqual(tuple(images.shape), (5, 4, 4, 3))
        self.assertAllClose(
            labels.numpy(), [[1, 0], [1, 0], [0, 1], [0, 1], [0, 1]]
        )

    @parameterized.named_parameters(("labeled", "int"), ("unlabeled", None))
    def test_split_into_both_subsets(self, label_mode):
        # The subsets are disjoint, and the validation subset yields its
        # images in the same order every epoch.
        pytest.importorskip("tensorflow")
        root = self._make_dir({"a": 10, "b": 10})
        train, val = image_dataset_utils.image_dataset_from_directory(
            root,
            image_size=(4, 4),
            batch_size=4,
            validation_split=0.3,
            subset="both",
            seed=3,
            label_mode=label_mode,
            verbose=False,
        )
        self.assertEqual(len(train.file_paths), 14)
        self.assertEqual(len(val.file_paths), 6)
        self.assertFalse(set(train.file_paths) & set(val.file_paths))

        def val_images():
            batches = [b if label_mode is None else b[0] for b in val]
            return np.concatenate([b.numpy() for b in batches])

        self.assertAllClose(val_images(), val_images())
