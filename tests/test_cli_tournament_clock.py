"""``floorman tournament clock`` as a floor person runs it: started, read, paused,
resumed and set across invocations and processes, on either store; ``show`` giving the
running level; every mistake one line. The time is the wall clock here, so these
checks allow for the seconds a command takes; the exact arithmetic is checked in
tests/test_tournament_clock.py."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tournamentcli import ok, own_store, run  # noqa: F401  (own_store: each test on its own store)
from typer.testing import CliRunner

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()


def clock(name: str, *more: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(ok("clock", name, "--json", *more))
    return data


def test_the_clock_before_it_starts_shows_level_one_and_everything_a_floor_needs() -> None:
    ok("new", "daily", "--entrants", "20", "--seed", "3")
    text = ok("clock", "daily")
    assert text.splitlines() == [
        "tournament daily: Daily No-Limit Hold'em",
        "level 1 (not started): blinds 100/200",
        "time left 20:00 of 20:00",
        "next: level 2, blinds 100/300",
        "next break in 2:00:00: 10 minutes, color up the 25 chips",
        "20 of 20 entrants left, average stack 20000",
        "a new level applies to the next hand [TDA 2024 Rule 23]",
    ]


def test_start_pause_resume_and_set_are_kept_with_the_tournament() -> None:
    ok("new", "daily", "--entrants", "20", "--seed", "3")
    assert ok("clock", "daily", "start").startswith("the clock is started\n")
    running = clock("daily")
    assert (running["state"], running["level"]) == ("running", 1)
    assert 1190 <= running["left_seconds"] <= 1200
    assert running["began"] is not None
    ok("clock", "daily", "pause")
    paused = clock("daily")
    assert paused["state"] == "paused"
    assert paused["began"] is None
    assert clock("daily")["left_seconds"] == paused["left_seconds"]
    ok("clock", "daily", "set", "--level", "6", "--left", "0:30")
    at_six = clock("daily")
    assert (at_six["state"], at_six["level"], at_six["left_seconds"]) == ("paused", 6, 30)
    assert at_six["big_blind_ante"] == 1000
    assert at_six["next_level"]["blinds"] == [600, 1200]
    assert at_six["next_break"] == {"in_seconds": 30, "minutes": 10, "color_up": [25]}
    ok("clock", "daily", "resume")
    assert clock("daily")["state"] == "running"
    ok("bust", "daily", "1", "1")
    after = clock("daily")
    assert (after["players"], after["entrants"], after["average_stack"]) == (19, 20, 21052)


def test_show_gives_the_running_level_and_level_sets_the_clock() -> None:
    ok("new", "daily", "--entrants", "20", "--seed", "3")
    ok("level", "daily", "2")
    assert "level 2: blinds 100/300 (clock not started)" in ok("show", "daily")
    ok("clock", "daily", "start")
    assert clock("daily")["level"] == 2
    ok("clock", "daily", "set", "--level", "4", "--left", "5")
    data = json.loads(ok("show", "daily", "--json"))
    assert data["level"]["level"] == data["clock"]["level"] == 4
    assert data["level"]["blinds"] == [300, 600]
    assert "level 4: blinds 300/600, big blind ante 600 (clock running, " in ok("show", "daily")
    ok("level", "daily", "3")
    again = clock("daily")
    assert again["level"] == 3
    assert again["left_seconds"] >= 1190


def test_a_break_is_shown_with_the_level_after_it() -> None:
    ok("new", "daily", "--entrants", "20", "--seed", "3")
    ok("clock", "daily", "start", "--level", "6", "--left", "0:00")
    data = clock("daily")
    assert data["on_break"] is True
    assert (data["level"], data["minutes"]) == (7, 10)
    text = ok("clock", "daily")
    assert text.splitlines()[1] == "break: level 7 after it"
    assert "after the break: level 7, blinds 600/1200, big blind ante 1200" in text
    assert "from the next hand (on a break, " in ok("show", "daily")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["clock", "daily", "pause"], "tournament daily: the clock has not started"),
        (["clock", "daily", "resume"], "tournament daily: the clock has not started"),
        (["clock", "daily", "start", "--level", "99"],
         "level 99: the structure has levels 1 to 22"),
        (["clock", "daily", "start", "--left", "25:00"],
         "level 1 lasts 20:00: 25:00 cannot be left of it"),
        (["clock", "daily", "start", "--left", "soon"], '--left "soon": minutes and seconds'),
        (["clock", "daily", "--level", "3"], "--level and --left go with start or set"),
        (["clock", "daily", "pause", "--level", "3"],
         "clock pause: --level and --left go with start or set"),
        (["clock", "daily", "start", "--watch"], "--watch shows the clock"),
        (["clock", "weekly"], "no tournament 'weekly'"),
    ],
)  # fmt: skip
def test_a_users_mistake_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    ok("new", "daily", "--entrants", "10", "--seed", "2")
    before = clock("daily")
    result = run(*args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert result.stderr.count("\n") == 1, result.stderr
    assert clock("daily")["state"] == before["state"]


def test_starting_twice_is_refused() -> None:
    ok("new", "daily", "--entrants", "10", "--seed", "2")
    ok("clock", "daily", "start")
    result = run("clock", "daily", "start")
    assert result.exit_code == 2
    assert "the clock has started already" in result.stderr


def test_on_either_store(store_url: str) -> None:
    db = ("--db", store_url)
    ok("new", "daily", "--entrants", "20", "--seed", "9", *db)
    ok("clock", "DAILY", "start", "--level", "3", *db)
    ok("clock", "daily", "pause", *db)
    data = clock("daily", *db)
    assert (data["state"], data["level"]) == ("paused", 3)
    ok("clock", "daily", "resume", *db)
    assert clock("daily", *db)["state"] == "running"


@pytest.mark.slow
def test_the_clock_runs_on_between_processes_and_watch_redraws(tmp_path: Path) -> None:
    env = {**os.environ, "FLOORMAN_DB": str(tmp_path / "room.db"), "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "floorman", "tournament"]

    def floorman(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([*command, *args], env=env, capture_output=True, text=True,
                              check=False, timeout=120)  # fmt: skip

    assert floorman("new", "daily", "--entrants", "30", "--seed", "5").returncode == 0
    assert floorman("clock", "daily", "start").returncode == 0
    assert floorman("clock", "daily", "pause").returncode == 0
    assert floorman("clock", "daily", "set", "--left", "0:02").returncode == 0
    watch = [*command, "clock", "daily", "--watch", "--json"]
    with subprocess.Popen(watch, env=env, stdout=subprocess.PIPE, text=True) as watching:
        try:
            assert watching.stdout is not None
            first = json.loads(watching.stdout.readline())
            assert (first["state"], first["level"], first["left_seconds"]) == ("paused", 1, 2)
            assert floorman("clock", "daily", "resume").returncode == 0
            seen = [json.loads(watching.stdout.readline()) for _ in range(15)]
        finally:
            watching.terminate()
    levels = [(s["state"], s["level"]) for s in seen]
    assert ("running", 2) in levels, levels
    assert levels == sorted(levels, key=lambda state_level: state_level[1])
    assert json.loads(floorman("clock", "daily", "--json").stdout)["level"] == 2


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.lists(
        st.sampled_from(["start", "pause", "resume", "set", "--level", "--left", "--json"])
        | st.text(alphabet=st.characters(codec="utf-8"), max_size=8)
        | st.integers(-3, 30).map(str)
        | st.sampled_from(["1:00", "20:00", "0:5", "99:99", "1:00:00"]),
        min_size=1,
        max_size=5,
    )
)
def test_arguments_never_crash_the_clock(words: list[str]) -> None:
    if run("show", "fuzz").exit_code != 0:
        ok("new", "fuzz", "--entrants", "12", "--seed", "1")
    result = run("clock", "fuzz", *words)
    assert result.exit_code in (0, 2), (words, result.stdout, result.stderr)
    if result.exit_code == 2:
        assert result.stderr.count("\n") == 1, result.stderr
    assert run("clock", "fuzz", "--json").exit_code == 0
