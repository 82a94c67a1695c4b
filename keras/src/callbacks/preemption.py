"""Catching preemption signals while a training loop runs, and agreeing on
them between the processes of a job (used by `BackupAndRestore`)."""

import os
import signal
import sys
import threading

from keras.src.callbacks.callback import Callback
from keras.src.distribution import distribution_lib


class PreemptionWatcher:
    """Records the preemption signals a process receives during training.

    While started, the handler of each of `signals` only records the
    signal: the training loop goes on until it asks (`agreed_signals()`,
    after a step) and stops there. The previous handlers come back with
    `stop()`. The watcher belongs to the function that called `start()`,
    callback methods skipped (`fit()`, or a custom training loop): a
    signal that arrives after that function has returned or raised (so
    that `stop()` may never be called) restores the previous handlers and
    is passed on to them.

    Args:
        signals: Signal numbers to catch (e.g. `(signal.SIGTERM,)`).
        deadline: Seconds, counted from the first signal, within which
            the process must have stopped the watcher (training stopped
            and its state saved); past them the process exits at once with
            status `128 + signal number`. `None` for no limit.
    """

    def __init__(self, signals, deadline=None):
        self.signals = tuple(signals)
        self.deadline = deadline
        self._previous = {}
        self._received = 0
        self._timer = None
        self._owner = None

    @property
    def active(self):
        """Whether the handlers are installed."""
        return bool(self._previous)

    def start(self):
        """Installs the handlers (from the main thread only). Returns
        whether they were installed."""
        self.stop()
        if threading.current_thread() is not threading.main_thread():
            return False
        self._received = 0
        self._owner = _caller_outside_callbacks(sys._getframe(1))
        for signum in self.signals:
            self._previous[signum] = signal.getsignal(signum)
            signal.signal(signum, self._handle)
        return True

    def stop(self):
        """Restores the previous handlers and cancels the deadline."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        for signum, handler in self._previous.items():
            # `None`: a handler not set from Python; the default is the
            # closest Python can restore.
            if handler is None:
                handler = signal.SIG_DFL
            signal.signal(signum, handler)
        self._previous = {}
        self._owner = None

    def _handle(self, signum, frame):
        if not self._owner_running(frame):
            handler = self._previous.get(signum, signal.SIG_DFL)
            self.stop()
            _deliver(signum, frame, handler)
            return
        if self._received:
            return
        self._received = signum
        if self.deadline is not None:
            self._timer = threading.Timer(
                self.deadline, _exit_after_deadline, (signum, self.deadline)
            )
            self._timer.daemon = True
            self._timer.start()

    def _owner_running(self, frame):
        if self._owner is None:
            return False
        owner_id, owner_code = self._owner
        while frame is not None:
            if id(frame) == owner_id and frame.f_code is owner_code:
                return True
            frame = frame.f_back
        return False

    def agreed_signals(self):
        """The signal each process received (0 for none), in process
        order.

        In a multi-process job this is a collective: every process must
        call it at the same points of the loop, so that all of them see
        the same answer and stop after the same step.
        """
        if distribution_lib.num_processes() == 1:
            return [self._received]
        gathered = distribution_lib.all_gather_int([self._received])
        return [int(row[0]) for row in gathered]


def _caller_outside_callbacks(frame):
    """`(id, code)` of the innermost frame, from `frame` outwards, that is
    not a method of a callback: the loop calling the callbacks (`fit()` or
    a custom loop)."""
    while frame.f_back is not None and isinstance(
        frame.f_locals.get("self"), Callback
    ):
        frame = frame.f_back
    return id(frame), frame.f_code


def _deliver(signum, frame, handler):
    """Passes a signal on to `handler`, a previous handler."""
    if callable(handler):
        handler(signum, frame)
    elif handler in (signal.SIG_DFL, None):
        # The default action (e.g. termination), now that it is restored.
        os.kill(os.getpid(), signum)


def signal_name(signum):
    """`"SIGTERM"` for `signal.SIGTERM`; the number for an unnamed one."""
    try:
        return signal.Signals(signum).name
    except ValueError:
        return f"signal {signum}"


def _exit_after_deadline(signum, deadline):
    name = signal_name(signum)
    sys.stderr.write(
        f"{name} received {deadline} seconds ago and training has not "
        "stopped and saved its state yet: exiting without waiting "
        "longer.\n"
    )
    sys.stderr.flush()
    os._exit(128 + signum)
