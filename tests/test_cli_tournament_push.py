"""A dealer push recorded at a tournament's table, through the real command line: under
the TDA a new level that started during the push is dealt one hand at the prior level
(TDA 2024 Rule 23); RRoP and WSOP begin the hand on the first riffle, so the hand after
the push is dealt at the clock's level (RRoP §15 rule 7, WSOP T 79); on both stores.

The clock is set to a later level after the push is recorded, so the level changes
during the push without waiting for the clock to run."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from floorman.cli import app

runner = CliRunner()
FOLD_TO_ONE = "deal; 2 fold; 3 fold; 4 fold; 5 fold; 6 fold"
"""At table 2 of ``two`` (button 5, blinds 6 and 1): everyone folds to the big blind."""
FOLD_TO_TWO = "deal; 3 fold; 4 fold; 5 fold; 6 fold; 1 fold"
"""The hand after (button 6, blinds 1 and 2): everyone folds to the big blind."""
PRIOR = (
    "level 1 of tournament two (by the clock, at the dealer push): blinds 100/200 [TDA 2024"
    " Rule 23: a new level started during the dealer push; the incoming dealer deals one"
    " hand at the prior level]"
)


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


def dealt(db: str, *structure: str) -> None:
    """Tournament ``two`` dealt at table two-2, its clock started at level 1."""
    ok(db, "tournament", "new", "two", "--entrants", "12", "--seed", "5", *structure)
    ok(db, "tournament", "deal", "two", "2")
    ok(db, "tournament", "clock", "two", "start")


def test_a_new_level_during_the_push_is_dealt_one_hand_at_the_prior_level(
    store_url: str,
) -> None:
    db = store_url
    dealt(db)
    ok(db, "add", "-t", "two-2", FOLD_TO_ONE)
    said = ok(db, "table", "push", "-t", "two-2", "--by", "Rosa")
    assert said == "table two-2: dealer push: the incoming dealer deals the next hand\n"
    ok(db, "tournament", "clock", "two", "set", "--level", "3", "--left", "12:00")
    out = ok(db, "next", "-t", "two-2")
    assert out.startswith("hand 2 at table two-2: hold'em no-limit 100/200, tournament")
    assert PRIOR in out
    assert "\nlevel 3 is in play: it applies from the hand after this\n" in out
    assert "in front: 1=100 2=200" in out
    assert hand(db)["blinds"] == [100, 200]
    # the push is in the table's log, with who recorded it
    log = json.loads(ok(db, "table", "log", "-t", "two-2", "--json"))
    pushes = [c for h in log["hands"] for c in h["changes_before"] if c["kind"] == "push"]
    assert [(p["change"], p["by"]) for p in pushes] == [
        ("dealer push: the incoming dealer deals the next hand", "Rosa")
    ]
    # one hand only: the hand after is dealt at the clock's level
    ok(db, "add", "-t", "two-2", FOLD_TO_TWO)
    after = ok(db, "next", "-t", "two-2")
    assert (
        "new level 3 of tournament two (by the clock): blinds 200/400 [TDA 2024 Rule 23: the"
        " new level applies to the next hand]"
    ) in after
    assert "dealer push" not in after
    assert hand(db)["blinds"] == [200, 400]


def test_a_level_that_started_before_the_push_is_dealt_at_once(tmp_path: Path) -> None:
    db = str(tmp_path / "t.db")
    dealt(db)
    ok(db, "add", "-t", "two-2", FOLD_TO_ONE)
    ok(db, "tournament", "clock", "two", "set", "--level", "3")
    ok(db, "table", "push", "-t", "two-2")
    out = ok(db, "next", "-t", "two-2")
    assert "new level 3 of tournament two (by the clock): blinds 200/400 [TDA 2024 Rule 23:" in out
    assert "dealer push" not in out
    assert hand(db)["blinds"] == [200, 400]


def test_a_push_with_no_level_change_deals_as_before(tmp_path: Path) -> None:
    db = str(tmp_path / "t.db")
    dealt(db)
    ok(db, "add", "-t", "two-2", FOLD_TO_ONE)
    ok(db, "table", "push", "-t", "two-2")
    out = ok(db, "next", "-t", "two-2")
    assert "\nlevel 1 of tournament two (by the clock): blinds 100/200\n" in out
    assert hand(db)["blinds"] == [100, 200]


RIFFLE = """\
structure: riffle
title: No-Limit Hold'em
game: holdem
betting: no-limit
rulebook: {book}
buy_in: 100
starting_stack: 20000
chips: [25, 100, 500]
table_seats: 9
levels:
  - {{blinds: [100, 200], minutes: 20}}
  - {{blinds: [100, 300], minutes: 20}}
  - {{blinds: [200, 400], minutes: 20}}
