"""`MultiHeadAttention`: multi-head (scaled dot-product) attention."""

import math
import string

from keras.src import constraints
from keras.src import initializers
from keras.src import ops
from keras.src import regularizers
from keras.src.api_export import keras_export
from keras.src.layers.core.einsum_dense import EinsumDense
from keras.src.layers.layer import Layer
from keras.src.layers.regularization.dropout import Dropout
from keras.src.saving import serialization_lib

_LETTERS = string.ascii_lowercase


@keras_export("keras.layers.MultiHeadAttention")
class MultiHeadAttention(Layer):
    """MultiHeadAttention layer.

    This is an implementation of multi-headed attention as described in the
    paper "Attention is all you Need"
    [Vaswani et al., 2017](https://arxiv.org/abs/1706.03762).
    If `query`, `key,` `value` are the same, then
    this is self-attention. Each timestep in `query` attends to the
    corresponding sequence in `key`, and returns a fixed-width vector.

    This layer first projects `query`, `key` and `value`. These are
    (effectively) a list of tensors of length `num_attention_heads`, where
    the corresponding shapes are `(batch_size, <query dimensions>,
    key_dim)`, `(batch_size, <key/value dimensions>, key_dim)`,
    `(batch_size, <key/value dimensions>, value_dim)`.

    Then, the query and key tensors are dot-producted and scaled. These are
    softmaxed to obtain attention probabilities. The value tensors are then
    interpolated by these probabilities, then concatenated back to a single
    tensor.

    Finally, the result tensor with the last dimension as `value_dim` can
    take a linear projection and return.

    The projections are `EinsumDense` sublayers named `query`, `key`,
    `value` and `attention_output` (so their kernels have paths such as
    `".../multi_head_attention/query/kernel"`), with kernels of shapes
    `(query_dim, num_heads, key_dim)`, `(key_dim_in, num_heads, key_dim)`,
    `(value_dim_in, num_heads, value_dim)` and
    `(num_heads, value_dim, output_dim)`.

    Subclasses may override `_compute_attention(query, key, value,
    attention_mask=None, training=None)` (projected tensors of shape
    `(batch, <positions>, num_heads, dim)`), e.g. to apply a rotary
    embedding to `query` and `key` first.

    Args:
        num_heads: Number of attention heads.
        key_dim: Size of each attention head for query and key.
        value_dim: Size of each attention head for value. Defaults to
            `key_dim`.
        dropout: Dropout probability (applied to the attention
            probabilities).
        use_bias: Boolean, whether the dense layers use bias vectors/
            matrices.
        output_shape: The expected shape of an output tensor, besides the
            batch and sequence dims. If not specified, projects back to the
            query feature dim (the query input's last dimension).
        attention_axes: axes over which the attention is applied. `None`
            means attention over all axes, but batch, heads, and features.
        kernel_initializer: Initializer for dense layer kernels.
        bias_initializer: Initializer for dense layer biases.
        kernel_regularizer: Regularizer for dense layer kernels.
        bias_regularizer: Regularizer for dense layer biases.
        activity_regularizer: Regularizer for dense layer activity.
        kernel_constraint: Constraint for dense layer kernels.
        bias_constraint: Constraint for dense layer kernels.
        seed: Optional integer to seed the dropout layer.
        **kwargs: Standard `Layer` options, e.g. `name`, `dtype`, `trainable`.

    Call arguments:
        query: Query tensor of shape `(B, T, dim)`, where `B` is the batch
            size, `T` is the target sequence length, and dim is the
            feature dimension.
        value: Value tensor of shape `(B, S, dim)`, where `B` is the batch
            size, `S` is the source sequence length, and dim is the feature
            dimension.
        key: Optional key tensor of shape `(B, S, dim)`. If not given, will
            use `value` for both `key` and `value`, which is the most
            common case.
        query_mask: Optional boolean mask of shape `(B, T)`; `False`
            (padding) query positions attend to nothing.
        value_mask: Optional boolean mask of shape `(B, S)`; `False`
            (padding) value positions cannot be attended to.
        key_mask: Optional boolean mask of shape `(B, S)`, combined with
            `value_mask`.
        attention_mask: a boolean mask of shape `(B, T, S)`, that prevents
            attention to certain positions. The boolean mask specifies
            which query elements can attend to which key elements, 1
            indicates attention and 0 indicates no attention. Broadcasting
            can happen for the missing batch dimensions and the head
            dimension.
        return_attention_scores: A boolean to indicate whether the output
            should be `(attention_output, attention_scores)` if `True`, or
            `attention_output` if `False`. Defaults to `False`.
        training: Python boolean indicating whether the layer should behave
            in training mode (adding dropout) or in inference mode (no
            dropout). Will go with either using the training mode of the
            parent layer/model, or `False` (inference) if there is no
            parent layer.
        use_causal_mask: A boolean to indicate whether to apply a causal
            mask to prevent tokens from attending to future tokens (e.g.,
            used in a decoder Transformer).

    Returns:
        attention_output: The result of the computation, of shape
            `(B, T, E)`, where `T` is for target sequence shapes and `E` is
            the query input last dimension if `output_shape` is `None`.
            Otherwise, the multi-head outputs are projected to the shape
            specified by `output_shape`.
        attention_scores: (Optional) multi-head attention coefficients
            (after softmax, before dropout) over attention axes, of shape
            `(B, num_heads, T, S)` for 3D inputs.

    Example:

    >>> layer = keras.layers.MultiHeadAttention(num_heads=2, key_dim=4)
    >>> target = np.random.rand(1, 8, 16).astype("float32")
    >>> source = np.random.rand(1, 4, 16).astype("float32")
    >>> output, weights = layer(target, source, return_attention_scores=True)
    >>> output.shape, weights.shape
    ((1, 8, 16), (1, 2, 8, 4))
    """

    def __init__(
        self,
        num_heads,
        key_dim,
        value_dim=None,
        dropout=0.0,
        use_bias=True,
        output_shape=None,
        attention_axes=None,
        flash_attention=None,
        kernel_initializer="glorot_uniform",
        bias_initializer="zeros",
        kernel_regularizer=None,
        bias_regularizer=None,
        activity_regularizer=None,
        kernel_constraint=None,
        bias_constraint=None,
        seed=None,
        **kwargs,
    ):
        super().__init__(**kwargs)
        self.supports_masking = True
        self._num_heads = num_heads
        self._key_dim = key_dim
        self._value_dim = value_dim if value_dim else key_dim
        self._dropout = dropout
        self._use_bias = use_bias
        if output_shape is not None and isinstance(output_shape, int):
            output_shape = (output_shape,)
        self._output_shape = (
            tuple(output_shape) if output_shape is not None else None
        )
        if flash_attention:
            raise ValueError(
                "Flash attention is not supported by this backend build. "
                f"Received: flash_attention={flash_attention}"
            )
        self._flash_attention = flash_attention
        self._kernel_initializer = initializers.get(kernel_initializer)
        self._bias_initializer = initializers.get(bias_initializer)
        self._kernel_regularizer = regularizers.get(kernel_regularizer)
        self._bias_regularizer = regularizers.get(bias_regularizer)
        self._activity_regularizer = regularizers.get(activity_regularizer)
        self._kernel_constraint = constraints.get(kernel_constraint)
        self._bias_constraint = constraints.get(bias_constraint)
        if isinstance(attention_axes, int):
            attention_axes = (attention_axes,)
        elif attention_axes is not None:
            attention_axes = tuple(attention_axes)
        self._attention_axes = attention_axes
        self.seed = seed
        self._inverse_sqrt_key_dim = 1.0 / math.sqrt(float(self._key_dim))
        self._dropout_layer = Dropout(
            rate=self._dropout, dtype=self.dtype_policy, seed=self.seed
        )

    # ------------------------------------------------------------ properties
    @property
    def num_heads(self):
        return self._num_heads

    @property
    def key_dim(self):
        return self._key_dim

    @property
    def value_dim(self):
        return self._value_dim

    @property
    def dropout(self):
        return self._dropout

    @property
    def use_bias(self):
        return self._use_bias

    @property
    def output_shape(self):
        return self._output_shape

    @property
    def attention_axes(self):
        return self._attention_axes

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

    # ----------------------------------------------------------------- build
    def _sublayer_kwargs(self):
        return dict(
            kernel_initializer=self._clone_initializer(
                self._kernel_initializer
            ),
            bias_initializer=self._clone_initializer(self._bias_initializer),
            kernel_regularizer=self._kernel_regularizer,
            bias_regularizer=self._bias_regularizer,
            activity_regularizer=self._activity_regularizer,
            kernel_constraint=self._kernel_constraint,
            bias_constraint=self._bias_constraint,
            dtype=self.dtype_policy,
        )

    @staticmethod
    def _clone_initializer(initializer):
        # Each projection gets its own initializer: a seeded one would
        # otherwise give every kernel the same values.
        config = initializers.serialize(initializer)
        return initializers.deserialize(config)

    def _normalized_attention_axes(self, query_rank):
        if self._attention_axes is None:
            return tuple(range(1, query_rank - 1))
        axes = []
        for axis in self._attention_axes:
            normalized = axis % query_rank
            if normalized in (0, query_rank - 1):
                raise ValueError(
                    "`attention_axes` cannot contain the batch axis (0) or "
                    f"the feature axis (-1). Received: attention_axes="
                    f"{self._attention_axes} for query rank {query_rank}."
                )
            axes.append(normalized)
        return tuple(sorted(set(axes)))

    def build(self, query_shape, value_shape, key_shape=None):
        key_shape = value_shape if key_shape is None else key_shape
        query_shape, value_shape, key_shape = (
            tuple(query_shape),
            tuple(value_shape),
            tuple(key_shape),
        )
        query_rank = len(query_shape)
        if len(value_shape) != query_rank or len(key_shape) != query_rank:
            raise ValueError(
                "`query`, `key` and `value` must have the same rank. "
                f"Received: query_shape={query_shape}, "
                f"value_shape={value_shape}, key_shape={key_shape}"
            )
        if query_rank < 3:
            raise ValueError(
                "`MultiHeadAttention` inputs must have rank >= 3 "
                f"(batch, positions..., features). Received: "
                f"query_shape={query_shape}"
            )
        self._query_rank = query_rank
        self._axes = self._normalized_attention_axes(query_rank)

        def projection(rank, dim, name):
            equation, bias_axes, output_rank = _build_proj_equation(
                rank - 1, bound_dims=1, output_dims=2
            )
            return EinsumDense(
                equation,
                output_shape=_get_output_shape(
                    output_rank - 1, [self._num_heads, dim]
                ),
                bias_axes=bias_axes if self._use_bias else None,
                name=name,
                **self._sublayer_kwargs(),
            )

        self._query_dense = projection(query_rank, self._key_dim, "query")
        self._query_dense.build(query_shape)
        self._key_dense = projection(query_rank, self._key_dim, "key")
        self._key_dense.build(key_shape)
        self._value_dense = projection(query_rank, self._value_dim, "value")
        self._value_dense.build(value_shape)

        # Projected tensors have rank `query_rank + 1` (a heads axis).
        self._build_attention(query_rank + 1)

        output_shape = (
            self._output_shape
            if self._output_shape is not None
            else (query_shape[-1],)
        )
        equation, bias_axes, output_rank = _build_proj_equation(
            query_rank - 1, bound_dims=2, output_dims=len(output_shape)
        )
        self._output_dense = EinsumDense(
            equation,
            output_shape=_get_output_shape(output_rank - 1, output_shape),
            bias_axes=bias_axes if self._use_bias else None,
            name="attention_output",
            **self._sublayer_kwargs(),
        )
        output_dense_input_shape = query_shape[:-1] + (
            self._num_heads,
            self._value_dim,
        )
        self._output_dense.build(output_dense_input_shape)

    def _build_attention(self, rank):
        """Builds the einsum equations of the attention computation."""
        self._dot_product_equation, self._combine_equation, self._norm_axes = (
            _build_attention_equation(rank, attn_axes=self._axes)
        )

    # ------------------------------------------------------------------ call
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
        attention_mask = self._compute_attention_mask(
            query,
            value,
            query_mask=query_mask,
            value_mask=value_mask,
            key_mask=key_mask,
            attention_mask=attention_mask,
            use_causal_mask=use_causal_mask,
        )
        # `(B, <positions>, N, H)` projections.
        query = self._query_dense(query)
        key = self._key_dense(key)
        value = self._value_dense(value)
        attention_output, attention_scores = self._compute_attention(
            query, key, value, attention_mask, training
        )
        attention_output = self._output_dense(attention_output)
        if return_attention_scores:
            return attention_output, attention_scores
        return attention_output

    def _compute_attention(
        self, query, key, value, attention_mask=None, training=None
    ):
        """Scaled dot-product attention of projected tensors.

        Args:
            query: Projected query, `(B, <query positions>, N, key_dim)`.
            key: Projected key, `(B, <key positions>, N, key_dim)`.
            value: Projected value, `(B, <key positions>, N, value_dim)`.
            attention_mask: Optional boolean mask broadcastable to the
                scores (without their heads axis), `(B, T, S)` for 3D
                inputs.
            training: Whether dropout is applied to the probabilities.

        Returns:
            `(attention_output, attention_scores)`: the output of shape
            `(B, <query positions>, N, value_dim)` and the probabilities of
            shape `(B, N, <query positions>, <key positions>)`.
        """
        query = ops.multiply(
            query, ops.cast(self._inverse_sqrt_key_dim, query.dtype)
        )
        # `(B, N, <query positions>, <key positions>)`.
        scores = ops.einsum(self._dot_product_equation, key, query)
        scores = self._masked_softmax(scores, attention_mask)
        dropped = self._dropout_layer(scores, training=training)
        output = ops.einsum(self._combine_equation, dropped, value)
        return output, scores

    def _masked_softmax(self, scores, attention_mask=None):
        dtype = scores.dtype
        scores = ops.cast(scores, "float32")
        if attention_mask is not None:
            mask = ops.cast(attention_mask, "bool")
            # Insert the heads axis: `(B, T, S)` -> `(B, 1, T, S)`.
            expansion_axis = -len(self._norm_axes) * 2 - 1
            for _ in range(len(scores.shape) - len(mask.shape)):
                mask = ops.expand_dims(mask, axis=expansion_axis)
            scores = ops.where(mask, scores, _LARGE_NEGATIVE)
        probs = ops.softmax(scores, axis=self._norm_axes)
        return ops.cast(probs, dtype)

    def _compute_attention_mask(
        self,
        query,
        value,
        query_mask=None,
        value_mask=None,
        key_mask=None,
        attention_mask=None,
        use_causal_mask=False,
    ):
        """Combines the padding, explicit and causal masks.

        Returns:
            A boolean mask of shape `(B, T, S)` (or broadcastable to it), or
            `None` when there is no mask.
        """
        return compute_attention_mask(
            query,
            value,
            query_mask=query_mask,
            value_mask=value_mask,
            key_mask=key_mask,
            attention_mask=attention_mask,
            use_causal_mask=use_causal_mask,
        )

    def compute_output_shape(self, query_shape, value_shape, key_shape=None):
        query_shape = tuple(query_shape)
        if self._output_shape is not None:
            return query_shape[:-1] + tuple(self._output_shape)
        return query_shape

    def get_config(self):
        base_config = super().get_config()
        config = {
            "num_heads": self._num_heads,
            "key_dim": self._key_dim,
            "value_dim": self._value_dim,
            "dropout": self._dropout,
            "use_bias": self._use_bias,
            "output_shape": self._output_shape,
            "attention_axes": self._attention_axes,
            "kernel_initializer": initializers.serialize(
                self._kernel_initializer
            ),
            "bias_initializer": initializers.serialize(self._bias_initializer),
            "kernel_regularizer": regularizers.serialize(
                self._kernel_regularizer
            ),
            "bias_regularizer": regularizers.serialize(self._bias_regularizer),
            "activity_regularizer": regularizers.serialize(
                self._activity_regularizer
            ),
            "kernel_constraint": serialization_lib.serialize_keras_object(
                self._kernel_constraint
            ),
            "bias_constraint": serialization_lib.serialize_keras_object(
                self._bias_constraint
            ),
            "seed": self.seed,
        }
        return {**base_config, **config}


