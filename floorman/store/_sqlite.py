"""The SQLite file a store lives in by default: hands, staff and drill scores in one.

Both open it the same way (WAL so readers never wait on the dealer's
writes; full sync so an appended event survives a power cut) and write
through short immediate transactions, so concurrent terminals queue up
instead of failing half-way.

The file carries floorman's mark (SQLite's ``application_id``), so a path
pointed at another program's database is refused rather than written to,
and every SQLite failure (a read-only file, a full disk, a damaged page)
reaches the user as one :class:`StoreError` naming the file.
"""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, suppress
from pathlib import Path
from typing import Any, Final
from urllib.parse import quote

from floorman.store.errors import Duplicate, StoreError, Unavailable

APPLICATION_ID: Final = 0x464C524D
"""floorman's mark in the file header: "FLRM"."""

KNOWN_TABLES: Final = frozenset(
    {"hands", "records", "open_hands", "table_log", "drill_sessions", "drill_answers"}
    | {"sqlite_sequence"}
    | {"staff_users", "staff_disabled", "staff_sessions", "station_tokens", "record_authors"}
    | {"idempotent", "staff_passwords", "station_revoked"}
    | {"sign_in_failures", "sign_in_cleared"}
    | {"tournaments", "tournament_log"}
    | {"drill_assignments", "drill_runs", "drill_run_answers"}
    | {"staff_users_next", "staff_sessions_next"}
)
"""Every table a floorman store holds, by any version: a file with only these is ours."""


def explain(path: Path, error: sqlite3.Error | UnicodeDecodeError) -> StoreError:
    """One line for the user about a failure of SQLite on the store at ``path`` (a damaged
    file can make even SQLite's message undecodable)."""
    if isinstance(error, UnicodeDecodeError):
        text = bytes(error.object).decode("utf-8", "replace")
        if "malformed" not in text:
            text = f"malformed text: {text}"
    else:
        text = str(error)
    text = " ".join(text.split())
    lower = text.lower()
    passing = True
    if "readonly" in lower or "read-only" in lower:
        what = "the store is read-only (check the rights on the file and its folder)"
    elif "disk is full" in lower or "disk i/o" in lower:
        what = f"the store cannot be written ({text}): nothing was stored; free some disk space"
    elif "locked" in lower or "busy" in lower:
        what = f"the store is busy ({text}); try again"
    elif "unable to open" in lower:
        what = f"cannot open the store ({text})"
    else:
        passing = False
        if "not a database" in lower:
            what = f"not a floorman store, or a damaged one ({text})"
        elif "malformed" in lower or "corrupt" in lower:
            what = f"the store is damaged ({text}); restore it from a backup"
        else:
            what = f"the store failed: {text}"
    unique = isinstance(error, sqlite3.IntegrityError) and "UNIQUE" in text
    kind = Duplicate if unique else Unavailable if passing else StoreError
    return kind(f"{path}: {what}")


@contextmanager
def guarded(path: Path) -> Iterator[None]:
    """Turn any SQLite failure inside into one :class:`StoreError` naming the file."""
    try:
        yield
    except (sqlite3.Error, UnicodeDecodeError) as error:
        raise explain(path, error) from None


def connect(
    path: Path, setup: Callable[[sqlite3.Connection], None], *, shared: bool = False
) -> sqlite3.Connection:
    """Open (creating if new) the file at ``path``, make sure it is floorman's, and run
    ``setup`` (schema, versions) on it.

    A store that cannot be written (a read-only disk, a file or folder without the
    right to write) is opened read-only, so that it is still read; every write to it
    then fails as :class:`Unavailable`. Any failure closes the connection and becomes
    one :class:`StoreError` naming the file. A ``shared`` connection may be used by
    any thread, one at a time.
    """
    try:
        if path.is_dir():  # a name too long to look up raises: caught below
            raise StoreError(f"{path}: a folder, not a store file")
        path.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(path, timeout=30.0, isolation_level=None, check_same_thread=not shared)
    except (OSError, sqlite3.Error) as error:
        raise StoreError(f"{path}: cannot open the store: {error}") from None
    try:
        _prepare(db, path, setup, writable=True)
    except StoreError as error:
        if isinstance(error, Unavailable) and _unwritable(path):
            return _read_only(path, setup)
        raise
    return db


