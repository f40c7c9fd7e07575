"""Every multi-step corrective procedure of each rulebook, walked through end to end
with ``floorman check --json`` as a dealer records it.

The hand files are in ``tests/data/procedures/<rulebook>/``; the comment on an
event quotes the step it carries out, or the step it departs from. A hand that
follows the procedure gets the ruling on the irregularity and nothing more: no
violation, and no rule for normal procedure firing on a step the procedure
prescribes (a board card dealt without a burn when the procedure says so). A
hand that departs from it gets a violation on the departing event, under the
rule whose procedure it breaks.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from floorman.cli import app

PROCEDURES = Path(__file__).parent / "data" / "procedures"

# walk-through -> ([(event, rule), ...] rulings, [(event, rule), ...] violations)
Expected = tuple[list[tuple[int, str]], list[tuple[int, str]]]

PREMATURE_FLOP = [(5, "holdem.premature-flop")]
PREMATURE_TURN = [(9, "holdem.premature-turn")]
PREMATURE_RIVER = [(14, "holdem.premature-river")]
FOUR_CARD_FLOP = [(6, "holdem.four-card-flop")]
FLOP_NO_BURN = [(5, "holdem.flop.no-burn")]
TURN_NO_BURN = [(10, "holdem.board.no-burn")]
MISSED_BURN = [(5, "holdem.flop.no-burn"), (6, "holdem.board.missed-burn-after-action")]
TWO_BURNS = [(6, "holdem.board.two-burns")]
TWO_BURNS_FOUND = [(10, "holdem.board.two-burns-found")]
PREMATURE_RIVER_UNBURNED = [(13, "holdem.premature-river")]
EXPOSED = [(1, "holdem.exposed-holecard.later")]
EXTRA = [(2, "holdem.extra-card.first")]
OFF_TABLE = [(1, "off-table.replace")]


def departs(rulings: list[tuple[int, str]], *events: int) -> Expected:
    """The hand departs at ``events`` from the procedure of its last ruling."""
    rule = rulings[-1][1]
    return rulings, [(event, rule) for event in events]


ROBERTS_RULES: dict[str, Expected] = {
    "premature-flop": (PREMATURE_FLOP, []),
    "premature-flop-burned": departs(PREMATURE_FLOP, 9),
    "premature-flop-not-reshuffled": departs(PREMATURE_FLOP, 7, 7),
    "premature-turn": (PREMATURE_TURN, []),
    "premature-turn-unburned": departs(PREMATURE_TURN, 12),
    "premature-turn-burned-river": departs(PREMATURE_TURN, 17, 18, 18),
    "premature-river": (PREMATURE_RIVER, []),
    "premature-river-burned": departs(PREMATURE_RIVER, 19),
    "four-card-flop": (FOUR_CARD_FLOP, []),
    "four-card-flop-burned": departs(FOUR_CARD_FLOP, 9),
    "flop-no-burn": (FLOP_NO_BURN, []),
    "flop-no-burn-not-reshuffled": departs(FLOP_NO_BURN, 7, 7),
    "turn-no-burn": (TURN_NO_BURN, []),
    "turn-no-burn-burned": departs(TURN_NO_BURN, 11),
    "missed-burn-after-action": (MISSED_BURN, []),
    "missed-burn-after-action-one-burn": departs(MISSED_BURN, 10),
    "two-burns": (TWO_BURNS, []),
    "two-burns-found": (TWO_BURNS_FOUND, []),
    "two-burns-found-burned": departs(TWO_BURNS_FOUND, 11),
    "exposed-card-burn": (EXPOSED, []),
    "exposed-card-burn-other": departs(EXPOSED, 6),
    "off-table-card-burn": (OFF_TABLE, []),
    "off-table-card-burn-other": departs(OFF_TABLE, 6),
    "extra-card-burn": (EXTRA, []),
    "extra-card-burn-other": departs(EXTRA, 6),
    "river-no-burn": ([(15, "holdem.board.no-burn")], []),
}

CIAFFONE_BURN: dict[str, Expected] = {
    "premature-flop": (PREMATURE_FLOP, []),
    "premature-turn": (PREMATURE_TURN, []),
    "premature-river": ([(14, "holdem.premature-river")], []),
    "four-card-flop": (FOUR_CARD_FLOP, []),
    # The river without the house's burn: a violation of the procedure, and Robert's
    # Rules' own remedy for a card turned without a burn.
    "premature-turn-unburned-river": (
        [*PREMATURE_TURN, (19, "holdem.board.no-burn")],
        [(19, "holdem.premature-turn")],
    ),
}

TDA: dict[str, Expected] = {
    "premature-flop": (PREMATURE_FLOP, []),
    "premature-flop-burned": departs(PREMATURE_FLOP, 8),
    "premature-turn": (PREMATURE_TURN, []),
    "premature-turn-not-reshuffled": departs(PREMATURE_TURN, 12),
    "premature-river": (PREMATURE_RIVER, []),
    "premature-river-burned": departs(PREMATURE_RIVER, 18),
    # 39-A: the card drawn from the four is the turn's burn, burned then or before the turn.
    "four-card-flop": (FOUR_CARD_FLOP, []),
    "four-card-flop-drawn-burn": (FOUR_CARD_FLOP, []),
    "four-card-flop-turn-burned": departs(FOUR_CARD_FLOP, 12),
    "four-card-flop-other-flop": departs(FOUR_CARD_FLOP, 8),
    "flop-too-many-cards": ([(6, "holdem.flop.too-many-cards")], []),
    "flop-no-burn": (FLOP_NO_BURN, []),
    "flop-no-burn-new-cards": departs(FLOP_NO_BURN, 7),
    # Acted on, the turn is not ruled again: 39-B's "action has occurred" is the flop's.
    "turn-no-burn": (TURN_NO_BURN, []),
    "turn-no-burn-burned": departs(TURN_NO_BURN, 15),
    "missed-burn-after-action": (MISSED_BURN, []),
    "missed-burn-after-action-two-burns": departs(MISSED_BURN, 10),
    "two-burns": (TWO_BURNS, []),
    "two-burns-found": (TWO_BURNS_FOUND, []),
    "exposed-card-burn": (EXPOSED, []),
    "exposed-card-burn-other": departs(EXPOSED, 6),
    # A river with no burn is ruled once; no burn is owed for a street after it.
    "river-no-burn": ([(15, "holdem.board.no-burn")], []),
    # No burn to leave: one card is burned before the river is dealt again (Rule 38).
    "premature-river-unburned": (PREMATURE_RIVER_UNBURNED, []),
    "off-table-card-burn": (OFF_TABLE, []),
    "off-table-card-burn-other": departs(OFF_TABLE, 6),
}

WSOP: dict[str, Expected] = {
    "premature-flop": (PREMATURE_FLOP, []),
    "premature-flop-not-reshuffled": departs(PREMATURE_FLOP, 7),
    "premature-turn": (PREMATURE_TURN, []),
    "premature-turn-burned": departs(PREMATURE_TURN, 13),
    "premature-river": (PREMATURE_RIVER, []),
    "four-card-flop": (FOUR_CARD_FLOP, []),
    "four-card-flop-turn-burned": departs(FOUR_CARD_FLOP, 11),
    "flop-too-many-cards": ([(6, "holdem.flop.too-many-cards")], []),
    "flop-no-burn": (FLOP_NO_BURN, []),
    "flop-no-burn-cash": ([(5, "holdem.flop.no-burn.cash")], []),
    "turn-no-burn": (TURN_NO_BURN, []),
    "turn-no-burn-burned": departs(TURN_NO_BURN, 11),
    "river-no-burn": ([(15, "holdem.board.no-burn")], []),
    "premature-river-unburned": (PREMATURE_RIVER_UNBURNED, []),
    "missed-burn-after-action": (MISSED_BURN, []),
    "missed-burn-after-action-two-burns": departs(MISSED_BURN, 10),
    "two-burns": (TWO_BURNS, []),
    "two-burns-found": (TWO_BURNS_FOUND, []),
    "two-burns-found-burned": departs(TWO_BURNS_FOUND, 11),
    "exposed-card-burn": (EXPOSED, []),
    "off-table-card-burn": (OFF_TABLE, []),
    "off-table-card-burn-other": departs(OFF_TABLE, 6),
    "extra-card-burn": (EXTRA, []),
    "extra-card-burn-other": departs(EXTRA, 6),
}

FIRST_OR_SECOND: dict[str, Expected] = {
    "exposed-card-burn": (EXPOSED, []),
}

BOOKS = {
    "rrop": ROBERTS_RULES,
    "ciaffone-burn": CIAFFONE_BURN,
    "first-or-second": FIRST_OR_SECOND,
    "tda-2024": TDA,
    "wsop-2024": WSOP,
}
BOOK_NAME = {"ciaffone-burn": "rrop"}
"""A house profile's rules keep the id of the rulebook it extends."""


