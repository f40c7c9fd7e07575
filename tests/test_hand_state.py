"""The hand state: blinds, turns, betting per structure, streets, cards and where they are."""

from __future__ import annotations

import contextlib
import gc
import weakref
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.cards import DECK, Card, parse_cards
from floorman.hand.betting_round import BettingRound, BettingSnapshot
from floorman.hand.events import EventError, IllegalEvent, parse_event
from floorman.hand.irregular import SETTLEMENTS, IrregularBetting, IrregularSnapshot
from floorman.hand.ledger import CardLedger, LedgerSnapshot
from floorman.hand.records import Place, ProcedureError
from floorman.hand.state import HandSnapshot, HandState

SIX = {1: 100, 2: 100, 3: 100, 4: 100, 5: 100, 6: 100}


def start(**header: Any) -> HandState:
    values: dict[str, Any] = {"seats": SIX, "button": 6, "blinds": (1, 2)}
    values.update(header)
    return HandState(**values)


def play(events: str, **header: Any) -> HandState:
    state = start(**header)
    for text in events.split(";"):
        if text.strip():
            state.apply(parse_event(text))
    return state


def refused(state: HandState, text: str) -> str:
    """The message of an event the state refuses; the state must be unchanged."""
    before = state.snapshot()
    with pytest.raises(IllegalEvent) as error:
        state.apply(parse_event(text))
    assert state.snapshot() == before
    return error.value.reason


def card(text: str) -> Card:
    return Card.parse(text)


# --- the start of a hand ------------------------------------------------------


def test_blinds_are_posted_left_of_the_button_and_under_the_gun_acts_first() -> None:
    s = start()
    assert s.betting.stacks == {1: 99, 2: 98, 3: 100, 4: 100, 5: 100, 6: 100}
    assert s.betting.street_bets[1] == 1
    assert s.betting.street_bets[2] == 2
    assert s.to_act == 3
    assert s.betting.pot == 3
    assert s.street == "preflop"


def test_heads_up_the_button_posts_the_small_blind_and_acts_first() -> None:
    s = start(seats={2: 50, 7: 50}, button=7)
    assert s.betting.street_bets == {2: 2, 7: 1}
    assert s.to_act == 7
    s.apply(parse_event("7 call"))
    s.apply(parse_event("2 check"))
    s.apply(parse_event("flop 2c 3d 4h"))
    assert s.to_act == 2  # after the flop, the big blind acts first heads-up


def test_a_seat_between_the_button_and_the_small_blind_acts_in_its_place() -> None:
    # seat 3 is dealt in between the button (1) and the small blind (5) with no blind
    # (WSOP LA 154): the seat left of the big blind acts first and seat 3 after the button;
    # after the flop seat 3, first left of the button, acts first (WSOP LA 149)
    s = start(seats={1: 100, 3: 100, 5: 100, 6: 100}, button=1, small_blind_seat=5)
    assert s.betting.street_bets == {3: 0, 5: 1, 6: 2, 1: 0}
    turns = []
    for event in ("1 call", "3 call", "5 call", "6 check"):
        turns.append(s.to_act)
        s.apply(parse_event(event))
    assert turns == [1, 3, 5, 6]
    s.apply(parse_event("flop 2c 3d 4h"))
    assert s.to_act == 3


def test_antes_come_first_and_a_short_stack_posts_all_in() -> None:
    s = start(seats={1: 100, 2: 1, 3: 100}, button=3, ante=1)
    assert s.betting.stacks == {1: 98, 2: 0, 3: 99}
    assert s.betting.contributed == {1: 2, 2: 1, 3: 1}
    assert s.betting.street_bets[2] == 0
    assert s.betting.all_in == (2,)
    assert s.to_act == 3


def test_short_big_blind_still_makes_the_others_call_the_full_blind() -> None:
    s = start(seats={1: 100, 2: 1, 3: 100}, button=3)
    assert s.betting.street_bets[2] == 1
    assert s.betting.to_call(3) == 2


def test_dead_button_deals_from_the_next_occupied_seat() -> None:
    s = start(seats={1: 100, 4: 100, 5: 100}, button=3)
    assert s.table.deal_order == (4, 5, 1)
    assert s.betting.street_bets == {4: 1, 5: 2, 1: 0}


# --- turn order and the betting round ----------------------------------------------


def test_an_action_out_of_turn_is_held_and_the_turn_stays_with_the_skipped_seat() -> None:
    s = start()
    s.apply(parse_event("5 call"))
    assert (s.to_act, s.betting.street_bets[5], list(s.irregular.held)) == (3, 0, [5])


def test_a_strict_hand_refuses_an_action_out_of_turn() -> None:
    assert refused(start(strict=True), "5 call") == "seat 3 is to act, not seat 5"


def test_a_seat_not_at_the_table_is_refused() -> None:
    assert refused(start(), "9 call") == "seat 9 is not at the table (seats 1, 2, 3, 4, 5, 6)"


def test_big_blind_has_the_option_when_everyone_limps() -> None:
    s = play("deal; 3 call; 4 call; 5 call; 6 call; 1 call")
    assert s.to_act == 2
    assert s.betting.options(2) == ("fold", "check", "raise 4..100")
    s.apply(parse_event("2 check"))
    assert s.betting.betting_complete
    assert s.to_act is None
    assert s.street == "preflop"
    assert refused(s, "3 check") == "the preflop betting is complete; the flop comes next"


def test_big_blind_raises_and_the_limpers_act_again() -> None:
    s = play("deal; 3 call; 4 fold; 5 fold; 6 fold; 1 fold; 2 raise 8")
    assert s.to_act == 3
    assert s.betting.to_call(3) == 6


def test_flop_round_starts_left_of_the_button() -> None:
    s = play("deal; 3 call; 4 call; 5 fold; 6 fold; 1 call; 2 check; burn; flop Ah Kd 7c")
    assert s.street == "flop"
    assert s.to_act == 1
    assert s.betting.current_bet == 0
    assert s.betting.street_bets == dict.fromkeys(s.table.deal_order, 0)


def test_everyone_folds_to_the_big_blind_ends_the_hand() -> None:
    s = play("deal; 3 fold; 4 fold; 5 fold; 6 fold; 1 fold")
    assert s.over
    assert s.over_reason == "fold"
    assert s.betting.live == (2,)
    assert refused(s, "2 check") == "the hand is over: everyone else folded"


