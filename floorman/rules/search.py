"""Finding the situations a floor question is about: ``floorman ask`` as a search box.

The words a floor person types ("turn came early", "exposed first card",
"RP-5") are matched against each situation's name and title, and against the
title, citation and id of the rule that covers it under the rulebook in use;
the situations that hold the most of what the words say come first, and a
situation that holds too little of it is not offered: a question no situation is
about finds none. The ruling is the one ``floorman ask`` gives: nothing is ruled here.

What happens between hands (missed blinds, a new player, the button) is no situation
of a hand: the rulebook decides it with its options, and a question all of whose
words an option holds finds that option (:func:`options_about`) and no situation that
holds only part of it ("missed blinds" is not the missed burn).
"""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from floorman.rules.loader import Rulebook

__all__ = [
    "MAX_ANSWERS", "MAX_QUERY_CHARS", "MIN_SHARE", "NEAR_BEST", "answer", "options_about",
    "search", "words",
]  # fmt: skip

MAX_QUERY_CHARS: Final = 200
MAX_ANSWERS: Final = 10
MIN_SHARE: Final = 0.5
"""The least share of what a question says that a situation must hold to be offered."""
NEAR_BEST: Final = 0.5
"""The least share of the best match's rank another situation must have to be offered."""

_WORD: Final = re.compile(r"[a-z0-9]+")
_STOP: Final = frozenset(
    ("a", "an", "and", "are", "as", "at", "be", "by", "did", "do", "does", "for", "from",
     "has", "have", "how", "i", "if", "in", "is", "it", "its", "my", "now", "of", "on", "or",
     "so", "than", "that", "the", "then", "there", "this", "to", "was", "we", "what", "when",
     "where", "which", "who", "why", "will", "with",
     # what a dealer says around the words that matter
     "again", "been", "but", "came", "can", "come", "comes", "get", "gets", "got", "had",
     "happen", "happened", "he", "her", "his", "just", "she", "should", "their", "they",
     "went", "were", "you")
)  # fmt: skip
_WHO: Final = re.compile(r"\b(?:seat|player)\s+\d+\b")
"""Who it happened to ("seat 3"): it names the player, not what happened."""
_SUFFIXES: Final = ("ing", "ed", "es", "s")
_SAID: Final = {
    "early": "premature", "soon": "premature", "flashed": "exposed", "flash": "exposed",
    "fouled": "killed", "forgot": "missed", "forgotten": "missed", "said": "declared",
}  # fmt: skip
_TERMS: Final = re.compile(r"\bcolou?r(?:ing)?[\s-]+up\b|\bchip[\s-]+races?\b")
"""Terms of more than one word that name one thing, read as one word: "color up" is
the chips changed up, not the colour of a card's back."""


def _stem(word: str) -> str:
    """``word`` without its ending; a stem of three letters keeps ``-ing`` ("string" is
    not "str", which would be the start of "straddle")."""
    for suffix in _SUFFIXES:
        least = 4 if suffix == "ing" else 3
        if word.endswith(suffix) and len(word) - len(suffix) >= least:
            return word[: -len(suffix)]
    return word


def words(text: str) -> list[str]:
    """The words of ``text`` that can tell situations apart, stemmed, in order, once each;
    a word the floor says for one the rulebooks use is read as that one, and a seat named
    by its number is left out."""
    text = _WHO.sub(" ", text.lower())
    text = _TERMS.sub(lambda m: "".join(_WORD.findall(m.group())), text)
    found = (_stem(_SAID.get(w, w)) for w in _WORD.findall(text) if w not in _STOP)
    return list(dict.fromkeys(found))


def answer(book: Rulebook, situation: str, kind: str | None = None) -> dict[str, Any]:
    """``floorman ask SITUATION --json``: the situation and its ruling under ``book``
    (``ruling`` null when no rule of it applies), at a table of ``kind``."""
    from floorman.rules.engine import match_situation

    ruling, _ = match_situation(book, situation, kind=kind)
    return {
        "rulebook": book.name,
        "situation": situation,
        "title": book.situations[situation].title,
        "ruling": ruling.to_json() if ruling is not None else None,
        "note": (ruling.note or None) if ruling is not None else None,
    }


