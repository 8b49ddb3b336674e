"""What the live-table tests share: games saved from the examples, a server process on
127.0.0.1 (never any other address), and plain HTTP and Server-Sent Events clients.

Every wait is bounded; every server is stopped (Ctrl-C, then killed) by the test that
started it.
"""

from __future__ import annotations

import http.client
import io
import json
import os
import signal
import subprocess
import sys
import time
import tomllib
from collections.abc import Iterator
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from companion.resources import example_paths
from companion.store import GameRecord, Store

HOST = "127.0.0.1"
START_SECONDS = 20.0


def example(kind_or_name: str) -> dict[str, Any]:
    """An example game's data: ``tricky-4p``, or the first of a kind (``hebrac``)."""
    for path in example_paths():
        if path.stem == kind_or_name or path.stem.startswith(kind_or_name + "-"):
            data = tomllib.loads(path.read_text(encoding="utf-8"))
            if "kind" in data:
                return data
    raise LookupError(kind_or_name)


def save_game(home: Path, data: dict[str, Any], name: str, actions: int | None = None,
              current: bool = True) -> GameRecord:
    """The example saved as ``name`` with its first ``actions`` actions (all: None)."""
    kept = list(data["actions"])[:actions] if actions is not None else list(data["actions"])
    record = GameRecord(kind=data["kind"], name=name, settings=data["settings"], actions=kept,
                        notes=list(data.get("notes", [])))
    store = Store(home)
    with store.lock(name):
        store.write(record, new=not store.exists(name))
    if current:
        store.set_current(name)
    return record


def env(home: Path) -> dict[str, str]:
    found = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR",)}
    found.update(COMPANION_HOME=str(home), COLUMNS="40", PYTHONUNBUFFERED="1")
    return found


def companion(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``companion ARGS`` on the data folder ``home``, in this process: the bytes and exit
    code of a process of its own (stdout and stderr a pipe, 40 columns), at a fraction of
    the cost. ``companion serve`` runs in a process of its own: ``companion_process``."""
    from companion.cli.main import run

    streams = [io.TextIOWrapper(io.BytesIO(), encoding="utf-8", write_through=True)
               for _ in range(2)]
    kept = {name: os.environ.get(name) for name in ("COMPANION_HOME", "COLUMNS", "NO_COLOR")}
    os.environ.update(COMPANION_HOME=str(home), COLUMNS="40")
    os.environ.pop("NO_COLOR", None)
    code = 0
    try:
        with redirect_stdout(streams[0]), redirect_stderr(streams[1]):
            run(list(args))
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else 0
    finally:
        for name, value in kept.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
    out, err = (stream.buffer.getvalue().decode("utf-8")  # type: ignore[attr-defined]
                for stream in streams)
    return subprocess.CompletedProcess(["companion", *args], code, out, err)


def companion_process(home: Path, *args: str,
                      timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """``companion ARGS`` in a process of its own on the data folder ``home``."""
    return subprocess.run([sys.executable, "-m", "companion", *args], env=env(home),
                          capture_output=True, text=True, timeout=timeout, check=False,
                          stdin=subprocess.DEVNULL)


class Server:
    """``companion serve --host 127.0.0.1`` in a process of its own."""

    def __init__(self, home: Path, *args: str, port: int = 0) -> None:
        self.home = home
        self.args = args
        self.process = subprocess.Popen(
            [sys.executable, "-m", "companion", "serve", "--host", HOST, "--port", str(port),
             *args], env=env(home), stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True)
        self.lines: list[str] = []
        self.links: dict[str, str] = {}
        self._read_banner()

    def _read_banner(self) -> None:
        assert self.process.stdout is not None
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if not line:
                break
            self.lines.append(line.rstrip("\n"))
            if line.startswith("Listening on"):
                self.links = links_in(self.lines)
                return
        self.stop()
        raise AssertionError(f"the server did not start: {self.lines} "
                             f"{self.process.stderr.read() if self.process.stderr else ''}")

    @property
    def view(self) -> str:
        return self.links["View"]

    @property
    def act(self) -> str:
        """The host's act link (asked for as the host asks: ``--act-links``)."""
        if "Act" not in self.links:
            self.links.update(act_links(self.home, self.port, *self._game()))
        return self.links["Act"]

    def player(self, name: str) -> str:
        self.act  # noqa: B018 - asks for the act links
        return self.links[name]

    def _game(self) -> tuple[str, ...]:
        for at, word in enumerate(self.args):
            if word in ("--game", "-g"):
                return ("--game", self.args[at + 1])
        return ()

    @property
    def port(self) -> int:
        return int(urlsplit(self.view).port or 0)

    def stop(self, sig: int = signal.SIGINT, timeout: float = 15.0) -> tuple[int, str, str]:
        """Stop it as Ctrl-C does; return its exit code, the rest of its output and its
        errors (killed if it does not stop within ``timeout``)."""
        if self.process.poll() is None:
            self.process.send_signal(sig)
        try:
            out, err = self.process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            out, err = self.process.communicate(timeout=10)
            raise AssertionError(f"the server did not stop within {timeout} s") from None
        return self.process.returncode, out, err

    def __enter__(self) -> Server:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.communicate(timeout=10)


def links_in(lines: list[str]) -> dict[str, str]:
    """The links a banner or ``--act-links`` prints, each whole on a line of its own
    after the line that says whose it is: ``View`` (to watch), ``Act`` (the host's) or
    a player's name."""
    found = {}
    label = ""
    for line in lines:
        if line.startswith("Scan to watch"):
            label = "View"
        elif line == "The host acts with:":
            label = "Act"
        elif line.endswith(" acts with:"):
            label = line[:-len(" acts with:")]
        elif line.startswith("http://") and label:
            found[label] = line
            label = ""
    return found


def act_links(home: Path, port: int, *args: str) -> dict[str, str]:
    """What ``companion serve --act-links`` prints for a server on 127.0.0.1:``port``."""
    done = companion(home, "serve", "--act-links", "--host", HOST, "--port", str(port), *args)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    return links_in(done.stdout.splitlines())


# -- HTTP -------------------------------------------------------------------------------
class Reply:
    def __init__(self, status: int, headers: dict[str, str], body: bytes) -> None:
        self.status = status
        self.headers = headers
        self.body = body

    def json(self) -> Any:
        return json.loads(self.body)


def request(url: str, method: str = "GET", body: bytes | None = None,
            headers: dict[str, str] | None = None, timeout: float = 30) -> Reply:
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname or HOST, parts.port, timeout=timeout)
    try:
        connection.request(method, parts.path or "/", body=body, headers=headers or {})
        response = connection.getresponse()
        data = response.read()
        return Reply(response.status, {k.lower(): v for k, v in response.getheaders()}, data)
    finally:
        connection.close()


