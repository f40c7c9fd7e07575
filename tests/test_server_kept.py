"""The hands the server keeps between posts (:mod:`floorman.server.kept`): whatever is
recorded, by the server, by a second server on the same store or by ``floorman add`` at
a terminal, and whatever is refused, taken back, dealt next, changed or disputed, the
table the server shows from what it kept is the table a fresh server reads from the
store; and so are the table's whole state, its history and each of its hands' pages,
byte for byte, which the server draws from its kept hand and from what it kept drawn
of past hands."""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from floorman.errors import FloormanError
from floorman.server.kept import Drawings, KeptHands
from floorman.server.room import HISTORY_HANDS, Room
from floorman.server.views import table_view
from floorman.session.seating import Change
from floorman.store.hands import open_store, standing
from floorman.store.staff import staff_of
from floorman.tables import hands as hands_module
from floorman.tables.dealing import start_hand, start_next
from floorman.tables.hands import add_events, load
from floorman.tables.seating import changes_by_hand, session_log, table_now
from floorman.tables.shapes import hand_row, session_row, table_state

HEADER = {"button": 6, "seats": dict.fromkeys(range(1, 7), 100), "blinds": [1, 2]}
WRONG_PUSH = [
    "deal", "3 call", "4 fold", "5 fold", "6 fold", "1 call", "2 check", "burn",
    "flop 2c 7d 9h", "1 check", "2 check", "3 check", "burn", "turn Js", "1 check",
    "2 check", "3 check", "burn", "river 4c", "1 check", "2 check", "3 check",
    "show 1 Ah Ad", "show 2 Kh Kd", "show 3 7c 8c", "award 2",
]  # fmt: skip
"""Seat 1's aces win, and the dealer pushes the pot to seat 2's kings."""
IRREGULAR = [
    "expose 3", "expose 4:1 by player", "3 call", "5 raise 3", "4 chips 5", "note spilled",
    "burn", "deal", "misdeal", "extra 2", "floor call", "dispute", "award 1", "muck 2",
    "6 says raise 10", "2 allin", "plays-board 1", "reshuffle", "cut", "flop", "9 call",
]  # fmt: skip
"""Events a dealer may get wrong or a hand may bring: each ruled, or refused in one line."""
DECK = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]
WHO = "station"
STEPS = int(os.environ.get("FLOORMAN_FUZZ_EXAMPLES", "10"))
_tables = itertools.count(1)


def seen_fresh(db: Path | str, table: str) -> dict[str, Any] | None:
    """The table as a server that kept nothing reads it from the store."""
    return Room(db).table(table)


def replayed_state(db: Path | str, table: str) -> dict[str, Any]:
    """The table's whole state, its latest hand replayed from the store."""
    with open_store(db) as store:
        return table_state(table_now(store, table))


def replayed_page(db: Path | str, hand_id: int) -> dict[str, Any]:
    """A past hand's page, the hand replayed from the store."""
    with open_store(db) as store:
        shown = standing(store.records(hand_id))
        authors = staff_of(store).authors(r.id for r in shown)
        return table_view(load(store, store.hand(hand_id)), shown, authors, {}, {})


def replayed_history(db: Path | str, table: str) -> dict[str, Any]:
    """The table's history, each of its latest hands replayed from the store."""
    with open_store(db) as store:
        found = store.hands(table, HISTORY_HANDS)
        changes = changes_by_hand(session_log(store, table, found))
        lines = []
        for stored in found:
            loaded = load(store, stored)
            problem = loaded.repair() if loaded.broken is not None else None
            lines.append({**session_row(loaded), **hand_row(loaded), "problem": problem,
                          "changes_before": changes.get(stored.id, [])})  # fmt: skip
    return {"table": table, "hands": lines, "next_hand_changes": changes[None]}


def as_sent(answer: object) -> str:
    return json.dumps(answer)


