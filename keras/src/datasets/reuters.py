"""Reuters newswire topic classification."""

import numpy as np

from keras.src.api_export import keras_export
from keras.src.datasets._utils import fetch
from keras.src.datasets._utils import load_word_index
from keras.src.datasets._utils import prepare_sequences
from keras.src.datasets._utils import split_sequences
from keras.src.datasets.npz_utils import load_npz

_LABEL_NAMES = (
    "cocoa", "grain", "veg-oil", "earn", "acq", "wheat", "copper",
    "housing", "money-supply", "coffee", "sugar", "trade", "reserves",
    "ship", "cotton", "carcass", "crude", "nat-gas", "cpi", "money-fx",
    "interest", "gnp", "meal-feed", "alum", "oilseed", "gold", "tin",
    "strategic-metal", "livestock", "retail", "ipi", "iron-steel",
    "rubber", "heat", "jobs", "lei", "bop", "zinc", "orange",
    "pet-chem", "dlr", "gas", "silver", "wpi", "hog", "lead",
)  # fmt: skip


@keras_export("keras.datasets.reuters.load_data")
def load_data(
    path="reuters.npz",
    num_words=None,
    skip_top=0,
    maxlen=None,
    test_split=0.2,
    seed=113,
    start_char=1,
    oov_char=2,
    index_from=3,
):
    """Loads the Reuters newswire dataset: 11,228 wires in 46 topics.

    Wires are sequences of word ids, ranked by word frequency as in
    `imdb`. Samples are shuffled with `seed`, then split.

    Args:
        path: File name of the cached archive.
        num_words: Keep only the `num_words` most frequent words.
        skip_top: Also treat the `skip_top` most frequent words as
            out-of-vocabulary.
        maxlen: Drop sequences longer than this.
        test_split: Fraction of the samples kept for testing.
        seed: Seed of the shuffle.
        start_char: Id put at the start of every sequence (`None` for
            none).
        oov_char: Id of out-of-vocabulary words; `None` removes them.
        index_from: Offset added to every word id.

    Returns:
        `(x_train, y_train), (x_test, y_test)`: object arrays of id lists
        and int topic labels.

    Example:

    ```python
    (x_train, y_train), _ = keras.datasets.reuters.load_data(num_words=5000)
    ```
    """
    arrays = load_npz(
        fetch(
            path,
            "reuters.npz",
            "d6586e694ee56d7a4e65172e12b3e987c03096cb01eab99753921ef915959916",
        )
    )
    xs, labels = arrays["x"], arrays["y"]
    order = np.arange(len(xs))
    np.random.RandomState(seed).shuffle(order)
    xs, labels = list(xs[order]), labels[order]
    xs, keep = prepare_sequences(
        xs, num_words, skip_top, maxlen, start_char, oov_char, index_from
    )
    labels = labels[keep]
    num_train = int(len(xs) * (1 - test_split))
    return split_sequences(xs, labels, num_train)


@keras_export("keras.datasets.reuters.get_word_index")
def get_word_index(path="reuters_word_index.json"):
    """The dict mapping words to their ids in the Reuters dataset.

    Args:
        path: File name of the cached index.

    Returns:
        A dict `{word: id}` (before the `index_from` shift).

    Example:

    ```python
    index = keras.datasets.reuters.get_word_index()
    ```
    """
    return load_word_index(
        path, "reuters_word_index.json", "4d44cc38712099c9e383dc6e5f11a921"
    )


@keras_export("keras.datasets.reuters.get_label_names")
def get_label_names():
    """The topic names of the Reuters dataset, indexed by label.

    Returns:
        A tuple of 46 strings.

    Example:

    >>> keras.datasets.reuters.get_label_names()[3]
    'earn'
    """
    return _LABEL_NAMES
