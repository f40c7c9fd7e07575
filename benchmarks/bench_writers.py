"""Many server threads writing to one SQLite store: how long a post waits to be stored,
with the writes grouped into shared commits, and one commit (one sync) each.

    python benchmarks/bench_writers.py --tables 200 --threads 40 --seconds 30

In this process, a :class:`floorman.server.room.Room` on a new SQLite file deals a
hand at each of ``--tables`` tables; then ``--threads`` threads (the server's
thread pool is 40) post each table's events as its station does, one event every
2 seconds a table (staggered), through ``Room.record``: the kept hand, the rules,
the store's transaction with its full sync, the answer. Run in turns on fresh
files: as the code is (the threads' writes grouped on the held connection), and
with each thread committing its own write on its own connection. Prints the posts
made and their latency (p50, p99, max) from when each was due, so time waited for
a thread counts too. No HTTP: the post alone, as the server's threads make it.
``--switch`` tries other intervals of the interpreter's thread switching.
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from queue import Empty, Queue

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_room import HAND, HEADER, turned

from floorman.server.room import Room
from floorman.store import _sqlite
from floorman.tables.dealing import start_hand

PERIOD = 2.0


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


@contextlib.contextmanager
def ungrouped() -> Iterator[None]:
    """Each thread's writes committed on its own connection, one sync each."""
    kept = _sqlite.Held.writes_for
    _sqlite.Held.writes_for = lambda self, path: False  # type: ignore[method-assign]
    try:
        yield
    finally:
        _sqlite.Held.writes_for = kept  # type: ignore[method-assign]


def run(tables: int, threads: int, seconds: float) -> tuple[int, list[float]]:
    """Posts stored and each one's latency (ms) from when it was due."""
    with tempfile.TemporaryDirectory() as folder:
        db = str(Path(folder) / "room.db")
        names = [f"t{n}" for n in range(tables)]
        for name in names:
            start_hand(db, name, HEADER, force=True)
        room = Room(db)
        due: Queue[tuple[float, str, int]] = Queue()
        latencies: list[float] = []
        place = dict.fromkeys(names, 0)
        stop = time.perf_counter() + seconds

        def post() -> None:
            while True:
                try:
                    when, table, step = due.get(timeout=0.5)
                except Empty:
                    if time.perf_counter() > stop:
                        return
                    continue
                text = turned(HAND[step % len(HAND)], 6)
                if step % len(HAND) == 0 and step:
                    start_hand(db, table, HEADER, force=True)
                answer = room.record(table, [text], after=None, who="station")
                if answer.status != 200:
                    raise SystemExit(f"table {table}, {text!r}: {answer.status} {answer.body}")
                latencies.append((time.perf_counter() - when) * 1000)

        workers = [threading.Thread(target=post) for _ in range(threads)]
        for worker in workers:
            worker.start()
        start = time.perf_counter()
        tick = 0
        while time.perf_counter() < stop:
            for index, table in enumerate(names):
                when = start + tick * PERIOD + index * PERIOD / tables
                pause = when - time.perf_counter()
                if pause > 0:
                    time.sleep(pause)
                if time.perf_counter() > stop:
                    break
                due.put((when, table, place[table]))
                place[table] += 1
            tick += 1
        for worker in workers:
            worker.join()
        return len(latencies), latencies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--threads", type=int, default=40)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--switch", type=float, nargs="*", default=[0.005])
    options = parser.parse_args()
    rows: dict[str, list[tuple[int, list[float]]]] = {}
    for _ in range(options.rounds):
        for switch in options.switch:
            sys.setswitchinterval(switch)
            for grouped in (True, False):
                name = f"{'grouped' if grouped else 'one by one'}, switch {switch * 1000:g} ms"
                with contextlib.nullcontext() if grouped else ungrouped():
                    result = run(options.tables, options.threads, options.seconds)
                rows.setdefault(name, []).append(result)
    print(f"{options.tables} tables, {options.threads} threads, {options.seconds:.0f} s a run")
    print(f"{'writers':24} {'posts':>6} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}")
    for name, runs in rows.items():
        for posts, latencies in runs:
            print(
                f"{name:24} {posts:6} {statistics.median(latencies):8.1f} "
                f"{percentile(latencies, 0.99):8.1f} {max(latencies):8.1f}"
            )


if __name__ == "__main__":
    main()
