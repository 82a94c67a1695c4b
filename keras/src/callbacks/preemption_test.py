"""`PreemptionWatcher`: signals recorded while started, handlers restored,
the deadline enforced."""

import os
import signal
import subprocess
import sys
import textwrap
import threading

import keras
from keras.src.callbacks import preemption


def test_records_first_signal_and_restores_handlers():
    previous = signal.getsignal(signal.SIGUSR1)
    watcher = preemption.PreemptionWatcher([signal.SIGUSR1, signal.SIGUSR2])
    assert watcher.agreed_signals() == [0]
    assert watcher.start()
    assert watcher.active
    os.kill(os.getpid(), signal.SIGUSR2)
    os.kill(os.getpid(), signal.SIGUSR1)
    assert watcher.agreed_signals() == [signal.SIGUSR2]
    watcher.stop()
    assert not watcher.active
    assert signal.getsignal(signal.SIGUSR1) is previous


def test_signal_after_owner_returned_goes_to_previous_handler():
    received = []
    previous = signal.signal(signal.SIGUSR1, lambda s, f: received.append(s))
    try:
        watcher = preemption.PreemptionWatcher([signal.SIGUSR1])

        def training_loop():
            # The watcher belongs to this function's frame.
            watcher.start()

        training_loop()
        os.kill(os.getpid(), signal.SIGUSR1)
        assert received == [signal.SIGUSR1]
        assert not watcher.active
        assert watcher.agreed_signals() == [0]
    finally:
        signal.signal(signal.SIGUSR1, previous)


def test_start_outside_main_thread_installs_nothing():
    watcher = preemption.PreemptionWatcher([signal.SIGUSR1])
    started = []
    thread = threading.Thread(target=lambda: started.append(watcher.start()))
    thread.start()
    thread.join(timeout=60)
    assert started == [False]
    assert not watcher.active


def test_signal_name():
    assert preemption.signal_name(signal.SIGTERM) == "SIGTERM"
    assert preemption.signal_name(1000) == "signal 1000"


def test_deadline_exits_the_process():
    """A process that does not stop the watcher within the deadline after
    a signal exits with status 128 + the signal's number."""
    script = textwrap.dedent(
        """
        import os
        import signal
        import time

        from keras.src.callbacks import preemption

        watcher = preemption.PreemptionWatcher(
            [signal.SIGTERM], deadline=0.2
        )
        watcher.start()
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(60)
        """
    )
    root = os.path.dirname(os.path.dirname(keras.__file__))
    result = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        cwd=root,
        timeout=120,
    )
    assert result.returncode == 128 + signal.SIGTERM, result.stderr[-2000:]
    assert "SIGTERM received 0.2 seconds ago" in result.stderr
