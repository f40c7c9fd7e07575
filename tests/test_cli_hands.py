"""Recording a hand at the table end to end: new, add, show, log, undo, hands, export."""

from __future__ import annotations

import json
import os
import resource
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from tablecli import NEW, ROOT, floorman_process, ok, run

from floorman.bounds import MAX_EVENTS_PER_HAND
from floorman.interchange.handfile import load_hand
from floorman.replay import check_hand, replay


@pytest.fixture(autouse=True)
def store(table_db: Path) -> Path:
    return table_db


def test_new_starts_a_hand_with_the_blinds_posted() -> None:
    out = ok(*NEW)
    assert out.splitlines() == [
        "hand 1 at table 7: hold'em no-limit 1/2, button seat 3",
        "preflop  no board           pot 3  in front: 1=2 5=1",
        "deal the cards; seat 3 acts first",
    ]


def test_add_prints_the_state_in_a_few_lines() -> None:
    ok(*NEW)
    out = ok("add", "--table", "7", "deal", "3 raise 6")
    assert out.splitlines() == [
        "preflop  no board           pot 9  in front: 1=2 3=6 5=1",
        "seat 5 to act (299 behind): fold, call 5, raise 10..300",
    ]
    out = ok("add", "5 fold; 1 call; burn; flop Ah Kd 7c")
    assert out.splitlines()[0] == "flop     A♥ K♦ 7♣           pot 13"
    assert out.splitlines()[1] == "seat 1 to act (194 behind): fold, check, bet 2..194"


def test_a_bad_event_stores_nothing_of_the_whole_add() -> None:
    ok(*NEW)
    result = run("add", "deal", "3 raise 6", "5 raise 700")
    assert result.exit_code == 2
    assert result.stderr == (
        'floorman: event 3 "5 raise 700": seat 5 has only 300 (299 behind, 1 in front)\n'
    )
    assert "deal" not in ok("log", "--table", "7")
    result = run("add", "flop Ah Zx Kd")
    assert result.stderr == 'floorman: event 1 "flop Ah Zx Kd": "Zx" is not a card\n'


def test_shorthand_for_the_seat_to_act_is_stored_in_full() -> None:
    ok(*NEW)
    ok("add", "deal; r 6; f")
    log = ok("log")
    assert "   2  " in log
    assert "3 raise 6" in log
    assert "5 fold" in log


def test_undo_retracts_and_the_log_keeps_it() -> None:
    ok(*NEW)
    ok("add", "deal; 3 call")
    out = ok("undo", "--table", "7")
    assert out.splitlines()[0] == 'undone: event 2 "3 call"'
    assert out.splitlines()[2] == "seat 3 to act (150 behind): fold, call 2, raise 4..150"
    lines = ok("log").splitlines()
    assert lines[1].endswith("deal")
    assert lines[2].endswith("3 call  (undone)")
    assert lines[3].endswith("undo: 3 call")


def test_show_prints_every_seat() -> None:
    ok(*NEW)
    ok("add", "deal; cards 3 Ah Kd; 3 raise 6")
    out = ok("show")
    assert out.splitlines()[0] == "hand 1 at table 7, 3 events, in progress"
    assert "  3B      144         6       6  A♥ K♦" in out
    assert "  5 >     299         1       1  ?? ??" in out


def test_export_replays_to_the_same_state(tmp_path: Path) -> None:
    ok(*NEW)
    ok("add", "deal; 3 raise 6; 5 call; 1 fold; burn; flop Ah Kd 7c; 5 check; 3 bet 10")
    ok("add", "turn 2s")  # premature: seat 5 has not acted on the bet
    path = tmp_path / "hand.yaml"
    result = run("export", "--table", "7", "-o", str(path))
    assert result.exit_code == 0
    assert result.stderr == f"hand 1 written to {path}\n"
    exported = check_hand(load_hand(path)).state
    shown = ok("show")
    assert "premature board card 2♠ (event 9)" in shown
    hand = load_hand(path)
    recorded = replay(hand, hand.parse_events())
    assert recorded.ledger.premature_cards == recorded.ledger.board_cards[-1:]
    assert [b.event for b in exported.ledger.turned_early] == [9]
    assert exported.betting.stacks == {1: 198, 3: 134, 5: 294}
    assert exported.to_act == 5
    assert run("check", str(path)).exit_code == 0
    data = json.loads(ok("export", "1", "--format", "json"))
    assert data["events"][-1] == "turn 2s"
    assert data["table"] == "7"


