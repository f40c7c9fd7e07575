"""A PostgreSQL store floorman may not write, in the ways a room meets one: a database
whose transactions may only read (``default_transaction_read_only``), a role granted
only ``SELECT``, and a hot standby. It is still read, by every command that reads and
by the server's pages and API; a write is one line saying the store is read-only (on
the server a 503 with ``Retry-After`` that does not say where the store is), and
nothing changes. Once it can be written again, a post sent again with its
``Idempotency-Key`` is stored once. A store that needs an upgrade is refused until it
is upgraded where it can be written; opening one that needs none waits on no writer.
"""

from __future__ import annotations

import json
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import psycopg
import pytest
from pgcluster import PASSWORD, Cluster, standby
from roomserver import Room, Serve, csrf_of, floorman, new_table, running_server

from floorman.store._backend import masked, open_database
from floorman.store._postgres import _LOCK
from floorman.store._schema import POSTGRES
from floorman.store.errors import Unavailable
from floorman.store.hands import open_store
from floorman.store.staff import open_staff

UPGRADE = "upgrade it with floorman db upgrade where it can be written"


@dataclass(frozen=True)
class ReadOnly:
    """A store, the URL its owner writes it through, and the URL of a user that the
    test makes unable to write it and able again."""

    cluster: Cluster
    form: str
    owner: str
    url: str

    @property
    def database(self) -> str:
        return urlsplit(self.owner).path.lstrip("/")

    @property
    def reader(self) -> str:
        return f"reader_{self.database}"

    @property
    def refused(self) -> str:
        """How a refused write begins: the command's line, up to what PostgreSQL said."""
        if self.form == "database":
            why = "(PostgreSQL takes no writes here: a standby, or default_transaction_read_only)"
            return f"{self.read_only} {why}"
        return f"{self.read_only} to user {self.reader} (permission denied for "

    @property
    def read_only(self) -> str:
        """How any refusal of the store begins."""
        return f"floorman: {masked(self.url)}: the store is read-only"

    def close(self) -> None:
        """Make the store read-only to :attr:`url`."""
        if self.form == "database":
            self._admin(f'ALTER DATABASE "{self.database}" SET default_transaction_read_only = on')
        else:
            self._owner(
                f"REVOKE ALL ON ALL TABLES IN SCHEMA public FROM {self.reader}",
                f"REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM {self.reader}",
                f"GRANT SELECT ON ALL TABLES IN SCHEMA public TO {self.reader}",
            )

    def open(self) -> None:
        """Let :attr:`url` write the store again (a role: as much as a station needs)."""
        if self.form == "database":
            self._admin(f'ALTER DATABASE "{self.database}" RESET default_transaction_read_only')
        else:
            self._owner(
                "GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public "
                f"TO {self.reader}",
                f"GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO {self.reader}",
            )

    def _admin(self, statement: str) -> None:
        """As the superuser, from another database: a read-only one takes not even this."""
        with psycopg.connect(self.cluster.url(), autocommit=True) as admin:
            admin.execute(statement.encode())

    def _owner(self, *statements: str) -> None:
        with psycopg.connect(self.owner, autocommit=True) as owner:
            for statement in statements:
                owner.execute(statement.encode())


@pytest.fixture(params=["database", "role"])
def store(request: pytest.FixtureRequest, pg_cluster: Cluster) -> Iterator[ReadOnly]:
    """A new database, and a user of it the test makes read-only: the owner itself, its
    database set to read-only transactions; or a role that will be granted only SELECT."""
    owner = pg_cluster.fresh()
    made = ReadOnly(pg_cluster, request.param, owner, owner)
    if request.param == "role":
        with psycopg.connect(pg_cluster.url(), autocommit=True) as admin:
            admin.execute(f"CREATE ROLE {made.reader} LOGIN PASSWORD '{PASSWORD}'".encode())
        made = ReadOnly(pg_cluster, "role", owner, pg_cluster.url(made.database, user=made.reader))
    yield made
    made._admin(f'ALTER DATABASE "{made.database}" RESET default_transaction_read_only')


def _one_line(done: subprocess.CompletedProcess[str], begins: str) -> None:
    """A command refused in one line beginning ``begins``, exit status 2."""
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert done.stderr.startswith(begins), done.stderr
    assert done.stderr.endswith("\n"), done.stderr
    assert done.stderr.count("\n") == 1, done.stderr
    assert "Traceback" not in done.stderr


