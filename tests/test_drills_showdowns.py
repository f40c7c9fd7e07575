"""Reading questions: the hands are tabled; who wins high, and who wins low?"""

from __future__ import annotations

from random import Random

import pytest

from floorman.drills.model import Question
from floorman.drills.showdowns import reading_question, winners_text
from floorman.showdown.reading import showdown


@pytest.fixture(scope="module")
def readings() -> list[Question]:
    rng = Random(17)
    return [reading_question(rng) for _ in range(150)]


def test_the_answer_is_the_showdowns(readings: list[Question]) -> None:
    for question in readings:
        situation = question.situation
        read = showdown(situation.game, situation.board, {s.seat: s.cards for s in situation.seats})
        assert question.winners == (read.high_winners, read.low_winners)
        assert question.answer == winners_text(question.winners, situation.game)


def test_every_seat_alone_is_a_choice_outside_high_low(readings: list[Question]) -> None:
    for question in readings:
        if question.situation.game == "omaha-hilo":
            assert 2 <= len(question.choices) <= 5
            assert all(choice.startswith("High: ") for choice in question.choices)
            continue
        seats = [seat.seat for seat in question.situation.seats]
        for seat in seats:
            assert f"Seat {seat} wins" in question.choices
        assert any(" split" in choice for choice in question.choices)


def test_close_calls_are_most_of_the_drill(readings: list[Question]) -> None:
    ties = [q for q in readings if q.winners and len(q.winners[0]) > 1]
    games = {q.situation.game for q in readings}
    assert games == {"holdem", "omaha", "omaha-hilo"}
    assert len(ties) > len(readings) / 8
    no_low = [q for q in readings if q.situation.game == "omaha-hilo" and not q.winners[1]]
    assert all("no hand qualifies" in q.answer for q in no_low)


def test_the_explanation_reads_every_hand(readings: list[Question]) -> None:
    for question in readings:
        for seat in question.situation.seats:
            assert any(line.startswith(f"Seat {seat.seat} plays ") for line in question.explanation)
        omaha = question.situation.game != "holdem"
        rule = "Omaha plays exactly two hole cards and exactly three board cards."
        assert (rule in question.explanation) == omaha


@pytest.mark.parametrize(
    ("winners", "game", "text"),
    [
        (((3,), ()), "holdem", "Seat 3 wins"),
        (((3, 5), ()), "omaha", "Seats 3 and 5 split"),
        (((3,), (5,)), "omaha-hilo", "High: seat 3 · Low: seat 5"),
        (((3,), ()), "omaha-hilo", "High: seat 3 · Low: no hand qualifies"),
        (
            ((2, 4, 7), (4, 7)),
            "omaha-hilo",
            "High: seats 2, 4 and 7 split · Low: seats 4 and 7 split",
        ),
    ],
)
def test_winners_as_a_trainee_reads_them(
    winners: tuple[tuple[int, ...], tuple[int, ...]], game: str, text: str
) -> None:
    assert winners_text(winners, game) == text
