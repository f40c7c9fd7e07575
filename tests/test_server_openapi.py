"""The OpenAPI document held to the server's real answers: every key of every answer is
declared in the schema the document gives for that route and status, every key it
requires is there, and each value is of the declared type. The room is made to give
every shape it can: hands in progress, over, closed, split with an odd chip, one that
stops replaying, one whose header cannot be read, changes between hands, drills."""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, get_args

import httpx
import pytest
from roomserver import PREMATURE_TURN, Room, csrf_of, floorman, running_room

from floorman.server.openapi import DOCUMENT

SPLIT_POT = [
    "deal", "3 fold", "4 fold", "5 fold", "6 call", "1 fold", "2 check",
    "burn", "flop Ah Kh Qh", "2 check", "6 check", "burn", "turn Jh", "2 check", "6 check",
    "burn", "river Th", "2 check", "6 check", "show 2 2c 3d", "show 6 4c 5d",
]  # fmt: skip
"""Both play the royal flush on the board: the pot of 5 is split, its odd chip to seat 2."""

TABLES = ("7", "8", "closed", "broken", "unread")


def run(db: str | Path, *args: str) -> None:
    done = floorman(db, *args)
    assert done.returncode == 0, (args, done.stderr)


def behind_floormans_back(db: str | Path, *statements: tuple[str, tuple[Any, ...]]) -> None:
    """Rows written as an older or newer floorman, or a stale writer, left them."""
    store = sqlite3.connect(db)
    for sql, values in statements:
        store.execute(sql, values)
    store.commit()
    store.close()


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Room]:
    folder = tmp_path_factory.mktemp("room")
    with running_room(folder / "room.db", tables=TABLES[:4]) as served:
        db = served.db
        run(db, "add", "-t", "7", *PREMATURE_TURN, "3 fold", "4 fold", "1 fold")
        run(db, "next", "-t", "7", "--sit", "8=200")
        run(db, "table", "sit", "-t", "7", "9", "150", "--name", "Ann", "--by", "ana")
        run(db, "table", "move", "-t", "7", "120", "--from", "12", "--name", "Bo")
        run(db, "table", "level", "-t", "7", "2/4", "--ante", "1")
        run(db, "add", "-t", "7", "deal", "3 raise 6")
        run(db, "add", "-t", "8", *SPLIT_POT)
        run(db, "add", "-t", "closed", "deal")
        run(db, "new", "-t", "closed", "--button", "1", "--seats", "1=50,2=50", "--force")
        run(db, "add", "-t", "broken", "deal", "3 raise 6")
        broken = max(_hand_ids(db, "broken"))
        header, created = _stored(db, broken)
        behind_floormans_back(
            db,
            ("INSERT INTO records (hand_id, kind, text, at) VALUES (?, 'event', ?, ?)",
             (broken, "1 raise 900", created)),
            ("INSERT INTO hands (table_name, header, created) VALUES ('unread', ?, ?)",
             (json.dumps({**json.loads(header), "game": "stud"}), created)),
        )  # fmt: skip
        unread = max(_hand_ids(db, "unread"))
        behind_floormans_back(
            db,
            ("INSERT INTO records (hand_id, kind, text, at) VALUES (?, 'close', 'abandoned', ?)",
             (unread, created)),
            ("INSERT INTO hands (table_name, header, created) VALUES ('unread', ?, ?)",
             (header, created)),
        )  # fmt: skip
        run(db, "new", "-t", "razz", "--game", "razz", "--ante", "1", "--bring-in", "2",
            "--limits", "4/8", "--seats", "1=50,2=50")  # fmt: skip
        run(db, "add", "-t", "razz", "down 1 ?? ??", "up 1 Kd", "down 2 ?? ??", "up 2 3c")
        run(db, "tournament", "new", "daily", "--entrants", "30", "--seed", "7")
        run(db, "tournament", "clock", "daily", "start")
        run(db, "tournament", "bust", "daily", "1", "2")
        run(db, "tournament", "bust", "daily", "1", "3")
        answers = folder / "answers.txt"
        answers.write_text("1\n2\n1\n3\n1\n2\n1\n1\n")
        run(db, "drill", "--trainee", "Alex", "--count", "8", "--seed", "3",
            "--answers", str(answers))  # fmt: skip
        yield served


def _stored(db: str | Path, hand: int) -> tuple[str, str]:
    store = sqlite3.connect(db)
    row = store.execute("SELECT header, created FROM hands WHERE id = ?", (hand,)).fetchone()
    store.close()
    return row[0], row[1]


