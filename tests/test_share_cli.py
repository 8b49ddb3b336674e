"""companion share / import: exact messages, QR codes that scan, and games that move."""

from __future__ import annotations

import io
import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import share
from companion.codejson import checksum
from companion.current import read_pointer
from companion.store import GameRecord, Store
from tests.conftest import CLI
from tests.test_share import EXAMPLES, craft, game


def save(home: Path, data: dict[str, Any], name: str | None = None) -> str:
    """Put an example game in ``home`` as a saved game (made current)."""
    from companion.game import load_kind

    store = Store(home)
    record = GameRecord(kind=data["kind"], name=name or data["name"],
                        settings=load_kind(data["kind"]).normalize_settings(data["settings"]),
                        actions=list(data["actions"]),
                        notes=list(data.get("notes", [])), outcome=data["outcome"])
    with store.lock(record.name):
        store.write(record, new=True)
    store.set_current(record.name)
    return record.name


def example(name: str) -> dict[str, Any]:
    return next(d for d in EXAMPLES if d["name"] == name)


def short_game(home: Path) -> str:
    """Three Hebrac actions, no notes: a QR code of version 2 (25 modules)."""
    return save(home, {"kind": "hebrac", "name": "short", "settings": {},
                       "actions": ["enter A1 5S", "attack 9H", "take 3D"],
                       "outcome": "playing"})


def files(home: Path) -> list[str]:
    return sorted(str(p.relative_to(home)) for p in home.rglob("*")) if home.exists() else []


# -- reading a terminal QR code back, as a phone's camera would -------------------------
def scan(lines: list[str], *, ascii_only: bool = False, invert: bool = False) -> list[str]:
    """Draw the text on a dark screen (light text), or a light one when ``invert``;
    a character cell is twice as tall as wide. Return what a QR decoder reads."""
    if os.environ.get("CI") != "true":
        pytest.importorskip("zxingcpp")
    import zxingcpp

    rows: list[list[bool]] = []
    for line in lines:
        if ascii_only:
            rows.append([c == "#" for c in line])
        else:
            rows.append([c in "\u2588\u2580" for c in line])
            rows.append([c in "\u2588\u2584" for c in line])
    wide, tall = 4, (8 if ascii_only else 4)
    ink, screen = (0, 255) if invert else (255, 0)
    margin = 3
    width = (max(map(len, rows)) + 2 * margin) * wide
    height = (len(rows) + 2 * margin) * tall
    pixels = bytearray([screen]) * (width * height)
    for y, row in enumerate(rows):
        for x, lit in enumerate(row):
            if lit:
                for line_y in range((y + margin) * tall, (y + margin + 1) * tall):
                    start = line_y * width + (x + margin) * wide
                    pixels[start:start + wide] = bytes([ink]) * wide
    image = memoryview(bytes(pixels)).cast("B", (height, width))
    return [found.text for found in zxingcpp.read_barcodes(image, try_invert=False)]


# -- share ------------------------------------------------------------------------------
def test_share_prints_a_qr_code_that_fits_40_columns_and_scans(cli: CLI, home: Path) -> None:
    short_game(home)
    code = cli("share", "--text").out.strip()
    result = cli("share")
    assert result.code == 0 and result.err == ""
    lines = result.out.splitlines()
    qr_lines, message = lines[:-3], lines[-3:]
    assert message == [
        f"short: 3 actions, {len(code)} characters.",
        "Scan it, then on the other device:",
        "companion import CODE",
    ]
    assert len(qr_lines) == 15 and {len(line) for line in qr_lines} == {29}
    assert set("".join(qr_lines)) <= {"\u2588", "\u2580", "\u2584", " "}
    assert qr_lines[0] == "\u2588" * 29  # the quiet zone: light on a dark screen
    assert scan(qr_lines) == [code]


@pytest.mark.parametrize(("options", "ascii_only", "invert"), [
    (["--ascii"], True, False), (["--invert"], False, True), (["--ascii", "--invert"], True, True),
    (["--qr"], False, False)])
