"""Sparse (`BCOO`) gradients given to the optimizers."""

import jax
import jax.experimental.sparse as jax_sparse
import numpy as np
from absl.testing import parameterized

from keras.src import backend
from keras.src import ops
from keras.src import optimizers
from keras.src import testing

SHAPE = (4, 3)
TOUCHED_ROWS = (1, 3)


def sparse_rows(step):
    """A gradient storing rows 1 and 3 only; its values depend on `step`."""
    rows = np.arange(6, dtype="float32").reshape(2, 3) * 0.25 - 0.5 + step
    indices = np.array(TOUCHED_ROWS, dtype="int32").reshape(-1, 1)
    return jax_sparse.BCOO((rows, indices), shape=SHAPE)


def start_value():
    return np.linspace(-1.0, 1.0, 12, dtype="float32").reshape(SHAPE)


OPTIMIZERS = [
    ("sgd", lambda: optimizers.SGD(learning_rate=0.1)),
    ("sgd_momentum", lambda: optimizers.SGD(0.1, momentum=0.5)),
    ("sgd_nesterov", lambda: optimizers.SGD(0.1, momentum=0.5, nesterov=True)),
    ("adagrad", lambda: optimizers.Adagrad(learning_rate=0.1)),
    ("adadelta", lambda: optimizers.Adadelta(learning_rate=0.5)),
    ("rmsprop", lambda: optimizers.RMSprop(learning_rate=0.1)),
    ("rmsprop_centered", lambda: optimizers.RMSprop(0.1, centered=True)),
    ("adafactor", lambda: optimizers.Adafactor(learning_rate=0.1)),
    ("adam", lambda: optimizers.Adam(learning_rate=0.1, amsgrad=True)),
    ("adamw", lambda: optimizers.AdamW(learning_rate=0.1)),
    ("adamax", lambda: optimizers.Adamax(learning_rate=0.1)),
    ("nadam", lambda: optimizers.Nadam(learning_rate=0.1)),
    ("ftrl", lambda: optimizers.Ftrl(learning_rate=0.1)),
    ("lion", lambda: optimizers.Lion(learning_rate=0.1)),
    ("lamb", lambda: optimizers.Lamb(learning_rate=0.1)),
    ("clipnorm", lambda: optimizers.SGD(0.1, clipnorm=0.5)),
    ("clipvalue", lambda: optimizers.SGD(0.1, clipvalue=0.3)),
    ("global_clipnorm", lambda: optimizers.Adagrad(0.1, global_clipnorm=0.5)),
    ("loss_scale_factor", lambda: optimizers.SGD(0.1, loss_scale_factor=4.0)),
    (
        "accumulation",
        lambda: optimizers.RMSprop(0.1, gradient_accumulation_steps=2),
    ),
    ("ema", lambda: optimizers.Adagrad(0.1, use_ema=True)),
    (
        "loss_scale_optimizer",
        lambda: optimizers.LossScaleOptimizer(optimizers.Adagrad(0.1)),
    ),
]


