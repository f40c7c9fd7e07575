"""Main pot and side pots, as a dealer builds them from the chips in front of each seat."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from floorman.errors import FloormanError
from floorman.showdown.pots import Pot, PotError, build_pots, standing_pots, uncalled_bet


def test_one_pot_when_everyone_put_in_the_same() -> None:
    layout = build_pots({1: 100, 2: 100, 3: 100})
    assert layout.pots == (Pot(300, (1, 2, 3)),)
    assert layout.returned == {}


def test_a_short_all_in_makes_a_side_pot_it_cannot_win() -> None:
    layout = build_pots({1: 40, 2: 100, 3: 100})
    assert layout.pots == (Pot(120, (1, 2, 3)), Pot(120, (2, 3)))


def test_three_all_ins_of_different_sizes() -> None:
    layout = build_pots({1: 25, 2: 60, 3: 150, 4: 150})
    assert [(pot.amount, pot.eligible) for pot in layout.pots] == [
        (100, (1, 2, 3, 4)),
        (105, (2, 3, 4)),
        (180, (3, 4)),
    ]


def test_the_uncalled_part_of_the_biggest_bet_goes_back_first() -> None:
    layout = build_pots({1: 100, 2: 500, 3: 100})
    assert layout.returned == {2: 400}
    assert layout.pots == (Pot(300, (1, 2, 3)),)


def test_a_bet_covering_a_short_all_in_is_partly_returned() -> None:
    # Seat 2 bets 500 into seat 1's 120 all-in; only 120 of it is called.
    layout = build_pots({1: 120, 2: 500})
    assert layout.returned == {2: 380}
    assert layout.pots == (Pot(240, (1, 2)),)


def test_everyone_folds_to_the_big_blind() -> None:
    layout = build_pots({1: 1, 2: 2, 3: 0}, folded={1, 3})
    assert layout.returned == {2: 1}
    assert layout.pots == (Pot(2, (2,)),)


def test_folded_chips_are_dead_money_in_the_pots_they_reached() -> None:
    # Seat 4 put in 120 and folded: 50 of it is in the main pot, 70 in the side pot.
    layout = build_pots({1: 50, 2: 200, 3: 200, 4: 120}, folded={4})
    assert layout.pots == (Pot(200, (1, 2, 3)), Pot(370, (2, 3)))


def test_pots_open_to_the_same_seats_are_one_pot() -> None:
    # The folded seat's level would cut a pot in two with the same players.
    layout = build_pots({1: 30, 2: 100, 3: 100}, folded={1})
    assert layout.pots == (Pot(230, (2, 3)),)


def test_dead_money_goes_to_the_main_pot() -> None:
    layout = build_pots({1: 40, 2: 100, 3: 100}, dead=30)
    assert layout.pots == (Pot(150, (1, 2, 3)), Pot(120, (2, 3)))


def test_dead_money_with_nothing_else_in_is_open_to_every_live_seat() -> None:
    layout = build_pots({1: 0, 2: 0, 3: 0}, folded={3}, dead=5)
    assert layout.pots == (Pot(5, (1, 2)),)


def test_nothing_in_means_no_pot() -> None:
    assert build_pots({1: 0, 2: 0}).pots == ()


def test_a_negative_contribution_is_refused_naming_the_seat() -> None:
    with pytest.raises(PotError, match="seat 2 cannot put in a negative amount"):
        build_pots({1: 10, 2: -5})


def test_a_pot_with_no_live_seat_is_refused() -> None:
    with pytest.raises(FloormanError, match="nobody is left"):
        build_pots({1: 10, 2: 10}, folded={1, 2})


def test_uncalled_bet_is_none_when_the_top_is_matched() -> None:
    assert uncalled_bet({1: 300, 2: 300, 3: 50}) is None
    assert uncalled_bet({}) is None
    assert uncalled_bet({4: 75}) == (4, 75)


hands = st.dictionaries(st.integers(1, 10), st.integers(0, 1000), min_size=2, max_size=10).flatmap(
    lambda contributions: st.tuples(
        st.just(contributions),
        st.sets(st.sampled_from(sorted(contributions)), max_size=len(contributions) - 1),
        st.integers(0, 50),
    )
)


@given(hands)
def test_every_chip_is_in_a_pot_or_returned(hand: tuple[dict[int, int], set[int], int]) -> None:
    contributions, folded, dead = hand
    layout = build_pots(contributions, folded, dead=dead)
    assert layout.total + sum(layout.returned.values()) == sum(contributions.values()) + dead


@given(hands)
def test_a_pot_is_open_only_to_live_seats_that_reached_it(
    hand: tuple[dict[int, int], set[int], int],
) -> None:
    contributions, folded, dead = hand
    layout = build_pots(contributions, folded, dead=dead)
    for pot in layout.pots:
        assert pot.amount > 0
        assert pot.eligible
        assert not set(pot.eligible) & folded
    for lower, upper in pairwise(layout.pots):
        assert set(upper.eligible) < set(lower.eligible)
        # a seat in a side pot put in more than every seat left out of it
        left_out = set(lower.eligible) - set(upper.eligible)
        assert min(contributions[s] for s in upper.eligible) > max(
            contributions[s] for s in left_out
        )


@given(hands)
def test_at_most_one_seat_gets_chips_back(hand: tuple[dict[int, int], set[int], int]) -> None:
    contributions, folded, dead = hand
    layout = build_pots(contributions, folded, dead=dead)
    assert len(layout.returned) <= 1
    for seat, amount in layout.returned.items():
        others = [v for s, v in contributions.items() if s != seat]
        assert contributions[seat] - amount == max(others)


def test_bets_in_front_of_a_seat_still_to_act_make_no_side_pot() -> None:
    # seat 2 bet 4 over the big blind, seat 3 called, seat 1 has not acted yet
    assert standing_pots({1: 2, 2: 6, 3: 6}).pots == (Pot(14, (1, 2, 3)),)
    assert build_pots({1: 2, 2: 6, 3: 6}).pots == (Pot(6, (1, 2, 3)), Pot(8, (2, 3)))


def test_a_bet_nobody_has_called_stands_apart() -> None:
    layout = standing_pots({1: 2, 2: 6, 3: 2})
    assert layout.pots == (Pot(6, (1, 2, 3)),)
    assert layout.returned == {2: 4}


def test_an_all_in_makes_the_side_pot_it_cannot_win() -> None:
    layout = standing_pots({1: 50, 2: 80, 3: 80, 4: 2}, all_in={1})
    assert layout.pots == (Pot(152, (1, 2, 3, 4)), Pot(60, (2, 3, 4)))


def test_a_folded_seat_is_in_no_pot_but_its_chips_are() -> None:
    layout = standing_pots({1: 30, 2: 100, 3: 100}, folded={1}, all_in={2}, dead=5)
    assert layout.pots == (Pot(235, (2, 3)),)


def test_a_negative_contribution_or_no_live_seat_is_refused() -> None:
    with pytest.raises(PotError, match="seat 2"):
        standing_pots({1: 10, 2: -1})
    with pytest.raises(PotError, match="nobody is left"):
        standing_pots({1: 10, 2: 10}, folded={1, 2})


standing = hands.flatmap(
    lambda hand: st.tuples(
        st.just(hand),
        st.sets(st.sampled_from(sorted(hand[0])), max_size=len(hand[0])),
    )
)


@given(standing)
def test_standing_pots_keep_every_chip_and_cut_only_at_an_all_in(
    drawn: tuple[tuple[dict[int, int], set[int], int], set[int]],
) -> None:
    (contributions, folded, dead), all_in = drawn
    layout = standing_pots(contributions, folded, all_in, dead=dead)
    assert layout.total + sum(layout.returned.values()) == sum(contributions.values()) + dead
    assert len(layout.returned) <= 1
    for pot in layout.pots:
        assert pot.amount > 0
        assert pot.eligible
        assert not set(pot.eligible) & folded
    for lower, upper in pairwise(layout.pots):
        left_out = set(lower.eligible) - set(upper.eligible)
        assert left_out
        assert left_out <= all_in


@given(hands)
def test_with_every_live_seat_all_in_the_pots_are_the_showdowns(
    hand: tuple[dict[int, int], set[int], int],
) -> None:
    contributions, folded, dead = hand
    live = set(contributions) - folded
    assert standing_pots(contributions, folded, live, dead=dead) == build_pots(
        contributions, folded, dead=dead
    )
