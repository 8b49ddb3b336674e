"""companion rules: exact output at 40 columns, exit codes, JSON, game choice."""

from __future__ import annotations

import json
import textwrap

import pytest

from companion import rulebook
from tests.conftest import CLI


def lines(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


def blocks(*texts: str) -> str:
    """Blocks of lines as `lines` reads each, a blank line between two."""
    return "\n".join(map(lines, texts))


# Sections' bodies: --sources adds lines above and below one, never in it.
ESCAPE = """
    3 magic points. Leave the chamber as
    soon as its enemy is turned up, or in
    the middle of a battle. Turn the enemy
    face down again: it is still there if
    you come back.

    When: once an enemy is turned up; not a
    black priestess, a merchant or Hebrac.
    """
STEALING_SPIRIT = """
    6 magic points. An Escape that grabs the
    chamber's treasure on the way out. The
    enemy stays: come back and you must face
    it again, treasure or not.

    - A robbed adventurer attacks you if you
      return.
    - Against a merchant it takes his ware
      for free, and he vanishes.

    When: as Escape, the treasure comes too;
    allowed against a merchant.
    """


def test_open_a_section_by_id(cli: CLI) -> None:
    result = cli("rules", "hebrac.spell.escape", "--sources")
    assert result.code == 0 and result.err == ""
    assert result.out == blocks("""
        Escape
        hebrac.spell.escape
        Hebrac's Dungeon > Spells
        """, ESCAPE, """
        Source: Hebrac 2005 text: Spells >
          Escape spell; Hebrac classic text:
          spell list
        """)
    # Without --sources: the text first, where it comes from on request.
    assert cli("rules", "hebrac.spell.escape").out == blocks("""
        Escape
        hebrac.spell.escape
        """, ESCAPE, """
        Source and titles: --sources
        """)


def test_short_id_with_game_and_references_as_see_also(cli: CLI) -> None:
    result = cli("rules", "hebrac", "enemy.black-queen", "--sources")
    assert result.code == 0
    assert result.out.startswith("Black queens: thieving priestesses\nhebrac.enemy.black-queen\n")
    assert result.out.endswith(lines("""
        See also:
          hebrac.theft.order
            Theft order: what a black priestess
            takes
        """))


def test_question_shows_best_whole_and_the_next_as_ids(cli: CLI) -> None:
    result = cli("rules", "hebrac", "stealing", "sprit")
    assert result.code == 0
    assert result.out == blocks("""
        Stealing Spirit
        hebrac.spell.stealing-spirit
        """, STEALING_SPIRIT, """
        See also: enemy.black-queen, enemy.jack,
          variant.alignment, spell.anti-magic
        Source and titles: --sources
        """)
    result = cli("rules", "hebrac", "stealing", "sprit", "--sources")
    assert result.out == blocks("""
        Stealing Spirit
        hebrac.spell.stealing-spirit
        Hebrac's Dungeon > Spells
        """, STEALING_SPIRIT, """
        Source: Hebrac 2005 text: Spells >
          Stealing Spirit spell; Hebrac classic
          text: spell list

        See also:
          hebrac.enemy.black-queen
            Black queens: thieving priestesses
          hebrac.enemy.jack
            Jacks: rival adventurers
          hebrac.variant.alignment
            Variant: good or evil alignment
          hebrac.spell.anti-magic  Anti-Magic
        """)


def test_card_lookup(cli: CLI) -> None:
    result = cli("rules", "hebrac", "QS")
    assert result.code == 0
    assert result.out == lines("""
        QS  queen of spades
        Hebrac's Dungeon

        As enemy: a black priestess: steals your
          most valuable treasure; no fight, no
          Escape
          (hebrac.enemy.black-queen)
        As treasure: black priestess: steals
          your least valuable treasure at once
          (hebrac.treasure.black-queen)
        Attack value: 10
        Price: none: nobody buys a black
          priestess
        Trade value: none: nobody wants a black
          priestess
        Theft order: never held: it acts at once
        """)


def test_card_lookup_numbers(cli: CLI) -> None:
    result = cli("rules", "hebrac", "ace", "of", "diamonds")
    assert result.code == 0
    assert result.out.splitlines()[-5:] == [
        "Attack value: 1",
        "Price: 12 gems",
        "Trade value: none: he keeps his ace;",
        "  offered by you it counts 12",
        "Theft order: 1 of 40 (1 is taken first)",
    ]
    jack = cli("rules", "hebrac", "JC", "--json")
    data = json.loads(jack.out)
    assert data["schema"] == 1 and data["card"] == "JC"
    assert (data["attack"], data["price"], data["trade_value"], data["theft_rank"]) == (
        10, 8, 8, None)
    assert data["enemy"]["section"] == "hebrac.enemy.jack"
    assert data["treasure"]["section"] == "hebrac.treasure.jack"


@pytest.mark.parametrize("card", ["JK", "joker", "10H", "queen of hearts", "K\u2660"])
def test_card_forms(cli: CLI, card: str) -> None:
    result = cli("rules", "hebrac", *card.split())
    assert result.code == 0
    assert "As enemy:" in result.out and "As treasure:" in result.out


def test_nothing_found_is_one_error_line(cli: CLI) -> None:
    result = cli("rules", "hebrac", "xyzzy")
    assert (result.code, result.out) == (2, "")
    assert result.err == ("Error: nothing found for 'xyzzy' in Hebrac's Dungeon: try other "
                          "words, or 'companion rules GAME --toc'\n")


def test_toc(cli: CLI) -> None:
    result = cli("rules", "tricky", "--toc")
    assert result.code == 0
    assert result.out.startswith(lines("""
        Tricky Dungeon: contents
        1. Introduction
          intro  Tricky Dungeon at a glance
        2. Object of the game
          goal  Goal: the most gold
        3. Components
          components  What is in the box
          deck.cards
            The 32 cards: each card once per
            round
        """))
    assert result.out.endswith("\nOpen one: companion rules tricky.ID\n")
    assert all(len(line) <= 40 for line in result.out.splitlines())
    assert cli("rules", "tricky").out == result.out  # a game alone shows its contents


def test_toc_json(cli: CLI) -> None:
    data = json.loads(cli("rules", "elbereth", "--toc", "--json").out)
    sections = data["games"][0]["sections"]
    assert len(sections) == rulebook.summary()["elbereth"]
    assert sections[0] == {"id": "elbereth.intro", "title": "Elbereth at a glance",
                           "parent": "Elbereth Rules"}


def test_diff(cli: CLI) -> None:
    result = cli("rules", "hebrac", "--diff")
    assert result.code == 0
    assert result.out.startswith(lines("""
        Hebrac's Dungeon: 2005 vs classic text

        Leaving a level
          (hebrac.map.next-level)
          2005: You may go down once half of the
            level's chambers are cleared.
          classic: Every chamber must be cleared
            first (or use Teleport).
          setting: --rules 2005 (default) or
            --rules classic
        """))
    data = json.loads(cli("rules", "--diff", "--json").out)
    assert [row["topic"] for row in data["differences"]] == [
        row["topic"] for row in rulebook.differences()]
    wrong = cli("rules", "tricky", "--diff")
    assert wrong.code == 2
    assert wrong.err == ("Error: --diff compares Hebrac's two texts: 'companion rules hebrac "
                         "--diff'\n")


def test_check(cli: CLI) -> None:
    result = cli("rules", "--check")
    counts = rulebook.summary()
    assert result.code == 0
    assert result.out == (f"Rulebook OK: {sum(counts.values())} sections\n"
                          + "".join(f"  {name} {count}\n" for name, count in counts.items()))
    data = json.loads(cli("rules", "--check", "--json").out)
    assert data["ok"] is True and data["problems"] == []


def test_check_failing(cli: CLI, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("companion.rulebook.build.check", lambda: ["hebrac.x: no keywords"])
    result = cli("rules", "--check")
    assert result.code == 1
    assert result.out == "Rulebook: 1 problem\n- hebrac.x: no keywords\n"


def test_search_json(cli: CLI) -> None:
    result = cli("rules", "td", "who", "wins", "the", "trick", "--json")
    data = json.loads(result.out)
    assert data["schema"] == 1 and data["game"] == "tricky"
    assert data["section"]["id"] == data["results"][0]["id"]
    assert "tricky.trick.winner" in [r["id"] for r in data["results"][:3]]
    assert all(r["game"] == "tricky" for r in data["results"])


def test_no_arguments_lists_the_rulebooks(cli: CLI) -> None:
    result = cli("rules")
    assert result.code == 0
    assert result.out.startswith("Rulebooks:\n  hebrac  Hebrac's Dungeon (")


def test_game_left_out_searches_all(cli: CLI) -> None:
    result = cli("rules", "nymph")
    assert result.code == 0
    assert result.out.startswith("Nymph\ntricky.hero.nymph\n")


def test_game_left_out_prefers_the_current_game(cli: CLI) -> None:
    before = cli("rules", "dragon", "--json")
    assert json.loads(before.out)["prefer"] is None
    made = cli("hebrac", "new")
    assert made.code == 0
    card = cli("rules", "QS")
    assert card.out.startswith("QS  queen of spades\n")
    data = json.loads(cli("rules", "joker", "game", "--json").out)
    assert data["prefer"] == "hebrac"
    assert data["section"]["game"] == "hebrac"


def test_wider_terminal(cli: CLI, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "60")
    result = cli("rules", "hebrac.spell.escape")
    assert "3 magic points. Leave the chamber as soon as its enemy is" in result.out
    assert max(len(line) for line in result.out.splitlines()) <= 60
    monkeypatch.setenv("COLUMNS", "20")  # never narrower than 40
    assert cli("rules", "hebrac.spell.escape").out == cli("rules", "hebrac.spell.escape",
                                                          "--plain").out


def test_plain_and_no_color(cli: CLI, monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.cli import output
    from companion.cli import rules as rules_cli

    monkeypatch.setattr("sys.stdout.isatty", lambda: True, raising=False)
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert rules_cli._bold("x") == "\x1b[1mx\x1b[0m"
    output.set_plain(True)
    try:
        assert rules_cli._bold("x") == "x"
    finally:
        output.set_plain(False)
    monkeypatch.setenv("NO_COLOR", "")  # set but empty: colour stays (no-color.org)
    assert rules_cli._bold("x") == "\x1b[1mx\x1b[0m"
    monkeypatch.setenv("NO_COLOR", "1")
    assert rules_cli._bold("x") == "x"
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setenv("TERM", "dumb")  # a terminal that cannot show bold gets no escapes
    assert rules_cli._bold("x") == "x"
    result = cli("rules", "hebrac", "curse", "--plain")
    assert "\x1b" not in result.out


def test_listing_under_a_prefix(cli: CLI) -> None:
    result = cli("rules", "elbereth.bosses")
    assert result.code == 0
    assert result.out.startswith("Boss mini-expansion (work in progress)\nelbereth.bosses\n")
    listed = cli("rules", "elbereth", "miss")
    assert listed.code == 0
    spells = cli("rules", "hebrac.spell")
    assert spells.out.startswith("Sections under hebrac.spell:\n  hebrac.spell.paying\n")


def test_tricky_card_lookup(cli: CLI) -> None:
    result = cli("rules", "tricky", "G4")
    assert result.code == 0
    assert result.out == lines("""
        G4  green 4
        Tricky Dungeon

        Kind: spell
          (tricky.deck.kinds)
        Stars: 4 (green, unverified)
        Potion: no; green's potion is G6
          (unverified)
        Trump: with the Wizard or Sorcerer
          (spells); Barbarian, Troubadour if
          green is chosen; Knight if 4s are
          chosen
        Counts for: Witch, Ninja
        """)
    data = json.loads(cli("rules", "td", "red", "1", "--json").out)
    assert (data["card"], data["kind"], data["section"]) == ("R1", "potion",
                                                             "tricky.deck.potions")


def test_game_aliases(cli: CLI) -> None:
    assert cli("rules", "elb", "--toc").out.startswith("Elbereth: contents\n")
    assert cli("rules", "hddh", "mulligan").out.startswith(
        "The one redraw at the start\nhalfdeck.round.mulligan\n")
    question = json.loads(cli("rules", "hebrac's", "game", "--json").out)
    assert question["game"] is None
    assert question["section"]["id"] in ("hebrac.enemy.joker", "hebrac.treasure.joker")
