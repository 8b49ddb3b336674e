"""``companion shell`` (also ``companion play``): one process for a whole session.

Each line is a ``companion KIND ...`` command without its prefix, run through the
dispatcher as the one-shot commands are: one grammar, one set of rulings. Games stay
open between lines and are replayed only when another process changed their file. The
prompt shows the game's vital numbers; Tab completes (with readline); history is kept
in the data home.
"""

from __future__ import annotations

import contextlib
import re
import shlex
import sys
from collections.abc import Iterable, Mapping
from typing import Annotated, Any

import typer

from companion import safefile
from companion.cli import dispatch, grammar
from companion.cli.glance import prompt_text
from companion.cli.main import fail, run_words
from companion.cli.output import echo_lines, plain, vitals_in_prompt, width
from companion.current import read_pointer
from companion.errors import CompanionError
from companion.kinds import KINDS
from companion.resources import tables
from companion.session import Games, keep_open
from companion.store import check_name
from companion.text import GLUE, fill

HISTORY_FILE = "shell_history"
HISTORY_LENGTH = 2000
BUILTINS = ("help", "clear", "exit", "quit")
CLEAR_SCREEN = "\x1b[H\x1b[2J"  # cursor home, then erase the screen
BUILTIN_ALIASES = {"?": "help", "q": "exit"}
_CARD_LIKE = re.compile(r"(10|[2-9AJQKT])[SHDC]|JK", re.IGNORECASE)
# The keys of a status that hold cards in hand.
_CARD_KEYS = frozenset({"inventory", "hand", "equipment", "gear", "cards", "held", "potions"})


