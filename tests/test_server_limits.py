"""The room against whoever can open a TCP connection to it: connections that send
nothing, held beyond the files the process may open; request heads sent a byte at a
time; bodies that never end; live-update streams held open by the hundred. Each is
refused with one status or dropped within its deadline, the log says so once, and a
station still reads its table.

The server is ``floorman serve`` as a room runs it, in its own process under a low
``ulimit -n``; the attacker connects from other loopback addresses (127.0.0.2 and up)
than the station (127.0.0.1), as another device would."""

from __future__ import annotations

import os
import resource
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from roomserver import floorman, new_table, until_serving

pytestmark = [pytest.mark.server, pytest.mark.slow]

OPEN_FILES = 512
"""The server's ``ulimit -n``: the attacks below hold more connections than this."""
BOUND = 60.0
"""How long anything here may take before the test calls it stuck."""


@dataclass
class Served:
    port: int
    token: str
    log: Path

    def station_read(self) -> httpx.Response:
        """The station's read of its table, asked again while the room says to wait."""
        deadline = time.monotonic() + BOUND
        headers = {"authorization": f"Bearer {self.token}"}
        while True:
            try:
                answer = httpx.get(f"{self._url}/api/tables/7", headers=headers, timeout=BOUND)
                if answer.status_code != 503 or time.monotonic() > deadline:
                    return answer
            except httpx.TransportError:
                if time.monotonic() > deadline:
                    raise
            time.sleep(0.5)

    @property
    def _url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def connect(self, source: str) -> socket.socket:
        """A connection from ``source`` (a loopback address) that sends nothing yet."""
        held = socket.socket()
        held.settimeout(BOUND)
        held.bind((source, 0))
        held.connect(("127.0.0.1", self.port))
        return held

    def request(self, path: str, source: str) -> bytes:
        return (
            f"GET {path} HTTP/1.1\r\nhost: 127.0.0.1:{self.port}\r\n"
            f"authorization: Bearer {self.token}\r\n\r\n"
        ).encode()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _low_ulimit() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (OPEN_FILES, OPEN_FILES))


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    where = tmp_path_factory.mktemp("limits")
    db = where / "room.db"
    new_table(db, "7")
    token = floorman(db, "station", "token", "7").stdout.strip()
    port = _free_port()
    log = where / "serve.log"
    argv = [sys.executable, "-m", "floorman", "serve", "--db", str(db), "--port", str(port),
            "--max-client-connections", "16", "--max-streams", "40", "--max-client-streams",
            "4", "--head-timeout", "2", "--body-timeout", "2"]  # fmt: skip
    with log.open("wb") as sink:
        process = subprocess.Popen(
            argv, stdout=sink, stderr=sink, preexec_fn=_low_ulimit, env=dict(os.environ)
        )
    room = Served(port, token, log)
    try:
        until_serving(f"http://127.0.0.1:{port}", process, log, BOUND)
        yield room
    finally:
        process.terminate()
        process.wait(timeout=BOUND)


def _status(held: socket.socket) -> int | None:
    """The status the server answers on ``held`` with, or ``None`` if it closed it unanswered."""
    try:
        first = held.recv(64)
    except ConnectionResetError:
        return None
    return int(first.split()[1]) if first.startswith(b"HTTP/1.1 ") else None


def _answer(held: socket.socket) -> bytes:
    """All the server sends on ``held`` until it closes it."""
    answer = b""
    while chunk := held.recv(4096):
        answer += chunk
    return answer


def _closed(held: socket.socket) -> bool:
    """Whether the server closed ``held`` (after an answer, if any)."""
    try:
        while chunk := held.recv(4096):
            del chunk
    except ConnectionResetError:
        pass
    return True


def test_the_room_serves_under_a_low_ulimit(served: Served) -> None:
    assert served.station_read().status_code == 200


