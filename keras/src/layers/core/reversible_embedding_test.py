import numpy as np
import pytest

from keras.src import backend
from keras.src import layers
from keras.src.testing import parity


def test_tied_reverse_is_inputs_times_table_transposed():
    layer = layers.ReversibleEmbedding(7, 3)
    x = np.random.rand(2, 4, 3).astype("float32")
    logits = layer(x, reverse=True)
    table = layer.embeddings.numpy()
    assert [w.name for w in layer.weights] == ["embeddings"]
    np.testing.assert_allclose(logits, x @ table.T, rtol=1e-5, atol=1e-6)
    ids = np.array([[6, 0, 2]])
    np.testing.assert_allclose(layer(ids), table[ids])


def test_untied_reverse_uses_its_own_matrix():
    layer = layers.ReversibleEmbedding(7, 3, tie_weights=False)
    layer.build()
    assert [w.name for w in layer.weights] == [
        "embeddings",
        "reverse_embeddings",
    ]
    assert layer.reverse_embeddings.shape == (3, 7)
    x = np.random.rand(5, 3).astype("float32")
    expected = x @ layer.reverse_embeddings.numpy()
    np.testing.assert_allclose(
        layer(x, reverse=True), expected, rtol=1e-5, atol=1e-6
    )


@pytest.mark.parity
def test_logit_soft_cap_bounds_the_logits():
    layer = layers.ReversibleEmbedding(4, 2, logit_soft_cap=2.0)
    layer.build()
    layer.embeddings.assign(np.array([[0, 0], [1, 1], [10, 10], [-9, 0]]))
    logits = layer(np.array([[1.0, 1.0]]), reverse=True)
    # XLA's float32 tanh is a rational approximation good to a few ulps,
    # rounded differently by each instruction set.
    np.testing.assert_allclose(
        logits,
        2.0 * np.tanh(np.array([[0.0, 2.0, 20.0, -9.0]]) / 2.0),
        rtol=8 * parity.EPS,
    )
    with pytest.raises(ValueError, match="logit_soft_cap"):
        layers.ReversibleEmbedding(4, 2, logit_soft_cap=0)


def test_reverse_dtype_and_mixed_precision():
    layer = layers.ReversibleEmbedding(9, 4, dtype="mixed_bfloat16")
    x = np.ones((2, 4), "float32")
    assert backend.standardize_dtype(layer(x, reverse=True).dtype) == (
        "float32"
    )
    bf16 = backend.convert_to_tensor(x, "bfloat16")
    assert backend.standardize_dtype(layer(bf16, reverse=True).dtype) == (
        "bfloat16"
    )
    layer = layers.ReversibleEmbedding(
        9, 4, dtype="mixed_bfloat16", reverse_dtype="float32"
    )
    assert backend.standardize_dtype(layer(bf16, reverse=True).dtype) == (
        "float32"
    )


def test_reverse_outputs_no_mask():
    layer = layers.ReversibleEmbedding(5, 2, mask_zero=True)
    ids_out = layer(np.array([[3, 0]]))
    np.testing.assert_array_equal(
        backend.get_keras_mask(ids_out), [[True, False]]
    )
    logits = layer(np.array([[0.0, 0.0]]), reverse=True)
    assert backend.get_keras_mask(logits) is None


@pytest.mark.parity
@pytest.mark.parametrize("tie_weights", [True, False])
def test_int8_quantization(tie_weights):
    layer = layers.ReversibleEmbedding(12, 8, tie_weights=tie_weights)
    layer.build()
    ids = np.array([[1, 11, 5]])
    x = np.random.rand(3, 8).astype("float32")
    y, logits = layer(ids), layer(x, reverse=True)
    tables = [layer.embeddings.numpy()]
    if not tie_weights:
        tables.append(layer.reverse_embeddings.numpy())
    # Abs-max int8 rounds each value to a step of at most max|w| / 127:
    # an error of at most half a step per weight, and per input if the
    # inputs are quantized too. A logit sums 8 such products.
    w_step = max(np.abs(t).max() for t in tables) / 127
    x_step = np.abs(x).max() / 127
    lookup_bound = w_step / 2
    logits_bound = 8 * (
        np.abs(x).max() * w_step / 2
        + max(np.abs(t).max() for t in tables) * x_step / 2
        + x_step * w_step / 4
    )
    layer.quantize("int8")
    names = ["embeddings", "embeddings_scale"]
    if not tie_weights:
        names += ["reverse_embeddings", "reverse_embeddings_scale"]
        assert layer.reverse_embeddings.dtype == "int8"
        assert layer.reverse_embeddings_scale.shape == (12,)
    assert [w.name for w in layer.weights] == names
    assert layer.dtype_policy.name == "int8_from_float32"
    np.testing.assert_allclose(
        layer(ids),
        y,
        rtol=0,
        atol=lookup_bound + parity.OUTPUT_RTOL * np.abs(y).max(),
    )
    np.testing.assert_allclose(
        layer(x, reverse=True),
        logits,
        rtol=0,
        atol=logits_bound + parity.OUTPUT_RTOL * np.abs(logits).max(),
    )


def test_config_roundtrip():
    layer = layers.ReversibleEmbedding(
        6, 3, tie_weights=False, reverse_dtype="bfloat16", logit_soft_cap=30
    )
    config = layer.get_config()
    assert config["tie_weights"] is False
    assert config["reverse_dtype"] == "bfloat16"
    assert config["logit_soft_cap"] == 30
    clone = layers.ReversibleEmbedding.from_config(config)
    assert clone.get_config() == config
