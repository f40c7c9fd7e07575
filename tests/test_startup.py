"""Start-up cost: the quick commands import nothing heavy.

A dealer runs ``floorman check`` and ``floorman add`` mid-hand; they must
start as fast as typer and pydantic allow, so rendering (weasyprint), the
store (sqlite3) and test-only libraries stay out of those paths.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from cliprobe import loaded_modules

HEAVY = ("weasyprint", "pokerkit", "treys", "rich.progress")
EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def test_help_imports_no_renderer_and_no_store() -> None:
    modules = loaded_modules("--help")
    for heavy in (*HEAVY, "sqlite3"):
        assert heavy not in modules


def test_check_on_a_short_hand_imports_nothing_heavy() -> None:
    modules = loaded_modules("check", str(EXAMPLES / "premature-turn.yaml"), "--json")
    assert "floorman.replay" in modules  # the check did run
    for heavy in (*HEAVY, "sqlite3", "jinja2", "floorman.phh", "tomllib"):
        assert heavy not in modules


def test_version_is_printed() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "floorman", "--version"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert result.stdout.startswith("floorman ")
