"""Half Deck: the rolls. Attack rolls against a minion or boss (``attack``,
``team-attack``) and the challenge of a trap (``challenge``): each verb's check, then
change; and the arithmetic every roll shares (gear bonus, what a hero needs on the die)."""

from __future__ import annotations

from collections.abc import Sequence

from companion.errors import BadInput, RuleRefused
from companion.halfdeck import grammar
from companion.halfdeck.cards import BOSS, ENDGAME_BOSS, FOES, LETTER, TRAP
from companion.halfdeck.grammar import GRAMMAR
from companion.halfdeck.hand import loot_line
from companion.halfdeck.rules import (
    ASSIST_EDITION,
    R_ASSIST,
    R_ASSIST_RULE,
    R_COMBAT,
    R_COOP,
    R_TEAM,
    R_TRAP,
    die,
    known,
    table,
)
from companion.halfdeck.state import (
    RED_DISCARD,
    RED_GONE,
    RED_MET,
    THE_REMOVED,
    Done,
    Encounter,
    Gear,
    Hero,
    Roll,
    State,
    hand_of,
    worn,
)


# -- what every roll shares -----------------------------------------------------------------
def bonus(hero: Hero, encounter: Encounter) -> tuple[int, Gear | None]:
    gear = hero.gear
    if gear is None or gear.attribute != encounter.attribute:
        return 0, None
    # Standby gear waits for a boss; against anything else it gives nothing.
    if gear.standby and encounter.kind not in (BOSS, ENDGAME_BOSS):
        return 0, None
    return gear.bonus, gear


def can_attempt(state: State, hero: Hero, encounter: Encounter) -> bool:
    value = hero.attribute(encounter.attribute)
    if state.config.trap_needs == "attribute":
        return value > 0
    extra, _ = bonus(hero, encounter)
    return value + extra + table()["die"]["faces"] >= encounter.card.number


def needs_line(encounter: Encounter, heroes: Sequence[Hero]) -> str:
    """What each hero needs on the die, so the player sees who should roll."""
    faces = table()["die"]["faces"]
    parts = []
    for hero in heroes:
        extra, _ = bonus(hero, encounter)
        need = max(1, encounter.card.number - hero.attribute(encounter.attribute) - extra)
        parts.append(f"{hero.name} {need}+" if need <= faces else f"{hero.name} no")
    return "needed on the die: " + ", ".join(parts)


def team_card_holder(state: State, card: str, given: int | None, hero: Hero) -> int:
    if given is not None:
        if given not in state.player_numbers:
            raise BadInput(f"--from must be from 1 to {state.players}")
        order = [given]
    else:
        order = [hero.player] + [p for p in state.player_numbers if p != hero.player]
    for player in order:
        if card in state.hands[player]:
            return player
    where = f"player {order[0]}'s hand" if given is not None else "a hand"
    raise RuleRefused(f"no {card} card in {where}", R_TEAM)


def play_team_card(state: State, card: str, player: int) -> None:
    """A team card played from a hand: removed from play, and counted."""
    state.move(card, hand_of(player), THE_REMOVED)
    if card == state.attack_card:
        state.team_attacks_used += 1
    else:
        state.escapes_used += 1


def spend_one_use(state: State, hero: Hero, gear: Gear | None) -> list[str]:
    if gear is None or not gear.one_use:
        return []
    state.move(gear.name, worn(hero, gear), THE_REMOVED)
    return [f"{gear.name} is used up: removed from play"]


def sums(hero: Hero, die_value: int, encounter: Encounter,
         supporters: Sequence[Roll] = (), who: str = "") -> tuple[int, str, Gear | None]:
    """A roll's total, its arithmetic (``who``, else the hero: die + attribute + gear +
    supporters' dice = total) and the gear that counted."""
    attribute = encounter.attribute
    extra, gear = bonus(hero, encounter)
    parts = [str(die_value), f"{LETTER[attribute]}{hero.attribute(attribute)}"]
    if gear is not None:
        parts.append(f"{extra} {gear.name}")
    parts += [f"{s.hero.name} {s.die}" for s in supporters]
    total = die_value + hero.attribute(attribute) + extra + sum(s.die for s in supporters)
    return total, f"{who or hero.name} {' + '.join(parts)} = {total}", gear


# -- attack and team-attack -------------------------------------------------------------
# The enemy, the main roll, the supporters', who draws the loot (and whether --loot-to
# said so), whose team attack card (a team attack), the assist ruling's lines.
Fight = tuple[Encounter, Roll, list[Roll], int, int | None, int | None, list[str]]


def check_attack(state: State, action: grammar.Attack | grammar.TeamAttack) -> Fight:
    team = isinstance(action, grammar.TeamAttack)
    usage = f"usage: {GRAMMAR.verbs['team-attack' if team else 'attack'].usage_line()}"
    main = Roll(state.hero(action.hero), die(action.die))
    supporters = [Roll(state.hero(s.hero), die(s.die)) for s in action.assist]
    rolling = [main.hero.name] + [s.hero.name for s in supporters]
    if len(set(rolling)) != len(rolling):
        raise RuleRefused("each hero rolls once per attack", R_ASSIST)
    limit = table()["combat"]["support_attackers"]
    if team and not supporters:
        raise BadInput(f"{usage} (a team attack has supporters)")
    if not team and len(supporters) > limit:
        raise RuleRefused(f"{limit} support attacker per roll without a team attack card",
                          R_ASSIST)
    encounter = state.encounter
    if encounter is None or encounter.kind not in FOES:
        what = "a trap is met with 'challenge HERO ROLL'" if encounter else \
            "no enemy is in play: 'draw NAME' turns up a dungeon card"
        raise RuleRefused(what, R_COMBAT)
    given_loot_to = action.loot_to if isinstance(action, grammar.Attack) else None
    loot_to = check_loot_to(state, given_loot_to, main, supporters)
    source = team_card_holder(state, state.attack_card, action.source, main.hero) \
        if isinstance(action, grammar.TeamAttack) else None
    ruling = assist_ruling(state, encounter, main, team) if supporters else []
    return encounter, main, supporters, loot_to, given_loot_to, source, ruling


