"""The card room as the server reaches it: the hand store and the staff store in one file.

Every call opens the stores for itself (SQLite connections belong to the
thread that made them, and the server's calls run in a pool of threads) and
records exactly as ``floorman add`` does, through the same functions
(:mod:`floorman.cli._hands`): every event checked against the hand and its
rulebook before any is stored, all stored in one transaction, refused when the
hand changed since the writer looked.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from floorman.cli import _hands
from floorman.cli._view import award_lines, reminder_lines, state_lines
from floorman.errors import FloormanError
from floorman.server.views import table_view
from floorman.store.hands import (
    SQLiteStore,
    StoreConflict,
    StoredHand,
    StoreError,
    open_store,
    standing,
)
from floorman.store.staff import SQLiteStaff, open_staff

__all__ = ["Answer", "Room"]

_LISTED_HANDS = 1_000
"""How many recent hands the table list looks through for tables with no hand in progress."""
HISTORY_HANDS: Final = 50
"""How many of a table's latest hands its page lists."""


@dataclass(frozen=True, slots=True)
class Answer:
    """An HTTP status and the JSON body to answer with."""

    status: int
    body: dict[str, Any]


class Room:
    """The store at ``db``, as the server uses it."""

    def __init__(self, db: Path) -> None:
        self.db = db
        with self.stores():
            pass

    @contextmanager
    def stores(self) -> Iterator[tuple[SQLiteStore, SQLiteStaff]]:
        with open_store(self.db) as hands, open_staff(self.db) as staff:
            yield hands, staff

    @contextmanager
    def staff(self) -> Iterator[SQLiteStaff]:
        with open_staff(self.db) as staff:
            yield staff

    # reading ---------------------------------------------------------------

    def table_names(self) -> list[str]:
        """Every table with a hand in the store (recent ones), in a natural order."""
        with open_store(self.db) as store:
            names = {hand.table for hand in store.open_hands()}
            names |= {hand.table for hand in store.hands(limit=_LISTED_HANDS)}
        return sorted(names, key=_natural)

    def table(self, name: str) -> dict[str, Any] | None:
        """A table's hand in progress (else its latest), or ``None`` with no hand at all."""
        with self.stores() as (store, staff):
            return self._view(store, staff, name)

    def tables(self, names: Sequence[str] | None = None) -> list[dict[str, Any]]:
        wanted = self.table_names() if names is None else names
        with self.stores() as (store, staff):
            views = [self._view(store, staff, name) for name in wanted]
        return [view for view in views if view is not None]

    def _view(self, store: SQLiteStore, staff: SQLiteStaff, name: str) -> dict[str, Any] | None:
        stored = store.open_hand(name) or store.latest_hand(name)
        if stored is None:
            return None
        return _shown(store, staff, stored)

    def marks(self) -> dict[str, tuple[int, int]]:
        """Each table with a hand in progress and that hand's latest record: when this
        changes, something was recorded (by the server or by any other process)."""
        with open_store(self.db) as store:
            return {h.table: (h.id, store.last_record(h.id)) for h in store.open_hands()}

    # writing ---------------------------------------------------------------

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
        with self.stores() as (store, staff):
            if key is not None:
                done = staff.answered(who, key)
                if done is not None:
                    return Answer(200, {**json.loads(done), "replayed": True})
            stored = store.open_hand(table)
            if stored is None:
                return Answer(404, {"error": f"table {table} has no hand in progress"})
            try:
                loaded = _hands.load(store, stored)
                if after is not None and after != loaded.last:
                    raise StoreConflict("stale")
                before = loaded.count
                known = reminder_lines(loaded.state)
                _hands.record(store, loaded, texts)
            except StoreConflict:
                current = self._view(store, staff, table)
                message = (
                    f"table {table} changed since record {after}: nothing was stored; "
                    "look at it again and retry"
                )
                return Answer(409, {"error": message, "table": current})
            except FloormanError as error:
                return Answer(400, {"error": str(error)})
            added = standing(store.records(stored.id))[before:]
            staff.note_authors((r.id for r in added), who)
            rulings, violations = loaded.since(before)
            body = {
                "table": table,
                "hand": stored.id,
                "recorded": [
                    {"id": r.id, "number": before + n, "text": r.text}
                    for n, r in enumerate(added, 1)
                ],
                "last": loaded.last,
                "rulings": rulings,
                "violations": violations,
                "pots": loaded.pots,
                "state": [
                    *state_lines(loaded.state, known=known),
                    *award_lines(loaded.pots, loaded.state),
                ],
            }
            if key is not None:
                staff.remember_answer(who, key, json.dumps(body))
            return Answer(200, body)

    # a table's past, the room's rules and its drills (read only) ------------

    def history(self, name: str, limit: int = HISTORY_HANDS) -> dict[str, Any] | None:
        """A table's latest ``limit`` hands, newest first, each as ``floorman hands
        --json`` lists it with its line of ``floorman table log`` (button, blinds,
        stacks in and out, rulings, the changes between hands dealt into it), and the
        changes waiting for the next hand; ``None`` for a table with no hand at all."""
        from floorman.cli.session import _changes_by_hand

        with open_store(self.db) as store:
            found = store.hands(name, limit)
            if not found:
                return None
            changes = _changes_by_hand(store.table_log(name))
            hands = [
                {**_history_row(store, stored), "changes_before": changes.get(stored.id, [])}
                for stored in found
            ]
        return {"table": name, "hands": hands, "next_hand_changes": changes[None]}

    def hand_at(self, name: str, hand_id: int) -> dict[str, Any] | None:
        """Hand ``hand_id`` of table ``name`` as :meth:`table` shows a table's hand;
        ``None`` when there is no such hand at that table."""
        with self.stores() as (store, staff):
            stored = _stored_at(store, name, hand_id)
            return None if stored is None else _shown(store, staff, stored)

    def has_hand(self, name: str, hand_id: int) -> bool:
        with open_store(self.db) as store:
            return _stored_at(store, name, hand_id) is not None

    def rules_in_force(self, name: str) -> tuple[str, dict[str, Any], str] | None:
        """The rulebook a table's hand (in progress, else latest) is ruled by, the
        house options its header sets, and its game."""
        with open_store(self.db) as store:
            stored = store.open_hand(name) or store.latest_hand(name)
            if stored is None:
                return None
            header = _hands.load(store, stored).header
        return header.rulebook, dict(header.house), header.game

    def drill_progress(self) -> dict[str, Any]:
        """Every trainee's drill progress, as ``floorman drill stats --json`` prints it."""
        from floorman.cli.drill import _stats_json
        from floorman.store.drills import open_drill_store

        with open_drill_store(self.db) as drills:
            return _stats_json(drills.progress(), drills.progress(by_topic=False))

    # documents -------------------------------------------------------------

    def report_pdf(self, hand_id: int) -> bytes:
        """The incident report of a stored hand, as ``floorman report`` prints it."""
        from floorman.cli.report import stored_report_pdf

        return stored_report_pdf(hand_id, self.db)