def _prepare(
    db: sqlite3.Connection,
    path: Path,
    setup: Callable[[sqlite3.Connection], None],
    *,
    writable: bool,
) -> None:
    """Claim the file, set the connection up and run ``setup``; on failure, close it."""
    try:
        with guarded(path):
            _claim(db, path, writable=writable)
            db.execute("PRAGMA synchronous=FULL")
            db.execute("PRAGMA foreign_keys=ON")
            setup(db)
    except StoreError as error:
        _close(db)
        message = str(error)
        named = message if message.startswith(f"{path}:") else f"{path}: {message}"
        raise (Unavailable if isinstance(error, Unavailable) else StoreError)(named) from None
    except BaseException:
        _close(db)
        raise


def _unwritable(path: Path) -> bool:
    """Whether the store at ``path`` exists and cannot be written here: its disk is
    mounted read-only, or the file or its folder (where SQLite keeps its journal) may
    not be written by this process."""
    try:
        return path.is_file() and not (os.access(path, os.W_OK) and os.access(path.parent, os.W_OK))
    except OSError:
        return False


def _read_only(path: Path, setup: Callable[[sqlite3.Connection], None]) -> sqlite3.Connection:
    """The store at ``path`` opened only to read. SQLite reads a store in WAL mode
    through a shared-memory index beside it, which a read-only disk cannot hold unless
    a writer left it there; on such a disk, where nothing can change the file, and with
    no journal left unmerged, the file is read as it is (SQLite's ``immutable``)."""
    where = f"file:{quote(str(path.resolve()))}?mode=ro"
    try:
        db = sqlite3.connect(where, uri=True, timeout=30.0, isolation_level=None)
        _prepare(db, path, setup, writable=False)
        return db
    except (sqlite3.Error, StoreError):
        if not _frozen(path):
            raise Unavailable(
                f"{path}: the store is read-only and cannot be read either "
                "(its journal or shared-memory index cannot be made beside it)"
            ) from None
    try:
        db = sqlite3.connect(f"{where}&immutable=1", uri=True, isolation_level=None)
    except sqlite3.Error as error:
        raise explain(path, error) from None
    _prepare(db, path, setup, writable=False)
    return db


def _frozen(path: Path) -> bool:
    """Whether the file at ``path`` is on a disk mounted read-only, with no journal
    holding changes not yet in the file: what it holds now is all it will hold."""
    try:
        if not os.statvfs(path).f_flag & os.ST_RDONLY:
            return False
        journal = path.with_name(path.name + "-wal")
        return not journal.exists() or journal.stat().st_size == 0
    except OSError:
        return False


def _close(db: sqlite3.Connection) -> None:
    with suppress(sqlite3.Error):
        if db.in_transaction:
            db.execute("ROLLBACK")
        db.close()


def _claim(db: sqlite3.Connection, path: Path, *, writable: bool = True) -> None:
    """Check the file is floorman's (marking it if new or made before the mark), else refuse.
    A store opened read-only is only checked: it must carry the mark already."""
    if db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID:
        if writable:
            _wal(db)
        return
    if not writable:
        raise StoreError(f"{path}: not a floorman store, or one never opened to be written")
    db.execute("BEGIN IMMEDIATE")
    mark = db.execute("PRAGMA application_id").fetchone()[0]
    if mark != APPLICATION_ID:
        if mark != 0:
            raise StoreError(f"{path}: not a floorman store (another program's database)")
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        others = sorted(tables - KNOWN_TABLES)
        if others:
            raise StoreError(
                f"{path}: not a floorman store (it holds tables {', '.join(others[:5])}); "
                "name a floorman store or a new file with --db or FLOORMAN_DB"
            )
        db.execute(f"PRAGMA application_id={APPLICATION_ID}")
    db.execute("COMMIT")
    _wal(db)


