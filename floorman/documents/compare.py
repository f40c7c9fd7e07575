"""The rulebook comparison: every situation put to two or more rulebooks, side by side.

A row differs when the rulebooks' outcomes or procedures differ; the
options whose defaults differ and the rules no situation reaches follow,
so nothing in a rulebook goes unmentioned.
"""

from __future__ import annotations

import datetime
import re
import textwrap
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from floorman.documents.wording import (
    edition,
    in_floor_words,
    in_words,
    long_date,
    option_title,
    sentence,
)
from floorman.rules.kinds import KIND_WORDS, applies_at_kind, cite_for
from floorman.vocabulary import GAME_TITLES, OUTCOME_LABELS

if TYPE_CHECKING:
    from floorman.documents.render import Printed
    from floorman.rules.loader import Rulebook

__all__ = [
    "comparison_json",
    "comparison_lines",
    "comparison_pdf",
    "comparison_text",
    "comparison_view",
    "printed_view",
]

View = dict[str, Any]

_GAP = "  "
_MARK = "* "


def comparison_view(
    books: Sequence[Rulebook],
    *,
    day: datetime.date,
    paper: str = "letter",
    kind: str = "cash",
) -> View:
    """Situation by situation, what each rulebook rules, with the differences marked.

    Every situation any of the rulebooks names is asked of each of them at a table of
    ``kind`` (``cash`` or ``tournament``: where a rulebook has a text for each, that
    kind's rules, citations and option values; the books are loaded at that kind); a
    row *differs* when the outcomes or the procedures (the ``do`` steps, leaving out
    ``explain``) are not the same. Rules that no situation reaches at that kind are
    listed after, so nothing in a rulebook goes unmentioned.
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
            ruling = match_situation(book, name, kind=kind)[0] if name in book.situations else None
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
                    "cite": cite_for(rule.rule, kind),
                    "outcome": rule.rule.outcome,
                    "outcome_label": OUTCOME_LABELS[rule.rule.outcome],
                }
                for rule in book.rules
                if rule.id not in reached[index] and applies_at_kind(rule, kind)
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
                KIND_WORDS[kind],
                long_date(day),
            ],
        },
        "kind": kind,
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


def comparison_json(
    view: Mapping[str, Any], books: list[Rulebook], *, only_differences: bool = False
) -> dict[str, Any]:
    """``floorman compare --json``: each situation's ruling by rulebook, and the options."""
    games = {name: game for game, name in GAME_TITLES.items()}
    keys = ("rule", "outcome", "title", "cite", "steps")
    situations = [
        {
            "situation": row["situation"],
            "title": row["title"],
            "game": games.get(row["game"], row["game"]),
            "differs": row["differs"],
            "differences": row["differences"],
            "rulings": {
                cell["book"]: None
                if cell["absent"]
                else {**{key: cell[key] for key in keys}, "note": cell["note"] or None}
                for cell in row["cells"]
            },
        }
        for row in view["rows"]
        if row["differs"] or not only_differences
    ]
    options = {
        option["name"]: {book.name: book.options.get(option["name"]) for book in books}
        for option in view["options"]
        if option["differs"] or not only_differences
    }
    return {
        "rulebooks": [book.name for book in books],
        "kind": view["kind"],
        "situations": situations,
        "options": options,
    }


