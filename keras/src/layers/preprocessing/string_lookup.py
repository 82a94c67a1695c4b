"""`StringLookup`: maps strings to integer indices through a vocabulary."""

from keras.src.api_export import keras_export
from keras.src.layers.preprocessing.index_lookup import IndexLookup
from keras.src.layers.preprocessing.index_lookup import shared_arguments


@keras_export("keras.layers.StringLookup")
class StringLookup(IndexLookup):
    """Maps string tokens to integer indices from a vocabulary.

    The vocabulary is given (`vocabulary`, a list or a text file with one
    token per line) or learned by `adapt()`, which keeps the most frequent
    tokens. Index 0 is the mask token (when `mask_token` is set), the next
    `num_oov_indices` indices take unknown tokens (spread by hashing), and
    the vocabulary follows. Inputs are TensorFlow-compatible strings (lists,
    NumPy string arrays, TF tensors); the layer also runs inside
    `tf.data.Dataset.map`.

    Args:
        max_tokens: Maximum vocabulary size, special tokens included, or
            `None` for no limit.
        num_oov_indices: Number of out-of-vocabulary indices. Defaults to 1.
        mask_token: Token mapped to index 0, or `None` (default) for none.
        oov_token: The token returned for unknown indices when
            `invert=True`. Defaults to `"[UNK]"`.
        vocabulary: Optional list/array of strings or path to a vocabulary
            file.
        idf_weights: Optional inverse document frequencies, one per
            vocabulary token (`output_mode="tf_idf"` only).
        invert: If `True`, maps indices back to strings.
        output_mode: `"int"` (default), `"one_hot"`, `"multi_hot"`,
            `"count"` or `"tf_idf"`; the encodings follow
            `keras.layers.CategoryEncoding`, with the mask dropped.
        pad_to_max_tokens: Whether encoded outputs always have
            `max_tokens` entries.
        sparse: Whether encoded outputs are sparse tensors.
        encoding: Text encoding of the inputs. Defaults to `"utf-8"`.
        salt: Optional integer or pair keying the OOV hash (SipHash).
        **kwargs: Standard `Layer` options.

    Example:

    >>> layer = keras.layers.StringLookup(vocabulary=["cat", "dog"])
    >>> layer([["dog", "cat", "emu"]])
    array([[2, 1, 0]], dtype=int32)
    """

    _tf_outputs_to_backend = True

    def __init__(
        self,
        max_tokens=None,
        num_oov_indices=1,
        mask_token=None,
        oov_token="[UNK]",
        vocabulary=None,
        idf_weights=None,
        invert=False,
        output_mode="int",
        pad_to_max_tokens=False,
        sparse=False,
        encoding="utf-8",
        salt=None,
        name=None,
        **kwargs,
    ):
        kwargs.pop("vocabulary_dtype", None)
        kwargs.pop("oov_method", None)
        self.encoding = encoding
        super().__init__(
            vocabulary_dtype="string",
            oov_method="farmhash" if salt is not None else "floormod",
            **shared_arguments(locals()),
            **kwargs,
        )

    def get_config(self):
        config = super().get_config()
        config["encoding"] = self.encoding
        config["vocabulary_size"] = self.vocabulary_size()
        del config["vocabulary_dtype"]
        return config
