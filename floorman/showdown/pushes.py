"""What the dealer pushed, set against what the cards and pots say.

A push (``award 3``, ``award 1,3``, ``award 3 200``) is a fact of the hand:
the chips go where the cards speak, and a push that differs is for the
rulebook to rule on. A push agrees when it goes to exactly the winners of the
whole pot, or when its amount is one pot's award to exactly that pot's
winners, or those seats' whole winnings.

>>> from floorman.showdown.awards import PotAward
>>> from floorman.showdown.pots import Pot
>>> from floorman.showdown.oddchips import Split
>>> main = PotAward(Pot(200, (1, 3)), Split({1: 200}), (1,))
>>> side = PotAward(Pot(50, (1, 2)), Split({2: 50}), (2,))
>>> pots, awards = (main, side), {1: 200, 2: 50}
>>> push_agrees(pots, awards, (1,), 200), push_agrees(pots, awards, (1,), None)
(True, False)
>>> describe_awards({1: 200, 2: 50})
'seat 1 wins 200 and seat 2 wins 50'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from floorman.showdown.awards import PotAward

__all__ = ["describe_awards", "describe_push", "push_agrees", "standing_awards"]


def push_agrees(
    pots: Sequence[PotAward], awards: Mapping[int, int], seats: Sequence[int], amount: int | None
) -> bool:
    """Whether pushing ``amount`` (``None``: the whole pot) to ``seats`` is what the
    settled ``pots`` and seat ``awards`` give."""
    pushed = set(seats)
    winners = {seat for seat, chips in awards.items() if chips > 0}
    if amount is None:
        return pushed == winners
    for award in pots:
        won = {seat for seat, chips in award.awards.items() if chips > 0}
        if won == pushed and sum(award.awards.values()) == amount:
            return True
    return pushed <= winners and sum(awards[seat] for seat in pushed) == amount


def describe_awards(awards: Mapping[int, int]) -> str:
    """``seat 1 wins 200 and seat 2 wins 50``; ``nobody wins any chips`` when none."""
    parts = [f"seat {seat} wins {chips}" for seat, chips in sorted(awards.items()) if chips]
    if not parts:
        return "nobody wins any chips"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def describe_push(seats: Sequence[int], amount: int | None) -> str:
    """``the pot to seat 3``, ``200 to seats 1 and 3``."""
    names = [str(seat) for seat in seats]
    who = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    what = "the pot" if amount is None else str(amount)
    return f"{what} to seat{'s' if len(names) > 1 else ''} {who}"


def standing_awards(
    pot: int, pushes: Sequence[tuple[Sequence[int], int | None]], unit: int = 1
) -> dict[int, int] | None:
    """The chips each seat won when the dealer's pushes stand as made (a dispute raised
    too late): each push's amount, or what the earlier pushes left of the ``pot``, split
    evenly among its seats in chips of ``unit``, an odd chip to the first named. ``None``
    when the pushes leave part of the pot unpushed: the cards speak for it all.

    >>> standing_awards(200, [((3,), None)])
    {3: 200}
    >>> standing_awards(205, [((1, 3), None)], 5)
    {1: 105, 3: 100}
    >>> standing_awards(300, [((1,), 100)]) is None
    True
    """
    left = pot
    won: dict[int, int] = {}
    for seats, amount in pushes:
        chips = left if amount is None else min(amount, left)
        left -= chips
        share = chips // unit // len(seats) * unit
        for seat in seats:
            won[seat] = won.get(seat, 0) + share
        won[seats[0]] += chips - share * len(seats)
    return won if left == 0 else None
