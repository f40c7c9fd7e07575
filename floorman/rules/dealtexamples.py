"""Worked examples of the stud and draw games' rules: each example hand replayed under
its rulebook with :mod:`floorman.interchange.dealtrulings`, the ruling compared with what
the example says."""

from __future__ import annotations

from typing import Any

from floorman.errors import FloormanError
from floorman.rules.loader import CompiledRule, Rulebook, RulebookError
from floorman.rules.schema import Example

__all__ = ["check_dealt_example", "is_dealt_example", "rule_dealt_example"]


def is_dealt_example(example: Example) -> bool:
    from floorman.rules.kinds import DEALT_GAMES

    return example.hand.get("game") in DEALT_GAMES


def rule_dealt_example(book: Rulebook, example: Example) -> Any:
    """The example's stud or draw hand ruled by ``book`` (a ``RuledStud`` or
    ``RuledDraw``); :class:`FloormanError` when it cannot be replayed."""
    from floorman.interchange.dealtrulings import rule_draw, rule_stud
    from floorman.interchange.drawfile import draw_hand_from
    from floorman.interchange.studfile import is_stud, stud_hand_from

    data: dict[str, Any] = {"rulebook": book.name, **example.hand}
    if is_stud(data):
        return rule_stud(stud_hand_from(data, "example", None), book)
    return rule_draw(draw_hand_from(data, "example", None), book)


def check_dealt_example(book: Rulebook, rule: CompiledRule, example: Example) -> list[str]:
    """What the rulebook gives on the example and the example does not say; empty when
    the example holds."""
    try:
        ruled = rule_dealt_example(book, example)
    except (FloormanError, RulebookError, ValueError) as error:
        return [f"the hand cannot be replayed: {error}"]
    bets = ruled.state.bets
    problems = []
    at = example.event or len(example.hand["events"])
    ruling = next((r for r in ruled.rulings if r.event == at), None)
    expected = _full_id(book, example.rule or rule.local_id)
    if example.outcome == "none":
        if ruling is not None:
            problems.append(f"event {at}: expected no ruling, got {ruling.rule} ({ruling.outcome})")
    elif ruling is None:
        problems.append(f"event {at}: expected {expected} ({example.outcome}), got no ruling")
    else:
        if ruling.rule != expected:
            problems.append(f"event {at}: expected rule {expected}, got {ruling.rule}")
        if ruling.outcome != example.outcome:
            problems.append(f"event {at}: expected {example.outcome}, got {ruling.outcome}")
        if example.steps is not None:
            done = [step.do for step in ruling.steps]
            if done != list(example.steps):
                problems.append(f"event {at}: expected steps {example.steps}, got {done}")
    if example.bets is not None:
        found = {seat: bets.get(seat) for seat in example.bets}
        if found != example.bets:
            problems.append(f"expected chips in front {example.bets}, got {found}")
    if example.to_act is not None and ruled.state.to_act != example.to_act:
        problems.append(f"expected seat {example.to_act} to act, got {ruled.state.to_act}")
    if example.violations is not None:
        want = sorted(
            (v.event, _full_id(book, v.rule or example.rule or rule.local_id))
            for v in example.violations
        )
        got = sorted((v.event, v.rule) for v in ruled.violations)
        if want != got:
            problems.append(f"expected violations {want}, got {got}")
    return problems


def _full_id(book: Rulebook, rule_id: str) -> str:
    try:
        return book.rule(rule_id).id
    except RulebookError:
        return rule_id
