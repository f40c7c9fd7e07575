"""``floorman tournament penalty ... minutes N``: a player dealt out for a length of time
(RRoP §15 rule 27; a house option under TDA; none under WSOP), kept in the penalty log,
its printed page and the report, and served by the clock on the wall."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pdftext import overflowing, text_of
from tournamentcli import ok, own_store, refused, run  # noqa: F401  (own_store: each test on its own store)

from floorman.cli import tournament_floor as floor_cli
from floorman.vocabulary import room_time

ROOT = Path(__file__).resolve().parents[1]
TDA = "TDA 2024 Rule 71-A (house option)"


def structure(tmp_path: Path, book: str) -> str:
    text = (ROOT / "rulebook" / "structures" / "daily.yaml").read_text()
    path = tmp_path / f"{book}.yaml"
    path.write_text(text.replace("rulebook: tda-2024", f"rulebook: {book}"))
    return str(path)


def log(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(ok("penalties", name, "--json"))
    return data


def later(monkeypatch: pytest.MonkeyPatch, minutes: float) -> None:
    """The wall clock ``minutes`` on from now, as the penalty log reads it."""
    moment = datetime.now(UTC) + timedelta(minutes=minutes)
    monkeypatch.setattr(floor_cli, "now_utc", lambda: moment)


def test_minutes_away_are_kept_and_served_by_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    ok("new", "m", "--entrants", "12", "--seed", "1")
    out = ok("penalty", "m", "1", "2", "minutes", "10", "--reason", "threw cards")
    assert "dealt out for 10 minutes, until" in out
    assert f"[{TDA}]" in out
    assert "dealt in, blinds and antes posted, the hand killed" in out
    given = log("m")["penalties"][0]
    assert (given["penalty"], given["minutes"], given["hands"]) == ("minutes", 10, 0)
    start = datetime.fromisoformat(given["at"])
    assert datetime.fromisoformat(given["until"]) == start + timedelta(minutes=10)
    assert given["cite"] == TDA
    player = given["player"]
    on = log("m")["on_penalty"]
    assert [(r["player"], r["hands_left"], r["minutes_left"]) for r in on] == [(player, 0, 10)]
    assert "10 minutes left: dealt in and the hand killed" in ok("penalties", "m")
    ok("hand", "m", "1", "--count", "9")  # hands played do not serve minutes
    assert log("m")["on_penalty"][0]["minutes_left"] == 10
    later(monkeypatch, 4.5)
    assert log("m")["on_penalty"][0]["minutes_left"] == 6  # a part of a minute counts whole
    assert "6 minutes left" in ok("penalties", "m")
    later(monkeypatch, 10.01)
    assert log("m")["on_penalty"] == []
    assert f"until {room_time(given['until'], '%H:%M')}, served" in ok("penalties", "m")


def test_each_book_words_it_or_refuses_it(tmp_path: Path) -> None:
    ok("new", "r", "--entrants", "12", "--seed", "1", "--structure", structure(tmp_path, "rrop"))
    assert "[RRoP §15 rule 27]" in ok("penalty", "r", "1", "2", "minute", "1")
    ok("new", "w", "--entrants", "12", "--seed", "1", "--structure",
       structure(tmp_path, "wsop-2024"))  # fmt: skip
    refused("WSOP T 113-a gives a warning, a missed hand, one to four rounds or"
            " disqualification: no penalty in minutes", "penalty", "w", "1", "2", "minutes",
            "5")  # fmt: skip
    assert json.loads(ok("penalties", "w", "--json"))["penalties"] == []


def test_the_limits_and_the_ladder() -> None:
    ok("new", "l", "--entrants", "12", "--seed", "1")
    assert run("penalty", "l", "1", "2", "minutes", "121").exit_code == 2
    refused("21 rounds: from 1 to 20", "penalty", "l", "1", "2", "rounds", "21")
    ok("penalty", "l", "1", "2", "minutes", "120")
    # a time penalty ranks with one missed round on the house's ladder: two rounds next
    assert "2 rounds missed" in ok("penalty", "l", "1", "2", "next")


@pytest.mark.usefixtures("poppler")
def test_the_penalty_log_and_the_report_print_the_minutes(tmp_path: Path) -> None:
    ok("new", "p", "--entrants", "12", "--seed", "1")
    ok("penalty", "p", "1", "2", "minutes", "15", "--reason", "threw cards")
    until = room_time(log("p")["penalties"][0]["until"], "%H:%M")
    for what in ("penalties", "report"):
        path = tmp_path / f"{what}.pdf"
        ok("print", "p", what, "-o", str(path))
        text = " ".join(text_of(path, layout=False).split())
        assert f"dealt out for 15 minutes, until {until}" in text
        assert TDA in text
        assert "Minutes left" in text
        assert not overflowing(path)


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.lists(
        st.text(alphabet=st.characters(codec="utf-8"), max_size=12)
        | st.integers(-3, 200).map(str)
        | st.sampled_from(["minutes", "minute", "--reason", "--json", "1", "2"]),
        min_size=1,
        max_size=6,
    )
)
def test_arguments_never_crash_a_penalty_in_minutes(words: list[str]) -> None:
    if run("show", "fuzz").exit_code != 0:
        ok("new", "fuzz", "--entrants", "12", "--seed", "1")
    result = run("penalty", "fuzz", *words)
    assert result.exit_code in (0, 2), (words, result.stdout, result.stderr)
    if result.exit_code == 2:
        assert result.stderr.count("\n") == 1, result.stderr
    for row in log("fuzz")["penalties"]:
        if row["penalty"] == "minutes":
            assert 1 <= row["minutes"] <= 120
            assert row["hands"] == 0
