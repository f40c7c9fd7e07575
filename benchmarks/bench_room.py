"""The card-room server under a room's load, and after a crash: nothing lost.

    python benchmarks/bench_room.py --tables 50 --seconds 60
    python benchmarks/bench_room.py --tables 50 --seconds 60 --kill-at 30
    python benchmarks/bench_room.py --store postgresql --kill-at 30

Starts ``floorman serve`` as its own process on a SQLite store in a temporary
folder (with ``--store postgresql``, a database in a throwaway PostgreSQL
cluster that the run starts and stops, as the tests do), starts a hand at each
of ``--tables`` tables and gives each a station token, as ``floorman new`` and
``floorman station token`` do (in this process, so that setting up 500 tables
takes seconds). Then every table's
station posts one event every 2 seconds (the tables staggered across the 2
seconds) for ``--seconds``, through the API, with ``after`` and an
``Idempotency-Key``, playing a scripted hand that is legal from start to end
(the next hand dealt through the API, ``POST /api/tables/T/next``, when it
ends, the script turned with the button). A floor client signed in on
``/api/stream`` notes when each acknowledged event shows on the dashboard.
The server's CPU time (user and system, from ``/proc``) over the posting is
divided by the posts answered, and its resident memory sampled every 5 seconds.

With ``--kill-at S`` the server is killed (SIGKILL) S seconds in and started
again on the same store and port; the stations retry each unanswered post with
the same key and ``after`` until it is answered.

Afterwards the store is read: every acknowledged event must be there, once, in
the order it was acknowledged. Prints post latency (p50, p99, max), the
dashboard's delay from a post's answer to the event on the stream, and the
counts. One asyncio loop in one thread drives every station, so the load
generator takes little of the machine from the server.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import httpx

SEATS = "1=100,2=100,3=100,4=100,5=100,6=100"
PASSWORD = "felt-and-chips"
HAND = [
    "deal",
    *["3 call", "4 call", "5 call", "6 call", "1 call", "2 check"],
    "burn", "flop Ah Kd 7c",
    *[f"{seat} check" for seat in range(1, 7)],
    "burn", "turn 7d",
    *[f"{seat} check" for seat in range(1, 7)],
    "burn", "river 2s",
    "1 bet 2", *[f"{seat} fold" for seat in range(2, 7)],
]  # fmt: skip
"""A six-handed hand, legal event by event, that ends (seat 1 takes it) after 31 events."""
PERIOD = 2.0
RETRY_PAUSE = 0.2
GIVE_UP_AFTER = 60.0
"""A post unanswered for this long (server down) is given up and counted."""


def floorman(db: str, *args: str, stdin: str | None = None) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "floorman", *args, "--db", str(db)],
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"floorman {' '.join(args)}: {done.stderr.strip()}")
    return done.stdout


HEADER = {
    "game": "holdem", "betting": "no-limit", "blinds": [1, 2], "ante": 0, "button": 6,
    "seats": dict.fromkeys(range(1, 7), 100), "rulebook": "rrop",
}  # fmt: skip
"""The header ``floorman new --button 6 --seats {SEATS}`` stores."""


def set_up(db: str, tables: list[str]) -> dict[str, str]:
    """A hand in progress and a station token at each table, and a floor user."""
    from floorman.store.staff import open_staff
    from floorman.tables.dealing import start_hand

    floorman(db, "users", "add", "floor", "--role", "floor", stdin=PASSWORD + "\n")
    tokens = {}
    with open_staff(db) as staff:
        for table in tables:
            start_hand(db, table, HEADER, force=True)
            tokens[table] = staff.new_station_token(table)
    return tokens


def turned(text: str, button: int) -> str:
    """An event of :data:`HAND` (dealt with the button at seat 6) for a hand dealt with the
    button at ``button``: every seat named moved round the table as far as the button.

    >>> turned("3 call", 1), turned("flop Ah Kd 7c", 1), turned("6 fold", 2)
    ('4 call', 'flop Ah Kd 7c', '2 fold')
    """
    seat, _, rest = text.partition(" ")
    if not seat.isdigit():
        return text
    return f"{(int(seat) - 1 + button - 6) % 6 + 1} {rest}"


def server_cpu(pid: int) -> float:
    """Seconds of CPU the process has used, user and system."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def server_rss(pid: int) -> float:
    """The process's resident memory, MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


@contextmanager
def store_at(kind: str, folder: Path) -> Iterator[str]:
    """A new store of the kind asked for: a file in ``folder``, or a database in a
    throwaway PostgreSQL cluster stopped when the run ends."""
    if kind == "sqlite":
        yield str(folder / "room.db")
        return
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
    from pgcluster import binaries, cluster

    bindir = binaries()
    if bindir is None:
        raise SystemExit("PostgreSQL is not installed: sh scripts/system-deps --tests")
    with cluster(bindir) as running:
        yield running.fresh()


def quiet_collector() -> None:
    """Keep the load generator's own pauses out of the latencies it measures: what
    setting up made is frozen, and no full collection of this process runs while the
    stations post. One took 50 to 130 ms here, and every post waiting then counted it
    as the server's."""
    gc.collect()
    gc.freeze()
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, 1_000_000)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextmanager
def serving(db: str, port: int, clients: int = 32) -> Iterator[Server]:
    server = Server(db, port, clients)
    server.start()
    try:
        yield server
    finally:
        server.stop()


