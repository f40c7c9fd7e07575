"""What a dealer sees on the terminal: the ruling first and in its colour, suits in
colour, lines wrapped to the width, plain text for NO_COLOR and for a pipe."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from terminal import on_terminal

from floorman.cli._console import paint_suits, wrap

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
ANSI = re.compile(r"\033\[[;?0-9]*[a-zA-Z]")
SEATS = "1=100,2=100,3=100,4=100,5=100,6=100"


def piped(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    argv = [sys.executable, "-m", "floorman", *args]
    environ = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    environ.update(env or {})
    return subprocess.run(argv, capture_output=True, text=True, cwd=ROOT, env=environ, check=False)


def premature_turn(db: Path) -> None:
    """The README's table: a premature turn card at event 12 (events 1 to 11 first)."""
    for args in (
        ["new", "-t", "7", "--button", "6", "--seats", SEATS],
        ["add", "deal; 3 call; 4 call; 5 fold; 6 fold; 1 call; 2 check; burn; flop Ah Kd 7c"],
        ["add", "1 check; 2 bet 6"],
    ):
        assert piped(*args, env={"FLOORMAN_DB": str(db)}).returncode == 0


@pytest.mark.slow
def test_the_ruling_comes_first_in_its_colour_with_suits_in_red(tmp_path: Path) -> None:
    db = tmp_path / "room.db"
    premature_turn(db)
    text = on_terminal("add", "--db", str(db), "turn 7d")
    lines = text.splitlines()
    assert lines[0].startswith("event 12: \x1b[34m\x1b[1mCONTINUE\x1b[0m")  # blue, never green
    assert "\x1b[32m" not in text
    assert "\x1b[31mA♥\x1b[39m \x1b[31mK♦\x1b[39m 7♣" in text  # the table line, red suits
    plain = ANSI.sub("", text).splitlines()
    assert plain.index("flop     A♥ K♦ 7♣           pot 14  in front: 2=6") > plain.index(
        "  6. Turn the river without burning a card."
    )


@pytest.mark.slow
def test_every_line_fits_80_columns_and_breaks_only_between_words(tmp_path: Path) -> None:
    db = tmp_path / "room.db"
    premature_turn(db)
    plain = ANSI.sub("", on_terminal("add", "--db", str(db), "turn 7d")).splitlines()
    assert all(len(line) <= 80 for line in plain)
    assert plain[1:3] == [
        "  1. Take the 7♦ out of play for this round, even if players who have not acted",
        "     fold; nobody may accept or reject it.",
    ]
    assert "before the river (event 12): reshuffle the stub with the 7♦, cut, then deal the" in (
        plain
    )
    assert "  river without a burn" in plain


@pytest.mark.slow
def test_lines_wrap_to_the_terminals_own_width(tmp_path: Path) -> None:
    db = tmp_path / "room.db"
    premature_turn(db)
    assert piped("add", "turn 7d", env={"FLOORMAN_DB": str(db)}).returncode == 0
    plain = ANSI.sub("", on_terminal("show", "--db", str(db), columns=60)).splitlines()
    assert max(len(line) for line in plain) <= 60
    assert "before the river (event 12): reshuffle the stub with the 7♦," in plain
    assert "  cut, then deal the river without a burn" in plain


@pytest.mark.slow
def test_no_color_and_a_pipe_get_plain_text(tmp_path: Path) -> None:
    db = tmp_path / "room.db"
    premature_turn(db)
    on_a_terminal = on_terminal("show", "--db", str(db), env={"NO_COLOR": "1"})
    assert "A♥ K♦ 7♣" in on_a_terminal
    assert "\x1b[" not in on_a_terminal
    through_a_pipe = piped("add", "turn 7d", env={"FLOORMAN_DB": str(db)})
    assert through_a_pipe.stdout.startswith("event 12: CONTINUE  The turn card")
    assert "\x1b[" not in through_a_pipe.stdout
    # no width on a pipe: one line a step, for grep
    assert (
        "  1. Take the 7♦ out of play for this round, even if players who have not acted fold;"
        " nobody may accept or reject it.\n" in through_a_pipe.stdout
    )


