"""A server's writes grouped into one commit (:class:`floorman.store._sqlite.Held`): many
stations posting at once all have their events stored, once, in order, each answered only
once its event is committed; a post refused in the middle of a group takes nothing of the
others' with it; and a group that cannot be committed fails every post in it."""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from floorman.server.room import Room
from floorman.store import _sqlite
from floorman.store.errors import StoreConflict, StoreError
from floorman.store.hands import open_store
from floorman.tables.dealing import start_hand

HEADER = {"button": 6, "seats": dict.fromkeys(range(1, 7), 100), "blinds": [1, 2]}
PREFLOP = ["deal", "3 call", "4 call", "5 call", "6 call", "1 call", "2 check"]
TABLES = 12


def stored_events(db: Path, table: str) -> list[str]:
    with open_store(db) as store:
        hand = store.open_hand(table)
        assert hand is not None
        return [r.text for r in store.records(hand.id) if r.kind == "event"]


def post_all_at_once(room: Room, tables: list[str], texts: list[str]) -> list[int]:
    """Each table's station posts ``texts`` one after another, all tables at once."""
    start = threading.Barrier(len(tables))
    statuses: list[int] = []

    def station(table: str) -> None:
        start.wait()
        for text in texts:
            statuses.append(room.record(table, [text], after=None, who="station").status)

    threads = [threading.Thread(target=station, args=(t,)) for t in tables]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return statuses


def test_stations_posting_at_once_have_every_event_stored_once_in_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "room.db"
    tables = [f"t{n}" for n in range(TABLES)]
    for table in tables:
        start_hand(db, table, HEADER, force=True)
    room = Room(db)
    commits: list[int] = []
    held = room._held
    assert isinstance(held, _sqlite.Held)
    finish = held._finish

    def counted(connection: sqlite3.Connection, group: int) -> StoreError | None:
        commits.append(group)
        return finish(connection, group)

    monkeypatch.setattr(held, "_finish", counted)
    assert post_all_at_once(room, tables, PREFLOP) == [200] * (TABLES * len(PREFLOP))
    for table in tables:
        assert stored_events(db, table) == PREFLOP
    groups = len(set(commits))
    assert groups < len(commits)  # some commits stored several posts
    assert Room(db).table(tables[0]) == room.table(tables[0])


INSERT = "INSERT INTO records (hand_id, kind, text, target, at) VALUES (?, ?, ?, ?, ?)"


class Writers:
    """Two writers to one hand, through one held connection, the second joining the
    first's group: the first waits in its write until the second waits for its turn."""

    def __init__(self, db: Path) -> None:
        start_hand(db, "1", HEADER, force=True)
        self.db = db
        self.held = _sqlite.Held(db)
        with open_store(db) as store:
            hand = store.open_hand("1")
            assert hand is not None
            self.hand_id = hand.id
        self.told: dict[str, BaseException | None] = {}

    def write(self, name: str, body: Callable[[_sqlite.SQLiteDatabase], None]) -> None:
        database = _sqlite.SQLiteDatabase(self.db)
        database.held = self.held
        try:
            with database.write():
                database.rows(INSERT, (self.hand_id, "event", name, None, "2026-12-02T00:00"))
                body(database)
            self.told[name] = None
        except BaseException as error:
            self.told[name] = error
        finally:
            database.close()

    def wait_for_the_second(self, database: _sqlite.SQLiteDatabase) -> None:
        while self.held._waiting == 0:
            time.sleep(0.001)

    def run(self, second: Callable[[_sqlite.SQLiteDatabase], None]) -> list[str]:
        """What each writer was told; the texts stored."""
        first = threading.Thread(target=self.write, args=("first", self.wait_for_the_second))
        first.start()
        while not self.held._busy:
            time.sleep(0.001)
        then = threading.Thread(target=self.write, args=("second", second))
        then.start()
        first.join()
        then.join()
        self.held.close()
        with open_store(self.db) as store:
            return [r.text for r in store.records(self.hand_id)]


def test_a_write_refused_in_a_group_leaves_the_others_stored(tmp_path: Path) -> None:
    writers = Writers(tmp_path / "room.db")

    def refused(database: _sqlite.SQLiteDatabase) -> None:
        raise StoreConflict("stale")

    assert writers.run(refused) == ["first"]
    assert writers.told["first"] is None
    assert isinstance(writers.told["second"], StoreConflict)


def test_a_group_undone_whole_fails_every_write_in_it(tmp_path: Path) -> None:
    """SQLite undoes the whole transaction (as on a full disk) in the second write: the
    first is told so, and nothing of either is stored."""
    writers = Writers(tmp_path / "room.db")

    def undone(database: _sqlite.SQLiteDatabase) -> None:
        database.connection.execute("ROLLBACK")
        raise sqlite3.OperationalError("database or disk is full")

    assert writers.run(undone) == []
    assert isinstance(writers.told["first"], StoreError)
    assert isinstance(writers.told["second"], sqlite3.OperationalError)
