"""Shared helpers of the dataset loaders."""

import json

import numpy as np

from keras.src.utils.file_utils import get_file

# Folder of the files that Keras hosts for its datasets.
KERAS_DATASETS_URL = (
    "https://storage.googleapis.com/tensorflow/tf-keras-datasets/"
)


def fetch(path, name, file_hash):
    """The local copy of `name`, a file Keras hosts for its datasets,
    cached as `path` (downloaded, and checked against `file_hash`, when
    the cache does not hold it yet)."""
    return get_file(
        fname=path, origin=KERAS_DATASETS_URL + name, file_hash=file_hash
    )


def load_xy(path, name, file_hash):
    """The `x` and `y` arrays of the hosted `.npz` file `name`."""
    with np.load(fetch(path, name, file_hash), allow_pickle=False) as f:
        return f["x"], f["y"]


def load_word_index(path, name, file_hash):
    """The `{word: id}` dict of the hosted JSON word index `name`."""
    with open(fetch(path, name, file_hash)) as f:
        return json.load(f)


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


def prepare_sequences(
    xs,
    num_words=None,
    skip_top=0,
    maxlen=None,
    start_char=1,
    oov_char=2,
    index_from=3,
):
    """Applies the word-index options shared by `imdb` and `reuters`.

    Each sequence gets its word ids shifted by `index_from` and
    `start_char` in front (unless it is `None`). With `maxlen`, only the
    sequences shorter than `maxlen` (start mark included) are kept; the
    returned keep-mask says which. Then every id (the start mark too)
    that is `>= num_words` or `< skip_top` becomes `oov_char`, or is
    removed when `oov_char` is `None`. `num_words=None` stands for the
    largest id found, which is itself out of range (Keras has always
    counted it so).
    """
    sequences = []
    for x in xs:
        x = [w + index_from for w in x]
        if start_char is not None:
            x = [start_char] + x
        sequences.append(x)
    keep = np.ones(len(sequences), bool)
    if maxlen is not None:
        keep = np.array([len(x) < maxlen for x in sequences], bool)
        if not keep.any():
            raise ValueError(
                f"After keeping only the sequences shorter than maxlen="
                f"{maxlen}, none is left. Increase `maxlen`."
            )
        sequences = [x for x, k in zip(sequences, keep) if k]
    if num_words is None:
        num_words = max(max(x) for x in sequences if x)

    def fits(w):
        return skip_top <= w < num_words

    if oov_char is None:
        result = [[w for w in x if fits(w)] for x in sequences]
    else:
        result = [[w if fits(w) else oov_char for w in x] for x in sequences]
    return result, keep


def split_sequences(sequences, labels, num_train):
    """`(x_train, y_train), (x_test, y_test)`: the first `num_train`
    sequences and labels, then the rest; the sequences as 1D NumPy object
    arrays of lists."""
    xs = np.empty(len(sequences), dtype=object)
    xs[:] = sequences
    return (xs[:num_train], labels[:num_train]), (
        xs[num_train:],
        labels[num_train:],
    )
