"""The payout table: the prize pool cut by a percentage structure, in whole units.

The rulebooks pay "as posted" (WSOP T 31) and say nothing of how a posted
percentage becomes money, so the rounding here is the house's: each place's
share is rounded down to the unit paid (a dollar, a five, a 100 chip), and
what rounding leaves over goes, by :data:`REMAINDERS`, all to first place
(``first-place``, the default) or a unit at a time to the places from the top
down (``top-down``), any part smaller than a unit to first place. Every unit
of the pool is paid and no place is paid more than a higher one.

>>> table = payout_table(10_000, ["50", "30", "20"])
>>> table.amounts
(5000, 3000, 2000)
>>> payout_table(1_003, ["50", "30", "20"], unit=5).amounts
(503, 300, 200)
>>> payout_table(1_003, ["50", "30", "20"], unit=5, remainder="top-down").amounts
(503, 300, 200)
>>> payout_table(1_000, ["33.4", "33.3", "33.3"], unit=5, remainder="top-down").amounts
(335, 335, 330)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Final, Literal

from floorman.errors import FloormanError

__all__ = ["REMAINDERS", "PayoutError", "PayoutTable", "Remainder", "payout_table", "percentages"]

Remainder = Literal["first-place", "top-down"]
REMAINDERS: Final[tuple[Remainder, ...]] = ("first-place", "top-down")
"""Where the units rounding leaves over go (house options; the books are silent)."""


class PayoutError(FloormanError, ValueError):
    """A payout structure that cannot pay the pool; the message names the place."""


@dataclass(frozen=True)
class PayoutTable:
    """What each place pays, first place first; places beyond pay nothing."""

    prize_pool: int
    unit: int
    percentages: tuple[Fraction, ...]
    amounts: tuple[int, ...]
    remainder: Remainder

    @property
    def places_paid(self) -> int:
        return len(self.amounts)

    def pays(self, place: int) -> int:
        """What finishing in ``place`` pays (0 beyond the places paid).

        >>> payout_table(100, ["70", "30"]).pays(3)
        0
        """
        if place < 1:
            raise PayoutError(f"place {place}: places are numbered from 1")
        return self.amounts[place - 1] if place <= len(self.amounts) else 0


def percentages(texts: Sequence[str]) -> tuple[Fraction, ...]:
    """A structure as it is posted, in percent: ``["50", "30", "20"]`` or ``"27.5"``.

    >>> [str(p) for p in percentages(["27.5", "72.5"])]
    ['55/2', '145/2']
    """
    shares: list[Fraction] = []
    for place, text in enumerate(texts, 1):
        try:
            value = Decimal(text.strip().removesuffix("%"))
        except InvalidOperation:
            raise PayoutError(f'place {place}: "{text}" is not a percentage') from None
        if not value.is_finite() or value <= 0 or len(text) > 24:
            raise PayoutError(f'place {place}: "{text}" is not a percentage above 0')
        shares.append(Fraction(value))
    return tuple(shares)


def payout_table(
    prize_pool: int,
    structure: Sequence[str] | Sequence[Fraction],
    *,
    unit: int = 1,
    remainder: Remainder = "first-place",
) -> PayoutTable:
    """The pool cut by ``structure`` (percent per place, first place first, adding up to
    100), rounded to ``unit`` as the house says (see the module's text)."""
    shares = (
        percentages([str(s) for s in structure])
        if any(isinstance(s, str) for s in structure)
        else tuple(Fraction(s) for s in structure)
    )
    if not shares:
        raise PayoutError("a payout structure pays at least first place")
    total = sum(shares, Fraction(0))
    if total != 100:
        raise PayoutError(f"the percentages add up to {_percent(total)}, not 100")
    for place in range(1, len(shares)):
        if shares[place] > shares[place - 1]:
            raise PayoutError(
                f"place {place + 1} pays {_percent(shares[place])}, more than place {place}"
            )
    if prize_pool < 0 or unit < 1:
        raise PayoutError("a prize pool is not below 0 and the unit paid is at least 1")
    if remainder not in REMAINDERS:
        raise PayoutError(f'remainder "{remainder}" is not one of {", ".join(REMAINDERS)}')
    amounts = [int(prize_pool * share / 100 // unit) * unit for share in shares]
    left = prize_pool - sum(amounts)
    if remainder == "top-down":
        place = 0
        while left >= unit:
            amounts[place % len(amounts)] += unit
            left -= unit
            place += 1
    amounts[0] += left
    return PayoutTable(prize_pool, unit, shares, tuple(amounts), remainder)


def _percent(value: Fraction) -> str:
    return f"{float(value):g}%"
