"""The floor's other pages against a real server: a table's earlier hands and its session,
``ask`` as a search box, the rule card and sheet as PDF, and the trainees' drills. Each
answers as the command it stands for does: the same rulings, the same documents."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from pdftext import text_of
from roomserver import PREMATURE_TURN, Room, Serve, floorman, login_csrf


@pytest.fixture(scope="module")
def room(room_server: Serve, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Room]:
    folder = tmp_path_factory.mktemp("room")
    with room_server(folder / "room.db", tables=("7", "8")) as served:
        db = served.db
        played = [*PREMATURE_TURN, "3 fold", "4 fold", "1 fold"]
        for step in (
            ["add", "-t", "7", *played],
            ["next", "-t", "7", "--sit", "8=200"],
            ["table", "sit", "-t", "7", "9", "150", "--name", "Ann", "--by", "ana"],
            ["add", "-t", "7", "deal", "3 call", "misdeal"],
            ["next", "-t", "7"],
            ["add", "-t", "7", "deal"],
        ):
            done = floorman(db, *step)
            assert done.returncode == 0, (step, done.stderr)
        answers = folder / "answers.txt"
        answers.write_text("1\n2\n1\n3\n1\n2\n1\n1\n")
        for trainee, seed in (("Alex", "3"), ("Sam", "5")):
            drilled = floorman(
                db, "drill", "--trainee", trainee, "--count", "8", "--seed", seed,
                "--topic", "irregularities", "--answers", str(answers),
            )  # fmt: skip
            assert drilled.returncode == 0, drilled.stderr
        yield served


@pytest.fixture(scope="module")
def floor(room: Room) -> httpx.Client:
    return room.signed_in()


def terminal(*args: str) -> str:
    """What ``floorman ARGS`` prints at a terminal, which must succeed."""
    done = subprocess.run(
        [sys.executable, "-m", "floorman", *args], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def cli_json(*args: str) -> dict[str, object]:
    data: dict[str, object] = json.loads(terminal(*args, "--json"))
    return data


def printed_by(folder: Path, *args: str) -> str:
    """The words of the PDF a printing command writes."""
    out = folder / "printed.pdf"
    terminal(*args, "-o", str(out))
    return text_of(out)


def pdf_words(answer: httpx.Response, folder: Path, name: str) -> str:
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"] == "application/pdf"
    path = folder / name
    path.write_bytes(answer.content)
    return text_of(path)


# a table's history ---------------------------------------------------------------


def test_a_tables_page_lists_its_hands_newest_first_each_linking_to_its_page(
    room: Room, floor: httpx.Client
) -> None:
    page = floor.get("/tables/7").text
    listed = [int(n) for n in re.findall(r'class="hand-link" href="/tables/7/hands/(\d+)"', page)]
    hands = cli_json("hands", "--table", "7", "--db", str(room.db))["hands"]
    assert isinstance(hands, list)
    assert listed == [h["hand"] for h in hands]
    assert listed == sorted(listed, reverse=True)
    assert len(listed) == 3
    assert "closed (fold)" in page
    assert "closed (misdeal)" in page
    assert "seat 8 sits down with 200" in page
    assert "seat 9 (Ann) sits down with 150" in page
    assert "(by ana)" in page
    first = floor.get(f"/tables/7/hands/{listed[-1]}")
    assert first.status_code == 200
    assert "turn 7d" in first.text
    assert "The turn card is dealt before the betting round is complete" in first.text
    assert f'href="/tables/7/hands/{listed[-1]}/report.pdf"' in first.text


def test_the_history_api_is_the_hands_list_with_the_table_log(
    room: Room, floor: httpx.Client
) -> None:
    history = floor.get("/api/tables/7/hands").json()
    hands = cli_json("hands", "--table", "7", "--db", str(room.db))["hands"]
    log = cli_json("table", "log", "--table", "7", "--db", str(room.db))
    assert isinstance(hands, list)
    assert isinstance(log, dict)
    assert history["table"] == "7"
    for row, listed, logged in zip(history["hands"], hands, reversed(log["hands"]), strict=True):
        assert {k: row[k] for k in listed} == listed
        assert {k: row[k] for k in logged if k != "status"} == {
            k: v for k, v in logged.items() if k != "status"
        }
    assert history["next_hand_changes"] == log["next_hand_changes"]
    assert [r["rule"] for r in history["hands"][-1]["rulings"]] == ["rrop.holdem.premature-turn"]


@pytest.mark.usefixtures("poppler")
def test_an_earlier_hands_report_is_the_one_floorman_report_prints(
    room: Room, floor: httpx.Client, tmp_path: Path
) -> None:
    first = floor.get("/api/tables/7/hands").json()["hands"][-1]["hand"]
    served = pdf_words(floor.get(f"/tables/7/hands/{first}/report.pdf"), tmp_path, "served.pdf")
    assert served == printed_by(tmp_path, "report", str(first), "--db", str(room.db))
    assert "Take the 7♦ out of play" in served


def test_a_hand_is_found_only_at_its_own_table(room: Room, floor: httpx.Client) -> None:
    first = floor.get("/api/tables/7/hands").json()["hands"][-1]["hand"]
    for path in (f"/tables/8/hands/{first}", f"/tables/8/hands/{first}/report.pdf",
                 f"/api/tables/8/hands/{first}", "/tables/7/hands/0", "/tables/7/hands/x",
                 f"/tables/7/hands/{2**63}", "/api/tables/nowhere/hands"):  # fmt: skip
        assert floor.get(path).status_code == 404, path
    assert floor.get(f"/api/tables/7/hands/{first}").json()["hand"] == first


def test_a_station_reads_its_own_tables_history_and_no_other(room: Room) -> None:
    own, other = room.station("7"), room.station("8")
    assert own.get("/api/tables/7/hands").status_code == 200
    first = own.get("/api/tables/7/hands").json()["hands"][-1]["hand"]
    assert own.get(f"/api/tables/7/hands/{first}").status_code == 200
    refused = other.get("/api/tables/7/hands")
    assert refused.status_code == 403
    assert refused.json() == {"error": "station 8 may read only table 8"}
    assert other.get(f"/api/tables/7/hands/{first}").status_code == 403


# the rules as PDF ----------------------------------------------------------------


@pytest.mark.usefixtures("poppler")
@pytest.mark.parametrize("kind", ["card", "sheet"])
def test_the_rules_as_pdf_are_what_the_command_prints(
    room: Room, floor: httpx.Client, tmp_path: Path, kind: str
) -> None:
    asked = floor.get(f"/rules/{kind}.pdf", params={"rulebook": "tda-2024", "game": "omaha"})
    served = pdf_words(asked, tmp_path, "served.pdf")
    assert f'filename="tda-2024-omaha-{kind}.pdf"' in asked.headers["content-disposition"]
    assert served == printed_by(
        tmp_path, kind, "--rulebook", "tda-2024", "--game", "omaha", "--kind", "cash"
    )
    assert "TDA" in served


@pytest.mark.usefixtures("poppler")
@pytest.mark.parametrize("document", ["card", "sheet"])
@pytest.mark.parametrize(
    ("kind", "text", "other"),
    [
        (None, "a house error is corrected", "WSOP T 88-c-3-i"),
        ("cash", "a house error is corrected", "WSOP T 88-c-3-i"),
        ("tournament", "WSOP T 88-c-3-i", "a house error is corrected"),
    ],
)
def test_any_rulebooks_card_and_sheet_are_for_the_kind_of_table_asked(
    floor: httpx.Client,
    tmp_path: Path,
    document: str,
    kind: str | None,
    text: str,
    other: str,
) -> None:
    """The Live Action rules at a cash game, the default (a wrong push found late is a
    house error, corrected: LA 51), and the Tournament rules at a tournament (a flop dealt
    without a burn: T 88-c-3-i); each what ``floorman card`` or ``sheet --kind`` prints."""
    query = {"rulebook": "wsop-2024", **({"kind": kind} if kind else {})}
    asked = floor.get(f"/rules/{document}.pdf", params=query)
    served = pdf_words(asked, tmp_path, "served.pdf")
    assert served == printed_by(
        tmp_path, document, "--rulebook", "wsop-2024", "--game", "holdem", "--kind", kind or "cash"
    )
    words = {"cash": "at a cash game", "tournament": "at a tournament table"}
    assert words[kind or "cash"] in served
    if document == "sheet":
        assert text in served
        assert other not in served
    named = "-tournament" if kind == "tournament" else ""
    assert (
        f'filename="wsop-2024-holdem{named}-{document}.pdf"' in asked.headers["content-disposition"]
    )


@pytest.mark.usefixtures("poppler")
def test_a_tables_rule_card_is_its_rulebooks_for_its_game(
    room: Room, floor: httpx.Client, tmp_path: Path
) -> None:
    served = pdf_words(floor.get("/tables/7/card.pdf"), tmp_path, "served.pdf")
    assert served == printed_by(
        tmp_path, "card", "--rulebook", "rrop", "--game", "holdem", "--kind", "cash"
    )
    assert "at a cash game" in served
    assert room.station("7").get("/tables/7/sheet.pdf").status_code == 303


@pytest.mark.usefixtures("poppler")
@pytest.mark.parametrize(
    ("kind", "cites", "not_cited"),
    [
        ("cash", ["WSOP LA 164", "a house error is corrected"], ["WSOP T 88-c-3-i"]),
        ("tournament", ["WSOP T 88-c-3-i", "WSOP T 76"], ["a house error is corrected"]),
    ],
)
def test_a_tables_card_and_sheet_are_in_the_text_of_its_kind(
    room: Room,
    floor: httpx.Client,
    tmp_path: Path,
    kind: str,
    cites: list[str],
    not_cited: list[str],
) -> None:
    """A WSOP table is ruled by the Live Action rules at a cash game and the Tournament
    rules at a tournament: its card and sheet cite that text, say which, and are what
    ``floorman card`` and ``sheet --kind`` print."""
    table = f"wsop-{kind}"
    made = floorman(room.db, "new", "-t", table, "--button", "3", "--seats", "1=100,2=100,3=100",
                    "--rulebook", "wsop-2024", "--kind", kind)  # fmt: skip
    assert made.returncode == 0, made.stderr
    words = {"cash": "at a cash game", "tournament": "at a tournament table"}
    for document in ("card", "sheet"):
        served = pdf_words(floor.get(f"/tables/{table}/{document}.pdf"), tmp_path, "served.pdf")
        assert served == printed_by(
            tmp_path, document, "--rulebook", "wsop-2024", "--game", "holdem", "--kind", kind
        )
        assert words[kind] in served
        other = words["tournament" if kind == "cash" else "cash"]
        assert other not in served
        if document == "sheet":
            assert all(cite in served for cite in cites), cites
            assert not any(cite in served for cite in not_cited), not_cited
            assert "WSOP LA 163 (cash); WSOP T 89 (tournament)" not in served  # not both


@pytest.mark.parametrize(
    ("query", "says"),
    [
        ({"rulebook": "../../etc/passwd"}, "rulebook: one of rrop, tda-2024, wsop-2024"),
        ({"rulebook": "rulebook/rrop.yaml"}, "rulebook: one of"),
        ({"game": "stud"}, "game: one of holdem, omaha, omaha-hilo"),
        ({"paper": "legal"}, "paper: one of letter, a4"),
        ({"kind": "sitngo"}, "kind: one of cash, tournament"),
        ({"kind": ""}, "kind: one of cash, tournament"),
    ],
)
def test_a_rulebook_game_or_paper_not_offered_is_a_clear_400(
    floor: httpx.Client, query: dict[str, str], says: str
) -> None:
    for document in ("card", "sheet"):
        answer = floor.get(f"/rules/{document}.pdf", params=query)
        assert answer.status_code == 400
        assert says in answer.text


def test_the_rules_page_offers_every_rulebook_and_game(floor: httpx.Client) -> None:
    page = floor.get("/rules").text
    for name in ("rrop", "tda-2024", "wsop-2024", "first-or-second", "omaha-hilo"):
        assert f'<option value="{name}">' in page
    assert 'formaction="/rules/card.pdf"' in page
    assert 'formaction="/rules/sheet.pdf"' in page
    assert '<select name="kind"><option value="cash">cash game</option>' in page
    assert '<option value="tournament">tournament</option>' in page


# ask ---------------------------------------------------------------------------


def test_the_dashboard_asks_by_a_plain_get_form(floor: httpx.Client) -> None:
    page = floor.get("/").text
    form = re.search(
        r'<form class="ask-box" method="get" action="/ask"[^>]*>(.*?)</form>', page, re.S
    )
    assert form, "no ask box on the dashboard"
    assert 'name="q"' in form.group(1)
    assert 'name="rulebook"' in form.group(1)


def test_asking_in_the_floors_words_finds_the_ruling_ask_prints(
    room: Room, floor: httpx.Client
) -> None:
    page = floor.get("/ask", params={"q": "the turn came early", "rulebook": "tda-2024"}).text
    expected = cli_json("ask", "premature-turn", "--rulebook", "tda-2024")
    ruling = expected["ruling"]
    assert isinstance(ruling, dict)
    assert page.index(str(expected["title"])) < page.index("premature-flop")
    assert ruling["cite"] in page
    for step in ruling["steps"]:
        assert step["text"].replace("'", "&#39;") in page
    api = floor.get("/api/ask", params={"q": "the turn came early", "rulebook": "tda-2024"})
    best = api.json()["situations"][0]
    assert best["situation"] == "premature-turn"
    assert best["answers"] == [expected]


def test_asking_every_rulebook_answers_under_each(room: Room, floor: httpx.Client) -> None:
    found = floor.get("/api/ask", params={"q": "four-card-flop", "rulebook": "every"}).json()
    assert found["rulebooks"] == ["rrop", "tda-2024", "wsop-2024"]
    best = found["situations"][0]
    assert best["situation"] == "four-card-flop"
    assert best["answers"] == [
        cli_json("ask", "four-card-flop", "--rulebook", name)
        for name in ("rrop", "tda-2024", "wsop-2024")
    ]
    page = floor.get("/ask", params={"q": "four-card-flop", "rulebook": "every"}).text
    assert page.count("<h3>") >= 3


def test_a_script_typed_into_the_ask_box_is_shown_as_text(floor: httpx.Client) -> None:
    typed = "<script>alert('x')</script>"
    page = floor.get("/ask", params={"q": typed}).text
    assert "<script>alert" not in page
    assert "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;" in page
    assert "No situation matches" in page


def test_a_question_that_matches_nothing_says_so(floor: httpx.Client) -> None:
    page = floor.get("/ask", params={"q": "zzqx"}).text
    assert "No situation matches" in page
    page = floor.get("/ask", params={"q": "tip the dealer", "rulebook": "every"}).text
    assert "No situation matches" in page
    assert "answer panel" not in page
    assert floor.get("/api/ask", params={"q": "  "}).json()["situations"] == []


# drills ------------------------------------------------------------------------


def test_a_trainer_sees_every_trainees_progress_as_drill_stats_gives_it(room: Room) -> None:
    coach = room.signed_in("coach")
    stats = cli_json("drill", "stats", "--db", str(room.db))
    assert coach.get("/api/drills").json() == stats
    page = coach.get("/drills").text
    trainees = stats["trainees"]
    assert isinstance(trainees, dict)
    assert list(trainees) == ["Alex", "Sam"]
    for name, record in trainees.items():
        assert f'data-trainee="{name}"' in page
        assert f"{record['percent']}%" in page
        for topic in record["topics"]:
            assert f"<td>{topic}</td>" in page
    assert 'method="post"' not in page.replace('method="post" action="/logout"', "")


def test_the_floor_sees_the_drills_and_a_station_does_not(room: Room, floor: httpx.Client) -> None:
    assert floor.get("/drills").status_code == 200
    assert 'href="/drills"' in floor.get("/").text
    station = room.station("7")
    refused = station.get("/api/drills")
    assert refused.status_code == 403
    assert refused.json() == {"error": "station 7 may not read the drills"}
    signed = room.client()
    csrf = login_csrf(signed)
    answer = signed.post("/login", data={"station": room.stations["7"], "csrf": csrf})
    signed.headers["cookie"] = f"floorman_session={answer.cookies['floorman_session']}"
    assert signed.get("/drills").status_code == 403
    assert 'href="/drills"' not in signed.get("/station/7").text
    assert signed.get("/ask", params={"q": "misdeal"}).status_code == 200
