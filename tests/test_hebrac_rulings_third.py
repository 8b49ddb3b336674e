"""Hebrac's Dungeon, rulings of the third pass: one test (or a few) per ruling, each
showing the line or the refusal that names it; the CLI's exact lines where it shows one."""

from __future__ import annotations

import tomllib
from typing import Any

import pytest

from companion.cards import Card
from companion.errors import BadInput
from companion.hebrac import rules, situation
from companion.hebrac.engine import HebracGame, new_engine, normalize_settings
from tests.conftest import CLI
from tests.deckmodel import logged
from tests.plays import lines, played, refused

NO_SALE = "hebrac.ruling.merchant-no-sale"
SOLD_OUT = "hebrac.ruling.refuse-after-no-sale"
TELEPORTED = "hebrac.ruling.teleport-arrival"
ILLUSION = "hebrac.ruling.illusion-black-queen"
WON = "hebrac.ruling.spells-after-win"
ESCAPED = "hebrac.ruling.escape-visited"
ANTI_MAGIC = "hebrac.ruling.anti-magic-hebrac"
CURSE = "hebrac.ruling.curse-faced"
VISIONS = "hebrac.ruling.visions"
ROBBED = "hebrac.ruling.robbed-chamber"


def game(*actions: str, held: tuple[str, ...] = (), **settings: Any) -> HebracGame:
    """A game with ``held`` put straight into the inventory, then ``actions`` played."""
    engine = new_engine(settings)
    engine.inventory.extend(Card.parse(c) for c in held)
    return played(engine, *actions)


def test_every_ruling_of_the_pass_is_a_section() -> None:
    from companion import rulebook

    for sid in (NO_SALE, SOLD_OUT, TELEPORTED, ILLUSION, WON, ESCAPED, ANTI_MAGIC, CURSE,
                VISIONS, ROBBED):
        assert rulebook.section(sid) is not None, sid


# -- hebrac.ruling.merchant-no-sale --------------------------------------------------------
def test_a_merchant_with_gems_stays_while_stealing_spirit_can_take_them() -> None:
    engine = game("enter A1 KS", held=("9C",))
    assert lines(engine, "reveal 8D") == [
        "8D is gems: the merchant already sold his treasure",
        "Stealing Spirit may still take it: 'cast stealing-spirit 8D' or 'refuse' "
        f"(rule {NO_SALE})"]
    encounter = engine.encounter
    assert encounter is not None and encounter.stage == "sale"
    assert not engine.chambers["A1"].cleared and engine.sold_out is None
    assert engine.status()["next"] == "'cast stealing-spirit 8D' or 'refuse'"
    refused(engine, "buy", "hebrac.enemy.king")
    refused(engine, "enter A2 5S", "hebrac.map.no-fleeing")
    assert lines(engine, "cast stealing-spirit 8D")[1:] == [
        "you steal 8D from A1", "the merchant vanishes; chamber cleared",
        "8D gems into the inventory"]
    assert engine.chambers["A1"].cleared and engine.inventory == [Card.parse("8D")]


def test_a_merchant_with_a_black_queen_stays_too_and_refuse_clears() -> None:
    engine = game("enter A1 KD", held=("6C",))
    assert lines(engine, "reveal QS")[1] == (
        f"Stealing Spirit may still take it: 'cast stealing-spirit QS' or 'refuse' "
        f"(rule {NO_SALE})")
    assert lines(engine, "refuse") == ["A1: the treasure is lost; chamber cleared"]
    assert engine.chambers["A1"].cleared and engine.encounter is None
    assert logged(engine, "under") == [Card.parse("KD"), Card.parse("QS")]


def test_a_merchant_with_nothing_to_sell_leaves_when_magic_is_short() -> None:
    engine = game("enter A1 KS", held=("5C",))
    assert lines(engine, "reveal 8D") == [
        "8D is gems: the merchant already sold his treasure; both cards go under, A1 cleared",
        f"no Stealing Spirit: it costs 6, you have 5 magic points (rule {NO_SALE})"]
    assert engine.chambers["A1"].cleared and engine.encounter is None
    # the Scepter doubles the potions: 5C is 10 points, enough
    scepter = game("enter A1 KS", held=("5C", "AC"))
    assert lines(scepter, "reveal 8D")[1].startswith("Stealing Spirit may still take it")


