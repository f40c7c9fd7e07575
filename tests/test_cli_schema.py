"""``floorman schema NAME`` as a user runs it: a fresh process for each format the docs name."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from floorman.cli.schema import SCHEMAS

ROOT = Path(__file__).resolve().parents[1]
README_SCHEMAS = sorted(
    {
        name
        for page in (ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")))
        for name in re.findall(r"floorman schema ([a-z-]+)", page.read_text("utf-8"))
    }
)
"""The formats the README and the docs it links to tell a user to print."""


def floorman(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "floorman", *args], capture_output=True, text=True, check=False
    )


def test_the_readme_names_schemas() -> None:
    assert README_SCHEMAS
    assert set(README_SCHEMAS) <= set(SCHEMAS)


@pytest.mark.parametrize("name", sorted(set(README_SCHEMAS) | set(SCHEMAS)))
def test_each_schema_prints_from_a_fresh_process(name: str) -> None:
    result = floorman("schema", name)
    assert result.returncode == 0, result.stderr
    schema = json.loads(result.stdout)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert (
        schema["title"]
        == {
            "hand": "floorman hand file",
            "stud-hand": "floorman stud hand file",
            "draw-hand": "floorman draw hand file",
            "rulebook": "floorman rulebook",
            "structure": "floorman tournament structure",
        }[name]
    )
    assert schema["properties"]


def test_an_unknown_schema_names_every_known_one() -> None:
    result = floorman("schema", "table")
    assert result.returncode == 2
    assert result.stderr == (
        'floorman: no schema named "table" '
        "(known: draw-hand, hand, rulebook, structure, stud-hand)\n"
    )
    assert result.stdout == ""


def test_the_stud_hand_schema_names_the_stud_games_and_their_structure() -> None:
    schema = json.loads(floorman("schema", "stud-hand").stdout)
    assert schema["properties"]["game"]["enum"] == ["stud", "stud-hilo", "razz"]
    assert {"ante", "bring_in", "limits", "seats"} <= set(schema["properties"])
    assert set(schema["required"]) == {"game", "bring_in", "limits", "seats"}
