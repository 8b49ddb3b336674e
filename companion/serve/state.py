"""What a page shows: the saved game, read through the engines' own status.

``status`` is exactly what ``companion KIND status --json`` prints (the
engine's ``status()`` under the game's name and the JSON schema), and the
rest comes from the same replay: the last rulings with their one-line
arithmetic, the chart the sheets draw (``companion.history``), and the
summary once the game has ended. Nothing here writes a save.
"""

from __future__ import annotations

import contextlib
import os
import re
import shlex
import sys
from collections.abc import Callable, Iterable
from hashlib import blake2b
from pathlib import Path
from typing import Any

from companion.cli.grammar import grammar_of
from companion.cli.output import JSON_SCHEMA
from companion.current import current_name, save_path
from companion.errors import BadInput, CompanionError
from companion.store import Store
from companion.verbs import MAX_ACTION_CHARS

RULINGS = 5
NOTES = 5
WIDTH = 40
"""The page shows the engines' text at the width of a phone's terminal."""

# inotify(7) event bits: a file written and closed (0x8), renamed out or in (0x40, 0x80),
# made (0x100) or removed (0x200).
_IN_EVENTS = 0x8 | 0x40 | 0x80 | 0x100 | 0x200


class Source:
    """The game a table shows: ``pinned``, else the current game whatever it becomes.
    Whether anything changed is told cheaply by the current-game pointer and the stat of
    the save (every save is a new file renamed into place: a new inode).

    With ``watch``, the kernel tells the table when a file in the data folder or its
    ``games`` folder changes (inotify, Linux and Android): every save by any process is
    a rename there, so a page hears of it at once instead of at the next look."""

    def __init__(self, home: Path, pinned: str | None = None) -> None:
        self.home = home
        self.pinned = pinned
        self.fd = -1
        self.games_watched = False
        self._libc: Any = None
        self._loop: Any = None

    def signature(self) -> tuple[str | None, tuple[int, int, int] | None]:
        """Changes whenever the game shown or its save does (a small read, an ``lstat``)."""
        name = self.pinned if self.pinned is not None else current_name(self.home)
        try:
            found = os.lstat(save_path(self.home, name)) if name is not None else None
        except OSError:
            found = None
        return name, None if found is None else (found.st_ino, found.st_size, found.st_mtime_ns)

    def watch(self, loop: Any, changed: Callable[[], None]) -> bool:
        """Call ``changed`` when told of a change; whether it could be set up (else the
        table looks on a timer)."""
        if not sys.platform.startswith("linux"):
            return False
        try:
            import ctypes

            self._libc = ctypes.CDLL(None, use_errno=True)
            self.fd = self._libc.inotify_init1(os.O_NONBLOCK | os.O_CLOEXEC)
        except (OSError, AttributeError, ImportError):
            return False
        if self.fd < 0 or not self._add(self.home):
            self.close()
            return False
        self._add_games()
        loop.add_reader(self.fd, self._read, changed)
        self._loop = loop
        return True

    def _add(self, folder: Path) -> bool:
        return bool(self._libc.inotify_add_watch(self.fd, os.fsencode(folder), _IN_EVENTS) >= 0)

    def _add_games(self) -> None:
        if not self.games_watched:  # the games folder may be made after the start
            self.games_watched = self._add(self.home / "games")

    def _read(self, changed: Callable[[], None]) -> None:
        try:
            while os.read(self.fd, 65536):
                pass
        except BlockingIOError:
            pass
        except OSError:
            return
        self._add_games()
        changed()

    def close(self) -> None:
        if self.fd >= 0:
            if self._loop is not None:
                self._loop.remove_reader(self.fd)
            os.close(self.fd)
            self.fd = -1


