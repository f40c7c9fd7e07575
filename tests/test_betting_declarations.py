"""Words said and chips pulled back at the table, ruled under RRoP, TDA and WSOP end to
end through ``floorman check --json``: "pot", an amount that can mean more than one, a
conditional statement, prior-bet chips pulled back; each as its text rules."""

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
    tmp_path: Path, rulebook: str, events: list[str], **header: Any
) -> tuple[int, dict[str, Any]]:
    values: dict[str, Any] = {
        "game": "holdem", "betting": "no-limit", "blinds": [100, 200], "button": 3,
        "chips": [100, 500, 1000, 5000], "seats": {1: 20000, 2: 20000, 3: 20000},
        "rulebook": rulebook,
    }  # fmt: skip
    values.update(header)
    values["events"] = events
    path = tmp_path / f"{rulebook}.json"
    path.write_text(json.dumps(values), encoding="utf-8")
    result = runner.invoke(app, ["check", str(path), "--json"])
    assert result.exit_code in (0, 1), result.output
    return result.exit_code, json.loads(result.stdout)


FLOP = ["deal", "3 call", "1 call", "2 check", "burn", "flop Ah Kd 7c"]


def ruling_at(data: dict[str, Any], event: int) -> dict[str, Any]:
    (ruling,) = [r for r in data["rulings"] if r["event"] == event]
    return ruling


@pytest.mark.parametrize("book", BOOKS)
def test_pot_in_pot_limit_is_the_call_and_the_pot_after_it(tmp_path: Path, book: str) -> None:
    # WSOP LA pot-limit rules, RRoP §14 Pot-Limit 4, TDA 3: a pot of 600, a bet of 300,
    # "pot" calls 300 and raises the 1200 then in the pot: 1500 in all.
    status, data = check(tmp_path, book, [*FLOP, "1 bet 300", "2 says pot"], betting="pot-limit")
    assert status == 0
    ruling = ruling_at(data, 8)
    assert ruling["rule"] == f"{book}.betting.pot-declared"
    assert [s["do"] for s in ruling["steps"]] == ["bind-pot"]
    assert "1500" in ruling["steps"][0]["text"]
    assert data["stacks"]["2"] == 20000 - 200 - 1500


@pytest.mark.parametrize("book", BOOKS)
def test_pot_in_no_limit_binds_a_valid_bet_and_waits_for_the_chips(
    tmp_path: Path, book: str
) -> None:
    # TDA 54-D, WSOP T 102 (RRoP: the house default): "pot" is not a valid bet in no
    # limit, but binds the player to at least a minimum bet; a 100 chip comes up to 200.
    status, data = check(tmp_path, book, [*FLOP, "1 says pot", "1 chips 100", "2 call"])
    assert status == 0
    assert [s["do"] for s in ruling_at(data, 7)["steps"]] == ["wait-for-chips"]
    assert data["stacks"]["1"] == data["stacks"]["2"] == 20000 - 200 - 200


def test_a_house_may_read_pot_as_the_pot_size_in_no_limit(tmp_path: Path) -> None:
    status, data = check(
        tmp_path, "rrop", [*FLOP, "1 says pot"], house={"pot_declaration": "pot-size"}
    )
    assert status == 0
    assert [s["do"] for s in ruling_at(data, 7)["steps"]] == ["bind-pot"]
    assert data["stacks"]["1"] == 20000 - 200 - 600


@pytest.mark.parametrize(
    ("preflop", "put_in", "bet"),
    [
        (["3 call", "1 call", "2 check"], 400, 500),
        (["3 raise 2000", "1 call", "2 call"], 2000, 5000),
    ],
)
@pytest.mark.parametrize("book", BOOKS)
def test_five_is_the_highest_meaning_not_above_the_pot(
    tmp_path: Path, book: str, preflop: list[str], put_in: int, bet: int
) -> None:
    # TDA 57, WSOP T 60 (RRoP: the house default): blinds 200-400, "five" is 500 while the
    # pot is under 5000, 5000 once it is 5000 or more.
    events = ["deal", *preflop, "burn", "flop Ah Kd 7c", "1 says 500|5000", "2 call"]
    status, data = check(tmp_path, book, events, blinds=[200, 400])
    assert status == 0
    ruling = ruling_at(data, 7)
    assert ruling["rule"] == f"{book}.betting.ambiguous-amount"
    assert [s["do"] for s in ruling["steps"]] == ["bind-as-made"]
    assert data["stacks"]["2"] == data["stacks"]["1"] == 20000 - put_in - bet


