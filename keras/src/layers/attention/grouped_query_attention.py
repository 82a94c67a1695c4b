"""`GroupedQueryAttention`: attention with fewer key/value heads."""

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.attention import fused
from keras.src.layers.attention.attention_projections import (
    AttentionProjections,
)
from keras.src.layers.attention.multi_head_attention import _causal_mask
from keras.src.layers.attention.multi_head_attention import _check_positive_int
from keras.src.layers.attention.multi_head_attention import (
    compute_attention_mask,
)
from keras.src.layers.config_utils import attribute_config
from keras.src.layers.core.einsum_dense import EinsumDense
from keras.src.layers.layer import Layer
from keras.src.layers.regularization.dropout import Dropout
from keras.src.saving import serialization_lib

_LARGE_NEGATIVE = -1e9


@keras_export(
    ["keras.layers.GroupQueryAttention", "keras.layers.GroupedQueryAttention"]
)
class GroupedQueryAttention(AttentionProjections, Layer):
    """Attention in which groups of query heads share key/value heads.

    Grouped-query attention ([Ainslie et al., 2023](
    https://arxiv.org/abs/2305.13245)) sits between the two classic
    designs: the query is split into `num_query_heads` heads, but key and
    value only into `num_key_value_heads` heads, each serving a group of
    `num_query_heads // num_key_value_heads` consecutive query heads. With
    one key/value head this is multi-query attention; with as many
    key/value heads as query heads it is ordinary multi-head attention.
    Fewer key/value heads mean smaller projections and a smaller cache
    when decoding.

    Computation, for a query `(batch, T, features)` and a value (and key)
    `(batch, S, features)`:

    1. Project the query to `(batch, T, num_query_heads, head_dim)` and
       key and value to `(batch, S, num_key_value_heads, head_dim)`.
    2. Query head `i` is paired with key/value head
       `i // (num_query_heads // num_key_value_heads)`.
    3. For each query head, scores are `q . k / sqrt(head_dim)`; masked
       pairs are excluded and a softmax over the `S` source positions
       gives the weights, which average the value vectors.
    4. A final projection merges the query heads back to the query's
       feature size.

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
    dot product. Subclasses may instead override `_compute_attention(query,
    key, value, attention_mask=None, training=None)`: it receives the
    projected tensors with the key/value heads already repeated to
    `num_query_heads`, and a mask that includes the causal and sliding
    window constraints; it returns `(output, scores)` (scores may be
    `None` unless `self._return_attention_scores`).

    With `use_gate=True`, a sigmoid-activated projection of the query
    (named `gate`, shaped like the query heads) multiplies the heads'
    outputs before the output projection.

    Args:
        head_dim: Integer, the per-head size of query, key and value.
        num_query_heads: Integer, how many query heads there are.
        num_key_value_heads: Integer, how many key/value heads there are;
            must divide `num_query_heads`.
        dropout: Float in `[0, 1]`, dropout rate on the attention weights
            (training only). Defaults to `0.0`.
        use_bias: Boolean; whether the four projections have biases.
            Defaults to `True`.
        flash_attention: Optional boolean. `True` asks for a fused
            attention kernel: attention scores cannot be returned and
            `dropout` must be 0. `None` (the default) follows
            `keras.config.is_flash_attention_enabled()`.
        use_gate: Boolean; whether to gate the heads' outputs with a
            sigmoid projection of the query. Defaults to `False`.
        sliding_window: Optional positive integer: query position `t` may
            only look at source positions `s` with `|t - s| <
            sliding_window` (and `s <= t` with `use_causal_mask`).
        kernel_initializer: How to initialize the projection kernels.
            Defaults to `"glorot_uniform"`; each projection gets its own
            copy, so seeded initializers do not repeat values.
        bias_initializer: How to initialize the projection biases.
            Defaults to `"zeros"`.
        kernel_regularizer: Optional penalty on the projection kernels.
        bias_regularizer: Optional penalty on the projection biases.
        activity_regularizer: Optional penalty on the projections'
            outputs.
        kernel_constraint: Optional projection applied to the kernels
            after each optimizer update.
        bias_constraint: Optional projection applied to the biases after
            each optimizer update.
        seed: Optional integer seeding the attention dropout.
        rotary_embedding: Optional layer (typically a
            `keras.layers.RotaryEmbedding`) applied to the projected query
            and key, each of shape `(batch, seq, heads, head_dim)`. It is
            serialized with the layer's config.
        **kwargs: Standard `Layer` options, e.g. `name`, `dtype`, `trainable`.

    Call arguments:
        query: Tensor `(B, T, features)`: `B` samples of `T` query
            positions.
        value: Tensor `(B, S, features)`: the `S` source positions to
            read from.
        key: Optional tensor `(B, S, features)` used to score the source
            positions. Defaults to `value` (the usual case).
        query_mask: Optional boolean mask `(B, T)`; `False` (padding)
            query positions attend to nothing.
        value_mask: Optional boolean mask `(B, S)`; `False` (padding)
            source positions cannot be attended to.
        key_mask: Optional boolean mask `(B, S)`, combined with
            `value_mask`.
        attention_mask: Optional boolean tensor `(B, T, S)` (leading axes
            may be omitted for broadcasting): entry `[b, t, s]` says
            whether query position `t` may look at source position `s`.
            It applies to every head.
        return_attention_scores: Boolean; if `True`, return
            `(output, scores)` instead of just `output`. Defaults to
            `False`.
        training: Boolean or `None`; whether attention dropout is active.
            When `None`, the mode of the enclosing model or layer call is
            used (inference if there is none).
        use_causal_mask: Boolean; if `True`, query position `t` may only
            look at source positions `s <= t`, as in autoregressive
            decoders. Combined with the other masks. Defaults to `False`.

    Returns:
        attention_output: Tensor `(B, T, features)`, shaped like `query`.
        attention_scores: Only with `return_attention_scores=True`: the
            attention weights (after the softmax, before dropout),
            `(B, num_query_heads, T, S)`.

    Example:

    >>> gqa = keras.layers.GroupQueryAttention(
    ...     head_dim=4, num_query_heads=6, num_key_value_heads=3,
    ...     rotary_embedding=keras.layers.RotaryEmbedding())
    >>> tokens = np.random.rand(3, 5, 20).astype("float32")
    >>> gqa(tokens, tokens, use_causal_mask=True).shape
    (3, 5, 20)
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
        use_gate=False,
        sliding_window=None,
        **kwargs,
    ):
        super().__init__(**kwargs)
        if sliding_window is not None:
            _check_positive_int("sliding_window", sliding_window)
        heads_per_group, remainder = divmod(
            num_query_heads, num_key_value_heads
        )
        if remainder:
            raise ValueError(
                "`GroupedQueryAttention` shares each key/value head among "
                "a whole group of query heads, so `num_query_heads` must be "
                "divisible by `num_key_value_heads`; got "
                f"num_query_heads={num_query_heads}, "
                f"num_key_value_heads={num_key_value_heads}"
            )
        fused.set_flash_attention(self, flash_attention, dropout)
        if isinstance(rotary_embedding, dict):
            # Coming back from a saved config.
            rotary_embedding = serialization_lib.deserialize_keras_object(
                rotary_embedding
            )
        if not (rotary_embedding is None or callable(rotary_embedding)):
            raise ValueError(
                "`rotary_embedding` must be `None` or a layer such as "
                "`keras.layers.RotaryEmbedding()`; got "
                f"rotary_embedding={rotary_embedding!r}"
            )
        self.head_dim = head_dim
        self.num_query_heads = num_query_heads
        self.num_key_value_heads = num_key_value_heads
        self.num_repeats = heads_per_group
        self.dropout = dropout
        self.use_bias = use_bias
        self.use_gate = use_gate
        self.sliding_window = sliding_window
        self._gate_dense = None
        self._return_attention_scores = False
        self.seed = seed
        # Settings shared by the projection sublayers.
        self._store_projection_settings(locals())
        self.supports_masking = True
        self.rotary_embedding = rotary_embedding
        # Queries are multiplied by this before the dot product.
        self._inverse_sqrt_head_dim = head_dim**-0.5
        self._dropout_layer = Dropout(
            rate=dropout, seed=seed, dtype=self._dtype_policy
        )

    def build(self, query_shape, value_shape, key_shape=None):
        query_shape, value_shape, key_shape = _checked_gqa_shapes(
            query_shape, value_shape, key_shape
        )
        shapes = {"query": query_shape, "value": value_shape, "key": key_shape}
        for arg, shape in shapes.items():
            if len(shape) == 3:
                continue
            raise ValueError(
                f"`GroupedQueryAttention` works on 3D inputs (batch, "
                f"sequence, features), but `{arg}` has shape {shape}."
            )
        self.feature_dim = shapes["query"][-1]
        head = self.head_dim
        bias = self.use_bias

        def projection(
            name, equation, output_shape, bias_axes, in_shape, activation=None
        ):
            sublayer = EinsumDense(
                equation,
                output_shape=output_shape,
                bias_axes=bias_axes if bias else None,
                activation=activation,
                name=name,
                **self._get_common_kwargs_for_sublayer(),
            )
            sublayer.build(in_shape)
            return sublayer

        # Letters: b batch, q/k query/source position, m model features,
        # u query heads, v key/value heads, h head size. Each layout is
        # `(equation, output_shape, bias_axes)`.
        query_heads = (
            "bqm,muh->bquh",
            (None, self.num_query_heads, head),
            "uh",
        )
        key_value_heads = (
            "bkm,mvh->bkvh",
            (None, self.num_key_value_heads, head),
            "vh",
        )
        # Built (and so tracked) in this order: query, key, value, (gate,)
        # output.
        self._query_dense = projection("query", *query_heads, shapes["query"])
        self._key_dense = projection("key", *key_value_heads, shapes["key"])
        self._value_dense = projection(
            "value", *key_value_heads, shapes["value"]
        )
        if self.use_gate:
            self._gate_dense = projection(
                "gate", *query_heads, shapes["query"], activation="sigmoid"
            )
        batch, steps = shapes["query"][:2]
        self._output_dense = projection(
            "attention_output",
            "bquh,uhm->bqm",
            (None, self.feature_dim),
            "m",
            (batch, steps, self.num_query_heads, head),
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
        self._check_scores_request(return_attention_scores)
        padding_masks = {
            "query_mask": query_mask,
            "value_mask": value_mask,
            "key_mask": key_mask,
        }
        q = self._query_dense(query)
        k = self._key_dense(value if key is None else key)
        v = self._value_dense(value)
        rope = self.rotary_embedding
        if rope is not None:
            q, k = rope(q), rope(k)
        self._return_attention_scores = return_attention_scores
        # The kernel shares each key/value head with its group itself.
        weights = None
        heads = fused.fused_call(
            self,
            GroupedQueryAttention,
            q,
            k,
            v,
            dropout=self.dropout,
            training=training,
            return_attention_scores=return_attention_scores,
            attention_mask=attention_mask,
            scale=self._inverse_sqrt_head_dim,
            causal=use_causal_mask,
            sliding_window=self.sliding_window,
            blind_queries="mean",
            **padding_masks,
        )
        if heads is None:
            mask = compute_attention_mask(
                query,
                value,
                attention_mask=attention_mask,
                use_causal_mask=use_causal_mask,
                sliding_window=self.sliding_window,
                **padding_masks,
            )
            # Every query head gets its own copy of its group's key/value
            # head.
            k = ops.repeat(k, self.num_repeats, axis=2)
            v = ops.repeat(v, self.num_repeats, axis=2)
            heads, weights = self._compute_attention(
                q, k, v, attention_mask=mask, training=training
            )
        merged = self._output_projection(heads, query)
        return (merged, weights) if return_attention_scores else merged

    def _compute_attention(
        self,
        query,
        key,
        value,
        attention_mask=None,
        training=None,
        use_causal_mask=False,
    ):
        """Scaled dot-product attention of the projected tensors.

        Args:
            query: `(B, T, num_query_heads, head_dim)`.
            key: `(B, S, num_query_heads, head_dim)` (key/value heads
                already repeated for their group).
            value: `(B, S, num_query_heads, head_dim)`.
            attention_mask: Optional boolean mask broadcastable to
                `(B, T, S)`.
            training: Whether dropout is applied to the probabilities.
            use_causal_mask: Whether to also apply a causal mask (query
                position `t` sees key positions `s <= t`).

        Returns:
            `(output, scores)`: the output of shape
            `(B, T, num_query_heads, head_dim)` and the probabilities of
            shape `(B, num_query_heads, T, S)` (`None` unless
            `self._return_attention_scores` or dropout needs them).
        """
        if use_causal_mask:
            causal = _causal_mask(query.shape[1], key.shape[1])
            attention_mask = (
                causal
                if attention_mask is None
                else ops.logical_and(ops.cast(attention_mask, "bool"), causal)
            )
        mask = (
            None
            if attention_mask is None
            # `(B, T, S)` -> `(B, 1, T, S)`: the same for every head.
            else ops.expand_dims(ops.cast(attention_mask, "bool"), -3)
        )
        scale = self._inverse_sqrt_head_dim
        with_dropout = self.dropout > 0 and bool(training)
        if not (self._return_attention_scores or with_dropout):
            # A built mask (an explicit `attention_mask`) may still take the
            # kernel, matched at run time by `dot_product_attention`.
            flash = (
                None if fused.wants_kernel(self._flash_attention_arg) else False
            )
            heads = ops.dot_product_attention(
                query, key, value, mask=mask, scale=scale, flash_attention=flash
            )
            return heads, None
        query = ops.multiply(query, ops.cast(scale, query.dtype))
        logits = ops.einsum("bquh,bkuh->buqk", query, key)
        out_dtype = logits.dtype
        logits = ops.cast(logits, "float32")
        if mask is not None:
            logits = ops.where(mask, logits, _LARGE_NEGATIVE)
        # The backend softmax: attending over a single key (a length-1
        # sequence) is legitimate, so `ops.softmax`'s warning does not apply.
        probs = backend.nn.softmax(logits, axis=-1)
        if mask is not None:
            # Exactly zero where masked, also for fully masked queries.
            probs = ops.where(mask, probs, 0.0)
        probs = ops.cast(probs, out_dtype)
        kept = self._dropout_layer(probs, training=training)
        return ops.einsum("buqk,bkuh->bquh", kept, value), probs

    def compute_output_shape(self, query_shape, value_shape, key_shape=None):
        query_shape, _, _ = _checked_gqa_shapes(
            query_shape, value_shape, key_shape
        )
        return query_shape

    def get_config(self):
        config = super().get_config()
        config.update(
            attribute_config(
                self,
                "head_dim",
                "num_query_heads",
                "num_key_value_heads",
                "use_bias",
                "dropout",
                "use_gate",
                "sliding_window",
            )
        )
        config["flash_attention"] = self._flash_attention_arg
        config.update(self._projection_settings_config())
        config["seed"] = self.seed
        rope = self.rotary_embedding
        config["rotary_embedding"] = (
            None
            if rope is None
            else serialization_lib.serialize_keras_object(rope)
        )
        return config


def _checked_gqa_shapes(query_shape, value_shape, key_shape):
    """`(query, value, key)` shapes as tuples, after checking that query
    and value have the same feature size and that key and value agree on
    every axis but the last."""
    query_shape = tuple(query_shape)
    value_shape = tuple(value_shape)
    if query_shape[-1] != value_shape[-1]:
        raise ValueError(
            "The last dimension of `query_shape` and `value_shape` must be "
            f"equal. Received: query_shape={query_shape}, "
            f"value_shape={value_shape}"
        )
    if key_shape is None:
        key_shape = value_shape
    key_shape = tuple(key_shape) if isinstance(key_shape, (list, tuple)) else ()
    if value_shape[1:-1] != key_shape[1:-1]:
        raise ValueError(
            "All dimensions of `value` and `key`, except the last one, "
            f"must be equal. Received: value_shape={value_shape} and "
            f"key_shape={key_shape}"
        )
    return query_shape, value_shape, key_shape
