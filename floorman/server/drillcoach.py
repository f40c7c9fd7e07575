"""Drills in the browser, as the room serves them: starting a drill, asking its questions,
marking an answer, and what a trainer reads of a trainee. Plain data in and out (the
JSON the API answers and the pages are drawn from); the handlers are
:mod:`floorman.server.drillpages`.

Questions come from the drill generators (:func:`floorman.drills.questions.generate_questions`),
one per item (its topic and seed), so a question asked again is the same question and
every answer is worked out by the engine, never typed. Which questions a drill asks
follows :mod:`floorman.drills.schedule` (spaced repetition).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from functools import lru_cache
from pathlib import Path
from random import Random
from typing import Any, Final

from floorman.cards import format_cards
from floorman.drills.model import Question, mark, read_amounts, read_choice
from floorman.drills.questions import MAX_COUNT, check_topics, generate_questions
from floorman.drills.schedule import (
    Item,
    Seen,
    boxes,
    due_items,
    plan_items,
    rule_tested,
    weak_rules,
)
from floorman.drills.scoring import percent
from floorman.drills.text import headline
from floorman.errors import FloormanError
from floorman.store.drillruns import DrillRuns, Run, RunAnswer, open_drill_runs

__all__ = [
    "MAX_TIME_LIMIT",
    "RUN_MAX",
    "DrillRefused",
    "answer_question",
    "assign",
    "question_of",
    "read_answer",
    "run_view",
    "start_run",
    "topics",
    "trainee_report",
]

RUN_MAX: Final = 50
"""The most questions one drill in the browser asks."""
MAX_TIME_LIMIT: Final = 600
"""The longest time limit per answer, in seconds."""
DEFAULT_CHIPS: Final = (1, 5, 25, 100)


class DrillRefused(FloormanError, ValueError):
    """A drill request that cannot be met: an unknown topic, a run not the caller's, a
    question already answered; ``status`` is the HTTP status to answer with."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def topics() -> list[str]:
    """Every topic the drill generators offer, in their order."""
    return list(check_topics([]))


@lru_cache(maxsize=16)
def _book(name: str) -> Any:
    from floorman.rules.loader import load_rulebook

    return load_rulebook(name)


BANK: Final = 60
"""Questions generated together for a topic: an item's seed is its bank's number times
this, plus its place in the bank. Drawing a topic's questions costs most of the time
one question costs (the rulebook's worked examples replayed), so a bank is drawn at once
and kept while the server runs."""


@lru_cache(maxsize=64)
def _bank(rulebook: str, topic: str, bank: int) -> tuple[Question, ...]:
    return tuple(generate_questions(_book(rulebook), [topic], count=BANK, seed=bank))


def question_of(rulebook: str, item: Item) -> Question:
    """The question an item names, generated anew (the same for the same item)."""
    bank, place = divmod(item.seed, BANK)
    return _bank(rulebook, item.topic, bank)[place]


def _drawer(seen: Sequence[Seen]) -> Callable[[str, Random], int]:
    """New questions from a topic's first bank until the trainee has seen most of it,
    then from the next: a new trainee costs one bank a topic."""
    asked: dict[str, set[str]] = {}
    for answer in seen:
        asked.setdefault(answer.item.rpartition(":")[0], set()).add(answer.item)

    def draw(topic: str, rng: Random) -> int:
        bank = len(asked.get(topic, ())) * 5 // (4 * BANK)
        return bank * BANK + rng.randrange(BANK)

    return draw


def _now() -> datetime:
    return datetime.now(UTC)


def _chosen_topics(named: Sequence[str]) -> tuple[str, ...]:
    try:
        return tuple(check_topics([word for word in named if word]))
    except FloormanError as error:
        raise DrillRefused(str(error).replace("--topic", "topic")) from None


def _count(count: int) -> int:
    if not 1 <= count <= min(RUN_MAX, MAX_COUNT):
        raise DrillRefused(f"count: a drill here has 1 to {RUN_MAX} questions")
    return count


def _limit(limit: int | None) -> int | None:
    if limit is None or limit == 0:
        return None
    if not 1 <= limit <= MAX_TIME_LIMIT:
        raise DrillRefused(f"time_limit: 1 to {MAX_TIME_LIMIT} seconds per answer, or none")
    return limit


def _seen(runs: DrillRuns, trainee: str) -> list[Seen]:
    return [seen for seen, _ in runs.answered(trainee)]


