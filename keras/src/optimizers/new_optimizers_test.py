import jax
import numpy as np
import pytest

from keras.src import backend
from keras.src import optimizers

G = np.array([0.5, -2.0, 3.0], dtype="float32")
W = np.array([1.0, 2.0, -1.0], dtype="float32")


def _one_step(opt):
    var = backend.Variable(W.copy())
    opt.apply([G], [var])
    return var.numpy()


def test_adagrad_and_adadelta_first_step():
    acc = 0.1 + G**2
    np.testing.assert_allclose(
        _one_step(optimizers.Adagrad(learning_rate=0.3)),
        W - 0.3 * G / np.sqrt(acc + 1e-7),
        rtol=1e-5,
    )
    grad_avg = 0.05 * G**2
    delta = -np.sqrt(1e-7) / np.sqrt(grad_avg + 1e-7) * G
    np.testing.assert_allclose(
        _one_step(optimizers.Adadelta(learning_rate=1.0)),
        W + delta,
        rtol=1e-5,
    )


def test_adamax_lion_lamb_first_step():
    # Adamax: m = 0.1 g, u = |g|, bias correction 0.1 -> step lr * sign.
    np.testing.assert_allclose(
        _one_step(optimizers.Adamax(learning_rate=0.2)),
        W - 0.2 * np.sign(G),
        rtol=1e-5,
    )
    np.testing.assert_allclose(
        _one_step(optimizers.Lion(learning_rate=0.2)),
        W - 0.2 * np.sign(G),
        rtol=1e-6,
    )
    direction = np.sign(G)  # Adam's first step, up to epsilon
    trust = np.linalg.norm(W) / np.linalg.norm(direction)
    np.testing.assert_allclose(
        _one_step(optimizers.Lamb(learning_rate=0.1)),
        W - 0.1 * trust * direction,
        rtol=1e-5,
    )


def test_ftrl_matches_closed_form():
    lr = 0.5
    accum, new_accum = 0.1, 0.1 + G**2
    sigma = (np.sqrt(new_accum) - np.sqrt(accum)) / lr
    linear = G - sigma * W
    quadratic = np.sqrt(new_accum) / lr
    np.testing.assert_allclose(
        _one_step(optimizers.Ftrl(learning_rate=lr)),
        -linear / quadratic,
        rtol=1e-5,
    )
    with pytest.raises(ValueError, match="learning_rate_power"):
        optimizers.Ftrl(learning_rate_power=0.5)


def test_adafactor_factors_matrices():
    opt = optimizers.Adafactor(learning_rate=0.5)
    var = backend.Variable(np.ones((3, 4), dtype="float32"))
    opt.build([var])
    assert tuple(opt._r[0].shape) == (3,)
    assert tuple(opt._c[0].shape) == (4,)
    opt.apply([np.ones((3, 4), dtype="float32")], [var])
    # Uniform gradients: unit update, scaled by rms(w) * lr = 0.5.
    np.testing.assert_allclose(var.numpy(), np.full((3, 4), 0.5), rtol=1e-5)


def test_nadam_product_moves_once_per_step():
    opt = optimizers.Nadam()
    a = backend.Variable(W.copy())
    b = backend.Variable(W.copy())
    opt.apply([G, G], [a, b])
    np.testing.assert_allclose(a.numpy(), b.numpy())
    mu_1 = 0.9 * (1 - 0.5 * 0.96)
    np.testing.assert_allclose(opt._u_product.numpy(), mu_1, rtol=1e-6)


@pytest.mark.parametrize(
    "name",
    [
        "adagrad",
        "adadelta",
        "adamax",
        "nadam",
        "ftrl",
        "lion",
        "lamb",
        "adafactor",
        "muon",
    ],
)
def test_stateless_apply_under_jit_and_config(name):
    opt = optimizers.get(name)
    var = backend.Variable(np.ones((2, 3), dtype="float32"))
    opt.build([var])
    grads = [np.full((2, 3), 0.1, dtype="float32")]

    @jax.jit
    def step(opt_values, train_values):
        return opt.stateless_apply(opt_values, grads, train_values)

    new_train, new_opt = step([v.value for v in opt.variables], [var.value])
    ref = optimizers.get(name)
    ref_var = backend.Variable(np.ones((2, 3), dtype="float32"))
    ref.apply(grads, [ref_var])
    np.testing.assert_allclose(new_train[0], ref_var.numpy(), rtol=1e-5)
    config = opt.get_config()
    assert type(opt).from_config(config).get_config() == config


