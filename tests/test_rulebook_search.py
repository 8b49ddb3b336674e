"""Rule lookup: questions as players ask them at the table find the right section."""

from __future__ import annotations

import pytest

from companion import rulebook
from companion.cards import full_deck
from companion.rulebook.cards import hebrac_card, tricky_card
from companion.rulebook.ranking import parse_query, search

# (game or None, question, the section that must be in the top three)
QUESTIONS: list[tuple[str | None, str, str]] = [
    # Hebrac's Dungeon
    ("hebrac", "what does the queen of spades do as a treasure?", "hebrac.treasure.black-queen"),
    ("hebrac", "the thief stole my ruby, what now", "hebrac.treasure.ruby"),
    ("hebrac", "kleptomaniac", "hebrac.enemy.black-queen"),
    ("hebrac", "which card does the black preistess take", "hebrac.theft.order"),
    ("hebrac", "can I fight the priestess", "hebrac.enemy.red-queen"),
    ("hebrac", "how much does the merchant want for an ace", "hebrac.treasure.prices"),
    ("hebrac", "shop", "hebrac.enemy.king"),
    ("hebrac", "does the merchant give change", "hebrac.enemy.king"),
    ("hebrac", "stealing sprit", "hebrac.spell.stealing-spirit"),
    ("hebrac", "how do I cast a spell", "hebrac.spell.paying"),
    ("hebrac", "can i cast two spells in one battle", "hebrac.spell.one-per-battle"),
    ("hebrac", "what is levitation", "hebrac.ruling.levitation"),
    ("hebrac", "teleport to the next level", "hebrac.spell.teleport"),
    ("hebrac", "how many magic points for hell bomb", "hebrac.spell.hell-bomb"),
    ("hebrac", "curse rounding odd life", "hebrac.spell.curse"),
    ("hebrac", "can I run away from a fight", "hebrac.spell.escape"),
    ("hebrac", "can I escape from hebrac", "hebrac.enemy.joker"),
    ("hebrac", "genie of luck draws a king", "hebrac.ruling.genie-kings"),
    ("hebrac", "genie", "hebrac.treasure.genies"),
    ("hebrac", "king of spades treasure", "hebrac.treasure.king-of-spades"),
    ("hebrac", "what are the potions for", "hebrac.treasure.potions"),
    ("hebrac", "strenght potion after the attack", "hebrac.variant.late-potions"),
    ("hebrac", "when do I drink a strength potion", "hebrac.treasure.strength-potion"),
    ("hebrac", "how does a battle work", "hebrac.battle.rounds"),
    ("hebrac", "what is a king worth as an attack card", "hebrac.battle.attack-values"),
    ("hebrac", "trading with an adventurer", "hebrac.trade.rules"),
    ("hebrac", "can I trade for an ace", "hebrac.trade.values"),
    ("hebrac", "what is a prisoner worth in a trade", "hebrac.trade.values"),
    ("hebrac", "prisoners help in battle", "hebrac.treasure.jack"),
    ("hebrac", "where do I start a level", "hebrac.map.first-chamber"),
    ("hebrac", "can I move diagonally", "hebrac.map.moving"),
    ("hebrac", "when can I go to the next level", "hebrac.map.next-level"),
    ("hebrac", "second ace of hearts", "hebrac.treasure.fake-ace"),
    ("hebrac", "bag of meres", "hebrac.treasure.bag"),
    ("hebrac", "scepter doubles magic", "hebrac.treasure.scepter"),
    ("hebrac", "how many life points do I start with", "hebrac.setup.life"),
    ("hebrac", "how many decks do I need", "hebrac.setup.decks"),
    ("hebrac", "anti magic against priestesses", "hebrac.ruling.anti-magic-priestesses"),
    ("hebrac", "evil alignment fake trade", "hebrac.variant.alignment"),
    ("hebrac", "limit on inventory", "hebrac.variant.inventory-limit"),
    ("hebrac", "differences between the classic and 2005 rules", "hebrac.revisions"),
    ("hebrac", "how do I win", "hebrac.game.goal"),
    ("hebrac", "hebrac's game red or black", "hebrac.enemy.joker"),
    ("hebrac", "paralysis", "hebrac.spell.paralysis"),
    ("hebrac", "what does god vision show", "hebrac.spell.god-vision"),
    ("hebrac", "wich card does the kleptomanic take", "hebrac.enemy.black-queen"),
    ("hebrac", "paralisys spell", "hebrac.spell.paralysis"),
    ("hebrac", "genie of lcuk spell", "hebrac.spell.genie-of-luck"),
    ("hebrac", "marchant prices", "hebrac.treasure.prices"),
    ("hebrac", "bracelet of armok", "hebrac.treasure.bracelet"),
    # Tricky Dungeon
    ("tricky", "nymph", "tricky.hero.nymph"),
    ("tricky", "must I follow suit", "tricky.trick.follow"),
    ("tricky", "who wins the trick", "tricky.trick.winner"),
    ("tricky", "how many cards with 4 players", "tricky.setup.players"),
    ("tricky", "rules for 2 players", "tricky.two-player"),
    ("tricky", "what if the active player gets no gold", "tricky.gold"),
    ("tricky", "what does the seer predict", "tricky.hero.seer"),
    ("tricky", "which card is the potion", "tricky.deck.potions"),
    ("tricky", "stars tie between trumps", "tricky.deck.stars"),
    ("tricky", "theif gold", "tricky.hero.thief"),
    ("tricky", "fairy scout second highest", "tricky.hero.fairy-scout"),
    ("tricky", "what are goblins", "tricky.deck.kinds"),
    ("tricky", "exchange cards with the leftover pile", "tricky.round.exchange"),
    ("tricky", "race to 15 gold", "tricky.variant.race"),
    ("tricky", "who chooses trump for the troubadour", "tricky.hero.troubadour"),
    ("tricky", "knight trump value", "tricky.hero.knight"),
    ("tricky", "ogres", "tricky.ruling.ogres"),
    # Half Deck Dungeon Heroes
    ("halfdeck", "assist roll", "halfdeck.combat.assist"),
    ("halfdeck", "how do I fight a minion", "halfdeck.card.minion"),
    ("halfdeck", "how many heroes can I have", "halfdeck.hero.in-play"),
    ("halfdeck", "can a hero carry two gear cards", "halfdeck.gear.one-per-hero"),
    ("halfdeck", "running away from a boss", "halfdeck.combat.forced-escape"),
    ("halfdeck", "what happens when a hero dies", "halfdeck.combat.hero-death"),
    ("halfdeck", "trap challange", "halfdeck.trap.challenge"),
    ("halfdeck", "deck ran out of cards", "halfdeck.decks.reshuffle"),
    ("halfdeck", "mulligan", "halfdeck.round.mulligan"),
    ("halfdeck", "who gets the loot in co-op", "halfdeck.coop.dungeon"),
    ("halfdeck", "rescue mission", "halfdeck.custom.rescue"),
    ("halfdeck", "how do I win", "halfdeck.game.end"),
    # Elbereth
    ("elbereth", "break a wall", "elbereth.action.break-wall"),
    ("elbereth", "what does a roll of 4 break", "elbereth.dice"),
    ("elbereth", "shop with coin", "elbereth.action.shop"),
    ("elbereth", "how do I go down the stairs", "elbereth.action.descend"),
    ("elbereth", "missed attack", "elbereth.action.miss"),
    ("elbereth", "how do I lose", "elbereth.game.end"),
    ("elbereth", "rat strength", "elbereth.card.rat"),
    ("elbereth", "two headed ogre", "elbereth.bosses.ogre"),
    ("elbereth", "block with armor", "elbereth.miss.block"),
    ("elbereth", "can I bribe the knight", "elbereth.bosses.knight"),
    ("elbereth", "my boost was not enough", "elbereth.ruling.short-boost"),
    ("elbereth", "how many cards in the deck", "elbereth.setup.deck"),
    ("elbereth", "pick up a second sword", "elbereth.action.pickup"),
    # No game given: all rulebooks
    (None, "kleptomaniac priestess", "hebrac.enemy.black-queen"),
    (None, "fairy scout", "tricky.hero.fairy-scout"),
    (None, "where do I get the key in elbereth", "elbereth.card.key"),
    (None, "half deck assist roll", "halfdeck.combat.assist"),
]


