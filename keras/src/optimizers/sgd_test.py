import numpy as np
import pytest

from keras.src import backend
from keras.src.optimizers.sgd import SGD

GRADS = [
    np.array([0.1, -0.2, 0.3, 0.4], dtype="float32"),
    np.array([-0.5, 0.1, 0.0, 0.2], dtype="float32"),
    np.array([0.3, 0.3, -0.3, 1.0], dtype="float32"),
]
INIT = np.array([1.0, 2.0, 3.0, 4.0], dtype="float32")


def reference_sgd(lr, momentum, nesterov, steps):
    w = INIT.astype("float64").copy()
    velocity = np.zeros_like(w)
    for g in GRADS[:steps]:
        if momentum == 0:
            w = w - lr * g
            continue
        velocity = momentum * velocity - lr * g
        if nesterov:
            w = w + momentum * velocity - lr * g
        else:
            w = w + velocity
    return w


@pytest.mark.parametrize(
    "momentum, nesterov", [(0.0, False), (0.9, False), (0.9, True)]
)
def test_sgd_steps(momentum, nesterov):
    var = backend.Variable(INIT, name="w")
    opt = SGD(learning_rate=0.5, momentum=momentum, nesterov=nesterov)
    for step in range(1, 4):
        opt.apply([GRADS[step - 1]], [var])
        np.testing.assert_allclose(
            var.numpy(),
            reference_sgd(0.5, momentum, nesterov, step),
            rtol=1e-6,
        )
    assert int(opt.iterations.numpy()) == 3
    n_slots = 0 if momentum == 0 else 1
    assert len(opt.variables) == 2 + n_slots


def test_sgd_config_and_validation():
    opt = SGD(learning_rate=0.1, momentum=0.5, nesterov=True, clipvalue=1.0)
    config = opt.get_config()
    assert config["momentum"] == 0.5 and config["nesterov"] is True
    assert config["learning_rate"] == pytest.approx(0.1)
    assert config["name"].startswith("sgd")
    clone = SGD.from_config(config)
    assert clone.momentum == 0.5 and clone.clipvalue == 1.0
    with pytest.raises(ValueError, match="momentum"):
        SGD(momentum=1.5)
