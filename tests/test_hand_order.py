"""The order of play a game gives a hand's parts: the flop games' deal and acting
order."""

from __future__ import annotations

from floorman.hand.order import FLOP_ACTING, FlopDeal
from floorman.hand.table import Table


def test_the_flop_deal_goes_round_by_round_from_left_of_the_button() -> None:
    deal = FlopDeal(Table((1, 3, 5, 6), button=3), hole_count=4)
    assert deal.seats == (5, 6, 1, 3)
    assert deal.deal_total == 16
    assert [deal.position(seat, 1) for seat in deal.seats] == [1, 2, 3, 4]
    assert deal.position(5, 2) == 5
    assert [deal.card_at(p) for p in (1, 4, 5, 16)] == [(5, 1), (3, 1), (5, 2), (3, 4)]


def test_flop_games_open_with_the_first_ready_seat_and_show_first_left_of_the_button() -> None:
    assert FLOP_ACTING.opens(1, [6, 1, 3]) == 6
    assert FLOP_ACTING.shows_first([1, 3]) == 1
