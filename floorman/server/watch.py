"""Noticing what is recorded, by this server, by another server process on the same store
or by a terminal (a ``floorman add``), and keeping it for the live pages in order.

A post this process records is told to the watcher by the room as it is stored, with
the table as the post left it (:attr:`floorman.server.room.Room.on_recorded`), and
added as its answer comes back: the live pages have it at once, with nothing read
again. Everything else is noticed, and how depends on the store. On PostgreSQL every
write at a table is announced by the store itself (``NOTIFY``) and heard by one
connection per process (:mod:`floorman.store.announcements`): a post to any server
process reaches the pages open on every other. A SQLite file serves one process, which
polls the store's latest record per table, cheaply; so is a PostgreSQL hot standby
looked at, which takes no ``LISTEN`` and hears nothing of the primary's announcements.

A table noticed is read once for the whole process, whatever the number of pages open
(one read at a time per table, read again if it changed meanwhile), and kept as an
*entry*: a number in this process's sequence, the table's name and its view. A page's
stream follows the sequence from where it is (:meth:`Watcher.after`): a stream that
falls behind, or comes back with the id of the last event it had, is sent the latest
view of each table that changed since, once; one whose id this process cannot place
(another process's, or fallen out of the kept sequence) starts from every table again.
A process with no stream open reads nothing, so that of several processes only those
with pages open read a change; a place from before such a change is lost.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import sys
from collections import deque
from collections.abc import Callable, Coroutine
from typing import Any, Final

from starlette.concurrency import run_in_threadpool

from floorman.server.room import Room
from floorman.store._backend import is_url
from floorman.store.errors import StoreError

__all__ = ["KEPT", "POLL_SECONDS", "Entry", "Watcher"]

POLL_SECONDS: Final = 0.25
"""How often a SQLite store is looked at for what other processes recorded."""
RETRY_SECONDS: Final = 1.0
"""How soon a table whose reading failed (the store unreachable) is read again."""
KEPT: Final = 50_000
"""How many entries of the sequence are kept for streams that come back (a few minutes
of a busy room): a stream from before them starts again from every table. An entry
kept is the table's name alone, one string per table, so the whole sequence costs
under half a megabyte however many entries pass through it."""

Entry = tuple[int, str, dict[str, Any]]
"""A number in the sequence, a table's name, the table as it was read then."""


