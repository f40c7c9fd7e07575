"""``floorman tournament print``: the tournament on paper, read back from the PDF as a
floor person reads it: the structure sheet, a seat card for each player, the seating
list, the payouts, the results and the tournament report, letter and A4."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pdftext import info, overflowing, page_words, pages_of, text_of
from tournamentcli import ok, refused, run
from typer.testing import CliRunner

from floorman.vocabulary import room_time

runner = CliRunner()
NAMES = [f"Player {chr(65 + i)}{chr(97 + i)}" for i in range(20)]


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A tournament of 20 named players at three tables: three out, a table broken and
    its players moved, a late entrant, the payouts posted."""
    folder = tmp_path_factory.mktemp("print")
    mp = pytest.MonkeyPatch()
    mp.setenv("FLOORMAN_DB", str(folder / "t.db"))
    mp.delenv("FLOORMAN_DEALER", raising=False)
    names = folder / "names.txt"
    names.write_text("\n".join(NAMES) + "\n")
    ok("new", "daily", "--names", str(names), "--seed", "3")
    first = json.loads(ok("show", "daily", "--json"))
    table = first["tables"][-1]
    seats = [s["seat"] for s in table["seats"][:3]]
    ok("bust", "daily", str(table["table"]), str(seats[0]))
    ok(
        "bust",
        "daily",
        str(table["table"]),
        str(seats[1]),
        str(seats[2]),
        "--started",
        "20000,9000",
    )
    ok("balance", "daily", "--apply")
    ok("enter", "daily", "--name", "Late Comer")
    ok("payouts", "daily", "--percent", "50,30,20")
    data = json.loads(ok("show", "daily", "--json"))
    results = json.loads(ok("results", "daily", "--json"))
    yield {"folder": folder, "show": data, "results": results, "mp": mp}
    mp.undo()


def printed(played: dict[str, Any], what: str, paper: str = "letter") -> Path:
    path: Path = played["folder"] / f"{what}-{paper}.pdf"
    out = ok("print", "daily", what, "--paper", paper, "-o", str(path))
    assert out.startswith(f"wrote {path} (")
    assert f", {paper}): {what}" in out
    return path


@pytest.mark.usefixtures("poppler")
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_structure_sheet_gives_every_level_break_and_color_up(
    played: dict[str, Any], paper: str
) -> None:
    path = printed(played, "structure", paper)
    text = text_of(path)
    assert "Structure" in text
    assert "Starting stack 20,000" in text
    assert "Break, 10 minutes: color up the 25 chips (chip race)" in text
    assert "1 0:00 100/200 20" in text
    assert "2 0:20 100/300 20" in text
    assert "TDA 2024 Rule 23, 24" in text
    assert ("(A4)" if paper == "a4" else "(letter)") in info(path)["Page size"]
    assert pages_of(path) == 1  # posted on the wall as one sheet
    assert not overflowing(path)


@pytest.mark.usefixtures("poppler")
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_a_seat_card_for_each_player_still_in(played: dict[str, Any], paper: str) -> None:
    path = printed(played, "seat-cards", paper)
    pages = page_words(path)
    seated = [(t["table"], s) for t in played["show"]["tables"] for s in t["seats"]]
    assert len(seated) == played["show"]["players"] == 18
    everything = text_of(path, raw=True)
    for table, seat in seated:
        name = seat["name"]
        assert f"{name} ({seat['player']}) Table {table} Seat {seat['seat']}" in everything
    assert sum(p.count(" Table ") for p in pages) == 18
    per_page = [p.count(" Table ") for p in pages]
    # cards 50 mm high, two abreast, each page filled before the next: four rows on
    # a letter page, five on A4, a row fewer under the title
    assert per_page == ({"letter": [8, 8, 2], "a4": [8, 10]}[paper])
    assert not overflowing(path)


@pytest.mark.usefixtures("poppler")
def test_the_seating_list_is_by_name(played: dict[str, Any]) -> None:
    text = text_of(printed(played, "seating"))
    rows = json.loads(ok("seating", "daily", "--json"))
    at = [text.index(f"{r['name']} ({r['player']}) {r['table']} {r['seat']} 20,000") for r in rows]
    assert at == sorted(at)
    assert "Players 18 of 21 entrants" in text


@pytest.mark.usefixtures("poppler")
def test_the_payouts_follow_the_pool(played: dict[str, Any]) -> None:
    text = text_of(printed(played, "payouts", "a4"))
    assert "Prize pool 2,100" in text
    assert "1st 50% 1,050" in text
    assert "2nd 30% 630" in text
    assert "3rd 20% 420" in text
    assert "house option: the books are silent" in text


