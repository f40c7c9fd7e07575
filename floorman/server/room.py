"""The card room as the server reaches it: the hand store and the staff store in one.

Each thread of the server's pool keeps its connection to the store from one
call to the next (a call that finds a PostgreSQL connection broken, before
anything of it was committed, is made once more on a new one). A call
records exactly as ``floorman add`` does, through the same functions
(:mod:`floorman.tables.hands`): every event checked against the hand and its
rulebook before any is stored, refused when the hand changed since the writer
looked. A post's events, who entered them and the answer kept for its
idempotency key are one transaction: a server killed half-way kept all of it
or none, and a retried post is stored once.

The hand a post is checked against, and the table a page, its whole state, its
line of the history or its own page is drawn from, is the one the server keeps
for the table (:mod:`floorman.server.kept`), as long as the store's latest
record at the table is still the one it was kept at; else the hand is read
again from the store. A past hand's page and its line of the table's history
are kept as drawn, by the hand's latest record: a table's history replays only
the hands recorded to since it was last drawn.
"""

from __future__ import annotations

import functools
import json
import os
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Concatenate, Final, ParamSpec, TypeVar

from floorman.errors import FloormanError
from floorman.hand.events import EventError
from floorman.server.kept import KeptHand, KeptHands
from floorman.server.views import table_view
from floorman.store._backend import Database, hold_open, is_url, open_database, write_through
from floorman.store.errors import (
    AlreadyAnswered,
    Disconnected,
    StoreConflict,
    StoreError,
    Unavailable,
)
from floorman.store.hands import Record, Store, StoredHand, standing
from floorman.store.staff import Staff, staff_of
from floorman.tables import disputes as _disputes
from floorman.tables import hands as _hands
from floorman.tables.view import award_lines, reminder_lines, state_lines

if TYPE_CHECKING:
    from floorman.session.seating import Change
    from floorman.store.tournaments import TournamentStore
    from floorman.tables.games import GameHand

__all__ = ["Answer", "Room"]

_Opened = TypeVar("_Opened", Store, Staff)
_Result = TypeVar("_Result")
_Arguments = ParamSpec("_Arguments")

_LISTED_HANDS = 1_000
"""How many recent hands the table list looks through for tables with no hand in progress."""
HISTORY_HANDS: Final = 50
"""How many of a table's latest hands its page lists."""


@dataclass(frozen=True, slots=True)
class Answer:
    """An HTTP status and the JSON body to answer with."""

    status: int
    body: dict[str, Any]


def _reconnecting(
    method: Callable[Concatenate[Room, _Arguments], _Result],
) -> Callable[Concatenate[Room, _Arguments], _Result]:
    """The call made once more on a new connection when the kept one was found broken
    (PostgreSQL restarted): nothing of the first attempt was committed."""

    @functools.wraps(method)
    def call(room: Room, /, *args: _Arguments.args, **kwargs: _Arguments.kwargs) -> _Result:
        try:
            return method(room, *args, **kwargs)
        except Disconnected:
            return method(room, *args, **kwargs)

    return call


