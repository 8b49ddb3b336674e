"""The rulebook itself: complete, consistent with the engines' tables, and well formed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import companion
from companion import rulebook
from companion.cards import Card
from companion.resources import tables
from companion.rulebook import SECTION_ID
from companion.rulebook.build import book, check, fill, normalise_text
from companion.rulebook.cards import hebrac_card
from companion.rulebook.ranking import distance, stem

PACKAGE = Path(companion.__file__).resolve().parent
# The test the issue asks for: every double-quoted section id in the code exists.
CODE_ID = re.compile(r'"(hebrac|tricky|halfdeck|elbereth)\.[a-z0-9-]+(\.[a-z0-9-]+)+"')


def test_check_is_clean() -> None:
    assert check() == []


def test_every_id_in_the_code_is_a_section() -> None:
    """Every refusal's ``rule=`` (any id literal in companion/**/*.py) names a real section."""
    missing = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for match in CODE_ID.finditer(path.read_text("utf-8")):
            sid = match.group(0).strip('"')
            if rulebook.section(sid) is None:
                missing.append(f"{path.relative_to(PACKAGE.parent)}: {sid}")
    assert missing == []


def test_the_ids_hebrac_refuses_with_exist() -> None:
    named = """hebrac.map.moving hebrac.map.first-chamber hebrac.map.no-fleeing
    hebrac.map.next-level hebrac.battle.rounds hebrac.game.end hebrac.setup.decks
    hebrac.variant.inventory-limit hebrac.variant.late-potions hebrac.variant.alignment
    hebrac.trade.rules hebrac.enemy.king hebrac.enemy.red-queen hebrac.enemy.joker
    hebrac.treasure.potions hebrac.treasure.jack hebrac.treasure.inventory
    hebrac.treasure.king-of-spades hebrac.spell.paying hebrac.spell.one-per-battle""".split()
    named += [f"hebrac.spell.{spell}" for spell in tables("hebrac")["spells"]]
    assert [sid for sid in named if rulebook.section(sid) is None] == []


def test_every_section_is_complete_and_ids_are_unique() -> None:
    ids = [s.id for s in rulebook.all_sections()]
    assert len(ids) == len(set(ids))
    for item in rulebook.all_sections():
        assert re.fullmatch(SECTION_ID, item.id), item.id
        assert item.id.startswith(item.game + ".")
        assert item.title and item.parent and item.source and item.keywords, item.id
        assert len(item.text) > 20, item.id
        assert "{" not in item.text and "}" not in item.text, item.id


def test_section_counts() -> None:
    counts = rulebook.summary()
    assert set(counts) == set(rulebook.GAMES)
    assert counts["hebrac"] >= 100
    assert all(count >= 30 for count in counts.values())


def test_engines_entities_have_sections() -> None:
    for spell in tables("hebrac")["spells"]:
        assert rulebook.section(f"hebrac.spell.{spell}") is not None
    for hero in tables("tricky")["heroes"]:
        assert rulebook.section(f"tricky.hero.{hero}") is not None
    for sid in tables("tricky").get("sections", {}):
        assert rulebook.section(sid) is not None, sid
    from companion.halfdeck.cards import KINDS

    for kind in KINDS:
        assert rulebook.section(f"halfdeck.card.{kind}") is not None, kind


def test_check_reports_problems(tmp_path: Path) -> None:
    bad = tmp_path / "companion"
    bad.mkdir()
    (bad / "x.py").write_text('RULE = "hebrac.no.such-section"\n')
    problems = check(games=("hebrac",), code_root=bad)
    assert problems == ["hebrac.no.such-section (named in companion/x.py) is not a section"]


def test_fill_reports_missing_numbers() -> None:
    text, problems = fill("costs {prices.ace} and {prices.nothing}", tables("hebrac"))
    assert text == "costs 12 and {prices.nothing}"
    assert problems == ["{prices.nothing}: no such number in the tables"]
    assert fill("{x}", None)[1] == ["{x}: the game has no tables file"]


# -- numbers: the rulebook shows the engines' numbers -------------------------------
def test_spell_costs_come_from_the_tables() -> None:
    for spell_id, row in tables("hebrac")["spells"].items():
        item = rulebook.section(f"hebrac.spell.{spell_id}")
        assert item is not None
        assert f"{{spells.{spell_id}.cost}}" in raw_text(item.id)
        assert item.text.startswith(f"{row['cost']} magic point")
        assert f"When: {row['timing']}." in item.text
    listing = rulebook.section("hebrac.spell.list")
    assert listing is not None
    assert "- Teleport: 8" in listing.text.splitlines()
    assert "- Remote Vision: 1 per chamber" in listing.text.splitlines()


