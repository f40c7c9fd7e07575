"""``floorman check`` and ``floorman import`` of draw hands, end to end."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest
from phhdata import phh_dir
from studdrawphh import wsop_hands
from typer.testing import CliRunner

from floorman.cli import app
from floorman.interchange.drawfile import check_draw, parse_draw_hand
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
    if phh_dir() is None or not HAS_27:
        pytest.skip("needs the PHH data set and the deuce-to-seven evaluator")
    source = wsop_hands("N2L1D")[0]
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


HAS_BADUGI = importlib.util.find_spec("floorman.showdown.badugi") is not None

SHOWDOWN = (
    "betting: limit\nblinds: [5, 10]\nbutton: 2\nseats: {{1: 100, 2: 100}}\n"
    "events: [deal, 2 call, 1 check, {draws}, 1 check, 2 check, show 1 {one}, show 2 {two}]\n"
)


@pytest.mark.skipif(not HAS_27, reason="A-5 lowball is read with the ace-to-five evaluator")
def test_a5_lowball_the_wheel_beats_a_six_low() -> None:
    text = "game: lowball-a5\n" + SHOWDOWN.format(
        draws="1 stands pat, 2 stands pat", one="6c 4d 3h 2s Ac", two="5c 4h 3s 2d Ad"
    )
    settled = check_draw(parse_draw_hand(text))
    assert settled.to_json()["awards"] == {"2": 20}


@pytest.mark.skipif(not HAS_BADUGI, reason="badugi is read with the badugi evaluator")
def test_badugi_four_suits_beat_a_lower_three_card_hand() -> None:
    text = "game: badugi\n" + SHOWDOWN.format(
        draws="1 draws 1, 2 stands pat, 1 check, 2 check, 1 stands pat, 2 stands pat, 1 check,"
        " 2 check, 1 stands pat, 2 stands pat",
        one="Kc Qd Jh Ts",
        two="Ac 2c 3d 4h",
    )
    settled = check_draw(parse_draw_hand(text))
    assert settled.to_json()["awards"] == {"1": 20}


def test_a_tie_in_a_button_game_gives_the_odd_chip_left_of_the_button() -> None:
    if not HAS_27:
        pytest.skip("2-7 is read with the deuce-to-seven evaluator")
    text = (
        "game: single-draw-27\nbetting: no-limit\nblinds: [5, 10]\nbutton: 3\nante: 1\n"
        "seats: {1: 100, 2: 100, 3: 100}\nevents: [deal, 3 call, 1 call, 2 check,"
        " 1 stands pat, 2 stands pat, 3 stands pat, 1 check, 2 check, 3 check,"
        " show 1 7c 5d 4h 3s 2c, show 2 7d 5h 4s 3c 2d, show 3 Kc Kd Kh Ks Ac]\n"
    )
    checked = check_draw(parse_draw_hand(text))
    (pot,) = checked.to_json()["pots"]
    assert pot["amount"] == 33
    assert pot["awards"] == {"1": 17, "2": 16}
    assert checked.lines()[-1] == (
        "pot 33: seat 1 takes 17, seat 2 takes 16; odd chip 1 to seat 1, first of the tied"
        " hands clockwise from the button (seat 3)"
    )
