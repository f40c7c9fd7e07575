"""Irregularity questions: every worked example, dealt at a new table, ruled the same."""

from __future__ import annotations

from random import Random

import pytest

from floorman.drills.irregularities import (
    OUTCOME_CHOICES,
    STEP_CHOICES,
    irregularity_question,
    sources,
    step_choice,
)
from floorman.drills.variation import Reseat, replay
from floorman.rules.loader import load_rulebook, shipped_rulebooks

BOOKS = [*shipped_rulebooks(), "first-or-second", "ciaffone-burn"]


@pytest.mark.parametrize("name", BOOKS)
def test_every_rule_with_a_worked_example_is_asked(name: str) -> None:
    book = load_rulebook(name)
    from floorman.rules.kinds import DEALT_GAMES

    asked = {source.rule.id for source in sources(book)}
    # The drills deal flop games: the stud and draw games' rulings are not asked yet.
    with_examples = {
        rule.id
        for rule in book.rules
        if rule.rule.examples and not set(rule.rule.games or ()) & set(DEALT_GAMES)
    }
    assert asked == with_examples


@pytest.mark.parametrize("name", BOOKS)
@pytest.mark.slow
def test_a_varied_example_gets_the_examples_very_ruling(name: str) -> None:
    book = load_rulebook(name)
    rng = Random(11)
    for source in sources(book):
        for _ in range(3):
            question = irregularity_question(book, source, rng)
            assert question.hand is not None
            assert question.event is not None
            dealt = replay(question.hand, book, Reseat.same(question.hand))
            assert dealt is not None
            ruling = dealt.ruling_at(question.event)
            original = source.dealt.ruling_at(source.at)
            if original is None:
                assert ruling is None
                continue
            assert ruling is not None
            assert (ruling.rule, ruling.outcome) == (original.rule, original.outcome)
            assert [s.do for s in ruling.steps] == [s.do for s in original.steps]
            if question.kind == "procedure":
                assert sorted(v.rule for v in dealt.violations) == sorted(
                    v.rule for v in source.dealt.violations
                )


def test_the_examples_are_dealt_at_other_tables() -> None:
    book = load_rulebook("rrop")
    rng = Random(3)
    questions = [irregularity_question(book, source, rng) for source in sources(book)]
    tables = {(tuple(q.hand.seats), q.hand.button) for q in questions if q.hand is not None}
    assert len(tables) > len(questions) * 0.8
    assert sum(1 for q in questions if q.hand and q.hand.seats != {1: 100, 2: 100, 3: 100}) > (
        len(questions) * 0.9
    )
    assert any(q.hand is not None and len(q.hand.seats) > 3 for q in questions)


def test_an_outcome_question_shows_the_table_up_to_the_ruling() -> None:
    book = load_rulebook("rrop")
    source = next(
        s for s in sources(book) if s.rule.local_id == "holdem.premature-turn" and s.at < 12
    )
    question = irregularity_question(book, source, Random(1))
    assert question.kind == "outcome"
    assert question.ask == f"What is the ruling on event {question.event}?"
    assert len(question.situation.events) == question.event
    assert question.situation.events[-1].startswith("Turn: ")
    assert question.choices == tuple(text for _, text in OUTCOME_CHOICES)
    assert question.answer == "Play continues after a corrective procedure"
    assert question.cite == "RRoP §5 rules 6 and 8; §3 Irregularities 15"
    card = question.situation.events[-1].removeprefix("Turn: ")
    assert question.explanation[1] == (
        f"1. Take the {card} out of play for this round, even if players who have not acted"
        " fold; nobody may accept or reject it."
    )


def test_a_step_question_offers_only_wrong_steps_besides_the_first() -> None:
    book = load_rulebook("tda-2024")
    rng = Random(8)
    for source in sources(book):
        if source.kind != "step":
            continue
        question = irregularity_question(book, source, rng)
        assert question.hand is not None
        assert question.event is not None
        ruling = replay(question.hand, book, Reseat.same(question.hand))
        assert ruling is not None
        found = ruling.ruling_at(question.event)
        assert found is not None
        event = question.hand.parse_events()[question.event - 1]
        steps = {step_choice(step.do, event) for step in found.steps if step.do in STEP_CHOICES}
        wrong = set(question.choices) - {question.answer}
        assert len(question.choices) == 4
        assert question.answer == step_choice(found.steps[0].do, event)
        assert not wrong & steps


def test_the_first_step_names_the_cards_and_seat() -> None:
    book = load_rulebook("rrop")
    source = next(s for s in sources(book) if s.rule.local_id == "exposed-holecard.by-player")
    source = next(s for s in sources(book) if s.rule == source.rule and s.kind == "step")
    question = irregularity_question(book, source, Random(2))
    exposed = question.situation.events[-1]
    seat = exposed.split()[1]
    card = exposed.split(": ")[1].split()[0]
    assert question.answer == f"The {card} plays: seat {seat} keeps it"
    assert STEP_CHOICES["card-plays"] == "The {cards} plays: {seat} keeps it"


def test_a_procedure_question_asks_for_the_first_departure() -> None:
    book = load_rulebook("rrop")
    procedures = [s for s in sources(book) if s.kind == "procedure"]
    rng = Random(4)
    answers = set()
    for source in procedures:
        question = irregularity_question(book, source, rng)
        assert question.event is not None
        assert question.choices[0] == "None: every event follows the procedure"
        assert len(question.choices) == len(question.situation.events) - question.event + 1
        answers.add(question.expected == 0)
        if question.expected:
            assert any(line.startswith(f"Event {question.expected} departs: ") for line in
                       question.explanation)  # fmt: skip
    assert answers == {True, False}


def test_a_hand_that_records_its_burns_says_so() -> None:
    book = load_rulebook("rrop")
    source = next(
        s for s in sources(book) if s.rule.local_id == "holdem.flop.no-burn" and s.kind == "outcome"
    )
    question = irregularity_question(book, source, Random(5))
    assert "The dealer records every burn card." in question.situation.rules
    assert not any(line.startswith("Burn") for line in question.situation.events)
    assert question.expected == "continue"


def test_an_examples_house_option_is_shown() -> None:
    book = load_rulebook("rrop")
    source = next(
        s
        for s in sources(book)
        if s.example.hand.get("house") == {"misdeal_on_exposed_deal_positions": [1, 2]}
    )
    question = irregularity_question(book, source, Random(6))
    assert question.situation.rules == (
        "House option: Exposed hole cards that make a misdeal (deal positions): 1, 2",
    )
    assert question.expected == "misdeal"
