"""Payout tables: the pool cut by a posted structure, every unit paid, rounded as the
house says."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.tournament.payouts import PayoutError, payout_table, percentages


def test_a_posted_structure_pays_the_pool() -> None:
    table = payout_table(12_345, ["40", "25", "15", "12", "8"], unit=5)
    # 4935, 3085, 1850, 1480 and 985 rounded down to fives; the 10 left to first place.
    assert table.amounts == (4945, 3085, 1850, 1480, 985)
    assert [table.pays(place) for place in (1, 5, 6, 100)] == [4945, 985, 0, 0]


def test_top_down_spreads_the_units_left_over() -> None:
    table = payout_table(12_345, ["40", "25", "15", "12", "8"], unit=5, remainder="top-down")
    assert table.amounts == (4940, 3090, 1850, 1480, 985)


@pytest.mark.parametrize(
    ("structure", "message"),
    [
        (["50", "30"], "add up to 80%, not 100"),
        (["30", "70"], "place 2 pays 70%, more than place 1"),
        (["100", "x"], 'place 2: "x" is not a percentage'),
        (["110", "-10"], 'place 2: "-10" is not a percentage above 0'),
        ([], "pays at least first place"),
    ],
)
def test_a_structure_that_cannot_pay(structure: list[str], message: str) -> None:
    with pytest.raises(PayoutError, match=message):
        payout_table(1000, structure)


def test_percentages_as_posted() -> None:
    assert percentages(["27.5%", " 72.5"]) == (Fraction(55, 2), Fraction(145, 2))


@st.composite
def structures(draw: st.DrawFn) -> list[Fraction]:
    weights = sorted(draw(st.lists(st.integers(1, 1000), min_size=1, max_size=30)), reverse=True)
    total = sum(weights)
    return [Fraction(100 * w, total) for w in weights]


@settings(max_examples=100, deadline=None)
@given(
    structures(),
    st.integers(0, 10**9),
    st.sampled_from([1, 5, 25, 100, 1000]),
    st.sampled_from(["first-place", "top-down"]),
)
def test_every_unit_paid_and_no_place_above_a_higher_one(
    shares: list[Fraction], pool: int, unit: int, remainder: str
) -> None:
    table = payout_table(pool, shares, unit=unit, remainder=remainder)  # type: ignore[arg-type]
    assert sum(table.amounts) == pool
    assert all(a >= b for a, b in zip(table.amounts, table.amounts[1:], strict=False))
    assert all(amount % unit == 0 for amount in table.amounts[1:])
    for amount, share in zip(table.amounts, shares, strict=True):
        assert abs(amount - pool * share / 100) < unit * len(shares) + unit
