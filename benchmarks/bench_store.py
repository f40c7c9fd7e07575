"""The table commands on a small store and a big one: they should cost the same.

    python benchmarks/bench_store.py --small 100 --big 1000000 --repeat 7

Builds two stores (in ``--dir``, default a temporary folder; kept there and
reused when they already exist), each with one hand in progress at table
``bench`` and the rest closed, spread over ``--tables`` tables as a card
room's history would be. Then runs ``add``, ``show``, ``log`` (the last three
without ``--table``: the store finds the open hand) and ``new --force`` in
process on each store, taking turns, and prints the best time of each and
the big store's over the small store's.
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from _timing import best_time

HEADER = json.dumps({"button": 3, "seats": {"1": 200, "3": 150, "5": 300}, "blinds": [1, 2]})
AT = "2026-01-01T00:00:00.000+00:00"


def build(path: Path, hands: int, tables: int) -> None:
    """A store of ``hands`` hands at ``tables`` tables, each with two events and closed but
    the last, at table ``bench``, in progress.

    Written with executemany in one transaction; the trigger that keeps the open hands
    is left out meanwhile and the store marked one version back, so that opening it
    runs the store's own migration, which finds the open hands and restores the trigger.
    """
    from floorman.store.hands import open_store

    if path.exists():
        return
    open_store(path).close()
    db = sqlite3.connect(path, isolation_level=None)
    version = db.execute("PRAGMA user_version").fetchone()[0]
    db.execute("DROP TRIGGER IF EXISTS hands_opened")
    db.execute("BEGIN")
    db.executemany(
        "INSERT INTO hands (id, table_name, header, created) VALUES (?, ?, ?, ?)",
        (
            (i, "bench" if i == hands else f"{i % tables + 1}", HEADER, AT)
            for i in range(1, hands + 1)
        ),
    )
    db.executemany(
        "INSERT INTO records (hand_id, kind, text, at) VALUES (?, ?, ?, ?)",
        (
            row
            for i in range(1, hands + 1)
            for row in (
                (i, "event", "deal", AT),
                (i, "event", "3 raise 6", AT),
                *([(i, "close", "showdown", AT)] if i < hands else []),
            )
        ),
    )
    db.execute(f"PRAGMA user_version={max(version - 1, 0)}")
    db.execute("COMMIT")
    db.close()
    open_store(path).close()


def commands(db: Path) -> dict[str, Callable[[], object]]:
    from typer.testing import CliRunner

    from floorman.cli import app

    runner = CliRunner()
    new = ["new", "--table", "bench", "--button", "3", "--seats", "1=200,3=150,5=300", "--force"]

    def run(*args: str) -> Callable[[], object]:
        def once() -> None:
            os.environ["FLOORMAN_DB"] = str(db)
            result = runner.invoke(app, list(args))
            if result.exit_code != 0:
                raise SystemExit(f"{args[0]} on {db}: {result.stderr or result.output}")

        return once

    return {
        "add": run("add", "note bench"),
        "show": run("show"),
        "log": run("log"),
        "new": run(*new),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--small", type=int, default=100)
    parser.add_argument("--big", type=int, default=1_000_000)
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--dir", type=Path, default=None)
    parser.add_argument("--events", type=int, default=1000, help="events in one long add")
    args = parser.parse_args()
    folder = args.dir or Path(tempfile.mkdtemp(prefix="floorman-bench-"))
    folder.mkdir(parents=True, exist_ok=True)
    stores = {}
    for size in (args.small, args.big):
        path = folder / f"store-{size}.db"
        start = time.perf_counter()
        build(path, size, args.tables)
        took = time.perf_counter() - start
        print(
            f"{size:>9,} hands: {path} ({path.stat().st_size / 1e6:,.1f} MB, built in {took:.1f} s)"
        )
        stores[size] = commands(path)
    for run in (*stores[args.small].values(), *stores[args.big].values()):
        run()  # first use: the rulebook, the imports, the page cache
    print(f"best of {args.repeat}, in turns; ms per command")
    print(f"{'command':<8}{args.small:>12,}{args.big:>12,}   big/small")
    for name in stores[args.small]:
        small = big = float("inf")
        for _ in range(args.repeat):
            small = min(small, best_time(stores[args.small][name], 1))
            big = min(big, best_time(stores[args.big][name], 1))
        print(f"{name:<8}{small * 1e3:>12.2f}{big * 1e3:>12.2f}   {big / small:.2f}x")
    long_adds(folder / "long.db", args.events, args.repeat)


def long_adds(path: Path, events: int, repeat: int) -> None:
    """One ``add`` of ``events`` events and one of twice as many, each into a new hand:
    twice the time when recording is linear, four times when each event replays the hand."""
    from typer.testing import CliRunner

    from floorman.cli import app

    runner = CliRunner()
    os.environ["FLOORMAN_DB"] = str(path)
    new = ["new", "--table", "long", "--button", "3", "--seats", "1=200,3=150", "--force"]

    def add(count: int) -> Callable[[], object]:
        notes = [f"note {i}" for i in range(count)]

        def once() -> None:
            runner.invoke(app, new)
            result = runner.invoke(app, ["add", *notes])
            if result.exit_code != 0:
                raise SystemExit(f"add of {count} events: {result.stderr}")

        return once

    once, twice = add(events), add(2 * events)
    one = two = float("inf")
    for _ in range(repeat):
        one = min(one, best_time(once, 1))
        two = min(two, best_time(twice, 1))
    print(f"new + one add of {events:,} events: {one * 1e3:.0f} ms; of {2 * events:,}: "
          f"{two * 1e3:.0f} ms ({two / one:.2f}x)")  # fmt: skip


if __name__ == "__main__":
    main()
