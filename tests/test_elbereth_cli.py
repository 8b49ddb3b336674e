"""companion elbereth: exact output and exit codes, --roll, 40 columns."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.clihelpers import (
    every_status_fits_40_columns,
    examples_of,
    not_a_roll,
    printed,
    saved,
    status_command_fits_40_columns,
)
from tests.conftest import CLI

EXAMPLES = examples_of("elbereth")


def test_new_shows_the_first_floor(cli: CLI) -> None:
    assert printed(cli, "elbereth", "new", "--equip", "sword", "armor", "--name", "g") == (
        "New game 'g' (elbereth), now current.\n"
        "On the table:\n"
        "One player, one 6-sided die.\n"
        "Inventory, face down: the 6 equipment\n"
        "  cards, the coin, the key.\n"
        "Turn up (equipped): sword, armour.\n"
        "Up stairs face up in front of you.\n"
        "Dungeon deck, 44 cards shuffled: 7 rats,\n"
        "  7 spiders, 7 snakes, the dragon,\n"
        "  12 walls, 2 shops, 7 items (6 gear +\n"
        "  coin), the down stairs.\n"
        "Deal cards face up around the up stairs\n"
        "  until none fit; then act.\n"
        "F1 gear 2\n"
        "Next: explore: 'attack ENEMY ROLL',\n"
        "  'pickup', 'break-wall'; beat the\n"
        "  dragon for the key and find the stairs\n"
        "  ('found stairs')\n")


def test_new_needs_two_pieces_of_equipment(cli: CLI) -> None:
    result = cli("elbereth", "new")
    assert (result.code, result.out) == (2, "")
    assert result.err == "Error: choose 2 pieces of equipment to start with: --equip ITEM " \
        "ITEM (sword, staff, bow, armour, helm, gauntlets)\n"
    result = cli("elbereth", "new", "--equip", "sword", "coin")
    assert result.err == "Error: the coin is not equipment: expected one of " \
        "sword, staff, bow, armour, helm, gauntlets\n"


def test_attack_miss_then_boost(cli: CLI, home: Path) -> None:
    cli("elbereth", "new", "--equip", "sword", "bow", "--name", "g")
    result = cli("elbereth", "attack", "snake", "3")
    assert result.out == (
        "roll 3 < snake 5: miss, the snake stays\n"
        "settle it: 'boost sword bow' (+1 each) or 'wound ITEM' to lose one of your 6 items "
        "for good\n"
        "F1 gear 2 | miss snake\n")
    result = cli("elbereth", "pickup", "coin")
    assert result.code == 1
    assert result.err.startswith("Error: cannot pick up now: settle the miss against the "
                                 "snake first")
    result = cli("elbereth", "boost", "sword", "bow")
    assert result.out == (
        "roll 3 + 2 (sword, bow) = 5 >= snake 5: success; sword, bow turned face down\n"
        "the snake is beaten; explore what opens up\n"
        "F1 gear 0\n")
    assert saved(home) == ["attack snake 3", "boost sword bow"]


def test_roll_is_rolled_and_saved(cli: CLI, home: Path,
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    cli("elbereth", "new", "--equip", "sword", "armour", "--name", "g")
    monkeypatch.setattr("companion.cli.elbereth.roll_die", lambda: 6)
    result = cli("elbereth", "attack", "dragon", "--roll")
    assert result.out == ("Rolled: 6\nroll 6 >= dragon 6: success\n"
                          "the dragon is beaten: you take the key of floor 1\n"
                          "F1 gear 2 key\n")
    monkeypatch.setattr("companion.cli.elbereth.roll_die", lambda: 3)
    result = cli("elbereth", "break-wall", "--roll")
    assert result.out.splitlines()[:2] == ["Rolled: 3",
                                           "roll 3 = bow: bow not equipped, so discarded for "
                                           "good"]
    assert saved(home) == ["attack dragon 6", "break-wall 3"]


def test_a_roll_must_be_given_or_rolled(cli: CLI) -> None:
    cli("elbereth", "new", "--equip", "sword", "armour")
    result = cli("elbereth", "attack", "rat")
    assert (result.code, result.err) == (2, "Error: give the die (1-6), or --roll to let "
                                            "companion roll it\n")
    result = cli("elbereth", "attack", "rat", "0")
    assert (result.code, result.err) == (2, not_a_roll("0"))


def test_refusals_exit_1_with_the_rule(cli: CLI) -> None:
    cli("elbereth", "new", "--equip", "sword", "armour")
    result = cli("elbereth", "descend")
    assert (result.code, result.out) == (1, "")
    assert result.err == "Error: the key of floor 1 is missing: beat the dragon (rule " \
        "elbereth.action.descend)\n"
    result = cli("elbereth", "bribe", "knight")
    assert result.err == "Error: bribes come with the bosses expansion (new --bosses) (rule " \
        "elbereth.bosses)\n"


def test_bosses_on_the_command_line(cli: CLI) -> None:
    cli("elbereth", "new", "--equip", "sword", "helm", "--bosses", "--name", "g")
    result = cli("elbereth", "bribe", "knight")
    assert result.out == ("the knight takes your sword for good and lets you pass\n"
                          "you take the key of floor 1\nF1 gear 1 key\n")
    cli("elbereth", "found", "stairs")
    result = cli("elbereth", "descend")
    assert result.out == ("floor 2: 7 cards removed unseen (7 in all)\n"
                          "dungeon deck 37 = 35 + boss + down stairs\nF2 gear 1\n")


def test_status_json(cli: CLI) -> None:
    cli("elbereth", "new", "--equip", "sword", "armour", "--name", "g")
    cli("elbereth", "attack", "rat", "1")
    data = json.loads(cli("elbereth", "status", "--json").out)
    assert data["schema"] == 1 and data["game"] == "elbereth"
    assert data["miss"] == {"enemy": "rat", "strength": 3, "roll": 1}
    assert data["equipment"]["sword"] == "equipped" and data["deck"] == 44


def test_undo_a_miss(cli: CLI) -> None:
    cli("elbereth", "new", "--equip", "sword", "armour", "--name", "g")
    cli("elbereth", "attack", "rat", "1")
    result = cli("elbereth", "undo")
    assert result.out == "Undone: attack rat 1\nChanged: miss vs rat -> -\n" \
        "F1 gear 2\n"


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_status_of_the_examples_fits_40_columns(path: Path) -> None:
    every_status_fits_40_columns("elbereth", path)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_status_command_at_40_columns(cli: CLI, home: Path, path: Path) -> None:
    status_command_fits_40_columns(cli, home, "elbereth", path)
