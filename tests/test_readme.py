"""The README's examples, and those of the docs it leads to, are commands a newcomer will
type: they must work as written, in the order a reader meets them."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SECTIONS = (
    ("README.md", "## At the table"),
    ("README.md", "## For the floor"),
    ("README.md", "## For trainers"),
    ("README.md", "## For the tournament floor"),
    ("docs/notation.md", "## Irregular betting"),
    ("docs/tables.md", "## Changes between hands"),
    ("docs/documents.md", "# The floor's commands and printed documents"),
    ("docs/rulebook.md", "## Commands"),
    ("docs/tournament.md", "## Commands"),
)
"""The sections whose shell blocks are a walk through floorman, in reading order."""


def readme_commands() -> list[str]:
    """Every command line in the usage sections' shell blocks, comments dropped."""
    commands: list[str] = []
    for name, section in SECTIONS:
        text = (ROOT / name).read_text(encoding="utf-8")
        assert f"{section}\n" in text, f"{name} has no section {section!r}"
        body = text.split(f"{section}\n", 1)[1].split("\n## ", 1)[0]
        for block in re.findall(r"```sh\n(.*?)```", body, flags=re.DOTALL):
            for line in block.splitlines():
                words = shlex.split(line, comments=True)
                if words:
                    commands.append(shlex.join(words))
    return commands


def test_the_usage_sections_are_all_floorman_commands() -> None:
    commands = readme_commands()
    assert len(commands) > 20
    assert all(command.startswith("floorman ") for command in commands)


@pytest.mark.slow
def test_every_readme_command_runs_in_order(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    shutil.copytree(ROOT / "rulebook", tmp_path / "rulebook")
    env = {
        **os.environ,
        "FLOORMAN_DB": str(tmp_path / "floorman.db"),
        "FLOORMAN_CACHE_DIR": str(tmp_path / "cache"),
    }
    for command in readme_commands():
        argv = [sys.executable, "-m", "floorman", *shlex.split(command)[1:]]
        result = subprocess.run(
            argv,
            cwd=tmp_path,
            env=env,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            check=False,
        )
        assert result.returncode == 0, f"{command}\n{result.stdout}\n{result.stderr}"
    for written in (
        "report.pdf",
        "sheet.pdf",
        "booklet.pdf",
        "quiz.pdf",
        "hand.phh",
        "session.pdf",
    ):
        assert (tmp_path / written).stat().st_size > 0


def test_the_notation_section_lists_every_event_word() -> None:
    """A newcomer reads the README's notation table: every word the parser knows is in
    it, the betting verbs too."""
    from floorman.hand.events import ACTION_VERBS, EVENT_WORDS

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## The notation\n", 1)[1].split("\n## ", 1)[0]
    written = set(re.findall(r"`(?:SEAT )?([a-z-]+)", section))
    missing = sorted(set(EVENT_WORDS) - written)
    missing += sorted(set(ACTION_VERBS) - written)
    assert not missing, f"README.md's notation section does not list {missing}"


def test_each_hand_file_shown_is_the_example_it_names() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    shown = re.findall(r"`(examples/[^`]+\.yaml)`:\n\n```yaml\n(.*?)```", text, flags=re.DOTALL)
    assert len(shown) >= 2
    for path, body in shown:
        assert body == (ROOT / path).read_text(encoding="utf-8"), path
