"""The room under a failing machine: the server killed (``kill -9``) while stations post,
the store's disk full, the store read-only. Nothing a station was told is stored is
lost or stored twice, nothing it was not told is half-stored, a write the store cannot
take is a 503 with ``Retry-After`` that does not say where the store is, and the room's
reads are served throughout.

The server is ``floorman serve`` in its own process, as a room runs it (a ``kill -9``
needs a process to kill); the full and the read-only disks are small tmpfs mounts of
the test's own, made and unmade by the test (skipped where mounting is not allowed).
"""

from __future__ import annotations

import errno
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest
from roomserver import PASSWORD, Room, csrf_of, floorman, new_table, until_serving

pytestmark = [pytest.mark.server, pytest.mark.slow]

BOUND = 60.0
"""How long anything here may take before the test calls it stuck."""
EVENTS_A_POST = 3
"""Each post carries several events: a post half-stored would show as some of them."""


@dataclass
class Served:
    """A ``floorman serve`` process on ``db``, and the room it serves."""

    process: subprocess.Popen[bytes]
    room: Room
    log: Path


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _prepared(db: Path, tables: tuple[str, ...]) -> dict[str, str]:
    """A hand in progress at each table, the floor user, and each table's station token."""
    for table in tables:
        new_table(db, table)
    added = floorman(db, "users", "add", "floor", "--role", "floor", stdin=PASSWORD + "\n")
    assert added.returncode == 0, added.stderr
    tokens = {}
    for table in tables:
        made = floorman(db, "station", "token", table)
        assert made.returncode == 0, made.stderr
        tokens[table] = made.stdout.strip()
    return tokens


def _start(db: Path, stations: dict[str, str], log: Path) -> Served:
    port = _free_port()
    argv = [sys.executable, "-m", "floorman", "serve", "--db", str(db), "--port", str(port)]
    with log.open("ab") as sink:
        process = subprocess.Popen(argv, stdout=sink, stderr=sink, env=dict(os.environ))
    url = f"http://127.0.0.1:{port}"
    until_serving(url, process, log, BOUND)
    return Served(process, Room(url, db, dict(stations)), log)


@contextmanager
def serving(db: Path, stations: dict[str, str], log: Path) -> Iterator[Served]:
    """``floorman serve`` on ``db`` while the block runs, killed at the end if still alive."""
    served = _start(db, stations, log)
    try:
        yield served
    finally:
        for client in served.room.clients:
            client.close()
        if served.process.poll() is None:
            served.process.terminate()
            served.process.wait(timeout=BOUND)


@contextmanager
def small_disk(folder: Path, size: str) -> Iterator[Path]:
    """A tmpfs of ``size`` mounted at ``folder`` while the block runs."""
    folder.mkdir(parents=True, exist_ok=True)
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size},mode=0755", "tmpfs", str(folder)],
        capture_output=True,
        text=True,
        check=False,
    )
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs for the store here: {mounted.stderr.strip()}")
    try:
        yield folder
    finally:
        deadline = time.monotonic() + BOUND
        while subprocess.run(["umount", str(folder)], check=False).returncode != 0:
            assert time.monotonic() < deadline, f"{folder} stays mounted"
            time.sleep(0.2)


def _remount(folder: Path, mode: str) -> None:
    """The mount at ``folder`` made ``ro`` or ``rw`` again."""
    deadline = time.monotonic() + BOUND
    while True:
        done = subprocess.run(
            ["mount", "-o", f"remount,{mode}", str(folder)], capture_output=True, check=False
        )
        if done.returncode == 0:
            return
        assert time.monotonic() < deadline, done.stderr
        time.sleep(0.05)


def _texts(client: httpx.Client, table: str) -> list[str]:
    answer = client.get(f"/api/tables/{table}")
    assert answer.status_code == 200, answer.text
    return [event["text"] for event in answer.json()["events"]]


def _post_texts(tag: str) -> list[str]:
    return [f"note {tag} event {n}" for n in range(EVENTS_A_POST)]


def _post(client: httpx.Client, table: str, tag: str) -> httpx.Response:
    """A post of ``tag``'s events with ``tag`` as its idempotency key; asked again while
    another writer at the table got there first (409)."""
    while True:
        answer = client.post(
            f"/api/tables/{table}/events",
            json={"events": _post_texts(tag)},
            headers={"idempotency-key": tag},
        )
        if answer.status_code != 409:
            return answer


