"""Patterned deals: the hands a drill asks about are the ones that are easy to misread."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from random import Random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from floorman.drills.deals import LOW_RANKS, PATTERNS, deal_showdown
from floorman.showdown.reading import HOLE_CARDS

SEATS = [2, 5, 7, 9]


@given(
    seed=st.integers(0, 2**32),
    game=st.sampled_from(["holdem", "omaha", "omaha-hilo"]),
    pattern=st.sampled_from(sorted(PATTERNS)),
    players=st.integers(2, 4),
)
def test_every_deal_is_a_real_deal(seed: int, game: str, pattern: str, players: int) -> None:
    seats = SEATS[:players]
    board, holes = deal_showdown(game, seats, Random(seed), pattern)
    assert len(board) == 5
    assert sorted(holes) == seats
    assert all(len(hole) == HOLE_CARDS[game] for hole in holes.values())
    cards = [*board, *(card for hole in holes.values() for card in hole)]
    assert len(set(cards)) == len(cards)


@pytest.mark.parametrize("seed", range(20))
def test_the_same_hand_in_other_suits(seed: int) -> None:
    _, holes = deal_showdown("holdem", SEATS, Random(seed), "same-hand")
    shapes = Counter(tuple(sorted(card.rank for card in hole)) for hole in holes.values())
    assert max(shapes.values()) >= 2


@pytest.mark.parametrize("seed", range(20))
def test_a_board_that_plays(seed: int) -> None:
    board, _ = deal_showdown("holdem", SEATS, Random(seed), "board-plays")
    ranks = sorted(card.rank for card in board)
    counts = sorted(Counter(ranks).values())
    straight = counts == [1, 1, 1, 1, 1] and (
        ranks[-1] - ranks[0] == 4 or ranks == [2, 3, 4, 5, 14]
    )
    assert straight or counts in ([2, 3], [1, 4])
    assert max(Counter(card.suit for card in board).values()) <= 3


@pytest.mark.parametrize("seed", range(20))
def test_a_four_flush_board(seed: int) -> None:
    board, holes = deal_showdown("omaha", SEATS, Random(seed), "four-flush")
    suit, count = Counter(card.suit for card in board).most_common(1)[0]
    assert count >= 4
    assert any(sum(card.suit == suit for card in hole) == 1 for hole in holes.values())


@pytest.mark.parametrize("seed", range(20))
def test_two_players_with_the_same_low_cards(seed: int) -> None:
    board, holes = deal_showdown("omaha-hilo", SEATS, Random(seed), "quartered")
    assert len({card.rank for card in board if card.rank in LOW_RANKS}) >= 3
    lows = [{card.rank for card in hole if card.rank in LOW_RANKS} for hole in holes.values()]
    assert any(len(a & b) >= 2 for a, b in combinations(lows, 2))
