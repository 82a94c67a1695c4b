import gzip
import os
import pickle
import tarfile
from unittest import mock

import numpy as np

from keras.src import backend
from keras.src import testing
from keras.src.datasets import boston_housing
from keras.src.datasets import california_housing
from keras.src.datasets import cifar10
from keras.src.datasets import fashion_mnist
from keras.src.datasets import mnist


class DatasetLoadersTest(testing.TestCase):
    """Loaders read files placed in the cache beforehand (no network)."""

    def setUp(self):
        super().setUp()
        self.home = self.get_temp_dir()
        self.datadir = os.path.join(self.home, "datasets")
        os.makedirs(self.datadir, exist_ok=True)
        patcher = mock.patch.dict(os.environ, {"KERAS_HOME": self.home})
        patcher.start()
        self.addCleanup(patcher.stop)

    def test_mnist_from_cache(self):
        arrays = {
            "x_train": np.zeros((6, 28, 28), "uint8"),
            "y_train": np.arange(6, dtype="uint8"),
            "x_test": np.ones((2, 28, 28), "uint8"),
            "y_test": np.arange(2, dtype="uint8"),
        }
        np.savez(os.path.join(self.datadir, "mnist.npz"), **arrays)
        (x_train, y_train), (x_test, y_test) = mnist.load_data()
        self.assertEqual(x_train.shape, (6, 28, 28))
        self.assertAllClose(y_test, [0, 1])

    def test_fashion_mnist_from_cache(self):
        folder = os.path.join(self.datadir, "fashion-mnist")
        os.makedirs(folder)
        labels = np.array([3, 1, 4], "uint8")
        images = np.arange(3 * 28 * 28, dtype="uint32") % 256
        contents = {
            "train-labels-idx1-ubyte.gz": b"\0" * 8 + labels.tobytes(),
            "train-images-idx3-ubyte.gz": b"\0" * 16
            + images.astype("uint8").tobytes(),
            "t10k-labels-idx1-ubyte.gz": b"\0" * 8 + labels[:1].tobytes(),
            "t10k-images-idx3-ubyte.gz": b"\0" * 16
            + images[: 28 * 28].astype("uint8").tobytes(),
        }
        for name, data in contents.items():
            with gzip.open(os.path.join(folder, name), "wb") as f:
                f.write(data)
        (x_train, y_train), (x_test, y_test) = fashion_mnist.load_data()
        self.assertEqual(x_train.shape, (3, 28, 28))
        self.assertAllClose(y_train, [3, 1, 4])
        self.assertEqual(x_test.shape, (1, 28, 28))

    def test_housing_split_is_seeded(self):
        x = np.arange(50.0).reshape(10, 5)
        y = np.arange(10.0)
        for name in ("boston_housing.npz", "california_housing.npz"):
            np.savez(os.path.join(self.datadir, name), x=x, y=y)
        (x_train, y_train), (x_test, y_test) = boston_housing.load_data(
            test_split=0.3, seed=1
        )
        self.assertEqual((len(x_train), len(x_test)), (7, 3))
        self.assertAllClose(x_train[:, 0] / 5, y_train)
        again = boston_housing.load_data(test_split=0.3, seed=1)
        self.assertAllClose(again[1][1], y_test)
        (xc, _), _ = california_housing.load_data(version="small")
        self.assertEqual(xc.shape, (8, 5))
        with self.assertRaisesRegex(ValueError, "version"):
            california_housing.load_data(version="medium")

    def test_cifar10_from_cached_archive(self):
        src = os.path.join(self.get_temp_dir(), "cifar-10-batches-py")
        os.makedirs(src)
        for name in [f"data_batch_{i}" for i in range(1, 6)] + ["test_batch"]:
            batch = {
                b"data": np.full((2, 3072), 7, "uint8"),
                b"labels": [1, 2],
            }
            with open(os.path.join(src, name), "wb") as f:
                pickle.dump(batch, f)
        archive = os.path.join(self.datadir, "cifar-10-batches-py_archive")
        with tarfile.open(archive, "w:gz") as tar:
            tar.add(src, arcname="cifar-10-batches-py")
        (x_train, y_train), (x_test, y_test) = cifar10.load_data()
        expected = (
            (10, 32, 32, 3)
            if backend.image_data_format() == "channels_last"
            else (10, 3, 32, 32)
        )
        self.assertEqual(x_train.shape, expected)
        self.assertEqual(y_train.shape, (10, 1))
        self.assertEqual(y_test.shape, (2, 1))

    def test_missing_file_without_network_is_an_error(self):
        with mock.patch(
            "keras.src.utils.file_utils._download",
            side_effect=OSError("no network"),
        ):
            with self.assertRaises(Exception):
                mnist.load_data(path="absent.npz")


class SequenceDatasetsTest(testing.TestCase):
    def setUp(self):
        super().setUp()
        self.home = self.get_temp_dir()
        self.datadir = os.path.join(self.home, "datasets")
        os.makedirs(self.datadir, exist_ok=True)
        patcher = mock.patch.dict(os.environ, {"KERAS_HOME": self.home})
        patcher.start()
        self.addCleanup(patcher.stop)

    def _objects(self, seqs):
        out = np.empty(len(seqs), dtype=object)
        out[:] = seqs
        return out

    def test_imdb_word_options(self):
        from keras.src.datasets import imdb

        np.savez(
            os.path.join(self.datadir, "imdb.npz"),
            x_train=self._objects([[1, 2, 9], [4, 5, 6, 7, 8]]),
            y_train=np.array([1, 0]),
            x_test=self._objects([[3]]),
            y_test=np.array([1]),
        )
        (x_train, y_train), (x_test, y_test) = imdb.load_data(
            num_words=10, maxlen=4, seed=0
        )
        # The 6-token review is dropped by maxlen; ids >= 10 become 2.
        self.assertEqual(len(x_train), 1)
        self.assertEqual(list(x_train[0]), [1, 4, 5, 2])
        self.assertEqual(list(x_test[0]), [1, 6])
        self.assertEqual(int(y_train[0]), 1)

    def test_reuters_split_and_labels(self):
        from keras.src.datasets import reuters

        np.savez(
            os.path.join(self.datadir, "reuters.npz"),
            x=self._objects([[1], [2], [3], [4], [5]]),
            y=np.arange(5),
        )
        (x_train, y_train), (x_test, _) = reuters.load_data(
            test_split=0.4, oov_char=None, start_char=None, index_from=0
        )
        self.assertEqual((len(x_train), len(x_test)), (3, 2))
        self.assertEqual([x[0] - 1 for x in x_train], list(y_train))
        self.assertEqual(len(reuters.get_label_names()), 46)
