"""One server process against several on one PostgreSQL store, side by side in one run.

    python benchmarks/bench_processes.py --tables 200 --seconds 60
    python benchmarks/bench_processes.py --tables 500 --seconds 60 --processes 1,2

For each count of processes in ``--processes``, a fresh database in one throwaway
PostgreSQL cluster, ``--tables`` tables set up and served by that many ``floorman
serve`` processes, each on a port of its own (as behind a reverse proxy); the tables'
stations are shared out among them in turn. Every station posts one event every 2
seconds, as ``bench_room.py`` drives them; one floor dashboard, on the first process,
notes when each acknowledged event shows on it: the posts to the other processes reach
it only through the store's announcements (``LISTEN/NOTIFY``).

Prints, for each count: post latency (p50, p99), the servers' CPU (user and system,
from ``/proc``, all processes together) per post answered, and how many acknowledged
events the dashboard showed (a table shown at that record or a later one) and how
long after the answer; then checks the store (nothing lost, doubled or reordered).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import sys
import tempfile
import time
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_room import (
    PASSWORD,
    PERIOD,
    RETRY_PAUSE,
    Results,
    Server,
    check_store,
    floorman,
    free_port,
    percentile,
    quiet_collector,
    sign_in,
    station,
    store_at,
)

HEADER = {
    "game": "holdem", "betting": "no-limit", "blinds": [1, 2], "ante": 0, "button": 6,
    "seats": dict.fromkeys(range(1, 7), 100), "rulebook": "rrop",
}  # fmt: skip
"""The header ``floorman new --button 6 --seats 1=100,...,6=100`` stores."""


def set_up(db: str, tables: list[str]) -> dict[str, str]:
    """A hand in progress and a station token at each table, as ``floorman new`` and
    ``floorman station token`` make them but in this process (hundreds of tables in
    seconds), and a floor user."""
    from floorman.store.staff import open_staff
    from floorman.tables.dealing import start_hand

    floorman(db, "users", "add", "floor", "--role", "floor", stdin=PASSWORD + "\n")
    tokens = {}
    with open_staff(db) as staff:
        for table in tables:
            start_hand(db, table, HEADER, force=True)
            tokens[table] = staff.new_station_token(table)
    return tokens


@dataclass
class Shown:
    """Each table's views as the dashboard received them: (record, when)."""

    views: dict[str, list[tuple[int, float]]] = field(default_factory=dict)

    def first_at(self, table: str, last: int) -> float | None:
        """When the dashboard first showed ``table`` at record ``last`` or later."""
        times = [when for shown, when in self.views.get(table, ()) if shown >= last]
        return min(times, default=None)


async def dashboard(url: str, cookie: str, shown: Shown, until: float) -> None:
    """The floor's stream, as a browser keeps it: made again with its last id if cut."""
    pattern = re.compile(r'"table": "([^"]*)", "last": (\d+)')
    last_id: str | None = None
    async with httpx.AsyncClient(base_url=url, timeout=None) as client:
        while time.monotonic() < until:
            headers = {"cookie": cookie}
            if last_id is not None:
                headers["last-event-id"] = last_id
            try:
                async with client.stream("GET", "/api/stream", headers=headers) as stream:
                    async for line in stream.aiter_lines():
                        if line.startswith("id: "):
                            last_id = line.removeprefix("id: ")
                        found = pattern.search(line) if line.startswith("data:") else None
                        if found:
                            views = shown.views.setdefault(found.group(1), [])
                            views.append((int(found.group(2)), time.perf_counter()))
                        if time.monotonic() >= until:
                            return
            except httpx.TransportError:
                await asyncio.sleep(RETRY_PAUSE)


def cpu_seconds(pid: int) -> float:
    """Seconds of CPU the process has used, user and system."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def drive(
    servers: list[Server], tokens: dict[str, str], seconds: float
) -> tuple[Results, Shown, float]:
    results, shown = Results(), Shown()
    cookie = await asyncio.to_thread(sign_in, servers[0].url)
    until = time.monotonic() + seconds
    pids = [server.process.pid for server in servers if server.process is not None]
    tasks = [asyncio.create_task(dashboard(servers[0].url, cookie, shown, until + 2))]
    await asyncio.sleep(0.5)
    before = sum(cpu_seconds(pid) for pid in pids)
    for number, (table, token) in enumerate(tokens.items()):
        server = servers[number % len(servers)]
        offset = PERIOD * number / len(tokens)
        tasks.append(
            asyncio.create_task(
                station(server.url, server.db, table, token, offset, until, results)
            )
        )
    await asyncio.gather(*tasks[1:])
    cpu = sum(cpu_seconds(pid) for pid in pids) - before
    await tasks[0]
    return results, shown, cpu


def run(db: str, tables: list[str], processes: int, seconds: float) -> None:
    tokens = set_up(db, tables)
    with ExitStack() as stack:
        servers = []
        for _ in range(processes):
            server = Server(db, free_port(), clients=len(tables) + 10)  # a tablet each
            server.start()
            stack.callback(server.stop)
            servers.append(server)
        quiet_collector()
        results, shown, cpu = asyncio.run(drive(servers, tokens, seconds))
    counts = check_store(db, results)
    ms = [1000 * s for s in results.latencies]
    delays = []
    for (table, last), answered in results.acked_at.items():
        when = shown.first_at(table, last)
        if when is not None:
            delays.append(1000 * max(0.0, when - answered))
    print(f"{processes} process(es), {len(tables)} tables, {seconds:.0f} s:")
    print(
        f"  posts answered: {len(ms)}  p50 {percentile(ms, 0.5):.1f} ms"
        f"  p99 {percentile(ms, 0.99):.1f} ms  max {max(ms):.1f} ms"
    )
    print(f"  server CPU: {cpu:.1f} s, {1000 * cpu / max(len(ms), 1):.1f} ms a post")
    if delays:
        print(
            f"  dashboard: {len(delays)} of {len(results.acked_at)} acknowledged events shown"
            f"  p50 {percentile(delays, 0.5):.0f} ms  p99 {percentile(delays, 0.99):.0f} ms"
        )
    print(
        f"  refused: {len(results.refused)}  given up: {results.given_up}  "
        + "  ".join(f"{name} {count}" for name, count in counts.items())
    )
    for line in results.refused[:3]:
        print(f"    {line}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--processes", default="1,2", help="counts to compare, e.g. 1,2")
    args = parser.parse_args()
    counts = [int(n) for n in args.processes.split(",")]
    tables = [str(n) for n in range(1, args.tables + 1)]
    with tempfile.TemporaryDirectory() as folder, store_at("postgresql", Path(folder)) as first:
        for count in counts:
            db = first if count == counts[0] else _another(first, count)
            run(db, tables, count, args.seconds)
            print(f"  load: {os.getloadavg()[0]:.2f} (1-minute average)")


def _another(url: str, count: int) -> str:
    """A fresh database beside ``url``'s, in the same cluster."""
    import psycopg

    name = f"room_{count}_{os.getpid()}"
    admin = re.sub(r"@/[^?]*", "@/postgres", url)
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    return re.sub(r"@/[^?]*", f"@/{name}", url)


if __name__ == "__main__":
    main()