def build(home: Path, name: str | None) -> dict[str, Any]:
    """The state of game ``name`` as every page shows it (plain JSON values)."""
    if name is None:
        return {"game": None, "version": "none",
                "message": "No game yet: start one, e.g. 'companion tricky new Ann Bo'."}
    store = Store(home)
    try:
        raw = store.read_raw(name)
        record = store.decode(name, raw)
    except CompanionError as error:
        return _problem(name, str(error))
    version = blake2b(raw, digest_size=12).hexdigest()
    try:
        shown = _replayed(record)
    except Exception as fault:  # a save that does not replay: the store's own words for it
        try:
            store.open(name)
        except CompanionError as error:
            return _problem(name, str(error))
        return _problem(name, f"unexpected {type(fault).__name__} while reading {name!r} (a "
                        "fault in companion: please report it)")
    return {"game": name, "version": version, "kind": record.kind, **shown,
            "actions": len(record.actions), "undone": len(record.redo),
            "notes": record.notes[-NOTES:], "note_count": len(record.notes)}


# -- what a page offers to tap --------------------------------------------------------
_NEXT_VERB = re.compile(r"'([a-z][a-z-]*)")
NUMBERS = list(range(13))
DIE = list(range(1, 7))


def pad(kind: str, status: dict[str, Any]) -> dict[str, Any]:
    """What a page offers to tap for a game of ``kind`` now (its verbs from its verb table,
    a card picker, the names the game knows by kind, numbers): a tap only adds a word to
    the line, which is sent as typed (the shell's own reading)."""
    grammar = grammar_of(kind)
    verbs = [{"name": verb.name,
              "takes": [param.type for param in verb.params if param.positional],
              "many": any(param.kind == "rest" for param in verb.params)}
             for verb in grammar.verbs.values()]
    now = [word for word in _NEXT_VERB.findall(str(status.get("next") or ""))
           if word in grammar.verbs]  # the verbs its 'next' names, shown first
    names: dict[str, list[str]] = {}
    cards: dict[str, Any] | None = None
    if kind == "hebrac":
        from companion.cards import RANKS, SUITS
        from companion.hebrac.rules import spells

        cards = {"first": list(RANKS), "second": list(SUITS), "single": ["JK"]}
        names.update(dict.fromkeys(("chamber", "target", "card-or-chamber", "chamber-card"),
                                   sorted(status.get("chambers") or {})))
        names["spell"] = _names(spells)
    elif kind == "tricky":
        from companion.tricky.heroes import heroes_in

        settings = status.get("settings") or {}
        colours = [str(c)[:1].upper() for c in settings.get("colours") or []]
        cards = {"first": colours, "second": [str(n) for n in range(8)], "single": []}
        hero_set = str(settings.get("set") or "all")
        names["hero"] = _names(lambda: [hero.id for hero in heroes_in(
            hero_set if hero_set in "ABC" else "all")])
    elif kind == "halfdeck":
        heroes = [str(h.get("name")) for h in status.get("heroes") or [] if isinstance(h, dict)]
        hands = status.get("hands") or {}
        names.update(dict.fromkeys(("hero", "hero gear", "hero die"), heroes))
        names["card"] = sorted({str(c) for hand in hands.values() for c in hand})
    elif kind == "elbereth":
        names["item"] = list((status.get("equipment") or {}).keys())
        names["boss"] = list((status.get("bosses_met") or {}).keys())
    return {"verbs": verbs, "now": now, "cards": cards, "names": names,
            "numbers": {"int": NUMBERS, "die": DIE, "hero die": DIE}}


def _names(found: Callable[[], Iterable[str]]) -> list[str]:
    """The names ``found`` gives, or none where the rules' data cannot give them."""
    try:
        return list(found())
    except (KeyError, ValueError, CompanionError):
        return []


def players(state: dict[str, Any]) -> list[str]:
    """The names of those who may each have an act link of their own: Tricky's players,
    the players of a Half Deck game of more than one (``player 1``...); none else."""
    status = state.get("status") or {}
    if state.get("kind") == "tricky":
        return [str(name) for name in status.get("players") or []]
    if state.get("kind") == "halfdeck":
        seats = sorted({int(hero.get("player", 1)) for hero in status.get("heroes") or []
                        if isinstance(hero, dict)})
        return [f"player {seat}" for seat in seats] if len(seats) > 1 else []
    return []