class Room:
    """The store at ``db``, as the server uses it."""

    def __init__(self, db: str | Path) -> None:
        self.db = db
        self._kept = threading.local()
        self._hands = KeptHands()
        with self.stores():
            pass
        self._held = hold_open(db)
        """Open while the server runs: a full disk does not stop its reads."""
        self.on_recorded: Callable[[str, Callable[[], dict[str, Any]]], None] | None = None
        """Told of the events this server records at a table, with the table's lock
        still held, so in the order they were recorded: the table's name, and how to
        draw the table as they left it (drawn once, for whoever reads it next)."""

    @contextmanager
    def _database(self) -> Iterator[Database]:
        """The store as this thread opened it before (opening it costs more than a post:
        a server process and a sign-in on PostgreSQL; on SQLite, checking the file and
        its schema, and a checkpoint of the log on closing), dropped on any failure so
        that the next call connects afresh. A SQLite file replaced or removed since is
        opened again; one opened read-only is never kept: on SQLite, one such connection
        left open keeps every other in the process from writing once the disk is writable;
        on PostgreSQL, a session begun read-only stays so once the database is not."""
        kept: _Kept | None = getattr(self._kept, "connection", None)
        if kept is not None and not kept.current():
            kept = self._kept.connection = None
        if kept is None:
            kept = self._kept.connection = _Kept(open_database(self.db), self.db)
            held = getattr(self, "_held", None)
            if held is not None:
                write_through(kept.database, held)
        try:
            yield kept.database
        except BaseException:
            self._kept.connection = None
            raise
        if not kept.writable:
            self._kept.connection = None

    def _store(self) -> AbstractContextManager[Store]:
        return self._opened(Store)

    @contextmanager
    def _opened(self, kind: Callable[..., _Opened]) -> Iterator[_Opened]:
        with self._database() as database:
            yield kind(database, owned=False)

    @contextmanager
    def stores(self) -> Iterator[tuple[Store, Staff]]:
        """The hand store and its staff tables, on one connection."""
        with self._store() as hands:
            yield hands, staff_of(hands)

    def staff(self) -> AbstractContextManager[Staff]:
        return self._opened(Staff)

    @_reconnecting
    def with_staff(self, call: Callable[[Staff], _Result]) -> _Result:
        """``call`` on the staff tables, made once more on a new connection if the kept
        one was broken."""
        with self.staff() as staff:
            return call(staff)

    @_reconnecting
    def with_tournaments(self, call: Callable[[TournamentStore], _Result]) -> _Result:
        """``call`` on the room's tournaments, on this thread's connection to the store."""
        from floorman.store.tournaments import TournamentStore

        with self._database() as database:
            return call(TournamentStore(database))

    # reading ---------------------------------------------------------------

    @_reconnecting
    def table_names(self) -> list[str]:
        """Every table with a hand in the store (recent ones), in a natural order."""
        with self._store() as store:
            names = {hand.table for hand in store.open_hands()}
            names |= {hand.table for hand in store.hands(limit=_LISTED_HANDS)}
        return sorted(names, key=_natural)

    @_reconnecting
    def table(self, name: str) -> dict[str, Any] | None:
        """A table's hand in progress (else its latest), or ``None`` with no hand at all."""
        with self.stores() as (store, staff):
            return self._view(store, staff, name)

    @_reconnecting
    def tables(self, names: Sequence[str] | None = None) -> list[dict[str, Any]]:
        wanted = self.table_names() if names is None else names
        with self.stores() as (store, staff):
            views = [self._view(store, staff, name) for name in wanted]
        return [view for view in views if view is not None]

    def _view(self, store: Store, staff: Staff, name: str) -> dict[str, Any] | None:
        with self._hands.lock(name):
            try:
                kept = self._kept_hand(store, staff, name)
            except FloormanError:
                other = _other_game_view(store, staff, name)
                if other is None:
                    raise
                return other
            return None if kept is None else self._drawn(store, kept)

    def _kept_hand(self, store: Store, staff: Staff, table: str) -> KeptHand | None:
        """The hand ``table`` shows (in progress, else its latest) as stored now: the one
        kept, when nothing was recorded at the table since; else read from the store, and
        kept. ``None`` for a table with no hand. Called with the table's lock held."""
        mark = store.mark(table)
        if mark is None:
            return None
        kept = self._hands.get(table, mark)
        if kept is not None:
            return kept
        stored = store.hand(mark.hand)
        records = store.records(stored.id)
        loaded = _hands.load(store, stored, records)
        shown = standing(records)
        authors = staff.authors(r.id for r in shown)
        return self._hands.keep(table, KeptHand(loaded, shown, authors, self._hands.lock(table)))

    def _kept_open(self, store: Store, table: str) -> KeptHand | None:
        """The hand in progress at ``table`` when it is the one kept, as stored: a flop
        game's, since only those are kept, so a post to it need not look for a stud or
        draw hand first (two of the six statements it made before its write). Called with
        the table's lock held."""
        mark = store.mark(table)
        return None if mark is None or not mark.open else self._hands.get(table, mark)

    @staticmethod
    def _drawn(store: Store, kept: KeptHand) -> dict[str, Any]:
        """The table as the kept hand shows it, drawn once for every reader until the
        hand changes."""
        if kept.view is None:
            if kept.seated is None:
                kept.seated = _seated(store, kept.loaded)
            kept.view = table_view(kept.loaded, kept.records, kept.authors, *kept.seated)
        return kept.view

    def _view_of(self, store: Store, staff: Staff, loaded: _hands.Loaded) -> dict[str, Any]:
        records = standing(store.records(loaded.stored.id))
        names, away = _seated(store, loaded)
        return table_view(loaded, records, staff.authors(r.id for r in records), names, away)

    @_reconnecting
    def marks(self) -> dict[str, tuple[int, int]]:
        """Each table with a hand in progress and that hand's latest record: when this
        changes, something was recorded (by the server or by any other process)."""
        with self._store() as store:
            return store.open_marks()

    # writing ---------------------------------------------------------------

    @_reconnecting
    def record(
        self,
        table: str,
        texts: Sequence[str],
        *,
        after: int | None,
        who: str,
        key: str | None = None,
    ) -> Answer:
        """Record ``texts`` at ``table`` as ``who``: 200 with the rulings they brought,
        400 for a bad event, 404 for a table with no hand in progress, 409 with the
        table as it stands when ``after`` is not its latest record. A post with a
        ``key`` already answered gets that answer again, and nothing is stored twice."""
        with self.stores() as (store, staff), self._hands.lock(table):
            if key is not None:
                done = staff.answered(who, key)
                if done is not None:
                    return _replayed(done)
            kept = self._kept_open(store, table)
            if kept is None:
                other = _open_game(store, table)
                if other is not None:
                    return _record_game(store, staff, other, texts, after=after, who=who, key=key)
                kept = self._kept_hand(store, staff, table)
            if kept is not None and kept.loaded.stored.closed is not None:
                kept = None
            called = None if kept is not None else _hands.floor_hand(store, table, texts)
            loaded = kept.loaded if kept is not None else called
            if loaded is None:
                return Answer(404, {"error": f"table {table} has no hand in progress"})
            current: dict[str, Any] | None = None
            try:
                if after is not None and after != loaded.last:
                    current = (
                        self._drawn(store, kept)
                        if kept is not None
                        else self._view_of(store, staff, loaded)
                    )
                    raise StoreConflict("stale")
                disputed = _disputes.disputed_hand(store, table, texts, loaded)
                if disputed is not None:
                    return self._dispute(store, table, loaded, disputed, texts, who, key)
                before = loaded.count
                known = reminder_lines(loaded.state)

                made: list[dict[str, Any]] = []

                def answer(added: Sequence[Record]) -> str:
                    made.append(_body(table, loaded, before, known, added))
                    return json.dumps(made[0])

                with self._changing(table):
                    added = _hands.record(
                        store,
                        loaded,
                        texts,
                        by=who,
                        key=key,
                        answer=None if key is None else answer,
                        closed=called is not None,
                    )
                if kept is not None:
                    kept.recorded(added, who)
                    if self.on_recorded is not None:
                        self.on_recorded(table, functools.partial(self._drawn, store, kept))
            except AlreadyAnswered as done:
                return _replayed(done.answer)
            except StoreConflict:
                since = after if after is not None else loaded.last
                message = (
                    f"table {table} changed since record {since}: nothing was stored; "
                    "look at it again and retry"
                )
                current = current or self._view(store, staff, table)
                return Answer(409, {"error": message, "table": current})
            except Unavailable:
                raise
            except FloormanError as error:
                return Answer(400, {"error": str(error)})
            return Answer(200, made[0] if made else _body(table, loaded, before, known, added))

    @contextmanager
    def _changing(self, table: str) -> Iterator[None]:
        """A write to ``table``'s kept hand: a refused event leaves it as it was (the
        recording puts itself back); on any other failure it is let go, to be read from
        the store when next wanted."""
        try:
            yield
        except EventError:
            raise
        except BaseException:
            self._hands.drop(table)
            raise

    @_reconnecting
    def state(self, table: str) -> dict[str, Any] | str | None:
        """The table's whole state, as :func:`floorman.tables.shapes.table_state` shapes
        it; ``None`` for a table with no hand at all; why not, for a stud or draw hand
        (whose table the flop game's state does not describe). Drawn from the table's
        kept hand (:meth:`_kept_hand`); the changes logged since are read each time."""
        from floorman.tables.seating import table_now
        from floorman.tables.shapes import table_state

        with self.stores() as (store, staff), self._hands.lock(table):
            mark = store.mark(table)
            if mark is None:
                return None
            kept = self._hands.get(table, mark)
            if kept is None:
                other = _other_game_state(table, store.hand(mark.hand))
                if other is not None:
                    return other
                with suppress(FloormanError):  # read again below, to say why
                    kept = self._kept_hand(store, staff, table)
            if kept is None:
                return _state_replayed(store, table)
            return _detached(table_state(table_now(store, table, kept.loaded)))

    @_reconnecting
    def undo(self, table: str, *, after: int | None, who: str, key: str | None = None) -> Answer:
        """Take back the latest event of the hand in progress at ``table``, as ``floorman
        undo`` does: 200 naming the event taken back, 400 when there is none, 404 with no
        hand in progress, 409 when ``after`` is not the hand's latest record. A ``key``
        already answered gets that answer again, and nothing is taken back twice."""

        def take_back(store: Store, staff: Staff) -> Answer:
            other = _open_game(store, table)
            if other is not None:
                return _undo_game(store, other, after)
            kept = self._kept_hand(store, staff, table)
            if kept is None or kept.loaded.stored.closed is not None:
                return Answer(404, {"error": f"table {table} has no hand in progress"})
            loaded, stored = kept.loaded, kept.loaded.stored
            _check_after(loaded.last, after)
            if loaded.count == 0:
                return Answer(400, {"error": f"hand {stored.id} has no event to undo"})
            number = loaded.count

            def body(text: str, left: _hands.Loaded) -> str:
                return json.dumps(_undone(table, number, text, left))

            text, left = _hands.undo(store, loaded, by=who, key=key, answer=body)
            return Answer(200, _undone(table, number, text, left))

        return self._written(table, who, key, take_back)

    @_reconnecting
    def next_hand(
        self,
        table: str,
        changes: Sequence[Change] = (),
        *,
        force: bool = False,
        bomb_pot: int | None = None,
        after: int | None,
        who: str,
        key: str | None = None,
    ) -> Answer:
        """Close the hand at ``table`` and deal the next, as ``floorman next`` does: 200
        with the new hand and the lines a dealer reads, 400 when the hand is unfinished
        and not ``force``d (or a change does not fit), 404 for a table with no hand, 409
        when ``after`` is not the last hand's latest record; idempotent by ``key``."""
        from floorman.tables.dealing import start_next

        def deal(store: Store, staff: Staff) -> Answer:
            if store.latest_hand(table) is None:
                return Answer(404, {"error": f"table {table} has no hand"})

            def body(dealt: StoredHand, lines: list[str]) -> str:
                return json.dumps(_dealt(table, dealt.id, store.last_record(dealt.id), lines))

            lines = start_next(
                store, table, changes, force=force, by=who, bomb_pot=bomb_pot,
                after=after, key=key, answer=body, replayed=self._replayed(store, staff, table),
            )  # fmt: skip
            dealt = store.open_hand(table)
            assert dealt is not None
            return Answer(200, _dealt(table, dealt.id, store.last_record(dealt.id), lines))

        return self._written(table, who, key, deal)

    def _replayed(self, store: Store, staff: Staff, table: str) -> _hands.Loaded | None:
        """The flop game's hand ``table`` shows, as kept (else replayed and kept): dealing
        on from it replays nothing again. ``None`` for another game's hand or one that
        cannot be replayed, which dealing reads for itself. Called with the table's lock
        held."""
        try:
            kept = self._kept_hand(store, staff, table)
        except FloormanError:
            return None
        return None if kept is None else kept.loaded

    @_reconnecting
    def change(
        self, table: str, change: Change, *, after: int | None, who: str, key: str | None = None
    ) -> Answer:
        """Log a change between hands at ``table`` with the checks ``floorman table``
        makes: 200 with the line that says so, 400 when it does not fit the table, 404 for
        a table with no hand, 409 when ``after`` is not the latest hand's latest record; a
        ``move`` with no seat takes the empty seat the big blind reaches first."""
        from dataclasses import replace

        from floorman.tables.seating import log_change, seat_for_move

        def log(store: Store, staff: Staff) -> Answer:
            if store.latest_hand(table) is None:
                return Answer(404, {"error": f"table {table} has no hand"})
            made = change
            if made.kind == "move" and made.seat is None:
                made = replace(made, seat=seat_for_move(store, table))

            def body(line: str) -> str:
                return json.dumps(_changed(table, made, line))

            line = log_change(store, table, made, who, after=after, key=key, answer=body)
            return Answer(200, _changed(table, made, line))

        return self._written(table, who, key, log)

    def _written(
        self, table: str, who: str, key: str | None, write: Callable[[Store, Staff], Answer]
    ) -> Answer:
        """A write at ``table`` answered as :meth:`record` answers a post: the kept answer
        for a ``key`` already answered, 409 with the table as it stands when it changed
        since the writer looked, 400 for a user's mistake."""
        with self.stores() as (store, staff), self._hands.lock(table):
            if key is not None:
                done = staff.answered(who, key)
                if done is not None:
                    return _replayed(done)
            try:
                return write(store, staff)
            except AlreadyAnswered as done:
                return _replayed(done.answer)
            except StoreConflict:
                message = (
                    f"table {table} changed since the writer looked: nothing was done; "
                    "look at it again and retry"
                )
                return Answer(409, {"error": message, "table": self._view(store, staff, table)})
            except Unavailable:
                raise
            except FloormanError as error:
                return Answer(400, {"error": str(error)})

    @staticmethod
    def _dispute(
        store: Store,
        table: str,
        in_progress: _hands.Loaded,
        disputed: _hands.Loaded,
        texts: Sequence[str],
        who: str,
        key: str | None,
    ) -> Answer:
        """A dispute raised once the next hand began, recorded on the hand whose pot it
        is (the caller handles a refusal, as for any post); its answer names that hand,
        and ``last`` stays the hand in progress's, the next post's ``after``."""
        before = disputed.count
        made: list[dict[str, Any]] = []

        def answer(added: Sequence[Record], lines: list[str]) -> str:
            made.append(_dispute_body(table, in_progress, disputed, before, added, lines))
            return json.dumps(made[0])

        added, lines = _disputes.record_dispute(
            store, disputed, texts, by=who, key=key, answer=answer
        )
        if not made:
            made.append(_dispute_body(table, in_progress, disputed, before, added, lines))
        return Answer(200, made[0])

    # a table's past, the room's rules and its drills (read only) ------------

    @_reconnecting
    def history(self, name: str, limit: int = HISTORY_HANDS) -> dict[str, Any] | None:
        """A table's latest ``limit`` hands, newest first, each as ``floorman hands
        --json`` lists it with its line of ``floorman table log`` (button, blinds,
        stacks in and out, rulings, the changes between hands dealt into it), and the
        changes waiting for the next hand; ``None`` for a table with no hand at all.

        The store says each hand's latest record in one statement; only a hand recorded
        to since its line was drawn is replayed (:meth:`_line`)."""
        from floorman.tables.seating import changes_by_hand, session_log

        with self.stores() as (store, staff):
            found = store.hands(name, limit)
            if not found:
                return None
            changes = changes_by_hand(session_log(store, name, found))
            lasts = store.last_records(stored.id for stored in found)
            hands = [
                {
                    **self._line(store, staff, stored, lasts.get(stored.id, 0), latest=n == 0),
                    "changes_before": changes.get(stored.id, []),
                }
                for n, stored in enumerate(found)
            ]
        return {"table": name, "hands": hands, "next_hand_changes": changes[None]}

    def _line(
        self, store: Store, staff: Staff, stored: StoredHand, last: int, *, latest: bool
    ) -> dict[str, Any]:
        """A hand's line of its table's history, ``last`` its latest record: as drawn
        before, for a past hand not recorded to since; from the kept hand, for the
        table's own (``latest``); else replayed, and kept for a past hand."""
        from floorman.tables.games import is_other_game

        if stored.closed is not None:
            found = self._hands.lines.get((stored.id, stored.created, last))
            if found is not None:
                return found
        if latest and not is_other_game(stored.header):
            with self._hands.lock(stored.table):
                try:
                    kept = self._kept_hand(store, staff, stored.table)
                except (FloormanError, ValueError):  # replayed below, to say why
                    kept = None
                if kept is not None and kept.mark == (stored.id, last):
                    if kept.line is None or kept.line[0] != kept.mark:
                        kept.line = (kept.mark, _detached(_line_of(kept.loaded)))
                    return kept.line[1]
        records = store.records(stored.id)
        line = _history_row(store, stored, records)
        if stored.closed is not None:
            self._hands.lines.keep((stored.id, stored.created, _last_of(records)), line)
        return line

    @_reconnecting
    def hand_at(self, name: str, hand_id: int) -> dict[str, Any] | None:
        """Hand ``hand_id`` of table ``name`` as :meth:`table` shows a table's hand;
        ``None`` when there is no such hand at that table. The table's own hand is drawn
        from its kept hand; a past hand's page is kept by its latest record, drawn again
        only once something is recorded to it (a dispute, the floor's correction)."""
        with self.stores() as (store, staff):
            own = self._own_page(store, staff, name, hand_id)
            if own is not None:
                return own
            stored = _stored_at(store, name, hand_id)
            if stored is None:
                return None
            if stored.closed is not None:
                found = self._hands.pages.get(
                    (stored.id, stored.created, store.last_record(stored.id))
                )
                if found is not None:
                    return found
            records = store.records(stored.id)
            page = _page(store, staff, _hands.load(store, stored, records), records)
            if stored.closed is not None:
                self._hands.pages.keep((stored.id, stored.created, _last_of(records)), page)
            return page

    def _own_page(
        self, store: Store, staff: Staff, name: str, hand_id: int
    ) -> dict[str, Any] | None:
        """Hand ``hand_id``'s page drawn from the kept hand, when it is the hand table
        ``name`` shows (in progress, else its latest); else ``None``."""
        mark = store.mark(name)
        if mark is None or mark.hand != hand_id:
            return None
        with self._hands.lock(name):
            kept = self._hands.get(name, mark)
            if kept is None:
                try:
                    kept = self._kept_hand(store, staff, name)
                except FloormanError:  # read again by the caller, to say why
                    return None
            if kept is None or kept.loaded.stored.id != hand_id:
                return None
            return self._drawn(store, kept)

    @_reconnecting
    def has_hand(self, name: str, hand_id: int) -> bool:
        with self._store() as store:
            return _stored_at(store, name, hand_id) is not None

    @_reconnecting
    def rules_in_force(self, name: str) -> tuple[str, dict[str, Any], str, str] | None:
        """The rulebook a table's hand (in progress, else latest) is ruled by, the
        house options its header sets, its game, and the table's kind."""
        with self.stores() as (store, staff), self._hands.lock(name):
            kept = self._kept_hand(store, staff, name)
            if kept is None:
                return None
            header = kept.loaded.header
        return header.rulebook, dict(header.house), header.game, header.kind

    def drill_progress(self) -> dict[str, Any]:
        """Every trainee's drill progress, as ``floorman drill stats --json`` prints it."""
        from floorman.store.drills import open_drill_store
        from floorman.tables.drills import stats_json

        with open_drill_store(self.db) as drills:
            return stats_json(drills.progress(), drills.progress(by_topic=False))

    # documents -------------------------------------------------------------

    @_reconnecting
    def report_pdf(self, hand_id: int) -> bytes:
        """The incident report of a stored hand, as ``floorman report`` prints it."""
        from floorman.documents.report import report_pdf, stored_hand

        with self.stores() as (store, staff):
            records = store.records(hand_id)
            authors = staff.authors(r.id for r in standing(records))
            reported = stored_hand(store.hand(hand_id), records, authors)
        return report_pdf(reported)


