"""`IndexLookup`: the vocabulary machinery of `StringLookup`/`IntegerLookup`.

Index layout of a vocabulary: the mask token (if any) at 0, then the
`num_oov_indices` out-of-vocabulary slots, then the tokens. Lookups run in
TensorFlow (a hash table built from the vocabulary), eagerly or inside a
`tf.data` pipeline.
"""

import collections
import os

import numpy as np

from keras.src import backend
from keras.src.layers.config_utils import attribute_config
from keras.src.layers.preprocessing import adapt_utils
from keras.src.layers.preprocessing import encoding_utils
from keras.src.layers.preprocessing.data_layer import TFComputedLayer
from keras.src.layers.preprocessing.hashing import hash_to_bins
from keras.src.layers.preprocessing.hashing import standardize_salt

_OUTPUT_MODES = ("int", "one_hot", "multi_hot", "count", "tf_idf")
_OOV_METHODS = ("floormod", "farmhash")
_VOCAB_FILE = "vocabulary.txt"

# The constructor arguments that `StringLookup` and `IntegerLookup` hand
# on to `IndexLookup` as they are.
SHARED_ARGUMENTS = (
    "max_tokens",
    "num_oov_indices",
    "mask_token",
    "oov_token",
    "vocabulary",
    "idf_weights",
    "invert",
    "output_mode",
    "pad_to_max_tokens",
    "sparse",
    "salt",
    "name",
)


def shared_arguments(arguments):
    """The `SHARED_ARGUMENTS` entries of `arguments`, the `locals()` of
    the constructor of a `StringLookup` or an `IntegerLookup`."""
    return {name: arguments[name] for name in SHARED_ARGUMENTS}


