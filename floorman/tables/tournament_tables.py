"""A tournament's tables played as floorman tables, hand after hand: the first hand dealt
from the tournament's seats, and what the hands played there tell the tournament.

``floorman tournament deal NAME TABLE`` starts the first hand at a floorman
table (``NAME-TABLE`` unless named) from the tournament's seats, stacks,
button and level, and logs the link in the tournament. From then on the
dealer records the hands there with ``add`` and ``next``, and whenever the
tournament is read (:func:`floorman.tables.tournaments.current`) each hand
finished since is taken in, once: a player its settlement left at zero chips
is a bust, with the stack the player began the hand with (so several out in
one hand are placed by it), every other stack is counted, and the button for
balancing is the one the table will deal its next hand with, by its button
rule, after the hand in progress (or the last). Players
the tournament moved, broke away or seated are changed at the table between
hands (``leave``, ``move``), so the table deals who the tournament seats.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from floorman.errors import FloormanError

if TYPE_CHECKING:
    from floorman.hand.state import HandState
    from floorman.store.hands import Store, StoredHand
    from floorman.store.tournaments import TournamentStore
    from floorman.tables.tournaments import Current
    from floorman.tournament.handforhand import HandForHand

__all__ = ["deal_first", "links", "sync", "table_name"]

MAX_HANDS_TAKEN = 1000
"""Hands taken in from one table at one reading, at most (the rest at the next)."""


def table_name(tournament: str, table: int) -> str:
    """The floorman table a tournament table is dealt at unless named: ``daily-3``."""
    return f"{tournament}-{table}"


def links(log: Sequence[Mapping[str, Any]]) -> dict[int, dict[str, Any]]:
    """Each tournament table dealt at a floorman table: the link record, with ``taken``,
    the last hand taken in from it (0 for none)."""
    found: dict[int, dict[str, Any]] = {}
    for record in log:
        if record["kind"] == "link":
            found[int(record["table"])] = {**record, "taken": 0}
        elif record["kind"] == "hand" and "hand" in record and int(record["table"]) in found:
            found[int(record["table"])]["taken"] = int(record["hand"])
    return found


def deal_first(
    tstore: TournamentStore,
    now: Current,
    table: int,
    *,
    name: str | None = None,
    by: str | None = None,
) -> tuple[StoredHand, HandState, list[str]]:
    """Deal the first hand of tournament table ``table`` at a floorman table: the seats and
    stacks, the button and the level's blinds and ante as the tournament has them; the
    link logged in the tournament. Notes for the dealer come back with the hand."""
    from floorman.tables.tournament_money import log_of
    from floorman.tables.tournaments import _who, show_data

    floor, structure = now.floor, now.structure
    if structure.game not in ("holdem", "omaha", "omaha-hilo"):
        raise FloormanError(
            f"tournament {now.stored.name}: {structure.game} tables are not dealt from the"
            " tournament yet; deal them with floorman new"
        )
    if table not in floor.tables:
        where = "was broken" if table in floor.broken else "is not in play"
        raise FloormanError(f"tournament {now.stored.name}: table {table} {where}")
    linked = links(log_of(tstore, now))
    if table in linked:
        at = linked[table]["name"]
        raise FloormanError(
            f"tournament {now.stored.name}: table {table} is dealt at table {at} already;"
            f" floorman next -t {at}"
        )
    seats = {seat: seated.chips for seat, seated in sorted(floor.tables[table].items())}
    if len(seats) < 2:
        raise FloormanError(f"tournament {now.stored.name}: table {table} has one player")
    at_table = name or table_name(now.stored.name, table)
    level = show_data(now)["level"]
    header: dict[str, Any] = {
        "game": structure.game,
        "betting": structure.betting,
        "blinds": list(level["blinds"]),
        "ante": level["ante"],
        "button": floor.buttons[table],
        "seats": seats,
        "rulebook": structure.rulebook,
        "kind": "tournament",
        "table_seats": floor.size(),
        "chips": list(structure.chips),
    }
    limits = level["limits"]
    big = level["blinds"][1]
    if structure.betting == "limit" and limits and list(limits) != [big, 2 * big]:
        header["limit_bets"] = list(limits)  # the level's bets, not the big blind and twice it
    stored, state = _first_hand(tstore, at_table, header)
    record = {"kind": "link", "table": table, "name": at_table, "hand": stored.id}
    tstore.append(now.stored.name, [record], after=now.last, by=_who(by))
    notes = [f"level {level['level']}: {structure.level(level['level']).describe()}"]
    if level["big_blind_ante"]:
        notes.append(
            f"the big blind ante of {level['big_blind_ante']}: a hand file has none; record it"
            f' as a dead post by the big blind (floorman add -t {at_table} "post SEAT dead'
            f' {level["big_blind_ante"]}")'
        )
    return stored, state, notes


def _first_hand(
    tstore: TournamentStore, table: str, header: Mapping[str, Any]
) -> tuple[StoredHand, HandState]:
    """Deal a hand at ``table`` from ``header`` in the tournament's store, as ``floorman
    new`` does; a table with a hand in progress is refused."""
    from datetime import UTC, datetime

    from floorman.interchange.handfile import header_from
    from floorman.interchange.plainhand import header_json
    from floorman.replay import rule_events
    from floorman.session.record import seating_entry
    from floorman.session.seating import Seating
    from floorman.store.hands import Store

    data = {"table": table, "started": datetime.now(UTC).isoformat(timespec="seconds")}
    checked = header_from({**data, **header}, "tournament table")
    state = rule_events(checked, []).state
    seating = Seating.from_stacks(checked.seats, checked.blinds, checked.ante)
    with Store(tstore.database, owned=False) as hands:
        if hands.latest_hand(table) is not None:
            raise FloormanError(
                f"table {table} has hands already; deal the tournament's table at another"
                " (--as TABLE)"
            )
        stored = hands.deal_next(table, header_json(checked), seating_entry(seating), close=None)
    return stored, state


def sync(tstore: TournamentStore, now: Current, log: Sequence[Mapping[str, Any]]) -> bool:
    """Take in the hands finished at the tournament's linked tables since the last
    reading, and bring the tables' seating in line with the tournament's; whether
    anything was logged. Nothing is logged when no table is linked."""
    linked = links(log)
    if not linked:
        return False
    from floorman.store.hands import Store
    from floorman.tournament.handforhand import hand_for_hand

    with Store(tstore.database, owned=False) as hands:
        records: list[dict[str, Any]] = []
        floor = now.floor.copy()
        playing = hand_for_hand(log) if any(r["kind"] == "hand-for-hand" for r in log) else None
        taken = {table: int(link["taken"]) for table, link in linked.items()}
        more = True
        while more:  # hand-for-hand, a table's next hand waits for the round to end
            more = False
            for table, link in sorted(linked.items()):
                if table not in floor.tables:
                    continue
                found, playing = _taken(
                    hands, floor, table, {**link, "taken": taken[table]}, playing
                )
                records += found
                done = [int(r["hand"]) for r in found if r["kind"] == "hand"]
                if done:
                    taken[table] = done[-1]
                    more = playing is not None
        if records:
            records += _h4h_clock(now, log, records)
            _log(tstore, now, log, records)
            return True
        _seat_changes(hands, now, linked)
    return False


def _h4h_clock(
    now: Current, log: Sequence[Mapping[str, Any]], records: Sequence[Mapping[str, Any]]
) -> list[dict[str, Any]]:
    """Hand-for-hand, the clock records the tables' hands taken in call for, as a table's
    report by hand does (:func:`floorman.tables.tournament_floor.report_hands`): paused on
    the first report, set back the time per hand once every table has reported."""
    from datetime import UTC, datetime

    from floorman.tournament.clock import ClockEvent, advance
    from floorman.tournament.handforhand import clock_after, clock_running, hand_for_hand

    if not any(r["kind"] == "hand-for-hand" for r in log):
        return []
    before = hand_for_hand(log)
    if not before.on or not any(r["kind"] == "hand" for r in records):
        return []
    at = datetime.now(UTC)
    added: list[dict[str, Any]] = []
    clock = now.clock
    if clock_running(clock):
        pause = ClockEvent("pause", at)
        clock = advance(clock, pause, now.structure)
        added.append(pause.record())
    after = hand_for_hand([*log, *records])
    position = after.position()
    if after.hands_done > before.hands_done and position is not None:
        event = clock_after(now.structure, position, at)
        advance(clock, event, now.structure)
        added.append(event.record())
    return added


def _log(
    tstore: TournamentStore,
    now: Current,
    log: Sequence[Mapping[str, Any]],
    records: list[dict[str, Any]],
) -> None:
    from floorman.tables.tournament_money import placed
    from floorman.tournament.floor import FloorError, apply_record

    floor = now.floor.copy()
    try:
        for record in records:
            apply_record(floor, record)
    except FloorError as error:
        raise FloormanError(f"tournament {now.stored.name}: {error}") from None
    placed(now, [*log, *records])
    tstore.append(now.stored.name, records, after=now.last, by="table")


def _taken(
    hands: Store,
    floor: Any,
    table: int,
    link: Mapping[str, Any],
    playing: HandForHand | None = None,
) -> tuple[list[dict[str, Any]], HandForHand | None]:
    """The records of the hands finished at ``link``'s table since the last taken in,
    applied to ``floor`` as they go, and hand-for-hand play (``playing``) after them.

    Hand-for-hand, a table's hand is its report of the round's hand done, and its busts
    are the round's with every other table's: in the same hand as the round's busts
    recorded before them, so they share places (TDA 2024 RP-8-A; WSOP T 126-b). A
    table's next hand waits until every table has reported the round's."""
    from floorman.tables.hands import load, stacks_left
    from floorman.tables.view import finished
    from floorman.tournament.floor import apply_record
    from floorman.tournament.handforhand import follow

    def applied(record: dict[str, Any]) -> None:
        nonlocal playing
        apply_record(floor, record)
        if playing is not None:
            playing = follow(playing, record, floor)

    name, first, taken = str(link["name"]), int(link["hand"]), int(link["taken"])
    stored = [h for h in hands.hands(name, MAX_HANDS_TAKEN) if h.id >= first and h.id > taken]
    records: list[dict[str, Any]] = []
    for hand in sorted(stored, key=lambda h: h.id):
        if playing is not None and playing.on and table in playing.reported:
            break  # the round's hand is in from this table: the next one waits
        loaded = load(hands, hand)
        reason = hand.closed
        if reason is None:
            if not finished(loaded.state) or loaded.broken is not None:
                break
            reason = str(loaded.state.over_reason or "abandoned")
        left = stacks_left(loaded, reason)
        if left is None:
            break
        began = dict(loaded.values.seats)
        seats = floor.tables.get(table, {})
        out: list[dict[str, Any]] = []
        for seat, chips in sorted(left.items()):
            if seat not in seats:
                continue  # not the tournament's player here (moved or out meanwhile)
            if chips <= 0:
                out.append(
                    {"kind": "bust", "table": table, "seat": seat, "hand": hand.id,
                     "started": int(began.get(seat, seats[seat].chips)) or 1}
                )  # fmt: skip
            elif chips != seats[seat].chips:
                records.append(
                    {"kind": "chips", "table": table, "seat": seat, "chips": chips,
                     "hand": hand.id}
                )  # fmt: skip
                applied(records[-1])
        h4h = playing is not None and playing.on
        for index, bust in enumerate(out):
            if h4h:
                bust["hand_for_hand"] = True
            if index or (h4h and playing is not None and playing.busts_this_hand > 0):
                bust["same_hand"] = True
            if floor.players <= 1:
                break  # the winner
            applied(bust)
            records.append(bust)
        marker: dict[str, Any] = {"kind": "hand", "table": table, "hand": hand.id, "name": name}
        button = _button_after(loaded, left)
        if button is not None and floor.buttons.get(table) != button and table in floor.tables:
            marker["button"] = button
        records.append(marker)
        applied(marker)
    dealing = [h for h in stored if h.closed is None and not _is_taken(records, h.id)]
    if dealing and table in floor.tables:
        loaded = load(hands, dealing[-1])
        button = _button_after(loaded, dict(loaded.values.seats))
        if button is not None and floor.buttons.get(table) != button:
            record = {"kind": "button", "table": table, "seat": button, "hand": dealing[-1].id}
            records.append(record)
            applied(record)
    return records, playing


def _is_taken(records: Sequence[Mapping[str, Any]], hand: int) -> bool:
    return any(r["kind"] == "hand" and r.get("hand") == hand for r in records)


def _button_after(loaded: Any, left: Mapping[int, int]) -> int | None:
    """The button the table deals the hand after ``loaded`` with, by its button rule, the
    players ``left`` with chips dealt in (for a hand in progress, those it was dealt to):
    ``None`` when fewer than two are left."""
    from floorman.session.rotation import header_small_blind, next_position

    seats = [seat for seat, chips in sorted(left.items()) if chips > 0]
    if len(seats) < 2:
        return None
    values = loaded.values
    if loaded.stored.closed == "misdeal" or loaded.state.over_reason == "misdeal":
        return int(values.button)
    rule = loaded.recording.ruled.book.options.get("button_rule", "moving")
    before = sorted(values.seats)
    small = header_small_blind(values.small_blind)
    return int(next_position(before, values.button, seats, rule, small).button)


def _seat_changes(hands: Store, now: Current, linked: Mapping[int, Mapping[str, Any]]) -> None:
    """Between hands at each linked table, the players the tournament no longer seats
    there leave and those it seated there come in (a move, a late entrant), each a
    change logged at the table for its next hand."""
    from floorman.session.seating import Change
    from floorman.tables.seating import seating_now

    for table, link in sorted(linked.items()):
        name = str(link["name"])
        try:
            loaded, _rules, seating = seating_now(hands, name)
        except FloormanError:
            continue
        del loaded
        wanted = now.floor.tables.get(table, {})
        for seat in sorted(seating.players):
            if seat not in wanted:
                _change(hands, name, Change("leave", seat))
        for seat, seated in sorted(wanted.items()):
            if seat not in seating.players:
                change = Change(
                    "move",
                    seat,
                    seated.chips,
                    name=now.floor.names.get(seated.entry),
                    origin=f"tournament {now.stored.name}",
                )
                _change(hands, name, change)


def _change(hands: Store, name: str, change: Any) -> None:
    from floorman.tables.seating import log_change

    # a change the table refuses as it stands (a seat taken meanwhile) is the floor's call
    with contextlib.suppress(FloormanError):
        log_change(hands, name, change, "tournament")