def test_prices_and_theft_order_come_from_the_tables() -> None:
    prices = rulebook.section("hebrac.treasure.prices")
    assert prices is not None
    assert f"- Ace: {tables('hebrac')['prices']['ace']}" in prices.text
    theft = rulebook.section("hebrac.theft.order")
    assert theft is not None
    order = tables("hebrac")["theft"]["order"]
    assert f"- 1-5: {' '.join(order[:5])}" in theft.text
    assert f"- 36-40: {' '.join(order[35:])}" in theft.text


def test_no_engine_number_is_typed_into_hebrac_text() -> None:
    """Bonuses and costs appear only through placeholders (a changed table changes the text)."""
    for row in book("hebrac").data["section"]:
        assert not re.search(r"\+\d", row["text"]), row["id"]
        assert not re.search(r"\bPrice \d", row["text"]), row["id"]


def test_examples_in_the_text_hold() -> None:
    from companion.hebrac import rules

    assert rules.cursed_life(7) == 4 and rules.cursed_life(10) == 5  # hebrac.spell.curse
    assert rules.magic_points(Card.parse("5C"), scepter=True) == 10  # hebrac.treasure.scepter
    lost = rules.settle_round([Card.parse("4H")], Card.parse("6D"))  # hebrac.battle.rounds
    assert lost.damage == 2
    potion = rules.settle_round([Card.parse("6H")], Card.parse("10S"), potion=4)
    assert potion.total == 10
    for want, offer in (("5H", ["5C"]), ("6S", ["2H", "4C"]), ("6C", ["8S"]),
                        ("7H", ["3H", "6D"])):  # hebrac.trade.rules
        verdict = rules.check_trade(Card.parse(want), [Card.parse(c) for c in offer])
        assert verdict.legal, (want, offer)
    assert rules.find_spell("levitation").id == "teleport"  # hebrac.ruling.levitation


def test_card_facts_agree_with_the_engine() -> None:
    from companion.hebrac import rules

    qs = hebrac_card("QS")
    assert qs is not None
    assert (qs.attack, qs.price, qs.trade, qs.theft_rank) == (10, None, None, None)
    assert qs.enemy_section == "hebrac.enemy.black-queen"
    assert qs.treasure_section == "hebrac.treasure.black-queen"
    ad = hebrac_card("AD")
    assert ad is not None
    assert (ad.attack, ad.price, ad.trade, ad.theft_rank) == (1, 12, None, 1)
    assert "counts 12" in ad.trade_note
    for card in ("7C", "10H", "2S", "JD", "KH", "QD"):
        facts = hebrac_card(card)
        parsed = Card.parse(card)
        assert facts is not None
        assert facts.price == rules.price(parsed)
        assert facts.trade == rules.trade_value(parsed)
        assert facts.theft_rank == rules.theft_rank(parsed)
    assert hebrac_card("nonsense") is None


# -- Hebrac's two texts -------------------------------------------------------------------
def test_differences_name_real_sections() -> None:
    rows = rulebook.differences()
    assert rows[0]["topic"] == "Leaving a level"
    assert {"topic", "section", "rev2005", "classic"} <= set(rows[0])
    numbers = next(row for row in rows if row["topic"] == "Numbers")
    assert "Teleport 8" in numbers["rev2005"] and "Teleport 8" in numbers["classic"]


