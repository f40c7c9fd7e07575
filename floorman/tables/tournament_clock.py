"""The tournament clock's use cases: read it at a moment, and start, pause, resume or set
it, each a record in the tournament's log, so every terminal reads the same clock and
it runs on between commands with nothing left running."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from floorman.errors import FloormanError
from floorman.store.tournaments import TournamentStore
from floorman.tables.tournaments import Current, record
from floorman.tournament.clock import Action, ClockError, ClockEvent, Reading, advance, reading

__all__ = ["clock_data", "clock_now", "set_clock"]


def clock_now(now: Current, at: datetime) -> Reading:
    """The tournament's clock at ``at``."""
    return reading(now.structure, now.clock, at, now.floor.level)


def clock_data(now: Current, at: datetime) -> dict[str, Any]:
    """The clock as ``floorman tournament clock --json`` prints it: the clock, and the
    players left and their average stack."""
    floor = now.floor
    in_play = floor.entrants * now.structure.starting_stack
    return {
        "tournament": now.stored.name,
        "title": now.structure.title,
        "at": at.isoformat(timespec="seconds"),
        **clock_now(now, at).as_json(),
        "players": floor.players,
        "entrants": floor.entrants,
        "average_stack": in_play // floor.players if floor.players else 0,
    }


def set_clock(
    store: TournamentStore,
    now: Current,
    action: Action,
    at: datetime,
    *,
    level: int | None = None,
    left: int | None = None,
    by: str | None = None,
) -> Current:
    """Start, pause, resume or set the clock at ``at``; refused if it does not fit the
    clock as it stands (nothing recorded). Started without a level, the clock starts at
    the level set by hand (level 1 unless ``tournament level`` said otherwise)."""
    if action == "start" and level is None:
        level = now.floor.level
    if action in ("pause", "resume") and (level is not None or left is not None):
        raise FloormanError(f"clock {action}: --level and --left go with start or set")
    if action == "set" and level is None:
        level = clock_now(now, at).level
    event = ClockEvent(action, at, level, left)
    try:
        advance(now.clock, event, now.structure)
    except ClockError as error:
        raise FloormanError(f"tournament {now.stored.name}: {error}") from None
    return record(store, now, event.record(), by)
