"""Start-up cost: ``floorman check`` on a short hand against ``import typer, pydantic``.

DESIGN.md's budget: a cold ``floorman check`` on a short hand costs at most
twice a cold ``python -c "import typer, pydantic"``. The commands are run as
fresh processes, taking turns round after round so that a busy moment on the
machine falls on all of them alike; medians are compared. Two settings:

- ``bytecode``: every module's bytecode is cached (``python -m compileall -q
  floorman`` first), as after installing or after any earlier run;
- ``no bytecode``: floorman's own modules are compiled afresh by every
  process (a copy of the package without ``__pycache__`` run with
  ``PYTHONDONTWRITEBYTECODE=1``); the libraries keep their bytecode.

The interpreter and the console script are run directly, not through a
version manager's shims (which add the same launcher cost to every command).

Run from the repository root:

    python benchmarks/bench_startup.py [--rounds 21] [--probe]

``--probe`` adds intermediate commands (importing the CLI, a bare typer
command) that show where the time goes.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HAND = ROOT / "examples" / "premature-turn.yaml"

BARE_TYPER = """
from pathlib import Path
from typing import Annotated
import typer
app = typer.Typer()
@app.command()
def check(
    handfile: Annotated[Path, typer.Argument()],
    as_json: Annotated[bool, typer.Option("--json")] = False,
    rulebook: Annotated[str | None, typer.Option("--rulebook")] = None,
    house: Annotated[str | None, typer.Option("--house")] = None,
) -> None:
    print(handfile)
@app.command()
def other() -> None:
    pass
app()
"""
"""The same parameters as ``floorman check`` in a typer app that does nothing: the
cost of typer itself running a command (it checks parameters with pydantic)."""


def floorman_command() -> list[str]:
    """The installed console script next to this interpreter, else ``python -m floorman``."""
    script = Path(sys.executable).with_name("floorman")
    if script.is_file():
        return [str(script)]
    return [sys.executable, "-m", "floorman"]


def commands(probe: bool) -> dict[str, list[str]]:
    floorman = floorman_command()
    runs = {
        "import typer, pydantic": [sys.executable, "-c", "import typer, pydantic"],
        f"floorman check {HAND.name} --json": [*floorman, "check", str(HAND), "--json"],
        "floorman --help": [*floorman, "--help"],
    }
    if probe:
        runs["python -c 'import floorman.cli'"] = [sys.executable, "-c", "import floorman.cli"]
        runs["a bare typer command"] = [sys.executable, "-c", BARE_TYPER, "check", str(HAND)]
    return runs


def time_rounds(
    runs: dict[str, list[str]], rounds: int, env: dict[str, str], cwd: Path = ROOT
) -> dict[str, list[float]]:
    """Seconds of each cold process, the commands taking turns round after round."""
    times: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(rounds):
        for name, argv in runs.items():
            start = time.perf_counter()
            done = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, check=False)
            times[name].append(time.perf_counter() - start)
            if done.returncode not in (0, 1):
                sys.exit(f"{name} failed ({done.returncode}): {done.stderr.decode()[-500:]}")
    return times


def report(title: str, times: dict[str, list[float]]) -> None:
    medians = {name: statistics.median(values) for name, values in times.items()}
    base = medians["import typer, pydantic"]
    print(f"{title}: median of {len(next(iter(times.values())))} cold processes")
    print(f"  {'command':<52} {'median':>8} {'lowest':>8} {'ratio':>7}")
    for name, values in times.items():
        median, lowest = medians[name] * 1000, min(values) * 1000
        print(f"  {name:<52} {median:6.0f}ms {lowest:6.0f}ms {medians[name] / base:6.2f}x")


def fresh_copy(folder: Path) -> Path:
    """The package, rulebooks and templates without any cached bytecode."""
    for name in ("floorman", "rulebook", "templates"):
        shutil.copytree(ROOT / name, folder / name, ignore=shutil.ignore_patterns("__pycache__"))
    return folder


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, default=21)
    parser.add_argument("--probe", action="store_true", help="also time intermediate steps")
    args = parser.parse_args()

    subprocess.run([sys.executable, "-m", "compileall", "-q", "floorman"], cwd=ROOT, check=True)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    runs = commands(args.probe)
    time_rounds(runs, 1, env)  # warm the file cache and the rulebook cache
    report("bytecode", time_rounds(runs, args.rounds, env))

    with tempfile.TemporaryDirectory() as temporary:
        copy = fresh_copy(Path(temporary))
        cold_env = {**env, "PYTHONDONTWRITEBYTECODE": "1", "PYTHONPATH": str(copy)}
        time_rounds(runs, 1, cold_env, copy)
        report("no bytecode for floorman", time_rounds(runs, args.rounds, cold_env, copy))


if __name__ == "__main__":
    main()
