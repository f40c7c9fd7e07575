"""What is found after the fact or in the deck, as the hand state takes it: a dispute
of a pushed pot, a boxed card, a joker or a foreign card, too few cards."""

from __future__ import annotations

from typing import Any

import pytest

from floorman.cards import parse_card
from floorman.hand.events import IllegalEvent, parse_event
from floorman.hand.records import SET_ASIDE
from floorman.hand.state import HandState

SHOWDOWN = (
    "deal; 3 call; 1 call; 2 check; burn; flop 2c 7d 9h; 1 check; 2 check; 3 check; burn;"
    " turn Js; 1 check; 2 check; 3 check; burn; river 4c; 1 check; 2 check; 3 check;"
    " show 1 Ah Ad; show 2 7c 8c; show 3 Kh Kd"
)


def play(events: str, **header: Any) -> HandState:
    state = HandState(seats={1: 100, 2: 100, 3: 100}, button=3, blinds=(1, 2), **header)
    for text in events.split(";"):
        if text.strip():
            state.apply(parse_event(text))
    return state


def refused(state: HandState, text: str) -> str:
    before = state.snapshot()
    with pytest.raises(IllegalEvent) as error:
        state.apply(parse_event(text))
    assert state.snapshot() == before
    return error.value.reason


def test_a_dispute_is_of_a_pot_pushed() -> None:
    assert refused(play("deal; 3 call"), "dispute") == (
        "a pot is disputed once it is pushed: the hand is not over"
    )
    assert refused(play(SHOWDOWN), "dispute after deal") == (
        "no pot was pushed: record the push first (award SEAT)"
    )
    state = play(f"{SHOWDOWN}; award 3; dispute after deal")
    assert state.pushed == [((3,), None, 23)]


def test_a_boxed_card_comes_off_the_stub_and_is_set_aside() -> None:
    state = play("boxed 7c; deal")
    seven = parse_card("7c")
    assert state.ledger.location(seven) == SET_ASIDE
    assert state.ledger.stub_count == 52 - 6 - 1
    assert state.accounting_problems() == []
    assert refused(play("deal; 3 fold; 1 fold"), "boxed") == (
        "the hand is over: everyone else folded"
    )


def test_a_boxed_card_seen_elsewhere_is_a_duplicate_for_the_rulebook() -> None:
    state = play("deal; 3 call; 1 call; 2 check; burn; flop 7c 8d 2s; boxed 7c")
    assert [d.card for d in state.ledger.duplicates] == [parse_card("7c")]


@pytest.mark.parametrize(
    ("events", "text", "reason"),
    [
        ("deal", "joker board", "there is no board yet"),
        ("deal; 3 fold", "joker 3", "seat 3 has no hand: the card was found in the muck"),
        ("deal; 3 fold", "short 3", "seat 3 has no live hand"),
        ("deal; misdeal", "short deck", "the hand is over: it was declared a misdeal"),
        ("deal", "foreign 8", "seat 8 is not at the table (seats 1, 2, 3)"),
    ],
)
def test_what_cannot_be_found_is_refused_in_one_line(events: str, text: str, reason: str) -> None:
    assert reason in refused(play(events), text)


def test_a_joker_foreign_card_or_short_deck_moves_no_card() -> None:
    before = play("deal; 3 call")
    for text in ("joker 1", "foreign stub", "short deck", "short 2"):
        state = play(f"deal; 3 call; {text}")
        assert state.ledger.snapshot()[:2] == before.ledger.snapshot()[:2]
        assert state.accounting_problems() == []
