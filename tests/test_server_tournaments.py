"""The tournaments on the floor's pages, served on either store: the clock page, the
dashboard's panel with the next move and its citation, the station's level and move,
the JSON they are drawn from and the stream that brings a bust the moment it is logged
at a terminal; who may read what; any name in the address answered in one line."""

from __future__ import annotations

import html
import json
import os
import re
import threading
import time
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from roomserver import Room, Serve, cookie_value, floorman, login_csrf, room_on_either_store

from floorman.vocabulary import room_time

FUZZ = settings(
    max_examples=int(os.environ.get("FLOORMAN_FUZZ_EXAMPLES", "10")),
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


def run(db: str, *args: str) -> str:
    done = floorman(db, *args)
    assert done.returncode == 0, (args, done.stderr)
    return done.stdout


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def room(
    room_server: Serve, request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Room]:
    """Tables 7 and 8 of the cash games, and the tournament ``daily``: 30 entrants at four
    tables, the clock running, two out at table 1; the room's table ``daily-1`` is its
    table 1, with a station."""
    with room_on_either_store(room_server, request, tmp_path_factory) as served:
        db = str(served.db)
        run(db, "tournament", "new", "daily", "--entrants", "30", "--seed", "7")
        run(db, "tournament", "clock", "daily", "start")
        run(db, "tournament", "bust", "daily", "1", "2")
        run(db, "tournament", "bust", "daily", "1", "3")
        served.table("daily-1")
        yield served


@pytest.fixture(scope="module")
def floor(room: Room) -> httpx.Client:
    return room.signed_in()


def station_browser(room: Room, table: str) -> httpx.Client:
    """A station's tablet signed in with its token, as its browser is."""
    client = room.client()
    csrf = login_csrf(client)
    answer = client.post("/login", data={"station": room.stations[table], "csrf": csrf})
    assert answer.status_code == 303, answer.text
    client.headers["cookie"] = f"floorman_session={cookie_value(answer, 'floorman_session')}"
    return client


def balance_json(room: Room) -> dict[str, Any]:
    """The moves due as ``floorman tournament balance --json`` prints them at a terminal."""
    found: dict[str, Any] = json.loads(
        run(str(room.db), "tournament", "balance", "daily", "--json")
    )
    return found


def test_the_floor_reads_the_tournament_with_the_moves_balance_gives(
    room: Room, floor: httpx.Client
) -> None:
    listed = floor.get("/api/tournaments")
    assert listed.status_code == 200
    (brief,) = listed.json()["tournaments"]
    assert (brief["tournament"], brief["players"], brief["entrants"]) == ("daily", 28, 30)
    assert brief["clock"]["state"] == "running"
    assert brief["clock"]["blinds"] == [100, 200]
    view = floor.get("/api/tournaments/DAILY").json()
    assert view["tournament"] == "daily"
    assert view["average_stack"] == 30 * 20000 // 28
    assert [t["players"] for t in view["tables"]] == [6, 8, 7, 7]
    assert [t["short"] for t in view["tables"]] == [2, 0, 1, 1]
    expected = balance_json(room)["moves"]
    assert [{k: v for k, v in m.items() if k != "said"} for m in view["moves"]] == expected
    move = view["next_move"]
    assert move == view["moves"][0]
    assert move["to"][0] == 1
    assert move["cite"] == "TDA 11-A, 11-C"
    said = f"entrant {move['entry']}, 20000 chips: table {move['from'][0]}"
    assert move["said"].startswith(said)
    assert [(b["table"], b["seat"]) for b in view["busts"]] == [(1, 3), (1, 2)]
    assert view["bust_count"] == 2


def test_the_clock_page_shows_what_a_room_reads_from_afar(room: Room, floor: httpx.Client) -> None:
    page = floor.get("/tournaments/daily/clock")
    assert page.status_code == 200
    text = re.sub(r"<[^>]+>", " ", page.text)
    words = " ".join(text.split())
    assert "Level 1" in words
    assert "Blinds 100/200" in words
    assert "Next level 2: 100/300" in words
    assert "Players 28 of 30" in words
    assert f"Average stack {30 * 20000 // 28}" in words
    assert re.search(r"Next break in 1:5\d:\d\d", words)
    assert re.search(r'data-countdown="1[12]\d\d" data-running="yes"', page.text)
    assert 'data-tournament-stream="/api/stream/tournaments?view=clock&amp;tournament=daily"' in (
        page.text
    )
    coach = room.signed_in("coach")
    assert coach.get("/tournaments/daily/clock").status_code == 200
    nobody = room.client()
    answer = nobody.get("/tournaments/daily/clock")
    assert (answer.status_code, answer.headers["location"]) == (303, "/login")
    missing = floor.get("/tournaments/nope/clock")
    assert missing.status_code == 404
    assert 'no tournament "nope"' in html.unescape(missing.text)


def test_a_station_sees_its_level_and_the_move_coming_to_its_table(
    room: Room, floor: httpx.Client
) -> None:
    station = room.station("daily-1")
    page = station_browser(room, "daily-1").get("/station/daily-1")
    assert page.status_code == 200
    move = floor.get("/api/tournaments/daily").json()["next_move"]
    strip = re.search(r'<section class="t-station move-due".*?</section>', page.text, re.S)
    assert strip is not None, "the station shows the tournament"
    words = " ".join(re.sub(r"<[^>]+>", " ", strip.group(0)).split())
    assert "level 1 · 100/200" in words
    assert f"Coming in: {move['said']} [TDA 11-A, 11-C]" in words
    assert station.get("/api/tournaments/daily").status_code == 200
    assert [t["tournament"] for t in station.get("/api/tournaments").json()["tournaments"]] == [
        "daily"
    ]
    other = room.station("7")
    refused = other.get("/api/tournaments/daily")
    assert refused.status_code == 403
    assert refused.json() == {"error": "station 7 may read only the tournament its table is in"}
    assert other.get("/api/tournaments").json() == {"tournaments": []}
    assert "t-station" not in station_browser(room, "7").get("/station/7").text


def test_the_dashboard_shows_each_tournament_with_its_next_move(floor: httpx.Client) -> None:
    page = floor.get("/")
    panel = re.search(r'<article class="t-panel move-due".*?</article>', page.text, re.S)
    assert panel is not None
    words = " ".join(re.sub(r"<[^>]+>", " ", panel.group(0)).split())
    move = floor.get("/api/tournaments/daily").json()["next_move"]
    assert f"Move: {move['said']}" in words
    assert "[TDA 11-A, 11-C]" in words
    assert "28 of 30 left" in words
    assert "T1 6 T2 8 T3 7 T4 7" in words
    assert "Out: entrant" in words


def events(
    client: httpx.Client,
    url: str,
    found: list[dict[str, Any]],
    ready: threading.Event,
    count: int = 3,
) -> None:
    """The first ``count`` events of the stream at ``url``, into ``found`` as they come."""
    with client.stream("GET", url) as stream:
        assert stream.status_code == 200
        for line in stream.iter_lines():
            if line.startswith("data: "):
                found.append(json.loads(line.removeprefix("data: ")))
                ready.set()
                if len(found) == count:
                    return


def test_a_bust_and_a_pause_reach_the_stream_and_the_floor_carries_the_move_out(
    room: Room, floor: httpx.Client
) -> None:
    found: list[dict[str, Any]] = []
    first = threading.Event()
    url = "/api/stream/tournaments?view=clock&tournament=daily"
    reader = threading.Thread(target=events, args=(floor, url, found, first), daemon=True)
    reader.start()
    assert first.wait(30)
    assert found[0]["view"]["players"] == 28
    assert 'class="tv-time"' in found[0]["html"]
    db = str(room.db)
    run(db, "tournament", "bust", "daily", "3", "1")
    for _ in range(600):
        if len(found) > 1:
            break
        time.sleep(0.05)
    run(db, "tournament", "clock", "daily", "pause")
    reader.join(60)
    assert not reader.is_alive(), f"the stream sent {len(found)} events"
    busted, paused = found[1]["view"], found[2]["view"]
    assert busted["players"] == 27
    assert (busted["busts"][0]["table"], busted["busts"][0]["seat"]) == (3, 1)
    assert paused["clock"]["state"] == "paused"
    assert "paused" in found[2]["html"]
    assert "stopped" in found[2]["html"]

    due = floor.get("/api/tournaments/daily").json()
    assert due["next_move"] is not None
    page = floor.get("/").text
    csrf = re.search(r'name="csrf" value="([^"]+)"', page)
    assert csrf is not None
    assert f'<input type="hidden" name="log" value="{due["log"]}">' in page
    form = {"csrf": csrf.group(1), "log": str(due["log"])}
    coach = room.signed_in("coach")
    refused = coach.post("/tournaments/daily/balance", data=form)
    assert refused.status_code == 403
    assert "Carried out" not in coach.get("/").text, "a trainer is not offered the button"
    stale = floor.post("/tournaments/daily/balance", data={**form, "log": str(due["log"] - 1)})
    assert stale.status_code == 409
    assert "nothing was moved" in html.unescape(stale.text)
    forged = floor.post("/tournaments/daily/balance", data={**form, "csrf": "x"})
    assert forged.status_code == 403
    assert floor.get("/api/tournaments/daily").json()["moves"] == due["moves"]
    done = floor.post("/tournaments/daily/balance", data=form)
    assert (done.status_code, done.headers["location"]) == (303, "/")
    after = floor.get("/api/tournaments/daily").json()
    assert after["next_move"] is None
    assert after["moves"] == []
    assert balance_json(room)["moves"] == []
    assert "move-due" not in station_browser(room, "daily-1").get("/station/daily-1").text
    run(db, "tournament", "clock", "daily", "resume")


def test_a_level_that_ends_reaches_the_stream_with_nothing_logged(
    room: Room, floor: httpx.Client
) -> None:
    db = str(room.db)
    run(db, "tournament", "clock", "daily", "set", "--level", "1", "--left", "0:02")
    found: list[dict[str, Any]] = []
    first = threading.Event()
    url = "/api/stream/tournaments?view=card&tournament=daily"
    reader = threading.Thread(target=events, args=(floor, url, found, first, 2), daemon=True)
    reader.start()
    assert first.wait(30)
    assert found[0]["view"]["clock"]["level"] == 1
    reader.join(60)
    assert not reader.is_alive(), f"the stream sent {len(found)} events"
    levels = [event["view"]["clock"]["level"] for event in found]
    assert levels[:2] == [1, 2], levels
    assert "level 2 ·" in found[1]["html"]


def test_the_stream_refuses_what_it_cannot_draw(room: Room, floor: httpx.Client) -> None:
    assert floor.get("/api/stream/tournaments?view=felt").json() == {
        "error": "view: one of card, station, clock"
    }
    assert floor.get("/api/stream/tournaments?view=station").status_code == 400
    assert floor.get("/api/stream/tournaments?tournament=nope").status_code == 404
    station = room.station("7")
    assert station.get("/api/stream/tournaments?tournament=daily").status_code == 403
    assert station.get("/api/stream/tournaments?view=station&table=8").status_code == 403


tournament_name = st.one_of(
    st.sampled_from(["daily", "DAILY", "Daily ", "daily-1", "nope", "x" * 61]),
    st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), min_size=1, max_size=80),
).filter(lambda name: "\x00" not in name)