def search(
    book: Rulebook, query: str, limit: int = MAX_ANSWERS, kind: str | None = None
) -> list[dict[str, Any]]:
    """The answers (as :func:`answer`) of the situations ``query`` is about, best first:
    a situation named exactly, then those that hold enough of what its words say.

    A word says more the fewer situations it is found in ("premature" more than "card"),
    and a word found in none says the most: "calling the clock" finds the "call" of many
    rulings but not "clock", so nothing is offered, where the words of no situation should
    find none. A situation is offered when the words it holds carry at least
    :data:`MIN_SHARE` of what the question says, and its match is at least
    :data:`NEAR_BEST` of the best one's.
    """
    wanted = words(query[:MAX_QUERY_CHARS])
    if not wanted:
        return []
    exact = query.strip().lower()
    found = {name: answer(book, name, kind) for name in sorted(book.situations)}
    places = {name: _places(entry) for name, entry in found.items()}
    weight = _weights(wanted, list(places.values()))
    said = _said(weight, list(places.values()))
    least, against = MIN_SHARE * said, 0.0
    held = [_option_places(book, entry["option"]) for entry in options_about(book, query)]
    if held:  # a question an option holds whole: a situation must hold it as well
        least = sum(weight.values())
        against = NEAR_BEST * max(_score(wanted, weight, among)[1] for among in held)
    scored: list[tuple[float, float, str]] = []
    for name, among in places.items():
        share, rank = _score(wanted, weight, among)
        if name == exact or (share >= least and rank >= against):
            scored.append((-(rank + (said * 1000 if name == exact else 0)), -share, name))
    if not scored:
        return []
    best = -min(entry[0] for entry in scored)
    scored = [entry for entry in scored if -entry[0] >= NEAR_BEST * best]
    scored.sort()
    return [found[entry[2]] for entry in scored[:limit]]


def options_about(book: Rulebook, query: str) -> list[dict[str, Any]]:
    """The options of ``book`` that hold every word of ``query`` (in their name, title,
    description or citation), each with its value in ``book``: how the rulebook decides
    what the question is about when that is no situation of a hand. An option that holds
    the words only where another holds them in its name or title is not offered."""
    wanted = words(query[:MAX_QUERY_CHARS])
    if not wanted:
        return []
    even = dict.fromkeys(wanted, 1.0)
    ranked = []
    for name, spec in sorted(book.option_specs.items()):
        share, rank = _score(wanted, even, _option_places(book, name))
        if share == len(wanted):
            ranked.append((rank, name, spec))
    best = max((rank for rank, _, _ in ranked), default=0.0)
    return [
        {"option": name, "title": spec.title, "value": book.options.get(name),
         "description": spec.description, "cite": spec.cite}
        for rank, name, spec in ranked
        if rank >= NEAR_BEST * best
    ]  # fmt: skip


def _option_places(book: Rulebook, name: str) -> list[tuple[int, set[str]]]:
    """Where an option's words are, as :func:`_places`: its name, its title, then its
    description and citation."""
    spec = book.option_specs[name]
    return [
        (3, set(words(name.replace("_", " ")))),
        (2, set(words(spec.title))),
        (1, set(words(f"{spec.description} {spec.cite or ''}"))),
    ]


def _places(found: dict[str, Any]) -> list[tuple[int, set[str]]]:
    """Where a situation's words are, and how telling each place is: three for its name,
    two for its title, one for its rule's title, citation or id."""
    ruling = found["ruling"] or {}
    return [
        (3, set(words(found["situation"]))),
        (2, set(words(found["title"]))),
        (1, set(words(" ".join(ruling.get(key, "") for key in ("title", "cite", "rule"))))),
    ]


def _weights(wanted: list[str], situations: list[list[tuple[int, set[str]]]]) -> dict[str, float]:
    """What each word says: the rarer among the situations, the more (inverse document
    frequency); a word found in no situation says as much as a word can."""
    count = len(situations)
    weight = {}
    for word in wanted:
        among = sum(any(_found(word, place) for _, place in s) for s in situations)
        weight[word] = math.log((count + 1) / (among + 0.5))
    return weight


def _said(weight: dict[str, float], situations: list[list[tuple[int, set[str]]]]) -> float:
    """What the question says in all: the weight of its words found in some situation, and
    the words found in none counted together as one word that says the most (one thing no
    situation is about, however many words it takes to say it)."""
    nowhere = math.log((len(situations) + 1) / 0.5)
    known = sum(value for value in weight.values() if value < nowhere)
    return known + (nowhere if any(value >= nowhere for value in weight.values()) else 0.0)


def _score(
    wanted: list[str], weight: dict[str, float], places: list[tuple[int, set[str]]]
) -> tuple[float, float]:
    """What of the question a situation holds (the weight of the words found in it), and
    its rank: each word's weight by how telling the place it is found in."""
    share = rank = 0.0
    for word in wanted:
        best = max((value for value, among in places if _found(word, among)), default=0)
        if best:
            share += weight[word]
            rank += weight[word] * best / 3
    return share, rank


def _found(word: str, among: set[str]) -> bool:
    """A number, or a word of two letters, matches itself only; a longer word also the
    start of a longer one."""
    if word in among:
        return True
    return not word.isdigit() and len(word) >= 3 and any(w.startswith(word) for w in among)
