"""Hand-for-hand play near the money: every table plays one hand and holds up, the next
hand begins when every table has reported its hand done, and the clock loses a fixed
time per hand rather than running.

- When it starts: at the announcement, "finish the current hand you're on then
  hold up, we are going hand for hand": the hand in play is its first hand
  (TDA 2024 RP-8-A, WSOP T 126-c). RRoP has no hand-for-hand rule: floorman
  does as WSOP (house option).
- The clock: 2 minutes off each hand, 3 at most (TDA 2024 RP-8-B, C); 2
  minutes each hand from the current hand at the announcement, the clock paused
  once the first table completes its current hand (WSOP T 126-a, c); RRoP: as
  WSOP (house option). Blinds go up as the time run off reaches a new level
  (TDA 2024 RP-8-D, WSOP T 126-e).
- Busts in one hand share the places paid on it (TDA 2024 RP-8-A); under WSOP,
  at different tables they tie, at one table the larger starting stack finishes
  higher (T 126-b): see :mod:`floorman.tournament.places`.

The clock is paused from the first table's report on; when the last table
reports, the clock is set to the time left at the announcement less the time
per hand for every hand played (WSOP T 126-c's example: 17:30 left, then
17:28 after the current hand, 17:26 after the next). floorman never runs the
clock into a break: a deduction that reaches one stops at its start (house
option; the books are silent).

>>> records = [
...     {"kind": "draw", "entrants": 4, "table_seats": 9, "buttons": {"1": 1, "2": 1},
...      "seating": [[1, 1, 1, 500], [1, 2, 2, 300], [2, 1, 3, 200], [2, 2, 4, 100]]},
...     {"kind": "hand-for-hand", "action": "start", "per_hand": 120, "played": 600},
...     {"kind": "hand", "table": 2},
... ]
>>> h = hand_for_hand(records)
>>> h.on, h.hand, sorted(h.reported), h.waiting
(True, 1, [2], [1])
>>> h = hand_for_hand([*records, {"kind": "hand", "table": 1}])
>>> h.hand, h.reported, h.hands_done, h.position()
(2, set(), 1, 720)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from floorman.errors import FloormanError
from floorman.tournament.clock import Clock, ClockEvent, schedule
from floorman.tournament.floor import Floor, FloorError, apply_record, replay
from floorman.tournament.structure import Structure

__all__ = [
    "H4H_RULES",
    "HandForHand",
    "HandForHandError",
    "HandForHandRule",
    "clock_after",
    "follow",
    "h4h_rule",
    "hand_for_hand",
]


class HandForHandError(FloormanError):
    """A report or announcement that does not fit hand-for-hand play as it stands."""


@dataclass(frozen=True, slots=True)
class HandForHandRule:
    """One book's hand-for-hand: the time per hand and its citations."""

    start: str
    per_hand: int
    """Seconds run off the clock per hand, by default."""
    max_per_hand: int | None
    """The most the book allows (``None``: the house's)."""
    clock: str
    pause: str


H4H_RULES: dict[str, HandForHandRule] = {
    "tda-2024": HandForHandRule(
        "TDA 2024 RP-8-A",
        120,
        180,
        "TDA 2024 RP-8-B, C, D",
        "house option: TDA is silent; paused once the first table completes its hand, as"
        " WSOP T 126-a",
    ),
    "wsop-2024": HandForHandRule("WSOP T 126-a", 120, 120, "WSOP T 126-c, d, e", "WSOP T 126-a"),
    "rrop": HandForHandRule(
        "house option: RRoP has no hand-for-hand rule; as WSOP T 126-a",
        120,
        None,
        "house option: RRoP has no hand-for-hand rule; 2 minutes a hand, as WSOP T 126-c",
        "house option: RRoP has no hand-for-hand rule; as WSOP T 126-a",
    ),
}


def h4h_rule(rulebook: str) -> HandForHandRule:
    try:
        return H4H_RULES[rulebook]
    except KeyError:
        raise HandForHandError(f"rulebook {rulebook!r} has no hand-for-hand rule") from None