def top_three(game: str | None, question: str) -> list[str]:
    return [hit.section.id for hit in search(question, game, limit=3)]


def test_there_are_at_least_60_questions() -> None:
    assert len(QUESTIONS) >= 60
    assert sum(1 for g, _, _ in QUESTIONS if g == "hebrac") >= 40


@pytest.mark.parametrize(("game", "question", "expected"), QUESTIONS,
                         ids=[f"{g}:{q}" for g, q, _ in QUESTIONS])
def test_question_finds_its_section(game: str | None, question: str, expected: str) -> None:
    assert rulebook.section(expected) is not None
    assert expected in top_three(game, question)


DECK = [str(card) for card in full_deck(jokers=1)]


@pytest.mark.parametrize("card", DECK)
def test_every_card_lookup(card: str) -> None:
    facts = hebrac_card(card)
    assert facts is not None
    assert facts.card == card
    for sid in (facts.enemy_section, facts.treasure_section):
        assert rulebook.section(sid) is not None


@pytest.mark.parametrize("card", DECK)
def test_every_card_in_a_question(card: str) -> None:
    """The card's enemy and treasure sections come first when a question names it."""
    facts = hebrac_card(card)
    assert facts is not None
    found = top_three("hebrac", f"what does {card} do")
    assert facts.enemy_section in found
    assert facts.treasure_section in found


