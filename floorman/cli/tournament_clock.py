"""``floorman tournament clock``: the tournament clock in the terminal (the level, the
blinds and ante, the time left, the next level and break, players left and the average
stack), and starting, pausing, resuming or setting it.

The clock is kept in the tournament's record in the store, so it runs on
between commands and any terminal reads the same clock.
"""

from __future__ import annotations

import json
import re
import sys
import time
from datetime import UTC, datetime
from enum import StrEnum
from typing import Annotated, Any

import typer

from floorman.cli._app import help_example
from floorman.cli._console import echo, show
from floorman.cli._errors import user_errors
from floorman.cli._options import ByOption, DbOption
from floorman.cli._output import counted
from floorman.cli.tournament import JsonOption, NameArgument, tournament_app
from floorman.errors import FloormanError


class ClockAction(StrEnum):
    start = "start"
    pause = "pause"
    resume = "resume"
    set = "set"


_LEFT = re.compile(r"^(?:(\d{1,2}):)?(\d{1,4}):(\d{2})$|^(\d{1,4})$")


def parse_left(text: str) -> int:
    """Seconds from ``12:30``, ``1:05:00`` or whole minutes ``12``.

    >>> parse_left("12:30"), parse_left("1:05:00"), parse_left("7")
    (750, 3900, 420)
    """
    match = _LEFT.match(text.strip())
    if match is None or (match[3] is not None and int(match[3]) > 59):
        raise FloormanError(f'--left "{text[:20]}": minutes and seconds, as 12:30, or minutes')
    if match[4] is not None:
        return int(match[4]) * 60
    return int(match[1] or 0) * 3600 + int(match[2]) * 60 + int(match[3])


def _blinds(level: dict[str, Any]) -> str:
    text = f"blinds {level['blinds'][0]}/{level['blinds'][1]}"
    if level["ante"]:
        text += f", ante {level['ante']}"
    if level["big_blind_ante"]:
        text += f", big blind ante {level['big_blind_ante']}"
    if level["limits"]:
        text += f", limits {level['limits'][0]}/{level['limits'][1]}"
    return text


def clock_note(clock: dict[str, Any]) -> str:
    """The clock after the level in ``tournament show``: `` (clock running, 12:30 left)``."""
    from floorman.tournament.clock import minutes_seconds

    if clock["state"] == "not started":
        return " (clock not started)"
    left = clock["left_seconds"]
    time_left = "the last level" if left is None else f"{minutes_seconds(left)} left"
    if clock["on_break"]:
        return f" from the next hand (on a break, {time_left})"
    return f" (clock {clock['state']}, {time_left})"


def clock_lines(data: dict[str, Any]) -> list[str]:
    """The clock as the terminal shows it."""
    from floorman.tournament.clock import minutes_seconds

    left = data["left_seconds"]
    state = "" if data["state"] == "running" else f" ({data['state']})"
    if data["on_break"]:
        head = f"break{state}: level {data['level']} after it"
    else:
        head = f"level {data['level']}{state}: {_blinds(data)}"
    if left is None:
        time_left = "the last level: it runs on"
    else:
        time_left = f"time left {minutes_seconds(left)} of {minutes_seconds(data['minutes'] * 60)}"
    lines = [f"tournament {data['tournament']}: {data['title']}", head, time_left]
    upcoming = data["next_level"]
    if upcoming is not None and not data["on_break"]:
        lines.append(f"next: level {upcoming['level']}, {_blinds(upcoming)}")
    elif data["on_break"]:
        lines.append(f"after the break: level {data['level']}, {_blinds(data)}")
    coming = data["next_break"]
    if coming is not None:
        chips = ", ".join(str(c) for c in coming["color_up"])
        color = f", color up the {chips} chips" if chips else ""
        lines.append(
            f"next break in {minutes_seconds(coming['in_seconds'])}:"
            f" {coming['minutes']} minutes{color}"
        )
    lines.append(
        f"{data['players']} of {counted(data['entrants'], 'entrant')} left,"
        f" average stack {data['average_stack']}"
    )
    lines.append(f"a new level applies to the next hand [{data['cite']}]")
    return lines


@tournament_app.command(
    "clock",
    epilog=help_example(
        "floorman tournament clock daily start",
        "floorman tournament clock daily",
        "floorman tournament clock daily pause",
        "floorman tournament clock daily set --level 4 --left 12:30",
    ),
)
def tournament_clock(
    name: NameArgument,
    action: Annotated[
        ClockAction | None,
        typer.Argument(
            help="start, pause, resume or set the clock (default: show it).", show_default=False
        ),
    ] = None,
    level: Annotated[
        int | None,
        typer.Option(
            "--level",
            help="start or set: the level (default: the level in play).",
            min=1,
            max=999,
            show_default=False,
        ),
    ] = None,
    left: Annotated[
        str | None,
        typer.Option(
            "--left",
            metavar="MM:SS",
            help="start or set: the time left of the level (default: all of it).",
            show_default=False,
        ),
    ] = None,
    watch: Annotated[
        bool, typer.Option("--watch", help="Keep showing the clock, each second (Ctrl-C stops).")
    ] = False,
    as_json: JsonOption = False,
    by: ByOption = None,
    db: DbOption = None,
) -> None:
    """The tournament clock: the level and its blinds and ante, the time left, the next
    level and the next break, the players left and the average stack. Levels advance on
    time, as the structure gives them; a new level applies to the next hand, a hand begun
    at the prior level is played at it (TDA 2024 Rule 23, RRoP §15 rule 7, WSOP T 79).
    start, pause, resume and set are recorded with the tournament."""
    from floorman.store.tournaments import open_tournament_store
    from floorman.tables.tournament_clock import clock_data, set_clock
    from floorman.tables.tournaments import current

    with user_errors():
        if action is None and (level is not None or left is not None):
            raise FloormanError("--level and --left go with start or set")
        seconds = parse_left(left) if left is not None else None
        with open_tournament_store(db) as store:
            now = current(store, name)
            if action is not None:
                if watch:
                    raise FloormanError("--watch shows the clock: not with start, pause or set")
                at = datetime.now(UTC)
                now = set_clock(store, now, action.value, at, level=level, left=seconds, by=by)
            data = clock_data(now, datetime.now(UTC))
    if watch:
        _watch(name, db, as_json)
        return
    if as_json:
        echo(json.dumps(data, ensure_ascii=False, indent=2))
        return
    lines = clock_lines(data)
    if action is not None:
        done = {"start": "started", "pause": "paused", "resume": "resumed", "set": "set"}
        lines.insert(0, f"the clock is {done[action.value]}")
    show(lines)


def _watch(name: str, db: str | None, as_json: bool) -> None:
    """Show the clock each second, reading the store each time (a pause from another
    terminal shows at once); on a terminal the screen is redrawn in place."""
    from floorman.store.tournaments import open_tournament_store
    from floorman.tables.tournament_clock import clock_data
    from floorman.tables.tournaments import current

    redraw = sys.stdout.isatty()
    try:
        while True:
            with user_errors(), open_tournament_store(db) as store:
                data = clock_data(current(store, name), datetime.now(UTC))
            if redraw:
                sys.stdout.write("\033[H\033[2J")
            if as_json:
                echo(json.dumps(data, ensure_ascii=False))
            else:
                show(clock_lines(data))
                if not redraw:
                    echo()
            time.sleep(1.0 - time.time() % 1.0)
    except KeyboardInterrupt:
        echo()
