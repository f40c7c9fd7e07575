"""The changes between hands as a dealer types them in ``live``.

>>> parse_change("sit 7 200 Ann post").describe()
'seat 7 (Ann) sits down with 200, posts to come in'
>>> parse_change("sit 3 100 buy-button").buy
True
>>> parse_change("level 2/4 ante 1").blinds
(2, 4)
"""

from __future__ import annotations

from typing import Final

from floorman.errors import FloormanError
from floorman.numerals import NumberError, chip_amount, seat_number
from floorman.session.seating import Change

__all__ = ["CHANGE_WORDS", "USAGE", "ChangeError", "parse_change"]

USAGE: Final = {
    "sit": "sit SEAT CHIPS [NAME] [post | buy-button]",
    "move": "move SEAT CHIPS [from TABLE] [NAME]",
    "leave": "leave SEAT",
    "sitout": "sitout SEAT",
    "back": "back SEAT [post]",
    "seat": "seat SEAT NEWSEAT [post]",
    "rebuy": "rebuy SEAT CHIPS",
    "level": "level SMALL/BIG [ante X]",
    "push": "push",
}
CHANGE_WORDS: Final = tuple(USAGE)


class ChangeError(FloormanError, ValueError):
    """A change typed wrong: the message gives the form."""


def parse_change(text: str) -> Change:
    """A change between hands from its words; :class:`ChangeError` naming the form."""
    words = text.split()
    if not words or words[0].lower() not in USAGE:
        raise ChangeError(f'"{text}" is not a change between hands')
    kind = words[0].lower()
    try:
        return _parse(kind, words[1:])
    except (NumberError, IndexError, ValueError):
        raise ChangeError(f'"{text}": write {USAGE[kind]}') from None


def _parse(kind: str, rest: list[str]) -> Change:
    if kind == "push":
        if rest:
            raise ValueError
        return Change("push")
    if kind == "level":
        small, _, big = rest[0].replace("-", "/").partition("/")
        ante = None
        if len(rest) == 3 and rest[1].lower() == "ante":
            ante = chip_amount(rest[2])
        elif len(rest) != 1:
            raise ValueError
        return Change("level", blinds=(chip_amount(small), chip_amount(big)), ante=ante)
    seat = seat_number(rest[0])
    if kind in ("leave", "sitout"):
        if len(rest) != 1:
            raise ValueError
        return Change(kind, seat)  # type: ignore[arg-type]
    if kind == "back":
        if rest[1:] not in ([], ["post"]):
            raise ValueError
        return Change("back", seat, post=bool(rest[1:]))
    if kind == "seat":
        if len(rest) not in (2, 3) or rest[2:] not in ([], ["post"]):
            raise ValueError
        return Change("seat", seat, to=seat_number(rest[1]), post=len(rest) == 3)
    chips = chip_amount(rest[1])
    if kind == "rebuy":
        if len(rest) != 2:
            raise ValueError
        return Change("rebuy", seat, chips)
    extra = rest[2:]
    last = extra[-1].lower() if extra and kind == "sit" else ""
    post, buy = last == "post", last == "buy-button"
    if post or buy:
        extra = extra[:-1]
    origin = None
    if kind == "move" and len(extra) >= 2 and extra[0].lower() == "from":
        origin, extra = extra[1], extra[2:]
    name = " ".join(extra) or None
    return Change(kind, seat, chips, name, post=post, origin=origin, buy=buy)  # type: ignore[arg-type]