@pytest.mark.parametrize(("words", "card"), [
    ("queen of spades", "QS"), ("10 of hearts", "10H"), ("ace of clubs", "AC"),
    ("Qs", "QS"), ("k\u2660", "KS"), ("joker", "JK"), ("ten of diamonds", "10D"),
])
def test_card_notation_in_questions(words: str, card: str) -> None:
    """A card named in a question boosts its own enemy and treasure sections, no other."""
    facts = hebrac_card(card)
    assert facts is not None
    query = parse_query(f"what about the {words}?", "hebrac")
    assert set(query.boosts) == {facts.enemy_section, facts.treasure_section}


def test_lower_case_as_is_a_word_not_an_ace() -> None:
    assert parse_query("what does it do as a treasure", "hebrac").boosts == {}
    ace = hebrac_card("AS")
    assert ace is not None
    assert set(parse_query("AS as a treasure", "hebrac").boosts) == {ace.enemy_section,
                                                                     ace.treasure_section}


def test_tricky_card_notation() -> None:
    """G4 is read as green's 4, a spell (what the hero texts call it)."""
    query = parse_query("does G4 win", "tricky")
    assert {"green", "4", "spell"} <= set(query.weights)
    assert "green" not in parse_query("does G4 win", "hebrac").weights
    assert "tricky.deck.stars" in top_three("tricky", "G4 against Y4 with spells trump")


def test_typos_map_to_known_words() -> None:
    assert "priestess" in parse_query("preistess").weights
    assert "spirit" in parse_query("sprit").weights
    assert "potion" in parse_query("potions").weights


def test_game_filter_and_preference() -> None:
    assert all(h.section.game == "tricky" for h in search("gold", "tricky"))
    assert search("dragon", prefer="elbereth")[0].section.game == "elbereth"
    assert search("dragon", prefer="halfdeck")[0].section.game == "halfdeck"


def test_unknown_words_find_nothing() -> None:
    assert search("xyzzy plugh", "hebrac") == []


def test_every_tricky_card_lookup() -> None:
    from companion.tricky.cards import Deck, default_deck_settings

    deck = Deck.from_settings(default_deck_settings())
    for card in deck.cards():
        facts = tricky_card(str(card))
        assert facts is not None and facts.card == str(card)
        assert rulebook.section(facts.kind_section) is not None
    assert tricky_card("X9") is None
    ogre = tricky_card("B7")
    assert ogre is not None and ogre.kind == "ogre" and ogre.counts_for == "Nymph"
    mine = default_deck_settings() | {"potions": [7, 7, 7, 7], "unverified": []}
    potion = tricky_card("B7", mine)
    assert potion is not None and potion.potion == "yes, blue's potion"


def test_every_card_token_is_read_as_its_card() -> None:
    """Rank then suit, suit then rank, the suit in lower case: each card, the joker too."""
    from companion.rulebook.ranking import standard_card

    for card in full_deck(jokers=1):
        text = str(card)
        forms = [text] if card.is_joker else [text, text[-1] + text[:-1],
                                                text[:-1] + text[-1].lower()]
        assert all(standard_card(form) == card for form in forms), text
    assert standard_card("as") is None and standard_card("AS") == standard_card("A\u2660")
