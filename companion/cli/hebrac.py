"""companion hebrac new, spells, odds, check, summary: the Hebrac commands typer reads (the
odds exact, from the cards entered: ``companion.hebrac.odds``). ``check`` gives instant
rulings on typed cards, with or without a game: each prints the verdict and its reasons;
exit 0 when legal (or done), 1 when not."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer
from typer import Argument, Option

from companion.cards import Card
from companion.cli.common import hebrac_engine_or_none, new_game, open_game
from companion.cli.options import GameOption, JsonOption, NameOption, whole
from companion.cli.output import answer, echo, echo_lines, emit_json, width
from companion.cli.summary import game_app
from companion.errors import BadInput, RuleRefused

if TYPE_CHECKING:  # imported where used: a check loads only what it needs
    from companion.hebrac.engine import HebracGame
    from companion.hebrac.rules import Verdict

KIND = "hebrac"
app = game_app(KIND, "Hebrac's Dungeon: solo dungeon crawl with two decks and jokers.")
check_app = typer.Typer(no_args_is_help=True, rich_markup_mode=None,
                        help="Is this spell, trade, sale or attack legal? What is stolen?")
app.add_typer(check_app, name="check")


@app.command("odds")
def odds(
    next_: Annotated[int | None, Option(
        "--next", help="Chance that a card or kind turns up among the next N cards.",
                parser=whole("--next"))] = None,
    card: Annotated[str | None, Option(help="The card --next asks about, like AS.")]
    = None,
    kind: Annotated[str | None, Option(
        help="The kind --next asks about: joker, ace, king, queen, jack, face, red, "
             "hearts, strength-potion, ...")] = None,
    potion: Annotated[str | None, Option(
        help="Count this strength potion in the coming round.")] = None,
    prisoner: Annotated[list[str] | None, Option(
        help="Count this prisoner as called (repeat).")] = None,
    assumptions: Annotated[bool, Option(
        "--assumptions", help="Also spell out what the figures assume.")] = False,
    game: GameOption = None, as_json: JsonOption = False,
) -> None:
    """Exact odds of the coming round and the battle, with advice, from the cards seen."""
    from companion.hebrac.odds import odds_report

    opened = open_game(game, "hebrac")
    report = odds_report(opened.engine, next_cards=next_, card=card, kind=kind, potion=potion,
                         prisoners=prisoner or [])
    answer(as_json, {"game": opened.record.name, **report.data},
           report.lines(width(), assumptions))


@app.command()
def new(
    name: NameOption = None,
    life: Annotated[int, Option(help="Starting and maximum life.", parser=whole("--life"))] = 15,
    decks: Annotated[int, Option(help="52-card decks in play.", parser=whole("--decks"))] = 2,
    jokers: Annotated[int, Option(help="Jokers in play.", parser=whole("--jokers"))] = 4,
    rules: Annotated[str, Option(help="Rule revision: 2005 or classic.")] = "2005",
    chambers: Annotated[int, Option(help="Chambers per level (12 or more).",
            parser=whole("--chambers"))] = 12,
    inventory_limit: Annotated[int, Option(help="Most cards held (0: no limit).",
            parser=whole("--inventory-limit"))] = 0,
    late_potions: Annotated[bool, Option(help="Strength potions after the attack.")] = False,
    evil: Annotated[bool, Option(help="Evil alignment: fake trades allowed.")] = False,
    ace_offer_value: Annotated[int, Option(help="An ace offered in a trade counts as.",
            parser=whole("--ace-offer-value"))]
    = 12,
    bag_partial: Annotated[str, Option(
        help="Bag of Meres, short offer: covers or refused.")] = "covers",
    illusion_black_queen: Annotated[str, Option(
        help="Illusion on an adventurer's black queen: refused or allowed.")] = "refused",
) -> None:
    """Start a game (it becomes the current one)."""
    settings = dict(locals())  # every option but the name is the setting of its name
    new_game(KIND, settings, settings.pop("name"))


@app.command()
def spells(game: GameOption = None, as_json: JsonOption = False,
           every: Annotated[bool, Option(
               "--all", help="With a game: every spell and why it cannot be cast now.")]
           = False) -> None:
    """Spell costs and timing; with a Hebrac game, which are castable now."""
    from companion.hebrac import rules

    engine = hebrac_engine_or_none(game)
    rows = []
    for spell in rules.spells().values():
        row: dict[str, object] = {"spell": spell.id, "name": spell.name, "cost": spell.cost,
                                  "unit": spell.unit, "timing": spell.timing}
        if engine is not None and engine.outcome != "playing":
            # Nothing is cast once the game is over: the engine refuses every action.
            row.update(castable=False, why=f"the game is over ({engine.outcome})")
        elif engine is not None:
            ok, why = engine.can_cast(spell)
            enough = engine.magic_points >= spell.cost
            row.update(castable=ok and enough, why=why if not ok else (
                "castable now" if enough else f"you have {engine.magic_points} magic points"))
        rows.append(row)
    if as_json:
        emit_json({"spells": rows})
        return
    if engine is None or every:
        for row in rows:
            mark = "" if "castable" not in row else ("  yes" if row["castable"] else "  no")
            echo(f"{cost_and_name(row)}{mark}")
            echo(f"   {row.get('why', row['timing'])}")
    elif engine.outcome != "playing":
        echo_lines([f"The game is over ({engine.outcome}): no spell can be cast.",
                    "'spells --all' lists them, with their costs."])
    else:  # one screen: what can be cast now, then the rest on one line
        magic = engine.magic_points
        now = [r for r in rows if r["castable"]]
        later = [r for r in rows if not r["castable"]]
        lines = [f"Castable now with magic {magic}:" if now else f"Nothing castable now (magic "
                                                                f"{magic})."]
        lines += map(cost_and_name, now)
        if later:
            dear = [r for r in later if int(str(r["cost"])) > magic]
            word = "Not now" if now else "Spells"
            lines.append(f"{word} (cost): " + ", ".join(
                f"{r['spell']} {r['cost']}" for r in later) + ".")
            dearer = f"{len(dear)} of them cost more than {magic}; " if dear else ""
            lines.append(f"{dearer}'spells --all' says why each waits.")
        echo_lines(lines)


def cost_and_name(row: dict[str, object]) -> str:
    """A spell's cost (per unit) and name, as the lists of spells show them."""
    per = f"/{row['unit']}" if row["unit"] else ""
    return f"{row['cost']:>2}{per:<9} {row['name']}"


