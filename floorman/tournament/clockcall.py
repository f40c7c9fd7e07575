"""A clock called on a player: how long the player has, the count at the end, and what
happens to the hand when time runs out, as each book says.

- TDA 2024 Rule 29: up to 25 seconds, then a 5-second countdown; facing a bet
  the hand is dead, not facing a bet it is checked.
- WSOP T 80: 0 up to 25 seconds, the floor's call, then a 5-second countdown;
  the hand is dead. T 108 names the clock only facing a bet, so for a player
  not facing one the hand is dead by rule 80's words, a house option.
- RRoP §14 No-Limit Rules 13 (and §3 Dead Hands 1): one additional minute,
  a ten-second warning, then the hand is dead: floorman reads the warning as
  the last ten seconds of the minute (50 seconds and a 10-second count). The book gives a clock only
  facing a bet: a player not facing one is checked, as TDA 29 (house option).

A tie goes to the player (TDA 29): an action at the very moment time runs
out is in time. A call is a record with the moment it was made; where it
stands at any moment is :func:`countdown`, a pure function of the two.

>>> from datetime import datetime, UTC, timedelta
>>> t0 = datetime(2026, 1, 1, 20, 0, tzinfo=UTC)
>>> call = ClockCall(3, 5, 41, True, t0, 25, 5)
>>> countdown(call, t0 + timedelta(seconds=10))
Countdown(phase='time', left=15, count=None)
>>> countdown(call, t0 + timedelta(seconds=27))
Countdown(phase='count', left=3, count=3)
>>> [countdown(call, t0 + timedelta(seconds=s)).phase for s in (30, 30.5)]
['count', 'expired']
>>> expiry_outcome(call, clock_rule("tda-2024"))
'dead'
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Literal

from floorman.errors import FloormanError

__all__ = [
    "CLOCK_RULES",
    "ClockCall",
    "ClockCallError",
    "ClockRule",
    "Countdown",
    "Outcome",
    "clock_rule",
    "countdown",
    "expiry_outcome",
]

Outcome = Literal["dead", "checked"]
MAX_SECONDS = 300


class ClockCallError(FloormanError):
    """A clock call that does not fit (a time the book does not allow, ...)."""


@dataclass(frozen=True, slots=True)
class ClockRule:
    """One book's clock: the time given, the count after it, the hand when it runs out."""

    cite: str
    seconds: int
    """The time given before the count, by default."""
    max_seconds: int | None
    """The most the floor may give (``None``: the book leaves it to the floor)."""
    count: int
    facing_bet: Outcome
    unfaced: Outcome
    unfaced_is_house: bool
    """The book does not say what happens to a player not facing a bet: a house option."""
    words: str


CLOCK_RULES: dict[str, ClockRule] = {
    "tda-2024": ClockRule(
        "TDA 2024 Rule 29",
        25,
        None,
        5,
        "dead",
        "checked",
        False,
        "A player on the clock has up to 25 seconds plus a 5 second countdown to act. If the"
        " player faces a bet and time expires, the hand is dead; if not facing a bet, the hand"
        " is checked. A tie goes to the player. TDs may adjust the time allowed.",
    ),
    "wsop-2024": ClockRule(
        "WSOP T 80",
        25,
        25,
        5,
        "dead",
        "dead",
        True,
        "Floor People may [...] give the Participant an additional 0 up to 25 seconds to make a"
        " decision. [...] there will be a 5-second countdown [...]. If a Participant has not"
        " acted before the declaration or alarm sounds, the hand will be dead.",
    ),
    "rrop": ClockRule(
        "RRoP §14 No-Limit Rules 13; §3 Dead Hands 1",
        50,
        None,
        10,
        "dead",
        "checked",
        True,
        "If the clock is put on you when you are facing a bet, you will have one additional"
        " minute to act on your hand. You will have a ten-second warning, after which your hand"
        " is dead if you have not acted.",
    ),
}
"""Each rulebook's clock, with its words."""


def clock_rule(rulebook: str) -> ClockRule:
    """The clock of ``rulebook``."""
    try:
        return CLOCK_RULES[rulebook]
    except KeyError:
        raise ClockCallError(f"rulebook {rulebook!r} has no clock rule") from None


def house_note(rule: ClockRule, facing_bet: bool) -> str:
    """Why the outcome for a player not facing a bet is the house's, or ``""``."""
    if facing_bet or not rule.unfaced_is_house:
        return ""
    if rule.cite.startswith("WSOP"):
        return "house option: WSOP T 108 names the clock only facing a bet; T 80 says dead"
    return "house option: the book gives the clock only facing a bet; checked, as TDA 29"


@dataclass(frozen=True, slots=True)
class ClockCall:
    """A clock called on the player at ``table`` ``seat`` at the moment ``at``."""

    table: int
    seat: int
    entry: int
    facing_bet: bool
    at: datetime
    seconds: int
    count: int

    @property
    def expires(self) -> datetime:
        return self.at + timedelta(seconds=self.seconds + self.count)

    def record(self) -> dict[str, Any]:
        """The ``clock-call`` record the store keeps."""
        return {
            "kind": "clock-call",
            "table": self.table,
            "seat": self.seat,
            "entry": self.entry,
            "facing_bet": self.facing_bet,
            "at": self.at.isoformat(),
            "seconds": self.seconds,
            "count": self.count,
        }

    @classmethod
    def from_record(cls, data: Mapping[str, Any]) -> ClockCall:
        return cls(
            int(data["table"]),
            int(data["seat"]),
            int(data["entry"]),
            bool(data["facing_bet"]),
            datetime.fromisoformat(str(data["at"])),
            int(data["seconds"]),
            int(data["count"]),
        )


def new_call(
    rule: ClockRule,
    table: int,
    seat: int,
    entry: int,
    facing_bet: bool,
    at: datetime,
    seconds: int | None = None,
) -> ClockCall:
    """A call under ``rule``; ``seconds`` is the time the floor gives, if not the book's
    (TDA 29: TDs may adjust it; WSOP T 80: 0 up to 25 seconds)."""
    given = rule.seconds if seconds is None else seconds
    most = rule.max_seconds if rule.max_seconds is not None else MAX_SECONDS
    if not 0 <= given <= most:
        raise ClockCallError(f"--seconds {given}: {rule.cite} gives 0 to {most} seconds")
    return ClockCall(table, seat, entry, facing_bet, at, given, rule.count)


@dataclass(frozen=True, slots=True)
class Countdown:
    """Where a call stands: the time given (``time``), the count (``count``, with the
    number called) or ``expired``; ``left`` whole seconds to the end (rounded up)."""

    phase: Literal["time", "count", "expired"]
    left: int
    count: int | None


def countdown(call: ClockCall, now: datetime) -> Countdown:
    """The call at ``now``. The end itself is still in time: a tie goes to the player."""
    gone = (now - call.at).total_seconds()
    left = call.seconds + call.count - gone
    if left < 0:
        return Countdown("expired", 0, None)
    whole = math.ceil(left)
    if whole > call.count:
        return Countdown("time", whole - call.count, None)
    return Countdown("count", whole, whole)


def expiry_outcome(call: ClockCall, rule: ClockRule) -> Outcome:
    """What happens to the hand when the call runs out."""
    return rule.facing_bet if call.facing_bet else rule.unfaced
