"""Half Deck: the dungeon. A dungeon card turned up (``draw``, the rescue prisoner
among them), the encounters left (``escape``, ``team-escape``) and the endgame boss
shuffled back (``shuffle-back``): each verb's check, then change."""

from __future__ import annotations

from companion.errors import BadInput, RuleRefused
from companion.halfdeck import grammar
from companion.halfdeck.cards import (
    BOSS,
    DUNGEON_KINDS,
    ENDGAME_BOSS,
    ENDGAME_TREASURE,
    HERO,
    LETTER,
    MINION,
    MISC,
    ONE_NUMBER,
    TRAP,
    CardInfo,
    card_name,
)
from companion.halfdeck.combat import (
    can_attempt,
    needs_line,
    play_team_card,
    team_card_holder,
)
from companion.halfdeck.hand import loot_line
from companion.halfdeck.party import joins_line
from companion.halfdeck.rules import (
    DUNGEON_NUMBERS,
    HERO_NUMBERS,
    LOOT_NUMBERS,
    R_DRAW,
    R_ENDGAME,
    R_ESCAPE,
    R_HAND,
    R_RESCUE,
    R_RESCUE_FULL,
    R_TEAM,
    enemy_life,
    in_range,
    known,
    table,
)
from companion.halfdeck.state import (
    RED_DECK,
    RED_DISCARD,
    RED_GONE,
    RED_MET,
    RED_REMOVED,
    THE_DUNGEON,
    Done,
    Encounter,
    Hero,
    State,
    find_name,
    hand_of,
    in_play,
)

# Why no hero can attempt a trap, by --trap-needs.
NO_ATTEMPT = {"reach": " (none reaches its number even with a 6)",
              "attribute": " (no hero has that attribute)"}


# -- draw ---------------------------------------------------------------------------------
Turned = tuple[CardInfo, int]  # the card turned up, by whom (a plan is a plain tuple: many)


def check_draw(state: State, action: grammar.Draw) -> Turned:
    name = card_name(action.name)
    flags = (action.minion, action.boss, action.trap, action.misc, action.endgame_boss,
             action.endgame_treasure, action.hero)
    kinds = [k for k, given in zip((*DUNGEON_KINDS, HERO), flags, strict=True) if given]
    if len(kinds) > 1:
        raise BadInput(f"a card is one kind: --{kinds[0]} or --{kinds[1]}")
    if not kinds and name not in state.known and name != state.rescue:
        # A card named alone is one the game knows: by its name's start too.
        pool = [*state.known, *([state.rescue] if state.rescue else [])]
        name = find_name(name, pool, "card this game knows") or name
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
        return check_prisoner(state, action, name)
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
    return info, player


def change_draw(state: State, turned: Turned) -> Done:
    info, player = turned
    state.remember(info)
    start_round(state, player)
    if info.kind == HERO:
        return rescue(state, info, player)
    kind = info.kind
    lines = reveal(state, info, player)
    return grammar.Draw(
        info.name, minion=kind == MINION, boss=kind == BOSS, trap=kind == TRAP,
        misc=kind == MISC, endgame_boss=kind == ENDGAME_BOSS,
        endgame_treasure=kind == ENDGAME_TREASURE, strength=info.strength,
        magic=info.magic, loot=info.loot if kind in (MINION, BOSS, MISC) else None,
        effect=info.effect or None, one_use=info.one_use,
        player=state.player_option(player)), lines


def endgame_set_aside(state: State, kind: str) -> bool:
    return state.config.endgame not in ("both", kind.removeprefix("endgame-"))


def only_specials_text(state: State) -> str:
    left = [k.replace("-", " ") for k in state.endgame_left]
    if state.rescue_left:
        left.append(f"the prisoner {state.rescue}")
    return (f"the dungeon deck holds {state.dungeon_deck} card"
            f"{'' if state.dungeon_deck == 1 else 's'}: only {' and '.join(left)} can "
            "be left")


