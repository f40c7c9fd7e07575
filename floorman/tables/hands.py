"""A hand at a table: finding it in the store, replaying it, recording events, taking the
latest back, closing it.

``floorman add`` and a station's post record through the same :func:`record`.
Imported only where a hand is read or recorded: it brings in the store (and so
sqlite3).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from floorman.bounds import MAX_EVENTS_PER_HAND
from floorman.errors import FloormanError
from floorman.hand.events import Event, EventError, parse_event
from floorman.hand.state import HandState
from floorman.interchange.plainhand import plain_header
from floorman.recording import Recording
from floorman.store.hands import Record, Store, StoredHand, open_store, standing
from floorman.tables.view import award_lines, finished, reminder_lines, state_lines

if TYPE_CHECKING:
    from floorman.interchange.handfile import Hand
    from floorman.interchange.plainhand import HeaderLike
    from floorman.tables.games import GameHand

__all__ = [
    "Loaded",
    "Unreadable",
    "add_events",
    "closing",
    "current",
    "export",
    "find_hand",
    "floor_hand",
    "hand_at",
    "is_floor_record",
    "load",
    "recent",
    "record",
    "records_of",
    "require_open",
    "ruling_lines_of",
    "ruling_lines_since",
    "split_events",
    "stacks_left",
    "store_at",
    "take_back",
    "undo",
    "undo_event",
]


@dataclass
class Loaded:
    """A stored hand replayed with its rulebook: the record, the hand file it amounts to,
    its state, and the rulings and violations so far.

    ``last`` is the id of the latest record read, the view a write is checked against.
    A hand whose events stop replaying (recorded against a stale view by an older
    floorman, or under another rulebook) loads as far as they replay: ``broken`` says
    which event stopped it and the events from there on are left out of the state.

    The hand is replayed from its stored header as read without the model
    (:mod:`floorman.interchange.plainhand`); :attr:`header`, the model, is
    made only for a command that asks for it (``add`` does not).
    """

    stored: StoredHand
    values: HeaderLike
    texts: list[str]
    recording: Recording
    last: int
    broken: EventError | None = None
    _header: Hand | None = field(default=None, repr=False)

    @property
    def header(self) -> Hand:
        """The stored header as the hand model (read when it was loaded, so valid)."""
        if self._header is None:
            from floorman.interchange.handfile import Hand

            self._header = Hand.model_validate(self.stored.header)
        return self._header

    @property
    def count(self) -> int:
        """The hand's events, those left out of a broken hand included."""
        return len(self.texts)

    @property
    def state(self) -> HandState:
        return self.recording.state

    @property
    def rulings(self) -> list[dict[str, Any]]:
        return self.recording.rulings

    @property
    def violations(self) -> list[dict[str, Any]]:
        return self.recording.violations

    @property
    def pots(self) -> list[dict[str, Any]]:
        """The ``check --json`` pots: awarded once the hand is settled."""
        return self.recording.pots()

    @property
    def chips(self) -> Any:
        """The ``check --json`` pots, awards and each seat's stack once it is settled."""
        return self.recording.chips()

    @property
    def hand(self) -> Hand:
        """The hand as a hand file, with the events as the notation prints them."""
        return self.header.model_copy(update={"events": list(self.texts)})

    def since(self, count: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        """Rulings and violations on the events after the first ``count``."""
        return (
            [r for r in self.rulings if r["event"] > count],
            [v for v in self.violations if v["event"] > count],
        )

    def repair(self) -> str:
        """What stops the hand replaying, and what the dealer does about it."""
        assert self.broken is not None
        first = self.broken.number or 1
        table = self.stored.table
        if self.stored.closed is not None:
            what = "the hand is closed: the events from there on stay out of it (and in the log)"
        elif first == self.count:
            what = f"take it back with floorman undo --table {table} (it stays in the log)"
        else:
            what = (
                f"take back events {first} to {self.count} with floorman undo --table {table}, "
                f"{self.count - first + 1} times (they stay in the log)"
            )
        return f"hand {self.stored.id} cannot be replayed from {self.broken}; {what}"

    def require_whole(self) -> None:
        """Refuse to go on from a hand whose events do not all replay."""
        if self.broken is not None:
            raise FloormanError(self.repair())


def store_at(db: str | Path | None) -> Store:
    """The store ``--db`` names: a file path or a PostgreSQL URL."""
    return open_store(db)


def split_events(args: Sequence[str]) -> list[str]:
    """Events given as arguments, several to an argument when separated by ``;``."""
    return [part.strip() for arg in args for part in arg.split(";") if part.strip()]


def find_hand(
    store: Store, hand_id: int | None, table: str | None, *, open_only: bool
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


def hand_at(store: Store, hand_id: int | None, table: str | None) -> Loaded:
    """The hand named by id, or the one at ``table`` (in progress, else its latest),
    or the only hand in progress anywhere, replayed."""
    return load(store, find_hand(store, hand_id, table, open_only=False))


def records_of(
    store: Store, hand_id: int | None, table: str | None
) -> tuple[StoredHand, list[Record]]:
    """A hand found as :func:`hand_at` finds it, and every record of it in the order
    written, undone events and their undoing included."""
    stored = find_hand(store, hand_id, table, open_only=False)
    return stored, store.records(stored.id)


class Unreadable:
    """A stored hand that cannot be replayed at all, and why.

    A plain class: a dataclass is compiled when it is defined, which ``add`` would pay
    for on every start without ever making one."""

    __slots__ = ("problem", "stored")

    def __init__(self, stored: StoredHand, problem: str) -> None:
        self.stored = stored
        self.problem = problem


def recent(store: Store, table: str | None, limit: int) -> list[Loaded | Unreadable | GameHand]:
    """The latest ``limit`` hands (at ``table``, else at every table), newest first,
    each replayed as far as it replays, or saying why it cannot be; a stud or draw
    hand replayed by its game (:mod:`floorman.tables.games`)."""
    from floorman.tables.games import is_other_game, load_game

    found: list[Loaded | Unreadable | GameHand] = []
    for stored in store.hands(table, limit):
        try:
            found.append(
                load_game(store, stored) if is_other_game(stored.header) else load(store, stored)
            )
        except (FloormanError, ValueError) as error:
            found.append(Unreadable(stored, str(error)))
    return found


def export(store: Store, hand_id: int | None, table: str | None, fmt: str) -> tuple[int, str]:
    """A recorded hand as a hand file in ``fmt`` (``yaml``, ``json`` or ``phh``), which
    ``floorman check`` replays to the same state; with the hand's id. A hand whose
    events do not all replay is refused."""
    from floorman.interchange.handfile import dump_hand
    from floorman.tables.games import is_other_game, load_game

    found = find_hand(store, hand_id, table, open_only=False)
    if is_other_game(found.header):
        return found.id, _export_other(load_game(store, found), fmt)
    loaded = load(store, found)
    loaded.require_whole()
    if fmt == "json":
        data = loaded.hand.model_dump(mode="json")
        for unsaid in ("limit_raise_cap", "chips"):
            if unsaid not in loaded.hand.model_fields_set:
                del data[unsaid]  # left to the rulebook, or any chip, as recorded
        text = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    elif fmt == "phh":
        from floorman.interchange.phh import dump_phh

        text = dump_phh(loaded.hand)
    else:
        text = dump_hand(loaded.hand)
    return loaded.stored.id, text


def _export_other(hand: Any, fmt: str) -> str:
    """A stud or draw hand as its hand file, or as PHH."""
    if fmt == "json":
        data = hand.model.model_dump(mode="json", exclude_unset=True, exclude={"events"})
        return json.dumps({**data, "events": hand.texts}, ensure_ascii=False, indent=2) + "\n"
    if fmt == "phh":
        from floorman.interchange.phh.studdrawexport import dump_other_phh

        return dump_other_phh(hand.model, hand.texts)
    return str(hand.file_text())


def load(store: Store, stored: StoredHand, records: Sequence[Record] | None = None) -> Loaded:
    """Replay a stored hand, the rulebook ruling on every event, as far as it replays
    (from ``records``, every record of it, when they were read already)."""
    if records is None:
        records = store.records(stored.id)
    texts = [r.text or "" for r in standing(records)]
    last = records[-1].id if records else 0
    try:
        header, model = _header(stored)
        events: list[Event] = []
        broken: EventError | None = None
        for number, text in enumerate(texts, 1):
            try:
                events.append(parse_event(text, number))
            except EventError as error:
                broken = error
                break
        recording, stopped = Recording.replayed(header, events)
    except FloormanError as error:
        raise FloormanError(
            f"hand {stored.id} cannot be replayed: {error}; "
            "start the next hand with floorman new --force"
        ) from None
    return Loaded(stored, header, texts, recording, last, stopped or broken, model)


def _header(stored: StoredHand) -> tuple[HeaderLike, Hand | None]:
    """A stored header read without the model when it is plainly right (as every header
    floorman stores is), else by the model, which is then returned too."""
    plain = plain_header(stored.header)
    if plain is not None:
        return plain, None
    from floorman.interchange.handfile import Hand, header_from

    try:
        model = Hand.model_validate(stored.header)
    except ValueError:
        header_from(stored.header, "its header")
        raise FloormanError("its header cannot be read") from None
    return model, model


def record(
    store: Store,
    loaded: Loaded,
    texts: Sequence[str],
    *,
    by: str | None = None,
    key: str | None = None,
    answer: Callable[[Sequence[Record]], str] | None = None,
    closed: bool = False,
) -> list[Record]:
    """Check every event against the hand and its rulebook, then store them all in one
    transaction, adding them to ``loaded``; nothing is stored (and ``loaded`` is left as
    it was) if any event is bad, or if the hand changed in the store since it was read.

    Each event is read against the hand as the ones before it left it (so a betting
    action may leave out the seat to act) and stored as the notation prints it
    (``3 r 60`` is kept as ``3 raise 60``). ``by``, ``key`` and ``answer`` are stored in
    the same transaction (:meth:`floorman.store.hands.HandStore.append`); returns the
    records stored. A closed hand takes events only when ``closed`` is true.
    """
    loaded.require_whole()
    if loaded.count + len(texts) > MAX_EVENTS_PER_HAND:
        raise FloormanError(
            f"hand {loaded.stored.id} has {loaded.count} events: a hand takes at most "
            f"{MAX_EVENTS_PER_HAND:,} (start the next hand with floorman new)"
        )
    for number, text in enumerate(texts, loaded.count + 1):
        if "\x00" in text:  # a SQLite file would keep it, PostgreSQL text cannot
            raise FloormanError(f"event {number}: holds a NUL character")
    before = list(loaded.recording.events)
    try:
        added = [str(event) for event in loaded.recording.add_all(texts)]
        stored = store.append(
            loaded.stored.id,
            added,
            after=loaded.last,
            by=by,
            key=key,
            answer=answer,
            closed=closed,
        )
    except BaseException:
        if len(loaded.recording.events) != len(before):
            loaded.recording = Recording(loaded.values, before)
        raise
    loaded.texts.extend(added)
    loaded.last = stored[-1].id
    return stored


def add_events(store: Store, table: str | None, texts: Sequence[str]) -> list[str]:
    """Record events at the hand in progress at ``table`` (or the only one anywhere), as
    :func:`record` does; the lines the dealer reads then: the rulings the events
    brought first, then the table as they leave it. A dispute raised once the next hand
    has begun goes to the hand whose pot it is (:mod:`floorman.tables.disputes`)."""
    from floorman.tables import disputes
    from floorman.tables.games import add_game_events

    other = add_game_events(store, table, texts)
    if other is not None:
        return other
    called = floor_hand(store, table, texts)
    if called is not None:
        before = called.count
        record(store, called, texts, closed=True)
        return [
            f"hand {called.stored.id} (closed, {called.stored.closed}): recorded on the"
            " table's latest hand",
            *ruling_lines_since(called, before),
        ]
    disputed = disputes.disputed_hand(store, table, texts)
    if disputed is not None:
        before = disputed.count
        _, corrected = disputes.record_dispute(store, disputed, texts)
        return [
            disputes.heading(disputed.stored.id, disputed.stored.closed),
            *ruling_lines_since(disputed, before),
            *corrected,
        ]
    loaded = load(store, find_hand(store, None, table, open_only=True))
    before = loaded.count
    known = reminder_lines(loaded.state)
    record(store, loaded, texts)
    return [
        *ruling_lines_since(loaded, before),
        *state_lines(loaded.state, known=known),
        *award_lines(loaded.pots, loaded.state),
    ]


def floor_hand(store: Store, table: str | None, texts: Sequence[str]) -> Loaded | None:
    """The closed hand the floor's records go to, when every event is the floor's and
    ``table`` has no hand in progress: its latest hand (a call made between hands is
    about the hand just played). ``None`` when they go to the hand in progress."""
    if table is None or not texts or not all(is_floor_record(t.lower()) for t in texts):
        return None
    if store.open_hand(table) is not None:
        return None
    latest = store.latest_hand(table)
    return None if latest is None else load(store, latest)


def current(store: Store, loaded: Loaded) -> Loaded | None:
    """The table as it stands in the store, when another terminal recorded to it since
    ``loaded`` was read (the hand that replaced it, if it was closed); else ``None``."""
    if store.last_record(loaded.stored.id) == loaded.last:
        return None
    stored = store.open_hand(loaded.stored.table) or store.hand(loaded.stored.id)
    return load(store, stored)


def undo(
    store: Store,
    loaded: Loaded,
    *,
    by: str | None = None,
    key: str | None = None,
    answer: Callable[[str, Loaded], str] | None = None,
) -> tuple[str, Loaded]:
    """Retract the latest event of the hand, passing over the floor's records; returns
    its text and the hand without it (:func:`undo_event` says which event it was)."""
    _, text, after = undo_event(store, loaded, by=by, key=key, answer=answer)
    return text, after


def undo_event(
    store: Store,
    loaded: Loaded,
    *,
    by: str | None = None,
    key: str | None = None,
    answer: Callable[[str, Loaded], str] | None = None,
) -> tuple[int, str, Loaded]:
    """Retract the latest event of the hand, passing over the floor's records (a call,
    its acknowledgement and its resolution stand: who called the floor and when is no
    mistake to take back); returns its number, its text and the hand without it.
    ``by``, ``key`` and the ``answer`` made of them are stored with the retraction, as
    :func:`record` stores them with events."""
    after: list[Loaded] = []

    def kept(retracted: Record) -> str:
        assert answer is not None
        after.append(load(store, loaded.stored))
        return answer(retracted.text or "", after[0])

    retracted = store.retract_last(
        loaded.stored.id,
        after=loaded.last,
        by=by,
        key=key,
        answer=None if answer is None else kept,
        keep=is_floor_record,
    )
    standing_before = standing(store.records(loaded.stored.id))
    number = 1 + sum(1 for r in standing_before if r.id < retracted.id)
    return number, retracted.text or "", after[0] if after else load(store, loaded.stored)


def is_floor_record(text: str) -> bool:
    """Whether an event as stored is the floor's (``floor call``, ``floor ack``, ...)."""
    return text.split(maxsplit=1)[:1] == ["floor"]


def take_back(store: Store, table: str | None) -> tuple[str, Loaded]:
    """Retract the latest event of the hand in progress at ``table`` (or the only one
    anywhere); its text and the hand without it."""
    return undo(store, load(store, find_hand(store, None, table, open_only=True)))


def closing(store: Store, current: StoredHand, *, force: bool, loaded: Loaded | None = None) -> str:
    """Why the hand in progress at a table closes as the next one starts; refuses an
    unfinished hand unless forced (one that cannot be replayed closes as abandoned).
    ``loaded``: the hand already replayed by the caller, not replayed again."""
    try:
        previous = load(store, current) if loaded is None else loaded
        previous.require_whole()
    except FloormanError as error:
        if force:
            return "abandoned"
        raise FloormanError(f"{error}; or close it as abandoned with --force") from None
    if not force and not previous.state.over:
        raise FloormanError(
            f"table {current.table}: hand {current.id} is still in progress "
            f"({previous.state.street}); finish it or use --force"
        )
    if not force and not finished(previous.state):
        raise FloormanError(
            f"table {current.table}: hand {current.id} is at the showdown with hands still to"
            " be tabled; record them (show, muck) or use --force"
        )
    return str(previous.state.over_reason or "abandoned")


def require_open(stored: StoredHand) -> None:
    if stored.closed is not None:
        raise FloormanError(f"hand {stored.id} is closed ({stored.closed})")


def ruling_lines_since(loaded: Loaded, count: int) -> list[str]:
    """The rulings and violations on events after the first ``count``, as a dealer reads them."""
    return ruling_lines_of(*loaded.since(count))


def ruling_lines_of(
    rulings: Sequence[Mapping[str, Any]], violations: Sequence[Mapping[str, Any]]
) -> list[str]:
    """Rulings and violations in the ``check --json`` shapes, as a dealer reads them."""
    from floorman.tables.ruling import ruling_lines

    lines: list[str] = []
    for ruling in rulings:
        lines.extend(ruling_lines(ruling))
    for violation in violations:
        lines.append(f"violation at event {violation['event']}: {violation['message']}")
    return lines


def stacks_left(loaded: Loaded, reason: str) -> dict[int, int] | None:
    """The stacks a hand closed for ``reason`` leaves: its settlement's, as ``check --json``
    computes them; the stacks it began with when it was a misdeal, void or abandoned;
    ``None`` while a showdown waits for hands to be shown or mucked."""

    if reason in ("misdeal", "void", "abandoned"):
        return dict(loaded.values.seats)
    chips = loaded.recording.chips()
    if reason == "showdown" and not chips.awards:
        return None
    return dict(chips.stacks)
