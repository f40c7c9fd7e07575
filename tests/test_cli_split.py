"""``floorman split`` as a dealer uses it at the table."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from floorman.cli import app
from floorman.errors import FloormanError

runner = CliRunner()


def split(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["split", *args])
    return result.exit_code, result.stdout, result.stderr


def test_three_way_tie_prints_each_share_and_who_gets_the_odd_chips() -> None:
    code, out, _ = split("347", "--between", "2,6,8", "--button", "4", "--unit", "1")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Split 347 between seats 2, 6, 8 (button seat 4, smallest chip 1)"
    assert lines[1:5] == ["seat  share", "   2    115", "   6    116", "   8    116"]
    assert lines[5] == (
        "odd chip of 1 to seat 6: first of the tied hands clockwise from the button (seat 4)"
    )
    assert lines[6].startswith("odd chip of 1 to seat 8: second of the tied hands")


def test_json_has_the_pot_entry_of_the_check_contract() -> None:
    code, out, _ = split("347", "--between", "2,6,8", "--button", "4", "--json")
    assert code == 0
    pot = json.loads(out)
    assert pot["amount"] == 347
    assert pot["eligible"] == [2, 6, 8]
    assert pot["awards"] == {"2": 115, "6": 116, "8": 116}
    assert [chip["seat"] for chip in pot["odd_chips"]] == [6, 8]
    assert all(chip["amount"] == 1 and chip["reason"] for chip in pot["odd_chips"])


def test_hilo_split_with_the_high_half_shared() -> None:
    code, out, _ = split("347", "--high", "2,6", "--low", "8", "--button", "4", "--json")
    assert code == 0
    pot = json.loads(out)
    assert pot["halves"] == {"high": 174, "low": 173}
    assert pot["awards"] == {"2": 87, "6": 87, "8": 173}
    assert pot["odd_chips"][0]["reason"] == (
        "the odd chip of the high/low split goes to the high half"
    )


def test_quartering_exception_and_high_card_by_suit_from_the_table() -> None:
    code, out, _ = split(
        "25",
        "--high", "2",
        "--low", "6,8",
        "--button", "4",
        "--quartering-exception",
        "--policy", "high-card-by-suit",
        "--cards", "6=Ah2d,8=2c3c",
    )  # fmt: skip
    assert code == 0
    assert "   2     12" in out
    assert "   6      7" in out
    assert "odd chip of 1 to seat 6: lowest card by suit among the tied low hands: A♥" in out


def test_chips_of_each_denomination() -> None:
    code, out, _ = split("347", "--between", "2,6,8", "--button", "4", "--chips", "1,5,25")
    assert code == 0
    assert "seat  share  chips" in out
    assert "   6    116  4×25 + 3×5 + 1×1" in out
    code, out, _ = split("350", "--between", "1,2", "--button", "4", "--chips", "5,25", "--json")
    assert json.loads(out)["chips"] == {"1": {"25": 7}, "2": {"25": 7}}


def test_split_down_to_the_smallest_chip_of_the_game() -> None:
    code, out, _ = split("135", "--between", "1,2", "--button", "2", "--chips", "5,25", "--json")
    assert code == 0
    assert json.loads(out)["awards"] == {"1": 70, "2": 65}


def test_carry_over() -> None:
    code, out, _ = split("347", "--between", "2,6", "--button", "4", "--policy", "carry-over")
    assert code == 0
    assert "   2    173" in out
    assert "odd chip of 1: carried over to the next deal (house: carry-over)" in out


def test_table_order() -> None:
    code, out, _ = split("3", "--between", "1,10", "--button", "9", "--seats", "9,1,10", "--json")
    assert code == 0
    assert json.loads(out)["odd_chips"][0]["seat"] == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["347", "--between", "2,x", "--button", "4"], '--between "2,x": "x" is not a seat number'),
        (["347", "--button", "4"], "name the winners"),
        (["347", "--between", "2", "--high", "3", "--button", "4"], "not both"),
        (["347", "--between", "2,6", "--button", "4", "--unit", "5"], "347 is not a whole number"),
        (["10", "--between", "2,6", "--button", "4", "--policy", "dice"], '--policy "dice"'),
        (["10", "--between", "2,6", "--button", "4", "--chips", "1,x"], '"x" is not a chip'),
        (["10", "--between", "2,6", "--button", "4", "--chips", "5", "--unit", "1"], "--unit 1"),
        (
            ["11", "--between", "2,6", "--button", "4", "--policy", "high-card-by-suit"],
            "needs the cards of seat",
        ),
        (["11", "--between", "2,6", "--button", "4", "--cards", "2=Zz"], '"Zz" is not a card'),
        (["11", "--between", "2,2", "--button", "4"], "names a seat twice"),
        (["11", "--low", "2", "--button", "4"], "name the winners"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["split", *args])
    if isinstance(result.exception, FloormanError):
        # Raised through to the entry point, which prints it as one line, exit 2.
        shown = str(result.exception)
    else:
        assert result.exit_code == 2
        assert result.stdout == ""
        shown = result.stderr
    assert message in shown
    assert len(shown.strip().splitlines()) == 1


def test_a_domain_error_reaches_the_user_as_one_line() -> None:
    argv = ["split", "347", "--between", "2,6", "--button", "4", "--unit", "5"]
    result = subprocess.run(
        [sys.executable, "-m", "floorman", *argv],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr == ("floorman: 347 is not a whole number of the smallest chip (5)\n")


def test_the_house_profile_decides_when_no_option_is_given(tmp_path: Path) -> None:
    house = tmp_path / "carry.yaml"
    house.write_text(
        "rulebook: carry\ntitle: Home game\nextends: rrop\n"
        "options: {odd_chip: carry-over, quartering_exception: true}\n"
    )
    code, out, _ = split("347", "--between", "2,6", "--button", "4", "--house", str(house))
    assert code == 0
    assert "carried over to the next deal" in out
    code, out, _ = split(
        "25", "--high", "2", "--low", "6,8", "--button", "4", "--house", str(house)
    )
    assert "quartering exception" in out
    # An option on the command line wins over the house's.
    code, out, _ = split(
        "347", "--between", "2,6", "--button", "4", "--house", str(house), "--policy",
        "first-left-of-button",
    )  # fmt: skip
    assert "odd chip of 1 to seat 6" in out


def test_a_pot_run_twice_is_cut_per_run_and_each_run_split_on_its_own() -> None:
    """A pot of 201 run twice: 101 to the first run (WSOP LA 213: the extra chip to the
    main board), 100 to the second; a hi-lo run is cut high and low in its turn."""
    code, out, _ = split("201", "--run", "2", "--run", "3", "--button", "3")
    assert code == 0
    assert out.splitlines()[-3:] == [
        "run 1, 101: seat 2 takes 101",
        "run 2, 100: seat 3 takes 100",
        "odd chips of the cut between runs: to the first run",
    ]
    code, out, _ = split(
        "305", "--run", "2/5", "--run", "3", "--button", "3", "--unit", "5", "--json"
    )
    data = json.loads(out)
    assert data["awards"] == {"2": 80, "3": 150, "5": 75}
    assert [run["amount"] for run in data["runs"]] == [155, 150]
    assert data["runs"][0]["halves"] == {"high": 80, "low": 75}
    code, out, _ = split("201", "--run", "2", "--run", "3", "--button", "3", "-r", "wsop-2024",
                         "--run-odd-chip", "last-run", "--json")  # fmt: skip
    assert [run["amount"] for run in json.loads(out)["runs"]] == [100, 101]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["201", "--run", "2", "--button", "3"], "a --run for each run, at least two"),
        (["201", "--run", "2", "--run", "3", "--between", "2,3", "--button", "3"],
         "either with --run"),
        (["201", "--run", "2", "--run", "3", "--run-odd-chip", "main", "--button", "3"],
         '--run-odd-chip "main" is not first-run or last-run'),
    ],
)  # fmt: skip
def test_bad_runs_are_one_line_and_exit_2(args: list[str], message: str) -> None:
    code, _, err = split(*args)
    assert code == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1


RAZZ_TIE = "2=Ah2c3d4s7h8c9d,4=As2d3c4h7sKdKc"


def test_a_razz_tie_sends_the_odd_chip_by_the_cards_as_each_book_reads_them() -> None:
    # RRoP reads every card for a low (the lowest by suit); the TDA and WSOP the five of
    # the hand, by the highest card by suit (TDA 20-B)
    code, out, _ = split("101", "--game", "razz", "--cards", RAZZ_TIE)
    assert code == 0
    assert out.splitlines()[0] == "Split 101 between seats 2, 4 (razz, smallest chip 1)"
    assert "odd chip of 1 to seat 2: lowest card by suit among the tied low hands: A♥" in out
    code, out, _ = split("101", "--game", "razz", "-r", "tda-2024", "--cards", RAZZ_TIE)
    assert code == 0
    assert "odd chip of 1 to seat 4: highest card by suit among the tied low hands: A♠" in out


def test_a_stud_hilo_pot_is_read_from_the_cards_and_split_high_and_low() -> None:
    hands = "2=Ah2c3d5s7h8c9d,4=As2d3c4h6sKdKc,6=QhQdQc4sJs7d8h"
    code, out, _ = split("100", "--game", "stud-hilo", "--cards", hands, "--json")
    assert code == 0
    data = json.loads(out)
    assert (data["high"], data["low"]) == ([6], [4])
    assert data["awards"] == {"4": 50, "6": 50}
    assert data["eligible"] == [2, 4, 6]


def test_the_same_stud_pot_splits_as_check_settles_it() -> None:
    from floorman.cards import parse_cards
    from floorman.showdown.oddchips import SplitRules
    from floorman.showdown.studsettle import split_stud_pot

    tabled = {2: parse_cards("Ah 2c 3d 4s 7h 8c 9d"), 4: parse_cards("As 2d 3c 4h 7s Kd Kc")}
    result, high, low = split_stud_pot("razz", 101, tabled, SplitRules(), button=4)
    code, out, _ = split("101", "--game", "razz", "--cards", RAZZ_TIE, "--json")
    assert code == 0
    assert json.loads(out)["awards"] == {str(s): n for s, n in sorted(result.shares.items())}
    assert (high, low) == ((), (2, 4))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["100", "--game", "holdem", "--cards", "2=AhKd,3=AsKc"], "not one of stud, stud-hilo"),
        (["100", "--game", "stud", "--cards", "2=AhKd2c3c4c"], "names one seat"),
        (["100", "--game", "stud", "--between", "2,3", "--cards", RAZZ_TIE], "leave out --between"),
        (["100", "--game", "stud"], "give each seat's cards at showdown"),
        (["100", "--game", "stud", "--cards", "2=AhKd,3=AsKc"], "5 to 7 cards, not 2"),
        (["100", "--game", "razz", "--cards", "2=Ah2c3d4s7h,4=Ah2d3c4h7s"], "the Ah is in seats"),
        (["100", "--between", "2,3"], "give the seat holding the button"),
    ],
)
def test_a_stud_split_that_cannot_be_made_is_one_line_and_status_2(
    args: list[str], message: str
) -> None:
    code, out, err = split(*args)
    assert code == 2
    assert out == ""
    assert message in err
    assert len(err.strip().splitlines()) == 1
