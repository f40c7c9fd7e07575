"""What a player says or does that the notation records as it happened and the
rulebook reads: "pot", an amount that can mean more than one, a conditional
statement, chips pulled back."""

from __future__ import annotations

from typing import Any

import pytest

from floorman.hand.events import EventError, NotationError, Prior, Pullback, Says, parse_event
from floorman.hand.irregular import reading_within_pot
from floorman.hand.state import HandState


def play(events: str, **header: Any) -> HandState:
    values: dict[str, Any] = {"seats": {1: 1000, 2: 1000, 3: 1000}, "button": 3}
    values.update(header)
    state = HandState(**values)
    for text in events.split(";"):
        state.apply(parse_event(text.strip()))
    return state


@pytest.mark.parametrize(
    ("text", "event"),
    [
        ("2 says pot", Says(2, "pot")),
        ("2 says POT", Says(2, "pot")),
        ("1 says 500|5000", Says(1, None, readings=(500, 5000))),
        ("1 says 5|50|500", Says(1, None, readings=(5, 50, 500))),
        ("2 says if bet then raise", Says(2, "raise", condition="bet")),
        ("2 says IF raise THEN r 900", Says(2, "raise", 900, condition="raise")),
        ("4 says if check then bet 600", Says(4, "bet", 600, condition="check")),
        ("4 says if bet then f", Says(4, "fold", condition="bet")),
    ],
)
def test_declarations_read_as_written_and_print_back(text: str, event: Says) -> None:
    assert parse_event(text) == event
    assert parse_event(str(event)) == event


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("2 says pot 500", 'unexpected "500"'),
        ("2 says potty", '"potty" is not a declaration'),
        ("1 says 500|500", "gives an amount twice"),
        ("1 says 500|", '"" is not an amount in chips'),
        ("1 says 500|5000 more", 'unexpected "more"'),
        ("2 says if bet raise", "a conditional statement is 2 says if bet|raise|check then"),
        ("2 says if fold then raise", '"fold" is not a condition'),
        ("2 says if bet then dance", '"dance" is not an action'),
        ("2 says if bet then call 40", 'unexpected "40"'),
    ],
)
def test_bad_declarations_are_named(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse_event(text, 9)


FLOP = "deal; 3 fold; 1 call; 2 check; burn; flop Ah Kd 7c"


def test_pot_waits_for_the_ruling_as_a_bet_or_a_raise_with_nothing_in_front() -> None:
    state = play(FLOP + "; 1 bet 50; 2 says pot", blinds=(25, 50), betting="pot-limit")
    pending = state.irregular.pending
    assert pending is not None
    assert (pending.seat, pending.declared, pending.total, state.to_act) == (2, "raise", 0, 2)
    opening = play(FLOP + "; 1 says pot", blinds=(25, 50), betting="pot-limit")
    assert opening.irregular.pending is not None
    assert opening.irregular.pending.declared == "bet"


def test_settled_as_the_pot_it_is_the_call_and_the_pot_after_it() -> None:
    # RRoP §14 Pot-Limit 4: a pot of 100 and a bet of 50: call 50, raise 200, 250 in all.
    state = play(FLOP + "; 1 bet 50; 2 says pot", blinds=(25, 50), betting="pot-limit")
    assert state.betting.pot_wager(2) == 250
    state.irregular.settle_wager("pot")
    assert (state.betting.street_bets[2], state.betting.current_bet, state.to_act) == (250, 250, 1)


def test_the_pot_size_is_counted_the_same_in_no_limit_and_capped_by_the_stack() -> None:
    state = play(FLOP + "; 1 bet 50", blinds=(25, 50))
    assert state.betting.pot_wager(2) == 250
    short = play(FLOP + "; 1 bet 50", blinds=(25, 50), seats={1: 1000, 2: 150, 3: 1000})
    assert short.betting.pot_wager(2) == 100  # all in: 100 left after the big blind


def test_an_amount_of_several_meanings_waits_at_the_highest_not_above_the_pot() -> None:
    # TDA 57: blinds 200-400, a pot of 1200: "five" is 500; a pot of 6000: 5000.
    flop = "; burn; flop Ah Kd 7c; 1 says 500|5000"
    small = play("deal; 3 call; 1 call; 2 check" + flop, blinds=(200, 400),
                 seats={1: 20000, 2: 20000, 3: 20000})  # fmt: skip
    big = play("deal; 3 raise 2000; 1 call; 2 call" + flop, blinds=(200, 400),
               seats={1: 20000, 2: 20000, 3: 20000})  # fmt: skip
    assert small.irregular.pending is not None
    assert big.irregular.pending is not None
    assert (small.irregular.pending.total, big.irregular.pending.total) == (500, 5000)
    assert (small.to_act, big.to_act) == (1, 1)


def test_a_meaning_beyond_the_stack_is_not_one_and_none_at_all_is_refused() -> None:
    flop = "deal; 3 call; 1 call; 2 check; burn; flop Ah Kd 7c"
    short = play(flop + "; 1 says 500|5000", blinds=(200, 400), seats={1: 3000, 2: 9000, 3: 9000})
    assert short.irregular.pending is not None
    assert short.irregular.pending.total == 500
    state = play(flop, blinds=(200, 400), seats={1: 3000, 2: 9000, 3: 9000})
    with pytest.raises(EventError, match="seat 1 has only 2600"):
        state.apply(parse_event("1 says 5000|50000"))
    assert state.irregular.pending is None
    assert state.betting.street_bets[1] == 0


def test_reading_within_pot_takes_the_highest_meaning_at_most_the_pot() -> None:
    assert reading_within_pot((500, 5000), 4999) == 500
    assert reading_within_pot((500, 5000), 5000) == 5000
    assert reading_within_pot((500, 5000), 499) is None


def test_a_conditional_statement_is_no_action_and_moves_nothing() -> None:
    before = play(FLOP, blinds=(25, 50))
    state = play(FLOP + "; 2 says if bet then raise", blinds=(25, 50))
    assert state.betting.snapshot() == before.betting.snapshot()
    assert state.irregular.snapshot() == before.irregular.snapshot()
    with pytest.raises(EventError, match="seat 3 is out of the hand"):
        state.apply(parse_event("3 says if bet then raise"))


@pytest.mark.parametrize(
    ("text", "event"),
    [("2 pullback", Pullback(2)), ("2 pullback 25", Pullback(2, (25,))),
     ("2 PULLBACK 25+25", Pullback(2, (25, 25)))],
)  # fmt: skip
def test_a_pullback_reads_as_written_and_prints_back(text: str, event: Pullback) -> None:
    assert parse_event(text) == event
    assert parse_event(str(event)) == event


BLIND_25S = {"blinds": (25, 50), "chip_values": (25, 100, 500, 1000),
             "seats": {1: 5000, 2: 5000, 3: 5000}}  # fmt: skip


def test_chips_pulled_back_stay_in_the_pot_and_leave_the_seats_next_chips() -> None:
    state = play("deal; 3 raise 600; 1 fold; 2 pullback", **BLIND_25S)
    assert (state.betting.street_bets[2], state.betting.stacks[2]) == (50, 4950)
    assert state.irregular.pulled == {2: 50}
    state.apply(parse_event("2 chips 1000"))
    pending = state.irregular.pending
    assert pending is not None
    assert (pending.before, pending.total, state.betting.stacks[2]) == (50, 1000, 4000)
    assert state.irregular.pulled == {}


def test_part_of_the_chips_pulled_back_leaves_the_rest_in_the_bet() -> None:
    state = play("deal; 3 raise 600; 1 fold; 2 pullback 25; 2 chips 1000", **BLIND_25S)
    assert state.irregular.pending is not None
    assert state.irregular.pending.total == 1025


@pytest.mark.parametrize(
    ("events", "complaint"),
    [
        ("deal; 3 raise 600; 1 fold; 2 pullback 100", "seat 2 has 50 in front to pull back"),
        ("deal; 3 raise 600; 1 fold; 2 pullback; 2 pullback", "has 0 in front to pull back"),
        ("deal; 3 raise 600; 1 fold; 1 pullback", "seat 1 is out of the hand"),
        ("deal; 3 raise 600; 2 pullback 5", "there is no 5 chip in play"),
    ],
)
def test_what_cannot_be_pulled_back_is_refused(events: str, complaint: str) -> None:
    *before, last = events.split("; ")
    state = play("; ".join(before), **BLIND_25S)
    with pytest.raises(EventError, match=complaint):
        state.apply(parse_event(last))


def test_the_chips_pulled_back_may_be_pushed_again_with_the_last_of_the_stack() -> None:
    # A big blind of 50 with 550 behind pulls back its two 25s and pushes them out again
    # with its last 550: 600 in front, all in.
    seats = {1: 5000, 2: 600, 3: 5000}
    state = play("deal; 3 raise 600; 1 fold; 2 pullback", **{**BLIND_25S, "seats": seats})
    state.apply(parse_event("2 chips 500+25+25+25+25"))
    assert state.irregular.pending is not None
    assert (state.irregular.pending.total, state.betting.stacks[2]) == (600, 0)


# --- prior-bet chips worth more than the bet (TDA 46-C-2, WSOP T 98-b) -----------------

BLIND_1K = {"blinds": (50, 100), "chip_values": (25, 100, 500, 1000, 5000),
            "seats": {1: 10000, 2: 10000, 3: 10000}}  # fmt: skip


@pytest.mark.parametrize(
    ("text", "event"),
    [("2 prior 1000", Prior(2, (1000,))), ("4 PRIOR 500+500", Prior(4, (500, 500)))],
)
def test_prior_chips_read_as_written_and_print_back(text: str, event: Prior) -> None:
    assert parse_event(text) == event
    assert parse_event(str(event)) == event


def test_prior_chips_move_nothing_and_make_one_bet_with_the_chips_added() -> None:
    # Blinds 50-100, the big blind posted with one 1000 chip: a 500 dropped onto it facing
    # a raise to 700 is 1500 in front, 1400 out of the stack.
    state = play("deal; 2 prior 1000; 3 raise 700; 1 fold", **BLIND_1K)
    assert (state.betting.street_bets[2], state.betting.stacks[2]) == (100, 9900)
    assert state.irregular.in_front == {2: 1000}
    state.apply(parse_event("2 chips 500"))
    pending = state.irregular.pending
    assert pending is not None
    assert (pending.before, pending.total, state.betting.stacks[2]) == (100, 1500, 8500)
    assert state.irregular.in_front == {}


def test_the_whole_prior_chip_may_be_pulled_back() -> None:
    state = play("deal; 2 prior 1000; 3 raise 700; 1 fold; 2 pullback 1000", **BLIND_1K)
    assert state.irregular.pulled == {2: 1000}
    state.apply(parse_event("2 chips 5000"))
    assert state.irregular.pending is not None
    assert (state.irregular.pending.total, state.betting.stacks[2]) == (5000, 5000)


def test_prior_chips_end_with_the_seats_action_in_turn() -> None:
    state = play("deal; 2 prior 1000; 3 raise 700; 1 fold; 2 call", **BLIND_1K)
    assert state.irregular.in_front == {}
    assert state.betting.street_bets[2] == 700


@pytest.mark.parametrize(
    ("events", "complaint"),
    [
        ("deal; 3 call; 1 call; 2 check; flop 2c 3d 4h; 1 prior 100", "no bet in front"),
        ("deal; 2 prior 25", "seat 2 has 100 in front, more than chips of 25"),
        ("deal; 2 prior 7", "there is no 7 chip in play"),
        ("deal; 3 raise 700; 1 fold; 2 pullback; 2 prior 1000", "record its chips in front"),
        ("deal; 3 raise 700; 1 fold; 1 prior 100", "seat 1 is out of the hand"),
    ],
)
def test_prior_chips_that_cannot_be_are_refused(events: str, complaint: str) -> None:
    *before, last = events.split("; ")
    state = play("; ".join(before), **BLIND_1K)
    saved = state.snapshot()
    with pytest.raises(EventError, match=complaint):
        state.apply(parse_event(last))
    assert state.snapshot() == saved


def test_prior_chips_worth_more_than_the_stack_holds_are_refused() -> None:
    state = play("deal", **{**BLIND_1K, "seats": {1: 10000, 2: 600, 3: 10000}})
    with pytest.raises(EventError, match="seat 2 has 100 in front and 500 behind"):
        state.apply(parse_event("2 prior 1000"))
