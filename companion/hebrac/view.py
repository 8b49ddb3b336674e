"""Hebrac's Dungeon: what commands show (status, map, the next step's hint)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from companion.hebrac import rules, situation
from companion.hebrac.state import KIND, ROWS, Chamber, Encounter
from companion.text import wrap

if TYPE_CHECKING:
    from companion.hebrac.engine import HebracGame


def status(game: HebracGame) -> dict[str, object]:
    """What ``status --json`` prints (and the sheets, the live page read)."""
    encounter: dict[str, object] | None = None
    if game.encounter is not None:
        e = game.encounter
        encounter = {
            "chamber": e.chamber, "enemy": str(e.enemy),
            "kind": rules.enemy_kind(e.enemy),
            "enemy_life": rules.enemy_life(e.enemy, "curse" in game.effects)
            if rules.is_fighter(e.enemy) else None,
            "treasure": str(e.treasure) if e.treasure else None,
            "stage": e.stage, "rounds": e.rounds,
            "battle_effects": battle_effects(e),
            "prisoners": [str(p) for p in e.prisoners],
            "spell_cast": e.spell_cast,
        }
    return {
        "game": KIND,
        "rules": game.setup.rules,
        "life": game.life,
        "max_life": game.max_life,
        "magic_points": game.magic_points,
        "gems": game.gems,
        "inventory": [str(c) for c in game.inventory],
        "level": game.level,
        "position": game.position,
        "visited": [c.name for c in game.chambers.values() if c.visited],
        "cleared": [c.name for c in game.chambers.values() if c.cleared],
        "chambers": {c.name: {"enemy": str(c.enemy) if c.enemy else None,
                              "treasure": str(c.treasure) if c.treasure else None,
                              "visited": c.visited, "enemy_gone": c.enemy_gone,
                              "treasure_gone": c.treasure_gone} for c in game.chambers.values()},
        "encounter": encounter,
        "pending": game.pending,
        "games_waiting": game.games_waiting,
        "effects": sorted(game.effects),
        "visions": {"remote": game.remote_vision, "future": game.future_perception},
        "spells_cast": game.spells_cast,
        "aces": sorted({str(c) for c in game.inventory if c.rank == 1}),
        "next": situation.next_hint(game) if game.outcome == "playing" else None,
        "outcome": game.outcome,
        "settings": game.settings,
    }


def battle_effects(encounter: Encounter) -> list[str]:
    effects = (("paralysis", encounter.paralysis > 0),
               ("super-strength", encounter.super_strength),
               ("double-attack", encounter.double_attack))
    return [name for name, on in effects if on]


def map_lines(game: HebracGame) -> list[str]:
    cell = 4 if game.columns <= 8 else 3
    lines = ["  " + "".join(str(c).rjust(cell) for c in range(1, game.columns + 1))]
    # '+' marks where 'enter' may go next; only while nothing is being settled there.
    enterable = set(situation.next_chambers(game)) if game.encounter is None and not game.pending \
        and game.outcome == "playing" else set()
    for row in ROWS:
        text = row + " "
        for col in range(1, game.columns + 1):
            text += map_cell(game, game.chambers[f"{row}{col}"], enterable).rjust(cell)
        lines.append(text)
    return lines


def map_cell(game: HebracGame, chamber: Chamber, enterable: Iterable[str] = ()) -> str:
    here = "@" if chamber.name == game.position else "+" if chamber.name in enterable else ""
    if chamber.cleared:
        mark = "x"
    elif chamber.enemy_gone:
        mark = "o"  # guard gone, treasure waiting
    elif chamber.enemy is not None:
        mark = str(chamber.enemy).lower() if not chamber.visited else str(chamber.enemy)
    else:
        mark = "."
    return here + mark


def rescue_line(game: HebracGame, width: int = 40) -> str | None:
    """Near death (life at or below ``round_risk``): one line saying so and what held can
    help. In a battle the next round can kill: the line says it, and after what heals
    (life potions, each with the life it gives back now; Healing, the most lives the
    magic held buys) names what prevents the loss before the attack card is drawn
    (strength potions, Paralysis, Escape, when they may be cast and are paid for)."""
    missing = game.max_life - game.life
    worst = situation.worst_round(game)
    fighting = worst is not None and worst >= game.life  # the next round can kill
    if game.outcome != "playing" or not fighting and (
            game.life > situation.round_risk(game) or not missing):
        return None

    potions = [c for c in game.inventory if c.suit == "H" and c.is_pip]
    healing = rules.spells()["healing"]
    lives = min(game.magic_points // healing.cost, missing) \
        if situation.can_cast(game, healing)[0] else 0
    spell = [f"{healing.name} +{lives}"] if lives else []
    strength = [c for c in game.inventory if c.suit == "S" and c.is_pip] if fighting else []
    stops = [found.name for found in map(rules.spells().__getitem__, ("paralysis", "escape"))
             if fighting and game.magic_points >= found.cost
             and situation.can_cast(game, found)[0]]
    head = "Next round can kill: " if fighting else "Near death: "
    if not potions and not spell and not strength and not stops:
        return head + ("nothing held helps" if fighting else "nothing held heals you")
    line = head + ", ".join(
        [f"{card} +{min(card.rank, missing)}" for card in potions] + spell
        + [f"{card} attack +{card.rank}" for card in strength] + stops)
    if len(line) > (2 * width - 4 if fighting else width):  # many potions: counted together
        total = min(sum(c.rank for c in potions), missing)
        count = f"{len(potions)} potion{'s' if len(potions) > 1 else ''} +{total}"
        boost = f"attack +{sum(c.rank for c in strength)}"
        line = head + ", ".join(([count] if potions else []) + spell
                                + ([boost] if strength else []) + stops)
    return line


def status_lines(game: HebracGame, width: int = 40) -> list[str]:
    lines = wrap(f"Level {game.level}  life {game.life}/{game.max_life}  magic "
                 f"{game.magic_points}  gems {game.gems}"
                 + ("  (scepter)" if game.scepter else ""), width)
    rescue = rescue_line(game, width)
    if rescue is not None:
        lines += wrap(rescue, width)
    inventory = " ".join(map(str, game.inventory)) or "empty"
    lines += wrap(f"Inventory: {inventory}", width)
    aces = sorted({str(c) for c in game.inventory if c.rank == 1})
    lines.append(f"Aces: {len(aces)}/4 {' '.join(aces)}".rstrip())
    if game.effects:
        lines += wrap("Level effects: " + ", ".join(sorted(game.effects)), width)
    lines += map_lines(game)
    lines.append("x cleared o open . unknown @ you + next")
    if any(c.enemy is not None and not c.visited and not c.enemy_gone
           for c in game.chambers.values()):
        lines.append("lower case: seen, still face down")
    treasures = [f"{c.name} {c.treasure}" for c in game.chambers.values()
                 if c.treasure is not None and not c.treasure_gone]
    if treasures:
        lines += wrap("Treasures seen: " + ", ".join(treasures), width)
    lines.append(f"Cleared {game.cleared_count()} of {len(game.chambers)}")
    encounter = game.encounter
    if encounter is not None:
        text = f"{encounter.chamber}: {encounter.enemy} {rules.enemy_kind(encounter.enemy)}"
        if rules.is_fighter(encounter.enemy) and encounter.stage == "battle":
            life = rules.enemy_life(encounter.enemy, "curse" in game.effects)
            text += f", life {life}, round {encounter.rounds + 1}"
        lines += wrap(text, width)
        effects = [name.replace("-", " ") for name in battle_effects(encounter)]
        if encounter.prisoners:
            effects.append("prisoners " + " ".join(map(str, encounter.prisoners)))
        if effects:
            lines += wrap("Battle: " + ", ".join(effects), width)
    if game.outcome == "playing":
        lines += wrap(f"Next: {situation.next_hint(game)}", width)
    else:
        lines.append("You won!" if game.outcome == "won" else "You are dead.")
    return lines


def prompt(game: HebracGame) -> str:
    where = game.position or "-"
    return (f"L{game.level} {where} life {game.life}/{game.max_life} "
            f"magic {game.magic_points}" + ("" if game.outcome == "playing"
                                            else f" [{game.outcome}]"))

