"""The hands the server keeps between posts (:mod:`floorman.server.kept`): whatever is
recorded, by the server, by a second server on the same store or by ``floorman add`` at
a terminal, and whatever is refused, taken back, dealt next, changed or disputed, the
table the server shows from what it kept is the table a fresh server reads from the
store."""

from __future__ import annotations

import contextlib
import itertools
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from floorman.errors import FloormanError
from floorman.server.kept import KeptHands
from floorman.server.room import Room
from floorman.session.seating import Change
from floorman.store.hands import open_store
from floorman.tables.dealing import start_hand
from floorman.tables.hands import add_events

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


def seen_fresh(db: Path, table: str) -> dict[str, Any] | None:
    """The table as a server that kept nothing reads it from the store."""
    return Room(db).table(table)


def new_table(db: Path, prefix: str) -> str:
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