class Shell:
    """The interactive loop; ``run_line`` is the whole logic, the rest is terminal care."""

    def __init__(self, game: str | None = None, *, interactive: bool | None = None) -> None:
        keep_open(True)
        self.games = Games()
        self.pinned = game
        self.interactive = sys.stdin.isatty() if interactive is None else interactive
        self.plain = plain()
        self.kind: str | None = None
        self.last_code = 0
        self.big = False  # 'big' shows the big view after every action until 'big off'
        self.history = self.games.store.home / HISTORY_FILE
        self.readline: Any = None
        self.matches: list[str] = []
        if game is not None:
            self.games.store.read(check_name(game))  # an unknown game fails before the loop
        else:
            current = read_pointer(self.games.store.home)
            self.pinned = current if current and self.games.store.exists(current) else None
        self.refresh()

    def cmdloop(self) -> None:
        """Run the lines typed until 'exit' or the end of the input (Ctrl-D); Ctrl-C drops
        the line being typed."""
        self.readline = readline = _readline() if self.interactive and not self.plain else None
        if readline is not None:
            self._start_history(readline)
            readline.set_completer(self.complete)
        vitals_in_prompt(self.interactive)
        try:
            while True:
                try:
                    line = self.read_line(readline is not None)
                    if line is None:  # the end of the input
                        if self.interactive:
                            sys.stdout.write("\n")
                        return
                    keep_going = self.run_line(line)
                    self._save_history()
                    sys.stdout.flush()
                    if not keep_going:
                        return
                except KeyboardInterrupt:
                    sys.stdout.write("^C\n")
        finally:
            vitals_in_prompt(False)
            serving = sys.modules.get("companion.cli.serve")
            if serving is not None:  # leaving the shell stops the table it served
                serving.stop_beside()

    def read_line(self, edited: bool) -> str | None:
        """The next line, None at the end of the input: edited with readline, else (none
        on this platform, a pipe, --plain) read plainly."""
        if edited:
            try:
                return input(self.prompt)
            except EOFError:
                return None
        sys.stdout.write(self.prompt)
        sys.stdout.flush()
        line = sys.stdin.readline()
        return line.rstrip("\r\n") if line else None

    def run_line(self, line: str) -> bool:
        """Run one line; False when the shell should end."""
        try:
            words = shlex.split(line)
        except ValueError as error:
            self.last_code = fail(f"cannot read {line.strip()!r}: {error}", 2)
            return True
        pasted = bool(words) and words[0] == "companion"  # a line from the README
        if pasted:
            words = words[1:] or ["help"]
        if not words:
            return True
        head = words[0].lower()
        head = BUILTIN_ALIASES.get(head, head)
        if head in ("exit", "quit"):
            return False
        if head == "clear" and len(words) == 1:
            if self.interactive and not self.plain:  # a pipe, a file, --plain: no codes
                sys.stdout.write(CLEAR_SCREEN)
            return True
        if head == "help":
            self.show_help(words[1:])
            return True
        if head == "big" and words[1:] == ["off"]:
            self.big = False
            sys.stdout.write("The big view is off ('big' turns it on).\n")
            return True
        args = self.expand(words, pasted)
        if args is None:
            return True
        if args[0] == "serve":  # beside the prompt, not in its place
            from companion.cli.serve import in_shell

            self.last_code = in_shell(args[1:], self.run)
            return True
        before = read_pointer(self.games.store.home)
        self.last_code = self.run(args)
        if read_pointer(self.games.store.home) != before:  # 'new', 'games use', 'import': follow it
            self.pinned = read_pointer(self.games.store.home)
        if len(args) > 1 and args[0] == self.kind and args[1] == "big" and self.last_code == 0:
            self.big = True  # then again after each action, as a life counter
        elif self.big and self.last_code == 0 and self.kind and args[0] == self.kind:
            self.run([self.kind, "big", *(["--game", self.pinned] if self.pinned else [])])
        self.refresh()
        return True

    def run(self, args: list[str]) -> int:
        """Run ``companion ARGS``. Each line runs the top-level options again: the shell's
        --plain is added, unless typed already (twice is refused)."""
        return run_words(["--plain", *args] if self.plain and "--plain" not in args
                               else args)

    def expand(self, words: list[str], pasted: bool = False) -> list[str] | None:
        """The full ``companion`` arguments for a shell line (a game's command names the
        shell's game), or None after an error; ``pasted``: the words of a one-shot command
        (typed after 'companion')."""
        kind = self.kind
        try:  # a prefix that could be two commands is an error
            line = dispatch.game_line(kind, words) if kind is not None and not pasted else None
            if kind is not None and line is not None:
                args = [kind, *line]
                if self.pinned and "--game" in dispatch.option_words((kind, line[0]))[0] \
                        and not _has_game(line[1:]):
                    args += ["--game", self.pinned]
                return args
            top = dispatch.pick_top(words[0], shell=True)
        except CompanionError as error:
            self.last_code = fail(str(error), error.exit_code)
            return None
        if top is not None:
            return [top, *words[1:]]
        if self.kind is None and self.pinned is None:
            self.last_code = fail(f"no game yet: start one with '{next(iter(KINDS))} new', "
                                  "or 'games use NAME'", 2)
            return None
        self.last_code = fail(dispatch.no_such_command(words[0], self.commands(), "help"), 2)
        return None

    def commands(self) -> list[str]:
        """The words a line may start with: the game's commands, companion's, the shell's."""
        return [*(dispatch.names((self.kind,)) if self.kind else []),
                *dispatch.names((), shell=True), *BUILTINS]

    def refresh(self) -> None:
        """Re-read the pinned game (cheap when unchanged) and set the prompt."""
        self.kind, vitals = None, ""
        engine: Any = None
        if self.pinned is not None:
            try:
                opened = self.games.store.open(self.pinned)
                self.kind, engine = opened.record.kind, opened.engine
                vitals = opened.engine.prompt()
            except CompanionError:
                self.pinned = None
        self.prompt = prompt_text(self.pinned, vitals, width(), self.kind,
                                  engine.status if engine is not None else None) \
            if self.interactive else ""

    def show_help(self, topic: list[str]) -> None:
        if topic:
            asked = [*topic, "--help"]
            args = self.expand(asked) if self.kind else asked  # help needs no game
            if args is not None:
                run_words(args)
            return
        echo_lines(help_lines(self.kind, self.pinned, width()))

    def complete(self, text: str, state: int) -> str | None:
        if state == 0:
            edited = self.readline
            line = edited.get_line_buffer()[: edited.get_endidx()] if edited else text
            try:
                self.matches = self.candidates(line, text)
            except Exception:  # a completion bug must never end the game
                self.matches = []
            if len(self.matches) == 1:  # Python's readline adds no space after a word
                self.matches = [self.matches[0] + " "]
        return self.matches[state] if state < len(self.matches) else None

    def candidates(self, line: str, text: str) -> list[str]:
        """Words that may follow ``line`` (whose last word is ``text``, maybe empty)."""
        try:
            before = shlex.split(line[: len(line) - len(text)])
        except ValueError:
            return []
        if not before:
            return _matching(self.commands(), text)
        if self.kind is None:
            return []
        if before[0] == "help":  # 'help CMD': one of the game's commands
            return _matching(dispatch.names((self.kind,)), text) if len(before) == 1 else []
        try:  # the game's command: its name, an alias, or a unique prefix
            name = dispatch.pick_in((self.kind,), before[0])
        except CompanionError as error:
            self.last_code = fail(str(error), error.exit_code)
            return []
        if name is None:
            return []
        every, valued = dispatch.option_words((self.kind, name))
        previous = before[-1] if len(before) > 1 else ""
        if previous in valued:
            if previous in ("--game", "-g"):
                return _matching(self.games.store.names(), text)
            sources = self.sources()
            return _matching(sources["cards"] + sources["names"], text)
        if text.startswith("-"):
            return _matching([o for o in every if o.startswith("--")], text)
        return _matching(self.argument_words(name, before[1:]), text)

    def argument_words(self, command: str, typed: list[str]) -> list[str]:
        found = self.sources()
        if self.kind == "hebrac" and command == "cast":  # a spell, then where and with what
            return found["chambers"] + found["cards"] if typed else found["spells"]
        if self.kind == "hebrac" and command in ("enter", "move", "see") and not typed:
            return found["chambers"]
        if command in ("hero", "round", "new"):
            return found["heroes"] + found["names"]
        return found["cards"] + found["names"] + found["heroes"]

    def sources(self) -> dict[str, list[str]]:
        """Words for completion from the open game: cards held, chambers, spells, heroes,
        names."""
        found = dict.fromkeys(("cards", "chambers", "spells", "heroes", "names"), list[str]())
        try:
            state = self.games.store.open(self.pinned).engine.status() \
                if self.pinned is not None and self.kind is not None else None
        except CompanionError:
            state = None
        if state is None:
            return found
        found["cards"] = sorted({w for w in _strings(state, _CARD_KEYS) if _CARD_LIKE.fullmatch(w)})
        chambers = state.get("chambers")
        found["chambers"] = list(chambers) if isinstance(chambers, dict) else []
        found["names"] = sorted(set(_names_in(self.kind, state)))
        if self.kind == "hebrac":
            from companion.hebrac import rules

            found["spells"] = list(rules.spells())
        if self.kind == "tricky":
            from companion.tricky.heroes import heroes

            with contextlib.suppress(CompanionError):
                found["heroes"] = [hero.id for hero in heroes().values()]
        return found

    def _start_history(self, readline: Any) -> None:
        """Read the kept lines through the safe file layer (readline's own reader would
        follow a planted symlink, or hang on a FIFO), each checked as a typed line; none
        when the file is missing, too large, not a regular file or not text."""
        readline.set_history_length(HISTORY_LENGTH)
        readline.set_completer_delims(" \t\n")
        try:
            text = safefile.read_text(self.history, MAX_HISTORY_BYTES)
        except (OSError, CompanionError):
            text = ""
        readline.clear_history()
        for line in [line for line in text.split("\n") if _HISTORY_LINE.fullmatch(line)
                     ][-HISTORY_LENGTH:]:
            readline.add_history(line)

    def _save_history(self) -> None:
        """Write the lines kept, the one just typed among them, at once (a killed shell
        keeps it): a fresh file renamed over the old one (never written through a symlink
        or into a FIFO)."""
        readline = self.readline
        if readline is None:
            return
        count = readline.get_current_history_length()
        lines = [readline.get_history_item(at)
                 for at in range(max(count - HISTORY_LENGTH, 0) + 1, count + 1)]
        kept = [line for line in lines if line and _HISTORY_LINE.fullmatch(line)]
        with contextlib.suppress(OSError):
            self.history.parent.mkdir(parents=True, exist_ok=True)
            safefile.replace(self.history, "".join(f"{line}\n" for line in kept).encode(),
                             sync=False)


