"""Finding the situations a floor question is about: ``floorman ask`` as a search box.

The words a floor person types ("turn came early", "exposed first card",
"RP-5") are matched against each situation's name and title, and against the
title, citation and id of the rule that covers it under the rulebook in use;
the situations that match the most words, and the words that say the most,
come first. The ruling is the one ``floorman ask`` gives: nothing is ruled here.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from floorman.rules.loader import Rulebook

__all__ = ["MAX_ANSWERS", "MAX_QUERY_CHARS", "answer", "search", "words"]

MAX_QUERY_CHARS: Final = 200
MAX_ANSWERS: Final = 10

_WORD: Final = re.compile(r"[a-z0-9]+")
_STOP: Final = frozenset(
    ("a", "an", "and", "are", "as", "at", "be", "by", "did", "do", "does", "for", "from",
     "has", "have", "how", "i", "if", "in", "is", "it", "its", "my", "now", "of", "on", "or",
     "so", "than", "that", "the", "then", "there", "this", "to", "was", "we", "what", "when",
     "where", "which", "who", "why", "will", "with")
)  # fmt: skip
_SUFFIXES: Final = ("ing", "ed", "es", "s")
_SAID: Final = {
    "early": "premature", "soon": "premature", "flashed": "exposed", "flash": "exposed",
    "fouled": "killed",
}  # fmt: skip


def _stem(word: str) -> str:
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


def words(text: str) -> list[str]:
    """The words of ``text`` that can tell situations apart, stemmed, in order, once each;
    a word the floor says for one the rulebooks use is read as that one."""
    found = (_stem(_SAID.get(w, w)) for w in _WORD.findall(text.lower()) if w not in _STOP)
    return list(dict.fromkeys(found))


def answer(book: Rulebook, situation: str) -> dict[str, Any]:
    """``floorman ask SITUATION --json``: the situation and its ruling under ``book``
    (``ruling`` null when no rule of it applies)."""
    from floorman.rules.engine import match_situation

    ruling, _ = match_situation(book, situation)
    return {
        "rulebook": book.name,
        "situation": situation,
        "title": book.situations[situation].title,
        "ruling": ruling.to_json() if ruling is not None else None,
        "note": (ruling.note or None) if ruling is not None else None,
    }


def search(book: Rulebook, query: str, limit: int = MAX_ANSWERS) -> list[dict[str, Any]]:
    """The answers (as :func:`answer`) of the situations ``query`` is most about, best
    first: a situation named exactly, then those matching the most of its words."""
    wanted = words(query[:MAX_QUERY_CHARS])
    if not wanted:
        return []
    exact = query.strip().lower()
    scored: list[tuple[int, int, str, dict[str, Any]]] = []
    for name in sorted(book.situations):
        found = answer(book, name)
        matched, weight = _score(wanted, found)
        if matched:
            scored.append((-(matched + (1000 if name == exact else 0)), -weight, name, found))
    scored.sort(key=lambda entry: entry[:3])
    return [entry[3] for entry in scored[:limit]]


def _score(wanted: list[str], found: dict[str, Any]) -> tuple[int, int]:
    """How many of the words are found, and how telling the places they are found in:
    three for the situation's name, two for its title, one for its rule's title,
    citation or id."""
    ruling = found["ruling"] or {}
    places = [
        (3, set(words(found["situation"]))),
        (2, set(words(found["title"]))),
        (1, set(words(" ".join(ruling.get(key, "") for key in ("title", "cite", "rule"))))),
    ]
    matched = weight = 0
    for word in wanted:
        best = max((value for value, among in places if _found(word, among)), default=0)
        matched += best > 0
        weight += best
    return matched, weight


def _found(word: str, among: set[str]) -> bool:
    """A number, or a word of two letters, matches itself only; a longer word also the
    start of a longer one."""
    if word in among:
        return True
    return not word.isdigit() and len(word) >= 3 and any(w.startswith(word) for w in among)
