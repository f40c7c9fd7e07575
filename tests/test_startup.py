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

from floorman.cli import COMMAND_MODULES, app

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


def test_check_builds_no_other_command() -> None:
    modules = loaded_modules("check", str(EXAMPLES / "premature-turn.yaml"), "--json")
    others = {f"floorman.cli.{module}" for module in COMMAND_MODULES.values()} - {
        "floorman.cli.check"
    }
    assert not others & modules


def test_every_command_word_names_the_module_that_registers_it() -> None:
    registered = {
        command.name or command.callback.__name__: command.callback.__module__
        for command in app.registered_commands
        if command.callback is not None
    }
    for group in app.registered_groups:
        typer_app = group.typer_instance
        assert typer_app is not None
        callbacks = {command.callback for command in typer_app.registered_commands}
        (module,) = {callback.__module__ for callback in callbacks if callback is not None}
        registered[group.name or typer_app.info.name or ""] = module
    assert {word: f"floorman.cli.{module}" for word, module in COMMAND_MODULES.items()} == (
        registered
    )


def test_help_lists_every_command_and_an_unknown_word_is_refused() -> None:
    help_text = subprocess.run(
        [sys.executable, "-m", "floorman", "--help"], capture_output=True, text=True, check=True
    ).stdout
    listed = [line.split()[0] for line in help_text.split("Commands:")[1].splitlines() if line]
    assert listed == list(COMMAND_MODULES)
    unknown = subprocess.run(
        [sys.executable, "-m", "floorman", "chek"], capture_output=True, text=True, check=False
    )
    assert unknown.returncode == 2
    assert "No such command 'chek'" in unknown.stderr


def test_version_is_printed() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "floorman", "--version"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert result.stdout.startswith("floorman ")
