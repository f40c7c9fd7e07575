"""The tournament floor's rulings at a table, as use cases: a clock called on a player and
how it ended, warnings, penalties and disqualification with the penalty log, the hands
each table reports played, and hand-for-hand play; each a record in the tournament's
log, so every terminal on the store sees the same.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from floorman.errors import FloormanError
from floorman.store.tournaments import TournamentStore
from floorman.tables.tournament_money import payouts_table
from floorman.tables.tournaments import Current, _who, current
from floorman.tournament.clock import ClockError, ClockEvent, advance, reading
from floorman.tournament.clockcall import (
    ClockCall,
    ClockCallError,
    ClockRule,
    clock_rule,
    expiry_outcome,
    house_note,
    new_call,
)
from floorman.tournament.floor import FloorError, apply_record
from floorman.tournament.handforhand import (
    HandForHand,
    HandForHandError,
    check_report,
    clock_after,
    clock_running,
    h4h_rule,
    hand_for_hand,
    per_hand_seconds,
)
from floorman.tournament.penalties import (
    Penalty,
    PenaltyError,
    PenaltyLog,
    next_step,
    penalty_log,
    penalty_record,
    penalty_rule,
)

__all__ = [
    "Call",
    "bust_flags",
    "call_clock",
    "clock_calls",
    "end_call",
    "give_penalty",
    "h4h_state",
    "open_call",
    "penalties_data",
    "penalty_log_of",
    "report_hands",
    "set_hand_for_hand",
]

MAX_HANDS = 100


def _log(store: TournamentStore, now: Current) -> list[dict[str, Any]]:
    return [entry.data for entry in store.log(now.stored.name)]


def _fail(now: Current, error: Exception) -> FloormanError:
    return FloormanError(f"tournament {now.stored.name}: {error}")


def _append(
    store: TournamentStore, now: Current, records: Sequence[dict[str, Any]], by: str | None
) -> Current:
    floor = now.floor.copy()
    try:
        for data in records:
            apply_record(floor, data)
    except FloorError as error:
        raise _fail(now, error) from None
    store.append(now.stored.name, list(records), after=now.last, by=_who(by))
    return current(store, now.stored.name)


# -- clock calls ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Call:
    """A clock call with its rule, and how it ended (``None``: still open)."""

    call: ClockCall
    rule: ClockRule
    ended: str | None
    outcome: str | None

    def as_json(self) -> dict[str, Any]:
        return {
            **{k: v for k, v in self.call.record().items() if k != "kind"},
            "player": self.call.entry,
            "expires": self.call.expires.isoformat(),
            "on_expiry": expiry_outcome(self.call, self.rule),
            "ended": self.ended,
            "outcome": self.outcome,
            "cite": self.rule.cite,
            "house": house_note(self.rule, self.call.facing_bet) or None,
        }


def _calls(now: Current, log: Sequence[Mapping[str, Any]]) -> list[Call]:
    rule = clock_rule(now.structure.rulebook)
    calls: list[Call] = []
    for data in log:
        if data["kind"] == "clock-call":
            calls.append(Call(ClockCall.from_record(data), rule, None, None))
        elif data["kind"] == "clock-call-end":
            for index in range(len(calls) - 1, -1, -1):
                c = calls[index]
                if c.call.table == int(data["table"]) and c.ended is None:
                    ended, outcome = str(data["at"]), str(data["outcome"])
                    calls[index] = Call(c.call, rule, ended, outcome)
                    break
    return calls


def clock_calls(now: Current, log: Sequence[Mapping[str, Any]]) -> list[Call]:
    """Every clock called in the tournament's ``log``, in order, each with how it ended
    (``None`` while it runs)."""
    return _calls(now, log)


def open_call(store: TournamentStore, now: Current, table: int) -> Call | None:
    """The clock call at ``table`` not yet ended."""
    for c in reversed(_calls(now, _log(store, now))):
        if c.call.table == table and c.ended is None:
            return c
    return None


def call_clock(
    store: TournamentStore,
    now: Current,
    table: int,
    seat: int,
    *,
    facing_bet: bool,
    at: datetime,
    seconds: int | None = None,
    by: str | None = None,
) -> tuple[Current, Call]:
    """A clock called on the player at ``table`` ``seat`` at ``at``; refused while a
    clock is already on a player at the table."""
    rule = clock_rule(now.structure.rulebook)
    try:
        seated = now.floor.at(table, seat)
        call = new_call(rule, table, seat, seated.entry, facing_bet, at, seconds)
    except (FloorError, ClockCallError) as error:
        raise _fail(now, error) from None
    running = open_call(store, now, table)
    if running is not None:
        raise FloormanError(
            f"tournament {now.stored.name}: table {table} seat {running.call.seat} is on the"
            " clock already; end that call first (--acted or --expired)"
        )
    return _append(store, now, [call.record()], by), Call(call, rule, None, None)


def end_call(
    store: TournamentStore,
    now: Current,
    table: int,
    seat: int,
    *,
    acted: bool,
    at: datetime,
    by: str | None = None,
) -> tuple[Current, Call]:
    """The clock at ``table`` ended: the player acted in time, or time ran out and the
    hand is dead or checked, as the book says."""
    running = open_call(store, now, table)
    if running is None or running.call.seat != seat:
        raise FloormanError(
            f"tournament {now.stored.name}: no clock is on table {table} seat {seat}"
        )
    outcome = "acted" if acted else expiry_outcome(running.call, running.rule)
    record: dict[str, Any] = {
        "kind": "clock-call-end",
        "table": table,
        "seat": seat,
        "outcome": outcome,
        "at": at.isoformat(),
    }
    after = _append(store, now, [record], by)
    return after, Call(running.call, running.rule, at.isoformat(), outcome)


# -- penalties -----------------------------------------------------------------------------


def penalty_log_of(store: TournamentStore, now: Current) -> PenaltyLog:
    try:
        return penalty_log((e.data, e.at) for e in store.log(now.stored.name))
    except (FloorError, KeyError, TypeError, ValueError) as error:
        raise _fail(now, error) from None


def give_penalty(
    store: TournamentStore,
    now: Current,
    table: int,
    seat: int,
    kind: str,
    count: int,
    reason: str | None = None,
    by: str | None = None,
) -> tuple[Current, Penalty, bool]:
    """A penalty to the player at ``table`` ``seat``: ``kind`` ``next`` is the next rung
    of the house ladder after the player's penalties so far (the flag says so)."""
    laddered = kind == "next"
    try:
        seated = now.floor.at(table, seat)
        if laddered:
            kind, count = next_step(penalty_log_of(store, now).of(seated.entry))
        record = penalty_record(now.floor, table, seat, kind, count, now.structure.rulebook, reason)
    except (FloorError, PenaltyError) as error:
        raise _fail(now, error) from None
    after = _append(store, now, [record], by)
    given = penalty_log_of(store, after).penalties[-1]
    return after, given, laddered


