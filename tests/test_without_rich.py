"""companion never imports rich, even where typer would use it (help, usage errors).

typer 0.28 requires rich and formats its help and errors with it unless told not to;
companion tells it not to (``rich_markup_mode=None``, ``pretty_exceptions_enable=False``,
``add_completion=False``): importing ``rich.console`` alone would cost about as much
start-up as a whole one-shot command. Here rich cannot be imported at all, so any path
that reached for it would fail instead of passing unnoticed.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

# Typer's own paths: help at each level, usage errors, a game's commands, a refusal.
COMMANDS = (
    ("--help",), ("hebrac", "--help"), ("hebrac", "check", "spell", "--help"),
    ("halfdeck", "cards", "--help"), ("games", "rm", "--help"), ("stats", "--help"),
    ("bogus",), ("hebrac", "attack", "--bogus"), ("tricky", "round"),
    ("sheet", "--paper", "x"), ("hebrac", "new", "--name", "g"), ("hebrac", "enter", "A1", "5S"),
    ("hebrac", "attack", "2H"), ("hebrac", "summary"), ("stats",), ("sheet",),
    ("hebrac", "take", "7C"),
)
CODES = [0] * 6 + [2] * 4 + [0] * 6 + [1]  # the last: no treasure before the battle is won

PROBE = """
import sys
sys.modules["rich"] = None  # 'import rich' now raises ImportError
from companion.cli.main import run_words
codes = [run_words(list(words)) for words in COMMANDS]
rich = sorted(m for m, module in sys.modules.items() if module is not None
              and (m == "rich" or m.startswith(("rich.", "typer.rich"))))
print("found", codes, rich, file=sys.stderr)
"""


def test_no_command_needs_rich(home: Path) -> None:
    env = {**os.environ, "COMPANION_HOME": str(home)}
    done = subprocess.run([sys.executable, "-c", f"COMMANDS = {COMMANDS!r}\n{PROBE}"],
                          env=env, capture_output=True, text=True, check=False)
    assert done.stderr.splitlines()[-1] == f"found {CODES} []", done.stderr