@pytest.mark.slow
def test_check_colours_a_misdeal_red_and_four_colours_on_asking() -> None:
    text = on_terminal("check", str(EXAMPLES / "exposed-first-card.yaml"), "--four-colour")
    assert "\x1b[31m\x1b[1mMISDEAL\x1b[0m" in text
    hand = on_terminal("check", str(EXAMPLES / "premature-turn.yaml"), "--four-colour")
    assert "\x1b[34mK♦\x1b[39m" in hand
    assert "\x1b[32m7♣\x1b[39m" in hand
    two = on_terminal("check", str(EXAMPLES / "premature-turn.yaml"))
    assert "\x1b[31mK♦\x1b[39m" in two
    assert "\x1b[32m" not in two


@pytest.mark.slow
def test_a_reminder_is_said_once_and_again_when_it_falls_due(tmp_path: Path) -> None:
    db = tmp_path / "room.db"
    premature_turn(db)
    env = {"FLOORMAN_DB": str(db)}
    first = piped("add", "turn 7d", env=env).stdout
    assert first.count("before the river (event 12)") == 1
    later = piped("add", "3 call; 4 fold; 1 call; burn; turn Qs", env=env).stdout
    assert "before the river" not in later
    assert "set aside" not in later
    betting = piped("add", "1 check; 2 check", env=env).stdout
    assert "reshuffle" not in betting
    due = piped("add", "3 check", env=env).stdout.splitlines()
    assert due[-1] == (
        "betting complete; dealer: reshuffle the stub with the 7♦, cut, then deal the river"
        " without a burn"
    )
    whole = piped("show", env=env).stdout  # the whole table, reminders and all
    assert "betting complete; dealer: reshuffle the stub with the 7♦" in whole
    assert "set aside: 7♦" in whole


def test_the_showdown_names_the_winning_hands_and_the_halves(tmp_path: Path) -> None:
    hand = tmp_path / "hilo.yaml"
    hand.write_text(
        "game: omaha-hilo\nbetting: pot-limit\nbutton: 3\nseats: {1: 100, 2: 100, 3: 100}\n"
        "events: [deal, 3 call, 1 call, 2 check, burn, flop 2c 5d 8h, 1 check, 2 check,"
        " 3 check, burn, turn Kc, 1 check, 2 check, 3 check, burn, river Js, 1 check, 2 check,"
        " 3 check, show 1 Ac 3d Ks Qd, show 2 Jh Jd 9s 7c, muck 3]\n",
        encoding="utf-8",
    )
    out = piped("check", str(hand)).stdout.splitlines()
    assert out[-3:] == [
        "pot 6: seat 1 takes 3, seat 2 takes 3",
        "  seat 2: high, three of a kind, jacks",
        "  seat 1: low, 8-5-3-2-A",
    ]


def test_the_hand_shown_is_named_when_the_other_is_mucked(tmp_path: Path) -> None:
    hand = tmp_path / "muck.yaml"
    hand.write_text(
        "button: 3\nseats: {1: 100, 2: 100, 3: 100}\nevents: [deal, 3 fold, 1 call, 2 check,"
        " burn, flop Ah Kd 7c, 1 check, 2 check, burn, turn 2c, 1 check, 2 check, burn,"
        " river 3d, 1 check, 2 check, show 1 As Ad, muck 2]\n",
        encoding="utf-8",
    )
    out = piped("check", str(hand)).stdout.splitlines()
    assert out[-2:] == ["pot 4: seat 1 takes 4", "  seat 1: three of a kind, aces"]


def test_a_step_wraps_under_its_text() -> None:
    line = "  12. Burn a card and turn what would have been the river in the turn's place."
    assert wrap(line, 40).splitlines() == [
        "  12. Burn a card and turn what would",
        "      have been the river in the turn's",
        "      place.",
    ]
    assert wrap(line, None) == line