def _hand_ids(db: str | Path, table: str) -> list[int]:
    store = sqlite3.connect(db)
    rows = store.execute("SELECT id FROM hands WHERE table_name = ?", (table,)).fetchall()
    store.close()
    return [row[0] for row in rows]


# -- a JSON Schema checker, for the little of JSON Schema the document uses ------------


@dataclass
class Schemas:
    """The document's schemas, to follow its ``$ref``s."""

    document: dict[str, Any]

    def resolved(self, schema: dict[str, Any]) -> dict[str, Any]:
        while "$ref" in schema:
            found: Any = self.document
            for part in schema["$ref"].removeprefix("#/").split("/"):
                found = found[part]
            schema = found
        if "allOf" in schema:
            parts = [self.resolved(part) for part in schema["allOf"]]
            schema = {
                "type": "object",
                "required": [key for part in parts for key in part.get("required", [])],
                "properties": {k: v for part in parts for k, v in part["properties"].items()},
            }
        return schema

    def problems(self, value: Any, schema: dict[str, Any], where: str = "") -> list[str]:
        """What in ``value`` the schema does not declare, requires and misses, or types
        otherwise; an object's key is declared by ``properties`` or a schema in
        ``additionalProperties``, nothing else."""
        schema = self.resolved(schema)
        if "oneOf" in schema:
            found = [self.problems(value, option, where) for option in schema["oneOf"]]
            fitting = sum(not problems for problems in found)
            if fitting == 1:
                return []
            return min(found, key=len) if not fitting else [f"{where}: fits {fitting} of oneOf"]
        if "const" in schema and value != schema["const"]:
            return [f"{where}: {value!r} is not {schema['const']!r}"]
        if "enum" in schema and value not in schema["enum"]:
            return [f"{where}: {value!r} is not one of {schema['enum']}"]
        kinds = schema.get("type")
        if kinds is not None:
            kinds = [kinds] if isinstance(kinds, str) else kinds
            if not any(_is(value, kind) for kind in kinds):
                return [f"{where}: {value!r} is not {' or '.join(kinds)}"]
        found = []
        pattern = schema.get("pattern")
        if isinstance(value, str) and pattern is not None and re.search(pattern, value) is None:
            found.append(f"{where}: {value!r} does not match {pattern}")
        if isinstance(value, dict):
            found += [f"{where}: {key!r} is missing" for key in schema.get("required", [])
                      if key not in value]  # fmt: skip
            declared = schema.get("properties", {})
            others = schema.get("additionalProperties")
            for key, item in value.items():
                if key in declared:
                    found += self.problems(item, declared[key], f"{where}.{key}")
                elif isinstance(others, dict):
                    found += self.problems(item, others, f"{where}.{key}")
                else:
                    found.append(f"{where}: {key!r} is not declared")
        if isinstance(value, list):
            if not schema.get("minItems", 0) <= len(value) <= schema.get("maxItems", len(value)):
                found.append(f"{where}: {len(value)} items")
            if "items" in schema:
                for index, item in enumerate(value):
                    found += self.problems(item, schema["items"], f"{where}[{index}]")
        return found


def _is(value: Any, kind: str) -> bool:
    if kind in ("integer", "number") and isinstance(value, bool):
        return False
    types = {"null": type(None), "boolean": bool, "integer": int, "number": (int, float),
             "string": str, "array": list, "object": dict}  # fmt: skip
    return isinstance(value, types[kind])


def test_the_checker_finds_a_key_undeclared_missing_or_mistyped() -> None:
    schemas = Schemas({"components": {"schemas": {"Seat": {
        "type": "object", "required": ["seat"],
        "properties": {"seat": {"type": "integer"}, "name": {"type": ["string", "null"]}},
    }}}})  # fmt: skip
    seat = {"$ref": "#/components/schemas/Seat"}
    table = {
        "type": "object",
        "properties": {
            "seats": {"type": "array", "items": seat},
            "stacks": {"type": "object", "additionalProperties": {"type": "integer"}},
            "either": {"oneOf": [seat, {"type": "null"}]},
            "both": {"allOf": [seat, {"type": "object", "properties": {"x": {"const": True}}}]},
        },
    }
    right = {"seats": [{"seat": 1, "name": None}], "stacks": {"1": 5}, "either": None,
             "both": {"seat": 2, "x": True}}  # fmt: skip
    assert schemas.problems(right, table) == []
    wrong = {"seats": [{"name": "Ann", "hat": 1}], "stacks": {"1": "5"}, "either": 3,
             "both": {"seat": True, "y": 1}, "extra": []}  # fmt: skip
    assert schemas.problems(wrong, table) == [
        ".seats[0]: 'seat' is missing",
        ".seats[0]: 'hat' is not declared",
        ".stacks.1: '5' is not integer",
        ".either: 3 is not object",
        ".both.seat: True is not integer",
        ".both: 'y' is not declared",
        ": 'extra' is not declared",
    ]


