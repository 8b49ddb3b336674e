"""Nobody locked out, nothing let in: what an attack on the live table from the same
network found, each kept as a test. Every connection goes to 127.0.0.1 only; every
loop is bounded in count and every wait in time."""

from __future__ import annotations

import contextlib
import json
import socket
import statistics
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.serve.app import REQUEST_SECONDS
from tests.serve_helpers import HOST, Events, Server, act, example, request, save_game


@pytest.fixture
def tricky_home(tmp_path: Path) -> Path:
    home = tmp_path / "home"
    save_game(home, example("tricky-4p"), "t", 10)
    return home


@pytest.fixture
def server(tricky_home: Path) -> Iterator[Server]:
    with Server(tricky_home, "--players-act") as running:
        yield running
        code, _, err = running.stop()
        assert code == 0 and err == "", err


def opened(port: int, count: int, first: bytes = b"") -> list[socket.socket]:
    found = []
    for _ in range(count):
        sock = socket.create_connection((HOST, port), timeout=5)
        if first:
            sock.sendall(first)
        found.append(sock)
    return found


def closed_by_server(sock: socket.socket, within: float) -> bool:
    """Whether the server closes ``sock`` within ``within`` seconds."""
    sock.settimeout(within)
    try:
        return sock.recv(1024) == b""
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True


def test_a_connection_without_a_whole_request_is_closed_in_a_few_seconds(
        server: Server) -> None:
    idle, = opened(server.port, 1)
    trickle, = opened(server.port, 1, b"GET / HTTP/1.1\r\n")
    start = time.monotonic()
    # A byte of header every half second does not reset the clock.
    for _ in range(int(REQUEST_SECONDS * 2) + 4):
        try:
            trickle.sendall(b"X")
        except OSError:
            break
        time.sleep(0.5)
    assert closed_by_server(trickle, 2) and time.monotonic() - start < REQUEST_SECONDS + 3
    assert closed_by_server(idle, 1)
    for sock in (idle, trickle):
        sock.close()


@pytest.mark.parametrize("how", ["idle", "trickling"])
def test_200_held_connections_lock_no_page_out(server: Server, how: str) -> None:
    first = b"" if how == "idle" else b"GET /" + b"x" * 10
    held = opened(server.port, 200, first)
    stop = threading.Event()

    def trickle() -> None:  # a byte on each held connection every half second
        for _ in range(40):
            for sock in held:
                with contextlib.suppress(OSError):
                    sock.send(b"x")
            if stop.wait(0.5):
                return

    sender = threading.Thread(target=trickle, daemon=True)
    if how == "trickling":
        sender.start()
    try:
        start = time.monotonic()
        page = request(server.view, timeout=5)
        assert page.status == 200 and b"<html" in page.body
        stream = Events(server.view, timeout=5)
        assert stream.next_state()["game"] == "t"
        reply = act(server.act, "note 'still served'", "t", timeout=20)
        assert reply.status == 200 and reply.json()["code"] == 0, reply.body
        assert stream.next_state()["notes"][-1] == "still served"
        stream.close()
        assert time.monotonic() - start < REQUEST_SECONDS
    finally:
        stop.set()
        if sender.is_alive():
            sender.join(5)
        for sock in held:
            sock.close()


def test_a_burst_of_100_pages_is_served(server: Server) -> None:
    streams = [Events(server.view, timeout=10) for _ in range(100)]
    try:
        assert all(stream.next_state()["game"] == "t" for stream in streams)
    finally:
        for stream in streams:
            stream.close()


def raw(port: int, head: bytes, body: bytes = b"") -> tuple[int, bytes]:
    """The status and body of one request written by hand."""
    with socket.create_connection((HOST, port), timeout=10) as sock:
        sock.sendall(head + body)
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    status = int(data.split(b" ", 2)[1])
    return status, data.partition(b"\r\n\r\n")[2]


def test_only_the_servers_own_host_names_and_origin_are_answered(server: Server) -> None:
    path = "/" + server.view.rsplit("/", 1)[1]
    for host in (f"127.0.0.1:{server.port}", f"localhost:{server.port}"):
        assert raw(server.port, f"GET {path} HTTP/1.1\r\nHost: {host}\r\n"
                   "Connection: close\r\n\r\n".encode())[0] == 200
    for host in ("evil.example", f"evil.example:{server.port}", "127.0.0.1:1", ""):
        status, body = raw(server.port, f"GET {path} HTTP/1.1\r\nHost: {host}\r\n"
                           "Connection: close\r\n\r\n".encode())
        assert (status, body) == (421, b"Misdirected Request"), host
    act_path = "/" + server.act.rsplit("/", 1)[1] + "/act"
    line = json.dumps({"line": "note 'from afar'", "game": "t"}).encode()
    for origin, expected in (("http://evil.example", 403), ("null", 403),
                             (f"http://127.0.0.1:{server.port}", 200)):
        status, _ = raw(server.port, (
            f"POST {act_path} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nOrigin: {origin}"
            f"\r\nContent-Type: application/json\r\nContent-Length: {len(line)}\r\n"
            "Connection: close\r\n\r\n").encode(), line)
        assert status == expected, origin


def test_a_nul_or_a_deep_json_body_is_a_400_and_one_line(server: Server) -> None:
    for line in ("note a\x00b", "t R7\nR6", "note \x7f"):
        reply = act(server.act, line, "t")
        assert reply.status == 400, line
        errors = reply.json()["errors"]
        assert len(errors) == 1 and errors[0].startswith("Error: ") and "\n" not in errors[0]
    deep = b"[" * 1000 + b"]" * 1000  # within the size limit, past the parser's depth
    reply = request(server.act + "/act", "POST", deep, {"content-type": "application/json"})
    assert reply.status == 400 and reply.json()["errors"][0].startswith("Error: expected")


def test_back_to_back_requests_on_one_connection_are_not_delayed(server: Server) -> None:
    """TCP_NODELAY on the server's sockets: no 40 ms wait for a delayed ACK."""
    import http.client

    connection = http.client.HTTPConnection(HOST, server.port, timeout=10)
    path = "/" + server.view.rsplit("/", 1)[1] + "/state"
    times = []
    try:
        for _ in range(20):
            start = time.perf_counter()
            connection.request("GET", path)
            response = connection.getresponse()
            response.read()
            assert response.status == 200
            times.append(time.perf_counter() - start)
    finally:
        connection.close()
    assert statistics.median(times[2:]) < 0.02, times
