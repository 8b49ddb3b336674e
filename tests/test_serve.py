"""The live table without a browser: links, addresses, the state, the page's lines, and
the server over HTTP on 127.0.0.1 (a process of its own, stopped as Ctrl-C stops it).

The browser's side is ``tests/test_serve_browser.py``; the shell's ``serve``,
``tests/test_serve_shell.py``; what other commands import,
``tests/test_serve_imports.py``.
"""

from __future__ import annotations

import json
import os
import signal
import stat
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from companion.current import read_pointer
from companion.errors import BadInput
from companion.serve import links as table_links
from companion.serve.state import Source, build, command_words
from companion.store import Store
from tests.serve_helpers import (
    Events,
    Server,
    act,
    companion,
    companion_process,
    example,
    links_in,
    request,
    save_game,
)

SECOND = 1.0  # what 'live' promises: an action saved shows within a second


# -- links and addresses ----------------------------------------------------------------
def test_links_are_kept_private_and_renewed_on_demand(tmp_path: Path) -> None:
    first = table_links.links(tmp_path)
    assert len(first.view) >= 22 and len(first.act) >= 22 and first.view != first.act
    assert table_links.links(tmp_path) == first  # a restarted server keeps its links
    path = tmp_path / table_links.LINKS_FILE
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    renewed = table_links.links(tmp_path, renew=True)
    assert renewed.view != first.view and renewed.act != first.act
    assert table_links.links(tmp_path) == renewed


@pytest.mark.parametrize("plant", ["readable by others", "a symlink", "damaged", "same twice"])
def test_a_planted_or_damaged_links_file_is_never_used(tmp_path: Path, plant: str) -> None:
    path = tmp_path / table_links.LINKS_FILE
    known = "A" * 22
    if plant == "readable by others":
        path.write_text(f"view {known}\nact {'B' * 22}\n")
        path.chmod(0o644)
    elif plant == "a symlink":
        target = tmp_path / "elsewhere"
        target.write_text(f"view {known}\nact {'B' * 22}\n")
        target.chmod(0o600)
        path.symlink_to(target)
    elif plant == "damaged":
        path.write_text("view short\nact <script>\n")
        path.chmod(0o600)
    else:
        path.write_text(f"view {known}\nact {known}\n")
        path.chmod(0o600)
    found = table_links.links(tmp_path)
    assert known not in found
    assert not path.is_symlink() and stat.S_IMODE(path.stat().st_mode) == 0o600


def test_secrets_are_compared_whole() -> None:
    secret = "abcdefghijklmnopqrstuv"
    assert table_links.same(secret, secret)
    for other in ("", secret[:-1], secret + "x", secret.upper(), "\udcff" * 22, "é" * 22):
        assert not table_links.same(other, secret)


@pytest.mark.parametrize("host", ["127.0.0.1", "192.168.1.20", "10.0.0.5", "172.16.3.4",
                                  "100.64.1.2", "::1", "fe80::1", "fd00::5"])
def test_local_addresses_are_taken(host: str) -> None:
    assert table_links.check_host(host) == host


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "0", "8.8.8.8", "2001:4860::8888",
                                  "224.0.0.1", "localhost", "example.org", "", "1.2.3.4.5",
                                  "[::ffff:0.0.0.0]", "::ffff:0.0.0.0", "::ffff:8.8.8.8",
                                  "[::ffff:224.0.0.1]"])
def test_other_addresses_are_refused(host: str) -> None:
    with pytest.raises(BadInput):
        table_links.check_host(host)


def test_an_ipv4_mapped_address_is_the_ipv4_address_it_stands_for() -> None:
    assert table_links.check_host("[::ffff:127.0.0.1]") == "127.0.0.1"
    assert table_links.check_host("::ffff:192.168.1.20") == "192.168.1.20"


def test_the_lan_address_is_an_address() -> None:
    """Found from the routing table alone (a UDP socket's connect sends nothing)."""
    import ipaddress

    ipaddress.ip_address(table_links.lan_address())