def test_no_stealing_spirit_for_a_merchant_whose_treasure_was_stolen() -> None:
    # A1's 8D stolen from its 9S, which Body Switch turns into a merchant: nothing to steal
    engine = game("enter A1 9S", "cast stealing-spirit 8D --with 6C",
                  "cast body-switch KS A1 --with 7C", "enter A1", held=("6C", "7C", "9C"))
    assert situation.stealing_blocked(engine) == "A1 has no treasure left"


def test_a_second_edition_game_lets_the_merchant_go_even_with_magic() -> None:
    engine = game("enter A1 KS", held=("9C",), edition=2)
    assert lines(engine, "reveal 8D") == [
        "8D is gems: the merchant already sold his treasure; both cards go under, A1 cleared"]
    assert engine.chambers["A1"].cleared and engine.encounter is None
    # as before: a spell cast after he went leaves nothing to refuse
    lines(engine, "cast future-perception --with 9C --count 9")
    refused(engine, "refuse", "hebrac.map.no-fleeing")


def test_the_cli_shows_the_merchant_ruling(cli: CLI) -> None:
    cli("hebrac", "new")
    cli("hebrac", "enter", "A1", "AS")
    cli("hebrac", "take", "9C")
    cli("hebrac", "enter", "A2", "KH")
    result = cli("hebrac", "reveal", "8D")
    assert (result.code, result.out) == (0, (
        "8D is gems: the merchant already sold his treasure\n"
        "Stealing Spirit may still take it: 'cast stealing-spirit 8D' or 'refuse' "
        f"(rule {NO_SALE})\n"
        "L1 A2 life 15/15 magic 9\n"))
    result = cli("hebrac", "status")
    assert "Next: 'cast stealing-spirit 8D' or\n  'refuse'\n" in result.out


# -- hebrac.ruling.refuse-after-no-sale ------------------------------------------------------
def test_refuse_after_the_merchant_left_is_a_harmless_no_op() -> None:
    engine = game("enter A1 KS", "reveal 8D")
    before = engine.status()
    assert lines(engine, "refuse") == [
        f"A1 is cleared already: the merchant had nothing to sell (rule {SOLD_OUT})"]
    assert engine.status() == before
    refused(engine, "refuse", "hebrac.map.no-fleeing")


# -- hebrac.ruling.teleport-arrival -----------------------------------------------------------
def test_after_teleport_only_the_chamber_reached_may_be_entered() -> None:
    engine = game("enter A1 AS", "take 10C")
    assert lines(engine, "cast teleport B3") == [
        "Teleport costs 8: 10 = 10, 2 lost",
        f"teleported to B3: 'enter B3 CARD' turns up its enemy, nothing else first "
        f"(rule {TELEPORTED})"]
    assert refused(engine, "enter A2 5S", TELEPORTED) == (
        f"cannot enter A2: Teleport put you in B3; 'enter B3 CARD' turns up its enemy "
        f"(rule {TELEPORTED})")
    assert refused(engine, "move A1", TELEPORTED).startswith("cannot move to A1: Teleport")
    assert refused(engine, "next-level", TELEPORTED).startswith("cannot leave the level:")
    assert engine.status()["next"] == "'enter B3 CARD' (Teleport put you there)"
    assert situation.next_chambers(engine) == ["B3"]
    assert "+" not in "".join(situation.map_lines(engine)).replace("+.", "", 1)  # B3 alone
    assert lines(engine, "enter B3 4D") == ["B3: 4D = demon, life 4: 'attack CARD'"]
    assert engine.teleport_target is None and engine.position == "B3"


def test_teleport_onto_an_escaped_chamber_asks_no_card() -> None:
    engine = game("enter A1 AS", "take 10C", "enter A2 7S", "cast escape --with 3C",
                  "move A1", held=("3C",))
    lines(engine, "cast teleport A2")
    assert refused(engine, "enter B1 5S", TELEPORTED).endswith(
        f"'enter A2' turns up its enemy (rule {TELEPORTED})")
    assert lines(engine, "enter A2") == ["A2: 7S = warrior, life 7: 'attack CARD'"]


