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
        # Each sequence's own loss is the squared error of the output it
        # gave alone (checked above): computed here rather than by one
        # `evaluate` per length, each of which would compile a program.
        unpadded_loss = np.mean((one_by_one - targets) ** 2)
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


# Self-attention over an `Embedding(mask_zero=True)` output: the mask
# reaches `MultiHeadAttention` as its query and value masks, so padded keys
# get no attention weight; the padded queries' outputs are dropped by a
# masked pooling or by the mask reaching the loss.
ATTENTION = {
    "pooled": dict(head="pool", causal=False),
    "pooled_causal": dict(head="pool", causal=True),
    "sequence_loss": dict(head="sequence", causal=False),
    "sequence_loss_causal": dict(head="sequence", causal=True),
}


def attention_model(head, causal):
    keras.utils.set_random_seed(11)
    tokens = keras.Input((None,), dtype="int32")
    h = layers.Embedding(VOCAB, 4, mask_zero=True)(tokens)
    h = layers.MultiHeadAttention(num_heads=2, key_dim=3, name="mha")(
        h, h, use_causal_mask=causal
    )
    if head == "pool":
        h = layers.GlobalAveragePooling1D()(h)
    model = keras.Model(tokens, layers.Dense(1)(h))
    model.compile(optimizer="sgd", loss="mse")
    return model


def attention_targets(sequences, head):
    rng = np.random.RandomState(2)
    if head == "pool":
        return [rng.normal(size=(1, 1)) for _ in sequences]
    return [rng.normal(size=(1, len(s), 1)) for s in sequences]


def pad_targets(targets, head, side):
    if head == "pool":
        return np.concatenate(targets)
    padded = np.zeros((len(targets), MAX_LEN, 1), dtype="float32")
    for i, t in enumerate(targets):
        n = t.shape[1]
        if side == "post":
            padded[i, :n] = t[0]
        else:
            padded[i, MAX_LEN - n :] = t[0]
    return padded


class AttentionMaskingEquivalenceTest(testing.TestCase):
    def _weights(self, sequences, head):
        # The padded batch's loss averages over samples (pooled) or over
        # the unmasked timesteps of all samples (sequence loss).
        if head == "pool":
            return np.full(len(sequences), 1.0 / len(sequences))
        lengths = np.array([len(s) for s in sequences], dtype="float64")
        return lengths / lengths.sum()

    def test_padded_loss_matches_unpadded(self):
        sequences = make_sequences()
        for name, spec in ATTENTION.items():
            # One model per spec serves both padding sides: the sequences
            # alone give the same outputs and losses whatever the side.
            model = attention_model(**spec)
            targets = attention_targets(sequences, spec["head"])
            alone = [np.asarray(model(seq[None, :])) for seq in sequences]
            # The loss of each sequence run alone (mean squared error over
            # its timesteps), computed from its output rather than by one
            # `evaluate` per length, each of which would compile a program.
            losses = [np.mean((a - t) ** 2) for a, t in zip(alone, targets)]
            expected = np.sum(self._weights(sequences, spec["head"]) * losses)
            for side in ("post", "pre"):
                with self.subTest(name=name, side=side):
                    padded = pad(sequences, side)
                    outputs = np.asarray(model(padded))
                    for i, seq in enumerate(sequences):
                        if spec["head"] == "pool":
                            got = outputs[i : i + 1]
                        elif side == "post":
                            got = outputs[i : i + 1, : len(seq)]
                        else:
                            got = outputs[i : i + 1, MAX_LEN - len(seq) :]
                        self.assertAllClose(got, alone[i], atol=1e-5, rtol=1e-5)
                    padded_loss = model.evaluate(
                        padded,
                        pad_targets(targets, spec["head"], side),
                        verbose=0,
                    )
                    self.assertAllClose(
                        padded_loss, expected, atol=1e-6, rtol=1e-5
                    )

    def test_padded_training_step_matches_unpadded_gradient(self):
        # One SGD step on the padded batch moves the weights as the
        # loss-weighted mean of the unpadded per-sequence steps does.
        sequences = make_sequences()
        for name in ("pooled", "sequence_loss_causal"):
            spec = ATTENTION[name]
            with self.subTest(name):
                model = attention_model(**spec)
                targets = attention_targets(sequences, spec["head"])
                padded = pad(sequences, "post")
                model.build((None, MAX_LEN))
                start = [np.asarray(w) for w in model.get_weights()]
                model.train_on_batch(
                    padded, pad_targets(targets, spec["head"], "post")
                )
                padded_step = [np.asarray(w) for w in model.get_weights()]
                deltas = []
                for i, seq in enumerate(sequences):
                    model.set_weights(start)
                    model.train_on_batch(seq[None, :], targets[i])
                    deltas.append(
                        [
                            np.asarray(w) - s
                            for w, s in zip(model.get_weights(), start)
                        ]
                    )
                weights = self._weights(sequences, spec["head"])
                for j, (s, p) in enumerate(zip(start, padded_step)):
                    expected = sum(w * d[j] for w, d in zip(weights, deltas))
                    self.assertAllClose(p - s, expected, atol=1e-6, rtol=1e-4)
