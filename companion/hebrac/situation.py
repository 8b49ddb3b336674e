"""Hebrac's Dungeon: what the game waits for, read without changing anything: the
queries every verb's check shares, below the verbs' modules, and what commands show
(status, map, the next step's hint)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from companion.cards import Card
from companion.editions import at_least
from companion.errors import RuleRefused
from companion.hebrac import rules, state
from companion.hebrac.rules import Spell
from companion.hebrac.state import KIND, ROWS, Chamber, Encounter
from companion.text import wrap

if TYPE_CHECKING:
    from companion.hebrac.engine import HebracGame


def check_reachable(game: HebracGame, name: str) -> None:
    if reaches(game, name):
        return
    if not any(c.visited for c in game.chambers.values()):
        corners = ", ".join(state.corner_chambers(game.columns))
        raise RuleRefused(f"the first chamber of a level is a corner: {corners}",
                          "hebrac.map.first-chamber")
    open_now = enterable(game)
    where = f": enter {', '.join(open_now)}" if open_now else ""
    raise RuleRefused(f"{name} is not next to a chamber you have visited{where}", state.R_MAP)


def teleport_waiting(game: HebracGame) -> str | None:
    """The chamber Teleport put the player in, its enemy still to be turned up: from
    edition 3 on nothing but entering it may follow (hebrac.ruling.teleport-arrival)."""
    target = game.teleport_target
    if target is None or not at_least(game.settings, state.THIRD) or \
            game.chambers[target].cleared:
        return None
    return target


def enter_text(game: HebracGame, name: str) -> str:
    """What entering ``name`` is typed as: its enemy card only when still unknown."""
    chamber = game.chambers[name]
    known = chamber.enemy is not None or chamber.enemy_gone
    return f"enter {name}" if known else f"enter {name} CARD"


def refuse_if_teleported(game: HebracGame, what: str, name: str | None = None) -> None:
    target = teleport_waiting(game)
    if target is None or name == target:
        return
    raise RuleRefused(f"cannot {what}: Teleport put you in {target}; "
                      f"'{enter_text(game, target)}' turns up its enemy", state.R_TELEPORTED)


def next_chambers(game: HebracGame) -> list[str]:
    """The Teleport target alone while it waits (edition 3), else ``enterable``."""
    target = teleport_waiting(game)
    return [target] if target is not None else enterable(game)


def enterable(game: HebracGame) -> list[str]:
    """The chambers ``reaches`` finds not cleared, in map order."""
    return [c.name for c in game.chambers.values() if not c.cleared and reaches(game, c.name)]


def reaches(game: HebracGame, name: str) -> bool:
    """Whether the map lets 'enter' reach chamber ``name``, cleared or not: visited or
    next to a visited chamber, a corner on a fresh level, or the Teleport target."""
    chambers = game.chambers
    if chambers[name].visited or name == game.teleport_target or any(
            chambers[near].visited for near in state.neighbours(name, game.columns)):
        return True
    return name in state.corner_chambers(game.columns) and not any(
        c.visited for c in chambers.values())


def next_level_allowed(game: HebracGame) -> bool:
    """All chambers cleared, or half of them under the 2005 rules."""
    cleared, total = game.cleared_count(), len(game.chambers)
    return cleared == total or (game.setup.rules == "2005" and 2 * cleared >= total)


def waiting_genie(game: HebracGame) -> Card | None:
    if game.pending and game.pending.startswith("genie-"):
        return Card.parse(game.pending.removeprefix("genie-"))
    return None


def refuse_if_busy(game: HebracGame, what: str) -> None:
    if waiting_genie(game) is not None:
        raise RuleRefused(f"cannot {what} now: the genie acts first ({next_hint(game)})",
                          state.R_GENIE_BOUGHT)
    if game.pending:
        raise RuleRefused(f"cannot {what} now: settle Hebrac's game first "
                          f"({next_hint(game)})", state.R_HEBRAC)
    if game.encounter is not None:
        raise RuleRefused(f"cannot {what} now: {game.encounter.chamber} is not settled "
                          f"({next_hint(game)})", state.R_ENCOUNTER)


def why_no_damage(game: HebracGame, encounter: Encounter) -> str | None:
    if encounter.paralysis > 0:
        return "Paralysis"
    return "Anti-Magic: magicians cannot hurt you" \
        if anti_magic_shields(game, encounter.enemy) else None


def anti_magic_shields(game: HebracGame, enemy: Card) -> bool:
    """Anti-Magic under way: a magician (a club 2-10) hurts no round."""
    return "anti-magic" in game.effects and enemy.suit == "C" and enemy.is_pip


def late_potion_open(game: HebracGame) -> bool:
    encounter = game.encounter
    return bool(game.setup.late_potions and encounter and encounter.last_round
                and not encounter.last_round.won_by_potion
                and encounter.last_round.total < encounter.last_round.enemy_life)


def round_risk(game: HebracGame) -> int:
    """The most life the next round could cost: facing a fighter, its life less the
    weakest attack (an ace) with what always adds (bracelet, prisoners, Super
    Strength); else what a black card costs in Hebrac's game."""
    return max(rules.table()["hebrac_game"]["black_card_damage"], worst_round(game) or 0)


