"""Hand-for-hand play: every table reports its hand done before the next begins, the clock
run off a fixed time per hand (WSOP T 126-c's worked example, TDA 2024 RP-8-B, C, D),
and the busts of one hand sharing the places paid on it (TDA 2024 RP-8-A's worked
example: 52 left, 50 paid, three out in the current hand share the 50th place)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.tournament.handforhand import (
    HandForHandError,
    check_report,
    clock_after,
    h4h_rule,
    hand_for_hand,
    per_hand_seconds,
)
from floorman.tournament.payouts import payout_table
from floorman.tournament.standings import paid, standings
from floorman.tournament.structure import Structure

T0 = datetime(2026, 3, 1, 21, 0, tzinfo=UTC)
LONG = Structure.model_validate(
    {
        "structure": "long",
        "title": "Long levels",
        "rulebook": "wsop-2024",
        "starting_stack": 10000,
        "chips": [25, 100],
        "levels": [
            {"blinds": [25, 50], "minutes": 60},
            {"break": 15, "color_up": [25]},
            {"blinds": [100, 200], "minutes": 60},
        ],
    }
)


def start(played: int | None, per_hand: int = 120) -> dict[str, Any]:
    return {"kind": "hand-for-hand", "action": "start", "per_hand": per_hand, "played": played}


def tables(n: int, per_table: int = 2) -> dict[str, Any]:
    seating = [[t, s, (t - 1) * per_table + s, 1000] for t in range(1, n + 1)
               for s in range(1, per_table + 1)]  # fmt: skip
    return {
        "kind": "draw",
        "entrants": n * per_table,
        "table_seats": 9,
        "seating": seating,
        "buttons": {str(t): 1 for t in range(1, n + 1)},
    }


def test_the_next_hand_begins_when_every_table_has_reported() -> None:
    records = [tables(3), start(0)]
    state = hand_for_hand(records)
    assert (state.on, state.hand, state.waiting) == (True, 1, [1, 2, 3])
    records += [{"kind": "hand", "table": 3}, {"kind": "hand", "table": 1}]
    assert hand_for_hand(records).waiting == [2]
    records.append({"kind": "hand", "table": 2})
    state = hand_for_hand(records)
    assert (state.hand, state.hands_done, state.waiting) == (2, 1, [1, 2, 3])


def test_a_table_reports_once_per_hand_and_one_hand_at_a_time() -> None:
    state = hand_for_hand([tables(2), start(0), {"kind": "hand", "table": 1}])
    with pytest.raises(HandForHandError, match="table 1 has reported hand 1 done already"):
        check_report(state, 1, 1)
    with pytest.raises(HandForHandError, match="one hand at a time"):
        check_report(state, 2, 3)
    check_report(state, 2, 1)


def test_wsop_runs_two_minutes_off_each_hand_as_its_example() -> None:
    # WSOP T 126-c: the clock set back 2 minutes at the end of the current hand at the
    # announcement (17:30:00 to 17:28:00 in its example), and 2 more after the next.
    played = 60 * 60 - (17 * 60 + 30)
    records = [tables(2), start(played)]
    for _hand in range(2):
        records += [{"kind": "hand", "table": 1}, {"kind": "hand", "table": 2}]
        state = hand_for_hand(records)
        event = clock_after(LONG, state.position() or 0, T0)
        assert event.level == 1
        assert event.left == [15 * 60 + 30, 13 * 60 + 30][state.hands_done - 1]


def test_the_time_run_off_reaches_the_next_level_and_stops_at_a_break() -> None:
    assert (clock_after(LONG, 3600 - 60, T0).level, clock_after(LONG, 3600 - 60, T0).left) == (
        1,
        60,
    )
    into_break = clock_after(LONG, 3600 + 60, T0)
    assert (into_break.level, into_break.left) == (1, 0)
    after_break = clock_after(LONG, 3600 + 900 + 120, T0)
    assert (after_break.level, after_break.left) == (2, 3600 - 120)


def test_each_book_sets_the_time_per_hand() -> None:
    assert per_hand_seconds(h4h_rule("tda-2024"), None) == 120
    assert per_hand_seconds(h4h_rule("tda-2024"), 3) == 180
    with pytest.raises(HandForHandError, match="gives 0 to 3"):
        per_hand_seconds(h4h_rule("tda-2024"), 4)
    with pytest.raises(HandForHandError, match="gives 0 to 2"):
        per_hand_seconds(h4h_rule("wsop-2024"), 3)
    assert per_hand_seconds(h4h_rule("rrop"), 5) == 300
    assert h4h_rule("rrop").start.startswith("house option")


def test_tda_rp8a_three_out_in_the_current_hand_share_the_50th_place() -> None:
    records: list[dict[str, Any]] = [tables(6, 9)]
    records += [{"kind": "bust", "table": 6, "seat": s} for s in (1, 2)]  # 52 left
    records.append(start(None))
    for table in (1, 3, 5):  # the current hand: three busts at three tables
        state = hand_for_hand(records)
        records.append(
            {"kind": "bust", "table": table, "seat": 1, "hand_for_hand": True,
             "same_hand": state.busts_this_hand > 0}
        )  # fmt: skip
    placed = {s.entry: s.places for s in standings(records, "tda-2024")}
    assert placed[1] == placed[19] == placed[37] == (50, 51, 52)
    table = payout_table(50_000, ["2"] * 50)
    pays = paid(standings(records, "tda-2024"), table)
    assert pays[1] + pays[19] + pays[37] == table.amounts[49]


def test_stopping_ends_the_reports() -> None:
    records = [tables(2), start(0), {"kind": "hand", "table": 1}]
    records.append({"kind": "hand-for-hand", "action": "stop"})
    state = hand_for_hand(records)
    assert (state.on, state.waiting, state.as_json()["hand"]) == (False, [1, 2], None)
    check_report(state, 1, 5)


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 6), st.lists(st.integers(1, 6), max_size=40))
def test_hands_done_count_the_rounds_where_every_table_reported(n: int, reports: list[int]) -> None:
    records: list[dict[str, Any]] = [tables(n), start(0)]
    done = 0
    pending: set[int] = set()
    for table in reports:
        if table > n:
            continue
        state = hand_for_hand(records)
        try:
            check_report(state, table, 1)
        except HandForHandError:
            assert table in pending
            continue
        records.append({"kind": "hand", "table": table})
        pending.add(table)
        if pending == set(range(1, n + 1)):
            done, pending = done + 1, set()
    state = hand_for_hand(records)
    assert (state.hands_done, state.hand, set(state.reported)) == (done, done + 1, pending)
    assert state.position() == 120 * done
