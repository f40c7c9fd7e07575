"""Two stores, one contract: the schema's versions, a post stored whole and once, writers at
one table in turn, and every failure of the database one line naming the store."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from pgcluster import Cluster

from floorman.store._backend import masked, open_database
from floorman.store._schema import POSTGRES, SQLITE
from floorman.store.errors import AlreadyAnswered, StoreConflict, StoreError
from floorman.store.hands import (
    Record,
    Store,
    StoredHand,
    open_store,
)
from floorman.store.staff import open_staff, staff_of

ROOT = Path(__file__).resolve().parent.parent
HEADER = {"button": 3, "seats": {"1": 100, "3": 100}}


def _latest(where: str) -> int:
    return len(POSTGRES) if where.startswith("postgresql://") else len(SQLITE)


def test_a_new_store_is_made_at_the_latest_version_and_reopens_there(store_url: str) -> None:
    made = open_database(store_url)
    assert (made.opened_at, made.version) == (0, _latest(store_url))
    made.close()
    again = open_database(store_url)
    assert (again.opened_at, again.version) == (_latest(store_url), _latest(store_url))
    again.close()


@pytest.mark.parametrize("version", range(len(SQLITE)))
def test_a_sqlite_store_of_every_earlier_version_upgrades_and_keeps_its_hands(
    tmp_path: Path, version: int
) -> None:
    path = tmp_path / "old.db"
    db = sqlite3.connect(path)
    db.executescript("".join(SQLITE[:version]) + f"PRAGMA user_version = {version};")
    if version:
        db.execute(
            "INSERT INTO hands (table_name, header, created) VALUES ('7', '{}', '2025-01-01')"
        )
        db.commit()
    db.close()
    opened = open_database(path)
    assert (opened.opened_at, opened.version) == (version, len(SQLITE))
    opened.close()
    with open_store(path) as store, open_staff(path) as staff:
        assert [h.table for h in store.hands()] == (["7"] if version else [])
        staff.new_station_token("7")


def test_a_postgresql_store_from_a_newer_floorman_is_refused(pg_url: str) -> None:
    import psycopg

    open_store(pg_url).close()
    with psycopg.connect(pg_url, autocommit=True) as db:
        db.execute("UPDATE floorman_meta SET value = '99' WHERE key = 'schema'")
    with pytest.raises(StoreError) as caught:
        open_store(pg_url)
    assert str(caught.value) == f"{masked(pg_url)}: made by a newer floorman (store version 99)"


def test_a_database_holding_another_programs_tables_is_refused_and_left_alone(
    pg_url: str,
) -> None:
    import psycopg

    with psycopg.connect(pg_url, autocommit=True) as db:
        db.execute("CREATE TABLE contacts (name TEXT)")
    with pytest.raises(StoreError) as caught:
        open_store(pg_url)
    assert str(caught.value).startswith(
        f"{masked(pg_url)}: not a floorman store (it holds tables contacts)"
    )
    with psycopg.connect(pg_url, autocommit=True) as db:
        tables = db.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
        assert tables.fetchall() == [("contacts",)]


def test_a_wrong_password_a_missing_database_and_no_server_are_one_line_each(
    pg_cluster: Cluster, tmp_path: Path
) -> None:
    wrong = pg_cluster.url("postgres", password="not-the-password")
    missing = pg_cluster.url("no_such_database")
    down = f"postgresql://floor:secret@/room?host={tmp_path}"
    for url, says in (
        (wrong, "password authentication failed"),
        (missing, 'database "no_such_database" does not exist'),
        (down, "No such file or directory"),
    ):
        with pytest.raises(StoreError) as caught:
            open_store(url)
        message = str(caught.value)
        assert message.startswith(f"{masked(url)}: cannot open the store: ")
        assert says in message
        assert "\n" not in message
        assert "not-the-password" not in message
        assert "secret" not in message


def test_a_post_is_stored_with_its_author_and_answer_once(store_url: str) -> None:
    with open_store(store_url) as store:
        hand = store.start_hand("7", HEADER)

        def answer(added: object) -> str:
            return '{"stored": true}'

        added = store.append(hand.id, ["deal"], after=0, by="station:7", key="k1", answer=answer)
        with pytest.raises(AlreadyAnswered) as again:
            store.append(hand.id, ["deal"], after=added[-1].id, by="station:7", key="k1",
                         answer=answer)  # fmt: skip
        assert again.value.answer == '{"stored": true}'
        staff = staff_of(store)
        assert staff.answered("station:7", "k1") == '{"stored": true}'
        assert staff.authors([added[0].id]) == {added[0].id: "station:7"}
        assert [r.text for r in store.events(hand.id)] == ["deal"]


def test_the_latest_records_of_a_page_of_hands_are_each_hands_own(store_url: str) -> None:
    """Hands with records, retractions, a close, none at all, and more than one statement
    takes at once: each hand's latest record, as it alone would give it; a hand the store
    does not hold is left out."""
    with open_store(store_url) as store:
        first = store.start_hand("7", HEADER)
        store.append(first.id, ["deal", "3 call"])
        store.retract_last(first.id)
        store.close_hand(first.id, "abandoned")
        empty = store.start_hand("8", HEADER)
        other = store.start_hand("9", HEADER)
        store.append(other.id, ["deal"])
        many = [store.start_hand(f"m{n}", HEADER).id for n in range(520)]
        store.append(many[-1], ["deal"])
        ids = [first.id, empty.id, other.id, *many, other.id, 10**6, -1, 2**63]
        latest = store.last_records(ids)
        assert latest == {hand: store.last_record(hand) for hand in [first.id, empty.id,
                                                                     other.id, *many]}  # fmt: skip
        assert latest[empty.id] == 0
        assert latest[first.id] == store.records(first.id)[-1].id
        assert latest[many[-1]] == store.records(many[-1])[-1].id
        assert store.last_records([]) == {}


def test_a_post_that_fails_before_its_answer_is_kept_stores_nothing(store_url: str) -> None:
    with open_store(store_url) as store:
        hand = store.start_hand("7", HEADER)

        def dies(added: object) -> str:
            raise KeyboardInterrupt

        with pytest.raises(KeyboardInterrupt):
            store.append(hand.id, ["deal", "3 call"], after=0, by="floor", key="k", answer=dies)
        staff = staff_of(store)
        assert store.records(hand.id) == []
        assert staff.answered("floor", "k") is None
        stored = store.append(hand.id, ["deal"], after=0, by="floor", key="k", answer=str)
        assert staff.authors(r.id for r in stored) == {stored[0].id: "floor"}


DIES_INSIDE = """
import os, sys, time
from floorman.store.hands import open_store
store = open_store(sys.argv[1])
def answer(added):
    print(len(added), flush=True)
    time.sleep(600)
    return "{}"