def worst_round(game: HebracGame) -> int | None:
    """What the next battle round costs at most (None: no battle under way)."""
    encounter = game.encounter
    if encounter is None or not rules.is_fighter(encounter.enemy) or \
            encounter.stage not in ("battle", "adventurer"):
        return None
    return rules.settle_round(
        [Card(1, "S")], encounter.enemy, curse="curse" in game.effects,
        bracelet=game.holds("AS"), prisoners=len(encounter.prisoners),
        super_strength=encounter.super_strength,
        no_damage=why_no_damage(game, encounter)).damage


def genie_of_death_targets(game: HebracGame, card: Card, extras: Sequence[str]) -> list[str]:
    """The chambers a KS must take when no choice is left and none are named."""
    if extras or card != Card.parse("KS"):
        return []
    targets, wanted = genie_targets(game)
    return targets if wanted == len(targets) else []


def check_known_treasure(game: HebracGame, chamber: Chamber, card: Card) -> None:
    if chamber.treasure is not None and chamber.treasure != card:
        raise RuleRefused(f"{chamber.name}'s treasure is {chamber.treasure}, seen before, "
                          f"not {card}", state.R_ENCOUNTER)


def anti_magic_hebrac(game: HebracGame) -> list[str]:
    return [f"Anti-Magic does not stop Hebrac's game (rule {state.R_ANTI_MAGIC_HEBRAC})"] \
        if "anti-magic" in game.effects else []


def genie_targets(game: HebracGame) -> tuple[list[str], int]:
    """The chambers a KS may take (unvisited, their enemy there) and how many it takes."""
    targets = [c.name for c in game.chambers.values() if not c.visited and not c.enemy_gone]
    return targets, min(rules.table()["treasure"]["genie_of_death_enemies"], len(targets))


def genie_usage(game: HebracGame, card: Card) -> str:
    treasure = rules.table()["treasure"]
    if card.suit == "D":
        wanted = treasure["genie_of_luck_cards"]
        return f"'take KD{' CARD' * wanted}' (the Hand Deck's top cards)"
    targets, wanted = genie_targets(game)
    return f"'take KS{' CHAMBER' * wanted}' (unvisited: {' '.join(targets)})"


def stealing_blocked(game: HebracGame) -> str | None:
    """Why Stealing Spirit cannot be cast now (timing or magic points), or None."""
    spell = rules.spells()["stealing-spirit"]
    try:
        verify_cast(game, spell)
    except RuleRefused as error:
        return str(error.args[0])
    encounter = game.encounter
    if encounter is not None and game.chambers[encounter.chamber].treasure_gone:
        return f"{encounter.chamber} has no treasure left"
    if game.magic_points < spell.cost:
        return f"it costs {spell.cost}, you have {game.magic_points} magic points"
    return None


