"""The store: append-only hands, undo as retraction, durability and concurrent writers,
in a SQLite file and in PostgreSQL alike (what only a file has, apart)."""

from __future__ import annotations

import os
import random
import re
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from stores import refused

from floorman.store._schema import SQLITE
from floorman.store._sqlite import APPLICATION_ID
from floorman.store.errors import StoreConflict, StoreError
from floorman.store.hands import (
    Store,
    default_db_path,
    open_store,
)

ROOT = Path(__file__).resolve().parent.parent
HEADER = {"button": 3, "seats": {"1": 100, "3": 100}}


@pytest.fixture
def store(store_url: str) -> Iterator[Store]:
    with open_store(store_url) as opened:
        yield opened


@pytest.fixture
def file_store(tmp_path: Path) -> Iterator[Store]:
    """A store in a SQLite file, for what only a file does."""
    with open_store(tmp_path / "floorman.db") as opened:
        yield opened


def test_a_hand_records_events_and_an_undo_is_a_retraction(store: Store) -> None:
    hand = store.start_hand("7", HEADER)
    added = store.append(hand.id, ["deal", "3 call"], after=0)
    undone = store.retract_last(hand.id, after=added[-1].id)
    assert undone.text == "3 call"
    store.append(hand.id, ["3 raise 6"], after=store.last_record(hand.id))
    assert [r.text for r in store.events(hand.id)] == ["deal", "3 raise 6"]
    kinds = [r.kind for r in store.records(hand.id)]
    assert kinds == ["event", "event", "retract", "event"]


def test_the_database_refuses_updates_and_deletes(store: Store, store_url: str) -> None:
    hand = store.start_hand("7", HEADER)
    store.append(hand.id, ["deal"])
    assert "append-only" in refused(store_url, "DELETE FROM records")
    assert "append-only" in refused(store_url, "UPDATE hands SET table_name = 'x'")


def test_one_hand_in_progress_per_table(store: Store) -> None:
    first = store.start_hand("7", HEADER)
    with pytest.raises(StoreError, match=f"table 7 has hand {first.id} in progress"):
        store.start_hand("7", HEADER)
    other = store.start_hand("8", HEADER)
    assert [h.id for h in store.open_hands()] == [first.id, other.id]
    store.close_hand(first.id, "showdown")
    assert store.open_hand("7") is None
    assert store.latest_hand("7") == store.hand(first.id)
    assert store.hand(first.id).closed == "showdown"
    with pytest.raises(StoreError, match="is closed"):
        store.append(first.id, ["deal"])
    second = store.start_hand("7", HEADER)
    assert [h.id for h in store.hands("7")] == [second.id, first.id]


def test_a_closed_hand_takes_an_event_only_when_asked_to(store: Store) -> None:
    hand = store.start_hand("7", HEADER)
    store.append(hand.id, ["deal"])
    store.close_hand(hand.id, "showdown")
    with pytest.raises(StoreError, match="is closed"):
        store.append(hand.id, ["dispute after deal"])
    store.append(hand.id, ["dispute after deal"], closed=True)
    assert [r.text for r in store.events(hand.id)] == ["deal", "dispute after deal"]
    assert store.hand(hand.id).closed == "showdown"


def test_a_stale_writer_is_refused(store: Store) -> None:
    hand = store.start_hand("7", HEADER)
    store.append(hand.id, ["deal"], after=0)
    with pytest.raises(StoreConflict, match="changed while this was typed"):
        store.append(hand.id, ["3 call"], after=0)
    with pytest.raises(StoreConflict):
        store.retract_last(hand.id, after=0)
    assert len(store.events(hand.id)) == 1


def test_a_writer_that_saw_the_same_number_of_events_but_not_the_same_ones_is_refused(
    store: Store,
) -> None:
    hand = store.start_hand("7", HEADER)
    seen = store.append(hand.id, ["deal", "3 call"], after=0)[-1].id
    store.retract_last(hand.id, after=seen)
    store.append(hand.id, ["3 raise 6"], after=store.last_record(hand.id))
    assert len(store.events(hand.id)) == 2
    with pytest.raises(StoreConflict):
        store.append(hand.id, ["1 call"], after=seen)
    with pytest.raises(StoreConflict):
        store.retract_last(hand.id, after=seen)
    assert [r.text for r in store.events(hand.id)] == ["deal", "3 raise 6"]


def test_nothing_to_undo_and_no_such_hand(store: Store) -> None:
    hand = store.start_hand("7", HEADER)
    with pytest.raises(StoreError, match="no event to undo"):
        store.retract_last(hand.id)
    with pytest.raises(StoreError, match="no hand 99"):
        store.hand(99)


