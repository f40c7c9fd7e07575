"""Worked examples: ruling a whole hand, and checking a rule's examples.

Every rule carries small hands with the ruling the rulebook gives. They are
run as tests, printed on rule sheets and used by drills, so they must hold:
:func:`check_example` replays one and says what differs.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from floorman.errors import FloormanError
from floorman.hand.events import EventError
from floorman.hand.state import HandState
from floorman.interchange.handfile import Hand
from floorman.replay import start_hand
from floorman.rules.engine import RulesEngine, Ruling, Violation
from floorman.rules.loader import CompiledRule, Rulebook, RulebookError
from floorman.rules.schema import Example

__all__ = ["EXAMPLE_TABLE", "RuledHand", "check_example", "example_hand", "rule_hand"]

EXAMPLE_TABLE: Final[Mapping[str, Any]] = {
    "game": "holdem",
    "betting": "no-limit",
    "blinds": [1, 2],
    "button": 3,
    "seats": {1: 100, 2: 100, 3: 100},
}
"""The table an example hand is dealt at unless it says otherwise."""


@dataclass
class RuledHand:
    state: HandState
    rulings: list[Ruling]
    violations: list[Violation]
    book: Rulebook


def rule_hand(hand: Hand, book: Rulebook) -> RuledHand:
    """Replay ``hand`` under ``book`` (with the hand's ``house:`` options applied).

    A bad event raises :class:`floorman.hand.events.EventError` naming it.
    """
    book = book.at_kind(hand.kind)
    if hand.house:
        book = book.with_options(hand.house, origin=f"{hand.where()}: house")
    events = hand.parse_events()
    engine = RulesEngine(book, hand.game, hand.records_burns, min(hand.chips), hand.kind)
    state = start_hand(hand, events, book.options)
    for number, event in enumerate(events, 1):
        engine.process(state, event, number)
    return RuledHand(state, engine.rulings, engine.violations, book)


def example_hand(example: Example) -> Hand:
    """The example's hand with the example table filled in."""
    return Hand.model_validate({**EXAMPLE_TABLE, **example.hand})


def check_example(book: Rulebook, rule: CompiledRule, example: Example) -> list[str]:
    """What the rulebook gives on the example and the example does not say; empty when
    the example holds."""
    from floorman.rules.dealtexamples import check_dealt_example, is_dealt_example

    if is_dealt_example(example):
        return check_dealt_example(book, rule, example)
    try:
        hand = example_hand(example)
        ruled = rule_hand(hand, book)
    except (EventError, RulebookError, ValueError) as error:
        return [f"the hand cannot be replayed: {error}"]
    problems = []
    at = example.event or len(hand.events)
    ruling = next((r for r in ruled.rulings if r.event == at), None)
    expected_rule = _full_id(book, example.rule or rule.local_id)
    if example.outcome == "none":
        if ruling is not None:
            problems.append(f"event {at}: expected no ruling, got {ruling.rule} ({ruling.outcome})")
    elif ruling is None:
        problems.append(f"event {at}: expected {expected_rule} ({example.outcome}), got no ruling")
    else:
        if ruling.rule != expected_rule:
            problems.append(f"event {at}: expected rule {expected_rule}, got {ruling.rule}")
        if ruling.outcome != example.outcome:
            problems.append(f"event {at}: expected {example.outcome}, got {ruling.outcome}")
        if example.steps is not None:
            done = [step.do for step in ruling.steps]
            if done != list(example.steps):
                problems.append(f"event {at}: expected steps {example.steps}, got {done}")
    if example.bets is not None:
        bets = {seat: ruled.state.betting.street_bets.get(seat) for seat in example.bets}
        if bets != example.bets:
            problems.append(f"expected chips in front {example.bets}, got {bets}")
    if example.to_act is not None and ruled.state.to_act != example.to_act:
        problems.append(f"expected seat {example.to_act} to act, got {ruled.state.to_act}")
    if example.awards is not None:
        try:
            won = _awards(hand, ruled)
        except FloormanError as error:
            problems.append(f"expected the pots to go {example.awards}; they cannot: {error}")
        else:
            if won != example.awards:
                problems.append(f"expected the pots to go {example.awards}, got {won}")
    if example.violations is not None:
        expected = sorted(
            (v.event, _full_id(book, v.rule or example.rule or rule.local_id))
            for v in example.violations
        )
        found = sorted((v.event, v.rule) for v in ruled.violations)
        if expected != found:
            detail = "; ".join(f"event {v.event}: {v.message}" for v in ruled.violations)
            problems.append(f"expected violations {expected}, got {found} ({detail or 'none'})")
    return problems


def _awards(hand: Hand, ruled: RuledHand) -> dict[int, int]:
    """What each seat wins from the pots as the hand stands, odd chips as the book says."""
    from floorman.showdown.oddchips import split_rules
    from floorman.showdown.settlement import chips_report, dead_posts

    report = chips_report(
        ruled.state,
        rules=split_rules(ruled.book.options, min(hand.chips)),
        dead=dead_posts(hand.parse_events()),
    )
    return dict(report.awards)


def _full_id(book: Rulebook, rule_id: str) -> str:
    try:
        return book.rule(rule_id).id
    except RulebookError:
        return rule_id