def change_attack(state: State, fight: Fight) -> Done:
    encounter, main, supporters, loot_to, given_loot_to, source, ruling = fight
    lines: list[str] = []
    if source is not None:
        play_team_card(state, state.attack_card, source)
        lines.append(f"{state.attack_card} card played: removed from play")
    lines += ruling
    lines += roll(state, encounter, main, supporters, loot_to)
    rolled = (main.hero.name, str(main.die),
              tuple(grammar.HeroRoll(s.hero.name, str(s.die)) for s in supporters))
    if source is not None:
        return grammar.TeamAttack(*rolled, state.player_option(source)), lines
    return grammar.Attack(*rolled, None if given_loot_to is None else loot_to), lines


check_team_attack, change_team_attack = check_attack, change_attack


def assist_ruling(state: State, encounter: Encounter, main: Roll, team: bool) -> list[str]:
    """halfdeck.ruling.assist: supporters for a main attacker whose best roll reaches the
    enemy's number alone are refused (strict) or allowed and said so (loose)."""
    if state.config.edition < ASSIST_EDITION:
        return []  # an earlier game has no such setting: it assists any roll
    best, said, _ = sums(main.hero, table()["die"]["faces"], encounter,
                         who=f"{main.hero.name}'s best alone")
    if best < encounter.card.number:
        return []
    what = "team attack" if team else "assist"
    reach = f"{said} >= {LETTER[encounter.attribute]}{encounter.card.number}"
    if state.assist_refused(best, encounter.card.number):
        raise RuleRefused(f"no {what} (--assist-rule strict): {reach}", R_ASSIST_RULE)
    return [f"{what} allowed (--assist-rule loose): {reach}"]


def check_loot_to(state: State, given: int | None, main: Roll,
                  supporters: Sequence[Roll]) -> int:
    if given is None:
        return main.hero.player
    allowed = {main.hero.player} | {s.hero.player for s in supporters}
    if not state.coop or given not in allowed:
        raise RuleRefused("loot goes to the main attacker's player, or by agreement to "
                          "the supporter's", R_COOP)
    return given


def roll(state: State, encounter: Encounter, main: Roll, supporters: Sequence[Roll],
         loot_to: int) -> list[str]:
    hero = main.hero
    total, said, gear = sums(hero, main.die, encounter, supporters)
    encounter.rolls += 1
    lines: list[str] = []
    spent = spend_one_use(state, hero, gear)
    if total >= encounter.card.number:
        before = encounter.life
        encounter.life -= 1  # each hit takes one life: the one place it changes
        lines.append(f"{said} >= {encounter.title()}: hit, {encounter.card.name} life "
                     f"{before} -> {encounter.life}")
        lines += spent
        if encounter.life <= 0:
            lines += defeated(state, encounter, loot_to)
        return lines
    damage = table()["combat"]["miss_damage"]
    hurt = [hero] + [s.hero for s in supporters]
    changes = ", ".join(f"{h.name} life {h.life} -> {h.life - damage}" for h in hurt)
    lines.append(f"{said} < {encounter.title()}: miss, {changes}")
    lines += spent
    return lines + state.set_lives([(h, h.life - damage) for h in hurt])


def defeated(state: State, encounter: Encounter, loot_to: int) -> list[str]:
    card = encounter.card
    if card.kind == ENDGAME_BOSS:
        state.move_red(RED_MET, RED_GONE)
        state.won_by = card.name
        return [f"{card.name}, the endgame boss, is defeated: you win!"]
    state.move_red(RED_MET, RED_DISCARD)
    line = f"{card.name} is defeated"
    if not card.loot:
        return [line + ": no loot"]
    state.owed[loot_to] += card.loot
    return [line, loot_line(state, known(card.loot), loot_to)]


# -- challenge ------------------------------------------------------------------------------
Attempt = tuple[Encounter, Hero, int]  # the trap, the hero who tries it, the die


def check_challenge(state: State, action: grammar.Challenge) -> Attempt:
    hero = state.hero(action.hero)
    value = die(action.die)
    encounter = state.encounter
    if encounter is None or encounter.kind != TRAP:
        what = "an enemy is fought with 'attack HERO ROLL'" if encounter else \
            "no trap is in play"
        raise RuleRefused(what, R_TRAP)
    if not can_attempt(state, hero, encounter):
        why = f"cannot reach {encounter.title()} even with a 6" \
            if state.config.trap_needs == "reach" else \
            f"has no {encounter.attribute} to attempt {encounter.title()}"
        raise RuleRefused(f"{hero.name} {why}", R_TRAP)
    return encounter, hero, value


def change_challenge(state: State, attempt: Attempt) -> Done:
    encounter, hero, value = attempt
    total, said, gear = sums(hero, value, encounter)
    spent = spend_one_use(state, hero, gear)
    state.move_red(RED_MET, RED_DISCARD)
    if total >= encounter.card.number:
        lines = [f"{said} >= {encounter.title()}: the trap is passed safely"]
    else:
        effect = encounter.card.effect or "apply the text on the card"
        lines = [f"{said} < {encounter.title()}: the trap strikes {hero.name}: {effect}",
                 "(it hits the chosen hero unless the card says otherwise)"]
    return grammar.Challenge(hero.name, str(value)), lines + spent
