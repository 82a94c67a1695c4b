import numpy as np
import pytest

from keras.src import backend
from keras.src import layers
from keras.src.testing.test_utils import assert_config_round_trip


def test_embedding_lookup_matches_numpy():
    layer = layers.Embedding(10, 4)
    ids = np.array([[1, 2, 3], [9, 0, 0]])
    y = layer(ids)
    table = layer.embeddings.numpy()
    assert y.shape == (2, 3, 4)
    assert y.dtype == "float32"
    np.testing.assert_allclose(y, table[ids])
    assert [w.name for w in layer.weights] == ["embeddings"]
    assert layer.embeddings.shape == (10, 4)


def test_embedding_casts_non_int32_inputs():
    layer = layers.Embedding(5, 2)
    table = layer(np.array([0]))  # builds
    table = layer.embeddings.numpy()
    for ids in (
        np.array([[1, 4]], "int64"),
        np.array([[1, 4]], "uint8"),
        np.array([[1.0, 4.0]], "float32"),
    ):
        np.testing.assert_allclose(layer(ids), table[[[1, 4]]])


def test_embedding_attend_and_reverse():
    layer = layers.Embedding(6, 3)
    layer.build()
    x = np.random.rand(2, 5, 3).astype("float32")
    expected = x @ layer.embeddings.numpy().T
    np.testing.assert_allclose(layer.attend(x), expected, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(
        layer(x, reverse=True), expected, rtol=1e-5, atol=1e-6
    )


def test_embedding_mask_zero():
    layer = layers.Embedding(5, 2, mask_zero=True)
    ids = np.array([[1, 0, 3]])
    mask = layer.compute_mask(ids)
    np.testing.assert_array_equal(mask, [[True, False, True]])
    assert layers.Embedding(5, 2).compute_mask(ids) is None


def test_embedding_symbolic_shape():
    layer = layers.Embedding(100, 8)
    out = layer(backend.KerasTensor((None, 7), dtype="int32"))
    assert out.shape == (None, 7, 8)
    assert layer.compute_output_shape((None, 7)) == (None, 7, 8)


def test_embedding_initial_weights():
    table = np.arange(12, dtype="float32").reshape(4, 3)
    layer = layers.Embedding(4, 3, weights=table)
    np.testing.assert_allclose(layer(np.array([2, 3])), table[[2, 3]])
    with pytest.raises(ValueError):
        layers.Embedding(4, 3, weights=np.ones((5, 3)))


def test_embedding_mixed_precision():
    layer = layers.Embedding(300, 4, dtype="mixed_bfloat16")
    y = layer(np.array([[257.0, 299.0]]))  # not representable in bfloat16
    assert backend.standardize_dtype(y.dtype) == "bfloat16"
    assert layer.embeddings.dtype == "float32"
    expected = layer.embeddings.numpy()[[[257, 299]]]
    np.testing.assert_allclose(
        np.asarray(y, "float32"), expected, rtol=1e-2, atol=1e-3
    )


def test_embedding_config_roundtrip():
    layer = layers.Embedding(
        7, 3, mask_zero=True, embeddings_regularizer="l2", name="emb"
    )
    assert_config_round_trip(
        layer,
        (
            "input_dim",
            "output_dim",
            "embeddings_initializer",
            "embeddings_regularizer",
            "embeddings_constraint",
            "mask_zero",
        ),
        np.array([[1, 2, 6]]),
    )
    assert len(layer.losses) == 1


def test_embedding_invalid_args():
    with pytest.raises(ValueError, match="input_dim"):
        layers.Embedding(0, 3)
    with pytest.raises(ValueError, match="output_dim"):
        layers.Embedding(3, -1)