# -- the sources are covered, heading by heading -------------------------------------
SOURCE_HEADINGS = {
    "000": [
        "Introduction", "Object of the game", "Required material", "Preparation of the game",
        "Main rules", "Enemy cards > Ace", "Enemy cards > 2 to 10 of spades",
        "Enemy cards > 2 to 10 of hearts", "Enemy cards > 2 to 10 of clubs",
        "Enemy cards > 2 to 10 of diamonds", "Enemy cards > Jacks", "Enemy cards > Black queens",
        "Enemy cards > Red queens", "Enemy cards > Kings", "Enemy cards > Joker",
        "Treasure cards > Ace of hearts", "Treasure cards > Ace of diamonds",
        "Treasure cards > Ace of spades", "Treasure cards > Ace of clubs",
        "Special note concerning the aces", "Treasure cards > 2 to 10 of hearts",
        "Treasure cards > 2 to 10 of diamonds", "Treasure cards > 2 to 10 of spades",
        "Treasure cards > 2 to 10 of clubs", "Jacks: Prisoners", "Red Queens", "Black Queens",
        "King of hearts", "King of diamonds", "King of spades", "King of clubs",
        "Joker: Hebrac the sorcerer", "Rules for battles", "Spells",
        "Rules for trading with other adventurers", "Value of treasure cards", "Strategies",
        "Game variations",
    ] + [f"{name} spell" for name in (
        "Remote Vision", "Future Perception", "Healing", "Escape", "Illusion", "Paralysis",
        "Double Attack", "Super Strength", "Anti-Magic", "Stealing Spirit", "Body Switch",
        "Teleport", "Revelation", "Hell Bomb", "Curse", "Genie of Luck", "Stone Statue",
        "God Vision")],
    "001": [
        "Object of the game", "Required material", "Preparation of the game", "Main rules",
        "Enemy cards", "Treasure cards", "Rules for battles", "spell list",
        "Rules for trading with other adventurers", "Value of treasure cards", "tips",
        "Game variations",
    ],
    "002": [
        "About this Game", "Acknowledgement", "Contents of the Deck", "Game Set-up",
        "Gameplay (Single Player)", "Game Iconography > Dots on borders",
        "Game Iconography > S", "Game Iconography > M", "Game Iconography > Number",
        "Game Iconography > 1", "Blue Cards (Hero Deck) Overview > Character/ Hero Cards",
        "Gear Cards", "One-Use Gear Cards", "Team Cards", "Minion Cards", "Boss Cards",
        "Trap Cards", "Miscellaneous Cards", "Endgame Cards", "Combat Rules",
        "Notes on Life Point Tracking", "Challenge Rules", "Cooperative Multiplayer Option",
        "Customizing your game", "Final Notes",
    ],
    "003": [
        "A Solitaire Roguelike Dungeon Crawler", "Goal", "Setup", "Explore", "Actions > Attack",
        "If Successful", "If Unsuccessful", "Pickup", "Break a Wall", "Shop", "Descend",
        "Boss Mini-Expansion Concept (WIP)", "Two-headed Ogre",
    ],
    "004": [
        "1. Introduction", "2. Object of the game", "3. Components", "Preparation",
        "Playing a round", "Regular Round", "Trump", "Special cards as Trump",
        "End of the Round", "End of the game", "Rules for 2 players",
        "5. Extra game variations > Longer game", "Race", "Adventurers Guild",
        "Random Dungeon", "6. Explanation of the heroes", "7. Colofon",
        "Thief", "Assassin", "Barbarian", "Wizard", "Witch", "Dwarven Hunter", "Trickster",
        "Seer", "Troubadour", "Sorcerer", "Knight", "Ninja", "Elvish Hunter", "Nymph",
        "Fairy Scout",
    ],
}


def source_places() -> list[tuple[str, str]]:
    """(seed, text) for every place a section cites; a part without a seed inherits one."""
    places = []
    for item in rulebook.all_sections():
        seed = ""
        for part in item.source.split(";"):
            found = re.match(r"\s*(00\d):\s*(.*)", part)
            if found:
                seed, part = found.group(1), found.group(2)
            places.append((seed, part.strip().lower()))
    return places


@pytest.mark.parametrize(("seed", "heading"), [
    (seed, heading) for seed, headings in SOURCE_HEADINGS.items() for heading in headings])
def test_source_heading_is_covered(seed: str, heading: str) -> None:
    assert any(s == seed and heading.lower() in text for s, text in source_places())


# -- text layout --------------------------------------------------------------------------
def test_normalise_joins_paragraphs_and_keeps_lists() -> None:
    raw = "One line\ncontinues.\n\n- item one\n  goes on\n- item two\nAfter the list.\n"
    assert normalise_text(raw) == (
        "One line continues.\n\n- item one goes on\n- item two\nAfter the list.")


def test_text_lines_fit_the_width() -> None:
    for item in rulebook.all_sections():
        also = [found for ref in item.references() if (found := rulebook.section(ref))]
        for sources in (False, True):
            for line in rulebook.section_lines(item, 40, also, sources):
                assert len(line) <= 40 or " " not in line.strip(), (item.id, line)


@given(st.lists(st.text(alphabet="abcdefgh", min_size=1, max_size=12), max_size=30),
       st.integers(min_value=20, max_value=80))
def test_wrap_keeps_words_and_width(words: list[str], width: int) -> None:
    lines = rulebook.wrap(" ".join(words), width, "- ", "  ")
    assert all(len(line) <= width for line in lines)
    assert " ".join(line[2:] for line in lines).split() == words


@pytest.mark.parametrize(("one", "two"), [
    ("potions", "potion"), ("stealing", "steal"), ("steals", "steal"),
    ("priestesses", "priestess"), ("genies", "genie"), ("enemies", "enemy"),
    ("trading", "trade"), ("heroes", "hero"), ("cursed", "curse"), ("matches", "match"),
])
def test_stem_meets_forms(one: str, two: str) -> None:
    assert stem(one) == stem(two)


def test_distance() -> None:
    assert distance("preistess", "priestess", 2) == 1
    assert distance("sprit", "spirit", 1) == 1
    assert distance("abc", "xyz", 1) == 2


