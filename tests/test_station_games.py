"""A stud and a draw table at the dealer's station: the page names the game, shows each
seat's upcards and downcards (stud) or cards and draws (draw), offers the buttons the
structure allows at that point, deals and draws by taps, and an irregularity posted from
the menu comes back with the rulebook's cited ruling, as at a flop table."""

from __future__ import annotations

import re
from collections.abc import Iterator

import httpx
import pytest
from roomserver import Room, Serve, csrf_of, floorman


@pytest.fixture(scope="module")
def served(room_server: Serve, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Room]:
    with room_server(tmp_path_factory.mktemp("room") / "room.db", tables=()) as room:
        yield room


@pytest.fixture(scope="module")
def floor(served: Room) -> httpx.Client:
    return served.signed_in()


def new(served: Room, table: str, *options: str) -> None:
    made = floorman(served.db, "new", "-t", table, *options)
    assert made.returncode == 0, made.stderr


def post(floor: httpx.Client, table: str, **fields: str) -> httpx.Response:
    """The station's form as a browser sends it, with the record the page was drawn at."""
    page = floor.get(f"/station/{table}").text
    last = floor.get(f"/api/tables/{table}").json()["last"]
    return floor.post(
        f"/station/{table}", data={"csrf": csrf_of(page), "after": str(last), **fields}
    )


def tap(floor: httpx.Client, table: str, **fields: str) -> str:
    """A button pressed: recorded, and the page it leads to."""
    answer = post(floor, table, **fields)
    assert answer.status_code == 303, answer.text[:2000]
    return floor.get(answer.headers["location"]).text


def buttons(page: str) -> list[str]:
    """The labels of the betting buttons the page offers."""
    return re.findall(r'class="big verb-[a-z-]+" data-verb="[a-z-]+">([^<]+)</button>', page)


def texts(floor: httpx.Client, table: str) -> list[str]:
    return [e["text"] for e in floor.get(f"/api/tables/{table}").json()["events"]]


def test_a_stud_hand_is_dealt_and_bet_by_taps(served: Room, floor: httpx.Client) -> None:
    new(served, "S1", "--game", "stud", "--ante", "1", "--bring-in", "2", "--limits", "4/8",
        "--seats", "1=100,2=100,3=100")  # fmt: skip
    page = floor.get("/station/S1").text
    assert "Seven-card stud 4/8, ante 1, bring-in 2" in page
    assert 'data-step="down 1 ?? ??"' in page
    for seat, up in ((1, "Th"), (2, "2c"), (3, "9s")):
        page = tap(floor, "S1", event=f"down {seat} ?? ??")
        page = tap(floor, "S1", event=f"up {seat} CARDS", **{f"c.{up}": up})
    assert 'data-up="2c"' in page
    assert 'data-down="2"' in page
    assert buttons(page) == ["bring-in 2", "complete to 4"]
    page = tap(floor, "S1", event="2 bring-in")
    assert buttons(page) == ["fold", "call 2", "complete to 4"]
    page = tap(floor, "S1", event="3 complete 4")
    assert buttons(page) == ["fold", "call 4", "raise to 8"]
    page = tap(floor, "S1", event="1 call")
    page = tap(floor, "S1", event="2 fold")
    assert 'data-step="up 1 CARDS"' in page
    assert texts(floor, "S1")[-4:] == ["2 bring-in", "3 complete 4", "1 call", "2 fold"]
    page = tap(floor, "S1", event="up 1 CARDS", **{"c.Ks": "Ks"})
    page = tap(floor, "S1", event="up 3 CARDS", **{"c.9d": "9d"})
    assert "Seat 3 to act" in page  # the open pair of nines showing acts first
    assert buttons(page) == ["check", "bet 4", "bet 8"]  # either bet with an open pair
    page = tap(floor, "S1", event="3 bet 8")
    assert buttons(page) == ["fold", "call 8", "raise to 16"]
    page = tap(floor, "S1", event="1 call")
    for street in (("2d", "3h"), ("4d", "5h")):
        tap(floor, "S1", event="up 1 CARDS", **{f"c.{street[0]}": street[0]})
        page = tap(floor, "S1", event="up 3 CARDS", **{f"c.{street[1]}": street[1]})
        assert buttons(page) == ["check", "bet 8"]
        tap(floor, "S1", event="3 check")
        page = tap(floor, "S1", event="1 check")
    assert 'data-step="down 1 ??"' in page
    tap(floor, "S1", event="down 1 ??")
    page = tap(floor, "S1", event="down 3 ??")
    assert 'data-down="3"' in page
    tap(floor, "S1", event="3 check")
    page = tap(floor, "S1", event="1 check")
    assert 'data-step="show 1"' in page
    assert 'data-step="show 3"' in page
    tap(floor, "S1", event="show 1 CARDS", **{"c.Ac": "Ac", "c.Ad": "Ad", "c.Ah": "Ah"})
    page = tap(floor, "S1", event="show 3 CARDS", **{"c.7c": "7c", "c.8c": "8c", "c.2h": "2h"})
    assert "pot 29: seat 1 takes 29" in page  # antes 3, third street 10, fourth 16
    assert ">Next hand</button>" in page