def compute_attention_mask(
    query,
    value,
    query_mask=None,
    value_mask=None,
    key_mask=None,
    attention_mask=None,
    use_causal_mask=False,
):
    """Combines padding masks, an explicit mask and the causal mask.

    Args:
        query: The query, `(B, T, ...)`.
        value: The value, `(B, S, ...)`.
        query_mask: Optional `(B, T)` mask.
        value_mask: Optional `(B, S)` mask.
        key_mask: Optional `(B, S)` mask.
        attention_mask: Optional `(B, T, S)` mask.
        use_causal_mask: Whether query `i` only sees values `j <= i`.

    Returns:
        A boolean mask broadcastable to `(B, T, S)`, or `None`.
    """
    masks = []
    if query_mask is not None:
        masks.append(ops.expand_dims(ops.cast(query_mask, "bool"), -1))
    for mask in (value_mask, key_mask):
        if mask is not None:
            masks.append(ops.expand_dims(ops.cast(mask, "bool"), -2))
    if use_causal_mask:
        masks.append(_causal_mask(query.shape[1], value.shape[1]))
    if attention_mask is not None:
        masks.append(ops.cast(attention_mask, "bool"))
    if not masks:
        return None
    combined = masks[0]
    for mask in masks[1:]:
        combined = ops.logical_and(combined, mask)
    return combined