def start_run(
    db: str | Path,
    trainee: str,
    *,
    rulebook: str = "rrop",
    named_topics: Sequence[str] = (),
    count: int = 10,
    time_limit: int | None = None,
    assignment: int | None = None,
    seed: int | None = None,
) -> int:
    """A new drill for ``trainee``: the questions due again first, then new ones (see
    :func:`floorman.drills.schedule.plan_items`); from an assignment, its topics, count
    and time limit. Returns the run's number."""
    with open_drill_runs(db) as runs:
        if assignment is not None:
            given = runs.assignment(assignment)
            if given is None or given.trainee.lower() != trainee.lower():
                raise DrillRefused(f"no assignment {assignment} for {trainee}", 404)
            named_topics, count, time_limit = given.topics, given.count, given.time_limit
            rulebook = given.rulebook
        chosen = _chosen_topics(named_topics)
        count, time_limit = _count(count), _limit(time_limit)
        book = _book(rulebook)
        drawn = secrets.randbelow(2**31) if seed is None else seed
        seen = _seen(runs, trainee)
        items = plan_items(
            seen,
            chosen,
            count,
            drawn,
            _now(),
            lambda item: rule_tested(question_of(book.name, item)),
            _drawer(seen),
        )
        return runs.start(
            trainee,
            rulebook=book.name,
            topics=chosen,
            items=items,
            time_limit=time_limit,
            assignment=assignment,
        )


def _run_of(runs: DrillRuns, number: int, trainee: str | None) -> Run:
    """The run, if ``trainee`` (``None``: any, for a trainer) may see it."""
    run = runs.run(number)
    if run is None or (trainee is not None and run.trainee.lower() != trainee.lower()):
        raise DrillRefused(f"no drill {number}", 404)
    return run


def question_json(question: Question, number: int, total: int, limit: int | None) -> dict[str, Any]:
    """A question as the trainee sees it before answering: no answer in it."""
    situation = question.situation
    chips = list(question.hand.chips) if question.hand is not None and question.hand.chips else []
    return {
        "number": number,
        "of": total,
        "topic": question.topic,
        "kind": question.kind,
        "headline": headline(situation),
        "board": format_cards(situation.board) if situation.board else "",
        "seats": [
            {
                "seat": seat.seat,
                "stack": seat.stack,
                "role": seat.role,
                "cards": format_cards(seat.cards) if seat.cards else "",
            }
            for seat in situation.seats
        ],
        "rules": list(situation.rules),
        "events": list(situation.events),
        "ask": question.ask,
        "choices": list(question.choices),
        "seats_asked": list(question.seats_asked) if question.kind == "split" else [],
        "chips": sorted(chips or DEFAULT_CHIPS, reverse=True)[:5],
        "time_limit": limit,
    }


def result_json(question: Question, kept: RunAnswer, limit: int | None) -> dict[str, Any]:
    """An answered question: what was given, whether right, the answer, why, the citation."""
    out_of_time = limit is not None and kept.millis > limit * 1000
    return {
        "number": kept.number,
        "correct": kept.correct,
        "given": kept.answer,
        "out_of_time": out_of_time,
        "millis": kept.millis,
        "answer": (f"{question.correct + 1}) " if question.choices else "") + question.answer,
        "explanation": list(question.explanation),
        "cite": question.cite,
        "rule": kept.rule,
        "title": question.title,
    }


def run_view(db: str | Path, number: int, trainee: str | None) -> dict[str, Any]:
    """A run: its questions answered (with their results), the next question, the score."""
    with open_drill_runs(db) as runs:
        run = _run_of(runs, number, trainee)
    total = len(run.items)
    answered = {a.number: a for a in run.answers}
    results = [
        result_json(question_of(run.rulebook, run.items[n - 1]), answered[n], run.time_limit)
        for n in sorted(answered)
    ]
    following = run.next_number
    right = sum(a.correct for a in run.answers)
    return {
        "run": run.id,
        "trainee": run.trainee,
        "rulebook": run.rulebook,
        "topics": list(run.topics),
        "questions": total,
        "answered": len(run.answers),
        "correct": right,
        "percent": percent(right, len(run.answers)),
        "millis": sum(a.millis for a in run.answers),
        "time_limit": run.time_limit,
        "assignment": run.assignment,
        "started": run.started,
        "reviews": sum(item.review for item in run.items),
        "finished": following is None,
        "results": results,
        "next": None
        if following is None
        else question_json(
            question_of(run.rulebook, run.items[following - 1]), following, total, run.time_limit
        ),
    }


def read_answer(question: Question, given: Mapping[str, Any]) -> str:
    """The answer as the terminal would take it (``3``; ``51 50``), from a choice, the
    amounts per seat, or the answer typed; :class:`DrillRefused` if it cannot be read,
    so that the question is asked again and nothing is kept."""
    choice, amounts, text = given.get("choice"), given.get("amounts"), given.get("answer")
    try:
        if question.kind == "split":
            if isinstance(amounts, Mapping):
                pairs = " ".join(f"{seat}={amount}" for seat, amount in amounts.items())
                read = read_amounts(pairs, question.seats_asked)
            elif isinstance(text, str):
                read = read_amounts(text[:400], question.seats_asked)
            else:
                raise DrillRefused(
                    "give amounts: an amount for each of seats "
                    + ", ".join(str(s) for s in question.seats_asked)
                )
            return " ".join(str(read[seat]) for seat in question.seats_asked)
        if isinstance(choice, bool) or not isinstance(choice, int | str):
            if not isinstance(text, str):
                raise DrillRefused(f"give choice: a number from 1 to {len(question.choices)}")
            choice = text
        return str(read_choice(str(choice)[:40], len(question.choices)))
    except FloormanError as error:
        if isinstance(error, DrillRefused):
            raise
        raise DrillRefused(str(error)) from None


