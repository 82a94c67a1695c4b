"""The package as users get it: generated API, imports, backend choice."""

import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _run(code, **env):
    environment = dict(os.environ)
    environment.update(env)
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_generated_api_is_up_to_date():
    result = subprocess.run(
        [sys.executable, "api_gen.py", "--check"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_import_keras_does_not_import_tensorflow():
    result = _run(
        "import sys, keras; "
        "print(sorted(m for m in sys.modules if m.startswith('tensorflow')))"
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_keras_is_this_repository():
    result = _run("import keras; print(keras.__file__)")
    assert result.returncode == 0, result.stderr
    assert os.path.dirname(result.stdout.strip()) == os.path.join(ROOT, "keras")


@pytest.mark.parametrize("name", ["tensorflow", "torch", "numpy"])
def test_other_backends_are_refused_clearly(name):
    result = _run("import keras", KERAS_BACKEND=name)
    assert result.returncode != 0
    assert f"KERAS_BACKEND='{name}'" in result.stderr
    assert "only supports the JAX backend" in result.stderr


def test_jax_backend_is_accepted_and_reported():
    result = _run(
        "import keras; print(keras.config.backend())", KERAS_BACKEND="jax"
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "jax"
