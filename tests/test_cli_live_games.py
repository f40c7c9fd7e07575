"""``floorman live`` at a stud and a draw table: the game named first, after each line
the seat to act and the actions the structure allows it (the bring-in, completion, each
limit size), the cards to deal or the draw, a betting word or draw typed without its
seat taken as the seat whose turn it is, the game's own dealer's errors ruled, and a
mixed table followed from a draw hand to a hold'em hand with ``next``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from tablecli import ROOT, floorman_process, live, ok, run

from floorman.cli._livegame import DRAW_HELP, STUD_HELP, game_completions


@pytest.fixture(autouse=True)
def store(table_db: Path) -> Path:
    return table_db


STUD = ["new", "-t", "S", "--game", "stud", "--ante", "1", "--bring-in", "2", "--limits", "4/8",
        "--seats", "1=100,2=100,3=100"]  # fmt: skip
DRAW = ["new", "-t", "D", "--game", "triple-draw-27", "--betting", "limit", "--blinds", "5/10",
        "--limits", "10/20", "--button", "2", "--seats", "1=500,2=500"]  # fmt: skip


def test_a_stud_hand_at_live_says_what_comes_next_and_takes_the_seat_to_act() -> None:
    ok(*STUD)
    out = live("S", "help", "down 1 ?? ??", "up 1 Th", "down 2 ?? ??", "up 2 2c",
               "down 3 ?? ??", "up 3 9s", "bring-in", "complete 4", "raise 8", "fold", "undo",
               "call", "call", "up 1 Kd")  # fmt: skip
    assert out[:2] == [
        "hand 1 at table S: type help for the events, quit to stop",
        "Seven-card stud 4/8, ante 1, bring-in 2",
    ]
    assert max(len(line) for line in out) <= 80
    assert "third street, seat 1: down 1 ?? ?? (?? unseen, or the cards)" in out
    assert "third street, seat 1: up 1 CARD" in out
    assert "seat 2 to act (99 behind): bring-in | complete 4" in out
    assert "seat 3 to act (99 behind): fold | call (2) | complete 4" in out
    assert "seat 1 to act (99 behind): fold | call (4) | raise 8" in out
    assert 'undone: event 10 "2 fold"' in out
    assert out[-1] == "fourth street, seat 2: up 2 CARD"
    assert "  off-table 3:2 Kc | 4 bring-in (the wrong player named low)" in out
    log = ok("log", "-t", "S")
    assert "2 bring-in" in log
    assert "3 complete 4" in log


def test_a_downcard_dealt_face_up_at_live_is_ruled_and_the_hand_goes_on() -> None:
    ok(*STUD)
    out = live("S", "down 1 ?? ??", "expose 1:1 Kc")
    assert "event 2: CONTINUE  A first or second downcard is dealt face up" in out
    assert any("RRoP Seven-Card Stud rule 5" in line for line in out)
    assert out[-1] == "third street, seat 1: down 1 ?? (?? unseen, or the cards)"


def test_a_triple_draw_hand_at_live_draws_by_the_seat_to_draw() -> None:
    ok(*DRAW)
    out = live("D", "help", "deal", "call", "check", "stands pat", "expose 1 Kh",
               "draws 2 7c 2d")  # fmt: skip
    assert out[1] == "2-7 triple draw limit 10/20, blinds 5/10"
    assert "  stands pat (the seat to draw) | draws 2 | 3 draws 2 Jh 4s (the cards known)" in out
    assert "deal the cards: deal" in out
    assert "seat 2 to act (495 behind): fold | call (5) | raise 20" in out  # the button's blind
    assert "seat 1 to act (490 behind): check | raise 20" in out
    assert "draw 1, seat 1: stands pat | draws N [CARDS]" in out
    assert any("RRoP Lowball rule 9" in line for line in out)
    assert out[-1] == "seat 1 to act (490 behind): check | bet 10"
    log = ok("log", "-t", "D")
    assert "1 stands pat" in log
    assert "2 draws 2 7c 2d" in log


def test_a_mixed_table_goes_from_a_draw_hand_to_hold_em_at_live() -> None:
    ok("new", "-t", "M", "--rotation", "triple-draw-27,holdem", "--blinds", "5/10", "--limits",
       "10/20", "--button", "2", "--seats", "1=500,2=500")  # fmt: skip
    out = live("M", "next force", "next force", "deal", "call")
    assert out[2] == (
        "Rotation by orbit: triple-draw-27:limit, game 1 of 2 (triple-draw-27:limit,"
        " holdem:limit), hand 1 of 2"
    )
    assert "hand 2 at table M: triple-draw-27 limit 5/10, button seat 1" in out
    assert "hand 3 at table M: hold'em limit 5/10, button seat 2" in out
    assert "hand 3 at table M: type help for the events, quit to stop" in out
    assert ok("log", "-t", "M").count("2 call") == 1


def test_a_stud_showdown_at_live_waits_for_the_hands_then_awards_the_pot() -> None:
    ok("new", "-t", "S", "--game", "razz", "--ante", "1", "--bring-in", "2", "--limits", "4/8",
       "--seats", "1=100,2=100")  # fmt: skip
    deal = ["down 1 ?? ??; up 1 Kh; down 2 ?? ??; up 2 2c; 1 bring-in; 2 call"]
    for cards in (("Qh", "3c"), ("Jh", "4c"), ("Th", "5c")):
        deal.append(f"up 1 {cards[0]}; up 2 {cards[1]}; check; check")  # the seats to act
    out = live("S", *deal, "down 1 ??; down 2 ??", "check; check")
    assert out[-2].startswith("razz: showdown, pot 6: pot 1 of 6: none of seats 1, 2 has tabled")
    assert out[-1] == "showdown: show SEAT CARDS or muck SEAT (seats 1, 2)"
    assert "hand over: type next for the next hand" not in out
    out = live("S", "show 2 Ac 6d 7s")
    assert "pot 6: seat 2 takes 6" in out
    assert out[-1] == "showdown: show SEAT CARDS or muck SEAT (seats 1)"  # still live
    out = live("S", "muck 1")
    assert out[-2:] == ["pot 6: seat 2 takes 6", "hand over: type next for the next hand"]


def test_after_the_stud_pot_is_awarded_the_dealer_is_told_next_once_every_hand_is_in() -> None:
    ok(*STUD[:-1], "1=100,2=100")
    deal = ["down 1 ?? ??; up 1 Kh; down 2 ?? ??; up 2 2c; 2 bring-in; 1 call"]
    for cards in (("Qh", "3c"), ("Jh", "4c"), ("Th", "5c")):
        deal.append(f"up 1 {cards[0]}; up 2 {cards[1]}; check; check")
    out = live("S", *deal, "down 1 ??; down 2 ??", "check; check", "show 1 Ah Ad As")
    assert "pot 6: seat 1 takes 6" in out
    assert out[-1] == "showdown: show SEAT CARDS or muck SEAT (seats 2)"  # seat 2 still live
    assert "hand over: type next for the next hand" not in out
    typed = run("live", "-t", "S", stdin="next\nshow\n")  # refused, as at a flop table
    assert typed.exit_code == 0, typed.stderr
    assert typed.stderr == (
        "floorman: table S: hand 1 is at the showdown with hands still to be tabled;"
        " record them (show, muck) or use --force\n"
    )
    assert "hand 2 at table S" not in typed.stdout
    assert typed.stdout.splitlines()[-1] == "showdown: show SEAT CARDS or muck SEAT (seats 2)"
    out = live("S", "muck 2", "next")
    assert out[out.index("hand over: type next for the next hand") - 1] == "pot 6: seat 1 takes 6"
    assert "hand 2 at table S: stud 4/8, ante 1, bring-in 2" in out
    assert out.count("stud: deal third street, pot 2") == 1  # the new hand's table, once
    assert out[-1] == "third street, seat 1: down 1 ?? ?? (?? unseen, or the cards)"
    assert max(len(line) for line in out) <= 80


def test_after_a_triple_draw_pot_is_awarded_the_dealer_is_told_next() -> None:
    ok(*DRAW)
    draws = ["deal; call; check; 1 draws 2; 2 stands pat; check; check"]
    draws += ["draws 1; stands pat; check; check"] * 2
    out = live("D", *draws, "show 1 7c 5d 4h 3s 2c")
    assert out[-1] == "showdown: show SEAT CARDS or muck SEAT (seats 2)"
    assert "hand over: type next for the next hand" not in out
    out = live("D", "show 2 8c 6d 5h 4s 2d", "next")
    over = out.index("hand over: type next for the next hand")
    assert out[over - 1] == "pot 20: seat 1 takes 20"
    assert "hand 2 at table D: triple-draw-27 limit 5/10, button seat 1" in out
    assert out[-1] == "deal the cards: deal"
    out = live("D", "deal", "fold", "next")
    over = out.index("hand over: type next for the next hand")
    assert out[over + 1] == "hand 3 at table D: triple-draw-27 limit 5/10, button seat 2"


def test_completion_offers_the_game_words_and_seats() -> None:
    assert game_completions("br", "3 br", None) == ["bring-in "]
    assert game_completions("do", "do", None) == ["down "]
    assert game_completions("p", "3 stands p", None) == ["pat "]


@pytest.mark.parametrize("text", [STUD_HELP, DRAW_HELP])
def test_the_game_help_fits_80_columns(text: str) -> None:
    assert max(len(line) for line in text.splitlines()) <= 80


def test_a_bad_line_at_a_stud_table_is_refused_and_the_session_goes_on() -> None:
    ok(*STUD)
    result = run("live", "-t", "S", stdin="2 bring-in\ndown 1 ?? ??\n")
    assert result.exit_code == 0
    assert 'event 1 "2 bring-in": no betting now' in result.stderr
    assert "?? ??" in ok("log", "-t", "S")


def test_live_at_stud_and_draw_tables_fits_an_80_column_terminal(store: Path) -> None:
    from terminal import on_terminal
    from test_cli_columns import too_wide

    ok(*STUD)
    ok(*DRAW)
    env = {"FLOORMAN_DB": str(store)}
    stud = on_terminal("live", "-t", "S", env=env, stdin="help\ndown 1 ?? ??\nexpose 1:1 Kc\n"
                       "down 2 ?? ??; up 2 2c\nbogus\nquit\n")  # fmt: skip
    draw = on_terminal("live", "-t", "D", env=env, stdin="help\ndeal\ncall\ncheck\nstands pat\n"
                       "expose 1 Kh\nquit\n")  # fmt: skip
    assert "Seven-card stud 4/8, ante 1, bring-in 2" in stud
    assert "Lowball rule 9" in draw
    assert not too_wide(stud), too_wide(stud)
    assert not too_wide(draw), too_wide(draw)


def test_a_stale_live_session_at_a_stud_table_reloads_and_asks_again(store: Path) -> None:
    assert floorman_process(store, *STUD).returncode == 0
    env = {**os.environ, "FLOORMAN_DB": str(store), "PYTHONPATH": str(ROOT)}
    session = subprocess.Popen([sys.executable, "-m", "floorman", "live", "-t", "S"], env=env,
                               text=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)  # fmt: skip
    assert session.stdout is not None
    shown = ""
    while "third street, seat 1" not in shown:
        shown = session.stdout.readline()
        assert shown, "the session ended before showing the table"
    assert floorman_process(store, "add", "-t", "S", "down 1 ?? ??").returncode == 0
    out, err = session.communicate("down 1 ?? ??\n", timeout=120)
    assert "hand 1 changed in another terminal; as it stands now:" in out
    assert 'not done: "down 1 ?? ??" was typed against the old view; enter it again' in out
    assert err == ""
    assert floorman_process(store, "log", "-t", "S").stdout.count("down 1 ?? ??") == 1


def _stud_at(table: str, rulebook: str, kind: str = "cash") -> None:
    ok("new", "-t", table, "--game", "stud", "--ante", "1", "--bring-in", "2", "--limits", "4/8",
       "--seats", "1=100,2=100,3=100", "--rulebook", rulebook, "--kind", kind)  # fmt: skip


TIED_THIRD = ("down 1 ?? ??; up 1 Kc; down 2 ?? ??; up 2 2d; down 3 ?? ??; up 3 Ks",
              "2 bring-in", "3 call", "1 call")  # fmt: skip
"""Seats 1 and 3 show a king, seat 2 the deuce that brings it in."""


@pytest.mark.parametrize(("rulebook", "kind", "first"),
                         [("rrop", "cash", 1), ("tda-2024", "cash", 3), ("wsop-2024", "cash", 1),
                          ("wsop-2024", "tournament", 3)])  # fmt: skip
def test_a_table_breaks_a_tie_showing_by_its_rulebook_at_add_and_live(
    rulebook: str, kind: str, first: int
) -> None:
    """K-9 against K-9 on fourth street: the seat dealt first (RRoP stud rule 1, WSOP LA
    215), or the king of spades (TDA RP-10-D; the WSOP Tournament Rules in stud)."""
    _stud_at("T", rulebook, kind)
    out = ok("add", "-t", "T", *TIED_THIRD, "up 1 9d; up 2 4h; up 3 9h")
    assert f"seat {first} to act" in out
    shown = live("T", "quit")
    assert any(line.startswith(f"seat {first} to act") for line in shown), shown


@pytest.mark.parametrize(("rulebook", "kind", "offered"),
                         [("rrop", "cash", "bet 4 | bet 8"), ("tda-2024", "cash", "bet 4"),
                          ("wsop-2024", "cash", "bet 4 | bet 8"),
                          ("wsop-2024", "tournament", "bet 4")])  # fmt: skip
def test_live_offers_the_big_bet_on_an_open_pair_where_the_rulebook_allows_it(
    rulebook: str, kind: str, offered: str
) -> None:
    """An open pair of kings on fourth street: either limit (RRoP stud rule 4, WSOP LA
    220), or not doubled (TDA RP-10-F; the WSOP Tournament Rules)."""
    _stud_at("P", rulebook, kind)
    ok("add", "-t", "P", *TIED_THIRD, "up 1 Kd; up 2 4h; up 3 9h")
    out = live("P", "quit")
    to_act = [line for line in out if line.startswith("seat 1 to act")]
    assert to_act
    assert to_act[-1].endswith(f"check | {offered}"), to_act
    refused = run("add", "-t", "P", "1 bet 8")
    if offered == "bet 4":
        assert refused.exit_code == 2
        assert "goes to 4, not 8" in refused.stderr
    else:
        assert refused.exit_code == 0, refused.stderr


@pytest.mark.parametrize(("rulebook", "kind", "big"),
                         [("rrop", "cash", True), ("tda-2024", "cash", False),
                          ("wsop-2024", "tournament", False)])  # fmt: skip
def test_the_station_offers_the_buttons_of_the_tables_rulebook(
    store: Path, rulebook: str, kind: str, big: bool
) -> None:
    """The station's buttons for the open pair of kings: the hand the station reads is
    the table's, ruled by its rulebook."""
    from floorman.tables.games import load_game
    from floorman.tables.gamestation import game_station
    from floorman.tables.hands import store_at

    _stud_at("Q", rulebook, kind)
    ok("add", "-t", "Q", *TIED_THIRD, "up 1 Kd; up 2 4h; up 3 9h")
    with store_at(store) as opened:
        stored = opened.open_hand("Q")
        assert stored is not None
        station = game_station(load_game(opened, stored).state, {})
    labels = [button["label"] for button in station["actions"]]
    assert labels == (["check", "bet 4", "bet 8"] if big else ["check", "bet 4"])
