"""Seats, the button, who posts the blinds, and the order the cards go out.

Seats are numbered clockwise; "left of" a seat is the next occupied seat
clockwise. The button may sit on an empty seat (a dead button), and with the
dead button the small blind may fall to an empty seat, so that no small blind
is posted and the first seat left of the button posts the big blind (RRoP §4
Rules for Using Blinds rule 1, WSOP LA 151, TDA 32).

>>> t = Table((1, 3, 5, 6), button=3)
>>> t.deal_order
(5, 6, 1, 3)
>>> t.blind_seats
(5, 6)
>>> t.deal_position(1, 2)  # seat 1's second card: four cards into round two
7
>>> Table((2, 7), button=7).blind_seats  # heads-up: the button posts the small blind
(7, 2)
>>> Table((1, 3, 5, 6), button=3, small_blind=False).blind_seats  # no small blind
(None, 5)
>>> Table((1, 3, 5, 6), button=1, small_blind_seat=5).blind_seats  # seat 3 dealt in unblinded
(5, 6)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Final, Literal

from floorman.errors import FloormanError

__all__ = ["DEFAULT_KIND", "TABLE_KINDS", "Kind", "Table", "TableError", "clockwise_rounds"]

Kind = Literal["cash", "tournament"]
TABLE_KINDS: Final = ("cash", "tournament")
"""What game a table deals: a cash game or a tournament. Where a rulebook's texts for the
two differ (the WSOP's Live Action and Tournament rules), the kind picks the text."""
DEFAULT_KIND: Final = "cash"
"""A hand that does not say is a cash game's: what a card room deals most days."""


class TableError(FloormanError, ValueError):
    """A table that cannot deal a hand: fewer than two seats, a bad seat number."""


@dataclass(frozen=True, slots=True)
class Table:
    """The occupied seats (any order given, kept ascending), the button's seat, whether
    a small blind is posted, and the seat that posts it when that is not the first seat
    left of the button (a new player dealt in between the button and the small blind, WSOP
    LA 154)."""

    seats: tuple[int, ...]
    button: int
    small_blind: bool = True
    small_blind_seat: int | None = None
    deal_order: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _index: dict[int, int] = field(init=False, repr=False, compare=False)
    _clockwise: dict[int, tuple[int, ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        seats = tuple(sorted(self.seats))
        if len(seats) < 2:
            raise TableError("a hand needs at least two occupied seats")
        if len(set(seats)) != len(seats) or seats[0] < 1:
            raise TableError(f"seats must be distinct numbers from 1: {list(self.seats)}")
        if self.button < 1:
            raise TableError(f"the button must be on a seat from 1, not {self.button}")
        if not self.small_blind and len(seats) == 2:
            raise TableError("heads-up the button posts the small blind")
        start = next((i for i, s in enumerate(seats) if s > self.button), 0)
        order = seats[start:] + seats[:start]
        if self.small_blind_seat is not None:
            _check_small_blind(self.small_blind_seat, order, self.button, self.small_blind)
        object.__setattr__(self, "seats", seats)
        object.__setattr__(self, "deal_order", order)
        object.__setattr__(self, "_index", {s: i for i, s in enumerate(order)})
        object.__setattr__(self, "_clockwise", {})

    @property
    def heads_up(self) -> bool:
        return len(self.seats) == 2

    @property
    def first_left_of_button(self) -> int:
        """First to receive a card and first to act after the flop."""
        return self.deal_order[0]

    def left_of(self, seat: int) -> int:
        """The next occupied seat clockwise from ``seat`` (which may be empty)."""
        index = self._index.get(seat)
        if index is not None:
            return self.deal_order[(index + 1) % len(self.deal_order)]
        return next((s for s in self.seats if s > seat), self.seats[0])

    @property
    def blind_seats(self) -> tuple[int | None, int]:
        """(small blind, big blind); heads-up, the button posts the small blind; ``None``
        for a small blind that falls to an empty seat."""
        if self.heads_up and self.button in self._index:
            return self.button, self.left_of(self.button)
        if self.small_blind_seat is not None:
            return self.small_blind_seat, self.left_of(self.small_blind_seat)
        small = self.deal_order[0]
        if not self.small_blind:
            return None, small
        return small, self.left_of(small)

    @property
    def big_blind(self) -> int:
        return self.blind_seats[1]

    def deal_position(self, seat: int, deal_round: int) -> int:
        """1 = the first card off the deck; round by round from left of the button."""
        return (deal_round - 1) * len(self.deal_order) + self._index[seat] + 1

    def card_at(self, position: int) -> tuple[int, int]:
        """(seat, deal round) of the card dealt at ``position``."""
        n = len(self.deal_order)
        return self.deal_order[(position - 1) % n], (position - 1) // n + 1

    def clockwise_from(self, seat: int) -> tuple[int, ...]:
        """Every occupied seat, starting with the first one left of ``seat``."""
        found = self._clockwise.get(seat)
        if found is None:
            i = self._index[self.left_of(seat)]
            found = self._clockwise[seat] = self.deal_order[i:] + self.deal_order[:i]
        return found


@lru_cache(maxsize=256)
def clockwise_rounds(seats: tuple[int, ...], include: bool) -> dict[int, tuple[int, ...]]:
    """For each of ``seats`` (in seat order), every seat clockwise round the table from the
    next one, ending with itself (from the seat itself with ``include``): worked out once
    per table, not for every action of a hand (shared: read, never changed).

    >>> clockwise_rounds((1, 4, 6), False)[4], clockwise_rounds((1, 4, 6), True)[4]
    ((6, 1, 4), (4, 6, 1))
    """
    return {
        seat: seats[i:] + seats[:i] if include else seats[i + 1 :] + seats[: i + 1]
        for i, seat in enumerate(seats)
    }


def _check_small_blind(seat: int, order: tuple[int, ...], button: int, posted: bool) -> None:
    """A small blind named by its seat: a player's, not the button's, with the big blind
    left of it before the button comes round again."""
    if not posted:
        raise TableError(f"small_blind: seat {seat} posts it, so a small blind is posted")
    if len(order) == 2:
        raise TableError("small_blind: heads-up the button posts the small blind")
    if seat not in order:
        raise TableError(f"small_blind: seat {seat} is not a player in the hand")
    after = order[order.index(seat) + 1 :]
    if not after or after[0] == button:
        raise TableError(
            f"small_blind: seat {seat} is not left of the button with the big blind after it"
        )