@pytest.mark.parametrize(
    ("book", "in_front"), [("rrop", 800), ("tda-2024", 400), ("wsop-2024", 400)]
)
def test_five_facing_a_bet_is_read_as_that_amount_said(
    tmp_path: Path, book: str, in_front: int
) -> None:
    # Facing 400 in a pot of 1600, "five" is 500: under TDA 40-C/43-A and WSOP T 90-c/95
    # short of half a raise, a call; RRoP's binding statement is a raise, brought up.
    events = [*FLOP, "1 bet 400", "2 says 500|5000"]
    status, data = check(tmp_path, book, events, blinds=[200, 400])
    assert status == 0
    assert data["stacks"]["2"] == 20000 - 400 - in_front


def test_every_meaning_above_the_pot_is_the_floors_to_rule(tmp_path: Path) -> None:
    events = [*FLOP, "1 says 5000|50000"]
    status, data = check(tmp_path, "tda-2024", events, blinds=[200, 400])
    assert status == 0
    assert [s["do"] for s in ruling_at(data, 7)["steps"]] == ["explain"]
    assert data["stacks"]["1"] == 20000 - 400


@pytest.mark.parametrize(
    ("book", "binds"), [("rrop", False), ("tda-2024", True), ("wsop-2024", True)]
)
def test_if_you_bet_i_will_raise_binds_as_each_book_leaves_it(
    tmp_path: Path, book: str, binds: bool
) -> None:
    # TDA 59-A, WSOP T 61 and LA 18: conditional statements may be binding at the
    # floor's discretion (default: held to it); RRoP is silent (house default: not held).
    events = [*FLOP, "2 says if bet then raise", "1 bet 400", "2 call"]
    status, data = check(tmp_path, book, events)
    assert status == (1 if binds else 0)
    ruling = ruling_at(data, 7)
    assert ruling["rule"] == f"{book}.betting.conditional-statement"
    assert [s["do"] for s in ruling["steps"]] == (
        ["explain", "bind-conditional"] if binds else ["explain", "explain"]
    )
    assert [v["event"] for v in data["violations"]] == ([9] if binds else [])


@pytest.mark.parametrize(
    ("after", "violations"),
    [
        (["1 bet 400", "2 raise 800"], []),  # kept: any raise keeps "raise"
        (["1 bet 400", "2 allin"], []),  # all in is a raise
        (["1 check", "2 check"], []),  # the bet never came
        (["1 check", "2 check", "3 bet 400", "1 fold", "2 fold"], [12]),  # it came later
        (["1 bet 400", "2 fold"], [9]),
    ],
)
def test_a_binding_statement_holds_once_what_it_waits_for_comes(
    tmp_path: Path, after: list[str], violations: list[int]
) -> None:
    _, data = check(tmp_path, "tda-2024", [*FLOP, "2 says if bet then raise", *after])
    assert [v["event"] for v in data["violations"]] == violations


def test_a_house_may_hold_rrop_players_to_their_conditional_statements(tmp_path: Path) -> None:
    # Seat 2 says "if you check, I will bet"; seat 1 checks, and seat 2 checks too.
    events = [*FLOP, "2 says if check then bet", "1 check", "2 check", "3 check"]
    status, data = check(tmp_path, "rrop", events, house={"conditional_statement_binds": True})
    assert status == 1
    assert [v["event"] for v in data["violations"]] == [9]


BLIND_25S: dict[str, Any] = {
    "blinds": [25, 50], "chips": [25, 100, 500, 1000], "seats": {1: 5000, 2: 5000, 3: 5000},
}  # fmt: skip
RAISED = ["deal", "3 raise 600", "1 fold"]


@pytest.mark.parametrize(
    ("book", "binds"), [("rrop", False), ("tda-2024", True), ("wsop-2024", False)]
)
def test_prior_chips_pulled_back_facing_a_raise(tmp_path: Path, book: str, binds: bool) -> None:
    # TDA 46-B: pulling back a prior bet chip facing a raise binds the player to call or
    # raise. RRoP and WSOP are silent (the house default leaves every option). The chips
    # stay in the pot either way (TDA 50-A, WSOP T 91, RRoP §3 B&R 12).
    status, data = check(tmp_path, book, [*RAISED, "2 pullback", "2 fold"], **BLIND_25S)
    assert status == (1 if binds else 0)
    ruling = ruling_at(data, 4)
    assert ruling["rule"] == f"{book}.betting.pullback"
    assert [s["do"] for s in ruling["steps"]] == (["bind-call-or-raise"] if binds else ["explain"])
    assert [v["event"] for v in data["violations"]] == ([5] if binds else [])
    assert data["stacks"]["2"] == 4950


