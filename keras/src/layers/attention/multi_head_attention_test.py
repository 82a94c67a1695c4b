import numpy as np
import pytest

import keras
from keras.src import backend
from keras.src import layers


def softmax(x, axis=-1):
    x = x - x.max(axis=axis, keepdims=True)
    e = np.exp(x)
    return e / e.sum(axis=axis, keepdims=True)


def numpy_attention(q, k, v, mask=None):
    """`q` `(B, T, N, H)`, `k`/`v` `(B, S, N, H)`, `mask` `(B, T, S)`."""
    logits = np.einsum("btnh,bsnh->bnts", q, k) / np.sqrt(q.shape[-1])
    if mask is not None:
        logits = np.where(mask[:, None], logits, -1e9)
    probs = softmax(logits)
    return np.einsum("bnts,bsnh->btnh", probs, v), probs


def numpy_mha(layer, query, value, key=None, mask=None):
    key = value if key is None else key
    w = {v.path.split("/", 1)[1]: v.numpy() for v in layer.weights}

    def project(x, name):
        y = np.einsum("btd,dnh->btnh", x, w[f"{name}/kernel"])
        return y + w.get(f"{name}/bias", 0.0)

    out, probs = numpy_attention(
        project(query, "query"),
        project(key, "key"),
        project(value, "value"),
        mask,
    )
    out = np.einsum("btnh,nhd->btd", out, w["attention_output/kernel"])
    return out + w.get("attention_output/bias", 0.0), probs


