"""``floorman check`` and ``floorman import`` of draw hands, end to end."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest
from phhdata import phh_dir
from typer.testing import CliRunner

from floorman.cli import app
from floorman.interchange.drawfile import parse_draw_hand
from floorman.interchange.plainhand import HandFileError

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "draw" / "triple-draw.yaml"
HAS_27 = importlib.util.find_spec("floorman.showdown.lowball") is not None
runner = CliRunner()


@pytest.mark.skipif(not HAS_27, reason="2-7 is read with the deuce-to-seven evaluator")
def test_check_settles_the_triple_draw_example() -> None:
    result = runner.invoke(app, ["check", str(EXAMPLE)])
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "triple-draw-27: hand over (showdown), pot 110"
    assert lines[-1] == "pot 110: seat 3 takes 110"


def test_a_draw_in_progress_says_who_draws() -> None:
    hand = parse_draw_hand(EXAMPLE.read_text(), "x.yaml")
    text = EXAMPLE.read_text().split("  - 1 draws 2")[0]
    result_hand = parse_draw_hand(text, "x.yaml")
    assert result_hand.replay().to_draw == 1
    assert hand.replay().over_reason == "showdown"


def test_the_button_posts_the_small_blind_heads_up() -> None:
    hand = parse_draw_hand(
        "game: single-draw-27\nbetting: no-limit\nblinds: [5, 10]\nbutton: 2\n"
        "seats: {1: 100, 2: 100}\nevents: [deal]\n"
    )
    state = hand.replay()
    assert state.bets == {1: 10, 2: 5}
    assert state.to_act == 2


def test_a_bad_header_is_one_line_naming_the_field() -> None:
    with pytest.raises(HandFileError, match=r"^h\.yaml: seats: badugi deals to 2 to 10 players$"):
        parse_draw_hand("game: badugi\nblinds: [1, 2]\nbutton: 1\nseats: {1: 100}\n", "h.yaml")


def test_check_json_of_a_hand_won_uncontested(tmp_path: Path) -> None:
    hand = tmp_path / "h.yaml"
    hand.write_text(
        "game: lowball-a5\nbetting: limit\nblinds: [5, 10]\nbutton: 3\n"
        "seats: {1: 500, 2: 500, 3: 500}\nevents: [deal, 3 raise 20, 1 fold, 2 fold]\n"
    )
    result = runner.invoke(app, ["check", str(hand), "--json"])
    assert result.exit_code == 0
    assert json.loads(result.stdout)["stacks"] == {"1": 495, "2": 490, "3": 515}


def test_a_wsop_draw_hand_imports_and_checks_to_its_finishing_stacks(tmp_path: Path) -> None:
    folder = phh_dir()
    if folder is None or not HAS_27:
        pytest.skip("needs the PHH data set and the deuce-to-seven evaluator")
    source = next(
        path for path in sorted((folder / "wsop").rglob("*.phh"))
        if "variant = 'N2L1D'" in path.read_text()
    )  # fmt: skip
    target = tmp_path / "hand.yaml"
    assert runner.invoke(app, ["import", str(source), "-o", str(target)]).exit_code == 0
    assert target.read_text().startswith('game: "single-draw-27"\nbetting: "no-limit"\n')
    result = runner.invoke(app, ["check", str(target), "--json"])
    assert result.exit_code == 0, result.stderr
    finishing = re.search(r"^finishing_stacks = \[(.*)\]", source.read_text(), re.MULTILINE)
    assert finishing is not None
    wanted = [int(value) for value in finishing[1].split(",")]
    stacks = json.loads(result.stdout)["stacks"]
    assert [stacks[str(seat)] for seat in range(1, len(wanted) + 1)] == wanted