def test_styles_do_not_count_towards_the_width() -> None:
    line = paint_suits("flop     A♥ K♦ 7♣ then a few words more")
    assert wrap(line, 40) == line


words = st.text(alphabet="abcdefghij♥", min_size=1, max_size=12)


@given(st.lists(words, min_size=1, max_size=40), st.integers(20, 100), st.integers(0, 6))
def test_wrapping_keeps_every_word_whole_and_in_order(
    text: list[str], columns: int, lead: int
) -> None:
    line = " " * lead + " ".join(text)
    wrapped = wrap(line, columns).splitlines()
    assert [word for row in wrapped for word in row.split()] == text
    assert all(len(row) <= columns for row in wrapped)


@pytest.mark.parametrize("card", ["A♥", "10♦", "Q♥"])
def test_red_suits_are_painted_and_black_ones_left(card: str) -> None:
    assert paint_suits(f"{card} 7♣") == f"\x1b[31m{card}\x1b[39m 7♣"


@pytest.mark.slow
def test_the_table_commands_print_as_the_dealers_lines(tmp_path: Path) -> None:
    """``table log``, ``table show`` and ``next`` print through the dealer's terminal
    printing: wrapped to the width on a terminal, plain for NO_COLOR and for a pipe."""
    db = tmp_path / "room.db"
    premature_turn(db)
    piped("add", "turn 7d", env={"FLOORMAN_DB": str(db)})
    log = on_terminal("table", "log", "--db", str(db), "-t", "7", columns=40).splitlines()
    assert "hand 1  button 6  sb 1  bb 2  in" in log
    assert "  progress  in: 1=100 2=100 3=100 4=100" in log  # wrapped under the hand
    assert not ANSI.search(on_terminal("table", "show", "--db", str(db), "-t", "7",
                                       env={"NO_COLOR": "1"}))  # fmt: skip
    through_a_pipe = piped("table", "log", "-t", "7", env={"FLOORMAN_DB": str(db)})
    assert "hand 1  button 6  sb 1  bb 2  in progress  in: 1=100 2=100" in through_a_pipe.stdout
    dealt = on_terminal("next", "--db", str(db), "-t", "7", "--force", env={"NO_COLOR": "1"})
    assert dealt.startswith("hand 2 at table 7: hold'em no-limit 1/2, button seat 1\n")
    assert not ANSI.search(dealt)


def test_a_note_with_escape_sequences_is_printed_as_text_on_a_terminal(tmp_path: Path) -> None:
    """A station's note cannot erase or fake a line of the floor's log: its control
    characters are printed as escapes, and floorman's own colours stay."""
    db = tmp_path / "room.db"
    forged = "note all fine\x1b[2K\r\x1b[1A   7  03:00  award 3\x1b[8m hidden\u202e"
    for args in (["new", "-t", "7", "--button", "6", "--seats", SEATS], ["add", "deal", forged]):
        assert piped(*args, env={"FLOORMAN_DB": str(db)}).returncode == 0
    text = on_terminal("log", "--db", str(db), env={"COLUMNS": "200"})
    assert "all fine\\x1b[2K\\r\\x1b[1A   7  03:00  award 3\\x1b[8m hidden\\u202e" in text
    assert "\r" not in text.replace("\r\n", "\n")
    assert "\x1b[2K" not in text
    assert "\x1b[8m" not in text
    piped_log = piped("log", env={"FLOORMAN_DB": str(db)}).stdout
    assert "all fine\\x1b[2K\\r" in piped_log


@pytest.mark.parametrize("text", ["\x1b[31m", "a\x1b[0mb", "\x07\x00\x9b", "\u2066x\u2069"])
def test_echo_writes_no_control_character_it_did_not_make(
    text: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from floorman.cli._console import echo

    echo(text)
    out = capsys.readouterr().out
    assert out.endswith("\n")
    assert not re.search("[\x00-\x09\x0b-\x1f\x7f-\x9f\u2066-\u2069]", out)
