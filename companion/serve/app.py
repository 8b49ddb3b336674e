"""The table's web application: its page, its events, its state and its actions.

Four addresses under each secret, and nothing else (each game served has its own
secrets: ``companion.serve.links.game_links`` when there are several):

- ``GET /SECRET`` (or ``/SECRET/``): the page, one self-contained file whose
  Content-Security-Policy allows its own script and style only (their hashes);
- ``GET /SECRET/events``: Server-Sent Events, the state at once and then each
  time it changes, and a ``ping`` every 20 s so that a page can tell a dead
  connection from a quiet game;
- ``GET /SECRET/state``: the state, fetched again by a page that reconnects;
- ``POST /SECRET/act`` (the act secret only, with ``--players-act``): one line
  typed on the page, at most 2 KB of JSON, ten at once then one a second per
  device; answered with the command's own lines (``run``).

A wrong or missing secret, an unknown path, and the act address under the
view secret all get the same plain 404 (and the connection is closed); a
``Host`` the server was not started for, 421; a foreign ``Origin``, 403. One
watcher (``Table.tick``) serves every page: each page's stream waits on an event
until the save changed (no polling per page).

A line typed on a page is read as the shell reads it, and only a command on the game
shown is taken (``state.command_words``, with the dispatcher's own functions). It runs in
the server's own process (no one-shot start to pay for each tap) through the command
line's entry (``run``): the same engine, lock, atomic save and backups, and the lines
a terminal's pipe gets. Its output is caught for the calling thread only: the shell
the server may run beside keeps its screen.

uvicorn serves it (``Serving``: in the foreground, or beside the shell) with its
pure-Python pieces only (h11, the asyncio loop, no WebSockets), quiet (the command says
what matters), without proxy headers (a device is its own address for the rate limit),
and on a socket bound first (``listen``), so that an address in use is one ``Error:``
line before anything starts. Connections that ask for nothing lock nobody out
(``_Guarded``); uvicorn's own limit (a 503 for everyone past 64 connections) is not used.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import errno
import hashlib
import html
import importlib
import io
import json
import re
import secrets
import socket
import sys
import threading
import time
from collections.abc import AsyncIterator
from importlib import resources
from pathlib import Path
from types import FrameType
from typing import Any

import h11
import uvicorn
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response, StreamingResponse
from starlette.types import Receive, Scope, Send
from uvicorn.protocols.http.h11_impl import H11Protocol

from companion.cli.output import error_line
from companion.errors import BadInput, CompanionError
from companion.serve.links import Links, player_secret, same
from companion.serve.state import Source, build, command_words, players
from companion.store import Store, data_home
from companion.values import Value

TICK = 0.25
"""Seconds between two looks at the save where the system cannot tell of a change."""
TOLD_TICK = 1.0
"""Seconds between two looks where it can (``Source.watch``): a look in case it did not."""
PING = 20.0
MAX_OUTPUT_LINES = 200
MAX_PAGES = 128
MAX_BODY = 2048
BURST, REFILL = 10, 1.0
"""Actions per device: ten at once, then one a second."""

HEADERS = {"cache-control": "no-store", "referrer-policy": "no-referrer",
           "x-content-type-options": "nosniff", "x-frame-options": "DENY",
           "cross-origin-resource-policy": "same-origin"}
CLOSE = {**HEADERS, "connection": "close"}
# The method of each address under a secret: the page, its events, its state, an action.
METHODS = {"": "GET", "events": "GET", "state": "GET", "act": "POST"}
ROLE_MARK = b"{{ROLE}}"
PLAYER_MARK = b"{{PLAYER}}"
CONTROL = re.compile(r"[\x00-\x1f\x7f]")


class Table:
    """The state every page shows, kept fresh by one watcher (``tick``), and who may
    act."""

    def __init__(self, home: Path, pinned: str | None, links: Links,
                 players_act: bool) -> None:
        self.home = home
        self.source = Source(home, pinned)
        self.links = links
        self.players_act = players_act
        self.boot = secrets.token_hex(4)  # a new server: the page takes its state as new
        self.seq = 0
        self.state: dict[str, Any] = {}
        self.payload = b"{}"
        self.pages = 0
        self.closing = False
        self._seen: Any = object()
        self._changed = asyncio.Event()
        self._wake = asyncio.Event()
        self._buckets: dict[str, tuple[float, float]] = {}
        self.act_lock = asyncio.Lock()
        self.wait = TICK
        self.player_links: dict[str, str] = {}
        self.who: dict[int, str] = {}  # who sent each action from a page (this run's)
        self.news: dict[str, Any] | None = None  # the last one, for every page to say

    async def start(self) -> None:
        await self.refresh()
        if self.players_act and isinstance(self.state.get("kind"), str):
            # In the background, never waited for (in the loop's executor, a stop waited).
            threading.Thread(target=warm, args=(self.state["kind"],), name="companion-warm",
                             daemon=True).start()
        told = self.source.watch(asyncio.get_running_loop(), self.poke)
        self.wait = TOLD_TICK if told else TICK

    async def close(self) -> None:
        """Stop watching and end every page's stream (the server can then stop)."""
        self.closing = True
        self.source.close()
        self._changed.set()
        self._wake.set()

    async def tick(self) -> None:
        """Wait until told of a change (or poked), a second at most (a quarter where
        nothing tells), then look at the save: the one watcher of every page, run by
        the server's own loop (``Serving.main_loop``)."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._wake.wait(), self.wait)
        self._wake.clear()
        if not self.closing and self.source.signature() != self._seen:
            await self.refresh()

    def poke(self) -> None:
        """Look now (a page just acted), not at the next tick."""
        self._wake.set()

    async def refresh(self) -> None:
        seen = self.source.signature()
        try:
            state = await asyncio.to_thread(build, self.home, seen[0])
        except Exception as fault:  # never leave the pages without a word
            state = {"game": seen[0], "version": f"fault {time.time()}",
                     "error": f"unexpected {type(fault).__name__} while reading the game "
                              "(a fault in companion: please report it)"}
        self._seen = seen
        if (state.get("game"), state.get("version")) != (self.state.get("game"),
                                                         self.state.get("version")):
            self.publish(state)

    def publish(self, state: dict[str, Any]) -> None:
        self.seq += 1
        self.state = state
        names = players(state)
        self.player_links = {player_secret(self.links.act, name): name for name in names}
        count = state.get("actions")
        if isinstance(count, int):  # an undone action's number is free again
            self.who = {n: name for n, name in self.who.items() if n <= count}
        self.payload = json.dumps({**state, "seq": self.seq, "boot": self.boot,
                                   "at": round(time.time(), 3), "players": names,
                                   "who": {str(n): name for n, name in self.who.items()},
                                   "news": self.news},
                                  ensure_ascii=False, separators=(",", ":")).encode()
        changed, self._changed = self._changed, asyncio.Event()
        changed.set()

    async def stream(self) -> AsyncIterator[bytes]:
        """One page's events: the state now, then at each change; a ping when quiet. It
        counts among the open pages while it runs."""
        self.pages += 1
        try:
            yield b"retry: 2000\n\n"
            sent = 0
            while not self.closing:
                changed = self._changed
                if self.seq != sent:
                    sent = self.seq
                    yield b"event: state\ndata: " + self.payload + b"\n\n"
                    continue
                try:
                    await asyncio.wait_for(changed.wait(), PING)
                except TimeoutError:
                    yield b"event: ping\ndata: %d\n\n" % int(time.time())
        finally:
            self.pages -= 1

    def acted(self, player: str | None, line: str, done: Answer, before: int | None,
              count: int | None) -> None:
        """Remember who sent a line that was taken (the save held ``before`` actions and
        now holds ``count``), for the log and every page's news. An undo's answer names what it
        undid (``Undone: attack 4H``)."""
        name = player or "host"
        first = done.lines[0] if done.lines else ""
        undid = first.startswith("Undone: ")
        if count is not None and before is not None and not undid:
            for number in range(before + 1, count + 1):  # a note adds no action
                self.who[number] = name
        self.news = {"who": name, "undid": undid,
                     "what": first[len("Undone: "):] if undid else line.strip(),
                     "at": round(time.time(), 3)}
        if self.state:  # every page hears of it now, whether or not the save was seen yet
            self.publish(self.state)

    def allow(self, device: str) -> bool:
        """A token bucket per device (its address)."""
        now = time.monotonic()
        tokens, last = self._buckets.get(device, (float(BURST), now))
        tokens = min(float(BURST), tokens + (now - last) * REFILL)
        if len(self._buckets) > 1000:  # forget the devices that are back to full
            self._buckets = {k: v for k, v in self._buckets.items()
                             if v[0] + (now - v[1]) * REFILL < BURST}
        allowed = tokens >= 1
        self._buckets[device] = (tokens - 1 if allowed else tokens, now)
        return allowed


class App:
    """The ASGI application: routing by secret first, then by the few paths there are.
    Only the ``Host`` names the table was started for are answered (its address and
    loopback, at its port: ``server.hosts``), so a page of another name that resolves
    here (DNS rebinding) gets nothing."""

    def __init__(self, tables: list[Table], hosts: frozenset[str] = frozenset()) -> None:
        self.tables = tables
        self.hosts = hosts
        self.origins = frozenset(f"http://{host}" for host in hosts)
        self.page = resources.files("companion.serve").joinpath("page.html").read_bytes()
        self.csp = content_security_policy(self.page)

    def role(self, word: str) -> tuple[Table, str, str | None] | None:
        """The table of the secret ``word`` with ``"view", None``, ``"act", None`` (the
        host's act link) or ``"act", NAME`` (a player's); or None."""
        # Each secret compared whole, in constant time: the timing tells nothing.
        found = None
        for table in self.tables:
            roles: list[tuple[str, str, str | None]] = [(table.links.view, "view", None)]
            if table.players_act:
                roles += [(table.links.act, "act", None),
                          *((secret, "act", name) for secret, name in table.player_links.items())]
            for secret, role, player in roles:
                if same(word, secret):
                    found = table, role, player
        return found

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008})
        elif scope["type"] == "http":
            response = await self.respond(Request(scope, receive))
            await response(scope, receive, send)

    async def respond(self, request: Request) -> Response:
        host = request.headers.get("host", "").lower()
        origin = request.headers.get("origin")
        if self.hosts and host not in self.hosts:
            return PlainTextResponse("Misdirected Request", 421, headers=CLOSE)
        if origin is not None and self.origins and origin.lower() not in self.origins:
            return PlainTextResponse("Forbidden", 403, headers=CLOSE)
        parts = request.scope["path"].split("/")
        found = self.role(parts[1]) if len(parts) in (2, 3) and not parts[0] else None
        what = parts[2] if len(parts) == 3 else ""
        method = METHODS.get(what)
        if method is None or found is None or (what == "act" and found[1] != "act"):
            # The one answer to anything but the table's own addresses; the connection is
            # closed: one without the secret is not kept waiting for another try.
            return PlainTextResponse("Not Found", 404, headers=CLOSE)
        table, role, player = found
        if request.method != method:
            return PlainTextResponse("Method Not Allowed", 405,
                                     headers={**HEADERS, "allow": method})
        try:
            if what == "act":
                return await self.act(request, table, player)
            if what == "state":
                return Response(table.payload, 200, media_type="application/json",
                                headers=HEADERS)
            if what == "events":
                if table.pages >= MAX_PAGES:
                    return PlainTextResponse("Too many pages open", 503, headers=HEADERS)
                return StreamingResponse(table.stream(), media_type="text/event-stream",
                                         headers={**HEADERS, "x-accel-buffering": "no"})
            page = self.page.replace(ROLE_MARK, role.encode()).replace(
                PLAYER_MARK, html.escape(player or "", quote=True).encode())
            return Response(page, 200, media_type="text/html",
                            headers={**HEADERS, "content-security-policy": self.csp})
        except Exception:  # a fault answers 500, never a traceback
            return PlainTextResponse("Internal Server Error", 500, headers=HEADERS)

    async def act(self, request: Request, table: Table, player: str | None) -> Response:
        device = request.client.host if request.client is not None else "?"
        if not table.allow(device):
            return refuse("too many actions from this device: wait a few seconds", 429)
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if kind != "application/json":
            return refuse("send the line as JSON", 415)
        body = await _body(request)
        if body is None:
            return refuse(f"a request is at most {MAX_BODY} bytes", 413)
        try:
            data = json.loads(body)
            line, game = data["line"], data["game"]
            if not isinstance(line, str) or not isinstance(game, str):
                raise TypeError
        except (ValueError, KeyError, TypeError, RecursionError):  # deep nesting too
            return refuse('expected {"line": TEXT, "game": NAME}', 400)
        if CONTROL.search(line + game):  # a NUL could not even be passed on
            return refuse("a line holds no control character (no NUL, tab or line break)",
                          400)
        shown = table.state
        if shown.get("game") != game or "kind" not in shown:
            return refuse("the table shows another game now (or none): look again before "
                          "acting", 409)
        try:
            words = command_words(shown["kind"], game, line)
        except CompanionError as error:
            return answer(Answer(error.exit_code, [], [error_line(str(error))]))
        async with table.act_lock:  # one at a time here; the store's lock orders the rest
            before = await asyncio.to_thread(saved_actions, table.home, game)
            done = await asyncio.to_thread(run, words, table.home)
            if done.code == 0:
                count = await asyncio.to_thread(saved_actions, table.home, game)
                # The state of this save first: the news must not go out with an older one
                # (its count would forget who sent the action just saved).
                await table.refresh()
                table.acted(player, line, done, before, count)
        table.poke()
        return answer(done)


def saved_actions(home: Path, game: str) -> int | None:
    try:
        return len(Store(home).read(game).actions)
    except CompanionError:
        return None


async def _body(request: Request) -> bytes | None:
    """The request's body, or None past ``MAX_BODY`` (read no further than that)."""
    length = request.headers.get("content-length", "")
    if length and (not length.isdigit() or int(length) > MAX_BODY):
        return None
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            return None
    return body


