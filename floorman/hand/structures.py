"""How much a seat may bet or raise under each betting structure.

Amounts are totals in front of the seat on this street ("raise to 60").
Pot limit: the most a raise can be is the call plus the pot after the call;
with 100 in the middle and a bet of 20, a raise goes to at most 160:

>>> raise_range("pot-limit", current_bet=20, raise_size=20, full_level=20,
...             limit_size=0, pot=120, to_call=20, allin=1000)
Wager(lowest=40, highest=160, allin=1000)

No limit: a raise is at least the size of the last full bet or raise:

>>> raise_range("no-limit", current_bet=50, raise_size=50, full_level=50,
...             limit_size=0, pot=80, to_call=50, allin=300).lowest
100
"""

from __future__ import annotations

from typing import Final, Literal, NamedTuple

__all__ = [
    "DEFAULT_RAISE_CAP",
    "STRUCTURES",
    "Structure",
    "Wager",
    "bet_range",
    "is_full_raise",
    "limit_bet_size",
    "raise_range",
]

Structure = Literal["no-limit", "pot-limit", "limit"]
STRUCTURES: Final[tuple[Structure, ...]] = ("no-limit", "pot-limit", "limit")

DEFAULT_RAISE_CAP: Final = 3
"""Limit games allow a bet and three raises a round unless the house says otherwise."""


class Wager(NamedTuple):
    """The totals a seat may put in front of it, ``lowest``..``highest`` (both the
    whole stack, ``allin``, when that is less than a full wager)."""

    lowest: int
    highest: int
    allin: int

    def allows(self, total: int) -> bool:
        return self.lowest <= total <= self.highest

    def describe(self) -> str:
        if self.allin <= self.lowest:
            return f"all in {self.allin}"
        if self.lowest == self.highest:
            return str(self.lowest)
        return f"{self.lowest}..{self.highest}"


def limit_bet_size(street_index: int, small_bet: int, big_bet: int) -> int:
    """The small bet before the flop and on it, the big bet on the turn and river."""
    return small_bet if street_index <= 1 else big_bet


def bet_range(
    structure: Structure, *, min_bet: int, limit_size: int, pot: int, allin: int
) -> Wager:
    """Totals allowed for the first bet of a round (nothing to call)."""
    if structure == "limit":
        lowest = highest = limit_size
    else:
        lowest = min_bet
        highest = allin if structure == "no-limit" else max(pot, min_bet)
    return _clip(lowest, highest, allin)


def raise_range(
    structure: Structure,
    *,
    current_bet: int,
    raise_size: int,
    full_level: int,
    limit_size: int,
    pot: int,
    to_call: int,
    allin: int,
) -> Wager:
    """Totals allowed for a raise.

    ``raise_size`` is the last full bet or raise (no and pot limit); ``full_level``
    the total of the last full wager (limit: a short all-in below half a bet is
    completed from there); ``pot`` every chip in the middle before this seat acts.
    """
    if structure == "limit":
        lowest = highest = full_level + limit_size
    else:
        lowest = current_bet + raise_size
        highest = allin if structure == "no-limit" else current_bet + pot + to_call
    return _clip(lowest, highest, allin)


def is_full_raise(structure: Structure, increment: int, raise_size: int, limit_size: int) -> bool:
    """Whether a wager raising the bet by ``increment`` reopens the betting.

    In limit, an all-in of half a bet or more counts as a full bet (RRoP §3).

    >>> is_full_raise("limit", 15, 20, 20), is_full_raise("no-limit", 70, 100, 0)
    (True, False)
    """
    if structure == "limit":
        return 2 * increment >= limit_size
    return increment >= raise_size


def _clip(lowest: int, highest: int, allin: int) -> Wager:
    highest = min(highest, allin)
    if allin < lowest:
        lowest = highest = allin
    return Wager(lowest, highest, allin)
