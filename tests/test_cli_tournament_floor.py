"""``floorman tournament`` at the tables as a floor person runs it: a clock called and
counted down to the hand dead or checked, warnings and penalties with the hands they
cost, served as the tables report their hands, a disqualification, the penalty log,
and hand-for-hand from the announcement to the busts sharing places; on either store;
every mistake one line and exit status 2, with nothing recorded."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tournamentcli import ok, own_store, run  # noqa: F401  (own_store: each test on its own store)
from typer.testing import CliRunner

from floorman.cli import app
from floorman.cli import tournament_floor as floor_cli

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()


class FakeTime:
    """A wall clock that moves only when the countdown waits."""

    def __init__(self) -> None:
        self.now = datetime(2026, 3, 1, 21, 0, tzinfo=UTC)
        self.waits: list[float] = []

    def __call__(self) -> datetime:
        return self.now

    def pause(self, seconds: float) -> None:
        self.waits.append(seconds)
        self.now += timedelta(seconds=seconds)


@pytest.fixture
def fake_time(monkeypatch: pytest.MonkeyPatch) -> FakeTime:
    clock = FakeTime()
    monkeypatch.setattr(floor_cli, "now_utc", clock)
    monkeypatch.setattr(floor_cli, "pause", clock.pause)
    return clock


def as_json(*args: str) -> Any:
    return json.loads(ok(*args, "--json"))


def seated(name: str, *more: str) -> dict[tuple[int, int], int]:
    data = as_json("show", name, *more)
    return {(t["table"], s["seat"]): s["player"] for t in data["tables"] for s in t["seats"]}


def test_a_clock_counts_down_and_the_hand_is_dead_facing_a_bet(fake_time: FakeTime) -> None:
    ok("new", "daily", "--entrants", "18", "--seed", "4")
    player = seated("daily")[(1, 3)]
    text = ok("call-clock", "daily", "1", "3")
    lines = text.splitlines()
    assert lines[0] == (
        f"table 1 seat 3: entrant {player} is on the clock, facing a bet: 25 seconds, then a"
        " 5-second count [TDA 2024 Rule 29]"
    )
    assert lines[1] == "25 seconds, then the count"
    assert lines[-6:-1] == ["5", "4", "3", "2", "1"]
    assert lines[-1] == (
        f"time: table 1 seat 3 (entrant {player}), facing a bet: the hand is dead"
        " [TDA 2024 Rule 29]"
    )
    assert 30 <= sum(fake_time.waits) <= 31
    (call,) = as_json("penalties", "daily")["clock_calls"]
    assert (call["outcome"], call["facing_bet"], call["seconds"], call["count"]) == (
        "dead",
        True,
        25,
        5,
    )


def test_not_facing_a_bet_the_hand_is_checked_and_wsop_gives_what_the_floor_gives(
    fake_time: FakeTime, tmp_path: Path
) -> None:
    ok("new", "daily", "--entrants", "18", "--seed", "4")
    assert "the hand is checked [TDA 2024 Rule 29]" in ok(
        "call-clock", "daily", "1", "3", "--no-bet", "--seconds", "10"
    )
    structure = (ROOT / "rulebook" / "structures" / "daily.yaml").read_text()
    wsop = tmp_path / "wsop.yaml"
    wsop.write_text(structure.replace("rulebook: tda-2024", "rulebook: wsop-2024"))
    ok("new", "main", "--entrants", "18", "--seed", "4", "--structure", str(wsop))
    text = ok("call-clock", "main", "1", "3", "--no-bet", "--seconds", "0")
    assert "0 seconds, then a 5-second count [WSOP T 80]" in text
    assert "the hand is dead [WSOP T 80]; house option: WSOP T 108" in text
    result = run("call-clock", "main", "1", "3", "--seconds", "30")
    assert result.exit_code == 2
    assert "--seconds 30: WSOP T 80 gives 0 to 25 seconds" in result.stderr


def test_a_call_ended_by_hand_the_player_acting_in_time() -> None:
    ok("new", "daily", "--entrants", "18", "--seed", "4")
    text = ok("call-clock", "daily", "2", "1", "--no-wait")
    assert "end it: floorman tournament call-clock daily 2 1 --acted (or --expired)" in text
    refused = run("call-clock", "daily", "2", "4")
    assert refused.exit_code == 2
    assert "table 2 seat 1 is on the clock already" in refused.stderr
    assert "acted in time: the clock is off" in ok("call-clock", "daily", "2", "1", "--acted")
    ended = run("call-clock", "daily", "2", "1", "--expired")
    assert ended.exit_code == 2
    assert "no clock is on table 2 seat 1" in ended.stderr
    ok("call-clock", "daily", "2", "4", "--no-wait", "--no-bet")
    data = as_json("call-clock", "daily", "2", "4", "--expired")
    assert (data["outcome"], data["on_expiry"], data["cite"]) == (
        "checked",
        "checked",
        "TDA 2024 Rule 29",
    )


def test_a_penalty_in_rounds_is_served_as_the_table_reports_its_hands() -> None:
    ok("new", "daily", "--entrants", "18", "--seed", "4")
    seats = seated("daily")
    at_table = sum(1 for table, _seat in seats if table == 1)
    player = seats[(1, 2)]
    assert "a warning [TDA 2024 Rule 71-A]" in ok(
        "penalty", "daily", "1", "2", "warning", "--reason", "excessive chatter"
    )
    text = ok("penalty", "daily", "1", "2", "rounds", "2", "--reason", "threw cards")
    hands = 2 * at_table
    assert (
        f"table 1 seat 2: entrant {player}: 2 rounds missed: {hands} hands ({at_table} at the"
        " table × 2) [TDA 2024 Rule 71-A]"
    ) in text
    assert "the hand killed after the initial deal [TDA 2024 Rule 71-C]" in text
    assert "the penalty begins at the end of the hand [TDA 2024 Rule 68]" in text
    assert "before: a warning; repeat infractions are subject to escalating penalties" in text
    assert f"entrant {player} on penalty, {hands - 3} hands left" in ok(
        "hand", "daily", "1", "--count", "3"
    )
    ok("hand", "daily", "2", "--count", "40")
    log = as_json("penalties", "daily", "--player", str(player))
    assert [(p["penalty"], p["hands"], p["served"]) for p in log["penalties"]] == [
        ("warning", 0, 0),
        ("rounds", hands, 3),
    ]
    assert log["on_penalty"] == [
        {
            "player": player,
            "name": None,
            "hands_left": hands - 3,
            "minutes_left": 0,
            "where": [1, 2],
        }
    ]
    done = ok("hand", "daily", "1", "--count", str(hands - 3))
    assert f"entrant {player} has served the penalty: back in play from the next hand" in done
    assert as_json("penalties", "daily")["on_penalty"] == []
    text = ok("penalties", "daily")
    assert text.splitlines()[0] == "tournament daily: penalty log"
    assert f"  2. entrant {player}, table 1 seat 2: 2 rounds ({hands} hands)," in text


def test_next_climbs_the_house_ladder() -> None:
    ok("new", "daily", "--entrants", "18", "--seed", "4")
    first = as_json("penalty", "daily", "1", "1", "next")
    assert (first["penalty"], first["house_ladder"]) == ("warning", True)
    assert "house option: the books do not fix the order" in ok(
        "penalty", "daily", "1", "1", "next"
    )
    third = as_json("penalty", "daily", "1", "1", "next")
    assert (third["penalty"], third["count"]) == ("rounds", 1)


def test_disqualification_removes_the_player_and_the_chips() -> None:
    ok("new", "daily", "--entrants", "18", "--seed", "4")
    before = as_json("show", "daily")
    player = seated("daily")[(2, 1)]
    ok("chips", "daily", "2", "1", "35000")
    text = ok("penalty", "daily", "2", "1", "disqualify", "--reason", "collusion")
    assert (
        f"entrant {player}: disqualified, 35000 chips removed from play [TDA 2024 Rule 71-D]"
        in text
    )
    assert "17 players left" in text
    after = as_json("show", "daily")
    assert after["players"] == 17
    assert after["chips_in_play"] == before["chips_in_play"] - 35000
    assert (2, 1) not in seated("daily")
    again = run("penalty", "daily", "2", "1", "warning")
    assert again.exit_code == 2
    assert again.stderr == "floorman: tournament daily: table 2 seat 1 is empty\n"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["penalty", "daily", "1", "9", "warning"], "table 1 seat 9 is empty"),
        (["penalty", "daily", "7", "1", "warning"], "table 7 is not in play"),
        (["penalty", "daily", "1", "1", "rounds", "21"], "21 rounds: from 1 to 20"),
        (["penalty", "daily", "1", "1", "jail"], "'jail' is not one of"),
        (["penalty", "daily", "1", "1", "warning", "--reason", "a\tb"], "--reason: up to 200"),
        (["penalties", "daily", "--player", "99"], "--player 99: the tournament has entrants"),
        (["hand", "daily", "7"], "table 7 is not in play"),
        (["call-clock", "daily", "1", "9", "--no-wait"], "table 1 seat 9 is empty"),
        (["call-clock", "daily", "1", "1", "--acted", "--expired"], "--acted or --expired"),
        (["call-clock", "daily", "1", "1", "--acted", "--no-bet"], "--acted and --expired end"),
        (["hand-for-hand", "daily", "stop"], "hand-for-hand is not on"),
        (["hand-for-hand", "daily", "start", "--minutes", "4"], "--minutes 4: TDA 2024 RP-8-B"),
        (["hand-for-hand", "daily", "--minutes", "2"], "--minutes goes with start"),
        (["penalty", "weekly", "1", "1", "warning"], "no tournament 'weekly'"),
    ],
)  # fmt: skip
def test_a_users_mistake_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    ok("new", "daily", "--entrants", "10", "--seed", "2")
    ok("bust", "daily", "1", "9") if (1, 9) in seated("daily") else None
    before = as_json("penalties", "daily")
    result = run(*args)
    assert result.exit_code == 2, result.stdout
    assert message in result.stderr
    assert result.stderr.count("\n") == 1, result.stderr
    assert as_json("penalties", "daily") == before


def test_a_penalty_on_a_busted_player_is_refused() -> None:
    ok("new", "daily", "--entrants", "10", "--seed", "2")
    player = seated("daily")[(1, 2)]
    ok("bust", "daily", "1", "2")
    result = run("penalty", "daily", "1", "2", "rounds", "1")
    assert (result.exit_code, result.stderr) == (
        2,
        "floorman: tournament daily: table 1 seat 2 is empty\n",
    )
    assert as_json("penalties", "daily", "--player", str(player))["penalties"] == []


def test_hand_for_hand_from_the_announcement_to_busts_sharing_places() -> None:
    ok("new", "daily", "--entrants", "27", "--seed", "6")
    ok("payouts", "daily", "--percent", "50,30,20")
    ok("clock", "daily", "start", "--level", "2", "--left", "10:00")
    text = ok("hand-for-hand", "daily", "start")
    assert 'we are going hand for hand" [TDA 2024 RP-8-A]' in text
    assert "hand 1 of hand-for-hand: waiting for tables 1, 2, 3" in text
    reported = ok("hand", "daily", "2")
    assert "hand-for-hand: the clock is paused" in reported
    assert "hand-for-hand: hand 1, waiting for tables 1, 3" in reported
    again = run("hand", "daily", "2")
    assert again.exit_code == 2
    assert "table 2 has reported hand 1 done already; waiting for tables 1, 3" in again.stderr
    seats = seated("daily")
    out = [seats[(1, 1)], seats[(3, 1)]]
    ok("bust", "daily", "1", "1")
    ok("bust", "daily", "3", "1")
    ok("hand", "daily", "1")
    done = ok("hand", "daily", "3")
    assert "hand-for-hand: hand 1 done at every table; the clock is at level 2, " in done
    assert "deal hand 2 at every table" in done
    clock = as_json("clock", "daily")
    assert clock["state"] == "paused"
    assert 470 <= clock["left_seconds"] <= 480
    finishes = {f["player"]: f["places"] for f in as_json("show", "daily")["finishes"]}
    assert finishes[out[0]] == finishes[out[1]] == [26, 27]
    state = as_json("hand-for-hand", "daily")
    assert (state["on"], state["hand"], state["hands_done"], state["waiting"]) == (
        True,
        2,
        1,
        [1, 2, 3],
    )
    stopped = ok("hand-for-hand", "daily", "stop")
    assert stopped.splitlines()[0] == "hand-for-hand stopped: the clock runs again"
    assert as_json("clock", "daily")["state"] == "running"


def test_on_either_store(store_url: str) -> None:
    db = ("--db", store_url)
    ok("new", "daily", "--entrants", "18", "--seed", "9", *db)
    ok("penalty", "DAILY", "1", "1", "rounds", "1", *db)
    ok("hand", "daily", "1", "--count", "2", *db)
    ok("call-clock", "daily", "1", "2", "--no-wait", *db)
    ok("call-clock", "daily", "1", "2", "--expired", *db)
    ok("hand-for-hand", "daily", "start", *db)
    ok("hand", "daily", "1", *db)
    data = as_json("penalties", "daily", *db)
    assert data["penalties"][0]["served"] == 3
    assert data["clock_calls"][0]["outcome"] == "dead"
    assert as_json("hand-for-hand", "daily", *db)["reported"] == [1]
    ok("penalty", "daily", "2", "1", "disqualify", *db)
    assert as_json("show", "daily", *db)["players"] == 17


@pytest.mark.slow
def test_the_countdown_runs_in_real_time_in_a_process(tmp_path: Path) -> None:
    env = {**os.environ, "FLOORMAN_DB": str(tmp_path / "room.db"), "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "floorman", "tournament"]

    def floorman(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([*command, *args], env=env, capture_output=True, text=True,
                              check=False, timeout=120, stdin=subprocess.DEVNULL)  # fmt: skip

    assert floorman("new", "daily", "--entrants", "12", "--seed", "5").returncode == 0
    done = floorman("call-clock", "daily", "1", "1", "--seconds", "0", "--no-bet")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-6:-1] == ["5", "4", "3", "2", "1"]
    assert done.stdout.splitlines()[-1].endswith("the hand is checked [TDA 2024 Rule 29]")


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.sampled_from(["penalty", "penalties", "hand", "hand-for-hand", "call-clock"]),
    st.lists(
        st.sampled_from(["warning", "rounds", "next", "disqualify", "start", "stop", "--json",
                         "--count", "--player", "--minutes", "--acted", "--no-wait", "--expired"])
        | st.text(alphabet=st.characters(codec="utf-8"), max_size=8)
        | st.integers(-3, 30).map(str),
        max_size=5,
    ),
)  # fmt: skip
def test_arguments_never_crash_a_floor_command(command: str, words: list[str]) -> None:
    if run("show", "fuzz").exit_code != 0:
        ok("new", "fuzz", "--entrants", "12", "--seed", "1")
    if command == "call-clock" and "--acted" not in words and "--expired" not in words:
        words = [*words, "--no-wait"]
    result = run(command, "fuzz", *words)
    assert result.exit_code in (0, 2), (words, result.stdout, result.stderr)
    if result.exit_code == 2:
        assert result.stderr.count("\n") == 1, result.stderr
    assert run("penalties", "fuzz", "--json").exit_code == 0


def test_the_docs_show_the_keys_penalties_json_prints() -> None:
    doc = (ROOT / "docs" / "tournament.md").read_text()
    ok("new", "daily", "--entrants", "18", "--seed", "4")
    ok("penalty", "daily", "1", "1", "rounds", "1")
    ok("call-clock", "daily", "1", "2", "--no-wait")
    data = as_json("penalties", "daily")
    for key in [*data, *data["penalties"][0], *data["clock_calls"][0]]:
        assert f'"{key}"' in doc, key


@pytest.mark.parametrize("command", ["call-clock", "penalty", "penalties", "hand", "hand-for-hand"])
def test_each_command_has_an_example_and_fits_80_columns(
    command: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    text = ok(command, "--help")
    assert "\n  Example:\n    floorman tournament " + command in text
    assert all(len(line) <= 80 for line in text.splitlines()), text
    assert "<=x<=" not in text
    assert "{" not in text.splitlines()[0]


def test_the_hand_that_reaches_the_money_says_to_stop_hand_for_hand() -> None:
    ok("new", "sat", "--entrants", "12", "--seed", "3")
    ok("payouts", "sat", "--percent", "60,40")
    for _ in range(9):
        table, seat = next(iter(seated("sat")))
        ok("bust", "sat", str(table), str(seat))
        ok("balance", "sat", "--apply")
    ok("hand-for-hand", "sat", "start")
    (table, seat), *_ = seated("sat")
    ok("bust", "sat", str(table), str(seat))
    text = ok("hand", "sat", str(table))
    assert "2 players left, all paid: stop hand-for-hand" in text
    assert "deal hand 2" not in text
    assert as_json("hand-for-hand", "sat")["on"] is True


@pytest.mark.slow
def test_at_a_terminal_the_countdown_redraws_and_enter_says_the_player_acted(
    tmp_path: Path,
) -> None:
    import pty
    import select
    import time

    env = {**os.environ, "FLOORMAN_DB": str(tmp_path / "room.db"), "PYTHONPATH": str(ROOT)}
    made = subprocess.run([sys.executable, "-m", "floorman", "tournament", "new", "tty",
                           "--entrants", "10", "--seed", "1"], env=env, check=False,
                          capture_output=True)  # fmt: skip
    assert made.returncode == 0
    pid, fd = pty.fork()
    if pid == 0:  # the child: floorman at a terminal
        os.execve(sys.executable, [sys.executable, "-m", "floorman", "tournament", "call-clock",
                                   "tty", "1", "1", "--seconds", "60"], env)  # fmt: skip
    seen = b""
    pressed = False
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                data = os.read(fd, 1024)
            except OSError:
                break
            if not data:
                break
            seen += data
        if not pressed and b"seconds, then the count" in seen:
            os.write(fd, b"\n")
            pressed = True
    os.waitpid(pid, 0)
    text = seen.decode()
    assert "\r\x1b[K60 seconds, then the count" in text
    assert "acted in time: the clock is off" in text
    result = runner.invoke(app, ["tournament", "penalties", "tty", "--json",
                                 "--db", str(tmp_path / "room.db")])  # fmt: skip
    assert json.loads(result.stdout)["clock_calls"][0]["outcome"] == "acted"
