"""Words a player says that the notation records as said and the rulebook reads:
"pot", an amount that can mean more than one, a conditional statement."""

from __future__ import annotations

from typing import Any

import pytest

from floorman.hand.events import NotationError, Says, parse_event
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