class SparseGradientsTest(testing.TestCase):
    @parameterized.named_parameters(OPTIMIZERS)
    def test_eager_apply_matches_dense(self, make_optimizer):
        sparse_var = backend.Variable(start_value())
        dense_var = backend.Variable(start_value())
        sparse_opt, dense_opt = make_optimizer(), make_optimizer()
        for step in range(3):
            grad = sparse_rows(step)
            sparse_opt.apply([grad], [sparse_var])
            dense_opt.apply([grad.todense()], [dense_var])
        self.assertAllClose(sparse_var.value, dense_var.value, atol=1e-6)
        self.assertFalse(np.allclose(sparse_var.value, start_value()))
        for sparse_slot, dense_slot in zip(
            sparse_opt.variables, dense_opt.variables
        ):
            self.assertAllClose(sparse_slot.value, dense_slot.value, atol=1e-6)

    @parameterized.named_parameters(OPTIMIZERS)
    def test_jitted_stateless_apply_matches_dense(self, make_optimizer):
        sparse_opt, dense_opt = make_optimizer(), make_optimizer()
        sparse_opt.build([backend.Variable(start_value())])
        dense_opt.build([backend.Variable(start_value())])

        sparse_step = jax.jit(sparse_opt.stateless_apply)
        dense_step = jax.jit(dense_opt.stateless_apply)
        sparse_values = dense_values = [start_value()]
        sparse_slots = [v.value for v in sparse_opt.variables]
        dense_slots = [v.value for v in dense_opt.variables]
        for step in range(3):
            grad = sparse_rows(step)
            sparse_values, sparse_slots = sparse_step(
                sparse_slots, [grad], sparse_values
            )
            dense_values, dense_slots = dense_step(
                dense_slots, [grad.todense()], dense_values
            )
        self.assertAllClose(sparse_values[0], dense_values[0], atol=1e-6)
        self.assertAllClose(sparse_slots, dense_slots, atol=1e-6)

    def test_sgd_only_moves_the_touched_rows(self):
        variable = backend.Variable(start_value())
        optimizer = optimizers.SGD(learning_rate=0.5)
        optimizer.apply([sparse_rows(0)], [variable])
        expected = start_value()
        expected[1] -= 0.5 * np.array([-0.5, -0.25, 0.0])
        expected[3] -= 0.5 * np.array([0.25, 0.5, 0.75])
        self.assertAllClose(variable.value, expected)

    def test_adagrad_first_step_values(self):
        # Accumulator: 0.1 + g^2 on the touched rows, 0.1 elsewhere; the
        # variable moves by lr * g / sqrt(accumulator + eps).
        variable = backend.Variable(start_value())
        optimizer = optimizers.Adagrad(learning_rate=0.1, epsilon=0.0)
        grad = sparse_rows(1)
        optimizer.apply([grad], [variable])
        dense_grad = np.asarray(grad.todense())
        accumulator = 0.1 + dense_grad**2
        self.assertAllClose(optimizer.variables[-1].value, accumulator)
        self.assertAllClose(
            variable.value,
            start_value() - 0.1 * dense_grad / np.sqrt(accumulator),
        )

    def test_sparse_aware_rules_update_with_sparse_values(self):
        # The value handed to `assign*()` for the model variable stays
        # sparse for these rules, and is dense for the momentum ones.
        cases = [
            (optimizers.SGD(0.1), True),
            (optimizers.Adagrad(0.1), True),
            (optimizers.Adadelta(0.1), True),
            (optimizers.RMSprop(0.1), True),
            (optimizers.Adafactor(0.1), True),
            (optimizers.SGD(0.1, momentum=0.9), False),
            (optimizers.RMSprop(0.1, momentum=0.9), False),
            (optimizers.Adam(0.1), False),
        ]
        for optimizer, expect_sparse in cases:
            variable = backend.Variable(start_value())
            kinds = []
            for method in ("assign", "assign_add", "assign_sub"):
                original = getattr(optimizer, method)

                def recorder(target, value, original=original):
                    if target is variable:
                        kinds.append(isinstance(value, jax_sparse.BCOO))
                    original(target, value)

                setattr(optimizer, method, recorder)
            optimizer.apply([sparse_rows(0)], [variable])
            self.assertEqual(kinds, [expect_sparse], optimizer.name)

    def test_assign_methods_take_sparse_values(self):
        optimizer = optimizers.SGD()
        variable = backend.Variable(np.ones(SHAPE, "float32"))
        value = sparse_rows(0)
        dense = np.asarray(value.todense())
        optimizer.assign_add(variable, value)
        self.assertAllClose(variable.value, 1.0 + dense)
        optimizer.assign_sub(variable, value)
        self.assertAllClose(variable.value, np.ones(SHAPE))
        # `assign` replaces everything: the implicit entries become zeros.
        optimizer.assign(variable, value)
        self.assertAllClose(variable.value, dense)

    def test_custom_update_step_receives_the_sparse_gradient(self):
        received = []

        class Recorder(optimizers.Optimizer):
            def update_step(self, gradient, variable, learning_rate):
                received.append(type(gradient))
                self.assign_sub(variable, ops.multiply(gradient, 0.5))

        class DenseRecorder(Recorder):
            _update_step_takes_sparse = False

        for optimizer_class in (Recorder, DenseRecorder):
            variable = backend.Variable(start_value())
            optimizer_class(learning_rate=1.0).apply(
                [sparse_rows(0)], [variable]
            )
            self.assertAllClose(
                variable.value,
                start_value() - 0.5 * np.asarray(sparse_rows(0).todense()),
            )
        self.assertIs(received[0], jax_sparse.BCOO)
        self.assertFalse(issubclass(received[1], jax_sparse.JAXSparse))