def test_a_board_dealt_after_everyone_folded_is_recorded_and_changes_nothing() -> None:
    """Rabbit hunting is what happened at the table: the cards are on it, the rulebook
    rules on them, and the hand stays won by the last player."""
    s = play("deal; 3 fold; 4 fold; 5 fold; 6 fold; 1 fold; burn; flop 2c 3c 4c; burn; turn 5d")
    assert s.over_reason == "fold"
    assert s.betting.live == (2,)
    assert tuple(b.card for b in s.ledger.board) == parse_cards("2c 3c 4c 5d")
    assert s.to_act is None
    assert refused(s, "flop 6h 7h 8h") == "the flop is out already"


def test_check_when_facing_a_bet_and_call_with_nothing_to_call_are_refused() -> None:
    s = play("deal")
    assert refused(s, "3 check") == "seat 3 cannot check: 2 to call"
    s = play("deal; 3 call; 4 call; 5 call; 6 call; 1 call")
    assert refused(s, "2 call") == "seat 2 has nothing to call (check)"


def test_more_chips_than_the_stack_holds_is_refused() -> None:
    s = play("deal")
    assert refused(s, "3 raise 101") == "seat 3 has only 100 (100 behind)"


def test_bet_preflop_is_a_raise_and_raise_with_no_bet_is_a_bet() -> None:
    s = play("deal")
    assert refused(s, "3 bet 6") == "there is the big blind of 2 already: raise"
    s = play("deal; 3 call; 4 fold; 5 fold; 6 fold; 1 fold; 2 check; flop 2c 3d 4h")
    assert refused(s, "2 raise 6") == "there is no bet to raise: bet"


# --- no limit ------------------------------------------------------------------------


def test_no_limit_minimum_bet_is_the_big_blind() -> None:
    s = play("deal; 3 call; 4 fold; 5 fold; 6 fold; 1 fold; 2 check; flop 2c 3d 4h", strict=True)
    assert refused(s, "2 bet 1") == "no-limit: seat 2 may bet 2..98, not 1"
    s.apply(parse_event("2 bet 2"))


def test_no_limit_minimum_raise_is_the_last_full_raise() -> None:
    # The seed's example: a bet of 50 is raised at least 50 more, to 100.
    deep = {1: 300, 2: 300, 3: 300, 4: 300, 5: 300, 6: 300}
    flop = "deal; 3 call; 4 fold; 5 fold; 6 fold; 1 fold; 2 check; flop 2c 3d 4h"
    s = play(flop + "; 2 bet 50", seats=deep, strict=True)
    assert refused(s, "3 raise 99") == "no-limit: seat 3 may raise to 100..298, not 99"
    s = play(flop + "; 2 bet 20", seats=deep, strict=True)
    assert refused(s, "3 raise 39") == "no-limit: seat 3 may raise to 40..298, not 39"
    s.apply(parse_event("3 raise 60"))  # a raise of 40
    assert s.betting.raise_range(2).lowest == 100


def test_preflop_minimum_raise_is_to_twice_the_big_blind() -> None:
    s = play("deal")
    assert s.betting.raise_range(3).lowest == 4
    s.apply(parse_event("3 raise 7"))
    assert s.betting.raise_range(4).lowest == 12


def test_an_all_in_below_a_full_raise_does_not_reopen_the_betting() -> None:
    # RRoP: A bets 100, B raises to 200, C goes all in for less than 300:
    # A (who was raised) may raise again, B (not fully raised) may only call or fold.
    seats = {1: 1000, 2: 1000, 3: 252, 4: 1000}
    s = play(
        "deal; 3 call; 4 fold; 1 call; 2 check; flop 2c 3d 4h; 1 bet 100; 2 raise 200; 3 allin",
        seats=seats,
        button=4,
    )
    assert s.betting.street_bets[3] == 250
    assert s.to_act == 1
    assert s.betting.may_raise(1)
    s.apply(parse_event("1 call"))
    assert s.to_act == 2
    assert not s.betting.may_raise(2)
    assert s.betting.options(2) == ("fold", "call 50")
    assert refused(s, "2 raise 400") == (
        "seat 2 may not raise: the short all-in did not reopen the betting"
    )
    s.apply(parse_event("2 call"))
    assert s.betting.betting_complete


def test_short_all_ins_adding_up_to_a_full_raise_reopen_the_betting() -> None:
    seats = {1: 1000, 2: 150, 3: 220, 4: 1000}
    s = play(
        "deal; 3 call; 4 call; 1 call; 2 check; flop 2c 3d 4h; 1 bet 100; 2 allin; 3 allin",
        seats=seats,
        button=4,
    )
    s.apply(parse_event("4 call"))
    assert s.to_act == 1
    assert s.betting.may_raise(1)  # facing 220 after betting 100: more than a full raise


def test_all_in_call_for_less_and_the_board_runs_out() -> None:
    seats = {1: 50, 2: 100, 3: 100}
    s = play("deal; 3 raise 100; 1 call; 2 fold", seats=seats, button=3)
    assert s.betting.stacks[1] == 0
    assert s.betting.street_bets[1] == 50
    assert s.betting.betting_complete
    assert not s.betting.betting_left
    s.apply(parse_event("burn"))
    s.apply(parse_event("flop 2c 3d 4h"))
    assert s.street == "flop"
    assert s.betting.betting_complete
    assert s.to_act is None
    assert refused(s, "3 check") == "no betting is left: every other player is all in"
    for text in ("burn", "turn 5s", "burn", "river 9d"):
        s.apply(parse_event(text))
    assert s.street == "showdown"
    assert s.over_reason == "showdown"
    assert not any(b.premature for b in s.ledger.board)


def test_allin_raise_is_recorded_as_the_raise_it_is() -> None:
    s = play("deal; 3 allin")
    assert s.betting.actions[-1].verb == "raise"
    assert s.betting.actions[-1].all_in
    assert s.betting.actions[-1].full
    assert s.betting.current_bet == 100


# --- pot limit ---------------------------------------------------------------


