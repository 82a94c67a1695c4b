"""CIFAR-100: small color images of 100 classes."""

import os

import numpy as np

from keras.src.api_export import keras_export
from keras.src.datasets.cifar import load_batch
from keras.src.datasets.cifar import to_layout
from keras.src.utils.file_utils import get_file

_ORIGIN = "https://www.cs.toronto.edu/~kriz/cifar-100-python.tar.gz"
_SHA256 = "85cd44d02ba6437773c5bbd22e183051d648de2e7d6b014e1ef29b855ba677a7"


@keras_export("keras.datasets.cifar100.load_data")
def load_data(label_mode="fine"):
    """Loads CIFAR-100: 60,000 32x32 color images in 100 classes.

    The 100 fine classes are grouped into 20 coarse superclasses. The
    archive is cached as
    `~/.keras/datasets/cifar-100-python-target_archive` and extracted into
    the folder `cifar-100-python-target/` beside it.

    Args:
        label_mode: `"fine"` (100 classes) or `"coarse"` (20
            superclasses).

    Returns:
        `(x_train, y_train), (x_test, y_test)`: uint8 images of shape
        `(50000, 32, 32, 3)` / `(10000, 32, 32, 3)` (channels first with
        `image_data_format() == "channels_first"`) and int64 labels of
        shape `(n, 1)`.

    Example:

    ```python
    (x_train, y_train), _ = keras.datasets.cifar100.load_data("coarse")
    ```
    """
    if label_mode not in ("fine", "coarse"):
        raise ValueError(
            '`label_mode` must be one of "fine", "coarse". '
            f"Received: label_mode={label_mode}."
        )
    folder = get_file(
        fname="cifar-100-python-target",
        origin=_ORIGIN,
        extract=True,
        file_hash=_SHA256,
    )
    path = os.path.join(folder, "cifar-100-python")
    key = f"{label_mode}_labels"
    x_train, y_train = load_batch(os.path.join(path, "train"), key)
    x_test, y_test = load_batch(os.path.join(path, "test"), key)
    y_train = np.asarray(y_train, "int64").reshape(-1, 1)
    y_test = np.asarray(y_test, "int64").reshape(-1, 1)
    return (to_layout(x_train.astype("uint8")), y_train), (
        to_layout(x_test.astype("uint8")),
        y_test,
    )