def test_ascii_and_inverted_qr_codes_scan(cli: CLI, home: Path, options: list[str],
                                          ascii_only: bool, invert: bool) -> None:
    short_game(home)
    code = cli("share", "--text").out.strip()
    result = cli("share", *options)
    assert result.code == 0
    lines = result.out.splitlines()[:-3]
    if ascii_only:
        assert set("".join(lines)) <= {"#", " "} and len(lines) == 29
    assert scan(lines, ascii_only=ascii_only, invert=invert) == [code]


def test_a_qr_code_too_wide_for_the_screen_is_refused_plainly(cli: CLI, home: Path) -> None:
    save(home, example("hebrac-spells"))
    result = cli("share")
    assert (result.code, result.out) == (2, "")
    assert result.err == (
        "Error: too wide: the QR code of 'hebrac-spells' needs 47 columns and this screen "
        "has 40. Use --text to print the code, or -o FILE to save it in a file.\n")


def test_a_39_action_game_fits_40_columns_with_a_thinner_quiet_zone(cli: CLI,
                                                                   home: Path) -> None:
    """hebrac-spells without its note: a version 5 code (37 modules). With the usual
    two modules of margin it needs 41 columns; with one it fits, and still scans."""
    data = dict(example("hebrac-spells"), notes=[])
    save(home, data, name="hebrac-1")
    code = cli("share", "--text").out.strip()
    result = cli("share")
    assert result.code == 0
    lines = result.out.splitlines()[:-3]
    assert {len(line) for line in lines} == {39} and len(lines) == 20
    assert scan(lines) == [code]


