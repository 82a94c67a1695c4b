"""MNIST handwritten digits."""

import numpy as np

from keras.src.api_export import keras_export
from keras.src.datasets._utils import fetch


@keras_export("keras.datasets.mnist.load_data")
def load_data(path="mnist.npz"):
    """Loads MNIST: 70,000 grayscale 28x28 images of the digits 0-9.

    The archive is downloaded on first use and cached as
    `~/.keras/datasets/mnist.npz` (or under `$KERAS_HOME/datasets/`).

    Args:
        path: File name of the cached archive.

    Returns:
        `(x_train, y_train), (x_test, y_test)`: uint8 images of shape
        `(60000, 28, 28)` / `(10000, 28, 28)` and uint8 labels.

    Example:

    ```python
    (x_train, y_train), (x_test, y_test) = keras.datasets.mnist.load_data()
    ```
    """
    path = fetch(
        path,
        "mnist.npz",
        "731c5ac602752760c8e48fbffcf8c3b850d9dc2a2aedcf2cc48468fc17b673d1",
    )
    with np.load(path, allow_pickle=False) as f:
        return (f["x_train"], f["y_train"]), (f["x_test"], f["y_test"])
