"""The main pot and the side pots, built from what each seat put in.

A seat all in for less than the others can win only what it could match
from each opponent, so the chips are cut into levels: every distinct
contribution starts a new pot, and a pot is open to the live seats that
reached its level. Folded seats' chips stay in (dead money) but make no seat
eligible. A bet nobody called is not in any pot: it goes back first.

>>> layout = build_pots({1: 50, 2: 200, 3: 200, 4: 120}, folded={4})
>>> [(pot.amount, pot.eligible) for pot in layout.pots]
[(200, (1, 2, 3)), (370, (2, 3))]
>>> build_pots({1: 50, 2: 100}, folded={1}).returned
{2: 50}
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field

from floorman.errors import FloormanError

__all__ = ["Pot", "PotError", "PotLayout", "build_pots", "standing_pots", "uncalled_bet"]


class PotError(FloormanError, ValueError):
    """Contributions that cannot make a pot (a negative amount, no live seat)."""


@dataclass(frozen=True, slots=True)
class Pot:
    """One pot: its chips and the seats that can win it, in seat order."""

    amount: int
    eligible: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PotLayout:
    """The pots of a hand, main pot first, and the uncalled bet handed back."""

    pots: tuple[Pot, ...]
    returned: dict[int, int] = field(default_factory=dict)

    @property
    def total(self) -> int:
        """Every chip in the pots (the returned bet excluded)."""
        return sum(pot.amount for pot in self.pots)


def uncalled_bet(contributions: Mapping[int, int]) -> tuple[int, int] | None:
    """The seat whose last bet nobody matched, and how much of it goes back.

    Only the one largest contribution can be unmatched; the excess over the
    second largest is what no opponent called.

    >>> uncalled_bet({1: 100, 2: 300, 3: 100})
    (2, 200)
    >>> uncalled_bet({1: 100, 2: 100}) is None
    True
    """
    top_seat, top, second = 0, -1, 0
    for seat, amount in contributions.items():
        if amount > top:
            top_seat, top, second = seat, amount, max(top, 0)
        elif amount > second:
            second = amount
    if top <= second:
        return None
    return top_seat, top - second


def build_pots(
    contributions: Mapping[int, int],
    folded: Collection[int] = (),
    *,
    dead: int = 0,
) -> PotLayout:
    """Cut the chips put in this hand into a main pot and side pots.

    ``contributions`` maps every seat dealt in to the chips it put in over
    the whole hand (blinds, antes, bets); ``folded`` are the seats out of the
    hand; ``dead`` is money in the main pot that no seat's level accounts for
    (a dead blind, odd chips carried from the last hand, an ante that every
    live seat may win whatever its stack). Adjacent pots open to the same
    seats are one pot.
    """
    if contributions and min(contributions.values()) < 0:
        seat, amount = min(contributions.items(), key=lambda item: item[1])
        raise PotError(f"seat {seat} cannot put in a negative amount ({amount})")
    if dead < 0:
        raise PotError(f"dead money cannot be negative ({dead})")
    folded_seats = set(folded)
    live = sorted(seat for seat in contributions if seat not in folded_seats)
    if not live and (dead or any(contributions.values())):
        raise PotError("every seat has folded: nobody is left to win the pot")

    remaining = dict(contributions)
    returned: dict[int, int] = {}
    unmatched = uncalled_bet(remaining)
    if unmatched is not None:
        seat, excess = unmatched
        remaining[seat] -= excess
        returned[seat] = excess

    pots: list[Pot] = []
    carry = dead
    previous = 0
    amounts = sorted(remaining.values())
    for index, level in enumerate(amounts):
        if level <= previous:
            continue
        # Every seat from here on in the sorted amounts put in at least this level.
        layer = (level - previous) * (len(amounts) - index)
        eligible = tuple(seat for seat in live if remaining[seat] >= level)
        previous = level
        if not eligible:
            # Chips above every live seat's level: whoever contests the top pot wins them.
            carry += layer
            continue
        amount = layer + carry
        carry = 0
        if pots and pots[-1].eligible == eligible:
            amount += pots.pop().amount
        pots.append(Pot(amount, eligible))
    if carry:
        if pots:
            top = pots.pop()
            pots.append(Pot(top.amount + carry, top.eligible))
        else:
            pots.append(Pot(carry, tuple(live)))
    return PotLayout(tuple(pots), returned)


def standing_pots(
    contributions: Mapping[int, int],
    folded: Collection[int] = (),
    all_in: Collection[int] = (),
    *,
    dead: int = 0,
) -> PotLayout:
    """The pots of a hand still being bet, as they stand: a side pot only where a
    live seat all in caps what it can win, every other live seat still able to match
    the bets in front; a bet nobody has matched yet is ``returned`` (it is its bettor's
    again if nobody calls).

    >>> standing_pots({1: 2, 2: 6, 3: 6}).pots  # seat 1 still to act: no side pot
    (Pot(amount=14, eligible=(1, 2, 3)),)
    >>> standing_pots({1: 2, 2: 6, 3: 2}).returned
    {2: 4}
    >>> [p.eligible for p in standing_pots({1: 50, 2: 80, 3: 80}, all_in=[1]).pots]
    [(1, 2, 3), (2, 3)]
    """
    if contributions and min(contributions.values()) < 0:
        seat, amount = min(contributions.items(), key=lambda item: item[1])
        raise PotError(f"seat {seat} cannot put in a negative amount ({amount})")
    if dead < 0:
        raise PotError(f"dead money cannot be negative ({dead})")
    out = set(folded)
    capped = set(all_in) - out
    live = sorted(seat for seat in contributions if seat not in out)
    if not live and (dead or any(contributions.values())):
        raise PotError("every seat has folded: nobody is left to win the pot")
    remaining = dict(contributions)
    returned: dict[int, int] = {}
    unmatched = uncalled_bet(remaining)
    if unmatched is not None:
        seat, excess = unmatched
        remaining[seat] -= excess
        returned[seat] = excess
    top = max(remaining.values(), default=0)
    cuts = sorted({remaining[seat] for seat in capped if 0 < remaining[seat] < top} | {top})
    pots: list[Pot] = []
    previous = 0
    carry = dead
    for level in cuts:
        layer = sum(min(chips, level) - min(chips, previous) for chips in remaining.values())
        eligible = tuple(s for s in live if s not in capped or remaining[s] >= level)
        previous = level
        amount = layer + carry
        carry = 0
        if not eligible:
            # Chips above every live seat's cap: whoever contests the top pot wins them.
            carry = amount
            continue
        if not amount:
            continue
        if pots and pots[-1].eligible == eligible:
            amount += pots.pop().amount
        pots.append(Pot(amount, eligible))
    if carry:
        top_pot = pots.pop() if pots else Pot(0, tuple(live))
        pots.append(Pot(top_pot.amount + carry, top_pot.eligible))
    return PotLayout(tuple(pots), returned)
