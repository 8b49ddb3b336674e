"""A game's verbs, declared once, and the one reader and writer of action text.

Each game declares its verbs in one table (``companion/KIND/grammar.py``): a ``Verb`` per
action, naming its action class (a frozen ``Value`` whose fields are the verb's
parameters, in order), its short forms, its help and its ``Param`` list. From that table
come ``Grammar.parse`` (text read once into the action value the engine applies, as
python-chess reads SAN into a ``Move``), ``Grammar.text`` (the one canonical line a save
keeps), ``read_line`` (a typed line's words) and the help screens; the CLI's, the share
codes' and the keystroke table's declarations are checked against it. The text stays
``verb word word --option value --flag``: one readable line per action.
"""

# No 'from __future__ import annotations': real annotations cost nothing at start-up.

import re
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import Any, Generic, TypeVar, cast

from companion.errors import BadInput
from companion.numbers import is_whole, whole  # the one reader of whole numbers
from companion.values import Value as Value  # the base of every action

MAX_ACTION_CHARS = 500
_PLAIN = re.compile(r"[^'\"\\]*")
_SAFE_WORD = re.compile(r"[A-Za-z0-9@%+=:,./_-]+")

# A parameter's place in the action text.
ARG = "arg"            # one positional word
REST = "rest"          # the remaining positional words (a tuple)
OPTION = "option"      # --name VALUE, at most once
OPTIONS = "options"    # --name VALUE, repeatable (a tuple)
FLAG = "flag"          # --name, no value (a bool)
SWITCH = "switch"      # --name or --no-name (True, False, or None when neither)
_UNSET: dict[str, object] = {FLAG: False, OPTIONS: ()}  # a parameter not typed; else None


class Param(Value):
    """One parameter of a verb: ``name`` is the action's field; ``word`` its option word
    when the field's name cannot be it (``with`` is a keyword), or for a typed line's
    ``Verb.words``, an option word kept among them; ``type`` ``int`` values
    are read as whole numbers, any other type (``card``, ``chamber``, ``hero``...) stays
    the word typed, for the engine to read in its game's terms."""

    name: str
    kind: str
    type: str = "word"
    help: str = ""
    short: str = ""
    required: bool = False
    word: str = ""
    metavar: str = ""
    default: str = ""  # what a word left out stands for (help says it)
    # The class each two words build (Half Deck's ``HERO ROLL``): as an option, ``--word``
    # takes two; as a REST, its words go two by two, and ``--word`` may add two more.
    pair: Any = None

    @property
    def option(self) -> str:
        return "--" + (self.word or self.name.replace("_", "-"))

    @property
    def positional(self) -> bool:
        return self.kind in (ARG, REST)

    @property
    def shown(self) -> str:
        """How a usage line shows it."""
        if self.positional:
            name = self.metavar or self.name.upper() + ("..." if self.kind == REST else "")
            return name if self.required or name.startswith("[") else f"[{name}]"
        if self.kind in (FLAG, SWITCH):
            return f"[{self.option}]"
        return f"[{self.option} {self.metavar or self.type.upper()}]"


def arg(name: str, type: str = "word", help: str = "", *, kind: str = ARG,
        required: bool = True, metavar: str = "", default: str = "", word: str = "",
        pair: Any = None) -> Param:
    # every field given in order: Value's quick path, for the many made at start-up
    return Param(name, kind, type, help, "", required, word, metavar, default, pair)


def option(name: str, type: str = "word", help: str = "", *, short: str = "",
           word: str = "", metavar: str = "", kind: str = OPTION, pair: Any = None) -> Param:
    return Param(name, kind, type, help, short, False, word, metavar, "", pair)


def flag(name: str, help: str = "", *, short: str = "", word: str = "", kind: str = FLAG
         ) -> Param:
    return Param(name, kind, "bool", help, short, False, word, "", "", None)


rest = partial(arg, kind=REST, required=False)
options = partial(option, kind=OPTIONS)
switch = partial(flag, kind=SWITCH)


# The options every typed game line takes (one-shot, shell, live page) besides its
# action's own: not part of the action, so not saved with it.
GAME = option("game", help="Act on this saved game, not the current one.", short="-g")
JSON = flag("json", help="Print JSON instead of text.", short="-j")
LINE = (GAME, JSON)
ROLL = flag("roll", help="Let companion roll the die.", short="-r")  # dice games' too


