"""``floorman live`` end to end: a shift at the table typed line by line, piped or at a
terminal, the commands inside it, completion, and other terminals writing meanwhile."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from tablecli import NEW, ROOT, floorman_process, ok, run

from floorman.cli.live import completions


@pytest.fixture(autouse=True)
def store(table_db: Path) -> Path:
    return table_db


def test_live_session_with_piped_input() -> None:
    ok(*NEW)
    lines = [
        "help",
        "deal",
        "r 6",
        "5 raise 700",
        "undo",
        "3 call",
        "show",
        "bogus",
        "quit",
        "deal",
    ]
    result = run("live", "--table", "7", stdin="\n".join(lines) + "\n")
    assert result.exit_code == 0
    out = result.stdout
    assert out.startswith("hand 1 at table 7: type help for the events, quit to stop\n")
    assert "and: undo (take back the last event)" in out
    assert "seat 5 to act (299 behind): fold, call 5, raise 10..300" in out
    assert 'undone: event 2 "3 raise 6"' in out
    assert "seat 5 to act (299 behind): fold, call 1, raise 4..300" in out
    assert result.stderr.splitlines() == [
        'floorman: event 3 "5 raise 700": seat 5 has only 300 (299 behind, 1 in front)',
        'floorman: event 3 "bogus": "bogus" is not an event (try: deal, cards, expose, extra, '
        "burn, flop, turn, river, post, show, muck, plays-board, reshuffle, cut, misdeal, kill,"
        " retrieve, away, award, miscount, note, button, dealt-empty, dealt-out, unaware,"
        " clock, count, behind, dispute, boxed, off-table, joker, foreign, short, floor, run,"
        " or SEAT call)",
    ]
    log = ok("log")
    assert "3 call" in log
    assert log.count("deal") == 1  # the line after quit was not read


def test_live_through_the_real_cli_ends_at_end_of_input(store: Path) -> None:
    env = {**os.environ, "FLOORMAN_DB": str(store), "PYTHONPATH": str(ROOT)}
    subprocess.run([sys.executable, "-m", "floorman", *NEW], env=env, check=True,
                   capture_output=True)  # fmt: skip
    result = subprocess.run(
        [sys.executable, "-m", "floorman", "live", "--table", "7"],
        input="deal\n3 call\n5 call\n1 check\n",
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == "betting complete: deal the flop"


def test_completion_offers_event_words_and_seats() -> None:
    assert completions("fl", "fl", None) == ["flop ", "floor "]
    assert completions("flo", "flo", None) == ["flop ", "floor "]
    assert "deal " in completions("", "", None)
    assert completions("ra", "3 ra", None) == ["raise "]
    assert completions("s", "post 3 s", None) == ["sb ", "straddle "]
    assert completions("p", "expose 3:2 by p", None) == ["player "]


def test_live_shows_what_the_dealer_does_next() -> None:
    ok("new", "-t", "7", "--button", "3", "--seats", "1=100,2=100,3=100")
    session = "deal; 3 call; 1 call; 2 check; burn; flop Ah Kd 7c; 1 check; burn; turn 2s\n"
    session += "2 check; 3 check\nshow\n"
    out = run("live", stdin=session).stdout
    assert out.count("betting complete; dealer: burn a card and deal the turn (2♠ set aside)") == 2
    assert "street: flop; board: A♥ K♦ 7♣" in out


@pytest.mark.slow
def test_a_stale_live_session_and_two_writers_on_one_table(store: Path) -> None:
    assert floorman_process(store, *NEW).returncode == 0
    assert floorman_process(store, "add", "deal", "3 call").returncode == 0
    env = {**os.environ, "FLOORMAN_DB": str(store), "PYTHONPATH": str(ROOT)}
    session = subprocess.Popen([sys.executable, "-m", "floorman", "live"], env=env, text=True,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)  # fmt: skip
    assert session.stdout is not None
    shown = ""
    while "to act" not in shown:
        shown = session.stdout.readline()
        assert shown, "the session ended before showing the table"
    assert floorman_process(store, "undo").returncode == 0
    writers = [
        subprocess.Popen([sys.executable, "-m", "floorman", "add", "call"], env=env,
                         text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        for _ in range(2)
    ]  # fmt: skip
    outcomes = [(w.wait(timeout=120), w.communicate()[1]) for w in writers]
    for status, stderr in outcomes:
        assert status == 0 or "changed while this was typed" in stderr, stderr
    assert 0 in [status for status, _ in outcomes]
    out, err = session.communicate("5 raise 10\nshow\n", timeout=120)
    assert "hand 1 changed in another terminal; as it stands now:" in out
    assert 'not done: "5 raise 10" was typed against the old view; enter it again' in out
    assert err == ""
    log = floorman_process(store, "log").stdout
    assert "5 raise 10" not in log
    shown = floorman_process(store, "show")
    assert shown.returncode == 0
    assert "cannot be replayed" not in shown.stdout


@pytest.mark.slow
def test_live_follows_the_table_to_its_next_hand(store: Path) -> None:
    assert floorman_process(store, *NEW).returncode == 0
    assert floorman_process(store, "add", "deal", "3 fold", "5 fold").returncode == 0
    env = {**os.environ, "FLOORMAN_DB": str(store), "PYTHONPATH": str(ROOT)}
    session = subprocess.Popen([sys.executable, "-m", "floorman", "live"], env=env, text=True,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)  # fmt: skip
    assert session.stdout is not None
    assert session.stdout.readline().startswith("hand 1 at table 7")
    assert floorman_process(store, *NEW).returncode == 0
    out, err = session.communicate("deal\ndeal\n", timeout=120)
    assert "hand 1 was closed in another terminal; now hand 2 at table 7" in out
    assert 'not done: "deal" was typed against the old view; enter it again' in out
    assert err == ""
    assert floorman_process(store, "log", "2").stdout.splitlines()[1].endswith("deal")


def test_live_says_the_hand_is_over_only_once_the_showdown_is_settled() -> None:
    ok("new", "-t", "7", "--button", "3", "--seats", "1=100,2=100,3=100")
    checked_down = ["deal", "call", "call", "check", "burn", "flop 2c 7d 9h", "check", "check",
                    "check", "burn", "turn Js", "check", "check", "check", "burn", "river 4c",
                    "check", "check", "check"]  # fmt: skip
    result = run("live", "-t", "7", stdin="\n".join(checked_down) + "\n")
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[-1] == "showdown: seats show in the order 1, 2, 3"
    assert "hand over: type next for the next hand" not in lines
    result = run("live", "-t", "7", stdin="show 1 Ah Ad\nshow 2 Kh Kd\n")
    assert "hand over: type next for the next hand" not in result.stdout.splitlines()
    result = run("live", "-t", "7", stdin="show 3 Qh Qd\n")
    lines = result.stdout.splitlines()
    assert "showdown: every hand is tabled" in lines
    assert lines[-1] == "hand over: type next for the next hand"


def test_next_waits_for_the_hands_of_the_showdown() -> None:
    ok("new", "-t", "7", "--button", "3", "--seats", "1=100,3=100")
    ok("add", "-t", "7", "deal; call; check; burn; flop 2c 7d 9h; check; check; burn; turn Js;"
       " check; check; burn; river 4c; check; check")  # fmt: skip
    result = run("next", "-t", "7")
    assert result.exit_code == 2
    assert result.stderr == (
        "floorman: table 7: hand 1 is at the showdown with hands still to be tabled;"
        " record them (show, muck) or use --force\n"
    )
    ok("add", "-t", "7", "show 1 Ah Ad; muck 3")
    assert "hand 2 at table 7" in ok("next", "-t", "7")


WRONG_PUSH = (
    "deal; 3 call; 5 call; 1 check; burn; flop 2c 7d 9h; 5 check; 1 check; 3 check; burn;"
    " turn Js; 5 check; 1 check; 3 check; burn; river 4c; 5 check; 1 check; 3 check;"
    " show 5 7c 8c; show 1 Ah Ad; show 3 Kh Kd; award 3"
)
"""Table 7 (NEW): seat 1's aces win, and the dealer pushes the pot to seat 3."""


def test_a_dispute_typed_after_the_next_deal_goes_to_the_hand_whose_pot_it_is(
    store: Path,
) -> None:
    ok(*NEW)
    typed = "\n".join([WRONG_PUSH, "next", "deal", "dispute after deal", ""])
    shift = floorman_process(store, "live", "-t", "7", stdin=typed)
    assert shift.returncode == 0, shift.stderr
    out = shift.stdout.splitlines()
    at = out.index("hand 1 (closed, showdown): the dispute is recorded on the hand whose pot it is")
    assert out[at + 1] == (
        "event 24: CONTINUE  A pushed pot is disputed after the next deal started; the result"
        " stands"
    )
    assert "  RRoP §2 Decision-Making 4  [rrop.showdown.dispute.too-late]" in out[at + 2 :]
    assert out[-2:] == [
        "preflop  no board           pot 3  in front: 1=1 3=2",
        "seat 5 to act (298 behind): fold, call 2, raise 4..298",
    ]  # the hand in progress, as it was
    assert ok("log", "--table", "7").splitlines()[-1].endswith("deal")
    assert ok("log", "1").splitlines()[-1].endswith("dispute after deal")