def test_a_file_that_is_not_a_store(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("not a database at all, just some text that is long enough" * 20)
    with pytest.raises(StoreError, match="not a floorman store"):
        open_store(path)


def test_default_paths() -> None:
    home = Path("/home/dealer")
    assert default_db_path({}, "linux", home) == home / ".local/share/floorman/floorman.db"
    assert default_db_path({"FLOORMAN_DB": "/x/y.db"}, "linux", home) == Path("/x/y.db")
    windows = default_db_path({"LOCALAPPDATA": "C:/Users/d/AppData/Local"}, "win32", home)
    assert windows == Path("C:/Users/d/AppData/Local/floorman/floorman.db")


APPENDER = """
import sys
from floorman.store.hands import open_store
store = open_store(sys.argv[1])
hand_id = int(sys.argv[2])
tag, count = sys.argv[3], int(sys.argv[4])
for i in range(count):
    store.append(hand_id, [f"note {tag} {i}"])
    print(i, flush=True)
"""


def _appender(db: str, hand_id: int, tag: str, count: int) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen(
        [sys.executable, "-c", APPENDER, str(db), str(hand_id), tag, str(count)],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )


def test_a_hand_survives_the_process_being_killed_while_appending(store_url: str) -> None:
    db = store_url
    with open_store(db) as store:
        hand = store.start_hand("7", HEADER)
    writer = _appender(db, hand.id, "k", 1_000_000)
    assert writer.stdout is not None
    confirmed = -1
    while confirmed < 30:
        line = writer.stdout.readline()
        assert line, "the writer stopped early"
        confirmed = int(line)
    os.kill(writer.pid, signal.SIGKILL)
    writer.wait()
    writer.stdout.close()
    with open_store(db) as store:
        texts = [r.text for r in store.events(hand.id)]
        assert _intact(store)
    assert len(texts) >= confirmed + 1
    assert texts == [f"note k {i}" for i in range(len(texts))]


def _intact(store: Store) -> bool:
    """SQLite's own check of the file; a PostgreSQL server keeps its own pages whole."""
    connection = getattr(store.database, "connection", None)
    if isinstance(connection, sqlite3.Connection):
        return bool(connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok")
    return True


def test_four_processes_appending_to_one_store_lose_nothing(store_url: str) -> None:
    db = store_url
    with open_store(db) as store:
        hand = store.start_hand("7", HEADER)
    writers = [_appender(db, hand.id, f"p{n}", 40) for n in range(4)]
    deadline = time.monotonic() + 120
    for writer in writers:
        writer.communicate(timeout=max(1.0, deadline - time.monotonic()))
        assert writer.returncode == 0
    with open_store(db) as store:
        texts = [r.text or "" for r in store.events(hand.id)]
    assert len(texts) == 160
    for n in range(4):
        mine = [t for t in texts if t.startswith(f"note p{n} ")]
        assert mine == [f"note p{n} {i}" for i in range(40)]


V1_SCHEMA = """
CREATE TABLE hands (id INTEGER PRIMARY KEY AUTOINCREMENT, table_name TEXT NOT NULL,
    header TEXT NOT NULL, created TEXT NOT NULL);
CREATE TABLE records (id INTEGER PRIMARY KEY AUTOINCREMENT,
    hand_id INTEGER NOT NULL REFERENCES hands(id),
    kind TEXT NOT NULL CHECK (kind IN ('event', 'retract', 'close')), text TEXT,
    target INTEGER REFERENCES records(id), at TEXT NOT NULL);
CREATE INDEX records_by_hand ON records(hand_id, id);
CREATE INDEX hands_by_table ON hands(table_name, id);
INSERT INTO hands VALUES (1, '7', '{"button": 3, "seats": {"1": 100, "3": 100}}', '2025-01-01');
INSERT INTO hands VALUES (2, '8', '{"button": 3, "seats": {"1": 100, "3": 100}}', '2025-01-01');
INSERT INTO hands VALUES (3, '7', '{"button": 3, "seats": {"1": 100, "3": 100}}', '2025-01-01');
INSERT INTO records VALUES (1, 1, 'event', 'deal', NULL, '2025-01-01T00:00:01');
INSERT INTO records VALUES (2, 1, 'close', 'fold', NULL, '2025-01-01T00:00:02');
INSERT INTO records VALUES (3, 3, 'event', 'deal', NULL, '2025-01-01T00:00:03');
PRAGMA user_version = 1;
"""


def test_a_store_made_before_the_mark_is_upgraded_and_keeps_its_hands(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    db = sqlite3.connect(path)
    db.executescript(V1_SCHEMA)
    db.close()
    with open_store(path) as store:
        assert [(h.id, h.table) for h in store.open_hands()] == [(2, "8"), (3, "7")]
        assert store.open_hand("7") == store.hand(3)
        assert [r.text for r in store.events(3)] == ["deal"]
        store.close_hand(3, "showdown")
        assert store.open_hand("7") is None
        assert store.start_hand("7", HEADER).id == 4
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    assert db.execute("PRAGMA user_version").fetchone()[0] == len(SQLITE)
    db.close()


@pytest.mark.parametrize("mark", [0, 1234])
def test_another_programs_database_is_refused_and_left_alone(tmp_path: Path, mark: int) -> None:
    path = tmp_path / "contacts.db"
    db = sqlite3.connect(path)
    db.executescript(f"CREATE TABLE contacts (name TEXT); PRAGMA application_id = {mark};")
    db.close()
    before = path.read_bytes()
    with pytest.raises(StoreError) as caught:
        open_store(path)
    assert str(caught.value).startswith(f"{path}: not a floorman store")
    assert path.read_bytes() == before


def test_a_store_from_a_newer_floorman_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "floorman.db"
    open_store(path).close()
    db = sqlite3.connect(path)
    db.execute("PRAGMA user_version = 99")
    db.close()
    with pytest.raises(StoreError, match="made by a newer floorman"):
        open_store(path)


def test_a_full_disk_stores_nothing_and_says_so(file_store: Store) -> None:
    hand = file_store.start_hand("7", HEADER)
    file_store.append(hand.id, ["deal"])
    pages = file_store._db.connection.execute("PRAGMA page_count").fetchone()[0]
    file_store._db.connection.execute(f"PRAGMA max_page_count = {pages + 2}")

    def fill() -> None:
        for _ in range(100):
            file_store.append(hand.id, [f"note {'x' * 1500}"] * 5)

    with pytest.raises(StoreError) as caught:
        fill()
    assert str(caught.value).startswith(f"{file_store.path}: the store cannot be written")
    assert "full" in str(caught.value)
    kept = file_store.events(hand.id)
    assert len(kept) % 5 == 1
    with open_store(file_store.path) as again:
        assert again.events(hand.id) == kept


def test_a_read_only_store_says_so(file_store: Store) -> None:
    hand = file_store.start_hand("7", HEADER)
    file_store._db.connection.execute("PRAGMA query_only = 1")
    with pytest.raises(StoreError, match="the store is read-only"):
        file_store.append(hand.id, ["deal"])
    assert file_store.events(hand.id) == []


def test_a_hand_takes_no_more_events_than_the_limit(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("floorman.store.hands.MAX_EVENTS_PER_HAND", 4)
    hand = store.start_hand("7", HEADER)
    store.append(hand.id, ["deal", "note a", "note b"])
    with pytest.raises(StoreError, match="a hand takes at most 4"):
        store.append(hand.id, ["note c", "note d"])
    store.append(hand.id, ["note c"])
    assert len(store.events(hand.id)) == 4


KILLED_APPENDER = """
import sys
from floorman.store.hands import open_store
store = open_store(sys.argv[1])
hand_id, tag = int(sys.argv[2]), sys.argv[3]
for i in range(1_000_000):
    store.append(hand_id, [f"note {tag} {i} a", f"note {tag} {i} b", f"note {tag} {i} c"])
    print(i, flush=True)
"""


def test_a_writer_killed_mid_append_again_and_again_loses_no_acknowledged_event(
    store_url: str,
) -> None:
    db = store_url
    with open_store(db) as store:
        hand = store.start_hand("7", HEADER)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    acknowledged: list[str] = []
    for round in range(5):
        writer = subprocess.Popen(
            [sys.executable, "-c", KILLED_APPENDER, str(db), str(hand.id), f"k{round}"],
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        assert writer.stdout is not None
        confirmed = -1
        while confirmed < 3 + 4 * round:
            line = writer.stdout.readline()
            assert line, "the writer stopped early"
            confirmed = int(line)
        os.kill(writer.pid, signal.SIGKILL)
        writer.wait()
        writer.stdout.close()
        acknowledged += [
            f"note k{round} {i} {part}" for i in range(confirmed + 1) for part in "abc"
        ]
        with open_store(db) as store:
            assert _intact(store)
            texts = [r.text or "" for r in store.events(hand.id)]
        assert texts[: len(acknowledged)] == acknowledged
        assert len(texts) % 3 == 0, "an append was kept in part"
        acknowledged = texts


def _corruptions() -> int:
    """How many damaged copies the test tries: a few in the suite, more by hand."""
    return int(os.environ.get("FLOORMAN_CORRUPTIONS", "12"))


def test_a_damaged_store_page_is_one_line_never_a_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from typer.testing import CliRunner

    from floorman.cli import app

    runner = CliRunner()
    good = tmp_path / "good.db"
    monkeypatch.setenv("FLOORMAN_DB", str(good))
    monkeypatch.delenv("FLOORMAN_TABLE", raising=False)
    for table in "123":
        runner.invoke(app, ["new", "-t", table, "--button", "3", "--seats", "1=200,3=150,5=300"])
        runner.invoke(app, ["add", "-t", table, "deal", "3 raise 6", "5 fold", "1 call"])
        runner.invoke(app, ["undo", "-t", table])
    runner.invoke(app, ["add", "-t", "3", "1 fold"])
    assert "hand 3 at table 3" in runner.invoke(app, ["show", "-t", "3"]).stdout
    data = good.read_bytes()
    rng = random.Random(11)
    commands = [["show", "-t", "2"], ["log", "-t", "1"], ["add", "-t", "2", "1 call"],
                ["new", "-t", "9", "--button", "1", "--seats", "1=5,2=5"]]  # fmt: skip
    damaged = tmp_path / "damaged.db"
    for _ in range(_corruptions()):
        offset = rng.randrange(len(data))
        copy = bytearray(data)
        copy[offset] ^= rng.choice([0x01, 0x10, 0x80, 0xFF])
        for leftover in tmp_path.glob("damaged.db*"):
            leftover.unlink()
        damaged.write_bytes(bytes(copy))
        monkeypatch.setenv("FLOORMAN_DB", str(damaged))
        for command in commands:
            result = runner.invoke(app, command)
            where = f"byte {offset}, {' '.join(command)}"
            assert result.exit_code in (0, 2), f"{where}: {result.exc_info}"
            if result.exit_code == 2:
                assert len(result.stderr.splitlines()) == 1, f"{where}: {result.stderr}"


def test_finding_a_hand_reads_no_more_of_a_bigger_store(file_store: Store) -> None:
    """What ``add``, ``show``, ``log`` and ``new`` ask the store looks rows up by index:
    no statement walks every hand or every record (only the few open hands, or the
    newest hands in order until a LIMIT stops it)."""
    for table in "12345":
        hand = file_store.start_hand(table, HEADER)
        file_store.append(hand.id, ["deal"])
        file_store.close_hand(hand.id, "fold")
    hand = file_store.start_hand("7", HEADER)
    asked: list[str] = []
    file_store._db.connection.set_trace_callback(asked.append)
    file_store.open_hands()
    file_store.open_hand("7")
    file_store.latest_hand("7")
    file_store.hand(hand.id)
    file_store.hands(limit=20)
    file_store.hands("7", limit=20)
    file_store.records(hand.id)
    file_store.last_record(hand.id)
    file_store.append(hand.id, ["deal"], after=file_store.last_record(hand.id))
    file_store.retract_last(hand.id)
    file_store.close_hand(hand.id, "abandoned")
    file_store._db.connection.set_trace_callback(None)
    selects = [sql for sql in asked if sql.lstrip().upper().startswith("SELECT")]
    assert len(selects) >= 10
    for sql in selects:
        plan = [row[3] for row in file_store._db.connection.execute("EXPLAIN QUERY PLAN " + sql)]
        walks = [step for step in plan if step.startswith("SCAN") and "open_hands" not in step]
        limited = re.search(r"ORDER BY \S+ DESC LIMIT \d+\s*$", sql) is not None
        stops_early = limited and not any("TEMP B-TREE" in step for step in plan)
        assert stops_early or walks == [], f"{sql}: {plan}"


def test_the_table_log_is_append_only_and_kept_in_order(store_url: str) -> None:
    path = store_url
    with open_store(path) as store:
        store.add_change("7", {"kind": "sit", "seat": 8, "chips": 200}, "Bo")
        hand = store.deal_next("7", HEADER, {"seating": {}}, posts=["post 8 bb 2"])
        log = store.table_log("7")
        assert [(e.kind, e.hand_id, e.by) for e in log] == [
            ("change", None, "Bo"),
            ("seating", hand.id, None),
        ]
        assert [r.text for r in store.events(hand.id)] == ["post 8 bb 2"]
        assert store.table_log("8") == []
    for statement in ("UPDATE table_log SET by = 'X'", "DELETE FROM table_log"):
        assert "append-only" in refused(path, statement)


def test_the_next_hand_is_one_transaction_nothing_half_written(store_url: str) -> None:
    with open_store(store_url) as store:
        first = store.start_hand("7", HEADER)
        other = store.start_hand("8", HEADER)
        with pytest.raises(StoreError, match="table 7 has hand"):  # hand 1 is left open
            store.deal_next("7", HEADER, {"seating": {}}, close=(other.id, "fold"),
                            changes=[{"kind": "leave", "seat": 1}])  # fmt: skip
        assert store.hand(other.id).closed is None
        assert store.table_log("7") == []
        assert len(store.hands("7")) == 1
        store.deal_next("7", HEADER, {"seating": {}}, close=(first.id, "fold"))
        assert store.hand(first.id).closed == "fold"
        assert store.open_hand("7") is not None