class Watcher:
    """The tables that changed, read once each, in one sequence that the streams follow."""

    def __init__(self, room: Room, kept: int = KEPT) -> None:
        self.room = room
        self.epoch = secrets.token_hex(4)
        """This process's mark on its event ids: an id of another process, or of this
        one before a restart, is not a place in this sequence."""
        self.head = 0
        """The number of the latest entry."""
        self._kept: deque[str] = deque(maxlen=kept)
        """The tables of the latest entries, the last of them numbered :attr:`head` and
        each one before it one less: the numbers follow from the places. An entry that
        held its number and its own copy of the name cost some 150 bytes, 7 MB more
        resident memory once 50,000 were kept (nine minutes of 200 tables posting)."""
        self._from = 0
        """The earliest place a stream may come back to: a change let go unread while no
        stream followed takes a number, and every place before it is lost."""
        self.followers = 0
        """The streams following now: with none, a change is not read at all."""
        self._latest: dict[str, tuple[int, dict[str, Any]]] = {}
        self._reading: set[str] = set()
        """The tables being read or waiting to be, each at most once."""
        self._again: set[str] = set()
        """Tables noticed again while being read: read once more after."""
        self._waiting: dict[str, None] = {}
        """The tables noticed and not yet handed to the pool, in the order noticed."""
        self._told: deque[tuple[str, dict[str, Any] | None]] = deque()
        """The tables posts here told of (:meth:`recorded`), not yet added."""
        self._seen: dict[str, tuple[int, int]] | None = None
        """Each table's hand in progress and its latest record, as last looked at (a
        SQLite store) or told by a post here: a look that finds the same reads nothing."""
        self._tick = asyncio.Event()
        self._tasks: set[asyncio.Task[None]] = set()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._listener: Any = None
        self.stopping = asyncio.Event()

    # the sequence, as the streams follow it ----------------------------------

    def event_id(self, number: int) -> str:
        return f"{self.epoch}.{number}"

    def place(self, event_id: str | None) -> int | None:
        """The number in this sequence of a stream's last event, if this process can
        still send everything after it."""
        if not event_id:
            return None
        epoch, _, number = event_id.strip().partition(".")
        if epoch != self.epoch or not number.isdigit() or len(number) > 18:
            return None
        place = int(number)
        return place if self._covers(place) else None

    def _covers(self, place: int) -> bool:
        if place > self.head or place < self._from:
            return False
        return place >= self._first() - 1

    def _first(self) -> int:
        """The number of the earliest entry kept (one past :attr:`head` when none is)."""
        return self.head - len(self._kept) + 1

    def after(self, place: int) -> list[Entry] | None:
        """Each table that changed after entry ``place``, once, as it now stands, in the
        order of their latest changes; ``None`` when ``place`` is no longer kept."""
        if not self._covers(place):
            return None
        found: list[Entry] = []
        since = range(self.head, place, -1)  # no more than are kept: ``place`` is covered
        for number, table in zip(since, reversed(self._kept), strict=False):
            latest, view = self._latest[table]
            if latest == number:
                found.append((number, table, view))
        found.reverse()
        return found

    async def changed(self, timeout: float) -> bool:
        """Wait until an entry is added (``True``), or ``timeout`` seconds pass."""
        tick = self._tick
        try:
            await asyncio.wait_for(tick.wait(), timeout)
        except TimeoutError:
            return False
        return True

    # noticing and reading ----------------------------------------------------

    def notice(self, table: str) -> None:
        """``table`` changed: read it (after the reading under way, if there is one)."""
        self.take_told()
        if not self.followers:  # let go: no stream may come back to a place before it
            self.head += 1
            self._from = self.head
            self._kept.clear()  # numbered before the gap, and no longer a place
            return
        if not table:
            self._spawn(self._look_at_every_table())
            return
        if table in self._reading:
            self._again.add(table)
            return
        self._reading.add(table)
        self._waiting[table] = None
        if len(self._waiting) == 1:
            self._spawn(self._read_waiting())

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _read_waiting(self) -> None:
        """The tables noticed, read together in one hand-off to the thread pool: a poll
        that finds twenty tables changed costs one hand-off, not twenty (a hand-off costs
        the server about as much as reading a kept table)."""
        await asyncio.sleep(0)  # the rest of the tables noticed at once join these
        names = list(self._waiting)
        self._waiting.clear()
        self._again.difference_update(names)
        try:
            read = await run_in_threadpool(self._read_each, names)
        except BaseException:
            self._reading.difference_update(names)
            raise
        for table, view, error in read:
            if isinstance(error, StoreError):
                _logged("watch", f"live updates: table {table} not read: {error}")
                self._after(RETRY_SECONDS, table)
                continue
            self._reading.discard(table)
            if error is not None:  # a hand the view cannot show: not read again
                _logged("watch-view", f"live updates: table {table} not shown: {error!r}")
                self._again.discard(table)
                continue
            if view is not None:
                self.add(table, view)
            if table in self._again:
                self._again.discard(table)
                self.notice(table)

    def _read_each(
        self, names: list[str]
    ) -> list[tuple[str, dict[str, Any] | None, Exception | None]]:
        """Each table as it stands now, or what kept it from being read (on a pool thread)."""
        read: list[tuple[str, dict[str, Any] | None, Exception | None]] = []
        for table in names:
            try:
                read.append((table, self.room.table(table), None))
            except Exception as error:
                read.append((table, None, error))
        return read

    def _after(self, seconds: float, table: str) -> None:
        """``table`` read again in ``seconds`` (the store could not be read now)."""

        def again() -> None:
            self._reading.discard(table)
            self._again.discard(table)
            if not self.stopping.is_set():
                self.notice(table)

        asyncio.get_running_loop().call_later(seconds, again)

    def add(self, table: str, view: dict[str, Any]) -> None:
        """``table`` as just read: the next entry, unless it stands as it did, or as it
        stood before the entry it has (a read begun before a post, ended after it)."""
        before = self._latest.get(table)
        if before is not None and (before[1] == view or _mark(before[1]) > _mark(view)):
            return
        self.head += 1
        table = sys.intern(table)  # one string however many entries name the table
        self._kept.append(table)
        self._latest[table] = (self.head, view)
        tick, self._tick = self._tick, asyncio.Event()
        tick.set()

    async def _look_at_every_table(self) -> None:
        """Every table read again (after the store could not announce for a while): those
        that changed meanwhile are added, the others left as they were."""
        while not self.stopping.is_set():
            try:
                names = await run_in_threadpool(self.room.table_names)
                break
            except StoreError as error:
                _logged("watch", f"live updates: the tables not listed: {error}")
                await asyncio.sleep(RETRY_SECONDS)
        else:
            return
        for table in {*names, *self._latest}:
            self.notice(table)

    # the source of the changes -----------------------------------------------

    def recorded(self, table: str, draw: Callable[[], dict[str, Any]]) -> None:
        """From a post's thread, the table's lock held: ``table`` as the events just
        recorded left it, drawn only when a stream follows, and kept in the order
        recorded until :meth:`take_told`."""
        if self._loop is None or not self.followers:
            return  # noticed as every change is, and let go
        try:
            view = draw()
        except Exception:  # read, and logged, as every table that will not draw is
            view = None
        self._told.append((table, view))

    def take_told(self) -> None:
        """On the loop, as a post's answer comes back (and at each look at the store):
        the tables the posts told of added, in the order recorded. Waking the loop for
        them apart from the answer cost a post more than drawing its table."""
        told = self._told
        while told:
            table, view = told.popleft()
            if view is None:
                self.notice(table)
                continue
            if self._seen is not None:  # as the next look will find it
                if view["closed"]:
                    self._seen.pop(table, None)
                else:
                    self._seen[table] = _mark(view)
            self.add(table, view)

    def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        self.room.on_recorded = self.recorded
        if is_url(self.room.db):
            from floorman.store.announcements import Listener

            self._listener = Listener(
                str(self.room.db), self._heard, self._listening, _logged, self._deaf
            )
            self._listener.start()
        else:
            self._spawn(self._poll())

    def _heard(self, table: str) -> None:
        """From the listener's thread: a table announced."""
        assert self._loop is not None
        with contextlib.suppress(RuntimeError):  # the loop closed while stopping
            self._loop.call_soon_threadsafe(self.notice, table)

    def _listening(self, first: bool) -> None:
        """From the listener's thread: listening again after a lost connection, the
        announcements missed meanwhile are made good."""
        if not first:
            self._heard("")

    def _deaf(self) -> None:
        """From the listener's thread: the store announces nothing (a hot standby): it is
        looked at, as a SQLite file is."""
        assert self._loop is not None
        with contextlib.suppress(RuntimeError):  # the loop closed while stopping
            self._loop.call_soon_threadsafe(self._look_instead)

    def _look_instead(self) -> None:
        if not self.stopping.is_set():
            self._spawn(self._poll())

    async def _poll(self) -> None:
        while not self.stopping.is_set():
            try:
                marks = await run_in_threadpool(self.room.marks)
            except Exception:  # the store busy or away: looked at again next time
                marks = None
            self.take_told()
            seen = self._seen
            if marks is not None and seen is not None:
                for table, mark in seen.items():  # told by a post stored after the look
                    if table in marks and mark > marks[table]:
                        marks[table] = mark
                for table in set(marks) | set(seen):
                    if marks.get(table) != seen.get(table):
                        self.notice(table)
            self._seen = marks if marks is not None else seen
            await asyncio.sleep(POLL_SECONDS)

    async def stop(self) -> None:
        self.stopping.set()
        if self.room.on_recorded == self.recorded:
            self.room.on_recorded = None
        self._tick.set()
        if self._listener is not None:
            await asyncio.to_thread(self._listener.stop)
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(asyncio.CancelledError):
                await task


def _logged(kind: str, line: str) -> None:
    from floorman.server.endpoints import log_once_a_minute

    log_once_a_minute(kind, line)


def _mark(view: dict[str, Any]) -> tuple[int, int]:
    """Where a table's view stands: its hand and its latest record, both only ever
    growing, so the later of two views of a table has the greater mark."""
    return int(view["hand"]), int(view["last"])
