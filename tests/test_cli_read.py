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
        (["--game", "razz", "--board", "2c 5d 8h", "3=Ac Kd"], '--game "razz" is not one of'),
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
