"""The table commands run in process, as the session tests drive them against ``table_db``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner, Result

from floorman.cli import app

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()

NEW = ["new", "--table", "7", "--game", "holdem", "--blinds", "1/2", "--button", "3",
       "--seats", "1=200,3=150,5=300"]  # fmt: skip
"""A hold'em hand at table 7: three seats, blinds 1/2, the button on seat 3."""


def run(*args: str, stdin: str | None = None) -> Result:
    return runner.invoke(app, list(args), input=stdin)


def ok(*args: str) -> str:
    """Run a command that must succeed; its standard output."""
    result = run(*args)
    assert result.exit_code == 0, (args, result.stdout, result.stderr)
    return result.stdout


def live(table: str, *lines: str) -> list[str]:
    """A ``live`` shift at ``table`` typed line by line, which must end well; what it
    printed, line by line."""
    result = runner.invoke(app, ["live", "-t", table], input="".join(f"{x}\n" for x in lines))
    assert result.exit_code == 0, result.stderr
    return result.stdout.splitlines()


def floorman_process(
    store: Path, *args: str, stdin: str | None = None
) -> subprocess.CompletedProcess[str]:
    """A command in a process of its own on ``store``, as a second terminal runs it."""
    env = {**os.environ, "FLOORMAN_DB": str(store), "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "floorman", *args], input=stdin, env=env,
                          capture_output=True, text=True, check=False, timeout=120)  # fmt: skip
