"""The card room API, against a real uvicorn on loopback: a station records as
``floorman add`` does and reads the rulings in the ``check --json`` shapes."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from roomserver import PREMATURE_TURN, Room, Serve, floorman

from floorman.interchange.handfile import parse_hand
from floorman.replay import check_hand


@pytest.fixture(scope="module")
def room(room_server: Serve, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Room]:
    with room_server(tmp_path_factory.mktemp("room") / "room.db") as served:
        yield served


def test_a_station_records_a_premature_turn_and_gets_the_ruling_check_gives(room: Room) -> None:
    station = room.table("premature")
    answer = station.post("/api/tables/premature/events", json={"events": PREMATURE_TURN})
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert [r["text"] for r in body["recorded"]] == PREMATURE_TURN
    assert [r["number"] for r in body["recorded"]] == list(range(1, 13))
    header = {"button": 6, "seats": dict.fromkeys(range(1, 7), 100)}
    hand = parse_hand(json.dumps({**header, "events": PREMATURE_TURN}), "hand", json_text=True)
    expected = check_hand(hand).to_json()
    assert body["rulings"] == expected["rulings"]
    assert body["rulings"][0]["rule"] == "rrop.holdem.premature-turn"
    assert body["rulings"][0]["outcome"] == "continue"
    assert body["violations"] == expected["violations"] == []
    assert body["pots"] == expected["pots"]
    assert body["last"] == body["recorded"][-1]["id"]


def test_the_table_says_game_blinds_hand_street_pot_and_seat_to_act(room: Room) -> None:
    station = room.table("glance")
    station.post("/api/tables/glance/events", json={"events": ["deal", "3 raise 6"]})
    table = station.get("/api/tables/glance").json()
    assert table["table"] == "glance"
    assert (table["game"], table["betting"], table["blinds"]) == ("holdem", "no-limit", [1, 2])
    assert (table["street"], table["pot"], table["to_act"]) == ("preflop", 9, 4)
    assert table["status"][0].startswith("seat 4 to act (100 behind): fold, call 6, raise")
    assert [(e["number"], e["text"], e["by"]) for e in table["events"]] == [
        (1, "deal", "station glance"),
        (2, "3 raise 6", "station glance"),
    ]
    assert [b["label"] for b in table["buttons"]][:2] == ["fold", "call 6"]
    listed = room.signed_in().get("/api/tables").json()["tables"]
    assert "glance" in [t["table"] for t in listed]


def test_a_stale_writer_is_refused_with_the_current_state_and_nothing_stored(room: Room) -> None:
    station = room.table("stale")
    first = station.post("/api/tables/stale/events", json={"events": ["deal"], "after": 0})
    seen = first.json()["last"]
    station.post("/api/tables/stale/events", json={"events": ["3 call"], "after": seen})
    late = station.post("/api/tables/stale/events", json={"events": ["3 fold"], "after": seen})
    assert late.status_code == 409
    assert "changed" in late.json()["error"]
    current = late.json()["table"]
    assert [e["text"] for e in current["events"]] == ["deal", "3 call"]
    assert current["to_act"] == 4
    again = station.post(
        "/api/tables/stale/events", json={"events": ["4 fold"], "after": current["last"]}
    )
    assert again.status_code == 200


def test_a_retried_post_with_its_idempotency_key_is_stored_once(room: Room) -> None:
    station = room.table("retry")
    post = {"events": ["deal", "3 call"], "after": 0}
    first = station.post("/api/tables/retry/events", json=post, headers={"idempotency-key": "a1"})
    second = station.post("/api/tables/retry/events", json=post, headers={"idempotency-key": "a1"})
    assert first.status_code == second.status_code == 200
    assert second.json()["recorded"] == first.json()["recorded"]
    assert second.json()["replayed"] is True
    events = station.get("/api/tables/retry").json()["events"]
    assert [e["text"] for e in events] == ["deal", "3 call"]


def test_a_bad_event_is_one_line_and_nothing_is_stored(room: Room) -> None:
    station = room.table("bad")
    answer = station.post("/api/tables/bad/events", json={"events": ["deal", "9 call"]})
    assert answer.status_code == 400
    error = answer.json()["error"]
    assert "\n" not in error
    assert "9 call" in error
    assert station.get("/api/tables/bad").json()["events"] == []


@pytest.mark.parametrize(
    ("body", "says"),
    [
        (b"not json", "not JSON"),
        (b"[]", "the body"),
        (b'{"events": []}', "events"),
        (b'{"events": ["deal"], "after": -1}', "after"),
        (b'{"events": ["deal"], "extra": 1}', "extra"),
        (b'{"events": [3]}', "events.0"),
    ],
)
def test_a_malformed_body_is_a_clear_400(room: Room, body: bytes, says: str) -> None:
    answer = room.station("7").post(
        "/api/tables/7/events", content=body, headers={"content-type": "application/json"}
    )
    assert answer.status_code == 400
    assert says in answer.json()["error"]


def test_a_table_with_no_hand_in_progress_is_404(room: Room) -> None:
    client = room.signed_in()
    assert client.get("/api/tables/nowhere").status_code == 404
    posted = client.post(
        "/api/tables/nowhere/events",
        json={"events": ["deal"]},
        headers={"x-csrf-token": _csrf(client)},
    )
    assert posted.status_code == 404
    assert posted.json() == {"error": "table nowhere has no hand in progress"}


def _csrf(client: httpx.Client) -> str:
    from roomserver import csrf_of

    return csrf_of(client.get("/").text)


def test_a_floor_person_records_with_the_session_and_its_csrf_token(room: Room) -> None:
    room.table("floor-writes")
    client = room.signed_in()
    answer = client.post(
        "/api/tables/floor-writes/events",
        json={"events": ["deal"]},
        headers={"x-csrf-token": _csrf(client)},
    )
    assert answer.status_code == 200
    events = client.get("/api/tables/floor-writes").json()["events"]
    assert [(e["text"], e["by"]) for e in events] == [("deal", "floor")]


def test_events_recorded_at_a_terminal_are_seen_and_marked_as_such(room: Room) -> None:
    room.table("terminal")
    added = floorman(room.db, "add", "--table", "terminal", "deal", "3 call")
    assert added.returncode == 0, added.stderr
    events = room.station("terminal").get("/api/tables/terminal").json()["events"]
    assert [(e["text"], e["by"]) for e in events] == [("deal", "terminal"), ("3 call", "terminal")]


def test_the_stream_sends_a_table_when_a_terminal_records_to_it(room: Room) -> None:
    station = room.table("watched")
    with station.stream("GET", "/api/stream?view=station&table=watched") as stream:
        lines = stream.iter_lines()
        first = _next_table(lines)
        assert first["table"] == "watched"
        added = floorman(room.db, "add", "--table", "watched", "deal")
        assert added.returncode == 0, added.stderr
        second = _next_table(lines)
        assert second["last"] > first["last"]
        assert "Seat 3 to act" in second["html"]


def _next_table(lines: Iterator[str]) -> dict[str, object]:
    for line in lines:
        if line.startswith("data: "):
            data: dict[str, object] = json.loads(line.removeprefix("data: "))
            return data
    raise AssertionError("the stream ended")


def test_the_openapi_document_names_every_api_route_and_each_answers(room: Room) -> None:
    client = room.signed_in()
    document = client.get("/api/openapi.json").json()
    assert document["openapi"].startswith("3.")
    from floorman.server.app import create_app

    paths = {getattr(route, "path", "") for route in create_app(room.db).routes}
    routes = {path for path in paths if path.startswith("/api/")} - {"/api/openapi.json"}
    assert routes == set(document["paths"])
    hand = client.get("/api/tables/7").json()["hand"]
    csrf = {"x-csrf-token": _csrf(client)}
    run = client.post("/api/drill/runs", json={"topics": ["reading"], "count": 1}, headers=csrf)
    assert run.status_code == 201, run.text
    made = floorman(room.db, "tournament", "new", "daily", "--entrants", "12", "--seed", "7")
    assert made.returncode == 0, made.stderr
    for path, item in document["paths"].items():
        for method in item:
            if method == "parameters":
                continue
            url = path.replace("{table}", "7").replace("{hand}", str(hand))
            url = url.replace("{run}", str(run.json()["run"])).replace("{trainee}", "floor")
            url = url.replace("{tournament}", "daily")
            if path in ("/api/stream", "/api/stream/tournaments"):
                with client.stream(method.upper(), url) as answer:
                    assert answer.status_code == 200
                continue
            answer = client.request(method.upper(), url, json={"events": ["note api"]})
            assert answer.status_code not in (404, 405, 500), (method, path)


def test_the_incident_report_of_a_table_is_a_pdf(room: Room) -> None:
    station = room.table("report")
    station.post("/api/tables/report/events", json={"events": PREMATURE_TURN})
    floor = room.signed_in()
    answer = floor.get("/tables/report/report.pdf")
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "application/pdf"
    assert answer.content.startswith(b"%PDF")
    assert 'filename="table-report-hand-' in answer.headers["content-disposition"]


def test_the_report_of_a_hand_longer_than_a_report_prints_is_refused(room: Room) -> None:
    station = room.table("long")
    for start in range(0, 1_002, 334):
        notes = [f"note count {number}" for number in range(start, start + 334)]
        assert station.post("/api/tables/long/events", json={"events": notes}).is_success
    answer = room.signed_in().get("/tables/long/report.pdf")
    assert answer.status_code == 400
    assert "more than a report prints (1,000)" in answer.text


@pytest.mark.slow
def test_floorman_users_and_station_from_the_command_line(tmp_path: Path) -> None:
    db = tmp_path / "staff.db"
    short = floorman(db, "users", "add", "sam", "--role", "floor", stdin="short\n")
    assert (short.returncode, short.stderr) == (
        2,
        "floorman: a password has 8 to 1000 characters\n",
    )
    role = floorman(db, "users", "add", "sam", "--role", "boss", stdin="long enough\n")
    assert role.returncode == 2
    assert role.stderr == 'floorman: --role "boss": one of floor, trainer, trainee\n'
    added = floorman(db, "users", "add", "sam", "--role", "floor", stdin="long enough\n")
    assert added.returncode == 0
    twice = floorman(db, "users", "add", "SAM", "--role", "trainer", stdin="long enough\n")
    assert (twice.returncode, twice.stderr) == (2, "floorman: there is already a user SAM\n")
    assert floorman(db, "users", "disable", "sam").stdout == "disabled sam\n"
    listed = floorman(db, "users", "list").stdout
    assert listed.startswith("sam ")
    assert "floor" in listed
    assert "disabled" in listed
    missing = floorman(db, "users", "disable", "nobody")
    assert (missing.returncode, missing.stderr) == (2, "floorman: no user nobody\n")
    token = floorman(db, "station", "token", "7").stdout.strip()
    assert len(token) >= 30
    assert token not in db.read_bytes().decode("latin-1")
    assert "long enough" not in db.read_bytes().decode("latin-1")


def test_serve_refuses_bad_arguments_in_one_line(tmp_path: Path) -> None:
    half = floorman(tmp_path / "room.db", "serve", "--certfile", "room.crt")
    assert (half.returncode, half.stderr) == (2, "floorman: --certfile and --keyfile go together\n")
    folder = floorman(tmp_path, "serve")
    assert (folder.returncode, folder.stderr) == (
        2,
        f"floorman: {tmp_path}: a folder, not a store file\n",
    )


def test_a_tournament_table_says_so_and_its_rulings_cite_the_tournament_text(room: Room) -> None:
    made = floorman(room.db, "new", "-t", "event-12", "--button", "3",
                    "--seats", "1=100,2=100,3=100",
                    "--rulebook", "wsop-2024", "--kind", "tournament")  # fmt: skip
    assert made.returncode == 0, made.stderr
    client = room.signed_in()
    answer = client.post(
        "/api/tables/event-12/events",
        json={"events": ["deal", "3 raise 6", "1 fold", "2 fold", "burn", "flop Ah Kd 7c"]},
        headers={"x-csrf-token": _csrf(client)},
    )
    assert answer.status_code == 200, answer.text
    assert [(r["rule"], r["cite"]) for r in answer.json()["rulings"]] == [
        ("wsop-2024.rabbit-hunt", "WSOP T 81")
    ]
    assert client.get("/api/tables/event-12").json()["kind"] == "tournament"
    assert room.table("cash-7").get("/api/tables/cash-7").json()["kind"] == "cash"
