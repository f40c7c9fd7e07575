"""Drills in the browser, against a real server on either store: a trainee takes a drill
by its forms and by the API, gets the answer, the explanation and the citation; a
malformed answer is asked again; trainers give drill sets and read every trainee, a
trainee only themself; wrong answers come back; a timed drill; CSRF and sign-in as the
rest of the server; answer input fuzzed."""

from __future__ import annotations

import json
import os
import re
import time
from collections.abc import Iterator

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from roomserver import PASSWORD, Room, Serve, csrf_of, floorman, room_on_either_store

FUZZ = settings(
    max_examples=int(os.environ.get("FLOORMAN_FUZZ_EXAMPLES", "10")),
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def room(
    room_server: Serve, request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Room]:
    with room_on_either_store(room_server, request, tmp_path_factory, tables=("7",)) as served:
        for name in ("tia", "ted"):
            added = floorman(served.db, "users", "add", name, "--role", "trainee",
                             stdin=PASSWORD + "\n")  # fmt: skip
            assert added.returncode == 0, added.stderr
        yield served


def trainee(room: Room, name: str = "tia") -> tuple[httpx.Client, str]:
    client = room.signed_in(name)
    page = client.get("/drill")
    assert page.status_code == 200, page.text
    return client, csrf_of(page.text)


def start(client: httpx.Client, csrf: str, **body: object) -> dict[str, object]:
    answer = client.post("/api/drill/runs", json=body, headers={"x-csrf-token": csrf})
    assert answer.status_code == 201, answer.text
    return dict(answer.json())


def test_a_trainee_takes_a_split_by_the_form_and_a_malformed_answer_is_asked_again(
    room: Room,
) -> None:
    client, csrf = trainee(room)
    made = client.post("/drill", data={"csrf": csrf, "topic-splits": "on", "count": "2"})
    assert made.status_code == 303
    run = made.headers["location"]
    page = client.get(run)
    seats = re.findall(r'name="(seat-\d+)"', page.text)
    assert len(seats) >= 2
    assert "+1" in page.text
    again = client.post(f"{run}/answer", data={"csrf": csrf, "number": "1", seats[0]: "1"})
    assert again.status_code == 400
    assert "give an amount for seat" in again.text
    assert 'name="seat-' in again.text
    number = run.rsplit("/", 1)[1]
    assert client.get(f"/api/drill/runs/{number}").json()["answered"] == 0
    done = client.post(f"{run}/answer", data={"csrf": csrf, "number": "1", "millis": "4000",
                                              **dict.fromkeys(seats, "10")})  # fmt: skip
    assert done.status_code == 303
    assert done.headers["location"].endswith("?shown=1")
    shown = client.get(done.headers["location"]).text
    assert "Not right" in shown or "Right" in shown
    assert "RRoP §3 Ties 5(a)" in shown
    assert "The answer:" in shown
    assert "Next question" in shown
    view = client.get(f"/api/drill/runs/{number}").json()
    assert view["answered"] == 1
    assert view["results"][0]["given"] == " ".join(["10"] * len(seats))
    assert view["results"][0]["rule"].startswith("RRoP §3 Ties 5(a)")


def test_a_trainee_answers_by_the_api_and_gets_the_ruling_and_its_citation(room: Room) -> None:
    client, csrf = trainee(room)
    run = start(client, csrf, topics=["irregularities"], count=3, rulebook="tda-2024")
    number = run["run"]
    question = run["next"]
    assert isinstance(question, dict)
    assert question["choices"]
    assert "answer" not in question
    post = {"number": 1, "choice": 1, "millis": 1500}
    result = client.post(f"/api/drill/runs/{number}/answers", json=post,
                         headers={"x-csrf-token": csrf}).json()  # fmt: skip
    assert set(result) >= {"correct", "answer", "explanation", "cite", "rule", "millis"}
    assert result["millis"] <= 1500
    assert result["cite"]
    twice = client.post(f"/api/drill/runs/{number}/answers", json=post,
                        headers={"x-csrf-token": csrf})  # fmt: skip
    assert twice.status_code == 409
    bad = client.post(f"/api/drill/runs/{number}/answers", json={"number": 2, "choice": 99},
                      headers={"x-csrf-token": csrf})  # fmt: skip
    assert bad.status_code == 400
    assert "not a choice" in bad.json()["error"]


def test_each_sees_their_own_results_and_trainers_see_everyone(room: Room) -> None:
    tia, tia_csrf = trainee(room)
    run = start(tia, tia_csrf, topics=["reading"], count=1)["run"]
    ted, _ = trainee(room, "ted")
    assert ted.get(f"/api/drill/runs/{run}").status_code == 404
    assert ted.get("/api/drill/trainees/tia").status_code == 403
    assert ted.get("/drills/trainees/tia").status_code == 403
    assert ted.get("/api/drill/trainees").status_code == 403
    assert ted.get("/api/drill/trainees/TED").status_code == 200
    coach = room.signed_in("coach")
    assert coach.get(f"/api/drill/runs/{run}").json()["trainee"] == "tia"
    assert "tia" in coach.get("/api/drill/trainees").json()["trainees"]
    listed = coach.get("/drills/trainees")
    assert listed.status_code == 200
    assert "/drills/trainees/tia" in listed.text
    assert "/drills/trainees/ted" in listed.text
    assert ted.get("/drills/trainees").status_code == 403
    page = coach.get("/drills/trainees/tia")
    assert page.status_code == 200
    assert "rules to teach next" in page.text
    # a trainee reaches no table and no floor page
    for path in ("/tables/7", "/api/tables", "/api/tables/7", "/drills", "/api/stream"):
        assert ted.get(path).status_code == 403, path
    assert ted.get("/").headers["location"] == "/drill"
    station = room.station("7")
    assert station.get("/api/drill/topics").status_code == 403


def test_trainers_give_drill_sets_that_trainees_take(room: Room) -> None:
    coach = room.signed_in("coach")
    csrf = csrf_of(coach.get("/drills/trainees/ted").text)
    given = coach.post("/api/drill/trainees/ted/assignments",
                       json={"topics": ["splits"], "count": 2, "time_limit": 45},
                       headers={"x-csrf-token": csrf})  # fmt: skip
    assert given.status_code == 201
    number = given.json()["assignment"]
    ted, ted_csrf = trainee(room, "ted")
    assert f'name="assignment" value="{number}"' in ted.get("/drill").text
    run = start(ted, ted_csrf, assignment=number)
    assert (run["questions"], run["time_limit"], run["topics"]) == (2, 45, ["splits"])
    tia, tia_csrf = trainee(room)
    refused = tia.post("/api/drill/runs", json={"assignment": number},
                       headers={"x-csrf-token": tia_csrf})  # fmt: skip
    assert refused.status_code == 404
    assert tia.post("/api/drill/trainees/ted/assignments", json={},
                    headers={"x-csrf-token": tia_csrf}).status_code == 403  # fmt: skip


def test_wrong_answers_come_back_in_the_next_drill(room: Room) -> None:
    client, csrf = trainee(room, "ted")
    first = start(client, csrf, topics=["reading"], count=2)
    for number in (1, 2):
        view = client.get(f"/api/drill/runs/{first['run']}").json()
        assert view["next"]["number"] == number
        result = client.post(f"/api/drill/runs/{first['run']}/answers",
                             json={"number": number, "choice": 1},
                             headers={"x-csrf-token": csrf}).json()  # fmt: skip
        assert "correct" in result
    report = client.get("/api/drill/trainees/ted").json()
    wrong = report["boxes"]["1"]
    second = start(client, csrf, topics=["reading"], count=4)
    assert second["reviews"] == min(wrong, 2)
    assert report["weak_rules"]
    assert report["progress"][-1]["questions"] >= 2


def test_a_timed_answer_past_its_limit_counts_wrong(room: Room) -> None:
    client, csrf = trainee(room)
    run = start(client, csrf, topics=["reading"], count=1, time_limit=1)
    question = run["next"]
    assert isinstance(question, dict)
    assert question["time_limit"] == 1
    page = client.get(f"/drill/runs/{run['run']}").text
    assert 'data-limit="1"' in page
    time.sleep(1.2)
    result = client.post(f"/api/drill/runs/{run['run']}/answers",
                         json={"number": 1, "choice": 1},
                         headers={"x-csrf-token": csrf}).json()  # fmt: skip
    assert result["out_of_time"] is True
    assert result["correct"] is False
    assert result["millis"] >= 1000


def test_changes_need_the_sign_in_and_its_csrf_token(room: Room) -> None:
    client, csrf = trainee(room)
    assert client.post("/drill", data={"count": "2"}).status_code == 403
    assert client.post("/api/drill/runs", json={"count": 2}).status_code == 403
    stranger = room.client()
    assert stranger.post("/api/drill/runs", json={}).status_code == 401
    assert stranger.get("/drill").headers["location"] == "/login"
    assert client.post("/api/drill/runs", json={"count": 99},
                       headers={"x-csrf-token": csrf}).status_code == 400  # fmt: skip
    assert client.post("/api/drill/runs", json={"topics": ["poker"]},
                       headers={"x-csrf-token": csrf}).status_code == 400  # fmt: skip


answer_body = st.fixed_dictionaries(
    {},
    optional={
        "number": st.one_of(st.integers(-3, 60), st.text(max_size=5), st.none()),
        "choice": st.one_of(st.integers(-5, 2000), st.text(max_size=12), st.booleans()),
        "amounts": st.one_of(
            st.dictionaries(st.text(max_size=4), st.integers(-5, 10**12), max_size=5),
            st.text(max_size=10),
        ),
        "answer": st.text(max_size=60),
        "millis": st.one_of(st.integers(-10, 10**12), st.floats(allow_nan=False)),
    },
)


FUZZED: dict[str, tuple[httpx.Client, str, object]] = {}
"""One drill per room that the fuzzed answers go to (a drill for each would cost more)."""


@FUZZ
@given(body=answer_body, form=st.dictionaries(
    st.sampled_from(["number", "choice", "seat-1", "seat-2", "seat-9", "millis", "x"]),
    st.text(max_size=12), max_size=5))  # fmt: skip
def test_any_answer_is_marked_or_refused_in_one_line(
    room: Room, body: dict[str, object], form: dict[str, str]
) -> None:
    if room.url not in FUZZED:
        client, csrf = trainee(room, "ted")
        FUZZED[room.url] = (client, csrf, start(client, csrf, topics=["reading"], count=50)["run"])
    client, csrf, run = FUZZED[room.url]
    # as text: a hostile client's JSON may hold an infinity (``1e999``) httpx would refuse
    answer = client.post(f"/api/drill/runs/{run}/answers", content=json.dumps(body),
                         headers={"x-csrf-token": csrf,
                                  "content-type": "application/json"})  # fmt: skip
    assert answer.status_code in (200, 400, 404, 409), answer.text
    if answer.status_code != 200:
        assert "\n" not in answer.json()["error"]
    page = client.post(f"/drill/runs/{run}/answer", data={"csrf": csrf, **form})
    assert page.status_code in (303, 400, 404, 409), page.text


def test_a_stud_and_draw_drill_in_the_browser_marks_by_the_engine(room: Room) -> None:
    client, csrf = trainee(room, "ted")
    topics = ["bring-in", "first-to-act", "low-hands", "stud-splits", "draw"]
    run = start(client, csrf, topics=topics, count=5, rulebook="wsop-2024")
    number = run["run"]
    seen = set()
    for place in range(1, 6):
        view = client.get(f"/api/drill/runs/{number}").json()
        question = view["next"]
        assert question["number"] == place
        seen.add(question["topic"])
        assert question["headline"]
        if question["kind"] == "split":
            short = {"number": place, "amounts": {str(question["seats_asked"][0]): 1}}
            refused = client.post(f"/api/drill/runs/{number}/answers", json=short,
                                  headers={"x-csrf-token": csrf})  # fmt: skip
            assert refused.status_code == 400
            amounts = dict.fromkeys(map(str, question["seats_asked"]), 0)
            body: dict[str, object] = {"number": place, "amounts": amounts}
        else:
            body = {"number": place, "choice": 1}
        result = client.post(f"/api/drill/runs/{number}/answers", json=body,
                             headers={"x-csrf-token": csrf}).json()  # fmt: skip
        assert result["cite"]
        assert result["rule"]
        assert result["answer"]
    assert seen <= set(topics)
    assert client.get(f"/api/drill/runs/{number}").json()["answered"] == 5
