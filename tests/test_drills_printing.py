"""The printed quiz's data: the questions for trainees, the answer key for the trainer."""

from __future__ import annotations

import datetime

from floorman.documents.render import render_html
from floorman.drills.printing import quiz_view
from floorman.drills.questions import generate_questions
from floorman.rules.loader import load_rulebook


def test_the_quiz_says_what_it_is_and_keeps_the_key_apart() -> None:
    book = load_rulebook("tda-2024")
    questions = generate_questions(book, ["irregularities", "splits", "reading"], count=6, seed=12)
    view = quiz_view(questions, book=book, seed=12, day=datetime.date(2025, 3, 7), paper="A4")
    doc = view["doc"]
    assert doc["title"] == "Dealer drill"
    assert doc["house"] == book.title
    assert doc["paper"] == "A4"
    assert doc["meta"] == ["7 March 2025", "6 questions", "irregularity, split, reading"]
    assert doc["source"] == "Dealer drill, quiz no. 12"
    assert "seed" not in str(doc)
    assert [q["number"] for q in view["questions"]] == [1, 2, 3, 4, 5, 6]
    for printed, question in zip(view["questions"], questions, strict=True):
        assert printed["ask"] == question.ask
        assert printed["explanation"] == list(question.explanation)
        if question.choices:
            assert printed["answer"] == f"{question.correct + 1}. {question.answer}"
        else:
            assert printed["split_seats"] == list(question.amounts)
    html = render_html("drill.html", view)
    questions_part, key_part = html.split('<section class="new-page answer-key">')
    for question in questions:
        assert question.ask.replace("'", "&#39;") in questions_part
    assert "Answer key" in key_part
    assert "Answer key" not in questions_part


def test_a_sizing_question_on_paper_has_a_blank_for_each_amount() -> None:
    book = load_rulebook("rrop")
    topics = ["pot-limit", "raises", "side-pots", "chip-count", "odd-chip"]
    questions = generate_questions(book, topics, count=10, seed=4)
    view = quiz_view(questions, book=book, seed=4, day=datetime.date(2025, 3, 7))
    assert view["doc"]["meta"][2] == "pot limit, raise, side pots, chip count, odd chip"
    for printed, question in zip(view["questions"], questions, strict=True):
        if question.kind == "amount":
            assert printed["blanks"] == [name.capitalize() for name, _ in question.figures]
        elif question.kind == "split":
            assert printed["blanks"] == [f"Seat {seat}" for seat in question.amounts]
        else:
            assert printed["choices"] == list(question.choices)
        numbers = [number for group in printed["groups"] for number, _ in group]
        assert numbers == list(range(1, len(question.situation.events) + 1))
    html = render_html("drill.html", view)
    assert html.count('class="answer-blank"') == sum(
        len(q.amounts) or len(q.figures) for q in questions if not q.choices
    )
