"""Share codes, format 2: a game's words packed by adaptive arithmetic coding.

A share code has to fit a QR code on a 40-column phone screen, which holds
about 85 bytes of game. Deflate (format 1) spends 2-3 bytes on every word of a game
because a word is a match or a run of literals; a model that predicts the
next word from the words before it spends what the word is worth: the next
card of a deck costs its 5-6 bits, the verb after ``enter A1 QH`` about one.

The stream, in order: the game kind; then the model is primed for that kind
(its verbs and what each takes, its base settings, the letters of common
words, so a game's first words are cheap); the name; the settings that differ from the
kind's frozen base; the actions; the undone actions; the notes. Each list
ends with an end mark where a new item would begin.

Words are coded with PPM-style contexts, longest first: (verb, previous
word), (verb, position), the list, every word so far; a word none of them has
seen is an index into the frozen vocabulary, or spelled out byte by byte.
Everything here is frozen with format 2: changing the vocabulary, a grammar,
the contexts or the arithmetic changes the meaning of every code.

Reading is bounded: the output may not exceed the caller's limits, and a table
is searched by prefix sums in C, so a hostile code costs at most a few hundred
milliseconds before it is refused. ``BadInput`` says why.
"""

from __future__ import annotations

import json
import re
from bisect import bisect_right
from collections import Counter
from collections.abc import Callable, Hashable, Mapping, Sequence
from functools import cache
from itertools import accumulate, pairwise
from typing import Any

from companion.editions import CURRENT
from companion.errors import BadInput, DataProblem
from companion.text import MAX_NOTE_CHARS, MAX_NOTES  # what 'note' accepts: every game shares

_BITS = 32
_TOP = (1 << _BITS) - 1
_QUARTER = 1 << (_BITS - 2)
_THREE_QUARTERS = 3 * _QUARTER
_MAX_TOTAL = 1 << 16  # counts are halved above this: precision stays exact in 32 bits
_END = "\x00"  # ends a list item or a list; never part of checked text

KIND_ORDER = ("hebrac", "tricky", "halfdeck", "elbereth")

# -- the frozen vocabulary --------------------------------------------------------------
# Word classes: the model learns them per verb before a code is read or written (see
# _GRAMMARS), so the first card of a game costs what a card is worth (about 6 bits),
# not an escape and an index into the whole vocabulary.
_CARDS = tuple(f"{rank}{suit}" for rank in ("A", "2", "3", "4", "5", "6", "7", "8", "9",
                                            "10", "J", "Q", "K") for suit in "HDCS") + ("JK",)
_TRICKY_CARDS = tuple(f"{colour}{number}" for colour in "RBYG" for number in range(10))
_CHAMBERS = tuple(f"{row}{column}" for row in "ABC" for column in range(1, 11))
_DIE = tuple(str(number) for number in range(1, 7))
_SMALL = tuple(str(number) for number in range(13))
_BONUS = tuple(f"+{number}" for number in range(1, 7))
_SPELLS = tuple("""anti-magic body-switch curse double-attack future-perception genie-of-luck
god-vision healing hell-bomb illusion paralysis remote-vision revelation stealing-spirit
stone-statue super-strength teleport levitation""".split())
_TRICKY_HEROES = tuple("""assassin barbarian dwarven-hunter elvish-hunter fairy-scout knight
ninja nymph seer sorcerer thief trickster troubadour witch wizard""".split())
_HALFDECK_HEROES = ("warrior", "cleric", "ranger", "rogue")
_COLOURS = ("R", "B", "Y", "G")
_MONSTERS = ("rat", "spider", "snake", "dragon", "knight", "mage", "marksman", "merchant",
             "ogre", "smith")
