"""Tournaments, kept beside the hands in the same store: each tournament's structure and
the seed of its draws, and its log (the draw, each bust, each set of moves), append-only.

A writer names the log entry it read last (``after``); if anything was logged
to the tournament since, the write is refused with :class:`StoreConflict`, so a
balancing worked out on a stale view of the tables is never carried out.
Names match without regard to case, as tables' and trainees' do.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from floorman.store._backend import Database, open_database
from floorman.store.errors import Duplicate, StoreConflict, StoreError

__all__ = ["LogEntry", "StoredTournament", "TournamentStore", "open_tournament_store"]


@dataclass(frozen=True, slots=True)
class StoredTournament:
    """A tournament: its name as first given, its structure, the seed of its draws."""

    name: str
    structure: dict[str, Any]
    seed: int
    created: str


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One record of a tournament's log."""

    id: int
    kind: str
    data: dict[str, Any]
    by: str | None
    at: str


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _lock(name: str) -> str:
    """The lock writers of one tournament take on PostgreSQL (per name, in any case)."""
    return "tournament:" + "".join(c.lower() if "A" <= c <= "Z" else c for c in name)


class TournamentStore:
    """Tournaments and their logs in a SQLite file or a PostgreSQL database."""

    def __init__(self, db: Database) -> None:
        self.path = db.path
        self._db = db

    @property
    def database(self) -> Database:
        """The database the tournaments are kept in (the hands' too)."""
        return self._db

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> TournamentStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def create(
        self,
        name: str,
        structure: dict[str, Any],
        seed: int,
        first: dict[str, Any],
        by: str | None = None,
    ) -> StoredTournament:
        """A new tournament with its first record (the draw), in one transaction; a name
        already used (in any case) is refused."""
        created = _now()
        with self._db.write([_lock(name)]):
            if self._find(name) is not None:
                raise Duplicate(f"{self.path}: a tournament {name!r} exists already")
            self._db.rows(
                "INSERT INTO tournaments (name, structure, seed, created) VALUES (?, ?, ?, ?)",
                (name, json.dumps(structure, ensure_ascii=False), str(seed), created),
            )
            self._insert(name, first, by)
        return StoredTournament(name, structure, seed, created)

    def _find(self, name: str) -> StoredTournament | None:
        rows = self._db.rows(
            "SELECT name, structure, seed, created FROM tournaments"
            f" WHERE {self._db.same_name('name')}",
            (name,),
        )
        if not rows:
            return None
        found, structure, seed, created = rows[0]
        try:
            return StoredTournament(str(found), json.loads(structure), int(seed), str(created))
        except (TypeError, ValueError):
            raise StoreError(f"{self.path}: the store is damaged (tournament {name!r})") from None

    def tournament(self, name: str) -> StoredTournament:
        """The tournament named ``name`` (in any case), or :class:`StoreError`."""
        found = self._find(name)
        if found is None:
            known = self.names()
            hint = f" (there are {', '.join(known[:10])})" if known else " (there is none yet)"
            raise StoreError(f"no tournament {name!r} in {self.path}{hint}")
        return found

    def names(self) -> list[str]:
        """Every tournament, oldest first."""
        return [str(n) for (n,) in self._db.rows("SELECT name FROM tournaments ORDER BY created")]

    def marks(self) -> dict[str, int]:
        """Each tournament's latest log id: when one changes, something was logged to it
        (by any process); a reader polls this to notice."""
        rows = self._db.rows("SELECT tournament, MAX(id) FROM tournament_log GROUP BY tournament")
        return {str(name): int(latest) for name, latest in rows}

    def log(self, name: str) -> list[LogEntry]:
        """The tournament's log in order."""
        rows = self._db.rows(
            "SELECT id, kind, data, by, at FROM tournament_log"
            f" WHERE {self._db.same_name('tournament')} ORDER BY id",
            (name,),
        )
        try:
            return [
                LogEntry(int(i), str(kind), json.loads(data), by, str(at))
                for i, kind, data, by, at in rows
            ]
        except (TypeError, ValueError):
            raise StoreError(f"{self.path}: the store is damaged (tournament {name!r})") from None

    def links(self) -> list[tuple[str, dict[str, Any]]]:
        """Every tournament table dealt at a floorman table: the tournament and its link
        record (``tournament deal``), oldest first."""
        rows = self._db.rows(
            "SELECT tournament, data FROM tournament_log WHERE kind = 'link' ORDER BY id"
        )
        try:
            return [(str(name), json.loads(data)) for name, data in rows]
        except (TypeError, ValueError):
            raise StoreError(f"{self.path}: the store is damaged (a tournament's link)") from None

    def append(
        self, name: str, records: list[dict[str, Any]], *, after: int, by: str | None = None
    ) -> list[int]:
        """Log ``records`` in one transaction, refused if the log's latest id is no
        longer ``after``."""
        with self._db.write([_lock(name)]):
            stored = self.tournament(name)
            rows = self._db.rows(
                f"SELECT MAX(id) FROM tournament_log WHERE {self._db.same_name('tournament')}",
                (name,),
            )
            latest = int(rows[0][0] or 0)
            if latest != after:
                raise StoreConflict(
                    f"tournament {stored.name}: changed by another terminal since it was read;"
                    " look again and repeat"
                )
            return [self._insert(stored.name, record, by) for record in records]

    def _insert(self, name: str, record: dict[str, Any], by: str | None) -> int:
        rows = self._db.rows(
            "INSERT INTO tournament_log (tournament, kind, data, by, at)"
            " VALUES (?, ?, ?, ?, ?) RETURNING id",
            (name, record["kind"], json.dumps(record, ensure_ascii=False), by, _now()),
        )
        return int(rows[0][0])


def open_tournament_store(where: str | Path | None = None) -> TournamentStore:
    """The tournaments in the store at ``where`` (default: the hands' store)."""
    return TournamentStore(open_database(where))