class Verb(Value):
    """One verb: its name, its action class, its help line, its parameters, its short
    forms, the usage line an error shows when its words do not fit, and the rest of
    its help (``more``: what ``COMMAND --help`` adds under the first line)."""

    name: str
    action: type[Value]
    help: str
    params: tuple[Param, ...] = ()
    short: tuple[str, ...] = ()
    usage: str = ""
    more: str = ""  # the rest of the command's help, after its first line
    line: tuple[Param, ...] = LINE  # a typed line's own options, not the action's
    # A typed line's words when the game's command reads them itself (a name of several
    # words, a die it may roll), else None: the action's positional parameters. Such a
    # command reads its options too: the line's are then ``line`` alone, in help's order.
    words: Param | tuple[Param, ...] | None = None

    def usage_line(self) -> str:
        if self.usage:
            return self.usage
        return " ".join([self.name, *(p.shown for p in self.params if p.positional)])

    def typed_words(self) -> tuple[Param, ...]:
        """A typed line's positional words: ``words``, else the action's."""
        if self.words is None:
            return tuple(p for p in self.params if p.positional)
        return (self.words,) if isinstance(self.words, Param) else self.words

    def typed_options(self) -> tuple[Param, ...]:
        """A typed line's options: ``line`` alone when the command reads its words itself,
        else the action's and the line's."""
        every = self.line if self.words is not None else (*self.params, *self.line)
        return tuple(p for p in every if not p.positional)


# The commands every game shares, typed in the middle of a game as its actions are and
# read as they are (one-shot, shell, live page); not actions: nothing saves them. Each
# needs a class of its own (``Grammar.by_action``), with no fields.
def _shared(name: str, help: str, **more: Any) -> Verb:
    return Verb(name, type(name.title(), (Value,), {}), help, **more)


_COUNT = arg("count", help="How many actions.", required=False, default="1")
SHARED = (
    _shared("status", "Show the game's state."),
    _shared("log", "Numbered actions: with the ruling each produced."),
    _shared("undo", "Undo the last action(s); 'redo' brings them back.", words=_COUNT),
    _shared("redo", "Redo what 'undo' took back (a new action forgets it).", words=_COUNT),
    _shared("big", "The vital numbers: in large digits for the table.", line=(GAME,)),
    _shared("note", "Keep a note with the game.", line=(GAME,),
            words=rest("text", help="Free text kept with the game.", required=True)),
)


class Plan(Value):
    """How one verb's words are read and written (``Grammar.plan``)."""

    allowed: set[str]  # its option words ('split' refuses any other)
    flags: frozenset[str]  # those that take no value
    positional: tuple[Param, ...]
    options: tuple[Param, ...]
    pairs: tuple[Param, ...]  # those that take two words


def split(text: str, plan: Plan | None = None
          ) -> tuple[str, list[str], list[tuple[str, str | None]]]:
    """Action text as its verb, positional words and ``--option`` values; with its verb's
    ``plan``, its flags take no value, its pairs two (found as two values), and any other
    option is refused before its value is looked for."""
    if len(text) > MAX_ACTION_CHARS:
        raise BadInput(f"an action is at most {MAX_ACTION_CHARS} characters")
    try:
        if _PLAIN.fullmatch(text):  # saved actions rarely need shlex: ten times faster
            words = text.split()
        else:
            import shlex

            words = shlex.split(text)
    except ValueError as error:
        raise BadInput(f"cannot read action {text!r}: {error}") from None
    if not words:
        raise BadInput("empty action")
    found: list[tuple[str, str | None]] = []
    pairs = {p.option: p for p in plan.pairs} if plan is not None else {}
    if pairs:  # each option taking two words taken out first, with its words
        left: list[str] = []
        tail = iter(words)
        for word in tail:
            param = pairs.get(word.lower())
            if param is None:
                left.append(word)
                continue
            first, second = next(tail, None), next(tail, None)
            if first is None or second is None:
                what = " and the ".join(param.type.split())
                raise BadInput(f"{param.option} takes a {what}: {param.option} "
                               f"{param.metavar.removesuffix('...')}")
            found += [(param.option[2:], first), (param.option[2:], second)]
        if found:
            words = left
            text = " ".join(quote(word) for word in words)  # as errors quote it
    args: list[str] = []
    rest_words = iter(words[1:])
    for word in rest_words:
        if word.startswith("--") and len(word) > 2:
            name = word[2:].lower()
            if plan is not None and name in plan.flags:
                found.append((name, None))
                continue
            if plan is not None and name not in plan.allowed:
                raise BadInput(f"'{words[0].lower()}' takes no option --{name}")
            value = next(rest_words, None)
            if value is None:
                raise BadInput(f"option {word} needs a value in {text!r}")
            found.append((name, value))
        else:
            args.append(word)
    return words[0].lower(), args, found