def test_a_second_edition_game_drops_the_teleport_at_another_enter() -> None:
    engine = game("enter A1 AS", "take 10C", edition=2)
    assert lines(engine, "cast teleport B3")[1] == "teleported to B3: 'enter B3 ENEMY'"
    lines(engine, "enter A2 5S")
    assert engine.position == "A2" and engine.teleport_target is None


def test_the_cli_refuses_another_enter_after_teleport(cli: CLI) -> None:
    cli("hebrac", "new")
    cli("hebrac", "enter", "A1", "AS")
    cli("hebrac", "take", "9C")
    cli("hebrac", "cast", "teleport", "B3")
    result = cli("hebrac", "enter", "A2", "5S")
    assert (result.code, result.out, result.err) == (1, "", (
        "Error: cannot enter A2: Teleport put you in B3; 'enter B3 CARD' turns up its "
        f"enemy (rule {TELEPORTED})\n"))


# -- hebrac.ruling.illusion-black-queen -------------------------------------------------------
def test_illusion_on_a_black_queen_is_refused_by_default() -> None:
    engine = game("enter A1 JD", "reveal QS", held=("4C",))
    assert refused(engine, "cast illusion", ILLUSION) == (
        "Illusion: QS is a black priestess, never traded for (--illusion-black-queen "
        f"refused) (rule {ILLUSION})")


def test_illusion_on_a_black_queen_as_a_setting() -> None:
    engine = game("enter A1 JD", held=("4C", "2H", "9D"), illusion_black_queen="allowed")
    assert lines(engine, "reveal QS") == [
        "QS cannot be traded for: nobody wants a black priestess: 'refuse' or 'cast illusion'"]
    assert lines(engine, "cast illusion") == [
        "Illusion costs 4: 4 = 4", "the adventurer takes nothing for QS",
        f"Illusion takes a black priestess too (--illusion-black-queen allowed, rule "
        f"{ILLUSION})",
        "QS black priestess: she steals 2H, your least valuable (theft rank 35 of 40)"]
    assert engine.chambers["A1"].cleared and engine.inventory == [Card.parse("9D")]
    # the ace stays the spell's one written exception
    ace = game("enter A1 JD", "reveal AH", held=("4C",), illusion_black_queen="allowed")
    refused(ace, "cast illusion", "hebrac.spell.illusion")


def test_the_illusion_setting_is_kept_only_when_not_the_default() -> None:
    assert "illusion_black_queen" not in normalize_settings({})
    assert "illusion_black_queen" not in normalize_settings({"illusion_black_queen": "refused"})
    allowed = normalize_settings({"illusion_black_queen": "Allowed"})
    assert allowed["illusion_black_queen"] == "allowed"
    assert normalize_settings(allowed) == allowed
    with pytest.raises(BadInput, match="must be refused or allowed, not 'maybe'"):
        normalize_settings({"illusion_black_queen": "maybe"})
    with pytest.raises(BadInput, match="is for games of edition 3 on; this one is of "
                                       "edition 2"):
        normalize_settings({"illusion_black_queen": "allowed", "edition": 2})


def test_the_cli_takes_the_illusion_setting(cli: CLI, home: Any) -> None:
    assert cli("hebrac", "new", "--illusion-black-queen", "allowed").code == 0
    saved = tomllib.loads((home / "games" / "hebrac-1.toml").read_text())
    assert saved["settings"]["illusion_black_queen"] == "allowed"
    result = cli("hebrac", "new", "--illusion-black-queen", "maybe")
    assert (result.code, result.err) == (2, "Error: --illusion-black-queen must be refused "
                                            "or allowed, not 'maybe'\n")


# -- hebrac.ruling.spells-after-win -----------------------------------------------------------
def test_no_escape_or_stealing_spirit_once_the_chamber_is_won() -> None:
    engine = game("enter A1 9S", "attack 10H", held=("9C",))
    assert refused(engine, "cast escape", WON) == (
        f"A1 is won: no guard left to escape, 'take CARD' takes the treasure (rule {WON})")
    assert refused(engine, "cast stealing-spirit 5H", WON).startswith(
        "A1 is won: no guard left to rob")
    # a black priestess is gone at once, but the spell's own text bars Escape from her
    priestess = game("enter A1 QS", held=("3C",))
    refused(priestess, "cast escape", "hebrac.spell.escape")


