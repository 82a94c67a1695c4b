import numpy as np
import pytest

import keras
from keras.src import layers
from keras.src.layers.attention.multi_head_attention_test import numpy_attention
from keras.src.layers.attention.rotary_embedding_test import numpy_rope


def _normal(seed, shape):
    """Standard normal float32 values of `shape`, drawn from `seed`."""
    return np.random.default_rng(seed).normal(size=shape).astype("float32")


def weights_by_name(layer):
    return {v.path.split("/", 1)[1]: v.numpy() for v in layer.weights}


def numpy_gqa(layer, query, value, mask=None, rope=False):
    w = weights_by_name(layer)

    def project(x, name):
        y = np.einsum("btd,dnh->btnh", x, w[f"{name}/kernel"])
        return y + w.get(f"{name}/bias", 0.0)

    q, k, v = (
        project(query, "query"),
        project(value, "key"),
        project(value, "value"),
    )
    if rope:
        q = numpy_rope(q, np.arange(q.shape[1]))
        k = numpy_rope(k, np.arange(k.shape[1]))
    repeats = q.shape[2] // k.shape[2]
    k, v = np.repeat(k, repeats, axis=2), np.repeat(v, repeats, axis=2)
    out, probs = numpy_attention(q, k, v, mask)
    out = np.einsum("btnh,nhd->btd", out, w["attention_output/kernel"])
    return out + w.get("attention_output/bias", 0.0), probs


@pytest.mark.parametrize("return_scores", [False, True])
def test_matches_numpy_reference(return_scores):
    rng = np.random.default_rng(0)
    query = rng.normal(size=(2, 5, 8)).astype("float32")
    value = rng.normal(size=(2, 6, 8)).astype("float32")
    mask = rng.random((2, 5, 6)) > 0.3
    layer = keras.layers.GroupQueryAttention(
        head_dim=4,
        num_query_heads=4,
        num_key_value_heads=2,
        bias_initializer="uniform",
    )
    result = layer(
        query,
        value,
        attention_mask=mask,
        return_attention_scores=return_scores,
    )
    shapes = {k: v.shape for k, v in weights_by_name(layer).items()}
    assert shapes == {
        "query/kernel": (8, 4, 4),
        "query/bias": (4, 4),
        "key/kernel": (8, 2, 4),
        "key/bias": (2, 4),
        "value/kernel": (8, 2, 4),
        "value/bias": (2, 4),
        "attention_output/kernel": (4, 4, 8),
        "attention_output/bias": (8,),
    }
    expected, expected_scores = numpy_gqa(layer, query, value, mask)
    if return_scores:
        out, scores = result
        assert scores.shape == (2, 4, 5, 6)
        np.testing.assert_allclose(scores, expected_scores, atol=1e-5)
    else:
        out = result
    np.testing.assert_allclose(out, expected, rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("return_scores", [False, True])
def test_equals_mha_with_repeated_kv_heads(return_scores):
    x = _normal(1, (2, 6, 8))
    gqa = layers.GroupedQueryAttention(
        head_dim=4,
        num_query_heads=6,
        num_key_value_heads=2,
        bias_initializer="uniform",
    )
    mha = layers.MultiHeadAttention(num_heads=6, key_dim=4)
    gqa(x, x)
    mha(x, x)
    w = weights_by_name(gqa)
    for name in ("key", "value"):
        w[f"{name}/kernel"] = np.repeat(w[f"{name}/kernel"], 3, axis=1)
        w[f"{name}/bias"] = np.repeat(w[f"{name}/bias"], 3, axis=0)
    mha.set_weights([w[v.path.split("/", 1)[1]] for v in mha.weights])
    kwargs = dict(use_causal_mask=True, return_attention_scores=return_scores)
    gqa_result, mha_result = gqa(x, x, **kwargs), mha(x, x, **kwargs)
    if not return_scores:
        gqa_result, mha_result = [gqa_result], [mha_result]
    for a, b in zip(gqa_result, mha_result):
        np.testing.assert_allclose(a, b, rtol=1e-4, atol=1e-5)


def test_causal_mask_ignores_future_inputs():
    x = _normal(2, (1, 6, 8))
    layer = layers.GroupedQueryAttention(
        4, 4, 1, rotary_embedding=layers.RotaryEmbedding()
    )
    out = np.asarray(layer(x, x, use_causal_mask=True))
    for i in range(5):
        perturbed = x.copy()
        perturbed[:, i + 1 :] += 1.0
        new = np.asarray(layer(perturbed, perturbed, use_causal_mask=True))
        np.testing.assert_allclose(new[:, : i + 1], out[:, : i + 1], atol=1e-5)
        assert not np.allclose(new[:, i + 1 :], out[:, i + 1 :])


def test_rotary_embedding_matches_numpy():
    x = _normal(3, (2, 5, 8))
    layer = layers.GroupedQueryAttention(
        head_dim=4,
        num_query_heads=2,
        num_key_value_heads=1,
        rotary_embedding=layers.RotaryEmbedding(),
    )
    out = layer(x, x, use_causal_mask=True)
    causal = np.tril(np.ones((5, 5), bool))[None]
    expected, _ = numpy_gqa(layer, x, x, causal, rope=True)
    np.testing.assert_allclose(out, expected, rtol=1e-4, atol=1e-5)


def test_dropout_config_and_functional():
    x = np.random.rand(2, 5, 8).astype("float32")
    layer = layers.GroupedQueryAttention(
        4, 4, 2, dropout=0.5, seed=3, rotary_embedding=layers.RotaryEmbedding()
    )
    inference = layer(x, x)
    assert not np.allclose(layer(x, x, training=True), inference)

    config = layer.get_config()
    assert config["rotary_embedding"]["class_name"] == "RotaryEmbedding"
    clone = layers.GroupedQueryAttention.from_config(config)
    assert isinstance(clone.rotary_embedding, layers.RotaryEmbedding)
    assert clone.get_config() == config
    clone(x, x)
    clone.set_weights(layer.get_weights())
    np.testing.assert_allclose(clone(x, x), inference, rtol=1e-6)

    inputs = keras.Input((5, 8))
    out, scores = layer(inputs, inputs, return_attention_scores=True)
    assert out.shape == (None, 5, 8) and scores.shape == (None, 4, 5, 5)
    model = keras.Model(inputs, out)
    np.testing.assert_allclose(model(x), inference, rtol=1e-5)


def test_errors():
    with pytest.raises(ValueError, match="divisible"):
        layers.GroupedQueryAttention(4, 4, 3)
    with pytest.raises(ValueError, match="3D"):
        layers.GroupedQueryAttention(4, 4, 2)(
            np.ones((1, 2, 2, 8), "float32"), np.ones((1, 2, 2, 8), "float32")
        )