def _problem(name: str, text: str) -> dict[str, Any]:
    return {"game": name, "version": "error " + blake2b(text.encode(), digest_size=8).hexdigest(),
            "error": text}


def _replayed(record: Any) -> dict[str, Any]:
    from companion.editions import saved
    from companion.game import kind_info, load_kind
    from companion.history import traced

    module = load_kind(record.kind)
    settings = module.normalize_settings(saved(record.settings))
    actions = record.actions
    # Traced up to the last rulings, which are replayed here to have their lines.
    split = max(0, len(actions) - RULINGS)
    tracer = traced(record.kind, settings, actions[:split])
    engine = tracer.engine
    rulings = []
    for number in range(split, len(actions)):
        applied = engine.apply(actions[number])
        tracer.after(actions[number])
        rulings.append({"number": number + 1, "action": applied.action,
                        "lines": list(applied.lines)})
    history = tracer.finish(len(actions))
    status = {"schema": JSON_SCHEMA, "name": record.name, **engine.status()}
    summary = None
    if history.ended:
        from companion.summary import summary_lines

        summary = summary_lines(history, record.name, WIDTH)
    return {"title": kind_info(record.kind).title, "status": status,
            "pad": pad(record.kind, status),
            "outcome": engine.outcome, "prompt": engine.prompt(),
            "text": engine.status_lines(WIDTH), "rulings": rulings, "summary": summary,
            "chart": {"measure": history.measure,
                      "series": [[s.label, s.values] for s in history.series],
                      "marks": [[point, label] for point, label in history.marks]}}


def command_words(kind: str, game: str, line: str) -> list[str]:
    """The ``companion`` arguments for ``line`` typed on the page of game ``game``."""
    from companion.cli import dispatch

    try:  # as the shell splits a line
        typed = shlex.split(line)
    except ValueError as error:
        raise BadInput(f"cannot read {line.strip()!r}: {error}") from None
    if len(line) > MAX_ACTION_CHARS:
        raise BadInput(f"a line is at most {MAX_ACTION_CHARS} characters")
    if not typed:
        raise BadInput("type an action, as in the shell")
    words = dispatch.game_line(kind, typed)  # as the shell reads a line
    other = None
    if words is None:
        with contextlib.suppress(BadInput):
            other = dispatch.pick_top(typed[0])
        if other is None:
            raise BadInput(f"no such command {typed[0]!r} for this game (the page takes the "
                           "game's own commands, as the shell does)")
    else:
        found = dispatch.route([kind, *words])
        if not found.leaf or not on_the_game(found.path):
            other = " ".join(found.path[1:]) or words[0]
    if words is None or other is not None:
        raise BadInput(f"'{other}' is not taken from the table's page: play it in the shell")
    if any(word == "--" or _names_game(word) for word in words[1:]):
        raise BadInput("the page acts on the game it shows: leave out --game and --")
    return ["--plain", kind, *words, "--game", game]


def on_the_game(path: tuple[str, ...]) -> bool:
    """Whether the command at ``path`` acts on one saved game and writes no other file."""
    from companion.cli.dispatch import target

    if path[1:2] == ("new",):
        return False
    verb = getattr(target(path), "verb", None)
    if verb is not None:  # a game's line: its verb table declares its options
        return any(param.name == "game" for param in verb.line)
    from companion.cli.options import leaf

    try:
        names = {param.name for param in leaf(path).params}
    except KeyError:  # no such command
        return False
    return "game" in names and "output" not in names


def _names_game(word: str) -> bool:
    """``--game`` or a prefix of it (options take unique prefixes), or ``-g`` alone, with
    its value or among other short flags."""
    if word.startswith("--"):
        option = word[2:].split("=", 1)[0].lower()
        return bool(option) and "game".startswith(option)
    return word.startswith("-") and "g" in word[1:]  # '-jg NAME' too