def test_a_wider_screen_shows_the_longer_code(cli: CLI, home: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    name = save(home, example("hebrac-spells"))
    code = cli("share", "--text").out.strip()
    monkeypatch.setenv("COLUMNS", "80")
    result = cli("share")
    assert result.code == 0
    lines = result.out.splitlines()
    assert lines[-1] == "Scan it, then on the other device: companion import CODE"
    assert lines[-2] == f"{name}: 39 actions, {len(code)} characters."
    assert scan(lines[:-2]) == [code]


def test_a_code_too_long_for_any_qr_code(cli: CLI, home: Path) -> None:
    import random

    noise = random.Random(7)
    notes = ["".join(noise.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(480))
             for _ in range(16)]
    save(home, {**example("hebrac-death"), "notes": notes})
    length = len(cli("share", "--text").out.strip())
    assert length > 4296
    result = cli("share")
    assert (result.code, result.out) == (2, "")
    assert result.err == (
        f"Error: too long for a QR code: the share code of 'hebrac-death' is {length} "
        "characters, a QR code holds at most 4296. Use --text to print the code, or -o FILE "
        "to save it in a file.\n")


def test_share_text_is_the_code_on_one_line(cli: CLI, home: Path) -> None:
    data = example("tricky-3p")
    save(home, data)
    result = cli("share", "--text", "-g", "tricky-3p")
    assert result.out == share.encode(data["kind"], data["name"], data["settings"],
                                      data["actions"], data["notes"]) + "\n"


def test_share_to_a_file(cli: CLI, home: Path, tmp_path: Path,
                         monkeypatch: pytest.MonkeyPatch) -> None:
    short_game(home)
    monkeypatch.chdir(tmp_path)
    result = cli("share", "-o", "game.txt")
    code = (tmp_path / "game.txt").read_text("utf-8")
    assert code == cli("share", "--text").out
    assert result.code == 0
    assert result.out == (
        f"Wrote the share code of 'short' ({len(code) - 1}\n"
        "characters) to game.txt. On the other\n"
        "device: companion import game.txt\n")


def test_a_path_is_printed_with_its_spaces_as_they_are(cli: CLI, home: Path, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    short_game(home)
    monkeypatch.chdir(tmp_path)
    result = cli("share", "-o", "a  b.txt")
    assert (tmp_path / "a  b.txt").exists()
    assert "companion import a  b.txt" in result.out


@pytest.mark.parametrize("options", [["--text", "--qr"], ["--text", "-o", "x"],
                                     ["--ascii", "--text"], ["--invert", "-o", "x"]])
def test_share_options_that_do_not_mix(cli: CLI, home: Path, options: list[str]) -> None:
    short_game(home)
    result = cli("share", *options)
    assert result.code == 2 and result.err.startswith("Error: ")


def test_share_without_a_game(cli: CLI) -> None:
    result = cli("share")
    assert (result.code, result.err) == (
        2, "Error: no current game: see 'companion games', or pass --game NAME\n")


# -- import -----------------------------------------------------------------------------
@pytest.mark.parametrize("data", EXAMPLES, ids=lambda d: d["name"])
def test_a_game_moves_between_homes_with_identical_status(
        data: dict[str, Any], cli: CLI, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first, second = tmp_path / "phone", tmp_path / "laptop"
    monkeypatch.setenv("COMPANION_HOME", str(first))
    save(first, data)
    code = cli("share", "--text").out.strip()
    before = {cmd: cli(data["kind"], cmd, "--json").out for cmd in ("status", "log")}
    monkeypatch.setenv("COMPANION_HOME", str(second))
    result = cli("import", code)
    count = len(data["actions"])
    assert result.code == 0, result.err
    assert " ".join(result.out.splitlines()[:2]).startswith(
        f"Imported '{data['name']}' ({data['kind']}, {count} action")
    assert {cmd: cli(data["kind"], cmd, "--json").out for cmd in ("status", "log")} == before
    moved = Store(second).read(data["name"])
    assert (moved.settings, moved.actions, moved.notes, moved.outcome) == (
        data["settings"], data["actions"], data.get("notes", []), data["outcome"])
    assert read_pointer(second) == data["name"]


def test_import_prints_the_game(cli: CLI, home: Path) -> None:
    code = craft(game(name="moved"))
    result = cli("import", code)
    assert result.code == 0
    assert result.out.splitlines()[:2] == ["Imported 'moved' (hebrac, 2 actions),",
                                           "now current."]
    assert result.out.splitlines()[2:] == cli("hebrac", "status").out.splitlines()[1:]


def test_import_never_overwrites_without_force(cli: CLI, home: Path) -> None:
    cli("import", craft(game(name="g")))
    before = files(home)
    saved = (home / "games" / "g.toml").read_bytes()
    result = cli("import", craft(game(name="g", actions=["enter A1 7D"])))
    assert (result.code, result.out) == (2, "")
    assert result.err == "Error: a game named 'g' already exists: give another with --name " \
                         "NAME, or replace it with --force\n"
    assert files(home) == before and (home / "games" / "g.toml").read_bytes() == saved


def test_import_under_another_name(cli: CLI, home: Path) -> None:
    cli("import", craft(game(name="g")))
    result = cli("import", craft(game(name="g")), "--name", "copy")
    assert result.code == 0 and result.out.startswith("Imported 'copy' (hebrac, 2 actions)")
    assert Store(home).read("copy").actions == Store(home).read("g").actions
    assert cli("import", craft(game()), "--name", "no/slash").code == 2


def test_import_with_force_replaces_and_keeps_a_backup(cli: CLI, home: Path) -> None:
    cli("import", craft(game(name="g")))
    old = (home / "games" / "g.toml").read_text("utf-8")
    result = cli("import", craft(game(name="g", actions=["enter A1 7D"])), "--force")
    assert result.code == 0
    backup = home / "backups" / "g.1.toml"
    assert result.out.startswith(
        f"Imported 'g' (hebrac, 1 action) in place\nof the old one, kept as\n{backup};\n"
        "now current.\nLevel 1  life 15/15")
    assert backup.read_text("utf-8") == old
    assert Store(home).read("g").actions == ["enter A1 7D"]


@pytest.mark.parametrize("code", [
    "CMP1.AAAA.00000000",
    "CMP9.AAAA.00000000",
    "nonsense-file.txt",
])
def test_failed_imports_write_nothing(cli: CLI, home: Path, code: str) -> None:
    cli("import", craft(game(name="kept")))
    before = files(home)
    result = cli("import", code)
    assert result.code == 2 and result.out == "" and result.err.startswith("Error: ")
    assert files(home) == before
    assert read_pointer(home) == "kept"


@pytest.mark.parametrize(("payload", "reason"), [
    (game(actions=["enter A1 5S", "attack QX"]),
     "action 2 'attack QX' does not replay: 'QX' is not a card"),
    (game(kind="elbereth"), "the game's settings are not valid"),
    ({**game(), "evil": 1}, "the code's data has an unknown field 'evil'"),
])
def test_import_says_why_and_writes_nothing(cli: CLI, home: Path, payload: dict[str, Any],
                                            reason: str) -> None:
    result = cli("import", craft(payload))
    assert result.code == 2
    assert result.err.startswith(f"Error: {reason}")
    assert files(home) == []


def test_import_from_a_file_and_from_stdin(cli: CLI, home: Path, tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    code = craft(game(name="from-file"))
    path = tmp_path / "code.txt"
    path.write_text(f"Our game, scan or paste:\n{code}\n", "utf-8")
    assert cli("import", str(path)).code == 0
    stream = io.TextIOWrapper(io.BytesIO(craft(game(name="from-stdin")).encode()))
    monkeypatch.setattr(sys, "stdin", stream)
    assert cli("import", "-").code == 0
    assert Store(home).names() == ["from-file", "from-stdin"]


def test_import_from_an_html_sheet(cli: CLI, home: Path, tmp_path: Path,
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    save(home, example("hebrac-win"))
    page = tmp_path / "sheet.html"
    assert cli("sheet", "--format", "html", "-o", str(page)).code == 0
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path / "other"))
    result = cli("import", str(page))
    assert result.code == 0, result.err
    assert Store(tmp_path / "other").read("hebrac-win").actions == example("hebrac-win")[
        "actions"]


def test_import_of_files_that_hold_no_code(cli: CLI, home: Path, tmp_path: Path) -> None:
    missing = cli("import", str(tmp_path / "nope.txt"))
    assert missing.err == f"Error: {str(tmp_path / 'nope.txt')!r} is neither a share code " \
                          "(CMP2....) nor a file\n"
    binary = tmp_path / "photo.jpg"
    binary.write_bytes(b"\xff\xd8\xff\xe0" * 10)
    assert cli("import", str(binary)).err == f"Error: {binary} is not UTF-8 text: not a share " \
                                            "code\n"
    huge = tmp_path / "huge.txt"
    huge.write_bytes(b"CMP1." + b"A" * (1024 * 1024))
    assert cli("import", str(huge)).err == f"Error: {huge} holds more than 1048576 bytes: " \
                                          "not a share code\n"
    assert cli("import", str(tmp_path)).code == 2  # a folder
    assert files(home) == []


def test_import_json_output_is_not_offered(cli: CLI) -> None:
    assert cli("import", "--json", "x").code == 2


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(text=st.text(min_size=1, max_size=200).filter(lambda t: t != "-"
                                                     and not t.startswith("-")))
def test_random_text_given_to_import_is_refused_cleanly(cli: CLI, home: Path,
                                                        text: str) -> None:
    result = cli("import", text)
    assert result.code == 2
    assert result.out == ""
    assert result.err.startswith("Error: ") and result.err.count("\n") == 1
    assert not (home / "games").exists() or not list((home / "games").glob("*.toml"))


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(body=st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", max_size=120))
def test_random_codes_with_right_checksums_are_refused_cleanly(cli: CLI, home: Path,
                                                               body: str) -> None:
    result = cli("import", f"CMP1.{body}.{checksum('CMP', 1, body)}")
    assert result.code == 2 and result.err.startswith("Error: ")
    assert not list(home.rglob("*.toml"))


def test_the_status_json_of_an_import_matches(cli: CLI, home: Path) -> None:
    cli("import", craft(game(name="g")))
    data = json.loads(cli("hebrac", "status", "--json").out)
    assert data["life"] == 15 and data["position"] == "A1"
