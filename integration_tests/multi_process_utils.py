"""Runs a python script in N local JAX processes (CPU, gloo collectives).

Usage:

```python
from integration_tests.multi_process_utils import run_multi_process

results = run_multi_process(
    '''
    import jax
    emit({"process": jax.process_index(), "devices": jax.device_count()})
    ''',
    num_processes=2,
    devices_per_process=4,
)
assert [r["devices"] for r in results] == [8, 8]
```

Each process runs a prelude that sets `XLA_FLAGS` to give it
`devices_per_process` CPU devices (keeping this process' other XLA flags,
see `child_xla_flags`), selects gloo CPU collectives and calls
`jax.distributed.initialize("127.0.0.1:PORT", N, i)` (or
`keras.distribution.initialize` with `init="keras"`), then the script. The
script calls `emit(obj)` to report a JSON-serializable result; the last
emitted object of each process is returned, in process order. Every process
has a timeout; on any failure or timeout all processes are killed and the
error message contains every process's stdout and stderr.
"""

import json
import os
import socket
import subprocess
import sys
import tempfile
import textwrap
import time

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RESULT_PREFIX = "MULTI_PROCESS_RESULT "
DEVICE_COUNT_FLAG = "--xla_force_host_platform_device_count"

_PRELUDE = """
import json
import os
import sys

os.environ["XLA_FLAGS"] = {xla_flags!r}
os.environ["JAX_PLATFORMS"] = "cpu"
os.environ.setdefault("KERAS_BACKEND", "jax")
sys.path.insert(0, {repo_root!r})

import jax

jax.config.update("jax_cpu_collectives_implementation", "gloo")
if {init!r} == "keras":
    import keras.src.distribution.distribution_lib as _dl

    _dl.initialize({address!r}, {num_processes}, {process_id})
else:
    jax.distributed.initialize({address!r}, {num_processes}, {process_id})

PROCESS_ID = {process_id}
NUM_PROCESSES = {num_processes}


def emit(obj):
    print({prefix!r} + json.dumps(obj), flush=True)


"""


def child_xla_flags(num_devices=None):
    """`XLA_FLAGS` for a child process: this process' flags but its CPU
    device count, plus `num_devices` CPU devices when given.

    Flags such as `--xla_cpu_max_isa` thus reach the children, so that a
    parity rerun under another instruction set (`.ci/run`) changes both
    sides of a comparison with a child process.
    """
    flags = [
        flag
        for flag in os.environ.get("XLA_FLAGS", "").split()
        if not flag.startswith(DEVICE_COUNT_FLAG + "=")
    ]
    if num_devices is not None:
        flags.append(f"{DEVICE_COUNT_FLAG}={num_devices}")
    return " ".join(flags)


