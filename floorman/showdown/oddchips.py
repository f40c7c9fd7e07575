"""Splitting a pot between tied hands, down to the smallest chip, and the odd chips.

A pot is split down to the smallest chip in play; what cannot be split
evenly is one odd chip (of that smallest size) per leftover unit, and the
house's policy says who gets each:

- ``first-left-of-button``: the tied hands in clockwise order from the
  button, one odd chip each (RRoP, TDA rule 20 A for board games);
- ``high-card-by-suit``: the hand holding the highest single card, suits
  ranking clubs < diamonds < hearts < spades (the lowest card, aces low, for
  tied low hands). The cards compared are the hole cards: board cards are
  everyone's, and no two seats hold the same hole card, so this never ties;
- ``carry-over``: the odd chips stay in for the next deal.

In high-low the pot is first cut in two halves; the odd chip of that cut
goes to the high half (``hilo_odd_chip: high``) unless the quartering
exception applies: the high hand wins its half alone while the low half is
being quartered, so the odd chip goes to the low half.

>>> rules = SplitRules()
>>> split = split_pot(347, [2, 6, 8], button=4, rules=rules)
>>> split.shares
{6: 116, 8: 116, 2: 115}
>>> [(chip.seat, chip.reason) for chip in split.odd_chips]  # doctest: +NORMALIZE_WHITESPACE
[(6, 'first of the tied hands clockwise from the button (seat 4)'),
 (8, 'second of the tied hands clockwise from the button (seat 4)')]
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final, Literal, cast, get_args

from floorman.cards import Card
from floorman.errors import FloormanError
from floorman.vocabulary import ORDINALS

__all__ = [
    "HILO_ODD_CHIPS",
    "ODD_CHIP_POLICIES",
    "RUN_ODD_CHIPS",
    "HiloOddChip",
    "OddChip",
    "OddChipPolicy",
    "Split",
    "SplitError",
    "SplitRules",
    "clockwise_from_button",
    "split_hilo",
    "split_pot",
    "split_rules",
    "split_runs",
]

OddChipPolicy = Literal["first-left-of-button", "high-card-by-suit", "carry-over"]
HiloOddChip = Literal["high", "low"]
RunOddChip = Literal["first-run", "last-run"]

ODD_CHIP_POLICIES: Final[tuple[str, ...]] = get_args(OddChipPolicy)
HILO_ODD_CHIPS: Final[tuple[str, ...]] = get_args(HiloOddChip)
RUN_ODD_CHIPS: Final[tuple[str, ...]] = get_args(RunOddChip)


class SplitError(FloormanError, ValueError):
    """A split that cannot be made: an amount off the chip unit, a winner missing."""


@dataclass(frozen=True, slots=True)
class SplitRules:
    """The house's split options, with Robert's Rules' defaults, and the smallest chip."""

    odd_chip: OddChipPolicy = "first-left-of-button"
    hilo_odd_chip: HiloOddChip = "high"
    quartering_exception: bool = False
    unit: int = 1
    run_odd_chip: RunOddChip = "first-run"

    def __post_init__(self) -> None:
        if self.odd_chip not in ODD_CHIP_POLICIES:
            raise SplitError(
                f'odd chip policy "{self.odd_chip}" is not one of {", ".join(ODD_CHIP_POLICIES)}'
            )
        if self.hilo_odd_chip not in HILO_ODD_CHIPS:
            raise SplitError(f'hi-lo odd chip "{self.hilo_odd_chip}" is not high or low')
        if self.run_odd_chip not in RUN_ODD_CHIPS:
            raise SplitError(f'run odd chip "{self.run_odd_chip}" is not first-run or last-run')
        if self.unit < 1:
            raise SplitError(f"the smallest chip must be at least 1, not {self.unit}")


@dataclass(frozen=True, slots=True)
class OddChip:
    """Who gets an odd chip and why; ``seat`` is None when no single seat does
    (carried to the next deal, or given to a half that tied hands share)."""

    seat: int | None
    amount: int
    reason: str

    def to_json(self) -> dict[str, object]:
        return {"seat": self.seat, "amount": self.amount, "reason": self.reason}


@dataclass(frozen=True, slots=True)
class Split:
    """The shares of one pot, the odd chips and why, and what stays in for next deal."""

    shares: dict[int, int]
    odd_chips: tuple[OddChip, ...] = ()
    carried: int = 0
    halves: dict[str, int] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return sum(self.shares.values()) + self.carried


