"""Shares shown as the chips a dealer pushes."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from floorman.showdown.chipstacks import (
    ChipError,
    check_denominations,
    chip_breakdown,
    format_chips,
)


def test_largest_chips_first_then_smaller_to_make_change() -> None:
    assert chip_breakdown(347, [1, 5, 25]) == ((25, 13), (5, 4), (1, 2))


def test_a_share_of_only_small_chips() -> None:
    assert chip_breakdown(4, [1, 5, 25]) == ((1, 4),)


def test_denominations_in_any_order_and_repeated() -> None:
    assert chip_breakdown(1150, [100, 25, 1000, 25]) == ((1000, 1), (100, 1), (25, 2))


def test_nothing_is_no_chips() -> None:
    assert chip_breakdown(0, [5]) == ()
    assert format_chips(()) == "no chips"


def test_format() -> None:
    assert format_chips(chip_breakdown(116, [1, 5, 25])) == "4×25 + 3×5 + 1×1"


def test_an_amount_the_smallest_chip_cannot_make_is_refused() -> None:
    with pytest.raises(ChipError, match="7 is not a whole number of the smallest chip \\(5\\)"):
        chip_breakdown(7, [5, 25])


def test_a_chip_that_is_not_a_multiple_of_the_smallest_is_refused() -> None:
    with pytest.raises(ChipError, match="a 12 chip is not a whole number"):
        check_denominations([5, 12])


def test_no_denominations() -> None:
    with pytest.raises(ChipError, match="no chip denominations"):
        check_denominations([])


denominations = st.lists(st.sampled_from([1, 5, 25, 100, 500, 1000, 5000]), min_size=1)


@given(st.integers(0, 100_000), denominations)
def test_the_chips_add_up_to_the_share(units: int, chips: list[int]) -> None:
    amount = units * min(chips)
    breakdown = chip_breakdown(amount, chips)
    assert sum(chip * count for chip, count in breakdown) == amount
    assert [chip for chip, _ in breakdown] == sorted({c for c, _ in breakdown}, reverse=True)


@given(st.integers(0, 100_000), denominations)
def test_never_a_full_stack_of_small_chips_where_a_bigger_chip_would_do(
    units: int, chips: list[int]
) -> None:
    breakdown = dict(chip_breakdown(units * min(chips), chips))
    bigger = sorted(set(chips))
    for small, big in pairwise(bigger):
        if big % small == 0:
            assert breakdown.get(small, 0) * small < big