@pytest.mark.parametrize(
    ("chips", "stack"),
    [
        ("2 chips 1000", 4400),  # TDA 46 situation 2-1, WSOP T 98-d-2-i: a call
        ("2 chips 500+500", 4400),  # situation 2-2, T 98-d-2-ii: every chip needed: a call
        ("2 chips 1000+500", 3500),  # the 500 not needed: 1500, a full raise
        ("2 chips 500+500+25+25", 3850),  # situation 5, T 98-c: 1050, raised to 1150
    ],
)
@pytest.mark.parametrize("book", BOOKS)
def test_chips_added_once_the_prior_chips_are_pulled_back(
    tmp_path: Path, book: str, chips: str, stack: int
) -> None:
    status, data = check(tmp_path, book, [*RAISED, "2 pullback", chips], **BLIND_25S)
    assert status == 0
    assert ruling_at(data, 5)["rule"] == f"{book}.betting.prior-chips"
    assert data["stacks"]["2"] == stack


@pytest.mark.parametrize("book", BOOKS)
def test_part_of_the_prior_chips_pulled_back_makes_one_bet_with_the_new(
    tmp_path: Path, book: str
) -> None:
    # TDA 46 situation 3, WSOP T 98-d-2-iii: one 25 pulled back, the other left out, a 1000
    # added: 1025, a raise reaching 50%, to 1150. Left alone, the 1000 would be a call.
    _, part = check(tmp_path, book, [*RAISED, "2 pullback 25", "2 chips 1000"], **BLIND_25S)
    _, alone = check(tmp_path, book, [*RAISED, "2 chips 1000"], **BLIND_25S)
    assert [s["do"] for s in ruling_at(part, 5)["steps"]] == ["bind-min-raise"]
    assert (part["stacks"]["2"], alone["stacks"]["2"]) == (3850, 4400)


BLIND_1K: dict[str, Any] = {
    "blinds": [50, 100], "chips": [25, 100, 500, 1000, 5000],
    "seats": {1: 10000, 2: 10000, 3: 10000},
}  # fmt: skip
POSTED_1K = ["deal", "2 prior 1000", "3 raise 700", "1 fold"]


@pytest.mark.parametrize(
    ("added", "do", "stack"),
    [
        (["2 chips 500"], "bind-as-made", 8500),  # TDA Situation 4, T 98-e-1: 1500
        (["2 chips 100"], "bind-min-raise", 8700),  # 1100 reaches 50%: a raise to 1300
        (["2 chips 5000"], "bind-as-made", 4000),  # an overchip onto them: 6000 in all
        (["2 pullback", "2 chips 5000"], "bind-as-made", 5000),  # T 98-b-2: the chip's value
        (["2 pullback", "2 chips 500+500"], "bind-call", 9300),  # both needed: a call
    ],
)
@pytest.mark.parametrize("book", BOOKS)
def test_chips_added_to_prior_chips_that_cover_the_call(
    tmp_path: Path, book: str, added: list[str], do: str, stack: int
) -> None:
    # TDA 46-C-2 and Addendum 46 Situation 4, WSOP T 98-b and LA 137: blinds 50-100, the
    # big blind posted with one 1000 chip, which covers the raise to 700: the chips added
    # make one bet with it (RRoP is silent: the house default reads it so too).
    status, data = check(tmp_path, book, [*POSTED_1K, *added], **BLIND_1K)
    assert status == 0
    ruling = ruling_at(data, len(POSTED_1K) + len(added))
    assert ruling["rule"] == f"{book}.betting.prior-chips-cover"
    assert [s["do"] for s in ruling["steps"]] == [do]
    assert data["stacks"]["2"] == stack


def test_without_the_prior_chips_recorded_the_overchip_is_a_call(tmp_path: Path) -> None:
    # The same 5000 chip with the big blind's chips unrecorded: TDA 44, an overchip call.
    status, data = check(tmp_path, "tda-2024", ["deal", "3 raise 700", "1 fold", "2 chips 5000"],
                         **BLIND_1K)  # fmt: skip
    assert status == 0
    assert ruling_at(data, 4)["rule"] == "tda-2024.betting.single-chip"
    assert data["stacks"]["2"] == 9300


def test_a_house_may_read_chips_onto_covering_prior_chips_as_a_call(tmp_path: Path) -> None:
    status, data = check(tmp_path, "rrop", [*POSTED_1K, "2 chips 500"],
                         house={"prior_chips_cover": "call"}, **BLIND_1K)  # fmt: skip
    assert status == 0
    assert [s["do"] for s in ruling_at(data, 5)["steps"]] == ["bind-call"]
    assert data["stacks"]["2"] == 9300


def test_prior_chips_refused_say_so_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps({"button": 3, "blinds": [50, 100], "seats": {1: 900, 2: 900, 3: 900},
                                "events": ["deal", "2 prior 50"]}), encoding="utf-8")  # fmt: skip
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 2
    assert "seat 2 has 100 in front, more than chips of 50" in result.output
    assert "Traceback" not in result.output
