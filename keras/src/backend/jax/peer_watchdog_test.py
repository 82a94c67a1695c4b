"""The peer watchdog between real processes (without JAX: the key-value
store is a folder)."""

import signal
import socket
import subprocess
import sys
import textwrap

import pytest

from keras.src.backend.jax import peer_watchdog

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs SIGKILL")

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
    publish(f"ready{process_id}", "")
    for i in range(int(num_processes)):
        lookup(f"ready{i}")
    print("ready", flush=True)
    if then == "wait":
        time.sleep(60)
    elif then == "raise":
        raise RuntimeError("failing")
    """
)


def start_processes(tmp_path, then):
    """Starts one process per entry of `then`, what it does once every
    process is connected: `"wait"` (sleep), `"exit"` or `"raise"`."""
    num_processes = len(then)
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
                then[i],
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
    processes = start_processes(tmp_path, ["wait"] * 3)
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


@pytest.mark.parametrize("failing", [0, 1])
def test_process_failing_with_an_error_is_lost(tmp_path, failing):
    then = ["wait"] * 3
    then[failing] = "raise"
    results = finish(start_processes(tmp_path, then))
    returncode, err = results[failing]
    assert returncode == 1
    assert "RuntimeError: failing" in err
    assert "was lost" not in err
    for i, (returncode, err) in enumerate(results):
        if i != failing:
            assert returncode == peer_watchdog.LOST_PEER_EXIT_STATUS, err
            assert f"Process {failing} of this 3-process job was lost" in err


def test_processes_ending_normally_are_not_lost(tmp_path):
    results = finish(start_processes(tmp_path, ["exit"] * 3))
    assert [returncode for returncode, _ in results] == [0, 0, 0]
    assert all("was lost" not in err for _, err in results)


def test_stray_connections_are_ignored(tmp_path):
    processes = start_processes(tmp_path, ["wait"] * 2)
    for process in processes:
        assert process.stdout.readline() == "ready\n"
    port = int((tmp_path / "store" / peer_watchdog._KEY).read_text())
    for stray in (b"GET / HTTP/1.1\r\n\r\n", b""):
        with socket.create_connection(("127.0.0.1", port)) as connection:
            connection.sendall(stray)
    processes[1].send_signal(signal.SIGKILL)
    returncode, err = finish(processes)[0]
    assert returncode == peer_watchdog.LOST_PEER_EXIT_STATUS, err
    assert "Process 1 of this 2-process job was lost" in err


def test_already_lost_reads_what_the_kernel_holds():
    """At exit after an error, a peer lost just before (maybe the cause)
    is found from the connections' state, not the watchdog thread's."""
    watchdog = peer_watchdog.PeerWatchdog(1, 3, "127.0.0.1", None, None)
    ours, theirs = socket.socketpair()
    watchdog._peers[0] = ours
    assert watchdog._already_lost() is None
    theirs.sendall(b"bye\n")
    assert watchdog._already_lost() is None
    theirs.sendall(b"lost 2\n")
    assert watchdog._already_lost() == 2
    ours.recv(100)
    theirs.close()
    assert watchdog._already_lost() == 0
    ours.close()


def test_unreachable_process_0_warns_and_leaves_the_job_running():
    with socket.create_server(("127.0.0.1", 0)) as server:
        port = server.getsockname()[1]
    watchdog = peer_watchdog.PeerWatchdog(
        1, 2, "127.0.0.1", None, lambda key: str(port)
    )
    with pytest.warns(UserWarning, match="cannot connect to the watchdog"):
        watchdog.start()
    assert not watchdog._peers
