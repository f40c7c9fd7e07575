"""``floorman check`` through the real command line on the calls a floor makes after
the fact or about the deck itself: a pot disputed after the push, and the deck's
errors. Each hand is one of the rulebooks' worked examples; each book gives the
answer its text gives."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from tablecli import run

SHOWDOWN = (
    "deal, 3 call, 1 call, 2 fold, burn, flop 2c 7d 9h, 1 check, 3 check, burn, turn Js,"
    " 1 check, 3 check, burn, river 4c, 1 check, 3 check, show 1 Ah Ad, show 3 Kh Kd, award 3"
)
"""Seat 1's aces win a pot of 6; the dealer pushes it to seat 3's kings."""

SIDE_POT = (
    "deal, 3 raise 10, 1 allin, 2 allin, 3 call, burn, flop 2c 7d 9h, burn, turn Js, burn,"
    " river 4c, show 1 Ah Ad, show 2 Kh Kd, show 3 Qh Qd, award 1"
)
"""Seat 1 (50) wins the main pot of 150, seat 2 the side pot of 100; all 250 go to seat 1."""


def check(
    tmp_path: Path,
    events: str,
    book: str,
    seats: str = "{1: 100, 2: 100, 3: 100}",
    more: str = "",
) -> dict[str, Any]:
    """``floorman check --json`` on a three-seat hand, the button on seat 3 (``more``:
    more header lines)."""
    path = tmp_path / "hand.yaml"
    text = f"button: 3\nseats: {seats}\n{more}events: [{events}]\n"
    path.write_text(text, encoding="utf-8")
    result = run("check", str(path), "--json", "--rulebook", book)
    assert result.exit_code in (0, 1), result.stderr
    data: dict[str, Any] = json.loads(result.stdout)
    return data


IN_TIME = "showdown.dispute.in-time"
TOO_LATE = "showdown.dispute.too-late"
HOUSE_ERROR = "showdown.dispute.house-error"
CORRECTED = (IN_TIME, HOUSE_ERROR)


@pytest.mark.parametrize(
    ("when", "rulings"),
    [
        ("", {"rrop": IN_TIME, "tda-2024": IN_TIME, "wsop-2024": IN_TIME}),
        (" after shuffle", {"rrop": TOO_LATE, "tda-2024": TOO_LATE, "wsop-2024": HOUSE_ERROR}),
        (" after deal", {"rrop": TOO_LATE, "tda-2024": TOO_LATE, "wsop-2024": HOUSE_ERROR}),
    ],
)
def test_a_misread_hand_disputed_stands_once_the_next_hand_begins(
    tmp_path: Path, when: str, rulings: dict[str, str]
) -> None:
    """RRoP §2 Decision-Making 4, TDA 22 and 23: a ruling on the reading of a hand is made
    only if asked before the next deal starts (the first riffle); at a WSOP cash game the
    dealer's wrong push is a house error, corrected even after (LA 51, house option)."""
    for book, rule in rulings.items():
        data = check(tmp_path, f"{SHOWDOWN}, dispute{when}", book)
        last = data["rulings"][-1]
        assert (last["event"], last["rule"]) == (20, f"{book}.{rule}")
        assert data["awards"] == ({"1": 6} if rule in CORRECTED else {"3": 6})
        assert data["stacks"]["1"] + data["stacks"]["3"] == 202


@pytest.mark.parametrize(
    ("when", "rulings"),
    [
        ("deal", {"rrop": TOO_LATE, "tda-2024": IN_TIME, "wsop-2024": HOUSE_ERROR}),
        ("action", {"rrop": TOO_LATE, "tda-2024": TOO_LATE, "wsop-2024": HOUSE_ERROR}),
    ],
)
def test_a_side_pot_pushed_with_the_main_is_an_accounting_error_tda_corrects_until_action(
    tmp_path: Path, when: str, rulings: dict[str, str]
) -> None:
    """TDA 22: "Accounting errors in calculating and awarding the pot may be disputed
    until substantial action occurs on the next hand"; RRoP makes no such difference, and
    a WSOP cash game corrects a house error whenever it is found (LA 51)."""
    for book, rule in rulings.items():
        data = check(tmp_path, f"{SIDE_POT}, dispute after {when}", book, "{1: 50, 2: 100, 3: 100}")
        last = data["rulings"][-1]
        assert (last["event"], last["rule"]) == (16, f"{book}.{rule}")
        corrected = {"1": 150, "2": 100}
        assert data["awards"] == (corrected if rule in CORRECTED else {"1": 250})
        assert sum(data["stacks"].values()) == 250


