"""Search over the rulebook: BM25 with light stemming, typo tolerance and card notation.

Titles and keywords weigh more than the text (``build.FIELD_WEIGHTS``); ``QS``,
``queen of spades`` and ``G4`` in a question are read as cards and boost the
sections about them. ``build`` makes the index with the same ``terms`` a question
is read into, so a question and the sections meet on the same words.
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from functools import cache
from typing import Any

from companion.resources import shipped, tables
from companion.rulebook import GAMES, Section, hebrac_card_rows, index
from companion.values import Value

K1 = 1.2
B = 0.75
CARD_BONUS = 6.0
RULING_WEIGHT = 0.85
TITLE_BONUS = 0.5
REFINED_SHARE = 0.5
PHRASE_BONUS = 1.5
PREFERRED = 2.0  # the current game's sections, when the question names no game


@cache
def stats() -> dict[str, Any]:
    """The ranking's figures shipped in the package (``ranking.json``, read by the first
    search): per term, the sections holding it and its weight in each (``postings``:
    section number, then the weight in half points, repeated, as text: a search reads
    only its own terms'), each section's weighted length, their average and each title's
    terms."""
    found: dict[str, Any] = shipped("rulebook/ranking.json")
    return found


# -- the words of the index and of a question: stemmed terms without stop words ---------
STOPWORDS = frozenset("""
a an the of to in on at for with and or is are was were be been being do does did done
can could i you my your me we us our it its what whats how when where which who whom why
if then than this that these those there get gets got happen happens happened will would
should shall must may might just also about any some into from by as so out up off
him his her hers she he they them their have has had am not please tell explain mean
means meaning rule rules many much
stuff thing things something anything go goes
""".split())

_WORD = re.compile(r"[a-z0-9]+")


@cache
def stem(word: str) -> str:
    """Light stemming so plurals and -ing forms meet: potions/potion, stealing/steal."""
    w = word
    if len(w) <= 3 or w.isdigit():
        return w
    if w.endswith(("sses", "ches", "shes", "xes", "zes")):
        w = w[:-2]
    elif w.endswith("oes") and len(w) > 4:
        w = w[:-2]
    elif w.endswith("s") and not w.endswith(("ss", "us", "is")):
        w = w[:-1]
    for ending in ("ing", "ed"):
        if w.endswith(ending) and len(w) >= 6:
            w = w[:-len(ending)]
            if len(w) > 3 and w[-1] == w[-2] and w[-1] not in "lsz":
                w = w[:-1]
            break
    if w.endswith("ie"):
        w = w[:-1]
    elif w.endswith("y") and len(w) > 3:
        w = w[:-1] + "i"
    if w.endswith("e") and len(w) > 4:
        w = w[:-1]
    return w


def plain_words(text: str) -> list[str]:
    """Lower-case words, neither stemmed nor filtered: a phrase as said."""
    return _WORD.findall(text.lower())


def terms(text: str) -> list[str]:
    """Lower-case stemmed words without stop words."""
    words = _WORD.findall(text.lower().replace("'s", "").replace("\u2019s", ""))
    return [stem(w) for w in words if w not in STOPWORDS]


# -- typos -----------------------------------------------------------------------------
def _bigrams(word: str) -> set[str]:
    padded = f"^{word}$"
    return {padded[i:i + 2] for i in range(len(padded) - 1)}


@cache
def _gram_index() -> dict[str, list[str]]:
    """The index's terms by their bigrams: the typo tables, made on the first typo."""
    grams: dict[str, list[str]] = defaultdict(list)
    for term in stats()["postings"]:
        if len(term) >= 3 and not term.isdigit():
            for gram in _bigrams(term):
                grams[gram].append(term)
    return grams


def distance(a: str, b: str, limit: int) -> int:
    """Edit distance with adjacent swaps (optimal string alignment); ``limit + 1`` if over."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, start=1):
        current = [i] + [0] * len(b)
        for j, cb in enumerate(b, start=1):
            cost = 0 if ca == cb else 1
            value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                value = min(value, previous2[j - 2] + 1)
            current[j] = value
        if min(current) > limit:
            return limit + 1
        previous2, previous = previous, current
    return previous[-1]


def near_terms(term: str) -> list[tuple[str, float]]:
    """Vocabulary terms a typo may stand for, with a weight (closer weighs more)."""
    if len(term) < 4 or term.isdigit():
        return []
    limit = 1 if len(term) <= 5 else 2
    mine = _bigrams(term)
    grams = _gram_index()
    shared = Counter(other for gram in mine for other in grams.get(gram, ()))
    need = max(1, len(mine) - 3 * limit)
    found = []
    for other, count in shared.items():
        if count >= need:
            d = distance(term, other, limit)
            if d <= limit:
                found.append((other, 0.8 if d == 1 else 0.6))
    found.sort(key=lambda pair: (-pair[1], pair[0]))  # closest first, then by name: the
    # same four whatever order the bigram sets came in (it changes with the hash seed)
    best = found[0][1] if found else 0.0
    return [pair for pair in found if pair[1] == best][:4]


# -- card notation in a question: QS, 10h, queen of spades (Hebrac); G4 (Tricky) -----------
_RANK_WORDS = ("ace|two|three|four|five|six|seven|eight|nine|ten|jack|knave|queen|king|"
               "[2-9]|10")
_CARD_PHRASE = rf"\b({_RANK_WORDS})s?\s+of\s+(spade|heart|diamond|club)s?\b"
_RANK_CODES = {"ace": "A", "jack": "J", "knave": "J", "queen": "Q", "king": "K", **{
    word: str(number) for number, word in enumerate(
        "two three four five six seven eight nine ten".split(), start=2)}}
_CARD_TOKEN = r"(10|[2-9]|[AJQK])[SHDC]|[SHDC](10|[2-9]|[AJQK])|JK"
_NOT_CARDS = frozenset({"as", "ad", "ah", "ac"})
_TOKEN = re.compile(r"[A-Za-z0-9\u2660-\u2667]+")
# The suits' signs, black and white: U+2660 to U+2667 (spade, heart, diamond, club twice).
_SUIT_SYMBOLS = {chr(0x2660 + at): "SHDC"[at % 4] for at in range(8)}
# What a Tricky Dungeon value is called in the hero texts (3 and 4 are spells...).
TRICKY_VALUE_WORDS = {0: ["torch"], 1: ["goblin"], 2: ["goblin"], 3: ["spell"], 4: ["spell"],
                      5: ["orc"], 6: ["orc"]}


def standard_card(token: str) -> Any:
    """The Card a query token stands for (``QS``, ``10h``, ``K♠``), else None; lower-case
    ``as``, ``ad``, ``ah`` and ``ac`` are words, not aces."""
    joker = token.lower() in ("joker", "jokers")
    compact = "".join(_SUIT_SYMBOLS.get(ch, ch) for ch in token).upper()
    if not joker and (len(token) > 4 or token in _NOT_CARDS
                      or not re.fullmatch(_CARD_TOKEN, compact)):
        return None
    from companion.cards import Card

    return Card.joker() if joker else Card.parse(compact)  # the pattern takes cards only


@cache
def tricky_colours() -> dict[str, str]:
    """Colour letters of Tricky Dungeon's cards (``g`` -> ``green``), from its tables."""
    colours = tables("tricky").get("deck", {}).get("colours", [])
    return {name[0]: name for name in (str(colour).lower() for colour in colours)}


class Query(Value):
    """A question as search terms: weights per term, and sections boosted by the cards it
    names."""

    weights: dict[str, float]
    boosts: dict[str, float]

    def add(self, term: str, weight: float) -> None:
        self.weights[term] = max(self.weights.get(term, 0.0), weight)


def parse_query(text: str, game: str | None = None) -> Query:
    """Terms of a question, with card notation expanded and typos mapped to real words."""
    query = Query({}, {})
    text = re.sub(r"['\u2019]s\b", "", text)  # Hebrac's -> Hebrac, as in the index
    if "of" in text.lower():  # no card phrase without its 'of'
        text = re.sub(_CARD_PHRASE, lambda m: " " + _RANK_CODES.get(m[1].lower(), m[1])
                      + m[2][0].upper() + " ", text, flags=re.I)
    words: list[str] = []
    for token in _TOKEN.findall(text):
        card = standard_card(token) if game in (None, "hebrac") else None
        if card is not None:
            words += card.name().replace(" of ", " ").split()
            for row in filter(None, hebrac_card_rows(card)):
                sid = str(row["section"])
                query.boosts[sid] = query.boosts.get(sid, 0.0) + CARD_BONUS
            continue
        # A colour's letter and a value 0-7: G4.
        if (game in (None, "tricky") and len(token) == 2 and token[0].isalpha()
                and token[1] in "01234567"):
            colour = tricky_colours().get(token[0].lower())
            if colour:
                words += [colour, token[1], *TRICKY_VALUE_WORDS.get(int(token[1]), [])]
                continue
        words.append(token)
    postings = stats()["postings"]
    for word in words:
        for term in terms(word):
            if term in postings:
                query.add(term, 1.0)
                continue
            # A typo is nearer the word as typed than its stem: priestes -> priestess.
            near = near_terms(word.lower()) if word.isalpha() else []
            for found, weight in near or near_terms(term):
                query.add(found, weight)
    for first, second in zip(words, words[1:], strict=False):
        joined = terms(first + second)  # "pick up" is the index's "pickup"
        if joined and joined[0] in postings:
            query.add(joined[0], 1.0)
    return query


# -- ranking -----------------------------------------------------------------------------
# A game named anywhere in a question decides the game: "how do i win hebrac". Read in the
# question's words, lower-cased and one space apart: the game's name ("half deck" and
# "hddh" too), then the words of its title that may follow it. "Hebrac's" names the game
# only as "Hebrac's Dungeon": "Hebrac's game" is the joker's game, not a game of companion's.
_GAME_NAME = re.compile(
    rf"(?<!\S)(half deck|hddh|hebrac s(?= dungeon(?!\S))|hebrac(?! s(?!\S))|"
    rf"{'|'.join(game for game in GAMES if game != 'hebrac')})(?: dungeon| heroes)*(?!\S)")
_GAME_WORDS = {"half deck": "halfdeck", "hddh": "halfdeck", "hebrac s": "hebrac"}


def named_game(text: str) -> tuple[str | None, str]:
    """The one game a question names (by its name or title), and the question without
    that name; (None, text) when it names none, or more than one."""
    words = _TOKEN.findall(text)
    spaced = " ".join(words).lower()
    games: set[str] = set()
    named: set[int] = set()  # the places of the words that name a game
    for match in _GAME_NAME.finditer(spaced):
        games.add(_GAME_WORDS.get(match[1], match[1]))
        first = spaced.count(" ", 0, match.start())
        named.update(range(first, first + match[0].count(" ") + 1))
    if len(games) != 1:
        return None, text
    return games.pop(), " ".join(word for at, word in enumerate(words) if at not in named)


class Hit(Value):
    section: Section
    score: float


def search(text: str, game: str | None = None, prefer: str | None = None,
           limit: int = 5) -> list[Hit]:
    """Sections ranked for a question, best first: ``game`` keeps only that game's
    sections; ``prefer`` (the current game's kind) ranks its sections ahead of the
    others' when both match."""
    idx = index()
    rest = text
    if game is None:
        game, rest = named_game(text)
    query = parse_query(rest, game)
    if not query.weights and rest != text:  # "what does hebrac do": the joker
        query = parse_query(text, game)
    scores: dict[int, float] = defaultdict(float)
    matched: dict[int, int] = defaultdict(int)
    figures = stats()
    lengths, average = figures["lengths"], figures["average"]
    for term, weight in query.weights.items():
        found = [int(number) for number in figures["postings"][term].split()]
        held = len(found) // 2  # the sections holding the term, for BM25's idf
        idf = math.log(1 + (len(lengths) - held + 0.5) / (held + 0.5))
        for number, half in zip(found[::2], found[1::2], strict=True):
            tf = half / 2
            norm = K1 * (1 - B + B * lengths[number] / average)
            scores[number] += weight * idf * tf * (K1 + 1) / (tf + norm)
            matched[number] += 1
    positions = {s.id: n for n, s in enumerate(idx.sections)} if query.boosts else {}
    for sid, bonus in query.boosts.items():
        if sid in positions:
            scores[positions[sid]] += bonus
    hits = []
    wanted = len(query.weights)
    said = plain_words(text)
    # A keyword phrase has two words or more: a question of one word has none.
    phrase = f" {' '.join(said)} " if len(said) > 1 else ""
    for number, score in scores.items():
        item = idx.sections[number]
        if game is not None and item.game != game:
            continue
        if wanted > 1:  # sections matching more of the question's words come first
            score *= 1 + 0.5 * matched[number] / wanted
        title = figures["titles"][number]
        in_title = sum(1 for term in query.weights if term in title)
        if in_title:  # the question's words in the title: most likely the section meant
            score *= 1 + TITLE_BONUS * in_title / max(1, len(title))
        if phrase and any(f" {known} " in phrase for known in _phrases(item)):
            score *= PHRASE_BONUS  # a phrase players use for this section, word for word
        if prefer is not None and item.game == prefer:
            score *= PREFERRED
        if ".ruling." in item.id:  # the rule itself first, unless the ruling fits better
            score *= RULING_WEIGHT
        hits.append(Hit(item, round(score, 4)))
    hits.sort(key=lambda hit: (-hit.score, hit.section.id))
    return _rules_first(hits, limit)


@cache
def _phrases(item: Section) -> tuple[str, ...]:
    """The section's keywords of two words or more, as plain lower-case words."""
    found = (" ".join(plain_words(keyword)) for keyword in item.keywords)
    return tuple(phrase for phrase in found if " " in phrase)


def _rules_first(hits: list[Hit], limit: int) -> list[Hit]:
    """The first ``limit`` of ``hits`` (best first), each ruling after the rules it refines
    that match the question too (at least ``REFINED_SHARE`` of the ruling's score): a
    ruling qualifies a rule, so the rule is read first."""
    ranked: dict[str, Hit] = {}  # by section id, in order
    for hit in hits:
        if len(ranked) >= limit:
            break
        if ".ruling." in hit.section.id and hit.section.id not in ranked:
            for rule in hits:
                if rule.score < REFINED_SHARE * hit.score:
                    break
                if rule.section.id not in ranked and _refines(hit.section, rule.section):
                    ranked[rule.section.id] = rule
        ranked.setdefault(hit.section.id, hit)
    return list(ranked.values())[:limit]


def _refines(ruling: Section, rule: Section) -> bool:
    """Whether ``ruling`` refines ``rule``: a rule of its game that its text names, or
    one written from the same part of the source text (their ``source``)."""
    return (rule.game == ruling.game and ".ruling." not in rule.id
            and (not _source_parts(ruling.source).isdisjoint(_source_parts(rule.source))
                 or (rule.id in ruling.text and rule.id in ruling.references())))


@cache
def _source_parts(source: str) -> frozenset[str]:
    """``000: Spells > Escape; 001: Spells`` as its parts, each under its text's number."""
    parts: set[str] = set()
    number = ""
    for part in source.split(";"):
        head, colon, rest = part.strip().partition(":")
        if colon and head.strip().isdigit():
            number, part = head.strip(), rest
        if part.strip():
            parts.add(f"{number}:{part.strip()}")
    return frozenset(parts)
