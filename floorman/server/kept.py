"""Each table's hand as the server last read or wrote it, kept between calls.

Replaying a hand from its events with its rulebook, for every post and again for
every redraw of the table, costs the whole hand each time. So the server keeps, per
table, the hand replayed (:class:`floorman.tables.hands.Loaded`), its standing
records with who entered them, and the table's view once drawn, under the table's
mark (:meth:`floorman.store.hands.Store.mark`): the hand it shows and the id of that
hand's latest record. A post is checked against the kept hand by the same functions
``floorman add`` uses, and its events applied to it once they are stored.

The store stays the truth: every write at a table, by this server, another one or
``floorman add`` at a terminal, adds a record, so a kept hand whose mark is not the
store's is read again from the store before it is used, and a restarted server
starts with nothing kept. A table's hand is used by one thread at a time
(:meth:`KeptHands.lock`).
"""

from __future__ import annotations

import threading
import weakref
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from floorman.store.hands import Record, TableMark
    from floorman.tables.hands import Loaded

__all__ = ["KEPT_TABLES", "KeptHand", "KeptHands"]

KEPT_TABLES: Final = 2_000
"""How many tables' hands a server keeps; the one used longest ago is let go first."""


@dataclass(eq=False)
class KeptHand:
    """One table's hand as stored up to its latest record, and what is drawn from it."""

    loaded: Loaded
    records: list[Record]
    """The hand's standing records, in the order the hand replays them."""
    authors: dict[int, str]
    """Who entered each record, by record id, where the store says."""
    lock: threading.RLock
    seated: tuple[dict[int, str], dict[int, str]] | None = None
    """The players' names by seat and the seats not dealt in, once read."""
    view: dict[str, Any] | None = field(default=None, repr=False)
    """The table as the API shows it, once drawn; drawn again after any change."""

    @property
    def mark(self) -> tuple[int, int]:
        return self.loaded.stored.id, self.loaded.last

    def matches(self, mark: TableMark) -> bool:
        return (mark.hand, mark.last) == self.mark

    def recorded(self, added: Sequence[Record], who: str | None) -> None:
        """Records this server just stored (their events already applied to the hand)."""
        self.records.extend(added)
        if who is not None:
            self.authors.update((record.id, who) for record in added)
        self.view = None


class KeptHands:
    """The tables' hands this server keeps, the ones used latest first to stay."""

    def __init__(self, limit: int = KEPT_TABLES) -> None:
        self._limit = limit
        self._guard = threading.Lock()
        self._hands: OrderedDict[str, KeptHand] = OrderedDict()
        self._locks: weakref.WeakValueDictionary[str, threading.RLock] = (
            weakref.WeakValueDictionary()
        )

    def lock(self, table: str) -> threading.RLock:
        """The lock a thread holds while it reads or changes ``table``'s kept hand (it
        lives as long as someone holds it or the hand is kept)."""
        with self._guard:
            found = self._locks.get(table)
            if found is None:
                found = self._locks[table] = threading.RLock()
            return found

    def get(self, table: str, mark: TableMark) -> KeptHand | None:
        """The kept hand of ``table`` if it is the one the store's ``mark`` names, as
        stored to its latest record; else nothing (and the old one is let go)."""
        with self._guard:
            kept = self._hands.get(table)
            if kept is None:
                return None
            if not kept.matches(mark):
                del self._hands[table]
                return None
            self._hands.move_to_end(table)
            return kept

    def keep(self, table: str, kept: KeptHand) -> KeptHand:
        with self._guard:
            self._hands[table] = kept
            self._hands.move_to_end(table)
            while len(self._hands) > self._limit:
                self._hands.popitem(last=False)
        return kept

    def drop(self, table: str) -> None:
        """Let ``table``'s hand go: it is read from the store when next wanted."""
        with self._guard:
            self._hands.pop(table, None)

    def __len__(self) -> int:
        return len(self._hands)
