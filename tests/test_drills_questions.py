"""A drill's answers are what floorman computes for the situation it shows.

Five hundred questions from one seed, each re-checked by another road than
the one that made it: an irregularity through ``check_hand`` on the hand
file the question was dealt from, a split by building the pots and splitting
each with the split function, a reading with the showdown.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

import pytest

from floorman.cards import Card
from floorman.drills.irregularities import OUTCOME_CHOICES, step_choice
from floorman.drills.model import TOPICS, Question
from floorman.drills.questions import DrillError, check_topics, generate_questions
from floorman.drills.showdowns import winners_text
from floorman.replay import check_hand, replay
from floorman.rules.loader import Rulebook, load_rulebook
from floorman.showdown.oddchips import split_hilo, split_rules
from floorman.showdown.pots import build_pots
from floorman.showdown.reading import showdown


@pytest.fixture(scope="module")
def rrop() -> Rulebook:
    return load_rulebook("rrop")


@pytest.fixture(scope="module")
def drill(rrop: Rulebook) -> list[Question]:
    return generate_questions(rrop, ["irregularities", "splits", "reading"], count=500, seed=2024)


def recheck_irregularity(question: Question, rulebook: str) -> None:
    assert question.hand is not None
    assert question.event is not None
    result = check_hand(question.hand, rulebook=rulebook)
    ruling = next((r for r in result.rulings if r["event"] == question.event), None)
    assert (ruling["rule"] if ruling else None) == question.rule
    if question.kind == "outcome":
        outcome = ruling["outcome"] if ruling else "none"
        assert question.expected == outcome
        assert question.choices[question.correct] == dict(OUTCOME_CHOICES)[outcome]
    elif question.kind == "step":
        assert ruling is not None
        first = ruling["steps"][0]["do"]
        assert question.expected == first
        event = question.hand.parse_events()[question.event - 1]
        assert question.choices[question.correct] == step_choice(first, event)
    else:
        departures = sorted(v["event"] for v in result.violations)
        first_departure = departures[0] if departures else 0
        assert question.expected == first_departure
        if first_departure:
            assert question.choices[question.correct].startswith(f"Event {first_departure}:")
        else:
            assert question.correct == 0


def split_by_hand(question: Question, book: Rulebook) -> dict[int, int]:
    """The chips each seat wins: the pots built from what each seat put in, each pot read
    among the seats in it and split with the split function."""
    hand = question.hand
    assert hand is not None
    state = replay(hand.header, hand.events)
    shown: Mapping[int, Sequence[Card]] = state.shown
    layout = build_pots(state.betting.contributed, state.betting.folded)
    rules = split_rules(book.options, min(hand.chips))
    won: dict[int, int] = {}
    for pot in layout.pots:
        if len(pot.eligible) == 1:
            shares = {pot.eligible[0]: pot.amount}
        else:
            read = showdown(
                hand.game, state.ledger.board_cards, {s: shown[s] for s in pot.eligible}
            )
            split = split_hilo(
                pot.amount,
                read.high_winners,
                read.low_winners,
                button=hand.button,
                rules=rules,
                cards=shown,
            )
            shares = split.shares
        for seat, chips in shares.items():
            won[seat] = won.get(seat, 0) + chips
    return {seat: won.get(seat, 0) for seat in question.seats_asked}


def recheck_split(question: Question, book: Rulebook, rulebook: str) -> None:
    assert question.hand is not None
    assert dict(question.amounts) == split_by_hand(question, book)
    awards = check_hand(question.hand, rulebook=rulebook).awards
    assert dict(question.amounts) == {seat: awards.get(seat, 0) for seat in question.seats_asked}


def recheck_reading(question: Question) -> None:
    situation = question.situation
    holes = {seat.seat: seat.cards for seat in situation.seats}
    read = showdown(situation.game, situation.board, holes)
    assert question.winners == (read.high_winners, read.low_winners)
    assert question.choices[question.correct] == winners_text(question.winners, situation.game)
    assert len(set(question.choices)) == len(question.choices)


def test_five_hundred_questions_get_the_answer_floorman_computes(
    drill: list[Question], rrop: Rulebook
) -> None:
    for question in drill:
        if question.topic == "irregularities":
            recheck_irregularity(question, "rrop")
        elif question.topic == "splits":
            recheck_split(question, rrop, "rrop")
        else:
            recheck_reading(question)


def test_the_topics_take_turns(drill: list[Question]) -> None:
    topics = Counter(question.topic for question in drill)
    assert sorted(topics.values()) == [166, 167, 167]
    kinds = Counter(question.kind for question in drill)
    assert {"outcome", "step", "procedure", "split", "winner"} <= set(kinds)


def test_every_question_has_one_right_answer_among_its_choices(drill: list[Question]) -> None:
    for question in drill:
        if question.kind == "split":
            assert not question.choices
            assert question.amounts
        else:
            assert 0 <= question.correct < len(question.choices)
            assert question.answer == question.choices[question.correct]
            assert len(set(question.choices)) == len(question.choices)


def test_a_house_profile_drills_its_own_rulings() -> None:
    book = load_rulebook("first-or-second")
    questions = generate_questions(book, ["irregularities"], count=100, seed=5)
    for question in questions:
        recheck_irregularity(question, "first-or-second")
    second_card = [
        q
        for q in questions
        if q.kind == "outcome" and "(the second card off" in q.situation.events[-1]
    ]
    assert second_card
    assert all(q.expected == "misdeal" for q in second_card)


def test_a_house_odd_chip_rule_changes_the_split() -> None:
    book = load_rulebook("tda-2024").with_options({"odd_chip": "high-card-by-suit"}, origin="test")
    for question in generate_questions(book, ["splits"], count=30, seed=9):
        assert dict(question.amounts) == split_by_hand(question, book)
        assert any("highest card by suit" in rule for rule in question.situation.rules)


def test_the_same_seed_gives_the_same_drill(rrop: Rulebook) -> None:
    first = generate_questions(rrop, count=12, seed=77)
    assert first == generate_questions(rrop, count=12, seed=77)
    assert first != generate_questions(rrop, count=12, seed=78)


def test_a_topic_alone(rrop: Rulebook) -> None:
    questions = generate_questions(rrop, ["reading"], count=5, seed=1)
    assert {question.topic for question in questions} == {"reading"}


@pytest.mark.parametrize(
    ("topics", "count", "message"),
    [
        (
            ["rulings"],
            5,
            '--topic "rulings": choose irregularities, splits, reading, pot-limit, raises,'
            " side-pots, chip-count, odd-chip, bring-in, first-to-act, low-hands,"
            " stud-splits, draw",
        ),
        ([], 0, "--count 0: a drill has 1 to 500 questions"),
        ([], 501, "--count 501: a drill has 1 to 500 questions"),
    ],
)
def test_a_drill_that_cannot_be_drawn(
    rrop: Rulebook, topics: list[str], count: int, message: str
) -> None:
    with pytest.raises(DrillError) as caught:
        generate_questions(rrop, topics, count=count, seed=1)
    assert str(caught.value) == message


def test_no_topic_named_means_every_topic() -> None:
    assert check_topics([]) == TOPICS
    assert check_topics(["odd", "PLO", "side-pot", "chips", "raise"]) == (
        "pot-limit", "raises", "side-pots", "chip-count", "odd-chip",
    )  # fmt: skip
