"""The Gemma-style decoder of `examples/gemma` in portable public Keras API.

`examples/gemma/decoder.py` uses layers that only this fork has
(`keras.layers.RotaryEmbedding`, the `rotary_embedding=` argument of
`GroupedQueryAttention`, `Embedding(..., reverse=True)` for tied logits).
This module rebuilds the same model (same variable paths, shapes and math)
with API that exists in both this fork and upstream Keras 3
(`keras.layers.Layer`, `Embedding`, `EinsumDense`, `RMSNormalization`,
`keras.ops`), so that:

* the upstream-Keras worker of `train_step_benchmark.py` trains the same
  model through upstream's public API;
* the fork side can fall back to it while the example does not build.

Equivalents used here:

| example (fork-only)                    | here (public API)                 |
|----------------------------------------|-----------------------------------|
| `layers.RotaryEmbedding`               | `rotary()` with `keras.ops`       |
| `GroupedQueryAttention(rotary_...)`    | `RotaryGQA` (EinsumDense + ops)   |
| `Embedding.call(x, reverse=True)`      | `TiedEmbedding` (matmul by E^T)   |
"""

import dataclasses
import math

import keras
from keras import ops


@dataclasses.dataclass(frozen=True)
class DecoderConfig:
    """Same fields as `examples.gemma.decoder.GemmaConfig`."""

    vocab_size: int = 1024
    width: int = 128
    num_layers: int = 2
    num_query_heads: int = 4
    num_key_value_heads: int = 2
    head_dim: int = 32
    hidden_dim: int = 512
    seq_len: int = 64
    rope_max_wavelength: int = 10000
    layer_norm_epsilon: float = 1e-6


def rotary(x, max_wavelength):
    """RoPE on `x` of shape (batch, seq, heads, head_dim), split halves."""
    seq_len = x.shape[1]
    dim = x.shape[-1]
    positions = ops.arange(seq_len, dtype="float32")
    exponents = ops.arange(0, dim, 2, dtype="float32") / float(dim)
    inverse_freq = 1.0 / ops.power(float(max_wavelength), exponents)
    angles = ops.expand_dims(positions, -1) * inverse_freq
    angles = ops.concatenate([angles, angles], axis=-1)
    cos = ops.cos(angles)[None, :, None, :]
    sin = ops.sin(angles)[None, :, None, :]
    x32 = ops.cast(x, "float32")
    x1, x2 = ops.split(x32, 2, axis=-1)
    rotated = ops.concatenate([-x2, x1], axis=-1)
    return ops.cast(x32 * cos + rotated * sin, x.dtype)


class RotaryGQA(keras.layers.Layer):
    """Causal grouped-query self-attention with RoPE, no biases.

    Sub-layer names follow this fork's `GroupedQueryAttention` (`query`,
    `key`, `value`, `attention_output`) so that variable paths, and hence
    layout-map matches, are the same as the example's.
    """

    def __init__(
        self,
        head_dim,
        num_query_heads,
        num_key_value_heads,
        max_wavelength=10000,
        **kwargs,
    ):
        super().__init__(**kwargs)
        self.head_dim = head_dim
        self.num_query_heads = num_query_heads
        self.num_key_value_heads = num_key_value_heads
        self.max_wavelength = max_wavelength

    def build(self, input_shape):
        width = input_shape[-1]
        n, k, h = self.num_query_heads, self.num_key_value_heads, self.head_dim
        self.query_dense = keras.layers.EinsumDense(
            "bqm,muh->bquh", output_shape=(None, n, h), name="query"
        )
        self.key_dense = keras.layers.EinsumDense(
            "bkm,mvh->bkvh", output_shape=(None, k, h), name="key"
        )
        self.value_dense = keras.layers.EinsumDense(
            "bkm,mvh->bkvh", output_shape=(None, k, h), name="value"
        )
        self.output_dense = keras.layers.EinsumDense(
            "bquh,uhm->bqm",
            output_shape=(None, width),
            name="attention_output",
        )
        self.query_dense.build(input_shape)
        self.key_dense.build(input_shape)
        self.value_dense.build(input_shape)
        self.output_dense.build(tuple(input_shape[:2]) + (n, h))

    def call(self, x):
        seq_len = x.shape[1]
        q = rotary(self.query_dense(x), self.max_wavelength)
        k = rotary(self.key_dense(x), self.max_wavelength)
        v = self.value_dense(x)
        mask = ops.tril(ops.ones((seq_len, seq_len), dtype="bool"))
        out = ops.dot_product_attention(
            q,
            k,
            v,
            mask=mask[None, None],
            scale=1.0 / math.sqrt(float(self.head_dim)),
        )
        return self.output_dense(out)

    def compute_output_shape(self, input_shape):
        return tuple(input_shape)