def test_links_with_ipv6_hosts_are_bracketed() -> None:
    assert table_links.url("::1", 8765, "s") == "http://[::1]:8765/s"
    assert table_links.url("127.0.0.1", 8765, "s") == "http://127.0.0.1:8765/s"


# -- the state ----------------------------------------------------------------------------
EXAMPLES = ["hebrac-spells", "tricky-4p", "halfdeck-coop", "elbereth-bosses"]


@pytest.mark.parametrize("name", EXAMPLES)
@pytest.mark.parametrize("played", [None, 7])
def test_the_state_is_the_status_json_and_log_of_the_commands(
        tmp_path: Path, name: str, played: int | None) -> None:
    data = example(name)
    save_game(tmp_path, data, "g", played)
    state = build(tmp_path, "g")
    kind = data["kind"]
    status = companion(tmp_path, kind, "status", "--json")
    assert status.returncode == 0, status.stderr
    assert state["status"] == json.loads(status.stdout)
    log = json.loads(companion(tmp_path, kind, "log", "--json").stdout)["actions"]
    assert state["rulings"] == [{"number": a["number"], "action": a["action"],
                                 "lines": a["ruling"]} for a in log[-5:]]
    assert state["actions"] == len(log) and state["kind"] == kind and state["game"] == "g"
    assert state["text"] and all(len(line) <= 40 for line in state["text"])
    assert state["chart"]["series"] and state["chart"]["measure"] in ("life", "gold", "equipment")
    ended = state["outcome"] != "playing"
    assert (state["summary"] is not None) == ended
    if ended:
        summary = json.loads(companion(tmp_path, kind, "summary", "--json").stdout)
        assert summary["outcome"] == state["outcome"]
    json.dumps(state)  # plain JSON values only


def test_a_save_that_does_not_replay_is_the_stores_own_error(tmp_path: Path) -> None:
    save_game(tmp_path, example("hebrac-win"), "g", 3)
    path = Store(tmp_path).path("g")
    path.write_text(path.read_text().replace('"enter A1 AS"', '"enter A9 AS"'))
    state = build(tmp_path, "g")
    assert "error" in state and "A9" in state["error"] and "status" not in state
    assert build(tmp_path, "nothing")["error"].startswith("no saved game named")
    assert build(tmp_path, None)["game"] is None


def test_the_source_sees_every_save_and_a_switch(tmp_path: Path) -> None:
    save_game(tmp_path, example("tricky-4p"), "a", 3)
    save_game(tmp_path, example("hebrac-win"), "b", 2, current=False)
    source, pinned = Source(tmp_path), Source(tmp_path, "b")
    seen, seen_pinned = source.signature(), pinned.signature()
    assert seen[0] == "a" and seen_pinned[0] == "b"
    assert companion(tmp_path, "tricky", "trick", "Y4", "G4", "Y7", "R6").returncode == 0
    assert source.signature() != seen
    seen = source.signature()
    Store(tmp_path).set_current("b")
    assert source.signature()[0] == "b" and pinned.signature() == seen_pinned


# -- a line typed on a page ---------------------------------------------------------------
@pytest.mark.parametrize(("kind", "line", "words"), [
    ("hebrac", "a 4h", ["attack", "4h"]),
    ("hebrac", "C1 3S", ["enter", "C1", "3S"]),
    ("hebrac", "att 4h -p 3s", ["attack", "4h", "-p", "3s"]),
    ("hebrac", "cast remote vision --with 9d", ["cast", "remote", "vision", "--with", "9d"]),
    ("hebrac", "-", ["undo"]),
    ("hebrac", "u 2", ["undo", "2"]),
    ("tricky", "t b3 g1 b1", ["trick", "b3", "g1", "b1"]),
    ("tricky", "note 'a b' c", ["note", "a b", "c"]),
    ("elbereth", "a rat 4", ["attack", "rat", "4"]),
])
def test_a_page_takes_the_shells_forms(kind: str, line: str, words: list[str]) -> None:
    assert command_words(kind, "g", line) == ["--plain", kind, *words, "--game", "g"]


