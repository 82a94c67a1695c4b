"""Tests of `Bidirectional`."""

import numpy as np

import keras
from keras import layers
from keras.src import testing


class BidirectionalTest(testing.TestCase):
    def test_directions_match_separate_layers(self):
        x = np.random.RandomState(0).normal(size=(2, 5, 3)).astype("float32")
        layer = layers.Bidirectional(layers.LSTM(4, return_sequences=True))
        output = np.asarray(layer(x))
        self.assertEqual(output.shape, (2, 5, 8))
        self.assertEqual(layer.forward_layer.name, "forward_lstm")
        self.assertEqual(layer.backward_layer.name, "backward_lstm")
        self.assertTrue(layer.backward_layer.go_backwards)
        forward = layers.LSTM(4, return_sequences=True)
        backward = layers.LSTM(4, return_sequences=True, go_backwards=True)
        forward.build(x.shape)
        backward.build(x.shape)
        forward.set_weights(layer.forward_layer.get_weights())
        backward.set_weights(layer.backward_layer.get_weights())
        self.assertAllClose(output[..., :4], forward(x), atol=1e-6)
        # The backward outputs come back in time order.
        self.assertAllClose(
            output[..., 4:], np.flip(np.asarray(backward(x)), 1), atol=1e-6
        )
        self.assertEqual(
            [w.path for w in layer.weights][:3],
            [
                "bidirectional/forward_lstm/lstm_cell/kernel",
                "bidirectional/forward_lstm/lstm_cell/recurrent_kernel",
                "bidirectional/forward_lstm/lstm_cell/bias",
            ],
        )

    def test_merge_modes_and_states(self):
        x = np.random.RandomState(1).normal(size=(2, 4, 3)).astype("float32")
        concat = layers.Bidirectional(layers.GRU(3, return_state=True))
        output, h_forward, h_backward = concat(x)
        self.assertAllClose(output, np.concatenate([h_forward, h_backward], -1))
        for mode, merge in (
            ("sum", lambda a, b: a + b),
            ("mul", lambda a, b: a * b),
            ("ave", lambda a, b: (a + b) / 2),
        ):
            layer = layers.Bidirectional(layers.GRU(3), merge_mode=mode)
            layer.build(x.shape)
            layer.set_weights(concat.get_weights())
            self.assertAllClose(
                layer(x), merge(h_forward, h_backward), atol=1e-6
            )
        pair = layers.Bidirectional(layers.GRU(3), merge_mode=None)
        pair.build(x.shape)
        pair.set_weights(concat.get_weights())
        forward, backward = pair(x)
        self.assertAllClose(forward, h_forward, atol=1e-6)
        self.assertAllClose(backward, h_backward, atol=1e-6)

    def test_masked_sequences_give_zeros_in_both_directions(self):
        x = np.random.RandomState(2).normal(size=(1, 4, 3)).astype("float32")
        mask = np.array([[True, True, True, False]])
        layer = layers.Bidirectional(layers.SimpleRNN(2, return_sequences=True))
        output = np.asarray(layer(x, mask=mask))
        self.assertAllClose(output[0, 3], np.zeros(4))
        unpadded = np.asarray(layer(x[:, :3]))
        self.assertAllClose(output[:, :3], unpadded, atol=1e-6)

    def test_stateful_and_reset(self):
        x = np.random.RandomState(3).normal(size=(2, 4, 3)).astype("float32")
        layer = layers.Bidirectional(layers.LSTM(2, stateful=True))
        first = layer(x)
        self.assertNotAllClose(layer(x), first)
        layer.reset_state()
        self.assertAllClose(layer(x), first, atol=1e-6)
        self.assertLen(layer.states, 4)

    def test_config_round_trip_and_validation(self):
        layer = layers.Bidirectional(
            layers.LSTM(3),
            backward_layer=layers.GRU(3, go_backwards=True),
            merge_mode="sum",
        )
        revived = self.run_class_serialization_test(layer)
        self.assertIsInstance(revived.backward_layer, layers.GRU)
        with self.assertRaisesRegex(ValueError, "go_backwards"):
            layers.Bidirectional(layers.LSTM(3), backward_layer=layers.LSTM(3))
        with self.assertRaisesRegex(ValueError, "merge_mode"):
            layers.Bidirectional(layers.LSTM(3), merge_mode="max")
        with self.assertRaisesRegex(ValueError, "return_sequences"):
            layers.Bidirectional(
                layers.LSTM(3),
                backward_layer=layers.LSTM(
                    3, go_backwards=True, return_sequences=True
                ),
            )

    def test_in_a_sequential_model_that_trains(self):
        x = np.random.RandomState(4).randint(1, 9, size=(8, 6))
        x[:, 4:] = 0
        model = keras.Sequential(
            [
                layers.Embedding(10, 4, mask_zero=True),
                layers.Bidirectional(layers.GRU(3, return_sequences=True)),
                layers.TimeDistributed(layers.Dense(2)),
            ]
        )
        model.compile(optimizer="adam", loss="mse")
        history = model.fit(x, np.zeros((8, 6, 2)), epochs=2, verbose=0)
        self.assertLen(history.history["loss"], 2)