def penalties_data(
    store: TournamentStore, now: Current, player: int | None = None, at: datetime | None = None
) -> dict[str, Any]:
    """The penalty log as ``floorman tournament penalties --json`` prints it at ``at``
    (default: now; a penalty in minutes runs by the clock on the wall)."""
    moment = at or datetime.now(UTC)
    log = penalty_log_of(store, now)
    floor = now.floor
    known = {b.entry for b in floor.busts} | set(log.disqualified)
    known |= {s.entry for seats in floor.tables.values() for s in seats.values()}
    if player is not None and player not in known:
        raise FloormanError(
            f"--player {player}: the tournament has entrants 1 to {floor.entrants}"
            if not 1 <= player <= floor.entrants
            else f"--player {player}: not an entrant of {now.stored.name}"
        )
    chosen = [p for p in log.penalties if player is None or p.entry == player]
    hands, minutes = log.on_penalty(), log.away(moment)
    rule = penalty_rule(now.structure.rulebook)
    calls = [c for c in _calls(now, _log(store, now)) if player is None or c.call.entry == player]
    return {
        "tournament": now.stored.name,
        "rulebook": now.structure.rulebook,
        "player": player,
        "penalties": [
            {
                **p.as_json(),
                "name": floor.names.get(p.entry),
                "minutes_left": p.minutes_left(moment),
            }
            for p in chosen
        ],
        "on_penalty": [
            {
                "player": e,
                "name": floor.names.get(e),
                "hands_left": hands.get(e, 0),
                "minutes_left": minutes.get(e, 0),
                "where": _where(now, e),
            }
            for e in sorted(set(hands) | set(minutes))
            if (player is None or e == player) and _where(now, e) is not None
        ],
        "clock_calls": [c.as_json() for c in calls],
        "dealt_in": rule.dealt_in,
        "begins": rule.begins,
    }


