"""`AdditiveAttention`: Bahdanau-style attention over a sequence."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.attention.attention import Attention


@keras_export("keras.layers.AdditiveAttention")
class AdditiveAttention(Attention):
    """Additive attention, as in Bahdanau et al. (2015).

    Works like `keras.layers.Attention`, except for the scores: for query
    `i` and key `j`, `sum(scale * tanh(query_i + key_j))` over the
    features, where `scale` is a learned vector of size `dim` (or 1 when
    `use_scale=False`). The weights are the softmax of the scores over
    the keys, and the output their weighted sum of the values.

    Args:
        use_scale: If `True` (the default), the `tanh` terms are weighted
            by the learned vector `scale` of shape `(dim,)`.
        dropout: Float in `[0, 1]`, the fraction of attention weights
            dropped in training. Defaults to 0.
        **kwargs: `seed`, and the standard `Layer` options, e.g. `name`,
            `dtype`, `trainable`.

    Call arguments:
        inputs: List `[query, value]` or `[query, value, key]`, shaped
            `(batch, Tq, dim)`, `(batch, Tv, dim)`, `(batch, Tv, dim)`.
        mask: Optional list `[query_mask, value_mask]`.
        training: Whether dropout applies.
        return_attention_scores: If `True`, returns `(output, weights)`.
        use_causal_mask: If `True`, query `i` only attends to keys
            `j <= i`.

    Output:
        The attention output `(batch, Tq, dim)`, and the weights
        `(batch, Tq, Tv)` if `return_attention_scores=True`.

    Example:

    >>> query = np.random.rand(2, 3, 4)
    >>> value = np.random.rand(2, 5, 4)
    >>> keras.layers.AdditiveAttention()([query, value]).shape
    (2, 3, 4)
    """

    def __init__(self, use_scale=True, dropout=0.0, **kwargs):
        super().__init__(use_scale=use_scale, dropout=dropout, **kwargs)

    def _score_weight_specs(self, input_shape):
        # Only `scale`, a Glorot-initialized vector over the features.
        if not self.use_scale:
            return {}
        return {"scale": ((input_shape[0][-1],), "glorot_uniform")}

    def _calculate_scores(self, query, key):
        pairs = ops.expand_dims(query, axis=-2) + ops.expand_dims(key, -3)
        terms = ops.tanh(pairs)
        if self.use_scale:
            terms = self.scale * terms
        return ops.sum(terms, axis=-1)

    def get_config(self):
        config = super().get_config()
        config.pop("score_mode", None)
        return config
