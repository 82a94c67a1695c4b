"""Runs scripts under upstream Keras (a side virtual environment) and
under this Keras, for tests that compare the two.

The side environment of upstream Keras 3.15.1 is created by
`bash shell/upstream_venv.sh DIR` and named by `KERAS_UPSTREAM_VENV=DIR`;
one of upstream's main branch (3.16 dev, from
`../shared/upstream-main`) is named by `KERAS_UPSTREAM_MAIN_VENV=DIR`.
Without them the tests that ask for them are skipped.
"""

import os
import subprocess

import pytest

from integration_tests.multi_process_utils import child_xla_flags

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
UPSTREAM_VERSION = "3.15.1"
VENV_VARIABLE = "KERAS_UPSTREAM_VENV"
MAIN_VERSION = "3.16.0"
MAIN_VENV_VARIABLE = "KERAS_UPSTREAM_MAIN_VENV"


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


def upstream_python(variable=VENV_VARIABLE, expected=UPSTREAM_VERSION):
    """The side environment's interpreter; skips the test if there is none
    (the environment variable `variable` names its folder) or if it does
    not hold upstream Keras `expected`."""
    venv = os.environ.get(variable)
    if not venv:
        pytest.skip(
            f"{variable} is not set: create a side virtual environment "
            f"with upstream Keras {expected} and set {variable}=DIR."
        )
    python = os.path.join(venv, "bin", "python")
    if not os.path.exists(python):
        pytest.skip(f"{variable}={venv} has no bin/python.")
    version, location = run_python(
        python,
        "-c",
        "import keras; print(keras.__version__, keras.__file__)",
        upstream=True,
    ).split()
    if version != expected:
        pytest.skip(f"{variable} holds keras {version}, not {expected}.")
    assert not location.startswith(ROOT), location
    return python


def upstream_main_python():
    """The interpreter of the side environment with upstream's main
    branch; skips the test without one."""
    return upstream_python(MAIN_VENV_VARIABLE, MAIN_VERSION)


def exchange(driver, saver, loader, directory, saver_is_upstream):
    """Runs `driver save directory` under `saver`, then `driver check
    directory` under `loader` (one of them upstream's interpreter);
    returns `directory`."""
    run_python(saver, driver, "save", directory, upstream=saver_is_upstream)
    run_python(
        loader, driver, "check", directory, upstream=not saver_is_upstream
    )
    return directory
