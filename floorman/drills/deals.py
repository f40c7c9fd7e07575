"""Dealing showdowns worth asking about: ties, boards that play, kickers, lows.

A random deal rarely splits a pot, and a dealer learns most from the hands
that are easy to misread, so a drill deals from patterns: two players with
the same hand in different suits, a board that plays, a pair with different
kickers, a four-flush board in Omaha, a low board in Omaha high-low with two
players holding the same low cards. The patterns only make such hands
likely; what the hands are is read afterwards by the evaluator.

>>> board, holes = deal_showdown("holdem", [2, 5], Random(3), "same-hand")
>>> len(board), sorted(holes), [len(hole) for hole in holes.values()]
(5, [2, 5], [2, 2])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from random import Random
from typing import Final

from floorman.cards import DECK, SUITS, Card
from floorman.showdown.reading import HOLE_CARDS

__all__ = ["PATTERNS", "Shoe", "deal_showdown"]

Holes = dict[int, tuple[Card, ...]]

LOW_RANKS: Final = (14, 2, 3, 4, 5, 6, 7, 8)
"""Ranks that make an eight-or-better low (the ace counts low)."""


class Shoe:
    """The deck in a random order; cards are taken by rank or from the top."""

    def __init__(self, rng: Random) -> None:
        self.rng = rng
        self.cards = list(DECK)
        rng.shuffle(self.cards)

    def draw(self, count: int) -> tuple[Card, ...]:
        drawn = tuple(self.cards[:count])
        del self.cards[:count]
        return drawn

    def rank(self, rank: int, *, not_suits: Sequence[str] = ()) -> Card:
        """The next card of ``rank`` (of a suit not in ``not_suits`` if there is one left)."""
        for prefer in (True, False):
            for card in self.cards:
                if card.rank == rank and (not prefer or card.suit not in not_suits):
                    self.cards.remove(card)
                    return card
        raise ValueError(f"no card of rank {rank} left")

    def suit(self, suit: str, count: int) -> tuple[Card, ...]:
        found = [card for card in self.cards if card.suit == suit][:count]
        for card in found:
            self.cards.remove(card)
        return tuple(found)

    def fill(self, cards: Sequence[Card], size: int) -> tuple[Card, ...]:
        """``cards`` topped up from the deck to ``size`` cards, in a random order."""
        whole = list(cards) + list(self.draw(size - len(cards)))
        self.rng.shuffle(whole)
        return tuple(whole)


def _random(game: str, seats: Sequence[int], shoe: Shoe) -> tuple[tuple[Card, ...], Holes]:
    size = HOLE_CARDS[game]
    holes = {seat: shoe.draw(size) for seat in seats}
    return shoe.draw(5), holes


def _same_hand(game: str, seats: Sequence[int], shoe: Shoe) -> tuple[tuple[Card, ...], Holes]:
    """Two (sometimes three) players hold the same ranks in different suits."""
    rng = shoe.rng
    tied = rng.sample(list(seats), 3 if len(seats) >= 3 and rng.random() < 0.3 else 2)
    ranks = rng.sample(range(2, 15), HOLE_CARDS[game])
    holes: Holes = {}
    for seat in tied:
        holes[seat] = tuple(shoe.rank(rank) for rank in ranks)
    for seat in seats:
        if seat not in holes:
            holes[seat] = shoe.draw(HOLE_CARDS[game])
    return shoe.draw(5), holes


def _board_plays(game: str, seats: Sequence[int], shoe: Shoe) -> tuple[tuple[Card, ...], Holes]:
    """A straight, a full house or four of a kind on the board."""
    rng = shoe.rng
    shape = rng.choice(("straight", "straight", "full-house", "quads"))
    if shape == "straight":
        top = rng.randint(6, 14)
        ranks = [top - i for i in range(5)]
        if top == 5:
            ranks = [5, 4, 3, 2, 14]
    elif shape == "full-house":
        trips, pair = rng.sample(range(2, 15), 2)
        ranks = [trips] * 3 + [pair] * 2
    else:
        quads, kicker = rng.sample(range(2, 15), 2)
        ranks = [quads] * 4 + [kicker]
    board: list[Card] = []
    for rank in ranks:
        used = [card.suit for card in board if card.rank == rank]
        flushy = [s for s in SUITS if sum(card.suit == s for card in board) >= 2]
        board.append(shoe.rank(rank, not_suits=used + flushy))
    holes = {seat: shoe.draw(HOLE_CARDS[game]) for seat in seats}
    rng.shuffle(board)
    return tuple(board), holes


def _kickers(game: str, seats: Sequence[int], shoe: Shoe) -> tuple[tuple[Card, ...], Holes]:
    """Two players pair the same board card; the kicker decides, or does not play."""
    rng = shoe.rng
    paired = rng.randint(2, 14)
    pairing = rng.sample(list(seats), 2)
    holes: Holes = {seat: (shoe.rank(paired),) for seat in pairing}
    board = [shoe.rank(paired)]
    for seat in seats:
        held = holes.get(seat, ())
        holes[seat] = shoe.fill(held, HOLE_CARDS[game])
    return shoe.fill(board, 5), holes


def _four_flush(game: str, seats: Sequence[int], shoe: Shoe) -> tuple[tuple[Card, ...], Holes]:
    """Four cards of a suit on the board: an Omaha hand needs two of the suit to use it."""
    rng = shoe.rng
    suit = rng.choice(SUITS)
    board = list(shoe.suit(suit, 4))
    holes: Holes = {}
    one, two = rng.sample(list(seats), 2)
    holes[one] = shoe.fill(shoe.suit(suit, 1), HOLE_CARDS[game])
    holes[two] = shoe.fill(shoe.suit(suit, 2) if rng.random() < 0.5 else (), HOLE_CARDS[game])
    for seat in seats:
        if seat not in holes:
            holes[seat] = shoe.draw(HOLE_CARDS[game])
    return shoe.fill(board, 5), holes


def _low_board(game: str, seats: Sequence[int], shoe: Shoe) -> tuple[tuple[Card, ...], Holes]:
    """Three or more low ranks on the board, so some hand likely makes a low."""
    rng = shoe.rng
    board = [shoe.rank(rank) for rank in rng.sample(LOW_RANKS, rng.choice((3, 3, 4)))]
    board_cards = shoe.fill(board, 5)
    holes = {seat: shoe.draw(HOLE_CARDS[game]) for seat in seats}
    return board_cards, holes


def _quartered(game: str, seats: Sequence[int], shoe: Shoe) -> tuple[tuple[Card, ...], Holes]:
    """A low board, and two players holding the same two low cards: the low half is
    quartered, or one of them is counterfeited."""
    rng = shoe.rng
    low = rng.sample(LOW_RANKS, 5)
    board = shoe.fill([shoe.rank(rank) for rank in low[:3]], 5)
    holes: Holes = {}
    for seat in rng.sample(list(seats), 2):
        holes[seat] = shoe.fill([shoe.rank(low[3]), shoe.rank(low[4])], HOLE_CARDS[game])
    for seat in seats:
        if seat not in holes:
            holes[seat] = shoe.draw(HOLE_CARDS[game])
    return board, holes


Pattern = Callable[[str, Sequence[int], Shoe], tuple[tuple[Card, ...], Holes]]

PATTERNS: Final[dict[str, Pattern]] = {
    "random": _random,
    "same-hand": _same_hand,
    "board-plays": _board_plays,
    "kickers": _kickers,
    "four-flush": _four_flush,
    "low-board": _low_board,
    "quartered": _quartered,
}


def deal_showdown(
    game: str, seats: Sequence[int], rng: Random, pattern: str = "random"
) -> tuple[tuple[Card, ...], Holes]:
    """A board and each seat's hole cards for ``game``, dealt from ``pattern``."""
    return PATTERNS[pattern](game, seats, Shoe(rng))