@FUZZ
@given(name=tournament_name)
def test_any_tournament_name_in_the_address_is_answered_in_one_line(
    floor: httpx.Client, name: str
) -> None:
    path = quote(name, safe="")
    answer = floor.get(f"/api/tournaments/{path}")
    assert answer.status_code in (200, 404), (name, answer.status_code, answer.text)
    if answer.status_code == 200:
        assert answer.json()["tournament"] == "daily"
        assert name.casefold() == "daily"
    elif answer.headers["content-type"] == "application/json":
        assert list(answer.json()) == ["error"]
        assert answer.json()["error"].isprintable()
    page = floor.get(f"/tournaments/{path}/clock")
    assert page.status_code == answer.status_code, (name, page.status_code)
    if name.casefold() != "daily":
        streamed = floor.get("/api/stream/tournaments", params={"tournament": name})
        assert streamed.status_code == 404, (name, streamed.text)
        assert streamed.json()["error"].isprintable()


def test_a_station_at_a_table_dealt_for_a_tournament_reads_that_tournament(room: Room) -> None:
    """A table dealt with ``tournament deal --as`` under any name is known by its link."""
    db = str(room.db)
    run(db, "tournament", "new", "feature", "--entrants", "12", "--seed", "3")
    run(db, "tournament", "deal", "feature", "2", "--as", "Feature Table")
    made = floorman(db, "station", "token", "Feature Table")
    assert made.returncode == 0, made.stderr
    room.stations["Feature Table"] = made.stdout.strip()
    station = room.station("Feature Table")
    assert station.get("/api/tournaments/feature").status_code == 200
    listed = station.get("/api/tournaments").json()["tournaments"]
    assert [t["tournament"] for t in listed] == ["feature"]
    assert station.get("/api/tournaments/daily").status_code == 403


