"""Reading the pickled batches of the CIFAR datasets."""

import numpy as np

from keras.src import backend
from keras.src.datasets.npz_utils import AllowListUnpickler


def load_batch(path, label_key="labels"):
    """Images `(n, 3, 32, 32)` and labels of one pickled CIFAR batch."""
    with open(path, "rb") as f:
        raw = AllowListUnpickler(f, encoding="bytes").load()
    batch = {
        (k.decode("utf8") if isinstance(k, bytes) else k): v
        for k, v in raw.items()
    }
    data = np.asarray(batch["data"]).reshape(-1, 3, 32, 32)
    return data, batch[label_key]


def to_layout(x):
    """CIFAR images (channels first) in the configured image layout."""
    if backend.image_data_format() == "channels_last":
        return x.transpose(0, 2, 3, 1)
    return x
