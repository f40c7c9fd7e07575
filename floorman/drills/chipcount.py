"""Chip-counting questions: a stack of mixed chips to count, or an amount to push in chips.

A dealer counts a player's stack on request (a call, an all-in) and pushes a
pot in as few chips as the denominations allow. Stacks are kept in piles of
twenty of one denomination, with the rest loose beside them, as the rooms
ask players to keep them; the answer is the sum, or the breakdown
:func:`floorman.showdown.chipstacks.chip_breakdown` gives, largest chip first.

>>> from floorman.rules.loader import load_rulebook
>>> question = chip_count_question(load_rulebook("rrop"), Random(1))
>>> question.topic, question.kind
('chip-count', 'amount')
"""

from __future__ import annotations

from random import Random
from typing import Final

from floorman.drills.citations import sizing_cite
from floorman.drills.model import Question, Situation
from floorman.rules.loader import Rulebook
from floorman.showdown.chipstacks import chip_breakdown, format_chips

__all__ = ["CHIP_SETS", "PILE", "chip_count_question"]

CHIP_SETS: Final[tuple[tuple[int, ...], ...]] = (
    (1, 5, 25, 100),
    (5, 25, 100, 500),
    (25, 100, 500, 1000),
    (100, 500, 1000, 5000),
)
"""The chips on the table, smallest first, at the stakes a drill deals."""

PILE: Final = 20
"""Chips of one denomination in a full pile."""


def chip_count_question(book: Rulebook, rng: Random) -> Question:
    """Count a stack, or push an amount in the fewest chips."""
    chips = rng.choice(CHIP_SETS)
    if rng.random() < 0.6:
        return _count(book, chips, rng)
    return _push(book, chips, rng)


def _count(book: Rulebook, chips: tuple[int, ...], rng: Random) -> Question:
    seat = rng.randint(1, 10)
    held: dict[int, int] = {}
    for chip in chips:
        if rng.random() < 0.85:
            held[chip] = PILE * rng.choice((0, 0, 1, 1, 2, 3)) + rng.randint(1, 19)
    if not held:
        held[chips[0]] = rng.randint(1, 19)
    lines = []
    for chip, count in sorted(held.items(), reverse=True):
        piles, loose = divmod(count, PILE)
        said = f"{piles} pile{'s' if piles > 1 else ''} of {PILE}" if piles else ""
        if loose:
            said += (" and " if said else "") + f"{loose} loose"
        lines.append(f"{chip} chips: {said}")
    total = sum(chip * count for chip, count in held.items())
    largest_first = sorted(held.items(), reverse=True)
    explain = [f"{chip} × {count} = {chip * count}" for chip, count in largest_first]
    sums = " + ".join(str(chip * count) for chip, count in largest_first)
    explain.append(f"In all: {sums} = {total}.")
    return Question(
        topic="chip-count",
        kind="amount",
        situation=Situation(
            game="holdem",
            events=tuple(lines),
            rules=(f"Chips in play: {', '.join(map(str, chips))}; a full pile is {PILE} chips.",),
        ),
        ask=f"A player asks for a count of seat {seat}'s stack. How much is it?",
        answer=str(total),
        figures=(("stack", total),),
        explanation=tuple(explain),
        cite=sizing_cite(book, "chip-count"),
        rule="sizing.chip-count",
        title="Counting a stack",
        expected=total,
    )


def _push(book: Rulebook, chips: tuple[int, ...], rng: Random) -> Question:
    unit = chips[0]
    amount = unit * rng.randint(7, 40 * chips[-1] // unit)
    breakdown = dict(chip_breakdown(amount, chips))
    order = tuple(reversed(chips))
    figures = tuple((f"{chip} chips", breakdown.get(chip, 0)) for chip in order)
    explain = []
    rest = amount
    for chip in order:
        count = breakdown.get(chip, 0)
        if count:
            explain.append(
                f"{rest}: {count} × {chip} = {count * chip}, {rest - count * chip} left."
            )
            rest -= count * chip
    explain.append(f"Push: {format_chips(chip_breakdown(amount, chips))}.")
    return Question(
        topic="chip-count",
        kind="amount",
        situation=Situation(
            game="holdem",
            rules=(f"Chips in play: {', '.join(map(str, chips))}.",),
        ),
        ask=(
            f"Push a pot of {amount} in as few chips as you can. How many of each? Give the"
            f" {', '.join(map(str, order[:-1]))} and {order[-1]} chips, in that order"
            " (0 for none)."
        ),
        answer=", ".join(f"{count} × {name.split()[0]}" for name, count in figures),
        figures=figures,
        explanation=tuple(explain),
        cite=sizing_cite(book, "chip-count"),
        rule="sizing.chip-push",
        title="Pushing a pot in chips",
        expected=amount,
    )
