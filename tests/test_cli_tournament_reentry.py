"""A re-entry by a player still in, forfeiting the chips in play: allowed by WSOP T 13,
left to the event by TDA 8-B and unsaid by RRoP (a house option there); the chips
forfeited leave play, the old entry is out and the new one is seated by the draw."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tournamentcli import ok, own_store, run  # noqa: F401  (own_store: each test on its own store)
from typer.testing import CliRunner

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()


def shown(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(ok("show", name, "--json"))
    return data


def structure(tmp_path: Path, **changes: str) -> str:
    text = (ROOT / "rulebook" / "structures" / "daily.yaml").read_text()
    lines = []
    for line in text.splitlines():
        key = line.split(":", 1)[0]
        lines.append(f"{key}: {changes.pop(key)}" if key in changes else line)
    lines += [f"{key}: {value}" for key, value in changes.items()]
    path = tmp_path / "structure.yaml"
    path.write_text("\n".join(lines) + "\n")
    return str(path)


def test_the_tda_leaves_it_to_the_event(tmp_path: Path) -> None:
    ok("new", "daily", "--entrants", "12", "--seed", "2")
    before = shown("daily")
    result = run("enter", "daily", "--forfeit", "1", "2")
    assert result.exit_code == 2
    assert result.stderr == (
        "floorman: tournament daily: a player may not forfeit chips to re-enter (TDA 8-B:"
        " only where the event permits it; the house option reentry_forfeit in the structure)\n"
    )
    assert shown("daily") == before


@pytest.mark.parametrize(
    ("changes", "cite"),
    [
        ({"rulebook": "wsop-2024"}, "WSOP T 13; TDA 8-B"),
        ({"reentry_forfeit": "true"}, "house option reentry_forfeit; TDA 8-B"),
        ({"rulebook": "rrop", "reentry_forfeit": "true"}, "house option reentry_forfeit; TDA 8-B"),
    ],
)
def test_the_chips_forfeited_leave_play(tmp_path: Path, changes: dict[str, str], cite: str) -> None:
    ok(
        "new",
        "daily",
        "--entrants",
        "12",
        "--seed",
        "2",
        "--structure",
        structure(tmp_path, **changes),
    )
    before = shown("daily")
    seat = before["tables"][0]["seats"][1]
    ok("chips", "daily", "1", str(seat["seat"]), "7000")
    out = ok("enter", "daily", "--forfeit", "1", str(seat["seat"]), "--name", "Dana")
    assert out.splitlines()[0] == (
        f"table 1 seat {seat['seat']}: entrant {seat['player']} forfeits 7000 chips,"
        f" removed from play, and re-enters [{cite}]"
    )
    assert out.splitlines()[1].startswith("Dana (13): table ")
    after = shown("daily")
    assert after["entrants"] == 13
    assert after["players"] == 12
    assert after["chips_in_play"] == 13 * 20000 - 7000
    [gone] = after["finishes"]
    assert gone["player"] == seat["player"]
    assert gone["place"] == 13
    assert any(
        s["player"] == 13 and s["chips"] == 20000 for t in after["tables"] for s in t["seats"]
    )


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(table=st.integers(min_value=-3, max_value=5), seat=st.integers(min_value=-3, max_value=12))
def test_any_seat_forfeits_or_is_refused_in_one_line(tmp_path: Path, table: int, seat: int) -> None:
    name = "fuzz"
    if run("show", name).exit_code != 0:
        ok("new", name, "--entrants", "12", "--seed", "2",
           "--structure", structure(tmp_path, rulebook="wsop-2024"))  # fmt: skip
    result = run("enter", name, "--forfeit", str(table), str(seat))
    assert result.exit_code in (0, 2), result.stderr
    if result.exit_code == 2:
        assert result.stderr.count("\n") == 1, result.stderr
        assert "Traceback" not in result.stderr
