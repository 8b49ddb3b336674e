"""What Tricky Dungeon's commands show: the status, the score sheet, the prompt and
the lines a ruling shares with them (the trump, the gold rule, the haul so far)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.game import plural
from companion.tricky.cards import wrap
from companion.tricky.heroes import (
    COUNT_WORDS,
    TRUMP_TEXT,
    Hero,
    gold_for_round,
    hero_number,
    number_note,
)
from companion.tricky.state import Revoke, Round

if TYPE_CHECKING:
    from typing import TypedDict

    from companion.tricky.engine import TrickyGame

    class SheetRowStatus(TypedDict):
        """A finished round on the score sheet."""

        round: int
        active: str
        hero: str
        trump: str
        via: str  # "tricks" (played out) or "result" (typed in)
        gold: dict[str, int]  # each player's gold, by name
        revokes: int


def trump_line(game: TrickyGame, rnd: Round) -> str:
    hero, trump = rnd.hero, rnd.trump
    if trump.kind == "none":
        return "No trump"
    text = f"Trump: {TRUMP_TEXT.get(trump.kind) or trump.text(game.deck)}"
    if trump.kind == "potions":
        text += f" ({game.deck.text(game.deck.potions)}){game.deck.flag('potions')}"
    if hero.chooser == "left":
        left = game.players[(rnd.active + 1) % game.count]
        text += f", chosen by {left} (left of {game.players[rnd.active]})"
    return text


def gold_rule(game: TrickyGame, hero: Hero) -> str:
    if hero.setting is None:
        return hero.gold_rule()
    number = hero_number(hero, game.settings, game.count)
    return f"{hero.gold_rule(str(number))} ({number_note(hero, game.settings, game.count)})"


def revoke_line(game: TrickyGame, revoke: Revoke, short: bool = False) -> str:
    who, colour = game.players[revoke.player], game.deck.colour_name(revoke.colour)
    if short:  # in a trick's answer: the status says it in full
        return f"Revoke? {who}: no {colour} in trick {revoke.missed}, {revoke.card} now"
    return (f"Revoke? {who} did not follow {colour} in trick {revoke.missed}, then played "
            f"{revoke.card} in trick {revoke.played}")


def haul_line(game: TrickyGame, rnd: Round) -> str:
    counts = rnd.collected(game.deck)
    shown = ["tricks", *(c for c in rnd.hero.counts if c not in ("tricks", "last_trick"))]
    haul = ", ".join(plural(int(counts[c]), COUNT_WORDS[c]) for c in shown)
    hero = rnd.hero
    if hero.gold in ("per", "base-minus", "over-minimum"):
        # The gold the haul is worth now, so nobody adds it up at the table; heroes
        # paid on the last trick or a prediction are settled only at the end.
        gold, _ = gold_for_round(hero, counts,
                                 number=hero_number(hero, game.settings, game.count))
        haul += f": {gold} gold so far"
    return f"{game.players[rnd.active]} (active): {haul}"


def scores_text(game: TrickyGame, between: str = ", ") -> str:
    return between.join(f"{p} {g}" for p, g in zip(game.players, game.totals, strict=True))


def winner_text(game: TrickyGame, gold: bool = True) -> str:
    winners = game.winners()
    verb = "wins" if len(winners) == 1 else "share the win"
    most = f" with {max(game.totals)} gold" if gold else ""
    return f"{' and '.join(winners)} {verb}{most}"


def end_line(game: TrickyGame) -> str:
    """Who won, without the gold: the final scores are shown beside it, once."""
    if game.setup.race:
        return f"Race to {game.setup.race} won: {winner_text(game, gold=False)}"
    return f"Game over after {len(game.rounds)} rounds: {winner_text(game, gold=False)}"


# -- what commands show -------------------------------------------------------------
def next_hint(game: TrickyGame) -> str:
    rnd = game.current
    if rnd is None:
        nxt = game.next_active()
        if nxt is None:  # the first round: any player starts, named with --active
            return "'round HERO --active NAME'"
        return f"'round HERO' ({game.players[nxt]} picks)"
    if rnd.hero.gold == "prediction" and rnd.predict is None:
        if not rnd.tricks and (rnd.active not in rnd.exchanged  # an exchange may follow
                               or game.rules.others_exchange and len(rnd.exchanged) < 2):
            return "'exchange' if any, then 'predict N' (the Seer's tricks + potions)"
        return "'predict N' (the Seer's tricks + potions)"
    return f"'trick' from {game.players[rnd.leader]}" + ("" if rnd.tricks else ", or 'result'")


def sheet(game: TrickyGame) -> list[SheetRowStatus]:
    """One row per finished round: active player, hero, trump, gold to each."""
    return [{"round": r.number, "active": game.players[r.active], "hero": r.hero.name,
             "trump": r.trump.text(game.deck), "via": r.via,
             "gold": dict(zip(game.players, r.gold or (), strict=True)),
             "revokes": len(r.revokes)} for r in game.rounds if r.done]


def guild_left(game: TrickyGame, player: int) -> list[Hero]:
    used = {r.hero for r in game.rounds if r.active == player}
    return [h for h in game.choices if h not in used]


def status(game: TrickyGame) -> dict[str, object]:
    """The state as JSON holds it ('status --json'), the keys in this order."""
    rnd = game.current
    round_json: dict[str, object] | None = None
    if rnd is not None:
        round_json = {
            "number": rnd.number, "active": game.players[rnd.active], "hero": rnd.hero.id,
            "trump": rnd.trump.text(game.deck), "predict": rnd.predict,
            "passed": [h.id for h in rnd.passed],
            "exchanged": {game.players[p]: n for p, n in rnd.exchanged.items()},
            "discards": [str(c) for c in rnd.discards],
            "tricks": [{"number": t.number, "leader": game.players[t.leader],
                        "cards": [str(c) for c in t.cards],
                        "winner": game.players[t.winner]} for t in rnd.tricks],
            "leader": game.players[rnd.leader],
            "collected": rnd.collected(game.deck),
            "revokes": [{"player": game.players[r.player],
                         "colour": game.deck.colour_name(r.colour), "missed": r.missed,
                         "played": r.played, "card": str(r.card)} for r in rnd.revokes],
        }
    nxt = game.next_active()
    return {
        "game": "tricky",
        "players": game.players,
        "set": game.setup.hero_set,
        "rounds_played": sum(1 for r in game.rounds if r.done),
        "rounds_total": game.rounds_total,
        "race": game.setup.race or None,
        "guild": game.setup.guild,
        "random_heroes": game.setup.random_heroes,
        "tricks_per_round": game.hand,
        "round": round_json,
        "next_active": None if rnd is not None or nxt is None else game.players[nxt],
        "scores": dict(zip(game.players, game.totals, strict=True)),
        "sheet": sheet(game),
        "winners": game.winners() if game.finished else [],
        "unverified": sorted(game.deck.unverified),
        "next": None if game.finished else next_hint(game),
        "outcome": game.outcome,
        "settings": game.settings,
    }


def status_lines(game: TrickyGame, width: int = 40) -> list[str]:
    lines = [f"Race to {game.setup.race} gold"] if game.setup.race else []
    rnd = game.current
    of = f" of {game.rounds_total}" if game.rounds_total else ""
    if game.finished:
        lines.append(end_line(game))
    elif rnd is not None:
        lines.append(f"Round {rnd.number}{of}: {game.players[rnd.active]} plays the "
                     f"{rnd.hero.name}")
        lines.append(trump_line(game, rnd))
        if rnd.predict is not None:
            lines.append(f"Prediction: {rnd.predict}")
        lines.append(f"Trick {len(rnd.tricks) + 1} of {game.hand}: "
                     f"{game.players[rnd.leader]} leads")
        lines.append(haul_line(game, rnd))
        lines += [revoke_line(game, r) for r in rnd.revokes]
    else:
        nxt = game.next_active()
        who = f"{game.players[nxt]} picks" if nxt is not None else "any player starts"
        lines.append(f"Round {len(game.rounds) + 1}{of}: {who}")
        if game.setup.guild and nxt is not None:
            lines.append(f"Heroes left for {game.players[nxt]}: "
                         + ", ".join(h.name for h in guild_left(game, nxt)))
        else:
            lines.append(f"Set {game.setup.hero_set}: "
                         + ", ".join(h.name for h in game.choices))
    lines.append("Scores: " + scores_text(game))
    if not game.finished:
        lines.append(f"Next: {next_hint(game)}")
    if game.deck.unverified:
        lines.append(f"Unverified: {plural(len(game.deck.unverified), 'deck setting')} "
                     "(see 'deck')")
    keep = [hero.name for hero in game.choices]
    return [part for line in lines for part in wrap(line, width, keep=keep)]


def sheet_lines(game: TrickyGame, width: int = 40) -> list[str]:
    """The score sheet: a row per round and the totals (a table if it fits)."""
    rows = sheet(game)
    lines = sheet_table(game, rows)
    if not rows or max(len(line) for line in lines) > width:
        lines = [] if rows else ["No rounds played yet."]
        for row in rows:
            lines += wrap(f"{row['round']}. {row['active']}: {row['hero']}, trump "
                          f"{row['trump']}", width, keep=(row["hero"],))
            lines += wrap("   " + "  ".join(f"{p} {g}" for p, g in row["gold"].items()),
                          width, indent="")
    lines += wrap("Totals: " + scores_text(game), width)
    if game.finished:
        lines += wrap(end_line(game), width)
    elif game.rounds_total:
        lines.append(f"{plural(game.rounds_total - len(rows), 'round')} to play")
    return lines


def sheet_table(game: TrickyGame, rows: list[SheetRowStatus]) -> list[str]:
    names = game.players
    active_w = max(6, *(len(p) for p in names))
    hero_w = max([4, *(len(r["hero"]) for r in rows)])
    trump_w = max([5, *(len(r["trump"]) for r in rows)])
    gold_w = [max(3, len(p)) for p in names]
    cells: list[tuple[int | str, str, str, str, list[int] | list[str]]] = [
        ("#", "Active", "Hero", "Trump", names)]
    cells += [(row["round"], row["active"], row["hero"], row["trump"],
               [row["gold"][p] for p in names]) for row in rows]
    return [(f"{number:>2} {active:<{active_w}} {hero:<{hero_w}} {trump:<{trump_w}} "
             + " ".join(f"{g:>{w}}" for g, w in zip(gold, gold_w, strict=True))).rstrip()
            for number, active, hero, trump, gold in cells]


def prompt(game: TrickyGame) -> str:
    if game.finished:  # the scores are in the ruling's summary, or the status
        return "[finished]"
    scores = scores_text(game, " ")
    rnd = game.current
    of = f"/{game.rounds_total}" if game.rounds_total else ""
    if rnd is None:
        return f"R{len(game.rounds) + 1}{of} pick a hero | {scores}"
    # who leads the trick: its cards are typed from that player on (issue 35)
    return (f"R{rnd.number}{of} T{len(rnd.tricks) + 1}/{game.hand} "
            f"{game.players[rnd.leader]} leads | {scores}")


