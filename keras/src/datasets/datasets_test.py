import gzip
import io
import json
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
from keras.src.datasets import cifar100
from keras.src.datasets import fashion_mnist
from keras.src.datasets import imdb
from keras.src.datasets import mnist
from keras.src.datasets import reuters


def _objects(seqs):
    out = np.empty(len(seqs), dtype=object)
    out[:] = seqs
    return out


def _pickled(obj):
    return pickle.dumps(obj, protocol=3)


class _KerasHomeTestCase(testing.TestCase):
    """Tests whose `$KERAS_HOME` is a fresh folder with an empty
    `datasets` folder (`self.datadir`), where every file passes the hash
    check."""

    def setUp(self):
        super().setUp()
        self.home = self.get_temp_dir()
        self.datadir = os.path.join(self.home, "datasets")
        os.makedirs(self.datadir, exist_ok=True)
        self._patch(mock.patch.dict(os.environ, {"KERAS_HOME": self.home}))
        self._patch(
            mock.patch(
                "keras.src.utils.file_utils.validate_file", return_value=True
            )
        )

    def _patch(self, patcher):
        patcher.start()
        self.addCleanup(patcher.stop)


class CachedDatasetTest(_KerasHomeTestCase):
    """Loaders find the files that upstream Keras 3.15.1 leaves in
    `$KERAS_HOME/datasets` (file and folder names observed by running it)
    and download nothing: every download fails here. The files are fakes,
    so the hash check is accepted (except where a test says otherwise)."""

    def setUp(self):
        super().setUp()
        self._patch(
            mock.patch(
                "keras.src.utils.file_utils._download",
                side_effect=AssertionError("no download expected"),
            )
        )

    def _path(self, *parts):
        return os.path.join(self.datadir, *parts)

    def _cifar_archive(self, fname, top, batches):
        """Writes upstream's `<fname>_archive` (a tar.gz holding `top/`)."""
        with tarfile.open(self._path(fname + "_archive"), "w:gz") as tar:
            for name, batch in batches.items():
                data = _pickled(batch)
                info = tarfile.TarInfo(f"{top}/{name}")
                info.size = len(data)
                tar.addfile(info, io.BytesIO(data))

    def _images_shape(self, n):
        if backend.image_data_format() == "channels_last":
            return (n, 32, 32, 3)
        return (n, 3, 32, 32)

    def test_mnist(self):
        arrays = {
            "x_train": np.zeros((6, 28, 28), "uint8"),
            "y_train": np.arange(6, dtype="uint8"),
            "x_test": np.ones((2, 28, 28), "uint8"),
            "y_test": np.arange(2, dtype="uint8"),
        }
        np.savez(self._path("mnist.npz"), **arrays)
        (x_train, _), (_, y_test) = mnist.load_data()
        self.assertEqual(x_train.shape, (6, 28, 28))
        self.assertAllClose(y_test, [0, 1])

    def test_fashion_mnist(self):
        folder = self._path("fashion-mnist")
        os.makedirs(folder)
        labels = np.array([3, 1, 4], "uint8")
        images = (np.arange(3 * 28 * 28) % 256).astype("uint8")
        contents = {
            "train-labels-idx1-ubyte.gz": b"\0" * 8 + labels.tobytes(),
            "train-images-idx3-ubyte.gz": b"\0" * 16 + images.tobytes(),
            "t10k-labels-idx1-ubyte.gz": b"\0" * 8 + labels[:1].tobytes(),
            "t10k-images-idx3-ubyte.gz": b"\0" * 16
            + images[: 28 * 28].tobytes(),
        }
        for name, data in contents.items():
            with gzip.open(os.path.join(folder, name), "wb") as f:
                f.write(data)
        (x_train, y_train), (x_test, _) = fashion_mnist.load_data()
        self.assertEqual(x_train.shape, (3, 28, 28))
        self.assertAllClose(y_train, [3, 1, 4])
        self.assertEqual(x_test.shape, (1, 28, 28))

    def test_housing_split_is_seeded(self):
        x = np.arange(50.0).reshape(10, 5)
        y = np.arange(10.0)
        for name in ("boston_housing.npz", "california_housing.npz"):
            np.savez(self._path(name), x=x, y=y)
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

    def test_cifar10_extracted_folder(self):
        batch = {b"data": np.full((2, 3072), 7, "uint8"), b"labels": [1, 2]}
        names = [f"data_batch_{i}" for i in range(1, 6)] + ["test_batch"]
        self._cifar_archive(
            "cifar-10-batches-py-target",
            "cifar-10-batches-py",
            dict.fromkeys(names, batch),
        )
        # Upstream leaves the archive and the folder it extracted.
        folder = self._path("cifar-10-batches-py-target", "cifar-10-batches-py")
        os.makedirs(folder)
        for name in names:
            with open(os.path.join(folder, name), "wb") as f:
                f.write(_pickled({**batch, b"labels": [3, 4]}))
        (x_train, y_train), (x_test, y_test) = cifar10.load_data()
        self.assertEqual(x_train.shape, self._images_shape(10))
        self.assertEqual(x_train.dtype, "uint8")
        # Read from the folder, not from the archive.
        self.assertAllEqual(y_train[:, 0], [3, 4] * 5)
        self.assertEqual(y_test.shape, (2, 1))

    def test_cifar100_archive_only(self):
        batch = {
            b"data": np.full((3, 3072), 5, "uint8"),
            b"fine_labels": [10, 20, 30],
            b"coarse_labels": [1, 2, 3],
        }
        self._cifar_archive(
            "cifar-100-python-target",
            "cifar-100-python",
            {"train": batch, "test": batch},
        )
        (x_train, y_train), _ = cifar100.load_data()
        self.assertEqual(x_train.shape, self._images_shape(3))
        self.assertAllEqual(y_train[:, 0], [10, 20, 30])
        self.assertEqual(y_train.dtype, "int64")
        _, (_, y_test) = cifar100.load_data(label_mode="coarse")
        self.assertAllEqual(y_test[:, 0], [1, 2, 3])

    def test_cifar_batch_refuses_pickled_code(self):
        marker = os.path.join(self.get_temp_dir(), "marker")

        class Exploit:
            def __reduce__(self):
                return (os.system, (f"touch {marker}",))

        names = [f"data_batch_{i}" for i in range(1, 6)] + ["test_batch"]
        folder = self._path("cifar-10-batches-py-target", "cifar-10-batches-py")
        os.makedirs(folder)
        open(self._path("cifar-10-batches-py-target_archive"), "w").close()
        for name in names:
            with open(os.path.join(folder, name), "wb") as f:
                f.write(pickle.dumps({b"data": Exploit(), b"labels": [1]}))
        with self.assertRaisesRegex(pickle.UnpicklingError, "Refusing"):
            cifar10.load_data()
        self.assertFalse(os.path.exists(marker))

    def test_word_indices(self):
        for name in ("imdb_word_index.json", "reuters_word_index.json"):
            with open(self._path(name), "w") as f:
                json.dump({"the": 1, name: 2}, f)
        self.assertEqual(imdb.get_word_index()["imdb_word_index.json"], 2)
        self.assertEqual(reuters.get_word_index()["reuters_word_index.json"], 2)

    def test_changed_file_is_downloaded_again(self):
        np.savez(self._path("boston_housing.npz"), x=np.ones((4, 2)), y=[1])
        with mock.patch(
            "keras.src.utils.file_utils.validate_file", return_value=False
        ):
            with self.assertRaisesRegex(AssertionError, "no download"):
                boston_housing.load_data()


