"""The peer watchdog between real processes (without JAX: the key-value
store is a folder)."""

import signal
import subprocess
import sys
import textwrap

import pytest

from keras.src.backend.jax import peer_watchdog

pytestmark = pytest.mark.skipif(
    sys.platform == "win32", reason="needs SIGKILL"
)

CHILD = textwrap.dedent(
    """
    import importlib.util
    import os
    import sys
    import time

    path, store, process_id, num_processes, then = sys.argv[1:]
    spec = importlib.util.spec_from_file_location("peer_watchdog", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)


    def publish(key, value):
        with open(os.path.join(store, key + ".tmp"), "w") as f:
            f.write(value)
        os.replace(os.path.join(store, key + ".tmp"), os.path.join(store, key))


    def lookup(key):
        for _ in range(2000):
            try:
                with open(os.path.join(store, key)) as f:
                    return f.read()
            except FileNotFoundError:
                time.sleep(0.01)
        raise TimeoutError(key)


    module.PeerWatchdog(
        int(process_id), int(num_processes), "127.0.0.1", publish, lookup
    ).start()
    print("ready", flush=True)
    if then == "wait":
        time.sleep(60)
    # Else exit once every process is connected.
    publish(f"ready{process_id}", "")
    for i in range(int(num_processes)):
        lookup(f"ready{i}")
    """
)


def start_processes(tmp_path, num_processes, then):
    store = tmp_path / "store"
    store.mkdir()
    return [
        subprocess.Popen(
            [
                sys.executable,
                "-c",
                CHILD,
                peer_watchdog.__file__,
                str(store),
                str(i),
                str(num_processes),
                then,
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for i in range(num_processes)
    ]


def finish(processes):
    """`(returncode, stderr)` of each process (killed after 30 s)."""
    results = []
    for process in processes:
        try:
            _, err = process.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            _, err = process.communicate()
        results.append((process.returncode, err))
    return results


@pytest.mark.parametrize("lost", [0, 2])
def test_killed_process_ends_the_others_with_its_name(tmp_path, lost):
    processes = start_processes(tmp_path, 3, "wait")
    for process in processes:
        assert process.stdout.readline() == "ready\n"
    processes[lost].send_signal(signal.SIGKILL)
    results = finish(processes)
    assert results[lost][0] == -signal.SIGKILL
    for i, (returncode, err) in enumerate(results):
        if i == lost:
            continue
        assert returncode == peer_watchdog.LOST_PEER_EXIT_STATUS, err
        assert f"Process {lost} of this 3-process job was lost" in err
        assert f"process {i} exits now" in err


def test_processes_ending_normally_are_not_lost(tmp_path):
    processes = start_processes(tmp_path, 3, "exit")
    results = finish(processes)
    assert [returncode for returncode, _ in results] == [0, 0, 0]
    assert all("was lost" not in err for _, err in results)
