"""A deal at the final table: each stack's prize equity by ICM, and the chip-chop.

ICM is the Malmuth–Harville model: a player finishes first with the share of
the chips in play they hold, and, once the players above them are placed,
next with their share of the chips that remain. A stack's equity is the sum
over places of the chance of finishing there times that place's payout.

It is worked out over the sets of players who could hold the places above:
every set of up to as many players as there are places paid (and never all
of them: the last player's place is settled by the others'). That is ``2**n``
sets for ``n`` players with every place paid, and only the small sets when
few places are paid (100 players with two places paid are 5,051 sets). Up to
10 players with every place paid the sums are exact fractions; beyond, binary
floating point, off by far less than a cent; beyond :data:`MAX_ICM_SETS` sets
the answer is refused rather than approximated.

The chip-chop is the other deal card rooms make: each player is sure of the
lowest payout still to be decided; the rest of the prize pool is shared in
proportion to chips.

The rulebooks leave deals to the players (RRoP §15 rules 36 and 37); these
numbers are what a deal is argued from, not a ruling.

>>> [str(e) for e in icm_equities([5000, 3000, 2000], [50, 30, 20])]
['1075/28', '131/4', '202/7']
>>> [str(e) for e in chip_chop([5000, 3000, 2000], [50, 30, 20])]
['40', '32', '28']
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import pairwise
from math import comb
from typing import Final, TypeVar

from floorman.errors import FloormanError

__all__ = [
    "EXACT_ICM_SETS",
    "MAX_ICM_SETS",
    "IcmError",
    "chip_chop",
    "icm_equities",
    "icm_sets",
    "round_to_unit",
]

EXACT_ICM_SETS: Final = 1 << 10
"""Up to this many sets (10 players with every place paid) ICM works in exact
fractions; past them, in floats, some 25 times quicker."""

MAX_ICM_SETS: Final = 1 << 16
"""The most sets of players ICM works through (16 players with every place paid, or 100
players with two places paid); more is refused, not guessed."""

Money = int | Fraction


N = TypeVar("N", Fraction, float)


class IcmError(FloormanError, ValueError):
    """Stacks or payouts a deal cannot be worked from; the message says which."""


def icm_sets(players: int, places: int) -> int:
    """How many sets of players the exact ICM works through.

    >>> icm_sets(3, 3), icm_sets(100, 2), icm_sets(16, 16)
    (7, 5051, 65535)
    """
    deep = min(places, players - 1)
    return sum(comb(players, size) for size in range(deep + 1))


def _check(stacks: Sequence[int], payouts: Sequence[Money]) -> None:
    if not stacks:
        raise IcmError("no stacks: give the chips of every player still in")
    for stack in stacks:
        if stack <= 0:
            raise IcmError(f"stack {stack}: a player with no chips is out of the tournament")
    if len(payouts) > len(stacks):
        raise IcmError(
            f"{len(payouts)} payouts for {len(stacks)} players: give only the payouts of the"
            f" places still to be decided, first place first"
        )
    for payout in payouts:
        if payout < 0:
            raise IcmError(f"payout {_shown(payout)}: a payout is not below 0")
    for place, (higher, lower) in enumerate(pairwise(payouts), 2):
        if lower > higher:
            raise IcmError(
                f"payout {_shown(lower)} for place {place} is above {_shown(higher)} for place"
                f" {place - 1}:"
                " give the payouts first place first"
            )
    sets = icm_sets(len(stacks), len(payouts))
    if sets > MAX_ICM_SETS:
        raise IcmError(
            f"{len(stacks)} players with {len(payouts)} places paid is {sets} sets to work"
            f" through, more than {MAX_ICM_SETS}: pay fewer places or make the deal with fewer"
            " players"
        )


def icm_equities(stacks: Sequence[int], payouts: Sequence[Money]) -> tuple[Fraction, ...]:
    """Each stack's prize equity by the Malmuth–Harville model, in stack order.

    ``payouts`` are the places still to be decided, first place first; places
    beyond them pay nothing. Up to :data:`EXACT_ICM_SETS` sets the equities are
    exact fractions adding up to the sum of the payouts; beyond, they are
    worked in binary floating point (off by a few parts in 10**15) and given
    as the fractions those floats are.

    >>> icm_equities([1000, 1000], [60, 40])
    (Fraction(50, 1), Fraction(50, 1))
    >>> icm_equities([7], [10])
    (Fraction(10, 1),)
    """
    _check(stacks, payouts)
    if icm_sets(len(stacks), len(payouts)) <= EXACT_ICM_SETS:
        return tuple(_harville(stacks, [Fraction(p) for p in payouts], Fraction(1)))
    return tuple(Fraction(e) for e in _harville(stacks, [float(p) for p in payouts], 1.0))


def _harville(stacks: Sequence[int], payouts: list[N], one: N) -> list[N]:
    players = len(stacks)
    total = sum(stacks)
    equities = [one * 0] * players
    # chance[mask]: the players in ``mask`` hold the top places, in some order.
    chance: dict[int, N] = {0: one}
    placed: dict[int, int] = {0: 0}
    for payout in payouts[:players]:
        following: dict[int, N] = {}
        for mask, reach in chance.items():
            per_chip = reach / (total - placed[mask])
            for player, stack in enumerate(stacks):
                bit = 1 << player
                if mask & bit:
                    continue
                step = per_chip * stack
                equities[player] += step * payout
                after = mask | bit
                if after in following:
                    following[after] += step
                else:
                    following[after] = step
                    placed[after] = placed[mask] + stack
        chance = following
    return equities


def chip_chop(stacks: Sequence[int], payouts: Sequence[Money]) -> tuple[Fraction, ...]:
    """Each stack's share of a chip-chop, in stack order: the lowest payout still to be
    decided to everyone, the rest of the prize pool in proportion to chips.

    Places beyond the payouts given pay nothing, so with fewer payouts than
    players everyone is sure of nothing and the whole pool goes by chips.

    >>> [str(share) for share in chip_chop([6000, 4000], [70, 30])]
    ['54', '46']
    """
    _check_chop(stacks, payouts)
    players = len(stacks)
    floor = Fraction(payouts[-1]) if len(payouts) == players and payouts else Fraction(0)
    rest = sum(payouts, Fraction(0)) - floor * players
    total = sum(stacks)
    return tuple(floor + rest * Fraction(stack, total) for stack in stacks)


def _check_chop(stacks: Sequence[int], payouts: Sequence[Money]) -> None:
    try:
        _check(stacks, payouts)
    except IcmError as error:
        if "sets to work through" not in str(error):
            raise


def _shown(amount: Money) -> str:
    """An amount as it was typed: 12.5, not 25/2."""
    value = Fraction(amount)
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.10g}"


def round_to_unit(amounts: Sequence[Fraction], unit: Fraction) -> tuple[Fraction, ...]:
    """``amounts`` in whole ``unit`` s with the same total as they have (when that total is
    a whole number of units): each rounded down, then the units left over one each to the
    largest remainders, the earlier of equal remainders first.

    >>> [str(a) for a in round_to_unit([Fraction(10, 3)] * 3, Fraction(1))]
    ['4', '3', '3']
    """
    floors = [amount // unit for amount in amounts]
    left = round((sum(amounts, Fraction(0)) - sum(floors) * unit) / unit)
    order = sorted(range(len(amounts)), key=lambda i: (-(amounts[i] - floors[i] * unit), i))
    extra = set(order[:left])
    return tuple((floor + (1 if i in extra else 0)) * unit for i, floor in enumerate(floors))
