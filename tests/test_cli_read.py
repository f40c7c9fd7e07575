"""``floorman read`` as a dealer uses it at showdown."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from floorman.cli import app

runner = CliRunner()

EXAMPLE = [
    "--game",
    "omaha-hilo",
    "--board",
    "2c 5d 8h Kc Js",
    "3=Ac 3d Ks Qd",
    "5=Jh Jd 9s 7c",
]


def read(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["read", *args])
    return result.exit_code, result.stdout, result.stderr


def floorman(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "floorman", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
    )


def test_hilo_showdown_reads_each_seat_and_both_halves() -> None:
    done = floorman("read", *EXAMPLE)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "Board   2♣ 5♦ 8♥ K♣ J♠",
        "Seat 3  A♣ 3♦ K♠ Q♦  high  Pair of kings           K♠ K♣ A♣ J♠ 8♥",
        "                     low   8-5-3-2-A low           8♥ 5♦ 3♦ 2♣ A♣",
        "Seat 5  J♥ J♦ 9♠ 7♣  high  Three of a kind, jacks  J♠ J♥ J♦ K♣ 8♥",
        "                     low   no low",
        "High: seat 5, Three of a kind, jacks",
        "Low: seat 3, 8-5-3-2-A low",
    ]


def test_a_bad_card_is_one_line_and_exit_2_from_the_real_command() -> None:
    done = floorman("read", "--board", "2c 5d 8h Kc Js", "3=Ac Zx")
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == 'floorman: seat 3 "Ac Zx": "Zx" is not a card\n'


def test_ascii_prints_plain_letters() -> None:
    code, out, _ = read(*EXAMPLE, "--ascii")
    assert code == 0
    assert out.splitlines()[0] == "Board   2c 5d 8h Kc Js"
    assert "J♠" not in out
    assert "Js Jh Jd Kc 8h" in out


def test_json_gives_every_reading_and_the_winners() -> None:
    code, out, _ = read(*EXAMPLE, "--json")
    assert code == 0
    result = json.loads(out)
    assert result["game"] == "omaha-hilo"
    assert result["board"] == ["2c", "5d", "8h", "Kc", "Js"]
    assert result["high_winners"] == [5]
    assert result["low_winners"] == [3]
    seat3 = result["seats"]["3"]
    assert seat3["hole"] == ["Ac", "3d", "Ks", "Qd"]
    assert seat3["high"]["name"] == "Pair of kings"
    assert seat3["high"]["full_name"] == "Pair of kings, ace-jack-eight kickers"
    assert seat3["high"]["cards"] == ["Ks", "Kc", "Ac", "Js", "8h"]
    assert seat3["low"]["name"] == "8-5-3-2-A low"
    assert result["seats"]["5"]["low"] is None
    assert result["seats"]["5"]["high"]["value"] > seat3["high"]["value"]


def test_holdem_tie_is_a_split_and_kickers_are_read_when_they_decide() -> None:
    code, out, _ = read("--board", "Js 9h 7d 4c 2s", "1=Jh Ac", "2=Jd Ah", "4=Jc Kd")
    assert code == 0
    lines = out.splitlines()
    assert lines[1].startswith("Seat 1  J♥ A♣  Pair of jacks, ace-nine-seven kickers")
    assert lines[3].startswith("Seat 4  J♣ K♦  Pair of jacks, king-nine-seven kickers")
    assert lines[-1] == "Wins: seats 1 and 2 tie and split, Pair of jacks, ace-nine-seven kickers"


def test_holdem_without_hole_cards_plays_the_board() -> None:
    code, out, _ = read("--board", "Ts Js Qs Ks As", "1=", "2=2c 3d")
    assert code == 0
    assert "Seat 1  (plays the board)  Royal flush" in out
    assert out.splitlines()[-1] == "Wins: seats 1 and 2 tie and split, Royal flush"


def test_no_qualifying_low_gives_the_high_hand_the_pot() -> None:
    code, out, _ = read(
        "--game", "omaha-hilo", "--board", "2c 9d Th Kc Js", "3=Ac 3d Ks Qd", "5=Jh Jd 9s 7c"
    )
    assert code == 0
    assert out.splitlines()[-2:] == [
        "High: seat 3, Straight, ace high",
        "Low: no hand qualifies for low (8 or better); high takes the whole pot",
    ]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--board", "2c 5d 8h Kc Zz", "3=Ac Kd"], '--board "2c 5d 8h Kc Zz": "Zz" is not a card'),
        (["--board", "2c 5d 8h Kc Js", "3=Ac Ac"], "the Ac appears twice in seat 3"),
        (["--board", "2c 5d 8h Kc Js", "3=Ac 2c"], "the 2c is both on the board and in seat 3"),
        (["--board", "2c 5d 8h Kc Js", "3=Ac Kd", "4=Ac Qd"], "the Ac is both in seat 3 and in"),
        (
            ["--game", "omaha", "--board", "2c 5d 8h Kc Js", "3=Ac Kd"],
            "seat 3: omaha needs 4 hole cards, not 2",
        ),
        (["--board", "2c 5d 8h Kc Js", "x=Ac Kd"], '"x=Ac Kd": "x" is not a seat number'),
        (["--board", "2c 5d 8h Kc Js", "Ac Kd"], '"Ac Kd" is not SEAT=CARDS'),
        (["--board", "2c 5d 8h Kc Js", "3=Ac Kd", "3=Qc Qd"], "seat 3 is given twice"),
        (["--game", "pineapple", "--board", "2c 5d 8h", "3=Ac Kd"], '"pineapple" is not one of'),
        (["--board", "2c 5d 8h Kc Js"], "name each seat and its hole cards"),
        (["3=Ac Kd"], "give the board with --board"),
        (["--board", "2c 5d 8h Kc Js 9s", "3=Ac Kd"], "the board has 6 cards"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    code, out, err = read(*args)
    assert code == 2
    assert out == ""
    assert err.startswith("floorman: ")
    assert message in err
    assert err.count("\n") == 1


RAZZ = ["2=Ah 2c 3d 5s 7h 8c 9d", "4=As 2d 3c 4h 6s Kd Kc"]


def test_razz_reads_each_seats_low_of_seven_and_the_lowest_wins() -> None:
    code, out, _ = read("--game", "razz", *RAZZ)
    assert code == 0
    assert out.splitlines() == [
        "Seat 2  A♥ 2♣ 3♦ 5♠ 7♥ 8♣ 9♦  Seven-five low  7♥ 5♠ 3♦ 2♣ A♥",
        "Seat 4  A♠ 2♦ 3♣ 4♥ 6♠ K♦ K♣  Six-four low    6♠ 4♥ 3♣ 2♦ A♠",
        "Wins: seat 4, Six-four low",
    ]


def test_stud_hilo_reads_high_and_the_8_or_better_low_for_each_half() -> None:
    code, out, _ = read("--game", "stud-hilo", "--ascii", *RAZZ)
    assert code == 0
    assert "Pair of kings   Kd Kc As 6s 4h" in out
    assert out.splitlines()[-2:] == ["High: seat 4, Pair of kings", "Low: seat 4, 6-4-3-2-A low"]


def test_stud_hilo_with_no_low_gives_high_the_whole_pot() -> None:
    hands = ["1=Ah Ad Kc Kd 2s Qs 9h", "3=Qh Qd Qc 4s Js 7d Th"]
    code, out, _ = read("--game", "stud-hilo", *hands)
    assert code == 0
    assert out.splitlines()[-1] == (
        "Low: no hand qualifies for low (8 or better); high takes the whole pot"
    )


def test_stud_plays_the_best_five_of_seven() -> None:
    hands = ["1=Ah Ad Kc Kd 2s 3s 9h", "3=Qh Qd Qc 4s 5s 7d 8h"]
    code, out, _ = read("--game", "stud", "--ascii", *hands)
    assert code == 0
    assert "Two pair, aces and kings  Ah Ad Kd Kc 9h" in out
    assert out.splitlines()[-1] == "Wins: seat 3, Three of a kind, queens"


@pytest.mark.parametrize(
    ("game", "hands", "winner"),
    [
        ("triple-draw-27", ["1=7h 5d 4c 3s 2h", "2=8h 6d 4s 3c 2d"], "seat 1, Seven-five low"),
        ("single-draw-27", ["1=Ah 5d 4c 3s 2h", "2=8h 6d 4s 3c 2d"], "seat 2, Eight-six low"),
        ("lowball-a5", ["1=Ah 5d 4c 3s 2h", "2=8h 6d 4s 3c 2d"], "seat 1, Five-four low"),
        ("badugi", ["1=Kc 4d 2h As", "2=7c 5d 3h 2s"], "seat 2, Seven badugi"),
    ],
)
def test_a_draw_game_reads_the_hand_as_drawn(game: str, hands: list[str], winner: str) -> None:
    code, out, _ = read("--game", game, *hands)
    assert code == 0
    assert out.splitlines()[-1] == f"Wins: {winner}"


def test_ace_to_five_and_deuce_to_seven_read_the_same_cards_apart() -> None:
    wheel = ["1=Ah 5d 4c 3s 2h", "2=8h 6d 4s 3c 2d"]
    assert read("--game", "lowball-a5", *wheel)[1] != read("--game", "triple-draw-27", *wheel)[1]


def test_a_low_game_in_json_names_the_hand_that_wins_the_pot() -> None:
    code, out, _ = read("--game", "razz", "--json", *RAZZ)
    assert code == 0
    data = json.loads(out)
    assert data["board"] == []
    assert data["high_winners"] == [4]
    assert data["seats"]["4"]["high"]["name"] == "Six-four low"
    assert "low_winners" not in data


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-g", "razz", "1=Ah 2c"], "seat 1: razz shows down 7 cards, not 2"),
        (["-g", "razz", "-b", "2c 3c 4c", "1=Ah 2c"], "razz has no board: give each seat its 7"),
        (["-g", "lowball-a5"], 'name each seat and its 5 cards, e.g. 3="7h 5d 4c 3s 2h"'),
        (["-g", "badugi", "1=Kc 4d 2h As", "2=7c 4d 3h 2s"], "the 4d is in seats 1 and 2"),
        (["-g", "badugi", "1=Kc 4d 4d As"], "the 4d is twice in seat 1"),
        (["-g", "pineapple", "1=Ah 2c"], '--game "pineapple" is not one of holdem, omaha'),
    ],
)
def test_cards_a_stud_or_draw_game_cannot_read_are_one_line_and_status_2(
    args: list[str], message: str
) -> None:
    code, out, err = read(*args)
    assert code == 2
    assert out == ""
    assert message in err
    assert len(err.strip().splitlines()) == 1