def test_new_refuses_a_table_with_a_hand_in_progress() -> None:
    ok(*NEW)
    ok("add", "deal; 3 call")
    result = run(*NEW)
    assert result.exit_code == 2
    assert result.stderr == (
        "floorman: table 7: hand 1 is still in progress (preflop); finish it or use --force\n"
    )
    assert ok(*NEW, "--force").startswith("hand 2 at table 7")
    assert "closed (abandoned)" in ok("hands")


def test_a_finished_hand_is_closed_by_the_next_one() -> None:
    ok(*NEW)
    ok("add", "deal; 3 raise 10; 5 fold; 1 fold")
    assert "over (fold)" in ok("hands", "--table", "7")
    ok(*NEW)
    hands = ok("hands").splitlines()
    assert "in progress: preflop" in hands[0]
    assert "closed (fold)" in hands[1]
    result = run("add", "--table", "7", "3 call")
    assert result.exit_code == 0


def test_which_table_when_several_hands_are_in_progress() -> None:
    ok(*NEW)
    ok("new", "--table", "9", "--button", "1", "--seats", "1=50,2=50")
    result = run("add", "deal")
    assert result.exit_code == 2
    assert result.stderr == (
        "floorman: hands are in progress at tables 7, 9: name one with --table\n"
    )
    assert ok("add", "--table", "9", "deal").startswith("preflop")


def test_no_hand_and_bad_options() -> None:
    assert run("add", "deal").stderr == (
        "floorman: no hand in progress (start one: floorman new --table T ...)\n"
    )
    result = run("new", "--table", "7", "--button", "3", "--seats", "1=200,3")
    assert result.stderr == 'floorman: --seats "3": write SEAT=STACK, e.g. 1=200,3=150\n'
    result = run("new", "--table", "7", "--button", "3", "--seats", "1=200", "--blinds", "2")
    assert result.stderr == 'floorman: --blinds "2": write small/big, e.g. 1/2\n'
    result = run("new", "--table", "7", "--button", "3", "--seats", "1=" + "9" * 4400)
    assert result.stderr.startswith('floorman: --seats "1=' + "9" * 18 + '...(4402 characters)": ')
    assert len(result.stderr) < 200
    result = run("new", "--table", "7", "--button", "3", "--seats", "1=200")
    assert result.stderr == "floorman: new hand: seats: a hand needs at least two occupied seats\n"
    result = run("new", "--table", "7", "--button", "3", "--seats", "1=2,3=2", "--game", "chess")
    assert result.stderr.startswith('floorman: --game "chess": holdem, omaha, omaha-hilo, stud')
    result = run("new", "--table", "7", "--button", "3", "--seats", "1=2,3=2", "--game", "stud")
    assert result.stderr.startswith("floorman: --bring-in: a stud game needs its bring-in")
    result = run("new", "--table", "7", "--button", "3", "--seats", "1=2,3=2", "--rulebook", "x")
    assert result.stderr.startswith("floorman: no rulebook named 'x'")
    assert ok("hands") == "no hands recorded\n"


def test_the_rulebook_rules_as_the_hand_is_recorded(tmp_path: Path) -> None:
    ok("new", "-t", "7", "--button", "6", "--seats", "1=100,2=100,3=100,4=100,5=100,6=100")
    ok("add", "deal; 3 call; 4 call; 5 fold; 6 fold; 1 call; 2 check; burn; flop Ah Kd 7c")
    ok("add", "1 check; 2 bet 6")
    out = ok("add", "turn 7d")
    assert "premature board card 7♦ (event 12)" in out
    assert "event 12: CONTINUE  The turn card is dealt before the betting round is complete" in (
        out
    )
    assert "[rrop.holdem.premature-turn]" in out
    # the procedure in force: the 7♦ is set aside and the real turn comes after a burn
    ok("add", "3 call; 4 fold; 1 call")
    out = ok("add", "burn; turn 9s")
    assert out.splitlines()[0] == "turn     A♥ K♦ 7♣ 9♠        pot 26"
    assert "set aside" not in out  # said once, after event 12
    assert "set aside: 7♦" in ok("show")
    assert "ruling on event 12: continue," in ok("show")
    path = tmp_path / "hand.yaml"
    ok("export", "-o", str(path))
    data = json.loads(ok("check", str(path), "--json"))
    assert [r["event"] for r in data["rulings"]] == [12]