@pytest.mark.parametrize(
    ("more", "rule", "awards"),
    [
        ("", HOUSE_ERROR, {"1": 6}),
        ("kind: tournament\n", TOO_LATE, {"3": 6}),
        ("house: {wrong_push_house_error: false}\n", TOO_LATE, {"3": 6}),
    ],
)
def test_a_wsop_cash_game_corrects_a_late_found_wrong_push_a_tournament_lets_it_stand(
    tmp_path: Path, more: str, rule: str, awards: dict[str, int]
) -> None:
    """WSOP LA 51: "in the event that a possible house error occurred, a supervisor will
    make all necessary efforts to correct the outcome of the hand in question, even is the
    mistake is brought to light after the next hand has begun" (a wrong push counts as one
    by the house option wrong_push_house_error); WSOP T 76: "The right to dispute a hand
    ends when a new hand begins"."""
    data = check(tmp_path, f"{SHOWDOWN}, dispute after action", "wsop-2024", more=more)
    last = data["rulings"][-1]
    assert (last["event"], last["rule"]) == (20, f"wsop-2024.{rule}")
    assert last["cite"] == ("WSOP T 76" if "tournament" in more else "WSOP LA 51 (house option)")
    assert data["awards"] == awards


@pytest.mark.parametrize(
    ("more", "says", "never"),
    [
        ("", "even if it comes to light after the next hand has begun (LA 51)", "ends when"),
        ("kind: tournament\n", "The right to dispute the hand ends when a new hand", "LA 5"),
        (
            "house: {wrong_push_house_error: false}\n",
            "before the next hand begins (the first riffle, or the shuffler's button), or the"
            " result stands (LA 51)",
            "house error",
        ),
    ],
)
def test_a_wsop_wrong_push_says_how_long_it_can_be_corrected_at_its_kind_of_table(
    tmp_path: Path, more: str, says: str, never: str
) -> None:
    """The push itself, ruled at once: WSOP LA 51 corrects a house error after the next hand
    has begun (house option wrong_push_house_error, default true); WSOP T 76 ends the
    right to dispute when a new hand begins."""
    data = check(tmp_path, SHOWDOWN, "wsop-2024", more=more)
    (ruling,) = data["rulings"]
    assert ruling["rule"] == "wsop-2024.showdown.wrong-award"
    text = " ".join(step["text"] for step in ruling["steps"])
    assert says in text
    assert never not in text
    assert [step["do"] for step in ruling["steps"]] == ["correct-award", "explain"]


def test_a_dispute_of_the_right_push_draws_no_ruling(tmp_path: Path) -> None:
    events = SHOWDOWN.replace("award 3", "award 1") + ", dispute after action"
    for book in ("rrop", "tda-2024", "wsop-2024"):
        data = check(tmp_path, events, book)
        assert data["rulings"] == []
        assert data["awards"] == {"1": 6}


def test_a_dispute_before_any_push_is_one_line_and_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "hand.yaml"
    events = SHOWDOWN.replace(", award 3", "")
    path.write_text(f"button: 3\nseats: {{1: 100, 2: 100, 3: 100}}\nevents: [{events}, dispute]\n")
    result = run("check", str(path))
    assert result.exit_code == 2
    assert "no pot was pushed: record the push first (award SEAT)" in result.stderr
    assert len(result.stderr.splitlines()) == 1


FLOP = "deal, 3 call, 1 call, 2 check, burn, flop Ah Kd 2s"
RIVER = (
    "deal, 3 call, 1 call, 2 check, burn, flop 2c 7d 9h, 1 check, 2 check, 3 check, burn,"
    " turn Js, 1 check, 2 check, 3 check, burn, river 4c"
)

