"""A hand at a table through the application layer, as ``add`` and a station both record:
found, replayed, recorded all or nothing, taken back, listed and exported."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from floorman.errors import FloormanError
from floorman.interchange.handfile import parse_hand
from floorman.replay import check_hand
from floorman.store.hands import Store, open_store
from floorman.tables.hands import (
    Unreadable,
    add_events,
    export,
    find_hand,
    hand_at,
    recent,
    records_of,
    split_events,
    take_back,
)

HEADER = {"button": 3, "seats": {"1": 100, "2": 100, "3": 100}}


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with open_store(tmp_path / "room.db") as opened:
        opened.start_hand("7", HEADER)
        yield opened


def test_events_split_at_semicolons_and_blanks_are_dropped() -> None:
    assert split_events(["deal; 3 call", " ", "1 call;;2 check "]) == [
        "deal", "3 call", "1 call", "2 check",
    ]  # fmt: skip


def test_adding_says_the_ruling_first_then_the_table(store: Store) -> None:
    lines = add_events(store, "7", ["deal", "1 call"])
    assert "CONTINUE" in lines[0]
    assert "out of turn" in lines[0]
    assert lines[-1] == "seat 3 to act (100 behind): fold, call 2, raise 4..100"
    assert hand_at(store, None, "7").texts == ["deal", "1 call"]


def test_a_bad_event_stores_none_of_them(store: Store) -> None:
    add_events(store, None, ["deal"])
    with pytest.raises(FloormanError, match=r'event 3 "7 call"'):
        add_events(store, "7", ["3 call", "7 call"])
    assert hand_at(store, None, "7").texts == ["deal"]


def test_take_back_leaves_the_event_in_the_log(store: Store) -> None:
    add_events(store, "7", ["deal", "3 raise 6"])
    text, loaded = take_back(store, "7")
    assert (text, loaded.texts) == ("3 raise 6", ["deal"])
    stored, records = records_of(store, None, "7")
    assert stored.id == loaded.stored.id
    assert [r.kind for r in records] == ["event", "event", "retract"]


def test_which_hand_without_a_table(store: Store) -> None:
    assert find_hand(store, None, None, open_only=True).table == "7"
    store.start_hand("8", HEADER)
    with pytest.raises(FloormanError, match="tables 7, 8: name one with --table"):
        find_hand(store, None, None, open_only=True)
    with pytest.raises(FloormanError, match="table 9 has no hand"):
        find_hand(store, None, "9", open_only=False)


def test_recent_hands_say_which_cannot_be_replayed(store: Store) -> None:
    store.start_hand("8", {"button": 3, "seats": {"1": 100}, "game": "chess"})
    newest, oldest = recent(store, None, 5)
    assert isinstance(newest, Unreadable)
    assert "cannot be replayed" in newest.problem
    assert not isinstance(oldest, Unreadable)
    assert oldest.stored.table == "7"


def test_an_exported_hand_replays_to_the_same_state(store: Store) -> None:
    add_events(store, "7", ["deal", "3 raise 6", "1 fold", "2 call", "burn", "flop Ah Kd 7c"])
    hand_id, text = export(store, None, "7", "yaml")
    assert hand_id == 1
    replayed = check_hand(parse_hand(text))
    assert replayed.state.betting.pot == hand_at(store, None, "7").state.betting.pot == 13


@pytest.mark.parametrize("fmt", ["yaml", "json"])
def test_a_hand_with_no_chips_named_exports_without_them(store: Store, fmt: str) -> None:
    """A header that names no chips takes any denomination; one written ``chips: [1]``
    would refuse the 5 chip pushed here."""
    add_events(store, "7", ["deal", "3 chips 5"])
    _, text = export(store, None, "7", fmt)
    hand = parse_hand(text)
    assert "chips" not in hand.model_fields_set
    assert check_hand(hand).state.betting.pot == hand_at(store, None, "7").state.betting.pot
