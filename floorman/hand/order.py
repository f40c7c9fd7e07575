"""The order of play a game gives the parts of a hand: how the cards go out (for the
card ledger) and who acts first (for the betting round).

Flop games deal every hole card face down, round by round from the first seat left of
the button, and open each betting round after the first with the first seat left of
the button that can act. A game that deals or opens otherwise (stud's upcards and
bring-in, the high hand showing acting first; draw's discards) gives its own.

>>> from floorman.hand.table import Table
>>> deal = FlopDeal(Table((1, 3, 5), button=1), hole_count=2)
>>> deal.deal_total, deal.position(1, 2), deal.card_at(6)
(6, 6, (1, 2))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Protocol

from floorman.hand.table import Table

__all__ = ["FLOP_ACTING", "ActingOrder", "DealOrder", "FlopActing", "FlopDeal"]


class DealOrder(Protocol):
    """How a game's starting cards go out, one at a time."""

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats dealt in, in the order each round of cards goes to them."""
        ...

    @property
    def hole_count(self) -> int:
        """Cards each seat is dealt before the first betting round."""
        ...

    @property
    def deal_total(self) -> int:
        """Cards the deal puts out: ``hole_count`` to every seat."""
        ...

    def position(self, seat: int, deal_round: int) -> int:
        """1 = the first card off the deck."""
        ...

    def card_at(self, position: int) -> tuple[int, int]:
        """(seat, deal round) of the card dealt at ``position``."""
        ...


class ActingOrder(Protocol):
    """Who acts first where the game decides it; after the first, the turn goes clockwise."""

    def opens(self, street_index: int, ready: Sequence[int]) -> int:
        """The seat that acts first on a betting round after the first, of ``ready``
        (the live seats with chips behind, in deal order)."""
        ...

    def shows_first(self, live: Sequence[int]) -> int:
        """The seat that shows first when nobody bet on the last betting round, of
        ``live`` (in deal order)."""
        ...


class FlopDeal:
    """Hole cards face down, round by round from the first seat left of the button."""

    __slots__ = ("deal_total", "hole_count", "seats", "table")

    table: Table
    seats: tuple[int, ...]
    hole_count: int
    deal_total: int

    def __init__(self, table: Table, hole_count: int) -> None:
        self.table = table
        self.seats = table.deal_order
        self.hole_count = hole_count
        self.deal_total = hole_count * len(table.deal_order)

    def position(self, seat: int, deal_round: int) -> int:
        return self.table.deal_position(seat, deal_round)

    def card_at(self, position: int) -> tuple[int, int]:
        return self.table.card_at(position)


class FlopActing:
    """After the flop the first seat left of the button that can act opens the betting;
    with no bet on the river, the first live seat left of the button shows first."""

    __slots__ = ()

    def opens(self, street_index: int, ready: Sequence[int]) -> int:
        return ready[0]

    def shows_first(self, live: Sequence[int]) -> int:
        return live[0]


FLOP_ACTING: Final = FlopActing()
