"""The server's hand-off of a call to its thread pool and back, on asyncio's event loop
and on uvloop, side by side in one run.

    python benchmarks/bench_loop.py --calls 5000 --rounds 3

Every post a station makes crosses from the event loop to a pool thread (the store's
calls block) and back, as Starlette's ``run_in_threadpool`` makes it; the call itself
here does nothing, so what is timed is the crossing: the process's CPU (all threads)
and the wall time, per call. Each loop runs in a process of its own, in turns.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys

CHILD = """
import asyncio, sys, time
from starlette.concurrency import run_in_threadpool

def nothing():
    return None

async def crossings(calls):
    for _ in range(200):
        await run_in_threadpool(nothing)
    cpu, wall = time.process_time(), time.perf_counter()
    for _ in range(calls):
        await run_in_threadpool(nothing)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    print(f"{1e6 * cpu / calls:.1f} {1e6 * wall / calls:.1f}")

calls = int(sys.argv[2])
if sys.argv[1] == "uvloop":
    import uvloop
    uvloop.run(crossings(calls))
else:
    asyncio.run(crossings(calls))
"""


def crossing(loop: str, calls: int) -> tuple[float, float]:
    """CPU and wall microseconds a crossing on ``loop``, in a fresh process."""
    done = subprocess.run(
        [sys.executable, "-c", CHILD, loop, str(calls)], capture_output=True, text=True, check=True
    )
    cpu, wall = done.stdout.split()
    return float(cpu), float(wall)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=5000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    print(f"load: {os.getloadavg()[0]:.2f} (1-minute average)")
    print(f"{'round':<6} {'asyncio CPU':>12} {'uvloop CPU':>11} {'ratio':>6}"
          f" {'asyncio wall':>13} {'uvloop wall':>12}   µs a crossing")  # fmt: skip
    for round_ in range(1, args.rounds + 1):
        plain = crossing("asyncio", args.calls)
        uv = crossing("uvloop", args.calls)
        print(f"{round_:<6} {plain[0]:>12.1f} {uv[0]:>11.1f} {uv[0] / plain[0]:>6.2f}"
              f" {plain[1]:>13.1f} {uv[1]:>12.1f}")  # fmt: skip


if __name__ == "__main__":
    main()
