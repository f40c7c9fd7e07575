"""A tournament's table is told its level by the tournament clock, through the real
command line: the hand in progress finishes at the level it began at, and ``next``
deals the next hand at the level in play (TDA 2024 Rule 23); on both stores."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from floorman.cli import app

runner = CliRunner()
FOLD_TO_ONE = "deal; 2 fold; 3 fold; 4 fold; 5 fold; 6 fold"
"""At table 2 of ``two`` (button 5, blinds 6 and 1): everyone folds to the big blind."""


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


def hand(db: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(ok(db, "table", "show", "-t", "two-2", "--json"))
    return data


def dealt(db: str) -> None:
    ok(db, "tournament", "new", "two", "--entrants", "12", "--seed", "5")
    ok(db, "tournament", "deal", "two", "2")


def test_next_deals_at_the_level_the_clock_moved_to(store_url: str) -> None:
    db = store_url
    dealt(db)
    ok(db, "tournament", "clock", "two", "start")
    ok(db, "tournament", "clock", "two", "set", "--level", "3", "--left", "12:00")
    # the hand begun at the prior level finishes at it
    first = hand(db)
    assert (first["hand"], first["blinds"], first["ante"]) == (1, [100, 200], 0)
    ok(db, "add", "-t", "two-2", FOLD_TO_ONE)
    assert hand(db)["blinds"] == [100, 200]
    out = ok(db, "next", "-t", "two-2")
    assert out.startswith("hand 2 at table two-2: hold'em no-limit 200/400, tournament")
    assert (
        "new level 3 of tournament two (by the clock): blinds 200/400 [TDA 2024 Rule 23: the"
        " new level applies to the next hand]"
    ) in out
    assert 'record it as a dead post by the big blind (floorman add -t two-2 "post SEAT dead' in out
    second = hand(db)
    assert (second["hand"], second["blinds"]) == (2, [200, 400])
    # the small blind (seat 1) and the big blind (seat 2) post the new level's blinds
    assert "in front: 1=200 2=400" in out
    assert {int(s): c for s, c in second["seats"].items() if int(s) in (1, 6)} == {
        1: 20100,
        6: 19900,
    }
    # the level goes on: the next hand at the same level says so, not as new
    ok(db, "add", "-t", "two-2", "deal; 3 fold; 4 fold; 5 fold; 6 fold; 1 fold")
    again = ok(db, "next", "-t", "two-2")
    assert "\nlevel 3 of tournament two (by the clock): blinds 200/400\n" in again
    assert hand(db)["blinds"] == [200, 400]


def test_the_level_set_by_hand_deals_before_the_clock_starts(tmp_path: Path) -> None:
    db = str(tmp_path / "t.db")
    dealt(db)
    ok(db, "tournament", "level", "two", "2")
    ok(db, "add", "-t", "two-2", FOLD_TO_ONE)
    out = ok(db, "next", "-t", "two-2")
    assert "new level 2 of tournament two (as set): blinds 100/300" in out
    assert hand(db)["blinds"] == [100, 300]


def test_the_push_held_up_before_a_level_change(tmp_path: Path) -> None:
    db = str(tmp_path / "t.db")
    dealt(db)
    ok(db, "tournament", "clock", "two", "start", "--left", "1:00")
    ok(db, "add", "-t", "two-2", FOLD_TO_ONE)
    out = ok(db, "next", "-t", "two-2")
    assert "level 1 of tournament two (by the clock): blinds 100/200" in out
    assert re.search(r"\na level change in [01]:\d\d: dealers hold up the push", out)
    assert "dealers hold up the push 90 seconds before it (TDA 2024 RP-7 recommends)" in out


def test_a_level_the_floor_sets_at_the_table_stands(tmp_path: Path) -> None:
    """A new level during the dealer push: the incoming dealer deals one hand at the prior
    level (TDA 2024 Rule 23), as the floor sets it at the table."""
    db = str(tmp_path / "t.db")
    dealt(db)
    ok(db, "tournament", "clock", "two", "start", "--level", "2")
    ok(db, "add", "-t", "two-2", FOLD_TO_ONE)
    ok(db, "table", "level", "100/200", "-t", "two-2")
    out = ok(db, "next", "-t", "two-2")
    assert "new level" not in out
    assert (
        "level 2 of tournament two is in play; this hand is dealt at the level the floor set"
        " at the table: blinds 100/200"
    ) in out
    assert hand(db)["blinds"] == [100, 200]
    ok(db, "add", "-t", "two-2", "deal; 3 fold; 4 fold; 5 fold; 6 fold; 1 fold")
    ok(db, "next", "-t", "two-2")
    assert hand(db)["blinds"] == [100, 300]


def test_a_table_not_dealt_from_a_tournament_keeps_its_blinds(tmp_path: Path) -> None:
    db = str(tmp_path / "t.db")
    dealt(db)
    ok(db, "tournament", "clock", "two", "start", "--level", "3")
    ok(db, "new", "-t", "7", "--button", "1", "--seats", "1=100,2=100,3=100", "--kind",
       "tournament")  # fmt: skip
    ok(db, "add", "-t", "7", "deal; 1 fold; 2 fold")
    out = ok(db, "next", "-t", "7")
    assert "level" not in out
    assert json.loads(ok(db, "table", "show", "-t", "7", "--json"))["blinds"] == [1, 2]


LIMIT = """\
structure: limit
title: Limit Hold'em
game: holdem
betting: limit
rulebook: rrop
buy_in: 100
starting_stack: 20000
chips: [25, 100, 500]
table_seats: 9
levels:
  - {blinds: [50, 100], limits: [100, 200], minutes: 20}
  - {blinds: [100, 200], limits: [300, 600], ante: 25, minutes: 20}
