"""The card room server on either store, against a real uvicorn on loopback: stations and a
terminal writing to one table in turn, a revoked station refused, a changed password."""

from __future__ import annotations

import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from roomserver import (
    PASSWORD,
    SEATS,
    Room,
    Serve,
    cookie_value,
    floorman,
    login_csrf,
    room_on_either_store,
)

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def room(
    room_server: Serve, request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Room]:
    with room_on_either_store(room_server, request, tmp_path_factory) as served:
        yield served


def _post_notes(station: httpx.Client, table: str, tag: str, count: int, kept: list[str]) -> None:
    """Post ``count`` notes one at a time, each against the table as last seen, looking
    again after a refusal; ``kept`` gets each note once it is acknowledged."""
    last = station.get(f"/api/tables/{table}").json()["last"]
    for number in range(count):
        text = f"note {tag} {number}"
        while True:
            answer = station.post(
                f"/api/tables/{table}/events",
                json={"events": [text], "after": last},
                headers={"idempotency-key": f"{tag}-{number}"},
            )
            if answer.status_code == 200:
                last = answer.json()["last"]
                kept.append(text)
                break
            assert answer.status_code == 409, answer.text
            last = answer.json()["table"]["last"]


def test_two_stations_and_a_terminal_at_one_table_lose_and_reorder_nothing(room: Room) -> None:
    first = room.table("busy")
    made = floorman(room.db, "station", "token", "busy")
    second = room.client(authorization=f"Bearer {made.stdout.strip()}")
    acknowledged: dict[str, list[str]] = {"a": [], "b": []}
    stations = [
        threading.Thread(target=_post_notes, args=(client, "busy", tag, 15, acknowledged[tag]))
        for client, tag in ((first, "a"), (second, "b"))
    ]
    for station in stations:
        station.start()
    terminal = [f"note t {number}" for number in range(5)]
    for text in terminal:
        while True:  # a dealer told the table changed meanwhile types it again
            added = floorman(room.db, "add", "--table", "busy", text)
            if added.returncode == 0:
                break
            assert "changed while this was typed" in added.stderr, added.stderr
    for station in stations:
        station.join()
    events = [e["text"] for e in first.get("/api/tables/busy").json()["events"]]
    assert len(events) == 35
    assert [e for e in events if e.startswith("note a ")] == acknowledged["a"]
    assert [e for e in events if e.startswith("note b ")] == acknowledged["b"]
    assert [e for e in events if e.startswith("note t ")] == terminal
    assert acknowledged["a"] == [f"note a {n}" for n in range(15)]


def _station_sign_in(room: Room, token: str) -> httpx.Response:
    client = room.client()
    csrf = login_csrf(client)
    return client.post("/login", data={"station": token, "csrf": csrf})


def test_a_revoked_station_is_refused_on_the_api_and_at_sign_in(room: Room) -> None:
    station = room.table("gone")
    token = room.stations["gone"]
    signed = _station_sign_in(room, token)
    assert signed.headers["location"] == "/station/gone"
    page = room.client(cookie=f"floorman_session={cookie_value(signed, 'floorman_session')}")
    assert station.post("/api/tables/gone/events", json={"events": ["deal"]}).status_code == 200
    revoked = floorman(room.db, "station", "revoke", "gone")
    assert (revoked.returncode, revoked.stdout) == (0, "revoked 1 station token of table gone\n")
    assert station.post("/api/tables/gone/events", json={"events": ["note x"]}).status_code == 401
    assert station.get("/api/tables/gone").status_code == 401
    assert page.get("/station/gone").status_code in (303, 401)
    assert _station_sign_in(room, token).headers["location"] == "/login?message=bad"
    fresh = floorman(room.db, "station", "token", "gone").stdout.strip()
    assert room.client(authorization=f"Bearer {fresh}").get("/api/tables/gone").status_code == 200


def test_a_changed_password_ends_the_sessions_and_only_the_new_one_signs_in(room: Room) -> None:
    added = floorman(room.db, "users", "add", "pat", "--role", "floor", stdin=PASSWORD + "\n")
    assert added.returncode == 0, added.stderr
    before = room.signed_in("pat")
    assert before.get("/api/tables").status_code == 200
    changed = floorman(
        room.db, "users", "passwd", "pat", "--password-stdin", stdin="a new long one\n"
    )
    assert (changed.returncode, changed.stderr) == (0, "")
    assert before.get("/api/tables").status_code == 401
    client = room.client()
    csrf = login_csrf(client)
    old = client.post("/login", data={"name": "pat", "password": PASSWORD, "csrf": csrf})
    assert old.headers["location"] == "/login?message=bad"
    assert room.signed_in("pat", "a new long one").get("/api/tables").status_code == 200


def test_the_staff_commands_refuse_in_one_line(room: Room) -> None:
    nobody = floorman(room.db, "users", "passwd", "nobody", stdin="long enough\n")
    assert (nobody.returncode, nobody.stderr) == (2, "floorman: no user nobody\n")
    short = floorman(room.db, "users", "passwd", "floor", stdin="short\n")
    assert (short.returncode, short.stderr) == (
        2,
        "floorman: a password has 8 to 1000 characters\n",
    )
    none = floorman(room.db, "station", "revoke", "no-such-table")
    assert (none.returncode, none.stdout) == (
        0,
        "revoked 0 station tokens of table no-such-table\n",
    )
    help_text = subprocess.run(
        [sys.executable, "-m", "floorman", "users", "passwd", "--help"],
        capture_output=True, text=True, check=True, cwd=ROOT,
    ).stdout  # fmt: skip
    assert "--password-stdin" in help_text


def test_a_post_dying_inside_its_transaction_leaves_nothing_and_its_retry_is_stored_once(
    store_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from floorman.server import room as rooms
    from floorman.store.hands import open_store
    from floorman.store.staff import open_staff

    made = floorman(store_url, "new", "--table", "7", "--button", "6", "--seats", SEATS)
    assert made.returncode == 0, made.stderr
    served = rooms.Room(store_url)
    body = rooms._body

    def dies(*args: object) -> object:
        raise KeyboardInterrupt  # the process stopped with the events inserted, not committed

    monkeypatch.setattr(rooms, "_body", dies)
    with pytest.raises(KeyboardInterrupt):
        served.record("7", ["deal", "3 call"], after=0, who="station:7", key="t7-1")
    with open_store(store_url) as store, open_staff(store_url) as staff:
        hand = store.open_hand("7")
        assert hand is not None
        assert store.records(hand.id) == []
        assert staff.answered("station:7", "t7-1") is None
    monkeypatch.setattr(rooms, "_body", body)
    first = served.record("7", ["deal", "3 call"], after=0, who="station:7", key="t7-1")
    again = served.record("7", ["deal", "3 call"], after=0, who="station:7", key="t7-1")
    assert (first.status, again.status) == (200, 200)
    assert again.body == {**first.body, "replayed": True}
    with open_store(store_url) as store, open_staff(store_url) as staff:
        events = store.events(hand.id)
        assert [r.text for r in events] == ["deal", "3 call"]
        assert staff.authors(r.id for r in events) == {r.id: "station:7" for r in events}
