"""A drill question on a terminal: the table, what happened, the choices; then the answer.

>>> from floorman.drills.model import Question, SeatView, Situation
>>> q = Question(topic="reading", kind="winner", ask="Who wins the pot?",
...              situation=Situation(game="holdem", seats=(SeatView(2), SeatView(6))),
...              choices=("Seat 2 wins", "Seat 6 wins"), correct=1, answer="Seat 6 wins")
>>> print("\\n".join(question_lines(q, 1, 5)))
Question 1 of 5 · reading
Hold'em: the hands are tabled
  Seat 2
  Seat 6
Who wins the pot?
  1) Seat 2 wins
  2) Seat 6 wins
>>> answer_lines(q)[0]
'The answer: 2) Seat 6 wins'
"""

from __future__ import annotations

from floorman.cards import format_cards
from floorman.drills.model import Question, Situation
from floorman.vocabulary import GAME_TITLES

__all__ = ["answer_lines", "headline", "prompt", "question_lines"]


def headline(situation: Situation) -> str:
    """``Hold'em no-limit, blinds 1/2, button seat 7``."""
    game = GAME_TITLES.get(situation.game, situation.game)
    if situation.blinds is None:
        return f"{game}: the hands are tabled"
    small, big = situation.blinds
    return f"{game} {situation.betting}, blinds {small}/{big}, button seat {situation.button}"


def question_lines(question: Question, number: int, total: int) -> list[str]:
    """Everything the trainee reads before answering."""
    situation = question.situation
    lines = [f"Question {number} of {total} · {question.topic}", headline(situation)]
    if situation.board:
        lines.append(f"  {'Board':<7}  {format_cards(situation.board)}")
    role_width = max((len(seat.role) for seat in situation.seats), default=0)
    for seat in situation.seats:
        line = f"  Seat {seat.seat:<2}"
        if seat.stack is not None:
            line += f"  {seat.role:<{role_width}}  {seat.stack:>6}"
        if seat.cards:
            line += f"  {format_cards(seat.cards)}"
        lines.append(line.rstrip())
    lines.extend(situation.rules)
    if situation.events:
        lines.append("What happened:")
        width = len(str(len(situation.events)))
        lines.extend(
            f"  {number:>{width}}. {text}" for number, text in enumerate(situation.events, 1)
        )
    lines.append(question.ask)
    lines.extend(f"  {number}) {choice}" for number, choice in enumerate(question.choices, 1))
    return lines


def prompt(question: Question) -> str:
    """What the answer line asks for."""
    return f"Your answer ({question.answer_hint()}): "


def answer_lines(question: Question) -> list[str]:
    """The right answer and why: the ruling with its citation, the split, the reading."""
    if question.choices:
        head = f"The answer: {question.correct + 1}) {question.answer}"
    else:
        head = f"The answer: {question.answer}"
    lines = [head, *(f"  {line}" for line in question.explanation)]
    if question.cite:
        lines.append(f"  {question.cite}" + (f"  [{question.rule}]" if question.rule else ""))
    return lines
