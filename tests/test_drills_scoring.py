"""Scoring a drill session by topic."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from floorman.drills.scoring import Scorecard, percent


def test_a_session_scored_by_topic_in_the_usual_order() -> None:
    card = Scorecard()
    for topic, right in [
        ("reading", True),
        ("irregularities", False),
        ("reading", True),
        ("irregularities", True),
        ("reading", False),
    ]:
        card.add(topic, right)
    assert card.lines() == [
        "Score: 3 of 5 (60%)",
        "  irregularities  1 of 2    50%",
        "  reading         2 of 3    67%",
    ]
    assert (card.total.questions, card.total.correct) == (5, 3)


def test_nothing_answered() -> None:
    assert Scorecard().lines() == ["Score: 0 of 0 (0%)"]


@given(st.integers(0, 500), st.integers(1, 500))
def test_a_percentage_is_rounded_half_up_and_stays_in_range(correct: int, questions: int) -> None:
    correct = min(correct, questions)
    value = percent(correct, questions)
    assert 0 <= value <= 100
    assert abs(value - 100 * correct / questions) <= 0.5
    assert (value == 0) == (200 * correct < questions)
