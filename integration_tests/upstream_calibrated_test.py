"""GPTQ/AWQ-quantized models exchanged with upstream Keras 3.15.1.

Needs a side virtual environment with upstream Keras 3.15.1 on JAX (create
it with `bash shell/upstream_venv.sh DIR`), named by the environment
variable `KERAS_UPSTREAM_VENV=DIR`; skipped otherwise.

For each case of `calibrated_models.CASES` (GPTQ with 4, 8 and 3 bits,
grouped, per channel, with activation order, symmetric; AWQ grouped and
per channel), this Keras calibrates and saves a model with `Dense` and 3D
`EinsumDense` layers; upstream loads the `.weights.h5` file (into the
model built with the quantized dtype policy) and the `.keras` file, and
its outputs must equal ours.

The other way round, upstream's files cannot be loaded by anyone: upstream
3.15.1 writes the weights of a GPTQ/AWQ layer without its zero points
(`kernel_zero`), and the values cannot be recovered; loading such a file
here is an error naming the missing variables.
"""

import os
import sys

import numpy as np
import pytest
from upstream_side import run_python as _run
from upstream_side import upstream_python as _upstream_python

HERE = os.path.dirname(os.path.abspath(__file__))
DRIVER = os.path.join(HERE, "calibrated_models.py")
sys.path.insert(0, HERE)
try:
    from calibrated_models import CASES
finally:
    sys.path.remove(HERE)


@pytest.fixture(scope="module")
def upstream_python():
    return _upstream_python()


@pytest.fixture(scope="module")
def to_upstream(upstream_python, tmp_path_factory):
    directory = str(tmp_path_factory.mktemp("to_upstream"))
    _run(sys.executable, DRIVER, "save", directory, upstream=False)
    _run(upstream_python, DRIVER, "check", directory, upstream=True)
    return directory


@pytest.mark.parity
@pytest.mark.parametrize("how", ["weights", "model"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_our_files_load_upstream(to_upstream, case, how):
    error = os.path.join(to_upstream, f"{case}.{how}.error.txt")
    if os.path.exists(error):
        with open(error) as f:
            pytest.fail(f"Loading failed:\n{f.read()}")
    ref = np.load(os.path.join(to_upstream, f"{case}.ref.npy"))
    got = np.load(os.path.join(to_upstream, f"{case}.{how}.got.npy"))
    # Both sides dequantize the same stored codes, scales and zero points:
    # only float32 round-off of a few matmuls separates the outputs.
    np.testing.assert_allclose(got, ref, rtol=1e-5, atol=1e-5)


@pytest.fixture(scope="module")
def from_upstream(upstream_python, tmp_path_factory):
    directory = str(tmp_path_factory.mktemp("from_upstream"))
    _run(upstream_python, DRIVER, "save-dense", directory, upstream=True)
    return directory


@pytest.mark.parametrize("mode", ["gptq", "awq"])
def test_upstream_weights_lack_zero_points(from_upstream, mode):
    import keras

    policy = "gptq/4/8" if mode == "gptq" else "awq/4/8"
    ids = keras.Input((8,), dtype="int32")
    x = keras.layers.Embedding(40, 16, name="embedding")(ids)
    x = keras.layers.Dense(16, dtype=f"{policy}_from_float32", name="up")(x)
    model = keras.Model(
        ids,
        keras.layers.Dense(16, dtype=f"{policy}_from_float32", name="down")(x),
    )
    expected = 5 if mode == "gptq" else 6
    with pytest.raises(
        ValueError,
        match=f"expected {expected} variables, but received {expected - 1}",
    ):
        model.load_weights(
            os.path.join(from_upstream, f"dense_{mode}.weights.h5")
        )