def _shown(store: SQLiteStore, staff: SQLiteStaff, stored: StoredHand) -> dict[str, Any]:
    loaded = _hands.load(store, stored)
    records = standing(store.records(stored.id))
    return table_view(loaded, records, staff.authors(r.id for r in records))


def _stored_at(store: SQLiteStore, name: str, hand_id: int) -> StoredHand | None:
    try:
        stored = store.hand(hand_id)
    except StoreError:
        return None
    return stored if stored.table == name else None


def _history_row(store: SQLiteStore, stored: StoredHand) -> dict[str, Any]:
    """One hand of a table's history; a hand that cannot be replayed says why."""
    from floorman.cli._json import hand_row
    from floorman.cli.session import _summary

    try:
        loaded = _hands.load(store, stored)
    except (FloormanError, ValueError) as error:
        return {
            "hand": stored.id, "table": stored.table, "started": stored.created,
            "events": 0, "pot": 0, "status": "broken", "reason": None, "street": None,
            "button": None, "stacks_in": {}, "stacks_out": None, "rulings": [],
            "violations": [], "problem": str(error),
        }  # fmt: skip
    problem = loaded.repair() if loaded.broken is not None else None
    return {**_summary(loaded), **hand_row(loaded), "problem": problem}


def _natural(name: str) -> tuple[int, int, str]:
    """Tables in the order a room numbers them: 2 before 10, names after numbers."""
    return (0, int(name), "") if name.isdigit() and len(name) < 19 else (1, 0, name)
