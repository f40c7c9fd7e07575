"""``floorman tournament`` at the tables: a clock called on a player (``call-clock``),
warnings and penalties (``penalty``) and the penalty log (``penalties``), the hands a
table reports played (``hand``), and hand-for-hand play (``hand-for-hand``)."""

from __future__ import annotations

import json
import select
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, Any

import typer

from floorman.cli._app import help_example
from floorman.cli._console import echo, show
from floorman.cli._errors import user_errors
from floorman.cli._options import ByOption, DbOption
from floorman.cli._output import counted
from floorman.cli.tournament import (
    JsonOption,
    NameArgument,
    SeatArgument,
    TableArgument,
    tournament_app,
)
from floorman.errors import FloormanError

if TYPE_CHECKING:
    from floorman.tables.tournament_floor import Call
    from floorman.tables.tournaments import Current
    from floorman.tournament.penalties import Penalty

now_utc: Callable[[], datetime] = lambda: datetime.now(UTC)  # noqa: E731
"""The moment; tests of the countdown replace it and :data:`pause`."""
pause: Callable[[float], None] = time.sleep


def _player(now: Current, entry: int) -> str:
    return now.floor.name(entry)


# -- call-clock ----------------------------------------------------------------------------


def _call_head(now: Current, call: Call) -> str:
    c, rule = call.call, call.rule
    facing = "facing a bet" if c.facing_bet else "not facing a bet"
    count = f"a {c.count}-second count"
    return (
        f"table {c.table} seat {c.seat}: {_player(now, c.entry)} is on the clock, {facing}:"
        f" {counted(c.seconds, 'second')}, then {count} [{rule.cite}]"
    )


def _outcome_line(now: Current, call: Call) -> str:
    c = call.call
    who = f"table {c.table} seat {c.seat} ({_player(now, c.entry)})"
    if call.outcome == "acted":
        return f"{who} acted in time: the clock is off (a tie goes to the player)"
    facing = "facing a bet" if c.facing_bet else "not facing a bet"
    house = call.as_json()["house"]
    note = f"; {house}" if house else ""
    return f"time: {who}, {facing}: the hand is {call.outcome} [{call.rule.cite}]{note}"


def _wait_for_enter(seconds: float) -> bool:
    """Wait ``seconds``; ``True`` when Enter was pressed at a terminal meanwhile."""
    if sys.stdin is not None and sys.stdin.isatty():
        ready, _, _ = select.select([sys.stdin], [], [], seconds)
        if ready:
            sys.stdin.readline()
            return True
        return False
    pause(seconds)
    return False


def _count_down(call: Call) -> bool:
    """Show the countdown until the call runs out; ``True`` if the floor pressed Enter
    (the player acted) first."""
    from floorman.tournament.clockcall import countdown

    redraw = sys.stdout.isatty()
    shown = None
    while True:
        at = now_utc()
        state = countdown(call.call, at)
        if state.phase == "expired":
            if redraw:
                echo()
            return False
        text = (
            f"{state.count}"
            if state.phase == "count"
            else f"{counted(state.left, 'second')}, then the count"
        )
        if text != shown and state.count != 0:
            if redraw:
                sys.stdout.write(f"\r\033[K{text}")
                sys.stdout.flush()
            else:
                echo(text)
            shown = text
        wait = 1.0 - ((at - call.call.at).total_seconds() % 1.0)
        if _wait_for_enter(max(wait, 0.01)):
            if redraw:
                echo()
            return True


