"""Names in Tricky, matched one way (companion.names): heroes and players, each exactly in
any case, by a unique start, in several words, ambiguous, or unknown with a suggestion."""

from __future__ import annotations

import pytest

from companion.errors import NotationError
from companion.tricky.engine import TrickyGame, new_engine
from companion.tricky.heroes import heroes_in, lead_hero
from tests.conftest import CLI

PLAYERS = ["Ann", "Anna", "Bo", "Mary-Jo"]


def game(**settings: object) -> TrickyGame:
    return new_engine({"players": PLAYERS, "set": "all", **settings})


def refused(action: str, message: str, **settings: object) -> None:
    with pytest.raises(NotationError) as caught:
        game(**settings).apply(action)
    assert str(caught.value) == message


# -- heroes -----------------------------------------------------------------------------
@pytest.mark.parametrize(("typed", "hero"), [
    ("Barbarian", "barbarian"), ("NYMPH", "nymph"), ("fairy-scout", "fairy-scout"),
    ("Fairy_Scout", "fairy-scout"),
])
def test_a_hero_exactly_in_any_case(typed: str, hero: str) -> None:
    assert lead_hero([typed])[0].id == hero


@pytest.mark.parametrize(("typed", "hero"), [("barb", "barbarian"), ("TROUB", "troubadour"),
                                             ("fairy s", "fairy-scout"), ("elv", "elvish-hunter")])
def test_a_hero_by_a_unique_start(typed: str, hero: str) -> None:
    assert lead_hero([typed])[0].id == hero


def test_a_hero_of_two_words_unquoted() -> None:
    hero, taken = lead_hero(["dwarven", "hunter"])
    assert (hero.id, taken) == ("dwarven-hunter", 2)
    hero, taken = lead_hero(["fairy", "scout", "r"])
    assert (hero.id, taken) == ("fairy-scout", 2)
    assert game().apply("round elvish hunter").action == "round elvish-hunter --active Ann"
    assert game().apply("round dwarven h").action == "round dwarven-hunter --active Ann"


def test_an_ambiguous_hero_names_the_candidates() -> None:
    refused("round s", "'s' could be Seer or Sorcerer: type more")
    refused("round thief --pass w", "'w' could be Wizard or Witch: type more",
            random_heroes=True)


def test_an_unknown_hero_gets_the_closest_names() -> None:
    refused("round brbarian r", "'brbarian' is not a hero: did you mean Barbarian?")
    refused("round nimph", "'nimph' is not a hero: did you mean Nymph?")
    with pytest.raises(NotationError, match="'dragon' is not a hero: expected one of Thief, "
                                            "Assassin, Barbarian, Wizard, Witch$"):
        lead_hero(["dragon"], heroes_in("A"))


# -- players ----------------------------------------------------------------------------
@pytest.mark.parametrize(("typed", "player"), [("anna", "Anna"), ("ANN", "Ann"),
                                               ("mary-jo", "Mary-Jo"), ("Mary_Jo", "Mary-Jo")])
def test_a_player_exactly_in_any_case(typed: str, player: str) -> None:
    assert game().apply(f"round thief --active {typed}").action == \
        f"round thief --active {player}"


def test_a_player_spelled_as_typed_comes_first() -> None:
    """'Mary-Ann' and 'Mary_Ann' are two players: each spelling names its own (the one
    rule of companion.names: a name spelled as typed before names alike but for '-')."""
    engine = new_engine({"players": ["Mary_Ann", "Mary-Ann"]})
    assert engine.apply("round thief --active mary-ann").action == \
        "round thief --active Mary-Ann"
    assert new_engine({"players": ["Mary-Ann", "Mary_Ann"]}).apply(
        "round thief --active MARY_ANN").action == "round thief --active Mary_Ann"


@pytest.mark.parametrize(("typed", "player"), [("b", "Bo"), ("M", "Mary-Jo"), ("mary", "Mary-Jo")])
def test_a_player_by_a_unique_start(typed: str, player: str) -> None:
    assert game().apply(f"round thief --active {typed}").action == \
        f"round thief --active {player}"


def test_a_player_of_two_words_quoted_or_joined() -> None:
    """Player names are one word; one typed as two ('mary jo') is the same name."""
    assert game().apply("round thief --active 'mary jo'").action == \
        "round thief --active Mary-Jo"


def test_an_ambiguous_player_names_the_candidates() -> None:
    refused("round thief --active an", "'an' could be Ann or Anna: type more")


def test_an_unknown_player_gets_the_closest_names() -> None:
    refused("round thief --active Bob", "'Bob' is not a player of this game: did you mean Bo?")
    refused("round thief --active Zed",
            "'Zed' is not a player of this game: expected one of Ann, Anna, Bo, Mary-Jo")
    two = new_engine({"players": ["Ann", "Bo"]})
    two.apply("round thief")
    with pytest.raises(NotationError, match="'Boo' is not a player of this game: did you "
                                            r"mean Bo\?"):
        two.apply("exchange R3 --player Boo")


def test_the_cli_says_did_you_mean(cli: CLI) -> None:
    assert cli("tricky", "new", "Ann", "Bo", "Cy").code == 0
    result = cli("tricky", "round", "theif")
    assert (result.code, result.err) == (2, "Error: 'theif' is not a hero: did you mean "
                                            "Thief?\n")
    result = cli("tricky", "round", "thief", "--active", "Cyy")
    assert (result.code, result.err) == (2, "Error: 'Cyy' is not a player of this game: "
                                            "did you mean Cy?\n")