def test_pot_limit_raise_is_the_call_plus_the_pot_after_the_call() -> None:
    # Seed: the pot has 100, an opponent bets 20: a raise goes to 160 at most.
    s = play(
        "deal; 1 raise 30; 2 raise 50; 1 call; flop 9h 8h 2c; 2 bet 20",
        seats={1: 1000, 2: 1000},
        button=1,
        blinds=(5, 10),
        game="omaha",
        betting="pot-limit",
        strict=True,
    )
    assert s.betting.pot == 120
    assert s.betting.raise_range(1).highest == 160
    assert refused(s, "1 raise 161") == "pot-limit: seat 1 may raise to 40..160, not 161"
    s.apply(parse_event("1 raise 160"))
    assert s.betting.stacks[1] == 790


def test_pot_limit_bet_is_at_most_the_pot_and_all_in_cannot_exceed_it() -> None:
    s = play(
        "deal; 1 call; 2 check; flop 9h 8h 2c",
        seats={1: 1000, 2: 1000},
        button=1,
        blinds=(5, 10),
        betting="pot-limit",
        strict=True,
    )
    assert s.betting.pot == 20
    assert refused(s, "2 bet 21") == "pot-limit: seat 2 may bet 10..20, not 21"
    assert refused(s, "2 allin") == "pot-limit: seat 2 may bet 10..20, not 990"


def test_pot_limit_first_raise_preflop() -> None:
    s = start(betting="pot-limit")  # 1/2: call 2 makes the pot 5, raise 5 more
    assert s.betting.raise_range(3).highest == 7


# --- limit -------------------------------------------------------------------


def limit_hand(events: str, **header: Any) -> HandState:
    return play(events, betting="limit", blinds=(1, 2), **header)


def test_limit_small_bet_before_the_turn_and_big_bet_after() -> None:
    s = limit_hand("deal", strict=True)
    assert s.betting.raise_range(3).lowest == s.betting.raise_range(3).highest == 4
    assert refused(s, "3 raise 5") == "limit: seat 3 may raise to 4, not 5"
    s = limit_hand(
        "deal; 3 call; 4 fold; 5 fold; 6 fold; 1 fold; 2 check; flop 2c 3d 4h; 2 bet 2; 3 call;"
        " turn 5s",
        strict=True,
    )
    assert s.betting.bet_range(2).lowest == 4
    assert refused(s, "2 bet 2") == "limit: seat 2 may bet 4, not 2"


def test_limit_a_bet_and_three_raises_then_capped() -> None:
    s = limit_hand("deal; 3 raise 4; 4 raise 6; 5 raise 8")
    assert s.betting.capped
    assert s.betting.options(6) == ("fold", "call 8")
    assert refused(s, "6 raise 10") == "the betting is capped at a bet and 3 raises"


def test_limit_raise_cap_is_a_house_option() -> None:
    s = limit_hand("deal; 3 raise 4; 4 raise 6; 5 raise 8; 6 raise 10", limit_raise_cap=4)
    assert s.betting.capped
    s = limit_hand("deal; 3 raise 4; 4 raise 6; 5 raise 8; 6 raise 10", limit_raise_cap=None)
    assert not s.betting.capped


def test_limit_raising_heads_up_is_unlimited_where_the_house_says_so() -> None:
    """RRoP §3 Betting and Raising 4: heads-up before the cap, raising is unlimited;
    capped with three or more, a fold does not uncap it."""
    heads_up = "deal; 3 raise 4; 4 fold; 5 fold; 6 fold; 1 fold; 2 raise 6; 3 raise 8; 2 raise 10"
    s = limit_hand(heads_up, limit_heads_up_uncapped=True)
    assert not s.betting.capped
    assert s.betting.options(3) == ("fold", "call 2", "raise 12")
    assert limit_hand(heads_up.rsplit(";", 1)[0]).betting.capped
    three = "deal; 3 raise 4; 4 raise 6; 5 raise 8; 6 fold; 1 fold; 2 fold; 3 fold"
    s = limit_hand(three, limit_heads_up_uncapped=True)
    assert s.betting.capped
    assert refused(s, "4 raise 10") == "the betting is capped at a bet and 3 raises"
    s = limit_hand(heads_up + "; 3 call; flop 2c 3d 4h", limit_heads_up_uncapped=True)
    assert (s.street, s.betting.capped, s.betting.full_wagers) == ("flop", False, 0)


LIMIT_TO_TURN = (
    "deal; 3 call; 4 call; 1 call; 2 check; flop 2c 3d 4h; 1 check; 2 check; 3 check; 4 check;"
    " turn 5s; 1 check"
)


def test_limit_all_in_of_half_a_bet_or_more_is_a_full_bet() -> None:
    # RRoP §3: on a 20 round, a 15 all-in is treated as a full bet; a raise makes it 35.
    seats = {1: 500, 2: 25, 3: 500, 4: 500}
    s = play(LIMIT_TO_TURN, seats=seats, button=4, betting="limit", blinds=(5, 10))
    s.apply(parse_event("2 allin"))
    assert s.betting.current_bet == 15
    assert s.betting.actions[-1].full
    assert s.betting.raise_range(3).lowest == 35
    s.apply(parse_event("3 raise 35"))


def test_limit_all_in_below_half_a_bet_is_completed_and_does_not_reopen() -> None:
    # RRoP §3: a player facing less than half a bet may fold, call or complete the wager;
    # it does not reopen the betting for a player who already acted.
    seats = {1: 500, 2: 14, 3: 500, 4: 500}
    s = play(LIMIT_TO_TURN, seats=seats, button=4, betting="limit", blinds=(5, 10))
    s.apply(parse_event("2 allin"))  # 4 of a bet of 20
    assert not s.betting.actions[-1].full
    assert s.betting.options(3) == ("fold", "call 4", "raise 20")
    s.apply(parse_event("3 raise 20"))
    s.apply(parse_event("4 call"))
    assert s.betting.options(1) == ("fold", "call 20", "raise 40")
    s = play(LIMIT_TO_TURN + "; 2 allin; 3 call; 4 call", seats=seats, button=4,
             betting="limit", blinds=(5, 10))  # fmt: skip
    assert s.betting.options(1) == ("fold", "call 4")


def test_limit_bets_can_be_set_apart_from_the_blinds() -> None:
    s = play("deal", betting="limit", blinds=(1, 2), limit_bets=(3, 6))
    assert s.betting.raise_range(3).lowest == 5  # the big blind 2 plus a small bet of 3


# --- board cards ------------------------------------------------------------------


FLOP_BETTING = "deal; 3 call; 4 call; 5 fold; 6 fold; 1 call; 2 check; burn; flop Ah Kd 7c"


