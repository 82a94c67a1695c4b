"""Ternary-quantized models exchanged with upstream Keras' main branch.

Needs a side virtual environment with upstream Keras' main branch (3.16
dev, `../shared/upstream-main`) on JAX, named by the environment variable
`KERAS_UPSTREAM_MAIN_VENV=DIR`; skipped otherwise. For each case of
`ternary_models.CASES`, one side quantizes a model to ternary and saves
`.weights.h5` and `.keras` files, the other loads them: the outputs must
match. The loading side also quantizes the same float weights itself:
its packed kernels and scales must equal the saving side's bit for bit.
"""

import os
import sys

import numpy as np
import pytest
from upstream_side import exchange
from upstream_side import upstream_main_python

HERE = os.path.dirname(os.path.abspath(__file__))
DRIVER = os.path.join(HERE, "ternary_models.py")
sys.path.insert(0, HERE)
try:
    from ternary_models import CASES
finally:
    sys.path.remove(HERE)


@pytest.fixture(scope="module")
def upstream_python():
    return upstream_main_python()


@pytest.fixture(scope="module")
def from_upstream(upstream_python, tmp_path_factory):
    directory = str(tmp_path_factory.mktemp("from_upstream_main"))
    return exchange(DRIVER, upstream_python, sys.executable, directory, True)


@pytest.fixture(scope="module")
def to_upstream(upstream_python, tmp_path_factory):
    directory = str(tmp_path_factory.mktemp("to_upstream_main"))
    return exchange(DRIVER, sys.executable, upstream_python, directory, False)


def _compare_outputs(directory, case, how):
    error = os.path.join(directory, f"{case}.{how}.error.txt")
    if os.path.exists(error):
        with open(error) as f:
            pytest.fail(f"Loading failed:\n{f.read()}")
    ref = np.load(os.path.join(directory, f"{case}.ref.npy"))
    got = np.load(os.path.join(directory, f"{case}.{how}.got.npy"))
    _assert_close(case, got, ref)


def _assert_close(case, got, ref):
    # Same stored values on both sides: only the round-off of the compute
    # dtype (float32, or bfloat16 for the mixed policy) separates them.
    ulp = 2.0**-23 if CASES[case] == "float32" else 2.0**-7
    bound = 8 * ulp * float(np.max(np.abs(ref)))
    np.testing.assert_allclose(got, ref, rtol=0, atol=bound)


def _compare_variables(directory, case):
    saved = np.load(os.path.join(directory, f"{case}.quantized.npz"))
    again = np.load(os.path.join(directory, f"{case}.requantized.npz"))
    assert sorted(saved.keys()) == sorted(again.keys())
    for path in saved.keys():
        assert saved[path].dtype == again[path].dtype, path
        np.testing.assert_array_equal(again[path], saved[path], err_msg=path)


@pytest.mark.parity
@pytest.mark.parametrize("how", ["weights", "model"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_upstream_main_ternary_files_load_here(from_upstream, case, how):
    _compare_outputs(from_upstream, case, how)


@pytest.mark.parity
@pytest.mark.parametrize("how", ["weights", "model"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_our_ternary_files_load_in_upstream_main(to_upstream, case, how):
    _compare_outputs(to_upstream, case, how)


@pytest.mark.parity
@pytest.mark.parametrize("case", sorted(CASES))
def test_float_ternary_dense_outputs_equal_upstream_main(
    from_upstream, to_upstream, case
):
    for directory in (from_upstream, to_upstream):
        ref = np.load(os.path.join(directory, f"{case}.float_ref.npy"))
        got = np.load(os.path.join(directory, f"{case}.float_got.npy"))
        _assert_close(case, got, ref)


@pytest.mark.parametrize("case", sorted(CASES))
def test_ternary_variables_equal_upstream_main_bit_for_bit(
    from_upstream, to_upstream, case
):
    _compare_variables(from_upstream, case)
    _compare_variables(to_upstream, case)
