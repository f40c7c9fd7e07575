"""Calling the floor: the ``floor`` events play nothing, every ruling raises the same flag
as a call, the floor acknowledges and resolves, ``undo`` passes over the floor's records,
and ``floorman call-floor`` records a call here or through the server."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from pdftext import text_of
from roomserver import PREMATURE_TURN, Room, Serve
from tablecli import NEW, ok, run

from floorman.hand.events import Floor, NotationError, parse_event
from floorman.interchange.handfile import parse_hand
from floorman.replay import check_hand
from floorman.tables.floorcalls import floor_calls

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))
FLOOR_WORDS = ["floor call seat 4 disputes the pot", "floor ack", "floor resolve as ruled"]


def test_the_three_steps_read_and_print_back() -> None:
    assert parse_event("floor call seat 4  disputes the pot") == Floor(
        "call", "seat 4  disputes the pot"
    )
    assert str(parse_event("Floor ACK")) == "floor ack"
    assert str(parse_event("floor resolve pot to seat 3")) == "floor resolve pot to seat 3"
    with pytest.raises(NotationError, match="floor call, floor ack or floor resolve"):
        parse_event("floor walks by")


def _ruled(hand: dict[str, Any]) -> tuple[Any, ...]:
    result = check_hand(parse_hand(json.dumps(hand), "hand", json_text=True))
    return (
        [(r["rule"], r["outcome"], len(r["steps"])) for r in result.rulings],
        [v["rule"] for v in result.violations],
        result.awards,
        result.stacks,
        result.state.street,
        result.state.over_reason,
    )


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_floor_records_anywhere_change_no_ruling(path: Path, data: st.DataObject) -> None:
    """A hand rules the same with the floor called, acknowledged and resolved at any
    point, before its end or after."""
    hand = yaml.safe_load(path.read_text(encoding="utf-8"))
    events = list(hand["events"])
    for word in data.draw(st.lists(st.sampled_from(FLOOR_WORDS), min_size=1, max_size=4)):
        events.insert(data.draw(st.integers(0, len(events))), word)
    assert _ruled({**hand, "events": events}) == _ruled(hand)


def _events(*texts: str) -> list[dict[str, Any]]:
    return [
        {"number": n, "text": t, "at": f"2026-12-02T20:00:{n:02d}+00:00", "by": "station 7"}
        for n, t in enumerate(texts, 1)
    ]


def test_a_call_needs_the_floor_until_acknowledged_then_stays_open_until_resolved() -> None:
    called = _events("deal", "floor call seat 4 wants a count")
    assert floor_calls(called, [], [])["needs"] == "call"
    [item] = floor_calls(called, [], [])["open"]
    assert (item["kind"], item["event"], item["text"], item["by"]) == (
        "call", 2, "seat 4 wants a count", "station 7",
    )  # fmt: skip
    acknowledged = floor_calls([*called, *_events("", "", "floor ack")[2:]], [], [])
    assert acknowledged["needs"] == "acknowledged"
    assert acknowledged["open"][0]["acknowledged"]["at"] == "2026-12-02T20:00:03+00:00"
    resolved = _events("deal", "floor call", "floor ack", "floor resolve the count is given")
    assert floor_calls(resolved, [], []) == {"needs": None, "open": []}


def test_every_ruling_raises_the_flag_and_an_ack_covers_only_what_came_before() -> None:
    events = _events("deal", "3 call", "floor ack", "turn 7d")
    rulings = [{"event": 2, "title": "Out of turn"}, {"event": 4, "title": "Premature turn"}]
    violations = [{"event": 4, "message": "no burn"}]
    found = floor_calls(events, rulings, violations)
    assert found["needs"] == "call"
    assert [(i["kind"], i["event"], i["acknowledged"] is None) for i in found["open"]] == [
        ("ruling", 2, False), ("ruling", 4, True), ("violation", 4, True),
    ]  # fmt: skip
    assert floor_calls(events[:3], rulings[:1], [])["needs"] == "acknowledged"
    nothing = floor_calls(_events("deal", "3 call"), [], [])
    assert nothing == {"needs": None, "open": []}


@pytest.mark.usefixtures("table_db")
def test_call_floor_records_the_call_and_undo_passes_over_the_floor() -> None:
    ok(*NEW)
    ok("add", "--table", "7", "deal", "5 call")
    called = ok("call-floor", "--table", "7", "seat 1 says", "he", "called")
    assert called.splitlines()[-1] == "table 7: the floor is called"
    ok("add", "--table", "7", "floor ack")
    assert ok("undo", "--table", "7").splitlines()[0] == 'undone: event 2 "5 call"'
    log = ok("log", "--table", "7")
    assert "floor call seat 1 says he called" in log
    assert "floor ack" in log
    assert "undo: 5 call" in log
    shown = json.loads(ok("export", "--table", "7", "--format", "json"))
    assert shown["events"] == ["deal", "floor call seat 1 says he called", "floor ack"]
    refused = run("undo", "--table", "7")
    assert refused.exit_code == 0, refused.stderr
    again = run("undo", "--table", "7")
    assert again.exit_code == 2
    assert again.stderr.strip() == "floorman: hand 1 has no event to undo"


def test_a_call_at_a_table_with_no_hand_in_progress_goes_on_its_latest_hand(
    table_db: Path,
) -> None:
    from floorman.store.hands import open_store

    ok(*NEW)
    ok("add", "--table", "7", "deal", "5 fold", "1 fold")
    with open_store(table_db) as store:
        store.close_hand(1, "fold")
    assert run("add", "--table", "7", "note late").exit_code == 2
    called = ok("call-floor", "--table", "7", "seat 3 disputes the pot")
    assert "recorded on the table's latest hand" in called
    assert ok("log", "1").count("floor call seat 3 disputes the pot") == 1


@pytest.mark.usefixtures("table_db")
def test_call_floor_mistakes_are_one_line() -> None:
    missing = run("call-floor", "why")
    assert missing.exit_code == 2
    assert missing.stderr.strip() == "floorman: --table: the table the floor is called to"
    nowhere = run("call-floor", "--table", "9")
    assert nowhere.exit_code == 2
    assert nowhere.stderr.count("\n") == 1


@pytest.fixture(scope="module")
def room(room_server: Serve, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Room]:
    with room_server(tmp_path_factory.mktemp("room") / "room.db", ("7",)) as served:
        yield served


def _remote(*args: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("FLOORMAN_")}
    return subprocess.run(
        [sys.executable, "-m", "floorman", *args],
        capture_output=True,
        text=True,
        check=False,
        env={**clean, "FLOORMAN_DB": os.devnull + "/none.db", "PYTHONPATH": str(ROOT)},
    )


def test_call_floor_through_the_server_is_the_stations_and_shows_on_the_report(
    room: Room, tmp_path: Path
) -> None:
    station = room.station("7")
    assert station.post("/api/tables/7/events", json={"events": PREMATURE_TURN}).is_success
    token = room.stations["7"]
    called = _remote(
        "call-floor", "--table", "7", "seat 3 wants the turn back",
        "--server", room.url, "--token", token,
    )  # fmt: skip
    assert called.returncode == 0, called.stderr
    assert called.stdout.splitlines()[-1] == "table 7: the floor is called"
    table = station.get("/api/tables/7").json()
    assert table["events"][-1]["text"] == "floor call seat 3 wants the turn back"
    assert table["events"][-1]["by"] == "station 7"
    floor = table["floor"]
    assert floor["needs"] == "call"
    assert [i["kind"] for i in floor["open"]] == ["ruling", "call"]

    staff = room.signed_in()
    page = staff.get("/")
    csrf = page.text.split('name="csrf" value="', 1)[1].split('"', 1)[0]
    for step in ("ack", "resolve"):
        answer = staff.post(
            "/tables/7/floor", data={"csrf": csrf, "step": step, "text": ""},
            follow_redirects=False,
        )  # fmt: skip
        assert answer.status_code == 303, answer.text
        if step == "ack":
            assert staff.get("/api/tables/7").json()["floor"]["needs"] == "acknowledged"
    table = station.get("/api/tables/7").json()
    assert [e["by"] for e in table["events"][-2:]] == ["floor", "floor"]
    assert table["floor"] == {"needs": None, "open": []}

    pdf = tmp_path / "report.pdf"
    pdf.write_bytes(staff.get("/tables/7/report.pdf").content)
    words = text_of(pdf, raw=True)
    assert "The floor is called to the table: seat 3 wants the turn back · station 7" in words
    assert "The floor acknowledges the call · floor" in words
    assert "The floor resolves the call · floor" in words