def quote(word: str) -> str:
    """A word as action text keeps it: bare when plain, else quoted for ``split``."""
    if "\n" in word or "\r" in word or "\x00" in word:
        raise BadInput(f"{word!r} cannot be part of an action")
    if _SAFE_WORD.fullmatch(word):
        return word
    import shlex

    return shlex.quote(word)


def given_twice(first: str, *more: str) -> BadInput:
    """The one refusal of an option typed twice where it takes one value, in every
    command, one-shot and in the shell: ``first`` and the other words typed for it."""
    other = next((word for word in more if word != first), None)
    if other is not None and (other.startswith("--no-") or first.startswith("--no-")):
        return BadInput(f"{first} and {other} together")
    return BadInput(f"option {first} given more than once")


def spell_options(names: Iterable[str], words: list[str]) -> list[str]:
    """``words`` with unique prefixes of the long options ``names`` spelled out (``--pris``
    is ``--prisoner``); a prefix of two is an error naming them. ``--`` ends options."""
    names = list(names)
    spelled: list[str] = []
    for number, word in enumerate(words):
        if word == "--":
            return spelled + words[number:]
        if word.startswith("--") and len(word) > 2:
            name, equals, value = word.partition("=")
            if name not in names:
                matches = [n for n in names if n.startswith(name)]
                if len(matches) == 1:
                    word = matches[0] + equals + value
                elif matches:
                    raise BadInput(f"{name!r} could be {', '.join(sorted(matches))}: type more")
        spelled.append(word)
    return spelled


class Line(Value):
    """A typed line's words as its verb reads them: the positional words and the options
    for ``Grammar.build``, and the values of the line's own options (``Verb.line``) by
    name."""

    args: list[str]
    given: list[tuple[str, str | None]]
    own: dict[str, object]

    @property
    def game(self) -> str | None:
        """The game named with ``--game``, else None (the current one)."""
        value = self.own.get("game")
        return None if value is None else str(value)

    @property
    def json(self) -> bool:
        return bool(self.own.get("json"))


def option_words(verb: Verb) -> dict[str, tuple[Param, bool]]:
    """Each option word a typed line of ``verb`` takes (long, short, ``--no-``): its
    parameter, and whether the word turns it off."""
    named: dict[str, tuple[Param, bool]] = {}
    for param in verb.typed_options():
        named[param.option] = (param, False)
        if param.short:
            named[param.short] = (param, False)
        if param.kind == SWITCH:
            named["--no-" + param.option[2:]] = (param, True)
    return named