@pytest.mark.parametrize(
    ("book", "cite"),
    [
        ("rrop", "RRoP Seven-Card Stud rule 5"),
        ("tda-2024", "TDA 2024 RP-10-A"),
        ("wsop-2024", "WSOP LA 214"),
    ],
)
def test_a_downcard_dealt_face_up_from_the_menu_is_ruled(
    served: Room, floor: httpx.Client, book: str, cite: str
) -> None:
    table = f"X{book[:4]}"
    new(served, table, "--game", "razz", "--ante", "1", "--bring-in", "2", "--limits", "4/8",
        "--seats", "1=100,2=100", "--rulebook", book)  # fmt: skip
    page = floor.get(f"/station/{table}").text
    assert 'data-irregular="expose SEAT:1 CARDS"' in page
    assert 'data-irregular="SEAT bring-in"' in page  # the wrong player named low
    assert 'data-irregular="flop CARDS"' not in page  # no flop in stud
    tap(floor, table, event="down 1 ?? ??")
    page = tap(floor, table, event="expose SEAT:1 CARDS", seat="1", **{"c.Kc": "Kc"})
    assert texts(floor, table)[-1] == "expose 1:1 Kc"
    ruled = page.split('class="just-ruled"')[1].split("</section>")[0]
    assert cite in ruled


def test_a_triple_draw_hand_is_dealt_bet_and_drawn_by_taps(
    served: Room, floor: httpx.Client
) -> None:
    new(served, "D1", "--game", "triple-draw-27", "--betting", "limit", "--blinds", "5/10",
        "--limits", "10/20", "--button", "3", "--seats", "1=500,2=500,3=500")  # fmt: skip
    page = floor.get("/station/D1").text
    assert "2-7 triple draw limit 10/20, blinds 5/10" in page
    assert 'data-irregular="expose SEAT CARDS"' in page  # a card exposed on the draw
    page = tap(floor, "D1", event="deal")
    assert 'data-held="5"' in page
    assert buttons(page) == ["fold", "call 10", "raise to 20"]
    tap(floor, "D1", event="3 call")
    page = tap(floor, "D1", event="1 call")
    assert buttons(page) == ["check", "raise to 20"]  # the big blind's option
    page = tap(floor, "D1", event="2 check")
    assert buttons(page) == []
    assert 'data-step="1 stands pat"' in page
    assert 'data-step="1 draws 5"' in page
    page = tap(floor, "D1", event="1 draws N CARDS", **{"c.7c": "7c", "c.2d": "2d"})
    assert texts(floor, "D1")[-1] == "1 draws 2 7c 2d"
    assert 'data-step="2 stands pat"' in page
    page = tap(floor, "D1", event="expose SEAT CARDS", seat="2", **{"c.Kh": "Kh"})
    assert "RRoP Lowball rule 9" in page.split('class="just-ruled"')[1].split("</section>")[0]
    tap(floor, "D1", event="2 stands pat")
    page = tap(floor, "D1", event="3 draws 1")
    assert "drew 2" in page
    assert "drew 0" in page
    assert buttons(page) == ["check", "bet 10"]  # small bets after the first draw