def act(link: str, line: str, game: str, timeout: float = 60) -> Reply:
    return request(link + "/act", "POST", json.dumps({"line": line, "game": game}).encode(),
                   {"content-type": "application/json"}, timeout=timeout)


class Events:
    """A Server-Sent Events client: ``next_state`` waits for the next state event."""

    def __init__(self, link: str, timeout: float = 10) -> None:
        parts = urlsplit(link + "/events")
        self.connection = http.client.HTTPConnection(parts.hostname or HOST, parts.port,
                                                     timeout=timeout)
        self.connection.request("GET", parts.path)
        self.response = self.connection.getresponse()
        assert self.response.status == 200, self.response.status
        assert self.response.getheader("content-type", "").startswith("text/event-stream")

    def events(self) -> Iterator[tuple[str, str]]:
        kind, data = "message", []
        while True:
            raw = self.response.fp.readline()
            if not raw:
                return
            line = raw.decode("utf-8").rstrip("\r\n")
            if not line:
                if data:
                    yield kind, "\n".join(data)
                kind, data = "message", []
            elif line.startswith("event:"):
                kind = line[6:].strip()
            elif line.startswith("data:"):
                data.append(line[5:].lstrip(" "))

    def next_state(self) -> dict[str, Any]:
        for kind, data in self.events():
            if kind == "state":
                state: dict[str, Any] = json.loads(data)
                return state
        raise AssertionError("the stream ended")

    def close(self) -> None:
        self.connection.close()


def wait_until(check: Any, timeout: float, step: float = 0.02) -> float:
    """Seconds until ``check()`` is true; AssertionError after ``timeout``."""
    start = time.monotonic()
    while True:
        if check():
            return time.monotonic() - start
        if time.monotonic() - start > timeout:
            raise AssertionError(f"not within {timeout} s")
        time.sleep(step)
