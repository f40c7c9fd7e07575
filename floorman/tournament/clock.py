"""The tournament clock: which level is in play, how long it has left, the next level
and the next break, worked out from the structure, the clock's records and the time.

The clock is not a process that ticks. It is what its records say (started,
paused, resumed, set to a level) read against the wall clock: the time played
is the time the clock ran, and the structure's levels and breaks, laid end
to end, say where that time falls. Every function takes ``now``, so the
same records read at the same moment always give the same clock.

A level begins when its time comes, but the new level applies to the next
hand: a hand begun at the prior level is played at it (TDA 2024 Rule 23,
RRoP §15 rule 7, WSOP T 79); :func:`hand_level` says which level a hand is
played at.

>>> from floorman.tournament.structure import load_structure
>>> daily = load_structure("daily")
>>> from datetime import timedelta
>>> t0 = datetime(2026, 1, 1, 19, 0, tzinfo=UTC)
>>> clock = fold([ClockEvent("start", t0, level=1)], daily)
>>> r = reading(daily, clock, t0 + timedelta(minutes=45))
>>> r.level, r.left, r.next_level
(3, 900, 4)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Literal

from floorman.errors import FloormanError
from floorman.tournament.structure import Break, Level, Structure

__all__ = [
    "NEW_LEVEL_RULES",
    "Action",
    "Clock",
    "ClockError",
    "ClockEvent",
    "Reading",
    "Stage",
    "advance",
    "fold",
    "from_log",
    "hand_level",
    "log_reading",
    "minutes_seconds",
    "reading",
    "schedule",
]

Action = Literal["start", "pause", "resume", "set"]

NEW_LEVEL_RULES: dict[str, tuple[str, str]] = {
    "tda-2024": (
        "TDA 2024 Rule 23",
        "The new level applies to the next hand. Hands begin on the first riffle, push of"
        " the shuffler button, or on the dealer push. [...] If a new level starts during the"
        " dealer push, the incoming dealer will deal one hand at the prior level.",
    ),
    "rrop": (
        "RRoP §15 rule 7",
        "If there is a signal designating the end of a betting level, the new limits apply"
        " on the next deal. (A deal begins with the first riffle of the shuffle.)",
    ),
    "wsop-2024": (
        "WSOP T 79",
        "When time has elapsed in a round and a new level is announced, the new level"
        " applies to the next hand. A new hand begins with the first riffle of the deck.",
    ),
}
"""Each rulebook's rule for when a new level applies, with its words."""


class ClockError(FloormanError):
    """A clock record that does not fit the clock (pausing a paused clock, ...)."""


@dataclass(frozen=True, slots=True)
class Stage:
    """A level or a break laid on the clock: where it starts in the time played."""

    start: int
    """Seconds of play before it begins."""
    seconds: int
    stage: Level | Break
    level: int
    """The level's number; for a break, the number of the level after it."""

    @property
    def is_break(self) -> bool:
        return isinstance(self.stage, Break)


def schedule(structure: Structure) -> list[Stage]:
    """The structure's levels and breaks end to end.

    >>> from floorman.tournament.structure import load_structure
    >>> [(s.start, s.level, s.is_break) for s in schedule(load_structure("daily"))][5:8]
    [(6000, 6, False), (7200, 7, True), (7800, 7, False)]
    """
    stages: list[Stage] = []
    start, number = 0, 1
    for stage in structure.levels:
        seconds = stage.minutes * 60
        stages.append(Stage(start, seconds, stage, min(number, len(structure.level_list))))
        if isinstance(stage, Level):
            number += 1
        start += seconds
    return stages


def _level_start(structure: Structure, level: int) -> Stage:
    for stage in schedule(structure):
        if not stage.is_break and stage.level == level:
            return stage
    last = len(structure.level_list)
    raise ClockError(f"level {level}: the structure has levels 1 to {last}")


@dataclass(frozen=True, slots=True)
class ClockEvent:
    """One clock record: ``start`` (at a level, with so many seconds left of it),
    ``pause``, ``resume``, or ``set`` (to a level, with so many seconds left)."""

    action: Action
    at: datetime
    level: int | None = None
    left: int | None = None
    """Seconds left of the level; ``None``: the whole level."""

    @classmethod
    def from_record(cls, data: Mapping[str, Any]) -> ClockEvent:
        """A ``clock`` record as the store keeps it."""
        action = data["action"]
        if action not in ("start", "pause", "resume", "set"):
            raise ClockError(f"unknown clock action {action!r}")
        level = data.get("level")
        left = data.get("left")
        return cls(
            action,
            _instant(str(data["at"])),
            int(level) if level is not None else None,
            int(left) if left is not None else None,
        )

    def record(self) -> dict[str, Any]:
        """The record the store keeps."""
        data: dict[str, Any] = {"kind": "clock", "action": self.action, "at": self.at.isoformat()}
        if self.level is not None:
            data["level"] = self.level
        if self.left is not None:
            data["left"] = self.left
        return data