def help_lines(kind: str | None, game: str | None, columns: int) -> list[str]:
    """The shell's 'help': the game's commands (with their short forms) and the shell's
    own words, from the same declarations and layout as 'companion KIND --help'."""
    from companion.cli.helpformat import definitions, listing, wrap

    lines: list[str] = []
    if kind is None:
        lines += wrap("No game open. Start one, e.g. 'hebrac new', or 'games use NAME'.",
                      columns)
    else:
        lines += wrap(f"Game {game} ({kind}): its commands without 'companion {kind}'; "
                      "a unique prefix works too.", columns)
        by_name = grammar.shorts_by_name(kind)
        rows = [(f"{name} ({','.join(by_name[name])})" if name in by_name else name, text)
                for name, text in listing((kind,))]
        if columns >= 60:
            lines += definitions(rows, columns, listing=True)
        else:  # a phone: the names flow, 'help CMD' tells the rest
            lines += wrap("Commands: " + ", ".join(label.replace(" ", GLUE)
                                                    for label, _ in rows), columns, "", "  ")
        lines += wrap(f"One-shot too: 'companion {KINDS[kind].aliases[0]} CMD', same short forms; "
                      "--opt takes a unique prefix.", columns)
    for line in ("help CMD shows a command's options; clear clears the screen.",
                 "exit or Ctrl-D leaves; Tab completes; history is kept.",
                 "Other commands work too: games, rules, share, KIND new."):
        lines += wrap(line, columns)
    return lines


