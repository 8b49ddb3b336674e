"""The words the index is made of: stemmed terms without stop words, weighed by field.

``build`` makes the index with these and ``ranking`` reads a question with
them, so a question and the sections meet on the same words.
"""

from __future__ import annotations

import re
from functools import cache

from companion.rulebook.model import Section

STOPWORDS = frozenset("""
a an the of to in on at for with and or is are was were be been being do does did done
can could i you my your me we us our it its what whats how when where which who whom why
if then than this that these those there get gets got happen happens happened will would
should shall must may might just also about any some into from by as so out up off
him his her hers she he they them their have has had am not please tell explain mean
means meaning rule rules many much
stuff thing things something anything go goes
""".split())

FIELD_WEIGHTS = {"title": 3.0, "keywords": 2.5, "id": 1.5, "parent": 0.5, "text": 1.0}
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
    if w.endswith("ing") and len(w) >= 6:
        w = w[:-3]
        if len(w) > 3 and w[-1] == w[-2] and w[-1] not in "lsz":
            w = w[:-1]
    elif w.endswith("ed") and len(w) >= 6:
        w = w[:-2]
        if len(w) > 3 and w[-1] == w[-2] and w[-1] not in "lsz":
            w = w[:-1]
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


def section_fields(item: Section) -> dict[str, str]:
    """A section's text by field, as the index weighs it."""
    return {"title": item.title, "keywords": " ".join(item.keywords),
            "id": item.short_id.replace(".", " ").replace("-", " "),
            "parent": item.parent, "text": item.text}
