"""The deck settings: shown, changed and confirmed; saved once per installation.

The installation's settings live in ``<data home>/tricky-deck.toml``; a new
game copies them into its own settings. Nothing here is needed to replay a
game, so the engine never imports this module.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from companion.errors import BadInput, DataProblem, RuleRefused
from companion.tricky.cards import (
    DECK_ITEMS,
    HERO_NUMBERS,
    KINDS,
    PLURALS,
    Deck,
    Settings,
    default_deck_settings,
    normalize_deck,
    numbers_in,
    or_list,
    parse_per_colour,
    table,
    words_in,
)
from companion.values import Value

DECK_FILE = "tricky-deck.toml"
FILE_SCHEMA = 1
R_POTIONS = "tricky.deck.potions"
R_STARS = "tricky.deck.stars"
LABELS = {item: item.replace("_", " ").capitalize() for item in DECK_ITEMS}
"""What 'deck' calls each setting: ``Thief base``."""


def deck_path() -> Path:
    from companion.resources import data_home

    return data_home() / DECK_FILE


def load_deck() -> dict[str, object]:
    """The installation's deck settings, or the rulebook defaults if none are saved."""
    from companion import safefile

    path = deck_path()
    try:
        raw = safefile.read_bytes(path, 64 * 1024)
    except FileNotFoundError:
        return default_deck_settings()
    import tomllib  # only when a deck was saved: the defaults come from the tables

    try:
        data = tomllib.loads(raw.decode("utf-8"))
        if data.get("schema", FILE_SCHEMA) != FILE_SCHEMA:
            raise BadInput(f"schema {data.get('schema')!r}, this companion reads {FILE_SCHEMA}")
        return normalize_deck({k: v for k, v in data.items() if k != "schema"})
    except (ValueError, RecursionError) as error:  # not UTF-8 or TOML, a huge number, BadInput
        raise DataProblem(f"{path}: not a deck file ({error}); fix it, or delete it to go "
                          "back to the defaults") from None


def save_deck(settings: Settings) -> None:
    """Write the installation's deck settings atomically (temp file, fsync, rename)."""
    import tomli_w

    from companion.store import replace_file

    data = tomli_w.dumps({"schema": FILE_SCHEMA, **deck_only(settings)}).encode("utf-8")
    replace_file(deck_path(), data, "the deck settings")


def deck_only(settings: Settings) -> dict[str, object]:
    return {key: settings[key] for key in (*DECK_ITEMS, "unverified")}


class DeckChange(Value):
    """What ``deck`` was asked to change (``update_deck`` applies it)."""

    colours: Sequence[str] | None = None
    stars: Sequence[str] | None = None
    potions: Sequence[str] | None = None
    numbers: Mapping[str, Sequence[int]] | None = None
    confirm: bool = False
    reset: bool = False

    def __bool__(self) -> bool:
        return bool(self.colours or self.stars or self.potions or self.numbers
                    or self.confirm or self.reset)


def update_deck(current: Settings, change: DeckChange) -> tuple[dict[str, object], list[str]]:
    """The deck settings after the changes asked for, and a line per change.

    An item the players type in counts as checked against their cards, so it
    is no longer unverified; ``confirm`` marks every item checked.
    """
    before = normalize_deck(deck_only(current))
    settings = default_deck_settings() if change.reset else dict(before)
    lines = ["Back to the rulebook's defaults."] if change.reset else []
    changed: list[str] = []
    if change.colours is not None:
        settings = normalize_deck({**settings, "colours": list(change.colours)})
        changed.append("colours")
    deck = Deck.from_settings(settings)
    allowed = table()["deck"]["potion_values"]
    for item, typed in (("stars", change.stars), ("potions", change.potions)):
        if typed is None:
            continue
        values = parse_per_colour(deck, typed, item, numbers_in(settings, item))
        if item == "stars" and len(set(values)) != len(values):
            raise RuleRefused("each colour has its own number of stars: they break ties "
                              "between trumps", R_STARS)
        bad = next((i for i, v in enumerate(values) if v not in allowed), None)
        if item == "potions" and bad is not None:
            raise RuleRefused(f"{deck.letters[bad]}{values[bad]} cannot be a potion: potions "
                              f"are valued {or_list(allowed)} (never a torch, spell or ogre)",
                              R_POTIONS)
        settings[item] = values
        changed.append(item)
    for item, pair in (change.numbers or {}).items():
        if item not in HERO_NUMBERS:
            raise BadInput(f"{item!r} is not a hero number: expected {', '.join(HERO_NUMBERS)}")
        settings[item] = list(pair)
        changed.append(item)
    settings["unverified"] = [] if change.confirm else [
        item for item in words_in(settings, "unverified") if item not in changed]
    settings = normalize_deck(settings)
    old_deck, new_deck = Deck.from_settings(before), Deck.from_settings(settings)
    for item in changed:
        old, new = item_text(before, item, old_deck), item_text(settings, item, new_deck)
        lines.append(f"{LABELS[item]}: {old} -> {new}" if old != new
                     else f"{LABELS[item]}: {new} (as before)")
    if change.confirm:
        lines.append("Confirmed: every deck setting checked against the cards.")
    return settings, lines


def item_text(settings: Settings, item: str, deck: Deck) -> str:
    if item == "colours":
        return " ".join(words_in(settings, item))
    if item in ("stars", "potions"):
        return deck.text(numbers_in(settings, item))
    return "/".join(map(str, numbers_in(settings, item)))


def deck_lines(settings: Settings, title: str, command: str = "deck") -> list[str]:
    """The deck settings as shown by 'deck', unverified ones marked."""
    deck = Deck.from_settings(settings)
    lines = [title]
    for item in ("colours", "stars", "potions"):
        lines.append(f"{LABELS[item]}: {item_text(settings, item, deck)}{deck.flag(item)}")
    kinds = table()["kinds"]
    parts = []
    for kind in KINDS[1:]:
        values = kinds[kind]
        span = f"{values[0]}-{values[-1]}" if len(values) > 1 else str(values[0])
        assumed = " (assumed)" if kind in table()["assumed_kinds"] else ""
        parts.append(f"{span} {PLURALS[kind]}{assumed}")
    lines.append(f"Kinds: {', '.join(parts)}; potions are none of these")
    lines.append("Hero numbers, 2-3 players/4 players:")
    for item in HERO_NUMBERS:
        lines.append(f"  {LABELS[item]} {item_text(settings, item, deck)}{deck.flag(item)}")
    if deck.unverified:
        lines.append(f"Check against your cards, then '{command} --confirm'.")
    return lines
