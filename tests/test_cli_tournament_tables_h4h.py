"""Hand-for-hand at tournament tables dealt as floorman tables, through the real command
line: busts at two tables in one hand-for-hand hand share places (TDA 2024 RP-8-A), a
table's next hand waits for the round, and the clock is set back once every table's
hand is in; on both stores."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from floorman.cli import app

runner = CliRunner()
ALL_IN_AT_TWO = (
    "deal; 2 allin; 3 allin; 4 call; 5 fold; 6 fold; 1 fold; burn; flop Ah Kd 7c; burn;"
    " turn 2s; burn; river 9h; show 4 As Ad; show 2 Qc Jc; show 3 Qd 10d"
)
"""At table 2 of ``two`` (button 5, blinds 6 and 1): seats 2 and 3 all in for 20,000 each
and called by seat 4, whose aces hold: seats 2 and 3 are out."""
ALL_IN_AT_ONE = (
    "deal; 6 allin; 1 call; 2 fold; 3 fold; 4 fold; 5 fold; burn; flop Ah Kd 7c; burn;"
    " turn 2s; burn; river 9h; show 6 Qc Jc; show 1 As Ad"
)
"""At table 1 of ``two`` (button 3, blinds 4 and 5): seat 6 all in for 20,000, called by
seat 1, whose aces hold: seat 6 is out."""
FOLDS_AT_ONE = "deal; 6 fold; 1 fold; 2 fold; 3 fold; 4 fold"


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


def places(db: str) -> dict[tuple[int, int], dict[str, Any]]:
    """Each finish by the table and seat the player went out at."""
    data = json.loads(ok(db, "tournament", "show", "two", "--json"))
    return {(f["table"], f["seat"]): f for f in data["finishes"]}


def dealt(db: str) -> None:
    ok(db, "tournament", "new", "two", "--entrants", "12", "--seed", "5")
    ok(db, "tournament", "deal", "two", "1")
    ok(db, "tournament", "deal", "two", "2")


def test_busts_at_two_tables_in_one_hand_for_hand_hand_share_places(store_url: str) -> None:
    db = store_url
    dealt(db)
    ok(db, "tournament", "hand-for-hand", "two", "start")
    ok(db, "add", "-t", "two-2", ALL_IN_AT_TWO)
    ok(db, "add", "-t", "two-1", ALL_IN_AT_ONE)
    out = places(db)
    assert set(out) == {(1, 6), (2, 2), (2, 3)}
    for finish in out.values():
        assert finish["shown"] == "tied for 10th to 12th"
        assert finish["reason"] == "tied, sharing the places' payouts (TDA 2024 RP-8-A)"
    assert sorted(out[(1, 6)]["tied_with"]) == sorted(
        [out[(2, 2)]["player"], out[(2, 3)]["player"]]
    )
    state = json.loads(ok(db, "tournament", "hand-for-hand", "two", "--json"))
    assert (state["hand"], state["hands_done"], state["waiting"]) == (2, 1, [1, 2])


def test_without_hand_for_hand_each_tables_busts_are_their_own_hand(tmp_path: Path) -> None:
    db = str(tmp_path / "t.db")
    dealt(db)
    ok(db, "add", "-t", "two-2", ALL_IN_AT_TWO)
    ok(db, "add", "-t", "two-1", ALL_IN_AT_ONE)
    out = places(db)
    assert out[(1, 6)]["shown"] == "12th"
    assert out[(2, 2)]["shown"] == out[(2, 3)]["shown"] == "tied for 10th to 11th"


def test_a_tables_next_hand_waits_for_the_round(tmp_path: Path) -> None:
    """Table 1 plays its round-1 hand and, dealt on, its round-2 hand before table 2's
    round-1 hand is in: table 2's busts are round 1's, table 1's bust round 2's."""
    db = str(tmp_path / "t.db")
    dealt(db)
    ok(db, "tournament", "clock", "two", "start", "--left", "10:00")
    ok(db, "tournament", "hand-for-hand", "two", "start")
    ok(db, "add", "-t", "two-1", FOLDS_AT_ONE)
    ok(db, "next", "-t", "two-1")  # button 4, blinds 5 and 6: seat 1 acts first
    bust_at_one = (
        "deal; 1 allin; 2 call; 3 fold; 4 fold; 5 fold; 6 fold; burn; flop Ah Kd 7c; burn;"
        " turn 2s; burn; river 9h; show 1 Qc Jc; show 2 As Ad"
    )
    ok(db, "add", "-t", "two-1", bust_at_one)
    state = json.loads(ok(db, "tournament", "hand-for-hand", "two", "--json"))
    assert (state["hand"], state["reported"], state["waiting"]) == (1, [1], [2])
    clock = json.loads(ok(db, "tournament", "clock", "two", "--json"))
    assert clock["state"] == "paused"  # on the first table's report (WSOP T 126-a)
    assert places(db) == {}
    ok(db, "add", "-t", "two-2", ALL_IN_AT_TWO)
    out = places(db)
    assert out[(2, 2)]["shown"] == out[(2, 3)]["shown"] == "tied for 11th to 12th"
    assert out[(1, 1)]["shown"] == "10th"
    state = json.loads(ok(db, "tournament", "hand-for-hand", "two", "--json"))
    assert (state["hand"], state["hands_done"], state["reported"]) == (2, 1, [1])
    # the round's hand in at both tables: the clock set back 2 minutes (TDA 2024 RP-8-C)
    clock = json.loads(ok(db, "tournament", "clock", "two", "--json"))
    assert (clock["state"], clock["level"], clock["left_seconds"]) == ("paused", 1, 480)
