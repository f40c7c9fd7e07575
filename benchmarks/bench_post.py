"""The server's CPU for one post, early in a hand and late in a long one, side by side
for this checkout and another.

    python benchmarks/bench_post.py --checkout ../floorman-old --rounds 8

For each checkout, starts ``floorman serve`` on a SQLite store of its own (the
checkout's code: the server runs from a neutral folder with the checkout first
on ``PYTHONPATH``), deals a hand at one table, and posts one event at a time
through the API as a station does, each waited for: the hand's first eight
events, then ``--posts`` notes (the hand's events 9 on), then 400 notes in one
post, then ``--posts`` notes again (events 410 on). The server's CPU (user and
system, from ``/proc``) over each series of posts is divided by the posts; a
post whose cost does not depend on the hand's length costs the same in both.
No dashboard is open, so this is the post alone: HTTP, the station's token,
checking and storing the event, the answer.

The checkouts run in turns, ``--rounds`` times each, and each round is printed; the
medians come last. One round of each is within this machine's noise for a change
of a tenth of a millisecond; the median of eight is not.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _timing import compared
from bench_room import HAND, free_port, server_cpu


def run(code: Path, posts: int) -> tuple[float, float]:
    """The server's CPU a post, ms, early in the hand and late, for the code at ``code``."""
    env = {**os.environ, "PYTHONPATH": str(code), "PYTHONDONTWRITEBYTECODE": "1"}
    with tempfile.TemporaryDirectory() as folder:
        db = str(Path(folder) / "room.db")
        python = [sys.executable, "-m", "floorman"]

        def floorman(*args: str) -> str:
            done = subprocess.run(
                [*python, *args, "--db", db], env=env, cwd=folder,
                capture_output=True, text=True, check=True,
            )  # fmt: skip
            return done.stdout.strip()

        floorman("new", "--table", "1", "--button", "6", "--seats", "1=100,2=100,3=100,"
                 "4=100,5=100,6=100")  # fmt: skip
        token = floorman("station", "token", "1")
        port = free_port()
        server = subprocess.Popen(
            [*python, "serve", "--db", db, "--port", str(port)],
            env=env, cwd=folder, stdout=subprocess.DEVNULL,
        )  # fmt: skip
        try:
            url = f"http://127.0.0.1:{port}"
            deadline = time.monotonic() + 30
            while True:
                try:
                    httpx.get(f"{url}/login", timeout=1)
                    break
                except httpx.TransportError:
                    if time.monotonic() > deadline:
                        raise SystemExit("the server did not start") from None
                    time.sleep(0.05)
            headers = {"authorization": f"Bearer {token}"}
            with httpx.Client(base_url=url, headers=headers, timeout=30) as client:
                after = client.get("/api/tables/1").json()["last"]

                def post(events: list[str]) -> None:
                    nonlocal after
                    answer = client.post("/api/tables/1/events", json={"events": events,
                                                                       "after": after})  # fmt: skip
                    if answer.status_code != 200:
                        raise SystemExit(f"{code}: {answer.text}")
                    after = answer.json()["last"]

                def series(label: str) -> float:
                    before = server_cpu(server.pid)
                    for number in range(posts):
                        post([f"note {label} {number}"])
                    return 1000 * (server_cpu(server.pid) - before) / posts

                for text in HAND[:8]:
                    post([text])
                early = series("early")
                post([f"note many {number}" for number in range(400)])
                late = series("late")
            return early, late
        finally:
            server.terminate()
            server.wait(10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--checkout", type=Path, help="another checkout, to compare")
    parser.add_argument("--posts", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=1, help="each checkout in turns")
    args = parser.parse_args()
    print(f"load: {os.getloadavg()[0]:.2f} (1-minute average)")
    print(f"{'code':<30} {'events 9 on':>12} {'events 410 on':>14}   server CPU a post, ms")
    codes = compared(args.checkout)
    found: dict[str, list[tuple[float, float]]] = {label: [] for label, _ in codes}
    for _ in range(args.rounds):
        for label, code in codes:
            early, late = run(code, args.posts)
            found[label].append((early, late))
            print(f"{label:<30} {early:>12.2f} {late:>14.2f}")
    if args.rounds > 1:
        print(f"medians of {args.rounds} rounds")
        for label, rounds in found.items():
            early = statistics.median(first for first, _ in rounds)
            late = statistics.median(last for _, last in rounds)
            print(f"{label:<30} {early:>12.2f} {late:>14.2f}")


if __name__ == "__main__":
    main()
