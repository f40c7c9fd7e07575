"""Who may use the card room server, kept beside the recorded hands in the same SQLite file.

Floor staff (a name, a role, a password hash), their sign-in sessions, each
table's station tokens, who entered each record, and the answers already
given to a station's retried post (its idempotency key). Secrets are never
stored as given: passwords as scrypt hashes (made by
:mod:`floorman.server.passwords`), session and station tokens as SHA-256
digests, so a copy of the file signs nobody in.

What is a record stays a record: users, disablings, station tokens, authors
and idempotent answers are append-only (triggers refuse updates and
deletes); only sessions, which are not part of the audit trail, are deleted
when someone signs out. :class:`StaffStore` is the interface the server and
the command line use; a PostgreSQL store would be another class with the same
methods. The tables are created on first use and leave the hand store's
tables alone.
"""

from __future__ import annotations

import hashlib
import secrets
import sqlite3
from collections.abc import Iterable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Final, Literal, Protocol

from floorman.store._sqlite import StoreError, connect, guarded, write
from floorman.store.hands import default_db_path

__all__ = [
    "ROLES",
    "SQLiteStaff",
    "Session",
    "StaffStore",
    "StoreError",
    "User",
    "open_staff",
]

Role = Literal["floor", "trainer", "station"]
ROLES: Final = ("floor", "trainer")
"""The roles a person can have; ``station`` is a table's device, not a person."""

SESSION_HOURS: Final = 12
"""A sign-in lasts one long shift."""

_APPEND_ONLY = ("staff_users", "staff_disabled", "station_tokens", "record_authors", "idempotent")

_SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS staff_users (
    name     TEXT PRIMARY KEY COLLATE NOCASE,
    role     TEXT NOT NULL CHECK (role IN ('floor', 'trainer')),
    password TEXT NOT NULL,
    created  TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS staff_disabled (
    name TEXT PRIMARY KEY COLLATE NOCASE REFERENCES staff_users(name),
    at   TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS staff_sessions (
    token      TEXT PRIMARY KEY,
    who        TEXT NOT NULL,
    role       TEXT NOT NULL CHECK (role IN ('floor', 'trainer', 'station')),
    table_name TEXT,
    csrf       TEXT NOT NULL,
    expires    TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS station_tokens (
    token      TEXT PRIMARY KEY,
    table_name TEXT NOT NULL,
    created    TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS record_authors (
    record_id INTEGER PRIMARY KEY,
    who       TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS idempotent (
    who    TEXT NOT NULL,
    key    TEXT NOT NULL,
    answer TEXT NOT NULL,
    at     TEXT NOT NULL,
    PRIMARY KEY (who, key)
);
""" + "".join(
    f"CREATE TRIGGER IF NOT EXISTS {table}_append_only_{what} BEFORE {what.upper()} "
    f"ON {table} BEGIN SELECT RAISE(ABORT, 'staff records are append-only'); END;\n"
    for table in _APPEND_ONLY
    for what in ("update", "delete")
)
"""Every statement is safe to run again, so two processes opening one file at once agree."""


@dataclass(frozen=True, slots=True)
class User:
    """A member of the floor staff."""

    name: str
    role: str
    created: str
    disabled: str | None = None


@dataclass(frozen=True, slots=True)
class Session:
    """Who a sign-in session belongs to: a person (``floor``, ``trainer``) or a table's
    station (``station``, with its table), and the session's CSRF token."""

    who: str
    role: Role
    table: str | None
    csrf: str


class StaffStore(Protocol):
    """What the server and the ``users`` and ``station`` commands need."""

    def add_user(self, name: str, role: str, password_hash: str) -> User: ...
    def users(self) -> list[User]: ...
    def user(self, name: str) -> tuple[User, str] | None:
        """The user and their password hash, if there is one by that name."""
        ...

    def disable(self, name: str) -> None: ...
    def new_station_token(self, table: str) -> str: ...
    def station_table(self, token: str) -> str | None: ...
    def start_session(self, who: str, role: Role, table: str | None = None) -> tuple[str, str]:
        """A new session: its token (for the cookie) and its CSRF token."""
        ...

    def session(self, token: str) -> Session | None: ...
    def end_session(self, token: str) -> None: ...
    def note_authors(self, record_ids: Iterable[int], who: str) -> None: ...
    def authors(self, record_ids: Iterable[int]) -> dict[int, str]: ...
    def answered(self, who: str, key: str) -> str | None: ...
    def remember_answer(self, who: str, key: str, answer: str) -> None: ...
    def close(self) -> None: ...


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogateescape")).hexdigest()


def _now() -> datetime:
    return datetime.now(UTC)


def _create(db: sqlite3.Connection) -> None:
    db.executescript(f"BEGIN IMMEDIATE; {_SCHEMA} COMMIT;")


def open_staff(path: str | Path | None = None) -> SQLiteStaff:
    """The staff tables in the store file at ``path`` (default: the hands' store)."""
    return SQLiteStaff(Path(path) if path else default_db_path())


class SQLiteStaff:
    """:class:`StaffStore` in the store's SQLite file."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._db = connect(path, _create)

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> SQLiteStaff:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _write(self) -> AbstractContextManager[None]:
        return write(self._db, self.path)

    def _rows(self, query: str, arguments: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
        with guarded(self.path):
            return self._db.execute(query, arguments).fetchall()

    # people ----------------------------------------------------------------

    def add_user(self, name: str, role: str, password_hash: str) -> User:
        if role not in ROLES:
            raise StoreError(f"no role {role!r}: one of {', '.join(ROLES)}")
        created = _now().isoformat(timespec="seconds")
        with self._write():
            if self._rows("SELECT 1 FROM staff_users WHERE name = ?", (name,)):
                raise StoreError(f"there is already a user {name}")
            self._db.execute(
                "INSERT INTO staff_users (name, role, password, created) VALUES (?, ?, ?, ?)",
                (name, role, password_hash, created),
            )
        return User(name, role, created)

    _USERS: Final = (
        "SELECT u.name, u.role, u.created, d.at, u.password FROM staff_users u "
        "LEFT JOIN staff_disabled d ON d.name = u.name "
    )

    def users(self) -> list[User]:
        return [
            User(str(name), str(role), str(created), None if at is None else str(at))
            for name, role, created, at, _ in self._rows(self._USERS + "ORDER BY u.name")
        ]

    def user(self, name: str) -> tuple[User, str] | None:
        rows = self._rows(self._USERS + "WHERE u.name = ?", (name,))
        if not rows:
            return None
        found, role, created, at, password = rows[0]
        user = User(str(found), str(role), str(created), None if at is None else str(at))
        return user, str(password)

    def disable(self, name: str) -> None:
        """Disable a user: their sessions end and they cannot sign in again."""
        with self._write():
            if not self._rows("SELECT 1 FROM staff_users WHERE name = ?", (name,)):
                raise StoreError(f"no user {name}")
            self._db.execute(
                "INSERT OR IGNORE INTO staff_disabled (name, at) VALUES (?, ?)",
                (name, _now().isoformat(timespec="seconds")),
            )
            self._db.execute(
                "DELETE FROM staff_sessions WHERE who = ? COLLATE NOCASE AND role != 'station'",
                (name,),
            )

    # stations --------------------------------------------------------------

    def new_station_token(self, table: str) -> str:
        """A new token for ``table``'s station (earlier ones keep working)."""
        token = secrets.token_urlsafe(24)
        with self._write():
            self._db.execute(
                "INSERT INTO station_tokens (token, table_name, created) VALUES (?, ?, ?)",
                (_digest(token), table, _now().isoformat(timespec="seconds")),
            )
        return token

    def station_table(self, token: str) -> str | None:
        rows = self._rows(
            "SELECT table_name FROM station_tokens WHERE token = ?", (_digest(token),)
        )
        return str(rows[0][0]) if rows else None

    # sessions --------------------------------------------------------------

    def start_session(self, who: str, role: Role, table: str | None = None) -> tuple[str, str]:
        token, csrf = secrets.token_urlsafe(32), secrets.token_urlsafe(32)
        expires = (_now() + timedelta(hours=SESSION_HOURS)).isoformat()
        with self._write():
            self._db.execute(
                "INSERT INTO staff_sessions (token, who, role, table_name, csrf, expires) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (_digest(token), who, role, table, csrf, expires),
            )
        return token, csrf

    def session(self, token: str) -> Session | None:
        rows = self._rows(
            "SELECT s.who, s.role, s.table_name, s.csrf, s.expires FROM staff_sessions s "
            "WHERE s.token = ? AND NOT EXISTS "
            "(SELECT 1 FROM staff_disabled d WHERE d.name = s.who AND s.role != 'station')",
            (_digest(token),),
        )
        if not rows:
            return None
        who, role, table, csrf, expires = rows[0]
        if datetime.fromisoformat(str(expires)) <= _now():
            return None
        assert role in ("floor", "trainer", "station")
        return Session(str(who), role, None if table is None else str(table), str(csrf))

    def end_session(self, token: str) -> None:
        with self._write():
            self._db.execute("DELETE FROM staff_sessions WHERE token = ?", (_digest(token),))

    # who entered what ------------------------------------------------------

    def note_authors(self, record_ids: Iterable[int], who: str) -> None:
        with self._write():
            self._db.executemany(
                "INSERT OR IGNORE INTO record_authors (record_id, who) VALUES (?, ?)",
                [(record_id, who) for record_id in record_ids],
            )

    def authors(self, record_ids: Iterable[int]) -> dict[int, str]:
        ids = list(record_ids)
        found: dict[int, str] = {}
        for start in range(0, len(ids), 500):
            chunk = ids[start : start + 500]
            marks = ",".join("?" * len(chunk))
            query = f"SELECT record_id, who FROM record_authors WHERE record_id IN ({marks})"
            for record_id, who in self._rows(query, tuple(chunk)):
                assert isinstance(record_id, int)
                found[record_id] = str(who)
        return found

    # idempotent posts -----------------------------------------------------

    def answered(self, who: str, key: str) -> str | None:
        rows = self._rows("SELECT answer FROM idempotent WHERE who = ? AND key = ?", (who, key))
        return str(rows[0][0]) if rows else None

    def remember_answer(self, who: str, key: str, answer: str) -> None:
        with self._write():
            self._db.execute(
                "INSERT OR IGNORE INTO idempotent (who, key, answer, at) VALUES (?, ?, ?, ?)",
                (who, key, answer, _now().isoformat(timespec="seconds")),
            )
