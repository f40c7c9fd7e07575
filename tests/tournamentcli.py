"""The tournament commands run in process, as the tournament tests drive them: each
test on a store of its own, whatever the environment names."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from floorman.cli import app

runner = CliRunner()


@pytest.fixture(autouse=True)
def own_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No test writes to the user's store (autouse in a module that imports it)."""
    monkeypatch.setenv("FLOORMAN_DB", str(tmp_path / "default.db"))
    monkeypatch.delenv("FLOORMAN_DEALER", raising=False)


def run(*args: str) -> Result:
    return runner.invoke(app, ["tournament", *args])


def ok(*args: str) -> str:
    result = run(*args)
    assert result.exit_code == 0, (args, result.stdout, result.stderr)
    return result.stdout


def refused(message: str, *args: str) -> None:
    """Refused in one line naming ``message``, exit status 2."""
    result = run(*args)
    assert result.exit_code == 2, (args, result.stdout)
    assert message in result.stderr, result.stderr
    assert result.stderr.count("\n") == 1, result.stderr
