"""A drill question as the trainee reads it on a terminal."""

from __future__ import annotations

from floorman.cards import parse_cards
from floorman.drills.model import Question, SeatView, Situation
from floorman.drills.text import (
    answer_lines,
    choice_lines,
    event_lines,
    headline,
    prompt,
    question_lines,
)

TURN = Question(
    topic="irregularities",
    kind="outcome",
    situation=Situation(
        game="holdem",
        betting="no-limit",
        blinds=(1, 2),
        button=7,
        seats=(
            SeatView(2, 140, "small blind"),
            SeatView(5, 95, "big blind"),
            SeatView(7, 210, "button"),
        ),
        events=tuple(f"event {n}" for n in range(1, 11)),
        rules=("The dealer records every burn card.",),
    ),
    ask="What is the ruling on event 10?",
    choices=("Misdeal", "Play continues"),
    correct=1,
    answer="Play continues",
    explanation=("The turn card is dealt early.", "1. Take the 2♠ out of play."),
    cite="RRoP §5 rule 8",
    rule="rrop.holdem.premature-turn",
)

SPLIT = Question(
    topic="splits",
    kind="split",
    situation=Situation(game="omaha-hilo", betting="pot-limit", blinds=(5, 10), button=3,
                        seats=(SeatView(3, 500, "button"), SeatView(4, 80, ""))),
    ask="How many chips does each seat win?",
    amounts={3: 85, 4: 85},
    answer="seat 3: 85, seat 4: 85",
    explanation=("Main pot 170.",),
)  # fmt: skip

READING = Question(
    topic="reading",
    kind="winner",
    situation=Situation(
        game="omaha",
        board=parse_cards("Ah Kh Qh 2c 3d"),
        seats=(
            SeatView(1, cards=parse_cards("Jh Th 9c 8c")),
            SeatView(4, cards=parse_cards("Jd Td 9s 8s")),
        ),
    ),
    ask="Who wins the pot?",
    choices=("Seat 1 wins", "Seat 4 wins", "Seats 1 and 4 split"),
    correct=0,
    answer="Seat 1 wins",
)


def test_an_irregularity_question() -> None:
    assert question_lines(TURN, 3, 10) == [
        "Question 3 of 10 · irregularities",
        "Hold'em no-limit, blinds 1/2, button seat 7",
        "  Seat 2   small blind     140",
        "  Seat 5   big blind        95",
        "  Seat 7   button          210",
        "The dealer records every burn card.",
        "What happened:",
        *(f"  {n:>2}. event {n}" for n in range(1, 11)),
        "What is the ruling on event 10?",
        "  1) Misdeal",
        "  2) Play continues",
    ]
    assert prompt(TURN) == "Your answer (1-2): "


def test_the_answer_with_its_ruling_and_citation() -> None:
    assert answer_lines(TURN) == [
        "The answer: 2) Play continues",
        "  The turn card is dealt early.",
        "  1. Take the 2♠ out of play.",
        "  RRoP §5 rule 8  [rrop.holdem.premature-turn]",
    ]


def test_a_split_question() -> None:
    lines = question_lines(SPLIT, 1, 1)
    assert lines[1] == "Omaha High-Low (8-or-better) pot-limit, blinds 5/10, button seat 3"
    assert lines[2:4] == ["  Seat 3   button     500", "  Seat 4               80"]
    assert prompt(SPLIT) == "Your answer (an amount for each of seats 3 and 4): "
    assert answer_lines(SPLIT) == ["The answer: seat 3: 85, seat 4: 85", "  Main pot 170."]


def test_a_reading_question() -> None:
    assert question_lines(READING, 2, 4) == [
        "Question 2 of 4 · reading",
        "Omaha: the hands are tabled",
        "  Board    A♥ K♥ Q♥ 2♣ 3♦",
        "  Seat 1   J♥ 10♥ 9♣ 8♣",
        "  Seat 4   J♦ 10♦ 9♠ 8♠",
        "Who wins the pot?",
        "  1) Seat 1 wins",
        "  2) Seat 4 wins",
        "  3) Seats 1 and 4 split",
    ]
    assert headline(READING.situation) == "Omaha: the hands are tabled"


# -- a long hand on an 80 x 45 terminal -------------------------------------------------------

HAND_OF_23 = (
    "The hole cards are dealt", "Seat 6 calls 2", "Seat 7 calls 2", "Seat 8 folds",
    "Seat 9 calls 2", "Seat 1 folds", "Seat 3 checks", "Burn", "Flop: J♦ 10♥ J♠",
    "Seat 3 checks", "Seat 6 checks", "Seat 7 bets 6", "Seat 9 raises to 18",
    "Seat 3 folds", "Seat 6 calls 18", "Seat 7 calls 18", "Burn", "Turn: J♣",
    "The dealer exposes seat 6's first card: K♦ (the second card off the deck)",
    "Seat 6 checks", "Seat 7 checks", "Seat 9 checks", "Burn",
)  # fmt: skip


def test_a_street_goes_on_a_line_and_every_event_keeps_its_number() -> None:
    lines = event_lines(HAND_OF_23)
    assert lines[:4] == [
        "   1. The hole cards are dealt",
        "   2. Seat 6 calls 2 · 3. Seat 7 calls 2 · 4. Seat 8 folds · 5. Seat 9 calls 2",
        "      6. Seat 1 folds · 7. Seat 3 checks",
        "   8. Burn · 9. Flop: J♦ 10♥ J♠ · 10. Seat 3 checks · 11. Seat 6 checks",
    ]
    assert "  19. The dealer exposes seat 6's first card: K♦ (the second card off the deck)" in (
        lines
    )
    text = " ".join(lines)
    for number, event in enumerate(HAND_OF_23, 1):
        assert f"{number}. {event}" in text
    assert all(len(line) <= 80 for line in lines)
    assert len(lines) <= 11


def test_a_23_event_question_and_its_answer_fit_an_80_by_45_terminal() -> None:
    question = Question(
        topic="irregularities",
        kind="outcome",
        situation=Situation(
            game="holdem", betting="no-limit", blinds=(1, 2), button=9,
            seats=tuple(SeatView(s, 100, "") for s in (1, 3, 6, 7, 8, 9)),
            events=HAND_OF_23,
            rules=("House option: Burn before a board card dealt again: yes",
                   "The dealer records every burn card."),
        ),
        ask="What is the ruling on event 19? " + "The floor is asked to rule at once. " * 3,
        choices=TURN.choices,
        correct=1,
        answer="Play continues",
        explanation=tuple(f"{n}. A corrective step that takes a long line of words to say"
                          " what the dealer does next." for n in range(1, 9)),
        cite="RRoP §5 rule 8",
    )  # fmt: skip
    asked = [*question_lines(question, 3, 10), prompt(question)]
    answered = ["Right.", *answer_lines(question)]
    assert len(asked) <= 45
    assert len(answered) <= 45
    assert all(len(line) <= 80 for line in asked + answered)


def test_many_short_choices_go_two_to_a_line() -> None:
    choices = ["None: every event follows the procedure"] + [f"Event {n}: Burn" for n in range(9)]
    lines = choice_lines(choices)
    assert lines[0] == "   1) None: every event follows the procedure"
    assert lines[1].split() == ["2)", "Event", "0:", "Burn", "3)", "Event", "1:", "Burn"]
    assert len(lines) == 6
