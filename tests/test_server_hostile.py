"""The server as a hostile user meets it, on a SQLite file and on PostgreSQL: NUL
characters (which PostgreSQL text refuses) and lone surrogates anywhere a request carries
text, table names no room would choose, and two writers posting against the same record
at once. Each is one clear 4xx line or a success, never a server error."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import httpx
import pytest
from roomserver import Room, Serve, csrf_of, login_csrf, new_table, room_on_either_store


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def room(
    room_server: Serve, request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Room]:
    with room_on_either_store(room_server, request, tmp_path_factory, ("7",)) as served:
        yield served


def _one_line(answer: httpx.Response, status: int) -> str:
    assert answer.status_code == status, answer.text
    error = json.loads(answer.text)["error"]
    assert isinstance(error, str)
    assert "\n" not in error
    return error


@pytest.mark.parametrize(
    "address",
    [
        "/api/tables/a%00b", "/api/tables/a%00b/hands", "/api/tables/7/hands/1%00",
        "/tables/a%00b", "/station/a%00b", "/tables/a%00b/card.pdf",
        "/api/stream?table=a%00b", "/api/ask?q=turn%00early", "/ask?q=%00",
    ],
)  # fmt: skip
def test_a_nul_anywhere_in_the_address_is_one_400(room: Room, address: str) -> None:
    floor = room.signed_in()
    assert _one_line(floor.get(address), 400) == "the address holds a NUL character"


def test_a_nul_in_a_form_or_a_post_is_one_400(room: Room) -> None:
    station = room.station("7")
    refused = station.post("/api/tables/a%00b/events", json={"events": ["deal"]})
    assert _one_line(refused, 400) == "the address holds a NUL character"
    refused = station.post("/api/tables/7/events", json={"events": ["note a\x00b"]})
    assert _one_line(refused, 400) == "events.1: holds a NUL character"
    signing = room.client()
    csrf = login_csrf(signing)
    for form in ({"name": "flo\x00or", "password": "long enough"}, {"station": "ab\x00c"}):
        answer = signing.post("/login", data={**form, "csrf": csrf})
        assert _one_line(answer, 400).endswith(": holds a NUL character")
    floor = room.signed_in()
    page = floor.get("/station/7")
    answer = floor.post("/station/7", data={"text": "note a\x00b", "csrf": csrf_of(page.text)})
    assert answer.status_code == 400
    assert "holds a NUL character" in answer.text


def test_a_lone_surrogate_in_an_event_is_one_400(room: Room) -> None:
    station = room.station("7")
    raw = b'{"events": ["note \\ud800 here"]}'
    answer = station.post(
        "/api/tables/7/events", content=raw, headers={"content-type": "application/json"}
    )
    assert _one_line(answer, 400) == "events.1: holds a lone surrogate (not UTF-8 text)"


@pytest.mark.parametrize("name", ["🂡 high", "t\u200bable", "\u202etable", "ß", "Ⅻ", "x" * 200])
def test_an_odd_table_name_is_kept_and_read_back_as_given(room: Room, name: str) -> None:
    new_table(room.db, name)
    floor = room.signed_in()
    posted = floor.post(
        f"/api/tables/{quote(name, safe='')}/events",
        json={"events": ["deal", "note 🂡 ünïcödé"]},
        headers={"x-csrf-token": _csrf(floor)},
    )
    assert posted.status_code == 200, posted.text
    read = floor.get(f"/api/tables/{quote(name, safe='')}").json()
    assert read["table"] == name
    assert [e["text"] for e in read["events"]] == ["deal", "note 🂡 ünïcödé"]


def _csrf(client: httpx.Client) -> str:
    return csrf_of(client.get("/station/7").text)


def _post_after(
    room: Room, tag: str, last: int, gate: threading.Barrier, answers: list[httpx.Response]
) -> None:
    """A floor client's note after record ``last``, sent once the other is ready too."""
    client = room.signed_in()
    csrf = _csrf(client)
    gate.wait()
    answers.append(
        client.post(
            "/api/tables/race/events",
            json={"events": [f"note {tag}"], "after": last},
            headers={"x-csrf-token": csrf},
        )
    )


def test_two_writers_posting_after_the_same_record_at_once_store_one(room: Room) -> None:
    new_table(room.db, "race")
    floor = room.signed_in()
    for round_ in range(5):
        last = floor.get("/api/tables/race").json()["last"]
        gate = threading.Barrier(2)
        answers: list[httpx.Response] = []

        both = [
            threading.Thread(target=_post_after, args=(room, f"{round_}{t}", last, gate, answers))
            for t in "ab"
        ]
        for thread in both:
            thread.start()
        for thread in both:
            thread.join()
        assert sorted(a.status_code for a in answers) == [200, 409], [a.text for a in answers]
        _one_line(next(a for a in answers if a.status_code == 409), 409)
    texts = [e["text"] for e in floor.get("/api/tables/race").json()["events"]]
    assert len(texts) == 5


def test_a_host_name_the_server_was_not_given_is_refused(room: Room) -> None:
    """A page on a rebinding name reaches the server only by a name it was not given."""
    port = room.url.rsplit(":", 1)[1]
    station = room.station("7")
    error = _one_line(station.get("/api/tables/7", headers={"host": f"evil.example:{port}"}), 421)
    assert "floorman serve --host-name evil.example" in error
    for host in (f"localhost:{port}", f"127.0.0.1:{port}", f"[::1]:{port}", f"10.1.2.3:{port}"):
        assert station.get("/api/tables/7", headers={"host": host}).status_code == 200


def test_a_form_from_another_origin_on_the_same_machine_is_refused(room: Room) -> None:
    """Cookies do not tell ports apart: a page on another port could post the sign-in
    form with the login cookie it set, or a floor user's form, but for its Origin."""
    client = room.client()
    csrf = login_csrf(client)
    other = room.url.rsplit(":", 1)[0] + ":1"
    form = {"name": "floor", "password": "felt-and-chips", "csrf": csrf}
    error = _one_line(client.post("/login", data=form, headers={"origin": other}), 403)
    assert error == "a form sent from another page's origin is refused"
    assert client.post("/login", data=form, headers={"origin": room.url}).status_code == 303
    floor = room.signed_in()
    page_csrf = csrf_of(floor.get("/").text)
    posted = floor.post(
        "/api/tables/7/events",
        json={"events": ["note from afar"]},
        headers={"x-csrf-token": page_csrf, "origin": "http://attacker.example"},
    )
    _one_line(posted, 403)


def test_plain_http_from_another_device_says_how_to_serve_https(room: Room) -> None:
    port = room.url.rsplit(":", 1)[1]
    tablet = room.client(host=f"192.168.1.20:{port}")
    page = tablet.get("/login")
    assert "served over plain HTTP" in page.text
    assert "--certfile" in page.text
    refused = tablet.post("/login", data={"name": "floor", "password": "x", "csrf": "none"})
    assert refused.status_code == 403
    assert "served over plain HTTP" in refused.text


def test_serve_warns_when_plain_http_listens_beyond_this_machine(tmp_path: Path) -> None:
    env = {**os.environ, "FLOORMAN_DB": str(tmp_path / "room.db")}
    argv = [sys.executable, "-m", "floorman", "serve", "--host", "0.0.0.0", "--port", "0"]
    process = subprocess.Popen(argv, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, env=env)
    try:
        assert process.stderr is not None
        line = process.stderr.readline().decode()
    finally:
        process.terminate()
        process.communicate(timeout=30)
    assert line.startswith("floorman: warning: plain HTTP on 0.0.0.0")
    assert "--certfile and --keyfile" in line
