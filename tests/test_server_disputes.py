"""A pot disputed once the next hand has begun, through the card room server: the API's
post, the station's form and ``floorman add --server`` record it on the hand whose pot it
is, as ``floorman add`` does at a terminal, and leave the hand in progress as it is."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from roomserver import Room, Serve, cookie_value, csrf_of, floorman, login_csrf, new_table

WRONG_PUSH = (
    "deal; 3 call; 4 fold; 5 fold; 6 fold; 1 call; 2 check; burn; flop 2c 7d 9h; 1 check;"
    " 2 check; 3 check; burn; turn Js; 1 check; 2 check; 3 check; burn; river 4c; 1 check;"
    " 2 check; 3 check; show 1 Ah Ad; show 2 Kh Kd; show 3 7c 8c; award 2"
)
"""Seat 1's aces win a pot of 6 and the dealer pushes it to seat 2's kings (event 26)."""


@pytest.fixture(scope="module")
def room(room_server: Serve, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Room]:
    with room_server(tmp_path_factory.mktemp("room") / "room.db", ()) as served:
        yield served


def next_hand_dealt(db: str | Path, table: str) -> None:
    """The wrong push at ``table``'s hand in progress, then the next hand dealt."""
    steps = (("add", "-t", table, WRONG_PUSH), ("next", "-t", table), ("add", "-t", table, "deal"))
    for args in steps:
        done = floorman(db, *args)
        assert done.returncode == 0, done.stderr


def test_a_posted_dispute_goes_to_the_hand_whose_pot_it_is(room: Room) -> None:
    station = room.table("d1")
    first = station.get("/api/tables/d1").json()["hand"]
    next_hand_dealt(room.db, "d1")
    table = station.get("/api/tables/d1").json()
    answer = station.post(
        "/api/tables/d1/events", json={"events": ["dispute after deal"], "after": table["last"]}
    )
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert (body["hand"], body["disputed"]) == (first, "showdown")
    assert [(r["number"], r["text"]) for r in body["recorded"]] == [(27, "dispute after deal")]
    assert [(r["event"], r["rule"]) for r in body["rulings"]] == [
        (27, "rrop.showdown.dispute.too-late")
    ]
    assert body["last"] == table["last"]  # the next post's after: the hand in progress's
    assert body["state"] == [
        f"table d1: seat 1 gives 6: the ruling on hand {first}'s pot (from the next hand)",
        f"table d1: seat 2 gets 6: the ruling on hand {first}'s pot (from the next hand)",
    ]
    now = station.get("/api/tables/d1").json()
    assert (now["hand"], [e["text"] for e in now["events"]]) == (table["hand"], ["deal"])
    closed = station.get(f"/api/tables/d1/hands/{first}").json()
    assert closed["events"][-1]["text"] == "dispute after deal"
    assert closed["events"][-1]["by"] == "station d1"
    again = station.post(
        "/api/tables/d1/events", json={"events": ["3 call"], "after": body["last"]}
    )
    assert again.status_code == 200, again.text


def test_a_dispute_before_the_next_hand_goes_to_the_hand_just_pushed(room: Room) -> None:
    station = room.table("d2")
    station.post("/api/tables/d2/events", json={"events": [WRONG_PUSH]})
    answer = station.post("/api/tables/d2/events", json={"events": ["dispute"]})
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert "disputed" not in body
    assert [r["rule"] for r in body["rulings"]] == ["rrop.showdown.dispute.in-time"]


def test_a_dispute_with_no_pot_pushed_at_the_table_is_a_clear_400(room: Room) -> None:
    station = room.table("d3")
    answer = station.post("/api/tables/d3/events", json={"events": ["dispute after deal"]})
    assert answer.status_code == 400
    assert answer.json() == {
        "error": 'event 1 "dispute after deal": a pot is disputed once it is pushed: the hand'
        " is not over"
    }


def test_the_station_form_shows_the_ruling_on_the_disputed_hand(room: Room) -> None:
    station = room.table("d4")
    first = station.get("/api/tables/d4").json()["hand"]
    next_hand_dealt(room.db, "d4")
    device = room.client()
    sign_in = {"station": room.stations["d4"], "csrf": login_csrf(device)}
    signed = device.post("/login", data=sign_in)
    assert signed.headers["location"] == "/station/d4", signed.text
    device.headers["cookie"] = f"floorman_session={cookie_value(signed, 'floorman_session')}"
    csrf = csrf_of(device.get("/station/d4").text)
    page = device.post("/station/d4", data={"text": "dispute after deal", "csrf": csrf})
    assert page.status_code == 200, page.text
    assert (
        f"hand {first} (closed, showdown): the dispute is recorded on the hand whose pot it is"
        in page.text
    )
    assert "rrop.showdown.dispute.too-late" in page.text
    assert "the result of the deal stands, the pot to seat 2" in page.text
    assert f"seat 2 gets 6: the ruling on hand {first}&#39;s pot (from the next hand)" in page.text
    closed = station.get(f"/api/tables/d4/hands/{first}").json()
    assert closed["events"][-1]["text"] == "dispute after deal"


def remote(*args: str) -> subprocess.CompletedProcess[str]:
    """``floorman add`` as a terminal with no store of its own runs it."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith("FLOORMAN_")}
    return subprocess.run(
        [sys.executable, "-m", "floorman", "add", *args],
        capture_output=True,
        text=True,
        check=False,
        env={**clean, "FLOORMAN_DB": os.devnull + "/none.db"},
    )


def test_add_through_the_server_prints_what_a_local_add_prints(room: Room, tmp_path: Path) -> None:
    room.table("d5")
    next_hand_dealt(room.db, "d5")
    token = room.stations["d5"]
    through = remote("--server", room.url, "--token", token, "-t", "d5", "dispute after deal")
    assert through.returncode == 0, through.stderr
    local_db = tmp_path / "local.db"
    new_table(local_db, "d5")
    next_hand_dealt(local_db, "d5")
    local = floorman(local_db, "add", "-t", "d5", "dispute after deal")
    assert local.returncode == 0, local.stderr
    hand = through.stdout.split()[1]
    expected = local.stdout.replace("hand 1 ", f"hand {hand} ").replace(
        "hand 1's", f"hand {hand}'s"
    )
    assert through.stdout == expected
    assert "the dispute is recorded on the hand whose pot it is" in through.stdout
    assert "[rrop.showdown.dispute.too-late]" in through.stdout
    assert f"seat 2 gets 6: the ruling on hand {hand}'s pot" in through.stdout