def test_the_table_shows_the_procedure_in_force() -> None:
    """After a premature turn (RRoP §5 rule 8) the dealer sees the flop betting finish
    with the 7♦ out of play, then what to deal next, step by step."""
    ok("new", "-t", "7", "--button", "6", "--seats", "1=100,2=100,3=100,4=100,5=100,6=100")
    ok("add", "deal; 3 call; 4 call; 5 fold; 6 fold; 1 call; 2 check; burn; flop Ah Kd 7c")
    ok("add", "1 check; 2 bet 6")
    out = ok("add", "turn 7d").splitlines()
    assert out[0].startswith("event 12: CONTINUE")  # the ruling first
    table = out.index("flop     A♥ K♦ 7♣           pot 14  in front: 2=6")
    assert out[table : table + 2] == [
        "flop     A♥ K♦ 7♣           pot 14  in front: 2=6",
        "seat 3 to act (98 behind): fold, call 6, raise 12..98",
    ]
    assert "before the turn (event 12): burn a card and deal the turn (7♦ set aside)" in out
    out = ok("add", "3 call; 4 fold; 1 call").splitlines()
    assert out[:2] == [
        "flop     A♥ K♦ 7♣           pot 26  in front: 1=6 2=6 3=6",
        "betting complete; dealer: burn a card and deal the turn (7♦ set aside)",
    ]
    assert not any("to act" in line for line in out)
    shown = ok("show")
    assert "street: flop; board: A♥ K♦ 7♣" in shown
    assert "betting complete; dealer: burn a card and deal the turn (7♦ set aside)" in shown
    assert run("add", "1 check").stderr == (
        'floorman: event 16 "1 check": the flop betting is complete; the turn comes next\n'
    )
    out = ok("add", "burn; turn 9s; 1 check; 2 check; 3 check").splitlines()
    assert out[1] == (
        "betting complete; dealer: reshuffle the stub with the 7♦, cut, then deal the river"
        " without a burn"
    )
    out = ok("add", "reshuffle; cut; river 7d").splitlines()
    assert out[:2] == [
        "river    A♥ K♦ 7♣ 9♠ 7♦     pot 26",
        "seat 1 to act (92 behind): fold, check, bet 2..92",
    ]
    assert not any("violation" in line or "event 23:" in line for line in out)


def test_a_limit_hand_takes_its_raise_cap_from_the_rulebook(tmp_path: Path) -> None:
    limit = ["--betting", "limit", "--button", "4", "--seats", "1=100,2=100,3=100,4=100"]
    ok("new", "-t", "1", *limit, "--rulebook", "wsop-2024")
    out = ok("add", "deal; 3 raise 4; 4 raise 6; 1 raise 8; 2 raise 10")  # WSOP T 100-b
    assert "seat 3 to act (96 behind): fold, call 6" in out
    path = tmp_path / "hand.yaml"
    ok("export", "-o", str(path))
    assert "limit_raise_cap" not in path.read_text(encoding="utf-8")
    assert "limit_raise_cap" not in ok("export", "--format", "json")
    ok("new", "-t", "2", *limit, "--rulebook", "wsop-2024", "--raise-cap", "3")
    out = ok("add", "-t", "2", "deal; 3 raise 4; 4 raise 6; 1 raise 8")
    assert "seat 2 to act (98 behind): fold, call 6" in out
    assert run("add", "-t", "2", "2 raise 10").stderr == (
        'floorman: event 5 "2 raise 10": the betting is capped at a bet and 3 raises\n'
    )
    path = tmp_path / "capped.yaml"
    ok("export", "-t", "2", "-o", str(path))
    assert "limit_raise_cap: 3" in path.read_text(encoding="utf-8")


