import inspect
from unittest import mock

import jax
import numpy as np
import pytest

from keras.src import backend
from keras.src import optimizers
from keras.src.optimizers import schedules
from keras.src.optimizers.adam_test import reference_adam
from keras.src.testing import parity

G1 = np.array([3.0, 4.0], dtype="float32")  # norm 5
G2 = np.array([[1.0, 2.0], [2.0, 0.0]], dtype="float32")  # norm 3


def _vars():
    return [
        backend.Variable(np.zeros(2), name="a"),
        backend.Variable(np.zeros((2, 2)), name="b"),
    ]


def test_clipnorm():
    a, b = _vars()
    opt = optimizers.SGD(learning_rate=1.0, clipnorm=4.0)
    opt.apply([G1, G2], [a, b])
    np.testing.assert_allclose(a.numpy(), -G1 * 4.0 / 5.0, rtol=1e-6)
    np.testing.assert_allclose(b.numpy(), -G2, rtol=1e-6)  # norm 3 < 4


def test_global_clipnorm():
    a, b = _vars()
    opt = optimizers.SGD(learning_rate=1.0, global_clipnorm=2.0)
    opt.apply([G1, G2], [a, b])
    scale = 2.0 / np.sqrt(25.0 + 9.0)
    np.testing.assert_allclose(a.numpy(), -G1 * scale, rtol=1e-6)
    np.testing.assert_allclose(b.numpy(), -G2 * scale, rtol=1e-6)
    # Below the threshold: unchanged.
    a, b = _vars()
    opt = optimizers.SGD(learning_rate=1.0, global_clipnorm=100.0)
    opt.apply([G1, G2], [a, b])
    np.testing.assert_allclose(a.numpy(), -G1, rtol=1e-6)


def test_clipvalue():
    a, b = _vars()
    opt = optimizers.SGD(learning_rate=1.0, clipvalue=1.5)
    opt.apply([G1, G2], [a, b])
    np.testing.assert_allclose(a.numpy(), [-1.5, -1.5])
    np.testing.assert_allclose(b.numpy(), -np.clip(G2, -1.5, 1.5))


def test_only_one_clipping_argument():
    with pytest.raises(ValueError, match="Only one of"):
        optimizers.SGD(clipnorm=1.0, global_clipnorm=1.0)


def test_weight_decay_in_sgd_and_iterations():
    a, b = _vars()
    a.assign(np.array([1.0, 2.0]))
    opt = optimizers.SGD(learning_rate=0.1, weight_decay=0.5)
    assert int(opt.iterations.numpy()) == 0
    opt.apply_gradients([(G1, a), (G2, b)])
    np.testing.assert_allclose(
        a.numpy(), np.array([1.0, 2.0]) * (1 - 0.05) - 0.1 * G1, rtol=1e-6
    )
    opt.apply([G1, G2])  # variables known after the first call
    assert int(opt.iterations.numpy()) == 2


def test_none_gradients_are_skipped():
    a, b = _vars()
    opt = optimizers.SGD(learning_rate=1.0)
    with pytest.warns(UserWarning, match="Gradients do not exist"):
        opt.apply([G1, None], [a, b])
    np.testing.assert_allclose(a.numpy(), -G1)
    np.testing.assert_allclose(b.numpy(), 0.0)


def test_overwrite_with_gradient_assigns_the_gradient():
    a, b = _vars()
    b.overwrite_with_gradient = True
    opt = optimizers.Adam(learning_rate=0.1)
    opt.apply([G1, G2], [a, b])
    np.testing.assert_allclose(b.numpy(), G2)
    # `a` got an Adam step; `b` has no update of its own.
    np.testing.assert_allclose(a.numpy(), [-0.1, -0.1], rtol=1e-5)
    opt.apply([G1, 2 * G2], [a, b])
    np.testing.assert_allclose(b.numpy(), 2 * G2)


def test_unknown_variable_raises():
    a, b = _vars()
    opt = optimizers.SGD()
    opt.apply([G1], [a])
    with pytest.raises(ValueError, match="Unknown variable"):
        opt.apply([G2], [b])


def test_learning_rate_property_and_setter():
    opt = optimizers.Adam(learning_rate=0.5)
    assert float(opt.learning_rate.numpy()) == 0.5
    opt.learning_rate = 0.25
    assert float(opt.learning_rate.numpy()) == 0.25
    sched = schedules.ExponentialDecay(1.0, decay_steps=1, decay_rate=0.5)
    opt = optimizers.SGD(learning_rate=sched)
    with pytest.raises(TypeError):
        opt.learning_rate = 0.1
    # Schedules are evaluated at the current iteration.
    var = backend.Variable(np.zeros(()), name="x")
    lrs = []
    for _ in range(3):
        lrs.append(float(opt.learning_rate))
        opt.apply([np.ones(())], [var])
    np.testing.assert_allclose(lrs, [1.0, 0.5, 0.25])
    np.testing.assert_allclose(var.numpy(), -1.75)
    config = opt.get_config()
    assert config["learning_rate"]["class_name"] == "ExponentialDecay"
    clone = optimizers.SGD.from_config(config)
    assert isinstance(clone._learning_rate, schedules.ExponentialDecay)
    assert len(opt.variables) == 1  # iterations only


