"""Hebrac's verb table: the CLI agrees with it, every saved action reads back to the
same line, and any action value written as text reads back to the same value."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.cards import SUITS, Card, join_card_names
from companion.editions import saved
from companion.errors import BadInput, NotationError, RuleRefused
from companion.hebrac import rules
from companion.hebrac.engine import new_engine
from companion.hebrac.grammar import (
    GRAMMAR,
    Action,
    Attack,
    Buy,
    Cast,
    Drop,
    Enter,
    Heal,
    Move,
    NextLevel,
    Offer,
    Peek,
    Play,
    Potion,
    Refuse,
    Reveal,
    See,
    Take,
    Use,
)
from companion.resources import resource_dir
from tests.plays import by_text_and_value, misfit, reads_back, written_back
from tests.replays import replayed
from tests.verbcheck import disagreements, same

LEGACY = Path(__file__).parent / "legacy"
EXAMPLES = sorted(resource_dir("examples").glob("hebrac-*.toml"))
LEGACY_SAVES = [*sorted(LEGACY.glob("hebrac-*.toml")),
                *sorted((LEGACY / "crafted").glob("hebrac-*.toml"))]
SAVED = [action for path in [*EXAMPLES, *LEGACY_SAVES]
         for action in tomllib.loads(path.read_text())["actions"]]


def test_the_cli_agrees_with_the_verb_table() -> None:
    assert disagreements("hebrac", GRAMMAR) == []


def test_the_short_forms_and_the_bare_chamber_are_the_ones_the_cli_knew() -> None:
    assert GRAMMAR.aliases() == {'a': 'attack', 'e': 'enter', 't': 'take', 'c': 'cast',
                                 'nl': 'next-level', 'm': 'move', 'p': 'play'}
    assert GRAMMAR.implicit is not None
    pattern, verb = GRAMMAR.implicit
    old_pattern, old_verb = re.compile(r"[A-Ca-c](10|[1-9])"), "enter"  # as the CLI had it
    assert (pattern.pattern, verb) == (old_pattern.pattern, old_verb)
    assert [bool(pattern.fullmatch(w)) for w in ("C1", "a10", "B4", "D1", "A11", "enter")] == \
        [True, True, True, False, False, False]


def test_every_verb_has_its_help_line_and_action_class() -> None:
    assert list(GRAMMAR.verbs) == ["enter", "attack", "potion", "reveal", "offer", "buy",
                                   "heal", "play", "refuse", "take", "use", "drop", "move",
                                   "next-level", "cast", "see", "peek"]
    assert all(verb.help.endswith(".") for verb in GRAMMAR.verbs.values())
    assert len(set(GRAMMAR.by_action)) == len(GRAMMAR.verbs)


def test_every_saved_action_is_found() -> None:
    assert len(EXAMPLES) >= 4 and len(LEGACY_SAVES) >= 8 and len(SAVED) > 200


@pytest.mark.parametrize("text", sorted(set(SAVED)))
def test_a_saved_action_reads_back_to_its_own_line(text: str) -> None:
    reads_back(GRAMMAR, text)


@pytest.mark.parametrize("path", [*EXAMPLES, *LEGACY_SAVES], ids=lambda p: p.stem)
def test_a_saved_game_replays_the_same_from_its_values(path: Path) -> None:
    data = tomllib.loads(path.read_text())
    game_settings = saved(data["settings"]) if path.parent != EXAMPLES[0].parent \
        else data["settings"]
    by_text, applied = replayed("hebrac", game_settings, data["actions"])
    by_value = new_engine(game_settings)
    for text, done in zip(data["actions"], applied, strict=True):
        assert by_value.apply(GRAMMAR.parse(text)) == done
    assert by_value.status() == by_text.status()


def test_the_lines_read() -> None:
    assert same(GRAMMAR.parse("enter B1 queen of diamonds"), Enter("B1", "queen of diamonds"))
    assert same(GRAMMAR.parse("ENTER a1"), Enter("a1"))
    assert same(GRAMMAR.parse("attack KD --potion 4S --prisoner JH --prisoner JC"),
                Attack(("KD",), ("4S",), ("JH", "JC")))
    # the rules set no limit to the strength potions drunk before one attack
    assert same(GRAMMAR.parse("attack 2H --potion 4S --potion 5S"),
                Attack(("2H",), ("4S", "5S")))
    assert GRAMMAR.text(Attack(("2H",), ("4S",))) == "attack 2H --potion 4S"
    assert same(GRAMMAR.parse("attack 5H 6H"), Attack(("5H", "6H")))
    assert same(GRAMMAR.parse("offer"), Offer())
    assert same(GRAMMAR.parse("buy 9D 5D"), Buy(("9D", "5D")))
    assert same(GRAMMAR.parse("heal"), Heal())
    assert same(GRAMMAR.parse("refuse"), Refuse())
    assert same(GRAMMAR.parse("next-level"), NextLevel())
    assert same(GRAMMAR.parse("take KS C1 C2 C3"), Take("KS", ("C1", "C2", "C3")))
    assert same(GRAMMAR.parse("take king of diamonds 2H 3H 4H"),
                Take("king of diamonds", ("2H", "3H", "4H")))
    assert same(GRAMMAR.parse("use 6H"), Use("6H"))
    assert same(GRAMMAR.parse("drop two of spades"), Drop("two of spades"))
    assert same(GRAMMAR.parse("move a2"), Move("a2"))
    assert same(GRAMMAR.parse("potion 3S"), Potion("3S"))
    assert same(GRAMMAR.parse("reveal 4H"), Reveal("4H"))
    assert same(GRAMMAR.parse("play QS"), Play("QS"))
    assert same(GRAMMAR.parse("see B2 4D C2 9H"), See(("B2", "4D", "C2", "9H")))
    assert same(GRAMMAR.parse("see B2 4D --treasure 5H"), See(("B2", "4D"), "5H"))
    assert same(GRAMMAR.parse("peek 2H 3H"), Peek(("2H", "3H")))


def test_a_spell_named_in_words_is_one_word() -> None:
    assert same(GRAMMAR.parse("cast remote vision"), Cast("remote-vision"))
    assert same(GRAMMAR.parse("cast Remote Vision --count 2 --with 2C"),
                Cast("Remote-Vision", (), ("2C",), 2))
    assert same(GRAMMAR.parse("cast stealing spirit 7C"), Cast("stealing-spirit", ("7C",)))
    assert same(GRAMMAR.parse("cast genie of luck 2H 3H 4H 5H 6H"),
                Cast("genie-of-luck", ("2H", "3H", "4H", "5H", "6H")))
    assert same(GRAMMAR.parse("cast body-switch queen of hearts B2"),
                Cast("body-switch", ("queen of hearts", "B2")))
    assert same(GRAMMAR.parse("cast tele B2"), Cast("tele", ("B2",)))
    assert same(GRAMMAR.parse("cast remote vis"), Cast("remote-vis"))
    assert same(GRAMMAR.parse("cast fireball A1 --overpay"), Cast("fireball", ("A1",),
                                                                   overpay=True))


@pytest.mark.parametrize(("text", "message"), [
    ("fly away", "'fly' is not a Hebrac action: expected one of enter, attack, potion, "
                 "reveal, offer, buy, heal, play, refuse, take, use, drop, move, next-level, "
                 "cast, see, peek"),
    ("enter", "usage: enter CHAMBER [ENEMY]"),
    ("enter A1 5S 6S", "usage: enter CHAMBER [ENEMY]"),
    ("move", "usage: move CHAMBER"),
    ("potion", "usage: potion CARD"),
    ("use 5H 6H", "usage: use CARD"),
    ("play", "usage: play CARD (the card turned from the Hand Deck)"),
    ("heal now", "usage: heal"),
    ("refuse it", "usage: refuse"),
    ("next-level 2", "usage: next-level"),
    ("take", "usage: take CARD [CARD...]"),
    ("cast", "usage: cast SPELL [TARGET...] [--with CARD...]"),
    ("see", "usage: see CHAMBER [ENEMY] [--treasure CARD]"),
    ("peek", "usage: peek CARD... (the top Hand Deck cards, top first)"),
    ("attack 5H --bogus x", "'attack' takes no option --bogus"),
    ("enter A1 5S --treasure 4H", "'enter' takes no option --treasure"),
    ("see B1 --treasure 3S --treasure 4S", "option --treasure given more than once"),
    ("cast healing --count 1 --count 2", "option --count given more than once"),
    ("attack 5H --potion", "option --potion needs a value"),
    ("cast healing --count x", "--count must be a whole number, not 'x'"),
    ("enter B1 queen diamonds", "'queen diamonds' is not a card: name one as"),
])
def test_what_does_not_fit_the_table(text: str, message: str) -> None:
    assert misfit(GRAMMAR, text).startswith(message)


def test_what_only_the_game_knows_is_checked_by_the_engine() -> None:
    engine = new_engine({})
    with pytest.raises(RuleRefused, match="no enemy to attack"):
        engine.apply("attack 5H")
    with pytest.raises(BadInput, match=r"usage: attack CARD"):
        engine.apply("attack")  # no card at all: the words do not fit, whatever the game
    engine.apply("enter A1 5S")
    engine.inventory.append(Card.parse("4C"))
    engine.apply("cast double-attack")
    with pytest.raises(BadInput, match=r"usage: attack CARD CARD \(Double Attack\)"):
        engine.apply("attack 5H")
    with pytest.raises(BadInput, match="Paralysis takes no --count"):
        new_engine({}).apply("cast paralysis --count 2")
    with pytest.raises(BadInput, match="--count must be a whole number from 1 to 60, "
                                       "not '0'"):
        new_engine({}).apply("cast healing --count 0")


def test_the_engine_takes_a_value_as_its_text() -> None:
    _, by_value = by_text_and_value(lambda: new_engine({}), [
        ("enter a1 5s", Enter("a1", "5s")),
        ("attack 5H", Attack(("5H",))),
        ("take 7C", Take("7C")),
        ("enter A2 JD", Enter("A2", "JD")),
        ("reveal 4H", Reveal("4H")),
        ("offer 7C", Offer(("7C",)))])
    assert by_value.apply(Enter("b2", "queen of hearts")).action == "enter B2 QH"


# -- any value written and read back ---------------------------------------------------
CARDS = [str(Card(rank, suit)) for suit in SUITS for rank in range(1, 14)] + ["JK"]
CHAMBERS = [f"{row}{col}" for row in "ABC" for col in range(1, 11)]


def plain_word(word: str) -> bool:
    """A word the grammar keeps as typed: no option, no part of a card's name in words."""
    try:
        return not word.startswith("-") and join_card_names([word, word]) == [word, word]
    except NotationError:
        return False