def _panel_words(floor: httpx.Client, tournament: str) -> str:
    """The words of the tournament's panel on the floor's dashboard."""
    page = floor.get("/").text
    panel = re.search(
        rf'<article class="t-panel[^"]*" data-tournament="{tournament}".*?</article>', page, re.S
    )
    assert panel is not None, page
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", panel.group(0))).split())


def test_a_clock_called_on_a_player_shows_while_it_runs_and_how_it_ended(
    room: Room, floor: httpx.Client
) -> None:
    db = str(room.db)
    data = json.loads(run(db, "tournament", "show", "daily", "--json"))
    two = next(t for t in data["tables"] if t["table"] == 2)
    seat, player = two["seats"][0]["seat"], two["seats"][0]["player"]
    who = f"table 2 seat {seat} (entrant {player})"
    run(db, "tournament", "call-clock", "daily", "2", str(seat), "--no-wait", "--seconds", "300")
    view = floor.get("/api/tournaments/daily").json()
    (on,) = view["clock_calls"]["on"]
    assert (on["table"], on["seat"], on["player"], on["facing_bet"]) == (2, seat, player, True)
    assert (on["phase"], on["ended"], on["outcome"], on["cite"]) == (
        "time",
        None,
        None,
        "TDA 2024 Rule 29",
    )
    assert 5 < on["left_seconds"] <= 305
    assert on["said"] == (
        f"{who} is on the clock, facing a bet: 300 seconds, then a 5-second count; then the"
        " hand is dead"
    )
    brief = floor.get("/api/tournaments").json()["tournaments"]
    assert next(t for t in brief if t["tournament"] == "daily")["clock_calls"]["on"][0]["seat"] == (
        seat
    )
    words = _panel_words(floor, "daily")
    assert f"Clock: {on['said']}" in words
    assert "[TDA 2024 Rule 29]" in words
    assert 'class="t-call" role="status"' in floor.get("/").text
    # a call on another table's player ends as the book says, and each shows how it ended
    run(db, "tournament", "call-clock", "daily", "2", str(seat), "--acted")
    three = next(t for t in data["tables"] if t["table"] == 3)
    other = three["seats"][0]
    run(db, "tournament", "call-clock", "daily", "3", str(other["seat"]), "--no-bet", "--no-wait")
    run(db, "tournament", "call-clock", "daily", "3", str(other["seat"]), "--expired")
    calls = floor.get("/api/tournaments/daily").json()["clock_calls"]
    assert calls["on"] == []
    assert calls["count"] == 2
    checked, acted = calls["ended"]
    assert (acted["outcome"], acted["phase"]) == ("acted", "ended")
    assert acted["said"] == f"{who} acted in time: the clock is off (a tie goes to the player)"
    assert checked["outcome"] == "checked"
    assert checked["said"] == (
        f"time ran out on table 3 seat {other['seat']} (entrant {other['player']}), not facing"
        " a bet: the hand was checked"
    )
    words = _panel_words(floor, "daily")
    assert f"Clock: {checked['said']} [TDA 2024 Rule 29]" in words
    assert f"Clock: {acted['said']}" in words
    panel = floor.get("/").text.split('data-tournament="daily"')[1].split("</article>")[0]
    assert not re.search(r'class="t-call[" ]', panel), "no clock runs"