def _read(store: ReadOnly, *args: str) -> str:
    done = floorman(store.url, *args)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_a_read_only_store_is_read_by_every_command_and_refuses_a_write_in_one_line(
    store: ReadOnly, tmp_path: Path
) -> None:
    new_table(store.owner, "7")
    added = floorman(store.owner, "add", "--table", "7", "deal", "3 call")
    assert added.returncode == 0, added.stderr
    store.close()

    assert "hand 1 at table 7, 2 events, in progress" in _read(store, "show", "--table", "7")
    log = _read(store, "log", "--table", "7")
    assert ("deal" in log, "3 call" in log) == (True, True)
    hands = _read(store, "hands")
    assert "table 7" in hands, hands
    assert "2 events" in hands, hands
    report = tmp_path / "report.pdf"
    _read(store, "report", "1", "-o", str(report))
    assert report.read_bytes().startswith(b"%PDF")
    assert _read(store, "db", "version").endswith(f": version {len(POSTGRES)}\n")

    for write in (
        ["add", "--table", "7", "4 call"],
        ["next", "--table", "7", "--force"],
        ["new", "--table", "8", "--button", "1", "--seats", "1=100,2=100"],
    ):
        _one_line(floorman(store.url, *write), store.refused)
    assert _read(store, "log", "--table", "7") == log
    assert _read(store, "hands") == hands


def test_the_store_api_reads_a_read_only_store_and_refuses_each_write_as_unavailable(
    store: ReadOnly,
) -> None:
    new_table(store.owner, "7")
    store.close()
    with open_store(store.url) as hands:
        assert hands.database.read_only is (store.form == "database")
        hand = hands.open_hand("7")
        assert hand is not None
        with pytest.raises(Unavailable) as refused:
            hands.append(hand.id, ["deal"])
        assert f"{refused.value}\n".startswith(store.refused.removeprefix("floorman: "))
        assert hands.events(hand.id) == []
    with open_staff(store.url) as staff, pytest.raises(Unavailable, match="read-only"):
        staff.new_station_token("7")


def test_opening_a_store_at_this_version_waits_on_no_writer_and_writes_nothing(
    pg_url: str,
) -> None:
    """A store is opened while another process holds the lock every writer of it takes:
    opening reads its version and no more, so a command that reads the store does not
    queue behind a writer, as it would if it wrote."""
    open_database(pg_url).close()
    with psycopg.connect(pg_url, autocommit=True) as writer:
        writer.execute("SELECT pg_advisory_lock(%s)", (_LOCK,))
        opened = open_database(f"{pg_url}&options=-c%20lock_timeout%3D10000")
        try:
            assert (opened.opened_at, opened.version) == (len(POSTGRES), len(POSTGRES))
            assert opened.read_only is False
        finally:
            opened.close()


