"""`Embedding`: turns integer indices into dense vectors."""

from keras.src import backend
from keras.src import constraints
from keras.src import initializers
from keras.src import ops
from keras.src import regularizers
from keras.src.api_export import keras_export
from keras.src.layers.layer import Layer
from keras.src.saving import serialization_lib
from keras.src.utils import lora_utils


@keras_export("keras.layers.Embedding")
class Embedding(lora_utils.LoraMixin, Layer):
    """Turns nonnegative integers (indexes) into dense vectors of fixed size.

    e.g. `[[4], [20]] -> [[[0.25, 0.1]], [[0.6, -0.2]]]`

    This layer can only be used on nonnegative integer inputs of a fixed
    range. The layer also supports the reverse direction (projecting
    vectors back onto the vocabulary, as with tied input/output embeddings)
    with `attend(inputs)` or `call(inputs, reverse=True)`, which compute
    `inputs @ embeddings.T`.

    Args:
        input_dim: Integer. Size of the vocabulary, i.e. maximum integer
            index + 1.
        output_dim: Integer. Dimension of the dense embedding.
        embeddings_initializer: Initializer for the `embeddings` matrix.
        embeddings_regularizer: Regularizer function applied to the
            `embeddings` matrix.
        embeddings_constraint: Constraint function applied to the
            `embeddings` matrix.
        mask_zero: Boolean, whether or not the input value 0 is a special
            "padding" value that should be masked out. If `True`,
            `compute_mask` returns `inputs != 0` and index 0 cannot be used
            in the vocabulary (`input_dim` should equal size of vocabulary
            + 1).
        weights: Optional floating-point matrix of size
            `(input_dim, output_dim)`. The initial embeddings values to use.
        lora_rank: Optional integer. If set, the layer's forward pass will
            implement LoRA (Low-Rank Adaptation) with the provided rank
            (`enable_lora` is called when the layer is built).
        lora_alpha: Optional integer. If set, this parameter scales the
            low-rank adaptation delta during the forward pass: the delta is
            scaled by `lora_alpha / lora_rank`. Defaults to `lora_rank`.
        **kwargs: Standard `Layer` options, e.g. `name`, `dtype`, `trainable`.

    Input shape:
        N-D tensor with shape: `(batch_size, ..., input_length)`.

    Output shape:
        (N+1)-D tensor with shape:
        `(batch_size, ..., input_length, output_dim)`.

    Example:

    >>> layer = keras.layers.Embedding(1000, 64)
    >>> layer(np.array([[1, 2, 3]])).shape
    (1, 3, 64)
    >>> layer.attend(np.ones((1, 64))).shape
    (1, 1000)
    """

    _lora_base = "_embeddings"
    _lora_prefix = "lora_embeddings"

    def __init__(
        self,
        input_dim,
        output_dim,
        embeddings_initializer="uniform",
        embeddings_regularizer=None,
        embeddings_constraint=None,
        mask_zero=False,
        weights=None,
        lora_rank=None,
        lora_alpha=None,
        **kwargs,
    ):
        input_length = kwargs.pop("input_length", None)
        if input_length is not None:
            raise ValueError(
                "Argument `input_length` is no longer supported by "
                "`Embedding`. Remove it."
            )
        # Integer indices must never be cast to a (low precision) float.
        kwargs.setdefault("autocast", False)
        super().__init__(**kwargs)
        for arg_name, value in (
            ("input_dim", input_dim),
            ("output_dim", output_dim),
        ):
            if not isinstance(value, int) or value < 1:
                raise ValueError(
                    f"Received an invalid value for `{arg_name}`, expected "
                    f"a positive integer. Received: {arg_name}={value}"
                )
        self.input_dim = input_dim
        self.output_dim = output_dim
        self.embeddings_initializer = initializers.get(embeddings_initializer)
        self.embeddings_regularizer = regularizers.get(embeddings_regularizer)
        self.embeddings_constraint = constraints.get(embeddings_constraint)
        self.mask_zero = mask_zero
        self.supports_masking = mask_zero
        self.lora_rank = lora_rank
        self.lora_alpha = lora_alpha if lora_alpha is not None else lora_rank
        self.lora_enabled = False
        if weights is not None:
            self.build()
            if not isinstance(weights, (list, tuple)):
                weights = [weights]
            if self.lora_enabled and len(weights) == 1:
                self._embeddings.assign(weights[0])
            else:
                self.set_weights(weights)

    def build(self, input_shape=None):
        if self.built:
            return
        self._embeddings = self.add_weight(
            name="embeddings",
            shape=(self.input_dim, self.output_dim),
            initializer=self.embeddings_initializer,
            regularizer=self.embeddings_regularizer,
            constraint=self.embeddings_constraint,
            trainable=True,
        )
        self.built = True
        if self.lora_rank:
            self.enable_lora(self.lora_rank, lora_alpha=self.lora_alpha)

    @property
    def embeddings(self):
        """The effective table: the `embeddings` variable, plus the scaled
        LoRA delta `a @ b` (a tensor then) when LoRA is enabled."""
        return self._lora_effective_weight()

    def enable_lora(
        self,
        rank,
        lora_alpha=None,
        a_initializer="zeros",
        b_initializer="he_uniform",
    ):
        """Enables LoRA (Low-Rank Adaptation) on the built layer.

        The `embeddings` variable is frozen and two trainable variables are
        added: `lora_embeddings_a` of shape `(input_dim, rank)` and
        `lora_embeddings_b` of shape `(rank, output_dim)`. The layer then
        uses the table `embeddings + (lora_alpha / rank) *
        lora_embeddings_a @ lora_embeddings_b` (equal to `embeddings` at
        first: `lora_embeddings_a` starts at zero, so that each looked-up
        row gets a gradient). Lookups gather rows of `embeddings` and of
        `lora_embeddings_a` and never build the full-size delta. Under a
        distribution, `lora_embeddings_a` takes the layout of the
        vocabulary axis and `lora_embeddings_b` that of the feature axis.

        Args:
            rank: Positive integer, the rank of the factors.
            lora_alpha: Optional scale numerator; defaults to `rank`.
            a_initializer: Initializer of `lora_embeddings_a`.
            b_initializer: Initializer of `lora_embeddings_b`.

        Example:

        >>> layer = keras.layers.Embedding(100, 8)
        >>> layer.build()
        >>> layer.enable_lora(2)
        >>> [w.name for w in layer.trainable_weights]
        ['lora_embeddings_a', 'lora_embeddings_b']
        """
        self._enable_lora_factors(
            rank, lora_alpha, a_initializer, b_initializer
        )

    def call(self, inputs, reverse=False):
        if reverse:
            return self.attend(inputs)
        if backend.standardize_dtype(inputs.dtype) not in ("int32", "int64"):
            inputs = ops.cast(inputs, "int32")
        outputs = ops.take(self._embeddings, inputs, axis=0)
        if self.lora_enabled:
            rows = ops.take(self.lora_embeddings_a, inputs, axis=0)
            delta = ops.matmul(rows, self.lora_embeddings_b)
            outputs = ops.add(
                outputs, ops.multiply(delta, self.lora_alpha / self.lora_rank)
            )
        return ops.cast(outputs, self.compute_dtype)

    def attend(self, inputs):
        """Projects vectors onto the vocabulary: `inputs @ embeddings.T`.

        Args:
            inputs: Float tensor of shape `(..., output_dim)`.

        Returns:
            Tensor of shape `(..., input_dim)` (e.g. tied output logits).
        """
        inputs = ops.cast(inputs, self.compute_dtype)
        kernel = ops.cast(self._embeddings, self.compute_dtype)
        outputs = ops.matmul(inputs, ops.transpose(kernel))
        if self.lora_enabled:
            # `x @ (a @ b).T == (x @ b.T) @ a.T`: no full-size delta.
            a = ops.cast(self.lora_embeddings_a, self.compute_dtype)
            b = ops.cast(self.lora_embeddings_b, self.compute_dtype)
            delta = ops.matmul(
                ops.matmul(inputs, ops.transpose(b)), ops.transpose(a)
            )
            outputs = ops.add(
                outputs, ops.multiply(delta, self.lora_alpha / self.lora_rank)
            )
        return outputs

    def compute_mask(self, inputs, mask=None):
        if not self.mask_zero:
            return None
        return ops.not_equal(inputs, 0)

    def compute_output_shape(self, input_shape, reverse=False):
        if reverse:
            return tuple(input_shape)[:-1] + (self.input_dim,)
        return tuple(input_shape) + (self.output_dim,)

    def get_config(self):
        base_config = super().get_config()
        config = {
            "input_dim": self.input_dim,
            "output_dim": self.output_dim,
            "embeddings_initializer": initializers.serialize(
                self.embeddings_initializer
            ),
            "embeddings_regularizer": regularizers.serialize(
                self.embeddings_regularizer
            ),
            "activity_regularizer": regularizers.serialize(
                self.activity_regularizer
            ),
            "embeddings_constraint": serialization_lib.serialize_keras_object(
                self.embeddings_constraint
            ),
            "mask_zero": self.mask_zero,
        }
        if self.lora_rank:
            config["lora_rank"] = self.lora_rank
            config["lora_alpha"] = self.lora_alpha
        return {**base_config, **config}