def ware_shown(game: HebracGame) -> Card | None:
    """The treasure turned up in the encounter (a merchant's ware, an adventurer's),
    still there: Stealing Spirit takes it without its name typed again."""
    encounter = game.encounter
    if encounter is None or encounter.treasure is None or \
            game.chambers[encounter.chamber].treasure_gone:
        return None
    return encounter.treasure


def can_cast(game: HebracGame, spell: Spell) -> tuple[bool, str]:
    """Whether the timing rules allow ``spell`` now, and why not (magic points aside)."""
    try:
        verify_cast(game, spell)
    except RuleRefused as error:
        return False, str(error)
    return True, spell.timing


def verify_cast(game: HebracGame, spell: Spell) -> None:
    """Raise RuleRefused when the timing rules forbid ``spell`` now."""
    rule = state.spell_rule(spell)
    encounter = game.encounter
    if game.pending:
        refuse_if_busy(game, "cast a spell")
    stage = encounter.stage if encounter else None
    in_battle = stage == "battle"
    if stage == "white-priestess":
        raise RuleRefused("no spell may be cast on a white priestess", state.R_WHITE)
    if encounter is not None and encounter.spell_cast and stage in ("battle", "adventurer",
                                                                       "trading"):
        raise RuleRefused("one spell per battle: already cast here", state.R_ONE_SPELL)
    sid = spell.id
    if sid in ("paralysis", "double-attack", "super-strength") and not in_battle:
        if stage == "adventurer":
            raise RuleRefused(f"{spell.name} is for battle only: the battle with an "
                              "adventurer starts with the first 'attack'",
                              "hebrac.ruling.adventurer-battle-spells")
        raise RuleRefused(f"{spell.name} is for battle only", rule)
    if sid == "double-attack" and encounter and encounter.double_attack:
        raise RuleRefused("Double Attack is already waiting for the next round", rule)
    if sid == "escape" or sid == "stealing-spirit":
        if stage is None:
            raise RuleRefused(f"{spell.name} needs an enemy turned up", rule)
        assert encounter is not None
        kind = rules.enemy_kind(encounter.enemy)
        if sid == "escape" and kind == "black priestess":
            raise RuleRefused("Escape does not work on a black priestess", rule)
        if stage == "treasure":
            raise RuleRefused(f"{encounter.chamber} is won: no guard left to "
                              f"{'escape' if sid == 'escape' else 'rob'}, "
                              "'take CARD' takes the treasure", "hebrac.ruling.spells-after-win")
        if kind == "hebrac":
            raise RuleRefused(f"{spell.name} does not work on Hebrac", rule)
        if sid == "escape" and stage in ("merchant", "sale"):
            raise RuleRefused("Escape does not work on a merchant", rule)
        if sid == "stealing-spirit" and stage == "trading" and not game.setup.evil:
            raise RuleRefused("his treasure is revealed: Stealing Spirit is too late "
                              "(evil alignment allows it)", state.R_EVIL)
    if sid == "teleport" and stage in ("merchant", "sale", "hebrac"):
        who = "Hebrac" if stage == "hebrac" else "a merchant"
        raise RuleRefused(f"no one flees {who}: Teleport, as Escape, is refused until "
                          f"{encounter.chamber if encounter else 'the chamber'} is "
                          "settled", state.R_NO_FLEE)
    if sid == "illusion":
        if stage != "trading" or encounter is None or encounter.treasure is None:
            raise RuleRefused("Illusion works only while trading", rule)
        if encounter.treasure.rank == 1:
            raise RuleRefused("Illusion fails when the adventurer holds an ace", rule)
        if rules.trade_value(encounter.treasure) is None and \
                game.setup.illusion_black_queen != "allowed":
            raise RuleRefused(f"Illusion: {encounter.treasure} is a black priestess, never "
                              "traded for (--illusion-black-queen refused)",
                              state.R_ILLUSION_QUEEN)
    if sid == "stone-statue" and in_battle:
        raise RuleRefused("Stone Statue is forbidden in battle", rule)
    if sid == "hell-bomb" and not in_battle:
        if encounter is not None:
            raise RuleRefused("Hell Bomb: in battle, or from an explored chamber", rule)
        if game.position is None:
            raise RuleRefused("Hell Bomb needs a position: enter or move to a chamber", rule)