def test_the_last_show_says_who_takes_the_pot() -> None:
    ok("new", "-t", "5", "--button", "3", "--seats", "1=100,2=50,3=200,4=80")
    ok("add", "deal; 2 raise 6; 3 fold; 4 call; 1 call; burn; flop Ah Kd 7c; check; 1 bet 10")
    ok("add", "2 allin; 4 fold; 1 call; burn; turn 2c; burn; river 3d")
    out = ok("add", "show 2 Kc Kh")
    assert "takes" not in out  # seat 1 has not shown yet
    out = ok("add", "show 1 As Ad").splitlines()
    assert out[-2:] == ["pot 106: seat 1 takes 106", "  seat 1: three of a kind, aces"]
    shown = ok("show").splitlines()
    assert shown[0] == "hand 1 at table 5, 18 events, over (showdown)"
    assert shown[-2:] == ["pot 106: seat 1 takes 106", "  seat 1: three of a kind, aces"]


def test_a_premature_flop_is_named_once() -> None:
    ok("new", "-t", "5", "--button", "3", "--seats", "1=100,2=100,3=100")
    out = ok("add", "deal; 3 call; 1 call; burn; flop Ah Kd 7c").splitlines()
    assert "premature board card A♥ K♦ 7♣ (event 5) returned to the stub" in out
    assert "before the flop (event 5): reshuffle, cut, then deal the flop without a burn" in out
    assert run("add", "2 check; check").stderr == (
        'floorman: event 7 "check": no seat is to act now: the preflop betting is complete;'
        " deal the flop\n"
    )


def test_an_unknown_extra_card_is_the_burn_the_dealer_is_told_of() -> None:
    ok("new", "-t", "1", "--button", "3", "--seats", "1=100,2=100,3=100")
    out = ok("add", "deal; extra 1; 3 call; 1 call; 2 check").splitlines()
    assert out[0].startswith("event 2: ")  # the ruling on the extra card comes first
    assert out[-1] == (
        "betting complete; dealer: the extra card is the flop's burn: deal the flop with no"
        " other burn"
    )


def test_export_as_phh() -> None:
    ok("new", "-t", "1", "--button", "3", "--seats", "1=100,2=100,3=100")
    ok("add", "deal; 3 raise 6; 1 fold; 2 call; flop Ah Kd 7c; 2 check; 3 bet 10; 2 fold")
    out = ok("export", "--format", "phh")
    assert out.startswith('variant = "NT"\n')
    assert '  "d db AhKd7c",\n' in out
    assert "finishing_stacks = [99, 94, 107]" in out
    assert (
        run("export", "--format", "pdf").stderr == 'floorman: --format "pdf": yaml, json or phh\n'
    )


def test_export_as_phh_after_a_procedure_set_a_card_aside() -> None:
    """The premature 2♠ is set aside (RRoP §5 rule 8) and comes back as the river: the
    PHH board is the one played, and pokerkit finishes with floorman's stacks."""
    import tomllib

    from pokerkit import HandHistory

    ok("new", "-t", "1", "--button", "3", "--seats", "1=100,2=100,3=100")
    ok("add", "deal; 3 call; 1 call; 2 check; burn; flop Ah Kd 7c; 1 bet 4; burn; turn 2s")
    ok("add", "2 call; 3 call; burn; turn 9h; 1 check; 2 check; 3 check; reshuffle; cut")
    ok("add", "river 2s; 1 check; 2 check; 3 check; show 1 Qc Jc; show 2 4h 4d; muck 3")
    text = ok("export", "--format", "phh")
    data = tomllib.loads(text)
    assert [a for a in data["actions"] if a.startswith(("d db", "# floorman"))] == [
        "d db AhKd7c", "# floorman: turn 2s", "d db 9h", "# floorman: reshuffle",
        "# floorman: cut", "d db 2s",
    ]  # fmt: skip
    assert data["finishing_stacks"] == [94, 112, 94]
    assert list(list(HandHistory.loads(text))[-1].stacks) == data["finishing_stacks"]


