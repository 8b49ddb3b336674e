"""A game looked back on: its life (or gold) over time, its battles, its figures.

Everything here comes from replaying the saved actions and reading the engine's
state after each action (the ruling text is never read). ``trace`` returns a
``History``: per-action series for the charts, marks where a level, round or floor
begins, and the ``facts`` the summary and the statistics use (plain JSON values, so
that they can be cached and printed with ``--json``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from companion import plain
from companion.game import Engine, load_kind, replaying
from companion.values import Value

if TYPE_CHECKING:
    from typing import NotRequired, TypedDict

    from companion.elbereth.engine import ElberethGame, Miss
    from companion.halfdeck.engine import Encounter as HalfDeckEncounter
    from companion.halfdeck.engine import HalfDeckGame
    from companion.hebrac.engine import Encounter, HebracGame
    from companion.tricky.engine import TrickyGame

    # The facts of each kind, as ``trace`` builds them (``History.facts``), the summary
    # and the statistics read them, and ``--json`` prints them.
    class Battle(TypedDict):
        level: int
        chamber: str
        enemy: str
        rounds: int
        life_lost: int
        result: str  # "fighting", "won", "lost" or "left"
        start: int

    class HebracCall(TypedDict):
        life: int
        action: int

    class HebracFacts(TypedDict):
        level: int
        cleared: int
        battles: list[Battle]
        battles_won: int
        battles_lost: int
        life: int
        max_life: int
        life_lost: int
        life_healed: int
        closest_call: HebracCall | None
        spells_cast: list[str]
        treasure: list[str]
        killed_by: str | None

    class TrickyRound(TypedDict):
        round: int
        active: str
        hero: str
        gold: dict[str, int]

    class BestHero(TypedDict):
        hero: str
        gold: int
        round: int

    class TrickyFacts(TypedDict):
        players: list[str]
        scores: dict[str, int]
        winners: list[str]
        rounds: list[TrickyRound]
        rounds_total: int | None
        best_hero: dict[str, BestHero | None]

    class HalfDeckCall(HebracCall):
        hero: str

    class HalfDeckFacts(TypedDict):
        round: int
        won_by: str | None
        heroes: dict[str, int]
        fallen: list[str]
        defeated: dict[str, int]
        escaped: int
        traps: int
        life_lost: int
        life_healed: int
        closest_call: HalfDeckCall | None
        players: NotRequired[list[str]]

    class ElberethFacts(TypedDict):
        floor: int
        floors: int
        beaten: dict[str, int]
        bosses_met: dict[str, int]
        misses: int
        walls: int
        equipment_lost: list[str]
        equipment_left: int
        key: bool
        beaten_by: str | None

    Facts = HebracFacts | TrickyFacts | HalfDeckFacts | ElberethFacts

    class FloorLeft(TypedDict):
        beaten_here: dict[str, int]
        walls_here: int
        floor_boss: str | None
        boss_beaten: bool


class Series(Value):
    """One line of a chart: a value after each action (index 0: before any); None while
    its subject (a Half Deck hero) is not in play."""

    label: str
    values: list[int | None]


class History(Value):
    kind: str
    outcome: str
    actions: int
    measure: str  # what the series count: "life", "gold" or "equipment"
    series: list[Series]
    marks: list[tuple[int, str]]  # (point, label) where a level, round or floor begins
    facts: Facts
    # For the sheets, left out of ``as_json`` (the summary's JSON and the statistics'
    # cache stay as they were): Hebrac's (level, chambers cleared) for each level
    # reached, Elbereth's floors left behind as they were when left.
    levels: Sequence[tuple[int, int]] = ()
    floors: Sequence[FloorLeft] = ()

    @property
    def ended(self) -> bool:
        return self.outcome != "playing"

    def as_json(self) -> dict[str, object]:  # 'summary --json': nothing reads it back
        return {"kind": self.kind, "outcome": self.outcome, "actions": self.actions,
                "measure": self.measure, "facts": self.facts,
                "series": {s.label: s.values for s in self.series},
                "marks": [{"point": point, "label": label} for point, label in self.marks]}


def trace(kind: str, settings: Mapping[str, object], actions: Sequence[str]) -> History:
    return traced(kind, settings, actions).finish(len(actions))


def traced(kind: str, settings: Mapping[str, object], actions: Sequence[str]) -> Tracer:
    """The tracer after replaying ``actions``, its engine in the game's final state
    (``ReplayFault`` if an action does not replay)."""
    module = load_kind(kind)
    tracer = TRACERS[module.KIND](module.new_engine(module.normalize_settings(settings)))
    for _number, action, _applied in replaying(tracer.engine, actions):
        tracer.after(action)
    return tracer


class Tracer:
    """Looks at the engine after each action and marks where a stage (level, round or
    floor) begins. What a tracer compares with the state before an action, or keeps of
    a stage it left, it takes in ``look``, after each action."""

    letter = ""  # a stage's mark: "L2" where level 2 begins
    field = ""  # the engine's field that numbers the stages
    first_marked = False  # whether the stage the game starts in is marked at 0

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.point = 0
        self.stage = self.stage_of(engine)
        self.marks: list[tuple[int, str]] = (
            [(0, f"{self.letter}{self.stage}")] if self.first_marked else [])
        self.left: list[Any] = []  # each stage left behind, as last looked at
        self.looks: list[Any] = [self.look()]  # index 0: before any action

    def look(self) -> Any:
        return None

    def stage_of(self, engine: Any) -> int:
        return int(getattr(engine, self.field))

    def after(self, action: str) -> Any:
        """The look before the action."""
        self.point += 1
        self.looks.append(self.look())
        seen = self.looks[-2]
        left, self.stage = self.stage, self.stage_of(self.engine)
        if left != self.stage:
            self.marks.append((self.point, f"{self.letter}{self.stage}"))
            self.left.append(seen)
        return seen

    def finish(self, actions: int) -> History:
        raise NotImplementedError


def _life(series: Sequence[Series]) -> tuple[int, int, tuple[int, int, str] | None]:
    """Life lost and healed over the series (gaps skipped), and the closest call: the
    lowest life above nothing and below a series' first, as (life, point, label); the
    first of equals."""
    lost = healed = 0
    low: tuple[int, int, str] | None = None
    for line in series:
        steps = [b - a for a, b in pairwise(line.values) if a is not None and b is not None]
        lost -= sum(step for step in steps if step < 0)
        healed += sum(step for step in steps if step > 0)
        start = next((v for v in line.values if v is not None), 0)
        for number, value in enumerate(line.values):
            if value is not None and 0 < value < start and (low is None or value < low[0]):
                low = (value, number, line.label)
    return lost, healed, low


def trail_series(kind: str, engine: Any) -> list[Series]:
    """The engine's own record of each action as chart lines: life (Hebrac), equipment
    left (Elbereth), each hero's life (Half Deck: None while the hero is not in play)."""
    trail = engine.life_trail
    if kind != "halfdeck":
        return [Series("Life" if kind == "hebrac" else "Equipment", list(trail))]
    names = list(dict.fromkeys(name for point in trail for name in point))
    return [Series(name, [point.get(name) for point in trail]) for name in names]