def read_line(verb: Verb, words: list[str]) -> Line:
    """Read the words typed after a verb, as a command line takes them (``--opt VALUE``,
    ``--opt=VALUE``, ``-o VALUE``, ``-oVALUE``, short flags together, ``--`` before
    words that start with a dash); an error is worded as the rest of the CLI words it."""
    # an option word the command reads among its words ('--assist HERO ROLL')
    kept = {"--" + p.word for p in verb.typed_words() if p.word}
    named = option_words(verb)
    longs = [word for word in named if word.startswith("--")]
    rest_words = iter(spell_options(longs, words))
    args: list[str] = []
    found: list[tuple[Param, bool, str | None]] = []
    typed: dict[str, list[str]] = {}  # what each option taking one value was typed as
    errors: list[BadInput] = []  # the first is said, after an option given twice
    for word in rest_words:
        if word == "--":
            args += rest_words
            continue
        if len(word) < 2 or not word.startswith("-") or word.lower() in kept:
            args.append(word)
            continue
        # each option in the word: as typed, what it names, the value typed with it
        if word.startswith("--"):
            name, equals, attached = word.partition("=")
            options = [(name, named.get(name), attached if equals else None)]
        else:  # short letters, up to one that takes the rest of the word as its value
            options = []
            for at, letter in enumerate(word[1:], start=2):
                known = named.get("-" + letter)
                takes = known is not None and known[0].kind not in (FLAG, SWITCH)
                options.append(("-" + letter, known, word[at:] or None if takes else None))
                if known is None or takes:
                    break
        for shown, known, value in options:
            if known is None:
                from difflib import get_close_matches

                close = get_close_matches(shown, [*longs, "--help"]) if word[1] == "-" else []
                also = f" (Possible options: {', '.join(sorted(close))})" if close else ""
                errors.append(BadInput(f"No such option: {shown}{also}"))
                continue
            param, off = known
            if param.kind in (FLAG, SWITCH):
                if value is not None:
                    errors.append(BadInput(f"Option {shown!r} does not take a value."))
            elif value is None:
                value = next(rest_words, None)
                if value is None:
                    errors.append(BadInput(f"Option {shown!r} requires an argument."))
            if param.kind != OPTIONS:
                typed.setdefault(param.name, []).append(
                    "--no-" + param.option[2:] if off else param.option)
            found.append((param, off, value))
    for forms in typed.values():
        if len(forms) > 1:
            raise given_twice(*forms)
    if errors:
        raise errors[0]
    positional = verb.typed_words()
    required = [p for p in positional if p.required]
    if required and (len(args) < len(required) if verb.words else not args):
        shown = (required[0].metavar or required[0].name if verb.words
                 else " ".join(p.shown for p in positional))
        raise BadInput(f"Missing argument {shown!r}.")
    extra = args if not positional else [] if not verb.words or \
        REST in (p.kind for p in positional) else args[len(positional):]
    if extra:
        raise BadInput(f"Got unexpected extra argument(s) ({' '.join(extra)})")
    own: dict[str, object] = {}
    given: list[tuple[str, str | None]] = []
    for param, off, value in found:
        if param in verb.line:
            own[param.name] = True if param.kind == FLAG else value
        else:
            given.append(("no-" + param.option[2:] if off else param.option[2:], value))
    return Line(args, given, own)


# How a verb's positional words fill its action (``Grammar._shape``): a plain tuple, read
# once per action.
_Shape = tuple[type[Value], int, int, int, tuple[object, ...]]


# The game's union of action classes (``GRAMMAR: Grammar[Action]``): what ``parse``
# and ``build`` give.
A_co = TypeVar("A_co", bound=Value, covariant=True)


