import numpy as np
import pytest

from keras.src import backend
from keras.src.optimizers.rmsprop import RMSprop


def numpy_rmsprop(w, grads, lr, rho, momentum, eps, centered):
    velocity = np.zeros_like(w)
    average = np.zeros_like(w)
    mom = np.zeros_like(w)
    for g in grads:
        velocity = rho * velocity + (1 - rho) * g**2
        denominator = velocity
        if centered:
            average = rho * average + (1 - rho) * g
            denominator = velocity - average**2
        increment = lr * g / np.sqrt(denominator + eps)
        if momentum > 0:
            mom = momentum * mom + increment
            increment = mom
        w = w - increment
    return w


@pytest.mark.parametrize(
    "momentum,centered", [(0.0, False), (0.5, False), (0.0, True), (0.9, True)]
)
def test_matches_reference_update_rule(momentum, centered):
    rng = np.random.default_rng(0)
    w0 = rng.normal(size=(3, 2)).astype("float32")
    grads = [rng.normal(size=(3, 2)).astype("float32") for _ in range(4)]
    variable = backend.Variable(w0)
    optimizer = RMSprop(
        learning_rate=0.01, rho=0.8, momentum=momentum, centered=centered
    )
    for g in grads:
        optimizer.apply([g], [variable])
    expected = numpy_rmsprop(w0, grads, 0.01, 0.8, momentum, 1e-7, centered)
    np.testing.assert_allclose(variable.numpy(), expected, rtol=1e-5)
    slots = 1 + (momentum > 0) + centered
    assert len(optimizer.variables) == 2 + slots  # iteration, lr, slots


def test_config_round_trip():
    optimizer = RMSprop(learning_rate=0.1, rho=0.5, momentum=0.2, centered=True)
    config = optimizer.get_config()
    restored = RMSprop.from_config(config)
    assert restored.get_config() == config
    assert (config["rho"], config["momentum"], config["centered"]) == (
        0.5,
        0.2,
        True,
    )


def test_string_identifier_and_compile_default():
    from keras.src import optimizers

    assert isinstance(optimizers.get("rmsprop"), RMSprop)