class SequenceDatasetsTest(_KerasHomeTestCase):
    def test_imdb_word_options(self):
        np.savez(
            os.path.join(self.datadir, "imdb.npz"),
            x_train=_objects([[1, 2, 9], [4, 5, 6, 7, 8], [1]]),
            y_train=np.array([1, 0, 0]),
            x_test=_objects([[3]]),
            y_test=np.array([1]),
        )
        (x_train, y_train), (x_test, _) = imdb.load_data(
            num_words=10, maxlen=5, seed=0
        )
        # maxlen keeps sequences shorter than it (start mark included);
        # ids >= num_words become oov_char (2).
        self.assertEqual(sorted(map(list, x_train)), [[1, 4], [1, 4, 5, 2]])
        self.assertEqual(list(x_test[0]), [1, 6])
        self.assertEqual(sorted(y_train.tolist()), [0, 1])
        # skip_top also replaces the start mark.
        (x_train, _), _ = imdb.load_data(skip_top=5, seed=0, maxlen=3)
        self.assertEqual(list(x_train[0]), [2, 2])
        # Without num_words, the largest id counts as out of range.
        (x_train, _), _ = imdb.load_data(oov_char=None, seed=0)
        self.assertNotIn(12, [w for x in x_train for w in x])
        with self.assertRaisesRegex(ValueError, "maxlen"):
            imdb.load_data(maxlen=1)
        with self.assertWarnsRegex(UserWarning, "nb_words"):
            imdb.load_data(nb_words=10)

    def test_reuters_split_and_labels(self):
        np.savez(
            os.path.join(self.datadir, "reuters.npz"),
            x=_objects([[1], [2], [3], [4], [5]]),
            y=np.arange(5),
        )
        (x_train, y_train), (x_test, _) = reuters.load_data(
            test_split=0.4,
            oov_char=None,
            start_char=None,
            index_from=0,
            num_words=10,
        )
        self.assertEqual((len(x_train), len(x_test)), (3, 2))
        self.assertEqual([x[0] - 1 for x in x_train], list(y_train))
        self.assertEqual(len(reuters.get_label_names()), 46)

    def test_sequence_archive_refuses_pickled_code(self):
        class Exploit:
            def __reduce__(self):
                return (os.getcwd, ())

        np.savez(
            os.path.join(self.datadir, "reuters.npz"),
            x=_objects([Exploit(), [1]]),
            y=np.arange(2),
        )
        with self.assertRaisesRegex(pickle.UnpicklingError, "os"):
            reuters.load_data()