# -- Hebrac's Dungeon ----------------------------------------------------------------
class HebracTracer(Tracer):
    engine: HebracGame
    letter, field, first_marked = "L", "level", True

    def __init__(self, engine: HebracGame) -> None:
        super().__init__(engine)
        self.battles: list[Battle] = []
        # the battle under way: its encounter, its figures, the damage of each round
        self.fighting: tuple[Encounter, Battle, dict[int, int]] | None = None

    def look(self) -> tuple[int, int]:  # a level left behind, as History.levels
        return self.engine.level, self.engine.cleared_count()

    def after(self, action: str) -> None:
        super().after(action)
        game = self.engine
        encounter = game.encounter
        if self.fighting is not None and self.fighting[0] is not encounter:
            self._count(ended=True)
        if encounter is not None and encounter.rounds > 0:
            if self.fighting is None:
                from companion.hebrac.rules import enemy_kind

                battle: Battle = {"level": game.level, "chamber": encounter.chamber,
                                  # "3S warrior": the card and what it is as an enemy
                                  "enemy": f"{encounter.enemy} {enemy_kind(encounter.enemy)}",
                                  "rounds": 0,
                                  "life_lost": 0, "result": "fighting", "start": self.point}
                self.battles.append(battle)
                self.fighting = (encounter, battle, {})
            self._count(ended=encounter.stage != "battle" or game.life <= 0)

    def _count(self, *, ended: bool) -> None:
        """The rounds and the life lost of the battle under way; its result once ended."""
        assert self.fighting is not None
        encounter, battle, damage = self.fighting
        battle["rounds"] = encounter.rounds
        if encounter.last_round is not None:
            damage[encounter.rounds] = encounter.last_round.damage
        battle["life_lost"] = sum(damage.values())
        if not ended:
            return
        self.fighting = None
        game = self.engine
        won = encounter.stage != "battle" or (
            battle["level"] == game.level and game.chambers[encounter.chamber].enemy_gone)
        battle["result"] = "lost" if game.life <= 0 else "won" if won else "left"

    def finish(self, actions: int) -> History:
        game = self.engine  # a battle under way is as the last action left it
        series = trail_series("hebrac", game)
        lost, healed, low = _life(series)
        results = Counter(b["result"] for b in self.battles)
        lost_to = [b["enemy"] for b in self.battles if b["result"] == "lost"]
        facts: HebracFacts = {
            "level": game.level,
            "cleared": sum(cleared for _, cleared in self.left) + game.cleared_count(),
            "battles": self.battles,
            "battles_won": results["won"],
            "battles_lost": results["lost"],
            "life": game.life,
            "max_life": game.max_life,
            "life_lost": lost,
            "life_healed": healed,
            "closest_call": {"life": low[0], "action": low[1]} if low else None,
            "spells_cast": list(game.spells_cast),
            "treasure": [str(card) for card in game.inventory],
            "killed_by": lost_to[-1] if lost_to and game.outcome == "dead" else None,
        }
        return History("hebrac", game.outcome, actions, "life", series, self.marks, facts,
                       [*self.left, self.looks[-1]])


