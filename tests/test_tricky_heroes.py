"""Every hero: set, name forms, gold rule (with its arithmetic) and trump rule."""

from __future__ import annotations

from typing import Any

import pytest

from companion.errors import BadInput, NotationError, RuleRefused
from companion.tricky import deck as deck_module
from companion.tricky import engine as engine_module
from companion.tricky import play as play_module
from companion.tricky.cards import default_deck_settings, table
from companion.tricky.engine import TrickyGame, new_engine
from companion.tricky.heroes import (
    gold_for_round,
    hero_lines,
    hero_number,
    heroes,
    heroes_in,
    lead_hero,
)
from companion.tricky.state import Trump


def game(players: int = 3, **settings: Any) -> TrickyGame:
    names = ["Ann", "Bo", "Cy", "Di"][:players]
    return new_engine({"players": names, **settings})


def haul(**counts: int | bool) -> dict[str, int | bool]:
    base: dict[str, int | bool] = dict.fromkeys(
        ("tricks", "potions", "spells", "goblins", "orcs", "ogres"), 0)
    base["last_trick"] = False
    base.update(counts)
    return base


# -- the table ----------------------------------------------------------------
def test_three_sets_of_five() -> None:
    assert [h.name for h in heroes_in("A")] == ["Thief", "Assassin", "Barbarian", "Wizard",
                                                 "Witch"]
    assert [h.name for h in heroes_in("B")] == ["Dwarven Hunter", "Trickster", "Seer",
                                                 "Troubadour", "Sorcerer"]
    assert [h.name for h in heroes_in("C")] == ["Knight", "Ninja", "Elvish Hunter", "Nymph",
                                                 "Fairy Scout"]
    assert len(heroes_in("all")) == len(heroes()) == 15


@pytest.mark.parametrize(("text", "hero"), [
    ("thief", "thief"), ("Thief", "thief"), ("barb", "barbarian"), ("magician", "wizard"),
    ("Assassins", "assassin"), ("fairy scout", "fairy-scout"), ("Fairy_Scout", "fairy-scout"),
    ("fairy", "fairy-scout"), ("dwarven hunter", "dwarven-hunter"), ("elf", "elvish-hunter"),
    ("Troub", "troubadour"), ("ny", "nymph"), ("kn", "knight"),
])
def test_hero_names(text: str, hero: str) -> None:
    assert lead_hero([text])[0].id == hero


def test_ambiguous_and_unknown_heroes() -> None:
    with pytest.raises(NotationError, match="'s' could be Seer or Sorcerer: type more"):
        lead_hero(["s"])
    with pytest.raises(NotationError, match="'w' could be Wizard or Witch: type more"):
        lead_hero(["w"])
    with pytest.raises(NotationError, match="'dragon' is not a hero: expected one of Thief, "
                                            "Assassin, Barbarian, Wizard, Witch$"):
        lead_hero(["dragon"], heroes_in("A"))


def test_every_refusal_names_a_rulebook_section() -> None:
    sections = table()["sections"]
    for module in (engine_module, play_module, deck_module):
        for name in dir(module):
            if name.startswith("R_"):
                assert getattr(module, name) in sections, name


def test_hero_numbers_by_player_count() -> None:
    settings = default_deck_settings()
    thief, knight = heroes()["thief"], heroes()["knight"]
    assert [hero_number(thief, settings, n) for n in (2, 3, 4)] == [5, 5, 4]
    assert [hero_number(knight, settings, n) for n in (2, 3, 4)] == [5, 5, 3]
    barbarian, sorcerer = heroes()["barbarian"], heroes()["sorcerer"]
    assert [hero_number(barbarian, settings, n) for n in (2, 3, 4)] == [6, 6, 4]
    assert [hero_number(sorcerer, settings, n) for n in (2, 3, 4)] == [6, 6, 4]


def test_hero_lines() -> None:
    settings = default_deck_settings()
    assert hero_lines(heroes()["barbarian"], settings, None, 80) == [
        "Barbarian", "  trump: a colour (active player picks)",
        "  gold: 1 per trick or potion over 6/4 (unverified)"]
    assert hero_lines(heroes()["barbarian"], settings, None) == [  # 40 columns
        "Barbarian", "  trump: a colour (active player picks)",
        "  gold: 1 per trick or potion over 6/4", "    (unverified)"]
    assert hero_lines(heroes()["troubadour"], settings, 3) == [
        "Troubadour", "  trump: a colour (left player picks)",
        "  gold: 1 per trick or potion"]
    assert hero_lines(heroes()["nymph"], settings, 4) == [
        "Nymph", "  trump: none", "  tricks: lowest of the asked colour", "    wins",
        "  gold: 2 per ogre"]


