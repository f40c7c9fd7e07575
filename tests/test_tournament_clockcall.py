"""A clock called on a player, read at exact moments: the time each book gives, the count
at the end, the tie that goes to the player, and the hand dead or checked when time runs
out (TDA 2024 Rule 29, WSOP T 80, RRoP §14 No-Limit Rules 13)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.tournament.clockcall import (
    ClockCall,
    ClockCallError,
    clock_rule,
    countdown,
    expiry_outcome,
    house_note,
    new_call,
)

T0 = datetime(2026, 3, 1, 21, 0, tzinfo=UTC)


def call(book: str, facing_bet: bool = True, seconds: int | None = None) -> ClockCall:
    return new_call(clock_rule(book), 3, 5, 41, facing_bet, T0, seconds)


def after(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


def test_tda_gives_25_seconds_and_a_5_second_countdown() -> None:
    c = call("tda-2024")
    assert (c.seconds, c.count, c.expires) == (25, 5, after(30))
    assert countdown(c, T0) == countdown(c, after(0.5))
    assert (countdown(c, T0).phase, countdown(c, T0).left) == ("time", 25)
    assert (countdown(c, after(24.2)).phase, countdown(c, after(24.2)).left) == ("time", 1)
    assert [countdown(c, after(s)).count for s in (25, 26, 27, 28, 29)] == [5, 4, 3, 2, 1]


def test_a_tie_goes_to_the_player() -> None:
    c = call("tda-2024")
    assert countdown(c, after(30)).phase == "count"
    assert countdown(c, after(30.001)).phase == "expired"


@pytest.mark.parametrize(
    ("book", "facing", "outcome"),
    [
        ("tda-2024", True, "dead"),
        ("tda-2024", False, "checked"),
        ("wsop-2024", True, "dead"),
        ("wsop-2024", False, "dead"),
        ("rrop", True, "dead"),
        ("rrop", False, "checked"),
    ],
)
def test_when_time_runs_out_the_hand_is_dead_or_checked_as_the_book_says(
    book: str, facing: bool, outcome: str
) -> None:
    assert expiry_outcome(call(book, facing), clock_rule(book)) == outcome


def test_where_the_book_is_silent_the_outcome_says_it_is_the_houses() -> None:
    assert house_note(clock_rule("tda-2024"), False) == ""
    assert house_note(clock_rule("tda-2024"), True) == ""
    assert "house option" in house_note(clock_rule("wsop-2024"), False)
    assert "house option" in house_note(clock_rule("rrop"), False)
    assert house_note(clock_rule("rrop"), True) == ""


def test_rrop_gives_a_minute_and_a_ten_second_warning() -> None:
    c = call("rrop")
    assert (c.seconds, c.count, c.expires) == (50, 10, after(60))
    assert countdown(c, after(50)).count == 10
    assert countdown(c, after(60.5)).phase == "expired"
    assert clock_rule("rrop").cite == "RRoP §14 No-Limit Rules 13; §3 Dead Hands 1"


def test_the_floor_may_give_less_time_within_the_book() -> None:
    assert call("wsop-2024", seconds=0).expires == after(5)
    assert call("tda-2024", seconds=60).seconds == 60
    with pytest.raises(ClockCallError, match="WSOP T 80 gives 0 to 25 seconds"):
        call("wsop-2024", seconds=26)
    with pytest.raises(ClockCallError, match="gives 0 to 300 seconds"):
        call("tda-2024", seconds=301)


def test_a_call_round_trips_through_its_record() -> None:
    c = call("tda-2024", facing_bet=False)
    assert ClockCall.from_record(c.record()) == c


@settings(max_examples=100, deadline=None)
@given(
    st.sampled_from(["tda-2024", "wsop-2024", "rrop"]),
    st.integers(0, 25),
    st.lists(st.floats(0, 120, allow_nan=False), min_size=1, max_size=20),
)
def test_the_countdown_only_goes_down_and_ends_once(
    book: str, seconds: int, moments: list[float]
) -> None:
    c = call(book, seconds=seconds)
    total = c.seconds + c.count
    seen = [countdown(c, after(m)) for m in sorted(moments)]
    lefts = [s.left + (c.count if s.phase == "time" else 0) for s in seen if s.phase != "expired"]
    assert lefts == sorted(lefts, reverse=True)
    for moment, state in zip(sorted(moments), seen, strict=True):
        assert (state.phase == "expired") == (moment > total)
        if state.phase == "count":
            assert state.count == state.left <= c.count
        if state.phase == "time":
            assert 1 <= state.left <= c.seconds
