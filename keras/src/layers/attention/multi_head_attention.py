"""`MultiHeadAttention`: multi-head (scaled dot-product) attention."""

import inspect
import string

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.attention import fused
from keras.src.layers.attention.attention_projections import (
    AttentionProjections,
)
from keras.src.layers.config_utils import attribute_config
from keras.src.layers.core.einsum_dense import EinsumDense
from keras.src.layers.layer import Layer
from keras.src.layers.regularization.dropout import Dropout
from keras.src.utils.python_utils import read_only

_LETTERS = string.ascii_lowercase


def _as_shape_tuple(value):
    """`None` stays `None`, an int `n` becomes `(n,)`, else a tuple."""
    if value is None:
        return None
    if isinstance(value, int):
        return (value,)
    return tuple(value)


@keras_export("keras.layers.MultiHeadAttention")
class MultiHeadAttention(AttentionProjections, Layer):
    """Scaled dot-product attention with several heads run side by side.

    The mechanism of the Transformer ([Vaswani et al., 2017](
    https://arxiv.org/abs/1706.03762)). Every position of `query` looks
    at all positions of `key`, turns the similarities into weights and
    returns the matching weighted sum of `value`. Passing the same tensor
    as `query` and `value` gives self-attention; different tensors give
    cross-attention (e.g. a decoder reading an encoder's output).

    Step by step, for inputs `(batch, T, dq)` (query) and `(batch, S, dv)`
    (value, and key):

    1. Three learned projections map `query`, `key` and `value` to
       `num_heads` heads each: `(batch, T, num_heads, key_dim)`,
       `(batch, S, num_heads, key_dim)` and
       `(batch, S, num_heads, value_dim)`.
    2. For each head, the scores are `q . k / sqrt(key_dim)`, one per
       (query position, key position) pair; masked pairs are excluded and
       a softmax over the key positions turns the scores into weights.
    3. Each head averages its value vectors with those weights (after
       dropout on the weights, in training).
    4. A final projection merges the heads back into a tensor of shape
       `(batch, T, *output_shape)`, by default `(batch, T, dq)`.

    The projections are `EinsumDense` sublayers named `query`, `key`,
    `value` and `attention_output` (so their kernels have paths such as
    `".../multi_head_attention/query/kernel"`), with kernels of shapes
    `(query_dim, num_heads, key_dim)`, `(key_dim_in, num_heads, key_dim)`,
    `(value_dim_in, num_heads, value_dim)` and
    `(num_heads, value_dim, output_dim)`.

    Inputs of higher rank are supported too: `attention_axes` then picks
    the axes that act as positions (e.g. both spatial axes of an image);
    the remaining non-feature axes are treated like the batch axis.

    With `use_gate=True`, a fifth projection of `query` (named `gate`,
    sigmoid activated, shaped like the heads) multiplies the heads' outputs
    element-wise before the output projection (gated attention).

    Subclasses may override `_compute_attention(query, key, value,
    attention_mask=None, training=None, return_attention_scores=False)`
    (projected tensors of shape `(batch, <positions>, num_heads, dim)`),
    e.g. to apply a rotary embedding to `query` and `key` first; the
    mask they receive already includes the causal and sliding window
    constraints.

    Args:
        num_heads: Integer, how many attention heads run in parallel.
        key_dim: Integer, the per-head size of the projected query and
            key.
        value_dim: Integer, the per-head size of the projected value.
            Defaults to `key_dim`.
        dropout: Float in `[0, 1]`, dropout rate on the attention weights
            (training only). Defaults to `0.0`.
        use_bias: Boolean; whether the four projections have biases.
            Defaults to `True`.
        output_shape: Optional integer or tuple, the trailing shape of the
            output (after the batch and position axes). Defaults to
            `None`, meaning the query's last dimension.
        attention_axes: Optional integer or tuple, the input axes attended
            over. Defaults to `None`: every axis except the first (batch)
            and the last (features).
        flash_attention: Optional boolean. `True` asks for a fused
            attention kernel: attention scores cannot be returned and
            `dropout` must be 0. `None` (the default) follows
            `keras.config.is_flash_attention_enabled()`. On this backend
            the computation is the same either way.
        use_gate: Boolean; whether to gate the heads' outputs with a
            sigmoid projection of the query (see above). Defaults to
            `False`.
        sliding_window: Optional positive integer: query position `t`
            may only look at source positions `s` with `|t - s| <
            sliding_window` (and `s <= t` with `use_causal_mask`).
            Defaults to `None` (no window).
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
        **kwargs: Standard `Layer` options, e.g. `name`, `dtype`, `trainable`.

    Call arguments:
        query: Tensor `(B, T, dq)`: `B` samples of `T` query positions
            with `dq` features each.
        value: Tensor `(B, S, dv)`: the `S` source positions to read
            from.
        key: Optional tensor `(B, S, dk)` used to score the source
            positions. Defaults to `value` (the usual case).
        query_mask: Optional boolean mask of shape `(B, T)`; `False`
            (padding) query positions attend to nothing.
        value_mask: Optional boolean mask of shape `(B, S)`; `False`
            (padding) value positions cannot be attended to.
        key_mask: Optional boolean mask of shape `(B, S)`, combined with
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
        attention_output: Tensor `(B, T, dq)`, or
            `(B, T, *output_shape)` when `output_shape` is set.
        attention_scores: Only with `return_attention_scores=True`: the
            attention weights (after the softmax, before dropout) per
            head, `(B, num_heads, T, S)` for 3D inputs.

    Example:

    >>> attn = keras.layers.MultiHeadAttention(num_heads=3, key_dim=5)
    >>> words = np.random.rand(2, 7, 10).astype("float32")
    >>> image = np.random.rand(2, 9, 12).astype("float32")
    >>> out, scores = attn(words, image, return_attention_scores=True)
    >>> out.shape, scores.shape
    ((2, 7, 10), (2, 3, 7, 9))
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
        use_gate=False,
        sliding_window=None,
        **kwargs,
    ):
        super().__init__(**kwargs)
        _check_positive_int("num_heads", num_heads)
        _check_positive_int("key_dim", key_dim)
        if value_dim is not None:
            _check_positive_int("value_dim", value_dim)
        if sliding_window is not None:
            _check_positive_int("sliding_window", sliding_window)
        fused.set_flash_attention(self, flash_attention, dropout)
        self._num_heads = num_heads
        self._key_dim = key_dim
        self._value_dim = value_dim or key_dim
        self._dropout = dropout
        self._use_bias = use_bias
        self._use_gate = use_gate
        self._sliding_window = sliding_window
        self._output_shape = _checked_output_shape(output_shape)
        self._attention_axes = _as_shape_tuple(attention_axes)
        self.seed = seed
        # Settings shared by the projection sublayers.
        self._store_projection_settings(locals())
        self.supports_masking = True
        self._gate_dense = None
        # Queries are multiplied by this before the dot product.
        self._inverse_sqrt_key_dim = key_dim**-0.5
        self._dropout_layer = Dropout(
            rate=dropout, seed=seed, dtype=self._dtype_policy
        )

    # Where `AttentionProjections` finds the projections' settings.
    _settings_prefix = "_"

    # Read-only views of the constructor arguments.
    num_heads = read_only("_num_heads", "Number of attention heads.")
    key_dim = read_only("_key_dim", "Per-head size of query and key.")
    value_dim = read_only("_value_dim", "Per-head size of value.")
    dropout = read_only("_dropout", "Dropout rate on attention weights.")
    use_bias = read_only("_use_bias", "Whether projections have biases.")
    output_shape = read_only(
        "_output_shape", "Requested trailing output shape, or `None`."
    )
    attention_axes = read_only(
        "_attention_axes", "Axes attended over, or `None` for the default."
    )
    use_gate = read_only("_use_gate", "Whether the heads are gated.")

    # ----------------------------------------------------------------- build
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
        query_shape, value_shape, key_shape = _checked_shapes(
            query_shape, value_shape, key_shape
        )
        rank = len(query_shape)
        if {len(value_shape), len(key_shape)} != {rank}:
            raise ValueError(
                "`MultiHeadAttention` needs `query`, `key` and `value` of "
                f"one rank; got shapes query={query_shape}, "
                f"value={value_shape}, key={key_shape}."
            )
        if rank < 3:
            raise ValueError(
                "`MultiHeadAttention` needs inputs of rank 3 or more "
                "(batch, one or more position axes, features); got "
                f"query shape {query_shape} of rank {rank}."
            )
        self._query_rank = rank

        # Input projections: `(B, <positions>, d)` -> `(B, <positions>,
        # num_heads, head_size)`, contracting the feature axis only.
        in_eq, in_bias, in_rank = _build_proj_equation(
            rank - 1, bound_dims=1, output_dims=2
        )

        def project(name, head_size, input_shape, activation=None):
            sublayer = EinsumDense(
                in_eq,
                output_shape=_get_output_shape(
                    in_rank - 1, [self._num_heads, head_size]
                ),
                bias_axes=in_bias if self._use_bias else None,
                activation=activation,
                name=name,
                **self._get_common_kwargs_for_sublayer(),
            )
            sublayer.build(input_shape)
            return sublayer

        # Built (and so tracked) in this order: query, key, value, (gate,)
        # output.
        self._query_dense = project("query", self._key_dim, query_shape)
        self._key_dense = project("key", self._key_dim, key_shape)
        self._value_dense = project("value", self._value_dim, value_shape)
        if self._use_gate:
            self._gate_dense = project(
                "gate", self._value_dim, query_shape, activation="sigmoid"
            )

        # The projected tensors carry an extra heads axis.
        self._build_attention(rank + 1)

        # Output projection: contracts the (num_heads, value_dim) axes.
        target = self._output_shape
        if target is None:
            target = (query_shape[-1],)
        out_eq, out_bias, out_rank = _build_proj_equation(
            rank - 1, bound_dims=2, output_dims=len(target)
        )
        self._output_dense = EinsumDense(
            out_eq,
            output_shape=_get_output_shape(out_rank - 1, target),
            bias_axes=out_bias if self._use_bias else None,
            name="attention_output",
            **self._get_common_kwargs_for_sublayer(),
        )
        heads_shape = (*query_shape[:-1], self._num_heads, self._value_dim)
        self._output_dense.build(heads_shape)

    def _build_attention(self, rank):
        """Builds the attention axes and einsum equations for projected
        tensors of rank `rank` (the inputs' rank plus the heads axis);
        subclasses that override `build` call it too."""
        self._axes = self._normalized_attention_axes(rank - 1)
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
        self._check_scores_request(return_attention_scores)
        padding_masks = {
            "query_mask": query_mask,
            "value_mask": value_mask,
            "key_mask": key_mask,
        }
        source_for_keys = value if key is None else key
        # Each projection gives `(B, <positions>, num_heads, head_size)`.
        q = self._query_dense(query)
        k = self._key_dense(source_for_keys)
        v = self._value_dense(value)
        heads, weights = None, None
        # The layer's own attention over one axis may take the kernel.
        if tuple(self._axes) == (1,):
            heads = fused.fused_call(
                self,
                MultiHeadAttention,
                q,
                k,
                v,
                dropout=self._dropout,
                training=training,
                return_attention_scores=return_attention_scores,
                attention_mask=attention_mask,
                scale=self._inverse_sqrt_key_dim,
                causal=use_causal_mask,
                sliding_window=self._sliding_window,
                **padding_masks,
            )
        if heads is None:
            # The causal and window constraints become part of the mask.
            mask = self._compute_attention_mask(
                query,
                value,
                attention_mask=attention_mask,
                use_causal_mask=use_causal_mask,
                **padding_masks,
            )
            extra = ()
            if _takes_argument(
                self._compute_attention, "return_attention_scores"
            ):
                extra = (return_attention_scores,)
            heads, weights = self._compute_attention(
                q, k, v, mask, training, *extra
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
        return_attention_scores=False,
        use_causal_mask=False,
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
            return_attention_scores: Whether the caller needs the scores
                (they are returned either way).
            use_causal_mask: Whether to also apply a causal mask (query
                position `t` sees key positions `s <= t`, positions
                flattened over the attention axes).

        Returns:
            `(attention_output, attention_scores)`: the output of shape
            `(B, <query positions>, N, value_dim)` and the probabilities of
            shape `(B, N, <query positions>, <key positions>)`.
        """
        if (
            len(query.shape) == 4
            and tuple(self._axes) == (1,)
            and fused.may_fuse(
                self,
                MultiHeadAttention,
                dropout=self._dropout,
                training=training,
                return_attention_scores=return_attention_scores,
            )
        ):
            heads = fused.fused_with_mask(
                query,
                key,
                value,
                attention_mask,
                scale=self._inverse_sqrt_key_dim,
                causal=use_causal_mask,
                plain=lambda q, k, v, mask: self._plain_attention(
                    q, k, v, mask[:, 0], training
                )[0],
            )
            if heads is not None:
                return heads, None
        if use_causal_mask:
            causal = self._causal_mask_for(query, key)
            attention_mask = (
                causal
                if attention_mask is None
                else ops.logical_and(ops.cast(attention_mask, "bool"), causal)
            )
        return self._plain_attention(
            query, key, value, attention_mask, training
        )

    def _plain_attention(self, query, key, value, attention_mask, training):
        """`_compute_attention` without the kernel (the causal mask already
        part of `attention_mask`): `(output, probabilities)`."""
        scale = ops.cast(self._inverse_sqrt_key_dim, query.dtype)
        # Scores: `(B, N, <query positions>, <key positions>)`.
        scores = ops.einsum(
            self._dot_product_equation, key, ops.multiply(query, scale)
        )
        probs = self._masked_softmax(scores, attention_mask)
        kept = self._dropout_layer(probs, training=training)
        return ops.einsum(self._combine_equation, kept, value), probs

    def _causal_mask_for(self, query, key):
        """Causal mask over the attention axes of projected tensors:
        `(1, <query positions>, <key positions>)`."""
        axes = self._axes
        q_sizes = [query.shape[a] for a in axes]
        k_sizes = [key.shape[a] for a in axes]
        q_len = 1
        for d in q_sizes:
            q_len *= d
        k_len = 1
        for d in k_sizes:
            k_len *= d
        mask = _causal_mask(q_len, k_len)
        return ops.reshape(mask, (1, *q_sizes, *k_sizes))

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
        # The backend softmax: attending over a single key (a length-1
        # sequence) is legitimate, so `ops.softmax`'s warning does not apply.
        probs = backend.nn.softmax(scores, axis=self._norm_axes)
        if attention_mask is not None:
            # Exactly zero where masked, also for fully masked queries.
            probs = ops.where(mask, probs, 0.0)
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
            sliding_window=self._sliding_window,
        )

    def compute_output_shape(self, query_shape, value_shape, key_shape=None):
        query_shape, _, _ = _checked_shapes(query_shape, value_shape, key_shape)
        if self._output_shape is None:
            return query_shape
        return (*query_shape[:-1], *self._output_shape)

    def get_config(self):
        config = super().get_config()
        # The read-only views of the constructor arguments.
        config.update(
            attribute_config(
                self,
                "num_heads",
                "key_dim",
                "value_dim",
                "dropout",
                "use_bias",
                "output_shape",
                "attention_axes",
                "use_gate",
            )
        )
        config["sliding_window"] = self._sliding_window
        config["flash_attention"] = self._flash_attention_arg
        config.update(self._projection_settings_config())
        config["seed"] = self.seed
        return config