def test_a_no_limit_single_draw_offers_the_least_bet_and_the_pad(
    served: Room, floor: httpx.Client
) -> None:
    new(served, "D2", "--game", "single-draw-27", "--betting", "no-limit", "--blinds", "5/10",
        "--button", "2", "--seats", "1=500,2=300")  # fmt: skip
    page = tap(floor, "D2", event="deal")
    assert buttons(page) == ["fold", "call 5", "raise to 20"]
    assert 'data-lowest="20" data-highest="300"' in page
    assert 'Undo <span class="undo-text">deal</span>' in page
    form = {"csrf": csrf_of(page), "after": re.findall(r'data-last="(\d+)"', page)[0]}
    undone = floor.post("/station/D2/undo", data=form)
    assert undone.status_code == 303, undone.text[:2000]
    assert texts(floor, "D2") == []
    assert 'data-step="deal"' in floor.get("/station/D2").text


def test_a_mixed_table_says_which_game_of_the_rotation_is_dealt(
    served: Room, floor: httpx.Client
) -> None:
    new(served, "M1", "--rotation", "razz,stud", "--ante", "1", "--bring-in", "2",
        "--limits", "4/8", "--seats", "1=100,2=100,3=100")  # fmt: skip
    page = floor.get("/station/M1").text
    assert "Razz 4/8, ante 1, bring-in 2" in page
    assert "Rotation by orbit: razz, game 1 of 2 (razz, stud), hand 1 of 3" in page


def test_a_draw_post_through_the_api_is_stored_once_and_a_stale_one_refused(
    served: Room, floor: httpx.Client
) -> None:
    new(served, "D3", "--game", "badugi", "--betting", "limit", "--blinds", "5/10",
        "--limits", "10/20", "--button", "2", "--seats", "1=500,2=500")  # fmt: skip
    token = floorman(served.db, "station", "token", "D3")
    assert token.returncode == 0, token.stderr
    served.stations["D3"] = token.stdout.strip()
    station = served.station("D3")
    last = station.get("/api/tables/D3").json()["last"]
    post = {"events": ["deal", "call"], "after": last}
    first = station.post("/api/tables/D3/events", json=post, headers={"idempotency-key": "d1"})
    again = station.post("/api/tables/D3/events", json=post, headers={"idempotency-key": "d1"})
    assert first.status_code == 200, first.text
    assert [r["text"] for r in first.json()["recorded"]] == ["deal", "2 call"]
    assert again.json()["replayed"] is True
    assert texts(floor, "D3") == ["deal", "2 call"]
    stale = station.post("/api/tables/D3/events", json={"events": ["1 check"], "after": last})
    assert stale.status_code == 409
    assert stale.json()["table"]["game"] == "badugi"
    page = floor.post("/station/D3", data={"csrf": csrf_of(floor.get("/station/D3").text),
                                           "after": str(last), "event": "1 check"})  # fmt: skip
    assert page.status_code == 409
    assert "changed since record" in page.text
    assert texts(floor, "D3") == ["deal", "2 call"]


def keys(page: str) -> str:
    """The station's keyboard hint as the dealer reads it (empty for none)."""
    found = re.search(r'<p class="shortcuts hint">(.*?)</p>', page, flags=re.S)
    return "" if found is None else re.sub(r"<[^>]+>", "", found.group(1))