def per_hand_seconds(rule: HandForHandRule, minutes: int | None) -> int:
    """The seconds run off per hand: the book's, or the floor's within what it allows."""
    if minutes is None:
        return rule.per_hand
    seconds = minutes * 60
    most = rule.max_per_hand if rule.max_per_hand is not None else 600
    if not 0 <= seconds <= most:
        raise HandForHandError(f"--minutes {minutes}: {rule.clock} gives 0 to {most // 60}")
    return seconds


@dataclass
class HandForHand:
    """Hand-for-hand play as the records leave it."""

    on: bool = False
    per_hand: int = 120
    played: int | None = None
    """Seconds of play on the clock at the announcement (``None``: not started)."""
    hand: int = 0
    """The hand being played hand-for-hand, from 1 (the hand in play at the
    announcement)."""
    hands_done: int = 0
    reported: set[int] = field(default_factory=set)
    tables: list[int] = field(default_factory=list)
    """The tables in play."""
    busts_this_hand: int = 0
    rounds: int = 0
    """How many times hand-for-hand has been started."""

    @property
    def waiting(self) -> list[int]:
        """The tables still to report the hand done."""
        return [t for t in self.tables if t not in self.reported]

    def position(self) -> int | None:
        """Where the clock stands: the seconds of play at the announcement and the time
        per hand for every hand done (``None`` if the clock had not started)."""
        if self.played is None:
            return None
        return self.played + self.per_hand * self.hands_done

    def as_json(self) -> dict[str, Any]:
        return {
            "on": self.on,
            "hand": self.hand if self.on else None,
            "hands_done": self.hands_done,
            "per_hand_seconds": self.per_hand,
            "reported": sorted(self.reported),
            "waiting": self.waiting if self.on else [],
        }


def hand_for_hand(records: Iterable[Mapping[str, Any]]) -> HandForHand:
    """Hand-for-hand play after ``records``."""
    state = HandForHand()
    floor: Floor | None = None
    for data in records:
        if data["kind"] == "draw":
            floor = replay([data])
            continue
        if floor is None:
            raise FloorError("the tournament has no draw")
        apply_record(floor, data)
        state = follow(state, data, floor)
    return state


def follow(state: HandForHand, data: Mapping[str, Any], floor: Floor) -> HandForHand:
    """Hand-for-hand play after one more record, ``floor`` being the tables after it (a
    record taking a table's hand in, as it comes, goes on from the same state)."""
    kind = data["kind"]
    if kind == "hand-for-hand":
        if data["action"] == "start":
            played = data.get("played")
            state = HandForHand(
                True,
                int(data["per_hand"]),
                int(played) if played is not None else None,
                1,
                rounds=state.rounds + 1,
            )
        else:
            state.on = False
            state.reported = set()
    elif kind == "hand" and state.on:
        state.reported.add(int(data["table"]))
    elif kind == "bust" and state.on:
        state.busts_this_hand += 1
    state.tables = sorted(floor.tables)
    if state.on and state.reported and not state.waiting:
        state.hand += 1
        state.hands_done += 1
        state.reported = set()
        state.busts_this_hand = 0
    return state


def check_report(state: HandForHand, table: int, count: int) -> None:
    """A table's report of a hand done, hand-for-hand: one hand, once per round."""
    if not state.on:
        return
    if count != 1:
        raise HandForHandError(f"table {table}: hand-for-hand, a table reports one hand at a time")
    if table in state.reported:
        waiting = ", ".join(str(t) for t in state.waiting)
        raise HandForHandError(
            f"table {table} has reported hand {state.hand} done already; waiting for table"
            f"{'s' if len(state.waiting) > 1 else ''} {waiting}"
        )


def clock_after(structure: Structure, position: int, at: datetime) -> ClockEvent:
    """The clock ``set`` that puts it at ``position`` seconds of play; a position inside a
    break stops at the break's start (house option)."""
    stages = schedule(structure)
    for stage in stages:
        if position < stage.start + stage.seconds:
            if stage.is_break:
                before = [s for s in stages if not s.is_break and s.start < stage.start]
                level = before[-1].level if before else stage.level
                return ClockEvent("set", at, level=level, left=0)
            return ClockEvent(
                "set", at, level=stage.level, left=stage.start + stage.seconds - position
            )
    last = [s for s in stages if not s.is_break][-1]
    return ClockEvent("set", at, level=last.level, left=0)


def clock_running(clock: Clock) -> bool:
    return clock.started is not None and clock.running
