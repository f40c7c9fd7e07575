"""The order of play a game gives a hand's parts: the flop games' deal and acting
order, and another order plugged into the card ledger and the betting round."""

from __future__ import annotations

from collections.abc import Sequence

from floorman.cards import parse_card
from floorman.hand.betting_round import BettingRound
from floorman.hand.ledger import CardLedger
from floorman.hand.order import FLOP_ACTING, ActingOrder, DealOrder, FlopDeal
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


class _OneRoundEach:
    """A deal that gives each seat all its cards at once, seat after seat."""

    def __init__(self, seats: tuple[int, ...], hole_count: int) -> None:
        self.seats = seats
        self.hole_count = hole_count
        self.deal_total = hole_count * len(seats)

    def position(self, seat: int, deal_round: int) -> int:
        return self.seats.index(seat) * self.hole_count + deal_round

    def card_at(self, position: int) -> tuple[int, int]:
        index, deal_round = divmod(position - 1, self.hole_count)
        return self.seats[index], deal_round + 1


class _LastReadyOpens:
    """An acting order in which the last ready seat opens and the last live seat shows."""

    def opens(self, street_index: int, ready: Sequence[int]) -> int:
        return ready[-1]

    def shows_first(self, live: Sequence[int]) -> int:
        return live[-1]


def test_the_ledger_places_hole_cards_as_the_game_deals_them() -> None:
    deal: DealOrder = _OneRoundEach((2, 4, 1), hole_count=3)
    cards = CardLedger(deal)
    cards.record_expose(4, 2, parse_card("Ah"), "dealer", 1)
    assert cards.dealt == 5  # all of seat 2's cards, then seat 4's first two
    assert [(h.seat, h.round, h.position) for h in cards.hole_cards()][:4] == [
        (2, 1, 1), (2, 2, 2), (2, 3, 3), (4, 1, 4),
    ]  # fmt: skip
    assert [h.dealt for h in cards.hole_cards()] == [True] * 5 + [False] * 4
    assert cards.card_problems() == []


def test_the_betting_round_asks_the_game_who_opens_and_who_shows_first() -> None:
    table = Table((1, 2, 3), button=3)
    acting: ActingOrder = _LastReadyOpens()
    cards = CardLedger(FlopDeal(table, 2))
    hand = BettingRound(
        table, acting, cards, {1: 100, 2: 100, 3: 100}, (1, 2), 0, "no-limit", 3, None, None,
        False,
    )  # fmt: skip
    assert hand.to_act == 3  # the first round still opens after the big blind
    for seat, verb in ((3, "call"), (1, "call"), (2, "check")):
        hand.act(seat, verb, None, 1)
    cards.record_board("flop", (parse_card("Ah"), parse_card("Kd"), parse_card("7c")), False, 5)
    hand.board_turned(1, in_time=True)
    assert hand.to_act == 3
    assert hand.showdown_order() == (3, 1, 2)
