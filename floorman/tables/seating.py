"""A table between hands: the seating its last hand and the changes logged since leave
it, a change checked and logged, and the session of hands in order.

The table is what its hands say: the latest hand's game, structure, blinds,
rulebook, seats and button. ``floorman table``, ``floorman next``, ``live`` and
the server's table history read it here.
"""

from __future__ import annotations

import datetime
import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from floorman.bounds import MAX_SEAT
from floorman.session.record import table_record
from floorman.session.seating import (
    Change,
    EntryRules,
    Seating,
    apply,
    earliest_big_blind_seat,
    settle,
    table_size,
)
from floorman.store.errors import StoreConflict
from floorman.store.hands import changed_meanwhile
from floorman.tables.hands import Loaded, find_hand, hand_at, load, stacks_left
from floorman.tables.shapes import session_row

if TYPE_CHECKING:
    from floorman.interchange.plainhand import HeaderLike
    from floorman.store.hands import Store, StoredHand, TableEntry

__all__ = [
    "TableNow",
    "changes_by_hand",
    "dealer",
    "log_change",
    "seat_for_move",
    "seating_now",
    "seats_at",
    "session",
    "session_log",
    "session_page",
    "table_now",
]


def dealer(by: str | None) -> str | None:
    """Who records a change or deals a hand: ``--by``, else ``$FLOORMAN_DEALER``."""
    return by or os.environ.get("FLOORMAN_DEALER") or None


def seats_at(header: HeaderLike) -> int:
    """The highest seat a change may name: the table's seats when its set-up gives them."""
    return header.table_seats or MAX_SEAT


def seating_now(
    store: Store, name: str | None, loaded: Loaded | None = None
) -> tuple[Loaded, EntryRules, Seating]:
    """The latest hand at the table, its rulebook's entry rules, and the seating as the
    changes logged so far leave it (the stacks the hand left, once it is over). The
    hand is replayed from the store unless ``loaded`` is it, as stored now (the server's
    kept hand)."""
    if loaded is None:
        loaded = hand_at(store, None, name)
    header = loaded.header
    table, hand_id = loaded.stored.table, loaded.stored.id
    record = table_record(store.table_log(table, from_hand=hand_id), hand_id)
    seating = record.seating or Seating.from_stacks(header.seats, header.blinds, header.ante)
    rules = EntryRules.from_options(loaded.recording.ruled.book.options, header.betting)
    left: dict[int, int] | None = None
    status = loaded.stored.closed or loaded.state.over_reason
    if status is not None and loaded.broken is None and status != "misdeal":
        left = stacks_left(loaded, status)
    if left is not None:
        return loaded, rules, settle(seating, left, record.pending, rules, seats_at(header))
    for change in record.pending:
        seating = apply(seating, change, rules, seats_at(header))
    return loaded, rules, seating


def log_change(
    store: Store,
    table: str | None,
    change: Change,
    by: str | None,
    *,
    after: int | None = None,
    key: str | None = None,
    answer: Callable[[str], str] | None = None,
) -> str:
    """Check a change against the table as it stands, log it with who and when; the line
    that says so. ``after`` refuses with :class:`StoreConflict` a change made on a hand
    that changed since; ``key`` and the ``answer`` made of the line are stored with it."""
    loaded, rules, seating = seating_now(store, table)
    if after is not None and after != loaded.last:
        raise StoreConflict(changed_meanwhile(loaded.stored.id))
    apply(seating, change, rules, seats_at(loaded.header))
    if change.kind == "push" and not (loaded.stored.closed or loaded.state.over_reason):
        from floorman.errors import FloormanError

        raise FloormanError(
            f"table {loaded.stored.table}: hand {loaded.stored.id} is still being played;"
            " record the dealer push once it is over"
        )
    dealt_in = change.kind == "sit" and rules.new_player == "dealt-in"
    data = change.as_json() | ({"dealt_in": True} if dealt_in else {})
    described = change.describe(dealt_in)
    line = f"table {loaded.stored.table}: {described}"
    if change.kind != "push":
        line += " (from the next hand)"
    store.add_change(
        loaded.stored.table,
        data,
        dealer(by),
        key=key,
        answer=None if answer is None else (lambda _entry: answer(line)),
    )
    return line


def seat_for_move(store: Store, table: str | None) -> int:
    """The empty seat the big blind reaches first, for a player moved from another table
    (RRoP tournament rules, TDA 11-A)."""
    loaded, _rules, seating = seating_now(store, table)
    big = loaded.state.table.big_blind
    size = table_size(loaded.header.table_seats, [*seating.players, big])
    empty = [s for s in range(1, size + 1) if s not in seating.players]
    return earliest_big_blind_seat(empty, big)


@dataclass(frozen=True)
class TableNow:
    """A table as ``floorman table show`` shows it."""

    loaded: Loaded
    """Its latest hand."""
    seating: Seating
    """Who sits where for the next hand, with the changes logged so far."""
    data: dict[str, Any]
    """The ``floorman table show --json`` object."""
    settled: bool
    """The seats hold the stacks the latest hand left, not those it began with."""


