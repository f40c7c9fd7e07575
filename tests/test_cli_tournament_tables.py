"""A tournament's tables played as floorman tables, through the real command line: the
first hand dealt from the tournament's seats, a hand played to a bust and the tournament
recording it with its place, the stacks and the button the table deals with taken in,
and the tournament's moves made at the tables; on both stores."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tablecli import floorman_process
from typer.testing import CliRunner, Result

from floorman.cli import app

runner = CliRunner()
ALL_IN_AT_TWO = (
    "deal; 2 allin; 3 allin; 4 call; 5 fold; 6 fold; 1 fold; burn; flop Ah Kd 7c; burn;"
    " turn 2s; burn; river 9h; show 4 As Ad; show 2 Qc Jc; show 3 Qd 10d"
)
"""At table 2 of ``two`` (button 5, blinds 6 and 1): seats 2 and 3 all in for 20,000 each
and called by seat 4, whose aces hold: seats 2 and 3 are out, seat 4 has 60,300."""


@pytest.fixture(autouse=True)
def quiet_dealer(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("FLOORMAN_DEALER", raising=False)
    monkeypatch.delenv("FLOORMAN_TABLE", raising=False)


def run(db: str, *args: str) -> Result:
    return runner.invoke(app, [*args, "--db", db])


def ok(db: str, *args: str) -> str:
    result = run(db, *args)
    assert result.exit_code == 0, (args, result.stdout, result.stderr)
    return result.stdout


def shown(db: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(ok(db, "tournament", "show", "two", "--json"))
    return data


def table(data: dict[str, Any], number: int) -> dict[str, Any]:
    return next(t for t in data["tables"] if t["table"] == number)


def seats_next(db: str, name: str) -> dict[int, int]:
    """The seats and stacks a floorman table deals its next hand to."""
    data = json.loads(ok(db, "table", "show", "-t", name, "--json"))
    players = data["next_hand"]["players"]
    return {int(seat): int(p["stack"]) for seat, p in players.items()}


def started(db: str) -> None:
    ok(db, "tournament", "new", "two", "--entrants", "12", "--seed", "5")
    first = ok(db, "tournament", "deal", "two", "1")
    assert first.startswith("tournament two table 1: hand 1 at table two-1:")
    assert "record it: floorman add -t two-1" in first
    ok(db, "tournament", "deal", "two", "2")


def test_the_first_hand_is_dealt_from_the_tournaments_seats(tmp_path: Path) -> None:
    db = str(tmp_path / "t.db")
    ok(db, "tournament", "new", "two", "--entrants", "12", "--seed", "5")
    before = table(shown(db), 2)
    ok(db, "tournament", "deal", "two", "2", "--as", "Table Two")
    hand = json.loads(ok(db, "table", "show", "-t", "Table Two", "--json"))
    assert hand["kind"] == "tournament"
    assert hand["rulebook"] == "tda-2024"
    assert hand["blinds"] == [100, 200]
    assert hand["button"] == before["button"]
    assert hand["small_blind"] == before["small_blind"]
    assert hand["big_blind"] == before["big_blind"]
    assert {int(s): c for s, c in hand["seats"].items()} == {
        s["seat"]: s["chips"] for s in before["seats"]
    }


def test_a_hand_played_to_a_bust_is_recorded_by_the_tournament(store_url: str) -> None:
    db = store_url
    started(db)
    ok(db, "add", "-t", "two-2", ALL_IN_AT_TWO)
    data = shown(db)
    assert data["players"] == 10
    two = table(data, 2)
    assert {s["seat"]: s["chips"] for s in two["seats"]} == {1: 19800, 4: 60300, 5: 20000, 6: 19900}
    out = {f["seat"]: f for f in data["finishes"]}
    assert set(out) == {2, 3}
    assert out[2]["shown"] == out[3]["shown"] == "tied for 11th to 12th"
    assert out[2]["started"] == out[3]["started"] == 20000
    assert "RRoP §15 rule 35" in out[2]["reason"]
    # the button the table will deal the next hand with, by the dead button (TDA)
    assert (two["button"], two["small_blind"], two["big_blind"]) == (6, 1, 4)
    # read again: each hand is taken in once
    assert shown(db)["finishes"] == data["finishes"]
    results = json.loads(ok(db, "tournament", "results", "two", "--json"))
    assert [r["player"] for r in results["results"]] == [f["player"] for f in data["finishes"]]


def test_the_tournaments_moves_are_made_at_the_tables(store_url: str) -> None:
    db = store_url
    started(db)
    ok(db, "add", "-t", "two-2", ALL_IN_AT_TWO)
    planned = json.loads(ok(db, "tournament", "balance", "two", "--json"))
    [move] = planned["moves"]
    assert move["from"][0] == 1
    assert move["to"][0] == 2
    assert move["cite"] == "TDA 11-A, 11-C"
    # to be big blind next at table 1: its hand in progress has the button on 3,
    # so the next hand's big blind is the seat after the next small blind
    one = table(shown(db), 1)
    assert move["from"][1] == one["big_blind"]
    ok(db, "tournament", "balance", "two", "--apply")
    shown(db)
    assert move["from"][1] not in seats_next(db, "two-1")
    assert seats_next(db, "two-2")[move["to"][1]] == move["chips"]
    dealt = ok(db, "next", "-t", "two-2")
    assert dealt.startswith("hand 3 at table two-2:")
    hand = json.loads(ok(db, "table", "show", "-t", "two-2", "--json"))
    assert move["to"][1] in {int(s) for s in hand["seats"]}


def test_a_bust_through_separate_processes(tmp_path: Path) -> None:
    store = tmp_path / "t.db"
    for args in (
        ["tournament", "new", "two", "--entrants", "12", "--seed", "5"],
        ["tournament", "deal", "two", "2"],
        ["add", "-t", "two-2", ALL_IN_AT_TWO],
    ):
        done = floorman_process(store, *args)
        assert done.returncode == 0, done.stderr
    done = floorman_process(store, "tournament", "show", "two")
    assert done.returncode == 0, done.stderr
    assert "10 of 12 entrants left" in done.stdout
    assert "tied for 11th to 12th" in done.stdout


def test_a_table_dealt_twice_or_not_in_play_is_refused(tmp_path: Path) -> None:
    db = str(tmp_path / "t.db")
    started(db)
    for args, message in (
        (["2"], "table 2 is dealt at table two-2 already; floorman next -t two-2"),
        (["9"], "table 9 is not in play"),
        (["3", "--as", " "], "--as: a table's name, 1 to 60 characters"),
    ):
        result = run(db, "tournament", "deal", "two", *args)
        assert result.exit_code == 2, result.stdout
        assert message in result.stderr
        assert result.stderr.count("\n") == 1


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    number=st.integers(min_value=-2, max_value=12),
    name=st.one_of(st.none(), st.text(max_size=70)),
)
def test_any_table_and_name_deal_or_are_refused_in_one_line(
    tmp_path: Path, number: int, name: str | None
) -> None:
    db = str(tmp_path / "fuzz.db")
    if not Path(db).exists():
        ok(db, "tournament", "new", "two", "--entrants", "12", "--seed", "5")
    args = ["tournament", "deal", "two", str(number)] + ([] if name is None else ["--as", name])
    result = run(db, *args)
    assert result.exit_code in (0, 2), (result.stdout, result.stderr)
    if result.exit_code == 2:
        assert result.stderr.count("\n") == 1, result.stderr
        assert "Traceback" not in result.stderr


def test_a_hand_taken_in_from_a_table_serves_a_penalty_there(tmp_path: Path) -> None:
    db = str(tmp_path / "t.db")
    started(db)
    ok(db, "tournament", "penalty", "two", "2", "5", "hands", "2", "--reason", "swore")
    ok(db, "add", "-t", "two-2", ALL_IN_AT_TWO)
    shown(db)  # the hand is taken in
    log = json.loads(ok(db, "tournament", "penalties", "two", "--json"))
    (given,) = log["penalties"]
    assert (given["seat"], given["hands"], given["served"], given["left"]) == (5, 2, 1, 1)