store.append(int(sys.argv[2]), ["deal", "3 call"], after=0, by="floor", key="k", answer=answer)
"""


def test_a_writer_killed_inside_its_transaction_leaves_nothing(store_url: str) -> None:
    with open_store(store_url) as store:
        hand = store.start_hand("7", HEADER)
    writer = subprocess.Popen(
        [sys.executable, "-c", DIES_INSIDE, store_url, str(hand.id)],
        stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)},
    )  # fmt: skip
    assert writer.stdout is not None
    assert writer.stdout.readline() == "2\n"  # both events inserted, not yet committed
    os.kill(writer.pid, signal.SIGKILL)
    writer.wait()
    writer.stdout.close()
    with open_store(store_url) as store:
        assert store.records(hand.id) == []
        assert staff_of(store).answered("floor", "k") is None
        assert store.append(hand.id, ["deal"], after=0)[0].text == "deal"


def test_two_writers_on_the_same_view_store_one_and_refuse_the_other(store_url: str) -> None:
    with open_store(store_url) as first:
        hand = first.start_hand("7", HEADER)
        seen = first.append(hand.id, ["deal"], after=0)[-1].id
        outcome: list[BaseException | list[Record]] = []

        def other_writer() -> None:
            with open_store(store_url) as second:
                try:
                    outcome.append(second.append(hand.id, ["1 call"], after=seen))
                except StoreError as error:
                    outcome.append(error)

        racer = threading.Thread(target=other_writer)

        def while_holding_the_table(added: object) -> str:
            racer.start()
            racer.join(0.5)  # let it reach the lock; it is refused whenever it gets there
            return "{}"

        first.append(hand.id, ["3 call"], after=seen, key="k", answer=while_holding_the_table)
        racer.join()
        assert len(outcome) == 1
        assert isinstance(outcome[0], StoreConflict)
        assert [r.text for r in first.events(hand.id)] == ["deal", "3 call"]


def test_on_postgresql_a_writer_at_another_table_does_not_wait(pg_url: str) -> None:
    with open_store(pg_url) as first, open_store(pg_url) as second:
        seven, eight = first.start_hand("7", HEADER), first.start_hand("8", HEADER)
        second.database.rows("SET lock_timeout = '60s'")  # were it to wait, it fails, not hangs
        stored: list[str] = []

        def while_holding_table_7(added: object) -> str:
            stored.extend(r.text or "" for r in second.append(eight.id, ["deal"], after=0))
            return "{}"

        first.append(seven.id, ["deal"], after=0, key="k", answer=while_holding_table_7)
        assert stored == ["deal"]
        assert [r.text for r in first.events(seven.id)] == ["deal"]


_FUZZ = settings(
    max_examples=int(os.environ.get("FLOORMAN_FUZZ_EXAMPLES", "10")),
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
_TEXT = st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), min_size=1, max_size=80)


@_FUZZ
@given(table=_TEXT, texts=st.lists(_TEXT, min_size=1, max_size=4))
@example(table="a\x00b", texts=["deal"])
@example(table="7", texts=["note \x00 here"])
@example(table="🂡 \u202e", texts=["note ünï 🂡", "x" * 80])
def test_any_table_name_and_event_text_is_kept_as_given_or_refused_in_one_line(
    pg_url: str, table: str, texts: list[str]
) -> None:
    """PostgreSQL, whose text refuses NUL: a name or text holding one is one StoreError
    line and nothing is stored; anything else reads back exactly as written."""
    nul = "\x00" in table or any("\x00" in text for text in texts)
    with open_store(pg_url) as store:
        if nul:
            with pytest.raises(StoreError) as refused:
                _started_and_appended(store, table, texts)
            assert "\n" not in str(refused.value)
            assert "NUL" in str(refused.value)
            return
        hand = _started_and_appended(store, table, texts)
        found = store.open_hand(table)
        assert found is not None
        assert (found.id, found.table) == (hand.id, table)
        assert [r.text for r in store.events(hand.id)][-len(texts) :] == texts


def _started_and_appended(store: Store, table: str, texts: list[str]) -> StoredHand:
    hand = store.open_hand(table) or store.start_hand(table, HEADER)
    store.append(hand.id, texts)
    return hand