def test_the_keyboard_hint_names_the_keys_of_the_stud_or_draw_buttons_on_the_page(
    served: Room, floor: httpx.Client
) -> None:
    new(served, "K1", "--game", "stud", "--ante", "1", "--bring-in", "2", "--limits", "4/8",
        "--seats", "1=100,2=100")  # fmt: skip
    page = floor.get("/station/K1").text
    assert keys(page) == ""  # dealing the cards: they are picked, no key deals them
    for seat, up in ((1, "Th"), (2, "2c")):
        tap(floor, "K1", event=f"down {seat} ?? ??")
        page = tap(floor, "K1", event=f"up {seat} CARDS", **{f"c.{up}": up})
    assert keys(page) == "Keys: i bring-in, o complete 4."
    page = tap(floor, "K1", event="2 bring-in")
    assert keys(page) == "Keys: o complete 4, f fold, c call."
    page = tap(floor, "K1", event="1 complete 4")
    assert keys(page) == "Keys: f fold, c call, r raise 8."
    new(served, "K2", "--game", "triple-draw-27", "--betting", "limit", "--blinds", "5/10",
        "--limits", "10/20", "--button", "2", "--seats", "1=500,2=500")  # fmt: skip
    page = tap(floor, "K2", event="deal")
    assert keys(page) == "Keys: f fold, c call, r raise 20."
    tap(floor, "K2", event="2 call")
    page = tap(floor, "K2", event="1 check")
    assert keys(page) == "Keys: p stands pat, 1 to 5 draws that many."
    assert 'data-shortcut="p"' in page
    assert re.findall(r'data-step="1 draws (\d)"[^>]*data-shortcut="(\d)"', page) == [
        (n, n) for n in "12345"
    ]
    assert "bring-in" not in keys(page)
    new(served, "K3", "--game", "badugi", "--betting", "limit", "--blinds", "5/10",
        "--limits", "10/20", "--button", "2", "--seats", "1=500,2=500")  # fmt: skip
    tap(floor, "K3", event="deal")
    tap(floor, "K3", event="2 call")
    page = tap(floor, "K3", event="1 check")
    assert keys(page) == "Keys: p stands pat, 1 to 4 draws that many."  # four cards


@pytest.mark.parametrize(("table", "game"), [("N1", "razz"), ("N2", "triple-draw-27")])
def test_next_hand_waits_at_the_api_and_the_station_for_every_live_hand(
    served: Room, floor: httpx.Client, table: str, game: str
) -> None:
    """One hand of two shown at the showdown: the API's and the station's next hand are
    refused with the line ``floorman next`` says, as at a hold'em table; the other hand
    mucked at the station, the next hand is dealt. Each event names its record, its time
    and who entered it: the terminal, the station's token, the floor person signed in."""
    from test_tables_games import SHOWN_ONE

    header, events, muck = SHOWN_ONE[game]
    new(served, table, *header[3:])
    by_terminal = floorman(served.db, "add", "-t", table, *events[:-1])
    assert by_terminal.returncode == 0, by_terminal.stderr
    token = floorman(served.db, "station", "token", table)
    assert token.returncode == 0, token.stderr
    served.stations[table] = token.stdout.strip()
    station = served.station(table)
    shown = station.post(f"/api/tables/{table}/events", json={"events": [events[-1]]})
    assert shown.status_code == 200, shown.text
    last = station.get(f"/api/tables/{table}").json()["last"]
    refused = station.post(f"/api/tables/{table}/next", json={"after": last})
    said = (
        f"table {table}: hand {shown.json()['hand']} is at the showdown with hands still to be"
        " tabled; record them (show, muck) or use --force"
    )
    assert (refused.status_code, refused.json()) == (400, {"error": said})
    page = floor.get(f"/station/{table}").text
    form = {"csrf": csrf_of(page), "after": str(last)}
    refused = floor.post(f"/station/{table}/next", data=form)
    assert refused.status_code == 400
    assert said in refused.text
    assert floor.get(f"/api/tables/{table}").json()["last"] == last  # nothing dealt
    tap(floor, table, event=muck)
    view = floor.get(f"/api/tables/{table}").json()
    authors = [e["by"] for e in view["events"]]
    count = len(view["events"])
    assert authors == ["terminal"] * (count - 2) + [f"station {table}", "floor"]
    assert view["events"][-2]["id"] == shown.json()["recorded"][0]["id"]
    ids = [e["id"] for e in view["events"]]
    assert ids == sorted(set(ids))
    assert ids[-1] == view["last"]
    assert all(e["at"] for e in view["events"])
    form["after"] = str(view["last"])
    dealt = floor.post(f"/station/{table}/next", data=form)
    assert dealt.status_code == 303, dealt.text[:2000]
    assert floor.get(f"/api/tables/{table}").json()["events"] == []