class _Kept:
    """A thread's connection to the store, closed when it is dropped or the thread ends
    (a thread's locals go with it)."""

    def __init__(self, database: Database, where: str | Path) -> None:
        self.database = database
        self._file = None if is_url(where) else Path(where)
        self._identity = None if self._file is None else _identity(self._file)
        self.writable = (self._file is None or _writable(self._file)) and not database.read_only

    def current(self) -> bool:
        """Whether the connection still reaches the store the room names (the same file,
        not one put in its place), and could write it if it may now be written (a store
        opened read-only on a read-only disk is opened again once the disk is writable)."""
        if self._file is None:
            return True
        if _identity(self._file) != self._identity:
            return False
        return self.writable or not _writable(self._file)

    def __del__(self) -> None:
        try:
            self.database.close()
        except Exception:  # at exit the drivers may be torn down before this is collected
            return


def _writable(file: Path) -> bool:
    return os.access(file, os.W_OK) and os.access(file.parent, os.W_OK)


def _identity(file: Path) -> tuple[int, int] | None:
    try:
        found = os.stat(file)
    except (OSError, ValueError):
        return None
    return found.st_dev, found.st_ino


def _replayed(answer: str) -> Answer:
    return Answer(200, {**json.loads(answer), "replayed": True})


def _body(
    table: str, loaded: _hands.Loaded, before: int, known: list[str], added: Sequence[Record]
) -> dict[str, Any]:
    """What a post that stored ``added`` is answered: the events, the rulings they brought,
    the table as they leave it. Made from the replay already done, not another."""
    rulings, violations = loaded.since(before)
    return {
        "table": table,
        "hand": loaded.stored.id,
        "recorded": [
            {"id": r.id, "number": before + n, "text": r.text} for n, r in enumerate(added, 1)
        ],
        "last": added[-1].id if added else loaded.last,
        "rulings": rulings,
        "violations": violations,
        "pots": loaded.pots,
        "state": [*state_lines(loaded.state, known=known), *award_lines(loaded.pots, loaded.state)],
    }


