"""The end of a table's log: what the next hand and a table's history read, found by index
and telling the same as the whole log, on either store and on a store made before the index."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from floorman.session.record import seating_entry, table_record
from floorman.session.seating import Seating
from floorman.store._schema import POSTGRES, SQLITE
from floorman.store.hands import Store, StoredHand, open_store
from floorman.tables.seating import changes_by_hand

HEADER = {"button": 3, "seats": {"1": 100, "3": 100}}
SIT = {"kind": "sit", "seat": 5, "chips": 200, "name": "Dana"}
LEAVE = {"kind": "leave", "seat": 1}


def _seating(stack: int, *, redeal: bool = False) -> dict[str, Any]:
    return dict(seating_entry(Seating.from_stacks({1: stack, 3: 100}, (1, 2), 0), redeal=redeal))


def _play(store: Store, seed: int, hands: int) -> list[StoredHand]:
    """Hands dealt at table 7 (and a few at table 8 in between) with changes logged
    between them and misdeals dealt again, some several times over."""
    rng = random.Random(seed)
    dealt: list[StoredHand] = []
    for number in range(hands):
        table = "8" if rng.random() < 0.2 else "7"
        if rng.random() < 0.4:
            store.add_change(table, rng.choice([SIT, LEAVE]), "Bo")
        current = store.open_hand(table)
        close = None if current is None else (current.id, rng.choice(["fold", "misdeal"]))
        hand = store.deal_next(
            table,
            HEADER,
            _seating(100 + number, redeal=close is not None and close[1] == "misdeal"),
            close=close,
            changes=[LEAVE] if rng.random() < 0.2 else [],
        )
        if table == "7":
            dealt.append(hand)
    return dealt


@pytest.mark.parametrize("seed", range(3))
def test_the_end_of_the_log_tells_what_the_whole_log_tells(store_url: str, seed: int) -> None:
    with open_store(store_url) as store:
        dealt = _play(store, seed, 40)
        whole = store.table_log("7")
        latest = dealt[-1].id
        assert table_record(store.table_log("7", from_hand=latest), latest) == table_record(
            whole, latest
        )
        everything = changes_by_hand(whole)
        for first in [hand.id for hand in dealt] + [latest + 1]:
            tail = store.table_log("7", from_hand=first)
            assert len(tail) < len(whole) or first == dealt[0].id
            told = changes_by_hand(tail)
            for hand in dealt:
                if hand.id >= first:
                    assert told.get(hand.id) == everything.get(hand.id), (first, hand.id)
            assert told[None] == everything[None]


def test_the_next_hand_reads_as_much_of_the_log_however_long(store_url: str) -> None:
    with open_store(store_url) as store:
        store.add_change("7", SIT, "Bo")
        for hand_count in (5, 30):
            while len(store.hands("7", limit=100)) < hand_count:
                current = store.open_hand("7")
                close = None if current is None else (current.id, "fold")
                store.deal_next("7", HEADER, _seating(100), close=close)
            store.add_change("7", LEAVE, "Bo")
            latest = store.open_hand("7")
            assert latest is not None
            tail = store.table_log("7", from_hand=latest.id)
            assert [(e.kind, e.hand_id) for e in tail] == [("seating", latest.id), ("change", None)]


def test_reading_the_end_of_the_log_walks_nothing(tmp_path: Path) -> None:
    """Every statement the tail of the log takes looks rows up by index: none walks the
    table's log or sorts it."""
    with open_store(tmp_path / "room.db") as store:
        dealt = _play(store, 7, 30)
        asked: list[str] = []
        connection = store.database.connection  # type: ignore[attr-defined]
        connection.set_trace_callback(asked.append)
        store.table_log("7", from_hand=dealt[-1].id)
        store.table_log("7", from_hand=dealt[-10].id)
        store.table_log("7", from_hand=dealt[-1].id + 1)
        connection.set_trace_callback(None)
        selects = [sql for sql in asked if sql.lstrip().upper().startswith("SELECT")]
        assert len(selects) >= 6
        for sql in selects:
            plan = [row[3] for row in connection.execute("EXPLAIN QUERY PLAN " + sql)]
            assert all(step.startswith("SEARCH") for step in plan), f"{sql}: {plan}"


