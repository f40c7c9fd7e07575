"""Drills taken in the browser, kept beside the drill sessions of the terminal.

A trainer's *assignment* names a trainee, the topics, how many questions and,
for a timed drill, the seconds allowed per answer. A *run* is one drill a
trainee takes: the questions it asks are fixed when it starts (each an item,
its topic and seed, see :mod:`floorman.drills.schedule`), so it can be left and
taken up again; each answer is kept as it is given, in its own transaction,
with the rule it tests, whether it was right and how long it took. All of it
is append-only: an answer is never changed, a second answer to the same
question is refused.

Trainee names match without regard to case, as the terminal's drill scores do.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from floorman.drills.schedule import Item, Seen
from floorman.store._backend import Database, open_database
from floorman.store.errors import Duplicate, StoreError

__all__ = ["Assignment", "DrillRuns", "Run", "RunAnswer", "open_drill_runs"]


@dataclass(frozen=True, slots=True)
class Assignment:
    """A drill set a trainer gave a trainee; ``runs`` started from it, ``done`` finished."""

    id: int
    trainee: str
    topics: tuple[str, ...]
    count: int
    time_limit: int | None
    rulebook: str
    by: str
    at: str
    runs: int = 0
    done: int = 0


@dataclass(frozen=True, slots=True)
class RunAnswer:
    """One answer in a run."""

    number: int
    item: str
    topic: str
    kind: str
    rule: str
    answer: str
    correct: bool
    millis: int
    at: str


@dataclass(frozen=True, slots=True)
class Run:
    """A drill in the browser: whose, under which rulebook, its items, its answers."""

    id: int
    trainee: str
    rulebook: str
    topics: tuple[str, ...]
    items: tuple[Item, ...]
    time_limit: int | None
    assignment: int | None
    started: str
    answers: tuple[RunAnswer, ...]

    @property
    def finished(self) -> bool:
        return len(self.answers) >= len(self.items)

    @property
    def next_number(self) -> int | None:
        """The first question not answered yet (from 1), ``None`` when all are."""
        done = {answer.number for answer in self.answers}
        for number in range(1, len(self.items) + 1):
            if number not in done:
                return number
        return None


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _moment(text: str) -> datetime:
    moment = datetime.fromisoformat(text)
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


class DrillRuns:
    """Assignments, runs and their answers in a SQLite file or a PostgreSQL database."""

    def __init__(self, db: Database, *, owned: bool = True) -> None:
        self.path = db.path
        self._db = db
        self._owned = owned

    def close(self) -> None:
        if self._owned:
            self._db.close()

    def __enter__(self) -> DrillRuns:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _write(self) -> AbstractContextManager[None]:
        return self._db.write()

    # assignments -------------------------------------------------------------

    def assign(
        self,
        trainee: str,
        *,
        topics: Sequence[str],
        count: int,
        time_limit: int | None,
        rulebook: str,
        by: str,
    ) -> int:
        """Keep a trainer's assignment; returns its number."""
        with self._write():
            rows = self._db.rows(
                "INSERT INTO drill_assignments (trainee, topics, count, time_limit, rulebook, by,"
                " at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
                (trainee, ",".join(topics), count, time_limit, rulebook, by, _now()),
            )
        return int(rows[0][0])

    def assignments(self, trainee: str) -> list[Assignment]:
        """The trainee's assignments, newest first, with the runs started and finished."""
        rows = self._db.rows(
            "SELECT a.id, a.trainee, a.topics, a.count, a.time_limit, a.rulebook, a.by, a.at,"
            " (SELECT COUNT(*) FROM drill_runs r WHERE r.assignment = a.id),"
            " (SELECT COUNT(*) FROM drill_runs r WHERE r.assignment = a.id AND"
            "  (SELECT COUNT(*) FROM drill_run_answers x WHERE x.run_id = r.id) >= a.count)"
            f" FROM drill_assignments a WHERE {self._db.same_name('a.trainee')} ORDER BY a.id DESC",
            (trainee,),
        )
        return [
            Assignment(
                int(i),
                str(name),
                tuple(str(topics).split(",")),
                int(count),
                None if limit is None else int(limit),
                str(book),
                str(by),
                str(at),
                int(runs),
                int(done),
            )
            for i, name, topics, count, limit, book, by, at, runs, done in rows
        ]

    def assignment(self, number: int) -> Assignment | None:
        rows = self._db.rows("SELECT trainee FROM drill_assignments WHERE id = ?", (number,))
        if not rows:
            return None
        found = [a for a in self.assignments(str(rows[0][0])) if a.id == number]
        return found[0] if found else None

    # runs --------------------------------------------------------------------

    def start(
        self,
        trainee: str,
        *,
        rulebook: str,
        topics: Sequence[str],
        items: Sequence[Item],
        time_limit: int | None = None,
        assignment: int | None = None,
    ) -> int:
        """Keep a new run and the items it asks; returns its number."""
        stored = json.dumps([[item.topic, item.seed, item.review] for item in items])
        with self._write():
            rows = self._db.rows(
                "INSERT INTO drill_runs (trainee, rulebook, topics, items, time_limit, assignment,"
                " started) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
                (trainee, rulebook, ",".join(topics), stored, time_limit, assignment, _now()),
            )
        return int(rows[0][0])

    def run(self, number: int) -> Run | None:
        rows = self._db.rows(
            "SELECT id, trainee, rulebook, topics, items, time_limit, assignment, started"
            " FROM drill_runs WHERE id = ?",
            (number,),
        )
        if not rows:
            return None
        i, trainee, book, topics, items, limit, assignment, started = rows[0]
        try:
            kept = tuple(Item(str(t), int(s), bool(r)) for t, s, r in json.loads(str(items)))
        except (ValueError, TypeError):
            raise StoreError(f"{self.path}: the store is damaged (drill run {i})") from None
        answers = self._db.rows(
            "SELECT number, item, topic, kind, rule, answer, correct, millis, at"
            " FROM drill_run_answers WHERE run_id = ? ORDER BY number",
            (number,),
        )
        return Run(
            int(i), str(trainee), str(book), tuple(str(topics).split(",")), kept,
            None if limit is None else int(limit),
            None if assignment is None else int(assignment), str(started),
            tuple(_answer(row) for row in answers),
        )  # fmt: skip

    def answer(self, run: int, number: int, given: RunAnswer) -> None:
        """Keep an answer; refused (:class:`Duplicate`) if that question has one already."""
        try:
            with self._write():
                self._db.rows(
                    "INSERT INTO drill_run_answers (run_id, number, item, topic, kind, rule,"
                    " answer, correct, millis, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        run, number, given.item, given.topic, given.kind, given.rule,
                        given.answer, int(given.correct), given.millis, given.at or _now(),
                    ),
                )  # fmt: skip
        except Duplicate:
            raise Duplicate(f"question {number} of drill {run} is answered already") from None

    def runs(self, trainee: str) -> list[tuple[int, str, int, int, int, int]]:
        """The trainee's runs, newest first: number, started, questions, answered, right,
        and the total time of the answers in milliseconds."""
        rows = self._db.rows(
            "SELECT r.id, r.started, r.items, COUNT(x.number), COALESCE(SUM(x.correct), 0),"
            " COALESCE(SUM(x.millis), 0) FROM drill_runs r LEFT JOIN drill_run_answers x"
            f" ON x.run_id = r.id WHERE {self._db.same_name('r.trainee')}"
            " GROUP BY r.id, r.started, r.items ORDER BY r.id DESC",
            (trainee,),
        )
        return [
            (int(i), str(at), len(json.loads(str(items))), int(n), int(right), int(ms))
            for i, at, items, n, right, ms in rows
        ]

    def trainees(self) -> list[str]:
        """Everyone given or taking a drill in the browser, as the trainer first named them."""
        names: dict[str, str] = {}
        for table in ("drill_assignments", "drill_runs"):
            for (name,) in self._db.rows(f"SELECT trainee FROM {table} ORDER BY id"):
                names.setdefault(str(name).lower(), str(name))
        return sorted(names.values(), key=str.lower)

    # what the schedule and the trainer read ---------------------------------

    def answered(self, trainee: str) -> list[tuple[Seen, RunAnswer]]:
        """Every answer the trainee gave in the browser, oldest first, as the schedule
        reads it (:class:`Seen`) and as kept."""
        rows = self._db.rows(
            "SELECT x.number, x.item, x.topic, x.kind, x.rule, x.answer, x.correct, x.millis,"
            " x.at FROM drill_run_answers x JOIN drill_runs r ON x.run_id = r.id"
            f" WHERE {self._db.same_name('r.trainee')} ORDER BY x.at, x.run_id, x.number",
            (trainee,),
        )
        found = []
        for n, it, tp, k, r, a, c, m, at in rows:
            kept = RunAnswer(
                int(n), str(it), str(tp), str(k), str(r), str(a), bool(c), int(m), str(at)
            )
            found.append((Seen(kept.item, kept.rule, kept.correct, _moment(kept.at)), kept))
        return found

    def terminal_answers(self, trainee: str) -> list[Seen]:
        """The trainee's answers in ``floorman drill`` at a terminal, as the weak rules
        count them (they have no item to come back: their questions were not kept)."""
        rows = self._db.rows(
            "SELECT a.topic, a.kind, a.rule, a.correct, s.finished FROM drill_answers a"
            " JOIN drill_sessions s ON a.session_id = s.id"
            f" WHERE {self._db.same_name('s.trainee')}",
            (trainee,),
        )
        return [
            Seen("", str(rule) if rule else f"{topic}: {kind}", bool(correct), _moment(str(at)))
            for topic, kind, rule, correct, at in rows
        ]


def _answer(row: tuple[object, ...]) -> RunAnswer:
    number, item, topic, kind, rule, answer, correct, millis, at = row
    return RunAnswer(
        int(str(number)), str(item), str(topic), str(kind), str(rule), str(answer),
        bool(correct), int(str(millis)), str(at),
    )  # fmt: skip


def open_drill_runs(where: str | Path | None = None) -> DrillRuns:
    """The browser's drill tables in the store at ``where`` (default: the hands' store)."""
    return DrillRuns(open_database(where))
