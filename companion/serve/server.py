"""uvicorn for the table: in the foreground (``companion serve``) or beside the shell.

uvicorn runs with its pure-Python pieces only (h11, the asyncio loop, no
WebSockets), quiet (nothing it would log reaches the terminal: the command
says what matters), without proxy headers (a device is its own address for
the rate limit), and on a socket bound here first, so that an address in use
is one ``Error:`` line before anything starts.
"""

from __future__ import annotations

import errno
import socket
import threading

import uvicorn

from companion.errors import BadInput
from companion.serve.app import App, Table

MAX_CONNECTIONS = 64
STOP_SECONDS = 5.0


def listen(host: str, port: int) -> socket.socket:
    """A listening socket on ``host``:``port`` (0: any free port)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
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


class _Server(uvicorn.Server):
    """uvicorn's server, with the table's watcher started and stopped with it."""

    def __init__(self, config: uvicorn.Config, table: Table) -> None:
        super().__init__(config)
        self.table = table

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await self.table.start()
        await super().startup(sockets)

    async def main_loop(self) -> None:
        """uvicorn's loop, with the table's look at the save as its one timer: an idle
        server wakes four times a second (uvicorn's own loop would add ten)."""
        ticks = 0
        # on_tick(0) also renews the Date header: once a second is enough for it.
        while not await self.on_tick(0 if ticks % 4 == 0 else 1):
            ticks += 1
            await self.table.tick()

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        await self.table.close()  # ends the pages' streams: nothing to wait for
        await super().shutdown(sockets)


class Serving:
    """A table served on ``sock``: ``run`` until Ctrl-C, or ``start`` in a thread."""

    def __init__(self, table: Table, sock: socket.socket) -> None:
        self.table = table
        self.sock = sock
        config = uvicorn.Config(
            App(table), http="h11", ws="none", loop="asyncio", lifespan="off",
            interface="asgi3", log_config=None, log_level="critical", access_log=False,
            proxy_headers=False, server_header=False, limit_concurrency=MAX_CONNECTIONS,
            timeout_graceful_shutdown=2)
        self.server = _Server(config, table)
        self.thread: threading.Thread | None = None
        self.failure: BaseException | None = None

    @property
    def port(self) -> int:
        return int(self.sock.getsockname()[1])

    def run(self) -> None:
        """Serve until Ctrl-C (or SIGTERM) in this, the main, thread."""
        try:
            self.server.run(sockets=[self.sock])
        finally:
            self.sock.close()

    def start(self) -> None:
        """Serve from a thread of this process (the shell's prompt stays)."""
        self.thread = threading.Thread(target=self._quietly, name="companion-serve",
                                       daemon=True)
        self.thread.start()

    def _quietly(self) -> None:
        try:
            self.server.run(sockets=[self.sock])
        except BaseException as error:  # kept for 'serve' to tell; never a traceback
            self.failure = error
        finally:
            self.sock.close()

    def alive(self) -> bool:
        return self.thread is not None and self.thread.is_alive()

    def stop(self) -> None:
        self.server.should_exit = True
        if self.thread is not None:
            self.thread.join(STOP_SECONDS)
            if self.thread.is_alive():  # a page's command still running: cut it short
                self.server.force_exit = True
                self.thread.join(STOP_SECONDS)
