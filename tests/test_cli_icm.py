"""``floorman icm`` as the floor uses it when the final table talks about a deal."""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from floorman.cli import app

runner = CliRunner()


def icm(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["icm", *args])
    return result.exit_code, result.stdout, result.stderr


def test_json_gives_each_stack_its_equity_in_stack_order() -> None:
    code, out, _ = icm("--stacks", "2000,5000,3000", "--payouts", "50,30,20", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["equities"] == [28.86, 38.39, 32.75]
    assert data["stacks"] == [2000, 5000, 3000]
    assert data["prize_pool"] == 100
    assert "chop" not in data


def test_the_shown_equities_add_up_to_the_prize_pool_to_the_cent() -> None:
    code, out, _ = icm("--stacks", "1,1,1", "--payouts", "100", "--json", "--chop")
    assert code == 0
    data = json.loads(out)
    assert data["equities"] == [33.34, 33.33, 33.33]
    assert data["chop"] == [33.34, 33.33, 33.33]


def test_the_table_with_the_chip_chop() -> None:
    code, out, _ = icm("--stacks", "5000,3000,2000,1000", "--payouts", "500,300", "--chop")
    assert code == 0
    assert out.splitlines() == [
        "ICM (Malmuth–Harville): prize pool 800.00, places paid 500.00, 300.00",
        "player  chips  equity  chip-chop",
        "     1  5,000  322.35     363.64",
        "     2  3,000  230.91     218.18",
        "     3  2,000  162.27     145.45",
        "     4  1,000   84.47      72.73",
        "places 3 to 4 pay nothing",
    ]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--stacks", "5000,-3", "--payouts", "5"], '"-3": an amount cannot be below zero'),
        (["--stacks", "5000,x", "--payouts", "5"], '"x" is not an amount in chips'),
        (["--stacks", "5000,0", "--payouts", "5"], "a stack of 0 is a player out"),
        (["--stacks", ",", "--payouts", "5"], "--stacks names no stack"),
        (["--stacks", "5,5", "--payouts", "5,-1"], '"-1" is below zero'),
        (["--stacks", "5,5", "--payouts", "1e3"], '"1e3" is not an amount such as 1500'),
        (["--stacks", "5,5", "--payouts", "5,3,1"], "3 payouts for 2 players"),
        (["--stacks", "5,5", "--payouts", "3,5.5"], "payout 5.5 for place 2 is above 3"),
        (["--stacks", ",".join(["9"] * 17), "--payouts", "1"], None),
        (["--stacks", ",".join(["9"] * 17), "--payouts", ",".join(["1"] * 16)], "65536"),
    ],
)
def test_bad_input_is_one_line_and_status_2(args: list[str], message: str | None) -> None:
    code, out, err = icm(*args)
    if message is None:
        assert code == 0
        return
    assert code == 2, out
    assert err.count("\n") == 1, err
    assert message in err


COMMAND = [sys.executable, "-m", "floorman", "icm"]


def test_the_real_command_line() -> None:
    result = subprocess.run(
        [*COMMAND, "--stacks", "5000,3000,2000", "--payouts", "50,30,20", "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["equities"] == [38.39, 32.75, 28.86]


WORD = st.one_of(
    st.integers(-5, 10**6).map(str),
    st.sampled_from(["", "0", "1.5", "2.555", "x", "1e3", "٣", "-0", " ", "99999999999999999999"]),
)


@settings(max_examples=80, deadline=None)
@given(
    stacks=st.lists(WORD, max_size=6).map(",".join),
    payouts=st.lists(WORD, max_size=6).map(",".join),
    as_json=st.booleans(),
)
def test_any_stacks_and_payouts(stacks: str, payouts: str, as_json: bool) -> None:
    code, out, err = icm(
        "--stacks", stacks, "--payouts", payouts, "--chop", *(["--json"] * as_json)
    )
    assert code in (0, 2), err
    if code == 2:
        assert err.startswith("floorman: ")
        assert err.count("\n") == 1
        assert not out
    elif as_json:
        data = json.loads(out)
        assert round(sum(data["equities"]), 2) == round(data["prize_pool"], 2)


def test_the_docs_example_is_what_the_command_prints() -> None:
    page = (Path(__file__).resolve().parents[1] / "docs" / "tournament.md").read_text(
        encoding="utf-8"
    )
    command = re.search(r"```sh\n(floorman icm [^\n]+)\n```", page)
    shown = re.search(r"```\n(ICM [^`]+)```", page)
    assert command is not None
    assert shown is not None
    code, out, _ = icm(*shlex.split(command.group(1))[2:])
    assert code == 0
    assert out == shown.group(1)
