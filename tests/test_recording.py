"""Recording a hand event by event rules exactly as replaying the whole hand does."""

from __future__ import annotations

from pathlib import Path

import pytest

from floorman.hand.events import EventError
from floorman.interchange.handfile import load_hand, parse_hand
from floorman.recording import Recording
from floorman.replay import rule_events

DATA = Path(__file__).resolve().parent / "data"
HANDS = sorted([*DATA.glob("procedures/*/*.yaml"), *DATA.glob("situations/*.yaml")])


def _seen(recording: Recording) -> tuple[object, ...]:
    state = recording.state
    return (
        recording.rulings,
        recording.violations,
        recording.pots(),
        dict(state.betting.stacks),
        state.betting.pot,
        state.street,
        state.to_act,
        [str(card) for card in state.ledger.board],
        [(step.do, step.street) for step in state.procedures],
    )


@pytest.mark.parametrize("path", HANDS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_adding_one_event_at_a_time_rules_as_a_replay(path: Path) -> None:
    hand = load_hand(path)
    header = hand.model_copy(update={"events": []})
    try:
        whole = Recording(hand, hand.parse_events())
    except EventError:
        pytest.skip("a hand that stops on a bad event on purpose")
    recording = Recording(header)
    for text in hand.events:
        recording.add(text)
    assert _seen(recording) == _seen(whole)
    ruled = rule_events(hand, hand.parse_events())
    assert recording.rulings == ruled.rulings
    assert recording.violations == ruled.violations


def test_a_refused_event_leaves_the_recording_as_it_was() -> None:
    hand = parse_hand("button: 3\nseats: {1: 100, 2: 100, 3: 100}\nevents: []")
    recording = Recording(hand)
    recording.add("deal")
    recording.add("3 raise 6")
    before = _seen(recording)
    with pytest.raises(EventError, match="event 3"):
        recording.add("9 call")
    with pytest.raises(EventError, match="event 3"):
        recording.add("1 raise 500")
    assert _seen(recording) == before
    recording.add("1 call")
    assert recording.state.to_act == 2


@pytest.mark.parametrize("path", HANDS[::7], ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_the_chips_read_between_events_are_the_hand_s_as_it_stands(path: Path) -> None:
    """The chips are kept from one reading to the next: every event, and every event
    refused, must leave them as a replay of the hand so far gives them."""
    from floorman.replay import ruled_chips

    hand = load_hand(path)
    recording = Recording(hand.model_copy(update={"events": []}))
    for text in hand.events:
        recording.chips()
        try:
            recording.add(text)
        except EventError:
            with pytest.raises(EventError):
                recording.add_all(["deal", text])
        replayed = rule_events(hand, recording.events)
        assert recording.chips() == ruled_chips(hand, recording.events, replayed)


def test_the_first_burn_rules_the_earlier_boards_again() -> None:
    hand = parse_hand("button: 3\nseats: {1: 100, 2: 100, 3: 100}\nevents: []")
    recording = Recording(hand)
    texts = ["deal", "3 call", "1 call", "2 check", "flop Ah Kd 7c", "1 check", "2 check",
             "3 check", "burn", "turn 2s"]  # fmt: skip
    for text in texts:
        recording.add(text)
    whole = rule_events(hand, [*recording.events])
    assert (recording.rulings, recording.violations) == (whole.rulings, whole.violations)
    assert recording.rulings[0]["rule"] == "rrop.holdem.flop.no-burn"


DEALT_FROM_TWO = ["deal", "5 call", "1 call", "2 fold", "button 2 dealt", "3 fold", "4 check"]
"""The button belonged on seat 3 (the header's) and the hand was dealt from seat 2."""


def test_events_recorded_together_are_read_from_the_seat_the_hand_was_dealt_from() -> None:
    hand = parse_hand("button: 3\nseats: {1: 100, 2: 100, 3: 100, 4: 100, 5: 100}\n")
    recording = Recording(hand)
    recording.add_all(DEALT_FROM_TWO)
    whole = rule_events(hand, recording.events)
    assert (recording.state.table.button, recording.state.button_belongs) == (2, 3)
    assert _seen(recording) == _seen(Recording(hand, recording.events))
    assert recording.rulings == whole.rulings
    assert [r["rule"] for r in recording.rulings][-1].endswith("after-action")


def test_events_recorded_together_and_refused_leave_the_recording_as_it_was() -> None:
    hand = parse_hand("button: 3\nseats: {1: 100, 2: 100, 3: 100, 4: 100, 5: 100}\n")
    recording = Recording(hand)
    recording.add("deal")
    before = _seen(recording)
    with pytest.raises(EventError):
        recording.add_all(["5 call", "button 2 dealt", "flop Ah Zx Kd"])
    assert [str(event) for event in recording.events] == ["deal"]
    assert (recording.state.table.button, recording.state.button_belongs) == (3, None)
    assert _seen(recording) == before