_ITEMS = ("sword", "staff", "bow", "armour", "helm", "gauntlets", "coin")
_WORDS = """
enter attack potion reveal offer buy heal play refuse take use drop move next-level cast
see peek round exchange predict trick result hand hero equip draw team-attack challenge
escape team-escape shuffle-back loot discard hurt trade boost block wound bribe pickup
break-wall found shop descend stairs key
--with --count --potion --prisoner --treasure --overpay --trump --active --player --pass
--tricks --potions --spells --goblins --orcs --ogres --last-trick --no-last-trick --predict
--exchange --str --mag --loot --effect --assist --pick --one-use --standby --forced
--in-play --hero --minion --boss --trap --misc --endgame-boss --endgame-treasure
--loot-to --from --next
hebrac tricky halfdeck elbereth
{ } [ ] : , " true false
"""
_SETTING_KEYS = """
life decks jokers rules chambers inventory_limit late_potions evil ace_offer_value players
set rounds_per_player race guild random_heroes colours stars potions thief_base
trickster_base barbarian_minimum sorcerer_minimum knight_minimum unverified endgame
deck_size rescue trap_needs shuffle_back equip bosses short_boost bribe_from bribe_key
"""
# The end mark first: every word a code may name without spelling it out.
VOCABULARY = tuple(dict.fromkeys([
    _END, *_CARDS, *_TRICKY_CARDS, *_CHAMBERS, *(str(number) for number in range(31)),
    *(f"{sign}{number}" for sign in "+-" for number in range(1, 10)), *_SPELLS,
    *_TRICKY_HEROES, *_HALFDECK_HEROES, *_MONSTERS, *_ITEMS, *_WORDS.split(),
    *_SETTING_KEYS.split()]))
_INDEX = {word: number for number, word in enumerate(VOCABULARY)}

# Per kind, what each verb takes: at a position after the verb, or after an option.
_Grammar = dict[str, dict[int | str, tuple[str, ...]]]
_GRAMMARS: dict[str, _Grammar] = {
    "hebrac": {
        "enter": {1: _CHAMBERS, 2: _CARDS, "--treasure": _CARDS},
        "see": {1: _CHAMBERS, 2: _CARDS, "--treasure": _CARDS}, "move": {1: _CHAMBERS},
        "attack": {1: _CARDS, 2: _CARDS, "--potion": _CARDS, "--prisoner": _CARDS},
        **dict.fromkeys(("take", "use", "drop", "play", "potion", "reveal"), {1: _CARDS}),
        **dict.fromkeys(("offer", "buy", "peek"), {1: _CARDS, 2: _CARDS}),
        "cast": {1: _SPELLS, "--with": _CARDS, "--count": _SMALL, "--overpay": ()},
        "heal": {}, "refuse": {}, "next-level": {},
    },
    "tricky": {
        "round": {1: _TRICKY_HEROES, "--active": (), "--trump": _COLOURS, "--predict": _SMALL,
                  "--pass": ()},
        "trick": dict.fromkeys(range(1, 5), _TRICKY_CARDS),
        "exchange": {**dict.fromkeys(range(1, 4), _TRICKY_CARDS), "--player": (),
                     "--count": _SMALL},
        "predict": {1: _SMALL, "--player": ()},
        "result": {**dict.fromkeys(("--tricks", "--goblins", "--orcs", "--ogres", "--potions",
                                    "--spells"), _SMALL),
                   "--last-trick": (), "--no-last-trick": ()},
    },
    "halfdeck": {
        "hero": {1: _HALFDECK_HEROES, "--str": _DIE, "--mag": _DIE, "--pick": (),
                 "--player": ()},
        "attack": {1: _HALFDECK_HEROES, 2: _DIE, "--assist": _HALFDECK_HEROES,
                   "--loot-to": _HALFDECK_HEROES},
        "team-attack": {1: _HALFDECK_HEROES, 2: _DIE, "--assist": _HALFDECK_HEROES,
                        "--from": _HALFDECK_HEROES},
        "challenge": {1: _HALFDECK_HEROES, 2: _DIE, "--assist": _HALFDECK_HEROES},
        "equip": {1: _HALFDECK_HEROES, "--str": _BONUS, "--mag": _BONUS, "--one-use": (),
                  "--standby": ()},
        "draw": {"--str": _SMALL, "--mag": _SMALL, "--loot": _DIE, **dict.fromkeys((
            "--minion", "--boss", "--trap", "--misc", "--endgame-boss", "--endgame-treasure",
            "--effect", "--one-use", "--hero", "--player"), ())},
        "hand": {"--player": ()}, "discard": {"--forced": (), "--in-play": ()},
        "heal": {1: _HALFDECK_HEROES}, "hurt": {1: _HALFDECK_HEROES}, "escape": {},
        "team-escape": {"--from": _HALFDECK_HEROES}, "loot": {}, "trade": {},
        "shuffle-back": {},
    },
    "elbereth": {
        "attack": {1: _MONSTERS, 2: _DIE},
        **dict.fromkeys(("boost", "block", "wound", "bribe", "pickup", "shop"), {1: _ITEMS}),
        "break-wall": {1: _DIE}, "found": {1: ("stairs", "shop")}, "descend": {},
    },
}
# Per kind: the settings a code leaves out when a game has them (format 2 keeps these
# even if companion's defaults change, so an old code still means what it meant).
BASE_SETTINGS: dict[str, dict[str, Any]] = {
    "hebrac": {"life": 15, "decks": 2, "jokers": 4, "rules": "2005", "chambers": 12,
               "inventory_limit": 0, "late_potions": False, "evil": False,
               "ace_offer_value": 12},
    "tricky": {"players": ["A", "B"], "set": "A", "rounds_per_player": 2, "race": 0,
               "guild": False, "random_heroes": False,
               "colours": ["red", "blue", "yellow", "green"], "stars": [1, 2, 3, 4],
               "potions": [1, 2, 5, 6], "thief_base": [5, 4], "trickster_base": [5, 4],
               "barbarian_minimum": [6, 4], "sorcerer_minimum": [6, 4],
               "knight_minimum": [5, 3],
               "unverified": ["colours", "stars", "potions", "thief_base", "trickster_base",
                              "barbarian_minimum", "sorcerer_minimum", "knight_minimum"]},
    "halfdeck": {"players": 1, "endgame": "both", "deck_size": 26, "rescue": "",
                 "trap_needs": "reach", "shuffle_back": True},
    "elbereth": {"equip": ["sword", "armour"], "bosses": False, "short_boost": "settles",
                 "bribe_from": "equipped", "bribe_key": True},
}
_REPLACE_ALL = "="  # first settings token: what follows is every setting, not a change