def next_hint(game: HebracGame) -> str:
    if game.pending == "hebrac-game":
        return "'play CARD' or 'refuse' Hebrac's game"
    if game.pending == "hebrac-prize":
        return "'take CARD', your pick from the Hand Deck"
    genie = waiting_genie(game)
    if genie is not None:
        usage = genie_usage(game, genie)
        return usage.split(" (")[0] + ", the genie's work"
    encounter = game.encounter
    target = teleport_waiting(game)
    if encounter is None and target is not None:
        return f"'{enter_text(game, target)}' (Teleport put you there)"
    if encounter is None:
        open_now = enterable(game)
        enter = f"'enter CHAMBER ENEMY' ({', '.join(open_now)})" if open_now else ""
        if not next_level_allowed(game):
            return enter or "'enter CHAMBER ENEMY'"
        return f"{enter} or 'next-level'" if enter else "'next-level'"
    robbed = game.chambers[encounter.chamber].treasure_gone
    sale = "'buy CARD...' or 'refuse'"
    ware = encounter.treasure
    if ware is not None and rules.price(ware) is None:  # hebrac.ruling.merchant-no-sale
        sale = "'refuse'" if stealing_blocked(game) is not None else \
            f"'cast stealing-spirit {ware}' or 'refuse'"
    return {
        "battle": "'attack CARD'" + (" CARD" if encounter.double_attack else ""),
        "adventurer": "'attack CARD'" + (" or 'reveal CARD'" * (not robbed)),
        "trading": "'offer CARD...' or 'refuse'",
        "merchant": "'reveal CARD'" if not robbed else "'refuse'",
        "sale": sale,
        "white-priestess": "'heal' or 'take CARD'",
        "hebrac": "'play CARD' or 'refuse'",
        "treasure": "'take CARD'",
    }[encounter.stage]


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
        "next": next_hint(game) if game.outcome == "playing" else None,
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
    ahead = set(next_chambers(game)) if game.encounter is None and not game.pending \
        and game.outcome == "playing" else set()
    for row in ROWS:
        text = row + " "
        for col in range(1, game.columns + 1):
            text += map_cell(game, game.chambers[f"{row}{col}"], ahead).rjust(cell)
        lines.append(text)
    return lines


def map_cell(game: HebracGame, chamber: Chamber, ahead: Iterable[str] = ()) -> str:
    here = "@" if chamber.name == game.position else "+" if chamber.name in ahead else ""
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
    worst = worst_round(game)
    fighting = worst is not None and worst >= game.life  # the next round can kill
    if game.outcome != "playing" or not fighting and (
            game.life > round_risk(game) or not missing):
        return None

    potions = [c for c in game.inventory if c.suit == "H" and c.is_pip]
    healing = rules.spells()["healing"]
    lives = min(game.magic_points // healing.cost, missing) \
        if can_cast(game, healing)[0] else 0
    spell = [f"{healing.name} +{lives}"] if lives else []
    strength = [c for c in game.inventory if c.suit == "S" and c.is_pip] if fighting else []
    stops = [found.name for found in map(rules.spells().__getitem__, ("paralysis", "escape"))
             if fighting and game.magic_points >= found.cost
             and can_cast(game, found)[0]]
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
        lines += wrap(f"Next: {next_hint(game)}", width)
    else:
        lines.append("You won!" if game.outcome == "won" else "You are dead.")
    return lines


def prompt(game: HebracGame) -> str:
    where = game.position or "-"
    return (f"L{game.level} {where} life {game.life}/{game.max_life} "
            f"magic {game.magic_points}" + ("" if game.outcome == "playing"
                                            else f" [{game.outcome}]"))