@pytest.mark.usefixtures("poppler")
def test_the_results_give_each_place_and_why(played: dict[str, Any]) -> None:
    path = printed(played, "results")
    text = text_of(path, layout=False)
    for row in played["results"]["results"]:
        assert f"{row['shown']}" in text
        assert f"{row['name']} ({row['player']})" in text
    assert "RRoP §15 rule 35" in text
    assert "18 players still in" in text
    assert pages_of(path) == 1


@pytest.mark.usefixtures("poppler")
def test_the_report_gives_places_moves_with_their_rules_and_entries(
    played: dict[str, Any],
) -> None:
    path = printed(played, "report")
    text = text_of(path, layout=False)
    assert "Tournament report" in text
    assert "Entries 21" in text
    assert "Places" in text
    assert "Moves and tables broken" in text
    assert text.count("TDA 10-A, 10-B and Addendum §10") >= 1
    assert "breaks" in text
    assert "Late Comer (21): table" in text
    assert "TDA 8-A, 10-A" in text
    assert "Floor person: name and signature" in text
    assert not overflowing(path)


def test_what_to_print_is_named(played: dict[str, Any]) -> None:
    refused("print one of structure, seat-cards, seating, payouts, results, penalties, report",
            "print", "daily", "menu", "-o", str(played["folder"] / "menu.pdf"))  # fmt: skip
    assert not (played["folder"] / "menu.pdf").exists()
    refused('--paper "a3"', "print", "daily", "results", "--paper", "a3")
    refused("no tournament 'nope'", "print", "nope", "results")


def test_payouts_not_posted_are_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FLOORMAN_DB", str(tmp_path / "t.db"))
    ok("new", "weekly", "--entrants", "12", "--seed", "1")
    refused(
        "no payout structure posted", "print", "weekly", "payouts", "-o", str(tmp_path / "p.pdf")
    )
    assert not (tmp_path / "p.pdf").exists()
    refused("is a directory", "print", "weekly", "structure", "-o", str(tmp_path))


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(what=st.text(max_size=30), paper=st.sampled_from(["letter", "A4", "", "legal", "a4 "]))
def test_any_word_is_printed_or_refused_in_one_line(
    played: dict[str, Any], what: str, paper: str
) -> None:
    if what in {"structure", "seat-cards", "seating", "payouts", "results", "penalties", "report"}:
        what += "x"
    result = run("print", "daily", what, "--paper", paper, "-o", "/dev/null")
    assert result.exit_code == 2, result.stdout
    assert result.stderr.count("\n") == 1, result.stderr
    assert "Traceback" not in result.stderr


@pytest.fixture(scope="module")
def penalized(played: dict[str, Any]) -> dict[str, Any]:
    """Beside ``played`` in its store, 18 entrants at two tables: a warning, two rounds
    with five hands served, a disqualification, a clock that ran out and one the player
    beat."""
    ok("new", "weekly", "--entrants", "18", "--seed", "4")
    seats = {
        (t["table"], s["seat"]): s["player"]
        for t in json.loads(ok("show", "weekly", "--json"))["tables"]
        for s in t["seats"]
    }
    ok("penalty", "weekly", "1", "2", "warning", "--reason", "excessive chatter", "--by", "Sam")
    ok("penalty", "weekly", "1", "3", "rounds", "2", "--reason", "threw cards", "--by", "Sam")
    ok("hand", "weekly", "1", "--count", "5")
    ok("penalty", "weekly", "2", "1", "disqualify", "--reason", "collusion", "--by", "Kim")
    ok("call-clock", "weekly", "2", "4", "--no-wait", "--no-bet", "--by", "Lee")
    ok("call-clock", "weekly", "2", "4", "--expired")
    ok("call-clock", "weekly", "1", "5", "--no-wait")
    ok("call-clock", "weekly", "1", "5", "--acted")
    log = json.loads(ok("penalties", "weekly", "--json"))
    times = [room_time(p["at"], "%H:%M") for p in log["penalties"]]
    return {"folder": played["folder"], "seats": seats, "times": times}


def in_order(text: str, *parts: str) -> None:
    """Each of ``parts`` in ``text``, each after the one before."""
    at = 0
    for part in parts:
        found = text.find(part, at)
        assert found >= 0, (part, text[at : at + 300])
        at = found + len(part)


def printed_penalties(penalized: dict[str, Any], what: str, paper: str) -> Path:
    path: Path = penalized["folder"] / f"{what}-{paper}.pdf"
    out = ok("print", "weekly", what, "--paper", paper, "-o", str(path))
    assert out == f"wrote {path} (1 page, {paper}): {what}\n"
    return path