def test_find_section_by_short_id_and_prefix() -> None:
    escape = rulebook.find_section("spell.escape", "hebrac")
    assert escape is not None and escape.id == "hebrac.spell.escape"
    assert rulebook.find_section("HEBRAC.SPELL.ESCAPE.") is escape
    # Without its game: found only with ``alone``, and only where one game alone has it.
    assert rulebook.find_section("spell.escape") is None
    assert rulebook.find_section("spell.escape", "tricky", alone=True) is escape
    assert rulebook.find_section("game.end", alone=True) is None  # several games have one
    assert rulebook.find_section("game.end", "tricky", alone=True).id == "tricky.game.end"
    spells = rulebook.sections_under("hebrac.spell")
    assert len(spells) == len(tables("hebrac")["spells"]) + 3  # + paying, one-per-battle, list
    assert rulebook.sections_under("spell") == []


# -- numbers typed in the other games' texts agree with their tables ------------------
def raw_text(sid: str) -> str:
    """A section's text as the rulebook file has it (placeholders unfilled)."""
    rows = [row for row in book(sid.split(".")[0]).data["section"] if row.get("id") == sid]
    assert rows, sid
    return " ".join(str(rows[0]["text"]).split())


def test_elbereth_numbers_in_the_text() -> None:
    deck = tables("elbereth")["deck"]
    equipment = tables("elbereth")["equipment"]
    text = raw_text("elbereth.setup.deck")
    assert "That is 44 cards" in text and sum(deck["count"].values()) == 44
    assert "six descents" in text and deck["floors"] - 1 == 6
    assert "one each" in text
    assert all(deck["count"][item] == 1 for item in (*equipment["offensive"],
                                                     *equipment["protective"], "coin"))
    assert deck["count"]["down stairs"] == 1
    assert deck["others"] == deck["removed_per_descent"] * (deck["floors"] - 1)
    assert "the six pieces" in raw_text("elbereth.setup")
    assert len(equipment["offensive"]) + len(equipment["protective"]) == 6


def test_tricky_numbers_in_the_text() -> None:
    data = tables("tricky")
    kinds = data["kinds"]
    for sid in ("tricky.hero.witch", "tricky.hero.ninja", "tricky.hero.sorcerer",
                "tricky.hero.wizard", "tricky.trump.symbols"):
        assert "3s and 4s" in raw_text(sid) or "every 3 and 4" in raw_text(sid), sid
    assert kinds["spell"] == [3, 4]
    assert "the 1s and 2s" in raw_text("tricky.hero.dwarven-hunter") and kinds["goblin"] == [1, 2]
    assert "the 5s and 6s" in raw_text("tricky.hero.elvish-hunter") and kinds["orc"] == [5, 6]
    assert "the 0s" in raw_text("tricky.hero.dwarven-hunter") and kinds["torch"] == [0]
    rounds = raw_text("tricky.setup.rounds")
    assert "8 rounds with 4 players, 6 with 3" in rounds
    assert data["players"]["4"]["rounds_per_player"] * 4 == 8
    assert data["players"]["3"]["rounds_per_player"] * 3 == 6
    assert "Two players play 8 rounds" in rounds
    assert data["players"]["2"]["rounds_per_player"] * 2 == 8
    assert "3 sets of 5 hero cards" in raw_text("tricky.components")
    assert len(data["sets"]) - ("inferred" in data["sets"]) == 3
    assert all(len(data["sets"][name]) == 5 for name in "ABC")
    assert "plus 4 potions" in raw_text("tricky.ruling.seer") and len(data["deck"]["colours"]) == 4


def test_halfdeck_numbers_in_the_text() -> None:
    decks = tables("halfdeck")["decks"]
    assert "all 23 other cards" in raw_text("halfdeck.endgame.cards")
    assert decks["dungeon_cards"] - decks["endgame_cards"] - 1 == 23  # less the Lost card


def test_the_shipped_data_is_made_from_the_rulebook_files_as_they_are() -> None:
    """The tables and the index ship as JSON files (``scripts/ship_rulebook.py``):
    one that differs from what the rulebook files give now is stale."""
    from companion.rulebook.build import shipped_sources

    root = Path(__file__).resolve().parent.parent
    for name, text in shipped_sources().items():
        assert (root / name).read_text("utf-8") == text, (
            f"{name} is stale: run 'PYTHONPATH=. python scripts/ship_rulebook.py'")


def test_the_shipped_index_is_the_one_built_from_the_files() -> None:
    from companion.rulebook import index
    from companion.rulebook.build import build_index
    from companion.rulebook.ranking import stats

    built, figures = build_index()
    shipped = index()
    assert shipped.sections == built.sections and shipped.data == built.data
    assert stats() == figures