def answer(done: Answer, status: int = 200) -> Response:
    return Response(json.dumps(done._asdict(), ensure_ascii=False), status,
                    media_type="application/json", headers=HEADERS)


def refuse(message: str, status: int) -> Response:
    """A request refused before any command ran: exit code 2 and its ``Error:`` line."""
    return answer(Answer(2, [], [f"Error: {message}"]), status)


_INLINE = re.compile(rb"<(script|style)>(.*?)</\1>", re.DOTALL)


def content_security_policy(page: bytes) -> str:
    """Only the page's own script and style run (their SHA-256), it connects only to
    this server, and nothing else loads: no image, font, frame or form target."""
    hashes = {b"script": "", b"style": ""}
    for tag, body in _INLINE.findall(page):
        digest = base64.b64encode(hashlib.sha256(body).digest()).decode()
        hashes[tag] += f" 'sha256-{digest}'"
    script, style = (hashes[tag].strip() or "'none'" for tag in (b"script", b"style"))
    return (f"default-src 'none'; script-src {script}; style-src {style}; "
            "connect-src 'self'; img-src 'none'; base-uri 'none'; form-action 'none'; "
            "frame-ancestors 'none'")


# -- a line typed on a page ----------------------------------------------------------
class Answer(Value):
    """What the command printed: its exit code, its output lines, its error lines."""

    code: int
    lines: list[str]
    errors: list[str]


