"""A push set against the cards, and the chips when the pushes stand as made."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from floorman.showdown.pushes import standing_awards

SEATS = st.lists(st.integers(1, 9), min_size=1, max_size=4, unique=True)


@given(
    st.integers(1, 10_000),
    st.lists(st.tuples(SEATS, st.none() | st.integers(1, 10_000)), min_size=1, max_size=4),
    st.sampled_from([1, 5, 25]),
)
def test_pushes_that_stand_give_out_exactly_the_pot_or_nothing(
    units: int, pushes: list[tuple[list[int], int | None]], unit: int
) -> None:
    pot = units * unit
    won = standing_awards(pot, pushes, unit)
    pushed_all = (
        any(amount is None for _, amount in pushes)
        or sum(amount or 0 for _, amount in pushes) >= pot
    )
    if won is None:
        assert not pushed_all
        return
    assert sum(won.values()) == pot
    assert set(won) <= {seat for seats, _ in pushes for seat in seats}


def test_a_split_push_gives_the_odd_chip_to_the_first_seat_named() -> None:
    assert standing_awards(15, [((3, 1), None)], 5) == {3: 10, 1: 5}
    assert standing_awards(300, [((1,), 100), ((2,), None)]) == {1: 100, 2: 200}
