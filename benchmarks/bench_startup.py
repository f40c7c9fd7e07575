"""Start-up cost: the dealer's commands against a cold ``import typer, pydantic``.

DESIGN.md's budget: a cold ``floorman check`` and ``floorman add`` on a short
hand (and ``show``, ``new`` and ``next``, which a dealer runs as often) cost at
most 1.5x a cold ``python -c "import typer, pydantic"``, and a
rulebook read back from its cache adds under 10 ms to the imports it needs.
Every command is run as a fresh process, the commands taking turns round
after round so that a busy moment on the machine falls on all of them alike;
medians are compared with the baseline's median of the same run.

- ``check``: ``floorman check examples/premature-turn.yaml --json``, a short
  hand that draws a ruling;
- ``add``: ``floorman add "3 call"`` on a hand just dealt, in a store made
  afresh for every run (not timed) in a temporary folder;
- ``new``: ``floorman new`` at a table of a fresh store;
- ``show``: ``floorman show`` of a hand in progress (dealt, two calls and a
  check) in a store made afresh for every run;
- ``next``: ``floorman next`` after a hand won preflop, in a store made
  afresh for every run;
- the rulebook: a process importing what loading a rulebook needs, then the
  same process loading ``rrop`` from the cache (and, for comparison, from its
  YAML with the cache off).

Every module's bytecode is cached (``python -m compileall -q floorman``
first, as after installing); ``--no-bytecode`` adds a second pass in which
floorman's modules are compiled afresh by every process. On a machine shared
with other work, ``--instructions`` also counts the instructions each command
executes once, under valgrind's cachegrind: a measure that a busy neighbour
does not move (it weighs the interpreter's start, mostly waiting on the
system, less than wall time does). The rulebook cache
is a temporary folder, warmed first. The interpreter and the console script
are run directly, not through a version manager's shims. ``--also TREE``
adds the dealer's commands as another checkout of floorman runs them (say
the version before a change, exported with ``git archive``), taking turns
with the rest in the same run; the same console script imports it from
``TREE`` first.

Run from the repository root:

    python benchmarks/bench_startup.py [--rounds 21] [--no-bytecode] [--instructions]
        [--also TREE]
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HAND = ROOT / "examples" / "premature-turn.yaml"
BASELINE = "import typer, pydantic"
RULEBOOK_IMPORTS = "import floorman.rules.loader, floorman.rules.cache, floorman.rules.plain"
FROM_CACHE = RULEBOOK_IMPORTS + "; floorman.rules.loader.load_rulebook('rrop')"
FROM_YAML = "import os; os.environ['FLOORMAN_CACHE_DIR'] = ''; " + FROM_CACHE
SEATS = ["--table", "7", "--button", "3", "--seats", "1=100,2=100,3=100"]

Argv = Callable[[Path], list[str]]
"""A command's argument vector, given a fresh temporary folder for that one run."""

ENVIRONMENTS: dict[str, dict[str, str]] = {}
"""The environment of a command that runs another checkout (``--also``), by name."""


def floorman_command() -> list[str]:
    """The installed console script next to this interpreter, else ``python -m floorman``."""
    script = Path(sys.executable).with_name("floorman")
    if script.is_file():
        return [str(script)]
    return [sys.executable, "-m", "floorman"]


def commands(env: dict[str, str], also: Path | None = None) -> dict[str, Argv]:
    floorman = floorman_command()
    python = sys.executable

    def after(env: dict[str, str], events: list[str], *command: str) -> Argv:
        """``command`` on a store made afresh, a hand dealt and ``events`` added (not timed)."""

        def run(folder: Path) -> list[str]:
            db = str(folder / "room.db")
            for setup in (["new", "--db", db, *SEATS], ["add", "--db", db, *events]):
                subprocess.run([*floorman, *setup], env=env, check=True, capture_output=True)
            return [*floorman, *command, "--db", db]

        return run

    def dealer(env: dict[str, str], hand: str, name: str = "floorman") -> dict[str, Argv]:
        return {
            f"{name} check {HAND.name} --json": lambda _: [*floorman, "check", hand, "--json"],
            f'{name} add "3 call"': after(env, ["deal"], "add", "3 call"),
            f"{name} show": after(env, ["deal", "3 call", "1 call", "2 check"], "show"),
            f"{name} new": lambda folder: [*floorman, "new", "--db", str(folder / "n.db"), *SEATS],
            f"{name} next": after(env, ["deal", "3 fold", "1 fold"], "next"),
        }

    others: dict[str, Argv] = {}
    if also is not None:
        other_env = {**env, "PYTHONPATH": str(also)}
        others = dealer(other_env, str(also / "examples" / HAND.name), f"{also.name}:")
        ENVIRONMENTS.update(dict.fromkeys(others, other_env))
    return {
        BASELINE: lambda _: [python, "-c", BASELINE],
        **dealer(env, str(HAND)),
        **others,
        "rulebook: the imports": lambda _: [python, "-c", RULEBOOK_IMPORTS],
        "rulebook: the imports + rrop from its cache": lambda _: [python, "-c", FROM_CACHE],
        "rulebook: the imports + rrop from its YAML": lambda _: [python, "-c", FROM_YAML],
    }