DECK_ERRORS = [
    # events, the event ruled, and each book's (rule, outcome) there
    ("boxed 7c, deal, 3 call, 1 call", 1, {
        "rrop": ("boxed-card", "continue"), "tda-2024": ("boxed-card", "continue"),
        "wsop-2024": ("boxed-card", "continue")}),
    ("boxed 7c, boxed 8d", 2, {
        "rrop": ("boxed-card.two", "misdeal"), "tda-2024": ("boxed-card.two", "misdeal"),
        "wsop-2024": ("boxed-card.two", "misdeal")}),
    ("boxed 7c, deal, 3 call, 1 call, 2 check, burn, boxed 8d", 7, {
        "rrop": ("boxed-card", "continue"), "tda-2024": ("boxed-card", "continue"),
        "wsop-2024": ("boxed-card.two-needed", "void")}),
    ("off-table 1:1", 1, {
        "rrop": ("off-table.misdeal", "misdeal"), "tda-2024": ("off-table.misdeal", "misdeal"),
        "wsop-2024": ("off-table.misdeal", "misdeal")}),
    ("off-table 2:2 Qs, deal", 1, {
        "rrop": ("off-table.replace", "continue"), "tda-2024": ("off-table.replace", "continue"),
        "wsop-2024": ("off-table.replace", "continue")}),
    ("deal, 3 call, 1 call, off-table 1:2", 4, {
        "rrop": ("off-table.after-action", "continue"),
        "tda-2024": ("off-table.after-action", "continue"),
        "wsop-2024": ("off-table.after-action", "continue")}),
    ("deal, joker 3", 2, {
        "rrop": ("joker", "continue"), "tda-2024": ("joker.before-action", "misdeal"),
        "wsop-2024": ("joker", "continue")}),
    ("deal, 3 call, 1 call, 2 check, joker 3", 5, {
        "rrop": ("joker.acted-on", "dead-hand"), "tda-2024": ("joker.after-action", "continue"),
        "wsop-2024": ("joker.acted-on", "dead-hand")}),
    (f"{FLOP}, foreign 1", 7, {
        "rrop": ("foreign-card", "void"), "tda-2024": ("foreign-card", "void"),
        "wsop-2024": ("foreign-card", "void")}),
    (f"{FLOP}, foreign stub", 7, {
        "rrop": ("foreign-card.in-stub", "continue"),
        "tda-2024": ("foreign-card.in-stub", "continue"),
        "wsop-2024": ("foreign-card.in-stub", "continue")}),
    ("deal, 3 call, foreign stub", 3, {
        "rrop": ("foreign-card.in-stub", "continue"),
        "tda-2024": ("foreign-card.in-stub", "continue"),
        "wsop-2024": ("foreign-card", "void")}),
    ("deal, short 3", 2, {
        "rrop": ("short.top-card", "continue"), "tda-2024": ("short.button", "continue"),
        "wsop-2024": ("short.button", "continue")}),
    ("deal, short 1", 2, {
        "rrop": ("short.misdeal", "misdeal"), "tda-2024": ("short.misdeal", "misdeal"),
        "wsop-2024": ("short.misdeal", "misdeal")}),
    ("deal, 3 call, 1 call, 2 check, short 2", 5, {
        "rrop": ("short.after-action", "dead-hand"),
        "tda-2024": ("short.after-action", "dead-hand"),
        "wsop-2024": ("short.after-action", "dead-hand")}),
    ("deal, 3 call, 1 call, 2 check, short 3", 5, {
        "rrop": ("short.after-action", "dead-hand"),
        "tda-2024": ("short.button-acted", "dead-hand"),
        "wsop-2024": ("short.button-acted", "dead-hand")}),
    (f"{RIVER}, short deck", 17, {
        "rrop": ("short.deck", "continue"), "tda-2024": ("short.deck", "continue"),
        "wsop-2024": ("short.deck", "continue")}),
]  # fmt: skip
"""The rulebooks' worked examples of the deck's errors: RRoP §3 Misdeals 1 and 2,
Dead Hands 1(d)-(e), Irregularities 3, 7, 8, 10 and 12; TDA 35-A, 35-D, 35-E, 37 and
38 (house options where it is silent); WSOP T 88 and 108, LA 21, 22, 104-106, 111,
115, 117 and 119."""


@pytest.mark.parametrize(("events", "event", "books"), DECK_ERRORS)
def test_each_book_rules_the_decks_errors_as_its_text_does(
    tmp_path: Path, events: str, event: int, books: dict[str, tuple[str, str]]
) -> None:
    for book, (rule, outcome) in books.items():
        data = check(tmp_path, events, book)
        ruled = [r for r in data["rulings"] if r["event"] == event]
        assert [(r["rule"], r["outcome"]) for r in ruled] == [(f"{book}.{rule}", outcome)]
        assert ruled[0]["steps"], book


def test_a_boxed_card_is_set_aside_out_of_the_stub(tmp_path: Path) -> None:
    path = tmp_path / "hand.yaml"
    path.write_text("button: 3\nseats: {1: 100, 2: 100, 3: 100}\nevents: [boxed 7c, deal]\n")
    out = run("check", str(path)).stdout
    assert "stub: 45 cards" in out  # 52, less six hole cards and the boxed card


def test_a_joker_in_a_seat_not_at_the_table_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "hand.yaml"
    path.write_text("button: 3\nseats: {1: 100, 2: 100, 3: 100}\nevents: [deal, joker 7]\n")
    result = run("check", str(path))
    assert result.exit_code == 2
    assert len(result.stderr.splitlines()) == 1
    assert "seat 7 is not at the table" in result.stderr


def test_a_result_that_stands_is_printed_as_pushed(tmp_path: Path) -> None:
    path = tmp_path / "hand.yaml"
    events = f"{SIDE_POT}, dispute after action"
    path.write_text(f"button: 3\nseats: {{1: 50, 2: 100, 3: 100}}\nevents: [{events}]\n")
    lines = run("check", str(path), "--rulebook", "tda-2024").stdout.splitlines()
    assert "side pot 1 100: seat 2 takes 100" in lines  # what the cards give
    assert lines[-1] == "the result stands as pushed: seat 1 keeps 250"
    path.write_text(path.read_text().replace("dispute after action", "dispute after deal"))
    corrected = run("check", str(path), "--rulebook", "tda-2024").stdout.splitlines()
    assert not any(line.startswith("the result stands") for line in corrected)


def test_a_boxed_card_already_in_play_is_a_second_card_of_its_rank_and_suit(
    tmp_path: Path,
) -> None:
    """RRoP §3 Irregularities 4, TDA 35-E, WSOP T 88-d-2: two cards of the same rank and
    suit void the hand, even when the second comes up face up in the deck."""
    for book in ("rrop", "tda-2024", "wsop-2024"):
        data = check(tmp_path, f"{FLOP}, 1 check, 2 check, 3 check, burn, boxed Kd", book)
        assert [(r["event"], r["rule"], r["outcome"]) for r in data["rulings"]] == [
            (11, f"{book}.duplicate-card", "void")
        ]