def _old_postgres(url: str) -> None:
    import psycopg

    with psycopg.connect(url, autocommit=True) as db:
        db.execute("CREATE TABLE floorman_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        db.execute("INSERT INTO floorman_meta (key, value) VALUES ('schema', '2')")
        for migration in POSTGRES[:2]:
            db.execute(migration.encode())


def _old_sqlite(path: str) -> None:
    db = sqlite3.connect(path)
    db.executescript("".join(SQLITE[:5]) + "PRAGMA user_version = 5;")
    db.close()


def _old(url: str) -> int:
    """Make a store as the floorman before the log's index made it; its version."""
    if url.startswith("postgresql://"):
        _old_postgres(url)
        return 2
    _old_sqlite(url)
    return 5


def _has_index(url: str) -> bool:
    if url.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(url, autocommit=True) as db:
            found = db.execute("SELECT 1 FROM pg_indexes WHERE indexname = 'table_log_by_hand'")
            return found.fetchone() is not None
    db = sqlite3.connect(url)
    found = db.execute("SELECT 1 FROM sqlite_master WHERE name = 'table_log_by_hand'").fetchone()
    db.close()
    return found is not None


def test_an_old_store_opened_by_this_floorman_is_upgraded_with_its_log(store_url: str) -> None:
    """A store at the version before, holding a table's log, is upgraded when opened and
    reads the end of that log as the whole of it."""
    version = _old(store_url)
    if store_url.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(store_url, autocommit=True) as db:
            _write_old_log(lambda sql, args: db.execute(sql.replace("?", "%s"), args).fetchall())
    else:
        db = sqlite3.connect(store_url, isolation_level=None)
        _write_old_log(lambda sql, args: db.execute(sql, args).fetchall())
        db.close()
    assert not _has_index(store_url)
    with open_store(store_url) as store:
        latest = len(POSTGRES) if store_url.startswith("postgresql://") else len(SQLITE)
        assert (store.database.opened_at, store.database.version) == (version, latest)
        hands = store.hands("7")
        whole = store.table_log("7")
        assert (len(hands), len(whole)) == (3, 6)
        latest = hands[0].id
        tail = store.table_log("7", from_hand=latest)
        assert [(e.kind, e.hand_id) for e in tail] == [
            ("change", None),
            ("seating", latest),
            ("change", None),
        ]
        assert table_record(tail, latest) == table_record(whole, latest)
        assert changes_by_hand(tail)[None] == changes_by_hand(whole)[None]
    assert _has_index(store_url)


def _write_old_log(run: Any) -> None:
    """Three hands at table 7, each dealt from a seating logged with it, the changes
    between them, as the floorman before wrote them."""
    import json

    at = "2026-01-01T00:00:00.000+00:00"
    change = (
        "INSERT INTO table_log (table_name, kind, data, hand_id, by, at)"
        " VALUES ('7', 'change', ?, NULL, 'Bo', ?) RETURNING id"
    )
    for stack in (100, 110, 120):
        run(change, (json.dumps(LEAVE), at))
        (hand_id,) = run(
            "INSERT INTO hands (table_name, header, created) VALUES ('7', ?, ?) RETURNING id",
            (json.dumps(HEADER), at),
        )[0]
        if stack < 120:
            run("INSERT INTO records (hand_id, kind, text, at) VALUES (?, 'close', 'fold', ?)"
                " RETURNING id", (hand_id, at))  # fmt: skip
        if stack > 100:
            run("INSERT INTO table_log (table_name, kind, data, hand_id, by, at)"
                " VALUES ('7', 'seating', ?, ?, NULL, ?) RETURNING id",
                (json.dumps(_seating(stack)), hand_id, at))  # fmt: skip
    run(change, (json.dumps(SIT), at))
