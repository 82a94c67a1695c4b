"""Tests of the recurrent layers: weights, configs, the time loop, states."""

import numpy as np
from absl.testing import parameterized

import keras
from keras import layers
from keras.src import backend
from keras.src import ops
from keras.src import testing


def reference_lstm(x, kernel, recurrent_kernel, bias):
    """A NumPy LSTM, gates in the order i, f, c, o."""

    def sigmoid(v):
        return 1 / (1 + np.exp(-v))

    units = recurrent_kernel.shape[0]
    h = np.zeros((x.shape[0], units))
    c = np.zeros((x.shape[0], units))
    outputs = []
    for t in range(x.shape[1]):
        z = x[:, t] @ kernel + h @ recurrent_kernel + bias
        i, f, g, o = np.split(z, 4, axis=-1)
        c = sigmoid(f) * c + sigmoid(i) * np.tanh(g)
        h = sigmoid(o) * np.tanh(c)
        outputs.append(h)
    return np.stack(outputs, 1), h, c


def reference_gru(x, kernel, recurrent_kernel, bias):
    """A NumPy GRU with `reset_after=True`, gates in the order z, r, h."""

    def sigmoid(v):
        return 1 / (1 + np.exp(-v))

    units = recurrent_kernel.shape[0]
    h = np.zeros((x.shape[0], units))
    for t in range(x.shape[1]):
        xz, xr, xh = np.split(x[:, t] @ kernel + bias[0], 3, axis=-1)
        uz, ur, uh = np.split(h @ recurrent_kernel + bias[1], 3, axis=-1)
        z = sigmoid(xz + uz)
        r = sigmoid(xr + ur)
        h = z * h + (1 - z) * np.tanh(xh + r * uh)
    return h


def flat_shapes(shapes):
    if all(isinstance(d, int) or d is None for d in shapes):
        return [tuple(shapes)]
    return [leaf for s in shapes for leaf in flat_shapes(s)]