@tournament_app.command(
    "call-clock",
    epilog=help_example(
        "floorman tournament call-clock daily 3 5",
        "floorman tournament call-clock daily 3 5 --no-bet --no-wait",
        "floorman tournament call-clock daily 3 5 --acted",
    ),
)
def tournament_call_clock(
    name: NameArgument,
    table: TableArgument,
    seat: SeatArgument,
    no_bet: Annotated[
        bool, typer.Option("--no-bet", help="The player is not facing a bet.")
    ] = False,
    seconds: Annotated[
        int | None,
        typer.Option(
            "--seconds",
            help="The time the floor gives before the count (default: the book's).",
            min=0,
            max=300,
            show_default=False,
        ),
    ] = None,
    no_wait: Annotated[
        bool, typer.Option("--no-wait", help="Record the call and return: no countdown.")
    ] = False,
    acted: Annotated[
        bool, typer.Option("--acted", help="The player on the clock acted in time.")
    ] = False,
    expired: Annotated[
        bool, typer.Option("--expired", help="Time ran out on the player on the clock.")
    ] = False,
    as_json: JsonOption = False,
    by: ByOption = None,
    db: DbOption = None,
) -> None:
    """A clock on the player at TABLE SEAT (TDA 2024 Rule 29, WSOP T 80, RRoP §14 No-Limit
    Rules 13): the call recorded, the countdown shown, and when it runs out the hand dead
    or checked, as the book says, recorded. Press Enter when the player acts in time."""
    from floorman.store.tournaments import open_tournament_store
    from floorman.tables.tournament_floor import call_clock, end_call
    from floorman.tables.tournaments import current

    with user_errors():
        if acted and expired:
            raise FloormanError("--acted or --expired, not both")
        ending = acted or expired
        if ending and (no_bet or seconds is not None or no_wait):
            raise FloormanError(
                "--acted and --expired end a call: no --no-bet, --seconds, --no-wait"
            )
        with open_tournament_store(db) as store:
            now = current(store, name)
            if ending:
                now, ended = end_call(store, now, table, seat, acted=acted, at=now_utc(), by=by)
                _print_calls(now, [ended], as_json)
                return
            now, call = call_clock(
                store, now, table, seat, facing_bet=not no_bet, at=now_utc(),
                seconds=seconds, by=by,
            )  # fmt: skip
    if no_wait:
        if not as_json:
            show([_call_head(now, call), f"end it: floorman tournament call-clock {name} {table} "
                  f"{seat} --acted (or --expired)"])  # fmt: skip
        else:
            _print_calls(now, [call], True)
        return
    if not as_json:
        show([_call_head(now, call)])
    try:
        in_time = _count_down(call)
    except KeyboardInterrupt:
        echo()
        echo(f"the clock stays on table {table} seat {seat}: end it with --acted or --expired")
        return
    with user_errors(), open_tournament_store(db) as store:
        now = current(store, name)
        now, ended = end_call(store, now, table, seat, acted=in_time, at=now_utc(), by=by)
    _print_calls(now, [ended], as_json)


def _print_calls(now: Current, calls: list[Call], as_json: bool) -> None:
    if as_json:
        echo(json.dumps(calls[0].as_json(), ensure_ascii=False, indent=2))
        return
    show([_outcome_line(now, c) if c.outcome else _call_head(now, c) for c in calls])


# -- penalty and penalties -------------------------------------------------------------------


class PenaltyKind(StrEnum):
    warning = "warning"
    hand = "hand"
    hands = "hands"
    round = "round"
    rounds = "rounds"
    minute = "minute"
    minutes = "minutes"
    disqualify = "disqualify"
    next = "next"


_KIND = {
    "warning": "warning",
    "hand": "hands",
    "hands": "hands",
    "round": "rounds",
    "rounds": "rounds",
    "minute": "minutes",
    "minutes": "minutes",
    "disqualify": "disqualification",
    "next": "next",
}


def _until(moment: datetime | str | None) -> str:
    from floorman.vocabulary import room_time

    return room_time(moment, "%H:%M") if moment is not None else ""


def penalty_words(p: Penalty) -> str:
    """``a warning``, ``1 missed hand``, ``2 rounds: 18 hands (9 players × 2)``."""
    if p.kind == "warning":
        return "a warning"
    if p.kind == "disqualification":
        return f"disqualified, {p.chips} chips removed from play"
    if p.kind == "hands":
        return f"{counted(p.count, 'missed hand')}"
    if p.kind == "minutes":
        return f"dealt out for {counted(p.count, 'minute')}, until {_until(p.until)}"
    rounds = counted(p.count, "round")
    return f"{rounds} missed: {counted(p.hands, 'hand')} ({p.players} at the table × {p.count})"


