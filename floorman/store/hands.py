"""Recorded hands, kept in SQLite or PostgreSQL behind a small interface.

The store is an audit trail, so it is append-only: a hand is a header and
a list of records (an event, a retraction of the latest event, the close of
the hand); an undo is a retraction, never a delete, and the database refuses
updates and deletes outright. Each append is one transaction, committed
before the command returns, so a hand survives the process being killed.

A table has at most one hand in progress; finished hands stay for reports.
:class:`HandStore` is the interface the command line uses; :class:`Store` writes it
in either backend (:mod:`floorman.store._backend`).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final, Literal, NamedTuple, Protocol, TypeVar

from floorman.bounds import MAX_EVENTS_PER_HAND
from floorman.store._backend import Database, chunks, open_database
from floorman.store.errors import AlreadyAnswered, StoreConflict, StoreError

__all__ = [
    "HandStore",
    "Record",
    "Store",
    "StoredHand",
    "TableEntry",
    "TableMark",
    "changed_meanwhile",
    "default_db_path",
    "open_store",
    "standing",
]


@dataclass(frozen=True, slots=True)
class StoredHand:
    """A recorded hand: its id, table, hand-file header, when it began, and if it is closed."""

    id: int
    table: str
    header: dict[str, Any]
    created: str
    closed: str | None = None
    """Why the hand was closed (``showdown``, ``fold``, ``abandoned``, ...); ``None`` if open."""


@dataclass(frozen=True, slots=True)
class TableEntry:
    """One line of a table's log: a change between hands (who sat down, a new level, ...),
    or the seating a hand was dealt from, with who recorded it and when."""

    id: int
    table: str
    kind: Literal["change", "seating"]
    data: dict[str, Any]
    hand_id: int | None
    by: str | None
    at: str


class TableMark(NamedTuple):
    """A table's hand (in progress, else its latest), the id of its latest record, and
    whether it is in progress (:meth:`Store.mark`)."""

    hand: int
    last: int
    open: bool


@dataclass(frozen=True, slots=True)
class Record:
    """One line of a hand's record: an event, the retraction of one, or the close."""

    id: int
    hand_id: int
    kind: Literal["event", "retract", "close"]
    text: str | None
    target: int | None
    at: str


