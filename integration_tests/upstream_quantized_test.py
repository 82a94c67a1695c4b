"""Quantized models exchanged with upstream Keras 3.15.1, both ways.

Needs a side virtual environment with upstream Keras 3.15.1 on JAX (create
it with `bash shell/upstream_venv.sh DIR`), named by the environment
variable `KERAS_UPSTREAM_VENV=DIR`; skipped otherwise. For each case of
`quantized_models.CASES` (int8, int4 per channel and grouped, float8 after
a training step, int8 and int4 with a trained LoRA on a `Dense`), one side
saves `.weights.h5` and `.keras` files of a model holding every
quantizable layer, the other loads them (the weights into a model
quantized the same way): the outputs must match. A LoRA layer saves its
merged kernel quantized again, so there the reference is the saving
side's own model loaded from that file.
"""

import os
import sys

import numpy as np
import pytest
from upstream_side import exchange
from upstream_side import upstream_python as _upstream_python

HERE = os.path.dirname(os.path.abspath(__file__))
DRIVER = os.path.join(HERE, "quantized_models.py")
sys.path.insert(0, HERE)
try:
    from quantized_models import CASES
finally:
    sys.path.remove(HERE)


@pytest.fixture(scope="module")
def upstream_python():
    return _upstream_python()


@pytest.fixture(scope="module")
def from_upstream(upstream_python, tmp_path_factory):
    directory = str(tmp_path_factory.mktemp("from_upstream"))
    return exchange(DRIVER, upstream_python, sys.executable, directory, True)


@pytest.fixture(scope="module")
def to_upstream(upstream_python, tmp_path_factory):
    directory = str(tmp_path_factory.mktemp("to_upstream"))
    return exchange(DRIVER, sys.executable, upstream_python, directory, False)


def _compare(directory, case, how):
    error = os.path.join(directory, f"{case}.{how}.error.txt")
    if os.path.exists(error):
        with open(error) as f:
            pytest.fail(f"Loading failed:\n{f.read()}")
    ref = np.load(os.path.join(directory, f"{case}.ref.npy"))
    got = np.load(os.path.join(directory, f"{case}.{how}.got.npy"))
    # Both sides dequantize the same stored integers and scales: only
    # float32 round-off of a few matmuls separates the outputs.
    np.testing.assert_allclose(got, ref, rtol=1e-5, atol=1e-5)


@pytest.mark.parity
@pytest.mark.parametrize("how", ["weights", "model"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_upstream_files_load_here(from_upstream, case, how):
    _compare(from_upstream, case, how)


@pytest.mark.parity
@pytest.mark.parametrize("how", ["weights", "model"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_our_files_load_upstream(to_upstream, case, how):
    _compare(to_upstream, case, how)
