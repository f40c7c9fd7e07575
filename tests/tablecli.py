"""The table commands run in process, as the session tests drive them against ``table_db``."""

from __future__ import annotations

from typer.testing import CliRunner, Result

from floorman.cli import app

runner = CliRunner()


def run(*args: str) -> Result:
    return runner.invoke(app, list(args))


def ok(*args: str) -> str:
    """Run a command that must succeed; its standard output."""
    result = run(*args)
    assert result.exit_code == 0, (args, result.stdout, result.stderr)
    return result.stdout