# Masked logits (computed in float32) get this value: ~0 probability.
_LARGE_NEGATIVE = -1e9


def _causal_mask(query_length, value_length):
    """`(1, T, S)` lower-triangular mask: query `i` sees values `j <= i`."""
    rows = ops.expand_dims(ops.arange(query_length), -1)
    cols = ops.expand_dims(ops.arange(value_length), 0)
    return ops.expand_dims(ops.greater_equal(rows, cols), 0)


def _get_output_shape(output_rank, known_last_dims):
    """`(None, ..., None) + known_last_dims` of length `output_rank`."""
    known_last_dims = tuple(known_last_dims)
    return (None,) * (output_rank - len(known_last_dims)) + known_last_dims


def _build_proj_equation(free_dims, bound_dims, output_dims):
    """Einsum equation of a projection.

    The input has `free_dims` axes carried through (batch included) and
    `bound_dims` contracted axes; the kernel is `bound + output` axes.

    Returns:
        `(equation, bias_axes, output_rank)`.
    """
    letters = iter(_LETTERS)
    free = "".join(next(letters) for _ in range(free_dims))
    bound = "".join(next(letters) for _ in range(bound_dims))
    output = "".join(next(letters) for _ in range(output_dims))
    equation = f"{free}{bound},{bound}{output}->{free}{output}"
    return equation, output, free_dims + output_dims


