"""A tournament as the floor's pages show it: its clock, its tables with their players,
the moves due now with their citations, the tables to halt, the busts, latest first, the
clocks called and the penalties being served; and the part of it one room table's
station shows (the level, a move from or to that table, a clock called on a player there
and its players on penalty).

Pure: it reads a tournament as it stands (:class:`floorman.tables.tournaments.Current`)
at a moment and builds plain data; no store, no HTTP. The moves are those ``floorman
tournament balance`` prints, drawn the same way, so the floor sees on the screen the
very moves ``balance --apply`` carries out.

A room table is a tournament's table ``T`` when it is named ``T`` (``7``) or the
tournament's name, a dash and ``T`` (``daily-7``, in any case): the station at that
table shows the tournament's level and its moves.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any, Final

from floorman.tables.tournament_clock import clock_data
from floorman.tables.tournaments import Current, due
from floorman.tournament.balance import Move, Plan
from floorman.tournament.clockcall import countdown
from floorman.tournament.floor import FloorError
from floorman.tournament.penalties import Penalty, PenaltyLog, penalty_rule
from floorman.vocabulary import room_time

if TYPE_CHECKING:
    from floorman.tables.tournament_floor import Call

__all__ = [
    "BUSTS_SHOWN",
    "CALLS_SHOWN",
    "calls_view",
    "penalties_view",
    "station_part",
    "summary",
    "table_number",
    "tournament_view",
]

BUSTS_SHOWN: Final = 12
"""How many of the latest busts the floor's pages list."""
CALLS_SHOWN: Final = 3
"""How many of the latest clock calls ended the floor's pages list (every one running)."""


def table_number(
    tournament: str, room_table: str, linked: Mapping[str, int] | None = None
) -> int | None:
    """The tournament's table that the room's table ``room_table`` is, if it is one: the
    table dealt there (``floorman tournament deal``), else by its name.

    >>> [table_number("Daily", t) for t in ("7", "daily-7", "DAILY-12", "deep-7", "07", "x")]
    [7, 7, 12, None, None, None]
    >>> table_number("Daily", "Table Two", {"Table Two": 2})
    2
    """
    if linked:
        for name, table in linked.items():
            if _folded(name) == _folded(room_table):
                return table
    head, dash, tail = room_table.rpartition("-")
    number = tail if dash and _folded(head) == _folded(tournament) else room_table
    if not (number.isascii() and number.isdigit()) or number.startswith("0") or len(number) > 6:
        return None
    return int(number)


def _folded(name: str) -> str:
    """A name in any case of the letters A to Z, as the store matches tournaments' names."""
    return "".join(c.lower() if "A" <= c <= "Z" else c for c in name)


def move_view(now: Current, move: Move) -> dict[str, Any]:
    """One move as ``balance --json`` gives it, with the player's name and the line the
    floor reads out."""
    (source_table, source_seat), (target_table, target_seat) = move.source, move.target
    said = (
        f"{now.floor.name(move.entry)}, {move.chips} chips: table {source_table} seat"
        f" {source_seat} to table {target_table} seat {target_seat}"
    )
    if move.waits:
        said += ", dealt in once the button has passed"
    return {**move.as_json(), "name": now.floor.names.get(move.entry), "said": said}


def call_view(now: Current, call: Call, at: datetime) -> dict[str, Any]:
    """One clock call as ``call-clock --json`` gives it, with the player's name, where it
    stands at ``at`` (``phase``: ``time``, ``count``, ``expired`` while it is not ended,
    else ``ended``; ``left_seconds`` to the end of the count) and the line the floor
    reads."""
    c = call.call
    who = f"table {c.table} seat {c.seat} ({now.floor.name(c.entry)})"
    facing = "facing a bet" if c.facing_bet else "not facing a bet"
    data = call.as_json()
    house = f"; {data['house']}" if data["house"] else ""
    if call.ended is not None:
        phase, left = "ended", None
        if call.outcome == "acted":
            said = f"{who} acted in time: the clock is off (a tie goes to the player)"
        else:
            said = f"time ran out on {who}, {facing}: the hand was {call.outcome}{house}"
    else:
        stands = countdown(c, at)
        phase, left = stands.phase, stands.left
        if stands.phase == "time":
            left += c.count
        if stands.phase == "expired":
            said = f"time: {who}, {facing}: the hand is {data['on_expiry']}{house}"
        else:
            said = (
                f"{who} is on the clock, {facing}: {c.seconds} seconds, then a {c.count}-second"
                f" count; then the hand is {data['on_expiry']}{house}"
            )
    return {
        **data,
        "name": now.floor.names.get(c.entry),
        "phase": phase,
        "left_seconds": left,
        "said": said,
    }


def calls_view(now: Current, calls: Sequence[Call], at: datetime) -> dict[str, Any]:
    """The clock calls the floor's pages show at ``at``: every one running (``on``), and
    the latest ended, latest first (``ended``, at most :data:`CALLS_SHOWN`)."""
    running = [call_view(now, c, at) for c in calls if c.ended is None]
    ended = [call_view(now, c, at) for c in reversed(calls) if c.ended is not None]
    return {"on": running, "ended": ended[:CALLS_SHOWN], "count": len(calls)}


def _counted(number: int, noun: str) -> str:
    return f"{number} {noun}" + ("" if number == 1 else "s")


