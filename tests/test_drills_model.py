"""Reading a trainee's answer: a choice by its number, a split as an amount per seat."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from floorman.drills.model import (
    AnswerError,
    Question,
    Situation,
    mark,
    read_amounts,
    read_choice,
    seat_list,
)

CHOICE = Question(
    topic="irregularities",
    kind="outcome",
    situation=Situation(game="holdem"),
    ask="What is the ruling on event 1?",
    choices=("Misdeal", "Void", "Play continues"),
    correct=2,
    answer="Play continues",
)
SPLIT = Question(
    topic="splits",
    kind="split",
    situation=Situation(game="holdem"),
    ask="How many chips does each seat win?",
    amounts={2: 116, 6: 116, 8: 115},
    answer="seat 2: 116, seat 6: 116, seat 8: 115",
)


@pytest.mark.parametrize(
    ("text", "right"), [("3", True), (" 3 ", True), ("3)", True), ("1", False)]
)
def test_a_choice_by_its_number(text: str, right: bool) -> None:
    assert mark(CHOICE, text) is right


@pytest.mark.parametrize("text", ["0", "4", "three", "", "-1", "2 3"])
def test_a_choice_that_is_not_listed(text: str) -> None:
    with pytest.raises(AnswerError) as caught:
        mark(CHOICE, text)
    assert (
        str(caught.value) == f'"{text.strip()}" is not a choice: answer with a number from 1 to 3'
    )


@pytest.mark.parametrize(
    ("text", "right"),
    [
        ("116 116 115", True),
        ("116, 116, 115", True),
        ("8=115 2=116 6=116", True),
        ("2:116 6:116 8:115", True),
        ("115 116 116", False),
        ("2=116 6=115 8=116", False),
    ],
)
def test_a_split_by_amounts(text: str, right: bool) -> None:
    assert mark(SPLIT, text) is right


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("116 116", "give 3 amounts, one for each of seats 2, 6 and 8"),
        ("116 116 x", '"x" is not an amount in chips'),
        ("2=116 6=116", "give an amount for seat 8 too"),
        ("2=116", "give an amount for seats 6 and 8 too"),
        ("2=116 3=0 6=1", '"3=0": seat 3 is not one of seats 2, 6 and 8'),
        ("2=1 2=2 6=1 8=1", '"2=2": seat 2 is given twice'),
        ("2=-5 6=1 8=1", '"2=-5" is not an amount in chips'),
    ],
)
def test_a_split_that_cannot_be_read(text: str, message: str) -> None:
    with pytest.raises(AnswerError) as caught:
        read_amounts(text, [2, 6, 8])
    assert str(caught.value) == message


@given(st.dictionaries(st.integers(1, 10), st.integers(0, 10_000), min_size=1, max_size=6))
def test_amounts_typed_either_way_read_the_same(amounts: dict[int, int]) -> None:
    seats = list(amounts)
    in_order = " ".join(str(amounts[seat]) for seat in seats)
    by_seat = " ".join(f"{seat}={amount}" for seat, amount in reversed(amounts.items()))
    assert read_amounts(in_order, seats) == read_amounts(by_seat, seats) == amounts


def test_how_to_answer() -> None:
    assert CHOICE.answer_hint() == "1-3"
    assert SPLIT.answer_hint() == "an amount for each of seats 2, 6 and 8"
    assert SPLIT.seats_asked == (2, 6, 8)
    assert read_choice("2", 2) == 2
    assert seat_list([4]) == "4"
