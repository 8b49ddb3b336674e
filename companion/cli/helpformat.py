"""Help screens and first screens, written by companion in its layout for a phone.

Made from the commands as typer reads them for the command line (``options.leaf``) and
from the games' verb tables; the one-shot form and the shell's ``help CMD`` print the
same bytes. ``first_screen`` (a word typed
alone) and ``group_help`` (commands played every turn first) fit a phone's screen
(``FIRST_LINES``, ``GROUP_LINES``); below ``NARROW`` columns an option's help goes under
its name, not in a thin strip beside it.
"""

from __future__ import annotations

import inspect
import os
import re
from collections.abc import Sequence
from functools import partial
from typing import Any

from companion.cli.dispatch import is_group, names, target
from companion.cli.grammar import ENTRIES, HELP, grammar_of, shorts_by_name
from companion.errors import CompanionError
from companion.kinds import KINDS
from companion.text import GLUE, fill  # GLUE: a space no line breaks at
from companion.text import wrap as wrap_line
from companion.values import Value

# The first screen and a group's help fit a phone held upright: 40 columns, this tall.
FIRST_LINES = 15
GROUP_LINES = 30
# Widest layout; below NARROW an option's help goes under its name.
WIDEST = 80
NARROW = 60


def columns() -> int:
    from companion.cli.output import width

    return max(min(width(), WIDEST), 20)


# -- what the declarations say ----------------------------------------------------------
class Shown(Value):
    """One parameter as help shows it: ``label`` in the list (``-g, --game TEXT``,
    ``CARDS...``), ``usage`` on the usage line (arguments only), ``help`` with its
    default."""

    label: str
    usage: str
    help: str


def help_text(path: tuple[str, ...], own: bool = False) -> str:
    """The help of the command or group at ``path``: a top-level word's line in the
    registry (a game's: its title and kind) unless ``own`` is asked; a command's
    docstring (no command declares one to typer); a group's, the help its typer group was
    made with (each is made with one)."""
    entry = ENTRIES[path[0]].help if len(path) == 1 and not own else None
    if entry:
        return entry
    found = target(path)
    return str(found.info.help) if is_group(found) else inspect.getdoc(found) or ""


def first_sentence(text: str) -> str:
    """Up to the first full stop followed by a space or the end ('2.5' goes on)."""
    return re.split(r"\.(?: |$)", " ".join(text.replace("\b", " ").split()), maxsplit=1)[0]


def gist(text: str, room: int) -> str:
    """``text`` (a first sentence) as a listing shows it: whole if it fits in ``room``,
    else its opening phrase when that fits (up to a colon, a semicolon, a bracket or a
    dash: 'One round of battle: the cards...'), else whole, for ``definitions`` to wrap.
    Never a phrase cut short: a comma ends no phrase (it is a list), nor does a word."""
    if len(text) <= room:
        return text
    ends = [at for at in range(1, room + 1) if at < len(text) and (
        text[at] in ":;" or text.startswith((" (", " - "), at - 1 if text[at] == "(" else at))
        and text.count("(", 0, at) == text.count(")", 0, at)]  # not inside brackets
    return text[:ends[-1]].rstrip() if ends else text


def parameters(path: tuple[str, ...]) -> tuple[list[Shown], list[Shown]]:
    """The arguments and options of the command or group at ``path`` as help shows them,
    in declared order: a game's verb's from its verb table, any other's as typer reads
    them for the command line (``options.leaf``), so help and reading cannot differ."""
    verb = getattr(target(path), "verb", None) if path else None
    if verb is not None:
        return verb_parameters(verb)
    from companion.cli.options import leaf

    shown = [param for param in leaf(path).params if not getattr(param, "hidden", False)]
    arguments = [_argument(p.metavar, p.name, p.nargs == -1, p.required,
                           _with_default(p.help or "", p.default))
                 for p in shown if p.param_type_name == "argument"]
    return arguments, [_option(p) for p in shown if p.param_type_name != "argument"]


