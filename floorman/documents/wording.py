"""The wording every printed document shares: its date, the rulebook's edition, a step
as a sentence, and a rulebook's options in the words floor staff use for them."""

from __future__ import annotations

import datetime
import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from floorman.rules.loader import Rulebook

__all__ = ["edition", "in_floor_words", "in_words", "long_date", "option_title", "sentence"]


def long_date(day: datetime.date) -> str:
    """A date no reader can misread, ``7 March 2025``.

    >>> long_date(datetime.date(2025, 3, 7))
    '7 March 2025'
    """
    return f"{day.day} {day:%B %Y}"


def edition(book: Rulebook) -> str:
    """The rulebook's name and edition: the first sentence of its source, else its title."""
    if book.source:
        first = " ".join(book.source.split()).split(". ")[0].rstrip(".")
        return first + "."
    return book.title


def sentence(text: str) -> str:
    """A step that opens with a placeholder ("the player ...") still starts with a capital."""
    return text[:1].upper() + text[1:]


def in_words(value: Any) -> str:
    """An option's value as a sheet prints it: ``yes``, ``none``, ``first left of button``.

    >>> in_words(True), in_words(None), in_words(["high-card-by-suit", 2])
    ('yes', 'none', 'high card by suit, 2')
    """
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, list):
        return ", ".join(in_words(item) for item in value) or "none"
    return str(value).replace("-", " ") if isinstance(value, str) else str(value)


def option_title(book: Rulebook, name: str) -> str:
    """What floor staff call an option: its title, else its name in words."""
    spec = book.option_specs.get(name)
    return (spec.title if spec is not None else "") or name.replace("_", " ").capitalize()


def in_floor_words(book: Rulebook, text: str) -> str:
    """A rule's note with the option identifiers it names put as their titles.

    >>> from floorman.rules.loader import load_rulebook
    >>> in_floor_words(load_rulebook("rrop"), "house option redeal_burn (default false)")
    'house option “Burn before a board card dealt again” (default false)'
    """
    text = " ".join(text.split())
    for name in sorted(book.option_specs, key=len, reverse=True):
        if name in text:
            text = re.sub(rf"\b{name}\b", f"“{option_title(book, name)}”", text)
    return text