class Server:
    """``floorman serve`` as a process of its own, taking ``clients`` connections from
    this one address (a room's stations come from one tablet each)."""

    def __init__(self, db: str, port: int, clients: int = 32) -> None:
        self.db, self.port, self.clients = db, port, clients
        self.url = f"http://127.0.0.1:{port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = [sys.executable, "-m", "floorman", "serve", "--db", str(self.db)]
        self.process = subprocess.Popen(
            [*command, "--port", str(self.port), "--max-client-connections", str(self.clients)],
            stdout=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{self.url}/login", timeout=1).status_code == 200:
                    return
            except httpx.TransportError:
                time.sleep(0.05)
        raise SystemExit("the server did not start in 30 seconds")

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


@dataclass
class Results:
    latencies: list[float] = field(default_factory=list)
    """Seconds from sending a post to its answer (retries included)."""
    dealt: list[float] = field(default_factory=list)
    """Seconds from asking for the next hand to the answer."""
    cpu: float = 0.0
    """Seconds of the server's CPU over the posting."""
    memory: list[float] = field(default_factory=list)
    """The server's resident memory, MB, every 5 seconds."""
    acked: dict[str, list[int]] = field(default_factory=dict)
    """Per table, the record ids acknowledged, in order."""
    acked_at: dict[tuple[str, int], float] = field(default_factory=dict)
    seen_at: dict[tuple[str, int], float] = field(default_factory=dict)
    retried: int = 0
    replayed: int = 0
    refused: list[str] = field(default_factory=list)
    given_up: int = 0
    stored_unanswered: int = 0
    """Posts whose events were stored but whose answer was lost with the server and not
    kept for the key, so the retry was refused as stale."""


def sign_in(url: str) -> str:
    """A floor session cookie (sent by hand: it is a Secure cookie and this is HTTP)."""
    with httpx.Client(base_url=url, timeout=10) as client:
        page = client.get("/login")
        token = re.search(r"floorman_login=([^;]*)", page.headers["set-cookie"])
        assert token is not None
        answer = client.post(
            "/login",
            data={"name": "floor", "password": PASSWORD, "csrf": token.group(1)},
            headers={"cookie": f"floorman_login={token.group(1)}"},
        )
        session = re.search(r"floorman_session=([^;]*)", answer.headers.get("set-cookie", ""))
        assert session is not None, answer.text
        return f"floorman_session={session.group(1)}"


async def watch(url: str, cookie: str, results: Results, until: float) -> None:
    """The dashboard's stream: when each table's latest record first shows on it."""
    pattern = re.compile(r'"table": "([^"]*)", "last": (\d+)')
    async with httpx.AsyncClient(base_url=url, timeout=None) as client:
        while time.monotonic() < until:
            try:
                headers = {"cookie": cookie}
                async with client.stream("GET", "/api/stream", headers=headers) as stream:
                    async for line in stream.aiter_lines():
                        found = pattern.search(line) if line.startswith("data:") else None
                        if found:
                            mark = (found.group(1), int(found.group(2)))
                            results.seen_at.setdefault(mark, time.perf_counter())
                        if time.monotonic() >= until:
                            return
            except httpx.TransportError:
                await asyncio.sleep(RETRY_PAUSE)


async def station(
    url: str,
    db: str,
    table: str,
    token: str,
    offset: float,
    until: float,
    results: Results,
) -> None:
    """One table's dealer: an event every :data:`PERIOD` seconds, each post retried with
    its key until it is answered."""
    headers = {"authorization": f"Bearer {token}"}
    acked = results.acked.setdefault(table, [])
    async with httpx.AsyncClient(base_url=url, headers=headers, timeout=10) as client:
        after = (await client.get(f"/api/tables/{table}")).json()["last"]
        step, sequence, button = 0, 0, 6
        next_at = time.monotonic() + offset
        while next_at < until:
            await asyncio.sleep(max(0.0, next_at - time.monotonic()))
            next_at += PERIOD
            sequence += 1
            key = f"{table}-{sequence}"
            if step == len(HAND):
                started = time.perf_counter()
                dealt = await client.post(
                    f"/api/tables/{table}/next", json={"after": after},
                    headers={"idempotency-key": key},
                )  # fmt: skip
                results.dealt.append(time.perf_counter() - started)
                if dealt.status_code != 200:
                    results.refused.append(f"table {table} next: {dealt.text[:200]}")
                    return
                shown = (await client.get(f"/api/tables/{table}")).json()
                after, button, step = shown["last"], shown["button"], 0
                continue
            text = turned(HAND[step], button)
            body = {"events": [text], "after": after}
            started = time.perf_counter()
            answer, retried = None, False
            while time.perf_counter() - started < GIVE_UP_AFTER:
                try:
                    answer = await client.post(
                        f"/api/tables/{table}/events", json=body, headers={"idempotency-key": key}
                    )
                    break
                except httpx.TransportError:
                    results.retried += 1
                    retried = True
                    await asyncio.sleep(RETRY_PAUSE)
            done = time.perf_counter()
            if answer is None:
                results.given_up += 1
                return
            if answer.status_code == 409 and retried:
                # the events were stored but the server died before it kept the answer
                # for the key: the table shows them; go on from there
                view = answer.json()["table"]
                if view["events"] and view["events"][-1]["text"] == text:
                    results.stored_unanswered += 1
                    after = view["last"]
                    step += 1
                    continue
            if answer.status_code != 200:
                results.refused.append(f"table {table} {text!r}: {answer.text[:200]}")
                return
            reply = answer.json()
            results.replayed += bool(reply.get("replayed"))
            results.latencies.append(done - started)
            after = reply["last"]
            acked.extend(r["id"] for r in reply["recorded"])
            results.acked_at[(table, after)] = done
            step += 1


def check_store(db: str, results: Results) -> dict[str, int]:
    """Every acknowledged event in the store, once, in order; what else is there."""
    from floorman.store.hands import open_store, standing

    counts = {"acknowledged": 0, "lost": 0, "duplicated": 0, "out_of_order": 0, "unacknowledged": 0}
    with open_store(db) as store:
        for table, acked in results.acked.items():
            stored: list[int] = []
            texts: list[str] = []
            for hand in reversed(store.hands(table, limit=1_000)):
                events = standing(store.records(hand.id))
                stored.extend(r.id for r in events)
                texts.extend(r.text or "" for r in events)
            wanted = set(acked)
            kept = [i for i in stored if i in wanted]
            counts["acknowledged"] += len(acked)
            counts["lost"] += len(wanted - set(stored))
            counts["duplicated"] += len(kept) - len(set(kept))
            counts["out_of_order"] += kept != acked
            counts["unacknowledged"] += len(stored) - len(kept)
    return counts


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def drive(args: argparse.Namespace, server: Server, tokens: dict[str, str]) -> Results:
    results = Results()
    cookie = await asyncio.to_thread(sign_in, server.url)
    start = time.monotonic()
    until = start + args.seconds
    tasks = [asyncio.create_task(watch(server.url, cookie, results, until + 2))]
    await asyncio.sleep(0.5)
    assert server.process is not None
    pid = server.process.pid
    tasks.append(asyncio.create_task(sample_memory(pid, results, until)))
    cpu_before = server_cpu(pid)
    for number, (table, token) in enumerate(tokens.items()):
        offset = PERIOD * number / len(tokens)
        tasks.append(
            asyncio.create_task(
                station(server.url, server.db, table, token, offset, until, results)
            )
        )
    if args.kill_at is not None:
        await asyncio.sleep(args.kill_at)
        killed = time.monotonic()
        await asyncio.to_thread(server.kill)
        await asyncio.to_thread(server.start)
        back = time.monotonic() - killed
        print(f"killed at {killed - start:.1f} s, serving again {back:.2f} s later")
    await asyncio.gather(*tasks[2:])
    if args.kill_at is None:
        results.cpu = server_cpu(pid) - cpu_before
    await asyncio.gather(*tasks[:2])
    return results


async def sample_memory(pid: int, results: Results, until: float) -> None:
    while time.monotonic() < until:
        results.memory.append(server_rss(pid))
        await asyncio.sleep(5.0)
    results.memory.append(server_rss(pid))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--kill-at", type=float, default=None, help="SIGKILL the server then")
    parser.add_argument("--store", choices=("sqlite", "postgresql"), default="sqlite")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder, store_at(args.store, Path(folder)) as db:
        tables = [str(n) for n in range(1, args.tables + 1)]
        began = time.monotonic()
        tokens = set_up(db, tables)
        print(f"{len(tables)} tables set up in {time.monotonic() - began:.1f} s")
        with serving(db, free_port(), len(tables) + 16) as server:
            quiet_collector()
            results = asyncio.run(drive(args, server, tokens))
        counts = check_store(db, results)
    ms = [1000 * s for s in results.latencies]
    delays = [
        1000 * (results.seen_at[mark] - at)
        for mark, at in results.acked_at.items()
        if mark in results.seen_at
    ]
    print(f"load: {os.getloadavg()[0]:.2f} (1-minute average)")
    if ms:
        print(
            f"posts answered: {len(ms)}  p50 {percentile(ms, 0.5):.1f} ms  "
            f"p99 {percentile(ms, 0.99):.1f} ms  max {max(ms):.1f} ms"
        )
    else:
        print("posts answered: none")
    if delays:
        print(
            f"dashboard delay: {len(delays)} of {len(results.acked_at)} seen  "
            f"p50 {percentile(delays, 0.5):.0f} ms  p99 {percentile(delays, 0.99):.0f} ms  "
            f"max {max(delays):.0f} ms"
        )
    if results.cpu and (ms or results.dealt):
        posts = len(ms) + len(results.dealt)
        print(
            f"server CPU: {results.cpu:.1f} s for {posts} posts (next hands included):"
            f" {1000 * results.cpu / posts:.2f} ms a post"
        )
    if results.memory:
        rss = results.memory
        print(f"server memory: {rss[0]:.0f} MB at the start, {max(rss):.0f} MB at most,"
              f" {rss[-1]:.0f} MB at the end")  # fmt: skip
        if len(rss) > 24:  # a run of over two minutes: is it flat?
            minutes = "  ".join(f"{rss[i]:.0f}" for i in range(0, len(rss), 12))
            print(f"server memory each minute, MB: {minutes}")
    if results.dealt:
        dealt = [1000 * s for s in results.dealt]
        print(f"next hands dealt: {len(dealt)}  p50 {percentile(dealt, 0.5):.1f} ms  "
              f"p99 {percentile(dealt, 0.99):.1f} ms")  # fmt: skip
    print(
        f"retried sends: {results.retried}  answers replayed by key: {results.replayed}  "
        f"given up: {results.given_up}  refused: {len(results.refused)}  "
        f"stored but refused as stale on the retry: {results.stored_unanswered}"
    )
    for line in results.refused[:5]:
        print(f"  {line}")
    print("store: " + "  ".join(f"{name} {count}" for name, count in counts.items()))
    if counts["lost"] or counts["duplicated"] or counts["out_of_order"] or results.refused:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