def check_json(path: Path) -> tuple[int, dict[str, Any]]:
    result = CliRunner().invoke(app, ["check", str(path), "--json"])
    assert result.exit_code in (0, 1), result.stderr
    return result.exit_code, json.loads(result.stdout)


def walk_through(book: str, name: str) -> None:
    rulings, violations = BOOKS[book][name]
    status, report = check_json(PROCEDURES / book / f"{name}.yaml")
    prefix = BOOK_NAME.get(book, book)
    assert [(r["event"], r["rule"]) for r in report["rulings"]] == [
        (event, f"{prefix}.{rule}") for event, rule in rulings
    ]
    assert [(v["event"], v["rule"]) for v in report["violations"]] == [
        (event, f"{prefix}.{rule}") for event, rule in violations
    ]
    assert status == (1 if violations else 0)


@pytest.mark.parametrize("name", sorted(ROBERTS_RULES))
def test_roberts_rules(name: str) -> None:
    walk_through("rrop", name)


@pytest.mark.parametrize("name", sorted(CIAFFONE_BURN))
def test_roberts_rules_with_the_redeal_burn(name: str) -> None:
    walk_through("ciaffone-burn", name)


@pytest.mark.parametrize("name", sorted(FIRST_OR_SECOND))
def test_a_house_that_misdeals_the_first_two_holecards(name: str) -> None:
    walk_through("first-or-second", name)