@tournament_app.command(
    "penalty",
    epilog=help_example(
        "floorman tournament penalty daily 3 5 warning --reason 'excessive chatter'",
        "floorman tournament penalty daily 3 5 rounds 2 --reason 'threw cards'",
        "floorman tournament penalty daily 3 5 minutes 10 --reason 'threw cards'",
        "floorman tournament penalty daily 3 5 next",
        "floorman tournament penalty daily 3 5 disqualify --reason 'collusion'",
    ),
)
def tournament_penalty(
    name: NameArgument,
    table: TableArgument,
    seat: SeatArgument,
    kind: Annotated[
        PenaltyKind,
        typer.Argument(
            help="warning, hand(s), round(s), minute(s), disqualify, or next (the house's ladder).",
            show_default=False,
        ),
    ],
    count: Annotated[
        int,
        typer.Argument(
            help="How many hands, rounds (1 to 20) or minutes (1 to 120).", min=1, max=120
        ),
    ] = 1,
    reason: Annotated[
        str | None,
        typer.Option("--reason", metavar="TEXT", help="What the player did.", show_default=False),
    ] = None,
    as_json: JsonOption = False,
    by: ByOption = None,
    db: DbOption = None,
) -> None:
    """A warning, a penalty or disqualification for the player at TABLE SEAT (TDA 2024
    Rules 70, 71; WSOP T 113, 114; RRoP §15): a missed round is one hand for every
    player at the table, times the rounds; minutes run by the clock on the wall from
    now (RRoP §15 rule 27; a house option under TDA; not under WSOP); a player on
    penalty is dealt in and the hand killed; a disqualified player's chips are removed
    from play."""
    from floorman.store.tournaments import open_tournament_store
    from floorman.tables.tournament_floor import give_penalty, penalty_log_of
    from floorman.tables.tournaments import current, due
    from floorman.tournament.penalties import penalty_rule

    with user_errors():
        if reason is not None and (len(reason) > 200 or not reason.isprintable()):
            raise FloormanError("--reason: up to 200 printable characters")
        with open_tournament_store(db) as store:
            now = current(store, name)
            after, given, laddered = give_penalty(
                store, now, table, seat, _KIND[kind.value], count, reason, by
            )
            before = [p for p in penalty_log_of(store, after).of(given.entry)
                      if p.number < given.number]  # fmt: skip
            planned = due(after)
    if as_json:
        echo(json.dumps({**given.as_json(), "name": after.floor.names.get(given.entry),
                         "house_ladder": laddered}, ensure_ascii=False, indent=2))  # fmt: skip
        return
    rule = penalty_rule(after.structure.rulebook)
    who = f"table {table} seat {seat}: {_player(after, given.entry)}"
    lines = [f"{who}: {penalty_words(given)} [{given.cite}]"]
    if laddered:
        lines.append("the next step of the house's ladder (house option: the books do not fix"
                     " the order of escalating penalties)")  # fmt: skip
    if given.hands:
        lines.append(
            f"away from the table: dealt in, blinds and antes posted, the hand killed after the"
            f" initial deal [{rule.dealt_in}]; the penalty begins at the end of the hand"
            f" [{rule.begins}]"
        )
        lines.append(f"report the hands played: floorman tournament hand {after.stored.name} TABLE")
    if given.kind == "minutes":
        lines.append(
            f"away from the table: dealt in, blinds and antes posted, the hand killed after the"
            f" initial deal [{rule.dealt_in}]; the minutes run from now, breaks included"
            " (house option: the books do not say when a length of time starts)"
        )
    if before:
        earlier = "; ".join(f"{penalty_words(p)}" for p in before)
        lines.append(
            f"before: {earlier}; repeat infractions are subject to escalating penalties"
            f" [{rule.escalation}]"
        )
    if given.kind == "disqualification":
        lines.append(f"{counted(after.floor.players, 'player')} left")
        if planned.moves or planned.broken:
            lines.append(
                f"{counted(len(planned.moves), 'move')} due:"
                f" floorman tournament balance {after.stored.name}"
            )
    show(lines)


@tournament_app.command(
    "penalties",
    epilog=help_example(
        "floorman tournament penalties daily", "floorman tournament penalties daily --player 41"
    ),
)
def tournament_penalties(
    name: NameArgument,
    player: Annotated[
        int | None,
        typer.Option(
            "--player", help="One entrant's penalties (by number).", min=1, show_default=False
        ),
    ] = None,
    as_json: JsonOption = False,
    db: DbOption = None,
) -> None:
    """The penalty log: every warning, penalty and disqualification with its rule and the
    hands served, the players on penalty now, and the clocks called."""
    from floorman.store.tournaments import open_tournament_store
    from floorman.tables.tournament_floor import penalties_data
    from floorman.tables.tournaments import current

    with user_errors(), open_tournament_store(db) as store:
        now = current(store, name)
        data = penalties_data(store, now, player, at=now_utc())
    if as_json:
        echo(json.dumps(data, ensure_ascii=False, indent=2))
        return
    show(penalty_lines(data))


