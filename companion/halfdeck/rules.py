"""Half Deck Dungeon Heroes: the rulebook's numbers, a game's settings, and the readers
of the numbers an action carries (``companion.halfdeck.engine`` is the game)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, cast

from companion import plain
from companion.editions import at_least, edition
from companion.errors import BadInput
from companion.halfdeck.cards import (
    BOSS,
    ENDGAME_BOSS,
    ENDGAME_TREASURE,
    card_name,
)
from companion.numbers import choice, flag, parse_die, whole
from companion.resources import tables
from companion.text import wrap
from companion.values import Value

if TYPE_CHECKING:
    from typing import TypedDict

    class DecksTable(TypedDict):
        hero_cards: int
        dungeon_cards: int
        endgame_cards: int

    class SetupTable(TypedDict):
        players_min: int
        players_max: int
        start_hand: int
        coop_start_hand: int
        mulligan_min: int
        mulligan_max: int
        redraw_max: int

    class HeroesTable(TypedDict):
        life: int
        max_in_play: int
        gear_per_hero: int

    class EnemiesTable(TypedDict):
        minion_life: int
        boss_life: int
        endgame_boss_life: int

    class DieTable(TypedDict):
        faces: int

    class CombatTable(TypedDict):
        miss_damage: int
        escape_damage: int
        support_attackers: int

    class TeamTable(TypedDict):
        copies: int
        escape: str
        attack: str
        escape_aliases: list[str]
        attack_aliases: list[str]

    class HalfDeckTables(TypedDict):
        """``rulebook/halfdeck.tables.toml`` as read."""

        decks: DecksTable
        setup: SetupTable
        heroes: HeroesTable
        enemies: EnemiesTable
        die: DieTable
        combat: CombatTable
        team: TeamTable


KIND = "halfdeck"
TITLE = "Half Deck Dungeon Heroes"
ENDGAMES = ("both", "treasure", "boss")
TRAP_NEEDS = ("reach", "attribute")
ASSIST_RULES = ("loose", "strict")
"""When a roll may have supporters (halfdeck.ruling.assist): any time, or only when the
main attacker's best roll falls short of the enemy's number."""
ASSIST_EDITION = 3
"""The edition that brought the assist setting; earlier games assist as 'loose'."""
ENDGAMES_LEFT = {"both": (ENDGAME_TREASURE, ENDGAME_BOSS), "treasure": (ENDGAME_TREASURE,),
                 "boss": (ENDGAME_BOSS,)}
"""The endgame cards each --endgame puts in the dungeon deck."""

# Rulebook section ids named by refusals (the verbs' own are in play.py).
R_PREP = "halfdeck.round.preparatory"
R_HEROES = "halfdeck.hero.in-play"
R_END = "halfdeck.game.end"

# The numbers the actions take (``hero --str``, ``equip --mag``, ``draw --loot``...).
HERO_NUMBERS = (0, 20)
DUNGEON_NUMBERS = (1, 40)
LOOT_NUMBERS = (0, 26)


# -- the rulebook's numbers ----------------------------------------------------------------
def table() -> HalfDeckTables:
    """``rulebook/halfdeck.tables.toml``: every number the game uses, read once."""
    # TOML carries no types: the record says what the shipped file holds
    return cast("HalfDeckTables", tables("halfdeck"))


def enemy_life(kind: str) -> int:
    """The life an encounter starts with (a trap starts with a minion's)."""
    enemies = table()["enemies"]
    return {BOSS: enemies["boss_life"],
            ENDGAME_BOSS: enemies["endgame_boss_life"]}.get(kind, enemies["minion_life"])


# -- settings -------------------------------------------------------------------
class Settings(Value):
    """A game's normalised settings, read once (the store keeps them as a table)."""

    players: int
    endgame: str
    deck_size: int
    rescue: str
    trap_needs: str
    shuffle_back: bool
    assist_rule: str  # earlier editions have none: they assist as 'loose'
    edition: int

    @classmethod
    def read(cls, settings: Mapping[str, object]) -> Settings:
        """Settings ``normalize_settings`` gave: a value of another type is a bug."""
        return cls(plain.integer(settings["players"]), plain.text(settings["endgame"]),
                   plain.integer(settings["deck_size"]), plain.text(settings["rescue"]),
                   plain.text(settings["trap_needs"]), plain.flag(settings["shuffle_back"]),
                   plain.text(settings.get("assist_rule", "loose")), edition(settings))


def normalize_settings(raw: Mapping[str, object]) -> dict[str, object]:
    unknown = sorted(set(raw) - {*Settings._fields, "seats"})
    if unknown:
        raise BadInput(f"unknown Half Deck setting {unknown[0]!r}")
    setup = table()["setup"]

    def number(key: str, default: int, low: int, high: int) -> int:
        value = default if raw.get(key) is None else raw.get(key)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise BadInput(f"--{key.replace('_', '-')} must be a whole number from {low} "
                           f"to {high}")
        return value

    endgame = choice(raw, "endgame", ENDGAMES, ("treasure", "boss", "both"))
    full, endgame_cards = full_deck(endgame)
    rescue_text = raw.get("rescue") or ""
    if not isinstance(rescue_text, str):
        raise BadInput("--rescue takes a hero card's name")
    trap_needs = choice(raw, "trap_needs", TRAP_NEEDS)
    assist_rule = choice(raw, "assist_rule", ASSIST_RULES)
    number_of_edition = edition(raw)
    players = number("players", setup["players_min"], setup["players_min"],
                     setup["players_max"])
    settings: dict[str, object] = {
        "players": players,
        "endgame": endgame,
        "deck_size": number("deck_size", full, endgame_cards + 1, full),
        "rescue": card_name(rescue_text) if rescue_text else "",
        "trap_needs": trap_needs,
        "shuffle_back": flag(raw, "shuffle_back", True),
        "assist_rule": assist_rule,
        "edition": number_of_edition,
    }
    seats = raw.get("seats") or []
    if seats:  # who sits at each player's place: the same person in every game's record
        named = seat_names(seats, players, raw.get("players") is None)
        settings["seats"] = named
        settings["players"] = len(named)
    if not at_least(settings, ASSIST_EDITION):
        # An earlier game has no such setting: it assists as it always did (loose).
        if assist_rule != "loose":
            raise BadInput(f"--assist-rule {assist_rule} is for games of edition "
                           f"{ASSIST_EDITION} on; this one is of edition {number_of_edition}, "
                           "where any roll may be assisted")
        del settings["assist_rule"]
    return settings


def seat_names(seats: object, players: int, any_count: bool) -> list[str]:
    """The players' names, in the order of their numbers (``--seat Ann --seat Bo``: Ann is
    player 1); as many as ``--players`` says, unless it was left out."""
    from companion.names import check_player, key

    if not isinstance(seats, list) or not all(isinstance(seat, str) for seat in seats):
        raise BadInput("seats: expected a list of names")
    low, high = table()["setup"]["players_min"], table()["setup"]["players_max"]
    if not low <= len(seats) <= high:
        raise BadInput(f"--seat names {low} to {high} players, not {len(seats)}")
    if not any_count and len(seats) != players:
        raise BadInput(f"--players {players} but {len(seats)} --seat names: give one per "
                       "player")
    for seat in seats:
        check_player(seat)
    keys = [key(seat) for seat in seats]
    twice = next((seat for seat, k in zip(seats, keys, strict=True) if keys.count(k) > 1), None)
    if twice is not None:
        raise BadInput(f"{twice!r} is named twice: each player needs a name of their own")
    return seats


def full_deck(endgame: str) -> tuple[int, int]:
    """The full dungeon deck for ``--endgame`` and the endgame cards in it: the endgame
    card not chosen is set aside, so the deck is one card short."""
    decks = table()["decks"]
    in_deck = decks["endgame_cards"] if endgame == "both" else 1
    return decks["dungeon_cards"] - (decks["endgame_cards"] - in_deck), in_deck


def setup_lines(settings: Mapping[str, object], width: int = 40) -> list[str]:
    """What to lay out when a game starts, each line at most ``width`` columns."""
    chosen = Settings.read(normalize_settings(settings))
    setup = table()["setup"]
    full, endgames = full_deck(chosen.endgame)
    size, prisoner = chosen.deck_size, chosen.rescue
    said = ["Split the deck by the colour of backs:",
            f" blue: the hero deck, {table()['decks']['hero_cards'] - bool(prisoner)} cards"]
    if chosen.endgame != "both":
        aside = "boss" if chosen.endgame == "treasure" else "treasure"
        said.append(f" set the endgame {aside} aside")
    said.append(f" red: the dungeon deck, {size} cards")
    if size < full:
        goal = "both endgame cards" if endgames > 1 else f"the endgame {chosen.endgame}"
        said.append(f"   ({goal} among them)")
    if prisoner:
        said.append(f"Shuffle the prisoner, {prisoner}, into the red deck.")
    said.append("Shuffle both decks face down.")
    if chosen.players == 1:
        said.append(f"Draw {setup['start_hand']} hero cards: 'hand CARD...'")
        said.append(f"  (redraw {setup['mulligan_min']} to "
                    f"{min(setup['mulligan_max'], setup['start_hand'])} of them once)")
    else:
        said.append("Each player picks a hero card from the hero deck: 'hero NAME --pick', "
                    f"then draws {setup['coop_start_hand']}: 'hand CARD... --player N'.")
        said.append("Player 1 turns up the first red card, then each player in turn.")
    said.append(f"At most {table()['heroes']['max_in_play']} heroes in play, one gear each.")
    return [line for text in said for line in wrap(text, width, indent="  ")]


# -- readers ---------------------------------------------------------------------
def die(text: str) -> int:
    return parse_die(text, table()["die"]["faces"])


def in_range(value: int | None, key: str, low: int, high: int) -> int | None:
    if value is not None and not low <= value <= high:
        raise BadInput(f"--{key} must be from {low} to {high}, not {str(value)!r}")
    return value


def gear_bonus(text: str | None, key: str) -> int | None:
    """A gear bonus, ``+N`` (or ``N``), from 0 to 20: read by the one reader of numbers."""
    if text is None:
        return None
    return whole(text.strip().removeprefix("+"), f"--{key}", *HERO_NUMBERS)


def known(value: int | None) -> int:
    assert value is not None  # the game refuses incomplete cards
    return value