def test_a_card_recorded_twice_is_shown_with_the_event_that_had_it_first() -> None:
    ok("new", "-t", "2", "--button", "3", "--seats", "1=100,2=100,3=100")
    out = ok("add", "deal; cards 3 Ah Kd; 3 call; 1 call; 2 check; flop Ah 2c 3d")
    assert "A♥ recorded twice: event 2 (seat 3 (first card)), event 6 (board (flop))" in out
    assert "hand over: void: all action void, every chip goes back" in out
    assert "[rrop.duplicate-card]" in out


def test_the_showdown_line_names_only_the_seats_still_to_table(tmp_path: Path) -> None:
    from floorman.hand.events import parse_event
    from floorman.hand.state import HandState
    from floorman.tables.view import state_lines

    state = HandState(seats={1: 100, 2: 100, 3: 100}, button=3, blinds=(1, 2))
    for number, text in enumerate(
        ["deal", "3 call", "1 call", "2 check", "burn", "flop Ah Kd 7c", "1 check", "2 check",
         "3 check", "burn", "turn Qs", "1 check", "2 check", "3 check", "burn", "river Jh",
         "1 check", "2 check", "3 check", "show 1 Tc 2c"],
        start=1,
    ):  # fmt: skip
        state.apply(parse_event(text, number), number)
    assert "showdown: seats show in the order 2, 3" in state_lines(state)
    for number, text in enumerate(["show 2 Td 3d", "show 3 Th 4s"], start=21):
        state.apply(parse_event(text, number), number)
    assert "showdown: every hand is tabled" in state_lines(state)


def _store_behind_floormans_back(store: Path, text: str) -> None:
    """An event recorded as an older floorman let a stale writer record it."""
    db = sqlite3.connect(store)
    db.execute("INSERT INTO records (hand_id, kind, text, at) VALUES (1, 'event', ?, "
               "'2025-01-01T00:00:00+00:00')", (text,))  # fmt: skip
    db.commit()
    db.close()


def test_a_hand_that_cannot_be_replayed_is_shown_and_made_whole_by_undo(store: Path) -> None:
    ok(*NEW)
    ok("add", "deal", "3 raise 6")
    _store_behind_floormans_back(store, "1 raise 900")
    shown = ok("show")
    assert "pot 9" in shown
    assert shown.splitlines()[-1] == (
        'hand 1 cannot be replayed from event 3 "1 raise 900": seat 1 has only 200'
        " (198 behind, 2 in front); take it back with floorman undo --table 7 (it stays in the log)"
    )
    for command in (["add", "5 fold"], ["export"], ["new", *NEW[1:]]):
        refused = run(*command)
        assert refused.exit_code == 2
        assert "cannot be replayed from event 3" in refused.stderr
        assert len(refused.stderr.splitlines()) == 1
    assert "cannot be replayed from event 3" in ok("hands")
    assert 'undone: event 3 "1 raise 900"' in ok("undo")
    ok("add", "5 fold")
    assert "1 raise 900  (undone)" in ok("log")
    assert run("export").exit_code == 0


def test_new_force_closes_a_hand_that_cannot_be_replayed(store: Path) -> None:
    ok(*NEW)
    ok("add", "deal")
    _store_behind_floormans_back(store, "1 raise 900")
    _store_behind_floormans_back(store, "5 fold")
    assert "events 2 to 3 with floorman undo --table 7, 2 times" in ok("show")
    out = ok(*NEW, "--force")
    assert out.startswith("hand 2 at table 7")
    assert "closed (abandoned)" in ok("hands")
    shown = ok("show", "1")
    assert shown.splitlines()[-1].endswith("the hand is closed: the events from there on stay "
                                          "out of it (and in the log)")  # fmt: skip


def test_a_hand_takes_no_more_events_than_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("floorman.tables.hands.MAX_EVENTS_PER_HAND", 3)
    ok(*NEW)
    ok("add", "deal", "note a")
    refused = run("add", "note b", "note c")
    assert refused.exit_code == 2
    assert refused.stderr == (
        "floorman: hand 1 has 2 events: a hand takes at most 3 (start the next hand with "
        "floorman new)\n"
    )
    ok("add", "note b")