class TiedEmbedding(keras.layers.Embedding):
    """`Embedding` whose `call(x, reverse=True)` is `x @ embeddings.T`."""

    def call(self, inputs, reverse=False):
        if reverse:
            return ops.matmul(inputs, ops.transpose(self.embeddings))
        return super().call(inputs)

    def compute_output_spec(self, inputs, reverse=False):
        if reverse:
            shape = tuple(inputs.shape[:-1]) + (self.input_dim,)
            return keras.KerasTensor(shape, dtype=self.compute_dtype)
        return super().compute_output_spec(inputs)


class DecoderBlock(keras.layers.Layer):
    def __init__(self, config, **kwargs):
        super().__init__(**kwargs)
        c = config
        self.hidden_dim = c.hidden_dim
        eps = c.layer_norm_epsilon
        self.pre_attention_norm = keras.layers.RMSNormalization(
            epsilon=eps, name="pre_attention_norm"
        )
        self.attention = RotaryGQA(
            c.head_dim,
            c.num_query_heads,
            c.num_key_value_heads,
            c.rope_max_wavelength,
            name="attention",
        )
        self.pre_ffw_norm = keras.layers.RMSNormalization(
            epsilon=eps, name="pre_ffw_norm"
        )
        self.ffw_gating = keras.layers.EinsumDense(
            "btd,df->btf", output_shape=(None, c.hidden_dim), name="ffw_gating"
        )
        self.ffw_up = keras.layers.EinsumDense(
            "btd,df->btf", output_shape=(None, c.hidden_dim), name="ffw_up"
        )
        self.ffw_down = keras.layers.EinsumDense(
            "btf,fd->btd", output_shape=(None, c.width), name="ffw_down"
        )

    def build(self, input_shape):
        hidden_shape = tuple(input_shape[:2]) + (self.hidden_dim,)
        self.pre_attention_norm.build(input_shape)
        self.attention.build(input_shape)
        self.pre_ffw_norm.build(input_shape)
        self.ffw_gating.build(input_shape)
        self.ffw_up.build(input_shape)
        self.ffw_down.build(hidden_shape)

    def call(self, x):
        normed = self.pre_attention_norm(x)
        x = x + self.attention(normed)
        normed = self.pre_ffw_norm(x)
        gate = ops.gelu(self.ffw_gating(normed), approximate=True)
        return x + self.ffw_down(gate * self.ffw_up(normed))

    def compute_output_shape(self, input_shape):
        return tuple(input_shape)


def build_decoder(
    config=DecoderConfig(),
    seed=None,
    name="gemma_decoder",
    reversible_embedding=False,
):
    """Functional model: int tokens (batch, seq_len) -> logits.

    `reversible_embedding=True` ties the logits through
    `keras.layers.ReversibleEmbedding` instead of `TiedEmbedding`: the
    same math, and a layer that `Model.quantize` quantizes (it leaves
    subclasses of `Embedding` float).
    """
    if seed is not None:
        keras.utils.set_random_seed(seed)
    token_ids = keras.Input((config.seq_len,), dtype="int32", name="tokens")
    embedding_class = (
        keras.layers.ReversibleEmbedding
        if reversible_embedding
        else TiedEmbedding
    )
    token_embedding = embedding_class(
        config.vocab_size,
        config.width,
        embeddings_initializer=keras.initializers.RandomNormal(
            stddev=1.0 / math.sqrt(config.width)
        ),
        name="token_embedding",
    )
    x = token_embedding(token_ids)
    x = ops.multiply(x, math.sqrt(config.width))
    for i in range(config.num_layers):
        x = DecoderBlock(config, name=f"decoder_block_{i}")(x)
    x = keras.layers.RMSNormalization(
        epsilon=config.layer_norm_epsilon, name="final_norm"
    )(x)
    logits = token_embedding(x, reverse=True)
    return keras.Model(token_ids, logits, name=name)
