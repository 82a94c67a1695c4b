"""`GroupedQueryAttention`: attention with fewer key/value heads."""

import math

from keras.src import constraints
from keras.src import initializers
from keras.src import ops
from keras.src import regularizers
from keras.src.api_export import keras_export
from keras.src.layers.attention.multi_head_attention import (
    compute_attention_mask,
)
from keras.src.layers.core.einsum_dense import EinsumDense
from keras.src.layers.layer import Layer
from keras.src.layers.regularization.dropout import Dropout
from keras.src.saving import serialization_lib

_LARGE_NEGATIVE = -1e9


@keras_export(
    ["keras.layers.GroupQueryAttention", "keras.layers.GroupedQueryAttention"]
)
class GroupedQueryAttention(Layer):
    """Grouped Query Attention layer.

    This is an implementation of grouped-query attention introduced by
    [Ainslie et al., 2023](https://arxiv.org/abs/2305.13245). Here
    `num_key_value_heads` denotes number of groups, setting
    `num_key_value_heads` to 1 is equivalent to multi-query attention, and
    when `num_key_value_heads` is equal to `num_query_heads` it is
    equivalent to multi-head attention.

    This layer first projects `query`, `key`, and `value` tensors. Then,
    `key` and `value` heads are shared by groups of query heads (query
    head `i` uses key/value head `i // (num_query_heads //
    num_key_value_heads)`), so that the number of heads matches. Then, the
    query is scaled by `1 / sqrt(head_dim)` and dot-producted with key
    tensors. These are softmaxed to obtain attention probabilities. The
    value tensors are then interpolated by these probabilities and
    concatenated back to the original dimension.

    The projections are `EinsumDense` sublayers (attributes `query_dense`,
    `key_dense`, `value_dense` and `output_dense`) named `query`, `key`,
    `value` and `attention_output`, so their kernels have paths such as
    `".../grouped_query_attention/query/kernel"`. Kernel shapes:
    `(feature_dim, num_query_heads, head_dim)` for the query,
    `(feature_dim, num_key_value_heads, head_dim)` for key and value and
    `(num_query_heads, head_dim, feature_dim)` for the output.

    Rotary position embeddings: pass `rotary_embedding` (e.g.
    `keras.layers.RotaryEmbedding()`) and it is applied to the projected
    query and key (of shape `(batch, seq, heads, head_dim)`) before the
    dot product. Subclasses may instead override `_compute_attention`.

    Args:
        head_dim: Size of each attention head.
        num_query_heads: Number of query attention heads.
        num_key_value_heads: Number of key and value attention heads; must
            divide `num_query_heads`.
        dropout: Dropout probability (applied to the attention
            probabilities).
        use_bias: Boolean, whether the dense layers use bias vectors/
            matrices.
        flash_attention: Only `None`/`False` are supported.
        kernel_initializer: Initializer for dense layer kernels.
        bias_initializer: Initializer for dense layer biases.
        kernel_regularizer: Regularizer for dense layer kernels.
        bias_regularizer: Regularizer for dense layer biases.
        activity_regularizer: Regularizer for dense layer activity.
        kernel_constraint: Constraint for dense layer kernels.
        bias_constraint: Constraint for dense layer kernels.
        seed: Optional integer to seed the dropout layer.
        rotary_embedding: Optional layer (typically a
            `keras.layers.RotaryEmbedding`) applied to the projected query
            and key, each of shape `(batch, seq, heads, head_dim)`. It is
            serialized with the layer's config.
        **kwargs: Standard `Layer` options, e.g. `name`, `dtype`, `trainable`.

    Call arguments:
        query: Query tensor of shape `(batch_dim, target_seq_len,
            feature_dim)`, where `batch_dim` is batch size,
            `target_seq_len` is the length of target sequence, and
            `feature_dim` is dimension of feature.
        value: Value tensor of shape `(batch_dim, source_seq_len,
            feature_dim)`, where `batch_dim` is batch size,
            `source_seq_len` is the length of source sequence, and
            `feature_dim` is dimension of feature.
        key: Optional key tensor of shape `(batch_dim, source_seq_len,
            feature_dim)`. If not given, will use `value` for both `key`
            and `value`, which is most common case.
        query_mask: Optional boolean mask `(batch_dim, target_seq_len)`.
        value_mask: Optional boolean mask `(batch_dim, source_seq_len)`.
        key_mask: Optional boolean mask `(batch_dim, source_seq_len)`.
        attention_mask: A boolean mask of shape `(batch_dim,
            target_seq_len, source_seq_len)`, that prevents attention to
            certain positions. The boolean mask specifies which query
            elements can attend to which key elements, where 1 indicates
            attention and 0 indicates no attention. Broadcasting can happen
            for the missing batch dimensions and the head dimension.
        return_attention_scores: A boolean to indicate whether the output
            should be `(attention_output, attention_scores)` if `True`, or
            `attention_output` if `False`. Defaults to `False`.
        training: Python boolean indicating whether the layer should behave
            in training mode (adding dropout) or in inference mode (no
            dropout). Will go with either using the training mode of the
            parent layer/model or `False` (inference) if there is no parent
            layer.
        use_causal_mask: A boolean to indicate whether to apply a causal
            mask to prevent tokens from attending to future tokens (e.g.,
            used in a decoder Transformer).

    Returns:
        attention_output: Result of the computation, of shape
            `(batch_dim, target_seq_len, feature_dim)`, where
            `target_seq_len` is for target sequence length and
            `feature_dim` is the query input last dim.
        attention_scores: (Optional) attention coefficients (after softmax,
            before dropout) of shape `(batch_dim, num_query_heads,
            target_seq_len, source_seq_len)`.

    Example:

    >>> layer = keras.layers.GroupQueryAttention(
    ...     head_dim=8, num_query_heads=4, num_key_value_heads=2,
    ...     rotary_embedding=keras.layers.RotaryEmbedding())
    >>> x = np.random.rand(2, 6, 16).astype("float32")
    >>> layer(x, x, use_causal_mask=True).shape
    (2, 6, 16)
    """

    def __init__(
        self,
        head_dim,
        num_query_heads,
        num_key_value_heads,
        dropout=0.0,
        use_bias=True,
        flash_attention=None,
        kernel_initializer="glorot_uniform",
        bias_initializer="zeros",
        kernel_regularizer=None,
        bias_regularizer=None,
        activity_regularizer=None,
        kernel_constraint=None,
        bias_constraint=None,
        seed=None,
        rotary_embedding=None,
        **kwargs,
    ):
        super().__init__(**kwargs)
        self.supports_masking = True
        if num_query_heads % num_key_value_heads != 0:
            raise ValueError(
                "`num_query_heads` must be divisible by "
                "`num_key_value_heads`. Received: "
                f"num_query_heads={num_query_heads}, "
                f"num_key_value_heads={num_key_value_heads}"
            )
        if flash_attention:
            raise ValueError(
                "Flash attention is not supported by this backend build. "
                f"Received: flash_attention={flash_attention}"
            )
        self.head_dim = head_dim
        self.num_query_heads = num_query_heads
        self.num_key_value_heads = num_key_value_heads
        self.num_repeats = num_query_heads // num_key_value_heads
        self.dropout = dropout
        self.use_bias = use_bias
        self._flash_attention = flash_attention
        self.kernel_initializer = initializers.get(kernel_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        self.kernel_regularizer = regularizers.get(kernel_regularizer)
        self.bias_regularizer = regularizers.get(bias_regularizer)
        self._activity_regularizer = regularizers.get(activity_regularizer)
        self.kernel_constraint = constraints.get(kernel_constraint)
        self.bias_constraint = constraints.get(bias_constraint)
        self.seed = seed
        if isinstance(rotary_embedding, dict):
            rotary_embedding = serialization_lib.deserialize_keras_object(
                rotary_embedding
            )
        if rotary_embedding is not None and not callable(rotary_embedding):
            raise ValueError(
                "`rotary_embedding` must be a layer (e.g. "
                "`keras.layers.RotaryEmbedding()`) or `None`. Received: "
                f"rotary_embedding={rotary_embedding}"
            )
        self.rotary_embedding = rotary_embedding
        self._inverse_sqrt_head_dim = 1.0 / math.sqrt(float(self.head_dim))
        self._dropout_layer = Dropout(
            rate=self.dropout, dtype=self.dtype_policy, seed=self.seed
        )

    @property
    def query_dense(self):
        return self._query_dense

    @property
    def key_dense(self):
        return self._key_dense

    @property
    def value_dense(self):
        return self._value_dense

    @property
    def output_dense(self):
        return self._output_dense

    def _sublayer_kwargs(self):
        def clone(initializer):
            return initializers.deserialize(initializers.serialize(initializer))

        return dict(
            kernel_initializer=clone(self.kernel_initializer),
            bias_initializer=clone(self.bias_initializer),
            kernel_regularizer=self.kernel_regularizer,
            bias_regularizer=self.bias_regularizer,
            activity_regularizer=self._activity_regularizer,
            kernel_constraint=self.kernel_constraint,
            bias_constraint=self.bias_constraint,
            dtype=self.dtype_policy,
        )

    def build(self, query_shape, value_shape, key_shape=None):
        key_shape = value_shape if key_shape is None else key_shape
        for arg, shape in (
            ("query", query_shape),
            ("value", value_shape),
            ("key", key_shape),
        ):
            if len(shape) != 3:
                raise ValueError(
                    f"`GroupedQueryAttention` expects 3D `{arg}` inputs "
                    f"(batch, seq, features). Received: {arg}.shape="
                    f"{tuple(shape)}"
                )
        self.feature_dim = query_shape[-1]
        self._query_dense = EinsumDense(
            "bqm,muh->bquh",
            output_shape=(None, self.num_query_heads, self.head_dim),
            bias_axes="uh" if self.use_bias else None,
            name="query",
            **self._sublayer_kwargs(),
        )
        self._query_dense.build(tuple(query_shape))
        self._key_dense = EinsumDense(
            "bkm,mvh->bkvh",
            output_shape=(None, self.num_key_value_heads, self.head_dim),
            bias_axes="vh" if self.use_bias else None,
            name="key",
            **self._sublayer_kwargs(),
        )
        self._key_dense.build(tuple(key_shape))
        self._value_dense = EinsumDense(
            "bkm,mvh->bkvh",
            output_shape=(None, self.num_key_value_heads, self.head_dim),
            bias_axes="vh" if self.use_bias else None,
            name="value",
            **self._sublayer_kwargs(),
        )
        self._value_dense.build(tuple(value_shape))
        self._output_dense = EinsumDense(
            "bquh,uhm->bqm",
            output_shape=(None, self.feature_dim),
            bias_axes="m" if self.use_bias else None,
            name="attention_output",
            **self._sublayer_kwargs(),
        )
        self._output_dense.build(
            (
                query_shape[0],
                query_shape[1],
                self.num_query_heads,
                self.head_dim,
            )
        )

    def call(
        self,
        query,
        value,
        key=None,
        query_mask=None,
        value_mask=None,
        key_mask=None,
        attention_mask=None,
        return_attention_scores=False,
        training=None,
        use_causal_mask=False,
    ):
        if key is None:
            key = value
        attention_mask = compute_attention_mask(
            query,
            value,
            query_mask=query_mask,
            value_mask=value_mask,
            key_mask=key_mask,
            attention_mask=attention_mask,
            use_causal_mask=use_causal_mask,
        )
        query = self._query_dense(query)
        key = self._key_dense(key)
        value = self._value_dense(value)
        if self.rotary_embedding is not None:
            query = self.rotary_embedding(query)
            key = self.rotary_embedding(key)
        output, scores = self._compute_attention(
            query,
            key,
            value,
            attention_mask=attention_mask,
            training=training,
            return_attention_scores=return_attention_scores,
        )
        output = self._output_dense(output)
        if return_attention_scores:
            return output, scores
        return output

    def _compute_attention(
        self,
        query,
        key,
        value,
        attention_mask=None,
        training=None,
        return_attention_scores=False,
    ):
        """Scaled dot-product attention of the projected tensors.

        Args:
            query: `(B, T, num_query_heads, head_dim)`.
            key: `(B, S, num_key_value_heads, head_dim)`.
            value: `(B, S, num_key_value_heads, head_dim)`.
            attention_mask: Optional boolean mask broadcastable to
                `(B, T, S)`.
            training: Whether dropout is applied to the probabilities.
            return_attention_scores: Whether to also return the
                probabilities.

        Returns:
            `(output, scores)`: the output of shape
            `(B, T, num_query_heads, head_dim)` and the probabilities of
            shape `(B, num_query_heads, T, S)` (`None` unless
            `return_attention_scores`).
        """
        mask = None
        if attention_mask is not None:
            # `(B, T, S)` -> `(B, 1, T, S)`: the same for every head.
            mask = ops.expand_dims(ops.cast(attention_mask, "bool"), -3)
        use_dropout = bool(training) and self.dropout > 0
        if not return_attention_scores and not use_dropout:
            output = ops.dot_product_attention(
                query,
                key,
                value,
                mask=mask,
                scale=self._inverse_sqrt_head_dim,
            )
            return output, None
        key = ops.repeat(key, self.num_repeats, axis=2)
        value = ops.repeat(value, self.num_repeats, axis=2)
        query = ops.multiply(
            query, ops.cast(self._inverse_sqrt_head_dim, query.dtype)
        )
        scores = ops.einsum("bquh,bkuh->buqk", query, key)
        dtype = scores.dtype
        scores = ops.cast(scores, "float32")
        if mask is not None:
            scores = ops.where(mask, scores, _LARGE_NEGATIVE)
        scores = ops.cast(ops.softmax(scores, axis=-1), dtype)
        dropped = self._dropout_layer(scores, training=training)
        output = ops.einsum("buqk,bkuh->bquh", dropped, value)
        return output, scores

    def compute_output_shape(self, query_shape, value_shape, key_shape=None):
        return tuple(query_shape)

    def get_config(self):
        base_config = super().get_config()
        config = {
            "head_dim": self.head_dim,
            "num_query_heads": self.num_query_heads,
            "num_key_value_heads": self.num_key_value_heads,
            "use_bias": self.use_bias,
            "dropout": self.dropout,
            "kernel_initializer": initializers.serialize(
                self.kernel_initializer
            ),
            "bias_initializer": initializers.serialize(self.bias_initializer),
            "kernel_regularizer": regularizers.serialize(
                self.kernel_regularizer
            ),
            "bias_regularizer": regularizers.serialize(self.bias_regularizer),
            "activity_regularizer": regularizers.serialize(
                self._activity_regularizer
            ),
            "kernel_constraint": serialization_lib.serialize_keras_object(
                self.kernel_constraint
            ),
            "bias_constraint": serialization_lib.serialize_keras_object(
                self.bias_constraint
            ),
            "seed": self.seed,
            "rotary_embedding": (
                serialization_lib.serialize_keras_object(self.rotary_embedding)
                if self.rotary_embedding is not None
                else None
            ),
        }
        return {**base_config, **config}
