"""Showdown rulings as a floor person meets them: ``floorman check`` on a hand file, in a
process of its own, under each shipped rulebook."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
BOOKS = ("rrop", "tda-2024", "wsop-2024")

RIVER_CALLED = ("deal, 3 call, 1 call, 2 fold, burn, flop 2c 7d 9h, 1 check, 3 check, burn,"
                " turn Js, 1 check, 3 check, burn, river 4c, 1 bet 10, 3 call")  # fmt: skip
"""Seats 1 and 3 to the river, where seat 1 bets 10 and seat 3 calls: a pot of 26."""

WINS = {
    "rrop": "seat 1 holds the only live hand and the pot is pushed to it.",
    "tda-2024": "so seat 1 holds the last live cards and wins the pot (Rule 17-B).",
    "wsop-2024": "so the pot is awarded to the only live hand remaining (T 72, LA 139).",
}


def check(tmp_path: Path, events: str, rulebook: str) -> dict[str, Any]:
    hand = tmp_path / "hand.yaml"
    hand.write_text(
        f"button: 3\nseats: {{1: 100, 2: 100, 3: 100}}\nevents: [{events}]\n", encoding="utf-8"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run(
        [sys.executable, "-m", "floorman", "check", str(hand), "--json", "--rulebook", rulebook],
        capture_output=True, text=True, env=env, cwd=tmp_path, check=False, timeout=120,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    data: dict[str, Any] = json.loads(result.stdout)
    return data


@pytest.mark.parametrize("rulebook", BOOKS)
def test_a_hand_retrieved_after_the_other_is_mucked_wins(tmp_path: Path, rulebook: str) -> None:
    """TDA 14 and 17-B, WSOP T 108 and 72, RRoP §3 Dead Hands 2: seat 1 discards face down
    beside the muck, seat 3 pushes its hand into the muck; seat 1's cards, retrieved and
    tabled, are the only live hand."""
    found = check(tmp_path, f"{RIVER_CALLED}, muck 1, muck 3, retrieve 1, show 1 8h 8d", rulebook)
    ruling = found["rulings"][-1]
    assert (ruling["event"], ruling["rule"]) == (19, f"{rulebook}.dead-hand.retrieved")
    assert ruling["steps"][0]["text"].endswith(WINS[rulebook])
    assert found["awards"] == {"1": 26}
    assert found["stacks"] == {"1": 114, "2": 98, "3": 88}
    assert found["violations"] == []


@pytest.mark.parametrize("rulebook", BOOKS)
def test_both_hands_retrieved_play_as_cards_speak(tmp_path: Path, rulebook: str) -> None:
    found = check(
        tmp_path,
        f"{RIVER_CALLED}, muck 1, muck 3, retrieve 1, retrieve 3, show 1 8h 8d, show 3 Ah Ad",
        rulebook,
    )
    assert found["awards"] == {"3": 26}


@pytest.mark.parametrize("rulebook", BOOKS)
def test_a_tabled_all_in_hand_the_dealer_kills_stays_live(tmp_path: Path, rulebook: str) -> None:
    """TDA 13-C, 16 and 65-B; WSOP T 70 and 71, LA 140; RRoP §3 Showdown 2 and 4: the aces
    were tabled all in, the dealer mucks them, and they still play the board out."""
    found = check(
        tmp_path,
        "deal, 3 allin, 1 fold, 2 call, show 3 Ah Ad, show 2 Kh Kd, kill 3, burn, flop 2c 7d 9h,"
        " burn, turn Js, burn, river 4c",
        rulebook,
    )
    ruling = found["rulings"][0]
    assert (ruling["event"], ruling["rule"], ruling["outcome"]) == (
        7, f"{rulebook}.dead-hand.killed-tabled", "continue"
    )  # fmt: skip
    assert ruling["steps"][0]["text"].endswith("Put seat 3's cards back face up; the hand plays.")
    assert found["awards"] == {"3": 201}
    assert found["violations"] == []


@pytest.mark.parametrize("rulebook", BOOKS)
def test_a_hand_tabled_at_the_river_the_dealer_kills_wins(tmp_path: Path, rulebook: str) -> None:
    checked_down = RIVER_CALLED.replace("1 bet 10, 3 call", "1 check, 3 check")
    found = check(tmp_path, f"{checked_down}, show 1 Ah Ad, show 3 Kh Kd, kill 1", rulebook)
    assert found["rulings"][0]["rule"] == f"{rulebook}.dead-hand.killed-tabled"
    assert found["awards"] == {"1": 6}
    untabled = check(tmp_path, f"{checked_down}, show 3 Kh Kd, kill 1", rulebook)
    assert untabled["rulings"][0]["rule"] == f"{rulebook}.dead-hand.killed"
    assert untabled["awards"] == {"3": 6}
