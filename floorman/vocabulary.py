"""The words floorman shows people: games by name, rulings' outcomes, ordinals, numbers.

Each table is kept once, so a rule sheet, a dealer's line, a ruling and a
drill say a thing the same way. Two tables name the games because a page
and a sentence need different names: a sheet is titled "Omaha High-Low
(8-or-better)", a dealer reads "Omaha hi-lo no-limit 1/2". Nothing of
floorman but its error is imported here: every layer may speak. Times are shown on
the room's clock, in its one time zone.

>>> GAME_TITLES["omaha-hilo"], GAME_SHORT_NAMES["omaha-hilo"]
('Omaha High-Low (8-or-better)', 'Omaha hi-lo')
>>> OUTCOME_LABELS["void"]
'Hand void'
>>> ORDINALS[1], ordinal(2), ordinal(23)
('second', 'second', '23rd')
>>> number_word(4), number_word(12)
('four', '12')
"""

from __future__ import annotations

import os
from datetime import UTC, date, datetime, tzinfo
from typing import Final

__all__ = [
    "GAME_SHORT_NAMES",
    "GAME_TITLES",
    "KIND_WORDS",
    "NUMBER_WORDS",
    "ORDINALS",
    "OUTCOME_LABELS",
    "STATION",
    "TIME_ZONE_VARIABLE",
    "author_label",
    "number_word",
    "ordinal",
    "room_date",
    "room_time",
    "room_zone",
]

GAME_TITLES: Final = {
    "holdem": "Hold'em",
    "omaha": "Omaha",
    "omaha-hilo": "Omaha High-Low (8-or-better)",
}
"""How a printed page titles each game: a rule sheet, a quick-reference card, a drill."""

GAME_SHORT_NAMES: Final = {"holdem": "hold'em", "omaha": "Omaha", "omaha-hilo": "Omaha hi-lo"}
"""How a line of text names each game: a dealer's headline, a refused event."""

KIND_WORDS: Final = {"cash": "cash game", "tournament": "tournament"}
"""How a line of text names a table's kind."""

OUTCOME_LABELS: Final = {
    "misdeal": "Misdeal",
    "void": "Hand void",
    "continue": "Play continues",
    "dead-hand": "Dead hand",
    "forfeit": "Forfeit",
}
"""How a printed ruling names its outcome."""

ORDINALS: Final = (
    "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
    "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth",
    "seventeenth", "eighteenth", "nineteenth", "twentieth",
)  # fmt: skip
"""``first`` to ``twentieth``: a deal round, a card off the deck, a place among tied seats."""

NUMBER_WORDS: Final = {
    1: "one", 2: "two", 3: "three", 4: "four", 5: "five",
    6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten",
}  # fmt: skip
"""Small counts as a sentence writes them: ``two hole cards``, ``two burn cards``."""


def ordinal(number: int) -> str:
    """``second`` for 2; ``23rd`` past twenty.

    >>> [ordinal(n) for n in (1, 20, 21, 22, 111, 112, 113)]
    ['first', 'twentieth', '21st', '22nd', '111th', '112th', '113th']
    """
    if 1 <= number <= len(ORDINALS):
        return ORDINALS[number - 1]
    suffix = (
        "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    )
    return f"{number}{suffix}"


def number_word(number: int) -> str:
    """A count in words up to ten, in digits past it: ``four``, ``12``."""
    return NUMBER_WORDS.get(number, str(number))


STATION: Final = "station:"
"""How a station's records are marked as entered (``station:7``), people by their name."""


def author_label(who: str | None) -> str:
    """Who entered a record, as the floor reads it: a person's name, ``station 7``, or
    ``terminal`` for a record made at a terminal with no one named."""
    if who is None:
        return "terminal"
    if who.startswith(STATION):
        return f"station {who.removeprefix(STATION)}"
    return who


TIME_ZONE_VARIABLE: Final = "FLOORMAN_TIME_ZONE"
"""The room's time zone (an IANA name, ``Europe/Paris``), set once for the room
(``floorman serve --time-zone`` sets it for the server): every time floorman shows, on
the web, at the terminal and on paper, is in it. Unset, the machine's own."""


def room_zone() -> tzinfo | None:
    """The room's time zone; ``None`` for the machine's own. A name that is no time zone
    is a :class:`~floorman.errors.FloormanError` saying so (one line at the terminal)."""
    name = os.environ.get(TIME_ZONE_VARIABLE, "").strip()
    if not name:
        return None
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    from floorman.errors import FloormanError

    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise FloormanError(
            f"{TIME_ZONE_VARIABLE}={name!r}: not a time zone (an IANA name, e.g. Europe/Paris)"
        ) from None


def room_time(moment: str | datetime, pattern: str = "%H:%M:%S") -> str:
    """A stored time (UTC, as the store writes it) as the room's clock reads it; a time
    with no zone (a hand file's own) is taken as already the room's.

    >>> os.environ[TIME_ZONE_VARIABLE] = "America/New_York"
    >>> room_time("2026-12-02T20:15:09.120+00:00")
    '15:15:09'
    >>> room_time("2026-07-01T12:00:00+00:00", "%H:%M %Z")
    '08:00 EDT'
    >>> del os.environ[TIME_ZONE_VARIABLE]
    """
    when = datetime.fromisoformat(moment) if isinstance(moment, str) else moment
    if when.tzinfo is None:
        return when.strftime(pattern)
    return when.astimezone(room_zone()).strftime(pattern)


def room_date() -> date:
    """Today on the room's clock: the date a printed page carries."""
    return datetime.now(UTC).astimezone(room_zone()).date()
