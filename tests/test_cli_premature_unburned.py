"""A premature flop or river dealt with no burn card, through ``floorman check``: the
TDA (Rule 38) and the WSOP (the burn card before every betting round) burn before the
new cards; RRoP is silent, and the house option ``premature_unburned`` decides."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from floorman.cli import app

runner = CliRunner()

PREFLOP = ["deal", "3 call", "1 call"]
TURNED = [*PREFLOP, "2 check", "burn", "flop Ah Kd 7c", "1 check", "2 check", "3 check",
          "burn", "turn 5s", "1 check"]  # fmt: skip


def check(
    tmp_path: Path, rulebook: str, events: list[str], status: int = 0, **header: Any
) -> dict[str, Any]:
    values: dict[str, Any] = {"button": 3, "seats": {1: 1000, 2: 1000, 3: 1000},
                              "rulebook": rulebook, "events": events, **header}  # fmt: skip
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(values), encoding="utf-8")
    result = runner.invoke(app, ["check", str(path), "--json"])
    assert result.exit_code == status, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def steps_at(data: dict[str, Any], event: int) -> list[str]:
    (ruling,) = [r for r in data["rulings"] if r["event"] == event]
    return [s["do"] for s in ruling["steps"]]


@pytest.mark.parametrize(
    ("book", "house", "redeal", "last"),
    [
        ("rrop", {}, ["reshuffle", "cut", "burn"], "burn"),
        ("rrop", {"premature_unburned": "no-burn"}, ["reshuffle", "cut"], "deal-without-burn"),
        ("tda-2024", {}, ["reshuffle", "burn"], "burn"),
        ("wsop-2024", {}, ["reshuffle", "burn"], "burn"),
    ],
)
def test_a_premature_flop_with_no_burn(
    tmp_path: Path, book: str, house: dict[str, str], redeal: list[str], last: str
) -> None:
    events = [*PREFLOP, "flop Ah Kd 7c", "2 check", *redeal, "flop Kd 8s 2c"]
    data = check(tmp_path, book, events, house=house)
    assert steps_at(data, 4)[-1] == last
    # The new flop dealt as the ruling says draws no other ruling.
    assert [r["event"] for r in data["rulings"]] == [4]
    assert data["violations"] == []


@pytest.mark.parametrize(
    ("book", "house", "redeal", "last"),
    [
        ("rrop", {}, ["reshuffle", "cut", "burn"], "burn"),
        ("rrop", {"premature_unburned": "no-burn"}, ["reshuffle", "cut"], "deal-without-burn"),
        ("tda-2024", {}, ["reshuffle", "burn"], "burn"),
        ("wsop-2024", {}, ["reshuffle", "burn"], "burn"),
    ],
)
def test_a_premature_river_with_no_burn(
    tmp_path: Path, book: str, house: dict[str, str], redeal: list[str], last: str
) -> None:
    events = [*TURNED, "river 2c", "2 check", "3 check", *redeal, "river 9d"]
    data = check(tmp_path, book, events, house=house)
    assert steps_at(data, 13)[-1] == last
    assert [r["event"] for r in data["rulings"]] == [13]
    assert data["violations"] == []


def test_rrop_without_the_house_option_departs_when_the_redeal_is_not_burned(
    tmp_path: Path,
) -> None:
    # Under the house default a burn is owed before the new flop: dealing it without one
    # departs from the procedure.
    events = [*PREFLOP, "flop Ah Kd 7c", "2 check", "reshuffle", "cut", "flop Kd 8s 2c"]
    data = check(tmp_path, "rrop", events, status=1)
    assert [v["event"] for v in data["violations"]] == [8]
