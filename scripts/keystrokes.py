#!/usr/bin/env python3
"""Keys typed per action, in the shell and as one-shot commands, for each game.

    python scripts/keystrokes.py [--markdown]

Every action of the example games (examples/*.toml) is typed in its shortest
form the grammar accepts: the game's shortest alias, the verb's alias or
shortest unique prefix, each option's short flag or shortest unique prefix.
Each short form is checked through the dispatcher (``companion.cli.dispatch``)
to lead to the same command and options as the full words; a form it would
not accept stops the script. Enter counts as a key. The full-word figures are
the same actions typed out in full.
"""

from __future__ import annotations

import argparse
import shlex
import statistics
import sys
import tomllib
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.cli import dispatch, grammar  # noqa: E402
from companion.errors import BadInput  # noqa: E402
from companion.game import KINDS  # noqa: E402

PROGRAM = "companion"
TYPICAL = {"hebrac": ("attack", "enter", "take")}


def _shortest(word: str, candidates: list[str], accepted: Any) -> str:
    for candidate in sorted(candidates, key=len):
        try:
            if accepted(candidate):
                return candidate
        except BadInput:  # a prefix two names share
            continue
    return word


def prefixes(word: str) -> list[str]:
    return [word[:n] for n in range(1, len(word) + 1)]


def short_kind(kind: str) -> str:
    return _shortest(kind, [*KINDS[kind].aliases, *prefixes(kind)],
                     lambda c: dispatch.pick_top(c) == kind)


def short_verb(kind: str, verb: str) -> str:
    aliases = [a for a, name in grammar.aliases(kind).items() if name == verb]
    return _shortest(verb, [*aliases, *prefixes(verb)],
                     lambda c: dispatch.pick_in((kind,), c) == verb)


def short_option(command: Any, option: str) -> str:
    for param in command.params:
        if option in param.opts:
            flags = [o for o in param.opts if not o.startswith("--")]
            if flags:
                return min(flags, key=len)
    names = dispatch.option_names(command)
    return _shortest(option, prefixes(option)[2:],
                     lambda c: dispatch.long_options(names, [c]) == [option])


def short_action(kind: str, action: str) -> list[str]:
    """The action's words in their shortest accepted form, checked by the dispatcher."""
    verb, *rest = shlex.split(action)
    command = dispatch.leaf((kind, verb))
    words = [short_verb(kind, verb)]
    words += [short_option(command, w) if w.startswith("--") else w for w in rest]
    kind_word = short_kind(kind)
    found = dispatch.route([kind_word, *words])
    spelled = dispatch.long_options(dispatch.option_names(command), found.args[found.at:])
    expected = [kind, verb, *rest]
    for number, word in enumerate(spelled):  # a short flag stands for its long option
        long = next((o for p in command.params if word in p.opts for o in p.opts
                     if o.startswith("--")), word)
        spelled[number] = long if word.startswith("-") and not word.startswith("--") else word
    if found.args[:found.at] + spelled != expected:
        raise SystemExit(f"{kind} {action!r}: short form {words} reads as {found.args}")
    if rest and grammar.implicit_verb(kind, rest[0]) == verb:  # 'C1 3S' for 'enter C1 3S'
        bare = dispatch.route([kind_word, *words[1:]])
        if bare.args == found.args:
            return words[1:]
    return words


def keys(words: list[str]) -> int:
    return len(shlex.join(words)) + 1  # Enter


def measure() -> dict[str, dict[str, list[tuple[str, int, int, int, int]]]]:
    """Per game, per verb: (action, shell short, one-shot short, shell full, one-shot full)."""
    table: dict[str, dict[str, list[tuple[str, int, int, int, int]]]] = defaultdict(
        lambda: defaultdict(list))
    for path in sorted((ROOT / "examples").glob("*.toml")):
        record = tomllib.loads(path.read_text(encoding="utf-8"))
        if "kind" not in record or "actions" not in record:
            continue  # not a saved game (a card catalog)
        kind = record["kind"]
        for action in record["actions"]:
            short = short_action(kind, action)
            full = shlex.split(action)
            table[kind][full[0]].append((
                action, keys(short), keys([PROGRAM, short_kind(kind), *short]),
                keys(full), keys([PROGRAM, kind, *full])))
    return table


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--markdown", action="store_true", help="a table for the README")
    options = parser.parse_args(argv)
    table = measure()
    rows = [("Game", "actions", "shell", "one-shot", "shell, full words",
             "one-shot, full words")]
    for kind, verbs in table.items():
        done = [row for rows_ in verbs.values() for row in rows_]
        rows.append((kind, str(len(done)), *(f"{statistics.mean(r[i] for r in done):.1f}"
                                              for i in (1, 2, 3, 4))))
        for verb in TYPICAL.get(kind, ()):
            typed = verbs.get(verb, [])
            if typed:
                rows.append((f"{kind} {verb}", str(len(typed)),
                             *(f"{statistics.median(r[i] for r in typed):.0f} "
                               f"(max {max(r[i] for r in typed)})" for i in (1, 2, 3, 4))))
    if options.markdown:
        print("| " + " | ".join(rows[0]) + " |")
        print("|" + "---|" * len(rows[0]))
        for row in rows[1:]:
            print("| " + " | ".join(row) + " |")
    else:
        print("Keys per action, Enter included (examples/*.toml): a game's mean; a verb's "
              "median (max)")
        for row in rows:
            print(f"{row[0]:<14} {row[1]:>7} {row[2]:>10} {row[3]:>10} {row[4]:>18} "
                  f"{row[5]:>21}")
    examples = [(kind, verb, rows_[0]) for kind, verbs in table.items()
                for verb, rows_ in verbs.items() if verb in TYPICAL.get(kind, ())]
    for kind, _verb, row in examples:
        action = row[0]
        short = short_action(kind, action)
        print(f"  e.g. {PROGRAM} {short_kind(kind)} {shlex.join(short)}   ({action})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
