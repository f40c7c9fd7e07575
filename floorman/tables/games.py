"""Stud and draw hands at a table: started, recorded, shown and dealt on from the store,
as the flop games' are (:mod:`floorman.tables.hands`, :mod:`floorman.tables.dealing`).

A stud or draw hand in the store is its game's hand-file header
(:mod:`floorman.interchange.studfile`, :mod:`floorman.interchange.drawfile`) and
its events in the notation of those games; it replays as ``floorman check``
replays the file. Imported only where such a hand is read or recorded.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from floorman.bounds import MAX_EVENTS_PER_HAND
from floorman.errors import FloormanError
from floorman.hand.events import EventError
from floorman.hand.rotation import DRAW_GAMES, STUD_GAMES
from floorman.interchange.plainhand import HandFileError
from floorman.store.hands import Record, Store, StoredHand, standing

if TYPE_CHECKING:
    from floorman.hand.drawstate import DrawHand
    from floorman.hand.studstate import StudHand
    from floorman.interchange.dealtrulings import RuledDraw, RuledStud
    from floorman.interchange.drawfile import DrawCheck, DrawHandFile
    from floorman.interchange.studfile import StudCheck, StudHandFile

__all__ = [
    "GameHand",
    "checked_header",
    "closing_game",
    "is_other_game",
    "load_game",
    "record_game",
    "stacks_after",
    "start_game_hand",
]


def is_other_game(header: Mapping[str, Any]) -> bool:
    """Whether a stored header is a stud or draw game's (not a flop game's)."""
    return header.get("game") in (*STUD_GAMES, *DRAW_GAMES)


def checked_header(header: Mapping[str, Any], name: str) -> StudHandFile | DrawHandFile:
    """A stud or draw header read by its game's model; one line naming ``name`` and the
    field when it cannot be."""
    from floorman.interchange.drawfile import draw_hand_from
    from floorman.interchange.plainhand import HandFileError
    from floorman.interchange.studfile import stud_hand_from

    data = {key: value for key, value in header.items() if key != "events"}
    try:
        if data.get("game") in STUD_GAMES:
            return stud_hand_from(data, name, None)
        return draw_hand_from(data, name, None)
    except HandFileError as error:
        raise FloormanError(str(error)) from None


@dataclass
class GameHand:
    """A stored stud or draw hand replayed: the record, its header, the events as
    stored, the state they leave, and the latest record's id (the view a write is
    checked against); ``records``, the standing records the events were read from (the
    id, time and author of each, as a flop hand's), when it was read from the store."""

    stored: StoredHand
    model: StudHandFile | DrawHandFile
    texts: list[str]
    state: StudHand | DrawHand
    last: int
    records: list[Record] = field(default_factory=list)

    @property
    def count(self) -> int:
        return len(self.texts)

    @property
    def game(self) -> str:
        return str(self.model.game)

    def checked(self) -> StudCheck | DrawCheck:
        """The hand as ``floorman check`` reports it: the state, and once it is over its
        pots and stacks."""
        from floorman.interchange.drawfile import DrawHandFile, check_draw
        from floorman.interchange.studfile import check_stud

        hand = self.model.model_copy(update={"events": list(self.texts)})
        if isinstance(hand, DrawHandFile):
            return check_draw(hand)
        return check_stud(hand)

    def lines(self) -> list[str]:
        """The table as the dealer reads it, then who took each pot."""
        return self.report()[1]

    def finished(self) -> bool:
        """Whether the hand is over and its pots can be pushed: a showdown with no hand
        tabled yet is not."""
        from floorman.showdown.awards import ShowdownError

        if self.state.over_reason != "showdown":
            return self.state.over
        try:
            self.checked()
        except ShowdownError:
            return False
        return True

    def to_show(self) -> list[int]:
        """The live seats still to show or muck at the showdown while another is live
        too, as at a flop table (:func:`floorman.showdown.settlement.awaiting_hands`):
        until they are, the next hand is not dealt. Empty once one hand alone is live."""
        state = self.state
        live = state.live
        if state.over_reason != "showdown" or len(live) < 2:
            return []
        return [seat for seat in live if seat not in state.shown]

    def report(self) -> tuple[dict[str, Any], list[str]]:
        """The hand as ``check --json`` gives it and the lines the dealer reads; at a
        showdown with no hand tabled yet, the rulings so far and what is still to do
        (the pot is awarded once the hands are shown or mucked)."""
        from floorman.showdown.awards import ShowdownError

        try:
            checked = self.checked()
        except ShowdownError as waiting:
            ruled = _ruled(self.model, self.texts)
            state = self.state
            said = f"{self.game}: showdown, pot {state.pot}: {waiting}; show or muck the hands"
            return {
                "rulings": [ruling.to_json() for ruling in ruled.rulings],
                "violations": [violation.to_json() for violation in ruled.violations],
                "pots": [],
                "awards": {},
                "stacks": {str(seat): chips for seat, chips in state.stacks.items()},
            }, [said]
        return checked.to_json(), checked.lines()

    def file_text(self) -> str:
        """The hand as its game's hand file."""
        from floorman.interchange.drawfile import DrawHandFile, dump_draw_hand
        from floorman.interchange.studfile import dump_stud_hand

        header = self.model.model_dump(mode="json", exclude_unset=True, exclude={"events"})
        if isinstance(self.model, DrawHandFile):
            return dump_draw_hand(header, self.texts)
        return dump_stud_hand(header, self.texts)


def _parse(game: str, text: str, number: int) -> Any:
    from floorman.hand.drawevents import parse_draw_event
    from floorman.hand.studevents import parse_stud_event

    return (parse_stud_event if game in STUD_GAMES else parse_draw_event)(text, number)


def _ruled(model: StudHandFile | DrawHandFile, texts: Sequence[str]) -> RuledStud | RuledDraw:
    """The hand's events ruled by its rulebook, the state going on as each ruling says;
    :class:`HandFileError` names an event the hand cannot take."""
    from floorman.interchange.dealtrulings import rule_draw, rule_stud
    from floorman.interchange.drawfile import DrawHandFile

    hand = model.model_copy(update={"events": list(texts)})
    if isinstance(hand, DrawHandFile):
        return rule_draw(hand)
    return rule_stud(hand)


def load_game(store: Store, stored: StoredHand) -> GameHand:
    """Replay a stored stud or draw hand under its rulebook; one line saying why when it
    cannot be."""
    records = store.records(stored.id)
    shown = standing(records)
    texts = [r.text or "" for r in shown]
    model = checked_header(stored.header, f"hand {stored.id}")
    try:
        ruled = _ruled(model, texts)
    except HandFileError as error:
        raise FloormanError(
            f"hand {stored.id} cannot be replayed from {error}; take it back with"
            f" floorman undo --table {stored.table}"
        ) from None
    last = records[-1].id if records else 0
    return GameHand(stored, model, texts, ruled.state, last, shown)


def record_game(
    store: Store,
    loaded: GameHand,
    texts: Sequence[str],
    *,
    by: str | None = None,
    key: str | None = None,
    answer: Callable[[Sequence[Record]], str] | None = None,
) -> list[str]:
    """Check every event against the hand and its rulebook, then store them all in one
    transaction; nothing is stored if one is bad. The lines the dealer reads first: the
    rulings (and departures from the procedure in force) the events brought. A betting
    word or a draw may leave out the seat whose turn it is, as at a flop table. ``by``,
    ``key`` and ``answer`` are stored with the events, as a flop hand's are
    (:meth:`floorman.store.hands.HandStore.append`)."""
    if loaded.stored.closed is not None:
        raise FloormanError(f"hand {loaded.stored.id} is closed ({loaded.stored.closed})")
    if loaded.count + len(texts) > MAX_EVENTS_PER_HAND:
        raise FloormanError(
            f"hand {loaded.stored.id} has {loaded.count} events: a hand takes at most"
            f" {MAX_EVENTS_PER_HAND:,} (start the next hand with floorman new)"
        )
    from floorman.tables.gamestation import seated

    added: list[str] = []
    for number, text in enumerate(seated(loaded.state, texts), loaded.count + 1):
        if "\x00" in text:
            raise FloormanError(f"event {number}: holds a NUL character")
        try:
            added.append(str(_parse(loaded.game, text, number)))
        except EventError as error:
            raise FloormanError(str(error)) from None
    try:
        ruled = _ruled(loaded.model, [*loaded.texts, *added])
    except HandFileError as error:
        raise FloormanError(str(error)) from None
    stored = store.append(loaded.stored.id, added, after=loaded.last, by=by, key=key, answer=answer)
    before = loaded.count
    loaded.texts.extend(added)
    loaded.records.extend(stored)
    loaded.state = ruled.state
    loaded.last = stored[-1].id
    from floorman.tables.ruling import ruling_lines

    lines = [
        line
        for ruling in ruled.rulings
        if ruling.event > before
        for line in ruling_lines(ruling.to_json(), note=ruling.note)
    ]
    lines += [
        f"violation at event {v.event}: {v.message}" for v in ruled.violations if v.event > before
    ]
    return lines


def _fresh(loaded: GameHand) -> GameHand:
    return GameHand(loaded.stored, loaded.model, [], loaded.model.start(), loaded.last)


def closing_game(loaded: GameHand, *, force: bool) -> str:
    """Why a stud or draw hand closes as the next starts: how it ended, or ``abandoned``
    when forced; an unfinished hand, or a showdown with a live hand still to show or
    muck (:meth:`GameHand.to_show`), is refused without ``force``, as a flop hand is
    (:func:`floorman.tables.hands.closing`); forced, it closes as abandoned, the stacks
    as the hand began, as a flop hand's does."""
    reason = loaded.state.over_reason
    if reason is not None:
        if reason == "showdown" and (loaded.to_show() or not loaded.finished()):
            if force:
                return "abandoned"
            raise FloormanError(
                f"table {loaded.stored.table}: hand {loaded.stored.id} is at the showdown with"
                " hands still to be tabled; record them (show, muck) or use --force"
            )
        return str(reason)
    if force:
        return "abandoned"
    raise FloormanError(
        f"table {loaded.stored.table}: hand {loaded.stored.id} is still in progress;"
        " finish it or use --force"
    )


def stacks_after(loaded: GameHand, reason: str) -> dict[int, int]:
    """The stacks the hand leaves: settled, or as it began when abandoned."""
    if reason == "abandoned":
        return dict(loaded.model.seats)
    return dict(loaded.checked().stacks)


def start_game_hand(
    db: str | Path | None,
    table: str,
    header: Mapping[str, Any],
    *,
    force: bool,
    extra: Mapping[str, Any] | None = None,
) -> tuple[StoredHand, GameHand]:
    """Start a stud or draw hand at ``table`` from ``header``; the hand in progress there
    is closed first (refused unless it is over, or ``force``). ``extra`` goes into the
    table's log with the seating (a rotation's state)."""
    from floorman.session.record import seating_entry
    from floorman.session.seating import Seating
    from floorman.tables.hands import store_at

    data = {"table": table, "started": datetime.now(UTC).isoformat(timespec="seconds")}
    model = checked_header({**data, **header}, "new hand")
    blinds = getattr(model, "blinds", (0, 0))
    seating = Seating.from_stacks(model.seats, blinds, model.ante)
    with store_at(db) as store:
        close = closing_at(store, table, force=force)
        stored = store.deal_next(
            table,
            model.model_dump(mode="json", exclude_unset=True, exclude={"events"}),
            {**seating_entry(seating), **(extra or {})},
            close=close,
        )
    return stored, GameHand(stored, model, [], model.start(), 0)


def closing_at(store: Store, table: str, *, force: bool) -> tuple[int, str] | None:
    """The hand in progress at ``table`` and why it closes, any game's; ``None`` when none."""
    from floorman.tables.hands import closing

    current = store.open_hand(table)
    if current is None:
        return None
    if is_other_game(current.header):
        try:
            return current.id, closing_game(load_game(store, current), force=force)
        except FloormanError:
            if force:
                return current.id, "abandoned"
            raise
    return current.id, closing(store, current, force=force)


def open_other(store: Store, table: str | None) -> StoredHand | None:
    """The stud or draw hand in progress at ``table`` (or the only hand in progress
    anywhere), ``None`` when it is a flop game's or there is none."""
    if table is not None:
        found = store.open_hand(table)
    else:
        hands = store.open_hands()
        found = hands[0] if len(hands) == 1 else None
    return found if found is not None and is_other_game(found.header) else None


def add_game_events(store: Store, table: str | None, texts: Sequence[str]) -> list[str] | None:
    """Record events at the stud or draw hand in progress (``None`` when the hand in
    progress is not one); the lines the dealer reads then."""
    stored = open_other(store, table)
    if stored is None:
        return None
    loaded = load_game(store, stored)
    ruled = record_game(store, loaded, texts)
    return [*ruled, *loaded.lines()]


def game_row(loaded: GameHand) -> dict[str, Any]:
    """One stud or draw hand of ``floorman hands --json``, as a flop hand's row."""
    stored, state = loaded.stored, loaded.state
    if stored.closed is not None:
        status, reason = "closed", stored.closed
    elif state.over_reason is not None:
        status, reason = "over", state.over_reason
    else:
        status, reason = "in-progress", None
    return {
        "hand": stored.id,
        "table": stored.table,
        "started": stored.created,
        "events": loaded.count,
        "pot": state.pot,
        "status": status,
        "reason": reason,
        "game": loaded.game,
    }


def seats_json(loaded: GameHand) -> dict[str, Any]:
    """Each seat of a stud or draw hand as ``show --json`` gives it: chips behind, in
    front and in the pot, the cards as known (``??`` for one nobody saw), folded."""
    from floorman.hand.studstate import StudHand

    state = loaded.state
    seats: dict[str, Any] = {}
    for seat in state.seats:
        cards = state.cards(seat) if isinstance(state, StudHand) else state.cards[seat]
        seats[str(seat)] = {
            "behind": state.stacks[seat],
            "in_front": state.bets[seat],
            "in_pot": state.contributed[seat],
            "cards": ["??" if card is None else card.ascii for card in cards],
            "folded": seat in state.folded,
        }
    return seats


def undo_game(store: Store, stored: StoredHand) -> tuple[str, GameHand]:
    """Take back the latest event of a stud or draw hand (it stays in the log as undone);
    its text and the hand without it."""
    loaded = load_game(store, stored)
    retracted = store.retract_last(stored.id, after=loaded.last)
    return retracted.text or "", load_game(store, stored)