# -- Tricky Dungeon -------------------------------------------------------------------
class TrickyTracer(Tracer):
    engine: TrickyGame
    letter = "R"

    def stage_of(self, engine: TrickyGame) -> int:  # the rounds begun
        return len(engine.rounds)

    def look(self) -> list[int]:  # each player's gold
        return self.engine.totals

    def finish(self, actions: int) -> History:
        game = self.engine
        rounds: list[TrickyRound] = [
            {"round": r.number, "active": game.players[r.active], "hero": r.hero.name,
             "gold": dict(zip(game.players, r.gold, strict=True))}
            for r in game.rounds if r.gold is not None]  # the rounds done
        best: dict[str, BestHero | None] = {}
        for player in game.players:
            mine = [r for r in rounds if r["active"] == player]
            top = max(mine, key=lambda r: r["gold"][player], default=None)
            best[player] = ({"hero": top["hero"], "gold": top["gold"][player],
                             "round": top["round"]} if top else None)
        facts: TrickyFacts = {
            "players": list(game.players),
            "scores": dict(zip(game.players, game.totals, strict=True)),
            "winners": game.winners() if game.outcome == "finished" else [],
            "rounds": rounds,
            "rounds_total": game.rounds_total,
            "best_hero": best,
        }
        series = [Series(player, [gold[seat] for gold in self.looks])
                  for seat, player in enumerate(game.players)]
        return History("tricky", game.outcome, actions, "gold", series, self.marks, facts)