def check_can_draw(state: State) -> None:
    state.refuse_in_dungeon("draw a dungeon card")
    if not state.heroes:
        raise RuleRefused("put a hero in play first: 'hero NAME'", R_DRAW)
    owed = sum(state.owed.values())
    if owed and state.hero_deck + state.hero_discard:
        due = ", ".join(f"player {p}: {n}" for p, n in state.owed.items() if n) \
            if state.coop else str(owed)
        raise RuleRefused(f"name the hero cards drawn first ({due}): 'hand CARD...'",
                          R_HAND)


def start_round(state: State, player: int) -> None:
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


def reveal(state: State, info: CardInfo, player: int) -> list[str]:
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


def meet(state: State, encounter: Encounter) -> None:
    state.move_red(RED_DECK, RED_MET)
    state.encounter = encounter


def check_prisoner(state: State, action: grammar.Draw, name: str) -> Turned:
    if name != state.rescue:
        raise BadInput(f"a hero is drawn from the dungeon only as the prisoner of a "
                       f"rescue game (--rescue), not {name}")
    if not state.rescue_left:
        raise RuleRefused(f"{name} was rescued already", R_RESCUE)
    info = state.learn_card(name, HERO, in_range(action.strength, "str", *HERO_NUMBERS),
                            in_range(action.magic, "mag", *HERO_NUMBERS))
    player = state.player(action.player, state.next_player)
    check_can_draw(state)
    return info, player


def rescue(state: State, info: CardInfo, player: int) -> Done:
    """The prisoner drawn: it joins the party, or (a full party) goes to the hand
    (halfdeck.ruling.rescue-full)."""
    name = info.name
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
def check_escape(state: State, action: grammar.Escape | grammar.TeamEscape) -> Encounter:
    encounter = state.encounter
    if encounter is None:
        raise RuleRefused("nothing to escape from", R_ESCAPE)
    if encounter.kind == ENDGAME_BOSS:
        raise RuleRefused("there is no escape from the endgame boss", R_ESCAPE)
    if encounter.kind == TRAP and isinstance(action, grammar.Escape):
        raise RuleRefused("a forced escape is from minions and bosses; a trap is "
                          "challenged", R_ESCAPE)
    return encounter


def change_escape(state: State, encounter: Encounter) -> Done:
    damage = table()["combat"]["escape_damage"]
    lines = [f"forced escape from {encounter.card.name}: every hero takes {damage}, "
             "no loot"]
    state.move_red(RED_MET, RED_DISCARD)
    heroes = list(state.heroes)
    lines.append(", ".join(f"{h.name} life {h.life} -> {h.life - damage}" for h in heroes))
    return grammar.Escape(), lines + state.set_lives([(h, h.life - damage) for h in heroes])


Leaves = tuple[Encounter, int]  # the encounter left, whose escape card


def check_team_escape(state: State, action: grammar.TeamEscape) -> Leaves:
    encounter = check_escape(state, action)  # an encounter has a hero facing it
    return encounter, team_card_holder(state, state.escape_card, action.source,
                                       state.heroes[0])


def change_team_escape(state: State, leaves: Leaves) -> Done:
    encounter, source = leaves
    play_team_card(state, state.escape_card, source)
    state.move_red(RED_MET, RED_DISCARD)
    return grammar.TeamEscape(state.player_option(source)), [
        f"{state.escape_card} card played: the party leaves {encounter.card.name} "
        "unhurt, no loot; the card is removed from play"]


def check_shuffle_back(state: State, action: grammar.ShuffleBack) -> Encounter:
    encounter = state.encounter
    if encounter is None or encounter.kind != ENDGAME_BOSS:
        raise RuleRefused("only the endgame boss is shuffled back", R_ENDGAME)
    if not state.config.shuffle_back:
        raise RuleRefused("this game does not shuffle the endgame boss back "
                          "(--no-shuffle-back)", R_ENDGAME)
    if encounter.rolls:
        raise RuleRefused("the fight with the endgame boss has begun", R_ENDGAME)
    return encounter


def change_shuffle_back(state: State, encounter: Encounter) -> Done:
    state.move_red(RED_MET, RED_DECK)
    state.endgame_left.append(ENDGAME_BOSS)
    return grammar.ShuffleBack(), [f"{encounter.card.name} is shuffled back into the "
                                   f"dungeon deck ({state.dungeon_deck} cards)"]