def _old(owner: str, version: int) -> None:
    """Make the empty database at ``owner`` a store as the floorman of ``version`` made it."""
    with psycopg.connect(owner, autocommit=True) as db:
        db.execute("CREATE TABLE floorman_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        db.execute("INSERT INTO floorman_meta (key, value) VALUES ('schema', %s)", (str(version),))
        for migration in POSTGRES[:version]:
            db.execute(migration.encode())


def _version(owner: str) -> str:
    with psycopg.connect(owner, autocommit=True) as db:
        found = db.execute("SELECT value FROM floorman_meta WHERE key = 'schema'").fetchone()
    assert found is not None
    return str(found[0])


def test_a_store_needing_an_upgrade_is_refused_until_upgraded_where_it_can_be_written(
    store: ReadOnly,
) -> None:
    store.close()
    empty = floorman(store.url, "hands")
    _one_line(empty, store.read_only)
    assert empty.stderr.endswith(f" and holds no floorman tables yet: {UPGRADE}\n")

    store.open()
    older = len(POSTGRES) - 1
    _old(store.owner, older)
    store.close()
    for command in (["show", "--table", "7"], ["db", "upgrade"]):
        refused = floorman(store.url, *command)  # a role may write, yet not migrate
        _one_line(refused, store.read_only)
        assert refused.stderr.endswith(
            f" and at version {older}, older than this floorman's {len(POSTGRES)}: {UPGRADE}\n"
        )
    assert _version(store.owner) == str(older)

    store.open()
    upgraded = floorman(store.owner, "db", "upgrade")
    assert upgraded.stdout.endswith(f"upgraded from version {older} to {len(POSTGRES)}\n")
    store.close()
    assert _read(store, "db", "version").endswith(f": version {len(POSTGRES)}\n")


def _unavailable(answer: httpx.Response, store: ReadOnly) -> None:
    """A 503 to retry, saying nothing of where the store is."""
    assert answer.status_code == 503, answer.text
    assert int(answer.headers["retry-after"]) > 0
    for where in (store.url, masked(store.url), str(store.cluster.socket), store.database):
        assert where not in answer.text
    assert "postgresql" not in answer.text.lower()


def _texts(station: httpx.Client) -> list[str]:
    answer = station.get("/api/tables/7")
    assert answer.status_code == 200, answer.text
    return [event["text"] for event in answer.json()["events"]]


def test_the_server_reads_a_read_only_store_and_stores_a_refused_post_once_when_it_can(
    store: ReadOnly, room_server: Serve
) -> None:
    with room_server(store.owner, ("7",)) as room:
        cookie = room.signed_in().headers["cookie"]
        posted = room.station("7").post(
            "/api/tables/7/events", json={"events": ["deal"]}, headers={"idempotency-key": "k1"}
        )
        assert posted.status_code == 200, posted.text
        stations = dict(room.stations)
    store.close()

    with running_server(store.url) as address:
        served = Room(address, store.url, stations)
        try:
            station, floor = served.station("7"), served.client(cookie=cookie)
            for path in ("/api/tables", "/api/tables/7", "/api/tables/7/state"):
                assert station.get(path).status_code == 200, path
            for path in ("/", "/tables/7", "/tables/7/hands/1", "/api/tables/7/hands"):
                answer = floor.get(path)
                assert answer.status_code == 200, (path, answer.text[:300])

            call = {"json": {"events": ["3 call"]}, "headers": {"idempotency-key": "k2"}}
            _unavailable(station.post("/api/tables/7/events", **call), store)
            _unavailable(station.post("/api/tables/7/next", json={"force": True}), store)
            csrf = {"x-csrf-token": csrf_of(floor.get("/tables/7").text)}
            _unavailable(
                floor.post("/api/tables/7/events", json={"events": ["note"]}, headers=csrf),
                store,
            )
            assert _texts(station) == ["deal"]

            store.open()  # the same server, the same post: stored, and once
            again = station.post("/api/tables/7/events", **call)
            assert again.status_code == 200, again.text
            replayed = station.post("/api/tables/7/events", **call)
            assert (replayed.status_code, replayed.json()["replayed"]) == (200, True)
            assert _texts(station) == ["deal", "3 call"]
        finally:
            for client in served.clients:
                client.close()


def test_a_role_refused_a_read_is_a_503_that_does_not_say_where_the_store_is(
    pg_cluster: Cluster, room_server: Serve
) -> None:
    """A role that may read some of the store and not the rest (a grant forgotten) is a
    failure of the store, not of the caller: a 503 naming neither the store nor the role."""
    owner = pg_cluster.fresh()
    name = urlsplit(owner).path.lstrip("/")
    store = ReadOnly(pg_cluster, "role", owner, pg_cluster.url(name, user=f"reader_{name}"))
    with psycopg.connect(pg_cluster.url(), autocommit=True) as admin:
        admin.execute(f"CREATE ROLE {store.reader} LOGIN PASSWORD '{PASSWORD}'".encode())
    with room_server(owner, ("7",)) as room:
        stations = dict(room.stations)
    store.close()
    store._owner(f"REVOKE SELECT ON records FROM {store.reader}")
    with running_server(store.url) as address:
        served = Room(address, store.url, stations)
        try:
            answer = served.station("7").get("/api/tables/7")
            _unavailable(answer, store)
            assert store.reader not in answer.text
        finally:
            for client in served.clients:
                client.close()


def _shown(client: httpx.Client, table: str, last: int) -> None:
    """Follow the live-update stream until it shows ``table`` at record ``last`` (a
    stream that shows it not within a minute, keep-alives and all, fails)."""
    deadline = time.monotonic() + 60
    with client.stream("GET", "/api/stream?view=card") as answer:
        assert answer.status_code == 200
        for line in answer.iter_lines():
            if line.startswith("data: "):
                shown = json.loads(line.removeprefix("data: "))
                if shown["table"] == table and shown["last"] == last:
                    return
            assert time.monotonic() < deadline, f"table {table} at {last} not shown"
    raise AssertionError(f"the stream ended before table {table} at {last}")


def test_a_hot_standby_is_read_refuses_writes_and_its_pages_follow_the_primary(
    pg_cluster: Cluster, room_server: Serve
) -> None:
    """A standby takes no write and no ``LISTEN``, and the primary's announcements do not
    reach it: the commands and a server read it, a write is refused as read-only, and a
    server on it looks at the store for what the primary records."""
    primary = pg_cluster.fresh()
    name = urlsplit(primary).path.lstrip("/")
    with room_server(primary, ("7",)) as room:
        first = room.station("7").post("/api/tables/7/events", json={"events": ["deal"]})
        assert first.status_code == 200, first.text
        stations = dict(room.stations)
    with standby(pg_cluster) as replica:
        replica.caught_up(pg_cluster)
        url = replica.url(name)
        read_only = ReadOnly(replica, "database", url, url)
        assert "hand 1 at table 7, 1 events" in _read(read_only, "show", "--table", "7")
        _one_line(floorman(url, "add", "--table", "7", "3 call"), read_only.refused)
        with running_server(url) as address:
            served = Room(address, url, stations)
            try:
                station = served.station("7")
                assert _texts(station) == ["deal"]
                call = {"json": {"events": ["3 call"]}, "headers": {"idempotency-key": "k"}}
                _unavailable(station.post("/api/tables/7/events", **call), read_only)
                added = floorman(primary, "add", "--table", "7", "3 call")
                assert added.returncode == 0, added.stderr
                replica.caught_up(pg_cluster)
                _shown(station, "7", 2)
                assert _texts(station) == ["deal", "3 call"]
            finally:
                for client in served.clients:
                    client.close()