@pytest.mark.parametrize("name", sorted(TDA))
def test_tda(name: str) -> None:
    walk_through("tda-2024", name)


@pytest.mark.parametrize("name", sorted(WSOP))
def test_wsop(name: str) -> None:
    walk_through("wsop-2024", name)


def test_every_walk_through_file_is_checked() -> None:
    on_disk = {(p.parent.name, p.stem) for p in PROCEDURES.glob("*/*.yaml")}
    listed = {(book, name) for book, names in BOOKS.items() for name in names}
    assert on_disk == listed


def test_a_followed_procedure_leaves_nothing_pending_and_every_card_accounted() -> None:
    from floorman.interchange.handfile import load_hand
    from floorman.replay import check_hand

    for book, names in BOOKS.items():
        for name, (_, violations) in names.items():
            if violations:
                continue
            result = check_hand(load_hand(PROCEDURES / book / f"{name}.yaml"))
            assert result.state.procedures == [], f"{book}/{name}"
            assert result.state.accounting_problems() == [], f"{book}/{name}"


def test_recorded_at_the_table_the_walk_throughs_rule_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``floorman add`` rules each event as it is recorded, as check does on the file."""
    from floorman.interchange.handfile import load_hand

    monkeypatch.setenv("FLOORMAN_DB", str(tmp_path / "floorman.db"))
    runner = CliRunner()
    for book, names in BOOKS.items():
        for name, (rulings, violations) in names.items():
            hand = load_hand(PROCEDURES / book / f"{name}.yaml")
            table = f"{book}/{name}"
            new = ["new", "-t", table, "--button", "3", "--seats", "1=100,2=100,3=100",
                   "--kind", hand.kind]  # fmt: skip
            assert runner.invoke(app, [*new, "--rulebook", book]).exit_code == 0
            out = runner.invoke(app, ["add", "-t", table, "; ".join(hand.events)]).stdout
            ruled = [line.split(":")[0] for line in out.splitlines() if line.startswith("event ")]
            assert ruled == [f"event {event}" for event, _ in rulings], f"{book}/{name}"
            departures = [line for line in out.splitlines() if line.startswith("violation")]
            assert len(departures) == len(violations), f"{book}/{name}"


PROCEDURE_STEPS = frozenset({
    "set-aside", "return-to-stub", "use-as-burn", "replace-card", "reshuffle", "cut",
    "deal-without-burn", "burn", "burn-twice", "scramble", "scramble-next-burn", "redeal",
})  # fmt: skip
"""Primitives that make a dealer deal differently from then on: a rule with one of them
prescribes a procedure the hand must be walked through."""


def procedures_of(name: str) -> set[str]:
    """The full ids of the rules of ``name`` that prescribe a dealing procedure; for a house
    profile, those it writes itself or whose steps turn on an option it sets."""
    from compiledrules import data

    from floorman.rules.loader import load_rulebook, shipped_rulebooks

    book = load_rulebook(name)
    rules = [
        r
        for r in book.rules
        if PROCEDURE_STEPS & {s.step.do for s in r.steps} and set(r.games) & set(book.games)
    ]  # the flop games: the stud and draw games' rules are followed in test_rules_studdraw
    if name in shipped_rulebooks():
        return {rule.id for rule in rules}
    base = load_rulebook(book.chain[1])
    changed = {option for option, value in book.options.items() if base.options[option] != value}
    own = {rule.id for rule in rules if rule.id.startswith(f"{name}.")}
    turning = {
        rule.id
        for rule in rules
        if any(f'"option.{option}"' in json.dumps(data(rule.rule)["steps"]) for option in changed)
    }
    return own | turning


@pytest.mark.parametrize("book", sorted(BOOKS))
def test_every_procedure_of_every_rulebook_is_walked_through(book: str) -> None:
    """Following a ruling's steps to the letter must never draw another ruling: every
    procedure has a walk-through that follows it and gets that ruling alone."""
    prefix = BOOK_NAME.get(book, book)
    followed = {
        f"{prefix}.{rule}"
        for rulings, violations in BOOKS[book].values()
        if not violations
        for _, rule in rulings
    }
    assert procedures_of(book) - followed == set()