def verb_parameters(verb: Any) -> tuple[list[Shown], list[Shown]]:
    """A verb's words (one argument: the verb table shares them out) and options, then
    the line's own options (``--game``, ``--json``), as help shows them."""
    from companion import verbs

    positional = verb.typed_words()
    if verb.words is not None:  # words the game's command reads itself
        arguments = [_argument(p.metavar, p.name, p.kind == verbs.REST, p.required,
                               _with_default(p.help, p.default or None)) for p in positional]
    else:
        arguments = [_argument(" ".join(p.shown for p in positional), "", False,
                               any(p.required for p in positional),
                               " ".join(p.help for p in positional if p.help))
                     ] if positional else []
    options: list[Shown] = []
    for param in verb.typed_options():
        names = ", ".join(([param.short] if param.short else []) + [param.option])
        if param.kind == verbs.SWITCH:
            label = f"{param.option} / --no-{param.option[2:]}"
        elif param.kind == verbs.FLAG:
            label = names
        else:
            label = f"{names} {param.metavar or ('N' if param.type == 'int' else 'TEXT')}"
        options.append(Shown(label, "", param.help))
    return arguments, options


# What a value is called on the help screen, by typer's name for its type (every
# parser given to typer reads a whole number: ``options.whole``).
METAVARS = {"whole_number": "N", "path": "FILE"}


def _argument(metavar: str, name: str, rest: bool, required: bool, text: str) -> Shown:
    """A verb's or typer's argument: ``NAME...`` takes the rest, ``[NAME]`` is optional."""
    label = metavar or name.upper() + ("..." if rest else "")
    return Shown(label, label if required or label.startswith("[") else f"[{label}]", text)


def _option(param: Any) -> Shown:
    on = sorted(param.opts, key=lambda w: not (w.startswith("-") and not w.startswith("--")))
    label = ", ".join(on)
    if not param.is_flag:
        kinds = getattr(param.type, "types", [param.type])  # a tuple has several
        label += " " + (param.metavar or " ".join(METAVARS.get(k.name, "TEXT")
                                                  for k in kinds))
    if param.secondary_opts:
        label += " / " + ", ".join(param.secondary_opts)
    # A flag's default is shown only when it is on and can be turned off.
    default = (on[-1] if param.default is True and param.secondary_opts else None) \
        if param.is_flag else param.default
    return Shown(label, "", f"{param.help or ''} [required]".strip() if param.required
                 else _with_default(param.help or "", default))


def _with_default(text: str, default: Any) -> str:
    if default is None or default is False or default in ((), []):
        return str(text)
    return f"{text} [default: {default}]".strip()


HELP_OPTION = Shown("-h, --help", "", "Show this help.")
# The root's options: the dispatcher reads them, wherever they are typed.
ROOT_OPTIONS = (Shown("--plain", "", "Clean text: no colour, bold or line editing."),
                Shown("--no-pager", "", "Long output straight to the screen, not through a pager."),
                Shown("--version", "", "Print the version."))


# -- the tree ------------------------------------------------------------------------------
def listing(path: tuple[str, ...]) -> list[tuple[str, str]]:
    """Each command of the group at ``path`` with its listing line, in the order a player
    needs them: the registry lists the games first; a game's commands are ``new``,
    ``status``, its actions (in its verb table's order), then the rest as declared."""
    every = names(path)
    if len(path) == 1 and path[0] in KINDS:
        first = [n for n in ("new", "status") if n in every]
        actions = [n for n in grammar_of(path[0]).verbs if n in every and n not in first]
        every = first + actions + [n for n in every if n not in first and n not in actions]
    return [(name, first_sentence(help_text((*path, name)))) for name in every]


# -- layout --------------------------------------------------------------------------------
# Help's prose breaks at any space, as textwrap lays it out (not between ``text.units``).
wrap = partial(fill, units=False)


