"""Statistics over every saved game: records, streaks, and each kind's own figures.

The saved games are read through the store (nothing is written to them) and each
is replayed by ``companion.history``. A replay's figures are cached in
``<home>/cache/stats.json`` (``safefile.write_cache``: signed), filed under a
BLAKE2 digest of the saved file's bytes and this code: a game already counted is
neither parsed nor replayed; a changed game, a changed companion or a damaged cache
means replaying again. It pays: over 300 saved games ``stats`` is 11 times as fast
with it (``scripts/benchmark.py --only stats`` prints the figure).

Games are taken in the order they were created (then by name): streaks run in that
order. A game that cannot be read or no longer replays is skipped with a warning.
A person is a name as ``companion.names`` compares names: "Ann" at one table and
"ann" at another are one player, read off the games' figures (``people``), shown under
the spelling of most of their games; a name typed to look someone up is matched as
every name in companion is (``names.match``). The roster is read off the same figures:
nothing is stored for it, so the saves stay the one truth.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache
from itertools import groupby
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import companion
from companion import plain, safefile
from companion.errors import BadInput, CompanionError
from companion.game import KINDS, Record, kind_info, plural
from companion.names import key, match
from companion.store import Store
from companion.text import fill, shown_controls, wrap
from companion.values import Value

if TYPE_CHECKING:
    from hashlib import blake2b
    from typing import TypedDict

    from companion.history import TrickyRound

    # The figures (``figures``, ``stats --json``): a section per kind.
    class RecordFigures(TypedDict):
        games: int
        in_play: int  # games not over yet (counted with --all): neither won nor lost
        wins: int
        win_rate: int
        longest_streak: int
        streak: dict[str, int]  # {"wins": n} or {"losses": n}; {} with no game

    class HebracFigures(RecordFigures):
        deepest_level: int
        average_level: float
        killers: dict[str, int]
        most_common_killer: str | None  # None with none, or several tied
        most_common_killers: list[str]  # every enemy that killed most often
        spells: dict[str, int]

    class HeroAverage(TypedDict):
        hero: str
        average_gold: float

    class HeroFigures(HeroAverage):  # a hero at a table of so many players
        players: int
        rounds: int

    class BestGame(TypedDict):
        game: str
        gold: int

    class OwnGold(TypedDict):
        gold_total: int
        gold_average: float
        best_game: BestGame | None

    class TrickyFigures(TypedDict):
        games: int
        wins_per_player: dict[str, int]
        games_per_player: dict[str, int]
        heroes: list[HeroFigures]
        best_hero: HeroAverage | None
        worst_hero: HeroAverage | None

    class PlayerTrickyFigures(RecordFigures, TrickyFigures, OwnGold):
        """With --player: that person's record and gold too."""
        rounds_active: int

    class HalfDeckFigures(RecordFigures):
        average_rounds: float
        won_by: dict[str, int]
        fallen: dict[str, int]

    class ElberethFigures(RecordFigures):
        deepest_floor: int
        average_floor: float
        beaten_by: dict[str, int]
        most_common_foe: str | None

    KindFigures = (HebracFigures | TrickyFigures | PlayerTrickyFigures | HalfDeckFigures
                   | ElberethFigures)

    class Figures(TypedDict):
        finished_only: bool
        player: str | None
        kinds: dict[str, KindFigures]

    # The roster ('stats --players --json') and one person's record ('--player').
    class KindCount(TypedDict):
        games: int
        wins: int

    class RosterRow(TypedDict):
        name: str
        spellings: list[str]
        games: int
        wins: int
        kinds: dict[str, KindCount]

    class RosterFigures(TypedDict):
        finished_only: bool
        kind: str | None
        players: list[RosterRow]

    class PlayerFigures(Figures):
        spellings: list[str]


CACHE_FORMAT = 3
MAX_CACHE_BYTES = 32 * 1024 * 1024
WON = "won"
# An ``Entry``'s fields and their types, as the statistics' cache keeps them.
_TYPES = {"name": str, "kind": str, "created": str, "outcome": str, "actions": int,
          "facts": dict}


