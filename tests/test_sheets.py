"""companion sheet: every kind, filled and blank, in text, Markdown and HTML."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.sheets.games import NOTE_CHARS, notes_section, parse_players
from companion.sheets.text import WIDTH
from tests.conftest import CLI
from tests.test_share import EXAMPLES
from tests.test_share_cli import example, save

BLANK_ARGS = {"hebrac": [], "tricky": ["--players", "3"], "halfdeck": [], "elbereth": []}
NAMES = [d["name"] for d in EXAMPLES]


@pytest.mark.parametrize("fmt", ["text", "md", "html"])
@pytest.mark.parametrize("name", NAMES)
def test_every_example_has_its_sheet_in_every_format(cli: CLI, home: Path, name: str,
                                                     fmt: str) -> None:
    data = example(name)
    save(home, data)
    result = cli("sheet", "--format", fmt)
    assert (result.code, result.err) == (0, "")
    if fmt == "text":
        assert max(len(line) for line in result.out.splitlines()) <= WIDTH
        assert result.out.endswith(f"Move it to another device: companion\nshare -g {name}\n")
    elif fmt == "md":
        assert result.out.startswith("## ")
        code = cli("share", "--text").out.strip()
        assert f"`{code}`" in result.out
    else:
        code = cli("share", "--text").out.strip()
        assert result.out.startswith("<!DOCTYPE html>")
        assert f'<meta name="companion-share-code" content="{code}">' in result.out
        assert '<svg class="qr"' in result.out


@pytest.mark.parametrize("fmt", ["text", "md", "html"])
@pytest.mark.parametrize("kind", list(BLANK_ARGS))
def test_every_kind_has_a_blank_sheet_in_every_format(cli: CLI, kind: str, fmt: str) -> None:
    result = cli("sheet", kind, "--blank", "--format", fmt, *BLANK_ARGS[kind])
    assert (result.code, result.err) == (0, "")
    assert "CMP1." not in result.out and "companion share" not in result.out
    if fmt == "text":
        assert max(len(line) for line in result.out.splitlines()) <= WIDTH
    if fmt == "html":
        assert "<svg" not in result.out  # no game, no QR code


def test_the_tricky_sheet_has_a_row_per_round_and_running_totals(cli: CLI, home: Path) -> None:
    save(home, example("tricky-4p"))
    out = cli("sheet", "--format", "md").out
    table = out[out.index("```") + 4:out.index("```", out.index("```") + 3)]
    rows = [line for line in table.splitlines() if re.match(r"\d+\. ", line)]
    assert len(rows) == 8
    assert "Total" in table
    assert "Cy wins with 17 gold." in out


def test_a_tricky_game_in_progress_leaves_rows_to_fill(cli: CLI, home: Path) -> None:
    data = example("tricky-3p")
    save(home, {**data, "actions": data["actions"][:12], "outcome": "playing"})
    html = cli("sheet", "--format", "html").out
    assert '<table class="writing">' in html
    assert html.count("<tr>") >= 6 + 2


def test_the_blank_tricky_sheet_has_the_rounds_of_the_player_count(cli: CLI) -> None:
    for players, rounds in (("2", 8), ("3", 6), ("4", 8)):
        html = cli("sheet", "tricky", "--blank", "--players", players, "--format", "html").out
        body = html[html.index("<h2>Rounds</h2>"):html.index("<h2>Result</h2>")]
        numbered = re.findall(r"<tr><td>(\d+)</td>", body)
        assert numbered == [str(n) for n in range(1, rounds + 1)]
        assert "Heroes, " in html and "Fairy Scout" in html  # the hero table on the side


def test_blank_tricky_names_head_the_gold_columns(cli: CLI) -> None:
    html = cli("sheet", "tricky", "--blank", "--players", "Ann,Bo", "--players", "Cy",
               "--format", "html").out
    assert '<th colspan="2">Ann</th><th colspan="2">Bo</th><th colspan="2">Cy</th>' in html
    same = cli("sheet", "tricky", "--blank", "--players", "Ann", "Bo", "Cy", "--format",
               "html").out
    assert same == html


@pytest.mark.parametrize(("args", "message"), [
    (["tricky", "--blank", "--players", "5"], "Tricky Dungeon is for 2 to 4 players, not 5"),
    (["tricky", "--blank", "--players", "Ann"], "Tricky Dungeon is for 2 to 4 players, not 1"),
    (["tricky", "--blank", "--players", "Annabelle-Lee", "Bo"],
     "'Annabelle-Lee' is a long name: at most 12 characters on the sheet"),
    (["tricky", "--blank", "--players", "Ann", "3"],
     "--players takes a count (3) or names (Ann Bo Cy), not both"),
    (["hebrac", "--blank", "--players", "2"], "Hebrac's Dungeon is played alone: leave out "
                                              "--players"),
    (["elbereth", "--blank", "--players", "2"], "Elbereth is played alone: leave out "
                                                "--players"),
    (["halfdeck", "--blank", "--players", "5"], "Half Deck Dungeon Heroes is for 1 to 4 "
                                                "players, not 5"),
    (["poker", "--blank"], "'poker' is not a game kind: expected hebrac, tricky, halfdeck or "
                           "elbereth"),
    (["--blank"], "which game? e.g. 'companion sheet hebrac --blank' (hebrac, tricky, "
                  "halfdeck or elbereth)"),
    (["hebrac", "--blank", "--format", "pdf"], "--format must be text, md or html, not 'pdf'"),
    (["hebrac", "--blank", "--paper", "a5"], "--paper must be a4 or letter, not 'a5'"),
    (["hebrac", "--blank", "--game", "g"], "--blank makes an empty sheet: leave out --game"),
    ([], "no current game: see 'companion games', or pass --game NAME; or an empty sheet "
         "to fill in by hand: 'companion sheet GAME_KIND --blank'"),
])
def test_sheet_refusals(cli: CLI, args: list[str], message: str) -> None:
    result = cli("sheet", *args)
    assert (result.code, result.out, result.err) == (2, "", f"Error: {message}\n")


def test_players_are_for_blank_sheets_only(cli: CLI, home: Path) -> None:
    save(home, example("tricky-2p"))
    assert cli("sheet", "--players", "3").err == (
        "Error: --players is for a blank sheet (--blank): a saved game has its own players\n")


def test_a_kind_that_does_not_match_the_game(cli: CLI, home: Path) -> None:
    save(home, example("tricky-2p"))
    refused = cli("sheet", "hebrac", "--game", "tricky-2p")
    # The store's words, with its hint on what acts on that game (tests/test_game_names.py).
    assert refused.code == 2, refused
    assert refused.err.startswith("Error: 'tricky-2p' is a tricky game, not hebrac")
    # Each kind keeps its own current game: the Tricky game is not Hebrac's.
    refused = cli("sheet", "hebrac")
    assert refused.code == 2 and "'companion hebrac new'" in refused.err


def test_blank_sheet_of_the_current_games_kind(cli: CLI, home: Path) -> None:
    save(home, example("elbereth-win"))
    assert cli("sheet", "--blank").out.startswith("ELBERETH: BLANK DUNGEON LOG\n")


def test_sheet_to_a_file_takes_its_format_from_the_name(cli: CLI, home: Path,
                                                        tmp_path: Path) -> None:
    save(home, example("hebrac-death"))
    target = tmp_path / "log.html"
    result = cli("sheet", "-o", str(target), "--paper", "letter")
    assert result.out == f"Wrote the adventure log (html, Letter) to {target}.\n"
    text = target.read_text("utf-8")
    assert text.startswith("<!DOCTYPE html>") and "@page { size: letter;" in text
    md = tmp_path / "log.md"
    assert cli("sheet", "-o", str(md)).out == f"Wrote the adventure log (md) to {md}.\n"
    assert md.read_text("utf-8").startswith("## Hebrac's Dungeon: adventure log\n")
    assert cli("sheet", "-o", str(tmp_path / "no" / "such" / "dir.txt")).code == 3


def test_a4_is_the_default_paper(cli: CLI) -> None:
    html = cli("sheet", "hebrac", "--blank", "--format", "html").out
    assert "@page { size: A4;" in html


def test_html_escapes_what_players_typed(cli: CLI, home: Path) -> None:
    data = example("hebrac-death")
    save(home, {**data, "notes": ["<script>alert(1)</script> & more"]})
    html = cli("sheet", "--format", "html").out
    assert "<script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; more" in html


def test_a_game_too_long_for_a_qr_code_says_so_on_paper(cli: CLI, home: Path) -> None:
    import random

    noise = random.Random(3)
    notes = ["".join(noise.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(480))
             for _ in range(12)]
    save(home, {**example("hebrac-death"), "notes": notes})
    html = cli("sheet", "--format", "html").out
    assert "share code of this game" not in html
    assert html.count("<svg") == 1  # the life chart's: no QR code
    assert "too long for a QR code" in html and "companion share -o FILE" in html


def test_notes_on_paper_are_the_last_few_and_short() -> None:
    sections = notes_section([f"note {n}" for n in range(9)] + ["y" * 500])
    texts = [getattr(block, "text", "") for block in sections[0].blocks]
    assert texts[0] == "(5 earlier notes are in the game.)"
    assert texts[1:5] == ["note 5", "note 6", "note 7", "note 8"]
    assert len(texts[5]) == NOTE_CHARS and texts[5].endswith("...")
    assert notes_section([]) == []


def test_parse_players() -> None:
    assert parse_players([]) is None
    assert parse_players(["3"]) == 3
    assert parse_players(["Ann, Bo", "Cy"]) == ["Ann", "Bo", "Cy"]


def test_a_hebrac_log_shows_each_level(cli: CLI, home: Path) -> None:
    save(home, example("hebrac-spells"))
    out = cli("sheet").out
    assert "Level 1 11/12\n" in out and "Level 2 (now)\n" in out
    assert "Remote Vision      1" in out
