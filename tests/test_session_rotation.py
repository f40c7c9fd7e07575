"""The button and the blinds from one hand to the next, under each button rule."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from floorman.hand.table import Table, TableError
from floorman.session.rotation import next_button, next_header

HEADER = {"game": "holdem", "blinds": [1, 2], "button": 3, "seats": {1: 100, 3: 100, 5: 100}}


@pytest.mark.parametrize("rule", ["moving", "dead"])
def test_a_full_table_moves_the_button_one_seat(rule: str) -> None:
    assert next_button((1, 3, 5, 6), 3, (1, 3, 5, 6), rule) == 5  # type: ignore[arg-type]
    assert next_button((1, 3, 5, 6), 6, (1, 3, 5, 6), rule) == 1  # type: ignore[arg-type]


def test_moving_button_skips_the_seat_that_left() -> None:
    # seat 5 had the small blind and left: the button goes to the next player
    assert next_button((1, 3, 5, 6, 8), 3, (1, 3, 6, 8), "moving") == 6


def test_dead_button_stays_behind_the_small_blind_seat_that_left() -> None:
    # button 3, small blind 5, big blind 6; seat 5 leaves: the button goes on the empty
    # seat 5, seat 6 has the small blind, seat 8 the big blind it is due
    button = next_button((1, 3, 5, 6, 8), 3, (1, 3, 6, 8), "dead")
    assert button == 5
    assert Table((1, 3, 6, 8), button).blind_seats == (6, 8)


def test_dead_button_gives_the_same_player_the_button_twice() -> None:
    # button 1, small blind 3, big blind 5: seat 3 busts. The big blind moves to 6,
    # the small blind to 5, and seat 1 keeps the last action (a dead button on 3)
    button = next_button((1, 3, 5, 6), 1, (1, 5, 6), "dead")
    assert button == 3
    assert Table((1, 5, 6), button).blind_seats == (5, 6)


def test_going_heads_up_nobody_takes_the_big_blind_twice() -> None:
    # button 1, small blind 3, big blind 5; seat 1 busts: seat 5 must not post the big
    # blind again, so it takes the button (and the small blind)
    for rule in ("moving", "dead"):
        button = next_button((1, 3, 5), 1, (3, 5), rule)  # type: ignore[arg-type]
        assert button == 5
        assert Table((3, 5), button).blind_seats == (5, 3)


def test_heads_up_the_button_alternates() -> None:
    assert next_button((2, 7), 7, (2, 7), "moving") == 2
    assert next_button((2, 7), 2, (2, 7), "dead") == 7


def test_from_heads_up_to_three_handed_the_big_blind_moves_on() -> None:
    # heads-up button 2 (small blind), seat 7 big blind; seat 4 sits down between them
    assert Table((2, 4, 7), next_button((2, 7), 2, (2, 4, 7), "dead")).blind_seats[1] == 2


def test_next_header_carries_stacks_and_empties_busted_seats() -> None:
    after = next_header(HEADER, {1: 0, 3: 150, 5: 150}, "moving", changes={7: 80})
    assert after["seats"] == {3: 150, 5: 150, 7: 80}
    assert after["button"] == 5
    assert after["blinds"] == [1, 2]


def test_after_a_misdeal_the_same_hand_is_dealt_again() -> None:
    after = next_header(HEADER, {1: 98, 3: 101, 5: 101}, "moving", misdeal=True)
    assert after["seats"] == HEADER["seats"]
    assert after["button"] == 3


def test_a_table_with_one_player_left_cannot_deal() -> None:
    with pytest.raises(TableError, match="two seats with chips"):
        next_header(HEADER, {1: 0, 3: 300, 5: 0}, "dead")


@given(
    seats=st.sets(st.integers(1, 10), min_size=3, max_size=10),
    data=st.data(),
)
def test_dead_button_big_blind_always_goes_to_the_next_player(
    seats: set[int], data: st.DataObject
) -> None:
    before = tuple(sorted(seats))
    button = data.draw(st.sampled_from(before))
    big = Table(before, button).blind_seats[1]
    leaving = data.draw(st.sets(st.sampled_from(before), max_size=len(before) - 3))
    after = tuple(s for s in before if s not in leaving)
    due = next((s for s in after if s > big), after[0])
    assert Table(after, next_button(before, button, after, "dead")).blind_seats[1] == due