class HandStore(Protocol):
    """What the command line needs from a store of recorded hands.

    A writer names what it saw with ``after``: the id of the hand's latest record when it
    read the hand (0 for a hand with no record yet). If anything was recorded to the hand
    since, the write is refused with :class:`StoreConflict`, so nothing is ever stored
    against a stale view of the table.
    """

    def start_hand(self, table: str, header: Mapping[str, Any]) -> StoredHand:
        """Begin a hand at ``table``; refuses when the table has a hand in progress."""
        ...

    def hand(self, hand_id: int) -> StoredHand:
        """The hand with this id, or :class:`StoreError`."""
        ...

    def open_hand(self, table: str) -> StoredHand | None:
        """The hand in progress at ``table``, if any."""
        ...

    def latest_hand(self, table: str) -> StoredHand | None:
        """The most recent hand at ``table``, in progress or not."""
        ...

    def open_hands(self) -> list[StoredHand]:
        """Every hand in progress, oldest first."""
        ...

    def hands(self, table: str | None = None, limit: int = 50) -> list[StoredHand]:
        """Recent hands, newest first (at one table when given)."""
        ...

    def events(self, hand_id: int) -> list[Record]:
        """The hand's events in order, retracted ones left out."""
        ...

    def records(self, hand_id: int) -> list[Record]:
        """Everything recorded for the hand, retractions and close included."""
        ...

    def last_record(self, hand_id: int) -> int:
        """The id of the hand's latest record, 0 when it has none."""
        ...

    def append(
        self,
        hand_id: int,
        texts: Sequence[str],
        *,
        after: int | None = None,
        by: str | None = None,
        key: str | None = None,
        answer: Callable[[Sequence[Record]], str] | None = None,
        closed: bool = False,
    ) -> list[Record]:
        """Append events in one transaction, refusing past :data:`MAX_EVENTS_PER_HAND`.
        A closed hand is refused unless ``closed`` (a dispute of its pot raised after the
        next hand began is recorded on it).

        In the same transaction: ``by`` is noted as the events' author, and a post's
        idempotency ``key`` with the answer ``answer`` makes of the records stored; a key
        ``by`` already used is refused with :class:`AlreadyAnswered` and stores nothing.
        So a post is stored whole with its author and answer, or not at all, and once.
        """
        ...

    def retract_last(
        self,
        hand_id: int,
        *,
        after: int | None = None,
        by: str | None = None,
        key: str | None = None,
        answer: Callable[[Record], str] | None = None,
        keep: Callable[[str], bool] | None = None,
    ) -> Record:
        """Retract the latest event (an undo), passing over those whose text ``keep``
        holds to; returns the event retracted. A ``key`` ``by`` already used is refused
        with :class:`AlreadyAnswered`; else the answer ``answer`` makes of the event
        retracted is kept for it in the same transaction."""
        ...

    def close_hand(self, hand_id: int, reason: str) -> None:
        """Mark the hand finished; it stays for reports."""
        ...

    def add_change(
        self,
        table: str,
        data: Mapping[str, Any],
        by: str | None,
        *,
        key: str | None = None,
        answer: Callable[[TableEntry], str] | None = None,
    ) -> TableEntry:
        """Log a change between hands at ``table``; an idempotency ``key`` as for
        :meth:`retract_last`."""
        ...

    def table_log(self, table: str, *, from_hand: int | None = None) -> list[TableEntry]:
        """Everything logged at ``table``, oldest first. With ``from_hand``, only what
        follows the last fresh deal before hand ``from_hand`` was dealt: as much as the
        seatings of that hand and the later ones, the changes dealt into them and those
        waiting take, read by index however long the table's log."""
        ...

    def deal_next(
        self,
        table: str,
        header: Mapping[str, Any],
        seating: Mapping[str, Any],
        *,
        close: tuple[int, str] | None = None,
        posts: Sequence[str] = (),
        changes: Sequence[Mapping[str, Any]] = (),
        by: str | None = None,
        after: tuple[int, int] | None = None,
        key: str | None = None,
        answer: Callable[[StoredHand], str] | None = None,
    ) -> StoredHand:
        """In one transaction: log ``changes``, close the hand ``close`` names, start the
        hand ``header`` with ``posts`` as its first events, and log its ``seating``.
        ``after`` (a hand and its latest record) refuses with :class:`StoreConflict` a
        deal made on a hand that changed since; an idempotency ``key`` as for
        :meth:`retract_last`."""
        ...

    def close(self) -> None:
        """Release the store."""
        ...


def default_db_path(
    env: Mapping[str, str] | None = None, platform: str | None = None, home: Path | None = None
) -> Path:
    """``$FLOORMAN_DB``, else the user's data folder: ``$XDG_DATA_HOME/floorman/floorman.db``
    or ``~/.local/share/floorman/floorman.db``; ``~/Library/Application Support`` on macOS,
    ``%LOCALAPPDATA%`` on Windows.

    >>> str(default_db_path({"XDG_DATA_HOME": "/data"}, "linux", Path("/home/d")))
    '/data/floorman/floorman.db'
    >>> str(default_db_path({}, "darwin", Path("/Users/d")))
    '/Users/d/Library/Application Support/floorman/floorman.db'
    """
    env = os.environ if env is None else env
    platform = sys.platform if platform is None else platform
    if env.get("FLOORMAN_DB"):
        return Path(env["FLOORMAN_DB"])
    home = Path.home() if home is None else home
    if platform.startswith("win"):
        base = Path(env.get("LOCALAPPDATA") or home / "AppData" / "Local")
    elif platform == "darwin":
        base = home / "Library" / "Application Support"
    else:
        base = Path(env.get("XDG_DATA_HOME") or home / ".local" / "share")
    return base / "floorman" / "floorman.db"


def open_store(where: str | Path | None = None) -> Store:
    """The store at ``where``, a file path or a PostgreSQL URL (default: ``$FLOORMAN_DB``,
    else :func:`default_db_path`), created if new and upgraded if old."""
    return Store(open_database(where))


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


_KINDS: Final = ("event", "retract", "close")
_Written = TypeVar("_Written")
_MAX_ID: Final = 2**63 - 1
"""The largest id either backend gives a row: a larger number names no hand."""