def _post_until_stored(client: httpx.Client, table: str, tag: str) -> httpx.Response:
    """:func:`_post`, sent again after each 503 for as long as ``Retry-After`` says."""
    deadline = time.monotonic() + BOUND
    while True:
        answer = _post(client, table, tag)
        if answer.status_code != 503 or time.monotonic() > deadline:
            return answer
        time.sleep(int(answer.headers["retry-after"]))


def _stored_once_or_not_at_all(texts: list[str], tags: list[str]) -> set[str]:
    """The posts of ``tags`` found stored: each one whole and once, or not at all."""
    counts = Counter(texts)
    stored = set()
    for tag in tags:
        found = [counts[text] for text in _post_texts(tag)]
        assert found in ([0] * EVENTS_A_POST, [1] * EVENTS_A_POST), (tag, found)
        if found[0]:
            stored.add(tag)
    return stored


# kill -9 under load -------------------------------------------------------------------


@dataclass
class Poster:
    """A station posting one post after another until the server goes."""

    name: str
    table: str
    client: httpx.Client
    acknowledged: list[str] = field(default_factory=list)
    in_flight: str | None = None
    failures: list[str] = field(default_factory=list)

    def run(self) -> None:
        for number in range(10_000):
            tag = f"{self.name}-{number}"
            self.in_flight = tag
            try:
                answer = _post(self.client, self.table, tag)
            except httpx.TransportError:
                return
            if answer.status_code == 200:
                self.acknowledged.append(tag)
                self.in_flight = None
            elif answer.status_code != 503:
                self.failures.append(f"{tag}: {answer.status_code} {answer.text}")
                return


def test_a_server_killed_while_stations_post_keeps_every_acknowledged_post_once(
    tmp_path: Path,
) -> None:
    db = tmp_path / "room.db"
    tables = ("1", "2")
    stations = _prepared(db, tables)
    log = tmp_path / "serve.log"
    with serving(db, stations, log) as served:
        posters = [
            Poster(f"s{n}", tables[n % 2], served.room.station(tables[n % 2])) for n in range(6)
        ]
        threads = [threading.Thread(target=p.run, daemon=True) for p in posters]
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + BOUND
        while sum(len(p.acknowledged) for p in posters) < 30:
            assert time.monotonic() < deadline, "the stations' posts are not answered"
            assert all(thread.is_alive() for thread in threads), [p.failures for p in posters]
            time.sleep(0.05)
        served.process.send_signal(signal.SIGKILL)
        served.process.wait(timeout=BOUND)
        for thread in threads:
            thread.join(BOUND)
            assert not thread.is_alive(), "a station is still waiting on a killed server"
    assert [f for p in posters for f in p.failures] == []
    in_flight = [p for p in posters if p.in_flight is not None]
    assert in_flight, "no post was under way when the server was killed"

    with serving(db, stations, log) as again:
        for table in tables:
            texts = _texts(again.room.station(table), table)
            mine = [p for p in posters if p.table == table]
            tags = [t for p in mine for t in [*p.acknowledged, p.in_flight] if t is not None]
            stored = _stored_once_or_not_at_all(texts, tags)
            assert stored >= {t for p in mine for t in p.acknowledged}
        for poster in in_flight:  # each station sends again what it was not answered
            assert poster.in_flight is not None
            retried = _post(again.room.station(poster.table), poster.table, poster.in_flight)
            assert retried.status_code == 200, retried.text
        for table in tables:
            texts = _texts(again.room.station(table), table)
            mine = [p for p in posters if p.table == table]
            tags = [t for p in mine for t in [*p.acknowledged, p.in_flight] if t is not None]
            assert _stored_once_or_not_at_all(texts, tags) == set(tags)
            assert len(texts) == EVENTS_A_POST * len(tags)


# a full disk -----------------------------------------------------------------------


