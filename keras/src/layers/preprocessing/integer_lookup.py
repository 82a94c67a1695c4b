"""`IntegerLookup`: maps integers to contiguous indices via a vocabulary."""

from keras.src.api_export import keras_export
from keras.src.layers.preprocessing.index_lookup import IndexLookup
from keras.src.layers.preprocessing.index_lookup import shared_arguments


@keras_export("keras.layers.IntegerLookup")
class IntegerLookup(IndexLookup):
    """Maps arbitrary integer tokens to contiguous indices.

    Useful to turn sparse integer ids (user ids, product codes) into a
    dense range for an `Embedding` or one-hot encoding. The vocabulary is
    given (`vocabulary`, a list or a text file with one integer per line)
    or learned by `adapt()`, which keeps the most frequent values. Index 0
    is the mask token (when `mask_token` is set), the next
    `num_oov_indices` indices take unknown values, and the vocabulary
    follows.

    Args:
        max_tokens: Maximum vocabulary size, special tokens included, or
            `None` for no limit.
        num_oov_indices: Number of out-of-vocabulary indices. Defaults to 1.
        mask_token: Integer mapped to index 0, or `None` (default).
        oov_token: The value returned for unknown indices when
            `invert=True`. Defaults to `-1`.
        vocabulary: Optional list/array of integers or path to a file.
        vocabulary_dtype: Must be `"int64"`.
        idf_weights: Optional inverse document frequencies, one per
            vocabulary token (`output_mode="tf_idf"` only).
        invert: If `True`, maps indices back to the integer tokens.
        output_mode: `"int"` (default), `"one_hot"`, `"multi_hot"`,
            `"count"` or `"tf_idf"`; the encodings follow
            `keras.layers.CategoryEncoding`, with the mask dropped.
        sparse: Whether encoded outputs are sparse tensors.
        pad_to_max_tokens: Whether encoded outputs always have
            `max_tokens` entries.
        oov_method: `"floormod"` (default: value modulo
            `num_oov_indices`) or `"farmhash"` (hash of the value) to pick
            the OOV index of unknown values.
        salt: Optional integer or pair keying the `"farmhash"` OOV hash.
        **kwargs: Standard `Layer` options.

    Example:

    >>> layer = keras.layers.IntegerLookup(vocabulary=[1000, 7])
    >>> layer(np.array([7, 1000, 5]))
    array([2, 1, 0], dtype=int32)
    """

    _tf_outputs_to_backend = True

    def __init__(
        self,
        max_tokens=None,
        num_oov_indices=1,
        mask_token=None,
        oov_token=-1,
        vocabulary=None,
        vocabulary_dtype="int64",
        idf_weights=None,
        invert=False,
        output_mode="int",
        sparse=False,
        pad_to_max_tokens=False,
        oov_method="floormod",
        salt=None,
        name=None,
        **kwargs,
    ):
        if vocabulary_dtype != "int64":
            raise ValueError(
                "`vocabulary_dtype` must be 'int64' for `IntegerLookup`. "
                f"Received: vocabulary_dtype={vocabulary_dtype}"
            )
        super().__init__(
            vocabulary_dtype=vocabulary_dtype,
            oov_method=oov_method,
            **shared_arguments(locals()),
            **kwargs,
        )

    def get_config(self):
        config = super().get_config()
        config["vocabulary_size"] = self.vocabulary_size()
        return config