class Entry(Value):
    name: str
    kind: str
    created: str
    outcome: str
    actions: int
    facts: dict[str, object]
    """The kind's facts (``companion.history``) as plain JSON values, read where used."""

    @property
    def ended(self) -> bool:
        return self.outcome != "playing"

    def won_by(self, player: str | None) -> bool:
        """Whether ``player`` (any spelling of them) won; a solo or co-op game is won by all."""
        if self.kind == "tricky":
            return player is not None and key(player) in {
                key(w) for w in _names(self.facts["winners"])}
        return self.outcome == WON


# -- reading the games ------------------------------------------------------------
@cache
def _code_digest() -> blake2b:
    """What the figures depend on besides the file, cheaply, hashed once: the versions, and
    the name, size and time of each source and data file of the package."""
    from hashlib import blake2b  # only where a game is read: hashlib loads OpenSSL

    package = Path(companion.__file__).resolve().parent
    parts = [f"stats {CACHE_FORMAT} {companion.__version__} {sys.version}"]
    for folder in (package, package / "rulebook", *(package / kind for kind in KINDS)):
        with contextlib.suppress(OSError):
            for entry in sorted(os.scandir(folder), key=lambda entry: entry.name):
                if entry.name.endswith((".py", ".json")) and entry.is_file():
                    info = entry.stat()
                    parts.append(f"{folder.name}/{entry.name} {info.st_size} "
                                 f"{info.st_mtime_ns}")
    return blake2b("\n".join(parts).encode(), digest_size=20)


def _read_cache(path: Path, home: Path) -> Mapping[str, object]:
    """The cache's entries by digest; none when it is missing, unsigned or damaged."""
    payload = safefile.read_cache(path, home, "stats", MAX_CACHE_BYTES)
    with contextlib.suppress(Exception):  # no payload or another shape: every game replayed
        data = json.loads(payload or b"")
        if data["format"] == CACHE_FORMAT and isinstance(data["games"], dict):
            return cast("dict[str, object]", data["games"])
    return {}


def _cached(value: object) -> Entry | None:
    """A cache entry with the fields and types this version writes."""
    if isinstance(value, dict) and value.keys() == _TYPES.keys() and all(
            type(value[name]) is kind for name, kind in _TYPES.items()):
        return Entry(**value)
    return None


