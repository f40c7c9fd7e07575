"""What the table commands share: the store, finding a hand, replaying it, recording events.

Imported only inside commands: it brings in the store (and so sqlite3).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from floorman.cli._errors import user_errors
from floorman.errors import FloormanError
from floorman.events import EventError
from floorman.handfile import Hand
from floorman.replay import read_event
from floorman.state import HandState
from floorman.store import SQLiteStore, StoredHand, open_store

__all__ = [
    "Loaded",
    "find_hand",
    "load",
    "record",
    "require_open",
    "split_events",
    "store_at",
    "undo",
    "user_errors",
]


@dataclass
class Loaded:
    """A stored hand replayed: the record, the hand file it amounts to, its state."""

    stored: StoredHand
    hand: Hand
    state: HandState

    @property
    def count(self) -> int:
        return len(self.hand.events)


def store_at(db: Path | None) -> SQLiteStore:
    return open_store(db)


def split_events(args: Sequence[str]) -> list[str]:
    """Events given as arguments, several to an argument when separated by ``;``."""
    return [part.strip() for arg in args for part in arg.split(";") if part.strip()]


def find_hand(
    store: SQLiteStore, hand_id: int | None, table: str | None, *, open_only: bool
) -> StoredHand:
    """The hand named by id, or the hand in progress at ``table`` (its latest hand when
    ``open_only`` is false), or the only hand in progress anywhere."""
    if hand_id is not None:
        return store.hand(hand_id)
    if table is not None:
        found = store.open_hand(table)
        if found is None and not open_only:
            found = store.latest_hand(table)
        if found is None:
            what = "in progress " if open_only else ""
            raise FloormanError(f"table {table} has no hand {what}(start one: floorman new)")
        return found
    open_hands = store.open_hands()
    if len(open_hands) == 1:
        return open_hands[0]
    if not open_hands:
        raise FloormanError("no hand in progress (start one: floorman new --table T ...)")
    tables = ", ".join(h.table for h in open_hands)
    raise FloormanError(f"hands are in progress at tables {tables}: name one with --table")


def load(store: SQLiteStore, stored: StoredHand) -> Loaded:
    """Replay a stored hand."""
    texts = [r.text or "" for r in store.events(stored.id)]
    hand = Hand.model_validate({**stored.header, "events": texts})
    state = hand.start()
    try:
        for number, event in enumerate(hand.parse_events(), 1):
            state.apply(event, number)
    except EventError as error:
        raise FloormanError(f"hand {stored.id} cannot be replayed: {error}") from None
    return Loaded(stored, hand, state)


def record(store: SQLiteStore, loaded: Loaded, texts: Sequence[str]) -> Loaded:
    """Check every event against the hand, then store them all in one transaction.

    Nothing is stored if any event is bad. Events are stored as the notation
    prints them (``3 r 60`` is kept as ``3 raise 60``).
    """
    state = loaded.state.copy()
    number = loaded.count + 1
    canonical: list[str] = []
    for text in texts:
        event = read_event(state, text, number)
        state.apply(event, number)
        canonical.append(str(event))
        number += 1
    store.append(loaded.stored.id, canonical, expect=loaded.count)
    hand = loaded.hand.model_copy(update={"events": [*loaded.hand.events, *canonical]})
    return Loaded(loaded.stored, hand, state)


def undo(store: SQLiteStore, loaded: Loaded) -> tuple[str, Loaded]:
    """Retract the latest event; returns its text and the hand without it."""
    retracted = store.retract_last(loaded.stored.id, expect=loaded.count)
    return retracted.text or "", load(store, loaded.stored)


def require_open(stored: StoredHand) -> None:
    if stored.closed is not None:
        raise FloormanError(f"hand {stored.id} is closed ({stored.closed})")
