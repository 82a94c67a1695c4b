"""`mixed_float16` training: loss scaling matches upstream and survives an
overflowing step.

`test_loss_curve_matches_upstream` needs upstream Keras in a side virtual
environment (`KERAS_UPSTREAM_VENV`, see `upstream_side.py`).
"""

import json
import os
import sys

import numpy as np
import pytest
from upstream_side import run_python
from upstream_side import upstream_python

import keras

SCRIPT = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "mixed_precision_script.py"
)


def _train(python, upstream):
    output = run_python(python, SCRIPT, upstream=upstream)
    return json.loads(output.strip().splitlines()[-1])


@pytest.mark.float16
@pytest.mark.parity
def test_loss_curve_matches_upstream():
    theirs = _train(upstream_python(), upstream=True)
    ours = _train(sys.executable, upstream=False)
    assert ours["optimizer"] == theirs["optimizer"] == "LossScaleOptimizer"
    assert ours["finite"] and theirs["finite"]
    assert len(ours["losses"]) == len(theirs["losses"]) == 24
    # float16 activations: each rounding is good to 2**-11 (5e-4); through
    # two layers and 24 steps of SGD, 2e-2 (40 such roundings).
    np.testing.assert_allclose(ours["losses"], theirs["losses"], rtol=2e-2)
    assert ours["losses"][-1] < 0.5 * ours["losses"][0]


@pytest.mark.float16
def test_overflowing_step_is_skipped_and_the_scale_lowered():
    keras.config.set_dtype_policy("mixed_float16")
    try:
        rng = np.random.default_rng(0)
        # Small errors, so that only the injected batch overflows float16
        # once the loss is scaled by the initial 2**15.
        x = 0.1 * rng.normal(size=(64, 4)).astype("float32")
        y = 0.1 * rng.normal(size=(64, 1)).astype("float32")
        # The second batch of 16 overflows float16 activations (inf loss,
        # non-finite gradients).
        x[16:32] *= 1e7
        model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])
        model.set_weights([np.full((4, 1), 0.1, "float32"), np.zeros(1)])
        model.compile(optimizer=keras.optimizers.SGD(0.01), loss="mse")
        assert isinstance(model.optimizer, keras.optimizers.LossScaleOptimizer)
        initial_scale = float(model.optimizer.dynamic_scale.numpy())
        before = [w.copy() for w in model.get_weights()]
        model.fit(x[:32], y[:32], batch_size=16, shuffle=False, verbose=0)
        weights = model.get_weights()
        assert all(np.all(np.isfinite(w)) for w in weights)
        # The first batch stepped, the second was skipped: one fit of the
        # first batch alone gives the same weights.
        reference = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])
        reference.compile(optimizer=keras.optimizers.SGD(0.01), loss="mse")
        reference.set_weights(before)
        reference.fit(x[:16], y[:16], batch_size=16, verbose=0)
        for got, want in zip(weights, reference.get_weights()):
            # float16 gradients: equal to float16 precision.
            np.testing.assert_allclose(got, want, rtol=5e-3, atol=1e-5)
        assert float(model.optimizer.dynamic_scale.numpy()) == initial_scale / 2
        # Training goes on from there with finite weights.
        model.fit(x[32:], y[32:], batch_size=16, verbose=0)
        assert all(np.all(np.isfinite(w)) for w in model.get_weights())
    finally:
        keras.config.set_dtype_policy("float32")
