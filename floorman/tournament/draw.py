"""Random draws: the seat draw at the start (TDA 7, RRoP §15 rule 2), the button's high
card (RRoP §15 rule 29), and the two-step draw for players from a broken table (TDA
10-B and its Illustration Addendum).

Every draw takes a :class:`random.Random`, so a tournament started with a seed draws
the same seats again; the cards drawn are named, so the floor can show them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from floorman.cards import DECK, Card

__all__ = ["SeatCard", "balanced_counts", "button_by_high_card", "seat_draw", "two_step_draw"]


@dataclass(frozen=True, slots=True)
class SeatCard:
    """A seat assignment: table and seat."""

    table: int
    seat: int


def balanced_counts(players: int, tables: int) -> list[int]:
    """How many players each of ``tables`` tables seats, within one of each other, the
    larger first.

    >>> balanced_counts(100, 12)
    [9, 9, 9, 9, 8, 8, 8, 8, 8, 8, 8, 8]
    """
    base, extra = divmod(players, tables)
    return [base + 1 if index < extra else base for index in range(tables)]


def seat_draw(entries: Sequence[int], table_seats: int, rng: random.Random) -> dict[int, SeatCard]:
    """The opening draw: as few tables as seat everyone, kept within one player, and each
    entrant's seat card drawn at random (TDA 7, RRoP §15 rule 2). A table short of full
    leaves its highest seats empty."""
    if not entries:
        return {}
    tables = -(-len(entries) // table_seats)
    cards = [
        SeatCard(table, seat)
        for table, count in enumerate(balanced_counts(len(entries), tables), start=1)
        for seat in range(1, count + 1)
    ]
    rng.shuffle(cards)
    return dict(zip(entries, cards, strict=True))


def button_by_high_card(seats: Sequence[int], rng: random.Random) -> tuple[int, dict[int, Card]]:
    """The seat whose card is highest, by rank then suit, takes the button (RRoP §15 rule
    29); the cards each seat drew."""
    cards = dict(zip(seats, rng.sample(DECK, len(seats)), strict=True))
    return max(cards, key=lambda seat: cards[seat].index), cards


def two_step_draw(
    players: Sequence[int], seats: Sequence[SeatCard], rng: random.Random
) -> list[tuple[int, SeatCard, Card]]:
    """Players from a broken table to their new seats by the 2-step random process of the
    TDA's Illustration Addendum (TDA 10-B): the seat cards shown are scrambled face down
    into a stack; a playing card is dealt face up to each player; the first seat card goes
    to the player with the highest card by suit, the next to the next, and so on.

    Returns each player (in the order of ``players``), the seat card and the playing card.
    """
    if len(seats) != len(players):
        raise ValueError("one seat card for each player")
    stack = list(seats)
    rng.shuffle(stack)
    dealt = dict(zip(players, rng.sample(DECK, len(players)), strict=True))
    ranked = sorted(players, key=lambda player: dealt[player].index, reverse=True)
    given = dict(zip(ranked, stack, strict=True))
    return [(player, given[player], dealt[player]) for player in players]