def split_rules(options: Mapping[str, object], unit: int = 1) -> SplitRules:
    """The split options of a rulebook (``odd_chip``, ``hilo_odd_chip``,
    ``quartering_exception``), Robert's Rules' defaults for any it lacks.

    >>> split_rules({"odd_chip": "carry-over"}, unit=5)  # doctest: +NORMALIZE_WHITESPACE
    SplitRules(odd_chip='carry-over', hilo_odd_chip='high', quartering_exception=False, unit=5,
               run_odd_chip='first-run')
    """
    defaults = SplitRules()
    return SplitRules(
        odd_chip=cast(OddChipPolicy, options.get("odd_chip", defaults.odd_chip)),
        hilo_odd_chip=cast(HiloOddChip, options.get("hilo_odd_chip", defaults.hilo_odd_chip)),
        quartering_exception=bool(
            options.get("quartering_exception", defaults.quartering_exception)
        ),
        unit=unit,
        run_odd_chip=cast(RunOddChip, options.get("run_odd_chip", defaults.run_odd_chip)),
    )


def split_runs(amount: int, runs: int, rules: SplitRules) -> tuple[int, ...]:
    """A pot run ``runs`` times, cut into one part per run down to the smallest chip; the
    odd chips of the cut go to the first run (``run_odd_chip: first-run``, WSOP LA 213)
    or the last, one each from there.

    >>> split_runs(305, 2, SplitRules(unit=5))
    (155, 150)
    >>> split_runs(7, 3, SplitRules(run_odd_chip="last-run"))
    (2, 2, 3)
    """
    _check_amount(amount, rules.unit)
    units, odd = divmod(amount // rules.unit, runs)
    parts = [units * rules.unit] * runs
    order = range(runs) if rules.run_odd_chip == "first-run" else range(runs - 1, -1, -1)
    for index in list(order)[:odd]:
        parts[index] += rules.unit
    return tuple(parts)


def clockwise_from_button(
    seats: Collection[int], button: int, order: Sequence[int] | None = None
) -> list[int]:
    """``seats`` in the order the deal goes round: first left of the button, the button last.

    ``order`` is the table's seats clockwise when seat numbers do not go round
    the table in order; without it, seat numbers rise clockwise.

    >>> clockwise_from_button([2, 6, 8], button=4)
    [6, 8, 2]
    >>> clockwise_from_button([1, 3, 5], button=3, order=[5, 3, 1])
    [1, 5, 3]
    """
    if order is None:
        return sorted(seats, key=lambda seat: (seat <= button, seat))
    position = {seat: index for index, seat in enumerate(order)}
    for seat in (button, *seats):
        if seat not in position:
            raise SplitError(f"seat {seat} is not in the table order {_seat_list(order)}")
    start = position[button]
    size = len(order)
    return sorted(seats, key=lambda seat: (position[seat] - start - 1) % size)


def split_pot(
    amount: int,
    winners: Sequence[int],
    *,
    button: int,
    rules: SplitRules,
    order: Sequence[int] | None = None,
    cards: Mapping[int, Sequence[Card]] | None = None,
    low: bool = False,
    what: str = "tied hands",
) -> Split:
    """Share ``amount`` between tied ``winners`` to the unit; odd chips by the policy.

    ``cards`` are the winners' hole cards, needed by ``high-card-by-suit``;
    ``low`` says the tie is between low hands (the lowest card gets the chip).
    Shares are listed in the order odd chips go round.
    """
    _check_amount(amount, rules.unit)
    if not winners:
        raise SplitError(f"nobody to give {amount} to")
    if len(set(winners)) != len(winners):
        raise SplitError(f"a seat is named twice among the winners {_seat_list(winners)}")
    units, odd = divmod(amount // rules.unit, len(winners))
    ranked = _odd_chip_order(winners, button, rules, order, cards, low)
    shares = dict.fromkeys(ranked, units * rules.unit)
    if not odd:
        return Split(shares)
    if rules.odd_chip == "carry-over":
        reason = "carried over to the next deal (house: carry-over)"
        return Split(shares, (OddChip(None, odd * rules.unit, reason),), carried=odd * rules.unit)
    chips: list[OddChip] = []
    for place, seat in enumerate(ranked[:odd]):
        shares[seat] += rules.unit
        chips.append(
            OddChip(seat, rules.unit, _reason(place, seat, button, rules, cards, low, what))
        )
    return Split(shares, tuple(chips))


def split_hilo(
    amount: int,
    high: Sequence[int],
    low: Sequence[int],
    *,
    button: int,
    rules: SplitRules,
    order: Sequence[int] | None = None,
    cards: Mapping[int, Sequence[Card]] | None = None,
) -> Split:
    """Half to the best high hand(s), half to the best qualifying low hand(s).

    With no qualifying low (``low`` empty) the high hands share it all. A seat
    among both the high and the low winners scoops or quarters; its shares add up.

    >>> split = split_hilo(25, [2], [6, 8], button=4, rules=SplitRules())
    >>> split.shares, split.halves
    ({2: 13, 6: 6, 8: 6}, {'high': 13, 'low': 12})
    """
    if not low:
        return split_pot(amount, high, button=button, rules=rules, order=order, cards=cards)
    if not high:
        raise SplitError(f"a low hand wins half of {amount} but no high hand is named")
    _check_amount(amount, rules.unit)
    half, odd = divmod(amount // rules.unit, 2)
    odd_chips: list[OddChip] = []
    high_units = low_units = half
    if odd:
        to_low, reason = _hilo_odd_chip(rules, high, low)
        if to_low:
            low_units += 1
            winners = low
        else:
            high_units += 1
            winners = high
        seat = winners[0] if len(winners) == 1 else None
        odd_chips.append(OddChip(seat, rules.unit, reason))
    high_split = split_pot(
        high_units * rules.unit,
        high,
        button=button,
        rules=rules,
        order=order,
        cards=cards,
        what="tied high hands",
    )
    low_split = split_pot(
        low_units * rules.unit,
        low,
        button=button,
        rules=rules,
        order=order,
        cards=cards,
        low=True,
        what="tied low hands",
    )
    shares = dict(high_split.shares)
    for seat, share in low_split.shares.items():
        shares[seat] = shares.get(seat, 0) + share
    return Split(
        shares,
        (*odd_chips, *high_split.odd_chips, *low_split.odd_chips),
        carried=high_split.carried + low_split.carried,
        halves={"high": high_units * rules.unit, "low": low_units * rules.unit},
    )


def _hilo_odd_chip(rules: SplitRules, high: Sequence[int], low: Sequence[int]) -> tuple[bool, str]:
    """Whether the odd chip of the high/low cut goes low, and why."""
    if rules.quartering_exception and len(high) == 1 and len(low) > 1:
        return True, (
            "quartering exception: the high hand wins its half alone and the low half "
            "is quartered, so the odd chip of the high/low split goes to the low half"
        )
    if rules.hilo_odd_chip == "low":
        return True, "the odd chip of the high/low split goes to the low half (house: low)"
    return False, "the odd chip of the high/low split goes to the high half"


def _odd_chip_order(
    winners: Sequence[int],
    button: int,
    rules: SplitRules,
    order: Sequence[int] | None,
    cards: Mapping[int, Sequence[Card]] | None,
    low: bool,
) -> list[int]:
    """The winners in the order the odd chips go to them."""
    if rules.odd_chip != "high-card-by-suit" or len(winners) == 1:
        return clockwise_from_button(winners, button, order)
    known = cards or {}
    for seat in winners:
        if not known.get(seat):
            raise SplitError(f"high card by suit needs the cards of seat {seat}")
    if low:
        return sorted(winners, key=lambda seat: _low_key(_lowest(known[seat])))
    return sorted(winners, key=lambda seat: -max(known[seat]).index)


def _low_key(card: Card) -> tuple[int, int]:
    return (1 if card.rank == 14 else card.rank, card.index % 4)


def _lowest(cards: Sequence[Card]) -> Card:
    """The lowest card by suit, aces low."""
    return min(cards, key=_low_key)


def _reason(
    place: int,
    seat: int,
    button: int,
    rules: SplitRules,
    cards: Mapping[int, Sequence[Card]] | None,
    low: bool,
    what: str,
) -> str:
    nth = ORDINALS[place] if place < len(ORDINALS) else f"number {place + 1}"
    if rules.odd_chip == "high-card-by-suit" and cards and cards.get(seat):
        if low:
            lowest = "lowest" if place == 0 else f"{nth} lowest"
            return f"{lowest} card by suit among the {what}: {_lowest(cards[seat])}"
        highest = "highest" if place == 0 else f"{nth} highest"
        return f"{highest} card by suit among the {what}: {max(cards[seat])}"
    return f"{nth} of the {what} clockwise from the button (seat {button})"


def _check_amount(amount: int, unit: int) -> None:
    if amount < 0:
        raise SplitError(f"cannot split a negative amount ({amount})")
    if amount % unit:
        raise SplitError(f"{amount} is not a whole number of the smallest chip ({unit})")


def _seat_list(seats: Sequence[int]) -> str:
    return ",".join(str(seat) for seat in seats)
