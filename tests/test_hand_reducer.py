"""The stud and draw hands take their events alike: an event of another game, a seat
not in the hand and a refused event each name the event, and leave the hand as it was."""

from __future__ import annotations

import pytest

from floorman.hand.drawevents import parse_draw_event
from floorman.hand.drawstate import DrawHand
from floorman.hand.events import IllegalEvent
from floorman.hand.studevents import parse_stud_event
from floorman.hand.studstate import StudHand


def stud() -> StudHand:
    return StudHand(seats={1: 500, 2: 500}, game="stud", ante=5, bring_in=10, limits=(20, 40))


def draw() -> DrawHand:
    return DrawHand(
        seats={1: 500, 2: 500}, game="badugi", blinds={1: 5, 2: 10}, button=2,
        structure="limit", limits=(10, 20),
    )  # fmt: skip


def test_a_stud_hand_refuses_a_draw_and_names_the_event() -> None:
    hand = stud()
    with pytest.raises(IllegalEvent) as refused:
        hand.apply(parse_draw_event("1 draws 2"))
    assert str(refused.value) == 'event 1 "1 draws 2": "draws" is not an event of a stud hand'
    assert hand.event_count == 0


def test_a_draw_hand_refuses_a_stud_upcard_and_counts_from_the_number_given() -> None:
    hand = draw()
    with pytest.raises(IllegalEvent) as refused:
        hand.apply(parse_stud_event("up 1 Ah"), number=7)
    assert str(refused.value) == 'event 7 "up 1 Ah": "up" is not an event of a draw hand'
    assert hand.event_count == 0


def test_a_seat_not_in_the_hand_is_refused_in_either_game() -> None:
    for hand, event in ((stud(), parse_stud_event("down 9 ?? ??")),
                        (draw(), parse_draw_event("show 9 Ah 2c 3d 4s"))):  # fmt: skip
        with pytest.raises(IllegalEvent, match="seat 9 is not in the hand"):
            hand.apply(event)
        assert hand.event_count == 0


def test_the_events_taken_are_counted_and_apply_all_gives_the_hand_back() -> None:
    hand = draw()
    assert hand.apply_all(parse_draw_event(t) for t in ("deal", "1 call", "2 check")) is hand
    assert (hand.event_count, hand.phase, hand.to_draw) == (3, "draw", 1)
    up = stud().apply_all(parse_stud_event(t) for t in ("down 1 ?? ??", "up 1 Ah"))
    assert up.event_count == 2