# -- the server's answers ---------------------------------------------------------------


@dataclass
class Answers:
    """Every answer asked for, under the route and method the document names it by."""

    got: list[tuple[str, str, httpx.Response]] = field(default_factory=list)

    def ask(self, client: httpx.Client, method: str, route: str, **kwargs: Any) -> httpx.Response:
        path = route
        for name, value in kwargs.pop("path", {}).items():
            path = path.replace(f"{{{name}}}", str(value))
        answer = client.request(method, path, **kwargs)
        self.got.append((method.lower(), route, answer))
        return answer


@pytest.fixture(scope="module")
def answers(room: Room) -> Answers:
    """The room asked everything the document says it answers: each route as it
    succeeds, and as it refuses for each reason the document gives."""
    asked = Answers()
    floor, station, coach = room.signed_in(), room.station("7"), room.signed_in("coach")
    tables, seven, eight = "/api/tables/{table}", {"table": "7"}, {"table": "8"}
    asked.ask(floor, "GET", "/api/tables")
    asked.ask(station, "GET", "/api/tables")
    for table in TABLES:
        asked.ask(floor, "GET", tables, path={"table": table})
        history = asked.ask(floor, "GET", f"{tables}/hands", path={"table": table}).json()
        for hand in history["hands"]:
            if hand["status"] != "broken":
                asked.ask(floor, "GET", f"{tables}/hands/{{hand}}",
                          path={"table": table, "hand": hand["hand"]})  # fmt: skip
    for route in (tables, f"{tables}/hands"):
        asked.ask(floor, "GET", route, path={"table": "nowhere"})
        asked.ask(station, "GET", route, path=eight)
    asked.ask(floor, "GET", f"{tables}/hands/{{hand}}", path={"table": "8", "hand": 1})
    asked.ask(station, "GET", f"{tables}/hands/{{hand}}", path={"table": "8", "hand": 1})

    events = f"{tables}/events"
    posted = asked.ask(station, "POST", events, path=seven, json={"events": ["4 call"]})
    key = {"idempotency-key": "once"}
    for _ in range(2):
        asked.ask(station, "POST", events, path=seven, json={"events": ["5 fold"]}, headers=key)
    stale = {"events": ["6 fold"], "after": posted.json()["last"]}
    asked.ask(station, "POST", events, path=seven, json=stale)
    asked.ask(station, "POST", events, path=seven, json={"events": ["9 call"]})
    asked.ask(station, "POST", events, path=seven, content=b"x" * (1024 * 1024 + 1),
              headers={"content-type": "application/json"})  # fmt: skip
    asked.ask(station, "POST", events, path=eight, json={"events": ["deal"]})
    asked.ask(coach, "POST", events, path=seven, json={"events": ["deal"]})
    csrf = {"x-csrf-token": csrf_of(floor.get("/").text)}
    asked.ask(floor, "POST", events, path={"table": "nowhere"}, json={"events": ["deal"]},
              headers=csrf)  # fmt: skip

    state = f"{tables}/state"
    for table in TABLES:
        asked.ask(floor, "GET", state, path={"table": table})
    asked.ask(floor, "GET", state, path={"table": "nowhere"})
    asked.ask(floor, "GET", state, path={"table": "razz"})
    asked.ask(floor, "GET", tables, path={"table": "razz"})
    asked.ask(station, "GET", state, path=eight)
    big = {"content": b"x" * (1024 * 1024 + 1), "headers": {"content-type": "application/json"}}
    writes = {
        "undo": ({}, {"after": "x"}),
        "next": ({"force": False}, {"bomb_pot": 0}),
        "changes": ({"kind": "rebuy", "seat": 1, "chips": 50}, {"kind": "leave", "seat": 42}),
    }
    for word, (body, refused) in writes.items():
        route = f"{tables}/{word}"
        asked.ask(station, "POST", route, path=seven, json={**body, "after": 1})
        asked.ask(station, "POST", route, path=seven, json=refused)
        asked.ask(station, "POST", route, path=seven, **big)
        asked.ask(coach, "POST", route, path=seven, json=body)
        asked.ask(floor, "POST", route, path={"table": "nowhere"}, json=body, headers=csrf)
    for _ in range(2):
        key = {"idempotency-key": "undo-once"}
        asked.ask(station, "POST", f"{tables}/undo", path=seven, json={}, headers=key)
        key = {"idempotency-key": "change-once"}
        asked.ask(station, "POST", f"{tables}/changes", path=seven, json=writes["changes"][0],
                  headers=key)  # fmt: skip
    asked.ask(station, "POST", f"{tables}/next", path=seven, json={})
    next_key = {"idempotency-key": "next-once", **csrf}
    for _ in range(2):
        asked.ask(floor, "POST", f"{tables}/next", path=eight, json={}, headers=next_key)
    asked.ask(floor, "GET", state, path=eight)

    for query in ({"q": "misdeal"}, {"q": "turn came early", "rulebook": "every"}, {"q": ""},
                  {"q": "misdeal", "rulebook": "nope"}):  # fmt: skip
        asked.ask(floor, "GET", "/api/ask", params=query)
    asked.ask(coach, "GET", "/api/drills")
    asked.ask(station, "GET", "/api/drills")
    asked.ask(floor, "GET", "/api/stream", params={"view": "felt"})
    asked.ask(station, "GET", "/api/stream", params=eight)
    _ask_the_drills(asked, floor, coach, station, csrf)
    asked.ask(floor, "GET", "/api/tournaments")
    named = "/api/tournaments/{tournament}"
    for who, name in ((floor, "DAILY"), (floor, "nope"), (station, "daily")):
        asked.ask(who, "GET", named, path={"tournament": name})
    for who, query in ((floor, {"view": "felt"}), (floor, {"tournament": "nope"}),
                       (station, {"tournament": "daily"})):  # fmt: skip
        asked.ask(who, "GET", "/api/stream/tournaments", params=query)
    nobody = room.client(authorization="Bearer nobody")
    for route, item in DOCUMENT["paths"].items():
        for method in set(item) - {"parameters"}:
            path = dict.fromkeys(("table", "hand"), 1)
            asked.ask(nobody, method.upper(), route, path=path, json={"events": ["deal"]})
    return asked


