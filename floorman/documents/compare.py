"""The rulebook comparison: every situation put to two or more rulebooks, side by side.

A row differs when the rulebooks' outcomes or procedures differ; the
options whose defaults differ and the rules no situation reaches follow,
so nothing in a rulebook goes unmentioned.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from floorman.documents.wording import (
    edition,
    in_floor_words,
    in_words,
    long_date,
    option_title,
    sentence,
)
from floorman.vocabulary import GAME_TITLES, OUTCOME_LABELS

if TYPE_CHECKING:
    from floorman.rules.loader import Rulebook

__all__ = ["comparison_view"]

View = dict[str, Any]


def comparison_view(
    books: Sequence[Rulebook], *, day: datetime.date, paper: str = "letter"
) -> View:
    """Situation by situation, what each rulebook rules, with the differences marked.

    Every situation any of the rulebooks names is asked of each of them; a
    row *differs* when the outcomes or the procedures (the ``do`` steps,
    leaving out ``explain``) are not the same. Rules that no situation
    reaches are listed after, so nothing in a rulebook goes unmentioned.
    """
    from floorman.rules.engine import match_situation

    names: dict[str, Any] = {}
    for book in books:
        for name, situation in book.situations.items():
            names.setdefault(name, situation)
    reached: list[set[str]] = [set() for _ in books]
    rows = []
    for name, situation in names.items():
        cells: list[View] = []
        for index, book in enumerate(books):
            ruling = match_situation(book, name)[0] if name in book.situations else None
            if ruling is None:
                cells.append({"book": book.name, "absent": True})
                continue
            reached[index].add(ruling.rule)
            cells.append(
                {
                    "book": book.name,
                    "absent": False,
                    "rule": ruling.rule,
                    "title": ruling.title,
                    "outcome": ruling.outcome,
                    "outcome_label": OUTCOME_LABELS[ruling.outcome],
                    "cite": ruling.cite,
                    "steps": [sentence(step.text) for step in ruling.steps],
                    "procedure": [step.do for step in ruling.steps],
                    "note": in_floor_words(book, ruling.note) if ruling.note else "",
                }
            )
        outcomes = {cell.get("outcome") for cell in cells}
        procedures = {_procedure(cell.get("procedure", ())) for cell in cells}
        differences = []
        if len(outcomes) > 1:
            differences.append("outcome")
        if len(procedures) > 1 and not any(cell["absent"] for cell in cells):
            differences.append("procedure")
        rows.append(
            {
                "situation": name,
                "title": situation.title,
                "game": GAME_TITLES.get(situation.game, situation.game),
                "cells": cells,
                "differences": differences,
                "differs": bool(differences),
            }
        )
    unreached = [
        {
            "book": book.name,
            "title": book.title,
            "rules": [
                {
                    "rule": rule.id,
                    "title": rule.rule.title,
                    "cite": rule.rule.cite,
                    "outcome": rule.rule.outcome,
                    "outcome_label": OUTCOME_LABELS[rule.rule.outcome],
                }
                for rule in book.rules
                if rule.id not in reached[index]
            ],
        }
        for index, book in enumerate(books)
    ]
    option_names = list(dict.fromkeys(name for book in books for name in book.options))
    options = []
    for name in option_names:
        values = [in_words(book.options[name]) if name in book.options else "" for book in books]
        options.append(
            {
                "name": name,
                "label": option_title(next(b for b in books if name in b.option_specs), name),
                "by_book": values,
                "differs": len(set(values)) > 1,
            }
        )
    differing = sum(1 for row in rows if row["differs"])
    return {
        "doc": {
            "title": "Rulebook comparison",
            "house": " · ".join(book.name for book in books),
            "source": _listed([book.title for book in books]) + ", situation by situation",
            "date": long_date(day),
            "paper": paper,
            "four_colour": False,
            "meta": [
                f"{len(rows)} situations, {differing} ruled differently",
                long_date(day),
            ],
        },
        "books": [
            {"name": book.name, "title": book.title, "edition": edition(book)} for book in books
        ],
        "rows": rows,
        "differing": differing,
        "options": options,
        "unreached": unreached,
    }


def _procedure(steps: Sequence[str]) -> tuple[str, ...]:
    """The primitives that change what the dealer does; ``explain`` only records."""
    return tuple(do for do in steps if do != "explain")


def _listed(items: Sequence[str]) -> str:
    """``A, B and C``."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
