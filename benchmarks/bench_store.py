"""The table commands on a small store and a big one, SQLite and PostgreSQL: they should
cost the same.

    python benchmarks/bench_store.py --small 100 --big 1000000 --repeat 7
    python benchmarks/bench_store.py --stores postgresql --big 200000 --cold 10

Builds two stores of each kind asked for (SQLite files in ``--dir``, default a
temporary folder, kept there and reused when they already exist; PostgreSQL
databases in a throwaway cluster, made again each run): ``--small`` and
``--big`` hands spread over ``--tables`` tables as a card room's history would
be, every hand with its seating in the table's log, a change between hands
every tenth hand, all closed but the last, in progress at table ``bench``,
which holds its share of the hands. Then runs ``add``, ``show``, ``log``
(these three without ``--table``: the store finds the hand in progress),
``hands --table bench``, ``next --table bench --force`` (deals the next hand from
the table's last) and the server's table history of ``bench`` (these two list
its latest ``--listed`` hands, on both stores alike) in process on
each store, taking turns, and prints the best time of each and the big
store's over the small store's. ``--cold N`` also runs ``show`` as a fresh
command N times on each small store in turns, on PostgreSQL once with each of
psycopg's drivers installed (start-up included, the best kept).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

from _timing import best_time

STACKS = {"1": 200, "3": 150, "5": 300}
AT = "2026-01-01T00:00:00.000+00:00"
CHANGES = (
    json.dumps({"kind": "leave", "seat": 5}),
    json.dumps({"kind": "sit", "seat": 5, "chips": 300, "name": "Dana"}),
)


def table_of(hand: int, hands: int, tables: int) -> str:
    """The table hand ``hand`` was dealt at: in turn, the last at ``bench``."""
    turn = (hands - hand) % tables
    return "bench" if turn == 0 else str(turn)


def rows(hands: int, tables: int) -> Iterator[tuple[str, tuple[Any, ...]]]:
    """Every row of the store, in the order floorman writes them: a change now and then,
    the hand, its events, its seating in the table's log, its close (all but the last)."""
    from floorman.session.seating import Seating

    dealt = Seating.from_stacks({int(s): c for s, c in STACKS.items()}, (1, 2), 0)
    seating = json.dumps({"seating": dealt.as_json()})
    headers = {
        name: json.dumps({"table": name, "button": 3, "seats": STACKS, "blinds": [1, 2]})
        for name in ["bench", *map(str, range(1, tables))]
    }
    entry = record = 0
    for hand in range(1, hands + 1):
        table = table_of(hand, hands, tables)
        if hand % 10 == 0:
            entry += 1
            change = CHANGES[(hand // 10) % 2]
            yield "table_log", (entry, table, "change", change, None, "Bo", AT)
        yield "hands", (hand, table, headers[table], AT)
        for kind, text in (("event", "deal"), ("event", "3 raise 6")):
            record += 1
            yield "records", (record, hand, kind, text, AT)
        entry += 1
        yield "table_log", (entry, table, "seating", seating, hand, None, AT)
        if hand < hands:
            record += 1
            yield "records", (record, hand, "close", "showdown", AT)


COLUMNS = {
    "hands": ("id", "table_name", "header", "created"),
    "records": ("id", "hand_id", "kind", "text", "at"),
    "table_log": ("id", "table_name", "kind", "data", "hand_id", "by", "at"),
}


def build_sqlite(path: Path, hands: int, tables: int) -> None:
    """The store written in one transaction with executemany; the trigger that keeps the
    open hands is left out meanwhile, and made again by the store's own migration (which
    also finds the one hand in progress)."""
    from floorman.store._schema import SQLITE
    from floorman.store.hands import open_store

    if path.exists():
        return
    open_store(path).close()
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("DROP TRIGGER hands_opened")
    db.execute("BEGIN")
    batches: dict[str, list[tuple[Any, ...]]] = {name: [] for name in COLUMNS}
    for table, row in rows(hands, tables):
        batches[table].append(row)
        if len(batches[table]) >= 50_000:
            _insert(db, table, batches[table])
    for table, batch in batches.items():
        _insert(db, table, batch)
    db.execute("COMMIT")
    db.executescript(f"BEGIN IMMEDIATE; {SQLITE[1]} COMMIT;")
    db.close()


def _insert(db: sqlite3.Connection, table: str, batch: list[tuple[Any, ...]]) -> None:
    columns = COLUMNS[table]
    marks = ", ".join("?" * len(columns))
    db.executemany(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", batch)
    batch.clear()


def build_postgres(url: str, hands: int, tables: int) -> None:
    """The store written with COPY, its triggers off meanwhile (the cluster's superuser),
    the hand in progress entered as the trigger would, and the ids and planner's
    statistics brought up to date."""
    import psycopg

    from floorman.store.hands import open_store

    open_store(url).close()
    with psycopg.connect(url, autocommit=True) as db:
        db.execute("SET session_replication_role = replica")
        with db.transaction():
            _copy(db, hands, tables)
        db.execute("SET session_replication_role = DEFAULT")
        db.execute(
            "INSERT INTO open_hands (table_name, hand_id) VALUES (%s, %s)",
            (table_of(hands, hands, tables), hands),
        )
        for table in COLUMNS:
            db.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
                f" (SELECT MAX(id) FROM {table}))"
            )
        db.execute("VACUUM ANALYZE")


def _copy(db: Any, hands: int, tables: int) -> None:
    for name, columns in COLUMNS.items():
        with db.cursor().copy(f"COPY {name} ({', '.join(columns)}) FROM STDIN") as copy:
            for table, row in rows(hands, tables):
                if table == name:
                    copy.write_row(row)


def commands(db: str, listed: int) -> dict[str, Callable[[], object]]:
    from typer.testing import CliRunner

    from floorman.cli import app
    from floorman.server.room import Room

    runner = CliRunner()

    def run(*args: str) -> Callable[[], object]:
        def once() -> None:
            os.environ["FLOORMAN_DB"] = db
            result = runner.invoke(app, list(args))
            if result.exit_code != 0:
                raise SystemExit(f"{args[0]} on {db}: {result.stderr or result.output}")

        return once

    room = Room(db)

    def history() -> None:
        found = room.history("bench", listed)
        if found is None or not found["hands"]:
            raise SystemExit(f"history on {db}: no hands")

    return {
        "add": run("add", "note bench"),
        "show": run("show"),
        "log": run("log"),
        "hands": run("hands", "--table", "bench", "-n", str(listed)),
        "next": run("next", "--table", "bench", "--force"),
        "history": history,
    }


@contextmanager
def postgres() -> Iterator[Callable[[], str]]:
    """Fresh databases in a throwaway PostgreSQL cluster, stopped when the run ends."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
    from pgcluster import binaries, cluster

    bindir = binaries()
    if bindir is None:
        raise SystemExit("PostgreSQL is not installed: sh scripts/system-deps --tests")
    with cluster(bindir) as running:
        yield running.fresh


def size_of(db: str) -> str:
    if db.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(db) as connection:
            found = connection.execute("SELECT pg_database_size(current_database())").fetchone()
        return f"{(found[0] if found else 0) / 1e6:,.1f} MB"
    return f"{Path(db).stat().st_size / 1e6:,.1f} MB"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--small", type=int, default=100)
    parser.add_argument("--big", type=int, default=1_000_000)
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--dir", type=Path, default=None)
    parser.add_argument("--stores", default="sqlite,postgresql", help="sqlite, postgresql or both")
    parser.add_argument(
        "--listed",
        type=int,
        default=3,
        help="hands listed by hands and history (at most"
        " as many as the small store has at bench, so both stores list as many)",
    )
    parser.add_argument("--cold", type=int, default=0, help="fresh runs of show on each store")
    parser.add_argument("--events", type=int, default=1000, help="events in one long add")
    args = parser.parse_args()
    folder = args.dir or Path(tempfile.mkdtemp(prefix="floorman-bench-"))
    folder.mkdir(parents=True, exist_ok=True)
    kinds = [kind.strip() for kind in args.stores.split(",") if kind.strip()]
    with ExitStack() as stack:
        fresh = stack.enter_context(postgres()) if "postgresql" in kinds else None
        small: dict[str, str] = {}
        for kind in kinds:
            stores: dict[int, str] = {}
            for size in (args.small, args.big):
                start = time.perf_counter()
                if kind == "sqlite":
                    path = folder / f"store-{size}-{args.tables}.db"
                    build_sqlite(path, size, args.tables)
                    stores[size] = str(path)
                else:
                    assert fresh is not None
                    stores[size] = fresh()
                    build_postgres(stores[size], size, args.tables)
                took = time.perf_counter() - start
                print(f"{kind} {size:>9,} hands: {size_of(stores[size])}, ready in {took:.1f} s")
            measure(kind, stores, args.small, args.big, args.repeat, args.listed)
            small[kind] = stores[args.small]
        if args.cold:
            cold(small, args.cold)
    if args.events:
        long_adds(folder / "long.db", args.events, args.repeat)


def measure(
    kind: str, stores: dict[int, str], small: int, big: int, repeat: int, listed: int
) -> None:
    runs = {size: commands(db, listed) for size, db in stores.items()}
    for size in (small, big):
        for run in runs[size].values():
            run()  # first use: the rulebook, the imports, the page cache
    print(f"{kind}: best of {repeat}, in turns; ms per command, elapsed and this process's CPU")
    print(f"{'command':<8}{small:>10,}{big:>12,}  big/small{'cpu':>10}{'cpu':>10}  big/small")
    for name in runs[small]:
        wall = {small: float("inf"), big: float("inf")}
        cpu = dict(wall)
        for _ in range(repeat):
            for size in (small, big):
                start, started = time.perf_counter(), time.process_time()
                runs[size][name]()
                cpu[size] = min(cpu[size], time.process_time() - started)
                wall[size] = min(wall[size], time.perf_counter() - start)
        print(
            f"{name:<8}{wall[small] * 1e3:>10.1f}{wall[big] * 1e3:>12.1f}"
            f"{wall[big] / wall[small]:>10.2f}x{cpu[small] * 1e3:>9.1f}{cpu[big] * 1e3:>10.1f}"
            f"{cpu[big] / cpu[small]:>10.2f}x"
        )


def cold(stores: dict[str, str], repeat: int) -> None:
    """``show`` as a fresh command on each small store, in turns: start-up, imports and the
    store's connection. On PostgreSQL with each of psycopg's drivers this machine has."""
    from importlib.util import find_spec

    runs: dict[str, dict[str, str]] = {}
    for kind, db in stores.items():
        env = {**os.environ, "FLOORMAN_DB": db}
        if kind != "postgresql":
            runs[kind] = env
            continue
        for impl in ("c", "binary", "python"):
            if impl == "python" or find_spec(f"psycopg_{impl}") is not None:
                runs[f"{kind} ({impl} driver)"] = {**env, "PSYCOPG_IMPL": impl}
    command = [sys.executable, "-m", "floorman", "show"]
    best = dict.fromkeys(runs, float("inf"))
    cpu = dict(best)
    for _ in range(repeat):
        for name, env in runs.items():
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            subprocess.run(command, env=env, check=True, capture_output=True)
            best[name] = min(best[name], time.perf_counter() - start)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            used = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
            cpu[name] = min(cpu[name], used)
    print(f"a fresh show, best of {repeat}, in turns: elapsed, and the command's CPU")
    for name, seconds in best.items():
        print(f"  {name:<28}{seconds * 1e3:>8.0f} ms{cpu[name] * 1e3:>8.0f} ms")


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
