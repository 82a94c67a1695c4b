"""`Attention`: dot-product (Luong-style) attention over a sequence."""

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.config_utils import attribute_config
from keras.src.layers.layer import Layer

SCORE_MODES = ("dot", "concat")


@keras_export("keras.layers.Attention")
class Attention(Layer):
    """Dot-product attention, as in Luong et al. (2015).

    Called on `[query, value]` or `[query, value, key]` (the key defaults
    to the value), of shapes `(batch, Tq, dim)`, `(batch, Tv, dim)` and
    `(batch, Tv, dim)`:

    1. scores `(batch, Tq, Tv)`: `query @ key^T` (`score_mode="dot"`), or
       `sum(tanh(query_i + key_j))` over the features
       (`score_mode="concat"`), optionally multiplied by a learned scalar;
    2. weights: a softmax of the scores over `Tv` (masked value positions,
       and future positions with `use_causal_mask=True`, get none);
    3. output `(batch, Tq, dim)`: `weights @ value`, zeroed at masked
       query positions.

    Inputs of higher rank are accepted: the attention runs over the
    second-to-last axis, the leading axes being batch axes.

    Args:
        use_scale: If `True`, the scores are multiplied by a learned
            scalar `scale` (and, in `"concat"` mode, the sum is over
            `tanh(scale * (query_i + key_j))`). Defaults to `False`.
        score_mode: `"dot"` or `"concat"`. `"concat"` adds a learned
            scalar `concat_score_weight` factor. Defaults to `"dot"`.
        dropout: Float in `[0, 1]`, the fraction of attention weights
            dropped in training. Defaults to 0.
        seed: Optional integer, the seed of the dropout.
        **kwargs: Standard `Layer` options, e.g. `name`, `dtype`, `trainable`.

    Call arguments:
        inputs: List `[query, value]` or `[query, value, key]`.
        mask: Optional list `[query_mask, value_mask]` of boolean tensors
            `(batch, Tq)` and `(batch, Tv)`.
        training: Whether dropout applies.
        return_attention_scores: If `True`, returns `(output, weights)`.
        use_causal_mask: If `True`, query position `i` only attends to
            value positions `j <= i` (for self-attention in decoders).

    Output:
        The attention output `(batch, Tq, dim)`, and the attention
        weights `(batch, Tq, Tv)` if `return_attention_scores=True`.

    Example:

    >>> query = np.random.rand(2, 3, 4)
    >>> value = np.random.rand(2, 5, 4)
    >>> keras.layers.Attention()([query, value]).shape
    (2, 3, 4)
    """

    def __init__(
        self,
        use_scale=False,
        score_mode="dot",
        dropout=0.0,
        seed=None,
        **kwargs,
    ):
        super().__init__(**kwargs)
        if score_mode not in SCORE_MODES:
            raise ValueError(
                "Invalid value for argument score_mode. Expected one of "
                f"{{'dot', 'concat'}}. Received: score_mode={score_mode}"
            )
        self.use_scale = use_scale
        self.score_mode = score_mode
        self.dropout = dropout
        self.seed = seed
        if self.dropout > 0:
            self.seed_generator = backend.random.SeedGenerator(seed=seed)
        self.supports_masking = True

    def build(self, input_shape):
        self._validate_inputs(input_shape)
        self.scale = None
        self.concat_score_weight = None
        specs = self._score_weight_specs(input_shape)
        for name, (shape, initializer) in specs.items():
            weight = self.add_weight(
                name=name,
                shape=shape,
                initializer=initializer,
                dtype=self.dtype,
                trainable=True,
            )
            setattr(self, name, weight)
        self.built = True

    def _score_weight_specs(self, input_shape):
        """The learned weights of the scores, as `{name: (shape,
        initializer)}`: the scalar `scale` with `use_scale`, and the scalar
        `concat_score_weight` in `"concat"` mode, both starting at one."""
        specs = {}
        if self.use_scale:
            specs["scale"] = ((), "ones")
        if self.score_mode == "concat":
            specs["concat_score_weight"] = ((), "ones")
        return specs

    def _calculate_scores(self, query, key):
        """The scores `(..., Tq, Tv)` of every query against every key."""
        if self.score_mode == "dot":
            scores = ops.matmul(query, ops.swapaxes(key, -1, -2))
            if self.scale is not None:
                scores = scores * self.scale
            return scores
        # "concat": every (query, key) pair, through a tanh.
        pairs = ops.expand_dims(query, axis=-2) + ops.expand_dims(key, -3)
        if self.scale is not None:
            pairs = self.scale * pairs
        return self.concat_score_weight * ops.sum(ops.tanh(pairs), axis=-1)

    def _apply_scores(self, scores, value, scores_mask=None, training=False):
        """Softmax of the scores (masked positions excluded), dropout,
        then the weighted sum of the values; returns `(output, weights)`.
        """
        if scores_mask is not None:
            # A large negative bias: masked positions get ~0 weight. 65504
            # is the largest float16.
            big = 65504.0 if scores.dtype == "float16" else 1.0e9
            excluded = ops.cast(ops.logical_not(scores_mask), scores.dtype)
            scores = scores - big * excluded
        # The backend softmax: attending over a single key is legitimate,
        # so `ops.softmax`'s single-entry warning does not apply.
        weights = backend.nn.softmax(scores, axis=-1)
        if training and self.dropout > 0:
            weights = backend.random.dropout(
                weights, self.dropout, seed=self.seed_generator
            )
        return ops.matmul(weights, value), weights

    def _calculate_score_mask(self, scores, v_mask, use_causal_mask):
        """The boolean mask of the scores (`True`: may attend), or `None`.

        The value mask `(batch, Tv)` applies to every query; the causal
        mask keeps the keys at or before each query's position.
        """
        if v_mask is not None:
            v_mask = ops.expand_dims(v_mask, axis=-2)
        if not use_causal_mask:
            return v_mask
        shape = ops.shape(scores)
        rows = ops.expand_dims(ops.arange(shape[-2]), -1)
        cols = ops.expand_dims(ops.arange(shape[-1]), 0)
        causal = ops.expand_dims(ops.greater_equal(rows, cols), 0)
        if v_mask is None:
            return causal
        return ops.logical_and(v_mask, causal)

    def call(
        self,
        inputs,
        mask=None,
        training=False,
        return_attention_scores=False,
        use_causal_mask=False,
    ):
        self._validate_inputs(inputs=inputs, mask=mask)
        query, value = inputs[0], inputs[1]
        key = inputs[2] if len(inputs) > 2 else value
        q_mask = mask[0] if mask else None
        v_mask = mask[1] if mask else None
        scores = self._calculate_scores(query=query, key=key)
        scores_mask = self._calculate_score_mask(
            scores, v_mask, use_causal_mask
        )
        output, weights = self._apply_scores(
            scores=scores,
            value=value,
            scores_mask=scores_mask,
            training=training,
        )
        if q_mask is not None:
            keep = ops.cast(ops.expand_dims(q_mask, axis=-1), output.dtype)
            output = output * keep
        if return_attention_scores:
            return output, weights
        return output

    def compute_mask(self, inputs, mask=None):
        self._validate_inputs(inputs=inputs, mask=mask)
        if mask is None or mask[0] is None:
            return None
        query_mask = mask[0]
        if backend.is_tensor(query_mask) or isinstance(
            query_mask, backend.KerasTensor
        ):
            return query_mask
        return ops.convert_to_tensor(query_mask)

    def compute_output_shape(self, input_shape):
        query_shape, value_shape = input_shape[0], input_shape[1]
        return (*query_shape[:-1], value_shape[-1])

    def _validate_inputs(self, inputs, mask=None):
        """Checks that `inputs` (and `mask`) are lists of 2 or 3 items."""
        name = self.__class__.__name__
        if not isinstance(inputs, list):
            raise ValueError(
                f"The {name} layer must be called on a list of inputs, "
                "`[query, value]` or `[query, value, key]`. Received: "
                f"inputs={inputs}."
            )
        if not 2 <= len(inputs) <= 3:
            raise ValueError(
                f"The {name} layer takes a list of inputs of length 2 or 3 "
                f"(`[query, value]` or `[query, value, key]`). Received a "
                f"list of length {len(inputs)}."
            )
        if mask is None:
            return
        if not isinstance(mask, list):
            raise ValueError(
                f"The {name} layer mask must be a list, "
                f"`[query_mask, value_mask]`. Received: mask={mask}."
            )
        if not 2 <= len(mask) <= 3:
            raise ValueError(
                f"The {name} layer takes a mask list of length 2 or 3. "
                f"Received a list of length {len(mask)}."
            )

    def get_config(self):
        config = super().get_config()
        config.update(
            attribute_config(self, "use_scale", "score_mode", "dropout", "seed")
        )
        return config
