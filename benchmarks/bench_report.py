"""What one incident report costs as its hand grows: CPU seconds and peak memory of
``floorman report`` run cold on hands of more and more events, of two kinds: a hand
noted event after event (what a station can post fastest) and a heads-up raising war.
A hand longer than a report prints is refused in one line; its cost is shown too.
Run from the repository root:

    python benchmarks/bench_report.py [--events 250,1000,5000]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path


def noted(events: int) -> str:
    notes = ", ".join(f"note count {number} of the pot" for number in range(1, events))
    return f"button: 3\nseats: {{1: 100, 2: 100, 3: 100}}\nevents: [deal, {notes}]\n"


def raising_war(events: int) -> str:
    """Heads-up, the button (seat 1) first: each raises by the big blind, for ever."""
    raises = ", ".join(f"{1 + number % 2} raise {4 + 2 * number}" for number in range(events - 1))
    stack = 10**12
    return f"button: 1\nseats: {{1: {stack}, 2: {stack}}}\nevents: [deal, {raises}]\n"


def cost(hand: Path, out: Path) -> tuple[float, float, str]:
    """CPU seconds, peak megabytes, and the command's last line, for one cold report
    (measured by GNU time, for that process alone)."""
    done = subprocess.run(
        ["/usr/bin/time", "-f", "%U %S %M", sys.executable, "-m", "floorman", "report",
         str(hand), "-o", str(out)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    *lines, measured = (done.stdout + done.stderr).strip().splitlines()
    said = [line for line in lines if not line.startswith("Command exited")]
    user, system, peak = measured.split()
    return float(user) + float(system), int(peak) / 1024, f"exit {done.returncode}: {said[-1][:80]}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", default="250,1000,5000")
    counts = [int(n) for n in parser.parse_args().events.split(",")]
    print(f"{'hand':<12}{'events':>7}{'CPU s':>8}{'peak MB':>9}  result")
    with tempfile.TemporaryDirectory() as folder:
        for kind, make in (("noted", noted), ("raising war", raising_war)):
            for events in counts:
                hand = Path(folder) / f"{kind.replace(' ', '-')}-{events}.yaml"
                hand.write_text(make(events), encoding="utf-8")
                cpu, peak, said = cost(hand, Path(folder) / "report.pdf")
                print(f"{kind:<12}{events:>7}{cpu:>8.1f}{peak:>9.0f}  {said}", flush=True)


if __name__ == "__main__":
    main()
