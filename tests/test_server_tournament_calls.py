"""A clock called on a player as the floor's pages show it: while it runs, once time has
run out and the floor has not yet recorded it, and how it ended, each with the line the
floor reads and the rule."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from floorman.server.tournaments import CALLS_SHOWN, calls_view
from floorman.store.tournaments import open_tournament_store
from floorman.tables.tournament_floor import call_clock, clock_calls, end_call
from floorman.tables.tournaments import current, start

T0 = datetime(2026, 1, 1, 20, 0, tzinfo=UTC)


def test_a_call_runs_then_expires_unrecorded_then_ends(tmp_path: Path) -> None:
    with open_tournament_store(tmp_path / "t.db") as store:
        now = start(store, "daily", entrants=12, seed=5)
        seated = now.floor.tables[1][1]
        now, _call = call_clock(store, now, 1, 1, facing_bet=False, at=T0)
        log = [entry.data for entry in store.log("daily")]
        calls = clock_calls(now, log)
        who = f"table 1 seat 1 (entrant {seated.entry})"

        (on,) = calls_view(now, calls, T0 + timedelta(seconds=10))["on"]
        assert (on["phase"], on["left_seconds"]) == ("time", 20)
        assert on["said"] == (
            f"{who} is on the clock, not facing a bet: 25 seconds, then a 5-second count;"
            " then the hand is checked"
        )
        (counting,) = calls_view(now, calls, T0 + timedelta(seconds=27))["on"]
        assert (counting["phase"], counting["left_seconds"]) == ("count", 3)
        (out,) = calls_view(now, calls, T0 + timedelta(seconds=31))["on"]
        assert (out["phase"], out["left_seconds"]) == ("expired", 0)
        assert out["said"] == f"time: {who}, not facing a bet: the hand is checked"

        now, _ended = end_call(store, now, 1, 1, acted=False, at=T0 + timedelta(seconds=31))
        calls = clock_calls(now, [entry.data for entry in store.log("daily")])
        shown = calls_view(now, calls, T0 + timedelta(minutes=5))
        assert shown["on"] == []
        (ended,) = shown["ended"]
        assert (ended["phase"], ended["outcome"], ended["cite"]) == (
            "ended",
            "checked",
            "TDA 2024 Rule 29",
        )
        assert ended["said"] == f"time ran out on {who}, not facing a bet: the hand was checked"


def test_the_latest_calls_ended_are_shown_latest_first(tmp_path: Path) -> None:
    with open_tournament_store(tmp_path / "t.db") as store:
        now = start(store, "daily", entrants=12, seed=5)
        seats = sorted(now.floor.tables[2])
        for minute, seat in enumerate(seats):
            at = T0 + timedelta(minutes=minute)
            now, _ = call_clock(store, now, 2, seat, facing_bet=True, at=at)
            now, _ = end_call(store, now, 2, seat, acted=True, at=at + timedelta(seconds=3))
        now = current(store, "daily")
        calls = clock_calls(now, [entry.data for entry in store.log("daily")])
        shown = calls_view(now, calls, T0 + timedelta(hours=1))
        assert shown["count"] == len(seats)
        assert [c["seat"] for c in shown["ended"]] == list(reversed(seats))[:CALLS_SHOWN]
        assert all(c["outcome"] == "acted" for c in shown["ended"])