def _check_after(last: int, after: int | None) -> None:
    if after is not None and after != last:
        raise StoreConflict("stale")


def _undone(table: str, number: int, text: str, left: _hands.Loaded) -> dict[str, Any]:
    """What an undo is answered: the event taken back, and the hand as it leaves it."""
    return {
        "table": table,
        "hand": left.stored.id,
        "undone": {"number": number, "text": text},
        "last": left.last,
        "state": state_lines(left.state),
        "problem": left.repair() if left.broken is not None else None,
    }


def _dealt(table: str, hand: int, last: int, lines: list[str]) -> dict[str, Any]:
    """What a next hand is answered: the hand dealt, its latest record, the dealer's lines."""
    return {"table": table, "hand": hand, "last": last, "lines": lines}


def _changed(table: str, change: Change, line: str) -> dict[str, Any]:
    """What a change between hands is answered: the change as logged and the line."""
    return {"table": table, "change": change.as_json(), "said": line}


def _dispute_body(
    table: str,
    in_progress: _hands.Loaded,
    disputed: _hands.Loaded,
    before: int,
    added: Sequence[Record],
    lines: list[str],
) -> dict[str, Any]:
    """The answer to a dispute recorded on a closed hand: as :func:`_body`, for that
    hand, with ``disputed`` saying why it was closed, and the hand in progress's ``last``;
    ``state`` is what ``floorman add`` prints after the rulings (``lines``: the chips the
    ruling moves, from the next hand)."""
    body = _body(table, disputed, before, [], added)
    return {**body, "last": in_progress.last, "disputed": disputed.stored.closed, "state": lines}


