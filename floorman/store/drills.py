"""Trainees' drill scores, kept beside the recorded hands in the same store.

A finished drill session is written in one transaction: who, under which
rulebook and seed, when, and every answer (its topic, what was asked, the
rule behind it, right or wrong). Nothing is written for a session that
fails half-way. A trainer reads progress by trainee and topic; trainee
names match without regard to case, so "Ana" and "ana" are one trainee.

The store is the hands' (``--db``, ``FLOORMAN_DB``, else the user's data
folder, see :func:`floorman.store.hands.default_db_path`), a file or a
PostgreSQL database.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from floorman.drills.model import TOPICS
from floorman.store._backend import Database, open_database
from floorman.store.errors import StoreError

__all__ = ["Answered", "DrillStore", "Progress", "open_drill_store"]


@dataclass(frozen=True, slots=True)
class Answered:
    """One answered question of a session."""

    number: int
    topic: str
    kind: str
    rule: str | None
    answer: str
    correct: bool


@dataclass(frozen=True, slots=True)
class Progress:
    """A trainee's record on one topic: sessions that asked it, questions, right answers,
    and when the last of those sessions finished (ISO 8601, UTC)."""

    trainee: str
    topic: str
    sessions: int
    questions: int
    correct: int
    last: str


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class DrillStore:
    """Drill sessions and answers in a SQLite file or a PostgreSQL database."""

    def __init__(self, db: Database) -> None:
        self.path = db.path
        self._db = db

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> DrillStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _write(self) -> AbstractContextManager[None]:
        return self._db.write()

    def record(
        self,
        trainee: str,
        *,
        rulebook: str,
        seed: int,
        started: str,
        answers: Sequence[Answered],
        finished: str | None = None,
    ) -> int:
        """Keep a finished session and its answers; returns the session's number."""
        with self._write():
            rows = self._db.rows(
                "INSERT INTO drill_sessions (trainee, rulebook, seed, started, finished)"
                " VALUES (?, ?, ?, ?, ?) RETURNING id",
                (trainee, rulebook, seed, started, finished or _now()),
            )
            session = int(rows[0][0])
            self._db.many(
                "INSERT INTO drill_answers (session_id, number, topic, kind, rule, answer,"
                " correct) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [
                    (session, a.number, a.topic, a.kind, a.rule, a.answer, int(a.correct))
                    for a in answers
                ],
            )
        return session

    def trainees(self) -> list[str]:
        """Everyone with a recorded session, by the name first recorded, alphabetically."""
        return sorted(self._names().values(), key=_nocase)

    def _names(self) -> dict[str, str]:
        """Each trainee's name as first recorded, by the name in any case."""
        names: dict[str, str] = {}
        rows = self._db.rows("SELECT trainee FROM drill_sessions ORDER BY id")
        for (name,) in rows:
            names.setdefault(_nocase(str(name)), str(name))
        return names

    def progress(self, trainee: str | None = None, *, by_topic: bool = True) -> list[Progress]:
        """Each trainee's record by topic (one trainee's when named), by trainee; without
        ``by_topic``, one row per trainee for every topic together (topic ``all topics``)."""
        topic = "a.topic" if by_topic else "'all topics'"
        query = (
            f"SELECT MIN(s.trainee), {topic}, COUNT(DISTINCT s.id), COUNT(*), SUM(a.correct),"
            " MAX(s.finished) FROM drill_answers a JOIN drill_sessions s ON a.session_id = s.id"
        )
        arguments: tuple[str, ...] = ()
        if trainee is not None:
            query += f" WHERE {self._db.same_name('s.trainee')}"
            arguments = (trainee,)
        query += f" GROUP BY {self._db.name_key('s.trainee')}"
        if by_topic:
            query += ", a.topic"
        names = self._names()
        order: dict[str, int] = {name: index for index, name in enumerate(TOPICS)}
        rows = self._db.rows(query, arguments)
        try:
            found = [
                Progress(
                    names[_nocase(str(name))],
                    str(topic),
                    int(sessions),
                    int(asked),
                    int(right),
                    str(last),
                )
                for name, topic, sessions, asked, right, last in rows
            ]
        except (KeyError, TypeError, ValueError):
            raise StoreError(f"{self.path}: the store is damaged (drill scores)") from None
        return sorted(found, key=lambda p: (_nocase(p.trainee), order.get(p.topic, len(order))))


def _nocase(name: str) -> str:
    """A name as SQLite's NOCASE compares it: ASCII letters in either case match."""
    return "".join(c.lower() if "A" <= c <= "Z" else c for c in name)


def open_drill_store(where: str | Path | None = None) -> DrillStore:
    """The drill tables in the store at ``where`` (default: the hands' store)."""
    return DrillStore(open_database(where))
