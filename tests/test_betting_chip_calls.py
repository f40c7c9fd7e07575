"""Chips, counts and declarations ruled under RRoP, TDA and WSOP, end to end through
``floorman check --json``: which rule rules, what it binds and where the chips go."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from floorman.cli import app

runner = CliRunner()
BOOKS = ("rrop", "tda-2024", "wsop-2024")


def check(
    tmp_path: Path,
    rulebook: str,
    events: list[str],
    *,
    betting: str = "no-limit",
    blinds: str = "100, 200",
) -> tuple[int, dict[str, Any]]:
    """Check a three-seat hand (blinds 100-200 unless told), chips of 100, 500 and 1000."""
    path = tmp_path / f"{rulebook}.yaml"
    header = (
        f"game: holdem\nbetting: {betting}\nblinds: [{blinds}]\nbutton: 3\n"
        "chips: [100, 500, 1000]\nseats: {1: 10000, 2: 10000, 3: 10000}\n"
        f"rulebook: {rulebook}\nevents:\n"
    )
    path.write_text(header + "".join(f"  - {e}\n" for e in events), encoding="utf-8")
    result = runner.invoke(app, ["check", str(path), "--json"])
    assert result.exit_code in (0, 1), result.output
    return result.exit_code, json.loads(result.stdout)


FLOP = ["deal", "3 call", "1 call", "2 check", "burn", "flop Ah Kd 7c"]


def steps(data: dict[str, Any], index: int = 0) -> list[str]:
    return [step["do"] for step in data["rulings"][index]["steps"]]


@pytest.mark.parametrize("book", BOOKS)
def test_chips_all_needed_to_call_are_a_call_in_no_limit(tmp_path: Path, book: str) -> None:
    # Facing 1200, two 1000 chips: either is needed to call. RRoP §14 No-Limit 10 (not
    # held to a raise when too much went in to call), TDA 45-A, WSOP T 92: a call.
    code, data = check(tmp_path, book, [*FLOP, "1 bet 1200", "2 chips 1000+1000"])
    assert code == 0
    (ruling,) = data["rulings"]
    assert ruling["rule"] == f"{book}.betting.multiple-chips"
    assert steps(data) == ["bind-call"]
    assert data["stacks"]["2"] == 10000 - 200 - 1200


@pytest.mark.parametrize(("book", "rule_steps", "behind"), [
    ("rrop", ["bind-min-raise"], 10000 - 1200),
    ("tda-2024", ["bind-call"], 10000 - 600),
    ("wsop-2024", ["bind-call"], 10000 - 600),
])  # fmt: skip
def test_limit_keeps_the_half_bet_test_under_rrop(
    tmp_path: Path, book: str, rule_steps: list[str], behind: int
) -> None:
    # Limit 300-600, facing the big blind of 600, two 500 chips, both needed to call but
    # a full bet plus more than half a bet: RRoP §3 Betting and Raising 14 makes it a
    # raise in limit; TDA 45-A and WSOP T 92 know no structure: a call.
    events = ["deal", "3 chips 500+500"]
    _, data = check(tmp_path, book, events, betting="limit", blinds="300, 600")
    assert data["rulings"][0]["rule"] == f"{book}.betting.multiple-chips"
    assert steps(data) == rule_steps
    assert data["stacks"]["3"] == behind


@pytest.mark.parametrize(("book", "cite"), [
    ("rrop", "RRoP §14 No-Limit 8, 9 and 10; §3 Betting and Raising 15"),
    ("tda-2024", "TDA 2024 Rule 44"),
    ("wsop-2024", "WSOP T 97; WSOP LA 178"),
])  # fmt: skip
def test_a_declared_raise_with_one_oversized_chip_cites_the_overchip_rule(
    tmp_path: Path, book: str, cite: str
) -> None:
    # "Raise", then one 1000 chip facing a bet of 200: the overchip rule (TDA 44, WSOP T
    # 97, RRoP No-Limit 9) is the most specific, not the general declared-raise rule.
    _, data = check(tmp_path, book, [*FLOP, "1 bet 200", "2 says raise", "2 chips 1000"])
    ruling = data["rulings"][-1]
    assert (ruling["rule"], ruling["cite"]) == (f"{book}.betting.declared-raise-overchip", cite)
    assert data["stacks"]["2"] == 10000 - 200 - 1000


@pytest.mark.parametrize("book", BOOKS)
def test_a_declared_raise_with_several_chips_keeps_its_rule(tmp_path: Path, book: str) -> None:
    events = [*FLOP, "1 bet 200", "2 says raise", "2 chips 500+500"]
    _, data = check(tmp_path, book, events)
    assert data["rulings"][-1]["rule"] == f"{book}.betting.declared-raise-chips"


@pytest.mark.parametrize("book", BOOKS)
def test_chips_after_a_declaration_are_its_chips(tmp_path: Path, book: str) -> None:
    # Seat 2 says "raise, twelve hundred" facing 400 and pushes out two 1000 chips while
    # seat 3 has the turn: the chips are the declaration's (RRoP §14 No-Limit 5, TDA 40-A,
    # WSOP T 90-a), not an action out of turn; the raise is 1200 and 800 stays behind.
    events = [*FLOP, "1 bet 400", "2 says raise 1200", "2 chips 1000+1000", "3 call"]
    code, data = check(tmp_path, book, events)
    assert code == 0
    ruling = data["rulings"][-1]
    assert (ruling["event"], ruling["rule"]) == (9, f"{book}.betting.declaration-chips")
    assert all(r["rule"] != f"{book}.betting.out-of-turn" for r in data["rulings"])
    assert data["stacks"]["2"] == data["stacks"]["3"] == 10000 - 200 - 1200


@pytest.mark.parametrize("book", BOOKS)
def test_chips_when_the_turn_comes_back_are_a_new_action(tmp_path: Path, book: str) -> None:
    # Seat 2 said call; seat 3 raises, and seat 1 folds: seat 2's chips now answer the raise.
    events = [*FLOP, "1 bet 400", "2 says call", "3 raise 1200", "1 fold", "2 chips 1000"]
    _, data = check(tmp_path, book, events)
    assert data["rulings"][-1]["rule"] == f"{book}.betting.single-chip"
    assert data["stacks"]["2"] == 10000 - 200 - 1200


@pytest.mark.parametrize(("book", "cite"), [
    ("rrop", "RRoP §14 No-Limit 6 and 7; §3 Betting and Raising 16"),
    ("tda-2024", "TDA 2024 Rules 49 and 60"),
    ("wsop-2024", "WSOP T 104"),
])  # fmt: skip
def test_a_wrong_count_called_is_accepted_action_not_an_undercall(
    tmp_path: Path, book: str, cite: str
) -> None:
    # Seat 3 raises to 1200 over 400; seat 1 asks for a count, a player says 1000, and
    # seat 1 puts out a 1000 chip. TDA 49, WSOP T 104 (RRoP §14 No-Limit 6): a full call,
    # not the undercall rule's discretion (TDA 51-B, WSOP T 93-f-2).
    events = [*FLOP, "1 check", "2 bet 400", "3 raise 1200", "count 1 1000 by player",
              "1 chips 1000"]  # fmt: skip
    code, data = check(tmp_path, book, events)
    assert code == 0
    count, call = data["rulings"]
    assert (count["event"], count["rule"]) == (10, f"{book}.betting.count")
    assert (call["rule"], call["cite"]) == (f"{book}.betting.accepted-action", cite)
    assert steps(data, 1) == ["bind-call"]
    assert "1000" in call["steps"][0]["text"]
    assert data["stacks"]["1"] == 10000 - 200 - 1200


@pytest.mark.parametrize("book", ["tda-2024", "wsop-2024"])
def test_a_count_only_facing_an_all_in_in_turn(tmp_path: Path, book: str) -> None:
    _, data = check(tmp_path, book, [*FLOP, "1 bet 400", "count 2 400"])
    entitled = data["rulings"][-1]["steps"][0]["text"]
    _, data = check(tmp_path, book, [*FLOP, "1 allin", "count 2 9800"])
    all_in = data["rulings"][-1]["steps"][0]["text"]
    assert "estimation" in entitled
    assert "estimation" not in all_in


@pytest.mark.parametrize(("book", "cite"), [
    ("rrop", "RRoP §15 rules 1 and 18; §2 Procedures 4 and 6"),
    ("tda-2024", "TDA 2024 Rules 49 and 62"),
    ("wsop-2024", "WSOP T 104 and 105"),
])  # fmt: skip
def test_chips_found_behind_a_called_all_in(tmp_path: Path, book: str, cite: str) -> None:
    events = [*FLOP, "1 allin", "2 call", "3 fold", "behind 1 500"]
    code, data = check(tmp_path, book, events)
    assert code == 0
    (ruling,) = data["rulings"]
    assert (ruling["event"], ruling["rule"], ruling["cite"]) == (
        10,
        f"{book}.betting.chips-found-behind",
        cite,
    )
    assert "not" in ruling["steps"][0]["text"]
    assert data["stacks"]["1"] == 0
    before = check(tmp_path, book, [*FLOP, "1 allin", "behind 1 500"])[1]
    assert before["rulings"] == []