def _wal(db: sqlite3.Connection) -> None:
    if db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
        db.execute("PRAGMA journal_mode=WAL")


@contextmanager
def write(db: sqlite3.Connection, path: Path) -> Iterator[None]:
    """One write transaction, taken at once so concurrent writers queue up; on any
    failure nothing of it is kept."""
    try:
        with guarded(path):
            db.execute("BEGIN IMMEDIATE")
            yield
            db.execute("COMMIT")
    except BaseException:
        with suppress(sqlite3.Error):
            if db.in_transaction:
                db.execute("ROLLBACK")
        raise


def migrate(db: sqlite3.Connection) -> int:
    """Apply the migrations after the file's version; returns the version it was at."""
    from floorman.store._schema import SQLITE

    version = int(db.execute("PRAGMA user_version").fetchone()[0])
    if version > len(SQLITE):
        raise StoreError(f"made by a newer floorman (store version {version})")
    if version < len(SQLITE):
        pending = "".join(SQLITE[version:])
        # Foreign keys are off while tables are made again (as SQLite asks), then on.
        db.executescript(
            f"PRAGMA foreign_keys=OFF; BEGIN IMMEDIATE; {pending}"
            f" PRAGMA user_version={len(SQLITE)}; COMMIT; PRAGMA foreign_keys=ON;"
        )
    return version


class Held:
    """A connection to the store held open for as long as a server runs, through which
    the server's threads write, their writes grouped.

    While any connection to a store in WAL mode is open, its journal and shared-memory
    index stay beside it; when the last one closes they are merged and deleted, and the
    next connection makes them again. A server whose calls each open and close their
    own would then find, on a full disk, no room to make them, and could not even read.
    Held, they stay, and each call's connection (and its close) is cheaper too.

    Each write is made durable by the sync of its commit (``synchronous=FULL``), a few
    milliseconds of waiting on the disk in which SQLite lets no other writer in: one
    write at a time, a server's threads queued behind it (and each one waking to the
    lock freed only after SQLite's growing sleeps) cannot store more than a few hundred
    posts a second however little each costs. So the threads write here in turns, each
    write in a savepoint of one transaction, and a writer that finds others waiting
    leaves the commit to the last of them: one sync stores them all. A writer returns
    only once its write is committed (or raises what failed it); a write that fails
    is undone alone, unless SQLite undid the whole transaction, which then fails every
    write in it.

    A store that cannot be written now is not held: a connection opened read-only
    would keep the index read-only for every connection of the process, and the
    store could not be written again once its disk can be. A file replaced since is
    written through each thread's own connection, as any other process writes it.
    """

    GROUP = 64
    """Writes at most in one commit, so that none waits long behind the others."""

    def __init__(self, path: Path) -> None:
        self.connection: sqlite3.Connection | None = None
        self._path = path
        self._identity = _identity(path)
        self._turn = threading.Condition()
        self._busy = False
        self._waiting = 0
        self._group = 0
        self._in_group = 0
        self._finished = 0
        self._failed: dict[int, StoreError] = {}
        if not _unwritable(path):
            self.connection = connect(path, lambda db: None, shared=True)

    def writes_for(self, path: Path) -> bool:
        """Whether writes to the file at ``path`` may be made here."""
        return (
            self.connection is not None and path == self._path and _identity(path) == self._identity
        )

    @contextmanager
    def writing(self, database: SQLiteDatabase) -> Iterator[None]:
        """One write of ``database``'s thread, made on this connection within the group
        being committed; returns once it is committed."""
        connection = self.connection
        assert connection is not None
        with self._turn:
            self._waiting += 1
            while self._busy:
                self._turn.wait()
            self._waiting -= 1
            self._busy = True
        group = self._join(connection)
        failure: BaseException | None = None
        own = database.connection
        database.connection = connection
        try:
            with guarded(self._path):
                connection.execute("SAVEPOINT write")
            yield
            with guarded(self._path):
                connection.execute("RELEASE write")
        except BaseException as error:
            failure = error
            self._undo(connection, group, error)
        finally:
            database.connection = own
        lost = self._finish(connection, group)
        if failure is not None:
            raise failure
        if lost is not None:
            raise lost

    def _join(self, connection: sqlite3.Connection) -> int:
        """The group this write joins, begun if none is open (the caller has the turn)."""
        if not connection.in_transaction:
            try:
                with guarded(self._path):
                    connection.execute("BEGIN IMMEDIATE")
            except BaseException:
                with self._turn:
                    self._busy = False
                    self._turn.notify_all()
                raise
            self._group += 1
            self._in_group = 0
        self._in_group += 1
        return self._group

    def _undo(self, connection: sqlite3.Connection, group: int, error: BaseException) -> None:
        """Undo the write that failed: its savepoint, or, when SQLite undid the whole
        transaction, mark every write of the group failed."""
        try:
            if connection.in_transaction:
                connection.execute("ROLLBACK TO write")
                connection.execute("RELEASE write")
                return
        except sqlite3.Error:
            with suppress(sqlite3.Error):
                connection.execute("ROLLBACK")
        self._failed[group] = (
            error
            if isinstance(error, StoreError)
            else StoreError(f"{self._path}: the write was undone; nothing of it was stored")
        )

    def _finish(self, connection: sqlite3.Connection, group: int) -> StoreError | None:
        """Hand the turn on, or commit the group when nobody waits to join it (or it is
        full); wait until the group is committed. What failed the group, if anything."""
        with self._turn:
            if connection.in_transaction and self._waiting and self._in_group < self.GROUP:
                self._busy = False
                self._turn.notify_all()
                while self._finished < group:
                    self._turn.wait()
                return self._failed.get(group)
        try:
            if connection.in_transaction:
                with guarded(self._path):
                    connection.execute("COMMIT")
        except StoreError as error:
            with suppress(sqlite3.Error):
                if connection.in_transaction:
                    connection.execute("ROLLBACK")
            self._failed.setdefault(group, error)
        with self._turn:
            self._finished = group
            self._busy = False
            for old in [g for g in self._failed if g < group - self.GROUP]:
                del self._failed[old]
            self._turn.notify_all()
            return self._failed.get(group)

    def close(self) -> None:
        if self.connection is not None:
            _close(self.connection)
            self.connection = None


