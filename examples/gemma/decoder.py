"""A small Gemma-style decoder built from the public `keras.layers` API.

The architecture follows Gemma: token embedding scaled by `sqrt(width)`,
`num_layers` pre-norm decoder blocks (RMS normalization, grouped-query
attention with rotary position embeddings and a causal mask, gated GELU
feed-forward network), a final RMS normalization, and output logits tied to
the token embedding (`logits = token_embedding.attend(x)`).

Variable paths are predictable, so a `LayoutMap` (see `layout.py`) and
`keras.utils.enable_lora` patterns can address them:

```
token_embedding/embeddings                        (vocab, width)
decoder_block_0/pre_attention_norm/scale          (width,)
decoder_block_0/attention/query/kernel            (width, q_heads, head_dim)
decoder_block_0/attention/key/kernel              (width, kv_heads, head_dim)
decoder_block_0/attention/value/kernel            (width, kv_heads, head_dim)
decoder_block_0/attention/attention_output/kernel (q_heads, head_dim, width)
decoder_block_0/pre_ffw_norm/scale                (width,)
decoder_block_0/ffw_gating/kernel                 (width, hidden)
decoder_block_0/ffw_up/kernel                     (width, hidden)
decoder_block_0/ffw_down/kernel                   (hidden, width)
...
final_norm/scale                                  (width,)
```

Example:

```python
from examples.gemma import decoder

config = decoder.GemmaConfig()
model = decoder.build_decoder(config)
logits = model(token_ids)  # (batch, seq_len, vocab_size)
```
"""

import dataclasses
import math

import keras
from keras import layers
from keras import ops


@dataclasses.dataclass(frozen=True)
class GemmaConfig:
    """Hyper-parameters of the decoder.

    Args:
        vocab_size: Vocabulary size.
        width: Model (embedding) dimension.
        num_layers: Number of decoder blocks.
        num_query_heads: Attention query heads.
        num_key_value_heads: Attention key/value heads (grouped-query
            attention: each serves `num_query_heads // num_key_value_heads`
            query heads).
        head_dim: Dimension of each attention head.
        hidden_dim: Hidden dimension of the gated feed-forward network.
        seq_len: Training sequence length.
        rope_max_wavelength: `max_wavelength` of the rotary embedding.
        layer_norm_epsilon: Epsilon of the RMS normalizations.
    """

    vocab_size: int = 4096
    width: int = 256
    num_layers: int = 4
    num_query_heads: int = 4
    num_key_value_heads: int = 1
    head_dim: int = 64
    hidden_dim: int = 512
    seq_len: int = 128
    rope_max_wavelength: int = 10000
    layer_norm_epsilon: float = 1e-6


# The configuration the tests use: a few hundred thousand FLOPs per token.
TINY_CONFIG = GemmaConfig(
    vocab_size=256,
    width=64,
    num_layers=2,
    num_query_heads=4,
    num_key_value_heads=2,
    head_dim=16,
    hidden_dim=128,
    seq_len=16,
)


