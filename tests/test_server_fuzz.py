"""Every input path of the server, fuzzed against a real one: API bodies, the idempotency
key, table names, query strings and the form fields. Whatever comes in, the answer is a
clear 4xx (JSON with one line for the API) or a success, never a server error, on
either store.

Bounded: ``FLOORMAN_FUZZ_EXAMPLES`` examples a test (10 unless set), each a request."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from urllib.parse import quote

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from roomserver import Room, Serve, csrf_of, login_csrf, room_on_either_store

FUZZ = settings(
    max_examples=int(os.environ.get("FLOORMAN_FUZZ_EXAMPLES", "10")),
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

EVENT_WORDS = ["deal", "3 call", "4 fold", "burn", "flop Ah Kd 7c", "turn 7d", "note <x>", "9 call"]
event_text = st.one_of(st.sampled_from(EVENT_WORDS), st.text(max_size=60))
json_value = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
body = st.one_of(
    st.fixed_dictionaries(
        {"events": st.lists(event_text, max_size=6)},
        optional={"after": st.one_of(st.none(), st.integers(-5, 2**64)), "x": json_value},
    ),
    json_value,
)
header_text = st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=250).map(
    str.strip
)
table_name = st.text(
    st.characters(codec="utf-8", exclude_categories=["Cs"]), min_size=1, max_size=30
)


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def room(
    room_server: Serve, request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Room]:
    """A room on a SQLite file, then on PostgreSQL (whose text refuses NUL characters)."""
    with room_on_either_store(room_server, request, tmp_path_factory, ("7",)) as served:
        yield served


@pytest.fixture(scope="module")
def floor(room: Room) -> httpx.Client:
    return room.signed_in()


@pytest.fixture(scope="module")
def station(room: Room) -> httpx.Client:
    return room.station("7")


def one_line_error(answer_status: int, text: str) -> None:
    assert answer_status < 500, text
    if answer_status >= 400:
        error = json.loads(text)["error"]
        assert isinstance(error, str)
        assert "\n" not in error
        assert "Traceback" not in error


@FUZZ
@given(data=body, key=st.one_of(st.none(), header_text))
def test_any_events_body_or_key_is_answered_clearly(
    station: httpx.Client, data: object, key: str | None
) -> None:
    headers = {} if key is None else {"idempotency-key": key}
    answer = station.post("/api/tables/7/events", json=data, headers=headers)
    one_line_error(answer.status_code, answer.text)


@FUZZ
@given(raw=st.binary(max_size=300))
def test_any_bytes_as_a_body_are_answered_clearly(station: httpx.Client, raw: bytes) -> None:
    answer = station.post(
        "/api/tables/7/events", content=raw, headers={"content-type": "application/json"}
    )
    one_line_error(answer.status_code, answer.text)


@FUZZ
@given(name=table_name, view=st.one_of(st.none(), header_text))
def test_any_table_name_or_view_is_answered_clearly(
    floor: httpx.Client, name: str, view: str | None
) -> None:
    path = quote(name, safe="")
    for url in (
        f"/api/tables/{path}",
        f"/tables/{path}",
        f"/station/{path}?since={quote(view or '')}",
    ):
        answer = floor.get(url)
        assert answer.status_code < 500, (url, answer.text)
    if view is not None:
        with floor.stream("GET", "/api/stream", params={"view": view, "table": name}) as streamed:
            assert streamed.status_code in (200, 400, 403), streamed.status_code
            if streamed.status_code != 200:
                one_line_error(streamed.status_code, streamed.read().decode())


FORM_FIELDS = ["name", "password", "station", "csrf", "event", "text", "amount", "after", "x"]
form_fields = st.dictionaries(
    st.sampled_from([*FORM_FIELDS, "seat", "c.Ah"]),
    st.text(max_size=80),
    max_size=6,
)


@FUZZ
@given(fields=form_fields)
def test_any_sign_in_form_is_answered_clearly(room: Room, fields: dict[str, str]) -> None:
    client = room.client()
    token = login_csrf(client)
    for form in (fields, {**fields, "csrf": token}):
        answer = client.post("/login", data=form)
        assert answer.status_code in (303, 400, 403, 429), answer.text
        if answer.status_code == 429:  # wrong tries from one address: wait, and say how long
            assert int(answer.headers["retry-after"]) > 0
            assert "Too many wrong" in answer.text
        if answer.status_code == 303:
            assert answer.headers["location"] in ("/login?message=bad", "/", "/station/7")


@FUZZ
@given(fields=form_fields)
def test_any_station_form_is_answered_clearly(floor: httpx.Client, fields: dict[str, str]) -> None:
    csrf = csrf_of(floor.get("/").text)
    for form in (fields, {**fields, "csrf": csrf}):
        answer = floor.post("/station/7", data=form)
        assert answer.status_code in (200, 303, 400, 403, 404, 409), answer.text
        assert "Traceback" not in answer.text


query_text = st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=300)
rulebook_name = st.one_of(
    st.sampled_from(["rrop", "tda-2024", "every", "first-or-second", "../rrop", "rrop.yaml"]),
    query_text,
)


@FUZZ
@given(q=st.one_of(st.sampled_from(["turn came early", "<script>", "rule 88"]), query_text),
       rulebook=st.one_of(st.none(), rulebook_name))  # fmt: skip
def test_any_question_or_rulebook_asked_is_answered_clearly(
    floor: httpx.Client, q: str, rulebook: str | None
) -> None:
    params = {"q": q} | ({} if rulebook is None else {"rulebook": rulebook})
    page = floor.get("/ask", params=params)
    assert page.status_code in (200, 400), page.text
    assert "<script>" not in page.text.replace('<script src="/static/live.js" defer></script>', "")
    api = floor.get("/api/ask", params=params)
    assert api.status_code in (200, 400)
    one_line_error(api.status_code, api.text)


hand_text = st.one_of(
    st.integers(-(2**70), 2**70).map(str),
    st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), min_size=1, max_size=25),
)


@FUZZ
@given(hand=hand_text, name=st.one_of(st.just("7"), table_name))
def test_any_hand_id_at_any_table_is_answered_clearly(
    floor: httpx.Client, hand: str, name: str
) -> None:
    table, number = quote(name, safe=""), quote(hand, safe="")
    for url in (f"/tables/{table}/hands/{number}", f"/tables/{table}/hands/{number}/report.pdf",
                f"/api/tables/{table}/hands/{number}", f"/api/tables/{table}/hands",
                f"/tables/{table}/card.pdf?paper={number}"):  # fmt: skip
        answer = floor.get(url)
        assert answer.status_code in (200, 400, 403, 404), (url, answer.status_code, answer.text)
        if answer.headers["content-type"] == "application/json":
            one_line_error(answer.status_code, answer.text)


@FUZZ
@given(
    rulebook=st.one_of(st.none(), rulebook_name),
    game=st.one_of(st.none(), st.sampled_from(["holdem", "omaha", "stud"]), query_text),
    paper=st.one_of(st.none(), st.sampled_from(["letter", "a4", "A4"]), query_text),
    kind=st.sampled_from(["card", "sheet"]),
)
def test_any_rules_to_print_are_answered_clearly(
    floor: httpx.Client, rulebook: str | None, game: str | None, paper: str | None, kind: str
) -> None:
    given_params = {"rulebook": rulebook, "game": game, "paper": paper}
    params = {key: value for key, value in given_params.items() if value is not None}
    answer = floor.get(f"/rules/{kind}.pdf", params=params)
    assert answer.status_code in (200, 400), answer.text
    if answer.status_code == 200:
        assert answer.content.startswith(b"%PDF")
