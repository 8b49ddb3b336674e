"""Hebrac's Dungeon: the map and moving on it (enter, move, next-level), the encounter
started on entering, and what may come next.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.cards import Card
from companion.errors import BadInput, RuleRefused
from companion.hebrac import ledger, rules, situation, state
from companion.hebrac.grammar import Enter, Move, NextLevel
from companion.hebrac.state import Chamber, Done, Encounter, chamber_names, parse_chamber

if TYPE_CHECKING:
    from companion.hebrac.engine import HebracGame

ROBBED = f"(rule {state.R_ROBBED})"  # said where the treasure was taken before


def enter(game: HebracGame, action: Enter) -> Done:
    """Into a chamber, its enemy turned up (None: gone already): checked (a refusal changes
    nothing), then the encounter starts."""
    name = parse_chamber(action.chamber, game.columns)
    given = Card.parse(action.enemy) if action.enemy is not None else None
    situation.refuse_if_busy(game, "enter a chamber")
    chamber = game.chambers[name]
    if chamber.cleared:
        raise RuleRefused(f"{name} is cleared already: use 'move {name}' to walk there",
                          state.R_MAP)
    situation.refuse_if_teleported(game, f"enter {name}", name)
    situation.check_reachable(game, name)
    if chamber.enemy_gone:
        if given is not None:
            raise RuleRefused(f"{name}'s enemy is gone: enter it without an enemy card",
                              state.R_MAP)
        enemy = None
    else:
        enemy = given or chamber.enemy
        if enemy is None:
            raise BadInput(f"usage: enter {name} ENEMY (the card turned up)")
        if chamber.enemy is not None and given is not None and given != chamber.enemy:
            raise RuleRefused(f"{name}'s enemy is {chamber.enemy}, seen before, not {given}",
                              state.R_MAP)
        if chamber.enemy is None:
            ledger.refuse_copies(game, [enemy])
    # -- checked: the player is there
    game.teleport_target = None
    place(game, name)
    chamber.visited = True
    if enemy is None:
        game.encounter = Encounter(name, chamber.enemy or Card.joker(), "treasure",
                                   treasure=chamber.treasure)
        return Enter(name), [f"{name}: no guard left; take the treasure ('take CARD')"]
    if chamber.enemy is None:
        ledger.see(game, [enemy])
    chamber.enemy = enemy
    chamber.hidden_switch = False
    return Enter(name, str(enemy)), meet(game, name, enemy)


def meet(game: HebracGame, name: str, enemy: Card) -> list[str]:
    """Start the encounter with a chamber's enemy (on entering, or after a Body Switch)."""
    chamber = game.chambers[name]
    kind = rules.enemy_kind(enemy)
    spell_cast = game.encounter.spell_cast if game.encounter else False
    stage = rules.FIRST_STAGE.get(kind, "battle")
    if kind == "adventurer" and chamber.robbed_adventurer:
        stage = "battle"
    game.encounter = Encounter(name, enemy, stage, treasure=chamber.treasure,
                               spell_cast=spell_cast)
    life = rules.enemy_life(enemy, "curse" in game.effects) if rules.is_fighter(enemy) else 0
    if stage == "treasure":  # no guard: an empty chamber, or a black priestess who steals
        if kind == "empty":
            lines, gone = [], f"{name}: {enemy} = empty chamber; "
        else:
            lines = [f"{name}: {enemy} = black priestess",
                     ledger.priestess_theft(game, by_enemy=True)]
            gone = "she is gone; "
        chamber.enemy_gone = True
        ledger.under(game, [enemy])
        if chamber.treasure_gone and game.strict:  # stolen before (Stealing Spirit,
            game.encounter = None  # then Body Switch)
            return lines + [f"{gone}no treasure left: {name} cleared"]
        return lines + [f"{gone}take the treasure"]
    if kind == "hebrac":
        damage = rules.table()["hebrac_game"]["black_card_damage"]
        return [f"{name}: JK = Hebrac: 'play CARD' (red wins the treasure, black "
                f"costs {damage} life) or 'refuse'", *situation.anti_magic_hebrac(game)]
    if stage == "battle" and kind == "adventurer":
        return [f"{name}: {enemy} = the adventurer you robbed: he attacks, life {life} {ROBBED}"]
    # what may follow, or why not: the treasure taken before (Stealing Spirit)
    taken = chamber.treasure_gone
    if kind == "white priestess":
        then = "; Anti-Magic stops her healing: take the treasure" if "anti-magic" in \
            game.effects else ": 'heal' (life to max, treasure lost) or 'take CARD'"
    elif kind == "merchant":
        then = f"; nothing left to sell {ROBBED}: 'refuse'" if taken else \
            ": 'reveal CARD' to see his ware"
    elif kind == "adventurer":
        then = f"; nothing left to trade {ROBBED}: 'attack CARD'" if taken else \
            ": 'attack CARD' or 'reveal CARD' to trade"
    else:
        then = f"; no treasure left here {ROBBED}" if taken else ": 'attack CARD'"
    return [f"{name}: {enemy} = {kind}{f', life {life}' if life else ''}{then}"]


def move(game: HebracGame, action: Move) -> Done:
    name = parse_chamber(action.chamber, game.columns)
    situation.refuse_if_busy(game, "move")
    situation.refuse_if_teleported(game, f"move to {name}", name)
    chamber = game.chambers[name]
    if not chamber.visited:
        raise RuleRefused(f"{name} is unexplored: 'enter {name} ENEMY'", state.R_MAP)
    if chamber.enemy is not None and not chamber.enemy_gone:
        raise RuleRefused(f"{name} still has its guard: 'enter {name}'", state.R_MAP)
    place(game, name)
    return Move(name), [f"you walk to {name}"]


def place(game: HebracGame, name: str | None) -> None:
    """Where the player is: the one place it changes (entering, walking, Teleport, a new
    level, where it is nowhere until the first 'enter')."""
    game.position = name


def next_level(game: HebracGame, action: NextLevel) -> Done:
    situation.refuse_if_busy(game, "leave the level")
    situation.refuse_if_teleported(game, "leave the level")
    cleared, total = game.cleared_count(), len(game.chambers)
    if not situation.next_level_allowed(game):
        need = f"half the chambers ({(total + 1) // 2})" if game.setup.rules == "2005" \
            else "all chambers"
        raise RuleRefused(f"{cleared} of {total} chambers cleared: the next level needs "
                          f"{need}", state.R_LEVEL)
    return NextLevel(), go_to_next_level(game, f"{cleared} of {total} chambers cleared")


def go_to_next_level(game: HebracGame, why: str) -> list[str]:
    ended = sorted(game.effects)
    game.level += 1
    new_level_layout(game)
    lines = [f"{why}: level {game.level}, deal {2 * len(game.chambers)} new cards"]
    if ended:
        lines.append(f"ended with the level: {', '.join(ended)}")
    return lines


def new_level_layout(game: HebracGame) -> None:
    known, unseen = ledger.on_table(game)  # face-down cards never turned up go under too
    ledger.under(game, known, unseen)
    game.chambers = {name: Chamber(name) for name in chamber_names(game.columns)}
    game.deck_log.append(("deal", (), 2 * len(game.chambers)))
    place(game, None)
    game.encounter = None
    game.effects.clear()
    game.remote_vision = 0
    game.teleport_target = None


def leave_encounter(game: HebracGame, line: str) -> list[str]:
    encounter = game.encounter
    if encounter is None:
        return []
    ledger.under(game, encounter.prisoners)
    game.encounter = None
    return [line]

