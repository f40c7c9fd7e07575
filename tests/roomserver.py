"""A real card room server for the tests: uvicorn on a free loopback port, in a thread,
on a store of the test's own, with a floor user, a trainer and a table's station."""

from __future__ import annotations

import re
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest
import uvicorn

from floorman.server.app import create_app

PASSWORD = "felt-and-chips"
SEATS = "1=100,2=100,3=100,4=100,5=100,6=100"
PREMATURE_TURN = [
    "deal", "3 call", "4 call", "5 fold", "6 fold", "1 call", "2 check",
    "burn", "flop Ah Kd 7c", "1 check", "2 bet 6", "turn 7d",
]  # fmt: skip
"""A hand in which the dealer turns the turn before seat 3 has acted on the flop."""


def floorman(
    db: str | Path, *args: str, stdin: str | None = None
) -> subprocess.CompletedProcess[str]:
    """Run the ``floorman`` command on the store ``db``, as a person at a terminal would."""
    return subprocess.run(
        [sys.executable, "-m", "floorman", *args, "--db", str(db)],
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
    )


def new_table(db: str | Path, table: str, button: int = 6) -> None:
    made = floorman(db, "new", "--table", table, "--button", str(button), "--seats", SEATS)
    assert made.returncode == 0, made.stderr


@dataclass
class Room:
    """The server's address, and the people and devices that may use it."""

    url: str
    db: str | Path
    stations: dict[str, str] = field(default_factory=dict)
    """Table to its station token."""
    clients: list[httpx.Client] = field(default_factory=list)
    """Every client handed out, closed when the room closes."""

    def table(self, table: str, button: int = 6) -> httpx.Client:
        """A new table with a hand in progress, and a client for its station."""
        new_table(self.db, table, button)
        made = floorman(self.db, "station", "token", table)
        assert made.returncode == 0, made.stderr
        self.stations[table] = made.stdout.strip()
        return self.station(table)

    def client(self, **headers: str) -> httpx.Client:
        client = httpx.Client(base_url=self.url, headers=headers, timeout=30)
        self.clients.append(client)
        return client

    def station(self, table: str) -> httpx.Client:
        return self.client(authorization=f"Bearer {self.stations[table]}")

    def signed_in(self, name: str = "floor", password: str = PASSWORD) -> httpx.Client:
        """A client with a floor (or trainer) session; the cookie is sent by hand, since it
        is a Secure cookie that a client only sends on HTTPS of its own accord."""
        client = self.client()
        csrf = login_csrf(client)
        answer = client.post("/login", data={"name": name, "password": password, "csrf": csrf})
        assert answer.status_code == 303, answer.text
        assert answer.headers["location"] == "/"
        session = cookie_value(answer, "floorman_session")
        client.headers["cookie"] = f"floorman_session={session}"
        return client


def cookie_value(response: httpx.Response, name: str) -> str:
    for header in response.headers.get_list("set-cookie"):
        found = re.match(rf"{name}=([^;]*)", header)
        if found:
            return found.group(1)
    raise AssertionError(f"no {name} cookie set")


def login_csrf(client: httpx.Client) -> str:
    """Open the sign-in page; keep its CSRF cookie on the client and return the token."""
    page = client.get("/login")
    token = cookie_value(page, "floorman_login")
    client.headers["cookie"] = f"floorman_login={token}"
    return token


def csrf_of(page: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', page)
    assert found, "no CSRF field on the page"
    return found.group(1)


@contextmanager
def running_server(db: str | Path) -> Iterator[str]:
    """uvicorn serving the app on a free loopback port; its address while it runs."""
    config = uvicorn.Config(
        create_app(db), host="127.0.0.1", port=0, log_level="warning",
        timeout_graceful_shutdown=1, lifespan="on",
    )  # fmt: skip
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    started = threading.Event()
    for _ in range(600):
        if server.started:
            started.set()
            break
        if not thread.is_alive():
            break
        thread.join(0.05)
    assert started.is_set(), "the server did not start"
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(30)
        assert not thread.is_alive(), "the server did not stop"


@contextmanager
def running_room(db: str | Path, tables: Sequence[str] = ("7", "8")) -> Iterator[Room]:
    """A room with hands in progress at ``tables``, the user ``floor`` (floor), ``coach``
    (trainer) and a station token for each table, served while the block runs."""
    for table in tables:
        new_table(db, table)
    for name, role in (("floor", "floor"), ("coach", "trainer")):
        added = floorman(db, "users", "add", name, "--role", role, stdin=PASSWORD + "\n")
        assert added.returncode == 0, added.stderr
    stations = {}
    for table in tables:
        made = floorman(db, "station", "token", table)
        assert made.returncode == 0, made.stderr
        stations[table] = made.stdout.strip()
    with running_server(db) as url:
        room = Room(url, db, stations)
        try:
            yield room
        finally:
            for client in room.clients:
                client.close()


Serve = Callable[..., AbstractContextManager[Room]]
"""What the ``room_server`` fixture gives: :func:`running_room`."""


@contextmanager
def room_on_either_store(
    serve: Serve,
    request: pytest.FixtureRequest,
    tmp_path_factory: pytest.TempPathFactory,
    tables: Sequence[str] = ("7", "8"),
) -> Iterator[Room]:
    """A room served by ``serve`` (:func:`running_room`) on a new SQLite file or PostgreSQL
    database, as the fixture's parameter (``sqlite`` or ``postgresql``) says."""
    if request.param == "sqlite":
        where: str = str(tmp_path_factory.mktemp("room") / "room.db")
    else:
        where = request.getfixturevalue("pg_cluster").fresh()
    with serve(where, tables) as served:
        yield served


def until_serving(
    url: str, process: subprocess.Popen[bytes], log: Path, bound: float = 60.0
) -> None:
    """Wait until the ``floorman serve`` ``process`` answers its sign-in page at ``url``;
    its ``log`` shown if it stops first or takes longer than ``bound`` seconds."""
    import time

    deadline = time.monotonic() + bound
    while True:
        try:
            if httpx.get(f"{url}/login", timeout=5).status_code == 200:
                return
        except httpx.TransportError:
            pass
        assert process.poll() is None, log.read_text()
        assert time.monotonic() < deadline, log.read_text()
        time.sleep(0.1)


@contextmanager
def serving_process(db: str | Path) -> Iterator[str]:
    """``floorman serve`` on the store ``db`` as a process of its own, on a free loopback
    port: another server of the same room. Its address while it runs."""
    import socket
    import time

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    url = f"http://127.0.0.1:{port}"
    process = subprocess.Popen(
        [sys.executable, "-m", "floorman", "serve", "--db", str(db), "--port", str(port)],
        stdout=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and process.poll() is None:
            try:
                if httpx.get(f"{url}/login", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.05)
        else:
            raise AssertionError("the second server did not start")
        yield url
    finally:
        process.terminate()
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