@pytest.mark.parametrize("players", [None, 2, 3, 4])
def test_every_hero_line_fits_forty_columns(players: int | None) -> None:
    settings = {**default_deck_settings(), "thief_base": [12, 11]}  # two-digit numbers too
    for hero in heroes().values():
        lines = hero_lines(hero, settings, players)
        assert all(len(line) <= 40 for line in lines), lines
        assert " ".join(" ".join(lines).split()).startswith(hero.name)
    seer = hero_lines(heroes()["seer"], settings, players)
    assert seer[2:4] == ["  gold: 5 if tricks + potions = the", "    prediction"]


# -- gold: one test per hero --------------------------------------------------------
GOLD_CASES = [
    ("thief", haul(tricks=2), 5, 3, "Thief: base 5 (3 players, unverified) - 2 tricks = 3: 3 gold"),
    ("thief", haul(tricks=7), 4, 0,
     "Thief: base 4 (4 players, unverified) - 7 tricks = -3, never below 0: 0 gold"),
    ("assassin", haul(tricks=1, last_trick=True), 0, 4, "Assassin: won the last trick: 4 gold"),
    ("assassin", haul(tricks=8), 0, 0, "Assassin: lost the last trick: 0 gold"),
    ("barbarian", haul(tricks=6, potions=2), 6, 2,
     "Barbarian: 6 tricks + 2 potions = 8, 2 over minimum 6 (3 players, unverified): 2 gold"),
    ("barbarian", haul(tricks=3, potions=1), 4, 0,
     "Barbarian: 3 tricks + 1 potion = 4, not over minimum 4 (4 players, unverified): 0 gold"),
    ("sorcerer", haul(tricks=5, potions=3), 4, 4,
     "Sorcerer: 5 tricks + 3 potions = 8, 4 over minimum 4 (4 players, unverified): 4 gold"),
    ("knight", haul(tricks=4, potions=2), 5, 1,
     "Knight: 4 tricks + 2 potions = 6, 1 over minimum 5 (3 players, unverified): 1 gold"),
    ("troubadour", haul(tricks=3, potions=1), 0, 4,
     "Troubadour: 3 tricks + 1 potion = 4 gold"),
    ("wizard", haul(tricks=1, potions=3), 0, 6, "Wizard: 3 potions x 2 = 6 gold"),
    ("witch", haul(spells=5), 0, 5, "Witch: 5 spells = 5 gold"),
    ("ninja", haul(spells=1), 0, 1, "Ninja: 1 spell = 1 gold"),
    ("dwarven-hunter", haul(goblins=4), 0, 4, "Dwarven Hunter: 4 goblins = 4 gold"),
    ("elvish-hunter", haul(orcs=2, goblins=3), 0, 2, "Elvish Hunter: 2 orcs = 2 gold"),
    ("nymph", haul(ogres=3), 0, 6, "Nymph: 3 ogres x 2 = 6 gold"),
    ("fairy-scout", haul(tricks=4), 0, 8, "Fairy Scout: 4 tricks x 2 = 8 gold"),
    ("trickster", haul(tricks=1, potions=2), 5, 2,
     "Trickster: base 5 (3 players, unverified) - 1 trick - 2 potions = 2: 2 gold"),
    ("trickster", haul(tricks=4, potions=2), 4, 0,
     "Trickster: base 4 (4 players, unverified) - 4 tricks - 2 potions = -2, never below 0: "
     "0 gold"),
]


@pytest.mark.parametrize(("hero", "counts", "number", "gold", "line"), GOLD_CASES)
def test_gold_for_round(hero: str, counts: dict[str, int | bool], number: int, gold: int,
                        line: str) -> None:
    players = 4 if "4 players" in line else 3
    note = f"{players} players, unverified"
    assert gold_for_round(heroes()[hero], counts, number=number, note=note) == (gold, line)