def test_loss_scale_optimizer_skips_non_finite_steps():
    opt = optimizers.LossScaleOptimizer(
        optimizers.SGD(learning_rate=1.0),
        initial_scale=4.0,
        dynamic_growth_steps=2,
    )
    var = backend.Variable(np.zeros(2, dtype="float32"))
    opt.apply([np.array([np.inf, 1.0], dtype="float32")], [var])
    np.testing.assert_allclose(var.numpy(), [0.0, 0.0])
    assert float(opt.scale_loss(1.0)) == 2.0
    opt.apply([np.array([2.0, 4.0], dtype="float32")], [var])
    np.testing.assert_allclose(var.numpy(), [-1.0, -2.0])
    opt.apply([np.array([2.0, 4.0], dtype="float32")], [var])
    assert float(opt.scale_loss(1.0)) == 4.0
    with pytest.raises(ValueError, match="inner_optimizer"):
        optimizers.LossScaleOptimizer(optimizers.SGD(), clipnorm=1.0)


def test_learning_rate_callable_drops_variable_and_set_weights():
    opt = optimizers.Adam()
    assert len(opt.variables) == 2
    opt.learning_rate = lambda: 0.1
    assert len(opt.variables) == 1
    with pytest.raises(ValueError, match="set_weights"):
        optimizers.SGD().set_weights([])


def test_schedule_free_adamw_first_step_and_finalize():
    opt = optimizers.ScheduleFreeAdamW(learning_rate=0.1)
    var = backend.Variable(W.copy())
    opt.apply([G], [var])
    # First step: the average equals z, a plain AdamW (sign) step.
    np.testing.assert_allclose(var.numpy(), W - 0.1 * np.sign(G), rtol=1e-5)
    opt.apply([G], [var])
    z = opt._z[0].numpy()
    y = var.numpy()
    opt.finalize_variable_values([var])
    np.testing.assert_allclose(var.numpy(), (y - 0.1 * z) / 0.9, rtol=1e-5)


def test_muon_orthogonalizes_matrices_and_uses_adamw_for_vectors():
    opt = optimizers.Muon(learning_rate=0.1, rms_rate=None, weight_decay=0)
    x = np.random.RandomState(0).randn(4, 3).astype("float32")
    orthogonal = opt.zeropower_via_newtonschulz5(x, 10)
    # Close to U V^T: these coefficients keep the singular values in
    # roughly [0.7, 1.2] (fast rather than exact convergence).
    singular = np.linalg.svd(np.asarray(orthogonal), compute_uv=False)
    assert np.all((singular > 0.6) & (singular < 1.25))
    assert opt._should_use_adamw(backend.Variable(np.zeros(3)))
    assert not opt._should_use_adamw(backend.Variable(np.zeros((3, 3))))


def test_multi_optimizer_routes_variables_and_fits():
    from keras.src import layers
    from keras.src import models

    fast = optimizers.SGD(learning_rate=0.5)
    slow = optimizers.SGD(learning_rate=0.0)
    multi = optimizers.MultiOptimizer(
        optimizers.OptimizerMap(
            default_optimizer=slow, optimizer_map={"^head/": fast}
        ),
        loss_scale_factor=4.0,
    )
    with backend.name_scope("head"):
        head = backend.Variable(np.ones(2, dtype="float32"), name="kernel")
    body = backend.Variable(np.ones(2, dtype="float32"), name="kernel")
    multi.apply([np.full(2, 4.0, "float32")] * 2, [head, body])
    np.testing.assert_allclose(head.numpy(), [0.5, 0.5])  # 1 - 0.5 * 4 / 4
    np.testing.assert_allclose(body.numpy(), [1.0, 1.0])
    assert multi.optimizers == [fast, slow]
    assert int(multi.iterations) == 1
    config = optimizers.serialize(multi)
    assert type(optimizers.deserialize(config)) is optimizers.MultiOptimizer

    model = models.Sequential(
        [layers.Input((2,)), layers.Dense(1, name="head"), layers.Dense(1)]
    )
    model.compile(
        optimizer=optimizers.MultiOptimizer(
            optimizers.OptimizerMap(
                default_optimizer=optimizers.SGD(0.0),
                optimizer_map={"head/": optimizers.Adam(0.1)},
            )
        ),
        loss="mse",
    )
    before = [w.copy() for w in model.get_weights()]
    model.fit(np.ones((4, 2)), np.zeros((4, 1)), verbose=0)
    after = model.get_weights()
    assert not np.allclose(before[0], after[0])  # head kernel moved
    np.testing.assert_allclose(before[2], after[2])  # lr 0: unchanged
    with pytest.raises(ValueError, match="cannot be LossScaleOptimizer"):
        optimizers.OptimizerMap()["x"] = optimizers.LossScaleOptimizer(
            optimizers.SGD()
        )
