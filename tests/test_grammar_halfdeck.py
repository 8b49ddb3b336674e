"""Half Deck's verb table: the CLI agrees with it, every saved action reads back to the
same line, and any action value written as text reads back to the same value."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.halfdeck.engine import new_engine
from companion.halfdeck.grammar import (
    GRAMMAR,
    Action,
    Attack,
    Challenge,
    Discard,
    Draw,
    Equip,
    Escape,
    Hand,
    Heal,
    Hero,
    HeroRoll,
    Hurt,
    Loot,
    ShuffleBack,
    TeamAttack,
    TeamEscape,
    Trade,
)
from tests.plays import by_text_and_value, misfit, reads_back, written_back
from tests.verbcheck import disagreements, same, saved_actions, saves

SAVES = saves("halfdeck")
SAVED = saved_actions("halfdeck")


def test_the_cli_agrees_with_the_verb_table() -> None:
    assert disagreements("halfdeck", GRAMMAR) == []


def test_the_short_forms_are_the_ones_the_cli_knew() -> None:
    assert GRAMMAR.aliases() == {'a': 'attack', 'd': 'draw', 'ta': 'team-attack', 'e': 'equip'}


def test_the_table_imports_nothing_heavy() -> None:
    import subprocess
    import sys

    probe = ("import sys\nimport companion.halfdeck.grammar\n"
             "print(sorted(m for m in sys.modules if m.startswith(('companion.halfdeck.engine',"
             " 'companion.resources', 'companion.rulebook', 'typer', 'rich', 'tomllib'))))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "[]"


def test_every_saved_action_is_found() -> None:
    assert len(SAVES) >= 6 and len(SAVED) > 100
    found = {type(GRAMMAR.parse(text)) for text in SAVED}
    assert found >= {Hand, Hero, Equip, Draw, Attack, TeamAttack, Challenge, Escape,
                     TeamEscape, ShuffleBack, Discard, Heal, Trade}


@pytest.mark.parametrize("text", sorted(set(SAVED)))
def test_a_saved_action_reads_back_to_its_own_line(text: str) -> None:
    reads_back(GRAMMAR, text)


@pytest.mark.parametrize(("text", "action"), [
    ("hand warrior 'steel sword' escape", Hand(("warrior", "steel sword", "escape"))),
    ("HAND a b --player 2", Hand(("a", "b"), 2)),
    ("hero warrior --str 4 --mag 1 --pick --player 1", Hero("warrior", 4, 1, 1, None, True)),
    ("hero fire mage --mag 5 --str 0", Hero("fire mage", 0, 5)),
    ("hero e --replace a", Hero("e", replace="a")),
    ("equip warrior 'steel sword' --str +2", Equip(("warrior", "steel sword"), "+2")),
    ("equip warrior steel sword", Equip(("warrior", "steel", "sword"))),
    ("equip ranger wand --mag +3 --one-use --standby",
     Equip(("ranger", "wand"), None, "+3", True, True)),
    ("draw goblin minion --minion --str 7 --loot 1",
     Draw("goblin minion", minion=True, strength=7, loot=1)),
    ("draw 'spiked pit trap' --trap --str 7 --effect 'discard a gear'",
     Draw("spiked pit trap", trap=True, strength=7, effect="discard a gear")),
    ("draw dragon --endgame-boss --mag 10", Draw("dragon", endgame_boss=True, magic=10)),
    ("draw ranger --hero --str 3 --mag 2 --player 1",
     Draw("ranger", hero=True, strength=3, magic=2, player=1)),
    ("attack warrior 3", Attack("warrior", "3")),
    ("attack fire mage 3", Attack("fire mage", "3")),
    ("attack warrior 2 --assist cleric 4 --loot-to 2",
     Attack("warrior", "2", (HeroRoll("cleric", "4"),), 2)),
    ("attack warrior --assist cleric 4 2", Attack("warrior", "2", (HeroRoll("cleric", "4"),))),
    ("team-attack cleric 6 --assist warrior 2 --assist ranger 3 --from 1",
     TeamAttack("cleric", "6", (HeroRoll("warrior", "2"), HeroRoll("ranger", "3")), 1)),
    ("team-attack cleric 6 warrior 2 fire mage 3",
     TeamAttack("cleric", "6", (HeroRoll("warrior", "2"), HeroRoll("fire mage", "3")))),
    ("challenge warrior 1", Challenge("warrior", "1")),
    ("challenge fire mage 6", Challenge("fire mage", "6")),
    ("escape", Escape()),
    ("team-escape --from 2", TeamEscape(2)),
    ("shuffle-back", ShuffleBack()),
    ("loot 2 --player 1", Loot(2, 1)),
    ("discard 'torn map' 'old boot' --forced", Discard(("torn map", "old boot"), forced=True)),
    ("discard warrior --in-play --player 2", Discard(("warrior",), 2, in_play=True)),
    ("heal warrior 1", Heal("warrior", 1)),
    ("hurt fire mage 2", Hurt("fire mage", 2)),
    ("trade 1 'fire tome' 2 'iron helm'", Trade(1, "fire tome", 2, "iron helm")),
    ("trade 1 fire tome 2 iron helm", Trade(1, "fire tome", 2, "iron helm")),
    # a number may carry its sign, as the engine always read it
    ("loot +1", Loot(1)),
    ("heal warrior +2", Heal("warrior", 2)),
    ("draw x --minion --str +7 --loot +0 --player +1",
     Draw("x", minion=True, strength=7, loot=0, player=1)),
    ("attack warrior 3 --loot-to +2", Attack("warrior", "3", (), 2)),
    ("trade +1 a +2 b", Trade(1, "a", 2, "b")),
])
def test_the_lines_read(text: str, action: Action) -> None:
    assert same(GRAMMAR.parse(text), action)


@pytest.mark.parametrize(("text", "message"), [
    ("fly", "'fly' is not a Half Deck action: expected one of hand, hero, equip, draw,"),
    ("", "empty action"),
    ("hand", "usage: hand CARD... (the hero cards drawn)"),
    ("hand a --player x", "--player must be a whole number, not 'x'"),
    ("hero", "usage: hero NAME [--str S --mag M] [--replace HERO]"),
    ("hero a --str", "option --str needs a value"),
    ("hero a --str 1 --str 2", "option --str given more than once"),
    ("equip", "usage: equip HERO GEAR [--str +N | --mag +N] [--one-use] [--standby]"),
    ("draw", "usage: draw NAME [--minion|--boss|--trap|--misc|--endgame-boss|"),
    ("draw a --loot many", "--loot must be a whole number, not 'many'"),
    ("attack warrior", "usage: attack HERO ROLL --assist HERO ROLL [--loot-to PLAYER]"),
    ("attack warrior 3 --assist cleric", "--assist takes a hero and the die: --assist HERO"),
    ("attack warrior 3 --from 1", "'attack' takes no option --from"),
    ("attack warrior 3 --loot-to 1 --loot-to 2", "option --loot-to given more than once"),
    ("attack warrior 3 --loot-to x", "--loot-to must be a whole number, not 'x'"),
    ("team-attack warrior", "usage: team-attack HERO ROLL --assist HERO ROLL... [--from"),
    ("team-attack warrior 3 --loot-to 1", "'team-attack' takes no option --loot-to"),
    ("challenge warrior", "usage: challenge HERO ROLL"),
    ("escape now", "usage: escape"),
    ("team-escape --from x", "--from must be a whole number, not 'x'"),
    ("loot", "usage: loot N [--player P]"),
    ("loot x", "loot must be a whole number, not 'x'"),
    ("discard", "usage: discard CARD... [--forced] [--in-play]"),
    ("discard a --fast", "'discard' takes no option --fast"),
    ("attack warrior 3 --fast", "'attack' takes no option --fast"),
    ("attack warrior 3 --loot-to", "option --loot-to needs a value"),
    ("discard a --fast 1", "'discard' takes no option --fast"),
    ("heal warrior", "usage: heal HERO N"),
    ("hurt warrior x", "amount must be a whole number, not 'x'"),
    ("trade 1 a 2", "usage: trade PLAYER CARD PLAYER CARD (each gives the card named)"),
    ("trade 1 a 2 b 3 c", "usage: trade PLAYER CARD PLAYER CARD"),
    ("hand 'a", "cannot read action"),
    ("attack 'a 3", "cannot read action"),
    ("hand " + "a " * 300, "an action is at most 500 characters"),
    ("attack " + "a " * 300, "an action is at most 500 characters"),
])
def test_what_does_not_fit_the_table(text: str, message: str) -> None:
    assert misfit(GRAMMAR, text).startswith(message)


def test_build_takes_the_words_and_options_a_cli_gives() -> None:
    verbs = GRAMMAR.verbs
    assert same(GRAMMAR.build(verbs["trade"], ["1", "fire", "tome", "2", "escape"], ()),
                Trade(1, "fire tome", 2, "escape"))
    # attack and team-attack: their words are read by the CLI; a line, by parse
    assert same(GRAMMAR.parse("attack fire mage 3 --assist cleric 4 --loot-to 2"),
                Attack("fire mage", "3", (HeroRoll("cleric", "4"),), 2))
    assert same(GRAMMAR.parse("team-attack a 1 b 2 --from 1"),
                TeamAttack("a", "1", (HeroRoll("b", "2"),), 1))


def test_the_engine_takes_a_value_as_its_text() -> None:
    by_text_and_value(lambda: new_engine({}), [
        ("hand warrior cleric 'steel sword' escape 'team attack' 'torn map'",
         Hand(("warrior", "cleric", "steel sword", "escape", "team attack", "torn map"))),
        ("hero warrior --str 4 --mag 1", Hero("warrior", 4, 1)),
        ("hero cleric --str 1 --mag 4", Hero("cleric", 1, 4)),
        ("equip warrior 'steel sword' --str +2", Equip(("warrior", "steel sword"), "+2")),
        ("draw 'rock golem boss' --boss --str 10 --loot 2",
         Draw("rock golem boss", boss=True, strength=10, loot=2)),
        ("attack warrior 3 --assist cleric 4",
         Attack("warrior", "3", (HeroRoll("cleric", "4"),))),
        ("team-attack cleric 6 --assist warrior 2",
         TeamAttack("cleric", "6", (HeroRoll("warrior", "2"),))),
        ("heal warrior 1", Heal("warrior", 1)),
        ("team-escape", TeamEscape())])


# -- any value written and read back ---------------------------------------------------
NAME = st.from_regex(r"[a-z0-9][a-z0-9' .-]{0,20}", fullmatch=True).filter(
    lambda name: bool(name.strip()))
NUMBER = st.integers(0, 10**9 - 1)
PLAYER = st.none() | NUMBER
DIE = st.sampled_from(["1", "2", "3", "4", "5", "6", "x", "07"])
TEXT = st.none() | st.text(st.characters(blacklist_categories=("Cc", "Cs")), min_size=1,
                           max_size=40)
ROLLS = st.lists(st.builds(HeroRoll, NAME, DIE), max_size=3).map(tuple)
BONUS = st.none() | st.integers(0, 99).map(lambda n: f"+{n}")
FLAG = st.booleans()

ACTIONS = st.one_of(
    st.builds(Hand, st.lists(NAME, min_size=1, max_size=6).map(tuple), PLAYER),
    st.builds(Hero, NAME, PLAYER, PLAYER, PLAYER, st.none() | NAME, FLAG),
    st.builds(Equip, st.lists(NAME, min_size=2, max_size=4).map(tuple), BONUS, BONUS, FLAG,
              FLAG),
    st.builds(Draw, NAME, FLAG, FLAG, FLAG, FLAG, FLAG, FLAG, FLAG, PLAYER, PLAYER, PLAYER,
              TEXT, FLAG, PLAYER),
    st.builds(Attack, NAME, DIE, ROLLS, PLAYER),
    st.builds(TeamAttack, NAME, DIE, ROLLS, PLAYER),
    st.builds(Challenge, NAME, DIE),
    st.just(Escape()),
    st.builds(TeamEscape, PLAYER),
    st.just(ShuffleBack()),
    st.builds(Loot, NUMBER, PLAYER),
    st.builds(Discard, st.lists(NAME, min_size=1, max_size=6).map(tuple), PLAYER, FLAG, FLAG),
    st.builds(Heal, NAME, NUMBER),
    st.builds(Hurt, NAME, NUMBER),
    st.builds(Trade, NUMBER, NAME, NUMBER, NAME),
)


@settings(max_examples=400, deadline=None)
@given(ACTIONS)
def test_any_action_reads_back_as_itself(action: Action) -> None:
    written_back(GRAMMAR, action)
