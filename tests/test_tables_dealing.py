"""Dealing through the application layer: the first hand at a table from its header, and
each next one from the last, as ``new``, ``next`` and ``live`` deal them."""

from __future__ import annotations

from pathlib import Path

import pytest

from floorman.errors import FloormanError
from floorman.session.seating import Change
from floorman.tables.dealing import start_hand, start_next
from floorman.tables.hands import add_events, hand_at, store_at

HEADER = {"button": 3, "seats": {1: 100, 2: 100, 3: 100}, "blinds": [1, 2]}


def test_a_hand_starts_with_the_blinds_posted_and_closes_only_a_finished_one(
    tmp_path: Path,
) -> None:
    db = tmp_path / "room.db"
    stored, state = start_hand(db, "7", HEADER, force=False)
    assert (stored.table, stored.header["table"], state.betting.pot) == ("7", "7", 3)
    with pytest.raises(FloormanError, match="hand 1 is still in progress"):
        start_hand(db, "7", HEADER, force=False)
    again, _state = start_hand(db, "7", HEADER, force=True)
    with store_at(db) as store:
        assert store.hand(stored.id).closed == "abandoned"
        assert hand_at(store, None, "7").stored.id == again.id


def test_a_header_that_cannot_be_is_refused_before_the_store_is_made(tmp_path: Path) -> None:
    db = tmp_path / "room.db"
    with pytest.raises(FloormanError, match="new hand: game"):
        start_hand(db, "7", {**HEADER, "game": "chess"}, force=False)
    assert not db.exists()


def test_the_next_hand_carries_the_stacks_moves_the_button_and_deals_changes_in(
    tmp_path: Path,
) -> None:
    db = tmp_path / "room.db"
    start_hand(db, "7", HEADER, force=False)
    with store_at(db) as store:
        add_events(store, "7", ["deal", "3 fold", "1 fold"])
        lines = start_next(store, "7", [Change("sit", 5, 200, post=True)], force=False)
        assert lines[:2] == [
            "hand 2 at table 7: hold'em no-limit 1/2, button seat 1",
            "  post 5 bb 2",
        ]
        dealt = hand_at(store, None, "7")
    assert dict(dealt.header.seats) == {1: 99, 2: 101, 3: 100, 5: 200}


def test_a_misdeal_is_dealt_again_as_it_was(tmp_path: Path) -> None:
    db = tmp_path / "room.db"
    start_hand(db, "7", HEADER, force=False)
    with store_at(db) as store:
        add_events(store, "7", ["misdeal"])
        (first, *_rest) = start_next(store, "7", [], force=False)
        assert (
            first == "hand 2 at table 7 (the misdeal redealt): hold'em no-limit 1/2, button seat 3"
        )
        with pytest.raises(FloormanError, match="hand 2 is still in progress"):
            start_next(store, "7", [], force=False)