@pytest.mark.parity
def test_stateless_apply_matches_apply():
    rng = np.random.RandomState(0)
    init = [rng.randn(3).astype("float32"), rng.randn(2, 2).astype("float32")]
    grads = [
        [rng.randn(3).astype("float32"), rng.randn(2, 2).astype("float32")]
        for _ in range(3)
    ]

    stateful_vars = [
        backend.Variable(x, name=f"v{i}") for i, x in enumerate(init)
    ]
    stateful = optimizers.AdamW(learning_rate=0.1, global_clipnorm=1.0)
    for g in grads:
        stateful.apply(g, stateful_vars)

    variables = [backend.Variable(x, name=f"v{i}") for i, x in enumerate(init)]
    opt = optimizers.AdamW(learning_rate=0.1, global_clipnorm=1.0)
    opt.build(variables)
    opt_values = [v.value for v in opt.variables]
    var_values = [v.value for v in variables]

    step = jax.jit(opt.stateless_apply)
    for g in grads:
        var_values, opt_values = step(opt_values, g, var_values)
    # Nothing was modified in place.
    np.testing.assert_array_equal(variables[0].numpy(), init[0])
    assert int(opt.iterations.numpy()) == 0
    # One jitted program and eager updates: the same arithmetic on the
    # same gradients, fused differently, over 3 steps.
    for value, var in zip(var_values, stateful_vars):
        parity.assert_outputs_close(value, var.numpy())
    for value, var in zip(opt_values, stateful.variables):
        parity.assert_outputs_close(value, var.numpy())
    assert int(opt_values[0]) == 3


def test_stateless_apply_errors():
    a, b = _vars()
    opt = optimizers.SGD()
    with pytest.raises(ValueError, match="must be built"):
        opt.stateless_apply([], [G1, G2], [a.value, b.value])
    opt.build([a, b])
    with pytest.raises(ValueError, match="optimizer_variables"):
        opt.stateless_apply([], [G1, G2], [a.value, b.value])


def test_slot_variables_take_the_reference_layout():
    created = []
    original = backend.Variable

    def spy(*args, **kwargs):
        created.append(kwargs.get("layout"))
        kwargs["layout"] = None
        return original(*args, **kwargs)

    a, b = _vars()
    a._layout = "layout-of-a"
    b._layout = "layout-of-b"
    opt = optimizers.Adam()
    with mock.patch.object(backend, "Variable", spy):
        opt.build([a, b])
    # momentum/velocity of a, then of b.
    assert created == ["layout-of-a"] * 2 + ["layout-of-b"] * 2


@pytest.mark.multi_device
def test_slot_variables_sharded_like_variable():
    from keras.src.distribution import distribution_lib

    if len(jax.devices()) < 8:
        pytest.skip("needs 8 devices")
    mesh = distribution_lib.DeviceMesh((2, 4), ("batch", "model"))
    layout = distribution_lib.TensorLayout((None, "model"), mesh)
    var = backend.Variable(np.ones((4, 8)), name="kernel", layout=layout)
    opt = optimizers.Adam(learning_rate=0.1)
    opt.apply([np.ones((4, 8))], [var])
    for slot in opt.variables[2:]:
        assert slot._layout is var._layout
        assert slot.value.sharding.is_equivalent_to(var.value.sharding, 2)


def test_loss_scale_factor():
    a, b = _vars()
    opt = optimizers.SGD(learning_rate=1.0, loss_scale_factor=4.0)
    assert float(opt.scale_loss(2.0)) == 8.0
    opt.apply([G1 * 4.0, G2 * 4.0], [a, b])
    np.testing.assert_allclose(a.numpy(), -G1, rtol=1e-6)


def test_gradient_accumulation():
    var = backend.Variable(np.zeros(2), name="w")
    opt = optimizers.SGD(learning_rate=1.0, gradient_accumulation_steps=2)
    opt.apply([np.array([1.0, 2.0])], [var])
    np.testing.assert_allclose(var.numpy(), [0.0, 0.0])
    opt.apply([np.array([3.0, 0.0])], [var])
    np.testing.assert_allclose(var.numpy(), [-2.0, -1.0])
    opt.apply([np.array([1.0, 1.0])], [var])
    np.testing.assert_allclose(var.numpy(), [-2.0, -1.0])
    assert int(opt._iterations.numpy()) == 3
    assert int(opt.iterations) == 1  # completed accumulation windows
    with pytest.raises(ValueError):
        optimizers.SGD(gradient_accumulation_steps=1)


def test_ema():
    var = backend.Variable(np.zeros(1), name="w")
    opt = optimizers.SGD(learning_rate=1.0, use_ema=True, ema_momentum=0.5)
    opt.apply([np.array([-2.0])], [var])  # var 2, average 2 (first step)
    opt.apply([np.array([-2.0])], [var])  # var 4, average 3
    np.testing.assert_allclose(var.numpy(), [4.0])
    opt.finalize_variable_values([var])
    np.testing.assert_allclose(var.numpy(), [3.0])

    var = backend.Variable(np.zeros(1), name="w")
    opt = optimizers.SGD(
        learning_rate=1.0,
        use_ema=True,
        ema_momentum=0.5,
        ema_overwrite_frequency=2,
    )
    opt.apply([np.array([-2.0])], [var])
    opt.apply([np.array([-2.0])], [var])
    np.testing.assert_allclose(var.numpy(), [3.0])


