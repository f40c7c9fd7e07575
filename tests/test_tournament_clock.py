"""The tournament clock read at exact moments: levels advancing on time, breaks, pauses,
the clock set by hand, the level a hand is played at (TDA 2024 Rule 23, RRoP §15 rule 7,
WSOP T 79), and any run of records checked against the time counted here."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.tournament.clock import (
    Clock,
    ClockError,
    ClockEvent,
    fold,
    from_log,
    hand_level,
    log_reading,
    reading,
    schedule,
)
from floorman.tournament.structure import Structure, load_structure

T0 = datetime(2026, 3, 1, 19, 0, tzinfo=UTC)
DAILY = load_structure("daily")


def at(minutes: float = 0, seconds: float = 0) -> datetime:
    return T0 + timedelta(minutes=minutes, seconds=seconds)


def small(rulebook: str = "tda-2024") -> Structure:
    """Two 20-minute levels, a 10-minute break coloring up the 25s, a 15-minute level."""
    return Structure.model_validate(
        {
            "structure": "small",
            "title": "Small",
            "rulebook": rulebook,
            "starting_stack": 10000,
            "chips": [25, 100, 500],
            "levels": [
                {"blinds": [25, 50], "minutes": 20},
                {"blinds": [50, 100], "ante": 25, "minutes": 20},
                {"break": 10, "color_up": [25]},
                {"blinds": [100, 200], "big_blind_ante": 200, "minutes": 15},
            ],
        }
    )


def started(structure: Structure, *more: ClockEvent) -> Clock:
    return fold([ClockEvent("start", T0, level=1), *more], structure)


def test_the_schedule_lays_levels_and_breaks_end_to_end() -> None:
    stages = schedule(small())
    assert [(s.start, s.seconds, s.level, s.is_break) for s in stages] == [
        (0, 1200, 1, False),
        (1200, 1200, 2, False),
        (2400, 600, 3, True),
        (3000, 900, 3, False),
    ]


def test_before_the_start_the_level_set_by_hand_shows_its_whole_time() -> None:
    r = reading(small(), Clock(), at(500), hand_set_level=2)
    assert (r.state, r.level, r.left, r.played) == ("not started", 2, 1200, 1200)
    assert r.next_level == 3
    assert r.next_break is not None
    assert r.break_in == 1200


def test_levels_advance_on_time() -> None:
    clock = started(small())
    first = reading(small(), clock, at(0))
    assert (first.state, first.level, first.left, first.blinds.blinds) == (
        "running",
        1,
        1200,
        (25, 50),
    )
    assert first.next_level == 2
    assert first.next_blinds is not None
    assert first.next_blinds.ante == 25
    assert first.break_in == 2400
    just_before = reading(small(), clock, at(19, 59.5))
    assert (just_before.level, just_before.left) == (1, 1)
    second = reading(small(), clock, at(20))
    assert (second.level, second.left, second.blinds.ante) == (2, 1200, 25)
    assert reading(small(), clock, at(31)).began == at(20)
    assert reading(small(), clock, at(31)).as_json()["began"] == "2026-03-01T19:20:00+00:00"
    assert reading(small(), Clock(), at(31)).began is None


def test_a_break_shows_its_time_and_the_level_after_it() -> None:
    r = reading(small(), started(small()), at(41))
    assert r.on_break is not None
    assert r.on_break.color_up == (25,)
    assert (r.level, r.left, r.next_level, r.next_break) == (3, 540, 3, None)
    assert r.blinds.blinds == (100, 200)
    assert r.as_json()["minutes"] == 10
    assert r.as_json()["on_break"] is True


def test_the_last_level_runs_on() -> None:
    r = reading(small(), started(small()), at(300))
    assert (r.level, r.left, r.next_level, r.next_break, r.on_break) == (3, None, None, None, None)
    assert r.played == 300 * 60


def test_a_pause_stops_the_clock_and_a_resume_goes_on_from_there() -> None:
    clock = started(small(), ClockEvent("pause", at(5)), ClockEvent("resume", at(65)))
    paused = fold([ClockEvent("start", T0, level=1), ClockEvent("pause", at(5))], small())
    assert reading(small(), paused, at(50)).state == "paused"
    assert reading(small(), paused, at(50)).left == 15 * 60
    r = reading(small(), clock, at(70))
    assert (r.state, r.level, r.left) == ("running", 1, 10 * 60)
    assert r.began == at(60)  # the minute paused moves the level's start on by a minute
    assert reading(small(), paused, at(50)).began is None
    assert reading(small(), clock, at(80)).level == 2


def test_the_clock_set_to_a_level_with_time_left() -> None:
    clock = started(small(), ClockEvent("set", at(3), level=2, left=90))
    r = reading(small(), clock, at(4))
    assert (r.level, r.left) == (2, 30)
    assert reading(small(), clock, at(4, 30)).on_break is not None
    whole = started(small(), ClockEvent("set", at(3), level=3))
    assert reading(small(), whole, at(3)).left == 900
    start_late = fold([ClockEvent("start", T0, level=2, left=600)], small())
    assert reading(small(), start_late, at(1)).left == 540


@pytest.mark.parametrize(
    ("events", "message"),
    [
        ([ClockEvent("pause", T0)], "the clock has not started"),
        ([ClockEvent("resume", T0)], "the clock has not started"),
        ([ClockEvent("start", T0, 1), ClockEvent("start", at(1), 1)], "has started already"),
        ([ClockEvent("start", T0, 1), ClockEvent("resume", at(1))], "running, not paused"),
        (
            [ClockEvent("start", T0, 1), ClockEvent("pause", at(1)), ClockEvent("pause", at(2))],
            "the clock is paused already",
        ),
        ([ClockEvent("start", T0, 4)], "level 4: the structure has levels 1 to 3"),
        ([ClockEvent("start", T0, 2, left=1201)], "level 2 lasts 20:00: 20:01 cannot be left"),
    ],
)
def test_a_record_that_does_not_fit_is_refused(events: list[ClockEvent], message: str) -> None:
    with pytest.raises(ClockError, match=message):
        fold(events, small())


def test_a_new_level_applies_to_the_next_hand() -> None:
    clock = started(small())
    # A hand begun (first riffle) at 19:19:59 is played at level 1 to its end.
    assert hand_level(small(), clock, at(19, 59)) == 1
    assert hand_level(small(), clock, at(20)) == 2


def test_the_dealer_push_under_the_tda_and_not_under_rrop_or_wsop() -> None:
    """TDA 2024 Rule 23: a level starting during the dealer push, the incoming dealer
    deals one hand at the prior level. RRoP §15 rule 7 and WSOP T 79: the deal begins
    with the first riffle."""
    push, riffle = at(19, 40), at(20, 30)
    for book, expected in (("tda-2024", 1), ("rrop", 2), ("wsop-2024", 2)):
        structure = small(book)
        assert hand_level(structure, started(structure), riffle, push=push) == expected
        assert hand_level(structure, started(structure), riffle) == 2


def test_the_log_read_at_a_push_leaves_out_the_records_made_after_it() -> None:
    """The clock set to level 2 after a dealer push: at the push, level 1 was in play
    (the level the incoming dealer's hand is dealt at under the TDA)."""
    log = [
        (ClockEvent("start", at(0), level=1).record(), at(0).isoformat()),
        (ClockEvent("set", at(5), level=2).record(), at(5).isoformat()),
        ({"kind": "level", "level": 3}, at(9).isoformat()),
    ]
    assert log_reading(small(), log, at(4, 59)).level == 1
    assert log_reading(small(), log, at(5)).level == 2
    assert (log_reading(small(), log, at(8)).level, log_reading(small(), log, at(8)).left) == (
        2,
        17 * 60,
    )
    assert log_reading(small(), log, at(10)).level == 3
    # before the clock starts, the level set by hand as it stood then
    unstarted = [({"kind": "level", "level": 2}, at(1).isoformat())]
    assert [log_reading(small(), unstarted, at(m)).level for m in (0, 1)] == [1, 2]


def test_each_rulebook_is_cited() -> None:
    cites = {b: reading(small(b), Clock(), T0).cite for b in ("tda-2024", "rrop", "wsop-2024")}
    assert cites == {
        "tda-2024": "TDA 2024 Rule 23",
        "rrop": "RRoP §15 rule 7",
        "wsop-2024": "WSOP T 79",
    }


def test_the_log_a_level_set_by_hand_moves_a_started_clock_only() -> None:
    log = [
        ({"kind": "draw"}, T0.isoformat()),
        ({"kind": "level", "level": 2}, at(1).isoformat()),
        (ClockEvent("start", at(2), level=2).record(), at(2).isoformat()),
        ({"kind": "bust", "table": 1, "seat": 1}, at(3).isoformat()),
        ({"kind": "level", "level": 3}, at(10).isoformat()),
    ]
    clock = from_log(log, small())
    r = reading(small(), clock, at(12))
    assert (r.level, r.left) == (3, 13 * 60)
    assert ClockEvent.from_record(ClockEvent("set", at(4), 2, 30).record()) == ClockEvent(
        "set", at(4), 2, 30
    )


def test_the_daily_structure_through_its_first_break() -> None:
    clock = started(DAILY)
    r = reading(DAILY, clock, at(125))
    assert r.on_break is not None
    assert (r.level, r.left) == (7, 5 * 60)
    after = reading(DAILY, clock, at(130))
    assert (after.level, after.blinds.blinds, after.left) == (7, (600, 1200), 1200)
    assert after.next_break is not None
    assert after.next_break.color_up == (100,)
    assert after.break_in == 6 * 20 * 60


steps = st.lists(
    st.tuples(st.sampled_from(["pause", "resume", "set"]), st.integers(0, 4000), st.integers(1, 3)),
    max_size=12,
)


@settings(max_examples=150, deadline=None)
@given(steps, st.integers(0, 20000))
def test_the_clock_is_the_time_it_ran_laid_on_the_schedule(
    plan: list[tuple[str, int, int]], look: int
) -> None:
    structure = small()
    events = [ClockEvent("start", T0, level=1)]
    moment, running, played, mark = T0, True, 0.0, T0
    for action, gap, level in plan:
        moment += timedelta(seconds=gap)
        if action == "pause" and running:
            played += (moment - mark).total_seconds()
            running = False
        elif action == "resume" and not running:
            running, mark = True, moment
        elif action == "set":
            played = float([0, 1200, 3000][level - 1])
            mark = moment
        else:
            continue
        events.append(ClockEvent(action, moment, level if action == "set" else None))  # type: ignore[arg-type]
    clock = fold(events, structure)
    now = moment + timedelta(seconds=look)
    expected = played + ((now - mark).total_seconds() if running else 0.0)
    r = reading(structure, clock, now)
    assert r.played == int(expected)
    bounds = [(0, 1200, 1), (1200, 2400, 2), (2400, 3000, 3), (3000, 3900, 3)]
    level = next((lv for lo, hi, lv in bounds if lo <= expected < hi), 3)
    assert r.level == level
    if expected >= 3900:
        assert r.left is None
    else:
        lo, hi, _ = next(b for b in bounds if b[0] <= expected < b[1])
        assert r.left is not None
        assert 0 < r.left <= hi - lo
        assert abs(r.left - (hi - expected)) < 1
