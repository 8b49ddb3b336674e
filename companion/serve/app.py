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
  device; answered with the command's own lines (``companion.serve.lines``).

A wrong or missing secret, an unknown path, and the act address under the
view secret all get the same plain 404 (and the connection is closed); a
``Host`` the server was not started for, 421; a foreign ``Origin``, 403. One
watcher (``Table.tick``) serves every page: each page's stream waits on an event
until the save changed (no polling per page).
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import hashlib
import html
import json
import re
import secrets
import threading
import time
from collections.abc import AsyncIterator
from importlib import resources
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response, StreamingResponse
from starlette.types import Receive, Scope, Send

from companion.errors import CompanionError
from companion.serve.lines import Answer, command_words, run
from companion.serve.links import Links, player_secret, same
from companion.serve.state import Source, build, players

TICK = 0.25
"""Seconds between two looks at the save where the system cannot tell of a change."""
TOLD_TICK = 1.0
"""Seconds between two looks where it can (``Source.watch``): a look in case it did not."""
PING = 20.0
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
CONTROL = re.compile(r"[\x00-\x1f\x7f]")
PLAYER_MARK = b"{{PLAYER}}"


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
            from companion.serve.lines import warm

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
        the server's own loop (``companion.serve.server``)."""
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
        # Every secret compared every time, in constant time: the timing tells nothing.
        found = None
        for table in self.tables:
            view = same(word, table.links.view)
            act = same(word, table.links.act) and table.players_act
            player = None
            for secret, name in table.player_links.items():
                if same(word, secret) and table.players_act:
                    player = name
            if act or player is not None:
                found = table, "act", player
            elif view:
                found = table, "view", None
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
    from companion.store import Store

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


def error_line(message: str) -> str:
    """The ``Error:`` line a command prints on a pipe: one line, a control character it
    quotes shown as ``\\xNN``."""
    from companion.text import TERMINAL_CONTROL

    shown = TERMINAL_CONTROL.sub(lambda found: f"\\x{ord(found.group()):02x}"
                                 if ord(found.group()) < 0x100
                                 else f"\\u{ord(found.group()):04x}", message)
    return "Error: " + " ".join(shown.split())


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