def _ask_the_drills(
    asked: Answers,
    floor: httpx.Client,
    coach: httpx.Client,
    station: httpx.Client,
    csrf: dict[str, str],
) -> None:
    """Drills in the browser: each route as it succeeds and as it refuses."""
    asked.ask(floor, "GET", "/api/drill/topics")
    runs, run = "/api/drill/runs", "/api/drill/runs/{run}"
    made = asked.ask(floor, "POST", runs, json={"topics": ["reading"], "count": 2}, headers=csrf)
    number = {"run": made.json()["run"]}
    asked.ask(floor, "POST", runs, json={"count": 99}, headers=csrf)
    asked.ask(floor, "POST", runs, json={"assignment": 999999}, headers=csrf)
    asked.ask(floor, "GET", run, path=number)
    asked.ask(floor, "GET", run, path={"run": 999999})
    answers = f"{run}/answers"
    asked.ask(floor, "POST", answers, path=number, json={"number": 1, "choice": 1}, headers=csrf)
    asked.ask(floor, "POST", answers, path=number, json={"number": 1, "choice": 1}, headers=csrf)
    asked.ask(floor, "POST", answers, path=number, json={"number": 2, "choice": 99},
              headers=csrf)  # fmt: skip
    asked.ask(floor, "POST", answers, path=number, json={"number": 9, "choice": 1},
              headers=csrf)  # fmt: skip
    asked.ask(floor, "GET", run, path=number)
    trainees, trainee = "/api/drill/trainees", "/api/drill/trainees/{trainee}"
    asked.ask(coach, "GET", trainees)
    asked.ask(coach, "GET", trainee, path={"trainee": "floor"})
    given = f"{trainee}/assignments"
    coach_csrf = {"x-csrf-token": csrf_of(coach.get("/drill").text)}
    asked.ask(coach, "POST", given, path={"trainee": "floor"},
              json={"topics": ["splits"], "count": 3}, headers=coach_csrf)  # fmt: skip
    asked.ask(coach, "POST", given, path={"trainee": "floor"}, json={"topics": ["poker"]},
              headers=coach_csrf)  # fmt: skip
    asked.ask(floor, "GET", trainee, path={"trainee": "floor"})
    for method, route in (("GET", "/api/drill/topics"), ("POST", runs), ("GET", run),
                          ("POST", answers), ("GET", trainees), ("GET", trainee),
                          ("POST", given)):  # fmt: skip
        asked.ask(station, method, route, path={"run": 1, "trainee": "floor"}, json={})