def test_a_premature_turn_is_recorded_and_the_flop_betting_goes_on() -> None:
    s = play(FLOP_BETTING + "; 1 check; 2 bet 6")
    assert s.betting.actions_since_board == 2
    s.apply(parse_event("turn 7d"))
    assert s.street == "flop"
    assert not s.betting.betting_complete
    assert s.ledger.board[-1].premature
    assert s.ledger.board[-1].event == 12
    assert s.ledger.premature_cards == (card("7d"),)
    assert s.betting.actions_since_board == 0
    assert s.to_act == 3
    s.apply(parse_event("3 call"))
    assert s.betting.actions_since_board == 1
    s.apply(parse_event("4 fold"))
    s.apply(parse_event("1 call"))
    # the round is complete: the turn round opens on the card already out
    assert s.street == "turn"
    assert s.to_act == 1
    assert refused(s, "turn 8s") == "the turn is out already"


def test_set_aside_by_procedure_makes_room_for_the_real_turn() -> None:
    s = play(FLOP_BETTING + "; 1 check; 2 bet 6; turn 7d; 3 call; 4 fold")
    s.move_card(card("7d"), "set-aside")
    assert s.location(card("7d")) == Place("set-aside")
    assert s.ledger.next_board_street == "turn"
    s.apply(parse_event("1 call"))
    assert s.street == "flop"
    assert s.betting.betting_complete
    s.apply(parse_event("burn"))
    s.apply(parse_event("turn 9s"))
    assert s.street == "turn"
    assert not s.ledger.board[-1].premature
    assert s.accounting_problems() == []


def test_taking_back_a_card_that_opened_a_round_nobody_acted_in() -> None:
    # The premature turn stood until the flop betting ended; a ruling then sets it
    # aside: the turn round had not begun, and the next turn comes in time.
    s = play(FLOP_BETTING + "; 1 check; 2 bet 6; turn 7d; 3 call; 4 fold; 1 call")
    assert s.street == "turn"
    assert s.to_act == 1
    s.move_card(card("7d"), "set-aside")
    assert s.street == "flop"
    assert s.betting.betting_complete
    assert s.to_act is None
    s.apply(parse_event("burn"))
    s.apply(parse_event("turn 9s"))
    assert s.street == "turn"
    assert not s.ledger.board[-1].premature
    assert s.to_act == 1


def test_taking_back_the_board_of_an_all_in_hand() -> None:
    s = play(
        "deal; 3 allin; 4 call; 5 fold; 6 fold; 1 fold; 2 fold; flop 2c 3d 4h; turn 5s; river 6s"
    )
    assert s.over_reason == "showdown"
    s.return_board("river")
    assert s.over_reason is None
    assert s.street == "turn"
    s.apply(parse_event("river 7s"))
    assert s.over_reason == "showdown"


def test_premature_flop_while_preflop_betting_goes_on() -> None:
    s = play("deal; 3 call; flop 2c 3d 4h")
    assert all(b.premature for b in s.ledger.board)
    assert s.street == "preflop"
    for text in ("4 fold", "5 fold", "6 fold", "1 call", "2 check"):
        s.apply(parse_event(text))
    assert s.street == "flop"
    assert s.to_act == 1


def test_impossible_board_counts_are_refused() -> None:
    s = play("deal; 3 call; 4 fold; 5 fold; 6 fold; 1 fold; 2 check")
    assert refused(s, "river 2c") == "there is no flop yet: the river cannot come before it"
    assert refused(s, "turn 2c") == "there is no flop yet: the turn cannot come before it"
    s.apply(parse_event("flop 2c 3d 4h"))
    assert refused(s, "flop 5c 6d 7h") == "the flop is out already"
    assert refused(s, "river 9c") == "there is no turn yet: the river cannot come before it"


def test_a_four_card_flop_is_recorded_as_four_flop_cards() -> None:
    s = play("deal; 3 call; 4 fold; 5 fold; 6 fold; 1 fold; 2 check; burn; flop 2c 3d 4h 5s")
    assert s.ledger.board_street("flop") == tuple(card(c) for c in ("2c", "3d", "4h", "5s"))
    assert s.street == "flop"
    s.return_board("flop")
    assert s.ledger.board == []
    assert s.ledger.next_board_street == "flop"
    assert s.location(card("5s")) == Place("stub")
    assert s.ledger.burns_for("flop") == (None,)
    s.apply(parse_event("flop 2c 3d 4h"))
    assert s.accounting_problems() == []


def test_burns_are_counted_per_street() -> None:
    s = play("deal; 3 call; 4 fold; 5 fold; 6 fold; 1 fold; 2 check; burn; burn 9c; flop 2c 3d 4h")
    assert len(s.ledger.burns_for("flop")) == 2
    assert s.ledger.burns_for("flop")[1] == card("9c")
    assert s.location(card("9c")) == Place("burn", street="flop")
    s.apply(parse_event("2 check"))
    s.apply(parse_event("3 check"))
    s.apply(parse_event("turn 5s"))  # no burn before the turn
    assert s.ledger.burns_for("turn") == ()


def test_a_burn_with_every_board_card_out_is_refused() -> None:
    s = play("deal; 3 allin; 4 call; 5 fold; 6 fold; 1 fold; 2 fold; flop 2c 3d 4h; turn 5s")
    s.apply(parse_event("river 6s"))
    assert s.over_reason == "showdown"
    assert refused(s, "burn") == "the hand is over: the betting is done and it is the showdown"


# --- hole cards and the deal ----------------------------------------------------------


def test_deal_positions_go_round_by_round_from_left_of_the_button() -> None:
    s = start()
    assert s.ledger.deal_position(1, 1) == 1
    assert s.ledger.deal_position(6, 1) == 6
    assert s.ledger.deal_position(1, 2) == 7
    assert s.ledger.deal_position(6, 2) == 12
    omaha = start(game="omaha")
    assert omaha.ledger.deal_total == 24
    assert omaha.ledger.deal_position(3, 4) == 21


def test_an_exposure_before_the_deal_completes_marks_how_far_the_deal_got() -> None:
    s = play("expose 3:2 Ah")
    assert s.ledger.dealt == 9
    assert not s.ledger.deal_complete
    assert s.ledger.hole_card(3, 2).exposed_by == "dealer"
    assert s.ledger.hole_card(3, 2).card == card("Ah")
    assert s.ledger.hole_card(4, 2).dealt is False
    assert s.ledger.stub_count == 52 - 9
    s.apply(parse_event("deal"))
    assert s.ledger.deal_complete
    assert s.ledger.stub_count == 40
    assert s.location(card("Ah")) == Place("seat", 3, None, 2)