def test_idle_connections_beyond_the_files_the_server_may_open_do_not_stop_it(
    served: Served,
) -> None:
    sources = [f"127.0.0.{n}" for n in range(2, 2 + 30)]
    with ExitStack() as stack:
        held = []
        for number in range(OPEN_FILES + 100):
            connection = served.connect(sources[number % len(sources)])
            stack.callback(connection.close)
            held.append(connection)
        assert served.station_read().status_code == 200
        for connection in held:
            assert _closed(connection)
    assert served.station_read().status_code == 200


def test_one_address_over_its_share_of_connections_is_answered_503(served: Served) -> None:
    with ExitStack() as stack:
        held = [served.connect("127.0.0.40") for _ in range(16)]
        for connection in held:
            stack.callback(connection.close)
        extra = served.connect("127.0.0.40")
        stack.callback(extra.close)
        extra.sendall(served.request("/api/tables/7", "127.0.0.40"))
        answer = _answer(extra)
        assert answer.startswith(b"HTTP/1.1 503 ")
        assert b"retry-after: 5" in answer.lower()
        assert b"close a page" in answer
        assert served.station_read().status_code == 200


def test_a_request_head_sent_a_byte_at_a_time_is_answered_408(served: Served) -> None:
    slow = served.connect("127.0.0.41")
    with slow:
        head = served.request("/api/tables/7", "127.0.0.41")
        answer = b""
        for byte in head:
            try:
                slow.sendall(bytes([byte]))
            except (BrokenPipeError, ConnectionResetError):
                break
            time.sleep(0.2)
            slow.setblocking(False)
            try:
                answer = slow.recv(4096)
            except BlockingIOError:
                continue
            finally:
                slow.setblocking(True)
            break
        if not answer:
            slow.settimeout(BOUND)
            answer = slow.recv(4096)
    assert answer.startswith(b"HTTP/1.1 408 ")
    assert b"head came too slowly" in answer
    assert served.station_read().status_code == 200


def test_a_body_that_never_ends_is_answered_408(served: Served) -> None:
    with served.connect("127.0.0.42") as slow:
        slow.sendall(
            f"POST /api/tables/7/events HTTP/1.1\r\nhost: 127.0.0.1:{served.port}\r\n"
            f"authorization: Bearer {served.token}\r\ncontent-type: application/json\r\n"
            "content-length: 1000\r\n\r\n{".encode()
        )
        answer = _answer(slow)
    assert answer.startswith(b"HTTP/1.1 408 ")
    assert b"body came too slowly" in answer


@pytest.mark.parametrize("shape", ["one header", "many headers"])
def test_a_request_head_over_its_bound_is_answered_431(served: Served, shape: str) -> None:
    """The server's parser keeps a head whole however long: the room bounds it."""
    if shape == "one header":
        filler = f"x-filler: {'a' * 20_000}\r\n"
    else:
        filler = "".join(f"x-filler-{number}: {'a' * 90}\r\n" for number in range(200))
    head = served.request("/api/tables/7", "127.0.0.43").replace(b"\r\n\r\n", b"\r\n")
    with served.connect("127.0.0.43") as long:
        for start in range(0, len(head), 4096):
            long.sendall(head[start : start + 4096])
        try:
            long.sendall(filler.encode())
            long.sendall(b"\r\n")
        except (BrokenPipeError, ConnectionResetError):
            pass
        answer = _answer(long)
    assert answer.startswith(b"HTTP/1.1 431 "), answer[:200]
    assert b"head is over 16384 bytes" in answer
    assert served.station_read().status_code == 200


def test_a_head_at_its_bound_is_served(served: Served) -> None:
    filler = f"x-filler: {'a' * 15_000}\r\n\r\n"
    head = served.request("/api/tables/7", "127.0.0.44").replace(b"\r\n\r\n", b"\r\n")
    with served.connect("127.0.0.44") as held:
        held.sendall(head + filler.encode())
        assert _status(held) == 200


