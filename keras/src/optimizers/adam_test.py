import numpy as np
import pytest

from keras.src import backend
from keras.src.optimizers import base_optimizer
from keras.src.optimizers.adam import Adam

RNG = np.random.RandomState(0)
GRADS = [RNG.randn(3, 2).astype("float32") for _ in range(4)]
INIT = RNG.randn(3, 2).astype("float32")


def reference_adam(
    lr, beta_1, beta_2, epsilon, amsgrad, steps, weight_decay=None
):
    w = INIT.astype("float64").copy()
    m = np.zeros_like(w)
    v = np.zeros_like(w)
    v_hat = np.zeros_like(w)
    for t, g in enumerate(GRADS[:steps], start=1):
        if weight_decay is not None:
            w = w - w * weight_decay * lr
        m = beta_1 * m + (1 - beta_1) * g
        v = beta_2 * v + (1 - beta_2) * g**2
        alpha = lr * np.sqrt(1 - beta_2**t) / (1 - beta_1**t)
        if amsgrad:
            v_hat = np.maximum(v_hat, v)
            w = w - alpha * m / (np.sqrt(v_hat) + epsilon)
        else:
            w = w - alpha * m / (np.sqrt(v) + epsilon)
    return w


@pytest.mark.parametrize("amsgrad", [False, True])
def test_adam_steps(amsgrad):
    var = backend.Variable(INIT, name="kernel")
    opt = Adam(
        learning_rate=0.01,
        beta_1=0.8,
        beta_2=0.95,
        epsilon=1e-6,
        amsgrad=amsgrad,
    )
    for step in range(1, 5):
        opt.apply([GRADS[step - 1]], [var])
        np.testing.assert_allclose(
            var.numpy(),
            reference_adam(0.01, 0.8, 0.95, 1e-6, amsgrad, step),
            rtol=1e-6,
            atol=1e-7,
        )
    paths = [v.path for v in opt.variables]
    expected = [
        "adam/iteration",
        "adam/learning_rate",
        "adam/kernel_momentum",
        "adam/kernel_velocity",
    ]
    if amsgrad:
        expected.append("adam/kernel_velocity_hat")
    assert paths == expected


def test_adam_defaults_and_config():
    opt = Adam()
    config = opt.get_config()
    assert config["learning_rate"] == pytest.approx(0.001)
    assert config["beta_1"] == 0.9 and config["beta_2"] == 0.999
    assert config["epsilon"] == 1e-7 and config["amsgrad"] is False
    # The constructor arguments every optimizer records.
    for key in base_optimizer._SHARED_CONFIG_KEYS:
        assert key in config
    clone = Adam.from_config(config)
    assert clone.beta_2 == 0.999
