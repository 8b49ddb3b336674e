"""``serve`` in the shell: the server runs beside the prompt, ``serve stop`` and leaving
the shell stop it, and what the shell saves reaches the pages."""

from __future__ import annotations

import queue
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from companion.store import Store
from tests.serve_helpers import Events, act, env, example, links_in, request, save_game


class Shell:
    """``companion shell`` fed line by line; its output read with a deadline."""

    def __init__(self, home: Path) -> None:
        self.process = subprocess.Popen([sys.executable, "-m", "companion", "shell"],
                                        env=env(home), stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        text=True)
        self.lines: queue.Queue[str] = queue.Queue()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))

    def send(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def until(self, start: str, timeout: float = 20) -> list[str]:
        """The lines read up to the first that starts with ``start``."""
        seen: list[str] = []
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=max(0.01, deadline - time.monotonic()))
            except queue.Empty:
                break
            seen.append(line)
            if line.startswith(start):
                return seen
        raise AssertionError(f"no line starting {start!r} in {seen}")

    def close(self, timeout: float = 20) -> tuple[int, str]:
        assert self.process.stdin is not None
        self.process.stdin.close()  # Ctrl-D
        try:
            self.process.wait(timeout)
        finally:
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait(10)
            self.reader.join(10)
        assert self.process.stdout is not None and self.process.stderr is not None
        self.process.stdout.close()
        with self.process.stderr as errors:
            return self.process.returncode, errors.read()


def refused(link: str) -> bool:
    try:
        request(link + "/state", timeout=5)
    except OSError:
        return True
    return False


def test_serve_beside_the_prompt_then_stop_and_leave(tmp_path: Path) -> None:
    home = tmp_path / "home"
    save_game(home, example("tricky-4p"), "t", 10)
    shell = Shell(home)
    try:
        shell.send("serve --host 127.0.0.1 --port 0 --players-act")
        links = links_in(shell.until("Listening on"))
        port = links["View"].split(":")[2].split("/")[0]
        shell.send(f"serve --act-links --host 127.0.0.1 --port {port}")
        links.update(links_in(shell.until("http://")))  # the host's, first
        assert request(links["View"] + "/state").json()["actions"] == 10
        stream = Events(links["View"])
        assert stream.next_state()["actions"] == 10
        shell.send("t R7 R6 R0 R2")  # played in the shell, seen on the page
        assert stream.next_state()["actions"] == 11
        reply = act(links["Act"], "undo", "t").json()  # from a page, seen by the shell
        assert reply["code"] == 0 and stream.next_state()["actions"] == 10
        shell.send("redo")
        # (the page's undo is told once more, with who did it: at most that state between)
        seen = [stream.next_state()["actions"]]
        if seen[0] != 11:
            seen.append(stream.next_state()["actions"])
        assert seen[-1] == 11 and len(seen) <= 2, seen
        stream.close()
        shell.send("serve")
        shell.until("Already serving")
        shell.send("serve stop")
        shell.until("Stopped serving.")
        assert refused(links["View"])
        shell.send("serve --host 127.0.0.1 --port 0")
        again = links_in(shell.until("Listening on"))
        assert again["View"].rsplit("/", 1)[1] == links["View"].rsplit("/", 1)[1]
        assert request(again["View"] + "/state").status == 200
    finally:
        code, errors = shell.close()
    assert code == 0 and errors == "", errors
    assert refused(again["View"])  # leaving the shell stopped it
    assert len(Store(home).read("t").actions) == 11


@pytest.mark.parametrize("line", ["serve stop now", "serve --host 0.0.0.0"])
def test_serve_errors_in_the_shell_are_one_line_and_the_shell_goes_on(
        tmp_path: Path, line: str) -> None:
    home = tmp_path / "home"
    save_game(home, example("tricky-4p"), "t", 10)
    shell = Shell(home)
    try:
        shell.send(line)
        shell.send("serve stop")
        shell.until("Not serving")
    finally:
        code, errors = shell.close()
    assert errors.count("Error: ") == 1 and errors.count("\n") == 1, errors
    assert code == 0
