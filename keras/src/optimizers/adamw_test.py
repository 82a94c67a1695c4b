import numpy as np
import pytest

from keras.src import backend
from keras.src.optimizers.adam_test import GRADS
from keras.src.optimizers.adam_test import INIT
from keras.src.optimizers.adam_test import reference_adam
from keras.src.optimizers.adamw import AdamW


def test_adamw_steps():
    var = backend.Variable(INIT, name="kernel")
    opt = AdamW(learning_rate=0.01, weight_decay=0.1)
    for step in range(1, 5):
        opt.apply([GRADS[step - 1]], [var])
        np.testing.assert_allclose(
            var.numpy(),
            reference_adam(
                0.01, 0.9, 0.999, 1e-7, False, step, weight_decay=0.1
            ),
            rtol=1e-6,
            atol=1e-7,
        )


def test_adamw_exclude_from_weight_decay():
    kernel = backend.Variable(INIT, name="kernel")
    bias = backend.Variable(INIT, name="bias")
    other = backend.Variable(INIT, name="other")
    opt = AdamW(learning_rate=0.01, weight_decay=0.1)
    opt.exclude_from_weight_decay(var_list=[other], var_names=["bias"])
    opt.apply([GRADS[0]] * 3, [kernel, bias, other])
    decayed = reference_adam(0.01, 0.9, 0.999, 1e-7, False, 1, weight_decay=0.1)
    plain = reference_adam(0.01, 0.9, 0.999, 1e-7, False, 1)
    np.testing.assert_allclose(kernel.numpy(), decayed, rtol=1e-6)
    np.testing.assert_allclose(bias.numpy(), plain, rtol=1e-6)
    np.testing.assert_allclose(other.numpy(), plain, rtol=1e-6)
    with pytest.raises(ValueError, match="before the optimizer is built"):
        opt.exclude_from_weight_decay(var_names=["kernel"])


def test_adamw_requires_weight_decay():
    with pytest.raises(ValueError, match="weight_decay"):
        AdamW(weight_decay=None)
    config = AdamW(weight_decay=0.2).get_config()
    assert config["weight_decay"] == 0.2
    assert config["name"].startswith("adam_w")