def _has_game(words: Iterable[str]) -> bool:
    """Whether the line names its game: -g, --game or a prefix of it (the shell's own
    --game would then be the option given twice)."""
    return any(w.startswith("-g") or len(w) > 2 and "--game".startswith(w.partition("=")[0])
               for w in words)


def _matching(words: Iterable[str], text: str) -> list[str]:
    """Words starting with ``text``; names with spaces come quoted, ready to use."""
    lowered = text.lower().lstrip("'\"")
    return sorted({shlex.quote(w) for w in words if w.lower().startswith(lowered)})


def _names_in(kind: str | None, state: Mapping[str, object]) -> Iterable[str]:
    """Named things a command may take: players, heroes, cards in hand, gear, enemies."""
    for key in ("players", "equipped", "heroes"):
        value = state.get(key)
        for item in value if isinstance(value, list) else ():
            name = item.get("name") if isinstance(item, dict) else item  # a hero by name
            if isinstance(name, str):
                yield name
    for key in ("hands", "equipment", "cards", "lives", "gear"):
        value = state.get(key)
        if isinstance(value, dict):
            yield from (k for k in value if isinstance(k, str) and not k.isdigit())
            yield from _strings(value) if key in ("hands", "gear") else ()
    if kind == "elbereth":
        with contextlib.suppress(OSError, ValueError):
            table = tables("elbereth")
            yield from (*table.get("enemies", {}), *table.get("bosses", {}))


def _strings(value: object, under: frozenset[str] | None = None) -> Iterable[str]:
    """The strings anywhere in ``value``; with ``under``, only those below one of its keys."""
    if isinstance(value, str) and under is None:
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item, under)
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(item, None if under is None or key in under else under)


# A history line is a line typed at the prompt: no control characters, not too long.
_HISTORY_LINE = re.compile(r"[^\x00-\x1f\x7f-\x9f]{1,1000}")
MAX_HISTORY_BYTES = 1024 * 1024


def _readline() -> Any | None:
    try:
        import readline
    except ImportError:  # some platforms have none: plain input() still works
        return None
    editline = "libedit" in (readline.__doc__ or "")  # macOS: its own way of binding Tab
    readline.parse_and_bind("bind ^I rl_complete" if editline else "tab: complete")
    return readline


def banner(games: Games, pinned: str | None, kind: str | None, columns: int) -> list[str]:
    """The shell's first lines: the game its lines act on, stated plainly, and each other
    kind's current game still in progress, with how to switch to one; a game's name and
    its kind never parted at the end of a line."""
    others = []
    for other in KINDS:
        name = games.current_of(other)
        if name is None or name == pinned:
            continue
        try:
            if games.store.read(name).outcome == "playing":
                others.append(f"{name} ({other})")
        except CompanionError:  # opening it says what is wrong
            continue
    if pinned is not None:
        named = [f"{pinned} ({kind})"]
        text = [f"companion shell: {named[0]} is the game your commands act on."]
    else:
        named, text = [], ["companion shell: no game open."]
    if others:
        text.append(f"{'Also in' if pinned else 'In'} progress: {', '.join(others)}; "
                    f"'games use NAME' {'switches to' if pinned else 'opens'} one.")
    return [part for line in [*text, "'help' lists the commands."]
            for part in fill(line, columns, "", "  ", keep=named + others)]


def shell_command(
    game: Annotated[str | None, typer.Option(
        "--game", "-g", help="Play this saved game, not the current one.")] = None,
) -> None:
    """Interactive shell: a game's commands without the prefix, 'help' lists them."""
    shell = Shell(game)
    if shell.interactive:
        echo_lines(banner(shell.games, shell.pinned, shell.kind, width()))
    shell.cmdloop()
    if shell.last_code:
        raise SystemExit(shell.last_code)