ENCOUNTER_CARDS = {
    "warrior": "5S", "amazon": "5H", "magician": "5C", "demon": "5D", "adventurer": "JS",
    "merchant": "KS", "black-priestess": "QS", "white-priestess": "QH", "hebrac": "JK",
    "empty": "AS",
}


def _cards(tokens: list[str] | None) -> list[Card]:
    return [Card.parse(t) for t in tokens or []]


def _print_verdict(verdict: Verdict, as_json: bool, legal_word: str = "Legal") -> None:
    if as_json:
        emit_json(verdict.as_json())
    else:
        word = legal_word if verdict.legal else f"Not {legal_word.lower()}"
        echo_lines([f"{word}: {verdict.reasons[0]}", *(f"  {r}" for r in verdict.reasons[1:])])
    if not verdict.legal:
        raise SystemExit(1)


@check_app.command("spell")
def check_spell(
    spell: Annotated[str, Argument(help="Spell name or unique prefix.")],
    with_: Annotated[list[str] | None, Option("--with", "-w", help="Club card (repeat).")]
    = None,
    scepter: Annotated[bool, Option(help="The Scepter of Leynos is held.")] = False,
    battle: Annotated[bool, Option(help="In a battle.")] = False,
    trading: Annotated[bool, Option(help="Trading with an adventurer.")] = False,
    encounter: Annotated[str | None, Option(help="Facing: " + ", ".join(ENCOUNTER_CARDS))]
    = None,
    treasure: Annotated[str | None, Option(help="The adventurer's treasure.")] = None,
    count: Annotated[int | None, Option(
        "--count", "-n", help="Lives, chambers or cards bought.", parser=whole("--count"))] = None,
    overpay: Annotated[bool, Option(help="Cards beyond the cost are meant.")] = False,
    game: GameOption = None, as_json: JsonOption = False,
) -> None:
    """Can SPELL be cast with these potions, now?"""
    from companion.hebrac import rules

    found = rules.find_spell(spell)
    engine = hebrac_engine_or_none(game) if game else None
    paid = _cards(with_)
    if engine is None:
        if not paid:
            raise BadInput("name the potions with --with CARD (or use --game)")
        engine = _situation(battle, trading, encounter, treasure)
    else:
        scepter = scepter or engine.scepter
        if battle or trading or encounter:
            raise BadInput("with a game, its own situation is used: drop --battle, "
                           "--trading and --encounter")
    if count is not None and (not found.unit or count < 1):
        raise BadInput(f"{found.name} takes no --count" if not found.unit else
                       "--count must be 1 or more")
    if not game:  # the potions named, and the units they cover
        points = sum(rules.magic_points(c, scepter) for c in paid)
        units = count or (max(1, points // found.cost) if found.unit else 1)
    else:  # as the game would buy it
        from companion.hebrac.spells import payment

        try:
            paid, units = payment(engine, found, paid, count, overpay)
        except RuleRefused as error:  # the rule named for a per-unit spell only, as ever
            why = str(error) if found.unit else str(error.args[0])
            _print_verdict(rules.Verdict(False, (why,), {"spell": found.id}), as_json)
            return
    verdict = rules.check_spell_payment(found, paid, scepter=scepter, count=units,
                                        overpay=overpay)
    ok, why = engine.can_cast(found)
    reasons = list(verdict.reasons) + ([f"timing: {why}"] if ok else [f"timing: no, {why}"])
    data = {**verdict.data, "paid": [str(c) for c in paid], "count": units if found.unit else None}
    legal = verdict.legal and ok
    if game and legal:  # the game itself, on a copy: what casting it now would do
        legal, said = _as_the_game_rules(engine, found.id, paid, units if found.unit else None,
                                         overpay)
        reasons += [line for line in said if line.removeprefix("the game: ") not in reasons][:1]
    _print_verdict(rules.Verdict(legal, tuple(reasons), data), as_json)


def _as_the_game_rules(engine: HebracGame, spell: str, paid: list[Card], count: int | None,
                       overpay: bool) -> tuple[bool, list[str]]:
    """The cast applied to a copy of the game (``companion.game.verify``): whether the
    engine takes it, and its ruling lines or its refusal. A spell that needs targets the
    check does not name is left to the lines above."""
    from companion.game import verify
    from companion.hebrac.grammar import GRAMMAR, Cast

    try:
        applied = verify(engine, GRAMMAR.text(Cast(spell, (), tuple(map(str, paid)), count,
                                                   overpay)))
    except RuleRefused as error:
        return False, [f"the game: {error}"]
    except BadInput:
        return True, []
    return True, [f"the game: {line}" for line in applied.lines]


def _situation(battle: bool, trading: bool, encounter: str | None, treasure: str | None
               ) -> HebracGame:
    """A throwaway game standing in the situation the player describes."""
    from companion.hebrac.engine import Encounter, new_engine
    from companion.hebrac.rules import FIRST_STAGE, enemy_kind
    from companion.names import match

    engine = new_engine({})
    chosen = [flag for flag, on in (("--battle", battle), ("--trading", trading),
                                     ("--encounter", encounter is not None)) if on]
    if len(chosen) > 1:
        raise BadInput(f"choose one of {', '.join(chosen)}")
    # the kind named is matched as every name is (companion.names)
    kind = "demon" if battle else "adventurer" if trading else None if encounter is None \
        else match(encounter, list(ENCOUNTER_CARDS), "encounter")
    if kind is not None:
        card = Card.parse(ENCOUNTER_CARDS[kind])
        stage = "trading" if trading else FIRST_STAGE.get(enemy_kind(card), "battle")
        engine.encounter = Encounter("A1", card, stage,
                                     treasure=Card.parse(treasure or "5H") if trading else None)
    engine.position = "A1"
    engine.chambers["A1"].visited = True
    return engine


@check_app.command("trade")
def check_trade(
    want: Annotated[str, Argument(help="The adventurer's treasure.")],
    offer: Annotated[list[str] | None, Option(help="A card offered (repeat).")] = None,
    bag: Annotated[bool, Option(help="The Bag of Meres is held.")] = False,
    ace_value: Annotated[int | None, Option(help="What an offered ace counts.",
            parser=whole("--ace-value"))] = None,
    game: GameOption = None, as_json: JsonOption = False,
) -> None:
    """Is this offer enough for the adventurer's treasure?"""
    from companion.hebrac import rules

    engine = hebrac_engine_or_none(game) if game else None
    offered = _cards(offer)
    partial = "covers"
    if engine is not None:
        bag = bag or engine.holds("AD")
        ace_value = ace_value or engine.setup.ace_offer_value
        partial = engine.setup.bag_partial
    verdict = rules.check_trade(Card.parse(want), offered, bag=bag, ace_value=ace_value,
                                bag_partial=partial)
    _print_verdict(verdict, as_json)


@check_app.command("steal")
def check_steal(
    cards: Annotated[list[str] | None, Argument(help="The inventory.")] = None,
    by: Annotated[str, Option(help="enemy (takes the most valuable) or treasure "
                                          "(the least).")] = "enemy",
    game: GameOption = None, as_json: JsonOption = False,
) -> None:
    """What does a black priestess take from this inventory?"""
    from companion.hebrac import rules

    if by not in ("enemy", "treasure"):
        raise BadInput(f"--by must be enemy or treasure, not {by!r}")
    inventory = _cards(cards)
    engine = hebrac_engine_or_none(game) if game and not inventory else None
    if engine is not None:
        inventory = list(engine.inventory)
    victim = rules.theft_victim(inventory, by_enemy=by == "enemy")
    which = "most" if by == "enemy" else "least"
    if victim is None:
        reason = "nothing she can steal (prisoners are never stolen)"
    else:
        reason = (f"she takes {victim}, the {which} valuable "
                  f"(theft rank {rules.theft_rank(victim)} of 40)")
        if victim.rank == 1 and victim.suit == "H":  # the ruby (hebrac.treasure.ruby)
            reason += f"; max life drops by {rules.table()['treasure']['ruby_max_life']}"
    _print_verdict(rules.Verdict(True, (reason,), {"stolen": str(victim) if victim else None,
                                             "by": by}), as_json, legal_word="Ruling")


@check_app.command("price")
def check_price(
    card: Annotated[str, Argument(help="The merchant's treasure.")],
    pay: Annotated[list[str] | None, Option(help="A gem card paid (repeat).")] = None,
    bag: Annotated[bool, Option(help="The Bag of Meres is held.")] = False,
    game: GameOption = None, as_json: JsonOption = False,
) -> None:
    """What does the merchant ask, and is this payment enough?"""
    from companion.hebrac import rules

    want = Card.parse(card)
    engine = hebrac_engine_or_none(game) if game else None
    if engine is not None:
        bag = bag or engine.holds("AD")
    paid = _cards(pay)
    if not paid and not bag:
        cost = rules.price(want)
        reason = rules.no_sale_reason(want) if cost is None else f"{want} costs {cost} gems"
        _print_verdict(rules.Verdict(cost is not None, (reason,),
                                     {"card": str(want), "price": cost}), as_json, "For sale")
        return
    partial = engine.setup.bag_partial if engine is not None else "covers"
    _print_verdict(rules.check_payment(want, paid, bag=bag, bag_partial=partial), as_json)


@check_app.command("attack")
def check_attack(
    enemy: Annotated[str, Argument(help="The enemy card.")],
    cards: Annotated[list[str], Argument(help="Attack card(s).")],
    bracelet: Annotated[bool, Option(help="Bracelet of Armok held (+3).")] = False,
    prisoners: Annotated[int, Option(help="Prisoners called (+3 each).",
            parser=whole("--prisoners"))] = 0,
    potion: Annotated[list[int] | None, Option(
        help="Strength potion points (repeat: several drunk).", parser=whole("--potion"))] = None,
    super_: Annotated[bool, Option("--super", help="Super Strength (cards x2).")] = False,
    curse: Annotated[bool, Option(help="Curse holds (enemy life halved).")] = False,
    as_json: JsonOption = False,
) -> None:
    """Does this round win, and what does it cost?"""
    from companion.hebrac import rules

    foe = Card.parse(enemy)
    if not rules.is_fighter(foe):
        raise BadInput(f"{foe} is a {rules.enemy_kind(foe)}, not an enemy you battle")
    attack_cards = _cards(cards)
    if len(attack_cards) > 2:
        raise BadInput("one attack card, or two under Double Attack")
    potions = potion or []
    if not 0 <= prisoners <= 20 or not all(0 <= points <= 10 for points in potions):
        raise BadInput("--prisoners runs 0 to 20 and --potion 0 to 10")
    result = rules.settle_round(attack_cards, foe, curse=curse, bracelet=bracelet,
                                prisoners=prisoners, potion=sum(potions),
                                super_strength=super_)
    _print_verdict(rules.Verdict(result.won, (result.arithmetic,), {
        "total": result.total, "enemy_life": result.enemy_life, "won": result.won,
        "damage": result.damage}), as_json, legal_word="Win")