class RNNLayersTest(testing.TestCase):
    def test_weight_names_shapes_and_order(self):
        x = np.zeros((2, 5, 3), "float32")
        cases = {
            layers.SimpleRNN(4): [(3, 4), (4, 4), (4,)],
            layers.LSTM(4): [(3, 16), (4, 16), (16,)],
            layers.GRU(4): [(3, 12), (4, 12), (2, 12)],
            layers.GRU(4, reset_after=False): [(3, 12), (4, 12), (12,)],
        }
        for layer, shapes in cases.items():
            layer(x)
            self.assertEqual([tuple(w.shape) for w in layer.weights], shapes)
            self.assertEqual(
                [w.name for w in layer.weights],
                ["kernel", "recurrent_kernel", "bias"],
            )
            self.assertEqual(layer.non_trainable_weights, [])

    def test_lstm_matches_numpy_and_forget_bias(self):
        x = np.random.RandomState(0).normal(size=(3, 6, 4)).astype("float32")
        layer = layers.LSTM(5, return_sequences=True, return_state=True)
        sequence, h, c = layer(x)
        bias = np.asarray(layer.cell.bias)
        np.testing.assert_array_equal(bias[5:10], np.ones(5))
        np.testing.assert_array_equal(bias[:5], np.zeros(5))
        expected = reference_lstm(x, *[np.asarray(w) for w in layer.weights])
        self.assertAllClose(sequence, expected[0], atol=1e-5)
        self.assertAllClose(h, expected[1], atol=1e-5)
        self.assertAllClose(c, expected[2], atol=1e-5)

    def test_gru_matches_numpy(self):
        x = np.random.RandomState(1).normal(size=(3, 6, 4)).astype("float32")
        layer = layers.GRU(5, bias_initializer="random_normal")
        output = layer(x)
        weights = [np.asarray(w) for w in layer.weights]
        self.assertAllClose(output, reference_gru(x, *weights), atol=1e-5)

    @parameterized.named_parameters(
        ("simple_rnn", layers.SimpleRNN),
        ("lstm", layers.LSTM),
        ("gru", layers.GRU),
    )
    def test_scan_and_unroll_agree(self, layer_cls):
        x = np.random.RandomState(2).normal(size=(2, 5, 3)).astype("float32")
        mask = np.array([[1, 1, 0, 1, 1], [1, 1, 1, 0, 0]], bool)
        for go_backwards in (False, True):
            scanned = layer_cls(
                4, return_sequences=True, go_backwards=go_backwards
            )
            unrolled = layer_cls(
                4, return_sequences=True, go_backwards=go_backwards, unroll=True
            )
            scanned.build(x.shape)
            unrolled.build(x.shape)
            unrolled.set_weights(scanned.get_weights())
            self.assertAllClose(scanned(x), unrolled(x), atol=1e-6)
            self.assertAllClose(
                scanned(x, mask=mask), unrolled(x, mask=mask), atol=1e-6
            )

    def test_masked_steps_keep_state_and_output(self):
        x = np.random.RandomState(3).normal(size=(1, 4, 3)).astype("float32")
        layer = layers.GRU(2, return_sequences=True, return_state=True)
        mask = np.array([[True, False, True, False]])
        sequence, state = layer(x, mask=mask)
        sequence = np.asarray(sequence)
        self.assertAllClose(sequence[0, 1], sequence[0, 0])
        self.assertAllClose(sequence[0, 3], sequence[0, 2])
        self.assertAllClose(state, sequence[:, 2])
        # The same as running the kept steps only.
        kept = layer(x[:, [0, 2]])[0]
        self.assertAllClose(np.asarray(kept)[:, -1], sequence[:, 3], atol=1e-6)
        zeroed = layers.GRU(2, return_sequences=True, zero_output_for_mask=True)
        zeroed.build(x.shape)
        zeroed.set_weights(layer.get_weights())
        zeroed_sequence = np.asarray(zeroed(x, mask=mask))
        self.assertAllClose(zeroed_sequence[0, [1, 3]], np.zeros((2, 2)))
        self.assertAllClose(zeroed_sequence[0, [0, 2]], sequence[0, [0, 2]])

    def test_initial_state_and_return_state(self):
        x = np.random.RandomState(4).normal(size=(2, 3, 3)).astype("float32")
        layer = layers.LSTM(4, return_state=True)
        output, h, c = layer(x)
        self.assertAllClose(output, h)
        # Continuing from the returned states equals one longer call.
        longer = layers.LSTM(4)
        longer.build((2, 6, 3))
        longer.set_weights(layer.get_weights())
        x2 = np.random.RandomState(5).normal(size=(2, 3, 3)).astype("float32")
        continued, _, _ = layer(x2, initial_state=[h, c])
        self.assertAllClose(
            continued, longer(np.concatenate([x, x2], 1)), atol=1e-6
        )
        with self.assertRaisesRegex(ValueError, "initial state"):
            layer(x, initial_state=[h])

    def test_stateful_carries_state_between_calls(self):
        x = np.random.RandomState(6).normal(size=(2, 6, 3)).astype("float32")
        for layer_cls in (layers.SimpleRNN, layers.LSTM, layers.GRU):
            layer = layer_cls(4, stateful=True, return_sequences=True)
            full = np.asarray(layer(x))
            layer.reset_state()
            first = np.asarray(layer(x[:, :3]))
            second = np.asarray(layer(x[:, 3:]))
            self.assertAllClose(
                np.concatenate([first, second], 1), full, atol=1e-6
            )
            layer.reset_states()
            self.assertAllClose(layer(x[:, :3]), first, atol=1e-6)
            # The carried states are variables but not weights.
            self.assertLen(layer.weights, 3)
            carried = [
                v
                for v in layer.non_trainable_variables
                if "rnn_state" in v.path
            ]
            self.assertLen(carried, 2 if layer_cls is layers.LSTM else 1)

    def test_stateful_under_predict_and_fit(self):
        x = np.random.RandomState(7).normal(size=(4, 6, 3)).astype("float32")
        inputs = keras.Input((None, 3), batch_size=4)
        lstm = layers.LSTM(5, stateful=True, return_sequences=True)
        model = keras.Model(inputs, lstm(inputs))
        full = np.asarray(model(x))
        lstm.reset_state()
        first = model.predict(x[:, :3], batch_size=4, verbose=0)
        second = model.predict(x[:, 3:], batch_size=4, verbose=0)
        self.assertAllClose(np.concatenate([first, second], 1), full, atol=1e-5)
        lstm.reset_state()
        model.compile(optimizer="sgd", loss="mse")
        model.fit(x, np.zeros((4, 6, 5)), batch_size=4, epochs=1, verbose=0)
        self.assertGreater(float(np.abs(np.asarray(lstm.states[0])).sum()), 0)

    def test_stateful_needs_fixed_batch_size(self):
        layer = layers.GRU(3, stateful=True)
        layer(np.zeros((2, 4, 3), "float32"))
        with self.assertRaisesRegex(ValueError, "batch size"):
            layer(np.zeros((3, 4, 3), "float32"))
        with self.assertRaisesRegex(ValueError, "batch size"):
            layers.GRU(3, stateful=True)(keras.Input((4, 3)))

    def test_config_round_trip(self):
        for layer in (
            layers.SimpleRNN(3, activation="relu", dropout=0.2, seed=3),
            layers.LSTM(3, unit_forget_bias=False, return_sequences=True),
            layers.GRU(3, reset_after=False, go_backwards=True),
            layers.RNN([layers.LSTMCell(3), layers.GRUCell(2)]),
            layers.RNN(layers.SimpleRNNCell(3), stateful=True, unroll=True),
        ):
            revived = self.run_class_serialization_test(layer)
            self.assertEqual(revived.get_config(), layer.get_config())
        config = layers.LSTM(3).get_config()
        self.assertNotIn("cell", config)
        self.assertEqual(config["units"], 3)
        self.assertEqual(config["recurrent_activation"], "sigmoid")

    def test_compute_output_shape_matches_call(self):
        x = np.zeros((2, 5, 3), "float32")
        for layer in (
            layers.LSTM(4, return_sequences=True, return_state=True),
            layers.GRU(4, return_state=True),
            layers.RNN(
                [layers.LSTMCell(3), layers.GRUCell(2)], return_state=True
            ),
        ):
            outputs = layer(x)
            shapes = layer.compute_output_shape(x.shape)
            flat_outputs = [tuple(o.shape) for o in keras.tree.flatten(outputs)]
            self.assertEqual(flat_outputs, flat_shapes(shapes))

    def test_symbolic_mask_flows_through_functional(self):
        tokens = keras.Input((None,), dtype="int32")
        embedded = layers.Embedding(5, 3, mask_zero=True)(tokens)
        sequence = layers.LSTM(2, return_sequences=True)(embedded)
        self.assertIsNotNone(backend.get_keras_mask(sequence))
        last = layers.LSTM(2)(embedded)
        self.assertIsNone(backend.get_keras_mask(last))

    def test_dropout_only_in_training(self):
        x = np.ones((2, 4, 3), "float32")
        layer = layers.LSTM(4, dropout=0.5, recurrent_dropout=0.5, seed=1)
        self.assertAllClose(layer(x), layer(x))
        self.assertNotAllClose(layer(x, training=True), layer(x))
        # The masks are drawn once per sequence, then forgotten.
        self.assertIsNone(getattr(layer.cell, "_dropout_mask", None))

    def test_backend_rnn_with_constants_and_time_major(self):
        x = np.arange(12, dtype="float32").reshape((3, 2, 2))  # time major

        def step(inputs, states):
            total, bias = states
            new = total + ops.sum(inputs, axis=-1, keepdims=True) + bias
            return new, [new]

        last, outputs, states = backend.rnn(
            step,
            x,
            [np.zeros((2, 1), "float32")],
            constants=[np.ones((2, 1), "float32")],
            time_major=True,
        )
        self.assertEqual(tuple(outputs.shape), (3, 2, 1))
        self.assertAllClose(last, [[30.0], [42.0]])
        self.assertAllClose(states[0], last)


