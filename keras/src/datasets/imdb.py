"""IMDB movie-review sentiment classification."""

import warnings

import numpy as np

from keras.src.api_export import keras_export
from keras.src.datasets._utils import fetch
from keras.src.datasets._utils import load_word_index
from keras.src.datasets._utils import prepare_sequences
from keras.src.datasets._utils import split_sequences
from keras.src.datasets.npz_utils import load_npz


@keras_export("keras.datasets.imdb.load_data")
def load_data(
    path="imdb.npz",
    num_words=None,
    skip_top=0,
    maxlen=None,
    seed=113,
    start_char=1,
    oov_char=2,
    index_from=3,
    **kwargs,
):
    """Loads the IMDB dataset: 50,000 reviews labeled positive/negative.

    Reviews are sequences of word ids, words being ranked by frequency
    in the data (id `i` is the `i`-th most frequent word). Train and test
    sets are each shuffled with `seed`.

    Args:
        path: File name of the cached archive.
        num_words: Keep only the `num_words` most frequent words (others
            become `oov_char`). Defaults to all words.
        skip_top: Also treat the `skip_top` most frequent words as
            out-of-vocabulary.
        maxlen: Drop sequences longer than this.
        seed: Seed of the shuffles.
        start_char: Id put at the start of every sequence (`None` for
            none).
        oov_char: Id of out-of-vocabulary words; `None` removes them.
        index_from: Offset added to every word id (ids below it are
            reserved for the marks above).
        **kwargs: Legacy arguments (such as `nb_words`), ignored with a
            warning.

    Returns:
        `(x_train, y_train), (x_test, y_test)`: object arrays of id lists
        and int labels (1 positive, 0 negative).

    Example:

    ```python
    (x_train, y_train), _ = keras.datasets.imdb.load_data(num_words=10000)
    ```
    """
    if kwargs:
        # Upstream Keras accepts and ignores these; scripts must still run.
        warnings.warn(
            "`imdb.load_data` ignores the arguments "
            f"{sorted(kwargs)}; use `num_words`, `skip_top`, `maxlen`, "
            "`seed`, `start_char`, `oov_char` and `index_from`.",
            stacklevel=2,
        )
    arrays = load_npz(
        fetch(
            path,
            "imdb.npz",
            "69664113be75683a8fe16e3ed0ab59fda8886cb3cd7ada244f7d9544e4676b9f",
        )
    )
    x_train, y_train = arrays["x_train"], arrays["y_train"]
    x_test, y_test = arrays["x_test"], arrays["y_test"]
    rng = np.random.RandomState(seed)
    order = np.arange(len(x_train))
    rng.shuffle(order)
    x_train, y_train = x_train[order], y_train[order]
    order = np.arange(len(x_test))
    rng.shuffle(order)
    x_test, y_test = x_test[order], y_test[order]
    xs = list(x_train) + list(x_test)
    labels = np.concatenate([y_train, y_test])
    xs, keep = prepare_sequences(
        xs, num_words, skip_top, maxlen, start_char, oov_char, index_from
    )
    labels = labels[keep]
    num_train = int(keep[: len(x_train)].sum())
    return split_sequences(xs, labels, num_train)


@keras_export("keras.datasets.imdb.get_word_index")
def get_word_index(path="imdb_word_index.json"):
    """The dict mapping words to their ids in the IMDB dataset.

    Note that `load_data` shifts the ids by `index_from` (3 by default).

    Args:
        path: File name of the cached index.

    Returns:
        A dict `{word: id}`.

    Example:

    ```python
    index = keras.datasets.imdb.get_word_index()
    ```
    """
    return load_word_index(
        path, "imdb_word_index.json", "bfafd718b763782e994055a2d397834f"
    )