# Common English and names of things in these games: spelled-out words (names,
# notes, Half Deck cards) cost about 4 bits a letter instead of 7.
_LETTER_PRIMER = """
the of and to a in is it you that he was for on are with as his they be at one have this
from or had by not word but what some we can out other were all there when up use your how
said an each she which do their time if will way about many then them write would like so
these her long make thing see him two has look more day could go come did number sound no
most people my over know water than call first who may down side been now find any new work
part take get place made live where after back little only round man year came show every
good me give our under name very through just form sentence great think say help low line
differ turn cause much mean before move right boy old too same tell does set three want air
well also play small end put home read hand port large spell add even land here must big
high such follow act why ask men change went light kind off need house picture try us again
animal point mother world near build self earth father head stand own page should country
found answer school grow study still learn plant cover food sun four between state keep eye
never last let thought city tree cross farm hard start might story saw far sea draw left late
run while press close night real life few north open seem together next white children begin
got walk example ease paper group always music those both mark often letter until mile river
car feet care second book carry took science eat room friend began idea fish mountain stop
once base hear horse cut sure watch color face wood main enough plain girl usual young ready
above ever red list though feel talk bird soon body dog family direct pose leave song measure
door product black short numeral class wind question happen complete ship area half rock
order fire south problem piece told knew pass since top whole king space heard best hour
better true during hundred five remember step early hold west ground interest reach fast verb
sing listen six table travel less morning ten simple several vowel toward war lay against
goblin orc ogre troll skeleton zombie ghost demon dragon witch wizard knight priest priestess
merchant guard thief rogue ranger warrior cleric mage monk bard hero heroes boss minion trap
sword shield axe mace dagger bow staff wand ring amulet potion scroll tome map boots armour
helm cloak gold coin gem key chest door wall floor stair dungeon chamber level battle attack
won lost dead died death win wins loss score round trick trump player game games turn Ann Bob
Cy Di Eve Max Sam Tom Zoe Alex Ben Kim Lea Mia Noa Ola Pia Ray Una Vic Will Yan
"""
# (Rows of the most used English words, then words of dungeon games and a few short names.)


