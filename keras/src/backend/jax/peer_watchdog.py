"""Ends every process of a multi-process job soon after one of them is lost.

When a process of a job dies (SIGKILL, a crash, an out-of-memory kill),
the others wait in their next collective for a peer that will never come.
JAX's coordination service ends them once the lost process has missed
its heartbeats for `heartbeat_timeout_seconds`; the watchdog here ends
them at once, with a message naming the lost process.

Process 0 listens on a TCP port (published in the coordination service's
key-value store); every other process connects to it. The kernel closes
the connection of a process that dies, however it dies, so the other end
sees it closed: a connection closed without a goodbye (sent when Python
exits) is a lost process, and so is one whose goodbye says that Python
exits after an uncaught exception. Process 0 tells the other processes
which one it lost, or they see that process 0 itself is gone. Each then
writes a message to stderr and exits with status `LOST_PEER_EXIT_STATUS`:
its main thread may be blocked inside a collective that cannot return, so
the process cannot end with an exception.

A process that stalls without dying keeps its connection open; JAX's
heartbeat timeout covers that case.
"""

import atexit
import os
import selectors
import socket
import sys
import threading
import time
import warnings

# `EX_UNAVAILABLE` of `sysexits.h`: a service the program needs is gone.
LOST_PEER_EXIT_STATUS = 69
_KEY = "keras_peer_watchdog_port"
_GOODBYE = b"bye\n"
_FAILED = b"failed\n"
# How long a process ending with an error looks for a dead peer behind it
# (process 0: a peer's connection closed without a goodbye; the others:
# process 0's word that it lost one).
_CAUSE_GRACE_SECONDS = 1.0


class PeerWatchdog:
    """Watches the other processes of the job from a daemon thread.

    Args:
        process_id: Id of this process.
        num_processes: Number of processes of the job.
        coordinator_host: Host name or address of process 0.
        publish: Function `publish(key, value)` storing a string where every
            process can read it (the coordination service's key-value
            store).
        lookup: Function `lookup(key)` returning what `publish` stored,
            waiting for it if needed.
    """

    def __init__(
        self, process_id, num_processes, coordinator_host, publish, lookup
    ):
        self.process_id = process_id
        self.num_processes = num_processes
        self.coordinator_host = coordinator_host
        self._publish = publish
        self._lookup = lookup
        self._lock = threading.Lock()
        self._peers = {}  # process id -> socket (process 0's view)
        self._said_goodbye = False
        # Whether this process is ending after an uncaught exception: the
        # peers that end after it are not reported lost.
        self._failing = False
        self._sockets = []

    def start(self):
        """Connects the processes and starts watching."""
        if self.process_id == 0:
            server = socket.create_server(("", 0))
            self._sockets.append(server)
            self._publish(_KEY, str(server.getsockname()[1]))
            target = self._serve
            args = (server,)
        else:
            try:
                port = int(self._lookup(_KEY))
                connection = socket.create_connection(
                    (self.coordinator_host, port), timeout=60
                )
                connection.settimeout(None)
                connection.sendall(f"hello {self.process_id}\n".encode())
            except Exception as e:
                # E.g. a firewall between the machines: the job runs on,
                # JAX's heartbeat timeout still bounds the wait.
                warnings.warn(
                    f"Process {self.process_id} cannot connect to the "
                    f"watchdog of process 0 on {self.coordinator_host} "
                    f"({e}): a lost process will be noticed only after the "
                    "heartbeat timeout.",
                    stacklevel=2,
                )
                return
            self._sockets.append(connection)
            self._peers[0] = connection
            target = self._watch_coordinator
            args = (connection,)
        os.register_at_fork(after_in_child=self._forget_in_child)
        atexit.register(self.say_goodbye)
        threading.Thread(
            target=target, args=args, name="keras-peer-watchdog", daemon=True
        ).start()

    def say_goodbye(self):
        """Tells the peers that this process ends (at exit): normally, or
        failing, after an uncaught exception.

        A failing process is lost to the others at once, although it may
        still wait a while in JAX's shutdown. Lost peers are still reported
        after a goodbye: a process that fails because a peer died (e.g.
        with an error in a collective) exits through here too.
        """
        # Set when the interpreter reported an uncaught exception.
        farewell = _FAILED if hasattr(sys, "last_value") else _GOODBYE
        if farewell == _FAILED:
            # Maybe the error came from a peer that died (a collective
            # failing with it): report that one rather than this process.
            lost = _poll(self._already_lost, _CAUSE_GRACE_SECONDS)
            if lost is not None and self.process_id == 0:
                self._lost(lost)
            elif lost is not None:
                self._exit(lost)
        with self._lock:
            if self._said_goodbye:
                return
            self._said_goodbye = True
            self._failing = farewell == _FAILED
            for connection in self._peers.values():
                try:
                    connection.sendall(farewell)
                except OSError:
                    pass

    def _already_lost(self):
        """A peer whose loss is already known to the kernel (its
        connection closed, or process 0's message about it waiting to be
        read) but maybe not yet to the watchdog thread, or `None`."""
        with self._lock:
            peers = dict(self._peers)
        for peer, connection in peers.items():
            waiting = _peek(connection)
            if waiting is None:
                continue
            if not waiting or waiting.endswith(_FAILED):
                return peer
            for line in waiting.split(b"\n"):
                if line.startswith(b"lost "):
                    return int(line.split()[1])
        return None

    def _forget_in_child(self):
        # A forked child (e.g. a data loading worker) must not keep the
        # connections open after this process dies, nor say goodbye.
        self._said_goodbye = True
        for s in self._sockets:
            s.close()

    # ------------------------------------------------------- process 0
    def _serve(self, server):
        selector = selectors.DefaultSelector()
        selector.register(server, selectors.EVENT_READ)
        received = {}  # socket -> bytes received from it
        owners = {}  # socket -> process id, once it said hello
        while True:
            for key, _ in selector.select():
                s = key.fileobj
                if s is server:
                    connection, _ = server.accept()
                    selector.register(connection, selectors.EVENT_READ)
                    received[connection] = b""
                    continue
                data = _receive(s)
                if data:
                    received[s] += data
                    if s not in owners and b"\n" in received[s]:
                        peer = _hello_sender(received[s])
                        if peer is None:
                            # Not a process of the job.
                            selector.unregister(s)
                            received.pop(s)
                            s.close()
                            continue
                        owners[s] = peer
                        with self._lock:
                            self._peers[peer] = s
                    if s in owners and received[s].endswith(_FAILED):
                        self._lost(_first_lost(owners[s], owners, received))
                    continue
                selector.unregister(s)
                said_goodbye = received.pop(s).endswith(_GOODBYE)
                peer = owners.pop(s, None)
                with self._lock:
                    self._peers.pop(peer, None)
                if not said_goodbye and peer is not None:
                    self._lost(peer)

    def _lost(self, peer):
        """Process 0 lost `peer`: tells the others, and exits."""
        if self._failing:
            return
        with self._lock:
            for connection in self._peers.values():
                try:
                    connection.sendall(f"lost {peer}\n".encode())
                except OSError:
                    pass
        self._exit(peer)

    # ------------------------------------------------ other processes
    def _watch_coordinator(self, connection):
        received = b""
        while True:
            data = _receive(connection)
            if not data:
                break
            received += data
            if received.endswith(_GOODBYE):
                return
            if received.endswith(_FAILED):
                break
            for line in received.split(b"\n")[:-1]:
                if line.startswith(b"lost "):
                    self._exit(int(line.split()[1]))
        self._exit(0)

    def _exit(self, lost):
        if self._failing:
            return
        message = (
            f"\nProcess {lost} of this {self.num_processes}-process job was "
            "lost (killed, failed with an error, or its machine is gone). "
            "The job's collective operations cannot "
            f"complete without it, so process {self.process_id} exits now "
            f"(status {LOST_PEER_EXIT_STATUS}). Start the job again to "
            "continue, e.g. from its last `BackupAndRestore` backup.\n"
        )
        try:
            sys.stdout.flush()
        except Exception:
            pass
        os.write(2, message.encode())
        os._exit(LOST_PEER_EXIT_STATUS)


