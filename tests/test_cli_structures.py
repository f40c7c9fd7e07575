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
