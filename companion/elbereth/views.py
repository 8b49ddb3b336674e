"""What Elbereth's commands show: the status, the shell's prompt, the hint for what
comes next, and the warning when one more miss could end the game."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from companion.elbereth.book import COIN_UP, DISCARDED, DOWN, EQUIPPED, table
from companion.text import wrap

if TYPE_CHECKING:
    from companion.elbereth.engine import ElberethGame

# Status lines continue four spaces in, under the item they belong to.
indented = partial(wrap, indent="    ")


def settle_hint(game: ElberethGame) -> str:
    options = []
    if game.equipped("offensive"):
        options.append(f"'boost {' '.join(game.equipped('offensive'))}' (+1 each)")
    if game.equipped("protective"):
        options.append(f"'block {'|'.join(game.equipped('protective'))}'")
    left = game.left()
    options.append(f"'wound {left[0]}' to lose your last item for good" if len(left) == 1
                   else f"'wound ITEM' to lose one of your {len(left)} items for good")
    return ", ".join(options[:-1]) + (" or " if len(options) > 1 else "") + options[-1]


def deck_text(game: ElberethGame) -> str:
    return f"{game.others() + 2} = {game.others()} + {game.boss_word()} + down stairs"


# -- what the player sees -------------------------------------------------------
def next_hint(game: ElberethGame) -> str:
    if game.miss is not None:
        return f"settle the miss: {settle_hint(game)}"
    if game.key and game.stairs:
        return "'descend'" + (" to win" if game.floor == game.floors else "")
    need = []
    if not game.key:
        need.append(f"beat the {game.floor_boss or game.boss_word()} for the key")
    if not game.stairs:
        need.append("find the stairs ('found stairs')")
    return "explore: 'attack ENEMY ROLL', 'pickup', 'break-wall'; " + " and ".join(need)


def near_death(game: ElberethGame) -> str | None:
    """One line (40 columns) when a miss could soon end the game: what still saves
    you. You lose on a miss with no equipment left to discard, so a hero down to
    the last piece is one unsettled miss from that."""
    if game.outcome != "playing" or game.miss is not None or len(game.left()) > 1:
        return None
    if not game.left():
        return "Near death: no gear left; a miss loses"
    item = game.left()[0]
    if game.items[item] == EQUIPPED:
        if item in table()["equipment"]["offensive"]:
            return f"Near death: on a miss, boost {item} (+{table()['equipment']['boost']})"
        return f"Near death: on a miss, block {item}"
    if game.shops and game.coin == COIN_UP:
        return f"Near death: shop {item} to equip it"
    return f"Near death: equip the {item} (pickup)"


def status(game: ElberethGame) -> dict[str, object]:
    """The state as JSON holds it ('status --json'), the keys in this order."""
    miss: dict[str, object] | None = None
    if game.miss is not None:
        miss = {"enemy": game.miss.enemy.name, "strength": game.miss.enemy.strength,
                "roll": game.miss.roll}
    return {
        "game": "elbereth",
        "floor": game.floor,
        "floors": game.floors,
        "deck": game.others() + 2,
        "others": game.others(),
        "removed": game.removed,
        "equipment": dict(game.items),
        "equipped": game.equipped(),
        "coin": game.coin,
        "key": game.key,
        "stairs": game.stairs,
        "shop": game.shops > 0,
        "shops": game.shops,
        "beaten_here": dict(game.beaten),
        "walls_here": game.walls,
        "picked_here": list(game.picked),
        "floor_boss": game.floor_boss,
        "boss_beaten": game.boss_down,
        "bosses_met": dict(game.bosses_met),
        "ogre_wins": game.ogre_wins,
        "beaten_total": dict(game.beaten_total),
        "miss": miss,
        "next": next_hint(game) if game.outcome == "playing" else None,
        "outcome": game.outcome,
        "settings": game.settings,
    }


def status_lines(game: ElberethGame, width: int = 40) -> list[str]:
    mode = " (bosses)" if game.bosses else ""
    lines = [f"Floor {game.floor} of {game.floors}{mode}"]
    lines += indented(f"Deck {deck_text(game)}", width)
    lines.append(f"Removed unseen: {game.removed}")
    for label, state in (("Equipped", EQUIPPED), ("Face down", DOWN),
                         ("Discarded", DISCARDED)):
        held = [i for i, s in game.items.items() if s == state]
        if held or state == EQUIPPED:
            held = held or ["none"]
            lines += indented(f"{label}: {', '.join(held)}", width)
    lines.append(f"Coin: {game.coin}  Key: {'yes' if game.key else 'no'}")
    lines.append(f"Stairs: {'found' if game.stairs else 'not found'}  "
                 f"Shop: {('found', 'two found')[game.shops - 1] if game.shops else 'no'}")
    beaten = [f"{n} {c}" for n, c in game.beaten.items()]
    if game.walls:
        beaten.append(f"walls {game.walls}")
    if beaten:
        lines += indented(f"This floor: {', '.join(beaten)}", width)
    if game.floor_boss is not None:
        state = "beaten" if game.boss_down else "waiting"
        if game.floor_boss == "ogre" and game.ogre_wins and not game.boss_down:
            state = f"{game.ogre_wins} of {table()['bosses']['ogre']['wins']} wins"
        lines += indented(f"Boss: {game.floor_boss}, {state}", width)
    if game.miss is not None:
        lines += indented(f"Miss: roll {game.miss.roll} vs {game.miss.enemy.name} "
                       f"{game.miss.enemy.strength}", width)
    danger = near_death(game)
    if danger is not None:
        lines += indented(danger, width)
    if game.outcome == "playing":
        lines += indented(f"Next: {next_hint(game)}", width)
    else:
        lines.append("You won!" if game.won else "You lost.")
    return lines


def prompt(game: ElberethGame) -> str:
    """Short, so a typed action fits beside it in the shell at 40 columns (issue 35): the
    floor, how many items are equipped (the status names them), coin, key, a miss."""
    parts = [f"F{game.floor} gear {len(game.equipped())}"]
    if game.coin == COIN_UP:
        parts.append("coin")
    if game.key:
        parts.append("key")
    text = " ".join(parts)
    if game.miss is not None:
        text += f" | miss {game.miss.enemy.name}"
    return text + ("" if game.outcome == "playing" else f" [{game.outcome}]")