@pytest.mark.usefixtures("poppler")
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_penalty_log_gives_every_penalty_served_and_each_clock_call(
    penalized: dict[str, Any], paper: str
) -> None:
    path = printed_penalties(penalized, "penalties", paper)
    seats = penalized["seats"]
    rows = text_of(path)  # row by row, a cell's wrapped lines after the row's first line
    cells = " ".join(text_of(path, layout=False).split())  # each cell whole
    text = rows
    assert "Penalty log" in rows
    assert "Penalties 2 Warnings 1 Disqualified 1 On penalty now 1 Clock calls 2" in rows
    assert "Rulebook Poker TDA 2024" in rows
    warned, rounds, out = seats[(1, 2)], seats[(1, 3)], seats[(2, 1)]
    at = penalized["times"]
    in_order(
        rows,
        "No. Time Player Table,",
        f"1 {at[0]} entrant", "1, 2 warning", "excessive", "TDA 2024 Rule 71-A Sam",
        f"2 {at[1]} entrant", "1, 3 2 rounds 18 5 13 threw TDA 2024 Rule 71-A Sam",
        f"3 {at[2]} entrant", "2, 1 disqualified,", "collusion TDA 2024 Rule 71-D Kim",
        "On penalty now Dealt in, the blinds and antes posted, the hand killed",
        "(TDA 2024 Rule 68)",
        f"entrant {rounds} 1, 3 13 TDA 2024 Rule 71-C",
        "Clock calls Time Player",
        f"{at[2][:2]}", "entrant", "2, 4 not facing a", "time ran out:", "TDA 2024 Rule 29 Lee",
        "entrant", "1, 5 facing a bet acted in time TDA 2024 Rule 29",
    )  # fmt: skip
    for cell in (
        f"entrant {warned}", "excessive chatter",
        f"entrant {rounds}", "2 rounds missed (9 at the table × 2)", "threw cards",
        f"entrant {out}", "disqualified, 20,000 chips removed from play",
        f"entrant {seats[(2, 4)]}", "not facing a bet", "time ran out: the hand is checked",
        f"entrant {seats[(1, 5)]}",
    ):  # fmt: skip
        assert cell in cells, cell
    assert "signature" not in text
    assert ("(A4)" if paper == "a4" else "(letter)") in info(path)["Page size"]
    assert not overflowing(path)


@pytest.mark.usefixtures("poppler")
def test_the_report_closes_with_the_penalty_log(penalized: dict[str, Any]) -> None:
    path = printed_penalties(penalized, "report", "a4")
    in_order(
        text_of(path),
        "Tournament report",
        "Penalties No. Time Player",
        "1, 3 2 rounds 18 5 13 threw TDA 2024 Rule 71-A Sam",
        "On penalty now",
        "Clock calls Time Player",
        "acted in time",
        "Floor person: name and signature",
    )
    assert not overflowing(path)


@pytest.mark.usefixtures("poppler")
def test_a_penalty_log_with_nothing_in_it_says_so(played: dict[str, Any]) -> None:
    text = " ".join(text_of(printed(played, "penalties", "a4"), layout=False).split())
    assert "Penalties 0 Warnings 0" in text
    assert "No penalty given." in text
    assert "No clock called." in text
    assert "On penalty now 0" in text
    report = " ".join(text_of(printed(played, "report"), layout=False).split())
    assert "No penalty given." in report
    assert "Clock calls" not in report


@settings(max_examples=40, deadline=None)
@given(
    reason=st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=200)
    | st.just("<b>threw</b> cards & swore"),
    name=st.none() | st.text(min_size=1, max_size=40),
    rows=st.integers(0, 30),
)
def test_any_reason_and_name_is_laid_out_as_written(
    reason: str, name: str | None, rows: int
) -> None:
    """The penalty log's page holds whatever a reason or a name says, escaped, row by row."""
    import datetime
    import html

    from floorman.documents.render import render_html
    from floorman.documents.tournament import penalties_view

    row = {"number": 1, "player": 7, "name": name, "table": 2, "seat": 4,
           "penalty": "rounds", "count": 1, "players_at_table": 9, "hands": 9, "served": 2,
           "left": 7, "chips_removed": 0, "reason": reason, "cite": "TDA 2024 Rule 71-A",
           "at": "2026-03-01T21:00:00+00:00", "by": "Sam"}  # fmt: skip
    log = {"penalties": [{**row, "number": n + 1} for n in range(rows)], "on_penalty": [],
           "clock_calls": [], "dealt_in": "TDA 2024 Rule 71-C",
           "begins": "TDA 2024 Rule 68"}  # fmt: skip
    data = {"title": "Daily", "tournament": "daily", "rulebook": "tda-2024"}
    view = penalties_view(data, log, paper="letter", day=datetime.date(2026, 3, 1))
    page = render_html("tournament.html", {**view, "page": "penalties"})
    assert page.count("TDA 2024 Rule 71-A") == rows
    assert f'Penalties</td><td class="value">{rows}' in page
    if rows and reason.replace(" ", "").isalnum():
        assert reason in page
    if rows and "<b>" in reason:
        assert "<b>" not in page
        assert html.escape(reason, quote=False) in page
    assert ("No penalty given." in page) == (rows == 0)
