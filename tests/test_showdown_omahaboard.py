"""The shipped Omaha board table: what ``scripts/omaha-table`` writes, and what it means."""

from __future__ import annotations

import random
from itertools import combinations, combinations_with_replacement

import pytest

from floorman.cards import DECK
from floorman.showdown import omahaboard
from floorman.showdown.evaluation import _five_card_table, high_value, omaha_high_value


@pytest.mark.slow
def test_the_shipped_table_is_what_the_script_builds() -> None:
    assert omahaboard.build() == omahaboard.table().best


def test_every_place_is_a_hand_and_places_follow_values() -> None:
    shipped = omahaboard.table()
    assert len(shipped.best) == 6_175 * 91
    assert len(shipped.boards) == 6_175
    assert list(shipped.values) == sorted(set(_five_card_table().values()))
    assert max(shipped.best) < len(shipped.values)
    assert list(shipped.boards) == [sum(1 << 3 * rank for rank in board) for board in boards()]


def boards() -> list[tuple[int, ...]]:
    """Every five-card rank multiset, in the order the table is built."""
    return [r for r in combinations_with_replacement(range(13), 5) if r[0] != r[4]]


def test_a_pair_of_cards_finds_its_ranks_either_way_round() -> None:
    pair_of = omahaboard.table().pair_of
    for first, second in combinations(range(52), 2):
        assert pair_of[first][second] == pair_of[second][first]
        low, high = sorted((first >> 2, second >> 2))
        assert omahaboard.PAIRS[pair_of[first][second]] == (low, high)


def test_boards_read_by_the_table_agree_with_every_two_plus_three() -> None:
    rng = random.Random(25_006)
    for _ in range(2_000):
        cards = rng.sample(DECK, 9)
        hole, board = cards[:4], cards[4:]
        fives = [a + b for a in combinations(hole, 2) for b in combinations(board, 3)]
        assert omaha_high_value(hole, board) == max(map(high_value, fives))
