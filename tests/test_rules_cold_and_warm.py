"""Every rulebook read both ways, and what a dealer gets from it the same either way: read
cold, from the YAML into pydantic's models, or warm, from the rulebook cache into the
plain look-alikes that have none of pydantic's methods."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import forget_rulebooks
from pydantic import BaseModel
from typer.testing import CliRunner

from floorman.cli import app
from floorman.rules import loader
from floorman.rules.examples import check_example
from floorman.rules.plain import Plain

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))
EVERY_RULEBOOK = loader.shipped_rulebooks() + loader.house_names()
runner = CliRunner()


def floorman(*args: str) -> str:
    result = runner.invoke(app, list(args), env={"COLUMNS": "100"})
    assert result.exit_code in (0, 1), (args, result.stderr)
    return result.stdout


@pytest.fixture(params=EVERY_RULEBOOK)
def rulebook(request: pytest.FixtureRequest, rulebook_cache: str) -> loader.Rulebook:
    """Each shipped rulebook and house profile, read cold and read warm."""
    book = loader.load_rulebook(request.param)
    models = [model for w in book._raw_rules for model in (w.rule, w.rule.when) if model]
    models += list(book.option_specs.values())
    kind = Plain if rulebook_cache == "warm" else BaseModel
    assert models
    assert all(isinstance(model, kind) for model in models), rulebook_cache
    return book


def test_every_worked_example_holds(rulebook: loader.Rulebook) -> None:
    """The rulebook's own examples, each a hand with the ruling it must get: a house
    profile's under its own options, a rulebook's for each of its rules."""
    house = rulebook.name in loader.house_names()
    claims = (
        [(rulebook.rule(claim.rule or ""), claim) for claim in rulebook.examples]
        if house
        else [(rule, claim) for rule in rulebook.rules for claim in rule.rule.examples]
    )
    assert claims
    for rule, claim in claims:
        assert check_example(rulebook, rule, claim) == [], (rule.id, claim)


@pytest.mark.parametrize("hand", EXAMPLES, ids=lambda path: path.stem)
def test_a_check_rules_alike(hand: Path, rulebook_cache: str) -> None:
    first = json.loads(floorman("check", "--json", str(hand)))
    assert first["rulings"] == json.loads(floorman("check", "--json", str(hand)))["rulings"]
    if hand.stem == "premature-turn":
        (ruling,) = first["rulings"]
        assert (ruling["event"], ruling["rule"], ruling["outcome"]) == (
            12, "rrop.holdem.premature-turn", "continue",
        )  # fmt: skip


@pytest.mark.parametrize(
    "args",
    [
        ("sheet", "--house", str(ROOT / "rulebook" / "house" / "ciaffone-burn.yaml")),
        ("card", "--rulebook", "tda-2024", "--game", "omaha"),
        ("compare", "rrop", "tda-2024", "wsop-2024", "--differences"),
        ("rules", "show", "--rulebook", "wsop-2024", "holdem.premature-turn"),
        ("ask", "exposed-first-holecard", "--rulebook", "first-or-second", "--json"),
    ],
    ids=["sheet-house", "card", "compare", "rules-show", "ask-house"],
)
def test_what_the_floor_prints_reads_the_same_cold_and_warm(
    args: tuple[str, ...], warm_rulebooks: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    printed = {}
    for way, folder in (("cold", tmp_path / "rulebook-cache"), ("warm", warm_rulebooks)):
        monkeypatch.setenv("FLOORMAN_CACHE_DIR", str(folder))
        forget_rulebooks()
        page = tmp_path / f"{way}.html"
        written = args[0] in ("sheet", "card")
        said = floorman(*args, *(["--html", "-o", str(page)] if written else []))
        printed[way] = page.read_text(encoding="utf-8") if written else said
        reads = list(loader._READS.values())
        assert reads, way
        assert all(read.trusted == (way == "warm") for read in reads), way
    forget_rulebooks()
    assert printed["cold"]
    assert printed["warm"] == printed["cold"]