def warm(kind: str) -> None:
    """Import now what a page's first command of ``kind`` needs (the command line's
    reader, the game's commands), so that the first tap is answered as fast as the next."""
    for name in (*WARMED, f"companion.cli.{kind}"):
        try:
            importlib.import_module(name)
        except ImportError:  # only a cost saved: the command will say what is missing
            return


WARMED = ("companion.cli.main", "companion.cli.dispatch", "companion.cli.grammar",
          "companion.session")


_RUNNING = threading.Lock()
"""One page's command at a time in this process (the store's lock orders the others)."""


def run(words: list[str], home: Path) -> Answer:
    """Run ``companion WORDS`` on the data folder ``home`` in this process, as on a pipe
    with no input: what it prints is caught for this thread only."""
    from companion.cli import output
    from companion.cli.main import run_words

    if data_home() != home:
        return Answer(3, [], ["Error: the table's data folder is not this process's: "
                              "restart 'companion serve'"])
    with _RUNNING:
        caught = _Caught.start()
        was_plain, vitals = output.plain(), output.vitals_shown_in_prompt()
        output.vitals_in_prompt(False)  # a one-shot command prints the vitals itself
        try:
            code = run_words(words)
        finally:
            _Caught._local.caught = None
            output.set_plain(was_plain)  # '--plain' here is this command's own
            output.vitals_in_prompt(vitals)
    return Answer(code, _lines(caught["stdout"].getvalue()), _lines(caught["stderr"].getvalue()))