"""


def test_a_limit_table_bets_the_levels_limits(tmp_path: Path) -> None:
    db = str(tmp_path / "t.db")
    structure = tmp_path / "limit.yaml"
    structure.write_text(LIMIT, encoding="utf-8")
    ok(db, "tournament", "new", "two", "--entrants", "12", "--seed", "5",
       "--structure", str(structure))  # fmt: skip
    ok(db, "tournament", "deal", "two", "2")
    first = hand(db)
    assert (first["betting"], first["blinds"]) == ("limit", [50, 100])
    ok(db, "tournament", "level", "two", "2")
    ok(db, "add", "-t", "two-2", FOLD_TO_ONE)
    out = ok(db, "next", "-t", "two-2")
    assert (
        "new level 2 of tournament two (as set): blinds 100/200, ante 25, limits 300/600"
        " [RRoP §15 rule 7: the new level applies to the next hand]"
    ) in out
    assert "hold up the push" not in out  # TDA 2024 RP-7 is the TDA's alone
    second = hand(db)
    assert (second["blinds"], second["ante"]) == ([100, 200], 25)
    # raises go up by the level's small bet, 300, not the big blind
    raised = ok(db, "add", "-t", "two-2", "deal; 3 raise 500")
    assert "seat 4 to act (19975 behind): fold, call 500, raise 800" in raised


def test_the_first_hand_at_a_limit_table_bets_the_levels_limits(tmp_path: Path) -> None:
    db = str(tmp_path / "t.db")
    structure = tmp_path / "limit.yaml"
    structure.write_text(LIMIT, encoding="utf-8")
    ok(db, "tournament", "new", "two", "--entrants", "12", "--seed", "5",
       "--structure", str(structure))  # fmt: skip
    ok(db, "tournament", "level", "two", "2")
    ok(db, "tournament", "deal", "two", "2")
    raised = ok(db, "add", "-t", "two-2", "deal; 2 raise 500")
    assert "seat 3 to act (19975 behind): fold, call 500, raise 800" in raised
