"""A count given of the bet a seat faces, and chips found behind an all-in: their
notation, what the hand state keeps of them and what it refuses."""

from __future__ import annotations

import pytest
from test_hand_irregular import play

from floorman.hand.events import ChipsBehind, Count, IllegalEvent, NotationError, parse_event


@pytest.mark.parametrize(("text", "event", "written"), [
    ("count 3 1200", Count(3, 1200), "count 3 1200"),
    ("COUNT 3 1,000 by Player", Count(3, 1000, by_player=True), "count 3 1000 by player"),
    ("count 3 1000 by dealer", Count(3, 1000), "count 3 1000"),
    ("behind 2 500", ChipsBehind(2, 500), "behind 2 500"),
])  # fmt: skip
def test_the_notation_reads_and_prints_back(text: str, event: object, written: str) -> None:
    assert parse_event(text) == event
    assert str(parse_event(text)) == written
    assert parse_event(written) == event


@pytest.mark.parametrize(("text", "complaint"), [
    ("count 3", "what count was the seat given"),
    ("count 3 100 by floor", 'unexpected "by floor"'),
    ("behind 2", "how much was found behind"),
    ("behind 2 5 more", 'unexpected "more"'),
])  # fmt: skip
def test_what_is_not_a_count_or_chips_found(text: str, complaint: str) -> None:
    with pytest.raises(NotationError, match=complaint):
        parse_event(text)


def test_a_count_is_kept_until_the_seat_acts() -> None:
    s = play("deal; 3 raise 10; count 1 8")
    assert s.irregular.counts == {1: (3, 8, 10)}
    assert s.to_act == 1
    saved = s.snapshot()
    s.apply(parse_event("1 call"))
    assert s.irregular.counts == {}
    s.restore(saved)
    assert s.irregular.counts == {1: (3, 8, 10)}
    assert s.copy().irregular.counts == {1: (3, 8, 10)}


def test_a_count_of_no_bet_or_by_a_seat_out_of_the_hand_is_refused() -> None:
    with pytest.raises(IllegalEvent, match="seat 2 faces no bet to count"):
        play("deal; 3 call; 1 call; count 2 2")
    with pytest.raises(IllegalEvent, match="seat 1 is out of the hand"):
        play("deal; 3 raise 10; 1 fold; count 1 10")


def test_chips_found_behind_change_nothing_in_the_hand() -> None:
    s = play("deal; 3 allin; 1 call; 2 fold")
    before = s.snapshot()
    s.apply(parse_event("behind 3 25"))
    assert s.snapshot()[1:] == before[1:]
    with pytest.raises(IllegalEvent, match="seat 7 is not at the table"):
        s.apply(parse_event("behind 7 25"))