@pytest.mark.parametrize("line", [
    "", "   ", "shell", "serve", "games rm g", "share -o x", "sheet -o /tmp/x", "import x",
    "new --name x", "rules paralysis", "a 4h --game other", "a 4h -g other", "a 4h -gother",
    "a 4h --ga other", "a 4h --game=other", "a 4h -jg other", "note -- --game x",
    "'unclosed", "zzz", "check", "x" * 600,
])
def test_a_page_takes_nothing_else(line: str) -> None:
    with pytest.raises(BadInput):
        command_words("hebrac", "g", line)


# -- the server -----------------------------------------------------------------------------
@pytest.fixture
def tricky_home(tmp_path: Path) -> Path:
    home = tmp_path / "home"
    save_game(home, example("tricky-4p"), "t", 10)
    return home


def test_only_the_secret_addresses_answer_and_all_else_is_one_404(tricky_home: Path) -> None:
    with Server(tricky_home) as server:
        base = server.view.rsplit("/", 1)[0]
        secret = server.view.rsplit("/", 1)[1]
        found = table_links.links(tricky_home)
        assert secret == found.view
        page = request(server.view)
        assert page.status == 200 and page.headers["content-type"].startswith("text/html")
        assert request(server.view + "/").status == 200
        policy = page.headers["content-security-policy"]
        assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
        assert "script-src 'sha256-" in policy and "default-src 'none'" in policy
        assert page.headers["referrer-policy"] == "no-referrer"
        # Self-contained: nothing loaded from anywhere (the one URL is SVG's namespace).
        assert b"https:" not in page.body and b" src=" not in page.body
        assert b" href=" not in page.body and b"@import" not in page.body
        assert request(server.view + "/state").json()["game"] == "t"
        wrong = [base + "/", base + "/" + secret[:-1], base + "/" + secret + "x",
                 base + "/" + secret.upper(), base + "/" + found.act,
                 base + "/" + found.act + "/state", server.view + "/act",
                 server.view + "/nothing", server.view + "/state/x", base + "/favicon.ico",
                 base + "/" + secret + "/../" + secret, base + "//" + secret]
        replies = [request(url) for url in wrong]
        replies.append(act(server.view, "t R7 R6 R0 R2", "t"))  # acting needs --players-act
        replies.append(act(base + "/" + found.act, "t R7 R6 R0 R2", "t"))
        for url, reply in zip([*wrong, "act view", "act"], replies, strict=True):
            assert (reply.status, reply.body) == (404, b"Not Found"), url
        assert request(server.view + "/state", "POST").status == 405
        assert request(server.view + "/events", "DELETE").status == 405
        code, out, err = server.stop()
    assert code == 0 and "Traceback" not in err and err == "", err
    assert Store(tricky_home).read("t").actions == example("tricky-4p")["actions"][:10]


