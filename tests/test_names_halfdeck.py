"""Half Deck: every name a player types (heroes, catalog cards, players) is matched one
way (companion.names): exactly in any case, by a unique prefix, in several words
unquoted; otherwise an error naming the candidates or the closest names. A card may be
new to the game: a name given with its kind (``draw gob --minion ...``) or drawn into
the hand is taken as typed, never as the start of another."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from companion.errors import BadInput, NotationError, RuleRefused
from companion.halfdeck.engine import HalfDeckGame, new_engine
from tests.conftest import CLI
from tests.plays import misnamed, played, saved_as

PARTY = ("hand warrior ranger rogue 'steel sword' 'silver ring' 'team attack'",
         "discard 'team attack' --forced", "loot 1", "hand 'torn map'",
         "hero warrior --str 4 --mag 1", "hero ranger --str 3 --mag 2",
         "hero rogue --str 2 --mag 2")
GOBLIN = "draw 'goblin minion' --minion --str 7 --loot 1"


def game(*actions: str, **settings: Any) -> HalfDeckGame:
    return played(new_engine(settings), *actions)


def saved(home: Path) -> list[str]:
    return list(tomllib.loads((home / "games" / "g.toml").read_text())["actions"])


# -- heroes ---------------------------------------------------------------------------
def test_heroes_exactly_in_any_case() -> None:
    assert saved_as(game(*PARTY, GOBLIN), "attack WARRIOR 3") == "attack warrior 3"
    assert saved_as(game(*PARTY), "heal Ranger 1") == "heal ranger 1"
    assert saved_as(game("hand Warrior a b c d e"), "hero WARRIOR --str 4 --mag 1") == \
        "hero warrior --str 4 --mag 1"


def test_heroes_by_a_unique_prefix() -> None:
    assert saved_as(game(*PARTY, GOBLIN), "attack war 3 --assist ran 1") == \
        "attack warrior 3 --assist ranger 1"
    engine = game(*PARTY, "loot 1", "hand 'team attack'", GOBLIN)
    assert saved_as(engine, "team-attack w 6 --assist ra 1 --assist rog 2") == \
        "team-attack warrior 6 --assist ranger 1 --assist rogue 2"
    assert saved_as(game(*PARTY), "hurt rog 1") == "hurt rogue 1"
    assert saved_as(game(*PARTY), "equip war steel --str +2") == \
        "equip warrior 'steel sword' --str +2"
    # from the hand: 'hero' takes the card the start names
    assert saved_as(game("hand warrior a b c d e"), "hero war --str 4 --mag 1") == \
        "hero warrior --str 4 --mag 1"
    engine = game("hand a b c d e f", *(f"hero {n} --str 1 --mag 1" for n in "abcd"),
                  "discard e --forced", "loot 1", "hand paladin")
    assert saved_as(engine, "hero pal --str 3 --mag 3 --replace b") == \
        "hero paladin --str 3 --mag 3 --replace b"


def test_heroes_of_several_words_unquoted() -> None:
    engine = game("hand 'fire mage' warrior 'steel sword' a b c",
                  "hero 'fire mage' --str 0 --mag 5", "hero warrior --str 4 --mag 1")
    assert saved_as(engine, "equip fire mage steel sword --str +2") == \
        "equip 'fire mage' 'steel sword' --str +2"
    assert saved_as(engine, "hurt fire mage 1") == "hurt 'fire mage' 1"
    engine.apply("draw 'shadow imp' --minion --mag 8 --loot 0")
    assert saved_as(engine, "attack fire mage 6") == "attack 'fire mage' 6"
    assert saved_as(game("hand 'fire mage' a b c d"), "hero fire mage --str 0 --mag 5") == \
        "hero 'fire mage' --str 0 --mag 5"


def test_a_hero_prefix_of_several_asks_for_more() -> None:
    assert misnamed(game(*PARTY, GOBLIN), "attack r 3") == "'r' could be ranger or rogue: type more"
    assert misnamed(game(*PARTY), "heal r 1") == "'r' could be ranger or rogue: type more"


def test_an_unknown_hero_offers_the_closest() -> None:
    engine = game(*PARTY, GOBLIN)
    assert misnamed(engine, "attack wariror 3") == \
        "'wariror' is not a hero in play: did you mean warrior?"
    assert misnamed(engine, "attack zed 3") == \
        "'zed' is not a hero in play: expected one of warrior, ranger, rogue"
    # a card the game holds elsewhere is refused by the rule, as before
    with pytest.raises(RuleRefused, match=r"steel sword is not a hero in play \(in play: "
                                          "warrior, ranger, rogue\\)"):
        engine.apply("attack 'steel sword' 3")
    # a name the game does not know is bad input, with or without heroes (issue 32, 14)
    with pytest.raises(BadInput, match=r"'warrior' is not a hero in play: none is in play"):
        game().apply("heal warrior 1")


# -- cards ----------------------------------------------------------------------------
def test_cards_exactly_in_any_case() -> None:
    engine = game(*PARTY, GOBLIN, "attack warrior 6", "hand 'Old  Boot'")
    assert engine.hands[1][-1] == "old boot"
    assert saved_as(engine, "draw GOBLIN MINION") == GOBLIN


def test_cards_by_a_unique_prefix() -> None:
    engine = game(*PARTY, GOBLIN, "attack warrior 6", "hand x")
    assert saved_as(engine, "draw gob") == GOBLIN  # a card the game knows
    assert saved_as(game(*PARTY), "discard tor") == "discard 'torn map'"
    assert saved_as(game(*PARTY), "equip rogue silv --str +1") == \
        "equip rogue 'silver ring' --str +1"
    coop = game("hand 'fire tome' a b --player 1", "hand 'iron helm' c d --player 2",
                players=2)
    assert saved_as(coop, "trade 1 fire 2 iron") == "trade 1 'fire tome' 2 'iron helm'"


def test_cards_of_several_words_unquoted() -> None:
    assert saved_as(game(*PARTY), "discard torn map silver ring") == \
        "discard 'torn map' 'silver ring'"
    assert saved_as(game(*PARTY), "equip warrior steel sword --str +2") == \
        "equip warrior 'steel sword' --str +2"
    assert saved_as(game(*PARTY), "draw goblin minion --minion --str 7 --loot 1") == GOBLIN
    coop = game("hand 'fire tome' a b --player 1", "hand 'iron helm' c d --player 2",
                players=2)
    assert saved_as(coop, "trade 1 fire tome 2 iron helm") == "trade 1 'fire tome' 2 'iron helm'"


def test_the_longest_run_of_words_that_names_one_card_wins() -> None:
    """As in every game (names.lead_name): 'goblin k' is the start of one card, so it
    names it, though 'goblin' alone is another card (before, the shorter exact name was
    taken and 'k' was refused as no card of this game)."""
    engine = game("hand goblin 'goblin king' a b c")
    assert saved_as(engine, "discard goblin k") == "discard 'goblin king'"
    assert engine.hands[1] == ["goblin", "a", "b", "c"]
    mages = game("hand 'fire mage' 'fire mage lord' 'steel sword' x y",
                 "hero 'fire mage' --str 1 --mag 4", "hero 'fire mage lord' --str 1 --mag 4")
    assert saved_as(mages, "equip fire mage l steel sword --str +1") == \
        "equip 'fire mage lord' 'steel sword' --str +1"


def test_a_card_given_with_its_kind_or_drawn_is_new_as_typed() -> None:
    engine = game(*PARTY, GOBLIN, "attack warrior 6", "hand x")
    assert saved_as(engine, "draw gob --minion --str 5 --loot 0") == \
        "draw gob --minion --str 5 --loot 0"
    # each word of a hand is a card: the saves write names of several words quoted
    assert saved_as(game(), "hand steel sword a b c d") == "hand steel sword a b c d"


def test_a_card_prefix_of_several_asks_for_more() -> None:
    assert misnamed(game(*PARTY), "equip warrior s --str +1") == \
        "'s' could be steel sword or silver ring: type more"
    assert misnamed(game(*PARTY), "discard s") == \
        "'s' could be steel sword or silver ring: type more"
    engine = game(*PARTY, GOBLIN, "attack warrior 6", "hand x",
                  "draw 'goblin chief' --boss --str 9 --loot 2", "escape")
    assert misnamed(engine, "draw gob") == "'gob' could be goblin minion or goblin chief: type more"


def test_an_unknown_card_offers_the_closest() -> None:
    assert misnamed(game(*PARTY), "equip warrior stel sword --str +2") == \
        "'stel sword' is not a card in the hand: did you mean steel sword?"
    engine = game(*PARTY, GOBLIN, "attack warrior 6", "hand x")
    assert misnamed(engine, "draw gobln minion") == \
        "'gobln minion' is not a card this game knows: did you mean goblin minion?"
    with pytest.raises(BadInput, match="say what dragon is: --minion"):
        engine.apply("draw dragon")  # new and nothing like it: say what it is
    with pytest.raises(RuleRefused, match="axe is not in the hand"):
        game(*PARTY).apply("equip warrior axe --str +3")


# -- players --------------------------------------------------------------------------
def test_players_are_numbered() -> None:
    engine = game(players=2)
    assert saved_as(engine, "hand a b c --player 2") == "hand a b c --player 2"
    with pytest.raises(BadInput, match="--player must be from 1 to 2, not '3'"):
        engine.apply("hand d e f --player 3")
    with pytest.raises(BadInput, match="--player must be a whole number, not 'two'"):
        engine.apply("hand d e f --player two")
    with pytest.raises(BadInput, match="say whose it is: --player 1 to 2"):
        game(players=2).apply("hand a b c")


# -- on the command line (and in the shell, which runs the same commands) ----------------
def test_the_command_line_takes_names_unquoted_and_by_their_start(cli: CLI,
                                                                   home: Path) -> None:
    assert cli("halfdeck", "new", "--name", "g").code == 0
    done = cli("halfdeck", "hand", "warrior", "cleric", "steel", "sword", "rusty", "sword",
               "escape", "team", "attack")
    assert (done.code, done.err) == (0, "")
    assert saved(home)[-1] == "hand warrior cleric 'steel sword' 'rusty sword' escape " \
                              "'team attack'"
    assert cli("halfdeck", "hero", "war", "--mag", "1").code == 0  # the catalog's numbers
    assert saved(home)[-1] == "hero warrior --str 4 --mag 1"
    assert cli("halfdeck", "hero", "cle", "--str", "1", "--mag", "4").code == 0
    assert cli("halfdeck", "equip", "war", "steel", "sword").code == 0
    assert saved(home)[-1] == "equip warrior 'steel sword' --str +2"
    assert cli("halfdeck", "draw", "rock", "golem", "--loot", "2").code == 0  # the catalog
    assert saved(home)[-1] == "draw 'rock golem boss' --boss --str 10 --loot 2"
    assert cli("halfdeck", "attack", "war", "6", "--assist", "cle", "1").code == 0
    assert saved(home)[-1] == "attack warrior 6 --assist cleric 1"
    assert cli("halfdeck", "team-attack", "war", "5", "cle", "4").code == 0
    assert saved(home)[-1] == "team-attack warrior 5 --assist cleric 4"
    assert cli("halfdeck", "hurt", "cle", "1").code == 0
    assert saved(home)[-1] == "hurt cleric 1"


def test_the_command_line_says_what_a_name_could_be(cli: CLI) -> None:
    cli("halfdeck", "new", "--name", "g")
    cli("halfdeck", "hand", "warrior", "ranger", "rogue", "a", "b", "c")
    done = cli("halfdeck", "hero", "r", "--str", "1", "--mag", "1")
    assert (done.code, done.err) == (2, "Error: 'r' could be ranger or rogue: type more\n")
    cli("halfdeck", "hero", "warrior", "--str", "4", "--mag", "1")
    cli("halfdeck", "draw", "goblin", "minion", "--loot", "1")
    done = cli("halfdeck", "attack", "wariro", "3")
    assert (done.code, done.err) == (
        2, "Error: 'wariro' is not a hero in play: did you mean warrior?\n")
    done = cli("halfdeck", "draw", "gobln", "minion")
    assert (done.code, done.err) == (2, "Error: 'gobln minion' is not a card this game or "
                                        "the catalog knows: did you mean goblin minion?\n")


def test_a_hero_picked_from_the_deck_by_its_start_in_the_catalog(cli: CLI,
                                                                  home: Path) -> None:
    cli("halfdeck", "new", "--name", "g", "--players", "2")
    assert cli("halfdeck", "hero", "war", "--pick", "--mag", "1").code == 0
    assert saved(home)[-1] == "hero warrior --str 4 --mag 1 --player 1 --pick"
    # a hero given with its numbers may be new: it is taken as typed
    assert cli("halfdeck", "hero", "cle", "--pick", "--str", "1", "--mag", "4").code == 0
    assert saved(home)[-1] == "hero cle --str 1 --mag 4 --player 2 --pick"


def test_catalog_cards_by_their_start(cli: CLI) -> None:
    assert cli("halfdeck", "cards", "add", "fire", "tome", "--kind", "gear",
               "--mag", "2").out == "catalog: fire tome added (gear M+2)\n"
    assert cli("halfdeck", "cards", "rm", "fire t").out == "catalog: fire tome removed\n"
    done = cli("halfdeck", "cards", "rm", "r")
    assert (done.code, done.err) == (
        2, "Error: 'r' could be rock golem boss or rusty sword: type more\n")


def test_names_typed_never_merge_because_a_count_is_due(cli: CLI, home: Path) -> None:
    """Issue 32, 15: each word (or quoted or _-joined name) is one card, whatever is due."""
    cli("halfdeck", "new", "--name", "g")
    cli("halfdeck", "hand", "warrior", "a", "b", "c", "d", "e")
    cli("halfdeck", "hero", "warrior", "--str", "4", "--mag", "1")
    cli("halfdeck", "loot", "1")
    done = cli("halfdeck", "hand", "torn_map", "old_boot")
    assert done.code == 1 and done.err.startswith("Error: 2 named, 1 due to you")
    done = cli("halfdeck", "hand", "torn", "map")  # new words: not guessed to be one card
    assert done.code == 1 and "2 named, 1 due" in done.err
    assert cli("halfdeck", "hand", "torn_map").code == 0
    assert saved(home)[-1] == "hand 'torn map'"
    cli("halfdeck", "loot", "2")
    done = cli("halfdeck", "hand", "old", "boot", "silver", "ring")  # two due: no guess
    assert done.code == 1 and "4 named, 2 due" in done.err
    assert cli("halfdeck", "hand", "old boot", "silver ring").code == 0
    cli("halfdeck", "loot", "1")
    done = cli("halfdeck", "hand", "escape", "steel", "sword")  # known names: as named
    assert done.code == 1 and "2 named, 1 due" in done.err
    # a card named 'torn map old boot' once does not swallow two names typed apart
    assert cli("halfdeck", "hand", "fire tome iron helm").code == 0
    cli("halfdeck", "loot", "1")
    done = cli("halfdeck", "hand", "fire_tome", "iron_helm")
    assert done.code == 1 and "2 named, 1 due" in done.err


def test_find_is_none_only_when_no_name_is_close() -> None:
    """names.find: the one name, an error naming the candidates or the closest, or None
    (a new card may be entered)."""
    from companion import names

    pool = ["steel sword", "silver ring", "steel-sword"]
    assert names.find("zzz", pool, "card") is None
    assert names.find("silv", pool, "card") == "silver ring"
    assert names.find("steel-sword", pool, "card") == "steel-sword"  # as spelled, first
    assert names.find("Steel Sword", pool, "card") == "steel sword"
    with pytest.raises(NotationError, match="'s' could be steel sword or silver ring"):
        names.find("s", pool, "card")
    with pytest.raises(NotationError, match="did you mean silver ring"):
        names.find("silver rung", pool, "card")