def test_the_first_card_off_the_deck_exposed() -> None:
    s = play("expose 1:1 Ah")
    assert s.ledger.dealt == 1
    (first,) = [h for h in s.ledger.hole_cards() if h.exposed_by]
    assert first.position == 1
    assert first.seat == 1
    assert first.round == 1


def test_expose_by_player_and_the_latest_card_by_default() -> None:
    s = play("deal; expose 4 by player")
    assert s.ledger.exposed == {(4, 2): "player"}


def test_expose_beyond_the_hole_cards_is_refused() -> None:
    assert refused(start(), "expose 3:3") == "hold'em deals 2 hole cards, not 3"


def test_extra_card_to_the_first_player_and_its_procedure() -> None:
    s = play("deal; extra 1 Qs")
    assert s.ledger.extras[1] == [card("Qs")]
    assert s.location(card("Qs")) == Place("seat", 1)
    assert s.ledger.stub_count == 52 - 13
    s.ledger.take_extra_card(1, "burn")
    assert s.location(card("Qs")) == Place("burn", street="flop")
    assert s.accounting_problems() == []


def test_cards_and_show_fill_a_seats_hand() -> None:
    s = play("deal; cards 3 Ah ??")
    assert s.ledger.hole(3) == (card("Ah"), None)
    s.apply(parse_event("cards 3 ?? Kd"))
    assert s.ledger.hole(3) == (card("Ah"), card("Kd"))
    assert refused(s, "show 3 Ah Qs") == "seat 3 holds A♥ K♦; Q♠ is not one of them"


def test_a_card_recorded_twice_is_kept_with_the_event_that_had_it_first() -> None:
    s = play("deal; cards 3 Ah Kd; 3 call; 4 fold; 5 fold; 6 fold; 1 fold; 2 check; flop Ah 2c 3d")
    (dup,) = s.ledger.duplicates
    assert dup.card == card("Ah")
    assert dup.first_event == 2
    assert dup.first_place == Place("seat", 3, None, 1)
    assert dup.event == 9
    assert dup.place == Place("board", street="flop")
    assert s.location(card("Ah")) == Place("seat", 3, None, 1)
    assert s.ledger.first_seen(card("Ah")) == 2
    assert s.accounting_problems() == []


def test_folded_hands_go_to_the_muck() -> None:
    s = play("deal; cards 3 Ah Kd; 3 fold")
    assert s.location(card("Kd")) == Place("muck", 3, None, 2)


def test_showdown_order_last_aggressor_first() -> None:
    s = play(
        "deal; 3 call; 4 fold; 5 fold; 6 fold; 1 call; 2 check; flop 2c 3d 4h; 1 check; 2 check;"
        " 3 check; turn 5s; 1 check; 2 check; 3 check; river 9d; 1 check; 2 bet 10; 3 call; 1 call"
    )
    assert s.over_reason == "showdown"
    assert s.betting.showdown_order() == (2, 3, 1)


def test_showdown_order_nobody_bet_first_left_of_the_button() -> None:
    s = play(
        "deal; 3 call; 4 fold; 5 fold; 6 fold; 1 call; 2 check; flop 2c 3d 4h; 1 check; 2 check;"
        " 3 check; turn 5s; 1 check; 2 check; 3 check; river 9d; 1 check; 2 check; 3 check"
    )
    assert s.betting.showdown_order() == (1, 2, 3)
    s.apply(parse_event("show 1 Ah Kd"))
    s.apply(parse_event("muck 2"))
    s.apply(parse_event("plays-board 3"))
    assert s.shown == {1: (card("Ah"), card("Kd"))}
    assert s.betting.mucked == {2}
    assert s.betting.live == (1, 3)
    assert s.plays_board == {3}


def test_muck_before_the_showdown_is_refused() -> None:
    assert (
        refused(play("deal"), "muck 3") == "a seat mucks at the showdown; before it, record 3 fold"
    )


# --- posts, misdeal, procedures ------------------------------------------------------------


def test_a_straddle_raises_and_keeps_the_last_option() -> None:
    s = play("post 3 straddle 4; deal")
    assert s.betting.current_bet == 4
    assert s.to_act == 4
    assert s.betting.raise_range(4).lowest == 6
    for text in ("4 call", "5 fold", "6 fold", "1 fold", "2 call"):
        s.apply(parse_event(text))
    assert s.to_act == 3
    assert s.betting.options(3) == ("fold", "check", "raise 6..100")


def test_dead_and_live_posts() -> None:
    s = play("post 4 dead 1; post 5 bb 2")
    assert s.betting.contributed[4] == 1
    assert s.betting.street_bets[4] == 0
    assert s.betting.street_bets[5] == 2
    s.apply(parse_event("deal"))
    s.apply(parse_event("3 call"))
    assert refused(s, "post 4 ante 1") == "posts come before the first action of the hand"


def test_misdeal_returns_every_chip() -> None:
    s = play("deal; 3 raise 10; misdeal")
    assert s.over_reason == "misdeal"
    assert s.betting.stacks == SIX
    assert s.betting.pot == 0
    assert refused(s, "4 call") == "the hand is over: it was declared a misdeal"


def test_end_hand_void_returns_every_chip() -> None:
    s = play(FLOP_BETTING + "; 1 bet 10")
    s.betting.end_hand("void")
    assert s.betting.stacks == SIX
    assert s.over_reason == "void"


def test_kill_hand_takes_the_seat_out_and_keeps_the_turn() -> None:
    s = play("deal; 3 call; 4 call")
    assert s.to_act == 5
    s.betting.kill_hand(1)
    assert 1 in s.betting.killed
    assert 1 not in s.betting.live
    assert s.to_act == 5
    s.betting.kill_hand(5)
    assert s.to_act == 6


def test_replace_an_exposed_hole_card_with_the_top_card() -> None:
    s = play("deal; expose 3:2 Ah")
    s.ledger.replace_hole_card(3, 2, "burn")
    assert s.ledger.hole(3) == (None, None)
    assert s.ledger.hole_card(3, 2).dealt
    assert s.ledger.hole_card(3, 2).exposed_by is None
    assert s.location(card("Ah")) == Place("burn", street="flop")
    assert s.ledger.stub_count == 52 - 13
    assert s.accounting_problems() == []


