"""The table's controls over the API and the station's forms, against a real uvicorn on
loopback: an event taken back, the next hand dealt, the changes between hands, and the
table's whole state; each write idempotent by its key, refused when stale, and refused
to a caller who may not write."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from roomserver import PREMATURE_TURN, Room, Serve, csrf_of, floorman

TO_THE_TURN = [
    "deal", "3 call", "4 call", "5 fold", "6 fold", "1 call", "2 check",
    "burn", "flop Ah Kd 7c", "1 check", "2 check", "3 check", "4 check", "burn",
]  # fmt: skip
"""A hand that waits for the turn card."""
FOLDED_ROUND = ["deal", "3 fold", "4 fold", "5 fold", "6 fold", "1 fold"]
"""A hand over before the flop: the big blind wins."""


@pytest.fixture(scope="module")
def room(room_server: Serve, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Room]:
    with room_server(tmp_path_factory.mktemp("room") / "room.db") as served:
        yield served


def record(station: httpx.Client, table: str, *events: str) -> dict[str, object]:
    answer = station.post(f"/api/tables/{table}/events", json={"events": list(events)})
    assert answer.status_code == 200, answer.text
    body: dict[str, object] = answer.json()
    return body


def events_of(client: httpx.Client, table: str) -> list[str]:
    return [e["text"] for e in client.get(f"/api/tables/{table}").json()["events"]]


def records(db: str | Path, kind: str) -> int:
    store = sqlite3.connect(db)
    (count,) = store.execute("SELECT COUNT(*) FROM records WHERE kind = ?", (kind,)).fetchone()
    store.close()
    return int(count)


# undo ---------------------------------------------------------------------------------


def test_a_mistyped_turn_is_taken_back_and_the_right_card_recorded(room: Room) -> None:
    station = room.table("mistyped")
    record(station, "mistyped", *TO_THE_TURN, "turn 9s")
    last = station.get("/api/tables/mistyped/state").json()["last"]
    undone = station.post("/api/tables/mistyped/undo", json={"after": last})
    assert undone.status_code == 200, undone.text
    body = undone.json()
    assert body["undone"] == {"number": len(TO_THE_TURN) + 1, "text": "turn 9s"}
    assert body["state"][0].startswith("deal the turn") or "turn" in " ".join(body["state"])
    recorded = station.post(
        "/api/tables/mistyped/events", json={"events": ["turn Qs"], "after": body["last"]}
    )
    assert recorded.status_code == 200, recorded.text
    assert events_of(station, "mistyped") == [*TO_THE_TURN, "turn Qs"]
    log = floorman(room.db, "log", "-t", "mistyped")
    assert '"turn 9s"' not in log.stdout
    assert "turn 9s  (undone)" in log.stdout
    assert "undo: turn 9s" in log.stdout


def test_an_undo_retried_with_its_key_takes_back_one_event_once(room: Room) -> None:
    station = room.table("undo-once")
    record(station, "undo-once", "deal", "3 call", "4 call")
    key = {"idempotency-key": "undo-4-call"}
    first = station.post("/api/tables/undo-once/undo", json={}, headers=key)
    again = station.post("/api/tables/undo-once/undo", json={}, headers=key)
    assert first.status_code == again.status_code == 200
    assert again.json() == {**first.json(), "replayed": True}
    assert first.json()["undone"]["text"] == "4 call"
    assert events_of(station, "undo-once") == ["deal", "3 call"]


def test_a_stale_undo_is_refused_with_the_table_and_takes_nothing_back(room: Room) -> None:
    station = room.table("undo-stale")
    seen = record(station, "undo-stale", "deal")["last"]
    record(station, "undo-stale", "3 call")
    answer = station.post("/api/tables/undo-stale/undo", json={"after": seen})
    assert answer.status_code == 409
    assert "nothing was done" in answer.json()["error"]
    assert answer.json()["table"]["events"][-1]["text"] == "3 call"
    assert events_of(station, "undo-stale") == ["deal", "3 call"]


def test_an_undo_with_nothing_to_take_back_is_a_clear_400(room: Room) -> None:
    station = room.table("undo-empty")
    answer = station.post("/api/tables/undo-empty/undo")
    assert answer.status_code == 400
    assert answer.json()["error"].endswith("has no event to undo")


def test_only_a_writer_of_the_table_may_undo_deal_or_change(room: Room) -> None:
    station = room.table("guarded")
    record(station, "guarded", "deal")
    other = room.table("guarded-other")
    coach = room.signed_in("coach")
    nobody = room.client(authorization="Bearer nobody")
    for route, body in (
        ("undo", {}),
        ("next", {"force": True}),
        ("changes", {"kind": "sit", "seat": 8, "chips": 100}),
    ):
        path = f"/api/tables/guarded/{route}"
        assert nobody.post(path, json=body).status_code == 401
        refused = other.post(path, json=body)
        assert refused.status_code == 403
        assert refused.json()["error"] == (
            "station guarded-other may write only to table guarded-other"
        )
        assert coach.post(path, json=body).status_code == 403
        floor = room.signed_in()
        assert floor.post(path, json=body).status_code == 403  # no CSRF token
    assert events_of(station, "guarded") == ["deal"]
    floor = room.signed_in()
    csrf = {"x-csrf-token": csrf_of(floor.get("/").text)}
    assert floor.post("/api/tables/guarded/undo", headers=csrf).status_code == 200
    assert events_of(station, "guarded") == []


# next hand ----------------------------------------------------------------------------


def test_the_next_hand_is_dealt_once_for_its_key(room: Room) -> None:
    station = room.table("dealer", button=6)
    last = record(station, "dealer", *FOLDED_ROUND)["last"]
    key = {"idempotency-key": "next-1"}
    first = station.post("/api/tables/dealer/next", json={"after": last}, headers=key)
    assert first.status_code == 200, first.text
    again = station.post("/api/tables/dealer/next", json={"after": last}, headers=key)
    assert again.json() == {**first.json(), "replayed": True}
    body = first.json()
    assert body["lines"][0].startswith(f"hand {body['hand']} at table dealer")
    table = station.get("/api/tables/dealer").json()
    assert (table["hand"], table["button"], table["last"]) == (body["hand"], 1, body["last"])
    assert table["closed"] is None
    assert table["events"] == []
    hands = station.get("/api/tables/dealer/hands").json()["hands"]
    assert len(hands) == 2


def test_an_unfinished_hand_is_dealt_over_only_with_force(room: Room) -> None:
    station = room.table("unfinished")
    last = record(station, "unfinished", "deal", "3 call")["last"]
    refused = station.post("/api/tables/unfinished/next", json={"after": last})
    assert refused.status_code == 400
    assert "still in progress" in refused.json()["error"]
    stale = station.post("/api/tables/unfinished/next", json={"after": 1, "force": True})
    assert stale.status_code == 409
    forced = station.post("/api/tables/unfinished/next", json={"after": last, "force": True})
    assert forced.status_code == 200, forced.text
    hands = station.get("/api/tables/unfinished/hands").json()["hands"]
    assert [h["reason"] for h in hands][1] == "abandoned"


def test_a_bomb_pot_and_players_sitting_down_come_with_the_next_hand(room: Room) -> None:
    station = room.table("bomb")
    record(station, "bomb", *FOLDED_ROUND)
    body = {"bomb_pot": 5, "sit": {"8": 200}, "leave": [4]}
    answer = station.post("/api/tables/bomb/next", json=body)
    assert answer.status_code == 200, answer.text
    state = station.get("/api/tables/bomb/state").json()
    assert "8" in state["seats"]
    assert "4" not in state["seats"]
    assert all(seat["in_pot"] >= 5 for seat in state["seats"].values())
    assert state["street"] == "preflop"
    assert state["pot"] >= 5 * len(state["seats"])
    bad = station.post("/api/tables/bomb/next", json={"sit": {"x": 5}})
    assert bad.status_code == 400
    assert bad.json()["error"].startswith("sit.x:")


# changes between hands ----------------------------------------------------------------


def test_a_player_sits_down_between_hands_once_for_its_key(room: Room) -> None:
    station = room.table("sitting")
    last = record(station, "sitting", *FOLDED_ROUND)["last"]
    change = {"kind": "sit", "seat": 8, "chips": 200, "name": "Dana", "after": last}
    key = {"idempotency-key": "dana"}
    first = station.post("/api/tables/sitting/changes", json=change, headers=key)
    assert first.status_code == 200, first.text
    assert first.json()["said"].startswith("table sitting: seat 8 (Dana) sits down with 200")
    assert first.json()["change"] == {"kind": "sit", "seat": 8, "name": "Dana", "chips": 200}
    again = station.post("/api/tables/sitting/changes", json=change, headers=key)
    assert again.json() == {**first.json(), "replayed": True}
    pending = station.get("/api/tables/sitting/hands").json()["next_hand_changes"]
    assert len(pending) == 1
    assert pending[0]["by"] == "station:sitting"
    taken = station.post("/api/tables/sitting/changes", json={**change, "name": "Eve"})
    assert taken.status_code == 400
    stale = station.post("/api/tables/sitting/changes", json={**change, "after": 1, "seat": 9})
    assert stale.status_code == 409
    players = station.get("/api/tables/sitting/state").json()["table_show"]["next_hand"]
    assert players["players"]["8"]["name"] == "Dana"
    assert "9" not in players["players"]


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"kind": "sit", "seat": 8}, "chips: sit needs it"),
        ({"kind": "level"}, "blinds: level needs it"),
        ({"kind": "hop", "seat": 1}, "kind:"),
        ({"kind": "leave", "seat": 0}, "seat:"),
        ({"kind": "leave", "seat": 5, "colour": "red"}, "colour:"),
        ({"kind": "level", "blinds": [4, 2]}, "blinds:"),
    ],
)
def test_a_change_that_says_too_little_or_too_much_is_a_clear_400(
    room: Room, change: dict[str, object], says: str
) -> None:
    station = room.station("sitting") if "sitting" in room.stations else room.table("sitting")
    answer = station.post("/api/tables/sitting/changes", json=change)
    assert answer.status_code == 400, answer.text
    assert answer.json()["error"].startswith(says)


def test_every_word_of_floorman_table_is_taken(room: Room) -> None:
    station = room.table("words")
    record(station, "words", *FOLDED_ROUND)
    for change in (
        {"kind": "sitout", "seat": 3},
        {"kind": "back", "seat": 3, "post": True},
        {"kind": "rebuy", "seat": 5, "chips": 50},
        {"kind": "seat", "seat": 4, "to": 9},
        {"kind": "leave", "seat": 6},
        {"kind": "move", "chips": 120, "origin": "12", "name": "Bo"},
        {"kind": "level", "blinds": [2, 4], "ante": 1},
        {"kind": "push"},
    ):
        answer = station.post("/api/tables/words/changes", json=change)
        assert answer.status_code == 200, (change, answer.text)
    seated = station.get("/api/tables/words/state").json()["table_show"]["next_hand"]
    assert (seated["blinds"], seated["ante"]) == ([2, 4], 1)
    assert seated["players"]["5"]["stack"] == 150
    assert "6" not in seated["players"]
    assert "9" in seated["players"]
    assert any(p.get("name") == "Bo" for p in seated["players"].values())
    shown = floorman(room.db, "table", "log", "-t", "words")
    assert "between hands" in shown.stdout
    assert "moved from table 12 with 120" in shown.stdout
    assert "dealer push: the incoming dealer deals the next hand" in shown.stdout


# the table's state --------------------------------------------------------------------


def test_the_state_names_the_seat_to_act_and_its_actions_with_amounts(room: Room) -> None:
    station = room.table("glance-state")
    record(station, "glance-state", "deal", "3 raise 6")
    state = station.get("/api/tables/glance-state/state").json()
    assert (state["to_act"], state["button"], state["small_blind"], state["big_blind"]) == (
        4, 6, 1, 2,
    )  # fmt: skip
    actions = {a["action"]: a for a in state["actions"]}
    assert actions["call"]["amount"] == 6
    assert actions["call"]["event"] == "4 call"
    assert (actions["raise"]["min"], actions["raise"]["max"]) == (10, 100)
    assert actions["allin"]["amount"] == 100
    assert state["seats"]["3"]["in_front"] == 6
    assert state["seats"]["3"]["behind"] == 94
    assert state["last_event"] == {"number": 2, "text": "3 raise 6"}
    assert state["next_step"] is None
    assert state["procedure"] == []


def test_the_state_gives_the_procedure_in_force_and_its_next_step(room: Room) -> None:
    station = room.table("procedure")
    record(station, "procedure", *PREMATURE_TURN, "3 fold", "4 call", "1 call")
    state = station.get("/api/tables/procedure/state").json()
    assert next(step["do"] for step in state["procedure"]) == "burn"
    assert state["actions"] == []
    assert state["to_act"] is None
    assert state["next_step"] == "burn a card and deal the turn (7♦ set aside)"
    record(station, "procedure", "burn", "turn 2c", "1 check", "2 check", "4 check")
    state = station.get("/api/tables/procedure/state").json()
    assert [step["do"] for step in state["procedure"]] == ["reshuffle", "cut", "deal-without-burn"]
    assert {step["street"] for step in state["procedure"]} == {"river"}
    assert {step["rule"] for step in state["procedure"]} == {"rrop.holdem.premature-turn"}
    assert state["next_step"] == (
        "reshuffle the stub with the 7♦, cut, then deal the river without a burn"
    )
    assert station.get("/api/tables/nowhere/state").status_code == 403
    assert room.signed_in().get("/api/tables/nowhere/state").status_code == 404


# the station's forms ------------------------------------------------------------------


def test_the_station_records_a_dealer_push_once_the_hand_is_over(room: Room) -> None:
    station = room.table("pushing")
    floor = room.signed_in()
    record(station, "pushing", *FOLDED_ROUND[:2])
    assert 'class="change dealer-push"' not in floor.get("/station/pushing").text
    record(station, "pushing", *FOLDED_ROUND[2:])
    page = floor.get("/station/pushing").text
    assert "Dealer push" in page.split('class="change dealer-push"')[1].split("</form>")[0]
    pushed = floor.post("/station/pushing/changes", data={"csrf": csrf_of(page), "kind": "push"})
    assert pushed.status_code == 303, pushed.text
    pending = station.get("/api/tables/pushing/hands").json()["next_hand_changes"]
    assert [(c["kind"], c["by"]) for c in pending] == [("push", "floor")]


def test_the_station_undoes_and_deals_the_next_hand_by_its_forms(room: Room) -> None:
    station = room.table("forms")
    floor = room.signed_in()
    record(station, "forms", *TO_THE_TURN, "turn 9s")
    page = floor.get("/station/forms").text
    assert "turn 9s" in page.split('class="undo"')[1].split("</details>")[0]
    csrf = csrf_of(page)
    last = station.get("/api/tables/forms/state").json()["last"]
    done = floor.post("/station/forms/undo", data={"csrf": csrf, "after": str(last)})
    assert done.status_code == 303
    assert done.headers["location"] == "/station/forms"
    assert events_of(station, "forms") == TO_THE_TURN
    stale = floor.post("/station/forms/undo", data={"csrf": csrf, "after": str(last)})
    assert stale.status_code == 409
    assert "changed since" in stale.text
    last = station.get("/api/tables/forms/state").json()["last"]
    refused = floor.post("/station/forms/next", data={"csrf": csrf, "after": str(last)})
    assert refused.status_code == 400
    assert "still in progress" in refused.text
    forced = floor.post(
        "/station/forms/next", data={"csrf": csrf, "after": str(last), "force": "1"}
    )
    assert forced.status_code == 303
    sat = floor.post(
        "/station/forms/changes",
        data={"csrf": csrf, "kind": "sit", "seat": "8", "chips": "200", "name": "Dana"},
    )
    assert sat.status_code == 303, sat.text
    pending = station.get("/api/tables/forms/hands").json()["next_hand_changes"]
    assert pending[0]["name"] == "Dana"
    assert pending[0]["by"] == "floor"
    bad = floor.post("/station/forms/changes", data={"csrf": csrf, "kind": "sit", "seat": "8"})
    assert bad.status_code == 400
    assert "chips: sit needs it" in bad.text
    level = floor.post(
        "/station/forms/changes", data={"csrf": csrf, "kind": "level", "blinds": "2/4"}
    )
    assert level.status_code == 303
    assert floor.post("/station/forms/undo", data={"after": "0"}).status_code == 403