def test_thousands_of_events_in_one_add_are_stored_together() -> None:
    ok(*NEW)
    notes = [f"note {i}" for i in range(MAX_EVENTS_PER_HAND)]
    assert run("add", *notes, "note over").exit_code == 2
    ok("add", *notes)
    assert f"{MAX_EVENTS_PER_HAND} events" in ok("show")
    assert run("add", "note over").exit_code == 2


def test_floorman_db_pointed_at_another_programs_database(store: Path) -> None:
    db = sqlite3.connect(store)
    db.execute("CREATE TABLE contacts (name TEXT)")
    db.close()
    refused = run(*NEW)
    assert refused.exit_code == 2
    assert refused.stderr == (
        f"floorman: {store}: not a floorman store (it holds tables contacts); name a floorman "
        "store or a new file with --db or FLOORMAN_DB\n"
    )
    db = sqlite3.connect(store)
    assert db.execute("SELECT name FROM sqlite_master").fetchall() == [("contacts",)]
    db.close()


def test_a_read_only_store_is_one_line(store: Path) -> None:
    ok(*NEW)
    ok("add", "deal")
    locked = subprocess.run(["chattr", "+i", str(store)], capture_output=True, check=False)
    if locked.returncode != 0:
        store.chmod(0o444)
        store.parent.chmod(0o555)
    try:
        if os.access(store, os.W_OK) and locked.returncode != 0:
            pytest.skip("this user can write to any file")
        refused = floorman_process(store, "add", "3 call")
        assert refused.returncode == 2, refused.stderr
        assert refused.stderr.startswith(f"floorman: {store}: ")
        assert len(refused.stderr.splitlines()) == 1
    finally:
        if locked.returncode == 0:
            subprocess.run(["chattr", "-i", str(store)], check=True)
        store.parent.chmod(0o755)
        store.chmod(0o644)
    assert "1 events" in ok("show")


def test_a_full_disk_is_one_line_and_keeps_what_was_stored(store: Path) -> None:
    ok(*NEW)
    env = {**os.environ, "FLOORMAN_DB": str(store), "PYTHONPATH": str(ROOT)}
    limit = store.stat().st_size + 64 * 1024

    def small_disk() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    def add(notes: int) -> subprocess.CompletedProcess[str]:
        texts = [f"note {i} {'x' * 1900}" for i in range(notes)]
        return subprocess.run([sys.executable, "-m", "floorman", "add", *texts], env=env,
                              capture_output=True, text=True, check=False,
                              preexec_fn=small_disk, timeout=120)  # fmt: skip

    assert add(8).returncode == 0
    result = add(200)
    assert result.returncode == 2
    assert result.stderr.startswith(f"floorman: {store}: the store cannot be written")
    assert result.stderr.endswith("nothing was stored; free some disk space\n")
    assert "8 events" in ok("show").splitlines()[0]


def test_a_flop_dealt_without_a_burn_is_ruled_as_the_hand_is_recorded() -> None:
    """A table records its burns: a flop with no burn before it was dealt without one."""
    ok(*NEW)
    out = ok("add", "deal; 3 call; 5 call; 1 check; flop Ah Kd 7c")
    assert "[rrop.holdem.flop.no-burn]" in out


def test_a_phh_export_keeps_the_irregularities_for_the_import(tmp_path: Path) -> None:
    """The hand as recorded rides in a user-defined PHH field: importing the file gives
    back the same events, so the premature turn is ruled again."""
    ok("new", "-t", "1", "--button", "3", "--seats", "1=100,2=100,3=100")
    ok("add", "deal; 3 call; 1 call; 2 check; burn; flop Ah Kd 7c; 1 bet 4; burn; turn 2s")
    ok("add", "2 call; 3 call; burn; turn 9h; 1 check; 2 check; 3 check; reshuffle; cut")
    ok("add", "river 2s; 1 check; 2 check; 3 check; show 1 Qc Jc; show 2 4h 4d; muck 3")
    recorded = tmp_path / "hand.yaml"
    ok("export", "-o", str(recorded))
    phh = tmp_path / "hand.phh"
    phh.write_text(ok("export", "--format", "phh"), encoding="utf-8")
    imported = tmp_path / "imported.yaml"
    ok("import", str(phh), "-o", str(imported))
    before = json.loads(ok("check", str(recorded), "--json"))
    after = json.loads(ok("check", str(imported), "--json"))
    assert [r["rule"] for r in after["rulings"]] == ["rrop.holdem.premature-turn"]
    assert after == before


