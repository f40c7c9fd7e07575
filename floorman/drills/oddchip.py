"""Odd-chip questions: tied hands share a pot that does not divide evenly; who gets what?

The pot is cut down to the smallest chip in play and the odd chips go as the
rulebook in force says (first tied hand clockwise from the button, the
highest card by suit, carried over; in high-low the high or the low half,
and the quartering exception where the house adopts it), worked out by
:mod:`floorman.showdown.oddchips`, as ``floorman split`` and ``check`` do.

>>> from floorman.rules.loader import load_rulebook
>>> question = odd_chip_question(load_rulebook("rrop"), Random(4))
>>> question.kind, sum(question.amounts.values()) <= question.expected
('split', True)
"""

from __future__ import annotations

from random import Random

from floorman.drills.citations import option_cite
from floorman.drills.deals import Shoe
from floorman.drills.model import Question, SeatView, Situation, seat_list
from floorman.drills.splits import STAKES
from floorman.drills.variation import TABLE_SEATS
from floorman.rules.loader import Rulebook
from floorman.showdown.oddchips import split_hilo, split_pot, split_rules

__all__ = ["odd_chip_question"]


def odd_chip_question(book: Rulebook, rng: Random) -> Question:
    """A pot shared by tied hands (or high and low) with chips left over."""
    _, chips = rng.choice(STAKES)
    unit = chips[0]
    rules = split_rules(book.options, unit)
    hilo = rng.random() < 0.35
    game = "omaha-hilo" if hilo else "holdem"
    players = rng.randint(2, 4)
    numbers = sorted(rng.sample(range(1, TABLE_SEATS + 1), players + rng.randint(0, 3)))
    button = rng.choice(numbers)
    shown = sorted(rng.sample(numbers, players))
    shoe = Shoe(rng)
    holes = {seat: shoe.draw(4 if hilo else 2) for seat in shown}
    while True:
        amount = unit * rng.randint(11, 400)
        if hilo:
            high = tuple(rng.sample(shown, rng.choice((1, 1, 2))))
            low = tuple(rng.sample(shown, rng.choice((1, 2, 2))))
            split = split_hilo(amount, high, low, button=button, rules=rules, cards=holes)
        else:
            high, low = tuple(rng.sample(shown, rng.randint(2, players))) if players > 1 else (), ()
            split = split_pot(amount, high, button=button, rules=rules, cards=holes)
        if split.odd_chips:
            break
    winners = sorted({*high, *low})
    amounts = {seat: split.shares.get(seat, 0) for seat in winners}
    said = []
    if hilo:
        said.append(f"High: {_who(high)}; low: {_who(low)}.")
    else:
        said.append(f"{_who(high).capitalize()} tie for the pot.")
    situation = Situation(
        game=game,
        button=button,
        seats=tuple(SeatView(seat, cards=holes[seat]) for seat in shown),
        events=(f"The pot is {amount}.", *said),
        rules=(f"Chips in play: {', '.join(map(str, chips))}; the smallest is {unit}."
               f" The button is on seat {button}.",),
    )  # fmt: skip
    explain = []
    if split.halves:
        explain.append(f"Halves: high {split.halves['high']}, low {split.halves['low']}.")
    explain.extend(
        f"Odd chip of {chip.amount}"
        + (f" to seat {chip.seat}" if chip.seat else "")
        + f": {chip.reason}."
        for chip in split.odd_chips
    )
    if split.carried:
        explain.append(f"{split.carried} stays in for the next deal.")
    explain.append("; ".join(f"seat {seat} {won}" for seat, won in amounts.items()) + ".")
    cite = option_cite(
        book, "odd_chip", *(("hilo_odd_chip", "quartering_exception") if hilo else ())
    )
    return Question(
        topic="odd-chip",
        kind="split",
        situation=situation,
        ask=(
            f"How much does each seat get? Give an amount for each of seats {seat_list(winners)},"
            " in that order."
        ),
        answer=", ".join(f"seat {seat}: {won}" for seat, won in amounts.items()),
        amounts=amounts,
        explanation=tuple(explain),
        cite=cite,
        rule="sizing.odd-chip",
        title="The odd chip",
        expected=amount,
    )


def _who(seats: tuple[int, ...]) -> str:
    return f"seat {seats[0]} alone" if len(seats) == 1 else f"seats {seat_list(seats)}"
