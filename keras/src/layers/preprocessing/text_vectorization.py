"""`TextVectorization`: raw strings to token ids or bag-of-words vectors."""

import numpy as np

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.layers.config_utils import attribute_config
from keras.src.layers.preprocessing import adapt_utils
from keras.src.layers.preprocessing import encoding_utils
from keras.src.layers.preprocessing.data_layer import TFComputedLayer
from keras.src.layers.preprocessing.string_lookup import StringLookup

_STANDARDIZE = ("lower_and_strip_punctuation", "lower", "strip_punctuation")
_SPLIT = ("whitespace", "character")
_OUTPUT_MODES = ("int", "multi_hot", "count", "tf_idf")
# The constructor arguments handed on as they are to the `StringLookup`
# that maps the tokens to indices.
_LOOKUP_ARGUMENTS = (
    "max_tokens",
    "vocabulary",
    "idf_weights",
    "output_mode",
    "sparse",
    "pad_to_max_tokens",
    "encoding",
)
_PUNCTUATION = r'[!"#$%&()\*\+,-\./:;<=>?@\[\\\]^_`{|}~\']'


@keras_export("keras.layers.TextVectorization")
class TextVectorization(TFComputedLayer):
    """Turns raw strings into token ids or bag-of-words vectors.

    Each string goes through: standardization (lowercasing, punctuation
    removal), splitting into tokens (on whitespace, into characters, or a
    custom function), optional n-gram generation, and a vocabulary lookup
    (index 0 is padding, 1 is the unknown token `"[UNK]"`). The vocabulary
    is given or learned by `adapt()`. String processing uses TensorFlow:
    inputs are lists, NumPy string arrays or TF tensors, and the layer also
    runs inside `tf.data.Dataset.map`.

    Args:
        max_tokens: Maximum vocabulary size (padding and `"[UNK]"`
            included), or `None` for no limit.
        standardize: `"lower_and_strip_punctuation"` (default), `"lower"`,
            `"strip_punctuation"`, `None`, or a callable. Called eagerly,
            the callable receives a NumPy array of strings; inside a
            `tf.data` pipeline, a TF string tensor.
        split: `"whitespace"` (default), `"character"`, `None` (each input
            string is one token), or a callable returning a ragged TF
            tensor of tokens.
        ngrams: `None`, an int `n` (all n-grams of sizes 1 to `n`), or a
            tuple of the n-gram sizes to produce.
        output_mode: `"int"` (default, token ids), `"multi_hot"`,
            `"count"` or `"tf_idf"` (one vector per input string).
        output_sequence_length: In `"int"` mode, pads or truncates each
            sequence to this length.
        pad_to_max_tokens: Whether vectors always have `max_tokens`
            entries (non-`"int"` modes).
        vocabulary: Optional list of tokens or path to a vocabulary file.
        idf_weights: Inverse document frequencies, one per vocabulary token
            (`"tf_idf"` mode).
        sparse: Whether non-`"int"` outputs are sparse tensors.
        ragged: Ragged outputs need TensorFlow tensors, which this backend
            does not return; must be `False`.
        encoding: Text encoding of the inputs. Defaults to `"utf-8"`.
        **kwargs: Standard `Layer` options.

    Example:

    >>> layer = keras.layers.TextVectorization(
    ...     vocabulary=["sun", "rain"], output_sequence_length=4)
    >>> layer(["Rain, then sun!"])
    array([[3, 1, 2, 0]], dtype=int32)
    """

    def __init__(
        self,
        max_tokens=None,
        standardize="lower_and_strip_punctuation",
        split="whitespace",
        ngrams=None,
        output_mode="int",
        output_sequence_length=None,
        pad_to_max_tokens=False,
        vocabulary=None,
        idf_weights=None,
        sparse=False,
        ragged=False,
        encoding="utf-8",
        name=None,
        **kwargs,
    ):
        output_mode = encoding_utils.standardize_output_mode(
            output_mode, _OUTPUT_MODES
        )
        if (
            standardize is not None
            and not callable(standardize)
            and (standardize not in _STANDARDIZE)
        ):
            raise ValueError(
                f"Invalid value for argument `standardize`. Expected one of "
                f"{_STANDARDIZE}, None or a callable. Received: "
                f"standardize={standardize}"
            )
        if split is not None and not callable(split) and split not in _SPLIT:
            raise ValueError(
                f"Invalid value for argument `split`. Expected one of "
                f"{_SPLIT}, None or a callable. Received: split={split}"
            )
        if isinstance(ngrams, int) and not isinstance(ngrams, bool):
            if ngrams < 1:
                raise ValueError(
                    f"`ngrams` must be >= 1. Received: ngrams={ngrams}"
                )
            ngrams_tuple = tuple(range(1, ngrams + 1))
        elif ngrams is None:
            ngrams_tuple = None
        elif isinstance(ngrams, (tuple, list)) and all(
            isinstance(n, int) for n in ngrams
        ):
            ngrams_tuple = tuple(ngrams)
        else:
            raise ValueError(
                "`ngrams` must be None, an integer, or a tuple of "
                f"integers. Received: ngrams={ngrams}"
            )
        if output_sequence_length is not None and output_mode != "int":
            raise ValueError(
                "`output_sequence_length` must not be set if `output_mode` "
                f"is not 'int'. Received: output_sequence_length="
                f"{output_sequence_length}, output_mode={output_mode}"
            )
        if ragged:
            raise ValueError(
                "`ragged=True` needs TensorFlow ragged tensors, which this "
                "backend does not return. Use `ragged=False` (optionally "
                "with `output_sequence_length`)."
            )
        if sparse and output_mode == "int":
            raise ValueError(
                "`sparse` may only be true if `output_mode` is "
                "`'multi_hot'`, `'count'` or `'tf_idf'`. Received: "
                f"sparse={sparse} and output_mode={output_mode}"
            )
        kwargs.setdefault(
            "dtype", "int64" if output_mode == "int" else backend.floatx()
        )
        super().__init__(name=name, **kwargs)
        self.max_tokens = max_tokens
        self.standardize = standardize
        self.split = split
        self.ngrams = ngrams
        self._ngrams = ngrams_tuple
        self.output_mode = output_mode
        self.output_sequence_length = output_sequence_length
        self.pad_to_max_tokens = pad_to_max_tokens
        self.sparse = sparse
        self.ragged = ragged
        self.encoding = encoding
        arguments = locals()
        self._lookup_layer = StringLookup(
            mask_token="",
            dtype=self._path_dtype_policy.name,
            name=f"{self.name}_lookup",
            **{name: arguments[name] for name in _LOOKUP_ARGUMENTS},
        )
        self.built = True

    # ------------------------------------------------------------ vocabulary
    def get_vocabulary(self, include_special_tokens=True):
        """Returns the vocabulary as a list of strings, in index order."""
        return self._lookup_layer.get_vocabulary(include_special_tokens)

    def vocabulary_size(self):
        """Returns the vocabulary size, padding and `"[UNK]"` included."""
        return self._lookup_layer.vocabulary_size()

    def set_vocabulary(self, vocabulary, idf_weights=None):
        """Sets the vocabulary (see `keras.layers.StringLookup`)."""
        self._lookup_layer.set_vocabulary(vocabulary, idf_weights)

    def adapt(self, data, batch_size=None, steps=None):
        """Builds the vocabulary from the strings of `data`.

        Args:
            data: A list or array of strings, a `tf.data.Dataset` of
                strings, or an iterable of batches of strings.
            batch_size: Unused (all of an array is processed at once);
                kept for compatibility.
            steps: Number of batches to read (all when `None`).
        """
        import tensorflow as tf

        def document_batches():
            for batch in adapt_utils.iter_batches(data, steps=steps):
                tokens = self._tokenize(tf, tf.convert_to_tensor(batch))
                if isinstance(tokens, tf.RaggedTensor):
                    rows = tokens.to_list()
                else:
                    rows = tokens.numpy().tolist()
                yield [
                    [t.decode("utf-8") for t in _flatten(row)] for row in rows
                ]

        self._lookup_layer.adapt_documents(document_batches())

    # ------------------------------------------------------------------ call
    def _tokenize(self, tf, inputs):
        if inputs.dtype != tf.string:
            inputs = tf.strings.as_string(inputs)
        if (
            inputs.shape.rank is not None
            and inputs.shape.rank > 1
            and (inputs.shape[-1] == 1)
        ):
            inputs = tf.squeeze(inputs, axis=-1)
        if self.standardize in ("lower", "lower_and_strip_punctuation"):
            inputs = tf.strings.lower(inputs, encoding=self.encoding)
        if self.standardize in (
            "strip_punctuation",
            "lower_and_strip_punctuation",
        ):
            inputs = tf.strings.regex_replace(inputs, _PUNCTUATION, "")
        if callable(self.standardize):
            if tf.executing_eagerly():
                # Outside a graph, a custom function gets a NumPy array of
                # Python strings, so it need not use TensorFlow.
                texts = np.char.decode(inputs.numpy().astype(bytes), "utf-8")
                inputs = tf.convert_to_tensor(self.standardize(texts))
            else:
                inputs = self.standardize(inputs)
        if self.split == "whitespace":
            tokens = tf.strings.split(inputs)
        elif self.split == "character":
            tokens = tf.strings.unicode_split(inputs, self.encoding.upper())
        elif callable(self.split):
            tokens = self.split(inputs)
        else:
            tokens = tf.expand_dims(inputs, -1)
        if self._ngrams is not None:
            tokens = tf.strings.ngrams(
                tokens, ngram_width=self._ngrams, separator=" "
            )
        return tokens

    def call(self, inputs):
        import tensorflow as tf

        tokens = self._tokenize(tf, tf.convert_to_tensor(inputs))
        lookup = self._lookup_layer
        if self.output_mode != "int":
            if isinstance(tokens, tf.RaggedTensor):
                tokens = tokens.to_tensor("")
            return lookup.call(tokens)
        if isinstance(tokens, tf.RaggedTensor):
            ids = tf.ragged.map_flat_values(lookup.call, tokens)
            length = self.output_sequence_length
            shape = None if length is None else [None, length]
            return ids.to_tensor(0, shape=shape)
        ids = lookup.call(tokens)
        if self.output_sequence_length is not None:
            length = self.output_sequence_length
            ids = ids[:, :length]
            pad = tf.maximum(0, length - tf.shape(ids)[1])
            ids = tf.pad(ids, [[0, 0], [0, pad]])
            ids = tf.ensure_shape(ids, [None, length])
        return ids

    def compute_output_shape(self, input_shape):
        batch = tuple(input_shape)[:1] or (None,)
        if self.output_mode == "int":
            return batch + (self.output_sequence_length,)
        if self.pad_to_max_tokens:
            depth = self.max_tokens
        else:
            depth = self.vocabulary_size() - 1
        return batch + (depth,)

    def compute_output_spec(self, inputs):
        shape = self.compute_output_shape(inputs.shape)
        return encoding_utils.output_spec(self, shape)

    # --------------------------------------------------------------- saving
    def save_assets(self, dir_path):
        self._lookup_layer.save_assets(dir_path)

    def load_assets(self, dir_path):
        self._lookup_layer.load_assets(dir_path)

    def get_config(self):
        config = super().get_config()
        lookup_config = self._lookup_layer.get_config()
        config.update(
            attribute_config(
                self,
                "max_tokens",
                "standardize",
                "split",
                "ngrams",
                "output_mode",
                "output_sequence_length",
                "pad_to_max_tokens",
                "sparse",
                "ragged",
            )
        )
        config["vocabulary"] = lookup_config["vocabulary"]
        config["idf_weights"] = lookup_config["idf_weights"]
        config["encoding"] = self.encoding
        return config


def _flatten(row):
    if isinstance(row, (list, tuple)):
        return [t for item in row for t in _flatten(item)]
    return [row]