def _instant(text: str) -> datetime:
    moment = datetime.fromisoformat(text)
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


@dataclass(frozen=True, slots=True)
class Clock:
    """The clock as its records leave it: the time played at ``mark``, and whether it has
    run since."""

    started: datetime | None = None
    running: bool = False
    played: float = 0.0
    """Seconds played at ``mark``."""
    mark: datetime | None = None
    paused_at: datetime | None = None

    def played_at(self, now: datetime) -> float:
        """Seconds played at ``now`` (a moment before the last record counts as it)."""
        if not self.running or self.mark is None:
            return self.played
        return self.played + max(0.0, (now - self.mark).total_seconds())


def fold(events: Iterable[ClockEvent], structure: Structure) -> Clock:
    """The clock after ``events``, in the order recorded; a record that does not fit is a
    :class:`ClockError`."""
    clock = Clock()
    for event in events:
        clock = advance(clock, event, structure)
    return clock


def from_log(records: Iterable[tuple[Mapping[str, Any], str]], structure: Structure) -> Clock:
    """The clock a tournament's log gives: each record with the time it was logged. The
    clock's own records carry their time; a level set by hand (``level``) once the clock
    has started sets the clock to the start of that level when it was logged."""
    events: list[ClockEvent] = []
    started = False
    for data, logged in records:
        if data["kind"] == "clock":
            events.append(ClockEvent.from_record(data))
            started = True
        elif data["kind"] == "level" and started:
            events.append(ClockEvent("set", _instant(logged), level=int(data["level"])))
    return fold(events, structure)


def log_reading(
    structure: Structure, records: Sequence[tuple[Mapping[str, Any], str]], moment: datetime
) -> Reading:
    """The clock at ``moment`` as the tournament's log stood then: a record made later (the
    clock set or started, a level set by hand) is left out, so a level begun since reads
    as the level it replaced. A clock record counts from its own time, any other from the
    time it was logged. Before the clock starts, the level set by hand is in play."""
    before = [
        (data, logged)
        for data, logged in records
        if _instant(str(data["at"]) if data["kind"] == "clock" else logged) <= moment
    ]
    clock = from_log(before, structure)
    level = next((int(d["level"]) for d, _ in reversed(before) if d["kind"] == "level"), 1)
    return reading(structure, clock, moment, level)


def _position(structure: Structure, level: int | None, left: int | None) -> float:
    stage = _level_start(structure, level or 1)
    if left is None:
        return float(stage.start)
    if not 0 <= left <= stage.seconds:
        raise ClockError(
            f"level {stage.level} lasts {minutes_seconds(stage.seconds)}:"
            f" {minutes_seconds(left)} cannot be left of it"
        )
    return float(stage.start + stage.seconds - left)


def advance(clock: Clock, event: ClockEvent, structure: Structure) -> Clock:
    """The clock after one more record; :class:`ClockError` if it does not fit."""
    at = event.at
    if event.action == "start":
        if clock.started is not None:
            raise ClockError("the clock has started already (pause, resume or set it)")
        return Clock(at, True, _position(structure, event.level, event.left), at)
    if clock.started is None:
        raise ClockError("the clock has not started")
    if event.action == "pause":
        if not clock.running:
            raise ClockError("the clock is paused already")
        return Clock(clock.started, False, clock.played_at(at), at, at)
    if event.action == "resume":
        if clock.running:
            raise ClockError("the clock is running, not paused")
        return Clock(clock.started, True, clock.played, at)
    played = _position(structure, event.level, event.left)
    return Clock(clock.started, clock.running, played, at, clock.paused_at)


