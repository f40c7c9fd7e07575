"""The OpenAPI document held to the server at stud and draw tables: every game a table
can be dealt (as ``floorman new --game`` names them) is a game the document declares, a
stud hand and a draw hand played through the API by the document's own examples are
taken, and every answer on the way, street by street, is as the document declares; each
event word the station offers in those hands is one the document names."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from roomserver import Room, Serve, floorman
from test_server_openapi import Schemas

from floorman.hand.records import STREETS
from floorman.hand.stud import STUD_STREETS
from floorman.server.openapi import DOCUMENT


@pytest.fixture(scope="module")
def served(room_server: Serve, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Room]:
    with room_server(tmp_path_factory.mktemp("room") / "room.db", tables=()) as room:
        yield room


def dealt_games(served: Room) -> list[str]:
    """The games ``floorman new`` deals, as its refusal of an unknown one lists them."""
    refused = floorman(served.db, "new", "-t", "Z", "--game", "nosuch", "--seats", "1=9,2=9")
    assert refused.returncode == 2
    said = re.search(r'--game "nosuch": (.+)', refused.stderr)
    assert said is not None, refused.stderr
    return [game.strip() for game in said.group(1).split(",")]


def opened(served: Room, table: str, game: str) -> httpx.Client:
    """A new table of ``game`` and its station."""
    stakes = ["--ante", "1", "--bring-in", "2", "--limits", "4/8"]
    if game in ("stud", "stud-hilo", "razz"):
        options = stakes
    else:
        options = ["--blinds", "1/2", "--button", "2"]
        if game not in ("holdem", "omaha", "omaha-hilo"):
            options += ["--betting", "limit"]
    made = floorman(served.db, "new", "-t", table, "--game", game, *options,
                    "--seats", "1=100,2=100")  # fmt: skip
    assert made.returncode == 0, made.stderr
    token = floorman(served.db, "station", "token", table)
    assert token.returncode == 0, token.stderr
    served.stations[table] = token.stdout.strip()
    return served.station(table)


def problems(
    client: httpx.Client, table: str, schemas: Schemas, route: str = "/api/tables/{table}"
) -> list[str]:
    """What the answer at ``route`` holds that the document's schema for it and its
    status does not declare."""
    answer = client.get(route.replace("{table}", table))
    responses = DOCUMENT["paths"][route]["get"]["responses"]
    status = str(answer.status_code)
    assert status in responses, (route, table, answer.text[:300])
    schema = responses[status]["content"]["application/json"]["schema"]
    return schemas.problems(answer.json(), schema, f"{route} {table} {status}")


def events_schema() -> dict[str, Any]:
    body = DOCUMENT["paths"]["/api/tables/{table}/events"]["post"]["requestBody"]
    schema: dict[str, Any] = body["content"]["application/json"]["schema"]
    return schema["properties"]["events"]


def _word(event: str) -> str:
    """The word an event starts with, past its seat: ``down``, ``draws``, ``stands pat``."""
    words = event.split()
    if words[0].isdigit():
        words = words[1:]
    return " ".join(words[:2]) if words[0] == "stands" else words[0]


def example(family: str) -> list[str]:
    """The document's example hand of a stud or draw game."""
    found = [
        events
        for events in events_schema()["examples"]
        if any(e.startswith("down ") for e in events) == (family == "stud")
        and any(" draws " in e or "stands pat" in e for e in events) == (family == "draw")
    ]
    assert len(found) == 1, events_schema()["examples"]
    return list(found[0])


def test_every_game_a_table_is_dealt_is_declared_and_its_table_answers_as_declared(
    served: Room,
) -> None:
    games = dealt_games(served)
    assert {"stud", "razz", "triple-draw-27", "badugi"} <= set(games)
    schemas = Schemas(DOCUMENT)
    found: list[str] = []
    for number, game in enumerate(games):
        client = opened(served, f"G{number}", game)
        for route in ("", "/state", "/hands"):
            found += problems(client, f"G{number}", schemas, "/api/tables/{table}" + route)
        declared = DOCUMENT["components"]["schemas"]["Table"]["properties"]["game"]["enum"]
        assert game in declared
    assert not found, "\n".join(found)


def test_a_stud_or_draw_tables_whole_state_is_refused_in_one_line(served: Room) -> None:
    for table, game in (("Rs", "razz"), ("Rd", "badugi")):
        answer = opened(served, table, game).get(f"/api/tables/{table}/state")
        assert answer.status_code == 400
        assert answer.json() == {
            "error": f"table {table} deals {game}: its hand is read at /api/tables/{table},"
            " its state here only for a flop game"
        }


@pytest.mark.parametrize(("family", "game"), [("stud", "stud"), ("draw", "triple-draw-27")])
def test_a_hand_posted_as_the_documents_example_is_taken_and_answered_as_declared(
    served: Room, family: str, game: str
) -> None:
    table = f"E{family}"
    station = opened(served, table, game)
    schemas = Schemas(DOCUMENT)
    posted = DOCUMENT["paths"]["/api/tables/{table}/events"]["post"]["responses"]["200"]
    recorded = posted["content"]["application/json"]["schema"]
    found, streets, offered = problems(station, table, schemas), set(), set()
    ids: list[int] = []
    for event in example(family):
        shown = station.get(f"/api/tables/{table}").json()
        streets.add(shown["street"])
        view = shown["station"] or {}
        offered |= {b["verb"] for b in view.get("actions", [])}
        dealer = view.get("dealer") or {}
        offered |= {_word(b["event"]) for b in dealer.get("buttons", [])}
        for _group, items in view.get("menu", []):
            offered |= {_word(event.replace("SEAT", "1")) for _label, event in items}
        answer = station.post(f"/api/tables/{table}/events", json={"events": [event]})
        assert answer.status_code == 200, (event, answer.text[:300])
        found += schemas.problems(answer.json(), recorded, f"post {event!r}")
        found += problems(station, table, schemas)
        ids += [r["id"] for r in answer.json()["recorded"]]
    shown = station.get(f"/api/tables/{table}").json()
    streets.add(shown["street"])
    assert shown["over"] == "showdown"
    events = shown["events"]
    assert [e["id"] for e in events] == ids  # each event its record, as posted
    assert {e["by"] for e in events} == {f"station {table}"}
    assert all(e["at"][:4].isdigit() and "T" in e["at"] for e in events)
    assert not found, "\n".join(found)
    declared = DOCUMENT["components"]["schemas"]["Table"]["properties"]["street"]["enum"]
    flop = set(STREETS) - {"showdown"}
    if family == "stud":
        assert streets == set(STUD_STREETS)
    else:  # the draw's phases: each declared, and none declared that the hand never gave
        assert streets == set(declared) - flop - set(STUD_STREETS)
    said = events_schema()["items"]["description"]
    missing = [word for word in sorted(offered) if word not in said]
    assert not missing, f"the station offers {missing}, which the document does not name"
