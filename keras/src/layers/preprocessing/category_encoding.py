"""`CategoryEncoding`: integer category ids to one/multi-hot or counts."""

from keras.src.api_export import keras_export
from keras.src.layers.config_utils import attribute_config
from keras.src.layers.preprocessing import encoding_utils
from keras.src.layers.preprocessing.data_layer import DataLayer

_OUTPUT_MODES = ("one_hot", "multi_hot", "count")


@keras_export("keras.layers.CategoryEncoding")
class CategoryEncoding(DataLayer):
    """Encodes integer category ids as dense indicator or count vectors.

    Ids must lie in `[0, num_tokens)`. For inputs of rank 2 or more, the
    last axis holds the ids of one sample; a rank-1 input is one sample.

    - `"one_hot"`: every id becomes a vector of length `num_tokens` with a
      single 1 (a trailing axis of size 1 is replaced by the encoding).
    - `"multi_hot"`: each sample becomes one vector with a 1 for every id
      it contains.
    - `"count"`: like `"multi_hot"`, but holding how many times each id
      occurs (or the sum of `count_weights` of its occurrences).

    Args:
        num_tokens: Number of categories (the length of the vectors).
        output_mode: `"one_hot"`, `"multi_hot"` or `"count"`. Defaults to
            `"multi_hot"`.
        sparse: Whether to return sparse tensors (JAX `BCOO`) in the
            non-`"int"` modes. Defaults to `False`.
        **kwargs: Standard `Layer` options (e.g. `name`, `dtype`).

    Call arguments:
        inputs: Integer tensor of category ids.
        count_weights: Optional tensor shaped like `inputs`, the weight of
            each id in `"count"` mode.

    Example:

    >>> layer = keras.layers.CategoryEncoding(num_tokens=5, output_mode="count")
    >>> layer(np.array([[4, 0, 4], [1, 1, 2]]))
    array([[1., 0., 0., 0., 2.],
           [0., 2., 1., 0., 0.]], dtype=float32)
    """

    def __init__(
        self, num_tokens=None, output_mode="multi_hot", sparse=False, **kwargs
    ):
        super().__init__(**kwargs)
        if output_mode == "binary":
            output_mode = "multi_hot"
        if output_mode not in _OUTPUT_MODES:
            raise ValueError(
                f"Unknown arg for output_mode: {output_mode}. Expected one "
                f"of {_OUTPUT_MODES}."
            )
        if num_tokens is None:
            raise ValueError(
                "num_tokens must be set to use this layer (for ids whose "
                "range is unknown in advance, map them with `IntegerLookup` "
                "first)."
            )
        if num_tokens < 1:
            raise ValueError(
                f"`num_tokens` must be >= 1. Received: num_tokens={num_tokens}."
            )
        self.num_tokens = num_tokens
        self.output_mode = output_mode
        self.sparse = sparse
        self.built = True

    def _encode(self, inputs, count_weights=None):
        ops = self.backend
        inputs = ops.convert_to_tensor(inputs)
        return encoding_utils.encode(
            ops,
            inputs,
            self.output_mode,
            self.num_tokens,
            self.compute_dtype,
            count_weights=count_weights,
            sparse=self.sparse,
        )

    def call(self, inputs, count_weights=None):
        if count_weights is not None and self.output_mode != "count":
            raise ValueError(
                "`count_weights` is not used when `output_mode` is not "
                f"`'count'`. Received `count_weights={count_weights}`."
            )
        if count_weights is not None:
            count_weights = self.backend.convert_to_tensor(count_weights)
        return self._encode(inputs, count_weights)

    def compute_output_shape(self, input_shape):
        return encoding_utils.encoded_shape(
            input_shape, self.output_mode, self.num_tokens
        )

    def compute_output_spec(self, inputs, count_weights=None):
        shape = self.compute_output_shape(inputs.shape)
        return encoding_utils.output_spec(self, shape)

    def get_config(self):
        config = super().get_config()
        config.update(
            attribute_config(self, "num_tokens", "output_mode", "sparse")
        )
        return config
