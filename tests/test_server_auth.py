"""Who may do what on the card room server: nothing without signing in, a station only
at its own table, no form without its CSRF token, and a player's note shown as text."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from roomserver import PASSWORD, Room, Serve, cookie_value, csrf_of, floorman, login_csrf


@pytest.fixture(scope="module")
def room(room_server: Serve, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Room]:
    with room_server(tmp_path_factory.mktemp("room") / "room.db") as served:
        yield served


PAGES = [
    "/", "/tables/7", "/tables/7/report.pdf", "/station/7", "/tables/7/hands/1",
    "/tables/7/hands/1/report.pdf", "/tables/7/card.pdf", "/tables/7/sheet.pdf",
    "/ask?q=misdeal", "/rules", "/rules/card.pdf", "/rules/sheet.pdf", "/drills",
]  # fmt: skip
API = [
    "/api/tables", "/api/tables/7", "/api/openapi.json", "/api/stream",
    "/api/tables/7/hands", "/api/tables/7/hands/1", "/api/ask?q=misdeal", "/api/drills",
]  # fmt: skip


@pytest.mark.parametrize("path", PAGES)
def test_a_signed_out_page_sends_to_the_sign_in(room: Room, path: str) -> None:
    answer = room.client().get(path)
    assert answer.status_code == 303
    assert answer.headers["location"] == "/login"
    assert "7" not in answer.text


@pytest.mark.parametrize("path", API)
def test_a_signed_out_api_call_gets_nothing(room: Room, path: str) -> None:
    answer = room.client().get(path)
    assert answer.status_code == 401
    assert answer.json() == {"error": "sign in first, or send a station token"}


def test_a_signed_out_post_stores_nothing(room: Room) -> None:
    client = room.client()
    assert client.post("/api/tables/7/events", json={"events": ["deal"]}).status_code == 401
    assert client.post("/station/7", data={"event": "deal"}).status_code == 303
    forged = room.client(authorization="Bearer not-a-token")
    assert forged.post("/api/tables/7/events", json={"events": ["deal"]}).status_code == 401
    assert room.station("7").get("/api/tables/7").json()["events"] == []


def test_only_the_sign_in_page_and_its_stylesheet_are_open(room: Room) -> None:
    client = room.client()
    assert client.get("/login").status_code == 200
    assert client.get("/static/web.css").status_code == 200


def test_a_station_writes_and_reads_only_its_own_table(room: Room) -> None:
    station = room.station("7")
    refused = station.post("/api/tables/8/events", json={"events": ["deal"]})
    assert refused.status_code == 403
    assert refused.json() == {"error": "station 7 may write only to table 7"}
    assert station.get("/api/tables/8").status_code == 403
    assert [t["table"] for t in station.get("/api/tables").json()["tables"]] == ["7"]
    assert room.station("8").get("/api/tables/8").json()["events"] == []


def test_a_trainer_reads_the_floor_but_records_nothing(room: Room) -> None:
    coach = room.signed_in("coach")
    assert coach.get("/api/tables/7").status_code == 200
    csrf = csrf_of(coach.get("/").text)
    refused = coach.post(
        "/api/tables/7/events", json={"events": ["note hi"]}, headers={"x-csrf-token": csrf}
    )
    assert refused.status_code == 403
    assert refused.json() == {"error": "coach (trainer) may not record events"}
    assert coach.get("/drills").status_code == 200
    assert coach.get("/tables/7").status_code == 200
    station_page = coach.get("/station/7").text
    assert "deal the cards; seat 3 acts first" in station_page
    assert 'class="actions"' not in station_page
    assert 'name="text"' not in station_page


def test_a_forged_or_missing_csrf_token_is_refused(room: Room) -> None:
    floor = room.signed_in()
    for token in (None, "forged"):
        headers = {} if token is None else {"x-csrf-token": token}
        api = floor.post("/api/tables/8/events", json={"events": ["deal"]}, headers=headers)
        assert api.status_code == 403
        assert "CSRF" in api.json()["error"]
        form = {"event": "deal", "after": "0"} | ({} if token is None else {"csrf": token})
        page = floor.post("/station/8", data=form)
        assert page.status_code == 403
        assert "CSRF" in page.text
    assert room.station("8").get("/api/tables/8").json()["events"] == []
    good = floor.post("/station/8", data={"event": "deal", "csrf": csrf_of(floor.get("/").text)})
    assert good.status_code == 303


def test_the_sign_in_form_needs_its_own_csrf_token(room: Room) -> None:
    client = room.client()
    login_csrf(client)
    forged = client.post("/login", data={"name": "floor", "password": PASSWORD, "csrf": "x"})
    assert forged.status_code == 403
    assert "floorman_session" not in forged.headers.get("set-cookie", "")


def test_a_wrong_password_or_a_disabled_user_signs_nobody_in(room: Room) -> None:
    client = room.client()
    csrf = login_csrf(client)
    wrong = client.post("/login", data={"name": "floor", "password": "guess", "csrf": csrf})
    assert (wrong.status_code, wrong.headers["location"]) == (303, "/login?message=bad")
    assert "floorman_session" not in wrong.headers.get("set-cookie", "")
    added = floorman(room.db, "users", "add", "gone", "--role", "floor", stdin=PASSWORD + "\n")
    assert added.returncode == 0
    signed = room.signed_in("gone")
    assert signed.get("/api/tables").status_code == 200
    assert floorman(room.db, "users", "disable", "gone").returncode == 0
    assert signed.get("/api/tables").status_code == 401
    again = client.post("/login", data={"name": "gone", "password": PASSWORD, "csrf": csrf})
    assert again.headers["location"] == "/login?message=bad"


def test_a_password_hashed_with_old_parameters_is_hashed_anew_at_sign_in(room: Room) -> None:
    import hashlib

    from floorman.store.passwords import needs_rehash, verify_password
    from floorman.store.staff import open_staff

    salt = b"fedcba9876543210"
    digest = hashlib.scrypt(PASSWORD.encode(), salt=salt, n=2**14, r=8, p=1, dklen=32)
    old = "$".join(("scrypt", "16384", "8", "1", *map(_b64, (salt, digest))))
    with open_staff(str(room.db)) as staff:
        staff.add_user("olda", "floor", old)
    first = room.signed_in("olda")
    with open_staff(str(room.db)) as staff:
        _, stored = staff.user("olda") or (None, "")
    assert not needs_rehash(stored)
    assert verify_password(PASSWORD, stored)
    assert first.get("/api/tables").status_code == 200
    assert room.signed_in("olda").get("/api/tables").status_code == 200


def _b64(data: bytes) -> str:
    import base64

    return base64.b64encode(data).decode()


def test_the_session_cookie_is_secure_http_only_and_same_site(room: Room) -> None:
    client = room.client()
    csrf = login_csrf(client)
    answer = client.post("/login", data={"name": "floor", "password": PASSWORD, "csrf": csrf})
    (cookie,) = [c for c in answer.headers.get_list("set-cookie") if "floorman_session=" in c]
    flags = {part.strip().lower() for part in cookie.split(";")}
    assert {"secure", "httponly", "samesite=strict"} <= flags


def test_signing_out_ends_the_session(room: Room) -> None:
    floor = room.signed_in()
    csrf = csrf_of(floor.get("/").text)
    out = floor.post("/logout", data={"csrf": csrf})
    assert out.headers["location"] == "/login?message=out"
    assert floor.get("/api/tables").status_code == 401


def test_a_station_signs_in_with_its_token_and_lands_on_its_table(room: Room) -> None:
    client = room.client()
    csrf = login_csrf(client)
    answer = client.post("/login", data={"station": room.stations["7"], "csrf": csrf})
    assert answer.headers["location"] == "/station/7"
    client.headers["cookie"] = f"floorman_session={cookie_value(answer, 'floorman_session')}"
    assert client.get("/station/7").status_code == 200
    assert client.get("/station/8").status_code == 403
    assert client.get("/").headers["location"] == "/station/7"


def test_a_note_holding_a_script_is_shown_as_text(room: Room) -> None:
    station = room.table("notes")
    note = "note <script>alert('x')</script> & <b>bold</b>"
    assert station.post("/api/tables/notes/events", json={"events": [note]}).status_code == 200
    floor = room.signed_in()
    for path in ("/", "/tables/notes", "/station/notes"):
        page = floor.get(path).text
        assert "<script>alert" not in page
        assert (
            "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;" in page
        )
    policy = floor.get("/").headers["content-security-policy"]
    assert "default-src 'self'" in policy


def test_a_notes_control_characters_are_shown_as_escapes_on_every_page(room: Room) -> None:
    station = room.table("controls")
    note = "note fine\r\x1b[2Kforged \u202eright to left"
    answer = station.post("/api/tables/controls/events", json={"events": [note]})
    assert answer.status_code == 200
    floor = room.signed_in()
    for path in ("/", "/tables/controls", "/station/controls"):
        page = floor.get(path).text
        assert "fine\\r\\x1b[2Kforged \\u202eright to left" in page
        assert "\u202e" not in page
        assert "\x1b" not in page