def _stored_at(store: Store, name: str, hand_id: int) -> StoredHand | None:
    try:
        stored = store.hand(hand_id)
    except StoreError:
        return None
    return stored if stored.table == name else None


def _history_row(
    store: Store, stored: StoredHand, records: Sequence[Record] | None = None
) -> dict[str, Any]:
    """One hand of a table's history (replayed from ``records``, every record of it, when
    they were read already); a hand that cannot be replayed says why."""
    try:
        loaded = _hands.load(store, stored, records)
    except (FloormanError, ValueError) as error:
        return {
            "hand": stored.id, "table": stored.table, "started": stored.created,
            "events": 0, "pot": 0, "status": "broken", "reason": None, "street": None,
            "button": None, "stacks_in": {}, "stacks_out": None, "rulings": [],
            "violations": [], "problem": str(error),
        }  # fmt: skip
    return _line_of(loaded)


def _line_of(loaded: _hands.Loaded) -> dict[str, Any]:
    """A replayed hand's line of its table's history."""
    from floorman.tables.shapes import hand_row, session_row

    problem = loaded.repair() if loaded.broken is not None else None
    return {**session_row(loaded), **hand_row(loaded), "problem": problem}


def _last_of(records: Sequence[Record]) -> int:
    """The id of a hand's latest record, from all its records; 0 when it has none."""
    return records[-1].id if records else 0


