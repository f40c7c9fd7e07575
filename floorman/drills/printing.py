"""A printed quiz: the questions for the trainees, then the answer key for the trainer.

This is the data the ``drill.html`` template lays out; nothing here renders
or writes. The answer key starts on a page of its own, so the question pages
can be handed out without it.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import Any, Final

from floorman.documents.cards import cards_view
from floorman.documents.wording import long_date
from floorman.drills.model import TOPICS, Question
from floorman.drills.text import event_groups, headline
from floorman.rules.loader import Rulebook

__all__ = ["TOPIC_LABELS", "quiz_view"]

TOPIC_LABELS: Final = {
    "irregularities": "Irregularity",
    "splits": "Split",
    "reading": "Reading",
    "pot-limit": "Pot limit",
    "raises": "Raise",
    "side-pots": "Side pots",
    "chip-count": "Chip count",
    "odd-chip": "Odd chip",
    "bring-in": "Bring-in",
    "first-to-act": "First to act",
    "low-hands": "Low hands",
    "stud-splits": "Stud split",
    "draw": "Draw",
}

View = dict[str, Any]


def quiz_view(
    questions: Sequence[Question],
    *,
    book: Rulebook,
    seed: int,
    day: datetime.date,
    paper: str = "letter",
    four_colour: bool = False,
) -> View:
    """The quiz document: ``doc`` for the shared page layout, ``questions`` and ``key``."""
    topics = [topic for topic in TOPICS if any(q.topic == topic for q in questions)]
    return {
        "doc": {
            "title": "Dealer drill",
            "house": book.title,
            "source": f"Dealer drill, quiz no. {seed}",
            "paper": paper,
            "four_colour": four_colour,
            "meta": [
                long_date(day),
                f"{len(questions)} question{'s' if len(questions) != 1 else ''}",
                ", ".join(TOPIC_LABELS[topic].lower() for topic in topics),
            ],
        },
        "count": len(questions),
        "questions": [_question(number, q) for number, q in enumerate(questions, 1)],
    }


def _question(number: int, question: Question) -> View:
    situation = question.situation
    return {
        "number": number,
        "topic": question.topic,
        "label": TOPIC_LABELS[question.topic],
        "headline": headline(situation),
        "seats": [
            {
                "seat": seat.seat,
                "role": seat.role,
                "stack": seat.stack,
                "cards": cards_view(seat.cards),
            }
            for seat in situation.seats
        ],
        "stacks": any(seat.stack is not None for seat in situation.seats),
        "board": cards_view(situation.board),
        "rules": list(situation.rules),
        "events": list(situation.events),
        "groups": event_groups(situation.events),
        "ask": question.ask,
        "choices": list(question.choices),
        "split_seats": list(question.seats_asked),
        "blanks": [f"Seat {seat}" for seat in question.seats_asked]
        or [name.capitalize() for name, _ in question.figures],
        "answer": (
            f"{question.correct + 1}. {question.answer}" if question.choices else question.answer
        ),
        "explanation": list(question.explanation),
        "cite": question.cite,
    }