def answer_question(
    db: str | Path,
    number: int,
    trainee: str,
    question_number: int,
    given: Mapping[str, Any],
    client_millis: int | None = None,
) -> dict[str, Any]:
    """Mark and keep an answer to a run's question; the result with its explanation.

    The time an answer took is what the page measured (from showing the question to
    the tap) when it says, else the time since the run's previous answer (or its
    start); never more than the latter. Past the run's time limit the answer counts
    wrong (out of time), whatever it was."""
    from floorman.store.errors import Duplicate

    with open_drill_runs(db) as runs:
        run = _run_of(runs, number, trainee)
        if not 1 <= question_number <= len(run.items):
            raise DrillRefused(f"question: 1 to {len(run.items)}", 404)
        if any(a.number == question_number for a in run.answers):
            raise DrillRefused(f"question {question_number} is answered already", 409)
        item = run.items[question_number - 1]
        question = question_of(run.rulebook, item)
        text = read_answer(question, given)
        now = _now()
        since = max([run.started, *(a.at for a in run.answers)])
        elapsed = max(0, int((now - datetime.fromisoformat(since)).total_seconds() * 1000))
        millis = elapsed if client_millis is None else max(0, min(client_millis, elapsed))
        right = mark(question, text)
        if run.time_limit is not None and millis > run.time_limit * 1000:
            right = False
        kept = RunAnswer(
            question_number,
            item.key,
            item.topic,
            question.kind,
            rule_tested(question),
            text,
            right,
            millis,
            now.isoformat(timespec="milliseconds"),
        )
        try:
            runs.answer(run.id, question_number, kept)
        except Duplicate:
            raise DrillRefused(f"question {question_number} is answered already", 409) from None
        return result_json(question, kept, run.time_limit)


def assign(
    db: str | Path,
    trainee: str,
    *,
    named_topics: Sequence[str],
    count: int,
    time_limit: int | None,
    rulebook: str,
    by: str,
) -> int:
    """A trainer gives a trainee a drill set; returns its number."""
    chosen = _chosen_topics(named_topics)
    count, time_limit = _count(count), _limit(time_limit)
    _book(rulebook)
    with open_drill_runs(db) as runs:
        return runs.assign(
            trainee, topics=chosen, count=count, time_limit=time_limit, rulebook=rulebook, by=by
        )


def trainee_report(db: str | Path, trainee: str) -> dict[str, Any]:
    """What a trainer reads of a trainee: the rules they get wrong, rule by rule (browser
    and terminal drills both), their progress day by day, what comes back when, their
    assignments and drills."""
    now = _now()
    with open_drill_runs(db) as runs:
        answered = runs.answered(trainee)
        terminal = runs.terminal_answers(trainee)
        given = runs.assignments(trainee)
        taken = runs.runs(trainee)
    seen = [s for s, _ in answered]
    rules = [
        {
            "rule": r.rule,
            "asked": r.asked,
            "wrong": r.wrong,
            "percent": percent(r.asked - r.wrong, r.asked),
            "last": r.last.isoformat(timespec="seconds"),
        }
        for r in weak_rules([*seen, *terminal])
    ]
    days: dict[str, dict[str, int]] = {}
    for s, kept in answered:
        day = days.setdefault(s.at.date().isoformat(), {"questions": 0, "correct": 0, "millis": 0})
        day["questions"] += 1
        day["correct"] += int(s.correct)
        day["millis"] += kept.millis
    for s in terminal:
        day = days.setdefault(s.at.date().isoformat(), {"questions": 0, "correct": 0, "millis": 0})
        day["questions"] += 1
        day["correct"] += int(s.correct)
    progress = [
        {
            "day": day,
            **tally,
            "percent": percent(tally["correct"], tally["questions"]),
        }
        for day, tally in sorted(days.items())
    ]
    placed = boxes(seen)
    return {
        "trainee": trainee,
        "weak_rules": rules,
        "progress": progress,
        "due": len(due_items(seen, now)),
        "boxes": {str(box): sum(b == box for b, _ in placed.values()) for box in range(1, 6)},
        "assignments": [
            {
                "id": a.id,
                "topics": list(a.topics),
                "count": a.count,
                "time_limit": a.time_limit,
                "rulebook": a.rulebook,
                "by": a.by,
                "at": a.at,
                "runs": a.runs,
                "done": a.done,
            }
            for a in given
        ],
        "runs": [
            {
                "run": number,
                "started": started,
                "questions": questions,
                "answered": done,
                "correct": right,
                "millis": millis,
            }
            for number, started, questions, done, right, millis in taken
        ],
    }
