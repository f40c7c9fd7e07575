"""The betting round on its own: blinds posted from the stacks, whose turn it is, what
each seat may do, and a recount of every chip."""

from __future__ import annotations

import pytest

from floorman.hand.betting_round import BettingRound
from floorman.hand.events import Action
from floorman.hand.ledger import CardLedger
from floorman.hand.order import FLOP_ACTING, FlopDeal
from floorman.hand.records import Refusal
from floorman.hand.structures import Structure
from floorman.hand.table import Table


def round_(
    seats: dict[int, int], *, ante: int = 0, betting: Structure = "no-limit"
) -> BettingRound:
    table = Table(tuple(seats), max(seats))
    cards = CardLedger(FlopDeal(table, 2))
    return BettingRound(
        table, FLOP_ACTING, cards, seats, (1, 2), ante, betting, 3, None, None, False
    )


def test_blinds_are_posted_and_the_first_seat_left_of_the_big_blind_acts() -> None:
    hand = round_({1: 100, 2: 100, 3: 100, 4: 100})
    assert hand.stacks == {1: 99, 2: 98, 3: 100, 4: 100}
    assert (hand.to_act, hand.current_bet, hand.pot) == (3, 2, 3)
    assert hand.options(3) == ("fold", "call 2", "raise 4..100")
    assert hand.options(4) == ()


def test_with_no_small_blind_only_the_big_blind_is_posted() -> None:
    # a dead button on seat 3, the small blind fallen to empty seat 4: seat 5 posts the big
    # blind, seat 7 acts first, and after the flop seat 5 acts first (RRoP §4 rule 1)
    seats = {1: 100, 5: 100, 7: 100}
    table = Table(tuple(seats), 3, small_blind=False)
    hand = BettingRound(
        table, FLOP_ACTING, CardLedger(FlopDeal(table, 2)), seats, (1, 2), 0, "no-limit", 3,
        None, None, False,
    )  # fmt: skip
    assert hand.stacks == {1: 100, 5: 98, 7: 100}
    assert (hand.to_act, hand.current_bet, hand.pot) == (7, 2, 2)
    assert hand.options(7) == ("fold", "call 2", "raise 4..100")
    assert hand.chip_problems() == []


def test_a_short_big_blind_is_all_in_and_the_others_still_face_the_full_blind() -> None:
    hand = round_({1: 100, 2: 1, 3: 100})
    assert hand.stacks[2] == 0
    assert hand.all_in == (2,)
    assert hand.to_call(3) == 2


def test_pot_limit_raises_go_up_to_the_pot() -> None:
    hand = round_({1: 100, 2: 100, 3: 100}, betting="pot-limit")
    assert hand.raise_range(3).describe() == "4..7"


def test_antes_are_dead_money_in_the_pot_and_every_chip_is_counted() -> None:
    hand = round_({1: 50, 2: 50, 3: 50}, ante=1)
    assert hand.pot == 6
    assert hand.street_bets == {1: 1, 2: 2, 3: 0}
    assert hand.chip_problems() == []


def test_on_its_own_a_round_refuses_irregular_betting_and_changes_nothing() -> None:
    hand = round_({1: 100, 2: 100, 3: 100, 4: 100})
    saved = hand.snapshot()
    with pytest.raises(Refusal, match="seat 3 is to act, not seat 4"):
        hand.action(Action(4, "call"), 1)
    with pytest.raises(Refusal, match=r"no-limit: seat 3 may raise to 4\.\.100, not 3"):
        hand.act(3, "raise", 3, 1)
    assert hand.snapshot() == saved


def test_a_snapshot_puts_back_the_chips_and_the_turn() -> None:
    hand = round_({1: 100, 2: 100, 3: 100, 4: 100})
    saved = hand.snapshot()
    hand.act(3, "raise", 10, 1)
    hand.act(4, "fold", None, 2)
    assert (hand.to_act, hand.pot, hand.folded) == (1, 13, {4})
    hand.restore(saved)
    assert hand.snapshot() == saved
    assert (hand.to_act, hand.pot, hand.folded, hand.actions) == (3, 3, set(), [])
    assert hand.options(3) == ("fold", "call 2", "raise 4..100")
