"""The floor's screen at a room's scale: how long the dashboard of fifty tables takes to
draw, and how many bytes each table's update costs on the live stream.

    python benchmarks/bench_dashboard.py --tables 50 --updates 60

Makes a SQLite store in a temporary folder with ``--tables`` hands in progress (each
table past the flop's first bet, one in ten with a premature turn ruled, so the floor's
queue holds rulings with their steps), the user ``floor`` and a station token for each
table, and serves it with uvicorn in a thread, as the tests do. Then:

- the dashboard, ``GET /`` signed in as the floor, drawn ``--repeat`` times: the time of
  each answer (p50, best) and its size; and, in process, the two parts of it, reading
  every table from the store (replaying each hand) and drawing the page;
- the stream, ``/api/stream?view=card``: the first events (every table once) and their
  bytes; then ``--updates`` events posted one at a time by the tables' stations, round
  the room, each waited for on the stream: the bytes of each update (its ``data:`` line,
  the tile and the table's queue items), and the time from the post's answer to the
  update's arrival (p50, p99). A ``floor call`` is posted at every tenth update, so the
  updates include tables joining the queue.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import uvicorn
from typer.testing import CliRunner

SEATS = "1=100,2=100,3=100,4=100,5=100,6=100"
PASSWORD = "felt-and-chips"
OPENING = ["deal", "3 call", "4 call", "5 fold", "6 fold", "1 call", "2 check", "burn",
           "flop Ah Kd 7c", "1 check", "2 bet 6"]  # fmt: skip
PREMATURE = [*OPENING, "turn 7d"]
FLOP_CALLS = ["3 call", "4 call", "1 call"]
"""The flop's betting each table plays on, one event an update, after its opening."""

runner = CliRunner()


def made(*args: str, stdin: str | None = None) -> str:
    from floorman.cli import app

    result = runner.invoke(app, list(args), input=stdin)
    if result.exit_code != 0:
        raise SystemExit(f"floorman {' '.join(args)}: {result.stderr or result.stdout}")
    return result.stdout


def room(db: str, tables: list[str]) -> dict[str, str]:
    """The store with a hand at each table; each table's station token."""
    tokens = {}
    for number, table in enumerate(tables):
        made("new", "--table", table, "--button", "6", "--seats", SEATS, "--db", db)
        made("add", "--table", table, *(PREMATURE if number % 10 == 0 else OPENING), "--db", db)
        tokens[table] = made("station", "token", table, "--db", db).strip()
    made("users", "add", "floor", "--role", "floor", "--db", db, stdin=PASSWORD + "\n")
    return tokens


@contextmanager
def served(db: str) -> Iterator[str]:
    from floorman.server.app import create_app

    config = uvicorn.Config(create_app(db, secure_cookies=False), host="127.0.0.1", port=0,
                            log_level="warning", lifespan="on")  # fmt: skip
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        if not thread.is_alive():
            raise SystemExit("the server did not start")
        time.sleep(0.05)
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(30)


def signed_in(url: str) -> httpx.Client:
    client = httpx.Client(base_url=url, timeout=60)
    page = client.get("/login")
    token = page.cookies.get("floorman_login") or ""
    answer = client.post(
        "/login", data={"name": "floor", "password": PASSWORD, "csrf": token},
        follow_redirects=False,
    )  # fmt: skip
    if answer.status_code != 303:
        raise SystemExit(f"cannot sign in: {answer.status_code}")
    return client


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def draw_in_process(db: str, repeat: int) -> tuple[float, float]:
    """The median seconds of reading every table (each hand replayed) and of drawing the
    page from what was read."""
    from floorman.server import documents
    from floorman.server.auth import Caller
    from floorman.server.handlers.floor import floor_queue
    from floorman.server.room import Room
    from floorman.server.state import page_templates

    room_ = Room(db)
    pages = page_templates()
    who = Caller("floor", "floor", None, "x")
    reads, draws = [], []
    for _ in range(repeat):
        start = time.perf_counter()
        tables = room_.tables()
        reads.append(time.perf_counter() - start)
        start = time.perf_counter()
        pages.get_template("dashboard.html").render(
            who=who, tables=tables, queue=floor_queue(tables), game="", area="",
            games=[], areas=[], query="", rulebook="rrop", choices=documents.choices(),
            every=documents.EVERY,
        )  # fmt: skip
        draws.append(time.perf_counter() - start)
    return statistics.median(reads), statistics.median(draws)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--updates", type=int, default=60)
    parser.add_argument("--repeat", type=int, default=15)
    options = parser.parse_args()
    tables = [f"A{n}" for n in range(1, options.tables + 1)]
    with tempfile.TemporaryDirectory() as folder:
        db = str(Path(folder) / "room.db")
        start = time.perf_counter()
        tokens = room(db, tables)
        print(f"{len(tables)} tables made in {time.perf_counter() - start:.1f} s")
        read, draw = draw_in_process(db, options.repeat)
        print(f"in process: every table read {read * 1000:.0f} ms, the page drawn "
              f"{draw * 1000:.1f} ms (median of {options.repeat})")  # fmt: skip
        with served(db) as url:
            floor = signed_in(url)
            times, size = [], 0
            for _ in range(options.repeat):
                start = time.perf_counter()
                page = floor.get("/")
                times.append(time.perf_counter() - start)
                size = len(page.content)
            print(f"GET / with {len(tables)} tables: p50 {statistics.median(times) * 1000:.0f} ms,"
                  f" best {min(times) * 1000:.0f} ms, {size:,} bytes")  # fmt: skip
            stream(url, floor, tokens, options.updates)


