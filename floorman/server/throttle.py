"""How often a sign-in may be tried: a wait that doubles with each wrong password, by the
name tried and by the address it comes from, and a lock on a name after many.

A guess costs the guesser more each time, so a password cannot be found by trying;
a floor manager who mistypes a few times waits seconds, not minutes. The lock holds
until a floor manager lifts it (``floorman users unlock NAME``) or a day has passed.

>>> from datetime import UTC, datetime, timedelta
>>> now = datetime(2026, 12, 2, 4, 0, tzinfo=UTC)
>>> recent = Failures(7, now - timedelta(seconds=1), 7, now - timedelta(seconds=1))
>>> refusal(recent, recent, now)
Refusal(seconds=7, locked=False)
>>> refusal(Failures(2, now, 2, now), Failures(2, now, 2, now), now) is None
True
"""

from __future__ import annotations

import math
from datetime import datetime, timedelta
from typing import Final, NamedTuple

from floorman.store.staff import Failures

__all__ = ["LOCK_AFTER", "WINDOW", "Refusal", "refusal"]

WINDOW: Final = timedelta(minutes=15)
"""Failures older than this no longer add to the wait."""
FREE_BY_NAME: Final = 5
FREE_BY_ADDRESS: Final = 20
"""Wrong tries with no wait: an address may be a room's one router, so it gets more."""
LOCK_AFTER: Final = 20
"""Wrong passwords for one name in a day that lock it until a floor manager unlocks it."""
LONGEST_WAIT: Final = 300


class Refusal(NamedTuple):
    """A sign-in not tried now: for how many seconds more, or locked until lifted."""

    seconds: int
    locked: bool


def refusal(
    recent: Failures, today: Failures, now: datetime, *, named: bool = True
) -> Refusal | None:
    """Whether a sign-in is refused, from the failures in :data:`WINDOW` and in the day;
    one with no name (a station's token) is limited by its address alone."""
    if named and today.by_name >= LOCK_AFTER:
        return Refusal(LONGEST_WAIT, locked=True)
    by_name = recent.by_name if named else 0
    waits = [
        _remaining(by_name - FREE_BY_NAME, recent.name_last, now),
        _remaining(recent.by_address - FREE_BY_ADDRESS, recent.address_last, now),
    ]
    longest = max(waits)
    return Refusal(longest, locked=False) if longest > 0 else None


def _remaining(over: int, last: datetime | None, now: datetime) -> int:
    """Seconds still to wait after ``over`` failures past the free ones, the last at ``last``."""
    if over < 0 or last is None:
        return 0
    wait: int = min(2 ** min(over + 1, 16), LONGEST_WAIT)
    return max(0, math.ceil(wait - (now - last).total_seconds()))