def read_games(store: Store, warn: Callable[[str], None], *,
               kind: str | None = None) -> list[Entry]:
    """Every saved game (of ``kind``), replayed or from the cache, oldest first."""
    from companion.editions import saved
    from companion.history import trace

    path = store.home / "cache" / "stats.json"
    found = _read_cache(path, store.home)
    kept: dict[str, object] = {}  # the cache to write: the games read now, no others
    entries = []
    for name in store.names():
        try:
            raw = store.read_raw(name)
            hashed = _code_digest().copy()
            hashed.update(raw)
            digest = hashed.hexdigest()
            entry = _cached(found.get(digest))
            if entry is None:
                record = store.decode(name, raw)
        except CompanionError as error:
            # the store's message without the file's path in front: the warning names the game
            text = " ".join(str(error).split()).removeprefix(f"{store.path(name)}: ")
            warn(f"skipped {name}: {text}")
            continue
        if entry is None:  # replayed whatever its kind: the next run finds it cached
            try:
                # a save without an edition is of the first (companion.editions)
                history = trace(record.kind, saved(record.settings), record.actions)
            except CompanionError as error:
                warn(f"skipped {name}: it no longer replays ({error})")
                continue
            entry = Entry(name, record.kind, record.created, history.outcome,
                          len(record.actions), dict(history.facts))
        kept[digest] = entry._asdict()
        if kind is None or entry.kind == kind:
            entries.append(entry)
    if kept != found:  # a game replayed, changed or gone
        data = json.dumps({"format": CACHE_FORMAT, "games": kept},
                          ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        safefile.write_cache(path, store.home, "stats", data)
    entries.sort(key=lambda e: (e.created, e.name))
    return entries


# What the figures read of a game's facts (from the cache too): each value checked.
def _names(value: object) -> list[str]:
    return plain.items(value, plain.text)


def _counts(value: object) -> dict[str, int]:
    return plain.table(value, plain.text, plain.integer)


_optional_text = plain.optional(plain.text)


def _rounds(value: object) -> list[TrickyRound]:
    def one(value: object) -> TrickyRound:
        fields = plain.record(value, ("round", "active", "hero", "gold"))
        return {"round": plain.integer(fields["round"]), "active": plain.text(fields["active"]),
                "hero": plain.text(fields["hero"]), "gold": _counts(fields["gold"])}

    return plain.items(value, one)


# -- the people ------------------------------------------------------------------------
# The kinds whose saves name the people at the table, in their figures' "players": Tricky
# Dungeon's seats, and Half Deck Dungeon Heroes' co-op seats once its saves name them.
NAMED_KINDS = ("tricky", "halfdeck")


def seated(entry: Entry) -> list[str]:
    found = entry.facts.get("players") if entry.kind in NAMED_KINDS else None
    if not isinstance(found, list):
        return []
    return [name for name in found if isinstance(name, str) and key(name)]


class Person(Record):
    """One player across the saved games: every spelling of their name, and their games."""

    __slots__ = ("key", "spellings", "games")

    def __init__(self, key: str) -> None:
        self.key = key
        # spelling -> (the games written so, the place of the newest of them)
        self.spellings: dict[str, tuple[int, int]] = {}
        self.games: list[Entry] = []

    @property
    def name(self) -> str:
        """The spelling of most games; between equals, the newest game's."""
        return max(self.spellings, key=self.spellings.__getitem__)


def people(entries: Sequence[Entry]) -> list[Person]:
    """Everyone the games seat by name, in the order of their ``names.key``."""
    found: dict[str, Person] = {}
    for place, entry in enumerate(entries):
        keys: dict[str, None] = {}
        for name in dict.fromkeys(seated(entry)):
            person = found.setdefault(key(name), Person(key(name)))
            person.spellings[name] = (person.spellings.get(name, (0, 0))[0] + 1, place)
            keys[person.key] = None
        for each in keys:  # two seats spelled alike are one person, in the game once
            found[each].games.append(entry)
    return sorted(found.values(), key=lambda person: person.key)


# -- the figures ---------------------------------------------------------------------
def figures(entries: Sequence[Entry], kind: str | None = None, player: str | None = None,
            *, every: bool = False) -> Figures:
    """The statistics as JSON values: a section per kind with games; with ``player``, only
    that person's games, in every kind that names them."""
    kinds = [kind] if kind is not None else list(KINDS)
    chosen = [e for e in entries if every or e.ended]
    # every game, finished or not: a name reads the same
    named = {person.key: person.name for person in people(entries)}
    sections: dict[str, KindFigures] = {}
    for name in kinds:
        games = [e for e in chosen if e.kind == name]
        if player is not None:
            games = [e for e in games if key(player) in {key(p) for p in seated(e)}]
        if not games and kind is None:
            continue
        sections[name] = KIND_FIGURES[name](games, player, named)
    return {"finished_only": not every, "player": player, "kinds": sections}


def record(games: Sequence[Entry], player: str | None) -> RecordFigures:
    """Games, wins, win rate and streaks (in the order the games were created). A game
    still in play is neither won nor lost: the rate and the streaks count finished ones."""
    wins = [game.won_by(player) for game in games if game.ended]
    runs = [(won, len(list(run))) for won, run in groupby(wins)]  # (won, games) in a row
    return {"games": len(games), "in_play": len(games) - len(wins), "wins": sum(wins),
            "win_rate": round(100 * sum(wins) / len(wins)) if wins else 0,
            "longest_streak": max((length for won, length in runs if won), default=0),
            "streak": {"wins" if runs[-1][0] else "losses": runs[-1][1]} if runs else {}}


def _hebrac(games: Sequence[Entry], player: str | None,
            named: Mapping[str, str]) -> HebracFigures:
    levels = [plain.integer(g.facts["level"]) for g in games]
    killers = Counter(killer for g in games if (killer := _optional_text(g.facts["killed_by"])))
    spells = Counter(spell for g in games for spell in _names(g.facts["spells_cast"]))
    most = max(killers.values(), default=0)
    top = [killer for killer, count in killers.most_common() if count == most]
    return {**record(games, None),
            "deepest_level": max(levels, default=0),
            "average_level": _average(levels),
            "killers": dict(killers.most_common()),
            "most_common_killer": top[0] if len(top) == 1 else None,
            "most_common_killers": top,
            "spells": dict(spells.most_common())}


def _tricky(games: Sequence[Entry], player: str | None,
            named: Mapping[str, str]) -> TrickyFigures | PlayerTrickyFigures:
    wins: Counter[str] = Counter()  # by names.key: one person, however spelled
    played: Counter[str] = Counter()
    # (hero, players at the table) -> gold of the active player in each round with that hero
    gold: defaultdict[tuple[str, int], list[int]] = defaultdict(list)
    per_hero: defaultdict[str, list[int]] = defaultdict(list)  # at any table
    mine = key(player) if player is not None else None
    for game in games:
        players = _names(game.facts["players"])
        played.update({key(p) for p in players})
        wins.update({key(p) for p in _names(game.facts["winners"])} if game.ended else ())
        for row in _rounds(game.facts["rounds"]):
            if mine is None or key(row["active"]) == mine:
                earned = row["gold"][row["active"]]
                gold[(row["hero"], len(players))].append(earned)
                per_hero[row["hero"]].append(earned)
    heroes: list[HeroFigures] = [{"hero": hero, "players": count, "rounds": len(values),
               "average_gold": round(sum(values) / len(values), 2)}
              for (hero, count), values in sorted(gold.items())]
    heroes.sort(key=lambda h: -h["average_gold"])
    averages = {hero: sum(v) / len(v) for hero, v in per_hero.items()}
    ranked = sorted(averages, key=lambda h: (-averages[h], h))
    wins_per_player = {named.get(p, p): wins[p]
                       for p in sorted(played, key=lambda p: (-wins[p], p))}
    games_per_player = {named.get(p, p): played[p] for p in sorted(played)}
    ends: list[HeroAverage] = [{"hero": hero, "average_gold": round(averages[hero], 2)}
                               for hero in ranked[:1] + ranked[-1:]]  # the best, the worst
    found: TrickyFigures = {"games": len(games), "wins_per_player": wins_per_player,
                            "games_per_player": games_per_player, "heroes": heroes,
                            "best_hero": ends[0] if ends else None,
                            "worst_hero": ends[-1] if ends else None}
    if mine is None:
        return found
    return {**record(games, player), **found, **_own_gold(games, mine),
            "rounds_active": sum(len(values) for values in gold.values())}  # theirs only


def _average(values: Sequence[int]) -> float:
    return round(sum(values) / len(values), 1) if values else 0


def _own_gold(games: Sequence[Entry], mine: str) -> OwnGold:
    scores = [(max(gold for seat, gold in _counts(game.facts["scores"]).items()
                   if key(seat) == mine), game.name) for game in games]
    total = sum(gold for gold, _ in scores)
    best = max(scores, key=lambda s: s[0], default=None)  # the first of equals: the oldest
    return {"gold_total": total,
            "gold_average": _average([gold for gold, _ in scores]),
            "best_game": {"game": best[1], "gold": best[0]} if best else None}


def _halfdeck(games: Sequence[Entry], player: str | None,
              named: Mapping[str, str]) -> HalfDeckFigures:
    rounds = [plain.integer(g.facts["round"]) for g in games]
    fallen = Counter(hero for g in games for hero in _names(g.facts["fallen"]))
    won_by = Counter(end for g in games if (end := _optional_text(g.facts["won_by"])))
    return {**record(games, None),
            "average_rounds": _average(rounds),
            "won_by": dict(won_by),
            "fallen": dict(fallen.most_common())}


def _elbereth(games: Sequence[Entry], player: str | None,
              named: Mapping[str, str]) -> ElberethFigures:
    floors = [plain.integer(g.facts["floor"]) for g in games]
    beaten_by = Counter(foe for g in games if (foe := _optional_text(g.facts["beaten_by"])))
    return {**record(games, None),
            "deepest_floor": max(floors, default=0),
            "average_floor": _average(floors),
            "beaten_by": dict(beaten_by.most_common()),
            "most_common_foe": beaten_by.most_common(1)[0][0] if beaten_by else None}


KIND_FIGURES: dict[str, Callable[[Sequence[Entry], str | None, Mapping[str, str]],
                                  KindFigures]] = {
    "hebrac": _hebrac, "tricky": _tricky, "halfdeck": _halfdeck, "elbereth": _elbereth}


# -- as text -----------------------------------------------------------------------------
def bars(pairs: Iterable[tuple[str, float]], width: int, *, ascii_only: bool = False,
         shown: Callable[[float], str] = lambda v: f"{v:g}") -> list[str]:
    """A bar of whole characters per value, at least one for any value above nothing."""
    rows = list(pairs)
    if not rows:
        return ["  none"]
    label_width = min(18, max(len(label) for label, _ in rows))
    value_width = max(len(shown(value)) for _, value in rows)
    room = max(4, width - 2 - label_width - 1 - 1 - value_width)
    most = max(value for _, value in rows)
    block = "#" if ascii_only else "\u2588"
    return [f"  {label[:label_width]:<{label_width}} {shown(value):>{value_width}} "
            f"{block * max(1, round(room * value / most)) if value > 0 < most else ''}"
            .rstrip() for label, value in rows]


def stats_lines(data: Figures, width: int = 40, *,
                ascii_only: bool = False) -> list[str]:
    """Every kind's section (``figures`` over every player's games)."""
    if not data["kinds"]:
        return [f"No saved games to count ({_which(data)})."]
    lines = sections(data["kinds"], width, ascii_only, f" ({_which(data)})")
    return [part for line in lines for part in wrap(line, width)]


def sections(kinds: Mapping[str, KindFigures], width: int, ascii_only: bool,
             which: str = "") -> list[str]:
    """A section per kind, a blank line between: its title (and ``which``), its record
    (Tricky Dungeon's only with a player), then its own figures (``WRITERS``)."""
    lines: list[str] = []
    for kind, found in kinds.items():
        if lines:
            lines.append("")
        lines.append(kind_info(kind).title + which)
        if kind != "tricky" or "gold_total" in found:
            lines += record_lines(cast("RecordFigures", found))
        else:
            lines.append(f"Games {found['games']}")
        if found["games"]:
            lines += WRITERS[kind](found, width, ascii_only)
    return lines


def record_lines(found: RecordFigures) -> list[str]:
    in_play = f" ({found['in_play']} in play)" if found["in_play"] else ""
    lines = [f"Games {found['games']}{in_play}, wins {found['wins']} ({found['win_rate']}%)"]
    if found["games"] != found["in_play"]:
        ((what, count),) = found["streak"].items()
        word = {"wins": ("win", "wins"), "losses": ("loss", "losses")}[what][count != 1]
        lines.append(f"Longest win streak {found['longest_streak']}; now {count} {word}")
    return lines


def _hebrac_lines(found: HebracFigures, width: int, ascii_only: bool) -> list[str]:
    return [f"Deepest level {found['deepest_level']}, average {found['average_level']:g}",
            *_killer_lines(found, width), "Spells by use:",
            *bars(found["spells"].items(), width, ascii_only=ascii_only)]


def _killer_lines(found: HebracFigures, width: int) -> list[str]:
    """The enemy that killed most often; every one of them when several are tied, each
    name whole on its line."""
    top = found["most_common_killers"]
    if len(top) <= 1:
        return [f"Most common killer: {top[0] if top else 'none'}"]
    count = found["killers"][top[0]]
    return fill(f"Most common killers, tied at {count} each: {', '.join(top)}", width, "",
                "  ", keep=top)


def _tricky_lines(found: TrickyFigures, width: int, ascii_only: bool) -> list[str]:
    """With a player (``figures``' own gold), their gold; else every player's wins. Then
    the active player's gold by hero, the best and the worst hero."""
    if "gold_total" in found:
        own = cast("PlayerTrickyFigures", found)
        game = own["best_game"]
        assert game is not None  # a player with games has a best one
        lines = [f"Gold {own['gold_total']} in all, {own['gold_average']:g} a game",
                 f"Best game: {game['gold']} gold ({game['game']})",
                 f"Rounds as active player: {own['rounds_active']}"]
    else:
        played = found["games_per_player"]
        wins = found["wins_per_player"]
        lines = ["Wins per player:", *bars(wins.items(), width, ascii_only=ascii_only),
                 "Win rate: " + ", ".join(
                     f"{p} {round(100 * w / played[p])}%" for p, w in wins.items())]
    lines.append("Gold per round as active player:")
    lines += bars([(f"{h['hero']} {h['players']}p", h["average_gold"]) for h in found["heroes"]],
                  width, ascii_only=ascii_only, shown=lambda v: f"{v:.1f}")
    for word, hero in (("Best", found["best_hero"]), ("Worst", found["worst_hero"])):
        if hero:
            lines.append(f"{word} hero: {hero['hero']} ({hero['average_gold']:.1f})")
    return lines


def _halfdeck_lines(found: HalfDeckFigures, width: int, ascii_only: bool) -> list[str]:
    return [f"Average rounds {found['average_rounds']:g}", "Heroes fallen:",
            *bars(found["fallen"].items(), width, ascii_only=ascii_only)]


def _elbereth_lines(found: ElberethFigures, width: int, ascii_only: bool) -> list[str]:
    return [f"Deepest floor {found['deepest_floor']}, average {found['average_floor']:g}",
            f"Most common foe at the end: {found['most_common_foe'] or 'none'}"]


# each kind's own figures as text: the figures of that kind (``KIND_FIGURES``)
WRITERS: dict[str, Callable[[Any, int, bool], list[str]]] = {
    "hebrac": _hebrac_lines, "tricky": _tricky_lines, "halfdeck": _halfdeck_lines,
    "elbereth": _elbereth_lines}


# -- the roster ------------------------------------------------------------------------
def check_kind(kind: str | None) -> None:
    """Refuse a kind whose games seat no one by name (a solo game)."""
    if kind is not None and kind not in NAMED_KINDS:
        raise BadInput(f"{kind_info(kind).title} is played alone: its games name no players")


def find(everyone: Sequence[Person], typed: str, kind: str | None = None) -> Person:
    """The person ``typed`` names (``names.match``: 'ann', 'an', 'Ann' are Ann)."""
    if not everyone:
        title = f"{kind_info(kind).title} " if kind else ""
        raise BadInput(f"no saved {title}game names a player yet")
    by_name = {person.name: person for person in everyone}
    table = {person.key: person.name for person in everyone}
    listed = sorted(by_name, key=key)
    return by_name[match(typed, table, "player", listed)]


def roster_figures(everyone: Sequence[Person], kind: str | None, *,
                   every: bool = False) -> RosterFigures:
    """The roster as JSON values: each person's games and wins, in all and by kind (the
    finished games only unless ``every``; everyone the saves name is listed), most
    games first."""
    rows: list[RosterRow] = []
    for person in everyone:
        games = [game for game in person.games if every or game.ended]
        kinds: dict[str, KindCount] = {}
        for game in games:
            counts = kinds.setdefault(game.kind, {"games": 0, "wins": 0})
            counts["games"] += 1
            counts["wins"] += game.won_by(person.name)
        rows.append({"name": person.name, "spellings": sorted(person.spellings),
                     "games": len(games), "wins": sum(c["wins"] for c in kinds.values()),
                     "kinds": dict(sorted(kinds.items()))})  # not by the clock: a tie is common
    rows.sort(key=lambda row: -row["games"])  # stable: by name among equals
    return {"finished_only": not every, "kind": kind, "players": rows}


def player_figures(entries: Sequence[Entry], person: Person, kind: str | None, *,
                   every: bool = False) -> PlayerFigures:
    """One person's record: ``figures`` over their games, with their spellings."""
    data = figures(entries, kind, person.name, every=every)
    return {**data, "spellings": sorted(person.spellings)}


def _which(data: Figures | RosterFigures) -> str:
    return "finished games" if data["finished_only"] else "all games"


def roster_lines(data: RosterFigures, width: int = 40) -> list[str]:
    """The roster: a line per person (name, games, wins, kinds), then how to see one."""
    title = kind_info(data["kind"]).title if data["kind"] else None
    rows = data["players"]
    if not rows:
        return wrap(f"No saved {title + ' game' if title else 'game'} names a player yet.", width)
    lines = [f"{title + ' players' if title else 'Players'} ({_which(data)})"]
    room = max(len(row["name"]) for row in rows)
    for row in rows:
        line = f"  {row['name']:<{room}}  {plural(row['games'], 'game')}"
        if row["games"]:
            line += f", {plural(row['wins'], 'win')}: {' '.join(row['kinds'])}"
        lines.append(line)
    lines.append("One player: 'stats --player NAME'")
    return [part for line in lines for part in wrap(line, width)]


def player_lines(data: PlayerFigures, width: int = 40, *,
                 ascii_only: bool = False) -> list[str]:
    """One person's record: a section per kind they played."""
    name = data["player"]
    lines = [f"{name} ({_which(data)})"]
    others = [s for s in data["spellings"] if s != name]
    if others:
        lines.append(f"Also written {', '.join(others)}: the same player")
    if not data["kinds"]:
        lines.append("No finished games yet: '--all' counts the games still being played")
    lines += sections(data["kinds"], width, ascii_only)
    return [part for line in lines for part in wrap(line, width)]


# -- CSV ---------------------------------------------------------------------------------
CSV_COLUMNS = ("game", "kind", "created", "outcome", "actions", "won", "level", "floor",
               "cleared",
               "battles_won", "battles_lost", "life_lost", "life_healed", "killed_by",
               "spells_cast", "players", "winners", "round", "active", "hero", "gold",
               "gold_all")


def csv_text(entries: Sequence[Entry]) -> str:
    """One row per game; a Tricky game has one row per round scored (``round`` filled).

    Written for spreadsheets, which run a cell that starts with ``=``, ``+``, ``-``,
    ``@``, a tab or a carriage return as a formula: the numbers companion works out are
    written as numbers (a gold score of -3 stays -3), and every text cell that starts
    with one of those characters gets a ``'`` in front and is quoted (OWASP's rule), so
    a spreadsheet shows it as text. Text never carries a control character or an escape
    sequence to a terminal either: the store refuses them in saves, and one that got in
    anyway is written as ``\\xNN``."""
    def cell(value: object) -> str:
        if isinstance(value, int | float) and not isinstance(value, bool):
            return str(value)  # a number we worked out: data, never a formula
        text = shown_controls("" if value is None else str(value))
        formula = text[:1] in ("=", "+", "-", "@", "\t", "\r")
        if formula:
            text = "'" + text
        if formula or any(char in text for char in ',"\r\n'):
            return '"' + text.replace('"', '""') + '"'
        return text

    lines = [",".join(CSV_COLUMNS)]
    for entry in entries:
        for row in _csv_rows(entry):
            lines.append(",".join(cell(row.get(column)) for column in CSV_COLUMNS))
    return "".join(line + "\n" for line in lines)


def _csv_rows(entry: Entry) -> list[dict[str, object]]:
    facts = entry.facts
    base: dict[str, object] = {"game": entry.name, "kind": entry.kind, "created": entry.created,
                            "outcome": entry.outcome, "actions": entry.actions}
    if entry.kind == "tricky":
        base.update(players=" ".join(_names(facts["players"])),
                    winners=" ".join(_names(facts["winners"])))
        return [{**base, "round": row["round"], "active": row["active"], "hero": row["hero"],
                 "gold": row["gold"][row["active"]],
                 "gold_all": " ".join(f"{p}={g}" for p, g in row["gold"].items())}
                for row in _rounds(facts["rounds"])] or [base]
    base["won"] = "yes" if entry.outcome == WON else ("no" if entry.ended else "")
    for fact in CSV_FACTS[entry.kind]:
        value = facts[fact]
        column = "killed_by" if fact == "beaten_by" else fact  # one column for both
        base[column] = " ".join(_names(value)) if isinstance(value, list) else value
    return [base]


# The facts (``companion.history``) of a game played alone that its CSV row shows.
CSV_FACTS = {"hebrac": ("level", "cleared", "battles_won", "battles_lost", "life_lost",
                        "life_healed", "killed_by", "spells_cast"),
             "halfdeck": ("round", "life_lost", "life_healed"),
             "elbereth": ("floor", "beaten_by")}
