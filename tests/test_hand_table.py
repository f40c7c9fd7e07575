"""Seats, the button, the blinds and the deal order."""

from __future__ import annotations

import pytest

from floorman.hand.table import Table, TableError


def test_deal_order_starts_left_of_the_button_and_wraps() -> None:
    assert Table((1, 2, 3, 4, 5, 6), 6).deal_order == (1, 2, 3, 4, 5, 6)
    assert Table((1, 2, 3, 4, 5, 6), 2).deal_order == (3, 4, 5, 6, 1, 2)
    assert Table((9, 2, 5), 5).deal_order == (9, 2, 5)


def test_blinds_left_of_the_button_and_heads_up_on_the_button() -> None:
    assert Table((1, 2, 3), 3).blind_seats == (1, 2)
    assert Table((1, 2, 3), 1).blind_seats == (2, 3)
    assert Table((4, 8), 4).blind_seats == (4, 8)
    assert Table((4, 8), 8).blind_seats == (8, 4)


def test_a_dead_button_on_an_empty_seat() -> None:
    t = Table((1, 5, 8), 3)
    assert t.deal_order == (5, 8, 1)
    assert t.left_of(3) == 5
    assert t.blind_seats == (5, 8)


def test_no_small_blind_the_first_seat_left_of_the_button_posts_the_big_blind() -> None:
    # the dead button: the small blind falls to empty seat 4 (RRoP §4 rule 1, TDA 32)
    t = Table((1, 5, 8), 3, small_blind=False)
    assert t.deal_order == (5, 8, 1)
    assert t.blind_seats == (None, 5)
    assert t.big_blind == 5
    with pytest.raises(TableError, match="heads-up the button posts the small blind"):
        Table((1, 5), 1, small_blind=False)


def test_a_small_blind_named_past_the_first_seat_leaves_the_seats_before_it_unblinded() -> None:
    # a new player on seat 3, dealt in between the button and the small blind (WSOP LA 154)
    t = Table((1, 3, 5, 6), 1, small_blind_seat=5)
    assert t.deal_order == (3, 5, 6, 1)
    assert t.blind_seats == (5, 6)
    assert Table((2, 3, 5, 6), 1, small_blind_seat=5).blind_seats == (5, 6)  # a dead button
    for seats, button, seat, message in [
        ((1, 3), 1, 3, "heads-up the button posts the small blind"),
        ((1, 3, 5), 1, 4, "seat 4 is not a player in the hand"),
        ((1, 3, 5), 1, 1, "seat 1 is not left of the button with the big blind after it"),
        ((1, 3, 5), 1, 5, "seat 5 is not left of the button with the big blind after it"),
        ((2, 3, 5), 1, 5, "seat 5 is not left of the button with the big blind after it"),
    ]:
        with pytest.raises(TableError, match=message):
            Table(seats, button, small_blind_seat=seat)


def test_deal_positions_round_by_round() -> None:
    t = Table((1, 3, 5), 3)
    positions = {(s, r): t.deal_position(s, r) for s in (1, 3, 5) for r in (1, 2)}
    assert positions == {(5, 1): 1, (1, 1): 2, (3, 1): 3, (5, 2): 4, (1, 2): 5, (3, 2): 6}
    assert all(t.card_at(p) == sr for sr, p in positions.items())


def test_clockwise_from_a_seat() -> None:
    assert Table((1, 3, 5, 7), 7).clockwise_from(3) == (5, 7, 1, 3)


@pytest.mark.parametrize(
    ("seats", "button", "message"),
    [
        ((1,), 1, "a hand needs at least two occupied seats"),
        ((0, 1), 1, "seats must be distinct numbers from 1"),
        ((1, 2), 0, "the button must be on a seat from 1"),
    ],
)
def test_tables_that_cannot_deal(seats: tuple[int, ...], button: int, message: str) -> None:
    with pytest.raises(TableError, match=message):
        Table(seats, button)
