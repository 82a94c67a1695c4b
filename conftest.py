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
    config.addinivalue_line(
        "markers",
        "float16: the test computes in float16 (skipped where XLA's CPU "
        "compiler cannot convert float16, e.g. --xla_cpu_max_isa=SSE4_2)",
    )


def _float16_compile_error():
    """Returns the error of a jitted float16 conversion, or None if it runs.

    Without F16C instructions (`--xla_cpu_max_isa=SSE4_2`) XLA's CPU
    compiler emits calls to `__extendhfsf2` / `__truncsfhf2`, which jaxlib
    does not provide: every float16 conversion fails to compile, in this
    package and in upstream Keras alike.
    """
    import jax
    import jax.numpy as jnp

    try:
        jax.jit(lambda x: x.astype("float16").astype("float32") * 2)(
            jnp.ones(4)
        ).block_until_ready()
    except jax.errors.JaxRuntimeError as error:
        return error
    return None


def pytest_collection_modifyitems(config, items):
    marked = [item for item in items if item.get_closest_marker("float16")]
    if not marked:
        return
    error = _float16_compile_error()
    if error is None:
        return
    reason = (
        "XLA's CPU compiler cannot convert float16 under XLA_FLAGS="
        f"{os.environ.get('XLA_FLAGS', '')!r}: "
        f"{str(error).splitlines()[0]}"
    )
    for item in marked:
        item.add_marker(pytest.mark.skip(reason=reason))


@pytest.fixture(autouse=True)
def _clear_keras_session():
    from keras.src.backend.common import global_state

    global_state.clear_session()
    yield