def test_requests_the_server_cannot_read_are_logged_once_a_minute(served: Served) -> None:
    for number in range(30):
        with served.connect("127.0.0.45") as garbage:
            garbage.sendall(f"\x00\x01 nonsense {number}\r\n\r\n".encode())
            assert _status(garbage) == 400
    assert served.station_read().status_code == 200
    assert served.log.read_text().count("Invalid HTTP request received") == 1


def test_held_streams_beyond_the_caps_are_refused_and_the_room_still_answers(
    served: Served,
) -> None:
    statuses: list[int | None] = []
    with ExitStack() as stack:
        for number in range(60):
            source = f"127.0.0.{50 + number // 5}"
            stream = served.connect(source)
            stack.callback(stream.close)
            stream.sendall(served.request("/api/stream", source))
            statuses.append(_status(stream))
        assert statuses.count(200) == 40
        assert statuses.count(429) == 10
        assert statuses.count(503) == 10
        assert served.station_read().status_code == 200
        refused = httpx.get(
            f"http://127.0.0.1:{served.port}/api/stream",
            headers={"authorization": f"Bearer {served.token}"},
            timeout=BOUND,
        )
        assert refused.status_code == 503
        assert refused.headers["retry-after"] == "30"
        assert refused.headers["connection"] == "close"
        assert "live-update streams" in refused.json()["error"]
    assert served.station_read().status_code == 200


def test_each_kind_of_refusal_is_logged_once(served: Served) -> None:
    text = served.log.read_text()
    assert "Traceback" not in text, text
    lines = text.splitlines()
    kinds = [line for line in lines if "connections:" in line or "streams:" in line]
    assert kinds, lines
    assert len(kinds) == len(set(kinds)) <= 8, kinds


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--max-connections", "100000"], "--max-connections 100000: this process may open"),
        (["--max-connections", "50", "--max-streams", "50"], "--max-streams 50: keep it under"),
    ],
)
def test_limits_serve_cannot_honour_are_refused_on_starting(
    tmp_path: Path, argv: list[str], said: str
) -> None:
    started = subprocess.run(
        [sys.executable, "-m", "floorman", "serve", "--db", str(tmp_path / "room.db"), *argv],
        capture_output=True, text=True, timeout=BOUND, preexec_fn=_low_ulimit, check=False,
    )  # fmt: skip
    assert started.returncode == 2
    assert started.stderr.startswith(f"floorman: {said}")
    assert started.stderr.count("\n") == 1


def test_a_server_stopped_with_streams_open_closes_them_at_once_and_logs_no_error(
    tmp_path: Path,
) -> None:
    """A dashboard's stream does not hold the stop for the graceful wait, to be cancelled
    at its end with a traceback in the log: it is closed at once, and the page makes it
    again on the server that follows."""
    db = tmp_path / "room.db"
    new_table(db, "7")
    token = floorman(db, "station", "token", "7").stdout.strip()
    port = _free_port()
    log = tmp_path / "serve.log"
    argv = [sys.executable, "-m", "floorman", "serve", "--db", str(db), "--port", str(port)]
    with log.open("wb") as sink:
        process = subprocess.Popen(argv, stdout=sink, stderr=sink)
    with ExitStack() as held:
        held.callback(lambda: process.poll() is None and process.kill())
        until_serving(f"http://127.0.0.1:{port}", process, log, BOUND)
        streams = []
        for _ in range(3):
            stream = held.enter_context(socket.create_connection(("127.0.0.1", port), BOUND))
            stream.sendall(
                b"GET /api/stream HTTP/1.1\r\nHost: localhost\r\n"
                b"Authorization: Bearer " + token.encode() + b"\r\n\r\n"
            )
            first = b""
            while b"\nid:" not in first:
                first += stream.recv(65536)
            streams.append(stream)
        process.terminate()
        process.wait(BOUND)
        for stream in streams:
            while stream.recv(65536):  # to the end: the server closed it
                pass
    written = log.read_text()
    assert "Traceback" not in written, written
    assert "graceful shutdown exceeded" not in written, written
    assert "Exception in ASGI application" not in written, written
