"""A table between hands through the application layer: the seating now, a change checked
and logged with who made it, the seat a moved player takes, and the session in order."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from floorman.errors import FloormanError
from floorman.session.seating import Change
from floorman.store.hands import Store, open_store
from floorman.tables.hands import add_events
from floorman.tables.seating import (
    changes_by_hand,
    dealer,
    log_change,
    seat_for_move,
    session,
    table_now,
)

HEADER = {"button": 3, "seats": {"1": 100, "2": 100, "3": 100}, "table_seats": 6}


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Store]:
    monkeypatch.delenv("FLOORMAN_DEALER", raising=False)
    with open_store(tmp_path / "room.db") as opened:
        opened.start_hand("7", HEADER)
        yield opened


def test_the_table_as_it_stands_before_and_after_its_hand(store: Store) -> None:
    now = table_now(store, "7")
    assert (now.data["button"], now.data["small_blind"], now.data["big_blind"]) == (3, 1, 2)
    assert (now.data["status"], now.settled) == ("in progress", False)
    add_events(store, "7", ["deal", "3 fold", "1 fold"])
    now = table_now(store, "7")
    assert now.settled
    assert now.data["seats"] == {"1": 99, "2": 101, "3": 100}
    assert now.seating.players[2].stack == 101


def test_a_change_is_checked_against_the_table_then_logged_with_who(store: Store) -> None:
    line = log_change(store, "7", Change("sit", 5, 200, "Dana"), "alex")
    assert (
        line
        == "table 7: seat 5 (Dana) sits down with 200, waits for the big blind (from the next hand)"
    )
    with pytest.raises(FloormanError):
        log_change(store, "7", Change("sit", 7, 200), None)  # the table has six seats
    (waiting,) = changes_by_hand(store.table_log("7"))[None]
    assert (waiting["by"], waiting["seat"], waiting["chips"]) == ("alex", 5, 200)


def test_who_records_is_by_else_the_dealer_of_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("FLOORMAN_DEALER", "sam")
    assert (dealer("alex"), dealer(None)) == ("alex", "sam")
    monkeypatch.setenv("FLOORMAN_DEALER", "")
    assert dealer(None) is None


def test_a_moved_player_gets_the_empty_seat_the_big_blind_reaches_first(store: Store) -> None:
    assert seat_for_move(store, "7") == 4


def test_the_session_lists_the_hands_in_order_with_the_changes_waiting(store: Store) -> None:
    log_change(store, "7", Change("rebuy", 1, 50), "alex")
    name, hands, pending = session(store, None, 10)
    assert name == "7"
    assert [(hand["hand"], hand["changes_before"]) for hand in hands] == [(1, [])]
    assert [change["change"] for change in pending] == ["seat 1 rebuys 50"]
