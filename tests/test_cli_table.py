"""A table as a record and its session: ``floorman table show`` and ``floorman table log``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tablecli import live, ok, run, runner

from floorman.cli import app

pytestmark = pytest.mark.usefixtures("table_db")


def session() -> None:
    ok("new", "-t", "4", "--button", "1", "--seats", "1=100,3=100,5=100,6=100")
    ok("add", "-t", "4", "deal; 6 fold; 1 fold; 3 fold")
    ok("next", "-t", "4")
    ok("add", "-t", "4", "deal; expose 5:1 Ah")
    ok("next", "-t", "4", "--sit", "8=150")


def test_table_show_prints_the_seats_the_button_and_the_blinds() -> None:
    session()
    assert ok("table", "show", "-t", "4").splitlines() == [
        "table 4: hold'em no-limit 1/2, button seat 3",
        "rulebook rrop, cash game, moving button",
        "hand 3: in progress",
        "  seat  1       100",
        "  seat  3        99  button",
        "  seat  5       101  small blind",
        "  seat  6       100  big blind",
        "next hand (stacks as this hand began): blinds 1/2",
        "  seat  1       100  playing",
        "  seat  3        99  playing",
        "  seat  5       101  playing",
        "  seat  6       100  playing",
        "  seat  8       150  posting",
    ]


def test_table_show_json() -> None:
    session()
    data = json.loads(ok("table", "show", "-t", "4", "--json"))
    assert data["button"] == 3
    assert (data["small_blind"], data["big_blind"]) == (5, 6)
    assert data["seats"] == {"1": 100, "3": 99, "5": 101, "6": 100}
    assert data["next_hand"]["players"]["8"] == {"stack": 150, "status": "posting", "new": True}
    assert data["button_rule"] == "moving"


def test_table_log_lists_every_hand_its_stacks_and_rulings() -> None:
    session()
    out = ok("table", "log", "-t", "4").splitlines()
    assert out[0] == "table 4: 3 hands"
    assert out[1] == "hand 1  button 1  sb 3  bb 5  fold  in: 1=100 3=100 5=100 6=100"
    assert out[2] == "  out: 1=100 3=99 5=101 6=100"
    assert out[3].startswith("hand 2  button 3  sb 5  bb 6  misdeal  in:")
    assert out[5].startswith("  ruling on event 2: misdeal")
    assert out[6].startswith("hand 3  button 3  sb 5  bb 6  in progress")
    assert out[-2] == "for the next hand:"
    assert out[-1].endswith("  seat 8 sits down with 150, posts to come in")
    data = json.loads(ok("table", "log", "-t", "4", "--json"))
    assert [hand["button"] for hand in data["hands"]] == [1, 3, 3]
    assert data["hands"][2]["stacks_out"] is None
    assert [c["change"] for c in data["next_hand_changes"]] == [
        "seat 8 sits down with 150, posts to come in"
    ]


def test_a_table_with_no_hand_is_one_line() -> None:
    result = run("table", "show", "-t", "12")
    assert result.exit_code == 2
    assert result.stderr == "floorman: table 12 has no hand (start one: floorman new)\n"


def test_between_hands_each_change_is_logged_with_who_and_when(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("FLOORMAN_DEALER", raising=False)
    ok("new", "-t", "4", "--button", "1", "--seats", "1=100,3=100,5=100,6=100")
    assert ok("table", "sit", "-t", "4", "8", "200", "--name", "Ann", "--post", "--by", "Bo") == (
        "table 4: seat 8 (Ann) sits down with 200, posts to come in (from the next hand)\n"
    )
    ok("table", "sitout", "-t", "4", "5")
    ok("table", "rebuy", "-t", "4", "6", "50")
    ok("table", "level", "-t", "4", "2/4", "--ante", "1")
    ok("add", "-t", "4", "deal; 6 fold; 1 fold; 3 fold")
    out = ok("next", "-t", "4").splitlines()
    assert out[0] == "hand 2 at table 4: hold'em no-limit 2/4 ante 1, button seat 3"
    data = json.loads(ok("table", "show", "-t", "4", "--json"))
    assert data["seats"] == {"1": 100, "3": 99, "6": 150, "8": 200}
    assert (data["small_blind"], data["big_blind"]) == (6, 8)  # Ann is due the big blind
    assert data["next_hand"]["players"]["5"] == {"stack": 101, "status": "out", "owes": ["sb"]}
    log = json.loads(ok("table", "log", "-t", "4", "--json"))
    changes = log["hands"][1]["changes_before"]
    assert [(c["change"], c["by"]) for c in changes] == [
        ("seat 8 (Ann) sits down with 200, posts to come in", "Bo"),
        ("seat 5 sits out", None),
        ("seat 6 rebuys 50", None),
        ("new level: blinds 2/4, ante 1", None),
    ]
    assert all(c["at"] for c in changes)


def test_a_player_back_posts_the_blinds_missed() -> None:
    ok("new", "-t", "4", "--button", "1", "--seats", "1=100,2=100,3=100,4=100,5=100,6=100")
    ok("table", "sitout", "-t", "4", "4")
    ok("add", "-t", "4", "deal; fold; fold; fold; fold; fold")
    for _ in range(2):  # the big blind, then the small blind, pass seat 4
        ok("next", "-t", "4")
        ok("add", "-t", "4", "deal; fold; fold; fold; fold")
    assert json.loads(ok("table", "show", "-t", "4", "--json"))["next_hand"]["players"]["4"][
        "owes"
    ] == ["sb", "bb"]
    ok("table", "back", "-t", "4", "4", "--post")
    out = ok("next", "-t", "4").splitlines()
    assert out[1:3] == ["  post 4 bb 2", "  post 4 dead 1"]
    assert [line.split()[-3:] for line in ok("log", "-t", "4").splitlines()[1:3]] == [
        ["4", "bb", "2"],
        ["4", "dead", "1"],
    ]


def test_a_player_moved_in_takes_the_seat_due_soonest_for_the_big_blind() -> None:
    ok("new", "-t", "4", "--button", "1", "--seats", "1=100,3=100,5=100,6=100")
    # this hand: button 1, big blind 5; the next empty seat the big blind reaches is 7
    assert ok("table", "move", "-t", "4", "150", "--from", "12", "--name", "Cy") == (
        "table 4: seat 7 (Cy) moved from table 12 with 150 (from the next hand)\n"
    )
    ok("add", "-t", "4", "deal; fold; fold; fold")
    ok("next", "-t", "4")
    assert json.loads(ok("table", "show", "-t", "4", "--json"))["seats"]["7"] == 150


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["sit", "3", "100"], "floorman: seat 3 is taken\n"),
        (["leave", "8"], "floorman: seat 8 is empty\n"),
        (["back", "1"], "floorman: seat 1 is not sitting out\n"),
        (["sit", "7", "lots"], 'floorman: chips "lots": "lots" is not an amount in chips\n'),
        (["level", "4/2"], "floorman: a level's small blind is at most its big blind\n"),
    ],
)
def test_a_change_that_cannot_be_made_is_one_line(args: list[str], message: str) -> None:
    ok("new", "-t", "4", "--button", "1", "--seats", "1=100,3=100,5=100,6=100")
    result = run("table", args[0], "-t", "4", *args[1:])
    assert result.exit_code == 2
    assert result.stderr == message
    assert json.loads(ok("table", "log", "-t", "4", "--json"))["next_hand_changes"] == []


def test_live_takes_the_changes_between_hands() -> None:
    ok("new", "-t", "4", "--button", "1", "--seats", "1=100,3=100,5=100,6=100")
    result = runner.invoke(
        app,
        ["live", "-t", "4", "--by", "Dee"],
        input="deal\nfold\nfold\nfold\nsit 8 200 Ann post\nsitout 5\nlevel 2/4\npush\nsit x\n"
        "next\n",
    )
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert (
        "table 4: seat 8 (Ann) sits down with 200, posts to come in (from the next hand)" in lines
    )
    assert "table 4: seat 5 sits out (from the next hand)" in lines
    assert "table 4: dealer push: the incoming dealer deals the next hand" in lines
    assert "hand 2 at table 4: hold'em no-limit 2/4, button seat 3" in lines
    assert result.stderr == 'floorman: "sit x": write sit SEAT CHIPS [NAME] [post | buy-button]\n'
    changes = json.loads(ok("table", "log", "-t", "4", "--json"))["hands"][1]["changes_before"]
    assert {change["by"] for change in changes} == {"Dee"}


@pytest.mark.parametrize(
    ("rulebook", "cite"),
    [("rrop", "RRoP §3 Misdeals 1(g)"), ("tda-2024", "TDA 2024 Rule 34-A"),
     ("wsop-2024", "WSOP LA 104")],
)  # fmt: skip
def test_live_rules_the_button_out_of_position_and_next_redeals(rulebook: str, cite: str) -> None:
    ok("new", "-t", "4", "--button", "1", "--seats", "1=100,3=100,5=100,6=100",
       "--rulebook", rulebook)  # fmt: skip
    result = runner.invoke(app, ["live", "-t", "4"], input="deal\nbutton 3\nnext\n")
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert "MISDEAL" in out
    assert cite in out
    assert "hand 2 at table 4 (the misdeal redealt): hold'em no-limit 1/2, button seat 1" in out


def test_tda_deals_an_absent_player_in_and_says_to_record_away() -> None:
    ok("new", "-t", "4", "--button", "1", "--seats", "1=100,3=100,5=100,6=100",
       "--rulebook", "tda-2024")  # fmt: skip
    ok("table", "sitout", "-t", "4", "5")
    ok("add", "-t", "4", "deal; fold; fold; fold")
    out = ok("next", "-t", "4").splitlines()
    assert "seat 5 is away: after the deal, record away 5" in out
    assert "TDA 2024 Rule 30" in ok("add", "-t", "4", "deal", "away 5")


@pytest.mark.parametrize("rulebook", ["tda-2024", "wsop-2024"])
def test_the_big_blind_gone_the_next_hand_has_no_small_blind(rulebook: str) -> None:
    """Button 1, small blind 3, big blind 5; seat 5 leaves. Under the dead button the big
    blind goes to seat 6, due for it, the small blind falls to the empty seat 5 and nobody
    posts it, seat 3 has the button (TDA 32, WSOP LA 151 and T 85)."""
    ok("new", "-t", "4", "--button", "1", "--seats", "1=100,3=100,5=100,6=100",
       "--rulebook", rulebook)  # fmt: skip
    ok("add", "-t", "4", "deal; fold; fold; fold")
    ok("table", "leave", "-t", "4", "5")
    out = ok("next", "-t", "4").splitlines()
    assert out[0] == "hand 2 at table 4: hold'em no-limit 1/2, button seat 3, no small blind"
    assert out[1] == "preflop  no board           pot 2  in front: 6=2"
    assert "small_blind: none\n" in ok("export", "-t", "4")
    show = ok("table", "show", "-t", "4").splitlines()
    assert "no small blind: it fell to an empty seat (dead button)" in show
    assert "  seat  6       100  big blind" in show
    assert json.loads(ok("table", "show", "-t", "4", "--json"))["small_blind"] is None
    ok("add", "-t", "4", "deal; fold; fold")
    out = ok("next", "-t", "4").splitlines()  # seat 6 posts the small blind, 1 the big
    assert out[0] == "hand 3 at table 4: hold'em no-limit 1/2, button seat 5 (empty)"
    log = ok("table", "log", "-t", "4").splitlines()
    assert log[4].startswith("hand 2  button 3  sb none  bb 6  fold")
    assert log[6].startswith("hand 3  button 5  sb 6  bb 1  in progress")


def test_a_moving_button_always_has_a_small_blind() -> None:
    ok("new", "-t", "4", "--button", "1", "--seats", "1=100,3=100,5=100,6=100")
    ok("add", "-t", "4", "deal; fold; fold; fold")
    ok("table", "leave", "-t", "4", "5")
    out = ok("next", "-t", "4").splitlines()
    assert out[0] == "hand 2 at table 4: hold'em no-limit 1/2, button seat 3"
    assert out[1] == "  post 6 bb 1"  # seat 6 was due the big blind (RRoP §4 rule 1)
    assert out[3] == "preflop  no board           pot 4  in front: 1=2 6=2"


@pytest.mark.parametrize(
    ("rulebook", "button", "note"),
    [
        ("tda-2024", "5", "the button moves on from seat 3, where it was: not backed up"
         " (button_after_error; TDA 2024 Rule 34-A)"),
        ("wsop-2024", "5", "the button moves on from seat 3, where it was: not backed up"
         " (button_after_error; WSOP LA 105; WSOP T 88-c)"),
        ("rrop", "3", "the button is corrected: it moves on from seat 1, where it belonged"
         " (button_after_error; RRoP §3 Irregularities 1)"),
    ],
)  # fmt: skip
def test_after_a_hand_played_with_the_button_out_of_place(
    rulebook: str, button: str, note: str
) -> None:
    """The button belonged on seat 1 and was found on seat 3 after substantial action: the
    hand stands (TDA 34-A, RRoP §3 Misdeals 2, WSOP LA 105). TDA does not back the button up
    on the next hand; RRoP corrects the button for the new hand (§3 Irregularities 1); WSOP
    says nothing, so the house option follows TDA."""
    ok("new", "-t", "4", "--button", "1", "--seats", "1=100,3=100,5=100,6=100,8=100",
       "--rulebook", rulebook)  # fmt: skip
    assert "CONTINUE" in ok("add", "-t", "4", "deal; 6 raise 6; 8 fold; button 3")
    ok("add", "-t", "4", "fold; fold; fold")
    out = ok("next", "-t", "4").splitlines()
    assert out[0] == f"hand 2 at table 4: hold'em no-limit 1/2, button seat {button}"
    assert out[1] == note
    ok("add", "-t", "4", "deal; fold; fold; fold; fold")
    assert "the button" not in ok("next", "-t", "4")  # the hand after goes on as usual


FIVE = "1=100,2=100,3=100,4=100,5=100"
PLAYED_FROM_TWO = "deal; 5 call; 1 call; 2 fold; button 2 dealt; 3 fold; 4 check"
"""The button belonged on seat 3 and the hand was dealt from seat 2: the blinds were
posted by seats 3 and 4, seat 5 acted first, and the button was found after substantial
action."""
TO_SHOWDOWN = (
    "burn; flop 2c 3d 4h; check; check; check; burn; turn 9s; check; check; check;"
    " burn; river Jc; check; check; check; show 4 Ah As; show 5 Kh Kd; show 1 Qh Qd"
)


@pytest.mark.parametrize(
    ("rulebook", "ruling", "button", "note"),
    [
        ("tda-2024", "TDA 2024 Rules 34-A and 36", "3",
         "the button moves on from seat 2, where it was: not backed up"
         " (button_after_error; TDA 2024 Rule 34-A)"),
        ("wsop-2024", "WSOP LA 105", "3",
         "the button moves on from seat 2, where it was: not backed up"
         " (button_after_error; WSOP LA 105; WSOP T 88-c)"),
        ("rrop", "RRoP §3 Misdeals 2", "4",
         "the button is corrected: it moves on from seat 3, where it belonged"
         " (button_after_error; RRoP §3 Irregularities 1)"),
    ],
)  # fmt: skip
def test_a_hand_dealt_with_the_button_out_of_place_is_recorded_as_it_was_played(
    rulebook: str, ruling: str, button: str, note: str, tmp_path: Path
) -> None:
    """The hand runs from where the button really was (TDA 34-A, RRoP §3 Misdeals 2, WSOP
    LA 105: after substantial action the hand stands), with every chip charged to the seat
    that put it in; the next button moves by ``button_after_error``."""
    ok("new", "-t", "4", "--button", "3", "--seats", FIVE, "--rulebook", rulebook)
    out = ok("add", "-t", "4", PLAYED_FROM_TWO)
    assert "CONTINUE" in out
    assert ruling in out
    assert "pot 7" in out  # 3's small blind, and 4, 5 and 1 in for 2 each
    assert "button seat 2 (it belonged on seat 3)" in ok("show", "-t", "4")
    ok("add", "-t", "4", TO_SHOWDOWN)
    hand = tmp_path / "hand.yaml"
    hand.write_text(ok("export", "-t", "4", "--format", "yaml"))
    assert "- button 2 dealt" in hand.read_text()
    stacks = json.loads(ok("check", "--json", str(hand)))["stacks"]
    assert stacks == {"1": 98, "2": 100, "3": 99, "4": 105, "5": 98}
    lines = ok("next", "-t", "4").splitlines()
    assert lines[0] == f"hand 2 at table 4: hold'em no-limit 1/2, button seat {button}"
    assert lines[1] == note


@pytest.mark.parametrize("rulebook", ["rrop", "tda-2024", "wsop-2024"])
def test_a_button_found_dealt_out_of_place_before_substantial_action_is_dealt_again(
    rulebook: str,
) -> None:
    """The dealer sees the button on seat 2 as seat 5, first to act from there, calls:
    the hand is read from seat 2, and before substantial action it is a misdeal (TDA
    34-A, RRoP §3 Misdeals 1(g), WSOP LA 104). The redeal puts the button where it
    belonged."""
    ok("new", "-t", "4", "--button", "3", "--seats", FIVE, "--rulebook", rulebook)
    ok("add", "-t", "4", "deal")
    out = ok("add", "-t", "4", "5 call; button 2 dealt")
    assert "MISDEAL" in out
    assert "out of turn" not in out
    lines = ok("next", "-t", "4").splitlines()
    assert lines[0] == (
        "hand 2 at table 4 (the misdeal redealt): hold'em no-limit 1/2, button seat 3"
    )


def test_a_button_dealt_from_where_it_belonged_is_refused() -> None:
    ok("new", "-t", "4", "--button", "3", "--seats", FIVE)
    result = run("add", "-t", "4", "deal; button 3 dealt")
    assert result.exit_code == 2
    assert result.stderr == (
        'floorman: event 2 "button 3 dealt": the button is on seat 3 as this hand began\n'
    )


def test_a_player_moved_in_takes_a_seat_at_the_table_as_big_as_it_is() -> None:
    """Six seats: button 1, big blind 5; the empty seats are 2 and 4, and the big blind
    reaches 2 first going round (RRoP tournament rules, TDA 11-A)."""
    ok("new", "-t", "4", "--button", "1", "--seats", "1=100,3=100,5=100,6=100",
       "--table-seats", "6")  # fmt: skip
    shown = ok("table", "show", "-t", "4").splitlines()
    assert shown[1] == "rulebook rrop, cash game, moving button, 6 seats"
    assert ok("table", "move", "-t", "4", "120") == (
        "table 4: seat 2 moved with 120 (from the next hand)\n"
    )
    result = run("table", "sit", "-t", "4", "8", "100")
    assert (result.exit_code, result.stderr) == (2, "floorman: seat 8: the table has 6 seats\n")
    ok("add", "-t", "4", "deal; fold; fold; fold")
    ok("next", "-t", "4")
    assert json.loads(ok("table", "show", "-t", "4", "--json"))["table_seats"] == 6
    result = run("new", "-t", "5", "--button", "1", "--seats", "1=100,9=100", "--table-seats", "6")
    assert result.exit_code == 2
    assert result.stderr == "floorman: new hand: table_seats: seat 9 is past the table's 6 seats\n"


@pytest.mark.parametrize(
    ("rulebook", "waits"),
    [("rrop", "seat 9 changed seats 3 places farther from the big blind: waits 3 hands to be"
      " in the same position (RRoP §4 rule 13)"),
     ("wsop-2024", "seat 9 changed seats 3 places farther from the big blind: waits 3 hands to"
      " be in the same position (WSOP LA 159)")],
)  # fmt: skip
def test_a_seat_change_away_from_the_big_blind_waits_or_posts(rulebook: str, waits: str) -> None:
    """Button 1, big blind 3: seat 4 is due the big blind next; at seat 9 it would be due
    after seats 5, 6 and 7. RRoP deals it in again in the same position (§4 rule 13); WSOP
    lets a move pass two players free, not three (LA 159)."""
    ok("new", "-t", "4", "--button", "1", "--rulebook", rulebook,
       "--seats", "1=100,2=100,3=100,4=100,5=100,6=100,7=100")  # fmt: skip
    assert ok("table", "seat", "-t", "4", "4", "9") == (
        "table 4: seat 4 changes to seat 9 (from the next hand)\n"
    )
    ok("add", "-t", "4", "deal; fold; fold; fold; fold; fold; fold")
    out = ok("next", "-t", "4").splitlines()
    assert waits in out
    show = ok("table", "show", "-t", "4").splitlines()
    assert "  seat  9       100  waiting, 2 hands (seat change)" in show
    log = ok("table", "log", "-t", "4").splitlines()
    assert log[3].endswith("  seat 4 changes to seat 9")


def test_live_seat_change_with_post_posts_the_big_blind() -> None:
    ok("new", "-t", "4", "--button", "1", "--seats", "1=100,2=100,3=100,4=100,5=100,6=100")
    lines = live("4", "deal", *["fold"] * 5, "seat 4 9 post", "next")
    assert (
        "table 4: seat 4 changes to seat 9, posts the big blind if the move owes it"
        " (from the next hand)" in lines
    )
    assert "  post 9 bb 2" in lines


def test_after_a_hand_dealt_from_the_wrong_seat_the_dead_button_moves_the_big_blind_on() -> None:
    """TDA's dead button: seat 5, the big blind, leaves, so hand 2 has no small blind
    (button 3, big blind 6). It is dealt from seat 1 instead, the blinds run from there
    (small blind 3, big blind 6), and stands; the button is not backed up (TDA 34-A) and
    the big blind moves on to seat 1: seat 6 does not post it twice."""
    ok("new", "-t", "4", "--button", "1", "--seats", "1=100,3=100,5=100,6=100",
       "--rulebook", "tda-2024")  # fmt: skip
    ok("add", "-t", "4", "deal; fold; fold; fold")
    ok("table", "leave", "-t", "4", "5")
    assert "no small blind" in ok("next", "-t", "4").splitlines()[0]
    ok("add", "-t", "4", "deal; 1 call; 3 fold; button 1 dealt; 6 raise 10; 1 fold")
    ok("next", "-t", "4")
    log = ok("table", "log", "-t", "4").splitlines()
    assert "hand 2  button 1  sb 3  bb 6  fold  in: 1=100 3=99 6=100" in log  # as dealt
    assert log[-1].startswith("hand 3  button 3  sb 6  bb 1"), log
