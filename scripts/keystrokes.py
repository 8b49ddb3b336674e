#!/usr/bin/env python3
"""Keys typed per action, in the shell and as one-shot commands, for each game.

    python scripts/keystrokes.py [--markdown] [--list] [--example NAME ...]

Every action of the example games (examples/*.toml) is typed in its shortest
form the game accepts: the game's shortest alias, the verb's alias or
shortest unique prefix, each option's short flag or shortest unique prefix,
names of several words unquoted (``hand warrior steel sword``), names by a
unique start (``round barb``), and the options the game fills in itself
left out (a catalog card's numbers, the player whose turn it is).

Each short form is checked the way a player's line goes: each example is
replayed in a temporary data folder (``COMPANION_HOME``), in process, once
through the shell (``Shell.run_line``: its routing, the game's grammar and
engine) and once as one-shot commands (``companion.cli.main.run_words``);
both must save exactly the actions of the example, byte for byte. A shorter
form is kept only when the shell saved the same action with it (a trial
saved otherwise is undone). Enter counts as a key; the full-word figures are
the saved lines typed as they are.

The report ends with the actions that still need quotes, and why, and the names
typed with '_' for a space (a card new to the game and the catalog).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import shlex
import statistics
import sys
import tempfile
import tomllib
from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.cli import dispatch, grammar  # noqa: E402
from companion.errors import BadInput  # noqa: E402
from companion.game import KINDS  # noqa: E402
from companion.verbs import FLAG, SWITCH, Param, spell_options  # noqa: E402

PROGRAM = "companion"
COMMON = 3
"""The common verbs of a game: its three most typed in the examples."""

NAME_TYPES = {
    "hebrac": {"spell", "target"},  # cards and chambers are codes (7H, A1)
    "tricky": {"hero", "player", "trump"},  # cards are codes (G4)
    "halfdeck": {"card", "hero", "hero gear", "hero die"},
    "elbereth": {"enemy", "item", "boss", "card"},
}
"""Per game, the parameter types (companion/KIND/grammar.py) whose words are names,
which a player may type by a unique start."""

FREE_TEXT = {"text"}
"""Parameter types that are free words (a card's text): never shortened."""


# -- routing: the game's, verbs' and options' short forms (no game needed) ----------------
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


def short_option(kind: str, verb: str, option: str) -> str:
    """The option's short flag, else its shortest unique prefix (``--pris``)."""
    found = dispatch.target((kind, verb))
    if isinstance(found, dispatch.VerbCommand):  # a game's line: its verb table's options
        short = [p.short for p in (*found.verb.params, *found.verb.line)
                 if p.option == option and p.short]
        if short:
            return str(short[0])
        longs = sorted(w for w in dispatch.option_words((kind, verb))[0] if w.startswith("--"))
        if option not in longs:
            return option
        return _shortest(option, prefixes(option)[2:],
                         lambda c: spell_options(longs, [c]) == [option])
    from companion.cli.options import leaf

    command = leaf((kind, verb))
    for param in command.params:
        if option in param.opts:
            flags = [o for o in param.opts if not o.startswith("--")]
            if flags:
                return str(min(flags, key=len))
    names = [o for p in command.params for o in (*p.opts, *p.secondary_opts)
             if o.startswith("--")]
    if option not in names:
        return option  # read by the command itself (team-attack's '--assist')
    return _shortest(option, prefixes(option)[2:],
                     lambda c: spell_options(names, [c]) == [option])


# -- an action's parts, read with its verb table ------------------------------------------
class Part(NamedTuple):
    """One parameter as a saved line writes it: ``option`` (None for a positional word),
    its values, and which of them are names."""

    option: str | None
    values: tuple[str, ...]
    type: str
    names: tuple[int, ...]  # indexes of the values that are names


def parts(kind: str, action: str) -> tuple[str, list[Part]]:
    """The verb of a saved line and its parts, typed by the game's verb table."""
    verb_name, *words = shlex.split(action)
    verb = grammar.grammar_of(kind).verbs[verb_name]
    named = NAME_TYPES[kind]
    positional = [p for p in verb.params if p.positional]
    found: list[Part] = []
    at = 0
    number = 0
    while at < len(words):
        word = words[at]
        if word.startswith("--") and len(word) > 2:
            param = _option_param(verb.params, word)
            size = 0 if param.kind in (FLAG, SWITCH) else (2 if param.type == "hero die" else 1)
            values = tuple(words[at + 1:at + 1 + size])
            names = (0,) if size and param.type in named else ()  # --assist HERO ROLL: HERO
            found.append(Part(word, values, param.type, names))
            at += 1 + size
            continue
        param = positional[min(number, len(positional) - 1)]
        found.append(Part(None, (word,), param.type, (0,) if param.type in named else ()))
        number += 1
        at += 1
    return verb_name, found


def _option_param(params: Sequence[Param], word: str) -> Param:
    for param in params:
        if word in (param.option, "--no-" + param.option[2:], "--" + param.name):
            return param
    raise SystemExit(f"{word} is in no verb table")  # a save the tables cannot read


def shown(kind: str, verb: str, part: Part) -> list[str]:
    """A part typed short: its option's short form, names of several words unquoted when
    positional (an option's value is one word: it keeps its quotes)."""
    if part.option is None:
        value = part.values[0]
        return value.split() if part.type not in FREE_TEXT else [value]
    return [short_option(kind, verb, part.option), *part.values]


def short_action(kind: str, action: str) -> list[str]:
    """The action's words with the verb, options and names' spacing in their short form,
    checked by the dispatcher; no game is needed (names stay whole: only a game tells
    which starts are unique)."""
    verb, found = parts(kind, action)
    words = [short_verb(kind, verb), *(w for part in found for w in shown(kind, verb, part))]
    routed = dispatch.route([short_kind(kind), *words])
    if routed.path != (kind, verb):
        raise SystemExit(f"{kind} {action!r}: short form {words} reads as {routed.args}")
    return implicit(kind, verb, words)


def implicit(kind: str, verb: str, words: list[str]) -> list[str]:
    """``C1 3S`` for ``enter C1 3S`` where the game reads the verb from the first word."""
    if len(words) > 1 and grammar.implicit_verb(kind, words[1]) == verb:
        if dispatch.route([short_kind(kind), *words[1:]]).path == (kind, verb):
            return words[1:]
    return words


def needs_quotes(words: Sequence[str]) -> bool:
    return any(shlex.quote(word) != word for word in words)


def keys(words: Sequence[str]) -> int:
    return len(shlex.join(words)) + 1  # Enter


# -- the replay: the example typed into a game of a temporary data folder ---------------
@contextlib.contextmanager
def quiet() -> Iterator[io.StringIO]:
    """Output kept from the screen; stdin empty, so that nothing waits for an answer."""
    errors = io.StringIO()
    stdin = sys.stdin
    sys.stdin = io.StringIO("")
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(errors):
            yield errors
    finally:
        sys.stdin = stdin


class Table:
    """One example game, started afresh in the data folder and typed into the shell."""

    def __init__(self, kind: str, name: str, settings: dict[str, Any]) -> None:
        from companion.cli.shell import Shell
        from companion.session import Games

        self.kind = kind
        self.name = name
        self.games = Games()
        self.games.new(kind, settings, name)
        with quiet():
            self.shell = Shell(name, interactive=False)
        # The one file besides the save that an action writes: Half Deck's catalog learns
        # the cards a game uses. A trial must find it as the action found it.
        self.catalog = self.games.store.home / "halfdeck-cards.toml"
        self.kept: bytes | None = None
        self.pending = False  # the last trial saved an action not kept yet

    def saved(self) -> list[str]:
        return self.games.store.read(self.name).actions

    def begin(self) -> None:
        """A new action: a trial left saved is undone, and the catalog as it is now is
        what every trial starts from."""
        self.drop()
        self.kept = self.catalog.read_bytes() if self.catalog.exists() else None

    def drop(self) -> None:
        """Undo the last trial, if it saved an action not kept."""
        if self.pending:
            self.games.undo(self.name)
            self.pending = False

    def keep(self) -> None:
        """The last trial's action stays saved: the next action follows it."""
        self.pending = False

    def restore(self) -> None:
        """The catalog as the action found it."""
        if self.kept is None:
            self.catalog.unlink(missing_ok=True)
        elif not self.catalog.exists() or self.catalog.read_bytes() != self.kept:
            self.catalog.write_bytes(self.kept)

    def attempt(self, words: list[str]) -> tuple[str | None, str]:
        """Type ``words`` at the shell: the action it saved (None if refused), the error."""
        self.drop()
        self.restore()
        before = len(self.saved())
        with quiet() as errors:
            self.shell.run_line(shlex.join(words))
        after = self.saved()
        if len(after) == before:
            return None, errors.getvalue().strip().removeprefix("Error: ")
        self.pending = True
        return after[-1], ""


class Typed(NamedTuple):
    """One action: the saved line; keys in the shell and one-shot, short then full words;
    the short words; why they still need quotes, and why a name in them is joined with
    '_' ('' when not)."""

    action: str
    shell: int
    one_shot: int
    shell_full: int
    one_shot_full: int
    words: tuple[str, ...]
    quoted: str
    joined: str


class Found(NamedTuple):
    """An action's shortest words, why they need quotes, why a name is joined by '_'."""

    words: list[str]
    quoted: str
    joined: str


STYLES = ("words", "joined", "quoted")
"""How a positional name of several words is typed: its words (``steel sword``), joined
with '_' (``torn_map``: spaces, hyphens and underscores are alike in a name), quoted."""


def spell(value: str, style: str) -> list[str]:
    """A positional name's words, typed in ``style``."""
    if style == "words":
        return value.split()
    return [value.replace(" ", "_")] if style == "joined" else [value]


def outcome(saved: str | None, error: str) -> str:
    """What a trial did: refused (the error), or saved another action."""
    return f"refused: {error}" if saved is None else f"saves {saved!r}"


class Typing(NamedTuple):
    """How one part of an action is typed: ``mode`` 'full' (the option, then its values),
    'bare' (its values alone, as positional words), 'out' (left out: the game fills it
    in); ``values`` as typed (a name by its start); ``style`` a spaced name's (STYLES)."""

    mode: str
    values: tuple[str, ...]
    style: str = "words"


def shortest(table: Table, kind: str, action: str) -> Found:
    """The shortest words the shell saves as ``action`` with, found by trials in
    ``table`` (the action is left saved), and why they still need quotes or a '_'."""
    verb, found = parts(kind, action)
    head = short_verb(kind, verb)
    table.begin()

    def line(typing: Sequence[Typing]) -> list[str]:
        words = [head]
        for part, typed in zip(found, typing, strict=True):
            if typed.mode == "out":
                continue
            if part.option is None:
                words += (spell(typed.values[0], typed.style) if part.type not in FREE_TEXT
                          else list(typed.values))
                continue
            if typed.mode == "full":
                words.append(short_option(kind, verb, part.option))
            words += typed.values
        return words

    def works(typing: Sequence[Typing]) -> bool:
        return table.attempt(line(typing))[0] == action

    def changed(typing: list[Typing], at: int, **change: Any) -> list[Typing]:
        return [*typing[:at], typing[at]._replace(**change), *typing[at + 1:]]

    typing = [Typing("full", part.values) for part in found]
    spaced = [at for at, part in enumerate(found)
              if part.option is None and part.type not in FREE_TEXT and " " in part.values[0]]
    why: dict[int, str] = {}
    if not works(typing):  # a name typed in words not read as the saved line: one by one
        for at in spaced:
            typing = changed(typing, at, style="quoted")
        if not works(typing):
            raise SystemExit(f"{kind} {action!r}: {shlex.join(line(typing))!r} is not read "
                             "as it")
        for at in spaced:
            for style in ("words", "joined"):
                trial = changed(typing, at, style=style)
                saved, error = table.attempt(line(trial))
                if saved == action:
                    typing = trial
                    break
                if style == "words":
                    why[at] = outcome(saved, error)
    for at, part in enumerate(found):
        if part.option is None:
            continue
        for mode in ("out", "bare") if part.values else ("out",):
            trial = changed(typing, at, mode=mode)
            if works(trial):
                typing = trial
                break
    for at, part in enumerate(found):
        for index in part.names:
            if typing[at].mode == "out":
                continue
            for start in starts(part.values[index]):
                if part.option is not None and " " in start:
                    continue  # an option's value is one word
                values = (*part.values[:index], start, *part.values[index + 1:])
                trial = changed(typing, at, values=values)
                if works(trial):
                    typing = trial
                    break
    best = line(typing)
    bare = implicit(kind, verb, best)
    if len(bare) < len(best) and table.attempt(bare)[0] == action:
        best = bare
    if table.attempt(best)[0] != action:  # typed once more: the action stays saved
        raise SystemExit(f"{kind} {action!r}: {shlex.join(best)!r} no longer saves it")
    table.keep()
    joined = reason([at for at in spaced if typing[at].style == "joined"], found, why)
    quoted = ""
    if needs_quotes(best):
        quoted = reason([at for at in spaced if typing[at].style == "quoted"], found, why)
        quoted = quoted or quotes_reason(found, best)
    return Found(best, quoted, joined)


def reason(spaced: list[int], found: list[Part], why: dict[int, str]) -> str:
    """Why the names at ``spaced`` are not typed in words: the first refusal says it."""
    told = [at for at in spaced if at in why]
    if not told:
        return ""
    return (f"{', '.join(repr(found[at].values[0]) for at in told)} in words: "
            f"{why[told[0]]}")


def starts(name: str) -> list[str]:
    """A name's starts, shortest first, ending at a letter (``steel s``, not ``steel ``)."""
    return [name[:n] for n in range(1, len(name)) if name[n - 1] not in " -_"]


def quotes_reason(found: list[Part], words: list[str]) -> str:
    """Why ``words`` still hold a word with a space, when no name is to blame."""
    spaced = [word for word in words if shlex.quote(word) != word]
    for part in found:
        if part.option is not None and any(value in spaced for value in part.values):
            if part.type in FREE_TEXT:
                return (f"{part.option} is the card's own text: free words, one option "
                        "value")
            return f"{part.option} takes one word and no start of {part.values} is unique"
    return f"{spaced} cannot be typed otherwise"


def one_shot(kind: str, name: str, settings: dict[str, Any],
             typed: list[list[str]]) -> list[str]:
    """The short forms typed as one-shot commands into a new game: the actions saved."""
    from companion.cli.main import run_words
    from companion.session import Games

    games = Games()
    games.new(kind, settings, name)  # the current game: the commands name none
    for words in typed:
        with quiet() as errors:
            code = run_words([short_kind(kind), *words])
        if code != 0:
            raise SystemExit(f"{PROGRAM} {short_kind(kind)} {shlex.join(words)}: exit {code}: "
                             f"{errors.getvalue().strip()}")
    return games.store.read(name).actions


@contextlib.contextmanager
def data_folder() -> Iterator[Path]:
    """A temporary ``COMPANION_HOME`` (the one before is put back)."""
    from companion.session import keep_open

    before = os.environ.get("COMPANION_HOME")
    with tempfile.TemporaryDirectory(prefix="keystrokes-",
                                     dir="/dev/shm" if os.path.isdir("/dev/shm") else None
                                     ) as folder:
        os.environ["COMPANION_HOME"] = folder
        try:
            yield Path(folder)
        finally:
            keep_open(False)  # the shell kept its games open
            if before is None:
                os.environ.pop("COMPANION_HOME", None)
            else:
                os.environ["COMPANION_HOME"] = before


def examples(names: Sequence[str] = ()) -> list[dict[str, Any]]:
    """The example games (all, or those named), in file order."""
    found = []
    for path in sorted((ROOT / "examples").glob("*.toml")):
        record = tomllib.loads(path.read_text(encoding="utf-8"))
        if "kind" not in record or "actions" not in record:
            continue  # not a saved game (a card catalog)
        if not names or record["name"] in names or path.stem in names:
            found.append(record)
    missing = set(names) - {record["name"] for record in found}
    if missing:
        raise SystemExit(f"no example game named {', '.join(sorted(missing))}")
    return found


def measure(names: Sequence[str] = ()) -> dict[str, dict[str, list[Typed]]]:
    """Per game, per verb: each action typed (``Typed``), checked by both replays."""
    table: dict[str, dict[str, list[Typed]]] = defaultdict(lambda: defaultdict(list))
    with data_folder() as home:
        for record in examples(names):
            kind, name, settings = record["kind"], record["name"], record["settings"]
            catalog = home / "halfdeck-cards.toml"
            kept = catalog.read_bytes() if catalog.exists() else None
            game = Table(kind, name, settings)
            found = [shortest(game, kind, action) for action in record["actions"]]
            if game.saved() != record["actions"]:
                raise SystemExit(f"{name}: the shell saved other actions than the example")
            if kept is None:  # the one-shot replay starts from the same catalog
                catalog.unlink(missing_ok=True)
            else:
                catalog.write_bytes(kept)
            again = one_shot(kind, f"{name}-one-shot", settings, [f.words for f in found])
            if again != record["actions"]:
                wrong = next(i for i, (a, b) in enumerate(zip(again, record["actions"],
                                                              strict=False)) if a != b)
                raise SystemExit(f"{name}: one-shot {found[wrong].words} saved {again[wrong]!r}, "
                                 f"not {record['actions'][wrong]!r}")
            for action, (words, quoted, joined) in zip(record["actions"], found,
                                                       strict=True):
                table[kind][action.split()[0]].append(Typed(
                    action, keys(words), keys([PROGRAM, short_kind(kind), *words]),
                    len(action) + 1, len(f"{PROGRAM} {kind} {action}") + 1, tuple(words),
                    quoted, joined))
    return table


@cache
def common(kind: str) -> list[str]:
    """The common verbs of a game: the most typed in all its examples, most first."""
    counts = Counter(action.split()[0] for record in examples() if record["kind"] == kind
                     for action in record["actions"])
    return [verb for verb, _ in sorted(counts.items(), key=lambda x: (-x[1], x[0]))][:COMMON]


def counts(row: Typed) -> tuple[int, int, int, int]:
    """The keys of the table's four columns."""
    return row.shell, row.one_shot, row.shell_full, row.one_shot_full


def report(table: dict[str, dict[str, list[Typed]]], markdown: bool,
           every: bool = False) -> list[str]:
    """The table (a row per game, then its common verbs), examples, and the actions that
    still need quotes or a '_' (with ``every``, each action and its short form)."""
    rows: list[tuple[str, ...]] = [("Game", "actions", "shell", "one-shot",
                                    "shell, full words", "one-shot, full words", "quoted")]
    for kind in sorted(table):
        verbs = table[kind]
        done = [row for typed in verbs.values() for row in typed]
        rows.append((kind, str(len(done)),
                     *(f"{statistics.mean(counts(r)[i] for r in done):.1f}" for i in range(4)),
                     str(sum(bool(r.quoted) for r in done))))
        for verb in common(kind):
            typed = verbs.get(verb)
            if not typed:
                continue
            rows.append((f"{kind} {verb}", str(len(typed)),
                         *(f"{statistics.median(counts(r)[i] for r in typed):.0f} "
                           f"(max {max(counts(r)[i] for r in typed)})" for i in range(4)),
                         str(sum(bool(r.quoted) for r in typed))))
    if markdown:
        lines = ["| " + " | ".join(rows[0]) + " |", "|" + "---|" * len(rows[0])]
        lines += ["| " + " | ".join(row) + " |" for row in rows[1:]]
    else:
        lines = ["Keys per action, Enter included (examples/*.toml): a game's mean, a verb's "
                 "median (max); quoted: actions still typed with quotes"]
        lines += [f"{r[0]:<18} {r[1]:>7} {r[2]:>11} {r[3]:>12} {r[4]:>18} {r[5]:>21} "
                  f"{r[6]:>6}" for r in rows]
    lines.append("")
    for kind in sorted(table):
        for verb in common(kind):
            if not table[kind].get(verb):
                continue
            row = table[kind][verb][0]
            lines.append(f"e.g. {PROGRAM} {short_kind(kind)} {shlex.join(row.words)}"
                         f"   ({row.action})")
    rows_ = [(kind, verb in common(kind), row) for kind, verbs in sorted(table.items())
             for verb, typed in verbs.items() for row in typed]
    lines.append("")
    for kind in sorted(table):
        quoted = [(c, r) for k, c, r in rows_ if k == kind and r.quoted]
        lines.append(f"{kind}: {len(quoted)} action(s) still typed with quotes, "
                     f"{sum(c for c, _r in quoted)} of a common verb "
                     f"({', '.join(common(kind))})")
        for is_common, row in quoted:
            lines.append(f"  {shlex.join(row.words)}{'  (common)' if is_common else ''}"
                         f"  <- {row.quoted}")
    joined = [(kind, row) for kind, _c, row in rows_ if row.joined]
    if joined:
        lines.append(f"{len(joined)} action(s) name a card new to the game and the catalog "
                     "in several words, joined by '_' (in words, they read as more cards):")
        lines += [f"  {kind}: {shlex.join(row.words)}  <- {row.joined}" for kind, row in joined]
    if every:
        lines.append("")
        for kind, _is_common, row in rows_:
            lines.append(f"{kind}: {shlex.join(row.words):<40} {row.action}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--markdown", action="store_true", help="a table for the README")
    parser.add_argument("--example", action="append", default=[],
                        help="only this example game (its name; repeat)")
    parser.add_argument("--list", action="store_true",
                        help="also every action, its short form first")
    options = parser.parse_args(argv)
    table = measure(options.example)
    print("\n".join(report(table, options.markdown, options.list)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