def test_procedures_refuse_cards_that_are_not_there() -> None:
    s = play("deal")
    with pytest.raises(ProcedureError):
        s.move_card(card("Ah"), "set-aside", source="board")
    with pytest.raises(ProcedureError):
        s.move_card(card("Ah"), "table")
    with pytest.raises(ProcedureError):
        s.ledger.take_extra_card(3)


def test_copy_is_independent() -> None:
    s = play(FLOP_BETTING)
    c = s.copy()
    assert c.snapshot() == s.snapshot()
    c.apply(parse_event("1 bet 10"))
    c.move_card(card("Ah"), "set-aside")
    assert c.snapshot() != s.snapshot()
    assert s.betting.stacks[1] == 98
    assert s.location(card("Ah")) == Place("board", street="flop")
    for name in HandState.__slots__:
        assert hasattr(c, name)


def test_a_dropped_hand_is_freed_at_once() -> None:
    """No reference cycle between the parts: a replay that drops hand after hand leaves
    nothing for the garbage collector to find."""
    s = play(FLOP_BETTING + "; 1 bet 10")
    c = s.copy()
    rounds = [weakref.ref(s.betting), weakref.ref(c.betting)]
    gc.disable()
    try:
        del s, c
        assert [r() for r in rounds] == [None, None]
    finally:
        gc.enable()


# --- the property: random event streams ----------------------------------------------


EVENT_TEXTS = st.one_of(
    st.sampled_from(["deal", "burn", "misdeal", "reshuffle", "cut", "note x"]),
    st.builds(
        lambda seat, verb, amount: f"{seat} {verb}" + (f" {amount}" if verb in "bet raise" else ""),
        st.integers(1, 7),
        st.sampled_from(["fold", "check", "call", "bet", "raise", "allin"]),
        st.integers(0, 120),
    ),
    st.builds(
        lambda street, cards: f"{street} {' '.join(c.ascii for c in cards)}",
        st.sampled_from(["flop", "turn", "river"]),
        st.lists(st.sampled_from(DECK), min_size=1, max_size=4),
    ),
    st.builds(
        lambda seat, r, c, p: f"expose {seat}:{r} {c.ascii}" + (" by player" if p else ""),
        st.integers(1, 6),
        st.integers(1, 4),
        st.sampled_from(DECK),
        st.booleans(),
    ),
    st.builds(lambda s, c: f"extra {s} {c.ascii}", st.integers(1, 6), st.sampled_from(DECK)),
    st.builds(lambda c: f"burn {c.ascii}", st.sampled_from(DECK)),
    st.builds(
        lambda s, cs: f"show {s} {' '.join(c.ascii for c in cs)}",
        st.integers(1, 6),
        st.lists(st.sampled_from(DECK), min_size=1, max_size=4),
    ),
    st.builds(lambda s: f"muck {s}", st.integers(1, 6)),
    st.builds(lambda s, a: f"post {s} straddle {a}", st.integers(1, 6), st.integers(1, 20)),
)


@settings(max_examples=300, deadline=None)
@given(
    texts=st.lists(EVENT_TEXTS, max_size=60),
    stacks=st.lists(st.integers(1, 120), min_size=2, max_size=6),
    button=st.integers(1, 6),
    betting=st.sampled_from(["no-limit", "pot-limit", "limit"]),
    game=st.sampled_from(["holdem", "omaha"]),
    procedures=st.lists(st.integers(0, 10_000), max_size=4),
)
def test_random_event_streams_never_crash_and_conserve_chips_and_cards(
    texts: list[str],
    stacks: list[int],
    button: int,
    betting: Any,
    game: str,
    procedures: list[int],
) -> None:
    seats = {i + 1: stack for i, stack in enumerate(stacks)}
    s = HandState(seats=seats, button=button, blinds=(1, 2), betting=betting, game=game)
    total = sum(seats.values())
    for i, text in enumerate(texts):
        before = s.snapshot()
        try:
            event = parse_event(text)
        except EventError:
            continue
        try:
            s.apply(event)
        except IllegalEvent:
            assert s.snapshot() == before
        if procedures and i % 7 == 3:
            _random_procedure(s, procedures[i % len(procedures)])
        assert s.accounting_problems() == []
        assert sum(s.betting.stacks.values()) + s.betting.pot == total
        holding = s.irregular.pending is not None and s.irregular.pending.seat == s.to_act
        assert s.to_act is None or (
            s.to_act in s.betting.live and (s.betting.stacks[s.to_act] > 0 or holding)
        )


def _random_procedure(s: HandState, pick: int) -> None:
    """Enact a procedure hook the way a ruling would, on whatever is there."""
    known = [c for c in DECK if s.location(c).kind != "stub"]
    try:
        if pick % 4 == 0 and known:
            s.move_card(known[pick % len(known)], ["set-aside", "stub", "burn"][pick % 3])
        elif pick % 4 == 1 and s.ledger.dealt:
            seat, deal_round = s.table.card_at(1 + pick % s.ledger.dealt)
            s.ledger.replace_hole_card(seat, deal_round, "burn")
        elif pick % 4 == 2:
            s.betting.kill_hand(s.table.seats[pick % len(s.table.seats)])
        else:
            s.return_board()
    except ProcedureError:
        pass


IRREGULAR_TEXTS = st.one_of(
    st.builds(
        lambda seat, chips: f"{seat} chips {'+'.join(map(str, chips))}",
        st.integers(1, 6),
        st.lists(st.sampled_from([1, 5, 25]), min_size=1, max_size=3),
    ),
    st.builds(
        lambda seat, word, amount: (
            f"{seat} says {word or amount}" + (f" {amount}" if word in ("bet", "raise") else "")
        ),
        st.integers(1, 6),
        st.sampled_from(["fold", "check", "call", "bet", "raise", ""]),
        st.integers(1, 60),
    ),
    st.builds(
        lambda seat, a, b: f"{seat} string {a} {a + b}",
        st.integers(1, 6),
        st.integers(1, 30),
        st.integers(1, 30),
    ),
    st.builds(lambda seat: f"{seat} motion", st.integers(1, 6)),
    st.builds(
        lambda verb, seat: f"{verb} {seat}",
        st.sampled_from(["kill", "retrieve"]),
        st.integers(1, 6),
    ),
)


