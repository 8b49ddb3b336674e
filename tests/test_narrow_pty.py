"""Every help screen and every kind of error in a real 40x30 pseudo-terminal.

One ``python`` process runs in a pseudo-terminal of 40 columns (COLUMNS is
not set: the width comes from the terminal, as on a phone) and plays a
script: each step prints ``@@ ARGS`` then runs ``companion ARGS`` in that
process, then ``@@ exit CODE``. The transcript is compared with
``tests/golden/help.40.txt`` and ``tests/golden/errors.40.txt``;
regenerate with ``UPDATE_GOLDEN=1 pytest tests/test_narrow_pty.py``.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest

from companion.cli.colour import visible
from companion.cli.dispatch import is_group, target
from companion.cli.dispatch import names as names_at

pexpect = pytest.importorskip("pexpect")
if sys.platform == "win32":  # pragma: no cover
    pytest.skip("pseudo-terminals are POSIX", allow_module_level=True)

WIDTH, HEIGHT = 40, 30
GOLDEN = Path(__file__).parent / "golden"

DRIVER = r"""
import json, sys
from companion.cli.main import run_words
from companion.cli.output import set_plain

for step in json.loads(sys.argv[1]):
    if isinstance(step, dict):  # set-up: write a file as given
        open(step["path"], "w", encoding="utf-8").write(step["text"])
        continue
    shown = " ".join(step).encode("utf-8", "backslashreplace").decode("utf-8")
    sys.stdout.write("@@ " + shown + "\n")
    sys.stdout.flush()
    code = run_words(step)
    set_plain(False)
    sys.stdout.write(f"@@ exit {code}\n")
    sys.stdout.flush()
"""


def command_paths(path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """Every command and group declared, top first, in the order help lists them (a game's
    lines among them: typer never builds those)."""
    found = [path]
    names = names_at(path) if not path or is_group(target(path)) else []
    groups = [name for name in names if is_group(target((*path, name)))]
    for name in [*(name for name in names if name not in groups), *groups]:  # typer's order
        found += command_paths((*path, name))
    return found


def play(steps: list[Any], home: Path, term: str = "dumb") -> str:
    """The transcript of ``steps`` as a 40x30 terminal shows it, ``\\r\\n`` made ``\\n``.

    The data home is ``home`` given as a relative path (from its parent), so the
    paths in messages are the same on every machine.
    """
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "NO_COLOR")}
    env.update(COMPANION_HOME=home.name, TERM=term, PYTHONHASHSEED="0")
    home.mkdir(parents=True, exist_ok=True)
    child = pexpect.spawn(sys.executable, ["-c", DRIVER, json.dumps(steps)], env=env,
                          cwd=str(home.parent), encoding="utf-8",
                          dimensions=(HEIGHT, WIDTH), timeout=120)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0, child.before
    return str(child.before).replace("\r\n", "\n")


def check_golden(name: str, text: str) -> None:
    golden = GOLDEN / name
    if os.environ.get("UPDATE_GOLDEN"):
        golden.write_text(text, "utf-8")
    assert text == golden.read_text("utf-8"), f"{name} differs (UPDATE_GOLDEN=1)"


def too_wide(text: str) -> list[str]:
    return [line for line in text.splitlines()
            if len(visible(line)) > WIDTH and not line.startswith("@@ ")]


def test_every_help_screen_fits_40_columns(tmp_path: Path) -> None:
    paths = command_paths()
    assert len(paths) > 60  # the whole tree, not a part of it
    text = play([[*path, "--help"] for path in paths], tmp_path / "home")
    assert text.count("@@ exit 0\n") == len(paths), text
    assert not too_wide(text), too_wide(text)
    # No word is cut: every help screen's words are whole words of the command's help.
    assert "potion\ns" not in text and "card\ns" not in text
    check_golden("help.40.txt", text)


ERRORS: list[Any] = [
    ["hebrac", "status"],                                   # no game yet (bad input, 2)
    ["hebrac", "new", "--name", "g"],
    ["hebrac", "enter", "A1", "5S"],
    ["hebrac", "attack", "9H"],
    ["hebrac", "take", "3C"],
    ["hebrac", "enter", "C4", "4S"],                        # refused by a rule (1)
    ["hebrac", "next-level"],                               # refused, with the arithmetic
    ["hebrac", "enter", "A2", "ZZ"],                        # notation (2)
    ["hebrac", "attack"],                                   # usage: missing argument (2)
    ["hebrac", "attack", "4H", "--potoin", "5S"],           # usage: no such option (2)
    ["hebrac", "frobnicate"],                               # usage: no such command (2)
    ["hebrac", "status", "--game", "nobody-by-that-name"],  # game not found (2)
    ["tricky", "new", "Alexandra", "Bartholomew", "Christopher", "Dominique", "Eustace"],
    ["elbereth", "attack", "dragon", "1", "-g", "g"],      # wrong kind of game (2)
    ["hebrac", "attack", "4H", "\udcff"],                  # not UTF-8 (2)
    {"path": "games/broken.toml", "text": "kind = 'hebrac'\nactions = [unclosed\n"},
    ["hebrac", "status", "-g", "broken"],                  # data problem (3)
]


def test_every_kind_of_error_wraps_at_spaces(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (home / "games").mkdir(parents=True)
    steps = [{**s, "path": str(home / s["path"])} if isinstance(s, dict) else s
             for s in ERRORS]
    text = play(steps, home)
    assert not too_wide(text), too_wide(text)
    codes = {line.split()[-1] for line in text.splitlines() if line.startswith("@@ exit")}
    assert codes == {"0", "1", "2", "3"}
    # An error line may break only where a space was.
    for block in text.split("@@ ")[1:]:
        if "Error: " in block:
            error = block[block.index("Error: "):].split("\n@@")[0]
            assert " ".join(error.split()) in " ".join(error.split())
            assert all(line.startswith("  ") for line in error.splitlines()[1:]
                       if not line.startswith("exit")), error
    check_golden("errors.40.txt", text)


def test_colour_on_a_terminal_only_and_never_alone(tmp_path: Path) -> None:
    steps: list[Any] = [["hebrac", "new", "--name", "g"], ["hebrac", "enter", "A1", "9D"],
                        ["hebrac", "attack", "2H"], ["hebrac", "attack", "10H"],
                        ["--plain", "hebrac", "log"]]
    text = play(steps, tmp_path / "home", term="xterm")
    assert "attack 2 = 2 vs demon 9: \x1b[31mlose 7 life\x1b[0m," in text
    assert "\x1b[32mbattle won\x1b[0m" in text
    plain = text[text.index("@@ --plain"):]
    assert "\x1b[" not in plain and "lose 7 life" in " ".join(plain.split())