class Grammar(Generic[A_co]):
    """A game's verbs: the one reader and writer of its action text.

    ``prepare`` may rewrite a verb's positional words before they are shared out
    (Hebrac joins card names typed in words: ``queen of hearts``), except in a saved line
    whose words are all ``plain`` (Hebrac's cards in their own words); ``implicit``: what
    a line may start with instead of a verb, and the verb it means; ``signed``: a whole
    number may be typed with its sign, '+1' (Half Deck's always could).
    """

    def __init__(self, kind: str, title: str, verbs: Iterable[Verb], *,
                 prepare: Callable[[str, list[str]], list[str]] | None = None,
                 plain: frozenset[str] = frozenset(),
                 implicit: tuple[re.Pattern[str], str] | None = None,
                 signed: bool = False) -> None:
        self.kind = kind
        self.title = title
        self.verbs: dict[str, Verb] = {verb.name: verb for verb in verbs}
        self.by_action: dict[type, Verb] = {verb.action: verb for verb in self.verbs.values()}
        self.prepare = prepare
        self.plain = plain
        self.implicit = implicit
        self.signed = signed
        # How each verb's words are read and written, worked out on its first use (a
        # command reads a few verbs).
        self._plans: dict[str, Plan] = {}
        self._shapes = {verb.name: self._shape(verb) for verb in self.verbs.values()}
        # A whole number among the words (read by ``number``), or words read two by two,
        # is never read the quick way.
        self._quick = {verb.name: self._shapes[verb.name] for verb in self.verbs.values()
                       if not any(p.positional and (p.type == "int" or p.pair)
                                  for p in verb.params)}

    def named(self, *modules: object, prefix: str = "") -> dict[type, Callable[..., Any]]:
        """Each action type to the function named after its verb (``prefix`` + the name,
        ``-`` as ``_``) in the first of ``modules`` that has one: an engine's rulings
        follow the verbs declared here, with no second list of them."""
        found = {}
        for verb in self.verbs.values():
            name = prefix + verb.name.replace("-", "_")
            found[verb.action] = getattr(next(m for m in modules if hasattr(m, name)), name)
        return found

    def aliases(self) -> dict[str, str]:
        return {short: verb.name for verb in self.verbs.values() for short in verb.short}

    def verb(self, name: str) -> Verb:
        found = self.verbs.get(name)
        if found is None:
            from companion.names import a_name

            raise BadInput(f"{name!r} is not {a_name(self.title + ' action')}: expected one of "
                           f"{', '.join(self.verbs)}")
        return found

    def plan(self, name: str) -> Plan:
        found = self._plans.get(name)
        if found is None:
            params = self.verbs[name].params
            options = tuple(p for p in params if not p.positional)
            flags = {p.option[2:] for p in options if p.kind in (FLAG, SWITCH)}
            flags |= {"no-" + p.option[2:] for p in options if p.kind == SWITCH}
            pairs = tuple(p for p in params if p.pair and (p.word or not p.positional))
            found = Plan({p.option[2:] for p in (*options, *pairs)} | flags, frozenset(flags),
                         tuple(p for p in params if p.positional), options, pairs)
            self._plans[name] = found
        return found

    def number(self, text: str, what: str) -> int:
        """A whole number typed in this game, for ``what`` (one-shot options too): the one
        reader of numbers (a game may let a sign be typed: ``signed``)."""
        return whole(_unsigned(text) if self.signed else text, what)

    def parse(self, text: str) -> A_co:
        """The action value ``text`` stands for; ``BadInput`` says what does not fit."""
        words = text.split()
        # A saved line (plain words, no option, its verb in lower case) is read by
        # str.split and one dict lookup to its verb's reader; every other line, and every
        # error, goes the whole way.
        quick = self._quick.get(words[0]) if words and len(text) <= MAX_ACTION_CHARS else None
        args = words[1:]
        if quick is not None and not self.plain.issuperset(args):
            # a word not plain (cards as saved are): the line may hold an option, a quote
            # or an escape, or words to join
            if "--" in text or "'" in text or '"' in text or "\\" in text:
                quick = None
            elif self.prepare is not None:
                args = self.prepare(words[0], args)
        if quick is not None:
            action, rest, low, high, tail = quick
            if low <= len(args) <= high:
                # the verb's own action class, its fields filled in order: the words left
                # out take their defaults, or a REST the remaining words
                if rest < 0:
                    values = (*args, *tail[len(args):])
                elif rest:
                    values = (*args[:rest], tuple(args[rest:]), *tail)
                else:  # the first word takes them all (attack, peek)
                    values = (tuple(args), *tail)
                return tuple.__new__(action, values)  # type: ignore[return-value]
        head = words[0].lower() if words else ""
        plan = self.plan(head) if head in self.verbs else None
        verb, args, given = split(text, plan)
        return self.build(self.verb(verb), args, given)

    @staticmethod
    def _shape(verb: Verb) -> _Shape:
        """How ``verb``'s positional words fill its action: the action class, which word
        takes the rest (-1: none), the fewest and most words, and the values of the fields
        not typed (every field's when no word takes the rest, else those after it). A line
        of plain words is at most MAX_ACTION_CHARS long: a small bound where a REST takes
        them all, quick to compare."""
        params = verb.params
        fields = getattr(verb.action, "_fields", None)
        positional = [p for p in params if p.positional]
        kinds = [p.kind for p in positional]
        if fields != tuple(p.name for p in params) or REST in kinds[:-1] \
                or any(p.positional for p in params[len(positional):]):
            raise TypeError(f"{verb.name}: the action's fields {fields} are not its "
                            "parameters, positional first, a REST last of them")
        defaults = tuple(_UNSET.get(p.kind) for p in params)
        if REST in kinds:
            rest = len(positional) - 1
            low = rest + positional[rest].required
            return verb.action, rest, low, MAX_ACTION_CHARS, defaults[rest + 1:]
        low = max((at + 1 for at, p in enumerate(positional) if p.required), default=0)
        return verb.action, -1, low, len(positional), defaults

    def build(self, verb: Verb, args: list[str],
              given: Sequence[tuple[str, str | None]]) -> A_co:
        """The action of ``verb`` from its positional words and its options (the verb's
        own: ``split`` and ``read_line`` refuse any other)."""
        plan = self.plan(verb.name)
        if self.signed:  # '+1' read as '1', before 'prepare' reads the words
            if any(p.type == "int" for p in plan.positional):
                args = [_unsigned(word) for word in args]
            numbers = {p.option[2:] for p in plan.options if p.type == "int"}
            given = [(name, _unsigned(value) if value and name in numbers else value)
                     for name, value in given]
        for param in plan.options if given else ():  # one given twice is refused
            word = param.option[2:]
            typed = [t for t, _ in given if t == word or (param.kind == SWITCH
                                                          and t == "no-" + word)]
            if len(typed) > 1 and param.kind != OPTIONS:
                raise given_twice(*["--" + t for t in typed])
        if self.prepare is not None:
            args = self.prepare(verb.name, args)
        _action, rest, low, high, _tail = self._shapes[verb.name]
        if len(args) < low or (rest < 0 and len(args) > high):  # a REST takes any number
            raise BadInput(f"usage: {verb.usage_line()}")
        shared: list[str | tuple[str, ...] | None] = [*args[:rest], tuple(args[rest:])] \
            if rest >= 0 else [*args, *[None] * (high - len(args))]
        values: dict[str, object] = {}
        for param, value in zip(plan.positional, shared, strict=True):
            number = param.type == "int"
            if isinstance(value, tuple):  # a REST's words
                values[param.name] = tuple(_read(item, param.name, number) for item in value)
            else:
                values[param.name] = None if value is None else _read(value, param.name, number)
        for param in plan.options:
            if not given:  # the common case: no option typed
                values[param.name] = _UNSET.get(param.kind)
                continue
            word = param.option[2:]
            found = [value or "" for typed, value in given if typed == word]
            if param.kind == FLAG:
                values[param.name] = bool(found)
            elif param.kind == SWITCH:
                off = any(typed == "no-" + word for typed, _ in given)
                values[param.name] = True if found else (False if off else None)
            elif param.pair:
                values[param.name] = _paired(verb, found, param.pair)
            elif param.kind == OPTIONS:
                values[param.name] = tuple(_read(v, param.option, param.type == "int")
                                           for v in found)
            else:
                values[param.name] = _read(found[0], param.option, param.type == "int") \
                    if found else None
        for param, value in zip(plan.positional, shared, strict=True):
            if param.pair:  # its words two by two, then those of each --word
                more = [v or "" for t, v in given if t == param.option[2:]]
                values[param.name] = _paired(verb, (*(value or ()), *more), param.pair)
        # each verb's class is one of the game's actions (the table pairs them)
        return cast(A_co, verb.action(**values))

    def text(self, action: Value) -> str:
        """The canonical line of ``action``: verb, positional words, then options in
        the order the verb declares them."""
        verb = self.by_action[type(action)]
        plan = self.plan(verb.name)
        parts = [verb.name]
        for param in plan.positional:
            value = getattr(action, param.name)
            if param.pair:
                parts += [w for item in value for w in (param.option, *map(str, item))]
            elif param.kind == REST:
                parts += map(str, value)
            elif value is not None and value != "":
                parts.append(str(value))
        for param in plan.options:
            value = getattr(action, param.name)
            if param.kind in (FLAG, SWITCH):
                if value or (value is False and param.kind == SWITCH):  # a switch says off too
                    parts.append(param.option if value else "--no-" + param.option[2:])
                continue
            for item in value if param.kind == OPTIONS else () if value is None else (value,):
                parts += [param.option, *map(str, item)] if param.pair else [param.option,
                                                                             str(item)]
        return " ".join(quote(part) for part in parts)


def _unsigned(word: str) -> str:
    return word[1:] if word[:1] == "+" and is_whole(word[1:]) else word


def _read(value: str, what: str, whole_number: bool) -> int | str:
    return whole(value, what) if whole_number else value


def _paired(verb: Verb, words: Sequence[str], pair: Any) -> tuple[Value, ...]:
    """``words`` two by two, each pair built into ``pair``; an odd word out is refused."""
    if len(words) % 2:
        raise BadInput(f"usage: {verb.usage_line()}")
    return tuple(pair(words[at], words[at + 1]) for at in range(0, len(words), 2))


# The commands every game shares (``SHARED``), read and built as a game's actions are.
SHARED_GRAMMAR: Grammar[Value] = Grammar("shared", "game", SHARED)
