"""The server's hand-off of a call to a thread and back: Starlette's ``run_in_threadpool``
on asyncio's event loop and on uvloop, and the posts' own threads
(``floorman.server.handoff``) on uvloop, side by side in one run.

    python benchmarks/bench_loop.py --calls 5000 --rounds 3

Every post a station makes crosses from the event loop to a thread (the store's calls
block) and back; the call itself here does nothing, so what is timed is the crossing:
the process's CPU (all threads) and the wall time, per call. Each way runs in a
process of its own, in turns.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys

CHILD = """
import asyncio, sys, time
from starlette.concurrency import run_in_threadpool
from floorman.server.handoff import Handoff

def nothing():
    return None

async def crossings(way, calls):
    if way == "handoff":
        handoff = Handoff()
        cross = lambda: handoff.run(nothing)
    else:
        cross = lambda: run_in_threadpool(nothing)
    for _ in range(200):
        await cross()
    cpu, wall = time.process_time(), time.perf_counter()
    for _ in range(calls):
        await cross()
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    print(f"{1e6 * cpu / calls:.1f} {1e6 * wall / calls:.1f}")

loop, way, calls = sys.argv[1], sys.argv[2], int(sys.argv[3])
if loop == "uvloop":
    import uvloop
    uvloop.run(crossings(way, calls))
else:
    asyncio.run(crossings(way, calls))
"""


def crossing(loop: str, way: str, calls: int) -> tuple[float, float]:
    """CPU and wall microseconds a crossing made ``way`` on ``loop``, in a fresh process."""
    done = subprocess.run(
        [sys.executable, "-c", CHILD, loop, way, str(calls)],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    cpu, wall = done.stdout.split()
    return float(cpu), float(wall)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=5000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    print(f"load: {os.getloadavg()[0]:.2f} (1-minute average)")
    print("CPU and wall time a crossing, µs: Starlette's pool on asyncio's loop and on")
    print("uvloop, the posts' threads on uvloop; the ratios to the first")
    print(f"{'round':<6} {'pool, asyncio':>14} {'pool, uvloop':>13} {'ratio':>6}"
          f" {'posts, uvloop':>14} {'ratio':>6}   wall: {'pool/asyncio':>12}"
          f" {'pool/uvloop':>11} {'posts/uvloop':>12}")  # fmt: skip
    for round_ in range(1, args.rounds + 1):
        plain = crossing("asyncio", "pool", args.calls)
        uv = crossing("uvloop", "pool", args.calls)
        own = crossing("uvloop", "handoff", args.calls)
        print(f"{round_:<6} {plain[0]:>14.1f} {uv[0]:>13.1f} {uv[0] / plain[0]:>6.2f}"
              f" {own[0]:>14.1f} {own[0] / plain[0]:>6.2f}         {plain[1]:>12.1f}"
              f" {uv[1]:>11.1f} {own[1]:>12.1f}")  # fmt: skip


if __name__ == "__main__":
    main()
