"""Fashion-MNIST: grayscale images of clothing."""

import gzip
import os

import numpy as np

from keras.src.api_export import keras_export
from keras.src.datasets._utils import KERAS_DATASETS_URL
from keras.src.utils.file_utils import get_file

_FILES = (
    "train-labels-idx1-ubyte.gz",
    "train-images-idx3-ubyte.gz",
    "t10k-labels-idx1-ubyte.gz",
    "t10k-images-idx3-ubyte.gz",
)


@keras_export("keras.datasets.fashion_mnist.load_data")
def load_data():
    """Loads Fashion-MNIST: 70,000 grayscale 28x28 images of 10 classes.

    Classes: 0 T-shirt/top, 1 trouser, 2 pullover, 3 dress, 4 coat,
    5 sandal, 6 shirt, 7 sneaker, 8 bag, 9 ankle boot. The four files are
    cached under `~/.keras/datasets/fashion-mnist/`.

    Returns:
        `(x_train, y_train), (x_test, y_test)`: uint8 images of shape
        `(60000, 28, 28)` / `(10000, 28, 28)` and uint8 labels.

    Example:

    ```python
    (x_train, y_train), _ = keras.datasets.fashion_mnist.load_data()
    ```
    """
    subdir = os.path.join("datasets", "fashion-mnist")
    paths = [
        get_file(name, origin=KERAS_DATASETS_URL + name, cache_subdir=subdir)
        for name in _FILES
    ]

    def read(path, offset):
        with gzip.open(path, "rb") as f:
            return np.frombuffer(f.read(), np.uint8, offset=offset)

    # IDX files: 8 header bytes before labels, 16 before images.
    y_train = read(paths[0], 8)
    x_train = read(paths[1], 16).reshape(len(y_train), 28, 28)
    y_test = read(paths[2], 8)
    x_test = read(paths[3], 16).reshape(len(y_test), 28, 28)
    return (x_train, y_train), (x_test, y_test)