def observed(s: HandState) -> tuple[object, ...]:
    """What can be read of a state through the public facts of each part."""
    ledger, betting, irregular = s.ledger, s.betting, s.irregular
    seats = s.table.seats
    return (
        s.snapshot(),
        [s.location(c) for c in DECK],
        ledger.hole_cards(),
        [ledger.known_cards(seat) for seat in seats],
        (ledger.stub_count, ledger.next_board_street, ledger.exposed, ledger.turned_early),
        [betting.options(seat) for seat in seats],
        [betting.may_raise(seat) for seat in seats],
        (betting.showdown_order(), betting.live, betting.pot, betting.betting_left),
        (irregular.skipped_actions(), irregular.skipped_actions(chips=True)),
        (s.street, s.to_act, s.over, s.over_reason, s.accounting_problems()),
    )


def _random_ruling(s: HandState, pick: int) -> None:
    """Enact a ruling on the irregular betting the way the rules engine would."""
    irregular = s.irregular
    if pick % 3 == 0 and irregular.pending is not None:
        irregular.settle_wager(SETTLEMENTS[pick % len(SETTLEMENTS)])
    elif pick % 3 == 1 and irregular.held:
        seat = sorted(irregular.held)[pick % len(irregular.held)]
        binds = [None, "unless-raised", "unless-chips", "always"][pick % 4]
        irregular.hold_out_of_turn(seat, binds)
    elif s.to_act is not None:
        irregular.restrict(s.to_act, s.ledger.event_count)


@st.composite
def next_event(draw: st.DrawFn, s: HandState) -> str:
    """Mostly what the hand is waiting for (the seat to act, the next board street),
    regular or not; now and then anything."""
    roll = draw(st.integers(0, 9))
    seat = s.to_act
    if seat is not None and roll < 6:
        verb = draw(st.sampled_from(["fold", "check", "call", "bet", "raise", "allin", "chips",
                                     "says", "string", "motion"]))  # fmt: skip
        amount = draw(st.integers(1, s.betting.street_bets[seat] + s.betting.stacks[seat] + 3))
        if verb in ("bet", "raise", "call"):
            return f"{seat} {verb} {amount}"
        if verb == "chips":
            return f"{seat} chips {amount}"
        if verb == "says":
            return f"{seat} says {draw(st.sampled_from(['raise', 'call', str(amount)]))}"
        if verb == "string":
            return f"{seat} string {amount} {amount + draw(st.integers(1, 20))}"
        if verb == "motion":
            return f"{seat} motion"
        return f"{seat} {verb}"
    if roll < 8:
        street = s.ledger.next_board_street or "river"
        size = 1 if street != "flop" else draw(st.sampled_from([3, 3, 4]))
        cards = draw(st.lists(st.sampled_from(DECK), min_size=size, max_size=size))
        return f"{street} {' '.join(c.ascii for c in cards)}"
    return draw(st.one_of(EVENT_TEXTS, IRREGULAR_TEXTS))