def test_the_banner_is_one_screen_with_the_view_code_and_an_unbroken_link(
        tricky_home: Path) -> None:
    """At 40 columns: the view QR code and the whole link within 30 screen rows (a
    longer line wraps: it counts its rows), and no act link in sight."""
    from tests.test_share_cli import scan

    with Server(tricky_home, "--players-act") as server:
        rows = sum(max(1, -(-len(line) // 40)) for line in server.lines)
        assert rows <= 30, server.lines
        codes = _codes(server.lines)
        assert len(codes) == 1 and scan(codes[0]) == [server.view]
        link = server.view
        assert link in server.lines  # on a line of its own, whole
        act_secret = table_links.links(tricky_home).act
        assert not any(act_secret in line for line in server.lines)
        assert any("--act-links" in line for line in server.lines)
        server.stop()


def test_act_links_are_asked_for_one_screen_each_and_each_player_is_named(
        tricky_home: Path) -> None:
    from tests.test_share_cli import scan

    with Server(tricky_home, "--players-act") as server:
        done = companion(tricky_home, "serve", "--act-links", "--host", "127.0.0.1",
                         "--port", str(server.port))
        lines = done.stdout.splitlines()
        found = links_in(lines)
        assert sorted(found) == ["Act", "Ann", "Bo", "Cy", "Di"]
        screens = "\n".join(lines).split("\n\n")
        assert len(screens) == 6  # the header, then one screen per link
        for screen, (name, link) in zip(screens[1:], found.items(), strict=True):
            rows = screen.split("\n")
            assert sum(max(1, -(-len(row) // 40)) for row in rows) <= 30
            assert scan(_codes(rows)[0]) == [link], name
        assert len(set(found.values())) == 5
        # A player's link acts, and every page says who did what.
        stream = Events(server.view)
        stream.next_state()
        reply = act(found["Bo"], "t R7 R6 R0 R2", "t")
        assert reply.json()["code"] == 0
        state = _until(stream, lambda s: (s.get("news") or {}).get("who") == "Bo"
                       and s["actions"] == 11)
        assert state["news"] == {"who": "Bo", "undid": False, "what": "t R7 R6 R0 R2",
                                 "at": state["news"]["at"]}
        assert state["who"] == {"11": "Bo"} and state["players"] == ["Ann", "Bo", "Cy", "Di"]
        assert act(found["Cy"], "undo", "t").json()["code"] == 0
        state = _until(stream, lambda s: s["news"]["who"] == "Cy")
        assert state["news"]["undid"] and state["news"]["what"] == "trick R7 R6 R0 R2"
        stream.close()
        server.stop()
    # Without --players-act no act link answers, the players' neither.
    with Server(tricky_home) as server:
        for link in found.values():
            assert request(link.rsplit("/", 1)[0].rsplit(":", 1)[0] + f":{server.port}/"
                           + link.rsplit("/", 1)[1] + "/state").status == 404
        server.stop()


def _until(stream: Events, check: Any) -> dict[str, Any]:
    for _ in range(10):
        state = stream.next_state()
        if check(state):
            return state
    raise AssertionError("not seen")


def _codes(lines: list[str]) -> list[list[str]]:
    codes: list[list[str]] = []
    current: list[str] = []
    for line in [*lines, ""]:
        if set(line) <= set(" \u2588\u2580\u2584") and line.strip():
            current.append(line)
        elif current:
            codes.append(current)
            current = []
    return codes


def test_every_save_reaches_every_page_within_a_second(tricky_home: Path) -> None:
    """A one-shot command, an undo, a redo; a game started meanwhile moves no page (the
    server shows the game it was started for), and a save of that game still reaches
    every page."""
    with Server(tricky_home) as server:
        streams = [Events(server.view) for _ in range(3)]
        assert all(s.next_state()["actions"] == 10 for s in streams)
        steps = [("tricky", "trick", "R7", "R6", "R0", "R2"), ("tricky", "undo"),
                 ("tricky", "redo"), ("hebrac", "new", "--name", "h"),
                 ("tricky", "note", "still here", "--game", "t")]
        for words in steps:
            done = companion(tricky_home, *words)
            assert done.returncode == 0, done.stderr
            if words[1] == "new":
                assert read_pointer(tricky_home) == "h"
                assert request(server.view + "/state").json()["game"] == "t"
                continue
            expected = ("t", len(Store(tricky_home).read("t").actions))
            results: list[tuple[object, object]] = []
            readers = [threading.Thread(target=_read_next, args=(s, results)) for s in streams]
            for reader in readers:
                reader.start()
            for reader in readers:
                reader.join(SECOND)
            assert results == [expected] * 3, (words, results)
        for stream in streams:
            stream.close()
        server.stop()


def _read_next(stream: Events, results: list[tuple[object, object]]) -> None:
    state = stream.next_state()
    results.append((state["game"], state.get("actions")))


def test_a_pinned_game_is_not_switched_and_a_finished_game_is_a_recap(tmp_path: Path) -> None:
    home = tmp_path / "home"
    save_game(home, example("tricky-3p"), "done")
    save_game(home, example("hebrac-win"), "other", 2)
    with Server(home, "--game", "done", "--players-act") as server:
        state = request(server.view + "/state").json()
        assert state["game"] == "done" and state["outcome"] == "finished"
        assert state["summary"][0].startswith("done: Bo wins")
        reply = act(server.act, "t R1 R2 R3", "done")  # a finished game takes no action
        assert reply.status == 200 and reply.json()["code"] == 1
        assert reply.json()["errors"][0].startswith("Error: ")
        assert request(server.view + "/state").json()["game"] == "done"
        server.stop()


def test_an_action_from_a_page_is_the_shells_answer_and_saved_once(tricky_home: Path,
                                                                     tmp_path: Path) -> None:
    copy = tmp_path / "copy"
    save_game(copy, example("tricky-4p"), "t", 10)
    with Server(tricky_home, "--players-act") as server:
        stream = Events(server.view)
        stream.next_state()
        reply = act(server.act, "t R7 R6 R0 R2", "t")
        expected = companion(copy, "--plain", "tricky", "trick", "R7", "R6", "R0", "R2")
        assert reply.status == 200
        assert reply.json() == {"code": 0, "lines": expected.stdout.splitlines(), "errors": []}
        assert stream.next_state()["actions"] == 11
        assert Store(tricky_home).read("t").actions == Store(copy).read("t").actions
        # Refused by a rule: the same error line and exit code, and the file unchanged.
        before = Store(tricky_home).read_raw("t")
        reply = act(server.act, "t R7 R7 R7 R7", "t")
        refused = companion(copy, "tricky", "trick", "R7", "R7", "R7", "R7")
        assert reply.json() == {"code": refused.returncode, "lines": [],
                                "errors": refused.stderr.splitlines()}
        assert refused.returncode in (1, 2) and Store(tricky_home).read_raw("t") == before
        # Not the page's: refused before anything runs.
        reply = act(server.act, "games rm t", "t").json()
        assert reply["code"] == 2 and "not taken from the table's page" in reply["errors"][0]
        reply = act(server.act, "undo", "t").json()
        assert reply["code"] == 0 and reply["lines"][0] == "Undone: trick R7 R6 R0 R2"
        assert len(Store(tricky_home).read("t").actions) == 10
        reply = act(server.act, "t R7 R6 R0 R2", "another")
        assert reply.status == 409
        stream.close()
        server.stop()


def test_two_pages_acting_at_once_lose_nothing(tmp_path: Path) -> None:
    """Six lines from pages and three one-shot commands at the same time: the page's
    commands and the others take the store's lock in turn."""
    home = tmp_path / "home"
    kept = save_game(home, example("hebrac-win"), "g", 0).notes
    with Server(home, "--players-act") as server:
        pages = [f"from page {n}" for n in range(6)]
        commands = [f"from command {n}" for n in range(3)]
        codes: list[int] = []
        link = server.act
        threads = [threading.Thread(target=lambda n=n: codes.append(
            act(link, f"note '{n}'", "g").json()["code"])) for n in pages]
        threads += [threading.Thread(target=lambda n=n: codes.append(  # processes of their own
            companion_process(home, "hebrac", "note", n).returncode)) for n in commands]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        assert codes == [0] * 9
        assert sorted(Store(home).read("g").notes) == sorted([*kept, *pages, *commands])
        server.stop()


def test_limits_on_size_type_and_rate(tricky_home: Path) -> None:
    with Server(tricky_home, "--players-act") as server:
        big = json.dumps({"line": "note " + "x" * 3000, "game": "t"}).encode()
        reply = request(server.act + "/act", "POST", big, {"content-type": "application/json"})
        assert reply.status == 413
        reply = request(server.act + "/act", "POST", b"note hi", {"content-type": "text/plain"})
        assert reply.status == 415
        reply = request(server.act + "/act", "POST", b"[1]", {"content-type": "application/json"})
        assert reply.status == 400
        # Ten at once per device (the three above among them), then one a second.
        codes = [act(server.act, "zzz", "t").status for _ in range(12)]
        assert codes[:6] == [200] * 6 and 429 in codes, codes
        server.stop()


def test_ctrl_c_stops_it_cleanly_with_pages_open_and_it_starts_again(tricky_home: Path) -> None:
    server = Server(tricky_home)
    with server:
        streams = [Events(server.view) for _ in range(4)]
        for stream in streams:
            stream.next_state()
        start = time.monotonic()
        code, out, err = server.stop(timeout=10)
        assert time.monotonic() - start < 5
        assert code == 0 and err == "" and "Stopped serving" in out
        for stream in streams:
            list(stream.events())  # each page's stream ends (no wait for a timeout)
            stream.close()
    with Server(tricky_home, port=server.port) as again:  # same port, same links
        assert again.view == server.view
        assert request(again.view + "/state").json()["actions"] == 10
        again.stop(signal.SIGTERM)


def test_it_refuses_what_it_cannot_serve(tmp_path: Path, tricky_home: Path) -> None:
    empty = tmp_path / "empty"
    done = companion_process(empty, "serve", "--host", "127.0.0.1", "--port", "0")
    assert done.returncode == 2 and done.stderr.startswith("Error: no current game")
    done = companion_process(tricky_home, "serve")  # no terminal: the address must be named
    assert done.returncode == 2 and "--host" in done.stderr
    for host in ("0.0.0.0", "8.8.8.8", "nonsense"):
        done = companion_process(tricky_home, "serve", "--host", host)
        assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    with Server(tricky_home) as server:
        done = companion_process(tricky_home, "serve", "--host", "127.0.0.1", "--port",
                                 str(server.port))
        assert done.returncode == 2 and "cannot listen" in done.stderr
        server.stop()
    assert not (empty / table_links.LINKS_FILE).exists()


def test_new_links_end_the_old_ones(tricky_home: Path) -> None:
    with Server(tricky_home) as server:
        old = server.view
        server.stop()
    with Server(tricky_home, "--new-links", port=server.port) as server:
        assert server.view != old
        assert request(old + "/state").status == 404
        assert request(server.view + "/state").status == 200
        server.stop()


def test_the_server_writes_no_save(tricky_home: Path) -> None:
    games = {p: p.read_bytes() for p in (tricky_home / "games").iterdir()}
    with Server(tricky_home) as server:
        for _ in range(3):
            request(server.view + "/state")
        server.stop()
    assert {p: p.read_bytes() for p in (tricky_home / "games").iterdir()} == games
    assert not (tricky_home / "backups").exists() or not os.listdir(tricky_home / "backups")


# -- what a page offers to tap, and who has a link of their own ------------------------
@pytest.mark.parametrize(("name", "players"), [
    ("tricky-4p", ["Ann", "Bo", "Cy", "Di"]), ("halfdeck-coop", ["player 1", "player 2"]),
    ("halfdeck-win", []), ("hebrac-win", []), ("elbereth-win", [])])
def test_players_with_links_of_their_own(tmp_path: Path, name: str,
                                         players: list[str]) -> None:
    from companion.serve.state import players as players_of

    save_game(tmp_path, example(name), "g", 4)
    assert players_of(build(tmp_path, "g")) == players
    secrets = {table_links.player_secret("act-secret", p) for p in players}
    assert len(secrets) == len(players) and "act-secret" not in secrets
    assert all(len(s) == 22 for s in secrets)


@pytest.mark.parametrize("name", EXAMPLES)
def test_the_pad_is_the_games_own_verb_table(tmp_path: Path, name: str) -> None:
    from companion.cli.grammar import grammar_of

    save_game(tmp_path, example(name), "g", 6)
    state = build(tmp_path, "g")
    pad = state["pad"]
    grammar = grammar_of(state["kind"])
    assert [verb["name"] for verb in pad["verbs"]] == list(grammar.verbs)
    assert set(pad["now"]) <= set(grammar.verbs)
    assert pad["now"] and all(f"'{verb}" in state["status"]["next"] for verb in pad["now"])
    for verb in pad["verbs"]:
        takes = [p.type for p in grammar.verbs[verb["name"]].params if p.positional]
        assert verb["takes"] == takes
    if state["kind"] == "hebrac":  # every spell offered is one 'cast' reads
        from companion.hebrac.rules import find_spell

        assert pad["names"]["spell"] and all(
            find_spell(spell).id == spell for spell in pad["names"]["spell"])


def test_a_pages_command_runs_in_the_server_and_prints_what_a_pipe_gets(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]) -> None:
    """The page's command runs in this process (no process is started), and its answer is
    byte for byte what the one-shot command prints on a pipe: the lines, the error line,
    the exit code, the width a pipe has; another thread's output is not caught."""
    import subprocess
    import sys

    from companion.serve.app import run

    home, copy = tmp_path / "home", tmp_path / "copy"
    for folder in (home, copy):
        save_game(folder, example("tricky-4p"), "t", 10)
    monkeypatch.setenv("COMPANION_HOME", str(home))
    monkeypatch.delenv("COLUMNS", raising=False)
    lines = [["tricky", "trick", "R7", "R6", "R0", "R2"],
             ["tricky", "trick", "R7", "R7", "R7", "R7"], ["tricky", "status"],
             ["tricky", "undo"], ["tricky", "note", "a note"], ["tricky", "log"]]
    expected = []
    for words in lines:
        found = subprocess.run([sys.executable, "-m", "companion", "--plain", *words,
                                "--game", "t"], env={**os.environ, "COMPANION_HOME": str(copy)},
                               timeout=60, capture_output=True, text=True, check=False,
                               stdin=subprocess.DEVNULL)
        expected.append((found.returncode, found.stdout.splitlines(), found.stderr.splitlines()))

    def no_process(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a process was started")

    monkeypatch.setattr(subprocess, "Popen", no_process)
    stop = threading.Event()

    def chatter() -> None:  # the shell beside the server, printing meanwhile
        while not stop.is_set():
            sys.stdout.write("shell\n")
            time.sleep(0.001)

    beside = threading.Thread(target=chatter)
    beside.start()
    try:
        got = [tuple(run(["--plain", *words, "--game", "t"], home)) for words in lines]
    finally:
        stop.set()
        beside.join(5)
    assert got == expected
    assert expected[1][0] == 1 and expected[1][2][0].startswith("Error: ")
    assert Store(home).read("t").actions == Store(copy).read("t").actions
    assert Store(home).read("t").notes == Store(copy).read("t").notes
    shown = capfd.readouterr().out.splitlines()
    assert shown and set(shown) == {"shell"}


def test_several_games_are_served_each_at_a_link_of_its_own(tmp_path: Path) -> None:
    """'serve -g a -g b': one link per game (each page shows its own game and acts on
    it only), the act links per game on request, and a game started later moves none."""
    home = tmp_path / "home"
    save_game(home, example("tricky-4p"), "t", 10)
    save_game(home, example("hebrac"), "h", 3)
    with Server(home, "--players-act", "--game", "t", "-g", "h", "--game", "t") as server:
        served = [line for line in server.lines if line.startswith("Serving ")]
        assert served == ["Serving t (Tricky Dungeon).", "Serving h (Hebrac's Dungeon)."]
        views = [line for line in server.lines if line.startswith("http://")]
        assert len(views) == 2 and len(set(views)) == 2
        assert table_links.links(home).view not in " ".join(views)
        assert [request(link + "/state").json()["game"] for link in views] == ["t", "h"]
        done = companion(home, "serve", "--act-links", "--host", "127.0.0.1", "--port",
                         str(server.port), "-g", "t", "-g", "h")
        lines = done.stdout.splitlines()
        acts = [next(link for link in lines[at:] if link.startswith("http://"))
                for at, line in enumerate(lines) if line == "The host acts with:"]
        assert done.returncode == 0 and len(acts) == 2 and "Bo acts with:" in lines
        stream = Events(views[1])
        assert stream.next_state()["game"] == "h"
        assert act(acts[0], "t R7 R6 R0 R2", "h").status == 409  # t's link acts on t only
        assert act(acts[0], "t R7 R6 R0 R2", "t").json()["code"] == 0
        assert len(Store(home).read("t").actions) == 11
        assert act(acts[1], "undo", "h").json()["code"] == 0
        assert _until(stream, lambda s: s["actions"] == 2)["game"] == "h"
        assert len(Store(home).read("t").actions) == 11
        save_game(home, example("tricky-2p"), "later", 2)  # now the current game
        assert [request(link + "/state").json()["game"] for link in views] == ["t", "h"]
        stream.close()
        server.stop()
    with Server(home, "-g", "h") as server:  # one game keeps the table's own link
        assert server.view.rsplit("/", 1)[1] == table_links.links(home).view
        server.stop()