def _who(row: dict[str, Any]) -> str:
    return f"{row['name']} ({row['player']})" if row["name"] else f"entrant {row['player']}"


def penalty_lines(data: dict[str, Any]) -> list[str]:
    """The penalty log as the terminal shows it."""
    whose = f", entrant {data['player']}" if data["player"] is not None else ""
    lines = [f"tournament {data['tournament']}: penalty log{whose}"]
    if not data["penalties"]:
        lines.append("no penalty given")
    for row in data["penalties"]:
        words = {
            "warning": "warning",
            "hands": f"{counted(row['count'], 'missed hand')}",
            "rounds": f"{counted(row['count'], 'round')} ({counted(row['hands'], 'hand')})",
            "minutes": f"dealt out for {counted(row['minutes'], 'minute')}, until"
            f" {_until(row['until'])}",
            "disqualification": f"disqualified, {row['chips_removed']} chips removed",
        }[row["penalty"]]
        served = f", {row['served']} of {row['hands']} served" if row["hands"] else ""
        if row["penalty"] == "minutes":
            left = row["minutes_left"]
            served = f", {counted(left, 'minute')} left" if left else ", served"
        why = f" — {row['reason']}" if row["reason"] else ""
        lines.append(
            f"  {row['number']}. {_who(row)}, table {row['table']} seat {row['seat']}:"
            f" {words}{served}{why} [{row['cite']}]"
        )
    for row in data["on_penalty"]:
        where = f" at table {row['where'][0]} seat {row['where'][1]}" if row["where"] else ""
        owed = [
            counted(row[key], word)
            for key, word in (("hands_left", "hand"), ("minutes_left", "minute"))
            if row[key]
        ]
        lines.append(
            f"on penalty: {_who(row)}{where}, {' and '.join(owed)} left:"
            f" dealt in and the hand killed [{data['dealt_in']}]"
        )
    for call in data["clock_calls"]:
        end = call["outcome"] or "still on the clock"
        facing = "facing a bet" if call["facing_bet"] else "not facing a bet"
        lines.append(
            f"clock called on entrant {call['player']}, table {call['table']} seat"
            f" {call['seat']}, {facing}: {end} [{call['cite']}]"
        )
    return lines


# -- hands played and hand-for-hand ----------------------------------------------------------


@tournament_app.command(
    "hand",
    epilog=help_example(
        "floorman tournament hand daily 3", "floorman tournament hand daily 3 --count 9"
    ),
)
def tournament_hand(
    name: NameArgument,
    table: TableArgument,
    count: Annotated[
        int, typer.Option("--count", help="Hands played (hand-for-hand: one).", min=1, max=100)
    ] = 1,
    as_json: JsonOption = False,
    by: ByOption = None,
    db: DbOption = None,
) -> None:
    """The hands played at TABLE (a misdeal and its re-deal are one hand): players on
    penalty there serve them; hand-for-hand, the table's report of its hand done."""
    from floorman.store.tournaments import open_tournament_store
    from floorman.tables.tournament_floor import report_hands
    from floorman.tournament.clock import minutes_seconds, reading

    with user_errors(), open_tournament_store(db) as store:
        from floorman.tables.tournaments import current

        now = current(store, name)
        done = report_hands(store, now, table, count, at=now_utc(), by=by)
        after = done.now
        level = reading(after.structure, after.clock, now_utc(), after.floor.level)
    h4h = done.h4h
    if as_json:
        echo(json.dumps({
            "tournament": after.stored.name, "table": table, "count": count,
            "served": [{"number": p.number, "player": p.entry, "served": p.served,
                        "left": p.left} for p in done.served],
            "on_penalty": {str(e): left for e, left in sorted(done.left.items())},
            "hand_for_hand": h4h.as_json(), "hand_done": done.completed,
            "in_the_money": done.in_the_money,
            "clock_paused": done.paused,
            "clock": {"level": level.level, "left_seconds": level.left} if done.clock else None,
        }, ensure_ascii=False, indent=2))  # fmt: skip
        return
    lines = [f"table {table}: {counted(count, 'hand')} played"]
    for entry in dict.fromkeys(p.entry for p in done.served):
        hands_left = done.left.get(entry, 0)
        state = (
            f"on penalty, {counted(hands_left, 'hand')} left"
            if hands_left
            else "has served the penalty: back in play from the next hand"
        )
        lines.append(f"  {_player(after, entry)} {state}")
    if done.paused:
        lines.append("hand-for-hand: the clock is paused [" + _h4h_rule(after).pause + "]")
    if done.completed:
        left = "the last level" if level.left is None else minutes_seconds(level.left)
        lines.append(
            f"hand-for-hand: hand {h4h.hand - 1} done at every table; the clock is at level"
            f" {level.level}, {left} left [{_h4h_rule(after).clock}]"
        )
        if done.in_the_money:
            lines.append(
                f"{counted(after.floor.players, 'player')} left, all paid: stop hand-for-hand"
                f" (floorman tournament hand-for-hand {after.stored.name} stop)"
            )
        else:
            lines.append(f"deal hand {h4h.hand} at every table")
    elif h4h.on:
        waiting = ", ".join(str(t) for t in h4h.waiting)
        tables = "tables" if len(h4h.waiting) > 1 else "table"
        lines.append(f"hand-for-hand: hand {h4h.hand}, waiting for {tables} {waiting}")
    show(lines)


