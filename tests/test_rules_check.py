"""The irregularities a floor is called for, end to end through ``floorman check --json``
under each rulebook: which rule rules on which event, the outcome, the steps,
and which later events depart from the procedure in force.

The hand files are in ``tests/data/situations/``; each says in its first line
what happened at the table.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from floorman.cli import app

SITUATIONS = Path(__file__).parent / "data" / "situations"
BOOKS = ("rrop", "tda-2024", "wsop-2024")

# file -> rulebook -> ([(event, rule, outcome), ...], [(event, rule), ...])
Expected = tuple[list[tuple[int, str, str]], list[tuple[int, str]]]
SAME: dict[str, Expected] = {
    "exposed-first-holecard": ([(1, "holdem.exposed-holecard.first", "misdeal")], []),
    "two-exposed-holecards": (
        [(1, "holdem.exposed-holecard.later", "continue"),
         (2, "holdem.exposed-holecard.two", "misdeal")],
        [],
    ),
    "player-exposed-card": ([(2, "exposed-holecard.by-player", "continue")], []),
    "cards-shown-action-pending": ([(8, "cards-shown.action-pending", "continue")], []),
    "premature-flop": ([(5, "holdem.premature-flop", "continue")], []),
    "premature-river": ([(14, "holdem.premature-river", "continue")], []),
    "all-in-runout": ([], []),
    "board-played-without-declaring": (
        [(21, "play-the-board.untabled", "forfeit")], []
    ),
    "omaha-plays-board": ([(20, "omaha.plays-board", "continue")], []),
    "omaha-partial-show": (
        [(20, "omaha.show-all-cards", "continue"),
         (21, "showdown.partial-show-muck", "forfeit")],
        [],
    ),
    "omaha-hilo-no-low": ([], []),
    "duplicate-card": ([(7, "duplicate-card", "void")], [(8, "duplicate-card")]),
    "misdeal-after-action": ([(4, "misdeal.after-action", "continue")], []),
    "two-burns": ([(6, "holdem.board.two-burns", "continue")], []),
    "all-in-hands-tabled": ([], []),
    "folded-hand-shown": ([(4, "folded-hand-shown", "dead-hand")], []),
    "winner-shows-after-folds": ([], []),
    "concession-muck": ([], []),
    "one-card-show-muck": ([(21, "showdown.partial-show-muck", "forfeit")], []),
    "last-live-hand-mucks": ([(18, "showdown.only-live-hand", "continue")], []),
    "extra-card-after-action": ([(4, "holdem.extra-card.after-action", "dead-hand")], []),
    "hand-killed": ([(8, "dead-hand.killed", "dead-hand")], []),
    "tabled-hand-killed": ([(7, "dead-hand.killed-tabled", "continue")], []),
    "hand-retrieved": ([(19, "dead-hand.retrieved", "continue")], []),
    "hand-retrieved-in-the-betting": (
        [(8, "dead-hand.killed", "dead-hand"), (9, "dead-hand.retrieved", "continue")],
        [],
    ),
    "away-at-deal": ([(2, "away-at-deal", "dead-hand")], []),
    "wrong-award": (
        [(19, "showdown.wrong-award", "continue")], [(19, "showdown.wrong-award")]
    ),
}  # fmt: skip

MISSED_BURN_RULINGS = [
    (5, "holdem.flop.no-burn", "continue"),
    (6, "holdem.board.missed-burn-after-action", "continue"),
]

DIFFERENT: dict[str, dict[str, Expected]] = {
    # A fold is binding under TDA 50-A and 58; RRoP §3 Dead Hands 2 and WSOP T 109-110
    # let a clearly identifiable hand be retrieved, folded on false information above all.
    "folded-hand-retrieved": {
        "rrop": ([(9, "dead-hand.retrieved", "continue")], []),
        "tda-2024": ([(9, "dead-hand.fold-retrieved", "dead-hand")], []),
        "wsop-2024": ([(9, "dead-hand.retrieved", "continue")], []),
    },
    "exposed-second-holecard": {
        "rrop": ([(1, "holdem.exposed-holecard.later", "continue")], []),
        "tda-2024": (
            [(1, "holdem.exposed-holecard.first", "misdeal")],
            [(2, "holdem.exposed-holecard.first")],
        ),
        "wsop-2024": (
            [(1, "holdem.exposed-holecard.first", "misdeal")],
            [(2, "holdem.exposed-holecard.first")],
        ),
    },
    "exposed-later-holecard": {
        book: ([(1, "holdem.exposed-holecard.later", "continue")], []) for book in BOOKS
    },
    "extra-card-first-player": {
        "rrop": ([(2, "holdem.extra-card.first", "continue")], []),
        "tda-2024": (
            [(2, "holdem.extra-card", "misdeal")],
            [(n, "holdem.extra-card") for n in range(3, 8)],
        ),
        "wsop-2024": ([(2, "holdem.extra-card.first", "continue")], []),
    },
    "two-extra-cards": {
        "rrop": (
            [(2, "holdem.extra-card.first", "continue"), (3, "holdem.extra-card.two", "misdeal")],
            [],
        ),
        "tda-2024": ([(2, "holdem.extra-card", "misdeal")], [(3, "holdem.extra-card")]),
        "wsop-2024": (
            [(2, "holdem.extra-card.first", "continue"), (3, "holdem.extra-card.two", "misdeal")],
            [],
        ),
    },
    "four-card-flop": {
        # The file follows TDA 39-A / WSOP 89 (one of the four becomes the burn);
        # Robert's Rules reshuffles, cuts and deals a new flop with no burn.
        "rrop": (
            [(6, "holdem.four-card-flop", "continue")],
            [(7, "holdem.four-card-flop"), (8, "holdem.four-card-flop"),
             (8, "holdem.four-card-flop")],
        ),
        "tda-2024": ([(6, "holdem.four-card-flop", "continue")], []),
        "wsop-2024": ([(6, "holdem.four-card-flop", "continue")], []),
    },
    "flop-without-burn": {
        "rrop": (
            [(5, "holdem.flop.no-burn", "continue")],
            [(7, "holdem.flop.no-burn"), (7, "holdem.flop.no-burn")],
        ),
        "tda-2024": ([(5, "holdem.flop.no-burn", "continue")], []),
        # A cash game (the file names no kind): WSOP LA 164 reshuffles, and the file's
        # scramble (T 88-c-3-i, a tournament's way) departs from it.
        "wsop-2024": (
            [(5, "holdem.flop.no-burn.cash", "continue")],
            [(7, "holdem.flop.no-burn.cash")],
        ),
    },
    "premature-turn": {
        # The file reshuffles and turns again with no burn (TDA RP-5-B); Robert's
        # Rules burns and turns the would-be river, so event 13 lacks its burn.
        "rrop": ([(9, "holdem.premature-turn", "continue")], [(13, "holdem.premature-turn")]),
        "tda-2024": ([(9, "holdem.premature-turn", "continue")], []),
        "wsop-2024": ([(9, "holdem.premature-turn", "continue")], []),
    },
    "missed-burn-after-action": {
        # The file burns once before the turn (TDA 39-B, WSOP T 88-c-3); Robert's Rules
        # (§5 rule 5) burns twice so the turn is the card that would have come.
        "rrop": (MISSED_BURN_RULINGS, [(10, "holdem.board.missed-burn-after-action")]),
        "tda-2024": (MISSED_BURN_RULINGS, []),
        # A cash game: the flop's ruling is WSOP LA 164's, and the board stands all the same
        # once acted on (LA 165).
        "wsop-2024": (
            [
                (5, "holdem.flop.no-burn.cash", "continue"),
                (6, "holdem.board.missed-burn-after-action", "continue"),
            ],
            [],
        ),
    },
    "turn-without-burn": {
        book: ([(10, "holdem.board.no-burn", "continue")], []) for book in BOOKS
    },
    "five-card-flop": {
        "rrop": ([(6, "holdem.four-card-flop", "continue")], []),
        "tda-2024": ([(6, "holdem.flop.too-many-cards", "continue")], []),
        "wsop-2024": ([(6, "holdem.flop.too-many-cards", "continue")], []),
    },
    "board-played-without-tabling": {
        "rrop": ([(22, "holdem.play-the-board.declared", "continue")], []),
        "tda-2024": ([(22, "play-the-board.untabled", "forfeit")], []),
        "wsop-2024": ([(22, "play-the-board.untabled", "forfeit")], []),
    },
}  # fmt: skip


def _cases() -> list[Any]:
    cases = []
    for name, expected in SAME.items():
        for book in BOOKS:
            rulings = expected[0]
            if name == "board-played-without-declaring" and book == "rrop":
                rulings = [(21, "holdem.play-the-board.undeclared", "forfeit")]
            cases.append(pytest.param(name, book, (rulings, expected[1]), id=f"{name}-{book}"))
    for name, per_book in DIFFERENT.items():
        for book, expected in per_book.items():
            cases.append(pytest.param(name, book, expected, id=f"{name}-{book}"))
    return cases


def check_json(*args: str) -> tuple[int, dict[str, Any]]:
    result = CliRunner().invoke(app, ["check", *args, "--json"])
    return result.exit_code, json.loads(result.stdout)


def test_every_situation_file_is_covered() -> None:
    files = {path.stem for path in SITUATIONS.glob("*.yaml")}
    assert files == set(SAME) | set(DIFFERENT)


@pytest.mark.parametrize(("name", "book", "expected"), _cases())
def test_situation(name: str, book: str, expected: Expected) -> None:
    status, report = check_json(str(SITUATIONS / f"{name}.yaml"), "--rulebook", book)
    rulings = [(r["event"], r["rule"], r["outcome"]) for r in report["rulings"]]
    violations = [(v["event"], v["rule"]) for v in report["violations"]]
    assert rulings == [(event, f"{book}.{rule}", outcome) for event, rule, outcome in expected[0]]
    assert violations == [(event, f"{book}.{rule}") for event, rule in expected[1]]
    assert status == (1 if violations else 0)
    for ruling in report["rulings"]:
        assert set(ruling) == {"event", "rule", "cite", "outcome", "title", "steps"}
        assert ruling["cite"]
        assert ruling["title"]
        assert all(set(step) == {"do", "text"} and step["text"] for step in ruling["steps"])
    for violation in report["violations"]:
        assert set(violation) == {"event", "rule", "message"}
        assert violation["message"]
        assert "\n" not in violation["message"]


def test_steps_name_the_actual_cards_and_seats() -> None:
    _, report = check_json(str(SITUATIONS / "premature-turn.yaml"), "-r", "rrop")
    texts = [step["text"] for step in report["rulings"][0]["steps"]]
    assert texts[0].startswith("Take the 2♠ out of play for this round")
    assert [step["do"] for step in report["rulings"][0]["steps"]] == [
        "set-aside", "complete-betting", "burn", "reshuffle", "cut", "deal-without-burn",
    ]  # fmt: skip
    _, report = check_json(str(SITUATIONS / "exposed-later-holecard.yaml"))
    steps = report["rulings"][0]["steps"]
    assert steps[0]["text"] == "The deal continues; seat 2 may not keep the exposed Q♠."
    assert steps[2]["text"] == "The Q♠ is the burn card for the flop; burn no other card."


def test_a_misdeal_returns_every_chip() -> None:
    _, report = check_json(str(SITUATIONS / "exposed-first-holecard.yaml"))
    assert report["stacks"] == {"1": 100, "2": 100, "3": 100}
    _, report = check_json(str(SITUATIONS / "duplicate-card.yaml"))
    assert report["stacks"] == {"1": 100, "2": 100, "3": 100}


def test_house_profile_and_hand_house_header(tmp_path: Path) -> None:
    second = str(SITUATIONS / "exposed-second-holecard.yaml")
    house = Path(__file__).parent.parent / "rulebook" / "house" / "first-or-second.yaml"
    _, report = check_json(second, "--house", str(house))
    assert report["rulings"][0]["outcome"] == "misdeal"
    text = (SITUATIONS / "exposed-second-holecard.yaml").read_text(encoding="utf-8")
    header = tmp_path / "hand.yaml"
    header.write_text(
        text.replace("events:", "house: {misdeal_on_exposed_deal_positions: [1, 2]}\nevents:"),
        encoding="utf-8",
    )
    _, report = check_json(str(header))
    assert report["rulings"][0]["outcome"] == "misdeal"


def test_the_real_cli_reports_rulings_and_exits_1_on_a_violation() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "floorman", "check", str(SITUATIONS / "premature-turn.yaml"),
         "--json"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    report = json.loads(result.stdout)
    assert result.returncode == 1
    assert report["rulings"][0]["rule"] == "rrop.holdem.premature-turn"
    assert report["violations"][0]["event"] == 13


def test_bad_rulebook_or_house_option_is_one_line_exit_2(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "floorman", "check", str(SITUATIONS / "premature-turn.yaml"),
         "--rulebook", "nosuch"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1
    assert "no rulebook named 'nosuch'" in result.stderr
    hand = tmp_path / "hand.yaml"
    text = (SITUATIONS / "premature-turn.yaml").read_text(encoding="utf-8")
    hand.write_text(text.replace("events:", "house: {odd_chip: coin}\nevents:"), encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "floorman", "check", str(hand)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert result.returncode == 2
    assert "option 'odd_chip': 'coin' is not one of" in result.stderr


def test_a_declared_play_of_the_board_keeps_its_share_after_the_muck(tmp_path: Path) -> None:
    """RRoP §5 rule 9: seat 2 declared it plays the royal flush on the board, then threw
    its cards away; it keeps its claim and shares the pot. TDA Rule 19 requires the cards
    tabled: seat 2 forfeits."""
    text = (SITUATIONS / "board-played-without-tabling.yaml").read_text(encoding="utf-8")
    path = tmp_path / "hand.yaml"
    path.write_text(text + "  - show 3 4c 5d\n", encoding="utf-8")
    status, report = check_json(str(path))
    assert status == 0
    assert report["rulings"][0]["steps"][0]["do"] == "keep-claim"
    assert report["pots"] == [
        {"amount": 6, "eligible": [1, 2, 3], "awards": {"1": 2, "2": 2, "3": 2}, "odd_chips": []}
    ]
    assert report["stacks"] == {"1": 100, "2": 100, "3": 100}
    _, report = check_json(str(path), "--rulebook", "tda-2024")
    assert report["awards"] == {"1": 3, "3": 3}
    assert report["stacks"] == {"1": 101, "2": 98, "3": 101}


@pytest.mark.parametrize("book", BOOKS)
def test_the_pot_goes_to_the_hand_left_when_the_others_are_thrown_away(book: str) -> None:
    """A concession at the showdown gives the caller the pot unseen (TDA 17-B, WSOP LA 139);
    the last live hand thrown away still wins it: nobody else has a claim."""
    _, report = check_json(str(SITUATIONS / "concession-muck.yaml"), "--rulebook", book)
    assert report["awards"] == {"3": 2206}
    assert report["stacks"] == {"1": 898, "2": 1998, "3": 3104}
    _, report = check_json(str(SITUATIONS / "last-live-hand-mucks.yaml"), "--rulebook", book)
    assert report["awards"] == {"3": 26}
    assert "seat 3 holds the " in report["rulings"][0]["steps"][0]["text"]


@pytest.mark.parametrize("book", BOOKS)
def test_a_folded_hand_shown_is_dead_and_a_disclosure_question(book: str) -> None:
    _, report = check_json(str(SITUATIONS / "folded-hand-shown.yaml"), "--rulebook", book)
    steps = report["rulings"][0]["steps"]
    assert steps[0]["text"].startswith("Seat 1 folded: the hand is dead and does not play")
    assert [step["do"] for step in steps] == ["kill-hand", "explain"]


def test_all_in_hands_tabled_are_read_for_the_pot() -> None:
    _, report = check_json(str(SITUATIONS / "all-in-hands-tabled.yaml"), "--rulebook", "tda-2024")
    assert report["rulings"] == []
    assert report["awards"] == {"3": 201}


@pytest.mark.parametrize("book", BOOKS)
def test_a_wrong_push_is_ruled_and_the_awards_are_what_the_cards_say(book: str) -> None:
    status, report = check_json(str(SITUATIONS / "wrong-award.yaml"), "--rulebook", book)
    assert status == 1
    step = report["rulings"][0]["steps"][0]["text"]
    assert "the dealer pushed the pot to seat 3, but seat 1 wins 26" in step
    assert report["violations"][0]["message"].startswith("award 3: Cards speak")
    assert report["awards"] == {"1": 26}
    assert report["stacks"] == {"1": 114, "2": 98, "3": 88}


def test_a_push_before_the_hand_is_over_is_bad_input(tmp_path: Path) -> None:
    hand = tmp_path / "hand.yaml"
    text = (SITUATIONS / "wrong-award.yaml").read_text(encoding="utf-8")
    hand.write_text(text.replace("  - 3 call\n  - burn\n  - turn", "  - award 1\n  - turn", 1))
    result = CliRunner().invoke(app, ["check", str(hand), "--json"])
    assert result.exit_code == 2
    assert "the pot is pushed once the hand is over" in result.stderr


@pytest.mark.parametrize("book", BOOKS)
def test_a_retrieved_hand_wins_and_a_killed_or_absent_hand_cannot(book: str) -> None:
    _, report = check_json(str(SITUATIONS / "hand-retrieved.yaml"), "--rulebook", book)
    assert report["awards"] == {"3": 6}
    _, report = check_json(str(SITUATIONS / "hand-killed.yaml"), "--rulebook", book)
    assert report["pots"][0]["eligible"] == [1, 3]
    _, report = check_json(str(SITUATIONS / "away-at-deal.yaml"), "--rulebook", book)
    assert report["pots"][0]["eligible"] == [1, 3]
    assert report["stacks"]["2"] == 98


@pytest.mark.parametrize("book", BOOKS)
def test_a_hand_retrieved_in_the_betting_plays_on(book: str) -> None:
    status, report = check_json(
        str(SITUATIONS / "hand-retrieved-in-the-betting.yaml"), "--rulebook", book
    )
    assert status == 0
    steps = [step["text"] for step in report["rulings"][1]["steps"]]
    assert steps[-1].startswith("Seat 2 plays on in the betting and acts in turn")
    assert report["pots"][0]["eligible"] == [1, 2, 3]
    assert report["stacks"] == {"1": 94, "2": 94, "3": 94}


@pytest.mark.parametrize(("book", "live"), [("rrop", [1, 2, 3]), ("tda-2024", [1, 3])])
def test_a_folded_hand_retrieved(book: str, live: list[int]) -> None:
    _, report = check_json(str(SITUATIONS / "folded-hand-retrieved.yaml"), "--rulebook", book)
    assert report["pots"][0]["eligible"] == live


def test_a_hand_killed_when_it_ended_the_hand_is_retrieved(tmp_path: Path) -> None:
    # Heads-up, the dealer mucks the caller's hand: the hand was over, and goes on.
    hand = tmp_path / "hand.yaml"
    text = (SITUATIONS / "hand-killed.yaml").read_text(encoding="utf-8")
    text = text.replace("  - kill 2\n  - 3 call\n", "  - 3 fold\n  - kill 2\n  - retrieve 2\n")
    hand.write_text(text + "  - 2 call\n", encoding="utf-8")
    status, report = check_json(str(hand))
    assert status == 0
    assert report["stacks"]["2"] == 94


def test_a_hand_folded_in_the_betting_is_not_retrieved_at_the_showdown(tmp_path: Path) -> None:
    hand = tmp_path / "hand.yaml"
    text = (SITUATIONS / "hand-retrieved.yaml").read_text(encoding="utf-8")
    hand.write_text(text.replace("  - retrieve 3\n", "  - retrieve 2\n"), encoding="utf-8")
    result = CliRunner().invoke(app, ["check", str(hand), "--json"])
    assert result.exit_code == 2
    assert "seat 2 folded in the betting" in result.stderr