def assert_reads_fresh(room: Room, db: Path | str, table: str) -> list[int]:
    """The table's state, history and every hand's page as ``room`` answers them are,
    byte for byte, what a replay of the store gives; the table's hands, newest first."""
    assert as_sent(room.state(table)) == as_sent(replayed_state(db, table))
    history = room.history(table)
    assert as_sent(history) == as_sent(replayed_history(db, table))
    assert history is not None
    hands = [line["hand"] for line in history["hands"]]
    assert as_sent(room.hand_at(table, hands[0])) == as_sent(seen_fresh(db, table))
    for past in hands[1:]:
        assert as_sent(room.hand_at(table, past)) == as_sent(replayed_page(db, past))
    return hands


def terminal(db: Path | str, table: str, *texts: str) -> None:
    """``floorman add`` at a terminal, on the store the server uses."""
    done = subprocess.run(
        [sys.executable, "-m", "floorman", "add", "--table", table, "--db", str(db), *texts],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr


def new_table(db: Path | str, prefix: str) -> str:
    table = f"{prefix}{next(_tables)}"
    start_hand(db, table, HEADER, force=True)
    return table


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("kept") / "room.db"


def test_a_post_is_checked_against_the_kept_hand_without_a_replay(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    room = Room(db)
    table = new_table(db, "k")
    assert room.table(table) is not None
    from floorman.tables import hands

    loads: list[int] = []
    real = hands.load
    monkeypatch.setattr(hands, "load", lambda *a, **k: loads.append(1) or real(*a, **k))
    for text in WRONG_PUSH[:8]:
        answer = room.record(table, [text], after=None, who=WHO)
        assert answer.status == 200, answer.body
        assert room.table(table) == seen_fresh(db, table)
    assert loads == [1] * 8  # the fresh servers' reads only


def test_a_post_to_the_kept_hand_in_progress_looks_for_no_stud_or_draw_hand(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from floorman.server import room as room_module

    room = Room(db)
    table = new_table(db, "f")
    assert room.record(table, [WRONG_PUSH[0]], after=None, who=WHO).status == 200
    looked: list[str] = []
    real = room_module._open_game
    monkeypatch.setattr(room_module, "_open_game", lambda s, t: looked.append(t) or real(s, t))
    for text in WRONG_PUSH[1:6]:
        assert room.record(table, [text], after=None, who=WHO).status == 200
    assert looked == []
    assert room.table(table) == seen_fresh(db, table)
    assert Room(db).record(table, [WRONG_PUSH[6]], after=None, who=WHO).status == 200
    assert looked == [table]  # a server that kept nothing looks


def test_the_next_hand_is_dealt_from_the_kept_hand_without_a_replay(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Dealing on reads the last hand as kept; what it deals is what a server that
    kept nothing deals from the same hand at another table."""
    from floorman.tables import dealing

    room = Room(db)
    kept_at, fresh_at = new_table(db, "n"), new_table(db, "n")
    for text in [*WRONG_PUSH[:-1], "award 1"]:
        assert room.record(kept_at, [text], after=None, who=WHO).status == 200
        assert room.record(fresh_at, [text], after=None, who="terminal").status == 200
    loads: list[int] = []
    for module in (hands_module, dealing):
        real = module.load
        monkeypatch.setattr(module, "load", lambda *a, r=real, **k: loads.append(1) or r(*a, **k))
    dealt = room.next_hand(kept_at, after=None, who=WHO)
    assert dealt.status == 200, dealt.body
    assert loads == []
    assert room.table(kept_at) == seen_fresh(db, kept_at)
    loads.clear()
    again = Room(db).next_hand(fresh_at, after=None, who=WHO)
    assert again.status == 200, again.body
    assert loads == [1]  # read once, and dealt on from as read
    assert [line.replace(f" {fresh_at}:", f" {kept_at}:") for line in again.body["lines"][1:]] == (
        dealt.body["lines"][1:]
    )


@pytest.mark.slow
@settings(
    max_examples=STEPS,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_the_kept_hand_is_the_stored_hand_after_every_write(db: Path, data: st.DataObject) -> None:
    """Random sequences of events (the station's buttons, boards of random cards and
    irregular ones), posted to one of two servers on the same store or added at a
    terminal, with undos and next hands: after each, both servers show the table as a
    fresh one reads it."""
    first, second = Room(db), Room(db)
    table = new_table(db, "p")
    for _ in range(data.draw(st.integers(4, 24), label="steps")):
        shown = first.table(table)
        assert shown is not None
        choices = [
            b["event"] + (f" {b['amount']}" if b["amount"] else "") for b in shown["buttons"]
        ]
        board = data.draw(st.sampled_from(["flop", "turn", "river"]))
        cards = data.draw(st.lists(st.sampled_from(DECK), min_size=3, max_size=3, unique=True))
        text = data.draw(
            st.one_of(
                st.sampled_from(choices or ["deal"]),
                st.sampled_from(IRREGULAR),
                st.just(f"{board} {' '.join(cards[: 3 if board == 'flop' else 1])}"),
            ),
            label="event",
        )
        how = data.draw(
            st.sampled_from(["first", "first", "first", "second", "terminal", "undo", "next"]),
            label="how",
        )
        if how in ("first", "second"):
            room = first if how == "first" else second
            answer = room.record(table, [text], after=None, who=WHO)
            assert answer.status in (200, 400), answer.body
        elif how == "terminal":
            with open_store(db) as store, contextlib.suppress(FloormanError):
                add_events(store, table, [text])
        elif how == "undo":
            assert first.undo(table, after=None, who=WHO).status in (200, 400)
        else:
            assert first.next_hand(table, force=True, after=None, who=WHO).status == 200
        fresh = seen_fresh(db, table)
        assert first.table(table) == fresh
        assert second.table(table) == fresh
        assert_reads_fresh(data.draw(st.sampled_from([first, second])), db, table)


def test_a_second_writer_at_a_terminal_is_seen_and_a_stale_post_refused(db: Path) -> None:
    room = Room(db)
    table = new_table(db, "t")
    for text in WRONG_PUSH[:3]:
        assert room.record(table, [text], after=None, who=WHO).status == 200
    seen = room.table(table)
    assert seen is not None
    done = subprocess.run(
        [sys.executable, "-m", "floorman", "add", "--table", table, "--db", str(db), "5 fold"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    stale = room.record(table, ["6 fold"], after=seen["last"], who=WHO)
    assert stale.status == 409
    assert [e["text"] for e in stale.body["table"]["events"]][-1] == "5 fold"
    assert room.table(table) == seen_fresh(db, table)
    answer = room.record(table, ["6 fold"], after=stale.body["table"]["last"], who=WHO)
    assert answer.status == 200, answer.body
    assert [e["text"] for e in answer.body["recorded"]] == ["6 fold"]
    assert room.table(table) == seen_fresh(db, table)


def test_undo_next_changes_and_disputes_keep_the_table_as_stored(db: Path) -> None:
    room = Room(db)
    table = new_table(db, "u")
    for text in WRONG_PUSH:
        assert room.record(table, [text], after=None, who=WHO).status == 200
        assert room.table(table) == seen_fresh(db, table)
    assert room.undo(table, after=None, who=WHO).status == 200
    assert room.table(table) == seen_fresh(db, table)
    assert room.record(table, ["award 2"], after=None, who=WHO).status == 200
    assert room.table(table) == seen_fresh(db, table)
    changed = room.change(table, Change("sitout", seat=4), after=None, who=WHO)
    assert changed.status == 200, changed.body
    assert room.table(table) == seen_fresh(db, table)
    dealt = room.next_hand(table, after=None, who=WHO)
    assert dealt.status == 200, dealt.body
    assert room.table(table) == seen_fresh(db, table)
    assert room.record(table, ["deal"], after=None, who=WHO).status == 200
    disputed = room.record(table, ["dispute after deal"], after=None, who=WHO)
    assert disputed.status == 200, disputed.body
    assert disputed.body["disputed"] == "showdown"
    shown = room.table(table)
    assert shown == seen_fresh(db, table)
    assert shown is not None
    assert [e["text"] for e in shown["events"]] == ["deal"]


def test_a_refused_event_leaves_the_kept_hand_as_it_was(db: Path) -> None:
    room = Room(db)
    table = new_table(db, "r")
    assert room.record(table, ["deal"], after=None, who=WHO).status == 200
    before = room.table(table)
    refused = room.record(table, ["3 call", "9 call"], after=None, who=WHO)
    assert refused.status == 400
    assert room.table(table) == before == seen_fresh(db, table)


def test_a_store_replaced_under_the_server_is_read_afresh(tmp_path: Path) -> None:
    db = tmp_path / "room.db"
    room = Room(db)
    table = new_table(db, "f")
    assert room.record(table, ["deal"], after=None, who=WHO).status == 200
    other = tmp_path / "other.db"
    start_hand(other, table, HEADER, force=True)
    other.replace(db)
    for suffix in ("-wal", "-shm"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    shown = room.table(table)
    assert shown is not None
    assert shown["events"] == []


def test_the_least_used_table_is_let_go_past_the_limit(db: Path) -> None:
    kept = KeptHands(limit=2)
    room = Room(db)
    room._hands = kept
    tables = [new_table(db, "l") for _ in range(3)]
    for table in tables:
        room.table(table)
    assert len(kept) == 2
    assert room.table(tables[0]) == seen_fresh(db, tables[0])


def test_state_history_and_pages_are_the_stores_after_every_kind_of_write(
    store_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Posts, an undo, a change between hands, the next hand, a dispute of the closed
    hand's pot from the station and from a terminal, events added at a terminal while
    the server runs: after each, what the server reads from what it kept is what a
    replay of the store gives, and reading again replays nothing."""
    room = Room(store_url)
    table = new_table(store_url, "s")
    loads: list[int] = []
    real = hands_module.load

    def counted(store: Any, stored: Any, *rest: Any, **named: Any) -> Any:
        loads.append(stored.id)
        return real(store, stored, *rest, **named)

    def unchanged() -> None:
        """Read again with nothing recorded: nothing is replayed."""
        monkeypatch.setattr(hands_module, "load", counted)
        room.state(table), room.history(table)
        for hand in hands:
            room.hand_at(table, hand)
        monkeypatch.setattr(hands_module, "load", real)
        assert loads == []

    for text in WRONG_PUSH:
        assert room.record(table, [text], after=None, who=WHO).status == 200
        hands = assert_reads_fresh(room, store_url, table)
    unchanged()
    assert room.undo(table, after=None, who=WHO).status == 200
    hands = assert_reads_fresh(room, store_url, table)
    assert room.record(table, ["award 2"], after=None, who=WHO).status == 200
    changed = room.change(table, Change("sitout", seat=4), after=None, who=WHO)
    assert changed.status == 200, changed.body
    hands = assert_reads_fresh(room, store_url, table)
    state = room.state(table)
    assert isinstance(state, dict)
    assert state["table_show"]["next_hand"]["players"]["4"]["status"] == "out"
    assert room.next_hand(table, after=None, who=WHO).status == 200
    assert room.record(table, ["deal"], after=None, who=WHO).status == 200
    hands = assert_reads_fresh(room, store_url, table)
    assert len(hands) == 2
    unchanged()
    closed = hands[1]
    page = room.hand_at(table, closed)
    assert page is not None
    disputed = room.record(table, ["dispute after deal"], after=None, who=WHO)
    assert disputed.status == 200, disputed.body
    assert disputed.body["hand"] == closed
    monkeypatch.setattr(hands_module, "load", counted)
    again = room.hand_at(table, closed)
    history = room.history(table)
    monkeypatch.setattr(hands_module, "load", real)
    assert again is not None
    assert again["last"] > page["last"]
    assert [e["text"] for e in again["events"]][-1] == "dispute after deal"
    assert history is not None
    assert [line["hand"] for line in history["hands"]] == hands
    assert closed in loads
    assert set(loads) <= {closed, hands[0]}
    loads.clear()
    hands = assert_reads_fresh(room, store_url, table)
    terminal(store_url, table, "5 call", "6 fold")
    hands = assert_reads_fresh(room, store_url, table)
    terminal(store_url, table, "note from the terminal")
    state = room.state(table)
    assert isinstance(state, dict)
    assert state["last_event"]["text"] == "note from the terminal"
    hands = assert_reads_fresh(room, store_url, table)
    unchanged()
    assert room.next_hand(table, force=True, after=None, who=WHO).status == 200
    hands = assert_reads_fresh(room, store_url, table)
    assert len(hands) == 3
    unchanged()


def test_a_dispute_at_a_terminal_is_read_on_the_closed_hands_page(db: Path) -> None:
    room = Room(db)
    table = new_table(db, "d")
    for text in WRONG_PUSH:
        assert room.record(table, [text], after=None, who=WHO).status == 200
    assert room.next_hand(table, after=None, who=WHO).status == 200
    assert room.record(table, ["deal"], after=None, who=WHO).status == 200
    hands = assert_reads_fresh(room, db, table)
    terminal(db, table, "dispute after deal")
    page = room.hand_at(table, hands[1])
    assert page is not None
    assert [e["text"] for e in page["events"]][-1] == "dispute after deal"
    assert_reads_fresh(room, db, table)


def test_a_past_hands_page_is_read_afresh_from_a_store_put_in_its_place(tmp_path: Path) -> None:
    """Two stores with a past hand of the same id and the same latest record, one put in
    the other's place while the server runs: the server shows the new store's hand."""
    db, other = tmp_path / "room.db", tmp_path / "other.db"
    room = Room(db)
    for where, last in ((db, "3 call"), (other, "3 fold")):
        start_hand(where, "1", HEADER, force=True)
        with open_store(where) as store:
            add_events(store, "1", ["deal", last])
            start_next(store, "1", [], force=True)
            if where == other:  # the hand in progress is not the one the server keeps
                add_events(store, "1", ["note from the other store"])
        if where == db:
            assert [e["text"] for e in (room.hand_at("1", 1) or {})["events"]][-1] == "3 call"
            assert room.history("1") == replayed_history(db, "1")
    other.replace(db)
    for suffix in ("-wal", "-shm"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    assert [e["text"] for e in (room.hand_at("1", 1) or {})["events"]][-1] == "3 fold"
    assert_reads_fresh(room, db, "1")


def test_drawings_let_go_the_one_used_longest_ago() -> None:
    drawn = Drawings(2)
    for hand in (1, 2):
        drawn.keep((hand, "at", 10 + hand), {"hand": hand})
    assert drawn.get((1, "at", 11)) == {"hand": 1}
    drawn.keep((3, "at", 13), {"hand": 3})
    assert len(drawn) == 2
    assert drawn.get((2, "at", 12)) is None
    assert drawn.get((1, "at", 11)) == {"hand": 1}
    assert drawn.get((1, "at", 12)) is None  # a record since: not the page drawn


def test_past_hands_pages_are_let_go_by_the_events_they_hold() -> None:
    pages = KeptHands(pages=40).pages

    def page(events: int) -> dict[str, Any]:
        return {"events": [{"number": n} for n in range(1, events + 1)]}

    pages.keep((1, "at", 1), page(25))
    pages.keep((2, "at", 2), page(3))
    pages.keep((3, "at", 3), page(9))
    assert len(pages) == 3  # 26 + 4 + 10: as much as the room kept
    pages.keep((4, "at", 4), page(0))
    assert len(pages) == 3
    assert pages.get((1, "at", 1)) is None
    pages.keep((5, "at", 5), page(40))  # heavier than the whole: not kept
    assert pages.get((5, "at", 5)) is None
    assert [pages.get((n, "at", n)) for n in (2, 3, 4)] == [page(3), page(9), page(0)]


def test_a_server_keeping_nothing_answers_the_same(db: Path) -> None:
    """With no room to keep anything, every read replays, and answers the same."""
    room, keeping_nothing = Room(db), Room(db)
    keeping_nothing._hands = KeptHands(0, pages=0, lines=0)
    table = new_table(db, "n")
    for text in WRONG_PUSH[:12]:
        assert room.record(table, [text], after=None, who=WHO).status == 200
    assert room.next_hand(table, force=True, after=None, who=WHO).status == 200
    for reader in (room, keeping_nothing, room):
        assert_reads_fresh(reader, db, table)