def _seat_at(db: str, table: int, index: int = 0) -> tuple[int, int]:
    """The seat and entrant of the ``index``-th player at ``table``, by seat."""
    data = json.loads(run(db, "tournament", "show", "daily", "--json"))
    seats = next(t for t in data["tables"] if t["table"] == table)["seats"]
    return seats[index]["seat"], seats[index]["player"]


def _strip_words(room: Room) -> str:
    """The words of the tournament strip on the station of the room's table daily-1."""
    page = station_browser(room, "daily-1").get("/station/daily-1").text
    strip = re.search(r'<section class="t-station[^"]*".*?</section>', page, re.S)
    assert strip is not None, page
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", strip.group(0))).split())


def test_a_penalty_in_minutes_shows_who_how_long_and_until_when(
    room: Room, floor: httpx.Client
) -> None:
    """A player dealt out for minutes (RRoP §15 rule 27; under the TDA a house option of
    Rule 71-A) shows on the floor's panel, in the API and at the player's station beside
    a penalty in rounds, each with what is left and the rule; the minutes count down."""
    db = str(room.db)
    seat, player = _seat_at(db, 1)
    other, other_player = _seat_at(db, 1, 1)
    run(db, "tournament", "penalty", "daily", "1", str(seat), "minutes", "10",
        "--reason", "threw cards")  # fmt: skip
    run(db, "tournament", "penalty", "daily", "1", str(other), "rounds", "1")
    log = json.loads(run(db, "tournament", "penalties", "daily", "--json"))
    given = next(p for p in log["penalties"] if p["penalty"] == "minutes")
    rounds = next(p for p in log["penalties"] if p["penalty"] == "rounds")
    view = floor.get("/api/tournaments/daily").json()
    away, missing = view["penalties"]["on"]
    assert (away["player"], away["table"], away["seat"], away["penalty"]) == (
        player,
        1,
        seat,
        "minutes",
    )
    assert (away["minutes"], away["until"], away["reason"], away["cite"]) == (
        10,
        given["until"],
        "threw cards",
        "TDA 2024 Rule 71-A (house option)",
    )
    assert 540 < away["left_seconds"] <= 600
    assert (away["hands"], away["hands_left"]) == (0, 0)
    until = room_time(given["until"], "%H:%M")
    who = f"table 1 seat {seat} (entrant {player})"
    assert away["said"] == f"{who}: dealt out for 10 minutes, until {until}"
    hands = rounds["hands"]
    assert (missing["player"], missing["penalty"], missing["hands_left"]) == (
        other_player,
        "rounds",
        hands,
    )
    assert missing["left_seconds"] is None
    assert missing["said"] == (
        f"table 1 seat {other} (entrant {other_player}): 1 round missed ({hands} hands),"
        f" {hands} hands left"
    )
    assert view["penalties"]["count"] == 2
    assert view["penalties"]["dealt_in"] == log["dealt_in"]
    brief = floor.get("/api/tournaments").json()["tournaments"]
    assert next(t for t in brief if t["tournament"] == "daily")["penalties"] == view["penalties"]
    words = _panel_words(floor, "daily")
    assert f"Penalty: {away['said']} · " in words
    assert "left [TDA 2024 Rule 71-A (house option)]" in words
    assert f"Penalty: {missing['said']} [TDA 2024 Rule 71-A]" in words
    counting = re.search(
        rf'<p class="t-penalty" data-table="1" data-seat="{seat}">.*?'
        r'data-countdown="(\d+)" data-running="yes"',
        floor.get("/").text,
    )
    assert counting is not None, "the page counts the minutes down"
    assert 540 < int(counting.group(1)) <= 600
    strip = _strip_words(room)
    assert f"Penalty: {away['said']} · " in strip
    assert (
        f"dealt in and the hand killed [TDA 2024 Rule 71-A (house option); {log['dealt_in']}]"
        in (strip)
    )
    # hands played serve the rounds, not the minutes; the floor's pages follow at once
    run(db, "tournament", "hand", "daily", "1", "--count", str(hands))
    (still,) = floor.get("/api/tournaments/daily").json()["penalties"]["on"]
    assert (still["player"], still["penalty"]) == (player, "minutes")
    assert "Penalty: table 1 seat" in _panel_words(floor, "daily")
    assert "round missed" not in _panel_words(floor, "daily")


