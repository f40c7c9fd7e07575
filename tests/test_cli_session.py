"""A table as a record and its session: ``floorman table show`` and ``floorman table log``."""

from __future__ import annotations

import json

import pytest
from tablecli import ok, run

pytestmark = pytest.mark.usefixtures("table_db")


def session() -> None:
    ok("new", "-t", "4", "--button", "1", "--seats", "1=100,3=100,5=100,6=100")
    ok("add", "-t", "4", "deal; 6 fold; 1 fold; 3 fold")
    ok("next", "-t", "4")
    ok("add", "-t", "4", "deal; expose 5:1 Ah")
    ok("next", "-t", "4", "--sit", "8=150")


def test_table_show_prints_the_seats_the_button_and_the_blinds() -> None:
    session()
    assert ok("table", "show", "-t", "4").splitlines() == [
        "table 4: hold'em no-limit 1/2, button seat 3",
        "rulebook rrop, moving button",
        "hand 3: in progress",
        "  seat  1       100",
        "  seat  3        99  button",
        "  seat  5       101  small blind",
        "  seat  6       100  big blind",
        "  seat  8       150",
    ]


def test_table_show_json() -> None:
    session()
    data = json.loads(ok("table", "show", "-t", "4", "--json"))
    assert data["button"] == 3
    assert (data["small_blind"], data["big_blind"]) == (5, 6)
    assert data["seats"] == {"1": 100, "3": 99, "5": 101, "6": 100, "8": 150}
    assert data["button_rule"] == "moving"


def test_table_log_lists_every_hand_its_stacks_and_rulings() -> None:
    session()
    out = ok("table", "log", "-t", "4").splitlines()
    assert out[0] == "table 4: 3 hands"
    assert out[1] == "hand 1  button 1  sb 3  bb 5  fold  in: 1=100 3=100 5=100 6=100"
    assert out[2] == "  out: 1=100 3=99 5=101 6=100"
    assert out[3].startswith("hand 2  button 3  sb 5  bb 6  misdeal  in:")
    assert out[5].startswith("  ruling on event 2: misdeal")
    assert out[6].startswith("hand 3  button 3  sb 5  bb 6  in progress")
    data = json.loads(ok("table", "log", "-t", "4", "--json"))
    assert [hand["button"] for hand in data["hands"]] == [1, 3, 3]
    assert data["hands"][2]["stacks_out"] is None


def test_a_table_with_no_hand_is_one_line() -> None:
    result = run("table", "show", "-t", "12")
    assert result.exit_code == 2
    assert result.stderr == "floorman: table 12 has no hand (start one: floorman new)\n"