def stream(url: str, floor: httpx.Client, tokens: dict[str, str], updates: int) -> None:
    """The stream's first events, then ``updates`` posted and waited for."""
    tables = list(tokens)
    arrivals: dict[str, list[tuple[float, int, bool]]] = {}
    first: list[int] = []
    ready = threading.Event()
    stop = threading.Event()

    def listen() -> None:
        with floor.stream("GET", "/api/stream?view=card", timeout=None) as answer:
            for line in answer.iter_lines():
                if stop.is_set():
                    return
                if not line.startswith("data: "):
                    continue
                data = json.loads(line[6:])
                size = len(line.encode()) + len(b"event: table\n\n")
                if len(first) < len(tables):
                    first.append(size)
                    if len(first) == len(tables):
                        ready.set()
                    continue
                arrivals.setdefault(data["table"], []).append(
                    (time.perf_counter(), size, bool(data.get("queue")))
                )

    listener = threading.Thread(target=listen, daemon=True)
    listener.start()
    if not ready.wait(60):
        raise SystemExit("the stream did not send every table")
    print(f"stream opened: {len(first)} tables, {sum(first):,} bytes "
          f"({statistics.median(first):,.0f} per table)")  # fmt: skip
    delays, sizes, queued = [], [], []
    played = dict.fromkeys(tables, 0)
    for n in range(updates):
        table = tables[n % len(tables)]
        station = httpx.Client(base_url=url, timeout=60,
                               headers={"authorization": f"Bearer {tokens[table]}"})  # fmt: skip
        with station:
            step = played[table]
            event = "floor call" if n % 10 == 9 else next_event(step)
            if event != "floor call":
                played[table] += 1
            seen = len(arrivals.get(table, []))
            answer = station.post(f"/api/tables/{table}/events", json={"events": [event]})
            answered = time.perf_counter()
            if answer.status_code != 200:
                raise SystemExit(f"{table} {event}: {answer.status_code} {answer.text}")
        deadline = time.monotonic() + 30
        while len(arrivals.get(table, [])) <= seen:
            if time.monotonic() > deadline:
                raise SystemExit(f"no update for table {table}")
            time.sleep(0.005)
        at, size, has_queue = arrivals[table][seen]
        delays.append(at - answered)
        (queued if has_queue else sizes).append(size)
    stop.set()
    every = sizes + queued
    print(f"{updates} updates: bytes per update p50 {statistics.median(every):,.0f}, "
          f"max {max(every):,}; a table with nothing for the floor "
          f"{statistics.median(sizes) if sizes else 0:,.0f}, with its queue items "
          f"{statistics.median(queued) if queued else 0:,.0f}")  # fmt: skip
    print(f"post answered to update on the floor's stream: p50 "
          f"{statistics.median(delays) * 1000:.0f} ms, p99 {percentile(delays, 0.99) * 1000:.0f}"
          f" ms (the watcher polls every 0.25 s)")  # fmt: skip


def next_event(step: int) -> str:
    """A table's next event on its flop, or a note once its flop is played."""
    return FLOP_CALLS[step] if step < len(FLOP_CALLS) else f"note update {step}"


if __name__ == "__main__":
    main()
