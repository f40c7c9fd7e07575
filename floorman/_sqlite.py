"""The one SQLite file that recorded hands and drill scores share.

Both open it the same way (WAL so readers never wait on the dealer's
writes; full sync so an appended event survives a power cut) and write
through short immediate transactions, so concurrent terminals queue up
instead of failing half-way.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from floorman.errors import FloormanError


class StoreError(FloormanError, RuntimeError):
    """The store cannot do what was asked: no such hand, a table busy with another hand, ..."""


def connect(path: Path, setup: Callable[[sqlite3.Connection], None]) -> sqlite3.Connection:
    """Open (creating if new) the file at ``path`` and run ``setup`` (schema, versions) on it.

    Any failure closes the connection and becomes one :class:`StoreError` naming the file.
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(path, timeout=30.0, isolation_level=None)
    except (OSError, sqlite3.Error) as error:
        raise StoreError(f"{path}: cannot open the store: {error}") from None
    try:
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")
        db.execute("PRAGMA foreign_keys=ON")
        setup(db)
    except sqlite3.DatabaseError as error:
        if db.in_transaction:
            db.execute("ROLLBACK")
        db.close()
        raise StoreError(f"{path}: not a floorman store ({error})") from None
    except StoreError as error:
        db.close()
        raise StoreError(f"{path}: {error}") from None
    except BaseException:
        db.close()
        raise
    return db


@contextmanager
def write(db: sqlite3.Connection, path: Path) -> Iterator[None]:
    """One write transaction, taken at once so concurrent writers queue up."""
    try:
        db.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError as error:
        raise StoreError(f"{path}: the store is busy: {error}") from None
    try:
        yield
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")
