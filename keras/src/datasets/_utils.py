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


def as_object_array(sequences):
    """A 1D NumPy object array holding each sequence as a list."""
    out = np.empty(len(sequences), dtype=object)
    out[:] = sequences
    return out