def test_a_clock_called_at_a_table_shows_on_its_station(room: Room, floor: httpx.Client) -> None:
    """The dealer's station sees a clock called on a player at its table (TDA 2024 Rule
    29): the seat, the seconds left as of the page's update, counting down, and the rule;
    the station of another table does not."""
    db = str(room.db)
    seat, player = _seat_at(db, 1, 2)
    run(db, "tournament", "call-clock", "daily", "1", str(seat), "--no-wait", "--seconds", "300")
    page = station_browser(room, "daily-1").get("/station/daily-1").text
    assert '<section class="t-station clock-on"' in page
    left = re.search(
        rf'<p class="t-call" role="alert" data-seat="{seat}">.*?data-countdown="(\d+)"'
        r' data-running="yes"',
        page,
    )
    assert left is not None, page
    assert 5 < int(left.group(1)) <= 305
    strip = _strip_words(room)
    assert re.search(
        rf"Clock on seat {seat} \(entrant {player}\), facing a bet: \d+:\d\d left, then the"
        r" hand is dead \[TDA 2024 Rule 29\]",
        strip,
    ), strip
    (part,) = [
        found["station"]
        for found in _first_stream_events(
            floor, "/api/stream/tournaments?view=station&table=daily-1&tournament=daily"
        )
    ]
    (call,) = part["clock_calls"]
    assert (call["table"], call["seat"], call["player"], call["phase"]) == (1, seat, player, "time")
    running = floor.get("/api/tournaments/daily").json()["clock_calls"]["on"]
    assert [c["seat"] for c in running] == [seat]
    run(db, "tournament", "call-clock", "daily", "1", str(seat), "--acted")
    assert "Clock on seat" not in _strip_words(room)
    assert "clock-on" not in station_browser(room, "daily-1").get("/station/daily-1").text


def _first_stream_events(client: httpx.Client, url: str) -> list[dict[str, Any]]:
    """The first event of the stream at ``url`` (one tournament in sight)."""
    found: list[dict[str, Any]] = []
    ready = threading.Event()
    reader = threading.Thread(target=events, args=(client, url, found, ready, 1), daemon=True)
    reader.start()
    reader.join(30)
    assert not reader.is_alive()
    return found