SETTING_WORD_CHARS = 1_000
"""The longest word of the settings' text (a setting's text is at most 200 characters)."""
# The most a code may hold: share.py checks them again, the reader stops at them.
MAX_ACTIONS = 5_000  # actions and undone actions together
MAX_ACTION_CHARS = 500  # as companion.verbs


# -- adaptive frequencies ----------------------------------------------------------------
class _Table:
    """Counts of the words seen in one context, in first-seen order, plus an escape.

    The escape's weight is the number of distinct words the game brought (PPM
    method C), at least 1: words learned from the grammar do not weigh on it, as
    a primed context rarely meets a new word. An empty table escapes for certain
    and is skipped by both sides. The counts are a plain list: a context holds a
    few dozen words, and a prefix sum in C costs less than a tree kept in Python.
    """

    __slots__ = ("index", "symbols", "counts", "total", "novel", "waiting")

    def __init__(self, counts: Mapping[str, int] | None = None) -> None:
        """A table holding ``counts`` (first seen, first listed; learned while priming, not
        brought by the game), else an empty one."""
        counts = counts or {}
        self.symbols = list(counts)
        self.index = {symbol: position for position, symbol in enumerate(self.symbols)}
        self.counts = list(counts.values())
        self.total = sum(self.counts)
        self.novel = 0
        # Words not counted yet: every context learns every word, but most are read only
        # when the ones before them escape, so they count their words when next read.
        self.waiting: list[str] = []

    def copy(self) -> _Table:
        """A table of its own holding these counts (a primed table, to code with)."""
        return _Table(dict(zip(self.symbols, self.counts, strict=True)))

    def catch_up(self, brought: bool = True) -> None:
        """Count the waiting words in order: ``brought`` by the game, or learned while
        priming (no escape weight). Counts are halved whenever their total passes
        _MAX_TOTAL, and never reach zero."""
        index, symbols, counts, total = self.index, self.symbols, self.counts, self.total
        for symbol in self.waiting:
            position = index.get(symbol)
            if position is None:
                index[symbol] = len(symbols)
                symbols.append(symbol)
                counts.append(1)
                self.novel += brought
            else:
                counts[position] += 1
            total += 1
            if total > _MAX_TOTAL:
                counts[:] = [(count + 1) // 2 for count in counts]
                total = sum(counts)
        self.total = total
        self.waiting = []


# -- the arithmetic coder ----------------------------------------------------------------
class _Coder:
    """Writes a code (``data`` None) or reads ``data``: the same calls narrow the same
    interval, the writer sending out its bits and the reader taking them in."""

    def __init__(self, data: bytes | None) -> None:
        self.low, self.high, self.value, self.pending, self.position = 0, _TOP, 0, 0, 0
        self.reading = data is not None
        self.written: list[str] = []  # the writer's bits, as text
        self.steps: list[tuple[int, int, int]] = []  # the writer's narrowings, read back
        self.stream = "".join(f"{byte:08b}" for byte in data or b"")  # the reader's
        if self.reading:
            self.value = self._take(_BITS)

    def pick(self, table: _Table, symbol: str | None) -> str | None:
        """``symbol`` from ``table``, or None for its escape: written, or read (``symbol``
        None)."""
        counts, known = table.counts, table.total
        total = known + (table.novel or 1)  # the escape weighs at least 1
        if self.reading:
            target = self._target(total)
            if target < known:
                ends = list(accumulate(counts))
                position = bisect_right(ends, target)
                self._narrow(ends[position] - counts[position], ends[position], total)
                return table.symbols[position]
        else:
            at = table.index.get(symbol)  # type: ignore[arg-type]
            if at is not None:
                low = sum(counts[:at])
                self._narrow(low, low + counts[at], total)
                return symbol
        self._narrow(known, total, total)
        return None

    def uniform(self, size: int, index: int | None) -> int:
        """One of ``size`` equally likely numbers: ``index`` written, or read (None)."""
        if index is None:
            index = min(self._target(size), size - 1)
        self._narrow(index, index + 1, size)
        return index

    def _target(self, total: int) -> int:
        return ((self.value - self.low + 1) * total - 1) // (self.high - self.low + 1)

    def _narrow(self, low: int, high: int, total: int) -> None:
        if not self.reading:
            self.steps.append((low, high, total))
        bottom = self.low  # the interval in locals while it is narrowed and doubled
        width = self.high - bottom + 1
        top = bottom + width * high // total - 1
        bottom += width * low // total
        # The leading bits the interval's ends share are settled: out (or in) at once.
        settled = _BITS - (bottom ^ top).bit_length()
        if settled:
            if self.reading:
                self.value = (self.value << settled) & _TOP | self._take(settled)
            else:
                bits = format(bottom >> (_BITS - settled), f"0{settled}b")
                self._write(bits[0], bits[1:])
            bottom = (bottom << settled) & _TOP
            top = (top << settled) & _TOP | ((1 << settled) - 1)
        # Then, while the interval straddles the middle narrowly, the next bit is not
        # known yet, only that the bit after it is its opposite: the middle half doubled.
        while bottom >= _QUARTER and top < _THREE_QUARTERS:
            if self.reading:
                self.value = 2 * (self.value - _QUARTER) + self._take(1)
            else:
                self.pending += 1
            bottom = 2 * (bottom - _QUARTER)
            top = 2 * (top - _QUARTER) + 1
        self.low, self.high = bottom, top

    def _write(self, bit: str, rest: str = "") -> None:
        self.written.append(bit + ("1" if bit == "0" else "0") * self.pending + rest)
        self.pending = 0

    def _take(self, count: int) -> int:
        start = self.position
        self.position += count
        # Past the end the writer's stream is zeros; a code that needs many is cut.
        if self.position > len(self.stream) + 2 * _BITS:
            raise BadInput("the code is damaged: its data stops short")
        return int(self.stream[start:self.position].ljust(count, "0"), 2)

    def finish(self) -> bytes:
        self.pending += 1
        self._write("0" if self.low < _QUARTER else "1")
        bits = "".join(self.written)
        bits += "0" * (-len(bits) % 8)
        data = int(bits, 2).to_bytes(len(bits) // 8, "big")
        # The arithmetic is hand-written: the code is read back before anyone is given
        # it, each step landing where it was written. (What the words mean is one model
        # for both sides: the tests read whole games back.)
        reader = _Coder(data)
        try:
            for low, high, total in self.steps:
                if not low <= reader._target(total) < high:
                    raise BadInput("a step read back elsewhere")
                reader._narrow(low, high, total)
        except BadInput:
            raise DataProblem("this game's share code did not read back the same; use "
                              "'companion sheet' or copy the save file instead") from None
        return data


# -- the word model ----------------------------------------------------------------------
class _Model:
    """Contexts and their tables; the same calls write a code or read it."""

    def __init__(self, coder: _Coder, budget: int, primed: Mapping[Hashable, _Table]) -> None:
        self.coder = coder
        # Coding uses copies of the primed tables, each made when first used, so the
        # tables a game never touches cost nothing.
        self.tables: dict[Hashable, _Table] = {}
        self.letters: dict[Hashable, _Table] = {}  # previous byte -> the bytes after it
        self.primed = primed
        self.budget = budget  # characters the reader may still produce
        self.limit = budget
        # The longest word the field being read may still hold (set by the reader per
        # field): a hostile code is refused at the field's limit, not the payload's.
        self.room = budget
        self.field = "data"

    def table(self, key: Hashable) -> _Table:
        return self.tables.get(key) or _made(self.tables, self.primed, key)

    def word(self, tables: Sequence[_Table], word: str | None) -> str:
        """``word`` coded in the first of ``tables`` (contexts, longest first) that knows
        it, escaping the ones before; else an index into the vocabulary, or spelled out.
        Every table then counts it."""
        found = self._coded(tables, word)
        if found is None:
            known = None if word is None else _INDEX.get(word, len(VOCABULARY))
            index = self.coder.uniform(len(VOCABULARY) + 1, known)
            found = VOCABULARY[index] if index < len(VOCABULARY) else self._spelled(word)
        for table in tables:
            table.waiting.append(found)
        self._spend(len(found) + 1)
        return found

    def _coded(self, tables: Sequence[_Table], symbol: str | None) -> str | None:
        for table in tables:
            if table.waiting:
                table.catch_up()
            if table.total:  # an empty table escapes for certain: skipped
                found = self.coder.pick(table, symbol)
                if found is not None:
                    return found
        return None

    def _spelled(self, word: str | None) -> str:
        """A word not in the vocabulary: its UTF-8 bytes, then a zero byte; each byte
        predicted from the one before it, else from all bytes, else one in 256."""
        given = None if word is None else [chr(b) for b in word.encode("utf-8")] + [_END]
        # The letters are primed when a game first spells a word out (many never do).
        primed = _primed_letters()
        anywhere = self.letters.get("") or _made(self.letters, primed, "")
        out: list[str] = []
        previous = _END
        while True:
            char = None if given is None else given[len(out)]
            tables = (self.letters.get(previous) or _made(self.letters, primed, previous),
                      anywhere)
            found = self._coded(tables, char)
            if found is None:
                found = chr(self.coder.uniform(256, None if char is None else ord(char)))
            for table in tables:
                table.waiting.append(found)
            if found == _END:
                break
            out.append(found)
            previous = found
            self._spend(1)
            if len(out) > 4 * self.room and given is None:  # UTF-8: 4 bytes a character
                raise BadInput(f"the code's {self.field} hold an item longer than the limit")
        try:
            return bytes(ord(c) for c in out).decode("utf-8")
        except UnicodeDecodeError:
            raise BadInput("the code is damaged: a word is not UTF-8") from None

    def _spend(self, chars: int) -> None:
        self.budget -= chars
        if self.budget < 0:
            raise BadInput(f"the code unpacks to more than the limit of {self.limit} "
                           "characters")

    # -- lists of words ------------------------------------------------------------------
    def items(self, family: str, texts: Sequence[str] | None, most: int, longest: int
              ) -> list[str]:
        """A list of actions or notes, word by word; ``texts`` None: read it."""
        out: list[str] = []
        previous = _END
        self.field = family
        table, known = self.table, self.tables.get  # known: a table made already
        in_family, anywhere, first = table((family,)), table("*"), table((family, 0))
        while True:
            if texts is None:
                words: list[str] | None = None
            else:
                words = texts[len(out)].split(" ") if len(out) < len(texts) else [_END]
            self.room = longest
            verb = self.word((table((family, 0, previous)), first, anywhere),
                             None if words is None else words[0])
            if verb == _END:  # checked text never holds it: the list ends here
                return out
            line = [verb]
            length = len(verb)
            while True:
                if length > longest:
                    raise BadInput(f"the code's {family} hold an item longer than {longest} "
                                   "characters")
                position = len(line)
                given = None if words is None else (
                    words[position] if position < len(words) else _END)
                key = (family, verb, position if position < 4 else 4)
                if position > 1:  # at 1, the previous word is the verb: the same context
                    after = (family, verb, line[-1])
                    tables: tuple[_Table, ...] = (known(after) or table(after),
                                                  known(key) or table(key), in_family, anywhere)
                else:
                    tables = (known(key) or table(key), in_family, anywhere)
                self.room = longest - length - 1 if length < longest else 0
                word = self.word(tables, given)
                if word == _END:
                    break
                line.append(word)
                length += 1 + len(word)
            out.append(" ".join(line))
            if len(out) > most:
                raise BadInput(f"the code has more than {most} {family}")
            previous = verb


def _made(tables: dict[Hashable, _Table], primed: Mapping[Hashable, _Table], key: Hashable
          ) -> _Table:
    """The table of ``key``, made on first use: of the primed counts, or empty."""
    template = primed.get(key)
    table = tables[key] = template.copy() if template is not None else _Table()
    return table


_JSON_TOKEN = re.compile(r'"((?:[^"\\]|\\.)*)"|(-?[0-9][0-9.eE+-]*|true|false|\s+|.)', re.S)


def _json_tokens(text: str) -> list[str]:
    """JSON text as words, joined back by concatenation; a string is its quotes and its
    text apart, so a player's name in the settings is the same word in the actions."""
    tokens: list[str] = []
    for match in _JSON_TOKEN.finditer(text):
        inner, other = match.groups()
        if other is not None:
            tokens.append(other)
        else:
            tokens += ['"', inner, '"'] if inner else ['"', '"']
    return tokens


# Settings added after format 2 was frozen: left out of a code while at their default
# (the game's settings fill them in again when it is read), so the primed model and every
# older code stay as they were.
# The rules edition (companion.editions) is left out at the current one: a code without
# it is read as the current edition, or as the first when only the first replays it.
_LATER_DEFAULTS = {"hebrac": {"bag_partial": "covers"}, "halfdeck": {"assist_rule": "loose"}}


def coded_settings(kind: str, settings: Mapping[str, Any]) -> dict[str, Any]:
    """The settings a code carries: all but the later ones at their default."""
    later = {**_LATER_DEFAULTS.get(kind, {}), "edition": CURRENT}
    return {k: v for k, v in settings.items() if k not in later or later[k] != v}


def _settings_text(kind: str, settings: dict[str, Any]) -> str:
    """The settings as the code carries them: changes to the base, or all of them."""
    base = BASE_SETTINGS[kind]
    settings = coded_settings(kind, settings)
    if set(base) - set(settings):
        return _REPLACE_ALL + json.dumps(settings, ensure_ascii=False, separators=(",", ":"))
    changed = {k: v for k, v in settings.items() if k not in base or base[k] != v
               or type(base[k]) is not type(v)}
    return json.dumps(changed, ensure_ascii=False, separators=(",", ":")) if changed else ""


@cache
def _primed(kind: str) -> dict[Hashable, _Table]:
    """What a model for ``kind`` learns before coding, once a process: its grammar, its
    base settings, end marks (the letters: ``_primed_letters``)."""
    tables: dict[Hashable, _Table] = {}

    def learn(key: Hashable, words: Sequence[str]) -> None:
        if key not in tables:  # counted in C: priming a table never halves its counts
            tables[key] = _Table(Counter(words))
            return
        tables[key].waiting += words
        tables[key].catch_up(brought=False)

    grammar = _GRAMMARS[kind]
    learn(("actions", 0), [*grammar, _END])
    for verb, slots in grammar.items():
        options = [slot for slot in slots if isinstance(slot, str)]
        for position in range(1, 5):
            words = list(slots.get(position, ()))
            if position > 1 or not words:  # past its first word an action may end
                words += [*options, *[_END] * 4]
            learn(("actions", verb, position), words)
        for option in options:
            learn(("actions", verb, option), slots[option])
    for family in ("redo", "notes"):  # most games have neither: an empty list costs a bit
        learn((family, 0, _END), [_END])
    learn(("name", 0), [kind])
    learn(("name", 1), [_END, *(str(number) for number in range(1, 10))])
    learn(("settings", _END), [_END])
    # The base settings, in the contexts of ``_setting_words``.
    base = json.dumps(BASE_SETTINGS[kind], ensure_ascii=False, separators=(",", ":"))
    previous = _END
    for token in [*_json_tokens(base), _END]:
        for key in (("settings", previous), ("settings",), "*"):
            learn(key, [token])
        previous = token
    return tables


@cache
def _primed_letters() -> dict[Hashable, _Table]:
    """The letter model, the same for every kind: printable ASCII counted twice, then
    the primer's letters in their usual company, each counted where ``_spelled`` counts
    it (after the letter before it, and anywhere), in dictionaries: first seen, first
    listed, and no table nears _MAX_TOTAL."""
    stream = _END + _END.join(_LETTER_PRIMER.split()) + _END  # each word after an end
    anywhere = dict.fromkeys(map(chr, range(0x21, 0x7F)), 2)
    for char, count in Counter(stream[1:]).items():
        anywhere[char] = anywhere.get(char, 0) + count
    after: dict[str, dict[str, int]] = {"": anywhere}
    for (previous, char), count in Counter(pairwise(stream)).items():
        after.setdefault(previous, {})[char] = count
    return {previous: _Table(counts) for previous, counts in after.items()}


def _word_list(model: _Model, field: str, given: Sequence[str] | None, most: int,
               contexts: Callable[[list[str]], tuple[Hashable, ...]]) -> list[str]:
    """Words up to an end mark, each coded in the ``contexts`` of the words before it:
    ``given`` written, or read (None) and at most ``most`` of them."""
    model.field, model.room = field, min(most, SETTING_WORD_CHARS)
    out: list[str] = []
    while True:
        word = None if given is None else (given[len(out)] if len(out) < len(given) else _END)
        got = model.word([model.table(key) for key in contexts(out)], word)
        if got == _END:
            return out
        out.append(got)
        if len(out) > most:
            raise BadInput(f"the code's game {field} is longer than {most} characters")


def _name_words(model: _Model, name: str | None) -> str:
    """A name as words between hyphens: ``hebrac-2`` is the kind, then a digit."""
    return "-".join(_word_list(model, "name", None if name is None else name.split("-"), 40,
                               lambda out: (("name", min(len(out), 1)), "*")))


def _setting_words(model: _Model, tokens: Sequence[str] | None) -> list[str]:
    return _word_list(model, "settings", tokens, 1 << 62,
                      lambda out: (("settings", out[-1] if out else _END), ("settings",), "*"))


# -- the format ------------------------------------------------------------------------
def pack(kind: str, name: str, settings: dict[str, Any], actions: Sequence[str],
         redo: Sequence[str], notes: Sequence[str]) -> tuple[bytes, int]:
    """The game's bytes (already checked by the caller), and the characters ``unpack``
    counts reading them (what its ``payload_chars`` limit is checked against).

    ValueError for text holding ``_END``: it would end its list early and the code
    would read back shorter, so it is refused here as well as at the door.
    """
    for text in (name, *actions, *redo, *notes):
        if _END in text:
            raise ValueError(f"{text!r} holds a NUL character, which a code cannot carry")
    writer = _Coder(None)
    writer.uniform(len(KIND_ORDER), KIND_ORDER.index(kind))
    model = _Model(writer, 1 << 62, _primed(kind))
    _name_words(model, name)
    _setting_words(model, _json_tokens(_settings_text(kind, settings)))
    for family, texts in (("actions", actions), ("redo", redo), ("notes", notes)):
        model.items(family, list(texts), 10**9, 10**9)
    return writer.finish(), model.limit - model.budget


def unpack(data: bytes, payload_chars: int) -> dict[str, Any]:
    """The game in ``data`` as share.py's fields; BadInput when damaged or holding more
    than the MAX_ limits, or than ``payload_chars`` characters of JSON."""
    reader = _Coder(data)
    kind = KIND_ORDER[reader.uniform(len(KIND_ORDER), None)]
    model = _Model(reader, payload_chars, _primed(kind))
    name = _name_words(model, None)
    text = "".join(_setting_words(model, None))
    settings = {} if text.startswith(_REPLACE_ALL) else dict(BASE_SETTINGS[kind])
    if text:
        from companion.codejson import parse_json

        changes = parse_json(text.removeprefix(_REPLACE_ALL), "settings text")
        if not isinstance(changes, dict):
            raise BadInput("the code's settings are not a table")
        settings.update(changes)
    actions = model.items("actions", None, MAX_ACTIONS, MAX_ACTION_CHARS)
    redo = model.items("redo", None, MAX_ACTIONS, MAX_ACTION_CHARS)
    notes = model.items("notes", None, MAX_NOTES, MAX_NOTE_CHARS)
    return game_data(kind, name, settings, actions, notes, redo)


def game_data(kind: str, name: str, settings: dict[str, Any], actions: Sequence[str],
              notes: Sequence[str] = (), redo: Sequence[str] = ()) -> dict[str, Any]:
    """A game as share.py's fields: notes and undone actions only when there are some."""
    data: dict[str, Any] = {"kind": kind, "name": name, "settings": settings,
                            "actions": list(actions)}
    for field, texts in (("notes", notes), ("redo", redo)):
        if texts:
            data[field] = list(texts)
    return data

