"""uvicorn for the table: in the foreground (``companion serve``) or beside the shell.

uvicorn runs with its pure-Python pieces only (h11, the asyncio loop, no
WebSockets), quiet (the command says what matters), without proxy headers (a
device is its own address for the rate limit), and on a socket bound here
first, so that an address in use is one ``Error:`` line before anything starts.
Connections that ask for nothing lock nobody out (``_Guarded``); uvicorn's own
limit (a 503 for everyone past 64 connections) is not used.
"""

from __future__ import annotations

import asyncio
import errno
import socket
import threading
from types import FrameType

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from companion.errors import BadInput
from companion.serve.app import App, Table

STOP_SECONDS = 5.0
REQUEST_SECONDS = 5.0
"""A connection's time to send one whole request (headers and body)."""
WAITING_PER_ADDRESS = 16
WAITING_IN_ALL = 256
"""Connections without a whole request kept open, per address and in all."""


def listen(host: str, port: int) -> socket.socket:
    """A listening socket on ``host``:``port`` (0: any free port)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # IPPROTO_TCP named: asyncio sets TCP_NODELAY only on sockets made with it (without
    # it, a small answer waits ~40 ms for the client's delayed ACK).
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        # A restarted server takes its port back at once (old connections in TIME_WAIT);
        # this never lets two servers listen on one port.
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)
    except OSError as error:
        sock.close()
        hint = " (another server there? choose another --port)" \
            if error.errno == errno.EADDRINUSE else ""
        raise BadInput(f"cannot listen on {host} port {port}: "
                       f"{error.strerror or error}{hint}") from None
    return sock


class _Guarded(H11Protocol):
    """uvicorn's HTTP/1.1 connection with a deadline for each whole request (each has
    ``REQUEST_SECONDS`` from its opening or its last answer); TCP_NODELAY: see ``listen``.

    The connections waiting for a whole request are queued with their address, oldest
    first (one queue a server, on its subclass): past a limit, in all or for one address,
    the oldest is closed (it has had its time). A page with the secret sends its request
    at once, so it always gets in; its event stream, once answered, is no longer waiting."""

    waiting: dict[_Guarded, str]
    _deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._watch()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_clock()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        self._watch()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._watch()

    def _watch(self) -> None:
        """Waiting (a request not yet whole): queued, with a clock that is not reset by
        each byte; else out of the queue."""
        if self.transport.is_closing() or self.conn.their_state not in (h11.IDLE,
                                                                        h11.SEND_BODY):
            self._stop_clock()
        elif self._deadline is None:
            self._deadline = self.loop.call_later(REQUEST_SECONDS, self.drop)
            address = self.client[0] if self.client else "?"
            self.waiting[self] = address
            same = [other for other, where in self.waiting.items() if where == address]
            if len(same) > WAITING_PER_ADDRESS:
                same[0].drop()
            if len(self.waiting) > WAITING_IN_ALL:
                next(iter(self.waiting)).drop()

    def _stop_clock(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None
        self.waiting.pop(self, None)

    def drop(self) -> None:
        """Close a connection that did not send its request in time (or made room)."""
        self._stop_clock()
        if not self.transport.is_closing():
            self.transport.close()


class Serving(uvicorn.Server):
    """The tables (one per game) served on ``sock``, their watchers started and stopped
    with the server: ``run`` until Ctrl-C, or ``start`` in a thread."""

    def __init__(self, tables: list[Table], sock: socket.socket) -> None:
        # The connection class of this server, with its own queue of waiting connections.
        http = type("Guarded", (_Guarded,), {"waiting": {}})
        super().__init__(uvicorn.Config(
            App(tables, hosts(sock)), http=http, ws="none", loop="asyncio",
            lifespan="off", interface="asgi3", log_config=None, log_level="critical",
            access_log=False, proxy_headers=False, server_header=False,
            timeout_keep_alive=int(REQUEST_SECONDS), timeout_graceful_shutdown=2))
        self.tables = tables
        self.sock = sock
        self.thread: threading.Thread | None = None
        self.failure: BaseException | None = None

    @property
    def port(self) -> int:
        return int(self.sock.getsockname()[1])

    def run(self, sockets: list[socket.socket] | None = None) -> None:
        """Serve until Ctrl-C (or SIGTERM) in this, the main, thread."""
        try:
            super().run(sockets=[self.sock])
        finally:
            self.sock.close()

    def start(self) -> None:
        """Serve from a thread of this process (the shell's prompt stays)."""
        self.thread = threading.Thread(target=self._quietly, name="companion-serve",
                                       daemon=True)
        self.thread.start()

    def _quietly(self) -> None:
        try:
            self.run()
        except BaseException as error:  # kept for 'serve' to tell; never a traceback
            self.failure = error

    def alive(self) -> bool:
        return self.thread is not None and self.thread.is_alive()

    def stop(self) -> None:
        self.should_exit = True
        self.wake()
        if self.thread is not None:
            self.thread.join(STOP_SECONDS)
            if self.thread.is_alive():  # a page's command still running: cut it short
                self.force_exit = True
                self.thread.join(STOP_SECONDS)

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        for table in self.tables:
            await table.start()
        await super().startup(sockets)

    async def main_loop(self) -> None:
        """uvicorn's loop, with the first table's wait as its one timer: the table is told
        of a save (or looks, where it cannot be told) and a stop wakes it at once. Every
        other game served has a watcher of its own, a task stopped with the loop."""
        self.running = asyncio.get_running_loop()
        others = [asyncio.create_task(self._watch(table)) for table in self.tables[1:]]
        try:
            # on_tick(0) also renews the Date header: once a second is enough for it.
            while not await self.on_tick(0):
                await self.tables[0].tick()
        finally:
            for task in others:
                task.cancel()

    async def _watch(self, table: Table) -> None:
        while not self.should_exit:
            await table.tick()

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        super().handle_exit(sig, frame)
        self.wake()

    def wake(self) -> None:
        loop = getattr(self, "running", None)
        if loop is not None and not loop.is_closed():
            for table in self.tables:
                loop.call_soon_threadsafe(table.poke)

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        for table in self.tables:
            await table.close()  # ends the pages' streams: nothing to wait for
        await super().shutdown(sockets)


def hosts(sock: socket.socket) -> frozenset[str]:
    """The ``Host`` headers the table answers: the address it listens on and loopback,
    at its port (a page from a rebinding name, or any other, gets nothing)."""
    address, port = sock.getsockname()[:2]
    shown = {(f"[{name}]" if ":" in name else name).lower()
             for name in (address, "127.0.0.1", "localhost", "::1")}
    return frozenset({f"{name}:{port}" for name in shown} | (shown if port == 80 else set()))