class _Caught:
    """``sys.stdout`` or ``sys.stderr`` (and their ``__stdout__``/``__stderr__``, which the
    width is read from): what a thread running a page's command writes is caught, as a
    pipe would be (no terminal, no size), while every other thread writes through."""

    _local = threading.local()

    def __init__(self, name: str, through: Any) -> None:
        self.name, self.through = name, through

    @classmethod
    def start(cls) -> dict[str, io.StringIO]:
        caught = {"stdout": io.StringIO(), "stderr": io.StringIO()}
        for name in ("stdout", "stderr", "__stdout__", "__stderr__"):
            found = getattr(sys, name)
            if not isinstance(found, _Caught):  # put back by something since: wrap it again
                setattr(sys, name, cls(name.strip("_"), found))
        cls._local.caught = caught
        return caught

    def _target(self) -> Any:
        caught = getattr(self._local, "caught", None)
        return caught[self.name] if caught else self.through

    def __getattr__(self, name: str) -> Any:  # write, flush, isatty, fileno, buffer...
        # Caught, it is a StringIO's: no terminal, no file descriptor, no buffer.
        return getattr(self._target(), name)

    @property
    def encoding(self) -> str:
        return str(getattr(self._target(), "encoding", None) or "utf-8")


def _lines(text: str) -> list[str]:
    lines = text.splitlines()
    cut = len(lines) - MAX_OUTPUT_LINES
    return [f"({cut} lines before these)", *lines[-MAX_OUTPUT_LINES:]] if cut > 0 else lines


# -- the server ------------------------------------------------------------------------
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