# -- hebrac.ruling.escape-visited -------------------------------------------------------------
def test_after_escape_you_stay_and_the_chamber_counts_as_visited() -> None:
    engine = game("enter A1 9S", held=("3C",))
    assert lines(engine, "cast escape") == [
        "Escape costs 3: 3 = 3", "you escape A1; its enemy waits face down",
        f"you stay at A1, now visited: 'enter A1' meets its enemy again (rule {ESCAPED})"]
    assert engine.position == "A1" and engine.chambers["A1"].visited
    assert situation.enterable(engine) == ["A1", "A2", "B1"]  # its neighbours open
    assert lines(engine, "enter A1") == ["A1: 9S = warrior, life 9: 'attack CARD'"]


# -- hebrac.ruling.anti-magic-hebrac ----------------------------------------------------------
def test_anti_magic_does_not_stop_hebrac_s_game() -> None:
    engine = game("cast anti-magic", held=("5C",))
    assert lines(engine, "enter A1 JK")[1] == \
        f"Anti-Magic does not stop Hebrac's game (rule {ANTI_MAGIC})"
    assert lines(engine, "play 5H") == ["5H is red: Hebrac yields; take the treasure"]
    assert lines(engine, "take JK")[2] == \
        f"Anti-Magic does not stop Hebrac's game (rule {ANTI_MAGIC})"
    assert lines(engine, "play 3C") == ["3C is black: lose 5 life, 15 -> 10"]


# -- hebrac.ruling.curse-faced ----------------------------------------------------------------
def test_curse_halves_the_adventurer_faced_before_any_attack() -> None:
    engine = game("enter A1 JD", held=("10C",))
    assert lines(engine, "cast curse")[1:] == [
        "Curse until the level ends: enemy life is halved, rounded up",
        f"JD faced too: life 10 -> 5 (rule {CURSE})"]
    assert lines(engine, "attack 5H")[0] == "attack 5 = 5 vs adventurer 5 (cursed): battle won"
    in_battle = game("enter A1 7S", "attack 2H", held=("10C",))
    assert lines(in_battle, "cast curse")[2] == f"7S faced too: life 7 -> 4 (rule {CURSE})"
    assert len(lines(game(held=("10C",)), "cast curse")) == 2  # nobody faced: no line
    trading = game("enter A1 JD", "reveal 5H", held=("10C",))  # he cannot be fought now
    assert len(lines(trading, "cast curse")) == 2
    evil = game("enter A1 JD", "reveal 5H", held=("10C",), evil=True)
    assert lines(evil, "cast curse")[2] == f"JD faced too: life 10 -> 5 (rule {CURSE})"


# -- hebrac.ruling.visions --------------------------------------------------------------------
def test_remote_vision_looks_add_up_and_revelation_spends_none() -> None:
    engine = game(held=("3C", "2C", "9C"))
    lines(engine, "cast remote-vision --with 3C")
    assert lines(engine, "cast remote-vision --with 2C")[2] == \
        f"looks add up: 3 unused + 2 = 5 (rule {VISIONS})"
    assert engine.remote_vision == 5
    lines(engine, "cast revelation")
    assert lines(engine, "see B2 4D C2 5D") == [
        "B2: the enemy is 4D (demon)", "C2: the enemy is 5D (demon)",
        f"free under Revelation: no Remote Vision look spent, 5 left (rule {VISIONS})"]
    assert engine.remote_vision == 5
    assert rules.find_spell("remote").id == "remote-vision"


# -- hebrac.ruling.robbed-chamber -------------------------------------------------------------
def test_a_robbed_adventurer_attacks_and_beating_him_clears_the_chamber() -> None:
    engine = game("enter A1 JH", held=("6C",))
    assert lines(engine, "cast stealing-spirit 4H")[2] == \
        f"the adventurer will attack you if you come back (rule {ROBBED})"
    lines(engine, "enter A2 AS")
    lines(engine, "take 2C")
    assert lines(engine, "enter A1") == [
        f"A1: JH = the adventurer you robbed: he attacks, life 10 (rule {ROBBED})"]
    refused(engine, "reveal 4H", "hebrac.trade.rules")
    assert lines(engine, "attack 10S") == [
        "attack 10 = 10 vs adventurer 10: battle won",
        f"A1 cleared: its treasure was taken before (rule {ROBBED})"]
    assert engine.chambers["A1"].cleared and engine.encounter is None
