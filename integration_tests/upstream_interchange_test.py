"""Weights and model files exchanged with upstream Keras 3.15.1, both ways.

Needs a side virtual environment with upstream Keras 3.15.1 on JAX (create
it with `bash shell/upstream_venv.sh DIR`), named by the environment
variable `KERAS_UPSTREAM_VENV=DIR`; skipped otherwise. For each model of
`interchange_models.MODELS` (Dense, EinsumDense, Embedding,
MultiHeadAttention, LayerNormalization, BatchNormalization, Conv2D, nested
functional and subclassed models), one side saves `.weights.h5` and
`.keras` files with optimizer state, the other loads them: outputs must be
equal (rtol 1e-6), and one more training step must give the same loss,
outputs and optimizer iteration count.
"""

import os
import subprocess
import sys

import numpy as np
import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DRIVER = os.path.join(HERE, "interchange_models.py")
UPSTREAM_VERSION = "3.15.1"
VENV_VARIABLE = "KERAS_UPSTREAM_VENV"


def _upstream_python():
    venv = os.environ.get(VENV_VARIABLE)
    if not venv:
        pytest.skip(
            f"{VENV_VARIABLE} is not set: create a side virtual environment "
            "with upstream Keras (`bash shell/upstream_venv.sh DIR`) and set "
            f"{VENV_VARIABLE}=DIR."
        )
    python = os.path.join(venv, "bin", "python")
    if not os.path.exists(python):
        pytest.skip(f"{VENV_VARIABLE}={venv} has no bin/python.")
    return python


def _run(python, *args, upstream):
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("PYTHONPATH", "XLA_FLAGS", "KERAS_HOME")
    }
    env["KERAS_BACKEND"] = "jax"
    env["JAX_PLATFORMS"] = "cpu"
    if not upstream:
        env["PYTHONPATH"] = ROOT
    # Outside the repository, so that upstream never imports this keras.
    result = subprocess.run(
        [python, *args],
        cwd="/",
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-6000:]
    return result.stdout


@pytest.fixture(scope="module")
def upstream_python():
    python = _upstream_python()
    version = _run(
        python,
        "-c",
        "import keras; print(keras.__version__, keras.__file__)",
        upstream=True,
    ).split()
    if version[0] != UPSTREAM_VERSION:
        pytest.skip(
            f"{VENV_VARIABLE} holds keras {version[0]}, not {UPSTREAM_VERSION}."
        )
    assert not version[1].startswith(ROOT), version
    return python


def _models():
    sys.path.insert(0, HERE)
    try:
        import interchange_models
    finally:
        sys.path.remove(HERE)
    return list(interchange_models.MODELS)


MODEL_NAMES = _models()


def _compare(directory, name, how):
    error = os.path.join(directory, f"{name}.{how}.error.txt")
    if os.path.exists(error):
        with open(error) as f:
            pytest.fail(f"Loading failed:\n{f.read()}")
    ref = np.load(os.path.join(directory, f"{name}.ref.npz"))
    got = np.load(os.path.join(directory, f"{name}.{how}.got.npz"))
    np.testing.assert_allclose(
        got["before"], ref["before"], rtol=1e-6, atol=1e-7
    )
    assert int(got["iterations"]) == int(ref["iterations"]) == 2
    np.testing.assert_allclose(got["loss"], ref["loss"], rtol=1e-5)
    np.testing.assert_allclose(got["after"], ref["after"], rtol=1e-5, atol=1e-6)


@pytest.fixture(scope="module")
def upstream_to_ours(upstream_python, tmp_path_factory):
    directory = str(tmp_path_factory.mktemp("from_upstream"))
    _run(upstream_python, DRIVER, "save", directory, upstream=True)
    _run(sys.executable, DRIVER, "check", directory, upstream=False)
    return directory


@pytest.fixture(scope="module")
def ours_to_upstream(upstream_python, tmp_path_factory):
    directory = str(tmp_path_factory.mktemp("to_upstream"))
    _run(sys.executable, DRIVER, "save", directory, upstream=False)
    _run(upstream_python, DRIVER, "check", directory, upstream=True)
    return directory


@pytest.mark.parametrize("how", ["weights", "model"])
@pytest.mark.parametrize("name", MODEL_NAMES)
def test_upstream_files_load_here(upstream_to_ours, name, how):
    _compare(upstream_to_ours, name, how)


@pytest.mark.parametrize("how", ["weights", "model"])
@pytest.mark.parametrize("name", MODEL_NAMES)
def test_files_written_here_load_upstream(ours_to_upstream, name, how):
    _compare(ours_to_upstream, name, how)