def test_adam_with_schedule_matches_reference_lr():
    # A constant schedule gives the same result as a float learning rate.
    from keras.src.optimizers.adam_test import GRADS
    from keras.src.optimizers.adam_test import INIT

    sched = schedules.PiecewiseConstantDecay([100], [0.01, 0.001])
    var = backend.Variable(INIT, name="k")
    opt = optimizers.Adam(learning_rate=sched)
    for g in GRADS[:2]:
        opt.apply([g], [var])
    np.testing.assert_allclose(
        var.numpy(),
        reference_adam(0.01, 0.9, 0.999, 1e-7, False, 2),
        rtol=1e-6,
    )


def test_get():
    assert isinstance(optimizers.get("sgd"), optimizers.SGD)
    assert isinstance(optimizers.get("Adam"), optimizers.Adam)
    assert isinstance(optimizers.get("adamw"), optimizers.AdamW)
    opt = optimizers.SGD(0.3)
    assert optimizers.get(opt) is opt
    with pytest.raises(ValueError, match="adamm.*Valid names"):
        optimizers.get("adamm")
    clone = optimizers.get(optimizers.serialize(optimizers.Adam(0.5)))
    assert isinstance(clone, optimizers.Adam)
    assert float(clone.learning_rate.numpy()) == 0.5
    assert optimizers.get(None) is None


@pytest.mark.parity
@pytest.mark.parametrize(
    "kwargs",
    [
        {"gradient_accumulation_steps": 2},
        {"use_ema": True, "ema_momentum": 0.5, "ema_overwrite_frequency": 2},
    ],
)
def test_stateless_apply_in_jit_with_accumulation_and_ema(kwargs):
    rng = np.random.RandomState(1)
    init = rng.randn(3).astype("float32")
    grads = [rng.randn(3).astype("float32") for _ in range(4)]

    stateful_var = backend.Variable(init, name="w")
    stateful = optimizers.Adam(learning_rate=0.1, **kwargs)
    for g in grads:
        stateful.apply([g], [stateful_var])

    var = backend.Variable(init, name="w")
    opt = optimizers.Adam(learning_rate=0.1, **kwargs)
    opt.build([var])
    opt_values = [v.value for v in opt.variables]
    var_values = [var.value]
    step = jax.jit(opt.stateless_apply)
    for g in grads:
        var_values, opt_values = step(opt_values, [g], var_values)
    parity.assert_outputs_close(var_values[0], stateful_var.numpy())
    for value, v in zip(opt_values, stateful.variables):
        parity.assert_outputs_close(value, v.numpy())


@pytest.mark.parametrize(
    "cls", [optimizers.SGD, optimizers.Adam, optimizers.AdamW, optimizers.Nadam]
)
def test_constructor_signature_lists_the_shared_arguments(cls):
    parameters = inspect.signature(cls).parameters
    # The base class's own parameters: learning_rate, the shared ones.
    shared = list(inspect.signature(optimizers.Optimizer).parameters)[1:]
    assert list(parameters)[0] == "learning_rate"
    assert list(parameters)[-len(shared) + 1 :] == shared[1:]
    assert shared[-2:] == ["name", "kwargs"] and "clipnorm" in shared
    # `AdamW` declares `weight_decay` among its own arguments, with its own
    # default; the others take the shared one.
    default = parameters["weight_decay"].default
    assert default == (0.004 if cls is optimizers.AdamW else None)


def test_shared_arguments_bind_by_position_and_by_name():
    # SGD(learning_rate, momentum, nesterov, weight_decay, clipnorm, ...)
    opt = optimizers.SGD(0.5, 0.9, True, 0.01, 2.0, name="by_position")
    assert (opt.momentum, opt.nesterov) == (0.9, True)
    assert (opt.weight_decay, opt.clipnorm, opt.name) == (
        0.01,
        2.0,
        "by_position",
    )
    opt = optimizers.AdamW(learning_rate=0.1, clipvalue=1.0, amsgrad=True)
    assert (opt.weight_decay, opt.clipvalue, opt.amsgrad) == (0.004, 1.0, True)
    with pytest.raises(TypeError):
        optimizers.SGD(0.5, momentum=0.9, learning_rate=0.1)
    with pytest.raises(ValueError, match="weight_decay"):
        optimizers.AdamW(weight_decay=None)


def test_shared_arguments_need_a_constructor_ending_with_kwargs():
    from keras.src.optimizers.optimizer import with_shared_arguments

    with pytest.raises(TypeError, match="must end with `\\*\\*kwargs`"):

        @with_shared_arguments
        class Closed(optimizers.Optimizer):
            def __init__(self, learning_rate=0.1, rho=0.9):
                super().__init__(learning_rate=learning_rate)
