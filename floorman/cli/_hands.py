"""What the table commands share: the store, finding a hand, replaying it, recording events.

Imported only inside commands: it brings in the store (and so sqlite3).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from floorman.cli._errors import user_errors
from floorman.errors import FloormanError
from floorman.events import Event, EventError
from floorman.handfile import Hand
from floorman.replay import read_event, rule_events, ruled_chips
from floorman.state import HandState
from floorman.store import SQLiteStore, StoredHand, open_store

__all__ = [
    "Loaded",
    "find_hand",
    "load",
    "record",
    "require_open",
    "ruling_lines_since",
    "split_events",
    "store_at",
    "undo",
    "user_errors",
]


@dataclass
class Loaded:
    """A stored hand replayed with its rulebook: the record, the hand file it amounts to,
    its state, and the rulings and violations so far."""

    stored: StoredHand
    hand: Hand
    state: HandState
    rulings: list[dict[str, Any]] = field(default_factory=list)
    violations: list[dict[str, Any]] = field(default_factory=list)
    pots: list[dict[str, Any]] = field(default_factory=list)
    """The ``check --json`` pots: awarded once the hand is settled."""

    @property
    def count(self) -> int:
        return len(self.hand.events)

    def since(self, count: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        """Rulings and violations on the events after the first ``count``."""
        return (
            [r for r in self.rulings if r["event"] > count],
            [v for v in self.violations if v["event"] > count],
        )


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


def _ruled(stored: StoredHand, hand: Hand, events: list[Event]) -> Loaded:
    ruled = rule_events(hand, events)
    pots = ruled_chips(hand, events, ruled).pots
    return Loaded(stored, hand, ruled.state, ruled.rulings, ruled.violations, pots)


def load(store: SQLiteStore, stored: StoredHand) -> Loaded:
    """Replay a stored hand, the rulebook ruling on every event."""
    texts = [r.text or "" for r in store.events(stored.id)]
    hand = Hand.model_validate({**stored.header, "events": texts})
    try:
        return _ruled(stored, hand, hand.parse_events())
    except EventError as error:
        raise FloormanError(f"hand {stored.id} cannot be replayed: {error}") from None


def record(store: SQLiteStore, loaded: Loaded, texts: Sequence[str]) -> Loaded:
    """Check every event against the hand and its rulebook, then store them all in one
    transaction; nothing is stored if any event is bad.

    Each event is read against the hand as the ones before it left it (so a betting
    action may leave out the seat to act) and stored as the notation prints it
    (``3 r 60`` is kept as ``3 raise 60``).
    """
    events = loaded.hand.parse_events()
    current = loaded
    for text in texts:
        event = read_event(current.state, text, len(events) + 1)
        events.append(event)
        hand = loaded.hand.model_copy(update={"events": [str(e) for e in events]})
        current = _ruled(loaded.stored, hand, events)
    store.append(loaded.stored.id, current.hand.events[loaded.count :], expect=loaded.count)
    return current


def undo(store: SQLiteStore, loaded: Loaded) -> tuple[str, Loaded]:
    """Retract the latest event; returns its text and the hand without it."""
    retracted = store.retract_last(loaded.stored.id, expect=loaded.count)
    return retracted.text or "", load(store, loaded.stored)


def require_open(stored: StoredHand) -> None:
    if stored.closed is not None:
        raise FloormanError(f"hand {stored.id} is closed ({stored.closed})")


def ruling_lines_since(loaded: Loaded, count: int) -> list[str]:
    """The rulings and violations on events after the first ``count``, as a dealer reads them."""
    from floorman.cli._ruling import ruling_lines

    rulings, violations = loaded.since(count)
    lines: list[str] = []
    for ruling in rulings:
        lines.extend(ruling_lines(ruling))
    for violation in violations:
        lines.append(f"violation at event {violation['event']}: {violation['message']}")
    return lines