def find_free_port():
    """Returns a free TCP port on 127.0.0.1 (bound to port 0, then closed)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class MultiProcessError(AssertionError):
    pass


def _report(procs, outputs, reason):
    parts = [reason]
    for i, (proc, (out, err)) in enumerate(zip(procs, outputs)):
        parts.append(
            f"===== process {i} (returncode={proc.returncode}) =====\n"
            f"--- stdout ---\n{out}\n--- stderr ---\n{err}"
        )
    return "\n".join(parts)


def _launch(script, num_processes, devices_per_process, init, env, tmp):
    """Starts the processes; returns them and their `(stdout, stderr)`
    files, in `tmp`."""
    address = f"127.0.0.1:{find_free_port()}"
    script = textwrap.dedent(script)
    process_env = dict(os.environ)
    process_env.pop("XLA_FLAGS", None)
    process_env["PYTHONPATH"] = os.pathsep.join(
        [REPO_ROOT, process_env.get("PYTHONPATH", "")]
    ).rstrip(os.pathsep)
    process_env.update(env or {})
    procs, files = [], []
    for i in range(num_processes):
        prelude = _PRELUDE.format(
            xla_flags=child_xla_flags(devices_per_process),
            repo_root=REPO_ROOT,
            init=init,
            address=address,
            num_processes=num_processes,
            process_id=i,
            prefix=RESULT_PREFIX,
        )
        path = os.path.join(tmp, f"process_{i}.py")
        with open(path, "w") as f:
            f.write(prelude + script)
        out = open(os.path.join(tmp, f"out_{i}"), "w+")
        err = open(os.path.join(tmp, f"err_{i}"), "w+")
        files.append((out, err))
        procs.append(
            subprocess.Popen(
                [sys.executable, path],
                cwd=REPO_ROOT,
                env=process_env,
                stdout=out,
                stderr=err,
            )
        )
    return procs, files


def _finish(procs, files):
    """Kills the processes still running; returns every process'
    `(stdout, stderr)`."""
    for p in procs:
        if p.poll() is None:
            p.kill()
    for p in procs:
        p.wait()
    outputs = []
    for out, err in files:
        out.seek(0)
        err.seek(0)
        outputs.append((out.read(), err.read()))
        out.close()
        err.close()
    return outputs


def run_multi_process(
    script,
    num_processes,
    devices_per_process,
    timeout=60,
    init="jax",
    env=None,
):
    """Runs `script` in `num_processes` JAX processes.

    Args:
        script: Python source (dedented automatically). It can use
            `PROCESS_ID`, `NUM_PROCESSES` and `emit(obj)`.
        num_processes: Number of processes.
        devices_per_process: CPU devices per process.
        timeout: Seconds allowed for all processes together.
        init: `"jax"` (`jax.distributed.initialize`) or `"keras"`
            (`keras.distribution.initialize`).
        env: Extra environment variables.

    Returns:
        List with the last object each process emitted (in process order).

    Raises:
        MultiProcessError: a process failed, timed out or emitted nothing;
            the message holds every process's stdout and stderr.
    """
    with tempfile.TemporaryDirectory() as tmp:
        procs, files = _launch(
            script, num_processes, devices_per_process, init, env, tmp
        )
        deadline = time.monotonic() + timeout
        reason = None
        try:
            while any(p.poll() is None for p in procs):
                failed = [
                    i
                    for i, p in enumerate(procs)
                    if p.returncode not in (None, 0)
                ]
                if failed:
                    reason = f"Processes {failed} failed."
                    break
                if time.monotonic() > deadline:
                    running = [
                        i for i, p in enumerate(procs) if p.poll() is None
                    ]
                    reason = (
                        f"Timed out after {timeout}s; processes {running} "
                        "were still running."
                    )
                    break
                time.sleep(0.05)
        finally:
            outputs = _finish(procs, files)
        if reason is None:
            failed = [i for i, p in enumerate(procs) if p.returncode != 0]
            if failed:
                reason = f"Processes {failed} failed."
        if reason is not None:
            raise MultiProcessError(_report(procs, outputs, reason))
        results = []
        for i, (out, _) in enumerate(outputs):
            lines = [
                line[len(RESULT_PREFIX) :]
                for line in out.splitlines()
                if line.startswith(RESULT_PREFIX)
            ]
            if not lines:
                raise MultiProcessError(
                    _report(procs, outputs, f"Process {i} emitted nothing.")
                )
            results.append(json.loads(lines[-1]))
        return results


def run_until_exit(
    script,
    num_processes,
    devices_per_process,
    timeout=60,
    init="jax",
    env=None,
):
    """Runs `script` in `num_processes` JAX processes, whatever their exit
    status, for tests of processes that fail.

    Same arguments as `run_multi_process`; the processes still running
    after `timeout` seconds are killed (status `-SIGKILL`).

    Returns:
        A list with `(returncode, stdout, stderr)` of each process, in
        process order.
    """
    with tempfile.TemporaryDirectory() as tmp:
        procs, files = _launch(
            script, num_processes, devices_per_process, init, env, tmp
        )
        deadline = time.monotonic() + timeout
        try:
            while any(p.poll() is None for p in procs):
                if time.monotonic() > deadline:
                    break
                time.sleep(0.05)
        finally:
            outputs = _finish(procs, files)
        return [
            (p.returncode, out, err) for p, (out, err) in zip(procs, outputs)
        ]