def _detached(drawn: dict[str, Any]) -> dict[str, Any]:
    """``drawn`` with lists of rulings and violations of its own: a kept hand's grow in
    place as its next events are recorded, perhaps while this answer is being sent."""
    return {**drawn, "rulings": list(drawn["rulings"]), "violations": list(drawn["violations"])}


def _page(
    store: Store, staff: Staff, loaded: _hands.Loaded, records: Sequence[Record]
) -> dict[str, Any]:
    """A hand's page (:func:`floorman.server.views.table_view`) from its replay and its
    records as read for it."""
    shown = standing(records)
    names, away = _seated(store, loaded)
    return table_view(loaded, shown, staff.authors(r.id for r in shown), names, away)


def _other_game_state(table: str, latest: StoredHand) -> str | None:
    """Why a table's state is not given, when its hand is a stud or draw game's."""
    from floorman.tables.games import is_other_game

    if not is_other_game(latest.header):
        return None
    return (
        f"table {table} deals {latest.header.get('game')}: its hand is read "
        f"at /api/tables/{table}, its state here only for a flop game"
    )


def _state_replayed(store: Store, table: str) -> dict[str, Any] | str | None:
    """:meth:`Room.state` with the hand replayed from the store."""
    from floorman.tables.seating import table_now
    from floorman.tables.shapes import table_state

    latest = store.open_hand(table) or store.latest_hand(table)
    if latest is None:
        return None
    other = _other_game_state(table, latest)
    return other if other is not None else table_state(table_now(store, table))