def test_every_answer_is_declared_by_the_document_for_its_route_and_status(
    room: Room, answers: Answers
) -> None:
    document = room.signed_in().get("/api/openapi.json").json()
    assert document == DOCUMENT
    schemas = Schemas(document)
    found = []
    for method, route, answer in answers.got:
        responses = document["paths"][route][method]["responses"]
        status = str(answer.status_code)
        assert status in responses, f"{method} {route} answered {status}: {answer.text[:200]}"
        schema = responses[status]["content"]["application/json"]["schema"]
        found += schemas.problems(answer.json(), schema, f"{method} {route} {status}")
    assert not found, "\n".join(found)


def test_every_answer_the_document_gives_is_seen(answers: Answers) -> None:
    documented = {
        (method, route, status)
        for route, item in DOCUMENT["paths"].items()
        for method, operation in item.items()
        if method != "parameters"
        for status, response in operation["responses"].items()
        if "application/json" in response.get("content", {}) and status != "503"
    }
    seen = {(method, route, str(answer.status_code)) for method, route, answer in answers.got}
    assert not documented - seen, f"never asked for: {sorted(documented - seen)}"


def _first_events(client: httpx.Client, url: str, count: int) -> list[Any]:
    found: list[Any] = []
    with client.stream("GET", url) as stream:
        assert stream.status_code == 200
        for line in stream.iter_lines():
            if line.startswith("data: "):
                found.append(json.loads(line.removeprefix("data: ")))
                if len(found) == count:
                    break
    return found


def test_the_streams_table_events_are_as_the_document_declares(room: Room) -> None:
    floor = room.signed_in()
    schemas = Schemas(DOCUMENT)
    event = {"$ref": "#/components/schemas/TableEvent"}
    stream = DOCUMENT["paths"]["/api/stream"]["get"]
    view, table = stream["parameters"]
    assert (view["name"], table["name"]) == ("view", "table")
    shown = [t["table"] for t in floor.get("/api/tables").json()["tables"]]
    found = []
    for drawn in view["schema"]["enum"]:
        sent = _first_events(floor, f"/api/stream?view={drawn}", len(shown))
        assert sorted(data["table"] for data in sent) == sorted(shown)
        for data in sent:
            found += schemas.problems(data, event, f"{drawn} {data['table']}")
    (followed,) = _first_events(floor, "/api/stream?table=8", 1)
    (own,) = _first_events(room.station("7"), "/api/stream?view=station", 1)
    assert (followed["table"], own["table"]) == ("8", "7")
    found += schemas.problems(followed, event) + schemas.problems(own, event)
    assert not found, "\n".join(found)


def test_the_tournament_streams_events_are_as_the_document_declares(room: Room) -> None:
    floor = room.signed_in()
    schemas = Schemas(DOCUMENT)
    event = {"$ref": "#/components/schemas/TournamentEvent"}
    found = []
    for view in ("card", "clock", "station"):
        (sent,) = _first_events(floor, f"/api/stream/tournaments?view={view}&table=daily-2", 1)
        assert sent["tournament"] == "daily"
        found += schemas.problems(sent, event, view)
    assert not found, "\n".join(found)


def test_the_documents_lists_of_words_are_the_codes() -> None:
    from floorman.hand.records import STREETS
    from floorman.hand.rotation import FLOP_GAMES, GAMES
    from floorman.hand.structures import STRUCTURES
    from floorman.hand.stud import STUD_STREETS
    from floorman.server.openapi import DOCUMENT
    from floorman.session.seating import CHANGE_KINDS, Buys, Status

    schemas = DOCUMENT["components"]["schemas"]
    table = schemas["Table"]["properties"]
    assert table["game"]["enum"] == list(GAMES)
    assert table["betting"]["enum"] == list(STRUCTURES)
    assert table["street"]["enum"][: len(STREETS) + len(STUD_STREETS) - 1] == list(
        dict.fromkeys([*STREETS, *STUD_STREETS])
    )
    assert schemas["State"]["properties"]["game"]["enum"] == list(FLOP_GAMES)
    assert schemas["Change"]["properties"]["kind"]["enum"] == list(CHANGE_KINDS)
    shown = schemas["State"]["properties"]["table_show"]["properties"]
    player = shown["next_hand"]["properties"]["players"]["additionalProperties"]
    assert player["properties"]["status"]["enum"] == list(get_args(Status))
    assert player["properties"]["buys"]["enum"] == list(get_args(Buys))
    assert schemas["State"]["properties"]["street"]["enum"] == list(STREETS)