def _take(s: HandState, text: str, i: int, procedures: list[int]) -> None:
    """Apply one event, then now and then a procedure or a ruling; a refused event must
    change nothing that can be read."""
    try:
        event = parse_event(text)
    except EventError:
        return
    seen = observed(s)
    try:
        s.apply(event)
    except IllegalEvent:
        assert observed(s) == seen
    if procedures and i % 5 == 2:
        pick = procedures[i % len(procedures)]
        if pick % 2:
            _random_procedure(s, pick // 2)
        else:
            _random_ruling(s, pick // 2)


def _drive(data: st.DataObject, s: HandState, steps: int, procedures: list[int]) -> list[str]:
    """Play ``steps`` events drawn as the hand goes; returns them, to play again."""
    texts: list[str] = []
    for i in range(steps):
        texts.append(data.draw(next_event(s)))
        _take(s, texts[-1], i, procedures)
    return texts


@settings(max_examples=150, deadline=None)
@given(
    data=st.data(),
    first=st.integers(0, 40),
    then=st.integers(0, 20),
    stacks=st.lists(st.integers(1, 120), min_size=2, max_size=6),
    button=st.integers(1, 6),
    betting=st.sampled_from(["no-limit", "pot-limit", "limit"]),
    procedures=st.lists(st.integers(0, 10_000), max_size=4),
)
def test_a_snapshot_restores_every_part_and_a_refused_event_changes_nothing(
    data: st.DataObject,
    first: int,
    then: int,
    stacks: list[int],
    button: int,
    betting: Any,
    procedures: list[int],
) -> None:
    seats = {i + 1: stack for i, stack in enumerate(stacks)}
    s = HandState(seats=seats, button=button, blinds=(1, 2), betting=betting)
    _drive(data, s, first, procedures)
    saved, seen, twin = s.snapshot(), observed(s), s.copy()
    texts = _drive(data, s, then, procedures)
    s.restore(saved)
    assert s.snapshot() == saved
    assert observed(s) == seen
    # restored, the state goes on exactly as the one it was saved from
    for i, text in enumerate(texts):
        _take(s, text, i, procedures)
        _take(twin, text, i, procedures)
        assert observed(s) == observed(twin)
    s.restore(saved)  # a snapshot restores more than once
    assert observed(s) == seen


def test_a_snapshot_holds_everything_a_part_changes() -> None:
    """Each part's snapshot names every slot that changes as the hand goes on (the hand
    state's, its parts' snapshots); the others are fixed when the hand starts or link
    the parts."""
    fixed = {
        CardLedger: {"deal", "hole_count", "deal_total"},
        BettingRound: {
            "table", "acting", "cards", "irregular", "structure", "blinds", "ante", "min_bet",
            "small_bet", "big_bet", "raise_cap", "heads_up_uncapped", "starting",
            "bomb_pot", "straddle_raise",
        },
        IrregularBetting: {"round", "strict", "chip_values"},
        HandState: {"game", "table", "button_belongs"},
    }  # fmt: skip
    saved = {
        CardLedger: LedgerSnapshot,
        BettingRound: BettingSnapshot,
        IrregularBetting: IrregularSnapshot,
        HandState: HandSnapshot,
    }
    for part, snapshot in saved.items():
        slots = {name.lstrip("_") for name in part.__slots__ if name != "__weakref__"}
        changing = slots - fixed[part]
        assert changing == set(snapshot._fields), part.__name__


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(
    data=st.data(),
    stacks=st.lists(st.integers(1, 300), min_size=2, max_size=9),
    betting=st.sampled_from(["no-limit", "pot-limit", "limit"]),
    ante=st.integers(0, 3),
)
def test_hands_played_through_keep_chips_and_cards(
    data: st.DataObject, stacks: list[int], betting: Any, ante: int
) -> None:
    """Mostly legal play, driven by whose turn it is, with irregular cards thrown in."""
    seats = {i + 1: stack for i, stack in enumerate(stacks)}
    button = data.draw(st.sampled_from(sorted(seats)))
    s = HandState(seats=seats, button=button, blinds=(1, 2), betting=betting, ante=ante)
    total = sum(seats.values())
    unseen = list(DECK)
    for _ in range(80):
        if s.over:
            break
        roll = data.draw(st.integers(0, 9))
        if s.to_act is not None and roll < 7:
            seat = s.to_act
            verb = data.draw(st.sampled_from(["fold", "check", "call", "bet", "raise", "allin"]))
            amount = data.draw(
                st.integers(0, s.betting.street_bets[seat] + s.betting.stacks[seat] + 3)
            )
            text = f"{seat} {verb}" + (f" {amount}" if verb in ("bet", "raise") else "")
        elif roll < 9 and len(unseen) > 4:
            street = s.ledger.next_board_street or "river"
            size = 3 if street == "flop" else 1
            cards = [unseen.pop(data.draw(st.integers(0, len(unseen) - 1))) for _ in range(size)]
            text = f"{street} {' '.join(c.ascii for c in cards)}"
        else:
            text = data.draw(EVENT_TEXTS)
        with contextlib.suppress(EventError):
            s.apply(parse_event(text))
        assert s.accounting_problems() == []
        assert sum(s.betting.stacks.values()) + s.betting.pot == total
        if s.to_act is not None:
            assert not s.betting.betting_complete
            holding = s.irregular.pending is not None and s.irregular.pending.seat == s.to_act
            assert s.to_act in s.betting.can_act or holding
        if s.betting.betting_complete and not s.over:
            assert all(
                s.betting.street_bets[x] >= s.betting.current_bet or s.betting.stacks[x] == 0
                for x in s.betting.live
            )


def test_a_seat_that_mucked_at_the_showdown_can_keep_its_claim() -> None:
    s = play(
        "deal; 3 call; 4 fold; 5 fold; 6 fold; 1 call; 2 check; flop Ah Kh Qh; 1 check; 2 check;"
        " 3 check; turn Jh; 1 check; 2 check; 3 check; river Th; 1 check; 2 check; 3 check;"
        " plays-board 2; muck 2"
    )
    assert 2 in s.betting.folded
    with pytest.raises(ProcedureError, match="seat 1 did not muck at the showdown"):
        s.betting.keep_claim(1)
    s.betting.keep_claim(2)
    assert 2 not in s.betting.folded
    assert 2 in s.betting.mucked
    assert s.betting.live == (1, 2, 3)


def test_the_deal_and_button_errors_name_a_seat_they_can_be_about() -> None:
    with pytest.raises(IllegalEvent, match="the button is on seat 6 as this hand began"):
        play("deal; button 6")
    with pytest.raises(IllegalEvent, match="seat 2 is dealt in"):
        play("deal; dealt-empty 2")
    with pytest.raises(IllegalEvent, match="seat 8"):
        play("deal; dealt-out 8")
    state = play("deal; button 2; dealt-empty 8; dealt-out 3")
    assert (state.table.button, state.betting.pot) == (
        6,
        3,
    )  # the hand as dealt: the rulebook rules on it


FLOPPED = "deal; 3 call; 4 call; 5 call; 6 call; 1 call; 2 check; burn 2c; flop Ah Kd 7c"


def test_a_burn_found_later_belongs_to_the_street_it_was_burned_for() -> None:
    s = play(FLOPPED + "; 1 check; burn 3c before flop")
    assert s.ledger.burns_for("flop") == (Card.parse("2c"), Card.parse("3c"))
    assert s.location(Card.parse("3c")) == Place("burn", street="flop")
    assert s.ledger.move_burn("flop", "turn") == Card.parse("3c")
    assert s.ledger.burns_for("turn") == (Card.parse("3c"),)
    assert s.location(Card.parse("3c")) == Place("burn", street="turn")
    assert s.accounting_problems() == []


def test_a_burn_found_later_names_a_street_already_out() -> None:
    assert refused(play(FLOPPED), "burn before turn") == (
        "the turn is not out: record the burn as it is made"
    )


def test_a_board_run_twice_keeps_each_run_and_waits_for_the_last() -> None:
    """All in on the flop and run twice: the first run's turn and river are put aside when
    the second run's burn comes, the flop stays shared, and the showdown waits for the
    second river."""
    state = play(
        "deal; 3 fold; 4 fold; 5 allin; 6 call; 1 fold; 2 fold; burn; flop Ah Kd 7c; run 2;"
        " burn; turn 2s; burn; river 9h"
    )
    assert state.over_reason is None
    assert state.ledger.runs_to_come == 1
    for text in ("burn", "turn 6d", "burn", "river Jh"):
        state.apply(parse_event(text))
    assert state.over_reason == "showdown"
    assert [str(card) for board in state.ledger.run_boards for card in board] == [
        *["A♥", "K♦", "7♣", "2♠", "9♥"],
        *["A♥", "K♦", "7♣", "6♦", "J♥"],
    ]
    assert not state.ledger.premature_cards
    assert state.ledger.card_problems() == []
    assert str(state.location(parse_cards("2s")[0])) == "board (turn)"


def test_running_it_twice_is_refused_once_every_board_card_is_out() -> None:
    state = play(
        "deal; 3 fold; 4 fold; 5 allin; 6 call; 1 fold; 2 fold; burn; flop Ah Kd 7c;"
        " burn; turn 2s; burn; river 9h"
    )
    assert "over" in refused(state, "run 2")


def test_an_agreement_undone_runs_the_board_once() -> None:
    state = play("deal; 3 fold; 4 fold; 5 allin; 6 call; 1 fold; 2 fold; run 3")
    assert state.ledger.run_count == 3
    assert state.ledger.run_from == "flop"
    state.run_once()
    assert state.ledger.run_count == 1
    assert state.ledger.run_boards == ((),)