def comparison_lines(
    view: Mapping[str, Any],
    *,
    width: int = 100,
    only_differences: bool = False,
    outcome_word: Callable[[str], str] = str.upper,
) -> list[str]:
    """The comparison as a text table *width* columns wide; ``*`` marks a difference.

    Each ruling opens with its outcome as ``outcome_word`` writes it (``MISDEAL``; a
    terminal shows it in colour).
    """
    books = [book["name"] for book in view["books"]]
    first = max(16, min(34, width // 4))
    column = max(12, (width - first - len(_GAP) * len(books)) // len(books))
    header = [("Situation", first), *((name, column) for name in books)]
    lines = [
        _GAP.join(text.ljust(size) for text, size in header).rstrip(),
        _GAP.join("-" * size for _, size in header),
    ]
    rows = [row for row in view["rows"] if row["differs"] or not only_differences]
    for row in rows:
        situation = _wrap(
            (_MARK if row["differs"] else "") + row["title"], first, subsequent_indent="  "
        )
        situation.append(f"  ({row['game']})")
        if row["differs"]:
            situation.extend(
                _wrap(
                    "differs: " + " and ".join(row["differences"]),
                    first,
                    initial_indent="  ",
                    subsequent_indent="  ",
                )
            )
        cells = [_cell(cell, column) for cell in row["cells"]]
        for index in range(max(len(situation), *(len(c) for c in cells))):
            parts = [(situation[index] if index < len(situation) else "").ljust(first)]
            for cell, source in zip(cells, row["cells"], strict=True):
                text = cell[index] if index < len(cell) else ""
                padding = " " * (column - len(text))
                if index == 0 and not source["absent"]:
                    text = outcome_word(source["outcome"])
                parts.append(text + padding)
            lines.append(_GAP.join(parts).rstrip())
        lines.append("")
    differing = view["differing"]
    lines.append(
        f"{len(view['rows'])} situations, {differing} ruled differently"
        + (" (marked *)." if differing else ".")
    )
    lines.append(f"Ruled {KIND_WORDS[view['kind']]}: where a rulebook has a text for each kind,"
                 " that one's.")  # fmt: skip
    changed = [option for option in view["options"] if option["differs"]]
    if changed:
        lines.append("Options whose defaults differ:")
        for option in changed:
            values = "; ".join(
                f"{name} {value or '(not defined)'}"
                for name, value in zip(books, option["by_book"], strict=True)
            )
            lines.append(f"  {option['label']}: {values}")
    for group in view["unreached"]:
        if group["rules"]:
            titles = "; ".join(rule["title"] for rule in group["rules"])
            lines.extend(
                _wrap(
                    f"Rules of {group['book']} no situation reaches: {titles}.",
                    width,
                    subsequent_indent="  ",
                )
            )
    return lines


def comparison_text(view: Mapping[str, Any], *, only_differences: bool = False) -> str:
    """The comparison as a text file, 100 columns wide, with no terminal colour code in
    it (not even one a rulebook's text holds)."""
    lines = comparison_lines(view, width=100, only_differences=only_differences)
    return "".join(re.sub(r"\033\[[0-9;]*m", "", line) + "\n" for line in lines)


def comparison_pdf(view: Mapping[str, Any], *, only_differences: bool = False) -> Printed:
    """The comparison printed, on the paper its view names; *only_differences*, only the
    situations ruled differently and the options whose defaults differ."""
    from floorman.documents import render

    return render.render_pdf("compare.html", printed_view(view, only_differences=only_differences))


def printed_view(view: Mapping[str, Any], *, only_differences: bool = False) -> View:
    """The view the printed comparison lays out: every row, or only those that differ."""
    if not only_differences:
        return {**view, "only_differences": False, "situations": len(view["rows"])}
    return {
        **view,
        "only_differences": True,
        "situations": len(view["rows"]),
        "rows": [row for row in view["rows"] if row["differs"]],
        "options": [option for option in view["options"] if option["differs"]],
    }


def _wrap(
    text: str, width: int, *, initial_indent: str = "", subsequent_indent: str = ""
) -> list[str]:
    """``text`` in lines of ``width``, broken between words only (a word wider stays
    whole; ``set-aside`` is one word)."""
    return textwrap.wrap(
        text,
        width,
        initial_indent=initial_indent,
        subsequent_indent=subsequent_indent,
        break_long_words=False,
        break_on_hyphens=False,
    )


def _cell(cell: Mapping[str, Any], width: int) -> list[str]:
    if cell["absent"]:
        return _wrap("no rule: this rulebook is silent", width)
    lines = [cell["outcome"].upper()]
    lines.extend(_wrap(cell["cite"], width))
    steps = [do.replace("-", " ") for do in cell["procedure"] if do != "explain"]
    lines.extend(_wrap(" > ".join(steps) or "(explains only)", width))
    return lines