def table_now(store: Store, table: str | None, loaded: Loaded | None = None) -> TableNow:
    """The table: game, blinds, rulebook and button rule, seats and stacks, the button,
    and the seating for the next hand (its latest hand replayed, unless ``loaded`` is it
    as stored now)."""
    loaded, _rules, seating = seating_now(store, table, loaded)
    header = loaded.header
    hand = session_row(loaded)
    data = {
        "table": loaded.stored.table,
        "game": header.game,
        "betting": header.betting,
        "blinds": list(header.blinds),
        "ante": header.ante,
        "rulebook": header.rulebook,
        "kind": header.kind,
        "house": header.house,
        "button_rule": loaded.recording.ruled.book.options.get("button_rule", "moving"),
        "table_seats": header.table_seats,
        "button": header.button,
        "small_blind": hand["small_blind"],
        "big_blind": hand["big_blind"],
        "seats": hand["stacks_out"] or hand["stacks_in"],
        "hand": hand["hand"],
        "status": hand["status"],
        "next_hand": seating.as_json(),
    }
    return TableNow(loaded, seating, data, bool(hand["stacks_out"]))


def changes_by_hand(entries: Iterable[TableEntry]) -> dict[int | None, list[dict[str, Any]]]:
    """Each change between hands, under the hand it was dealt into (its who and when);
    under ``None`` the changes for the next hand."""
    found: dict[int | None, list[dict[str, Any]]] = {}
    waiting: list[dict[str, Any]] = []
    for entry in entries:
        if entry.kind == "change":
            waiting.append(
                {
                    "change": Change.from_json(entry.data).describe(
                        bool(entry.data.get("dealt_in"))
                    ),
                    "by": entry.by,
                    "at": entry.at,
                    **entry.data,
                }
            )
        elif not entry.data.get("redeal") and entry.hand_id is not None:
            found[entry.hand_id] = waiting
            waiting = []
    found[None] = waiting
    return found


def session_log(store: Store, name: str, hands: Sequence[StoredHand]) -> list[TableEntry]:
    """The end of table ``name``'s log that tells the changes dealt into ``hands`` (its
    latest hands, newest first) and those waiting for the next hand."""
    first = hands[-1].id if hands else None
    if first is None:
        latest = store.latest_hand(name)
        first = latest.id + 1 if latest is not None else None
    return store.table_log(name, from_hand=first)


def _names_in(entry: TableEntry) -> dict[int, str]:
    """The players an entry of the log names, by seat: who sat down, or who was dealt in."""
    if entry.kind == "change":
        seat, player = entry.data.get("seat"), entry.data.get("name")
        if isinstance(seat, int) and isinstance(player, str) and player:
            return {seat: player}
        return {}
    players = Seating.from_json(entry.data["seating"]).players
    return {seat: p.name for seat, p in players.items() if p.name}


def game_session_row(store: Store, stored: StoredHand) -> dict[str, Any]:
    """One stud or draw hand of ``floorman table log --json``, with the keys a flop
    game's has: a stud hand has no button and no blinds (``blinds`` empty)."""
    from floorman.hand.drawstate import DrawHand
    from floorman.hand.table import Table
    from floorman.interchange.drawfile import DrawHandFile
    from floorman.tables.games import load_game, stacks_after

    loaded = load_game(store, stored)
    state, model = loaded.state, loaded.model
    status = stored.closed or state.over_reason
    out = None
    if status is not None and status != "misdeal":
        out = {str(seat): chips for seat, chips in stacks_after(loaded, status).items()}
    button = small = big = None
    blinds: list[int] = []
    if isinstance(state, DrawHand) and isinstance(model, DrawHandFile):
        button = state.button
        small, big = Table(tuple(model.seats), model.button).blind_seats
        blinds = list(model.blinds)
    checked = loaded.checked()
    return {
        "hand": stored.id,
        "started": stored.created,
        "status": status or "in progress",
        "button": button,
        "small_blind": small,
        "big_blind": big,
        "blinds": blinds,
        "ante": model.ante,
        "stacks_in": {str(seat): chips for seat, chips in model.seats.items()},
        "stacks_out": out,
        "rulings": [ruling.to_json() for ruling in checked.rulings],
        "violations": [violation.to_json() for violation in checked.violations],
    }


def session(
    store: Store, table: str | None, limit: int
) -> tuple[str, list[dict[str, Any]], list[dict[str, Any]]]:
    """The table's name, its latest ``limit`` hands in order each with the changes dealt
    into it (``floorman table log --json``), and the changes waiting for the next hand."""
    from floorman.tables.games import is_other_game

    name = find_hand(store, None, table, open_only=False).table
    stored = store.hands(name, limit)
    hands = [
        game_session_row(store, s) if is_other_game(s.header) else session_row(load(store, s))
        for s in reversed(stored)
    ]
    changes = changes_by_hand(session_log(store, name, stored))
    for hand in hands:
        hand["changes_before"] = changes.get(hand["hand"], [])
    return name, hands, changes[None]


def session_page(
    store: Store, table: str | None, limit: int, *, paper: str, day: datetime.date
) -> tuple[str, dict[str, Any], int]:
    """The printed session of a table: its name, the page's content
    (:func:`floorman.documents.session.session_view`) and how many hands it holds."""
    from floorman.documents.session import session_view
    from floorman.documents.wording import edition
    from floorman.tables.games import is_other_game, load_game

    name, hands, pending = session(store, table, limit)
    latest = find_hand(store, None, name, open_only=False)
    names: dict[int, str] = {}
    if is_other_game(latest.header):
        from floorman.interchange.dealtrulings import hand_book

        book = hand_book(load_game(store, latest).model)
    else:
        loaded, _rules, seating = seating_now(store, name)
        book = loaded.recording.ruled.book
        names = {s: p.name for s, p in seating.players.items() if p.name}
    for entry in session_log(store, name, store.hands(name, limit)):
        for seat, player in _names_in(entry).items():  # players who have left keep their names
            names.setdefault(seat, player)
    view = session_view(
        name, hands, pending, names, rulebook=book.title, source=edition(book),
        day=day, paper=paper,
    )  # fmt: skip
    return name, view, len(hands)
