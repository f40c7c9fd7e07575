"""``floorman check`` on hands with a clock, a straddle or a bomb pot, as each book rules."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent


def check(tmp_path: Path, hand: str, rulebook: str) -> tuple[int, Any, str]:
    """``floorman check --json`` in a process of its own: exit status, JSON, stderr."""
    path = tmp_path / "hand.yaml"
    path.write_text(hand, encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "floorman", "check", str(path), "--json", "--rulebook", rulebook],
        capture_output=True, text=True, cwd=ROOT, check=False, timeout=120,
    )  # fmt: skip
    data = json.loads(result.stdout) if result.stdout else None
    return result.returncode, data, result.stderr


CLOCK_FLOP = """\
button: 3
seats: {1: 100, 2: 100, 3: 100}
events: [deal, 3 call, 1 call, 2 check, burn, flop Ah Kd 7c, clock 1, clock 1 expired,
         2 bet 4, 3 fold]
"""


@pytest.mark.parametrize(
    ("rulebook", "rule", "outcome", "stacks"),
    [
        # TDA 29: "if not facing a bet, the hand is checked": seat 1 checks and wins
        # nothing yet; seat 2's bet of 4 stands against seat 1, who still has to act.
        ("tda-2024", "tda-2024.clock.expired-checked", "continue", None),
        # RRoP is silent: the house option checks the hand, as TDA does.
        ("rrop", "rrop.clock.expired-checked", "continue", None),
        # WSOP LA 181: "the hand will be dead": seat 2's bet takes the pot when seat 3 folds.
        ("wsop-2024", "wsop-2024.clock.expired", "dead-hand", {"1": 98, "2": 104, "3": 98}),
    ],
)
def test_time_running_out_with_no_bet_to_face_is_ruled_as_each_book_says(
    tmp_path: Path, rulebook: str, rule: str, outcome: str, stacks: dict[str, int] | None
) -> None:
    status, data, stderr = check(tmp_path, CLOCK_FLOP, rulebook)
    assert status == 0, stderr
    expired = [r for r in data["rulings"] if r["event"] == 8]
    assert [(r["rule"], r["outcome"]) for r in expired] == [(rule, outcome)]
    if stacks is not None:
        assert data["stacks"] == stacks


@pytest.mark.parametrize(
    ("rulebook", "words"),
    [
        ("tda-2024", "25 seconds plus a 5-second countdown"),
        ("rrop", "one additional minute to act, then a ten-second warning"),
        ("wsop-2024", "one minute to act, then a ten-second countdown"),
    ],
)
def test_the_clock_facing_a_bet_gives_each_book_s_time_and_then_kills_the_hand(
    tmp_path: Path, rulebook: str, words: str
) -> None:
    hand = "button: 3\nseats: {1: 100, 2: 100, 3: 100}\nevents: [deal, 3 raise 6, clock 1,\n"
    hand += "  clock 1 expired, 2 fold]\n"
    status, data, stderr = check(tmp_path, hand, rulebook)
    assert status == 0, stderr
    called, expired = data["rulings"]
    assert called["rule"] == f"{rulebook}.clock.called"
    assert words in called["steps"][0]["text"]
    assert (expired["rule"], expired["outcome"]) == (f"{rulebook}.clock.expired", "dead-hand")
    assert data["stacks"] == {"1": 99, "2": 98, "3": 103}


def test_the_clock_on_a_seat_that_is_not_to_act_is_one_line_and_exit_2(tmp_path: Path) -> None:
    hand = "button: 3\nseats: {1: 100, 2: 100, 3: 100}\nevents: [deal, clock 1]\n"
    status, data, stderr = check(tmp_path, hand, "tda-2024")
    assert status == 2
    assert data is None
    assert stderr.strip().endswith(
        'event 2 "clock 1": the clock is put on the player to act: it is seat 3\'s turn'
    )
    assert len(stderr.strip().splitlines()) == 1


SIX = "button: 6\nseats: {1: 100, 2: 100, 3: 100, 4: 100, 5: 100, 6: 100}\n"


@pytest.mark.parametrize(
    ("rulebook", "returned", "to_act"),
    [("rrop", True, 3), ("tda-2024", True, 3), ("wsop-2024", False, 1)],
)
def test_a_button_straddle_is_allowed_where_the_book_allows_it(
    tmp_path: Path, rulebook: str, returned: bool, to_act: int
) -> None:
    status, data, stderr = check(tmp_path, SIX + "events: [post 6 straddle 4, deal]\n", rulebook)
    assert status == 0, stderr
    rules = [r["rule"] for r in data["rulings"]]
    assert rules == ([f"{rulebook}.straddle.improper"] if returned else [])
    assert data["stacks"]["6"] == (100 if returned else 96)
    # whoever acts first: the hand goes on from there with no other ruling
    first = f"{to_act} fold"
    status, data, stderr = check(
        tmp_path, SIX + f"events: [post 6 straddle 4, deal, {first}]\n", rulebook
    )
    assert status == 0, stderr
    assert [r["rule"] for r in data["rulings"]] == rules


@pytest.mark.parametrize(
    ("rulebook", "ruled"), [("rrop", True), ("tda-2024", True), ("wsop-2024", False)]
)
def test_the_least_raise_over_a_straddle_is_each_book_s(
    tmp_path: Path, rulebook: str, ruled: bool
) -> None:
    hand = SIX + "events: [post 3 straddle 4, deal, 4 raise 6, 5 fold, 6 fold, 1 fold, 2 fold,"
    hand += " 3 fold]\n"
    status, data, stderr = check(tmp_path, hand, rulebook)
    assert status == 0, stderr
    assert [r["rule"] for r in data["rulings"]] == (
        [f"{rulebook}.betting.underraise"] if ruled else []
    )
    # seat 4 wins the blinds and the straddle; its raise comes back but for the call
    assert data["stacks"]["4"] == 100 + 1 + 2 + 4
    assert data["stacks"]["3"] == 96


def test_a_mandatory_straddle_is_posted_with_the_blinds_and_acts_last(tmp_path: Path) -> None:
    hand = SIX + "straddles: [4, 8]\nevents: [deal, 5 call, 6 fold, 1 fold, 2 fold, 3 fold,"
    hand += " 4 check, burn, flop Ah Kd 7c]\n"
    status, data, stderr = check(tmp_path, hand, "wsop-2024")
    assert status == 0, stderr
    assert data["rulings"] == []
    assert data["stacks"] == {"1": 99, "2": 98, "3": 96, "4": 92, "5": 92, "6": 100}


def test_a_mandatory_straddle_at_or_below_the_big_blind_is_one_line_and_exit_2(
    tmp_path: Path,
) -> None:
    status, _, stderr = check(tmp_path, SIX + "straddles: [2]\n", "rrop")
    assert status == 2
    assert "straddles: a straddle goes above the big blind 2, not 2" in stderr
    assert len(stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("rulebook", ["rrop", "tda-2024", "wsop-2024"])
def test_a_bomb_pot_antes_everyone_and_opens_the_betting_on_the_flop(
    tmp_path: Path, rulebook: str
) -> None:
    hand = SIX + "bomb_pot: 5\nevents: [deal, burn, flop Ah Kd 7c, 1 bet 10, 2 fold, 3 fold,"
    hand += " 4 fold, 5 fold, 6 fold]\n"
    status, data, stderr = check(tmp_path, hand, rulebook)
    assert status == 0, stderr
    assert [(r["event"], r["rule"]) for r in data["rulings"]] == [(1, f"{rulebook}.bomb-pot")]
    assert data["stacks"] == {"1": 125, "2": 95, "3": 95, "4": 95, "5": 95, "6": 95}


def test_no_betting_before_the_flop_of_a_bomb_pot(tmp_path: Path) -> None:
    status, _, stderr = check(tmp_path, SIX + "bomb_pot: 5\nevents: [deal, 1 call]\n", "wsop-2024")
    assert status == 2
    assert stderr.strip().endswith(
        'event 2 "1 call": the preflop betting is complete; the flop comes next'
    )


def test_the_table_says_a_bomb_pot_and_that_the_flop_comes_next(tmp_path: Path) -> None:
    path = tmp_path / "bomb.yaml"
    path.write_text(SIX + "bomb_pot: 5\nevents: [deal]\n", encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "floorman", "check", str(path), "--rulebook", "wsop-2024"],
        capture_output=True, text=True, cwd=ROOT, check=False, timeout=120,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "hold'em no-limit 1/2, bomb pot 5, button seat 6" in result.stdout
    assert "WSOP LA 27  [wsop-2024.bomb-pot]" in result.stdout
    assert "deal the flop" in result.stdout
