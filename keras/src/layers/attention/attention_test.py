"""Tests of `Attention` and `AdditiveAttention`."""

import numpy as np

import keras
from keras import layers
from keras.src import testing


def softmax(x):
    e = np.exp(x - x.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True)


class AttentionTest(testing.TestCase):
    def test_dot_attention_matches_numpy(self):
        rng = np.random.RandomState(0)
        q = rng.normal(size=(2, 3, 4)).astype("float32")
        v = rng.normal(size=(2, 5, 4)).astype("float32")
        k = rng.normal(size=(2, 5, 4)).astype("float32")
        output, weights = layers.Attention()(
            [q, v, k], return_attention_scores=True
        )
        expected_weights = softmax(q @ k.transpose(0, 2, 1))
        self.assertAllClose(weights, expected_weights, atol=1e-5)
        self.assertAllClose(output, expected_weights @ v, atol=1e-5)

    def test_additive_attention_matches_numpy(self):
        rng = np.random.RandomState(1)
        q = rng.normal(size=(2, 3, 4)).astype("float32")
        v = rng.normal(size=(2, 5, 4)).astype("float32")
        layer = layers.AdditiveAttention()
        output = layer([q, v])
        scale = np.asarray(layer.scale)
        scores = (scale * np.tanh(q[:, :, None] + v[:, None])).sum(-1)
        self.assertAllClose(output, softmax(scores) @ v, atol=1e-5)

    def test_masks_and_causal(self):
        rng = np.random.RandomState(2)
        x = rng.normal(size=(1, 4, 2)).astype("float32")
        value_mask = np.array([[True, True, False, True]])
        _, weights = layers.Attention()(
            [x, x],
            mask=[None, value_mask],
            return_attention_scores=True,
            use_causal_mask=True,
        )
        weights = np.asarray(weights)[0]
        self.assertAllClose(np.triu(weights, 1), np.zeros((4, 4)))
        self.assertAllClose(weights[:, 2], np.zeros(4))
        self.assertAllClose(weights.sum(-1), np.ones(4), atol=1e-6)

    def test_query_mask_propagates_in_a_model(self):
        tokens = keras.Input((None,), dtype="int32")
        h = layers.Embedding(5, 4, mask_zero=True)(tokens)
        attended = layers.Attention()([h, h])
        self.assertIsNotNone(keras.src.backend.get_keras_mask(attended))
        model = keras.Model(tokens, layers.GlobalAveragePooling1D()(attended))
        self.assertEqual(model(np.array([[1, 2, 0]])).shape, (1, 4))

    def test_config(self):
        layer = layers.Attention(use_scale=True, score_mode="concat", seed=3)
        self.run_class_serialization_test(layer)
        config = layers.AdditiveAttention(dropout=0.1).get_config()
        self.assertNotIn("score_mode", config)
        self.assertTrue(config["use_scale"])