class IndexLookup(TFComputedLayer):
    """Maps tokens to integer indices from a vocabulary (or the inverse).

    The base of `keras.layers.StringLookup` and `keras.layers.IntegerLookup`
    (see those for the user-facing documentation). Called eagerly, it
    returns TensorFlow tensors; the public subclasses return backend
    tensors.

    Args:
        max_tokens: Maximum vocabulary size, special tokens included, or
            `None` for no limit.
        num_oov_indices: Number of out-of-vocabulary slots; unknown tokens
            are spread over them by hashing (or modulo for integers).
        mask_token: Token mapped to index 0, or `None` for no mask.
        oov_token: Token that the out-of-vocabulary slots stand for (the
            output of `invert=True` for unknown indices).
        vocabulary_dtype: `"string"` or `"int64"`.
        vocabulary: Optional list/array of tokens or path of a text file
            with one token per line.
        idf_weights: Optional inverse document frequencies (`"tf_idf"`).
        invert: If `True`, maps indices back to tokens.
        output_mode: `"int"`, `"one_hot"`, `"multi_hot"`, `"count"` or
            `"tf_idf"`.
        sparse: Whether non-`"int"` outputs are sparse.
        pad_to_max_tokens: Whether encoded outputs have `max_tokens`
            entries even when the vocabulary is smaller.
        oov_method: How integer tokens pick an OOV slot: `"floormod"`
            (value modulo `num_oov_indices`) or `"farmhash"`. Strings are
            always hashed.
        salt: Optional integer or pair of integers keying the OOV hash
            (SipHash); requires `oov_method="farmhash"` for integers.
        **kwargs: Standard `Layer` options.
    """

    _tf_outputs_to_backend = False

    def __init__(
        self,
        max_tokens,
        num_oov_indices,
        mask_token,
        oov_token,
        vocabulary_dtype,
        vocabulary=None,
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
        # Written by the configs of `StringLookup`/`IntegerLookup` for
        # information; the vocabulary itself (or the saved assets) sets it.
        kwargs.pop("vocabulary_size", None)
        output_mode = encoding_utils.standardize_output_mode(
            output_mode, _OUTPUT_MODES
        )
        if max_tokens is not None and max_tokens <= 1:
            raise ValueError(
                "If set, `max_tokens` must be greater than 1. Received: "
                f"max_tokens={max_tokens}"
            )
        if pad_to_max_tokens and max_tokens is None:
            raise ValueError(
                "If pad_to_max_tokens is True, must set `max_tokens`. "
                f"Received: max_tokens={max_tokens}"
            )
        if num_oov_indices < 0:
            raise ValueError(
                "`num_oov_indices` must be greater than or equal to 0. "
                f"Received: num_oov_indices={num_oov_indices}"
            )
        if invert and output_mode != "int":
            raise ValueError(
                "`output_mode` must be `'int'` when `invert` is true. "
                f"Received: output_mode={output_mode}"
            )
        if sparse and output_mode == "int":
            raise ValueError(
                "`sparse` may only be true if `output_mode` is "
                "`'one_hot'`, `'multi_hot'`, `'count'` or `'tf_idf'`. "
                f"Received: sparse={sparse} and output_mode={output_mode}"
            )
        if idf_weights is not None and output_mode != "tf_idf":
            raise ValueError(
                "`idf_weights` should only be set if `output_mode` is "
                f"`'tf_idf'`. Received: idf_weights={idf_weights} and "
                f"output_mode={output_mode}"
            )
        if oov_method not in _OOV_METHODS:
            raise ValueError(
                f"`oov_method` must be one of {_OOV_METHODS}. Received: "
                f"oov_method={oov_method}"
            )
        salt = standardize_salt(salt)
        if salt is not None and oov_method != "farmhash":
            raise ValueError(
                "`salt` keys the `'farmhash'` OOV hash; set "
                f"`oov_method='farmhash'` to use it. Received: salt={salt} "
                f"and oov_method={oov_method}"
            )
        if invert:
            dtype = vocabulary_dtype
        elif output_mode == "int":
            dtype = "int64"
        else:
            dtype = backend.floatx()
        kwargs.setdefault("dtype", dtype)
        super().__init__(name=name, **kwargs)
        self.max_tokens = max_tokens
        self.num_oov_indices = num_oov_indices
        self.mask_token = mask_token
        self.oov_token = oov_token
        self.vocabulary_dtype = vocabulary_dtype
        self.invert = invert
        self.output_mode = output_mode
        self.sparse = sparse
        self.pad_to_max_tokens = pad_to_max_tokens
        self.oov_method = oov_method
        self.salt = salt
        self.input_vocabulary = None
        self.input_idf_weights = None
        self.idf_weights = None
        self._tokens = None
        self._table = None
        self.built = True
        if vocabulary is not None:
            if not isinstance(vocabulary, str):
                self.input_vocabulary = self._as_token_list(vocabulary)
                if idf_weights is not None:
                    self.input_idf_weights = np.asarray(
                        idf_weights, dtype="float32"
                    ).tolist()
            self.set_vocabulary(vocabulary, idf_weights)

    # ------------------------------------------------------------ vocabulary
    def _special_tokens(self):
        special = [] if self.mask_token is None else [self.mask_token]
        return special + [self.oov_token] * self.num_oov_indices

    def _as_token(self, value):
        if isinstance(value, bytes):
            value = value.decode("utf-8")
        if self.vocabulary_dtype == "string":
            return str(value)
        return int(value)

    def _as_token_list(self, values):
        if hasattr(values, "numpy") and not isinstance(values, np.ndarray):
            values = values.numpy()
        if backend.is_tensor(values):
            values = backend.convert_to_numpy(values)
        return [self._as_token(v) for v in np.asarray(values).reshape(-1)]

    def _read_vocabulary_file(self, path):
        if not os.path.exists(path):
            raise ValueError(f"Vocabulary file {path} does not exist.")
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
        while lines and lines[-1] == "":
            lines.pop()
        return [self._as_token(line.rstrip("\r")) for line in lines]

    def set_vocabulary(self, vocabulary, idf_weights=None):
        """Sets the vocabulary (and, in `"tf_idf"` mode, the idf weights).

        Args:
            vocabulary: List/array of tokens or a path to a text file with
                one token per line. It may start with the special tokens
                (mask, then the OOV tokens), exactly as `get_vocabulary()`
                returns them.
            idf_weights: Inverse document frequencies, one per token
                (`"tf_idf"` mode only).
        """
        if self.output_mode == "tf_idf" and idf_weights is None:
            raise ValueError(
                "`idf_weights` must be set if output_mode is `'tf_idf'`. "
                "Pass them with the vocabulary."
            )
        if self.output_mode != "tf_idf" and idf_weights is not None:
            raise ValueError(
                "`idf_weights` should only be set if `output_mode` is "
                f"`'tf_idf'`. Received: idf_weights={idf_weights} and "
                f"output_mode={self.output_mode}"
            )
        if isinstance(vocabulary, str):
            tokens = self._read_vocabulary_file(vocabulary)
        else:
            tokens = self._as_token_list(vocabulary)
        special = self._special_tokens()
        if tokens[: len(special)] == special:
            tokens = tokens[len(special) :]
            if idf_weights is not None and len(idf_weights) > len(tokens):
                idf_weights = idf_weights[len(idf_weights) - len(tokens) :]
        if self.mask_token is not None and self.mask_token in tokens:
            raise ValueError(
                "Found reserved mask token at unexpected location in "
                "`vocabulary`. The vocabulary need not contain the mask and "
                "OOV tokens; if it does, they must come first, in the order "
                f"{special}. Received: mask_token={self.mask_token}, "
                f"vocabulary={tokens}"
            )
        if self.invert and self.oov_token in tokens:
            # Inverting would give the OOV token two meanings.
            raise ValueError(
                "Found reserved OOV token at unexpected location in "
                "`vocabulary`. The vocabulary need not contain the mask and "
                "OOV tokens; if it does, they must come first, in the order "
                f"{special}. Received: oov_token={self.oov_token}, "
                f"vocabulary={tokens}"
            )
        counts = collections.Counter(tokens)
        repeated = [t for t, c in counts.items() if c > 1]
        if repeated:
            raise ValueError(
                "The passed vocabulary has at least one repeated term. "
                f"Each token may appear once; repeated: {repeated}"
            )
        if (
            self.max_tokens is not None
            and len(tokens) + len(special) > self.max_tokens
        ):
            raise ValueError(
                "Attempted to set a vocabulary larger than the maximum "
                f"vocab size. Received vocabulary size is "
                f"{len(tokens) + len(special)}; `max_tokens` is "
                f"{self.max_tokens}."
            )
        self._tokens = tokens
        self._table = None
        if self.output_mode == "tf_idf":
            weights = np.asarray(idf_weights, dtype="float32").reshape(-1)
            if len(weights) != len(tokens):
                raise ValueError(
                    "`idf_weights` must have one weight per vocabulary "
                    f"token: got {len(weights)} weights for {len(tokens)} "
                    "tokens."
                )
            oov_weight = float(np.mean(weights)) if len(weights) else 0.0
            self.idf_weights = np.concatenate(
                [np.full((self.num_oov_indices,), oov_weight), weights]
            ).astype("float32")

    def get_vocabulary(self, include_special_tokens=True):
        """Returns the vocabulary as a list, in index order.

        Args:
            include_special_tokens: Whether to include the mask and OOV
                tokens at the start (then the position of a token is its
                index).
        """
        tokens = list(self._tokens or [])
        if include_special_tokens:
            return self._special_tokens() + tokens
        return tokens

    def vocabulary_size(self):
        """Returns the number of indices, special tokens included."""
        return len(self.get_vocabulary())

    # ----------------------------------------------------------------- adapt
    def adapt(self, data, steps=None):
        """Builds the vocabulary from the most frequent tokens of `data`.

        Tokens are ranked by decreasing frequency (ties by decreasing
        token) and the first `max_tokens` (minus the special
        tokens) are kept. In `"tf_idf"` mode the document frequencies
        also give the idf weights; each row of a batch (or each element
        of a rank-1 batch) is one document.

        Args:
            data: A list, array, `tf.data.Dataset`, `keras.utils.PyDataset`
                or iterable of batches of tokens.
            steps: Number of batches to read (all when `None`).
        """
        self.adapt_documents(
            _documents(self._as_token, batch)
            for batch in adapt_utils.iter_batches(data, steps=steps)
        )

    def adapt_documents(self, document_batches):
        """Builds the vocabulary from batches of documents.

        Args:
            document_batches: Iterable of batches; each batch is a list of
                documents, each document a list of tokens.
        """
        counts = collections.Counter()
        doc_counts = collections.Counter()
        num_docs = 0
        excluded = {self.mask_token, self.oov_token}
        for docs in document_batches:
            for doc in docs:
                counts.update(doc)
                doc_counts.update(set(doc))
                num_docs += 1
        # Most frequent first; ties in decreasing token order.
        ranked = [
            t
            for t, _ in sorted(
                counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True
            )
            if t not in excluded
        ]
        if self.max_tokens is not None:
            ranked = ranked[: self.max_tokens - len(self._special_tokens())]
        idf_weights = None
        if self.output_mode == "tf_idf":
            frequencies = np.array(
                [doc_counts[t] for t in ranked], dtype="float64"
            )
            idf_weights = np.log(1.0 + num_docs / (1.0 + frequencies))
        self.set_vocabulary(ranked, idf_weights)

    # ------------------------------------------------------------------ call
    def _depth(self):
        if self.pad_to_max_tokens:
            return self.max_tokens
        size = self.vocabulary_size()
        return size - 1 if self.mask_token is not None else size

    def _lookup_table(self, tf):
        """A TF hash table from token to index (-1 when unknown), built
        once per vocabulary, outside any graph being traced."""
        if self._table is None:
            is_string = self.vocabulary_dtype == "string"
            tokens = self._tokens
            offset = len(self._special_tokens())
            with tf.init_scope():
                keys = tf.constant(
                    tokens, dtype=tf.string if is_string else tf.int64
                )
                values = tf.range(offset, offset + len(tokens), dtype="int64")
                self._table = tf.lookup.StaticHashTable(
                    tf.lookup.KeyValueTensorInitializer(keys, values), -1
                )
        return self._table

    def _oov_ids(self, tf, inputs):
        offset = 0 if self.mask_token is None else 1
        n = self.num_oov_indices
        if n == 0:
            return tf.fill(tf.shape(inputs), tf.constant(-1, "int64"))
        if n == 1:
            return tf.fill(tf.shape(inputs), tf.constant(offset, "int64"))
        if self.vocabulary_dtype != "string" and self.oov_method == "floormod":
            return tf.math.floormod(inputs, n) + offset
        return hash_to_bins(tf, inputs, n, self.salt) + offset

    def _lookup(self, tf, inputs):
        if self.vocabulary_dtype == "string":
            inputs = (
                tf.cast(inputs, tf.string)
                if inputs.dtype != (tf.string)
                else inputs
            )
        else:
            inputs = tf.cast(inputs, tf.int64)
        if self._tokens:
            ids = self._lookup_table(tf).lookup(inputs)
        else:  # no vocabulary yet: every token is out of vocabulary
            ids = tf.fill(tf.shape(inputs), tf.constant(-1, "int64"))
        ids = tf.where(ids < 0, self._oov_ids(tf, inputs), ids)
        if self.mask_token is not None:
            mask = tf.equal(
                inputs, tf.constant(self.mask_token, dtype=inputs.dtype)
            )
            ids = tf.where(mask, tf.zeros_like(ids), ids)
        return ids

    def _invert(self, tf, inputs):
        vocab = self.get_vocabulary()
        if self.vocabulary_dtype == "string":
            table = tf.constant(vocab, dtype=tf.string)
            oov = tf.constant(self.oov_token, dtype=tf.string)
        else:
            table = tf.constant(vocab, dtype=tf.int64)
            oov = tf.constant(self.oov_token, dtype=tf.int64)
        ids = tf.cast(inputs, tf.int64)
        oov_start = 0 if self.mask_token is None else 1
        known = tf.logical_and(ids >= 0, ids < len(vocab))
        known = tf.logical_and(
            known,
            tf.logical_or(
                ids < oov_start, ids >= oov_start + self.num_oov_indices
            ),
        )
        safe = tf.where(known, ids, tf.zeros_like(ids))
        tokens = tf.gather(table, safe)
        return tf.where(known, tokens, tf.fill(tf.shape(ids), oov))

    def call(self, inputs):
        import tensorflow as tf

        if not isinstance(inputs, tf.RaggedTensor):
            inputs = tf.convert_to_tensor(inputs)
        if self.invert:
            # Element-wise: a ragged input keeps its rows.
            return tf.ragged.map_flat_values(self._invert, tf, inputs)
        if (
            self._tokens is None
            and self.output_mode != "int"
            and not (self.pad_to_max_tokens)
        ):
            raise RuntimeError(
                f"When using `output_mode={self.output_mode}` and "
                "`pad_to_max_tokens=False`, the output width is the "
                "vocabulary size, so the layer needs a vocabulary before it "
                "is called: pass `vocabulary=` or call `adapt()` first."
            )
        ids = tf.ragged.map_flat_values(self._lookup, tf, inputs)
        if self.output_mode == "int":
            return tf.cast(ids, self.compute_dtype)
        if self.mask_token is not None:
            ids = ids - 1  # the mask has no slot in encoded outputs
        if isinstance(ids, tf.RaggedTensor):
            # Padding with -1 (out of range) adds nothing to the encoding.
            ids = ids.to_tensor(default_value=-1)
        idf_weights = None
        if self.output_mode == "tf_idf":
            depth = self._depth()
            idf_weights = np.zeros((depth,), dtype="float32")
            idf_weights[: len(self.idf_weights)] = self.idf_weights
        return encoding_utils.encode(
            self.backend,
            ids,
            self.output_mode,
            self._depth(),
            self._encoded_dtype(),
            idf_weights=idf_weights,
            sparse=self.sparse,
        )

    def _encoded_dtype(self):
        # Encoded outputs other than `tf_idf` hold whole counts: int64
        # whatever the layer's dtype, as upstream Keras computes them (its
        # symbolic outputs keep the layer's dtype, see
        # `compute_output_spec`).
        if self.output_mode == "tf_idf":
            return self.compute_dtype
        return "int64"

    def compute_output_shape(self, input_shape):
        if self.output_mode == "int":
            return tuple(input_shape)
        depth = (
            self.max_tokens
            if self.pad_to_max_tokens or self._tokens is None
            else self._depth()
        )
        return encoding_utils.encoded_shape(
            input_shape, self.output_mode, depth
        )

    def compute_output_spec(self, inputs):
        dtype = self.vocabulary_dtype if self.invert else None
        shape = self.compute_output_shape(inputs.shape)
        return encoding_utils.output_spec(self, shape, dtype)

    # --------------------------------------------------------------- saving
    def save_assets(self, dir_path):
        """Writes the vocabulary (one token per line) to `dir_path`."""
        path = os.path.join(dir_path, _VOCAB_FILE)
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n".join(str(t) for t in self.get_vocabulary()))
            f.write("\n")
        if self.idf_weights is not None:
            np.save(os.path.join(dir_path, "idf_weights.npy"), self.idf_weights)

    def load_assets(self, dir_path):
        """Restores the vocabulary written by `save_assets`."""
        path = os.path.join(dir_path, _VOCAB_FILE)
        if not os.path.exists(path):
            return
        idf_weights = None
        idf_path = os.path.join(dir_path, "idf_weights.npy")
        if os.path.exists(idf_path):
            idf_weights = np.load(idf_path)[self.num_oov_indices :]
        self.set_vocabulary(path, idf_weights)

    def get_config(self):
        config = super().get_config()
        config.update(
            attribute_config(
                self,
                "invert",
                "max_tokens",
                "num_oov_indices",
                "oov_token",
                "mask_token",
                "output_mode",
                "sparse",
                "pad_to_max_tokens",
                "vocabulary_dtype",
                "oov_method",
                "salt",
            )
        )
        config["vocabulary"] = self.input_vocabulary
        config["idf_weights"] = self.input_idf_weights
        return config


def _documents(as_token, batch):
    """Splits a batch into documents: its rows, or its elements if rank 1."""
    batch = np.asarray(batch)
    flat = [as_token(v) for v in batch.reshape(-1)]
    if batch.ndim <= 1:
        return [[t] for t in flat]
    width = int(np.prod(batch.shape[1:]))
    return [flat[i : i + width] for i in range(0, len(flat), width)]
