"""Numbers as a dealer types them: ASCII digits only, within floorman's limits.

``str.isdigit`` also accepts ``²`` and ``٣``, which ``int`` then refuses, and
``int`` refuses more than 4,300 digits; a seat or an amount is read here
instead, so either is one clear complaint.

>>> seat_number("3"), chip_amount("1,000")
(3, 1000)
>>> seat_number("²")
Traceback (most recent call last):
...
floorman.numerals.NumberError: "²" is not a seat number
"""

from __future__ import annotations

from floorman.bounds import MAX_CHIPS, MAX_SEAT
from floorman.errors import FloormanError

__all__ = [
    "NumberError",
    "chip_amount",
    "is_number",
    "quoted",
    "seat_number",
    "whole_number",
]


class NumberError(FloormanError, ValueError):
    """Text that is not the number asked for; the message quotes the text."""


def is_number(word: str) -> bool:
    """Only ASCII digits: what ``int`` reads back as the same number."""
    return word.isascii() and word.isdigit()


def whole_number(word: str, what: str, most: int) -> int:
    """A number from 0 to ``most``; ``what`` names it in the complaint."""
    if not is_number(word):
        raise NumberError(f'"{quoted(word)}" is not {what}')
    if len(word.lstrip("0")) > len(str(most)) or int(word) > most:
        raise NumberError(f'"{quoted(word)}" is more than {what} can be (at most {most:,})')
    return int(word)


def seat_number(word: str) -> int:
    """A seat, 1 to :data:`~floorman.bounds.MAX_SEAT`."""
    seat = whole_number(word, "a seat number", MAX_SEAT)
    if seat < 1:
        raise NumberError(f'"{word}" is not a seat number: seats are numbered from 1')
    return seat


def chip_amount(word: str) -> int:
    """An amount of chips (``1,000`` and ``1_000`` read as 1000), up to
    :data:`~floorman.bounds.MAX_CHIPS`."""
    cleaned = word.replace(",", "").replace("_", "")
    if cleaned.startswith("-") and is_number(cleaned[1:]):
        raise NumberError(f'"{quoted(word)}": an amount cannot be below zero')
    if not is_number(cleaned):
        raise NumberError(f'"{quoted(word)}" is not an amount in chips')
    return whole_number(cleaned, "an amount in chips", MAX_CHIPS)


def quoted(word: str) -> str:
    """``word`` as a complaint quotes it: its start and its length when it is long.

    >>> quoted("9" * 30)
    '99999999999999999999...(30 characters)'
    """
    return word if len(word) <= 24 else f"{word[:20]}...({len(word)} characters)"