# -- Half Deck Dungeon Heroes ----------------------------------------------------------
class HalfDeckTracer(Tracer):
    engine: HalfDeckGame
    letter, field = "R", "round"

    def __init__(self, engine: HalfDeckGame) -> None:
        super().__init__(engine)
        self.defeated: Counter[str] = Counter()
        self.escaped = 0
        self.traps = 0

    def look(self) -> HalfDeckEncounter | None:
        return self.engine.encounter

    def after(self, action: str) -> None:
        ended = super().after(action)
        game = self.engine
        if ended is not None and game.encounter is not ended:
            from companion.halfdeck.cards import FOES, TRAP

            if ended.kind == TRAP:
                self.traps += 1
            elif ended.kind in FOES:
                if ended.life <= 0:
                    self.defeated[ended.kind] += 1
                elif not game.lost:
                    self.escaped += 1

    def finish(self, actions: int) -> History:
        game = self.engine
        series = trail_series("halfdeck", game)
        lost, healed, low = _life(series)
        facts: HalfDeckFacts = {
            "round": game.round,
            "won_by": game.won_by,
            "heroes": {h.name: h.life for h in game.heroes},
            "fallen": [name for name, _ in game.fallen],
            "defeated": dict(self.defeated),
            "escaped": self.escaped,
            "traps": self.traps,
            "life_lost": lost,
            "life_healed": healed,
            "closest_call": ({"hero": low[2], "life": low[0], "action": low[1]}
                             if low else None),
        }
        seats = game.settings.get("seats")
        if seats:  # the people at the table, when the game named them ('new --seat')
            facts["players"] = plain.items(seats, plain.text)
        return History("halfdeck", game.outcome, actions, "life", series, self.marks, facts)


# -- Elbereth --------------------------------------------------------------------------
class ElberethTracer(Tracer):
    engine: ElberethGame
    letter, field, first_marked = "F", "floor", True

    def __init__(self, engine: ElberethGame) -> None:
        super().__init__(engine)
        self.misses = 0
        self.lost_items: list[str] = []
        self.beaten_by: str | None = None

    def look(self) -> tuple[FloorLeft, Miss | None, dict[str, str]]:
        """The floor as it would be left, the last miss, the equipment."""
        game = self.engine
        return ({"beaten_here": dict(game.beaten), "walls_here": game.walls,
                 "floor_boss": game.floor_boss, "boss_beaten": game.boss_down},
                game.miss, dict(game.items))

    def after(self, action: str) -> None:
        _floor, miss, items = super().after(action)
        game = self.engine
        if game.miss is not None and game.miss is not miss:
            self.misses += 1
        self.lost_items += [item for item, state in game.items.items()
                            if state == "discarded" and items[item] != "discarded"]
        if game.lost and self.beaten_by is None:
            self.misses += 1
            # The last attack, the one that could not be settled: its enemy is the
            # first word after the verb of the saved action.
            words = action.split()
            self.beaten_by = words[1] if len(words) > 1 else None

    def finish(self, actions: int) -> History:
        game = self.engine
        facts: ElberethFacts = {
            "floor": game.floor,
            "floors": game.floors,
            "beaten": dict(game.beaten_total),
            "bosses_met": dict(game.bosses_met),
            "misses": self.misses,
            "walls": sum(floor["walls_here"] for floor, _, _ in self.left) + game.walls,
            "equipment_lost": self.lost_items,
            "equipment_left": len(game.left()),
            "key": game.key,
            "beaten_by": self.beaten_by,
        }
        return History("elbereth", game.outcome, actions, "equipment",
                       trail_series("elbereth", game), self.marks, facts,
                       floors=[floor for floor, _, _ in self.left])


TRACERS: dict[str, Callable[[Any], Tracer]] = {  # each kind's engine to its own tracer
    "hebrac": HebracTracer,
    "tricky": TrickyTracer,
    "halfdeck": HalfDeckTracer,
    "elbereth": ElberethTracer,
}
