"""``floorman check`` on hands whose board is run more than once, as each book rules."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent


def check(tmp_path: Path, hand: str, rulebook: str, *more: str) -> tuple[int, Any, str]:
    """``floorman check`` in a process of its own: exit status, JSON (or text), stderr."""
    path = tmp_path / "hand.yaml"
    path.write_text(hand, encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "floorman", "check", str(path), "--rulebook", rulebook, *more],
        capture_output=True, text=True, cwd=ROOT, check=False, timeout=120,
    )  # fmt: skip
    data = json.loads(result.stdout) if "--json" in more and result.stdout else result.stdout
    return result.returncode, data, result.stderr


SIDE_POT = """\
button: 3
seats: {1: 100, 2: 100, 3: 40}
events: [deal, 3 call, 1 call, 2 check, burn, flop 2s 7d 9c, 1 allin, 2 call, 3 call, run 2,
         burn, turn Jh, burn, river 4s, burn, turn Kd, burn, river 6s,
         show 1 Ks Kc, show 2 Qh Qd, show 3 Ac Ad]
"""


@pytest.mark.parametrize("rulebook", ["rrop", "wsop-2024"])
def test_a_side_pot_run_twice_is_split_per_run_on_each_board(tmp_path: Path, rulebook: str) -> None:
    """RRoP No-Limit 14 ("the pot is divided in two, with each portion being dealt for
    separately") and WSOP LA 209-210: seat 3's aces win the main pot's first run, seat
    1's kings the rest."""
    status, data, stderr = check(tmp_path, SIDE_POT, rulebook, "--json")
    assert status == 0, stderr
    assert [(r["event"], r["rule"]) for r in data["rulings"]] == [(10, f"{rulebook}.run.agreed")]
    assert data["violations"] == []
    main, side = data["pots"]
    assert [run["awards"] for run in main["runs"]] == [{"3": 60}, {"1": 60}]
    assert [run["awards"] for run in side["runs"]] == [{"1": 60}, {"1": 60}]
    assert data["stacks"] == {"1": 180, "2": 0, "3": 60}
    status, text, _ = check(tmp_path, SIDE_POT, rulebook)
    assert "board: run 1 of 2: 2♠ 7♦ 9♣ J♥ 4♠; run 2 of 2: 2♠ 7♦ 9♣ K♦ 6♠" in text
    assert "  run 2, 60 on 2♠ 7♦ 9♣ K♦ 6♠: seat 1 takes 60" in text


PREFLOP = """\
button: 3
seats: {1: 100, 2: 100, 3: 100}
events: [deal, 3 allin, 1 fold, 2 call, run 2, burn, flop 2s 7d 9c, burn, turn Jh,
         burn, river 4s, SECOND, show 2 Ac Ad, show 3 Kh Kc]
"""
SECOND_RUN = "burn, flop Ks 8d 3c, burn, turn 5h, burn, river 6s"


@pytest.mark.parametrize(
    ("rulebook", "kind", "rule", "awards"),
    [
        ("rrop", "cash", "rrop.run.agreed", {"2": 101, "3": 100}),
        # RRoP §15 rule 1: at a tournament the rules of live games apply.
        ("rrop", "tournament", "rrop.run.agreed", {"2": 101, "3": 100}),
        ("wsop-2024", "cash", "wsop-2024.run.agreed", {"2": 101, "3": 100}),
        # WSOP T is silent, the TDA altogether: the house's default deals one board.
        ("wsop-2024", "tournament", "wsop-2024.run.not-allowed", {"2": 201}),
        ("tda-2024", "cash", "tda-2024.run.not-allowed", {"2": 201}),
    ],
)
def test_running_it_twice_is_allowed_where_the_book_allows_it(
    tmp_path: Path, rulebook: str, kind: str, rule: str, awards: dict[str, int]
) -> None:
    """Where the book allows it, the second run is dealt and the pot of 201 cut 101 and
    100 (odd chip to the first run, WSOP LA 213); where it does not, the ruling's step is
    followed (the rest of the board is dealt once) and draws no other ruling."""
    second = SECOND_RUN if rule.endswith("agreed") else "note the board is dealt once"
    hand = f"kind: {kind}\n" + PREFLOP.replace("SECOND", second)
    status, data, stderr = check(tmp_path, hand, rulebook, "--json")
    assert status == 0, stderr
    assert [(r["event"], r["rule"]) for r in data["rulings"]] == [(5, rule)]
    assert data["violations"] == []
    assert data["awards"] == awards


def test_a_second_run_dealt_without_a_burn_is_ruled_as_any_board(tmp_path: Path) -> None:
    """WSOP LA 213: "All other standard flop game rules apply to the second board": a
    second run's turn with no burn is corrected (RRoP §5 rule 5) and, done so, draws no
    other ruling."""
    second = "burn, flop Ks 8d 3c, turn 5h, turn Qd, burn, river 6s"
    hand = PREFLOP.replace("SECOND", second)
    status, data, stderr = check(tmp_path, hand, "rrop", "--json")
    assert status == 0, stderr
    assert [(r["event"], r["rule"]) for r in data["rulings"]] == [
        (5, "rrop.run.agreed"),
        (14, "rrop.holdem.board.no-burn"),
    ]
    assert data["violations"] == []
    assert data["awards"] == {"2": 101, "3": 100}


def test_an_agreement_with_betting_to_come_is_undone(tmp_path: Path) -> None:
    """WSOP LA 207: "There cannot be any action pending": the hand goes on, one board."""
    hand = """\
button: 3
seats: {1: 100, 2: 100, 3: 100}
events: [deal, 3 call, 1 call, 2 check, burn, flop Ah Kd 7c, run 2, 1 check, 2 check,
         3 check, burn, turn 2s, 1 check, 2 check, 3 check, burn, river 9h]
"""
    status, data, stderr = check(tmp_path, hand, "wsop-2024", "--json")
    assert status == 0, stderr
    assert [(r["event"], r["rule"]) for r in data["rulings"]] == [(7, "wsop-2024.run.betting-left")]
    assert data["violations"] == []


def test_a_run_agreed_once_every_card_is_out_is_one_line_and_exit_2(tmp_path: Path) -> None:
    hand = PREFLOP.replace("SECOND", "run 2")
    status, _, stderr = check(tmp_path, hand, "rrop")
    assert status == 2
    assert stderr.strip().endswith('event 12 "run 2": the board is run 2 times already')
    assert len(stderr.strip().splitlines()) == 1


def test_a_hand_run_twice_at_the_table_prints_both_boards_and_is_not_exported_to_phh(
    tmp_path: Path,
) -> None:
    from typer.testing import CliRunner

    from floorman.cli import app

    runner = CliRunner()
    env = {"FLOORMAN_DB": str(tmp_path / "floorman.db"), "FLOORMAN_TABLE": "1"}

    def ok(*args: str) -> str:
        result = runner.invoke(app, list(args), env=env)
        assert result.exit_code == 0, result.output
        return result.stdout

    ok("new", "--button", "3", "--seats", "1=100,2=100,3=100", "--rulebook", "wsop-2024")
    agreed = ok("add", "deal; 3 allin; 1 fold; 2 call; run 2")
    assert "WSOP LA 204, 205, 209, 210, 213" in agreed
    first = ok("add", "burn; flop 2s 7d 9c; burn; turn Jh; burn; river 4s")
    assert "run 2 of 2 next: burn and deal the flop" in first
    ok("add", "burn; flop Ks 8d 3c; burn; turn 5h; burn; river 6s")
    shown = ok("add", "show 2 Ac Ad", "show 3 Kh Kc")
    assert "run 1 of 2: 2♠ 7♦ 9♣ J♥ 4♠; run 2 of 2: K♠ 8♦ 3♣ 5♥ 6♠" in ok("show")
    assert "run 2, 100 on K♠ 8♦ 3♣ 5♥ 6♠: seat 3 takes 100" in shown
    phh = tmp_path / "hand.phh"
    result = runner.invoke(app, ["export", "--format", "phh", "-o", str(phh)], env=env)
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        "floorman: PHH cannot record a board run 2 times: it has no action for more than one"
        " run-out"
    )
    assert not phh.exists()


def test_the_station_offers_the_burn_that_begins_the_next_run() -> None:
    from floorman.hand.events import parse_events
    from floorman.hand.state import HandState
    from floorman.server.views import buttons

    state = HandState(seats={1: 100, 2: 100, 3: 100}, button=3, blinds=(1, 2))
    first = (
        "deal; 3 allin; 1 fold; 2 call; run 2; burn; flop 2s 7d 9c; burn; turn Jh; burn; river 4s"
    )
    state.apply_all(parse_events(first.split("; ")))
    assert buttons(state) == [{"label": "burn", "event": "burn", "amount": None}]
    second = "burn; flop Ks 8d 3c; burn; turn 5h; burn; river 6s"
    state.apply_all(parse_events(second.split("; ")))
    assert buttons(state) == []