def _h4h_rule(now: Current) -> Any:
    from floorman.tournament.handforhand import h4h_rule

    return h4h_rule(now.structure.rulebook)


class H4HAction(StrEnum):
    start = "start"
    stop = "stop"


@tournament_app.command(
    "hand-for-hand",
    epilog=help_example(
        "floorman tournament hand-for-hand daily start",
        "floorman tournament hand-for-hand daily",
        "floorman tournament hand-for-hand daily stop",
    ),
)
def tournament_hand_for_hand(
    name: NameArgument,
    action: Annotated[
        H4HAction | None,
        typer.Argument(help="start or stop hand-for-hand (default: show it).", show_default=False),
    ] = None,
    minutes: Annotated[
        int | None,
        typer.Option(
            "--minutes",
            help="start: minutes run off the clock per hand (default: the book's, 2).",
            min=0,
            max=10,
            show_default=False,
        ),
    ] = None,
    as_json: JsonOption = False,
    by: ByOption = None,
    db: DbOption = None,
) -> None:
    """Hand-for-hand play (TDA 2024 RP-8, WSOP T 126): announced, the hand in play is its
    first hand; every table reports its hand done (``tournament hand``), the next begins
    when all have; the clock runs 2 minutes off per hand; busts in one hand share places."""
    from floorman.store.tournaments import open_tournament_store
    from floorman.tables.tournament_floor import h4h_state, set_hand_for_hand
    from floorman.tables.tournaments import current

    with user_errors(), open_tournament_store(db) as store:
        now = current(store, name)
        if action is None and minutes is not None:
            raise FloormanError("--minutes goes with start")
        if action is not None:
            now = set_hand_for_hand(store, now, action.value, at=now_utc(), minutes=minutes, by=by)
        state = h4h_state(store, now)
    rule = _h4h_rule(now)
    if as_json:
        echo(json.dumps({"tournament": now.stored.name, **state.as_json(), "cite": rule.start,
                         "clock_cite": rule.clock}, ensure_ascii=False, indent=2))  # fmt: skip
        return
    lines = []
    if action is H4HAction.start:
        lines.append(
            "hand-for-hand: \"finish the current hand you're on then hold up, we are going hand"
            f' for hand" [{rule.start}]'
        )
    if state.on:
        per = state.per_hand // 60
        waiting = ", ".join(str(t) for t in state.waiting)
        lines.append(
            f"hand {state.hand} of hand-for-hand: waiting for table"
            f"{'s' if len(state.waiting) > 1 else ''} {waiting}"
        )
        lines.append(f"the clock: {per} minutes off per hand, paused between [{rule.clock}]")
        lines.append("busts in one hand share the places paid on it; report each table's hand"
                     f" done: floorman tournament hand {now.stored.name} TABLE")  # fmt: skip
    else:
        running = now.clock.started is not None and now.clock.running
        lines.append(
            ("hand-for-hand stopped" + (": the clock runs again" if running else ""))
            if action is H4HAction.stop
            else "hand-for-hand is not on"
        )
        if state.hands_done:
            lines.append(f"{counted(state.hands_done, 'hand')} played hand-for-hand")
    show(lines)