def _first_lost(failed, owners, received):
    """The process to report when process `failed` ended with an error.

    An error in a collective is often the consequence of another peer's
    death (the collective's connection to it broke). When a peer's
    connection is closed without a goodbye by the time `failed`'s error
    arrives, or within `_CAUSE_GRACE_SECONDS`, that peer is reported.

    Args:
        failed: Id of the process that said it fails.
        owners: Socket -> process id, of the connected processes.
        received: Socket -> bytes already read from it.

    Returns:
        A process id.
    """

    def closed_peer():
        for connection, peer in owners.items():
            if (
                peer != failed
                and _peek(connection) == b""
                and not received[connection].endswith(_GOODBYE)
            ):
                return peer
        return None

    found = _poll(closed_peer, _CAUSE_GRACE_SECONDS)
    return failed if found is None else found


def _peek(connection):
    """What `connection` holds unread, left unread: `b""` once the peer
    closed it (or it broke), `None` when nothing is waiting."""
    try:
        return connection.recv(4096, socket.MSG_PEEK | socket.MSG_DONTWAIT)
    except BlockingIOError:
        return None
    except OSError:
        return b""


def _poll(find, seconds):
    """`find()`, asked again every 20 ms for up to `seconds` while it
    returns `None`; its last answer."""
    deadline = time.monotonic() + seconds
    while True:
        found = find()
        if found is not None or time.monotonic() > deadline:
            return found
        time.sleep(0.02)


def _hello_sender(received):
    """The process id in the first line of `received` if it is a hello,
    else `None`."""
    words = received.split(b"\n", 1)[0].split()
    if len(words) == 2 and words[0] == b"hello" and words[1].isdigit():
        return int(words[1])
    return None


def _receive(connection):
    """What `connection` received next; `b""` once it is closed."""
    try:
        return connection.recv(4096)
    except OSError:
        return b""


def start(coordinator_address):
    """Starts the watchdog of this process of an initialized JAX job
    (nothing for a single process).

    Args:
        coordinator_address: `"host:port"` of the coordination service, or
            `None` to take the one JAX found.
    """
    import jax
    from jax._src import distributed

    if jax.process_count() == 1:
        return None
    client = distributed.global_state.client
    coordinator_address = (
        coordinator_address or distributed.global_state.coordinator_address
    )
    host = coordinator_address.rsplit(":", 1)[0].strip("[]")
    watchdog = PeerWatchdog(
        jax.process_index(),
        jax.process_count(),
        host,
        publish=client.key_value_set,
        lookup=lambda key: client.blocking_key_value_get(key, 60_000),
    )
    watchdog.start()
    return watchdog
