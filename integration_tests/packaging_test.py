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
        timeout=600,
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


def test_version_marks_the_tracked_upstream_release():
    from packaging.version import Version

    result = _run("import keras; print(keras.__version__)")
    assert result.returncode == 0, result.stderr
    version = Version(result.stdout.strip())
    assert version.local == "jax"
    assert Version("3.15.1") < version < Version("3.15.2")


def test_empty_keras_backend_counts_as_unset():
    result = _run(
        "import keras; print(keras.config.backend())", KERAS_BACKEND=""
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "jax"


def test_keras_json_is_read_from_keras_home(tmp_path):
    (tmp_path / "keras.json").write_text(
        '{"floatx": "float64", "epsilon": 0.001, '
        '"image_data_format": "channels_first", "backend": "tensorflow"}'
    )
    result = _run(
        "import keras; c = keras.config; "
        "print(c.floatx(), c.epsilon(), c.image_data_format(), c.backend())",
        KERAS_HOME=str(tmp_path),
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [
        "float64",
        "0.001",
        "channels_first",
        "jax",
    ]


def test_keras_json_with_a_bad_value_names_the_file(tmp_path):
    (tmp_path / "keras.json").write_text('{"floatx": "float8"}')
    result = _run("import keras", KERAS_HOME=str(tmp_path))
    assert result.returncode != 0
    assert str(tmp_path / "keras.json") in result.stderr
    assert "float8" in result.stderr


def test_tf_keras_is_this_keras():
    pytest.importorskip("tensorflow")
    result = _run(
        "import tensorflow as tf, keras; "
        "print(tf.keras.layers.Dense is keras.layers.Dense, "
        "tf.keras.Model is keras.Model, tf.keras.__version__)",
        KERAS_HOME="/nonexistent",
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[-3:] == ["True", "True", "3.15.1+jax"]
