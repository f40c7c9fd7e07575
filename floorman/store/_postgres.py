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

Opening a store already at this floorman's version writes nothing: it is read, so
that a store PostgreSQL will not let floorman write (a hot standby, a database or
role with ``default_transaction_read_only``, a role granted only ``SELECT``) is
still read, as a SQLite file on a read-only disk is. A write to it is refused as
:class:`Unavailable`, "the store is read-only": whether PostgreSQL refused a
read-only transaction (``ReadOnlySqlTransaction``) or the role the right to write
(``InsufficientPrivilege``, inside a write). Both are the SQLite file without the
right to be written, which is :class:`Unavailable` too: nothing of the write was
kept, the events were not at fault (a server must not answer 400 as to a bad
event), and the same call succeeds once the database is made writable or the role
is granted the right, with no restart, so the server answers 503 to retry. A store
that needs a migration but cannot be written is refused when opened, to be upgraded
where it can be written.
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
        self._writing = False
        self.read_only = False
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
        refused = self._refused(error)
        if refused is not None:
            return _ReadOnly(f"{self.path}: {refused}")
        explained = self._explain(error)
        if isinstance(error, self._psycopg.errors.UniqueViolation):
            return Duplicate(str(explained))
        if isinstance(error, self._psycopg.OperationalError):  # a full disk, a shutdown
            return Unavailable(str(explained))
        return explained

    def _refused(self, error: BaseException) -> str | None:
        """Why PostgreSQL refused to let this connection write the store, if ``error`` is
        such a refusal: a transaction that may only read (the database or the role set so,
        or a hot standby), or a role without the right to write, refused inside a write
        (outside one, a role that may not even read is a failure of its own)."""
        errors = self._psycopg.errors
        if isinstance(error, errors.ReadOnlySqlTransaction):
            return (
                "the store is read-only (PostgreSQL takes no writes here: "
                "a standby, or default_transaction_read_only)"
            )
        if isinstance(error, errors.InsufficientPrivilege) and self._writing:
            why = " ".join((error.diag.message_primary or str(error)).split())
            return f"the store is read-only to user {self.connection.info.user} ({why})"
        return None

    def _upgrade(self) -> tuple[int, int]:
        """The version the store was at and is at now. A store at this floorman's version
        is only read; else it is claimed (or refused as another program's) and its
        pending migrations applied, in one write. One that cannot be written is refused,
        to be upgraded where it can be."""
        from floorman.store._schema import POSTGRES

        latest = len(POSTGRES)
        version = self._version(claim=False)
        if version == latest:
            return version, latest
        try:
            with self.write():
                version = self._version(claim=True)
                for migration in POSTGRES[version:]:
                    with self._guarded():
                        self.connection.execute(migration.encode())
                self.rows("UPDATE floorman_meta SET value = ? WHERE key = 'schema'", (str(latest),))
        except _ReadOnly as refused:
            held = (
                "holds no floorman tables yet"
                if version == 0
                else f"at version {version}, older than this floorman's {latest}"
            )
            raise Unavailable(
                f"{refused} and {held}: upgrade it with floorman db upgrade where it can be written"
            ) from None
        return version, latest

    def _version(self, *, claim: bool) -> int:
        """The store's schema version (0 for an empty database, marked floorman's when
        ``claim``ed); a database of another program's, or of a newer floorman, is refused.
        Notes whether this session began with read-only transactions as its default, which
        it keeps (a session on a hot standby does not: it writes once that is promoted)."""
        from floorman.store._schema import POSTGRES

        tables = {
            str(name)
            for (name,) in self.rows(
                "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
            )
        }
        if "floorman_meta" in tables:
            rows = self.rows(
                "SELECT value, current_setting('default_transaction_read_only') "
                "FROM floorman_meta WHERE key = 'schema'"
            )
            version = int(rows[0][0]) if rows and str(rows[0][0]).isdigit() else 0
            self.read_only = bool(rows) and rows[0][1] == "on"
        elif tables:
            others = ", ".join(sorted(tables)[:5])
            raise StoreError(
                f"{self.path}: not a floorman store (it holds tables {others}); "
                "name a floorman store or an empty database with --db or FLOORMAN_DB"
            )
        else:
            version = 0
            if claim:
                self.rows("CREATE TABLE floorman_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
                self.rows("INSERT INTO floorman_meta (key, value) VALUES ('schema', '0')")
        if version > len(POSTGRES):
            raise StoreError(f"{self.path}: made by a newer floorman (store version {version})")
        return version

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
        writing, self._writing = self._writing, True
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
        finally:
            self._writing = writing

    def same_name(self, column: str, other: str = "?") -> str:
        return f'lower({column} COLLATE "C") = lower({other} COLLATE "C")'

    def name_key(self, column: str) -> str:
        return f'lower({column} COLLATE "C")'

    def close(self) -> None:
        connection: psycopg.Connection[Any] | None = getattr(self, "connection", None)
        if connection is not None:
            with suppress(self._psycopg.Error):
                connection.close()


class _ReadOnly(Unavailable):
    """PostgreSQL refused to let the connection write the store: see the module's note."""


def _placeheld(query: str) -> str:
    """A query written with SQLite's ``?`` placeholders, in psycopg's."""
    return query.replace("%", "%%").replace("?", "%s")
