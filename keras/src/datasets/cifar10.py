"""CIFAR-10: small color images of 10 classes."""

import os

import numpy as np

from keras.src.api_export import keras_export
from keras.src.datasets.cifar import load_batch
from keras.src.datasets.cifar import to_layout
from keras.src.utils.file_utils import get_file

_ORIGIN = "https://www.cs.toronto.edu/~kriz/cifar-10-python.tar.gz"
_SHA256 = "6d958be074577803d12ecdefd02955f39262c83c16fe9348329d7fe0b5c001ce"


@keras_export("keras.datasets.cifar10.load_data")
def load_data():
    """Loads CIFAR-10: 60,000 32x32 color images in 10 classes.

    Classes: 0 airplane, 1 automobile, 2 bird, 3 cat, 4 deer, 5 dog,
    6 frog, 7 horse, 8 ship, 9 truck. The archive is cached as
    `~/.keras/datasets/cifar-10-batches-py-target_archive` and extracted
    into the folder `cifar-10-batches-py-target/` beside it.

    Returns:
        `(x_train, y_train), (x_test, y_test)`: uint8 images of shape
        `(50000, 32, 32, 3)` / `(10000, 32, 32, 3)` (channels first with
        `image_data_format() == "channels_first"`) and uint8 labels of
        shape `(n, 1)`.

    Example:

    ```python
    (x_train, y_train), (x_test, y_test) = keras.datasets.cifar10.load_data()
    ```
    """
    folder = get_file(
        fname="cifar-10-batches-py-target",
        origin=_ORIGIN,
        extract=True,
        file_hash=_SHA256,
    )
    path = os.path.join(folder, "cifar-10-batches-py")
    parts = [
        load_batch(os.path.join(path, f"data_batch_{i}")) for i in range(1, 6)
    ]
    x_train = np.concatenate([p[0] for p in parts]).astype("uint8")
    y_train = np.concatenate([p[1] for p in parts]).astype("uint8")
    x_test, y_test = load_batch(os.path.join(path, "test_batch"))
    y_train = y_train.reshape(-1, 1)
    y_test = np.asarray(y_test, "uint8").reshape(-1, 1)
    return (to_layout(x_train), y_train), (
        to_layout(x_test.astype("uint8")),
        y_test,
    )
