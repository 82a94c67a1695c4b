"""Runs scripts under upstream Keras 3.15.1 (a side virtual environment) and
under this Keras, for tests that compare the two.

The side environment is created by `bash shell/upstream_venv.sh DIR` and
named by `KERAS_UPSTREAM_VENV=DIR`; without it the tests that ask for it
are skipped.
"""

import os
import subprocess

import pytest

from integration_tests.multi_process_utils import child_xla_flags

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
UPSTREAM_VERSION = "3.15.1"
VENV_VARIABLE = "KERAS_UPSTREAM_VENV"


def run_python(python, *args, upstream, timeout=900):
    """Runs `python *args` from `/` (so that no checkout shadows the
    installed package) on the JAX CPU backend; returns its stdout.

    `upstream=False` puts this repository first on `PYTHONPATH`."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("PYTHONPATH", "KERAS_HOME")
    }
    env["KERAS_BACKEND"] = "jax"
    env["JAX_PLATFORMS"] = "cpu"
    # One CPU device; other XLA flags (`--xla_cpu_max_isa`) kept.
    env["XLA_FLAGS"] = child_xla_flags()
    if not upstream:
        env["PYTHONPATH"] = ROOT
    result = subprocess.run(
        [python, *args],
        cwd="/",
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-6000:]
    return result.stdout


def upstream_python():
    """The side environment's interpreter; skips the test if there is none
    or if it does not hold upstream Keras `UPSTREAM_VERSION`."""
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
    version, location = run_python(
        python,
        "-c",
        "import keras; print(keras.__version__, keras.__file__)",
        upstream=True,
    ).split()
    if version != UPSTREAM_VERSION:
        pytest.skip(
            f"{VENV_VARIABLE} holds keras {version}, not {UPSTREAM_VERSION}."
        )
    assert not location.startswith(ROOT), location
    return python
