"""Test configuration: 8 CPU devices for JAX, the `multi_device` marker."""

import os

os.environ.setdefault("KERAS_BACKEND", "jax")
os.environ["XLA_FLAGS"] = (
    os.environ.get("XLA_FLAGS", "")
    + " --xla_force_host_platform_device_count=8"
).strip()
os.environ.setdefault("JAX_PLATFORMS", "cpu")

import pytest  # noqa: E402


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "multi_device: the test needs 8 (CPU) devices"
    )
    config.addinivalue_line(
        "markers", "multi_process: the test starts several JAX processes"
    )
    config.addinivalue_line(
        "markers",
        "parity: the test compares two computations numerically (rerun in "
        ".ci/run under another --xla_cpu_max_isa)",
    )
    config.addinivalue_line(
        "markers",
        "requires_trainable_backend: the test trains (always true on JAX)",
    )


@pytest.fixture(autouse=True)
def _clear_keras_session():
    from keras.src.backend.common import global_state

    global_state.clear_session()
    yield
