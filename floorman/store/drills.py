"""Trainees' drill scores, kept beside the recorded hands in the same SQLite file.

A finished drill session is written in one transaction: who, under which
rulebook and seed, when, and every answer (its topic, what was asked, the
rule behind it, right or wrong). Nothing is written for a session that
fails half-way. A trainer reads progress by trainee and topic; trainee
names match without regard to case, so "Ana" and "ana" are one trainee.

The file is the store's (``--db``, ``FLOORMAN_DB``, else the user's data
folder, see :func:`floorman.store.hands.default_db_path`); the drill tables are
created on first use and leave the store's own tables alone.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Final

from floorman.drills.model import TOPICS
from floorman.store._sqlite import StoreError, connect, guarded, write
from floorman.store.hands import default_db_path

__all__ = ["Answered", "DrillStore", "Progress", "open_drill_store"]

_SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS drill_sessions (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    trainee  TEXT NOT NULL,
    rulebook TEXT NOT NULL,
    seed     INTEGER NOT NULL,
    started  TEXT NOT NULL,
    finished TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS drill_answers (
    session_id INTEGER NOT NULL REFERENCES drill_sessions(id),
    number     INTEGER NOT NULL,
    topic      TEXT NOT NULL,
    kind       TEXT NOT NULL,
    rule       TEXT,
    answer     TEXT NOT NULL,
    correct    INTEGER NOT NULL CHECK (correct IN (0, 1)),
    PRIMARY KEY (session_id, number)
);
CREATE INDEX IF NOT EXISTS drill_sessions_by_trainee ON drill_sessions(trainee COLLATE NOCASE);
"""


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


def _create_tables(db: sqlite3.Connection) -> None:
    made = db.execute(
        "SELECT COUNT(*) FROM sqlite_master WHERE name IN ('drill_sessions', 'drill_answers')"
    ).fetchone()[0]
    if made < 2:
        db.executescript(f"BEGIN IMMEDIATE; {_SCHEMA} COMMIT;")


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class DrillStore:
    """Drill sessions and answers in one SQLite file."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._db = connect(path, _create_tables)

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> DrillStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _write(self) -> AbstractContextManager[None]:
        return write(self._db, self.path)

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
            cursor = self._db.execute(
                "INSERT INTO drill_sessions (trainee, rulebook, seed, started, finished)"
                " VALUES (?, ?, ?, ?, ?)",
                (trainee, rulebook, seed, started, finished or _now()),
            )
            session = cursor.lastrowid
            assert session is not None
            self._db.executemany(
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
        with guarded(self.path):
            rows = self._db.execute("SELECT trainee FROM drill_sessions ORDER BY id").fetchall()
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
            query += " WHERE s.trainee = ? COLLATE NOCASE"
            arguments = (trainee,)
        query += " GROUP BY s.trainee COLLATE NOCASE"
        if by_topic:
            query += ", a.topic"
        names = self._names()
        order: dict[str, int] = {name: index for index, name in enumerate(TOPICS)}
        with guarded(self.path):
            rows = self._db.execute(query, arguments).fetchall()
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


def open_drill_store(path: str | Path | None = None) -> DrillStore:
    """The drill tables in the store at ``path`` (default: the store's default path)."""
    return DrillStore(Path(path) if path else default_db_path())
