"""The room under the two connection attacks a hostile device can make: many idle
connections that never send a request, and many held live-update streams, against
``floorman serve`` under ``ulimit -n 1024``. For each, whether a station's read of its
table is still answered (and how fast), and how much the server logged meanwhile.

Run from the repository root, or give another checkout to measure it instead:

    python benchmarks/bench_attacks.py [--checkout PATH] [--connections 1100] [--streams 950]
"""

from __future__ import annotations

import argparse
import os
import resource
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
WAIT = 20.0
"""Seconds a station's read may take before it counts as not answered."""


def _ulimit() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (1024, 1024))


def _floorman(checkout: Path, db: Path, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "floorman", *args, "--db", str(db)],
        cwd=checkout, env={**os.environ, "PYTHONPATH": str(checkout)},
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    return done.stdout.strip()


def _held(port: int, count: int, send: bytes) -> list[socket.socket]:
    """``count`` connections from 50 loopback addresses other than the station's,
    each sending ``send`` (nothing, for an idle one)."""
    held = []
    for number in range(count):
        connection = socket.socket()
        connection.bind((f"127.0.0.{2 + number % 50}", 0))
        connection.settimeout(WAIT)
        try:
            connection.connect(("127.0.0.1", port))
            if send:
                connection.sendall(send)
        except OSError:
            connection.close()
            continue
        held.append(connection)
    return held


def attack(checkout: Path, name: str, make: Callable[[int, str], list[socket.socket]]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "room.db"
        _floorman(checkout, db, "new", "--table", "7", "--button", "6",
                  "--seats", "1=100,2=100,3=100")  # fmt: skip
        token = _floorman(checkout, db, "station", "token", "7")
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        log = Path(folder) / "serve.log"
        with log.open("wb") as sink:
            server = subprocess.Popen(
                [sys.executable, "-m", "floorman", "serve", "--db", str(db), "--port", str(port)],
                cwd=checkout, env={**os.environ, "PYTHONPATH": str(checkout)},
                stdout=sink, stderr=sink, preexec_fn=_ulimit,
            )  # fmt: skip
        try:
            url = f"http://127.0.0.1:{port}/api/tables/7"
            headers = {"authorization": f"Bearer {token}"}
            for _ in range(300):
                try:
                    httpx.get(url, headers=headers, timeout=5)
                    break
                except httpx.TransportError:
                    time.sleep(0.1)
            held = make(port, token)
            start = time.perf_counter()
            try:
                answer = httpx.get(url, headers=headers, timeout=WAIT)
                read = f"{answer.status_code} in {time.perf_counter() - start:.1f} s"
            except httpx.TransportError as error:
                waited = time.perf_counter() - start
                read = f"no answer ({type(error).__name__} after {waited:.0f} s)"
            logged = log.read_bytes()
            lines = logged.count(b"\n")
            print(f"{name:<28}{len(held):>6} opened  station read: {read:<34}"
                  f" log: {lines} lines, {len(logged) / 1024:,.0f} KB", flush=True)  # fmt: skip
            for connection in held:
                connection.close()
        finally:
            server.terminate()
            server.wait(timeout=60)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--checkout", type=Path, default=ROOT)
    parser.add_argument("--connections", type=int, default=1100)
    parser.add_argument("--streams", type=int, default=950)
    given = parser.parse_args()
    checkout = given.checkout.resolve()

    def idle(port: int, token: str) -> list[socket.socket]:
        return _held(port, given.connections, b"")

    def streams(port: int, token: str) -> list[socket.socket]:
        request = (f"GET /api/stream HTTP/1.1\r\nhost: 127.0.0.1:{port}\r\n"
                   f"authorization: Bearer {token}\r\n\r\n").encode()  # fmt: skip
        return _held(port, given.streams, request)

    print(f"floorman serve from {checkout}, ulimit -n 1024")
    attack(checkout, f"{given.connections} idle connections", idle)
    attack(checkout, f"{given.streams} held event streams", streams)


if __name__ == "__main__":
    main()