def _where(now: Current, entry: int) -> list[int] | None:
    try:
        return list(now.floor.find(entry))
    except FloorError:
        return None


# -- hands played and hand-for-hand ----------------------------------------------------------


def h4h_state(store: TournamentStore, now: Current) -> HandForHand:
    try:
        return hand_for_hand(_log(store, now))
    except (FloorError, KeyError, TypeError, ValueError) as error:
        raise _fail(now, error) from None


def bust_flags(log: Sequence[Mapping[str, Any]]) -> tuple[bool, bool]:
    """For a bust recorded now: played hand-for-hand, and in the same hand-for-hand hand as
    a bust already recorded (so they share places, TDA 2024 RP-8-A)."""
    state = hand_for_hand(log)
    return state.on, state.on and state.busts_this_hand > 0


@dataclass(frozen=True, slots=True)
class Reported:
    """What a report of hands played did: the penalties it served and hand-for-hand."""

    now: Current
    served: list[Penalty]
    left: dict[int, int]
    """Each player on penalty after the report, with the hands left to miss."""
    h4h: HandForHand
    completed: bool
    paused: bool
    clock: ClockEvent | None
    in_the_money: bool = False
    """Hand-for-hand, the players left are all paid: time to stop it."""


def report_hands(
    store: TournamentStore,
    now: Current,
    table: int,
    count: int,
    *,
    at: datetime,
    by: str | None = None,
) -> Reported:
    """``count`` hands played at ``table``; hand-for-hand, the table's report of its hand
    done: the clock paused on the first report, and set back the time per hand once
    every table has reported."""
    if not 1 <= count <= MAX_HANDS:
        raise FloormanError(f"--count {count}: from 1 to {MAX_HANDS}")
    before = h4h_state(store, now)
    try:
        check_report(before, table, count)
    except HandForHandError as error:
        raise _fail(now, error) from None
    records: list[dict[str, Any]] = [{"kind": "hand", "table": table, "count": count}]
    clock = now.clock
    paused = False
    event: ClockEvent | None = None
    try:
        if before.on and clock_running(clock):
            pause = ClockEvent("pause", at)
            clock = advance(clock, pause, now.structure)
            records.append(pause.record())
            paused = True
        log = _log(store, now)
        after_state = hand_for_hand([*log, *records])
        completed = before.on and after_state.hands_done > before.hands_done
        position = after_state.position()
        if completed and position is not None:
            event = clock_after(now.structure, position, at)
            advance(clock, event, now.structure)
            records.append(event.record())
    except (ClockError, FloorError) as error:
        raise _fail(now, error) from None
    earlier = {p.number: p.served for p in penalty_log_of(store, now).penalties}
    after = _append(store, now, records, by)
    log_after = penalty_log_of(store, after)
    served = [p for p in log_after.penalties if p.served > earlier.get(p.number, 0)]
    left = log_after.on_penalty()
    paid = payouts_table(after, _log(store, after)) if completed else None
    in_money = paid is not None and after.floor.players <= paid.places_paid
    return Reported(after, served, left, after_state, completed, paused, event, in_money)


def set_hand_for_hand(
    store: TournamentStore,
    now: Current,
    action: str,
    *,
    at: datetime,
    minutes: int | None = None,
    by: str | None = None,
) -> Current:
    """Announce hand-for-hand (the hand in play is its first hand) or stop it (the clock
    runs again if hand-for-hand paused it)."""
    state = h4h_state(store, now)
    rule = h4h_rule(now.structure.rulebook)
    records: list[dict[str, Any]] = []
    if action == "start":
        if state.on:
            raise _fail(now, HandForHandError("hand-for-hand has started already"))
        try:
            per_hand = per_hand_seconds(rule, minutes)
        except HandForHandError as error:
            raise _fail(now, error) from None
        played = None
        if now.clock.started is not None:
            played = reading(now.structure, now.clock, at, now.floor.level).played
        records.append(
            {"kind": "hand-for-hand", "action": "start", "per_hand": per_hand,
             "played": played, "at": at.isoformat(), "cite": rule.start}
        )  # fmt: skip
    else:
        if not state.on:
            raise _fail(now, HandForHandError("hand-for-hand is not on"))
        if minutes is not None:
            raise FloormanError("--minutes goes with start")
        records.append({"kind": "hand-for-hand", "action": "stop", "at": at.isoformat()})
        if state.played is not None and now.clock.started and not now.clock.running:
            records.append(ClockEvent("resume", at).record())
    return _append(store, now, records, by)
