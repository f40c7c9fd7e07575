"""The station's form as a browser with scripts off sends it: a button's event names the
seat chosen, the cards ticked and the amount, and a missing or malformed one brings the
page back saying so, with nothing recorded."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from roomserver import Room, Serve, csrf_of


@pytest.fixture(scope="module")
def room(room_server: Serve, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Room]:
    with room_server(tmp_path_factory.mktemp("room") / "room.db") as served:
        yield served


def post(floor: httpx.Client, table: str, **fields: str) -> httpx.Response:
    """The station page's form, as the floor (signed in) sends it for ``table``."""
    page = floor.get(f"/station/{table}").text
    last = floor.get(f"/api/tables/{table}").json()["last"]
    form = {"csrf": csrf_of(page), "after": str(last), **fields}
    return floor.post(f"/station/{table}", data=form)


def texts(station: httpx.Client, table: str) -> list[str]:
    return [e["text"] for e in station.get(f"/api/tables/{table}").json()["events"]]


@pytest.fixture(scope="module")
def floor(room: Room) -> httpx.Client:
    return room.signed_in()


def test_a_button_names_the_seat_cards_and_amount_picked(room: Room, floor: httpx.Client) -> None:
    room.table("31")
    station = floor
    assert post(station, "31", event="deal").status_code == 303
    assert post(station, "31", event="3 raise", amount="8").status_code == 303
    answer = post(station, "31", event="expose SEAT CARDS", seat="1", **{"c.Ah": "Ah"})
    assert answer.status_code == 303
    assert post(station, "31", event="SEAT chips X", seat="4", amount="8").status_code == 303
    assert texts(station, "31") == ["deal", "3 raise 8", "expose 1 Ah", "4 chips 8"]


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        ({"event": "expose SEAT CARDS", "c.Ah": "Ah"}, "choose the seat"),
        ({"event": "expose SEAT CARDS", "seat": "3; misdeal", "c.Ah": "Ah"}, "a seat is a number"),
        ({"event": "expose SEAT CARDS", "seat": "3"}, "pick the cards first"),
        ({"event": "flop CARDS", "c.Ah; misdeal": "Ah; misdeal"}, "pick the cards first"),
        ({"event": "SEAT chips X", "seat": "3"}, "give the amount"),
        ({"event": "SEAT chips X", "seat": "3", "amount": "8; misdeal"}, "give it in digits"),
        ({"event": ""}, "press one of the buttons"),
    ],
)
def test_a_button_missing_what_it_names_records_nothing(
    room: Room, floor: httpx.Client, fields: dict[str, str], said: str
) -> None:
    if "32" not in room.stations:
        room.table("32")
        post(floor, "32", event="deal")
    station = floor
    answer = post(station, "32", **fields)
    assert answer.status_code == 400
    assert said in answer.text
    assert 'class="station-form"' in answer.text
    assert texts(station, "32") == ["deal"]
