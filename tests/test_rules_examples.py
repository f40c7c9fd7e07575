"""Checking worked examples: a wrong claim in a rulebook is reported, not hidden."""

from __future__ import annotations

from floorman.rules.examples import check_example, example_hand
from floorman.rules.loader import load_rulebook
from floorman.rules.schema import Example


def example(**fields: object) -> Example:
    return Example.model_validate(fields)


def test_a_true_example_holds() -> None:
    book = load_rulebook("rrop")
    rule = book.rule("holdem.exposed-holecard.first")
    claim = example(hand={"events": ["expose 1:1 Ah"]}, outcome="misdeal", steps=["misdeal"])
    assert check_example(book, rule, claim) == []


def test_wrong_outcome_rule_steps_and_violations_are_reported() -> None:
    book = load_rulebook("rrop")
    rule = book.rule("holdem.exposed-holecard.first")
    problems = check_example(
        book, rule,
        example(hand={"events": ["expose 2:1 Kd"]}, outcome="misdeal", steps=["misdeal"],
                violations=[{"event": 1}]),
    )  # fmt: skip
    assert problems[0] == (
        "event 1: expected rule rrop.holdem.exposed-holecard.first,"
        " got rrop.holdem.exposed-holecard.later"
    )
    assert "event 1: expected misdeal, got continue" in problems
    assert any(p.startswith("event 1: expected steps ['misdeal']") for p in problems)
    assert any(p.startswith("expected violations [(1, ") for p in problems)


def test_none_and_unreplayable_examples() -> None:
    book = load_rulebook("rrop")
    rule = book.rule("holdem.premature-flop")
    assert check_example(book, rule, example(hand={"events": ["deal"]}, outcome="none")) == []
    problems = check_example(book, rule, example(hand={"events": ["9 call"]}, outcome="none"))
    assert problems[0].startswith('the hand cannot be replayed: event 1 "9 call"')


def test_example_hands_sit_at_the_example_table() -> None:
    hand = example_hand(example(hand={"events": ["deal"], "game": "omaha"}, outcome="none"))
    assert (hand.button, hand.seats, hand.game) == (3, {1: 100, 2: 100, 3: 100}, "omaha")


def test_an_example_says_who_wins_the_pots() -> None:
    book = load_rulebook("tda-2024")
    rule = book.rule("showdown.wrong-award")
    events = ["deal", "3 call", "1 call", "2 fold", "burn", "flop 2c 7d 9h", "1 check", "3 check",
              "burn", "turn Js", "1 check", "3 check", "burn", "river 4c", "1 check", "3 check",
              "show 1 Ah Ad", "show 3 Kh Kd", "award 3"]  # fmt: skip
    right = example(hand={"events": events}, outcome="continue", awards={1: 6})
    assert check_example(book, rule, right) == []
    wrong = example(hand={"events": events}, outcome="continue", awards={3: 6})
    assert check_example(book, rule, wrong) == ["expected the pots to go {3: 6}, got {1: 6}"]
    waiting = example(hand={"events": events[:-2]}, outcome="none", awards={})
    assert check_example(book, rule, waiting) == []