def test_matches_numpy_reference():
    rng = np.random.default_rng(0)
    query = rng.normal(size=(2, 4, 6)).astype("float32")
    value = rng.normal(size=(2, 5, 3)).astype("float32")
    key = rng.normal(size=(2, 5, 7)).astype("float32")
    layer = layers.MultiHeadAttention(
        num_heads=3, key_dim=4, value_dim=2, bias_initializer="uniform"
    )
    out, scores = layer(query, value, key, return_attention_scores=True)
    assert out.shape == (2, 4, 6) and scores.shape == (2, 3, 4, 5)
    shapes = {v.path.split("/", 1)[1]: tuple(v.shape) for v in layer.weights}
    assert shapes == {
        "query/kernel": (6, 3, 4),
        "query/bias": (3, 4),
        "key/kernel": (7, 3, 4),
        "key/bias": (3, 4),
        "value/kernel": (3, 3, 2),
        "value/bias": (3, 2),
        "attention_output/kernel": (3, 2, 6),
        "attention_output/bias": (6,),
    }
    expected, expected_scores = numpy_mha(layer, query, value, key)
    np.testing.assert_allclose(out, expected, rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(scores, expected_scores, rtol=1e-4, atol=1e-6)


def test_masks_match_numpy_reference():
    rng = np.random.default_rng(1)
    query = rng.normal(size=(2, 4, 8)).astype("float32")
    value = rng.normal(size=(2, 4, 8)).astype("float32")
    attention_mask = rng.random((2, 4, 4)) > 0.3
    value_mask = np.array([[1, 1, 1, 0], [1, 1, 0, 0]], bool)
    layer = layers.MultiHeadAttention(num_heads=2, key_dim=4, use_bias=False)
    out = layer(
        query,
        value,
        attention_mask=attention_mask,
        value_mask=value_mask,
        use_causal_mask=True,
    )
    causal = np.tril(np.ones((4, 4), bool))[None]
    mask = attention_mask & value_mask[:, None, :] & causal
    expected, _ = numpy_mha(layer, query, value, mask=mask)
    np.testing.assert_allclose(out, expected, rtol=1e-4, atol=1e-5)


def test_causal_mask_ignores_future_inputs():
    rng = np.random.default_rng(2)
    x = rng.normal(size=(2, 6, 8)).astype("float32")
    layer = layers.MultiHeadAttention(num_heads=2, key_dim=4)
    out = np.asarray(layer(x, x, use_causal_mask=True))
    for i in range(5):
        perturbed = x.copy()
        perturbed[:, i + 1 :] = rng.normal(size=perturbed[:, i + 1 :].shape)
        new = np.asarray(layer(perturbed, perturbed, use_causal_mask=True))
        np.testing.assert_allclose(new[:, : i + 1], out[:, : i + 1], atol=1e-5)
        assert not np.allclose(new[:, i + 1 :], out[:, i + 1 :])


def test_output_shape_and_attention_axes():
    x = np.random.rand(2, 3, 4, 8).astype("float32")
    layer = layers.MultiHeadAttention(
        num_heads=2, key_dim=3, attention_axes=(1, 2), output_shape=5
    )
    out, scores = layer(x, x, return_attention_scores=True)
    assert out.shape == (2, 3, 4, 5)
    assert scores.shape == (2, 2, 3, 4, 3, 4)
    # Attention over both axes == attention over the flattened positions.
    w = {v.path.split("/", 1)[1]: v.numpy() for v in layer.weights}
    flat = x.reshape(2, 12, 8)
    q = np.einsum("btd,dnh->btnh", flat, w["query/kernel"]) + w["query/bias"]
    k = np.einsum("btd,dnh->btnh", flat, w["key/kernel"]) + w["key/bias"]
    v = np.einsum("btd,dnh->btnh", flat, w["value/kernel"]) + w["value/bias"]
    o, _ = numpy_attention(q, k, v)
    o = np.einsum("btnh,nhd->btd", o, w["attention_output/kernel"])
    o = o + w["attention_output/bias"]
    np.testing.assert_allclose(out, o.reshape(2, 3, 4, 5), rtol=1e-4, atol=1e-5)
    # Attention over axis 2 only: rows of axis 1 are independent.
    layer = layers.MultiHeadAttention(num_heads=2, key_dim=3, attention_axes=2)
    out, scores = layer(x, x, return_attention_scores=True)
    assert out.shape == (2, 3, 4, 8) and scores.shape == (2, 3, 2, 4, 4)


def test_dropout_training_only():
    x = np.random.rand(2, 5, 8).astype("float32")
    layer = layers.MultiHeadAttention(
        num_heads=2, key_dim=4, dropout=0.5, seed=1
    )
    inference = layer(x, x)
    np.testing.assert_allclose(layer(x, x, training=False), inference)
    assert not np.allclose(layer(x, x, training=True), inference)


def test_symbolic_functional_and_config():
    query = keras.Input((4, 8))
    value = keras.Input((6, 8))
    layer = layers.MultiHeadAttention(num_heads=2, key_dim=4, name="mha")
    out, scores = layer(query, value, return_attention_scores=True)
    assert out.shape == (None, 4, 8) and scores.shape == (None, 2, 4, 6)
    model = keras.Model([query, value], out)
    q = np.random.rand(3, 4, 8).astype("float32")
    v = np.random.rand(3, 6, 8).astype("float32")
    expected, _ = numpy_mha(layer, q, v)
    np.testing.assert_allclose(model([q, v]), expected, rtol=1e-4, atol=1e-5)
    assert layer.compute_output_shape((None, 4, 8), (None, 6, 8)) == (
        None,
        4,
        8,
    )

    config = layer.get_config()
    clone = layers.MultiHeadAttention.from_config(config)
    assert clone.get_config() == config
    clone(q, v)
    clone.set_weights(layer.get_weights())
    np.testing.assert_allclose(clone(q, v), layer(q, v), rtol=1e-6)
    assert layer.query_dense.name == "query"
    assert layer.output_dense.name == "attention_output"


def test_bfloat16_policy():
    layer = layers.MultiHeadAttention(
        num_heads=2, key_dim=4, dtype="mixed_bfloat16"
    )
    x = np.random.rand(2, 3, 8).astype("float32")
    out = layer(x, x, use_causal_mask=True)
    assert backend.standardize_dtype(out.dtype) == "bfloat16"
    assert all(w.dtype == "float32" for w in layer.weights)


def test_errors():
    layer = layers.MultiHeadAttention(num_heads=2, key_dim=4)
    with pytest.raises(ValueError, match="rank"):
        layer(np.ones((2, 8), "float32"), np.ones((2, 8), "float32"))
    with pytest.raises(ValueError, match="attention_axes"):
        layers.MultiHeadAttention(2, 4, attention_axes=0)(
            np.ones((1, 2, 3), "float32"), np.ones((1, 2, 3), "float32")
        )


def test_single_key_no_softmax_warning():
    # Attending over one key (a length-1 sequence, a single memory slot)
    # is legitimate: `ops.softmax`'s single-entry warning is not raised.
    import warnings

    x = np.random.rand(2, 1, 8).astype("float32")
    with warnings.catch_warnings():
        warnings.simplefilter("error", UserWarning)
        out = layers.MultiHeadAttention(num_heads=2, key_dim=4)(x, x)
        layers.GroupedQueryAttention(
            head_dim=4, num_query_heads=2, num_key_value_heads=1
        )(x, x)
        layers.Attention()([x, x])
    np.testing.assert_allclose(out.shape, (2, 1, 8))


def test_subclass_building_its_own_projections():
    # Libraries (e.g. keras-hub's Whisper attention, which drops the key
    # bias) override `build` with the layer's helpers: the shared sublayer
    # arguments and `_build_attention`.
    from keras.src.layers.attention import multi_head_attention as mha

    class NoKeyBias(layers.MultiHeadAttention):
        def build(self, query_shape, value_shape, key_shape=None):
            equation, bias_axes, rank = mha._build_proj_equation(
                len(query_shape) - 1, bound_dims=1, output_dims=2
            )

            def project(name, use_bias):
                return layers.EinsumDense(
                    equation,
                    output_shape=mha._get_output_shape(
                        rank - 1, [self._num_heads, self._key_dim]
                    ),
                    bias_axes=bias_axes if use_bias else None,
                    name=name,
                    **self._get_common_kwargs_for_sublayer(),
                )

            self._query_dense = project("query", True)
            self._key_dense = project("key", False)
            self._value_dense = project("value", True)
            self._build_attention(len(query_shape) + 1)
            equation, bias_axes, rank = mha._build_proj_equation(
                len(query_shape) - 1, bound_dims=2, output_dims=1
            )
            self._output_dense = layers.EinsumDense(
                equation,
                output_shape=mha._get_output_shape(rank - 1, [query_shape[-1]]),
                bias_axes=bias_axes,
                name="attention_output",
                **self._get_common_kwargs_for_sublayer(),
            )

    layer = NoKeyBias(
        num_heads=2, key_dim=4, kernel_initializer="ones", dtype="float32"
    )
    kwargs = layer._get_common_kwargs_for_sublayer()
    assert kwargs["dtype"] is layer.dtype_policy
    assert kwargs["kernel_initializer"] is not layer._kernel_initializer
    q = np.random.rand(2, 3, 8).astype("float32")
    v = np.random.rand(2, 5, 8).astype("float32")
    out = layer(q, v, use_causal_mask=True)
    assert out.shape == (2, 3, 8)
    assert layer.key_dense.bias is None and layer.query_dense.bias is not None
    expected, _ = numpy_mha(layer, q, v, mask=np.tril(np.ones((2, 3, 5), bool)))
    np.testing.assert_allclose(out, expected, rtol=1e-4, atol=1e-5)
