"""The penalties the floor's pages show: each one being served, by a player still seated,
with what is left of it (hands, or the minutes by the clock on the wall) and the rule;
one ended or whose player is out shows no more."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

from floorman.server.tournaments import penalties_view
from floorman.store.tournaments import open_tournament_store
from floorman.tables.tournament_floor import give_penalty
from floorman.tables.tournaments import current, record, start
from floorman.tournament.penalties import penalty_log
from floorman.vocabulary import room_time


def test_minutes_run_by_the_wall_clock_and_hands_by_the_hands_reported(tmp_path: Path) -> None:
    with open_tournament_store(tmp_path / "t.db") as store:
        now = start(store, "daily", entrants=12, seed=5)
        seats = sorted(now.floor.tables[1])
        first, second, third = (now.floor.tables[1][s].entry for s in seats[:3])
        now, away, _ = give_penalty(store, now, 1, seats[0], "minutes", 10, "threw cards")
        now, _missed, _ = give_penalty(store, now, 1, seats[1], "hands", 2)
        now, _warned, _ = give_penalty(store, now, 1, seats[2], "warning", 0)
        given = datetime.fromisoformat(str(away.at))
        log = penalty_log((e.data, e.at) for e in store.log("daily"))

        shown = penalties_view(now, log, given + timedelta(minutes=4, seconds=30))
        assert shown["count"] == 3
        assert shown["dealt_in"] == "TDA 2024 Rule 71-C"
        minutes, hands = shown["on"]
        assert (minutes["player"], minutes["table"], minutes["seat"]) == (first, 1, seats[0])
        assert (minutes["minutes"], minutes["left_seconds"], minutes["hands_left"]) == (10, 330, 0)
        assert minutes["said"] == (
            f"table 1 seat {seats[0]} (entrant {first}): dealt out for 10 minutes, until"
            f" {room_time(given + timedelta(minutes=10), '%H:%M')}"
        )
        assert minutes["cite"] == "TDA 2024 Rule 71-A (house option)"
        assert (hands["player"], hands["hands_left"], hands["left_seconds"]) == (second, 2, None)
        assert (
            hands["said"]
            == f"table 1 seat {seats[1]} (entrant {second}): 2 missed hands, 2 hands left"
        )
        assert third not in {p["player"] for p in shown["on"]}, "a warning is not served"

        # ten minutes on, the minutes are served; a hand played serves one of the hands
        record(store, now, {"kind": "hand", "table": 1, "count": 1})
        now = current(store, "daily")
        log = penalty_log((e.data, e.at) for e in store.log("daily"))
        (left,) = penalties_view(now, log, given + timedelta(minutes=10))["on"]
        assert (left["player"], left["hands_left"]) == (second, 1)
        assert left["said"].endswith("2 missed hands, 1 hand left")

        # the player out shows no more
        record(store, now, {"kind": "bust", "table": 1, "seat": seats[1]})
        now = current(store, "daily")
        log = penalty_log((e.data, e.at) for e in store.log("daily"))
        assert [p["player"] for p in penalties_view(now, log, given)["on"]] == [first]