def test_a_phh_export_refuses_a_hand_phh_cannot_play() -> None:
    ok("new", "-t", "1", "--button", "3", "--seats", "1=100,2=100,3=100")
    ok("add", "deal; 3 call; 1 call; 2 fold; burn; flop Ah Kd 7c; 1 check; 3 check; burn")
    ok("add", "turn 2s; 1 check; 3 check; burn; river 9h; 1 check; 3 check; show 1 Qc Jc")
    ok("add", "muck 3; retrieve 3; show 3 4h 4d")
    result = run("export", "--format", "phh")
    assert result.exit_code == 2
    assert 'PHH cannot record "retrieve 3"' in result.stderr


SHOWDOWN = (
    "deal; 3 call; 5 call; 1 check; burn; flop 2c 7d 9h; 5 check; 1 check; 3 check; burn;"
    " turn Js; 5 check; 1 check; 3 check; burn; river 4c; 5 check; 1 check; 3 check;"
    " show 5 7c 8c; show 1 Ah Ad; show 3 Kh Kd; award 3"
)
"""Table 7 (NEW): seat 1's aces win, and the dealer pushes the pot to seat 3."""


def test_a_dispute_after_the_next_deal_is_recorded_on_the_hand_whose_pot_it_is() -> None:
    ok(*NEW)
    ok("add", "--table", "7", SHOWDOWN)
    ok("next", "--table", "7")
    ok("add", "--table", "7", "deal")
    out = ok("add", "--table", "7", "dispute after deal")
    assert out.splitlines()[:2] == [
        "hand 1 (closed, showdown): the dispute is recorded on the hand whose pot it is",
        "event 24: CONTINUE  A pushed pot is disputed after the next deal started; the result"
        " stands",
    ]
    assert "RRoP §2 Decision-Making 4  [rrop.showdown.dispute.too-late]" in out
    assert ok("log", "--table", "7").splitlines()[-1].endswith("deal")  # hand 2 untouched
    exported = json.loads(ok("export", "1", "--format", "json"))
    assert exported["events"][-1] == "dispute after deal"


def test_a_dispute_before_the_next_hand_goes_to_the_hand_just_pushed() -> None:
    ok(*NEW)
    ok("add", "--table", "7", SHOWDOWN)
    out = ok("add", "--table", "7", "dispute")
    assert "[rrop.showdown.dispute.in-time]" in out
    assert "seat 1 wins 6" in out


def test_a_dispute_with_no_pot_pushed_anywhere_is_one_line() -> None:
    ok(*NEW)
    result = run("add", "--table", "7", "dispute after deal")
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        'floorman: event 1 "dispute after deal": a pot is disputed once it is pushed: the hand'
        " is not over"
    ]


def next_hand_stacks() -> dict[int, int]:
    """The stacks ``table show`` deals the next hand at table 7 with."""
    players = json.loads(ok("table", "show", "--table", "7", "--json"))["next_hand"]["players"]
    return {int(seat): player["stack"] for seat, player in players.items()}