class NestedStateCell(layers.Layer):
    """A cell with two inputs and two states of different ranks, as in the
    "nested inputs" RNN guide; it records the shapes `build` receives."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.state_size = [(4,), (2, 3)]
        self.output_size = 4
        self.build_shapes = []

    def build(self, input_shapes):
        self.build_shapes.append(input_shapes)
        nested = isinstance(input_shapes[0], (list, tuple))
        features = (input_shapes[0] if nested else input_shapes)[-1]
        self.kernel = self.add_weight(shape=(features, 4), name="kernel")

    def call(self, inputs, states):
        first = inputs[0] if isinstance(inputs, (list, tuple)) else inputs
        output = ops.matmul(first, self.kernel)
        return output, [states[0] + output, states[1]]


class NestedStateCellTest(testing.TestCase):
    # Shapes given to `build` as upstream Keras 3.15.1 gives them.
    def test_cell_called_on_a_list_of_inputs_builds_on_their_shapes(self):
        cell = NestedStateCell()
        inputs = [keras.KerasTensor((None, 5)), keras.KerasTensor((None, 2, 3))]
        states = [keras.KerasTensor((None, 4)), keras.KerasTensor((None, 2, 3))]
        outputs, new_states = cell(inputs, states)
        self.assertEqual(cell.build_shapes, [[(None, 5), (None, 2, 3)]])
        self.assertEqual(outputs.shape, (None, 4))
        self.assertEqual(
            [s.shape for s in new_states], [(None, 4), (None, 2, 3)]
        )

    def test_rnn_builds_the_cell_on_one_step_and_carries_nested_states(self):
        cell = NestedStateCell()
        rnn = layers.RNN(cell, return_state=True)
        x = np.ones((2, 6, 5), "float32")
        output, state_1, state_2 = rnn(x)
        self.assertEqual(cell.build_shapes, [(2, 5)])
        self.assertEqual(tuple(output.shape), (2, 4))
        self.assertEqual(tuple(state_1.shape), (2, 4))
        self.assertEqual(tuple(state_2.shape), (2, 2, 3))
        # The first state accumulates the outputs of the 6 steps.
        step = np.ones((2, 5), "float32") @ np.asarray(cell.kernel)
        self.assertAllClose(state_1, 6 * step, rtol=1e-5)
        self.assertAllClose(state_2, np.zeros((2, 2, 3)))