WORD = st.text("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./",
               min_size=1, max_size=8).filter(plain_word)
CARD = st.sampled_from(CARDS)
CHAMBER = st.sampled_from(CHAMBERS)
THING = CARD | CHAMBER | WORD
THINGS = st.lists(THING, max_size=5).map(tuple)
SPELL = st.sampled_from(sorted(rules.spell_names()))
TARGETS = st.lists(CARD | CHAMBER | st.just("next-level"), max_size=5).map(tuple)
MAYBE_WORD = st.none() | THING
COUNT = st.none() | st.integers(min_value=0, max_value=10**9 - 1)

ACTIONS: st.SearchStrategy[Action] = st.one_of(
    st.builds(Enter, THING, MAYBE_WORD),
    st.builds(Attack, st.lists(THING, min_size=1, max_size=5).map(tuple), THINGS, THINGS),
    st.builds(Potion, THING), st.builds(Reveal, THING), st.builds(Offer, THINGS),
    st.builds(Buy, THINGS), st.just(Heal()), st.builds(Play, THING), st.just(Refuse()),
    st.builds(Take, THING, THINGS), st.builds(Use, THING), st.builds(Drop, THING),
    st.builds(Move, THING), st.just(NextLevel()),
    st.builds(Cast, SPELL, TARGETS, THINGS, COUNT, st.booleans()),
    st.builds(See, st.lists(THING, min_size=1, max_size=6).map(tuple), MAYBE_WORD),
    st.builds(Peek, st.lists(THING, min_size=1, max_size=5).map(tuple)),
)


@settings(max_examples=400, deadline=None)
@given(ACTIONS)
def test_any_action_value_reads_back_from_its_text(action: Action) -> None:
    written_back(GRAMMAR, action)