def _fill(folder: Path) -> Path:
    """A file taking every byte left on the disk at ``folder``."""
    filler = folder / "filler"
    sink = os.open(filler, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        for size in (1 << 16, 1 << 12, 1):
            with pytest.raises(OSError, match="No space left") as full:
                _write_forever(sink, b"\0" * size)
            assert full.value.errno == errno.ENOSPC
    finally:
        os.close(sink)
    return filler


def _write_forever(sink: int, block: bytes) -> None:
    while os.write(sink, block):
        pass


def _unavailable(answer: httpx.Response, folder: Path) -> None:
    """A 503 to retry, saying nothing of where the store is."""
    assert answer.status_code == 503, answer.text
    assert int(answer.headers["retry-after"]) > 0
    assert str(folder) not in answer.text
    assert "room.db" not in answer.text


def _reads_served(served: Served, floor: httpx.Client, table: str) -> None:
    """The room's reads, by a station and by the floor (signed in before), each answered."""
    station = served.room.station(table)
    assert station.get(f"/api/tables/{table}").status_code == 200
    assert station.get(f"/api/tables/{table}/state").status_code == 200
    for path in ("/", f"/tables/{table}", "/api/tables", f"/api/tables/{table}/hands"):
        answer = floor.get(path)
        assert answer.status_code == 200, (path, answer.status_code, answer.text[:300])


def test_a_full_disk_refuses_posts_with_a_503_serves_reads_and_recovers(
    tmp_path: Path,
) -> None:
    with small_disk(tmp_path / "disk", "2m") as disk:
        db = disk / "room.db"
        stations = _prepared(db, ("7",))
        with serving(db, stations, tmp_path / "serve.log") as served:
            floor = served.room.signed_in()
            station = served.room.station("7")
            acknowledged = []
            for number in range(3):
                tag = f"before-{number}"
                assert _post(station, "7", tag).status_code == 200
                acknowledged.append(tag)
            filler = _fill(disk)

            refused: list[str] = []
            for number in range(200):  # until the store has no page left to fill
                tag = f"full-{number}"
                answer = _post(station, "7", tag)
                if answer.status_code == 200:
                    acknowledged.append(tag)
                    continue
                _unavailable(answer, disk)
                refused.append(tag)
                break
            assert refused, "every post was stored on a full disk"
            _reads_served(served, floor, "7")

            filler.unlink()
            for tag in refused:  # the station sends again what it was refused
                assert _post(station, "7", tag).status_code == 200
            assert _post(station, "7", "after").status_code == 200
            texts = _texts(station, "7")
            tags = [*acknowledged, *refused, "after"]
            assert _stored_once_or_not_at_all(texts, tags) == set(tags)
            assert len(texts) == EVENTS_A_POST * len(tags)


# a read-only store -------------------------------------------------------------------


def _writes_refused(served: Served, floor: httpx.Client, folder: Path) -> None:
    """Every kind of write, by a station and by the floor, a 503 to retry."""
    station = served.room.station("7")
    _unavailable(_post(station, "7", "read-only"), folder)
    _unavailable(station.post("/api/tables/7/undo", json={}), folder)
    _unavailable(station.post("/api/tables/7/next", json={"force": True}), folder)
    csrf = {"x-csrf-token": csrf_of(floor.get("/tables/7").text)}
    for path, body in (
        ("/api/tables/7/events", {"events": ["note by the floor"]}),
        ("/api/tables/7/changes", {"kind": "sitout", "seat": 3}),
    ):
        _unavailable(floor.post(path, json=body, headers=csrf), folder)


def test_a_read_only_store_serves_every_read_and_refuses_writes_with_a_503(
    tmp_path: Path,
) -> None:
    with small_disk(tmp_path / "disk", "8m") as disk:
        db = disk / "room.db"
        stations = _prepared(db, ("7",))
        log = tmp_path / "serve.log"
        with serving(db, stations, log) as served:
            cookie = served.room.signed_in().headers["cookie"]
            station = served.room.station("7")
            tags = [f"before-{n}" for n in range(3)]
            for tag in tags:
                assert _post(station, "7", tag).status_code == 200
            served.process.send_signal(signal.SIGKILL)  # its journal left beside the store
            served.process.wait(timeout=BOUND)
        _remount(disk, "ro")

        with serving(db, stations, log) as served:
            floor = served.room.client(cookie=cookie)
            _reads_served(served, floor, "7")
            report = floor.get("/tables/7/report.pdf")
            assert report.status_code == 200, report.text
            assert report.content.startswith(b"%PDF")
            _writes_refused(served, floor, disk)
            station = served.room.station("7")
            assert _stored_once_or_not_at_all(_texts(station, "7"), tags) == set(tags)
            _remount(disk, "rw")  # written again once the disk can be
            answer = _post_until_stored(station, "7", "after")
            assert answer.status_code == 200, (answer.text, log.read_text()[-3000:])
            texts = _texts(station, "7")
            assert _stored_once_or_not_at_all(texts, [*tags, "after"]) == {*tags, "after"}