def penalty_view(now: Current, p: Penalty, where: tuple[int, int], at: datetime) -> dict[str, Any]:
    """A penalty being served at ``at``, as ``penalties --json`` gives it, with where the
    player sits now, what is left (``hands_left``; for a penalty in minutes
    ``left_seconds`` to ``until``, by the clock on the wall) and the line the floor reads."""
    table, seat = where
    who = f"table {table} seat {seat} ({now.floor.name(p.entry)})"
    until = p.until
    if until is not None:
        left: int | None = max(0, math.ceil((until - at).total_seconds()))
        said = (
            f"{who}: dealt out for {_counted(p.count, 'minute')}, until {room_time(until, '%H:%M')}"
        )
    else:
        left = None
        missed = (
            _counted(p.count, "missed hand")
            if p.kind == "hands"
            else f"{_counted(p.count, 'round')} missed ({_counted(p.hands, 'hand')})"
        )
        said = f"{who}: {missed}, {_counted(p.left, 'hand')} left"
    data = p.as_json()
    return {
        **{k: data[k] for k in ("number", "player", "penalty", "count", "hands", "minutes",
                                "until", "reason", "cite", "at")},
        "name": now.floor.names.get(p.entry),
        "table": table,
        "seat": seat,
        "hands_left": p.left,
        "left_seconds": left,
        "said": said,
    }  # fmt: skip


def penalties_view(now: Current, log: PenaltyLog, at: datetime) -> dict[str, Any]:
    """The penalties the floor's pages show at ``at``: every one being served by a player
    still seated (``on``: hands still to miss, or minutes not yet run), in the order
    given; ``dealt_in``, the rule for a player away on penalty; ``count``, every penalty
    given (warnings and disqualifications included)."""
    on = []
    for p in log.penalties:
        if p.left <= 0 and p.minutes_left(at) <= 0:
            continue
        try:
            where = now.floor.find(p.entry)
        except FloorError:
            continue  # out or disqualified since
        on.append(penalty_view(now, p, where, at))
    return {
        "on": on,
        "count": len(log.penalties),
        "dealt_in": penalty_rule(now.structure.rulebook).dealt_in,
    }


def tournament_view(
    now: Current,
    at: datetime,
    planned: Plan | None = None,
    calls: Sequence[Call] = (),
    penalties: PenaltyLog | None = None,
) -> dict[str, Any]:
    """Everything the floor's pages show of a tournament at ``at``; ``calls``: the clock
    calls of its log (:func:`floorman.tables.tournament_floor.clock_calls`);
    ``penalties``: its penalty log (:func:`floorman.tournament.penalties.penalty_log`)."""
    floor = now.floor
    planned = due(now) if planned is None else planned
    counts = floor.counts()
    fullest = max(counts.values(), default=0)
    halted = {h.table: h for h in planned.halts}
    moving = {m.source[0] for m in planned.moves} | {m.target[0] for m in planned.moves}
    tolerance, tolerance_why = now.book.tolerance(len(floor.tables))
    clock = clock_data(now, at)
    moves = [move_view(now, m) for m in planned.moves]
    return {
        "tournament": now.stored.name,
        "title": now.structure.title,
        "at": clock["at"],
        "log": now.last,
        "clock": {k: v for k, v in clock.items() if k not in ("tournament", "title", "at")},
        "players": floor.players,
        "entrants": floor.entrants,
        "average_stack": clock["average_stack"],
        "finished": floor.players <= 1,
        "linked": dict(now.linked),
        "tables": [
            {
                "table": table,
                "players": counts[table],
                "seats": floor.table_seats,
                "short": fullest - counts[table],
                "halted": table in halted,
                "moving": table in moving,
            }
            for table in sorted(floor.tables)
        ],
        "within": {"players": tolerance, "why": tolerance_why},
        "next_move": moves[0] if moves else None,
        "moves": moves,
        "breaking": [{"table": table, "cite": cite} for table, cite in planned.broken],
        "halts": [h.as_json() for h in planned.halts],
        "notes": list(planned.notes),
        "busts": [
            {
                "player": b.entry,
                "name": floor.names.get(b.entry),
                "table": b.table,
                "seat": b.seat,
                "chips": b.chips,
            }
            for b in reversed(floor.busts[-BUSTS_SHOWN:])
        ],
        "bust_count": len(floor.busts),
        "clock_calls": calls_view(now, calls, at),
        "penalties": penalties_view(now, penalties or PenaltyLog(), at),
    }


def summary(view: dict[str, Any]) -> dict[str, Any]:
    """A tournament in the list: its name, clock, players and the moves due."""
    return {
        key: view[key]
        for key in ("tournament", "title", "clock", "players", "entrants", "average_stack",
                    "finished", "next_move", "halts", "bust_count", "clock_calls",
                    "penalties")
    }  # fmt: skip


def station_part(view: dict[str, Any], room_table: str) -> dict[str, Any] | None:
    """What the station at ``room_table`` shows of a tournament: the level and the moves
    from or to its table, the halt of its table, the clocks running on its players
    (TDA 2024 Rule 29) and its players on penalty; ``None`` when the table is none of the
    tournament's tables in play."""
    number = table_number(view["tournament"], room_table, view.get("linked"))
    if number is None or number not in {t["table"] for t in view["tables"]}:
        return None
    return {
        "tournament": view["tournament"],
        "title": view["title"],
        "table": number,
        "clock": view["clock"],
        "players": view["players"],
        "average_stack": view["average_stack"],
        "leaving": [m for m in view["moves"] if m["from"][0] == number],
        "coming": [m for m in view["moves"] if m["to"][0] == number],
        "breaking": any(b["table"] == number for b in view["breaking"]),
        "halt": next((h for h in view["halts"] if h["table"] == number), None),
        "clock_calls": [c for c in view["clock_calls"]["on"] if c["table"] == number],
        "penalties": [p for p in view["penalties"]["on"] if p["table"] == number],
        "dealt_in": view["penalties"]["dealt_in"],
    }