class DecoderBlock(layers.Layer):
    """One pre-norm Gemma decoder block.

    `x + attention(norm(x))`, then `h + down(gelu(gating(n)) * up(n))` with
    `n = norm(h)`. The attention is causal, with rotary embeddings on the
    queries and keys.

    The sublayers get the block's `dtype` as it is given: a
    `keras.dtype_policies.DTypePolicyMap` gives each of them the policy of
    its path. A quantized block records such a map in its config (the
    quantized policy of each quantized projection), so that it is rebuilt
    quantized when a saved model is loaded.

    Args:
        config: A `GemmaConfig`.
        dtype: Optional dtype policy, or a `DTypePolicyMap`.
        **kwargs: Base layer keyword arguments, such as `name`.
    """

    def __init__(self, config, dtype=None, **kwargs):
        super().__init__(dtype=dtype, **kwargs)
        self.config = config
        self.pre_attention_norm = layers.RMSNormalization(
            epsilon=config.layer_norm_epsilon,
            name="pre_attention_norm",
            dtype=dtype,
        )
        self.attention = layers.GroupedQueryAttention(
            head_dim=config.head_dim,
            num_query_heads=config.num_query_heads,
            num_key_value_heads=config.num_key_value_heads,
            use_bias=False,
            rotary_embedding=layers.RotaryEmbedding(
                max_wavelength=config.rope_max_wavelength, dtype=dtype
            ),
            name="attention",
            dtype=dtype,
        )
        self.pre_ffw_norm = layers.RMSNormalization(
            epsilon=config.layer_norm_epsilon, name="pre_ffw_norm", dtype=dtype
        )
        self.ffw_gating = layers.EinsumDense(
            "btd,df->btf",
            output_shape=(None, config.hidden_dim),
            name="ffw_gating",
            dtype=dtype,
        )
        self.ffw_up = layers.EinsumDense(
            "btd,df->btf",
            output_shape=(None, config.hidden_dim),
            name="ffw_up",
            dtype=dtype,
        )
        self.ffw_down = layers.EinsumDense(
            "btf,fd->btd",
            output_shape=(None, config.width),
            name="ffw_down",
            dtype=dtype,
        )

    def build(self, input_shape):
        # Sublayers are built here, with explicit shapes, so that their
        # variables are created eagerly (not while tracing `call`).
        input_shape = tuple(input_shape)
        hidden_shape = input_shape[:-1] + (self.config.hidden_dim,)
        self.pre_attention_norm.build(input_shape)
        self.attention.build(input_shape, input_shape)
        self.pre_ffw_norm.build(input_shape)
        self.ffw_gating.build(input_shape)
        self.ffw_up.build(input_shape)
        self.ffw_down.build(hidden_shape)
        self.built = True

    def call(self, x):
        normed = self.pre_attention_norm(x)
        x = x + self.attention(normed, normed, use_causal_mask=True)
        normed = self.pre_ffw_norm(x)
        gate = ops.gelu(self.ffw_gating(normed), approximate=True)
        return x + self.ffw_down(gate * self.ffw_up(normed))

    def compute_output_shape(self, input_shape):
        return tuple(input_shape)

    def projections(self):
        """The block's quantizable layers: the attention projections and
        the feed-forward layers."""
        attention = self.attention
        return [
            attention.query_dense,
            attention.key_dense,
            attention.value_dense,
            attention.output_dense,
            self.ffw_gating,
            self.ffw_up,
            self.ffw_down,
        ]

    def get_config(self):
        config = super().get_config()
        config["config"] = dataclasses.asdict(self.config)
        quantized = [
            layer
            for layer in self.projections()
            if layer.quantization_mode is not None
        ]
        if quantized:
            policy_map = keras.dtype_policies.DTypePolicyMap(
                default_policy=self.dtype_policy
            )
            for layer in quantized:
                policy_map[layer.path] = layer.dtype_policy
            config["dtype"] = keras.dtype_policies.serialize(policy_map)
        return config

    @classmethod
    def from_config(cls, config):
        config = dict(config)
        config["config"] = GemmaConfig(**config["config"])
        if isinstance(config.get("dtype"), dict):
            config["dtype"] = keras.dtype_policies.deserialize(config["dtype"])
        return cls(**config)


def build_decoder(config=GemmaConfig(), seed=None, name="gemma_decoder"):
    """Builds the decoder as a functional `keras.Model`.

    Args:
        config: A `GemmaConfig`.
        seed: Optional integer; when given,
            `keras.utils.set_random_seed(seed)` is called first so that the
            initial weights are the same for a given seed (under any
            distribution).
        name: Name of the model.

    Returns:
        A `keras.Model` mapping int token ids `(batch, seq_len)` to float
        logits `(batch, seq_len, vocab_size)`.
    """
    if seed is not None:
        keras.utils.set_random_seed(seed)
    token_ids = keras.Input((config.seq_len,), dtype="int32", name="tokens")
    token_embedding = layers.Embedding(
        config.vocab_size,
        config.width,
        embeddings_initializer=keras.initializers.RandomNormal(stddev=0.02),
        name="token_embedding",
    )
    x = token_embedding(token_ids)
    x = ops.multiply(x, math.sqrt(config.width))
    for i in range(config.num_layers):
        x = DecoderBlock(config, name=f"decoder_block_{i}")(x)
    x = layers.RMSNormalization(
        epsilon=config.layer_norm_epsilon, name="final_norm"
    )(x)
    # Tied output embedding: `call(x, reverse=True)` is `attend(x)`.
    logits = token_embedding(x, reverse=True)
    return keras.Model(token_ids, logits, name=name)