def test_seer_gold_needs_the_exact_prediction() -> None:
    seer = heroes()["seer"]
    assert gold_for_round(seer, haul(tricks=3, potions=1), predict=4) == (
        5, "Seer: predicted 4, got 3 tricks + 1 potion = 4, right: 5 gold")
    assert gold_for_round(seer, haul(tricks=3, potions=2), predict=4) == (
        0, "Seer: predicted 4, got 3 tricks + 2 potions = 5, wrong: 0 gold")


def test_every_hero_has_a_gold_case() -> None:
    covered = {case[0] for case in GOLD_CASES} | {"seer"}
    assert covered == set(heroes())


def test_no_gold_gives_every_other_player_one() -> None:
    g = game(4)
    g.apply("round thief")
    applied = g.apply("result --tricks 6")
    assert applied.lines[1] == "Ann earns no gold: Bo, Cy, Di +1 each"
    assert g.totals == [0, 1, 1, 1]


def test_gold_from_the_settings_copy() -> None:
    settings = {**default_deck_settings(), "thief_base": [7, 6], "unverified": []}
    g = game(3, **settings)
    g.apply("round thief")
    applied = g.apply("result --tricks 1")
    assert applied.lines[0] == "Round 1 over. Thief: base 7 (3 players) - 1 trick = 6: 6 gold"


# -- trump rules: one per hero -------------------------------------------------------
TRUMPS = [
    ("thief", "", Trump("none")),
    ("assassin", "", Trump("none")),
    ("barbarian", "--trump yellow", Trump("colour", colour="Y")),
    ("wizard", "", Trump("spells")),
    ("witch", "", Trump("potions")),
    ("dwarven-hunter", "", Trump("torches")),
    ("trickster", "", Trump("none")),
    ("seer", "--predict 3", Trump("none")),
    ("troubadour", "--trump b", Trump("colour", colour="B")),
    ("sorcerer", "", Trump("spells")),
    ("knight", "--trump 2", Trump("value", value=2)),
    ("ninja", "", Trump("none")),
    ("elvish-hunter", "", Trump("potions")),
    ("nymph", "", Trump("none")),
    ("fairy-scout", "", Trump("none")),
]


@pytest.mark.parametrize(("hero", "options", "trump"), TRUMPS)
def test_trump_of_each_hero(hero: str, options: str, trump: Trump) -> None:
    g = game(3, set="all")
    g.apply(f"round {hero} {options}")
    assert g.rounds[-1].trump == trump


@pytest.mark.parametrize("hero", ["barbarian", "troubadour", "knight"])
def test_chosen_trump_is_required(hero: str) -> None:
    with pytest.raises(BadInput, match="needs its trump: 'round "):
        game(3, set="all").apply(f"round {hero}")


@pytest.mark.parametrize("hero", ["thief", "wizard", "witch", "dwarven-hunter", "nymph"])
def test_fixed_trump_takes_no_choice(hero: str) -> None:
    with pytest.raises(RuleRefused) as caught:
        game(3, set="all").apply(f"round {hero} --trump red")
    assert caught.value.rule == "tricky.hero.trump"
    assert "takes no --trump" in str(caught.value)


def test_bad_trump_words() -> None:
    g = game(3, set="all")
    with pytest.raises(NotationError, match="'purple' is not a colour"):
        g.apply("round barbarian --trump purple")
    with pytest.raises(NotationError, match="'red' is not a card value: the Knight's trump is "
                                            "a value 0 to 7"):
        g.apply("round knight --trump red")
    with pytest.raises(NotationError, match="'8' is not a card value"):
        g.apply("round knight --trump 8")


def test_troubadour_trump_is_chosen_by_the_left_player() -> None:
    g = game(3, set="B")
    applied = g.apply("round troubadour --active Cy --trump green")
    assert applied.action == "round troubadour --active Cy --trump G"
    assert applied.lines[1] == "Trump: green, chosen by Ann (left of Cy)"


def test_trump_lines() -> None:
    g = game(3, set="all")
    assert g.apply("round witch").lines[1] == "Trump: potions (R1 B2 Y5 G6) (unverified)"
    g.apply("result --spells 0")
    assert g.apply("round dwarven").lines[1] == "Trump: torches (0s)"
    g.apply("result --goblins 1")
    assert g.apply("round knight --trump 5").lines[1] == "Trump: 5s"
