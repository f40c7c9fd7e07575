"""``--json`` on every data command: the shapes the README documents, with the
``check --json`` conventions (seats as string keys, integer amounts, ``Ah`` cards)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from floorman.cli import app

runner = CliRunner()


@pytest.fixture(autouse=True)
def store(table_db: Path) -> Path:
    return table_db


def data(*args: str) -> Any:
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def record_a_showdown() -> None:
    for args in (
        ["new", "-t", "5", "--button", "3", "--seats", "1=100,2=50,3=200,4=80"],
        ["add", "deal; 2 raise 6; 3 fold; 4 call; 1 call; burn; flop Ah Kd 7c; check; 1 bet 10"],
        ["add", "2 allin; 4 fold; 1 call; burn; turn 2c; burn; river 3d; show 2 Kc Kh"],
        ["add", "show 1 As Qd"],
        ["undo"],  # typed Qd for Ad
        ["add", "show 1 As Ad"],
    ):
        assert runner.invoke(app, args).exit_code == 0, args


def test_show_prints_the_table_and_the_check_contract() -> None:
    record_a_showdown()
    hand = data("show")
    assert {k: hand[k] for k in ("hand", "table", "events", "status", "reason")} == {
        "hand": 1, "table": "5", "events": 18, "status": "over", "reason": "showdown",
    }  # fmt: skip
    assert hand["board"] == ["Ah", "Kd", "7c", "2c", "3d"]
    assert hand["seats"]["2"] == {
        "behind": 0, "in_front": 0, "in_pot": 50, "cards": ["Kc", "Kh"], "folded": False,
        "shown": True,
    }  # fmt: skip
    assert hand["awards"] == {"1": 106}
    assert hand["pots"][0]["awards"] == {"1": 106}
    assert set(hand) >= {"rulings", "violations", "pots", "awards", "stacks"}
    assert all(isinstance(amount, int) for amount in hand["stacks"].values())


def test_log_marks_the_undone_event_and_the_undo() -> None:
    record_a_showdown()
    log = data("log")
    assert (log["hand"], log["table"]) == (1, "5")
    kinds = [(r["kind"], r["event"], r["text"], r.get("undone")) for r in log["records"][-3:]]
    assert kinds == [
        ("event", None, "show 1 As Qd", True),
        ("undo", None, "show 1 As Qd", None),
        ("event", 18, "show 1 As Ad", False),
    ]


def test_hands_lists_each_hand_with_how_it_stands() -> None:
    record_a_showdown()
    (row,) = data("hands")["hands"]
    assert row["hand"] == 1
    assert row["status"] == "over"
    assert row["reason"] == "showdown"
    assert row["events"] == 18


def test_rules_list_show_and_diff() -> None:
    listed = data("rules", "list", "--rulebook", "tda-2024")
    assert listed["rulebook"] == "tda-2024"
    assert {"rule", "outcome", "title", "cite"} == set(listed["rules"][0])
    rule = data("rules", "show", "rrop.holdem.premature-turn")
    assert rule["outcome"] == "continue"
    assert rule["steps"][0]["do"] == "set-aside"
    diff = data("rules", "diff", "rrop", "tda-2024")
    assert diff["rulebooks"] == ["rrop", "tda-2024"]
    assert diff["options"]["misdeal_on_exposed_deal_positions"] == [[1], [1, 2]]
    assert set(diff["only"]) == {"rrop", "tda-2024"}
    facts = data("rules", "facts")
    assert facts["facts"]["street"]["choices"][0] == "preflop"
    assert "set-aside" in facts["primitives"]


def test_compare_puts_each_rulebooks_ruling_side_by_side() -> None:
    compared = data("compare", "rrop", "tda-2024", "--differences")
    assert compared["rulebooks"] == ["rrop", "tda-2024"]
    assert all(row["differs"] for row in compared["situations"])
    second = next(r for r in compared["situations"] if r["situation"] == "exposed-second-holecard")
    assert second["game"] == "holdem"
    assert second["rulings"]["rrop"]["outcome"] == "continue"
    assert second["rulings"]["tda-2024"]["outcome"] == "misdeal"


def test_ask_gives_the_check_ruling_object() -> None:
    asked = data("ask", "premature-turn", "--rulebook", "tda-2024")
    assert asked["situation"] == "premature-turn"
    assert asked["ruling"]["rule"].startswith("tda-2024.")
    assert {"rule", "cite", "outcome", "title", "steps"} <= set(asked["ruling"])
    assert "premature-turn" in data("ask")["situations"]
