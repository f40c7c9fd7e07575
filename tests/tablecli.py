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


def live(table: str, *lines: str) -> list[str]:
    """A ``live`` shift at ``table`` typed line by line, which must end well; what it
    printed, line by line."""
    result = runner.invoke(app, ["live", "-t", table], input="".join(f"{x}\n" for x in lines))
    assert result.exit_code == 0, result.stderr
    return result.stdout.splitlines()