@dataclass(frozen=True, slots=True)
class Reading:
    """What the clock shows at a moment."""

    state: Literal["not started", "running", "paused"]
    level: int
    """The level in play, or during a break the level after it."""
    blinds: Level
    on_break: Break | None
    left: int | None
    """Whole seconds left of the level or break (rounded up); ``None`` in the last level,
    which runs on."""
    next_level: int | None
    next_blinds: Level | None
    next_break: Break | None
    break_in: int | None
    """Whole seconds until the next break starts."""
    played: int
    cite: str
    rule: str
    began: datetime | None = None
    """When the level or break in play began, by the running clock (``None`` unless it
    runs): a hand begun before it is played at the prior level."""

    def as_json(self) -> dict[str, Any]:
        return {
            "state": self.state,
            "level": self.level,
            "on_break": self.on_break is not None,
            "blinds": list(self.blinds.blinds),
            "ante": self.blinds.ante,
            "big_blind_ante": self.blinds.big_blind_ante,
            "limits": list(self.blinds.limits) if self.blinds.limits else None,
            "minutes": (self.on_break or self.blinds).minutes,
            "left_seconds": self.left,
            "next_level": (
                None
                if self.next_level is None or self.next_blinds is None
                else {
                    "level": self.next_level,
                    "blinds": list(self.next_blinds.blinds),
                    "ante": self.next_blinds.ante,
                    "big_blind_ante": self.next_blinds.big_blind_ante,
                    "limits": list(self.next_blinds.limits) if self.next_blinds.limits else None,
                }
            ),
            "next_break": (
                None
                if self.next_break is None
                else {
                    "in_seconds": self.break_in,
                    "minutes": self.next_break.minutes,
                    "color_up": list(self.next_break.color_up),
                }
            ),
            "played_seconds": self.played,
            "began": self.began.isoformat(timespec="seconds") if self.began else None,
            "cite": self.cite,
        }


def _stage_at(stages: list[Stage], played: float) -> int:
    """The index of the stage in play after ``played`` seconds; past the end, the last
    level's."""
    for index, stage in enumerate(stages):
        if played < stage.start + stage.seconds:
            return index
    return max(i for i, s in enumerate(stages) if not s.is_break)


def reading(structure: Structure, clock: Clock, now: datetime, hand_set_level: int = 1) -> Reading:
    """The clock at ``now``. Before it starts, the level set by hand is shown with its
    whole time left."""
    cite, rule = NEW_LEVEL_RULES[structure.rulebook]
    stages = schedule(structure)
    total = stages[-1].start + stages[-1].seconds
    if clock.started is None:
        played = float(_level_start(structure, hand_set_level).start)
        state: Literal["not started", "running", "paused"] = "not started"
    else:
        played = clock.played_at(now)
        state = "running" if clock.running else "paused"
    index = _stage_at(stages, played)
    stage = stages[index]
    left: int | None = math.ceil(stage.start + stage.seconds - played)
    later = stages[index + 1 :]
    if played >= total:
        left, later = None, []
    upcoming = next((s for s in later if not s.is_break), None)
    coming_break = next((s for s in later if s.is_break), None)
    return Reading(
        state,
        stage.level,
        structure.level(stage.level),
        stage.stage if isinstance(stage.stage, Break) else None,
        left,
        upcoming.level if upcoming else None,
        structure.level(upcoming.level) if upcoming else None,
        coming_break.stage if coming_break and isinstance(coming_break.stage, Break) else None,
        math.ceil(coming_break.start - played) if coming_break else None,
        int(played),
        cite,
        rule,
        now - timedelta(seconds=played - stage.start) if state == "running" else None,
    )


def hand_level(
    structure: Structure, clock: Clock, began: datetime, push: datetime | None = None
) -> int:
    """The level a hand is played at: the level in play when it began (on the first
    riffle, or the push of the shuffler button), not one that started while it was being
    played. Under the TDA a hand also begins on the dealer push, and the incoming
    dealer's first hand is dealt at the prior level if the new level started during the
    push (``push``: when the push began; TDA 2024 Rule 23). RRoP §15 rule 7 and WSOP T 79
    count the first riffle alone, so ``push`` does not change their answer. A hand
    begun during a break is played at the level after it. ``clock`` is read at the push
    as it stands: a clock set since the push is read with :func:`log_reading` instead,
    as a tournament's table does.
    """
    moment = push if push is not None and structure.rulebook == "tda-2024" else began
    return reading(structure, clock, min(moment, began)).level


def minutes_seconds(seconds: int) -> str:
    """``12:05``; an hour or more as ``1:02:05``.

    >>> minutes_seconds(725), minutes_seconds(3725)
    ('12:05', '1:02:05')
    """
    hours, rest = divmod(max(seconds, 0), 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"
