"""A share shown as the chips a dealer pushes: so many of each denomination.

A dealer splits a pot with the largest chips first, stacking them side by
side, then uses smaller chips to even the stacks and make change, down to
the smallest chip in play. Each share therefore ends up as whole stacks of
the largest chip it can hold, then the next, and so on.

>>> chip_breakdown(347, [1, 5, 25])
((25, 13), (5, 4), (1, 2))
>>> format_chips(chip_breakdown(115, [1, 5, 25]))
'4×25 + 3×5'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from floorman.errors import FloormanError

__all__ = ["ChipError", "check_denominations", "chip_breakdown", "format_chips"]


class ChipError(FloormanError, ValueError):
    """Denominations that cannot pay an amount exactly."""


def check_denominations(denominations: Iterable[int]) -> tuple[int, ...]:
    """The chips in play, largest first; every one a whole number of the smallest.

    >>> check_denominations([1, 25, 5, 5])
    (25, 5, 1)
    """
    chips = tuple(sorted(set(denominations), reverse=True))
    if not chips:
        raise ChipError("no chip denominations given")
    if chips[-1] < 1:
        raise ChipError(f"a chip is worth at least 1, not {chips[-1]}")
    unit = chips[-1]
    for chip in chips:
        if chip % unit:
            raise ChipError(f"a {chip} chip is not a whole number of the smallest chip ({unit})")
    return chips


def chip_breakdown(amount: int, denominations: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """``(denomination, count)`` pairs, largest chip first, that pay ``amount`` exactly.

    Denominations with no chip in the share are left out.
    """
    chips = check_denominations(denominations)
    if amount < 0:
        raise ChipError(f"cannot pay a negative amount ({amount}) in chips")
    if amount % chips[-1]:
        raise ChipError(f"{amount} is not a whole number of the smallest chip ({chips[-1]})")
    breakdown: list[tuple[int, int]] = []
    rest = amount
    for chip in chips:
        count, rest = divmod(rest, chip)
        if count:
            breakdown.append((chip, count))
    return tuple(breakdown)


def format_chips(breakdown: Iterable[tuple[int, int]]) -> str:
    """``4×25 + 3×5``; ``no chips`` for an empty share."""
    text = " + ".join(f"{count}×{chip}" for chip, count in breakdown)
    return text or "no chips"
