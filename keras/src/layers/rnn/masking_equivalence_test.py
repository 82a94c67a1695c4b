"""A padded, masked batch gives the same outputs and loss as the same
sequences run one by one without padding, for every recurrent layer, with
the mask coming from `Embedding(mask_zero=True)` or `Masking`, through
`Sequential` and the functional API."""

import numpy as np

import keras
from keras import layers
from keras.src import testing

VOCAB = 12
LENGTHS = (5, 2, 7, 1)
MAX_LEN = 8


def make_sequences():
    rng = np.random.RandomState(0)
    return [rng.randint(1, VOCAB, size=(n,)) for n in LENGTHS]


def pad(sequences, side):
    padded = np.zeros((len(sequences), MAX_LEN), dtype="int32")
    for i, seq in enumerate(sequences):
        if side == "post":
            padded[i, : len(seq)] = seq
        else:
            padded[i, MAX_LEN - len(seq) :] = seq
    return padded


RECURRENT = {
    "lstm": lambda: layers.LSTM(6, name="rnn"),
    "gru": lambda: layers.GRU(6, name="rnn"),
    "gru_reset_before": lambda: layers.GRU(6, reset_after=False, name="rnn"),
    "simple_rnn": lambda: layers.SimpleRNN(6, name="rnn"),
    "bidirectional_lstm": lambda: layers.Bidirectional(
        layers.LSTM(6), name="rnn"
    ),
    "bidirectional_gru": lambda: layers.Bidirectional(
        layers.GRU(6), merge_mode="sum", name="rnn"
    ),
    "stacked_cells": lambda: layers.RNN(
        [layers.LSTMCell(5), layers.GRUCell(4)], name="rnn"
    ),
    "lstm_unrolled": lambda: layers.LSTM(6, unroll=True, name="rnn"),
}


# The layers whose `evaluate()` loss is compared too (the others compare
# outputs only, which decide the loss).
LOSS_CHECKED = ("lstm", "gru", "bidirectional_lstm")


def sequential_model(recurrent):
    keras.utils.set_random_seed(7)
    model = keras.Sequential(
        [
            layers.Embedding(VOCAB, 4, mask_zero=True),
            recurrent(),
            layers.Dense(1),
        ]
    )
    model.compile(optimizer="sgd", loss="mse")
    return model


def functional_model(recurrent):
    keras.utils.set_random_seed(7)
    tokens = keras.Input((None,), dtype="int32")
    h = layers.Embedding(VOCAB, 4, mask_zero=True)(tokens)
    h = recurrent()(h)
    model = keras.Model(tokens, layers.Dense(1)(h))
    model.compile(optimizer="sgd", loss="mse")
    return model


class MaskingEquivalenceTest(testing.TestCase):
    def _check(self, model, side, check_loss=True):
        sequences = make_sequences()
        targets = np.linspace(-1.0, 1.0, len(sequences)).reshape(-1, 1)
        padded = pad(sequences, side)
        batch_outputs = np.asarray(model(padded))
        one_by_one = np.concatenate(
            [np.asarray(model(seq[None, :])) for seq in sequences]
        )
        self.assertAllClose(batch_outputs, one_by_one, atol=1e-5, rtol=1e-5)
        if not check_loss:
            return
        padded_loss = model.evaluate(padded, targets, verbose=0)
        unpadded_loss = np.mean(
            [
                model.evaluate(seq[None, :], targets[i : i + 1], verbose=0)
                for i, seq in enumerate(sequences)
            ]
        )
        self.assertAllClose(padded_loss, unpadded_loss, atol=1e-6, rtol=1e-5)

    def test_sequential_post_padding(self):
        for name, recurrent in RECURRENT.items():
            with self.subTest(name):
                self._check(
                    sequential_model(recurrent), "post", name in LOSS_CHECKED
                )

    def test_functional_pre_padding(self):
        for name in LOSS_CHECKED:
            with self.subTest(name):
                self._check(functional_model(RECURRENT[name]), "pre")

    def test_masking_layer(self):
        # Float features whose padding rows are all zeros.
        rng = np.random.RandomState(1)
        sequences = [rng.normal(size=(n, 3)) + 5.0 for n in LENGTHS]
        padded = np.zeros((len(LENGTHS), MAX_LEN, 3), dtype="float32")
        for i, seq in enumerate(sequences):
            padded[i, : len(seq)] = seq
        keras.utils.set_random_seed(3)
        model = keras.Sequential(
            [
                keras.Input((None, 3)),
                layers.Masking(0.0),
                layers.Bidirectional(layers.LSTM(4)),
                layers.Dense(1),
            ]
        )
        batch_outputs = np.asarray(model(padded))
        one_by_one = np.concatenate(
            [
                np.asarray(model(seq[None].astype("float32")))
                for seq in sequences
            ]
        )
        self.assertAllClose(batch_outputs, one_by_one, atol=1e-5, rtol=1e-5)

    def test_padded_training_step_matches_unpadded_gradient(self):
        # One SGD step on the padded batch moves the weights as the mean of
        # the unpadded per-sequence gradients does.
        sequences = make_sequences()
        targets = np.linspace(-1.0, 1.0, len(sequences)).reshape(-1, 1)
        padded = pad(sequences, "post")

        model = sequential_model(RECURRENT["lstm"])
        model.build((None, MAX_LEN))
        start = [np.asarray(w) for w in model.get_weights()]
        model.train_on_batch(padded, targets)
        padded_step = [np.asarray(w) for w in model.get_weights()]

        deltas = []
        for i, seq in enumerate(sequences):
            model.set_weights(start)
            model.train_on_batch(seq[None, :], targets[i : i + 1])
            deltas.append(
                [np.asarray(w) - s for w, s in zip(model.get_weights(), start)]
            )
        for j, (s, p) in enumerate(zip(start, padded_step)):
            mean_delta = np.mean([d[j] for d in deltas], axis=0)
            self.assertAllClose(p - s, mean_delta, atol=1e-6, rtol=1e-4)

    def test_return_sequences_mask_reaches_the_loss(self):
        # With `return_sequences=True` the mask travels on to the loss:
        # padded timesteps do not count.
        sequences = make_sequences()
        padded = pad(sequences, "post")
        targets = np.zeros((len(sequences), MAX_LEN, 1), dtype="float32")
        keras.utils.set_random_seed(5)
        model = keras.Sequential(
            [
                layers.Embedding(VOCAB, 4, mask_zero=True),
                layers.LSTM(3, return_sequences=True),
                layers.Dense(1),
            ]
        )
        model.compile(optimizer="sgd", loss="mse")
        outputs = np.asarray(model(padded))
        keep = padded != 0
        expected = np.sum(outputs[..., 0] ** 2 * keep) / np.sum(keep)
        loss = model.evaluate(padded, targets, verbose=0)
        self.assertAllClose(loss, expected, atol=1e-6, rtol=1e-5)