def time_rounds(
    runs: dict[str, Argv], rounds: int, env: dict[str, str], cwd: Path
) -> dict[str, list[float]]:
    """Seconds of each cold process, the commands taking turns round after round."""
    times: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(rounds):
        for name, make in runs.items():
            with tempfile.TemporaryDirectory() as folder:
                argv = make(Path(folder))
                own = ENVIRONMENTS.get(name, env)
                start = time.perf_counter()
                done = subprocess.run(argv, cwd=cwd, env=own, capture_output=True, check=False)
                times[name].append(time.perf_counter() - start)
            if done.returncode not in (0, 1):
                sys.exit(f"{name} failed ({done.returncode}): {done.stderr.decode()[-500:]}")
    return times


def report(title: str, times: dict[str, list[float]]) -> None:
    medians = {name: statistics.median(values) for name, values in times.items()}
    base = medians[BASELINE]
    print(f"{title}: median of {len(times[BASELINE])} cold processes")
    print(f"  {'command':<48} {'median':>8} {'lowest':>8} {'ratio':>7}")
    for name, values in times.items():
        median, lowest = medians[name] * 1000, min(values) * 1000
        print(f"  {name:<48} {median:6.0f}ms {lowest:6.0f}ms {medians[name] / base:6.2f}x")
    imports = medians["rulebook: the imports"]
    for source in ("cache", "YAML"):
        added = medians[f"rulebook: the imports + rrop from its {source}"] - imports
        print(f"  rrop from its {source} adds {added * 1000:.1f} ms to the imports it needs")


def count_instructions(runs: dict[str, Argv], env: dict[str, str], cwd: Path) -> None:
    """Instructions each command executes, counted by cachegrind, against the baseline's."""
    valgrind = ["valgrind", "--tool=cachegrind", "--cache-sim=no"]
    valgrind.append("--cachegrind-out-file=/dev/null")
    counts: dict[str, int] = {}
    for name, make in runs.items():
        with tempfile.TemporaryDirectory() as folder:
            done = subprocess.run(
                [*valgrind, *make(Path(folder))],
                cwd=cwd, env=ENVIRONMENTS.get(name, env), capture_output=True, text=True,
            )  # fmt: skip
        refs = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
        if refs is None:
            sys.exit(f"{name}: no count from valgrind: {done.stderr[-300:]}")
        counts[name] = int(refs.group(1).replace(",", ""))
    print("instructions executed once, counted by cachegrind")
    for name, count in counts.items():
        print(f"  {name:<48} {count / 1e6:8.0f}M {count / counts[BASELINE]:6.2f}x")


def fresh_copy(folder: Path) -> Path:
    """The package, rulebooks, templates and examples without any cached bytecode."""
    for name in ("floorman", "rulebook", "templates", "examples"):
        shutil.copytree(ROOT / name, folder / name, ignore=shutil.ignore_patterns("__pycache__"))
    return folder


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, default=21)
    parser.add_argument(
        "--no-bytecode", action="store_true", help="also time floorman compiled by every process"
    )
    parser.add_argument(
        "--instructions", action="store_true", help="also count instructions under valgrind"
    )
    parser.add_argument(
        "--also", type=Path, metavar="TREE", help="also time check and add of this checkout"
    )
    args = parser.parse_args()
    also = args.also.resolve() if args.also else None

    for tree in (ROOT, *([also] if also else [])):
        subprocess.run([sys.executable, "-m", "compileall", "-q", "floorman"], cwd=tree, check=True)
    with tempfile.TemporaryDirectory() as cache:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["FLOORMAN_CACHE_DIR"] = str(Path(cache) / "rulebooks")
        runs = commands(env, also)
        time_rounds(runs, 1, env, ROOT)  # warm the file cache and the rulebook cache
        report("bytecode", time_rounds(runs, args.rounds, env, ROOT))
        if args.instructions:
            count_instructions(runs, env, ROOT)
        if not args.no_bytecode:
            return
        with tempfile.TemporaryDirectory() as temporary:
            copy = fresh_copy(Path(temporary))
            cold_env = {**env, "PYTHONDONTWRITEBYTECODE": "1", "PYTHONPATH": str(copy)}
            own = {name: make for name, make in runs.items() if name not in ENVIRONMENTS}
            time_rounds(own, 1, cold_env, copy)
            report("no bytecode for floorman", time_rounds(own, args.rounds, cold_env, copy))


if __name__ == "__main__":
    main()
