"""The players of the saved games: who they are, and one person's record in every game.

Nothing is stored here: the roster is read off the figures ``companion.stats`` reads,
so the saves stay the one truth. A person is a name as ``companion.names`` compares
names, shown under the spelling of most of their games; a name typed to look someone
up is matched as every name in companion is (``names.match``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from companion import names
from companion.errors import BadInput
from companion.game import plural
from companion.kinds import kind_info
from companion.stats import NAMED_KINDS, Entry, Person, figures, people, sections
from companion.text import wrap

if TYPE_CHECKING:
    from typing import TypedDict

    from companion.stats import Figures

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


def check_kind(kind: str | None) -> None:
    """Refuse a kind whose games seat no one by name (a solo game)."""
    if kind is not None and kind not in NAMED_KINDS:
        raise BadInput(f"{kind_info(kind).title} is played alone: its games name no players")


def roster(entries: Sequence[Entry]) -> list[Person]:
    return sorted(people(entries).values(), key=lambda p: p.key)


def find(everyone: Sequence[Person], typed: str, kind: str | None = None) -> Person:
    """The person ``typed`` names (``names.match``: 'ann', 'an', 'Ann' are Ann)."""
    if not everyone:
        title = f"{kind_info(kind).title} " if kind else ""
        raise BadInput(f"no saved {title}game names a player yet")
    by_name = {person.name: person for person in everyone}
    table = {person.key: person.name for person in everyone}
    listed = sorted(by_name, key=names.key)
    return by_name[names.match(typed, table, "player", listed)]


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
    """One person's record: ``stats.figures`` over their games, with their spellings."""
    data = figures(entries, kind, person.name, every=every)
    return {**data, "spellings": sorted(person.spellings)}


# -- as text -----------------------------------------------------------------------------
def _which(data: RosterFigures | PlayerFigures) -> str:
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
