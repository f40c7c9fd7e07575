"""A store in a PostgreSQL database, for a room whose stations and terminals share a server.

The same tables as the SQLite file, written through psycopg 3 on one
connection: reads one statement at a time, each write one transaction that
first takes an advisory lock, so writers queue up one after another as
SQLite's immediate transactions make them, except that writers at other card
room tables go on at once: a write at a table takes that table's lock, any
other write the store's. A stale writer, whose ``after`` is no longer the
hand's latest record, is refused by the same check as on SQLite. A
``floorman_meta`` table marks the database as floorman's; one that holds
other tables and no mark is refused and left alone. Every psycopg failure
(the server down, a wrong password, a refused statement) reaches the user as
one :class:`StoreError` naming the URL, its password masked; a connection found
broken before anything was committed is :class:`Disconnected` (a new connection may
do the call again), one broken while committing is :class:`OutcomeUnknown`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from floorman.store._backend import masked
from floorman.store._sqlite import APPLICATION_ID
from floorman.store.errors import (
    Disconnected,
    Duplicate,
    OutcomeUnknown,
    StoreError,
    Unavailable,
)

if TYPE_CHECKING:
    import psycopg

__all__ = ["PostgresDatabase"]

_LOCK: Final = APPLICATION_ID
"""The advisory lock writers of a store take (locks are per database): alone, the store's;
with a table's name hashed, that table's."""

_CONNECT_SECONDS: Final = 10


class PostgresDatabase:
    """:class:`floorman.store._backend.Database` in a PostgreSQL database."""

    def __init__(self, url: str) -> None:
        import psycopg

        self.path: Path | str = masked(url)
        self._psycopg = psycopg
        try:
            options: dict[str, Any] = {"autocommit": True, "application_name": "floorman"}
            if "connect_timeout" not in psycopg.conninfo.conninfo_to_dict(url):
                options["connect_timeout"] = _CONNECT_SECONDS
            self.connection = psycopg.connect(url, **options)
        except (psycopg.Error, ValueError, UnicodeError) as error:
            explained = self._explain(error, "cannot open the store")
            if isinstance(error, psycopg.OperationalError):  # down, or refusing for now
                raise Unavailable(str(explained)) from None
            raise explained from None
        try:
            self.opened_at, self.version = self._upgrade()
        except BaseException:
            self.close()
            raise

    def _explain(self, error: BaseException, what: str = "the store failed") -> StoreError:
        text = " ".join(str(error).split()) or type(error).__name__
        kind = Disconnected if what == "the connection was lost" else StoreError
        return kind(f"{self.path}: {what}: {text}")

    @contextmanager
    def _guarded(self) -> Iterator[None]:
        try:
            yield
        except (self._psycopg.Error, ValueError, UnicodeError) as error:
            raise self._failure(error) from None

    def _failure(self, error: BaseException) -> StoreError:
        lost = isinstance(error, self._psycopg.OperationalError) and (
            self.connection.broken or self.connection.closed
        )
        if lost:
            return self._explain(error, "the connection was lost")
        explained = self._explain(error)
        if isinstance(error, self._psycopg.errors.UniqueViolation):
            return Duplicate(str(explained))
        passing = (self._psycopg.OperationalError, self._psycopg.errors.ReadOnlySqlTransaction)
        if isinstance(error, passing):  # a full disk, a shutdown, a standby: not for good
            return Unavailable(str(explained))
        return explained

    def _upgrade(self) -> tuple[int, int]:
        """Claim the database (or refuse another program's), apply the pending migrations."""
        from floorman.store._schema import POSTGRES

        with self.write():
            tables = {
                str(name)
                for (name,) in self.rows(
                    "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
                )
            }
            if "floorman_meta" in tables:
                rows = self.rows("SELECT value FROM floorman_meta WHERE key = 'schema'")
                version = int(rows[0][0]) if rows and str(rows[0][0]).isdigit() else 0
            elif tables:
                others = ", ".join(sorted(tables)[:5])
                raise StoreError(
                    f"{self.path}: not a floorman store (it holds tables {others}); "
                    "name a floorman store or an empty database with --db or FLOORMAN_DB"
                )
            else:
                self.rows("CREATE TABLE floorman_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
                self.rows("INSERT INTO floorman_meta (key, value) VALUES ('schema', '0')")
                version = 0
            if version > len(POSTGRES):
                raise StoreError(f"{self.path}: made by a newer floorman (store version {version})")
            for migration in POSTGRES[version:]:
                with self._guarded():
                    self.connection.execute(migration.encode())
            self.rows(
                "UPDATE floorman_meta SET value = ? WHERE key = 'schema'", (str(len(POSTGRES)),)
            )
        return version, len(POSTGRES)

    def rows(self, query: str, arguments: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        with self._guarded():
            cursor = self.connection.execute(_placeheld(query), tuple(arguments))
            return cursor.fetchall() if cursor.description is not None else []

    def many(self, query: str, arguments: Sequence[Sequence[Any]]) -> None:
        with self._guarded(), self.connection.cursor() as cursor:
            cursor.executemany(_placeheld(query), [tuple(a) for a in arguments])

    def write(self, tables: Sequence[str] = ()) -> AbstractContextManager[None]:
        return self._write(tables)

    @contextmanager
    def _write(self, tables: Sequence[str]) -> Iterator[None]:
        committing = False
        try:
            with self._guarded(), self.connection.transaction():
                if not tables:
                    self.connection.execute("SELECT pg_advisory_xact_lock(%s)", (_LOCK,))
                for table in sorted(set(tables)):  # one order: no two wait on each other
                    self.connection.execute(
                        "SELECT pg_advisory_xact_lock(%s, hashtext(%s))", (_LOCK, table)
                    )
                yield
                committing = True
        except Disconnected as lost:
            if not committing:
                raise
            raise OutcomeUnknown(
                f"{self.path}: the connection was lost while committing: "
                "what was written may or may not be stored"
            ) from lost

    def same_name(self, column: str, other: str = "?") -> str:
        return f'lower({column} COLLATE "C") = lower({other} COLLATE "C")'

    def name_key(self, column: str) -> str:
        return f'lower({column} COLLATE "C")'

    def close(self) -> None:
        connection: psycopg.Connection[Any] | None = getattr(self, "connection", None)
        if connection is not None:
            with suppress(self._psycopg.Error):
                connection.close()


def _placeheld(query: str) -> str:
    """A query written with SQLite's ``?`` placeholders, in psycopg's."""
    return query.replace("%", "%%").replace("?", "%s")
