"""`Embedding`: turns integer indices into dense vectors."""

from keras.src import backend
from keras.src import constraints
from keras.src import initializers
from keras.src import ops
from keras.src import regularizers
from keras.src.api_export import keras_export
from keras.src.layers.layer import Layer
from keras.src.saving import serialization_lib


@keras_export("keras.layers.Embedding")
class Embedding(Layer):
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
        **kwargs: Base layer keyword arguments, such as `name` and `dtype`.

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

    def __init__(
        self,
        input_dim,
        output_dim,
        embeddings_initializer="uniform",
        embeddings_regularizer=None,
        embeddings_constraint=None,
        mask_zero=False,
        weights=None,
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
        if weights is not None:
            self.build()
            if not isinstance(weights, (list, tuple)):
                weights = [weights]
            self.set_weights(weights)

    def build(self, input_shape=None):
        if self.built:
            return
        self.embeddings = self.add_weight(
            name="embeddings",
            shape=(self.input_dim, self.output_dim),
            initializer=self.embeddings_initializer,
            regularizer=self.embeddings_regularizer,
            constraint=self.embeddings_constraint,
            trainable=True,
        )

    def call(self, inputs, reverse=False):
        if reverse:
            return self.attend(inputs)
        if backend.standardize_dtype(inputs.dtype) not in ("int32", "int64"):
            inputs = ops.cast(inputs, "int32")
        outputs = ops.take(self.embeddings, inputs, axis=0)
        return ops.cast(outputs, self.compute_dtype)

    def attend(self, inputs):
        """Projects vectors onto the vocabulary: `inputs @ embeddings.T`.

        Args:
            inputs: Float tensor of shape `(..., output_dim)`.

        Returns:
            Tensor of shape `(..., input_dim)` (e.g. tied output logits).
        """
        inputs = ops.cast(inputs, self.compute_dtype)
        kernel = ops.cast(self.embeddings, self.compute_dtype)
        return ops.matmul(inputs, ops.transpose(kernel))

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
        return {**base_config, **config}