def definitions(rows: Sequence[tuple[str, str]], width: int, listing: bool = False
                ) -> list[str]:
    """Names and their help: the help beside the names when they are short, else under
    each name (one list reads one way). A ``listing`` of commands always has it beside,
    cut to its ``gist``; a text that does not fit goes on under itself."""
    if not rows:
        return []
    longest = max(len(name) for name, _ in rows)
    lead = 2 + longest + 2
    lines: list[str] = []
    if listing or longest <= (width // 3 if width < NARROW else 30):
        for name, text in rows:
            body = wrap(gist(text, width - lead) if listing else text, width - lead) \
                if text else [""]
            lines.append(f"  {name:<{longest}}  {body[0]}".rstrip())
            lines += [" " * lead + part for part in body[1:]]
        return lines
    for name, text in rows:
        lines.append(f"  {name}")
        if text:
            lines += wrap(text, width, " " * 6, " " * 6)
    return lines


def text_block(text: str, width: int) -> list[str]:
    """A help text's paragraphs, wrapped; a paragraph opened by ``\\b`` keeps its lines
    (one too wide cut at spaces, indented)."""
    blocks: list[list[str]] = []
    for paragraph in inspect.cleandoc(text).split("\n\n"):
        if paragraph.startswith("\b"):
            blocks.append([part for line in paragraph[1:].strip("\n").splitlines()
                           for part in wrap_line("  " + line.rstrip(), width, printed=True)])
        elif paragraph.strip():
            blocks.append(wrap(paragraph, width, "  ", "  "))
    return joined(blocks)


def joined(sections: Sequence[list[str]], most: int | None = None) -> list[str]:
    """Sections one after the other, a blank line between them while that fits."""
    parts = [s for s in sections if s]
    lines: list[str] = []
    spaced = most is None or sum(map(len, parts)) + len(parts) - 1 <= most
    for part in parts:
        if lines and spaced:
            lines.append("")
        lines += part
    return lines


# -- the screens ---------------------------------------------------------------------------
def prog(path: tuple[str, ...]) -> str:
    return " ".join(("companion", *path))


def command_help(path: tuple[str, ...]) -> str:
    """``companion PATH --help`` for a command (or a group that runs by itself)."""
    width = columns()
    if is_group(target(path)):
        return group_help(path)
    arguments, options = parameters(path)
    usage = " ".join([prog(path), "[OPTIONS]", *(a.usage for a in arguments)])
    sections = [wrap("Usage: " + usage, width, "", "    "), text_block(help_text(path), width)]
    if arguments:
        sections.append(["Arguments:", *definitions(
            [(a.label, a.help) for a in arguments], width)])
    sections.append(["Options:", *definitions(
        [(o.label, o.help) for o in [*options, HELP_OPTION]], width)])
    return "\n".join(joined(sections)) + "\n"


def group_help(path: tuple[str, ...], most: int = GROUP_LINES) -> str:
    """``companion [GROUP] --help``: the group's commands one a line, the ones played every
    turn first, within ``most`` lines (blank lines go first)."""
    width = columns()
    rows = listing(path)
    if path:
        head = wrap(help_text(path), width)
        own = parameters(path)[1] if target(path).registered_callback is not None else []
    else:
        head = [*wrap(HELP, width), *_said(width, "Start a game: companion GAME new")]
        own = list(ROOT_OPTIONS)
    kind = path[0] if len(path) == 1 and path[0] in KINDS else None
    tail = [*(short_forms(kind, width) if kind else []),
            *_said(width, f"More: {prog(path)} COMMAND --help")]
    options = ["Options:", *definitions([(o.label, o.help) for o in [*own, HELP_OPTION]],
                                        width)] if own else []
    body = definitions(rows, width, listing=True)
    if kind is not None and len(joined([head, body, options, tail])) > GROUP_LINES:
        rest = [name for name, _ in rows if name not in ("new", "status")  # by name only
                and name not in grammar_of(kind).verbs]  # what ``listing`` puts last
        body = definitions([row for row in rows if row[0] not in rest], width, listing=True)
        body += _said(width, "Also: " + ", ".join(rest) + ".")
    return "\n".join(joined([head, body, options, tail], most)) + "\n"


def short_forms(kind: str, width: int) -> list[str]:
    """The game's short forms, shortened: its own names, each verb's, prefixes."""
    by_name = shorts_by_name(kind)
    names = [alias for alias in KINDS[kind].aliases if alias.isalnum()]
    # Each verb's forms held on one line: a line opening on '- undo' reads as a bullet.
    verbs = ", ".join(f"{' or '.join(shorts)} {name}".replace(" ", GLUE)
                      for name, shorts in by_name.items())
    text = f"Short forms: companion {' or '.join(names)} for companion {kind}; {verbs}"
    text += "; or a unique prefix"
    bare = grammar_of(kind).implicit
    if bare is not None:  # only Hebrac has one: a chamber first
        text += f"; C1 3S: {bare[1]} C1 3S"
    return wrap(text + ".", width)


def first_screen(path: tuple[str, ...]) -> str:
    """What ``companion`` or ``companion GROUP`` typed alone prints: a short screen
    saying what it is and what to type first. A group other than a game's shows its
    help, short already."""
    width = columns()
    if not path:
        lines = [*wrap(HELP, width), "Start a game: companion GAME new"]
        lines += definitions([(name, info.title) for name, info in KINDS.items()], width, True)
        lines += _current_game(width)
        lines += _said(width, "A rule: companion rules WORDS",
                       "A game played through: companion demo", "Every command: companion --help")
    elif len(path) == 1 and path[0] in KINDS:
        kind = path[0]
        lines = wrap(help_text(path, own=True), width)
        lines += _said(width, f"Start a game: {start_command(kind)}")
        lines += _current_game(width, kind)
        lines += _flow_most("As you play: ", list(grammar_of(kind).verbs), width, 3)
        shorts = [alias for alias in KINDS[kind].aliases if alias.isalnum()]
        if shorts:
            others = f" (or {', '.join(shorts[1:])})" if shorts[1:] else ""
            lines += _said(width, f"Shorter: companion {shorts[0]}{others}")
        lines += _said(width, f"Rules: companion rules {kind} WORDS",
                       f"Every command: {prog(path)} --help")
    else:
        return group_help(path, FIRST_LINES)
    return "\n".join(lines) + "\n"


def _said(width: int, *texts: str, first: str = "", rest: str = "  ") -> list[str]:
    """Lines of what to type ('Rules: companion rules WORDS'), each continued indented."""
    return [line for text in texts for line in wrap(text, width, first, rest)]


def start_command(kind: str) -> str:
    """``companion KIND new`` with the arguments it needs (``PLAYERS...``)."""
    arguments, _ = parameters((kind, "new"))
    needed = [a.usage for a in arguments if not a.usage.startswith("[")]
    return " ".join([prog((kind, "new")), *needed, *filter(None, [KINDS[kind].start])])


def _flow_most(head: str, names: Sequence[str], width: int, most: int) -> list[str]:
    """Names after ``head``, as many as fit in ``most`` lines ('...' for the others)."""
    lines: list[str] = []
    for count in range(len(names), 0, -1):  # at the least the first name
        end = "." if count == len(names) else ", ..."
        lines = _said(width, head + ", ".join(names[:count]) + end)
        if len(lines) <= most:
            break
    return lines


def _current_game(width: int, kind: str | None = None) -> list[str]:
    """How to go on with the current game (of ``kind``: the one ``companion KIND`` acts
    on; else the one made current last), named with its kind; nothing without one.
    Read from the current-game pointer and the saves' first lines, not the store."""
    from companion.current import NAME, current_name, saved_kind
    from companion.resources import data_home

    try:
        home = data_home()
        name = current_name(home, kind)
        found = saved_kind(home, name) if name is not None else None
        if kind is not None and found != kind:  # none is current: its only saved game, if any
            stems = [entry.removesuffix(".toml") for entry in os.listdir(home / "games")
                     if entry.endswith(".toml")]
            saved = [stem for stem in stems if NAME.fullmatch(stem)
                     and saved_kind(home, stem) == kind]
            name, found = saved[0] if len(saved) == 1 else None, kind
    except (CompanionError, OSError):
        return []
    if name is None or found is None:
        return []
    shell = ["companion shell (its commands alone)"] if kind is None else []
    return _said(width, f"Current game: {name} ({found})") + _said(
        width, prog((found, "status")), *shell, first="  ", rest="    ")
