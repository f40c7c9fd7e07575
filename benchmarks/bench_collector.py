"""The console entry point runs with the cycle collector off: what that costs in memory.

``floorman.cli.main`` turns the collector off for the life of a command,
which saves a short ``check`` about 10 ms. This compares the longest
commands with the collector off (as shipped) and on (``gc.disable`` made a
no-op before ``main`` runs): peak resident memory and wall time, the two
variants taking turns in fresh processes.

Run from the repository root:

    python benchmarks/bench_collector.py [--rounds 3] [--phh DIR]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile

from _timing import data_dir

CHILD = """
import gc, json, resource, sys, time
if {collector_on}:
    gc.disable = lambda: None
sys.argv = ["floorman", *{argv!r}]
from floorman.cli import main
start = time.perf_counter()
try:
    main()
except SystemExit:
    pass
peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
sys.stderr.write(json.dumps([peak_kb, time.perf_counter() - start]))
"""


def run(argv: list[str], collector_on: bool) -> tuple[float, float]:
    """Peak MB and seconds of one command in a fresh process."""
    code = CHILD.format(collector_on=collector_on, argv=argv)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    peak_kb, seconds = json.loads(done.stderr.strip().splitlines()[-1])
    return peak_kb / 1024, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--phh", help="the PHH data folder")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        commands = {
            "floorman audit (the PHH data set)": ["audit", str(data_dir(args.phh))],
            "floorman sheet --all (the booklet)": ["sheet", "--all", "-o", f"{folder}/all.pdf"],
        }
        print(f"median of {args.rounds} fresh processes each, the two settings taking turns")
        print(f"  {'command':<38} {'collector':>9} {'peak':>9} {'time':>8}")
        for name, argv in commands.items():
            results: dict[bool, list[tuple[float, float]]] = {True: [], False: []}
            for _ in range(args.rounds):
                for collector_on in (True, False):
                    results[collector_on].append(run(argv, collector_on))
            for collector_on in (True, False):
                peak = statistics.median(mb for mb, _ in results[collector_on])
                seconds = statistics.median(s for _, s in results[collector_on])
                setting = "on" if collector_on else "off"
                print(f"  {name:<38} {setting:>9} {peak:7.1f}MB {seconds:7.2f}s")


if __name__ == "__main__":
    main()
