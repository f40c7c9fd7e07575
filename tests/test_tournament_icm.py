"""ICM by the Malmuth–Harville model and the chip-chop, against a brute force over every
finishing order and against the properties a deal relies on."""

from __future__ import annotations

from fractions import Fraction
from itertools import pairwise, permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.tournament.icm import (
    EXACT_ICM_SETS,
    MAX_ICM_SETS,
    IcmError,
    _harville,
    chip_chop,
    icm_equities,
    icm_sets,
    round_to_unit,
)


def brute_force(stacks: list[int], payouts: list[int]) -> list[Fraction]:
    """Every finishing order, weighted by the Harville chance of it: first place in
    proportion to chips, each next place in proportion to the chips still unplaced."""
    equities = [Fraction(0)] * len(stacks)
    for order in permutations(range(len(stacks))):
        chance = Fraction(1)
        left = sum(stacks)
        for player in order:
            chance *= Fraction(stacks[player], left)
            left -= stacks[player]
        for place, player in enumerate(order):
            if place < len(payouts):
                equities[player] += chance * payouts[place]
    return equities


def test_the_worked_three_player_example() -> None:
    equities = icm_equities([5000, 3000, 2000], [50, 30, 20])
    assert list(equities) == brute_force([5000, 3000, 2000], [50, 30, 20])
    assert [round(float(e), 2) for e in equities] == [38.39, 32.75, 28.86]
    assert sum(equities) == 100


@pytest.mark.parametrize(
    ("stacks", "payouts", "published"),
    [
        # A four-handed final table paying three places, as ICM calculators print it.
        ([5000, 3000, 1500, 500], [500, 300, 200], [377.78, 312.89, 225.60, 83.73]),
        # The model's textbook example: 50%, 30% and 20% of the chips, paying 70 and 30.
        ([50, 30, 20], [70, 30], [45.18, 32.25, 22.57]),
    ],
)
def test_published_values(stacks: list[int], payouts: list[int], published: list[float]) -> None:
    equities = icm_equities(stacks, payouts)
    assert [round(float(e), 2) for e in equities] == published
    assert list(equities) == brute_force(stacks, payouts)


def test_chip_chop_gives_each_the_last_payout_then_chips() -> None:
    assert chip_chop([5000, 3000, 2000], [50, 30, 20]) == (40, 32, 28)
    # Fewer payouts than players: nobody is sure of anything, the pool goes by chips.
    assert chip_chop([6000, 2000, 2000], [90, 10]) == (60, 20, 20)


@pytest.mark.parametrize(
    ("stacks", "payouts", "message"),
    [
        ([], [10], "no stacks"),
        ([10, 0], [10], "stack 0: a player with no chips is out of the tournament"),
        ([10, 10], [5, 3, 1], "3 payouts for 2 players"),
        ([10, 10], [3, 5], "payout 5 for place 2 is above 3 for place 1"),
        ([10, 10], [5, -1], "payout -1: a payout is not below 0"),
        ([10] * 17, [1] * 16, "more than 65536"),
    ],
)
def test_what_a_deal_cannot_be_worked_from(
    stacks: list[int], payouts: list[int], message: str
) -> None:
    with pytest.raises(IcmError, match=message):
        icm_equities(stacks, payouts)


def test_chip_chop_has_no_set_limit() -> None:
    assert sum(chip_chop([10] * 40, [1] * 40)) == 40


def test_the_limits_are_where_the_docs_say() -> None:
    assert icm_sets(10, 10) <= EXACT_ICM_SETS < icm_sets(11, 11)
    assert icm_sets(16, 16) <= MAX_ICM_SETS < icm_sets(17, 17)
    assert icm_sets(100, 2) <= MAX_ICM_SETS < icm_sets(100, 3)


def test_past_the_exact_limit_the_floats_agree_with_the_fractions() -> None:
    stacks = [1000 + 137 * i for i in range(11)]
    payouts = [110 - 10 * i for i in range(11)]
    assert icm_sets(11, 11) > EXACT_ICM_SETS
    floats = icm_equities(stacks, payouts)
    exact = _harville(stacks, [Fraction(p) for p in payouts], Fraction(1))
    assert sum(exact) == sum(payouts)
    assert all(abs(f - e) < Fraction(1, 10**9) for f, e in zip(floats, exact, strict=True))
    assert all(a < b for a, b in pairwise(floats))


stacks_st = st.lists(st.integers(1, 10_000), min_size=1, max_size=6)


@st.composite
def tables(draw: st.DrawFn) -> tuple[list[int], list[int]]:
    stacks = draw(stacks_st)
    payouts = draw(st.lists(st.integers(0, 1000), min_size=0, max_size=len(stacks)))
    return stacks, sorted(payouts, reverse=True)


@settings(max_examples=60, deadline=None)
@given(tables())
def test_equities_match_the_brute_force_and_sum_to_the_pool(
    table: tuple[list[int], list[int]],
) -> None:
    stacks, payouts = table
    equities = icm_equities(stacks, payouts)
    assert list(equities) == brute_force(stacks, payouts)
    assert sum(equities) == sum(payouts)
    assert sum(chip_chop(stacks, payouts)) == sum(payouts)


@settings(max_examples=60, deadline=None)
@given(tables())
def test_more_chips_never_less_equity_and_equal_stacks_equal_shares(
    table: tuple[list[int], list[int]],
) -> None:
    stacks, payouts = table
    equities = icm_equities(stacks, payouts)
    for i, a in enumerate(stacks):
        for j, b in enumerate(stacks):
            if a == b:
                assert equities[i] == equities[j]
            elif a > b:
                assert equities[i] >= equities[j]
    chop = chip_chop(stacks, payouts)
    assert all(
        chop[i] >= chop[j]
        for i in range(len(stacks))
        for j in range(len(stacks))
        if stacks[i] >= stacks[j]
    )


@settings(max_examples=60, deadline=None)
@given(st.lists(st.fractions(0, 1000), min_size=1, max_size=8), st.sampled_from([1, 100]))
def test_rounding_keeps_the_total_and_moves_no_amount_a_unit(
    amounts: list[Fraction], per: int
) -> None:
    unit = Fraction(1, per)
    total = sum(amounts, Fraction(0))
    amounts[-1] += (total // unit + 1) * unit - total  # a whole number of units in all
    rounded = round_to_unit(amounts, unit)
    assert sum(rounded) == sum(amounts)
    assert all(
        abs(r - a) < unit and (r / unit).denominator == 1
        for r, a in zip(rounded, amounts, strict=True)
    )
