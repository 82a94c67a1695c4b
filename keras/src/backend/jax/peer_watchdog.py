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
exits normally) is a lost process. Process 0 tells the other processes
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
import warnings

# `EX_UNAVAILABLE` of `sysexits.h`: a service the program needs is gone.
LOST_PEER_EXIT_STATUS = 69
_KEY = "keras_peer_watchdog_port"
_GOODBYE = b"bye\n"


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
            port = int(self._lookup(_KEY))
            try:
                connection = socket.create_connection(
                    (self.coordinator_host, port), timeout=60
                )
                connection.settimeout(None)
                connection.sendall(f"hello {self.process_id}\n".encode())
            except OSError as e:
                warnings.warn(
                    f"Process {self.process_id} cannot connect to process 0 "
                    f"at {self.coordinator_host}:{port} ({e}): a lost "
                    "process will be noticed only after the heartbeat "
                    "timeout.",
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
        """Tells the peers that this process ends normally (at exit).

        Lost peers are still reported after that: a process that fails
        because a peer died (e.g. an error in a collective) exits through
        here too.
        """
        with self._lock:
            if self._said_goodbye:
                return
            self._said_goodbye = True
            for connection in self._peers.values():
                try:
                    connection.sendall(_GOODBYE)
                except OSError:
                    pass

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
                        hello = received[s].split(b"\n", 1)[0].split()
                        owners[s] = int(hello[1])
                        with self._lock:
                            self._peers[owners[s]] = s
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
            for line in received.split(b"\n")[:-1]:
                if line.startswith(b"lost "):
                    self._exit(int(line.split()[1]))
        self._exit(0)

    def _exit(self, lost):
        message = (
            f"\nProcess {lost} of this {self.num_processes}-process job was "
            "lost (it ended without finishing the job: killed, crashed or "
            "its machine is gone). The job's collective operations cannot "
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
