"""pytest configuration for upstream Keras' test files run on this fork.

`shell/upstream_tests.sh` copies this file as `conftest.py` into the scratch
folder that holds the extracted test files. It sets up JAX with 8 CPU
devices, registers the markers upstream's tests use, and writes one JSON
line per test (node id and outcome) to `$KERAS_CONFORMANCE_RESULTS`.
"""

import json
import os
import re

os.environ.setdefault("KERAS_BACKEND", "jax")
os.environ.setdefault("JAX_PLATFORMS", "cpu")
if "xla_force_host_platform_device_count" not in os.environ.get(
    "XLA_FLAGS", ""
):
    os.environ["XLA_FLAGS"] = (
        os.environ.get("XLA_FLAGS", "")
        + " --xla_force_host_platform_device_count=8"
    ).strip()

import importlib.abc  # noqa: E402
import importlib.util  # noqa: E402
import random  # noqa: E402, F401
import sys  # noqa: E402

import pytest  # noqa: E402

# The scratch folder has a `random/` test folder, so pytest's importlib mode
# names its files `random.<name>_test`; it would replace the standard
# library's `random` (not a package) with that folder. An empty `__path__`
# lets the standard module stand as the parent instead.
if not hasattr(random, "__path__"):
    random.__path__ = []

_SCRATCH = os.path.dirname(os.path.abspath(__file__))


class _UpstreamTestModules(importlib.abc.MetaPathFinder):
    """Resolves `keras.src.<area>.<name>_test` to the extracted upstream
    test file: some test files import helpers from others (e.g. the
    reference convolutions of `layers/convolutional/conv_test.py`)."""

    def find_spec(self, fullname, path=None, target=None):
        if not fullname.startswith("keras.src.") or not fullname.endswith(
            "_test"
        ):
            return None
        relative = fullname[len("keras.src.") :].replace(".", os.sep)
        location = os.path.join(_SCRATCH, relative + ".py")
        if not os.path.exists(location):
            return None
        return importlib.util.spec_from_file_location(fullname, location)


sys.meta_path.insert(0, _UpstreamTestModules())

# Read once: some upstream tests clear `os.environ` in their tear-down.
_RESULTS = os.environ.get("KERAS_CONFORMANCE_RESULTS")


def skip_if_backend(given_backend, reason):
    """What upstream's conftest offers its tests: a `skipif` mark that skips
    when the running backend is `given_backend` (here always "jax")."""
    return pytest.mark.skipif(given_backend == "jax", reason=reason)


def pytest_configure(config):
    # Start JAX's CPU backend now, while XLA_FLAGS asks for 8 devices.
    import jax

    jax.devices()
    config.addinivalue_line(
        "markers",
        "requires_trainable_backend: the test trains (runs on JAX)",
    )
    config.addinivalue_line(
        "markers", "multi_device: the test needs several devices"
    )


def _record(nodeid, outcome, message=""):
    if not _RESULTS:
        return
    # Parametrized ids may show an object's address (`<function f at
    # 0x7f...>`), which differs from run to run.
    nodeid = re.sub(r"0x[0-9a-f]+", "0x", nodeid)
    with open(_RESULTS, "a") as f:
        f.write(
            json.dumps({"test": nodeid, "outcome": outcome, "message": message})
            + "\n"
        )


def _first_line(report):
    text = getattr(report, "longreprtext", "") or ""
    for line in reversed(text.splitlines()):
        if line.startswith("E "):
            return line[2:].strip()[:300]
    return text.strip().splitlines()[-1][:300] if text.strip() else ""


@pytest.hookimpl(trylast=True)
def pytest_runtest_logreport(report):
    # One outcome per test: a failing setup or teardown is an error, a
    # failing call a failure, otherwise the call's outcome.
    if report.when == "setup" and report.outcome != "passed":
        outcome = "skipped" if report.skipped else "error"
        _record(report.nodeid, outcome, _first_line(report))
    elif report.when == "call":
        if hasattr(report, "wasxfail"):
            outcome = "xfailed" if report.skipped else "xpassed"
        else:
            outcome = report.outcome
        _record(report.nodeid, outcome, _first_line(report))
    elif report.when == "teardown" and report.failed:
        _record(report.nodeid, "error", _first_line(report))


def pytest_collectreport(report):
    if report.failed:
        _record(
            report.nodeid or "<collection>",
            "collection-error",
            _first_line(report),
        )
