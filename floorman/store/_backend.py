"""Where a store lives: a SQLite file (a path) or a PostgreSQL database (a URL).

Hands, staff and drills write the same SQL through :class:`Database`, which
each backend implements: ``?`` placeholders, ``RETURNING`` for new ids,
``ON CONFLICT DO NOTHING``, one write transaction at a time per store. What
the two spell differently (a name compared without regard to case) is asked
of the backend. psycopg is imported only when a URL is given, so a dealer's
``add`` on a SQLite file starts as fast as before.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Mapping, Sequence
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any, Protocol

__all__ = [
    "Database",
    "Holding",
    "default_where",
    "hold_open",
    "is_url",
    "masked",
    "open_database",
    "write_through",
]

_URL = re.compile(r"^postgres(?:ql)?://", re.IGNORECASE)


class Database(Protocol):
    """One open store, as the hand, staff and drill stores write to it."""

    path: Path | str
    """The store as the user named it (a URL with its password masked), for messages."""

    version: int
    """The schema version the store is at (after the upgrade made on opening)."""

    opened_at: int
    """The version the store was at before it was opened (0 for a new store)."""

    read_only: bool
    """Whether this connection was opened unable to write the store and stays so once the
    store could be written (a SQLite file that may not be written here; a PostgreSQL
    session begun with read-only transactions as its default, which it keeps, unlike
    one on a hot standby, which writes once that is promoted): a server does not keep it."""

    def rows(self, query: str, arguments: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """Run one statement (in the write transaction, if one is open) and fetch its rows."""
        ...

    def many(self, query: str, arguments: Sequence[Sequence[Any]]) -> None:
        """Run one statement for each set of arguments."""
        ...

    def write(self, tables: Sequence[str] = ()) -> AbstractContextManager[None]:
        """One write transaction, after those of every other writer at the card room
        ``tables`` it writes to (or, naming none, after every other such writer); on any
        failure nothing of it is kept. SQLite has one writer at a time whatever the tables."""
        ...

    def same_name(self, column: str, other: str = "?") -> str:
        """A condition: ``column`` equals ``other`` (the next argument unless named),
        ASCII letters in either case."""
        ...

    def name_key(self, column: str) -> str:
        """An expression that groups ``column`` as :meth:`same_name` compares it."""
        ...

    def close(self) -> None: ...


def is_url(where: str | Path) -> bool:
    """Whether the store is named by a PostgreSQL URL rather than a file path."""
    return isinstance(where, str) and _URL.match(where) is not None


def masked(url: str) -> str:
    """The URL with any password hidden, as messages name the store (on one line: a
    character that does not print is shown escaped).

    >>> masked("postgresql://floor:felt@db.example/room?password=x&sslmode=require")
    'postgresql://floor:***@db.example/room?password=***&sslmode=require'
    """
    url = re.sub(r"^([^:/]+://[^:@/?#]*):[^@/?#]*@", r"\1:***@", url)
    url = re.sub(r"([?&]password=)[^&#]*", r"\1***", url, flags=re.IGNORECASE)
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in url)


def default_where(env: Mapping[str, str] | None = None) -> str | Path:
    """``$FLOORMAN_DB`` as given (a URL or a path), else the default file."""
    from floorman.store.hands import default_db_path

    env = os.environ if env is None else env
    value = env.get("FLOORMAN_DB")
    if value and is_url(value):
        return value
    return default_db_path(env)


def open_database(where: str | Path | None) -> Database:
    """The store at ``where`` (default: :func:`default_where`), upgraded to this floorman's
    schema; every failure is one :class:`StoreError` naming the store."""
    if where is None or where == "":
        where = default_where()
    if is_url(where):
        from floorman.store._postgres import PostgresDatabase

        return PostgresDatabase(str(where))
    from floorman.store._sqlite import SQLiteDatabase

    return SQLiteDatabase(Path(where))


def hold_open(where: str | Path) -> Holding:
    """A connection to the store at ``where`` held for as long as the result is kept, so
    that a store on a full disk is still read (:class:`floorman.store._sqlite.Held`);
    on PostgreSQL, nothing to hold."""
    if is_url(where):
        return _Nothing()
    from floorman.store._sqlite import Held

    return Held(Path(where))


def write_through(database: Database, holding: Holding) -> None:
    """Let ``database``'s writes go through ``holding``'s connection, grouped with those
    of the process's other threads into one commit (:class:`floorman.store._sqlite.Held`);
    on PostgreSQL, whose commits already share the sync of its log, nothing."""
    from floorman.store._sqlite import Held, SQLiteDatabase

    if isinstance(database, SQLiteDatabase) and isinstance(holding, Held):
        database.held = holding


class Holding(Protocol):
    def close(self) -> None: ...


class _Nothing:
    def close(self) -> None:
        pass


def chunks(ids: Sequence[int], size: int = 500) -> Iterator[Sequence[int]]:
    """Ids a few hundred at a time, as many as one ``IN (...)`` takes on either backend."""
    for start in range(0, len(ids), size):
        yield ids[start : start + size]
