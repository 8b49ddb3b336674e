"""Half Deck: the dungeon. A dungeon card turned up (``draw``, the rescue prisoner
among them), attack rolls against a minion or boss (``attack``, ``team-attack``), the
challenge of a trap (``challenge``), the encounters left (``escape``, ``team-escape``)
and the endgame boss shuffled back (``shuffle-back``): each verb's check, then change;
and the arithmetic every roll shares (gear bonus, what a hero needs on the die)."""

from __future__ import annotations

from collections.abc import Sequence

from companion import names
from companion.errors import BadInput, RuleRefused
from companion.halfdeck import grammar
from companion.halfdeck.cards import (
    BOSS,
    DUNGEON_KINDS,
    ENDGAME_BOSS,
    ENDGAME_TREASURE,
    FOES,
    HERO,
    LETTER,
    MINION,
    MISC,
    ONE_NUMBER,
    TRAP,
    CardInfo,
    card_name,
)
from companion.halfdeck.engine import (
    RED_DECK,
    RED_DISCARD,
    RED_GONE,
    RED_MET,
    RED_REMOVED,
    THE_DUNGEON,
    THE_REMOVED,
    Done,
    Encounter,
    Gear,
    HalfDeckGame,
    Hero,
    Roll,
    hand_of,
    in_play,
    worn,
)
from companion.halfdeck.grammar import GRAMMAR
from companion.halfdeck.hand import joins_line, loot_line
from companion.halfdeck.rules import (
    ASSIST_EDITION,
    DUNGEON_NUMBERS,
    HERO_NUMBERS,
    LOOT_NUMBERS,
    R_ASSIST,
    R_ASSIST_RULE,
    R_COMBAT,
    R_COOP,
    R_DRAW,
    R_ENDGAME,
    R_ESCAPE,
    R_HAND,
    R_RESCUE,
    R_RESCUE_FULL,
    R_TEAM,
    R_TRAP,
    die,
    enemy_life,
    in_range,
    known,
    table,
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


def can_attempt(state: HalfDeckGame, hero: Hero, encounter: Encounter) -> bool:
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


def team_card_holder(state: HalfDeckGame, card: str, given: int | None, hero: Hero) -> int:
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


def play_team_card(state: HalfDeckGame, card: str, player: int) -> None:
    """A team card played from a hand: removed from play, and counted."""
    state.move(card, hand_of(player), THE_REMOVED)
    if card == state.attack_card:
        state.team_attacks_used += 1
    else:
        state.escapes_used += 1


def spend_one_use(state: HalfDeckGame, hero: Hero, gear: Gear | None) -> list[str]:
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
def attack(state: HalfDeckGame, action: grammar.Attack | grammar.TeamAttack) -> Done:
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


team_attack = attack


def assist_ruling(state: HalfDeckGame, encounter: Encounter, main: Roll, team: bool) -> list[str]:
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


def check_loot_to(state: HalfDeckGame, given: int | None, main: Roll,
                  supporters: Sequence[Roll]) -> int:
    if given is None:
        return main.hero.player
    allowed = {main.hero.player} | {s.hero.player for s in supporters}
    if not state.coop or given not in allowed:
        raise RuleRefused("loot goes to the main attacker's player, or by agreement to "
                          "the supporter's", R_COOP)
    return given


def roll(state: HalfDeckGame, encounter: Encounter, main: Roll, supporters: Sequence[Roll],
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


def defeated(state: HalfDeckGame, encounter: Encounter, loot_to: int) -> list[str]:
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
def challenge(state: HalfDeckGame, action: grammar.Challenge) -> Done:
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


# Why no hero can attempt a trap, by --trap-needs.
NO_ATTEMPT = {"reach": " (none reaches its number even with a 6)",
              "attribute": " (no hero has that attribute)"}


# -- draw ---------------------------------------------------------------------------------
def draw(state: HalfDeckGame, action: grammar.Draw) -> Done:
    name = card_name(action.name)
    kinds = [k for k in (*DUNGEON_KINDS, HERO) if getattr(action, k.replace("-", "_"))]
    if len(kinds) > 1:
        raise BadInput(f"a card is one kind: --{kinds[0]} or --{kinds[1]}")
    if not kinds and name not in state.known and name != state.rescue:
        # A card named alone is one the game knows: by its name's start too.
        pool = [*state.known, *([state.rescue] if state.rescue else [])]
        name = names.find(name, pool, "card this game knows") or name
    seen = state.known.get(name)
    if kinds:
        kind = kinds[0]
    elif seen is not None:
        kind = seen.kind
    elif name == state.rescue:
        kind = HERO
    else:
        raise BadInput(f"say what {name} is: --minion, --boss, --trap, --misc, "
                       "--endgame-boss or --endgame-treasure")
    team = state.team_name(name)
    if team in (state.escape_card, state.attack_card):
        raise RuleRefused(f"{team} is a team card of the hero deck, not a dungeon card",
                          R_TEAM)
    if kind == HERO:
        return rescue(state, action, name)
    if name == state.rescue:
        raise BadInput(f"{name} is this game's prisoner: a hero")
    strength = in_range(action.strength, "str", *DUNGEON_NUMBERS)
    magic = in_range(action.magic, "mag", *DUNGEON_NUMBERS)
    loot = in_range(action.loot, "loot", *LOOT_NUMBERS)
    effect = action.effect or ""
    if kind in ONE_NUMBER and strength is not None and magic is not None:
        raise BadInput(f"a {kind} card is --str N or --mag N, not both")
    if kind in (MISC, ENDGAME_TREASURE) and (strength is not None or magic is not None):
        raise BadInput(f"a {kind} card has no strength or magic number")
    if kind in (TRAP, ENDGAME_BOSS, ENDGAME_TREASURE) and loot is not None:
        raise BadInput(f"a {kind.replace('-', ' ')} card has no loot number")
    if action.one_use and kind != MISC:
        raise BadInput("--one-use is for miscellaneous cards (gear takes it on 'equip')")
    if kind == MISC and loot is None:
        loot = seen.loot if seen is not None and seen.loot is not None else 0
    info = state.learn_card(name, kind, strength, magic, loot, action.one_use, effect)
    player = state.player(action.player, state.next_player)
    check_can_draw(state)
    special = kind in (ENDGAME_BOSS, ENDGAME_TREASURE)
    if special and kind not in state.endgame_left:
        why = ("is set aside in this game (--endgame "
               f"{state.config.endgame})") if endgame_set_aside(state, kind) \
            else "was drawn already"
        raise RuleRefused(f"the {kind.replace('-', ' ')} {why}", R_ENDGAME)
    if not special and state.dungeon_deck <= len(state.endgame_left) + state.rescue_left:
        raise RuleRefused(only_specials_text(state), R_ENDGAME)
    state.remember(info)
    start_round(state, player)
    lines = reveal(state, info, player)
    return grammar.Draw(
        info.name, **{kind.replace("-", "_"): True}, strength=info.strength,
        magic=info.magic, loot=info.loot if kind in (MINION, BOSS, MISC) else None,
        effect=info.effect or None, one_use=info.one_use,
        player=state.player_option(player)), lines


def endgame_set_aside(state: HalfDeckGame, kind: str) -> bool:
    return state.config.endgame not in ("both", kind.removeprefix("endgame-"))


def only_specials_text(state: HalfDeckGame) -> str:
    left = [k.replace("-", " ") for k in state.endgame_left]
    if state.rescue_left:
        left.append(f"the prisoner {state.rescue}")
    return (f"the dungeon deck holds {state.dungeon_deck} card"
            f"{'' if state.dungeon_deck == 1 else 's'}: only {' and '.join(left)} can "
            "be left")


def check_can_draw(state: HalfDeckGame) -> None:
    state.refuse_in_dungeon("draw a dungeon card")
    if not state.heroes:
        raise RuleRefused("put a hero in play first: 'hero NAME'", R_DRAW)
    owed = sum(state.owed.values())
    if owed and state.hero_deck + state.hero_discard:
        due = ", ".join(f"player {p}: {n}" for p, n in state.owed.items() if n) \
            if state.coop else str(owed)
        raise RuleRefused(f"name the hero cards drawn first ({due}): 'hand CARD...'",
                          R_HAND)


def start_round(state: HalfDeckGame, player: int) -> None:
    # Draws still due here have nothing to come from (checked): they lapse.
    state.owed = dict.fromkeys(state.player_numbers, 0)
    state.round += 1
    state.drawer = player
    state.redrawn = {}
    state.traded = set()
    if state.coop:
        order = [p for p in state.player_numbers if any(h.player == p for h in state.heroes)]
        later = [p for p in order if p > player]
        state.next_player = (later or order or [1])[0]


def reveal(state: HalfDeckGame, info: CardInfo, player: int) -> list[str]:
    """The dungeon card turned up, as it resolves at once or is met."""
    kind = info.kind
    head = f"round {state.round}: {info.name}"
    number = f" {LETTER[info.attribute]}{info.number}" if info.attribute else ""
    if kind == ENDGAME_TREASURE:
        state.move_red(RED_DECK, RED_GONE)
        state.endgame_left.remove(kind)
        state.won_by = info.name
        return [f"{head}, the endgame treasure: you win!"]
    if kind == MISC:
        lines = [f"{head} (miscellaneous): {info.effect or 'follow its text'}"]
        if info.one_use:
            state.move_red(RED_DECK, RED_REMOVED)
            lines.append("it is removed from play")
        else:
            state.move_red(RED_DECK, RED_DISCARD)
        if info.loot:
            state.owed[player] += info.loot
            lines.append(loot_line(state, info.loot, player))
        return lines
    if kind == ENDGAME_BOSS:
        state.endgame_left.remove(kind)
    encounter = Encounter(info, enemy_life(kind), player)
    if kind == TRAP:
        able = [h for h in state.heroes if can_attempt(state, h, encounter)]
        if not able:
            state.move_red(RED_DECK, RED_DISCARD)
            why = NO_ATTEMPT[state.config.trap_needs]
            return [f"{head}, trap{number}",
                    f"no hero can attempt it{why}: it takes effect at once: "
                    f"{info.effect or 'apply its text'}"]
        meet(state, encounter)
        return [f"{head}, trap{number}: 'challenge HERO ROLL'", needs_line(encounter, able)]
    meet(state, encounter)
    what = {MINION: "minion", BOSS: "boss", ENDGAME_BOSS: "the endgame boss"}[kind]
    loot = f", loot {info.loot}" if kind != ENDGAME_BOSS else ""
    return [f"{head}, {what}{number}, life {encounter.life}{loot}",
            needs_line(encounter, state.heroes)]


def meet(state: HalfDeckGame, encounter: Encounter) -> None:
    state.move_red(RED_DECK, RED_MET)
    state.encounter = encounter


def rescue(state: HalfDeckGame, action: grammar.Draw, name: str) -> Done:
    """The prisoner drawn: it joins the party, or (a full party) goes to the hand
    (halfdeck.ruling.rescue-full)."""
    if name != state.rescue:
        raise BadInput(f"a hero is drawn from the dungeon only as the prisoner of a "
                       f"rescue game (--rescue), not {name}")
    if not state.rescue_left:
        raise RuleRefused(f"{name} was rescued already", R_RESCUE)
    info = state.learn_card(name, HERO, in_range(action.strength, "str", *HERO_NUMBERS),
                            in_range(action.magic, "mag", *HERO_NUMBERS))
    player = state.player(action.player, state.next_player)
    check_can_draw(state)
    state.remember(info)
    start_round(state, player)
    state.move_red(RED_DECK, RED_GONE)  # a blue card among the red: it leaves their count
    lines = [f"round {state.round}: {name}, the prisoner, is rescued"]
    heroes = table()["heroes"]
    if len(state.heroes) >= heroes["max_in_play"]:
        state.move(name, THE_DUNGEON, hand_of(player))
        lines.append(f"the party is full: {name} goes to the hand; 'hero {name} --replace "
                     f"HERO' plays it now ({R_RESCUE_FULL})")
    else:
        hero = Hero(name, known(info.strength), known(info.magic), player, heroes["life"])
        state.move(name, THE_DUNGEON, in_play(hero))
        lines.append(joins_line(state, hero))
    return grammar.Draw(name, hero=True, strength=info.strength, magic=info.magic,
                        player=state.player_option(player)), lines


# -- escape, team-escape, shuffle-back -------------------------------------------------------
def check_escape(state: HalfDeckGame, action: grammar.Escape | grammar.TeamEscape) -> Encounter:
    encounter = state.encounter
    if encounter is None:
        raise RuleRefused("nothing to escape from", R_ESCAPE)
    if encounter.kind == ENDGAME_BOSS:
        raise RuleRefused("there is no escape from the endgame boss", R_ESCAPE)
    if encounter.kind == TRAP and isinstance(action, grammar.Escape):
        raise RuleRefused("a forced escape is from minions and bosses; a trap is "
                          "challenged", R_ESCAPE)
    return encounter


def escape(state: HalfDeckGame, action: grammar.Escape) -> Done:
    encounter = check_escape(state, action)
    damage = table()["combat"]["escape_damage"]
    lines = [f"forced escape from {encounter.card.name}: every hero takes {damage}, "
             "no loot"]
    state.move_red(RED_MET, RED_DISCARD)
    heroes = list(state.heroes)
    lines.append(", ".join(f"{h.name} life {h.life} -> {h.life - damage}" for h in heroes))
    return grammar.Escape(), lines + state.set_lives([(h, h.life - damage) for h in heroes])


def team_escape(state: HalfDeckGame, action: grammar.TeamEscape) -> Done:
    encounter = check_escape(state, action)  # an encounter has a hero facing it
    source = team_card_holder(state, state.escape_card, action.source, state.heroes[0])
    play_team_card(state, state.escape_card, source)
    state.move_red(RED_MET, RED_DISCARD)
    return grammar.TeamEscape(state.player_option(source)), [
        f"{state.escape_card} card played: the party leaves {encounter.card.name} "
        "unhurt, no loot; the card is removed from play"]


def shuffle_back(state: HalfDeckGame, action: grammar.ShuffleBack) -> Done:
    encounter = state.encounter
    if encounter is None or encounter.kind != ENDGAME_BOSS:
        raise RuleRefused("only the endgame boss is shuffled back", R_ENDGAME)
    if not state.config.shuffle_back:
        raise RuleRefused("this game does not shuffle the endgame boss back "
                          "(--no-shuffle-back)", R_ENDGAME)
    if encounter.rolls:
        raise RuleRefused("the fight with the endgame boss has begun", R_ENDGAME)
    state.move_red(RED_MET, RED_DECK)
    state.endgame_left.append(ENDGAME_BOSS)
    return grammar.ShuffleBack(), [f"{encounter.card.name} is shuffled back into the "
                                   f"dungeon deck ({state.dungeon_deck} cards)"]