def _build_attention_equation(rank, attn_axes):
    """Einsum equations of the attention over `attn_axes`.

    For projected tensors of rank `rank` (`(B, <positions>, N, H)`), the
    scores are `(<batch axes>, N, <query attention axes>, <key attention
    axes>)`, where the batch axes are all axes but `attn_axes`, heads and
    features.

    Returns:
        `(dot_product_equation, combine_equation, norm_axes)`: the einsum of
        `(key, query) -> scores`, that of `(scores, value) -> output` and
        the softmax axes of the scores.
    """
    target = _LETTERS[:rank]
    heads_axis = rank - 2
    batch_axes = tuple(
        i for i in range(rank - 1) if i not in attn_axes and i != heads_axis
    )
    letter = rank
    source = list(target)
    for axis in attn_axes:
        source[axis] = _LETTERS[letter]
        letter += 1
    source = "".join(source)

    product = "".join(target[i] for i in batch_axes) + target[heads_axis]
    scores = (
        product
        + "".join(target[i] for i in attn_axes)
        + "".join(source[i] for i in attn_axes)
    )
    dot_product_equation = f"{source},{target}->{scores}"
    combine_equation = f"{scores},{source}->{target}"
    num_batch = len(batch_axes) + 1
    norm_axes = tuple(
        range(num_batch + len(attn_axes), num_batch + 2 * len(attn_axes))
    )
    return dot_product_equation, combine_equation, norm_axes