def _identity(path: Path) -> tuple[int, int] | None:
    try:
        found = os.stat(path)
    except (OSError, ValueError):
        return None
    return found.st_dev, found.st_ino


class SQLiteDatabase:
    """:class:`floorman.store._backend.Database` in one SQLite file."""

    def __init__(self, path: Path) -> None:
        self.path: Path | str = path
        self._path = path
        found: list[int] = []
        self.connection = connect(path, lambda db: found.append(migrate(db)))
        self.held: Held | None = None
        """The server's held connection, through which this thread's writes go."""
        self.opened_at = found[0]
        self.version = int(self.connection.execute("PRAGMA user_version").fetchone()[0])
        self.read_only = _unwritable(path)

    def rows(self, query: str, arguments: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        with guarded(self._path):
            return self.connection.execute(query, tuple(arguments)).fetchall()

    def many(self, query: str, arguments: Sequence[Sequence[Any]]) -> None:
        with guarded(self._path):
            self.connection.executemany(query, [tuple(a) for a in arguments])

    def write(self, tables: Sequence[str] = ()) -> AbstractContextManager[None]:
        if self.held is not None and self.held.writes_for(self._path):
            return self.held.writing(self)
        return write(self.connection, self._path)

    def same_name(self, column: str, other: str = "?") -> str:
        return f"{column} = {other} COLLATE NOCASE"

    def name_key(self, column: str) -> str:
        return f"{column} COLLATE NOCASE"

    def close(self) -> None:
        _close(self.connection)