def test_a_result_that_stands_after_the_next_deal_reaches_the_next_hands_stacks() -> None:
    ok(*NEW)
    ok("add", "--table", "7", SHOWDOWN)  # cards speak: seat 1 +4, seat 3 -2
    ok("next", "--table", "7")
    ok("add", "--table", "7", "deal")
    out = ok("add", "--table", "7", "dispute after deal")  # RRoP §2 D-M 4: too late
    assert out.splitlines()[-2:] == [
        "table 7: seat 1 gives 6: the ruling on hand 1's pot (from the next hand)",
        "table 7: seat 3 gets 6: the ruling on hand 1's pot (from the next hand)",
    ]
    shown = ok("show", "--table", "7").splitlines()
    assert "table 7: seat 3 gets 6: the ruling on hand 1's pot (from the next hand)" in shown
    assert "  1       203         1       1  ?? ??" in shown  # the hand in progress as dealt
    assert next_hand_stacks() == {1: 198, 3: 154, 5: 298}
    changes = json.loads(ok("table", "log", "--table", "7", "--json"))["next_hand_changes"]
    assert [(c["kind"], c["seat"], c["chips"], c["hand"]) for c in changes] == [
        ("correct", 1, -6, 1),
        ("correct", 3, 6, 1),
    ]
    ok("add", "--table", "7", "5 fold; 1 fold")  # seat 3's big blind wins seat 1's small
    dealt = ok("next", "--table", "7")
    assert dealt.splitlines()[0] == "hand 3 at table 7: hold'em no-limit 1/2, button seat 1"
    header = json.loads(ok("export", "3", "--format", "json"))
    assert header["seats"] == {"1": 197, "3": 155, "5": 298}
    assert "gets 6" not in ok("show", "--table", "7")


SIDE_POT = (
    "deal; 3 raise 10; 5 allin; 1 allin; 3 call; burn; flop 2c 7d 9h; burn; turn Js; burn;"
    " river 4c; show 5 Kh Kd; show 1 Ah Ad; show 3 Qh Qd; award 1"
)
"""Seats 1=50, 3=100, 5=100 at table 7: seat 1's aces win the main pot of 150, seat 5's
kings the side pot of 100; the dealer pushes it all to seat 1 (an accounting error)."""


def test_a_tda_accounting_error_found_after_the_next_deal_is_corrected_in_the_stacks() -> None:
    """TDA 22: an accounting error may be disputed until substantial action on the next
    hand. The next hand was dealt from the stacks the cards give, so they stand."""
    ok(*NEW[:-1], "1=50,3=100,5=100", "--rulebook", "tda-2024")
    ok("add", "--table", "7", SIDE_POT)
    ok("next", "--table", "7")
    ok("add", "--table", "7", "deal")
    out = ok("add", "--table", "7", "dispute after deal")
    assert "[tda-2024.showdown.dispute.in-time]" in out
    assert "the ruling on hand 1's pot" not in out
    assert json.loads(ok("table", "log", "--table", "7", "--json"))["next_hand_changes"] == []
    assert next_hand_stacks() == {1: 150, 5: 100}


@pytest.mark.parametrize(
    ("kind", "rule", "stacks"),
    [
        ("cash", "wsop-2024.showdown.dispute.house-error", {1: 150, 5: 100}),
        ("tournament", "wsop-2024.showdown.dispute.too-late", {1: 250}),
    ],
)
def test_a_wsop_cash_game_corrects_a_wrong_push_as_a_house_error_a_tournament_does_not(
    kind: str, rule: str, stacks: dict[int, int]
) -> None:
    """WSOP LA 51: a house error is corrected even after the next hand began; WSOP T 76:
    the right to dispute ends when a new hand begins, and the push stands (seat 5's side
    pot stays with seat 1, and seat 5 has nothing left for the hand after)."""
    ok(*NEW[:-1], "1=50,3=100,5=100", "--rulebook", "wsop-2024", "--kind", kind)
    ok("add", "--table", "7", SIDE_POT)
    ok("next", "--table", "7")
    ok("add", "--table", "7", "deal")
    out = ok("add", "--table", "7", "dispute after deal")
    assert f"[{rule}]" in out
    assert next_hand_stacks() == stacks
    ok("add", "--table", "7", "1 fold")  # seat 1's small blind to seat 5
    if kind == "cash":
        ok("next", "--table", "7")
        header = json.loads(ok("export", "3", "--format", "json"))
        assert header["seats"] == {"1": 149, "5": 101}
    else:
        assert out.splitlines()[-2:] == [
            "table 7: seat 1 gets 100: the ruling on hand 1's pot (from the next hand)",
            "table 7: seat 5 gives 100: the ruling on hand 1's pot (from the next hand)",
        ]
        assert next_hand_stacks() == {1: 249, 5: 1}
