"""The same recorded betting irregularities ruled under RRoP, TDA and WSOP, end to end
through ``floorman check --json``: the rulings, violations and chips follow each text."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from tablecli import ok
from typer.testing import CliRunner

from floorman.cli import app

runner = CliRunner()

HEADER = """\
game: holdem
betting: no-limit
blinds: [100, 200]
button: 3
chips: [100, 500, 1000]
seats: {1: 10000, 2: 2100, 3: 10000}
rulebook: RULEBOOK
events:
"""


def check(tmp_path: Path, rulebook: str, events: list[str]) -> tuple[int, dict[str, Any]]:
    path = tmp_path / f"{rulebook}.yaml"
    text = HEADER.replace("RULEBOOK", rulebook) + "".join(f"  - {e}\n" for e in events)
    path.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["check", str(path), "--json"])
    assert result.exit_code in (0, 1), result.output
    return result.exit_code, json.loads(result.stdout)


FLOP = ["deal", "3 call", "1 call", "2 check", "burn", "flop Ah Kd 7c"]


def test_a_stated_amount_between_a_call_and_a_raise(tmp_path: Path) -> None:
    # Facing 1000, seat 2 says "fourteen hundred": TDA 40-C/43-A and WSOP T 90-c/95 make
    # it a call; RRoP's binding statement is a raise, brought up to the minimum.
    events = [*FLOP, "1 bet 1000", "2 says 1400"]
    stacks = {}
    for book in ("rrop", "tda-2024", "wsop-2024"):
        status, data = check(tmp_path, book, events)
        assert status == 0
        (ruling,) = data["rulings"]
        assert ruling["rule"] == f"{book}.betting.declared-amount"
        stacks[book] = data["stacks"]["2"]
    assert stacks == {"rrop": 0, "tda-2024": 900, "wsop-2024": 900}


def test_last_chips_not_all_needed_to_call(tmp_path: Path) -> None:
    # Seat 2 pushes its last 1900 as a 1000 and nine 100s facing 1400: TDA 45-B-2 makes it
    # all in; WSOP T 92 has no such exception, so below half a raise it is a call.
    chips = "+".join(["1000"] + ["100"] * 9)
    events = [*FLOP, "1 bet 1400", f"2 chips {chips}"]
    _, tda = check(tmp_path, "tda-2024", events)
    _, wsop = check(tmp_path, "wsop-2024", events)
    assert [s["do"] for s in tda["rulings"][0]["steps"]] == ["bind-as-made"]
    assert [s["do"] for s in wsop["rulings"][0]["steps"]] == ["bind-call"]
    assert (tda["stacks"]["2"], wsop["stacks"]["2"]) == (0, 500)


@pytest.mark.parametrize(("book", "status"), [("rrop", 1), ("tda-2024", 0), ("wsop-2024", 0)])
def test_a_raise_after_checking_out_of_turn(tmp_path: Path, book: str, status: int) -> None:
    # Seat 2 checks before seat 1; seat 1 bets and seat 2 raises. RRoP §3 B&R 10: a player
    # who checks out of turn may not bet or raise on the next turn (a violation, exit 1);
    # TDA 53-A and WSOP T 90-d: the action changed, so every option is open.
    events = [*FLOP, "2 check", "1 bet 200", "2 raise 600"]
    code, data = check(tmp_path, book, events)
    assert code == status
    assert data["rulings"][0]["event"] == 7
    assert [v["event"] for v in data["violations"]] == ([9] if status else [])


@pytest.mark.parametrize(("book", "in_front"), [("rrop", 100), ("tda-2024", 200)])
def test_a_call_out_of_turn_after_an_intervening_call(
    tmp_path: Path, book: str, in_front: int
) -> None:
    # Seat 1 calls before seat 3; seat 3 calls. RRoP: an intervening call frees seat 1
    # (it acts again, its small blind alone in front); TDA: a call does not change the
    # action, so seat 1's call stands.
    _, data = check(tmp_path, book, ["deal", "1 call", "3 call"])
    assert data["stacks"]["1"] == 10000 - in_front


@pytest.mark.parametrize(
    ("book", "outcome"),
    [("rrop", "dead-hand"), ("tda-2024", "continue"), ("wsop-2024", "continue")],
)
def test_a_fold_out_of_turn_facing_a_bet_stays_folded(
    tmp_path: Path, book: str, outcome: str
) -> None:
    # Seat 1 folds before seat 3, facing the big blind; seat 3 then raises. RRoP §3 Dead
    # Hands 1(a): folding facing a bet kills the hand; TDA 53-A and WSOP T 84: an out of
    # turn fold is binding. No book brings seat 1 back when the action changes.
    code, data = check(tmp_path, book, ["deal", "1 fold", "3 raise 600", "2 call"])
    assert code == 0
    (ruling,) = data["rulings"]
    assert (ruling["rule"], ruling["outcome"]) == (f"{book}.betting.fold-out-of-turn", outcome)
    assert data["stacks"]["1"] == 10000 - 100
    assert data["pots"][0]["eligible"] == [2, 3]


def test_the_hand_settles_after_a_ruling(tmp_path: Path) -> None:
    # An undercall bound to a full call: the chips in the pot and the award follow it.
    events = [
        "deal", "3 raise 600", "1 fold", "2 call 300", "burn", "flop Ah Kd 7c", "2 check",
        "3 check", "burn", "turn 2s", "2 check", "3 check", "burn", "river 3h", "2 check",
        "3 check", "show 2 As Ad", "show 3 Kc Qc",
    ]  # fmt: skip
    for book in ("rrop", "tda-2024", "wsop-2024"):
        _, data = check(tmp_path, book, events)
        assert data["rulings"][0]["steps"][0]["do"] == "bind-call"
        assert data["pots"][0]["amount"] == 1300
        assert data["stacks"] == {"1": 9900, "2": 2800, "3": 9400}


def test_an_undercaller_who_folds_forfeits_the_intended_call(tmp_path: Path) -> None:
    # TDA 51 addendum example 4: facing a bet of 400 raised to 1200, a silent 500 chip;
    # in a house that lets the undercaller fold, 400 stays in the pot and 100 goes back.
    path = tmp_path / "forfeit.yaml"
    path.write_text(
        "game: holdem\nbetting: no-limit\nblinds: [200, 400]\nbutton: 4\n"
        "chips: [100, 500, 1000]\nseats: {1: 20000, 2: 20000, 3: 20000, 4: 20000}\n"
        "rulebook: tda-2024\nhouse: {undercall_at_discretion: forfeit-fold}\n"
        "events: [deal, 3 call, 4 call, 1 call, 2 check, burn, flop Ah Kd 7c, 1 bet 400,"
        " 2 raise 1200, 3 chips 500, 4 fold, 1 fold]\n",
        encoding="utf-8",
    )
    result = runner.invoke(app, ["check", str(path), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    (ruling,) = data["rulings"]
    assert ruling["rule"] == "tda-2024.betting.undercall-at-discretion"
    assert "forfeiting 400" in ruling["steps"][0]["text"]
    assert "the other 100 goes back" in ruling["steps"][0]["text"]
    assert data["stacks"] == {"1": 19200, "2": 22000, "3": 19200, "4": 19600}


@pytest.mark.parametrize("book", ["tda-2024", "wsop-2024"])
def test_the_fold_the_floor_allowed_after_an_undercall_held_to_a_call(
    tmp_path: Path, book: str
) -> None:
    # TDA 51 addendum example 4 (and WSOP T 93-f-2), under the house default that holds
    # an undercall to a full call: told it is 1200, the player folds at once. The fold is
    # the forfeit-and-fold branch: 400 stays in the pot and 100 goes back, not 1200 lost.
    path = tmp_path / "fold.yaml"
    path.write_text(
        "game: holdem\nbetting: no-limit\nblinds: [200, 400]\nbutton: 4\n"
        "chips: [100, 500, 1000]\nseats: {1: 20000, 2: 20000, 3: 20000, 4: 20000}\n"
        f"rulebook: {book}\n"
        "events: [deal, 3 call, 4 call, 1 call, 2 check, burn, flop Ah Kd 7c, 1 bet 400,"
        " 2 raise 1200, 3 chips 500, 3 fold, 4 fold, 1 fold]\n",
        encoding="utf-8",
    )
    result = runner.invoke(app, ["check", str(path), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [(r["event"], r["rule"]) for r in data["rulings"]] == [
        (10, f"{book}.betting.undercall-at-discretion"),
        (11, f"{book}.betting.undercall-fold"),
    ]
    assert "forfeiting 400" in data["rulings"][1]["steps"][0]["text"]
    assert data["stacks"] == {"1": 19200, "2": 22000, "3": 19200, "4": 19600}


def test_the_fold_the_floor_allowed_after_a_closing_undercall(tmp_path: Path) -> None:
    # The undercall is the last action of the round: the fold right after its ruling is
    # recorded and ruled, not refused as a fold after the betting is complete.
    events = [*FLOP, "1 bet 200", "2 raise 1000", "3 call", "1 chips 500", "1 fold"]
    code, data = check(tmp_path, "tda-2024", events)
    assert code == 0
    assert data["rulings"][-1]["rule"] == "tda-2024.betting.undercall-fold"
    assert data["stacks"]["1"] == 10000 - 200 - 200 - 500


@pytest.mark.parametrize(
    ("book", "steps", "stack"),
    [
        ("rrop", ["take-back"], 10000 - 200),
        ("tda-2024", ["explain", "explain"], 10000 - 200 - 200),
        ("wsop-2024", ["take-back"], 10000 - 200),
    ],
)
def test_a_player_unaware_of_a_raise(
    tmp_path: Path, book: str, steps: list[str], stack: int
) -> None:
    # Seat 1 bets 200, seat 2 raises to 1000, seat 3 releases 200 for a call and is held
    # to the full call, then says it did not see the raise. RRoP §3 Betting and Raising
    # 12 and WSOP LA 135: the chips come back, no one having acted after, and seat 3
    # folds in turn; TDA 50-A: the chips stay in the pot, and seat 3's fold now is the
    # fold the TD allows on the undercall (51-B).
    events = [*FLOP, "1 bet 200", "2 raise 1000", "3 call 200", "unaware 3", "3 fold"]
    code, data = check(tmp_path, book, events)
    assert code == 0
    ruled = {r["event"]: r for r in data["rulings"]}
    assert ruled[10]["rule"] == f"{book}.betting.unaware-of-raise"
    assert [s["do"] for s in ruled[10]["steps"]] == steps
    assert data["stacks"]["3"] == stack


def test_at_the_table_a_player_unaware_of_a_raise_acts_again(table_db: Path) -> None:
    # floorman add: the claim is ruled at once and the seat is to act again, its chips back.
    ok("new", "--table", "4", "--button", "3", "--seats", "1=100,2=100,3=100",
       "--blinds", "1/2", "--rulebook", "rrop")  # fmt: skip
    flop = "deal; 3 call; 1 call; 2 check; burn; flop Ah Kd 7c"
    ok("add", "--table", "4", f"{flop}; 1 bet 4; 2 raise 12; 3 call 4")
    out = ok("add", "--table", "4", "unaware 3")
    assert "[rrop.betting.unaware-of-raise]" in out
    assert "in front: 1=4 2=12\n" in out
    assert "seat 3 to act (98 behind): fold, call 12, raise 20..98" in out


def test_too_late_to_be_unaware_of_a_raise(tmp_path: Path) -> None:
    # Seat 1 calls the raise before seat 3 speaks up: someone has acted after, so under
    # RRoP the full call stands.
    events = [*FLOP, "1 bet 200", "2 raise 1000", "3 call 200", "1 call", "unaware 3"]
    code, data = check(tmp_path, "rrop", events)
    assert code == 0
    assert [s["do"] for s in data["rulings"][-1]["steps"]] == ["explain"]
    assert data["stacks"]["3"] == 10000 - 200 - 1000


SIX = """\
game: holdem
betting: no-limit
blinds: [100, 200]
button: 6
seats: {1: 5000, 2: 5000, 3: 5000, 4: 5000, 5: 5000, 6: 5000}
rulebook: RULEBOOK
events:
"""


def check_six(tmp_path: Path, rulebook: str, events: list[str]) -> tuple[int, dict[str, Any]]:
    path = tmp_path / f"six-{rulebook}.yaml"
    text = SIX.replace("RULEBOOK", rulebook) + "".join(f"  - {e}\n" for e in events)
    path.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["check", str(path), "--json"])
    assert result.exit_code in (0, 1), result.output
    return result.exit_code, json.loads(result.stdout)


@pytest.mark.parametrize("book", ["tda-2024", "wsop-2024"])
def test_a_skipped_player_after_substantial_action_out_of_turn(tmp_path: Path, book: str) -> None:
    # TDA 53-B addendum example 1: seat 4 is skipped by seat 5's call and seat 6's fold.
    # TDA 53-B and WSOP T 90-d: both bind, and seat 4 may not raise (the house default):
    # its raise is a violation, and seat 5's call of 600 is not handed back.
    events = ["deal", "3 raise 600", "5 call", "6 fold", "4 raise 1800"]
    code, data = check_six(tmp_path, book, events)
    assert code == 1
    rules = [(r["event"], r["rule"].split(".", 1)[1]) for r in data["rulings"]]
    assert rules == [(3, "betting.out-of-turn"), (4, "betting.skipped-player")]
    assert [v["event"] for v in data["violations"]] == [5]
    assert data["stacks"]["5"] == 4400


@pytest.mark.parametrize("book", ["tda-2024", "wsop-2024"])
def test_a_skipped_player_limited_for_the_whole_round(tmp_path: Path, book: str) -> None:
    # Seat 4, limited to non-aggressive action, calls; when seat 1's raise comes back to
    # it, a re-raise is still a violation: the limit holds for the betting round.
    events = [
        "deal", "3 raise 600", "5 call", "6 fold", "4 call", "1 raise 1600", "2 fold",
        "3 call", "4 raise 3200",
    ]  # fmt: skip
    code, data = check_six(tmp_path, book, events)
    assert code == 1
    (violation,) = data["violations"]
    assert violation["event"] == 9
    assert "for the rest of this round" in violation["message"]


@pytest.mark.parametrize(
    ("house", "rule", "then"),
    [
        ("{}", "betting.out-of-turn", ["3 fold"]),
        ("{skipped_hand: dead}", "betting.skipped-player", []),
    ],
)
def test_rrop_a_skipped_player_may_lose_the_right_to_act(
    tmp_path: Path, house: str, rule: str, then: list[str]
) -> None:
    # RRoP §3 Betting and Raising 11: three players act behind seat 3 before it calls
    # time. By default it keeps the right to act (and folds in turn); a house may take
    # the right away: its hand is dead and the calls out of turn stand.
    events = ["deal", "4 call", "5 call", "6 call", *then, "1 call", "2 check"]
    path = tmp_path / "rrop.yaml"
    text = SIX.replace("RULEBOOK", "rrop").replace("events:", f"house: {house}\nevents:")
    path.write_text(text + "".join(f"  - {e}\n" for e in events), encoding="utf-8")
    result = runner.invoke(app, ["check", str(path), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert {r["event"]: r["rule"] for r in data["rulings"]}[4] == f"rrop.{rule}"
    assert data["stacks"] == {"1": 4800, "2": 4800, "3": 5000, "4": 4800, "5": 4800, "6": 4800}
    assert data["pots"][0]["eligible"] == [1, 2, 4, 5, 6]


def test_a_skipped_hand_ruled_dead(tmp_path: Path) -> None:
    events = ["deal", "3 raise 600", "5 call", "6 fold", "1 fold", "2 fold"]
    path = tmp_path / "dead.yaml"
    text = SIX.replace("RULEBOOK", "tda-2024").replace(
        "events:", "house: {skipped_hand: dead}\nevents:"
    )
    path.write_text(text + "".join(f"  - {e}\n" for e in events), encoding="utf-8")
    result = runner.invoke(app, ["check", str(path), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    steps = [s["do"] for s in data["rulings"][1]["steps"]]
    assert steps == ["out-of-turn-binds", "fold-stands", "kill-skipped"]
    # Seat 4's hand is dead; seat 5's call of 600 stands against seat 3's raise.
    assert (data["stacks"]["4"], data["stacks"]["5"]) == (5000, 4400)
    assert data["pots"][0]["eligible"] == [3, 5]


PLO = """\
game: omaha
betting: pot-limit
blinds: [500, 1000]
ante: 125
button: 4
seats: {1: 50000, 2: 50000, 3: 50000, 4: 50000}
rulebook: tda-2024
events:
"""
PLO_FLOP = ["deal", "3 raise 2500", "4 call", "1 call", "2 call", "burn", "flop Ah Kd 7c"]


@pytest.mark.parametrize(
    ("found_after", "ruled", "stack"),
    [
        # Addendum 52-B example 2: B folds, then the short count is found: 10,500.
        (["2 fold"], "correct-to-pot", 50000 - 125 - 2500 - 10500),
        # Addendum 52-B example 1: B folds and C calls: substantial action, 9,500 stands.
        (["2 fold", "3 call"], "explain", 50000 - 125 - 2500 - 9500),
    ],
)
def test_a_pot_bet_made_short_on_a_wrong_count(
    tmp_path: Path, found_after: list[str], ruled: str, stack: int
) -> None:
    events = [*PLO_FLOP, "1 bet 9500", *found_after, "miscount 1"]
    path = tmp_path / "plo.yaml"
    path.write_text(PLO + "".join(f"  - {e}\n" for e in events), encoding="utf-8")
    result = runner.invoke(app, ["check", str(path), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    (ruling,) = data["rulings"]
    assert ruling["rule"] == "tda-2024.betting.pot-miscount"
    assert [step["do"] for step in ruling["steps"]] == [ruled]
    assert data["stacks"]["1"] == stack


def test_a_miscount_names_the_bet_in_force(tmp_path: Path) -> None:
    events = [*PLO_FLOP, "1 bet 9500", "2 raise 30000", "miscount 1"]
    path = tmp_path / "plo.yaml"
    path.write_text(PLO + "".join(f"  - {e}\n" for e in events), encoding="utf-8")
    result = runner.invoke(app, ["check", str(path), "--json"])
    assert result.exit_code == 2
    assert "the bet in force this round is not seat 1's" in result.stderr