class Store:
    """:class:`HandStore` in a SQLite file or a PostgreSQL database (one transaction per
    append; the hand's authors and a post's answer in the same transaction)."""

    def __init__(self, db: Database, *, owned: bool = True) -> None:
        self.path = db.path
        self._db = db
        self._owned = owned

    @property
    def database(self) -> Database:
        """The open store, for the staff tables to share its transactions."""
        return self._db

    def close(self) -> None:
        if self._owned:
            self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _write(self, *tables: str) -> AbstractContextManager[None]:
        return self._db.write(tables)

    def _table_of(self, hand_id: int) -> tuple[str, ...]:
        """The table a hand is at, to write to it after that table's other writers."""
        if not 0 < hand_id <= _MAX_ID:
            return ()
        rows = self._rows("SELECT table_name FROM hands WHERE id = ?", (hand_id,))
        return (str(rows[0][0]),) if rows else ()

    def _rows(self, query: str, arguments: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        return self._db.rows(query, arguments)

    def _damaged(self, what: str) -> StoreError:
        return StoreError(f"{self.path}: the store is damaged ({what} cannot be read)")

    # hands ----------------------------------------------------------------

    def start_hand(self, table: str, header: Mapping[str, Any]) -> StoredHand:
        created = _now()
        with self._write(table):
            busy = self._open_id(table)
            if busy is not None:
                raise StoreError(f"table {table} has hand {busy} in progress")
            hand_id = self._insert_hand(table, header, created)
        return StoredHand(hand_id, table, dict(header), created)

    def _insert_entry(
        self,
        table: str,
        kind: Literal["change", "seating"],
        data: Mapping[str, Any],
        hand_id: int | None,
        by: str | None,
        at: str,
    ) -> TableEntry:
        rows = self._rows(
            "INSERT INTO table_log (table_name, kind, data, hand_id, by, at)"
            " VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
            (table, kind, json.dumps(dict(data)), hand_id, by, at),
        )
        return TableEntry(int(rows[0][0]), table, kind, dict(data), hand_id, by, at)

    def _insert_hand(self, table: str, header: Mapping[str, Any], at: str) -> int:
        rows = self._rows(
            "INSERT INTO hands (table_name, header, created) VALUES (?, ?, ?) RETURNING id",
            (table, json.dumps(dict(header), default=str), at),
        )
        return int(rows[0][0])

    def _insert_record(
        self, hand_id: int, kind: str, at: str, text: str | None, target: int | None = None
    ) -> int:
        rows = self._rows(
            "INSERT INTO records (hand_id, kind, text, target, at) VALUES (?, ?, ?, ?, ?)"
            " RETURNING id",
            (hand_id, kind, text, target, at),
        )
        return int(rows[0][0])

    def add_change(
        self,
        table: str,
        data: Mapping[str, Any],
        by: str | None,
        *,
        key: str | None = None,
        answer: Callable[[TableEntry], str] | None = None,
    ) -> TableEntry:
        at = _now()
        with self._write(table):
            self._refuse_answered(by, key)
            entry = self._insert_entry(table, "change", data, None, by, at)
            self._remember(by, key, answer, entry, at)
        return entry

    def _refuse_answered(self, by: str | None, key: str | None) -> None:
        """Refuse a write whose idempotency key was answered already (its answer kept)."""
        if key is not None:
            done = self._rows(
                "SELECT answer FROM idempotent WHERE who = ? AND key = ?", (by or "", key)
            )
            if done:
                raise AlreadyAnswered(str(done[0][0]))

    def _remember(
        self,
        by: str | None,
        key: str | None,
        answer: Callable[[_Written], str] | None,
        written: _Written,
        at: str,
    ) -> None:
        """Keep a write's answer under its idempotency key, in the write's transaction."""
        if key is not None and answer is not None:
            self._db.rows(
                "INSERT INTO idempotent (who, key, answer, at) VALUES (?, ?, ?, ?)",
                (by or "", key, answer(written), at),
            )

    _ENTRY_QUERY: Final = "SELECT id, table_name, kind, data, hand_id, by, at FROM table_log "

    def table_log(self, table: str, *, from_hand: int | None = None) -> list[TableEntry]:
        start = 0 if from_hand is None else self._fresh_deal_before(table, from_hand)
        return self._entries(
            self._rows(self._ENTRY_QUERY + "WHERE table_name = ? AND id > ? ORDER BY id",
                       (table, start))
        )  # fmt: skip

    def _fresh_deal_before(self, table: str, hand_id: int) -> int:
        """The id of the seating the table's last hand before ``hand_id`` was dealt fresh
        from (not a misdeal dealt again); 0 when there is none.

        Nothing logged before it tells which changes went into hand ``hand_id`` or a later
        one, or which wait for the next: each fresh deal takes every change logged before
        it, and a hand's seating is logged with the hand, after those of the table's
        earlier hands. The seatings are walked back by hand a few at a time, so only the
        misdeals dealt again just before are read, never the table's whole log."""
        batch = 16
        before = (min(max(hand_id, 0), _MAX_ID), 0)
        while True:
            seatings = self._entries(
                self._rows(
                    self._ENTRY_QUERY + "WHERE table_name = ? AND kind = 'seating'"
                    " AND (hand_id, id) < (?, ?) ORDER BY hand_id DESC, id DESC LIMIT ?",
                    (table, *before, batch),
                )
            )
            for entry in seatings:
                if not entry.data.get("redeal"):
                    return entry.id
            if len(seatings) < batch:
                return 0
            last = seatings[-1]
            before = (last.hand_id or 0, last.id)

    def _entries(self, rows: list[tuple[Any, ...]]) -> list[TableEntry]:
        entries = []
        for entry_id, name, kind, data, hand_id, by, at in rows:
            try:
                parsed = json.loads(data)
                datetime.fromisoformat(at)
            except (TypeError, ValueError, RecursionError):
                parsed = None
            if kind not in ("change", "seating") or not isinstance(parsed, dict):
                raise self._damaged(f"entry {entry_id} of table {name}'s log")
            entries.append(TableEntry(entry_id, name, kind, parsed, hand_id, by, at))
        return entries

    def deal_next(
        self,
        table: str,
        header: Mapping[str, Any],
        seating: Mapping[str, Any],
        *,
        close: tuple[int, str] | None = None,
        posts: Sequence[str] = (),
        changes: Sequence[Mapping[str, Any]] = (),
        by: str | None = None,
        after: tuple[int, int] | None = None,
        key: str | None = None,
        answer: Callable[[StoredHand], str] | None = None,
    ) -> StoredHand:
        at = _now()
        closing = () if close is None else self._table_of(close[0])
        with self._write(table, *closing):
            self._refuse_answered(by, key)
            if after is not None and self.last_record(after[0]) != after[1]:
                raise StoreConflict(changed_meanwhile(after[0]))
            for change in changes:
                self._insert_entry(table, "change", change, None, by, at)
            if close is not None and self._closed(close[0]) is None:
                self._insert_record(close[0], "close", at, close[1])
            busy = self._open_id(table)
            if busy is not None:
                raise StoreError(f"table {table} has hand {busy} in progress")
            hand_id = self._insert_hand(table, header, at)
            for text in posts:
                self._insert_record(hand_id, "event", at, text)
            self._insert_entry(table, "seating", seating, hand_id, by, at)
            dealt = StoredHand(hand_id, table, dict(header), at)
            self._remember(by, key, answer, dealt, at)
        return dealt

    def _open_id(self, table: str) -> int | None:
        rows = self._rows("SELECT hand_id FROM open_hands WHERE table_name = ?", (table,))
        return int(rows[0][0]) if rows else None

    _HAND_QUERY: Final = (
        "SELECT h.id, h.table_name, h.header, h.created, "
        "(SELECT text FROM records r WHERE r.hand_id = h.id AND r.kind = 'close' LIMIT 1) "
        "FROM hands h "
    )

    def _hand(self, row: tuple[Any, ...]) -> StoredHand:
        hand_id, table, header, created, closed = row
        try:
            parsed = json.loads(header)
            datetime.fromisoformat(created)
        except (TypeError, ValueError, RecursionError):
            parsed = None
        if not (
            isinstance(hand_id, int)
            and isinstance(table, str)
            and isinstance(parsed, dict)
            and (closed is None or isinstance(closed, str))
        ):
            raise self._damaged(f"hand {hand_id}")
        return StoredHand(hand_id, table, parsed, created, closed)

    def _hands(self, where: str, arguments: tuple[Any, ...] = ()) -> list[StoredHand]:
        return [self._hand(row) for row in self._rows(self._HAND_QUERY + where, arguments)]

    def hand(self, hand_id: int) -> StoredHand:
        found = self._hands("WHERE h.id = ?", (hand_id,)) if 0 < hand_id <= _MAX_ID else []
        if not found:
            raise StoreError(f"no hand {hand_id} in {self.path}")
        return found[0]

    def open_hand(self, table: str) -> StoredHand | None:
        hand_id = self._open_id(table)
        return None if hand_id is None else self.hand(hand_id)

    def latest_hand(self, table: str) -> StoredHand | None:
        found = self._hands("WHERE h.table_name = ? ORDER BY h.id DESC LIMIT 1", (table,))
        return found[0] if found else None

    def open_hands(self) -> list[StoredHand]:
        return self._hands("WHERE h.id IN (SELECT hand_id FROM open_hands) ORDER BY h.id")

    def hands(self, table: str | None = None, limit: int = 50) -> list[StoredHand]:
        limit = max(0, min(limit, _MAX_ID))
        if table is None:
            return self._hands("ORDER BY h.id DESC LIMIT ?", (limit,))
        return self._hands("WHERE h.table_name = ? ORDER BY h.id DESC LIMIT ?", (table, limit))

    # records --------------------------------------------------------------

    def records(self, hand_id: int) -> list[Record]:
        rows = self._rows(
            "SELECT id, hand_id, kind, text, target, at FROM records WHERE hand_id = ? ORDER BY id",
            (hand_id,),
        )
        return [self._record(row) for row in rows]

    def _record(self, row: tuple[Any, ...]) -> Record:
        record_id, hand_id, kind, text, target, at = row
        try:
            datetime.fromisoformat(at)
        except (TypeError, ValueError):
            at = None
        if not (
            isinstance(record_id, int)
            and kind in _KINDS
            and (text is None or isinstance(text, str))
            and (target is None or isinstance(target, int))
            and at is not None
        ):
            raise self._damaged(f"record {record_id} of hand {hand_id}")
        return Record(record_id, hand_id, kind, text, target, at)

    def events(self, hand_id: int) -> list[Record]:
        return standing(self.records(hand_id))

    def last_record(self, hand_id: int) -> int:
        rows = self._rows("SELECT MAX(id) FROM records WHERE hand_id = ?", (hand_id,))
        return int(rows[0][0] or 0)

    def last_records(self, hand_ids: Iterable[int]) -> dict[int, int]:
        """The id of each hand's latest record (0 for one with none), in one statement for
        a page of hands: each found by the index of records by hand, never by reading the
        records. A hand not in the store is left out."""
        ids = [hand_id for hand_id in dict.fromkeys(hand_ids) if 0 < hand_id <= _MAX_ID]
        found: dict[int, int] = {}
        for chunk in chunks(ids):
            rows = self._rows(
                "SELECT h.id, (SELECT MAX(r.id) FROM records r WHERE r.hand_id = h.id)"
                f" FROM hands h WHERE h.id IN ({','.join('?' * len(chunk))})",
                tuple(chunk),
            )
            found.update((int(hand_id), int(last or 0)) for hand_id, last in rows)
        return found

    def mark(self, table: str) -> TableMark | None:
        """The hand ``table`` shows (in progress, else its latest) and the id of that
        hand's latest record, in one statement: any write at the table by anyone adds a
        record, so a reader that kept the hand knows from this alone whether it is still
        the hand as stored. ``None`` for a table with no hand."""
        rows = self._rows(
            "SELECT w.id, w.is_open, (SELECT MAX(r.id) FROM records r WHERE r.hand_id = w.id)"
            " FROM (SELECT COALESCE(o.hand_id, (SELECT MAX(h.id) FROM hands h"
            " WHERE h.table_name = ?)) AS id, o.hand_id IS NOT NULL AS is_open"
            " FROM (SELECT 1) one LEFT JOIN open_hands o ON o.table_name = ?) w",
            (table, table),
        )
        if not rows or rows[0][0] is None:
            return None
        hand_id, is_open, last = rows[0]
        return TableMark(int(hand_id), int(last or 0), bool(is_open))

    def open_marks(self) -> dict[str, tuple[int, int]]:
        """Each table with a hand in progress: that hand and the id of its latest record,
        in one statement however many tables there are."""
        rows = self._rows(
            "SELECT o.table_name, o.hand_id,"
            " (SELECT MAX(r.id) FROM records r WHERE r.hand_id = o.hand_id) FROM open_hands o"
        )
        return {str(table): (int(hand_id), int(last or 0)) for table, hand_id, last in rows}

    def append(
        self,
        hand_id: int,
        texts: Sequence[str],
        *,
        after: int | None = None,
        by: str | None = None,
        key: str | None = None,
        answer: Callable[[Sequence[Record]], str] | None = None,
        closed: bool = False,
    ) -> list[Record]:
        at = _now()
        added: list[Record] = []
        with self._write(*self._table_of(hand_id)):
            if key is not None:
                done = self._rows(
                    "SELECT answer FROM idempotent WHERE who = ? AND key = ?", (by or "", key)
                )
                if done:
                    raise AlreadyAnswered(str(done[0][0]))
            live = self._standing_count(hand_id, after, closed=closed)
            if live + len(texts) > MAX_EVENTS_PER_HAND:
                raise StoreError(
                    f"hand {hand_id} has {live} events: a hand takes at most "
                    f"{MAX_EVENTS_PER_HAND:,} (start the next hand with floorman new)"
                )
            for text in texts:
                record_id = self._insert_record(hand_id, "event", at, text)
                added.append(Record(record_id, hand_id, "event", text, None, at))
            if by is not None:
                self._db.many(
                    "INSERT INTO record_authors (record_id, who) VALUES (?, ?)"
                    " ON CONFLICT DO NOTHING",
                    [(r.id, by) for r in added],
                )
            if key is not None and answer is not None:
                self._db.rows(
                    "INSERT INTO idempotent (who, key, answer, at) VALUES (?, ?, ?, ?)",
                    (by or "", key, answer(added), at),
                )
        return added

    def retract_last(
        self,
        hand_id: int,
        *,
        after: int | None = None,
        by: str | None = None,
        key: str | None = None,
        answer: Callable[[Record], str] | None = None,
        keep: Callable[[str], bool] | None = None,
    ) -> Record:
        at = _now()
        with self._write(*self._table_of(hand_id)):
            self._refuse_answered(by, key)
            live = self._writable(hand_id, after)
            if keep is not None:
                live = [r for r in live if not keep(r.text or "")]
            if not live:
                raise StoreError(f"hand {hand_id} has no event to undo")
            last = live[-1]
            undone = self._insert_record(hand_id, "retract", at, None, last.id)
            if by is not None:
                self._db.rows(
                    "INSERT INTO record_authors (record_id, who) VALUES (?, ?)"
                    " ON CONFLICT DO NOTHING",
                    (undone, by),
                )
            self._remember(by, key, answer, last, at)
        return last

    def close_hand(self, hand_id: int, reason: str) -> None:
        with self._write(*self._table_of(hand_id)):
            if self._closed(hand_id) is None:
                self._insert_record(hand_id, "close", _now(), reason)

    def _closed(self, hand_id: int) -> str | None:
        rows = self._rows(
            "SELECT text FROM records WHERE hand_id = ? AND kind = 'close'", (hand_id,)
        )
        return None if not rows else str(rows[0][0])

    def _writable(self, hand_id: int, after: int | None, *, closed: bool = False) -> list[Record]:
        self._open_to(hand_id, closed=closed)
        records = self.records(hand_id)
        if after is not None and (records[-1].id if records else 0) != after:
            raise StoreConflict(changed_meanwhile(hand_id))
        return standing(records)

    def _standing_count(self, hand_id: int, after: int | None, *, closed: bool = False) -> int:
        """What :meth:`_writable` checks, and how many events stand, counted by the
        database without reading the records out: an append costs the same however long
        the hand (an undo retracts one standing event, so the events less the
        retractions stand)."""
        self._open_to(hand_id, closed=closed)
        rows = self._rows(
            "SELECT MAX(id), COALESCE(SUM(CASE kind WHEN 'event' THEN 1"
            " WHEN 'retract' THEN -1 ELSE 0 END), 0) FROM records WHERE hand_id = ?",
            (hand_id,),
        )
        last, count = rows[0]
        if after is not None and int(last or 0) != after:
            raise StoreConflict(changed_meanwhile(hand_id))
        return int(count)

    def _open_to(self, hand_id: int, *, closed: bool) -> None:
        """Refuse a hand not in the store, or closed unless ``closed``: one statement,
        since every post pays for it."""
        rows = self._rows(
            "SELECT (SELECT text FROM records r WHERE r.hand_id = h.id AND r.kind = 'close'"
            " LIMIT 1) FROM hands h WHERE h.id = ?",
            (hand_id,),
        )
        if not rows:
            raise StoreError(f"no hand {hand_id} in {self.path}")
        reason = rows[0][0]
        if reason is not None and not closed:
            raise StoreError(f"hand {hand_id} is closed ({reason})")


"""The name callers knew the store by when it was SQLite only."""


def changed_meanwhile(hand_id: int) -> str:
    """What a writer is told when the hand changed since it read it (a stale ``after``)."""
    return (
        f"hand {hand_id} changed while this was typed (another terminal recorded "
        "to it); look at it again and retry"
    )


def standing(records: Sequence[Record]) -> list[Record]:
    """Events still standing once retractions are taken into account."""
    retracted = {r.target for r in records if r.kind == "retract"}
    return [r for r in records if r.kind == "event" and r.id not in retracted]
