"""``floorman check`` of a stud hand file, end to end."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from floorman.cli import app

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "stud" / "stud-hilo.yaml"
runner = CliRunner()


def test_check_settles_the_stud_hilo_example() -> None:
    result = runner.invoke(app, ["check", str(EXAMPLE)])
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "stud-hilo: hand over (showdown), pot 305"
    assert lines[-1] == (
        "pot 305: seat 1 takes 152, seat 2 takes 153; odd chip 1 to seat 2, the odd chip of"
        " the high/low split goes to the high half"
    )


def test_check_json_gives_the_contract_keys() -> None:
    result = runner.invoke(app, ["check", str(EXAMPLE), "--json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert set(data) == {"rulings", "violations", "pots", "awards", "stacks"}
    assert data["stacks"] == {"1": 507, "2": 508, "3": 485}


def test_a_hand_in_progress_says_who_is_to_act(tmp_path: Path) -> None:
    hand = tmp_path / "razz.yaml"
    hand.write_text(
        "game: razz\nante: 1\nbring_in: 2\nlimits: [4, 8]\nseats: {2: 100, 5: 100}\n"
        "events: [down 2 ?? ??, up 2 Kc, down 5 ?? ??, up 5 3d, 2 bring-in, 5 call]\n"
    )
    result = runner.invoke(app, ["check", str(hand)])
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0] == "razz: deal fourth street, pot 6"


def test_a_bad_event_is_one_line_naming_the_file_and_line(tmp_path: Path) -> None:
    hand = tmp_path / "stud.yaml"
    hand.write_text(
        "game: stud\nante: 1\nbring_in: 2\nlimits: [4, 8]\nseats: {1: 100, 2: 100}\n"
        "events:\n  - down 1 ?? ??\n  - up 1 Kc\n  - down 2 ?? ??\n  - up 2 3d\n"
        "  - 1 call\n"
    )
    result = runner.invoke(app, ["check", str(hand)])
    assert result.exit_code == 2
    assert result.stderr == (
        f"floorman: {hand} line 11: event 5 \"1 call\": it is seat 2's turn, not seat 1's\n"
    )


def test_a_bad_header_is_one_line_naming_the_field(tmp_path: Path) -> None:
    hand = tmp_path / "stud.yaml"
    hand.write_text("game: stud\nbring_in: 50\nlimits: [20, 40]\nseats: {1: 100, 2: 100}\n")
    result = runner.invoke(app, ["check", str(hand)])
    assert result.exit_code == 2
    assert result.stderr == f"floorman: {hand}: bring_in: 50 is more than the small bet 20\n"