def _natural(name: str) -> tuple[int, int, str, int, str]:
    """Tables in the order a room numbers them: 2 before 10, names after numbers, and
    within an area's letters by number too (A2 before A10)."""
    if name.isdigit() and len(name) < 19:
        return (0, int(name), "", 0, "")
    head = name.rstrip("0123456789")
    number = name[len(head) :]
    if head and number and len(number) < 19:
        return (1, 0, head, int(number), name)
    return (1, 0, name, 0, name)


def _seated(store: Store, loaded: _hands.Loaded) -> tuple[dict[int, str], dict[int, str]]:
    """The players' names by seat and the seats not dealt in (sitting out), as the
    table's log gives them for the hand in progress."""
    if loaded.stored.closed is not None or loaded.broken is not None:
        return {}, {}
    from floorman.session.record import table_record

    log = store.table_log(loaded.stored.table, from_hand=loaded.stored.id)
    seating = table_record(log, loaded.stored.id).seating
    if seating is None:
        return {}, {}
    names = {seat: p.name for seat, p in seating.players.items() if p.name}
    dealt = set(loaded.state.table.seats)
    said = {"out": "sitting out", "waiting": "waiting for the big blind"}
    away = {s: said.get(p.status, p.status) for s, p in seating.players.items() if s not in dealt}
    return names, away


