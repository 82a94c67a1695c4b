"""`Hashing`: hashes strings or integers into a fixed number of bins."""

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.layers.config_utils import attribute_config
from keras.src.layers.preprocessing import encoding_utils
from keras.src.layers.preprocessing.data_layer import TFComputedLayer

_OUTPUT_MODES = ("int", "one_hot", "multi_hot", "count")


def standardize_salt(salt):
    """Returns `salt` as a 2-item list of ints (or `None`), or raises."""
    if salt is None:
        return None
    if isinstance(salt, int) and not isinstance(salt, bool):
        return [salt, salt]
    if (
        isinstance(salt, (tuple, list))
        and len(salt) == 2
        and all(isinstance(s, int) for s in salt)
    ):
        return list(salt)
    raise ValueError(
        "The `salt` argument for `Hashing` can only be a tuple of size 2 "
        f"integers, or a single integer. Received: salt={salt}."
    )


def hash_to_bins(tf, values, num_bins, salt=None):
    """Hashes a TF tensor of strings or numbers into `[0, num_bins)`.

    Without `salt` this is the FarmHash fingerprint of each value's string
    form; with a `salt` pair it is keyed SipHash (slower, but hard to
    predict without the key).
    """
    if values.dtype != tf.string:
        values = tf.strings.as_string(values)
    if salt is None:
        return tf.strings.to_hash_bucket_fast(values, num_bins)
    return tf.strings.to_hash_bucket_strong(values, num_bins, key=salt)


@keras_export("keras.layers.Hashing")
class Hashing(TFComputedLayer):
    """Hashes each input value into one of `num_bins` integer bins.

    Strings and integers are hashed through their string form with
    FarmHash64 (or with keyed SipHash when a `salt` is given), so the same
    value always lands in the same bin, with no vocabulary to store. This
    layer computes with TensorFlow (string support); its outputs are backend
    tensors, or TensorFlow tensors inside a `tf.data` pipeline.

    Args:
        num_bins: Number of hash bins. With `mask_value` set, bin 0 is kept
            for the mask and values hash into the other `num_bins - 1`.
        mask_value: Optional value that always maps to bin 0.
        salt: Optional integer or pair of integers keying the hash (SipHash
            instead of FarmHash).
        output_mode: `"int"` (bin ids), `"one_hot"`, `"multi_hot"` or
            `"count"` (see `keras.layers.CategoryEncoding`). Defaults to
            `"int"`.
        sparse: Whether to return sparse tensors (JAX `BCOO`) in the
            non-`"int"` modes. Defaults to `False`.
        **kwargs: Standard `Layer` options (e.g. `name`, `dtype`). The
            dtype defaults to `"int64"` in `"int"` mode, else to floats.

    Example:

    >>> layer = keras.layers.Hashing(num_bins=4)
    >>> layer(["red", "green", "red"]).shape
    (3,)
    """

    def __init__(
        self,
        num_bins,
        mask_value=None,
        salt=None,
        output_mode="int",
        sparse=False,
        **kwargs,
    ):
        if kwargs.get("dtype") is None:
            kwargs["dtype"] = (
                "int64" if output_mode == "int" else backend.floatx()
            )
        super().__init__(**kwargs)
        if num_bins is None or num_bins <= 0:
            raise ValueError(
                "The `num_bins` for `Hashing` cannot be `None` or "
                f"non-positive values. Received: num_bins={num_bins}."
            )
        encoding_utils.check_output_mode(output_mode, _OUTPUT_MODES)
        if output_mode == "int" and not backend.is_int_dtype(
            self.compute_dtype
        ):
            raise ValueError(
                'When `output_mode="int"`, `dtype` should be an integer '
                f"type, e.g. 'int64'. Received: dtype={kwargs['dtype']}"
            )
        if sparse and output_mode == "int":
            raise ValueError(
                "`sparse` may only be true if `output_mode` is "
                '`"one_hot"`, `"multi_hot"`, or `"count"`. '
                f"Received: sparse={sparse} and output_mode={output_mode}"
            )
        self.num_bins = num_bins
        self.mask_value = mask_value
        self.salt = standardize_salt(salt)
        self.output_mode = output_mode
        self.sparse = sparse
        self.built = True

    def call(self, inputs):
        import tensorflow as tf

        if not isinstance(inputs, tf.RaggedTensor):
            inputs = tf.convert_to_tensor(inputs)
        # Element-wise: a ragged input keeps its rows.
        ids = tf.ragged.map_flat_values(self._hash, tf, inputs)
        return encoding_utils.encode_bins(self, tf, ids)

    def _hash(self, tf, inputs):
        if self.mask_value is None:
            return hash_to_bins(tf, inputs, self.num_bins, self.salt)
        hashed = hash_to_bins(tf, inputs, self.num_bins - 1, self.salt)
        mask = tf.equal(
            inputs, tf.constant(self.mask_value, dtype=inputs.dtype)
        )
        return tf.where(mask, tf.zeros_like(hashed), hashed + 1)

    def compute_output_shape(self, input_shape):
        return encoding_utils.encoded_shape(
            input_shape, self.output_mode, self.num_bins
        )

    def compute_output_spec(self, inputs):
        shape = self.compute_output_shape(inputs.shape)
        return encoding_utils.output_spec(self, shape)

    def get_config(self):
        config = super().get_config()
        config.update(
            attribute_config(
                self, "num_bins", "salt", "mask_value", "output_mode", "sparse"
            )
        )
        return config
