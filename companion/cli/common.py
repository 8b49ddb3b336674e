"""Options, output and commands every game kind shares.

The CLI only parses, calls the core and prints. Errors are raised as core
exceptions and turned into ``Error: ...`` lines in ``main.run``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.cli.output import blocks_allowed, echo_status, paged
from companion.cli.output import echo as echo  # re-exported for the kind modules
from companion.cli.output import echo_lines as echo_lines
from companion.cli.output import echo_vitals as echo_vitals
from companion.cli.output import emit_json as emit_json
from companion.cli.output import width as width
from companion.errors import BadInput, DataProblem, NotationError
from companion.text import wrap

if TYPE_CHECKING:
    from companion.cli.dispatch import Act, VerbCommand
    from companion.game import Applied
    from companion.verbs import Line, Value

def games() -> Any:
    from companion.session import Games  # the store loads tomli_w: only when needed

    return Games()


def open_game(game: str | None, kind: str | None = None) -> Any:
    """The saved game named, else the current one (of ``kind``), opened."""
    store = games()
    return store.store.open(store.resolve(game, kind))


def hebrac_engine_or_none(game: str | None) -> Any:
    """The named Hebrac game's engine, else the current Hebrac game's, else None."""
    store = games()
    name = game or store.current_of("hebrac")
    return None if name is None else store.store.open(store.resolve(name, "hebrac")).engine


def act(kind: str, game: str | None, action: str, as_json: bool = False,
        learn: Callable[[Any, Applied], list[str]] | None = None,
        rolled: Sequence[str] = ()) -> None:
    """Apply one action to the game and print its ruling (the CLI's one write path).
    ``learn`` keeps what the applied action taught (Half Deck's card catalog) and says
    it; ``rolled``: the dice companion rolled for it."""
    store = games()
    name = store.resolve(game, kind)
    opened, applied = store.act(name, action)
    notes = learn(opened, applied) if learn is not None else None
    if as_json:
        emit_json({"game": name, "action": applied.action, "ruling": list(applied.lines),
                   **({} if notes is None else {"catalog": notes}),
                   "state": opened.engine.status()})
        return
    if rolled:
        echo(f"Rolled: {', '.join(rolled)}")
    echo_lines(applied.lines)
    echo_lines(notes or [])
    echo_vitals(opened.engine.prompt())
    if opened.engine.outcome != "playing":  # the action ended the game: its summary
        from companion.history import trace
        from companion.summary import summary_lines

        record = opened.record
        history = trace(record.kind, opened.settings, record.actions)  # the game's edition
        echo()
        echo_lines(summary_lines(history, record.name, width(), ascii_only=not blocks_allowed()))


def roll_die() -> int:
    """One d6 roll for --roll, made here and never in an engine: the number goes into the
    action like a typed one (tests replace it in each game's module of lines)."""
    import random

    return random.SystemRandom().randint(1, 6)


def is_die(word: str) -> bool:
    """A die typed, or 'roll' for companion to roll it."""
    from companion.numbers import is_whole

    return is_whole(word.strip()) or word.strip().lower() == "roll"


def name_and_die(words: list[str]) -> tuple[str, str | None]:
    """``NAME [ROLL]``: a name's words (it may take several: two headed ogre), then the
    die if the last word is one."""
    if len(words) > 1 and is_die(words[-1]):
        return " ".join(words[:-1]), words[-1]
    return " ".join(words), None


def play(command: VerbCommand, action: Value | None, line: Line) -> None:
    """A game's action: its one canonical line applied to the game."""
    assert action is not None
    act(command.kind, line.game, command.grammar.text(action), line.json)


def _status(command: VerbCommand, _value: Value | None, line: Line) -> None:
    opened = open_game(line.game, command.kind)
    if line.json:
        emit_json({"name": opened.record.name, **opened.engine.status()})
    else:
        echo(f"{opened.record.name} ({opened.record.kind})")
        echo_status(opened.settings, opened.engine)


@paged()  # a long game's log: through the pager on a terminal
def _log(command: VerbCommand, _value: Value | None, line: Line) -> None:
    opened = open_game(line.game, command.kind)
    if line.json:
        emit_json({"game": opened.record.name, "actions": [
            {"number": n, "action": a.action, "ruling": list(a.lines)}
            for n, a in enumerate(opened.applied, start=1)
        ], "redo": opened.record.redo})
        return
    lines = [text for number, item in enumerate(opened.applied, start=1) for text in (
        f"{number:>3}. {item.action}", *(f"     {ruling}" for ruling in item.lines))]
    if opened.record.redo:
        lines.append(f"({len(opened.record.redo)} undone, 'redo' brings them back)")
    echo_lines(lines if opened.applied else ["No actions yet.", *lines])


def _step(command: VerbCommand, _value: Value | None, line: Line) -> None:
    """undo and redo: actions taken back or brought back, and what that changed."""
    kind, verb = command.kind, command.verb.name
    # The count typed (a card typed there is said to be one), else its default (1).
    typed = line.args[0] if line.args else command.verb.typed_words()[0].default
    wanted = _count(typed, verb, kind)
    from copy import deepcopy

    store = games()
    before: list[dict[str, Any]] = []  # the status before the change, to say what it changed
    step = store.undo if verb == "undo" else store.redo
    # JSON prints the whole state after instead of what changed.
    opened, done = step(store.resolve(line.game, kind), wanted, None if line.json else (
        lambda opened: before.append(deepcopy(opened.engine.status()))))
    if verb == "undo":
        said: dict[str, object] = {"undone": done}
        shown = [f"Undone: {action}" for action in done]
    else:
        said = {"redone": [{"action": a.action, "ruling": list(a.lines)} for a in done]}
        shown = [text for a in done for text in (f"Redone: {a.action}",
                                                 *(f"  {ruling}" for ruling in a.lines))]
    if line.json:
        emit_json({"game": opened.record.name, **said, "state": opened.engine.status()})
        return
    echo_lines(shown)
    if before:
        from companion.cli.changes import change_line

        echo(change_line(kind, before[0], opened.engine.status()))
    echo_vitals(opened.engine.prompt())


def _big(command: VerbCommand, _value: Value | None, line: Line) -> None:
    from companion.cli.glance import big_lines

    opened = open_game(line.game, command.kind)
    echo_lines(big_lines(command.kind, opened.engine.status(), width(), blocks_allowed()))


def _note(command: VerbCommand, _value: Value | None, line: Line) -> None:
    store = games()
    store.note(store.resolve(line.game, command.kind), " ".join(line.args))
    echo("Noted.")


SHARED_ACTS: dict[str, Act] = {"status": _status, "log": _log, "undo": _step, "redo": _step,
                               "big": _big, "note": _note}


def _count(count: str, verb: str, kind: str) -> int:
    """An undo or redo count, read by the one reader of whole numbers. A card typed there
    was meant for another verb ('u 5h' for 'use 5h'): the error names the game's verbs
    taking a card first whose name starts as ``verb`` does (its short form)."""
    from companion.cards import Card
    from companion.cli.grammar import grammar_of
    from companion.numbers import whole

    try:
        return whole(count, f"the number of actions to {verb}")
    except BadInput as error:
        refused = error
    try:
        Card.parse(count)
    except NotationError:  # not a card: the error as it is
        raise refused from None
    meant = [name for name, found in grammar_of(kind).verbs.items()
             if name.startswith(verb[0]) and found.params and found.params[0].positional
             and found.params[0].type == "card"]
    if not meant:
        raise refused from None
    raise BadInput(f"{refused}; {count!r} looks like a card: did you mean " + " or ".join(
        f"'{name} {count}'" for name in meant) + "?") from None


def new_game(kind: str, settings: dict[str, Any], name: str | None) -> None:
    from companion.game import load_kind

    opened = games().new(kind, settings, name)
    echo(f"New game {opened.record.name!r} ({opened.record.kind}), now current.")
    setup = getattr(load_kind(kind), "setup_lines", None)
    if setup is None:
        echo_lines(opened.engine.status_lines(width()))
        return
    # What to lay out on the table, in the game's own words; then only what to type
    # first ('status' has the rest: the setup already says what the table holds).
    echo("On the table:")
    echo_lines(setup(opened.settings))
    echo(opened.engine.prompt())
    first = opened.engine.status().get("next")
    if first:
        echo_lines(wrap(f"Next: {first}", width()))


def write_output(output: Path | None, text: str) -> bool:
    """Write what ``-o FILE`` asked for (whether it did: without it, ``text`` goes to the
    screen); a failure is a data problem naming the file."""
    import sys

    from companion import safefile

    if output is None:
        sys.stdout.write(text)
        return False

    # Through the safe file layer, as every file: a fresh temp file renamed over the
    # name, and only over a regular file (a device, FIFO or symlink is left as it is).
    try:
        safefile.replace_regular(output, text.encode("utf-8"))
    except OSError as error:
        raise DataProblem(f"cannot write {output}: {error.strerror or error}") from None
    return True


def read_file(source: str, most: int, neither: str, large: str) -> bytes:
    """The bytes of the file ``source`` names, for a command that takes a code or a file:
    one ``BadInput`` when there is no such file (``neither``), it holds more than ``most``
    bytes (``large``), or it cannot be read (why)."""
    from companion import safefile

    try:
        return safefile.read_bytes(Path(source), most, follow=True)
    except FileNotFoundError:
        raise BadInput(neither) from None
    except safefile.TooLarge:
        raise BadInput(large) from None
    except safefile.Unreadable as error:
        raise BadInput(f"cannot read {source[:200]!r}: {error.reason}") from None
    except (OSError, ValueError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        raise BadInput(f"cannot read {source[:200]!r}: {reason}") from None