def _open_game(store: Store, table: str) -> StoredHand | None:
    """The stud or draw hand in progress at ``table``; ``None`` for a flop game's."""
    from floorman.tables.games import is_other_game

    stored = store.open_hand(table)
    return stored if stored is not None and is_other_game(stored.header) else None


def _record_game(
    store: Store, staff: Staff, stored: StoredHand, texts: Sequence[str], *,
    after: int | None, who: str, key: str | None,
) -> Answer:  # fmt: skip
    """Record at a stud or draw hand as ``floorman add`` does
    (:func:`floorman.tables.games.record_game`), answered as a flop hand's post is: 200
    with the events and the rulings they brought, 400, or 409 when ``after`` is stale."""
    from floorman.server.gameview import game_view
    from floorman.tables.games import GameHand, load_game, record_game

    try:
        loaded = load_game(store, stored)
        before, texts_before = loaded.count, list(loaded.texts)
        if after is not None and after != loaded.last:
            raise StoreConflict("stale")

        def answer(added: Sequence[Record]) -> str:
            now = [*texts_before, *(r.text or "" for r in added)]
            hand = GameHand(stored, loaded.model, now, loaded.state, added[-1].id)
            return json.dumps(_game_body(hand, before, added))

        record_game(store, loaded, texts, by=who, key=key, answer=None if key is None else answer)
    except AlreadyAnswered as done:
        return _replayed(done.answer)
    except StoreConflict:
        message = (
            f"table {stored.table} changed since record {after}: nothing was stored; "
            "look at it again and retry"
        )
        return Answer(409, {"error": message, "table": game_view(store, staff, stored)})
    except FloormanError as error:
        return Answer(400, {"error": str(error)})
    added = store.records(stored.id)[-len(texts) :]
    return Answer(200, _game_body(loaded, before, added))


def _undo_game(store: Store, stored: StoredHand, after: int | None) -> Answer:
    """Take back a stud or draw hand's latest event as ``floorman undo`` does."""
    from floorman.tables.games import load_game, undo_game

    loaded = load_game(store, stored)
    _check_after(loaded.last, after)
    if loaded.count == 0:
        return Answer(400, {"error": f"hand {stored.id} has no event to undo"})
    number = loaded.count
    text, left = undo_game(store, stored)
    return Answer(
        200,
        {
            "table": stored.table, "hand": stored.id, "undone": {"number": number, "text": text},
            "last": left.last, "state": left.lines(), "problem": None,
        },
    )  # fmt: skip


def _game_body(hand: GameHand, before: int, added: Sequence[Record]) -> dict[str, Any]:
    """A stud or draw post's answer, in the shape of a flop post's (:func:`_body`)."""
    checked, lines = hand.report()
    return {
        "table": hand.stored.table,
        "hand": hand.stored.id,
        "recorded": [
            {"id": r.id, "number": before + n, "text": r.text} for n, r in enumerate(added, 1)
        ],
        "last": added[-1].id if added else hand.last,
        "rulings": [r for r in checked["rulings"] if r["event"] > before],
        "violations": [v for v in checked["violations"] if v["event"] > before],
        "pots": checked["pots"],
        "state": lines,
    }


def _other_game_view(store: Store, staff: Staff, table: str) -> dict[str, Any] | None:
    """A stud or draw table's view for the dashboard (its hand replayed by its game);
    ``None`` when the table's hand is a flop game's."""
    from floorman.server.gameview import game_view
    from floorman.tables.games import is_other_game

    stored = store.open_hand(table) or store.latest_hand(table)
    if stored is None or not is_other_game(stored.header):
        return None
    return game_view(store, staff, stored)
