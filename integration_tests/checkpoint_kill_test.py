"""Saves killed with SIGKILL leave at most one temporary behind.

A child process saves the same checkpoint in a loop and is killed at a
random moment, several times over. Each save removes the temporaries of
earlier crashed saves, so the folder never holds more than the target and
the temporary of the last killed save; a save that completes removes that
one too.
"""

import os
import random
import signal
import subprocess
import sys
import textwrap
import time

import pytest

CHILD = textwrap.dedent(
    """
    import sys

    import numpy as np

    import keras

    model = keras.Sequential(
        [keras.Input((512,)), keras.layers.Dense(1024), keras.layers.Dense(512)]
    )
    target = sys.argv[1]
    while True:
        model.save_weights(target)
    """
)


def _entries(folder):
    return sorted(os.listdir(folder))


def _wait_for(path, timeout):
    deadline = time.monotonic() + timeout
    while not os.path.exists(path):
        if time.monotonic() > deadline:
            raise TimeoutError(f"{path} was not written within {timeout}s")
        time.sleep(0.05)


@pytest.mark.skipif(sys.platform == "win32", reason="needs SIGKILL")
def test_killed_saves_leave_at_most_one_temporary(tmp_path):
    target = tmp_path / "model.weights.h5"
    env = dict(os.environ, KERAS_BACKEND="jax", JAX_PLATFORMS="cpu")
    rng = random.Random(0)
    for _ in range(4):
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, str(target)], env=env
        )
        try:
            _wait_for(target, timeout=120)
            time.sleep(rng.uniform(0.05, 0.4))
        finally:
            child.send_signal(signal.SIGKILL)
            child.wait(timeout=60)
        names = _entries(tmp_path)
        temporaries = [n for n in names if n != target.name]
        assert target.name in names
        assert len(temporaries) <= 1, names
        assert all(n.startswith(".model.weights.h5.") for n in temporaries)

    import keras

    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.save_weights(target.with_name("other.weights.h5"))
    # A finished save of the same target clears the leftover.
    model = keras.Sequential(
        [keras.Input((512,)), keras.layers.Dense(1024), keras.layers.Dense(512)]
    )
    model.save_weights(target)
    assert _entries(tmp_path) == ["model.weights.h5", "other.weights.h5"]
