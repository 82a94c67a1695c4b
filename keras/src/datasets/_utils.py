"""Shared helpers of the dataset loaders."""

import numpy as np

# Folder of the files that Keras hosts for its datasets.
KERAS_DATASETS_URL = (
    "https://storage.googleapis.com/tensorflow/tf-keras-datasets/"
)


def shuffled_split(x, y, test_split, seed):
    """`(x_train, y_train), (x_test, y_test)` after a seeded shuffle."""
    if not 0 <= test_split < 1:
        raise ValueError(
            "`test_split` must be in [0, 1) (the fraction of samples held "
            f"out for testing). Received: test_split={test_split}"
        )
    order = np.random.RandomState(seed).permutation(len(x))
    x, y = x[order], y[order]
    num_train = int(len(x) * (1 - test_split))
    return (x[:num_train], y[:num_train]), (x[num_train:], y[num_train:])
