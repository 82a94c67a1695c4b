"""A plain upstream-style Keras script runs unchanged and learns."""

import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

# Upstream Keras 3.15 (JAX backend) reaches 0.993 on this task.
UPSTREAM_ACCURACY = 0.993


def test_user_script_runs_unchanged_and_learns():
    result = subprocess.run(
        [sys.executable, os.path.join(HERE, "user_script.py")],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["acc"] >= UPSTREAM_ACCURACY - 0.01, report
    assert report["roundtrip"], report
    assert report["epochs"] < 30, report  # EarlyStopping stopped training
