"""The next hand dealt by the server, from the hand it kept and from a hand read afresh,
for this checkout and another, side by side in one run.

    python benchmarks/bench_next.py --tables 20 --rounds 3 --checkout ../floorman-before

For each checkout, in a process of its own with the checkout first on ``PYTHONPATH``:
``--tables`` tables on a SQLite store each play the 31-event hand of
``bench_room.py`` through the server's room (``Room.record``, as a station's posts
do), then each deals its next hand (``Room.next_hand``, as ``POST
/api/tables/T/next`` does), ``--rounds`` times. Timed: the process's CPU a next
hand, with the room that recorded the hand (kept) and with a room that kept nothing
(every hand read from the store, as after a restart).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _timing import compared

HERE = Path(__file__).resolve().parents[1]

CHILD = """
import os, sys, tempfile, time
sys.path.insert(0, sys.argv[1])
from bench_room import HAND, set_up, turned
from floorman.server.room import Room

tables, rounds = [str(n) for n in range(1, int(sys.argv[2]) + 1)], int(sys.argv[3])
folder = tempfile.mkdtemp()
db = os.path.join(folder, "room.db")
set_up(db, tables)
kept = Room(db)
spent = {"kept": 0.0, "read afresh": 0.0}
button = 6
for round_ in range(rounds):
    for how in spent:
        for table in tables:
            for text in HAND:
                answer = kept.record(table, [turned(text, button)], after=None, who="dealer")
                assert answer.status == 200, answer.body
        room = kept if how == "kept" else Room(db)
        cpu = time.process_time()
        for table in tables:
            answer = room.next_hand(table, after=None, who="dealer")
            assert answer.status == 200, answer.body
        spent[how] += time.process_time() - cpu
        button = button % 6 + 1
dealt = len(tables) * rounds
print(" ".join(f"{1000 * spent[how] / dealt:.2f}" for how in spent))
"""


def timed(code: Path, tables: int, rounds: int) -> tuple[float, float]:
    """CPU ms a next hand, kept and read afresh, for the code at ``code``."""
    env = {**os.environ, "PYTHONPATH": str(code), "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(HERE / "benchmarks"), str(tables), str(rounds)],
        env=env, capture_output=True, text=True, check=True,
    )  # fmt: skip
    kept, fresh = done.stdout.split()
    return float(kept), float(fresh)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--checkout", type=Path, help="another checkout, to compare")
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    print(f"load: {os.getloadavg()[0]:.2f} (1-minute average)")
    print(f"{'code':<30} {'kept':>8} {'read afresh':>12}   CPU ms a next hand")
    for label, code in compared(args.checkout):
        kept, fresh = timed(code, args.tables, args.rounds)
        print(f"{label:<30} {kept:>8.2f} {fresh:>12.2f}")


if __name__ == "__main__":
    main()
