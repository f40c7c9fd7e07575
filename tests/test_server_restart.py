"""PostgreSQL restarted under a running card room server, on a cluster of the module's own
(the restart cuts every connection to it): the server's kept connections are found broken
and replaced without a post or a page failing, and a connection that breaks while a
transaction commits is told apart from one that broke before."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import psycopg
import pytest
from pgcluster import Cluster, binaries, cluster
from roomserver import Room, Serve

from floorman.store._backend import Database, open_database
from floorman.store.errors import Disconnected, OutcomeUnknown


@pytest.fixture(scope="module")
def own_cluster() -> Iterator[Cluster]:
    bindir = binaries()
    if bindir is None:
        pytest.skip("PostgreSQL is not installed (initdb, pg_ctl)")
    with cluster(bindir) as running:
        yield running


def _terminate(own: Cluster, pid: int) -> None:
    """End the server process of connection ``pid``, waiting until it is gone."""
    with psycopg.connect(own.url(), autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(%s, 60000)", (pid,))


def _busy(room: Room, tag: str, kept: list[str], failures: list[str]) -> None:
    """A station posting three notes and a floor page read after each, as one of many."""
    station, floor = room.station("7"), room.signed_in()
    for number in range(3):
        text = f"note {tag} {number}"
        while True:  # refused while another station's post was being stored: again
            answer = station.post(
                "/api/tables/7/events",
                json={"events": [text]},
                headers={"idempotency-key": f"{tag}-{number}"},
            )
            if answer.status_code != 409:
                break
        if answer.status_code != 200:
            failures.append(f"{text}: {answer.status_code} {answer.text}")
            continue
        kept.append(text)
        page = floor.get("/tables/7")
        if page.status_code != 200:
            failures.append(f"page: {page.status_code}")


def test_posts_and_pages_after_a_restart_are_answered_and_stored_once(
    own_cluster: Cluster, room_server: Serve
) -> None:
    with room_server(own_cluster.fresh()) as room:
        acknowledged: list[str] = []
        failures: list[str] = []
        for round_ in range(3):  # many at once: each of the server's threads kept a connection
            posting = [
                threading.Thread(
                    target=_busy, args=(room, f"r{round_}s{n}", acknowledged, failures)
                )
                for n in range(8)
            ]
            for thread in posting:
                thread.start()
            for thread in posting:
                thread.join()
            own_cluster.restart()
        assert failures == []
        events = [e["text"] for e in room.signed_in().get("/api/tables/7").json()["events"]]
        assert sorted(events) == sorted(acknowledged)
        assert len(set(events)) == len(events) == 3 * 8 * 3


def _cut_while_writing(database: Database, own: Cluster, *, then: str | None) -> None:
    """A write whose server process ends inside it, before the statement ``then``
    (none: just before the write commits)."""
    pid = int(database.rows("SELECT pg_backend_pid()")[0][0])
    with database.write():
        database.rows("SELECT 1")
        _terminate(own, pid)
        if then is not None:
            database.rows(then)


def test_a_connection_lost_before_commit_is_disconnected_and_keeps_nothing(
    own_cluster: Cluster,
) -> None:
    url = own_cluster.fresh()
    database = open_database(url)
    try:
        database.rows("CREATE TABLE probe (n INTEGER)")
        database.rows("INSERT INTO probe (n) VALUES (1)")  # kept: written before the write
        with pytest.raises(Disconnected, match="the connection was lost"):
            _cut_while_writing(database, own_cluster, then="INSERT INTO probe (n) VALUES (2)")
    finally:
        database.close()
    again = open_database(url)
    try:
        assert again.rows("SELECT n FROM probe") == [(1,)]
    finally:
        again.close()


def test_a_connection_lost_while_committing_is_an_unknown_outcome(own_cluster: Cluster) -> None:
    url = own_cluster.fresh()
    database = open_database(url)
    try:
        with pytest.raises(OutcomeUnknown, match="may or may not be stored"):
            _cut_while_writing(database, own_cluster, then=None)
        assert not isinstance(OutcomeUnknown("x"), Disconnected)
    finally:
        database.close()


def test_a_store_that_is_down_is_a_503_to_retry_that_never_says_where_the_store_is(
    own_cluster: Cluster, room_server: Serve
) -> None:
    with room_server(own_cluster.fresh()) as room:
        station, floor = room.station("7"), room.signed_in()
        assert station.get("/api/tables/7").status_code == 200
        own_cluster.stop()
        try:
            answers = [
                station.get("/api/tables/7"),
                station.post("/api/tables/7/events", json={"events": ["note down"]}),
                floor.get("/tables/7"),
            ]
        finally:
            own_cluster.start()
        for answer in answers:
            assert answer.status_code == 503, answer.text
            assert answer.headers["retry-after"] == "2"
            assert "try again" in answer.text
            for secret in (str(own_cluster.socket), own_cluster.superuser, "postgresql"):
                assert secret not in answer.text
        assert answers[0].json() == {
            "error": "the store is unavailable for now: try again in a moment"
        }
        for _ in range(30):  # as a client does: again with the same key after Retry-After
            retried = station.post(
                "/api/tables/7/events",
                json={"events": ["note up"]},
                headers={"idempotency-key": "up"},
            )
            if retried.status_code != 503:
                break
            time.sleep(float(retried.headers["retry-after"]))
        assert retried.status_code == 200, retried.text
        texts = [e["text"] for e in station.get("/api/tables/7").json()["events"]]
        assert texts == ["note up"]