def compute_attention_mask(
    query,
    value,
    query_mask=None,
    value_mask=None,
    key_mask=None,
    attention_mask=None,
    use_causal_mask=False,
    sliding_window=None,
):
    """Combines padding masks, an explicit mask, the causal mask and the
    sliding window.

    Args:
        query: The query, `(B, T, ...)`.
        value: The value, `(B, S, ...)`.
        query_mask: Optional `(B, T)` mask.
        value_mask: Optional `(B, S)` mask.
        key_mask: Optional `(B, S)` mask.
        attention_mask: Optional `(B, T, S)` mask.
        use_causal_mask: Whether query `i` only sees values `j <= i`.
        sliding_window: Optional int: query `i` only sees values `j` with
            `|i - j| < sliding_window`.

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
    if sliding_window is not None:
        masks.append(
            _window_mask(query.shape[1], value.shape[1], sliding_window)
        )
    if not masks:
        return None
    combined = masks[0]
    for mask in masks[1:]:
        combined = ops.logical_and(combined, mask)
    return combined


def _check_positive_int(name, value):
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(
            f"Invalid value for argument `{name}`: expected a positive "
            f"integer, received {name}={value!r}."
        )


def _checked_output_shape(output_shape):
    if output_shape is None:
        return None
    if isinstance(output_shape, int) and not isinstance(output_shape, bool):
        return (output_shape,)
    if isinstance(output_shape, (list, tuple)) and all(
        isinstance(d, int) and not isinstance(d, bool) for d in output_shape
    ):
        return tuple(output_shape)
    raise ValueError(
        "Invalid `output_shape`: expected an integer, a tuple of integers "
        f"or None, received output_shape={output_shape!r}."
    )


def _checked_shapes(query_shape, value_shape, key_shape):
    """`(query, value, key)` shapes as tuples; key and value must agree on
    every axis but the last."""
    value_shape = tuple(value_shape)
    key_shape = value_shape if key_shape is None else tuple(key_shape)
    if value_shape[1:-1] != key_shape[1:-1]:
        raise ValueError(
            "All dimensions of `value` and `key`, except the last one, "
            f"must be equal. Received: value_shape={value_shape} and "
            f"key_shape={key_shape}"
        )
    return tuple(query_shape), value_shape, key_shape


def _takes_argument(method, name):
    try:
        return name in inspect.signature(method).parameters
    except (TypeError, ValueError):
        return False


def _window_mask(query_length, value_length, window):
    """`(1, T, S)` mask: query `t` sees source `s` when `|t - s| < window`."""
    rows = ops.expand_dims(ops.arange(query_length), -1)
    cols = ops.expand_dims(ops.arange(value_length), 0)
    return ops.expand_dims(ops.less(ops.abs(rows - cols), window), 0)


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
