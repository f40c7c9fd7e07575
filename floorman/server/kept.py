"""Each table's hand as the server last read or wrote it, kept between calls.

Replaying a hand from its events with its rulebook, for every post and again for
every redraw of the table, costs the whole hand each time. So the server keeps, per
table, the hand replayed (:class:`floorman.tables.hands.Loaded`), its standing
records with who entered them, and the table's view once drawn, under the table's
mark (:meth:`floorman.store.hands.Store.mark`): the hand it shows and the id of that
hand's latest record. A post is checked against the kept hand by the same functions
``floorman add`` uses, and its events applied to it once they are stored.

The table's whole state, the hand's own page and its line in the table's history
are drawn from the kept hand too, when it is the hand asked for. A past hand is no
table's hand any more, yet it can still get records (a dispute of its pot raised
once the next hand began, a correction by the floor): what is drawn from it, its
page and its line of the history, is kept by the hand and the id of its latest
record (:class:`Drawings`), so a past hand is replayed once, and again only after
something is recorded to it.

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
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, TypeAlias

if TYPE_CHECKING:
    from floorman.store.hands import Record, TableMark
    from floorman.tables.hands import Loaded

__all__ = [
    "HISTORY_LINES",
    "KEPT_TABLES",
    "PAST_EVENTS",
    "Drawings",
    "DrawnKey",
    "KeptHand",
    "KeptHands",
]

KEPT_TABLES: Final = 2_000
"""How many tables' hands a server keeps; the one used longest ago is let go first."""
PAST_EVENTS: Final = 20_000
"""How many events the past hands' pages a server keeps drawn may hold between them. A
page holds every event of its hand, so it weighs by its events: about half a kilobyte
each as drawn (``benchmarks/bench_reads.py``: 14 KB a page of 31 events), so at most
some 10 MB. That is some six hundred pages of ordinary hands, more than a floor looks
at in a day (a dispute to settle, a report to write), or four of the longest hands
(:data:`floorman.bounds.MAX_EVENTS_PER_HAND`)."""
HISTORY_LINES: Final = 2_500
"""How many past hands' lines of a table's history a server keeps drawn: the fifty
latest hands a table's page lists, for fifty tables (a large room's floor), so that
each table's page a floor keeps open is drawn again from its one changed line. A line
holds the hand's rulings and its stacks, not its events: about 3 KB as drawn
(``benchmarks/bench_reads.py``), so the whole is under 8 MB. A room with more tables'
pages open at once replays the lines let go, as a server that keeps nothing does."""

DrawnKey: TypeAlias = tuple[int, str, int]
"""A past hand as drawn: its id, when it began (no other store's hand with the same id
began at the same millisecond, should the store be replaced under the server), and the
id of its latest record."""


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
    line: tuple[tuple[int, int], dict[str, Any]] | None = field(default=None, repr=False)
    """The hand's line of the table's history, with the mark it was drawn at."""

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


class Drawings:
    """What was drawn from past hands, by :data:`DrawnKey`, weighing at most ``limit``
    between them (each ``weight`` says how much: 1 unless told; one heavier than that
    is not kept): the one used longest ago is let go first. A hand recorded to since it
    was drawn has another latest record, so its old drawing is never found again (and
    soon let go)."""

    def __init__(
        self, limit: int, weight: Callable[[dict[str, Any]], int] = lambda _drawn: 1
    ) -> None:
        self._limit = limit
        self._weight = weight
        self._held = 0
        self._guard = threading.Lock()
        self._drawn: OrderedDict[DrawnKey, tuple[dict[str, Any], int]] = OrderedDict()

    def get(self, key: DrawnKey) -> dict[str, Any] | None:
        with self._guard:
            found = self._drawn.get(key)
            if found is None:
                return None
            self._drawn.move_to_end(key)
            return found[0]

    def keep(self, key: DrawnKey, drawn: dict[str, Any]) -> dict[str, Any]:
        weight = self._weight(drawn)
        if weight > self._limit:
            return drawn
        with self._guard:
            replaced = self._drawn.pop(key, None)
            if replaced is not None:
                self._held -= replaced[1]
            self._drawn[key] = (drawn, weight)
            self._held += weight
            while self._held > self._limit:
                self._held -= self._drawn.popitem(last=False)[1][1]
        return drawn

    def __len__(self) -> int:
        return len(self._drawn)


def _events_in(page: dict[str, Any]) -> int:
    """A page's weight: its events, and the page itself."""
    return 1 + len(page["events"])


class KeptHands:
    """The tables' hands this server keeps, the ones used latest first to stay; and what
    it drew from past hands (:attr:`pages`, :attr:`lines`)."""

    def __init__(
        self, limit: int = KEPT_TABLES, *, pages: int = PAST_EVENTS, lines: int = HISTORY_LINES
    ) -> None:
        self._limit = limit
        self.pages = Drawings(pages, _events_in)
        """Past hands' pages (:meth:`.room.Room.hand_at`)."""
        self.lines = Drawings(lines)
        """Past hands' lines of a table's history (:meth:`.room.Room.history`)."""
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