"""


@pytest.mark.parametrize(
    ("book", "cite", "words"),
    [
        ("rrop", "RRoP §15 rule 7", "a deal begins with the first riffle of the shuffle"),
        ("wsop-2024", "WSOP T 79", "a new hand begins with the first riffle of the deck"),
    ],
)
def test_rrop_and_wsop_begin_the_hand_on_the_riffle(
    store_url: str, tmp_path: Path, book: str, cite: str, words: str
) -> None:
    db = store_url
    structure = tmp_path / "riffle.yaml"
    structure.write_text(RIFFLE.format(book=book), encoding="utf-8")
    dealt(db, "--structure", str(structure))
    ok(db, "add", "-t", "two-2", FOLD_TO_ONE)
    ok(db, "table", "push", "-t", "two-2")
    ok(db, "tournament", "clock", "two", "set", "--level", "3")
    out = ok(db, "next", "-t", "two-2")
    assert (
        f"new level 3 of tournament two (by the clock): blinds 200/400 [{cite}: the new level"
        f" applies to the next hand; {words}, not the dealer push]"
    ) in out
    assert hand(db)["blinds"] == [200, 400]


def test_a_push_while_the_hand_is_played_is_refused(tmp_path: Path) -> None:
    db = str(tmp_path / "t.db")
    dealt(db)
    ok(db, "add", "-t", "two-2", "deal; 2 fold")
    result = run(db, "table", "push", "-t", "two-2")
    assert result.exit_code == 2
    assert result.stderr == (
        "floorman: table two-2: hand 1 is still being played; record the dealer push once it"
        " is over\n"
    )
    log = json.loads(ok(db, "table", "log", "-t", "two-2", "--json"))
    assert log["next_hand_changes"] == []


def test_a_push_before_a_misdeal_is_spent_on_the_redeal(tmp_path: Path) -> None:
    """The incoming dealer's one hand at the prior level is the misdealt hand dealt again
    (the same hand, at its level); the hand after it is dealt at the clock's level."""
    db = str(tmp_path / "t.db")
    dealt(db)
    ok(db, "add", "-t", "two-2", "deal; misdeal")
    ok(db, "table", "push", "-t", "two-2")
    ok(db, "tournament", "clock", "two", "set", "--level", "3")
    redeal = ok(db, "next", "-t", "two-2")
    assert "(the misdeal redealt)" in redeal
    assert "dealer push" not in redeal
    assert hand(db)["blinds"] == [100, 200]
    ok(db, "add", "-t", "two-2", FOLD_TO_ONE)
    out = ok(db, "next", "-t", "two-2")
    assert "new level 3 of tournament two (by the clock): blinds 200/400" in out
    assert hand(db)["blinds"] == [200, 400]


def test_a_level_the_floor_sets_at_the_table_stands_against_the_push(tmp_path: Path) -> None:
    db = str(tmp_path / "t.db")
    dealt(db)
    ok(db, "add", "-t", "two-2", FOLD_TO_ONE)
    ok(db, "table", "push", "-t", "two-2")
    ok(db, "tournament", "clock", "two", "set", "--level", "3")
    ok(db, "table", "level", "100/300", "-t", "two-2")
    out = ok(db, "next", "-t", "two-2")
    assert (
        "level 3 of tournament two is in play; this hand is dealt at the level the floor set"
        " at the table: blinds 100/300"
    ) in out
    assert hand(db)["blinds"] == [100, 300]


def test_a_push_at_a_table_no_tournament_deals_is_logged(tmp_path: Path) -> None:
    db = str(tmp_path / "t.db")
    ok(db, "new", "-t", "7", "--button", "1", "--seats", "1=100,2=100,3=100")
    ok(db, "add", "-t", "7", "deal; 1 fold; 2 fold")
    ok(db, "table", "push", "-t", "7")
    log = json.loads(ok(db, "table", "log", "-t", "7", "--json"))
    assert [c["kind"] for c in log["next_hand_changes"]] == ["push"]
    out = ok(db, "next", "-t", "7")
    assert "level" not in out
