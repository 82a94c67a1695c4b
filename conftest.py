"""Test configuration: 8 CPU devices for JAX, the markers, a compilation
cache for the session."""

import os
import shutil
import tempfile

os.environ.setdefault("KERAS_BACKEND", "jax")
os.environ["XLA_FLAGS"] = (
    os.environ.get("XLA_FLAGS", "")
    + " --xla_force_host_platform_device_count=8"
).strip()
os.environ.setdefault("JAX_PLATFORMS", "cpu")

import pytest  # noqa: E402


def _start_compilation_cache(config):
    """Keeps the XLA programs compiled during this session in a fresh
    temporary folder, so that a program compiled again (the same model
    built and trained by another test) is loaded instead of recompiled.

    Compilation dominates the run time of most tests, whose models are
    tiny. The folder starts empty and is deleted at the end of the
    session: nothing carries over between runs. The cache key covers the
    program, the devices and `XLA_FLAGS`, so a hit runs the very program a
    compilation would give. Set in this process only: the processes tests
    start (several JAX processes, upstream Keras) compile for themselves.
    """
    import jax

    if jax.config.jax_compilation_cache_dir:
        return  # The caller chose a cache.
    folder = tempfile.mkdtemp(prefix="keras-test-xla-cache-")
    config._xla_cache_folder = folder
    jax.config.update("jax_compilation_cache_dir", folder)
    # Also the programs that compile fast: a test suite of tiny models
    # compiles thousands of them.
    jax.config.update("jax_persistent_cache_min_compile_time_secs", 0)


def pytest_unconfigure(config):
    folder = getattr(config, "_xla_cache_folder", None)
    if folder is not None:
        shutil.rmtree(folder, ignore_errors=True)


def pytest_configure(config):
    _start_compilation_cache(config)
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
