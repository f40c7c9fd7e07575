"""Warnings, penalties and disqualification: what each costs a player, when a penalty is
served, and the penalty log of a tournament, player by player.

A penalty is given at a table, to the player in a seat: a warning, missed
hands, missed rounds (one hand for every player at the table when the
penalty is given, the offender included, times the rounds: TDA 2024 Rule
71-A, WSOP T 113-b), minutes away from the table (RRoP §15 words its
penalties so: a violator "suspended from play for a specified length of
time", rule 27 "dealt out for a length of time"; TDA 2024 Rule 71-A's
options are "not limited to" hands and rounds, so a house may give minutes
under it; WSOP T 113-a lists its penalties and has none in minutes), or
disqualification, with the player's chips removed
from play (TDA 2024 Rule 71-D, WSOP T 114, RRoP §15). A player on penalty is
away from the table, dealt in, the blinds and antes posted, the hand killed
after the initial deal (TDA 2024 Rule 71-C). The penalty begins at the end of
the hand (TDA 2024 Rule 68, WSOP T 117) and is served hand by hand: the hands
the floor reports at the player's table (``hand`` records) after it, at
whichever table the player then sits; a penalty in minutes is served by the
clock on the wall from the moment it is recorded (house option: the books do
not say when a length of time starts or whether a break counts; it does). A
misdeal and its re-deal are one hand (TDA 2024 Rule 35-C, WSOP T 88-b): the
floor reports the hand once.

The books do not order the steps of escalating penalties (TDA 2024 Rule
71-A, WSOP T 113-d and 113-f: a first offense may draw any of them);
:func:`next_step` gives the next rung of a house ladder in WSOP T 113-a's
order: a warning, one missed hand, one to four rounds, disqualification.

>>> records = [
...     {"kind": "draw", "entrants": 3, "table_seats": 9, "buttons": {"1": 1},
...      "seating": [[1, 1, 1, 500], [1, 2, 2, 300], [1, 3, 3, 200]]},
... ]
>>> floor = replay(records)
>>> given = penalty_record(floor, 1, 2, "rounds", 1, "tda-2024", "abusive conduct")
>>> given["hands"], given["players"], given["cite"]
(3, 3, 'TDA 2024 Rule 71-A')
>>> log = penalty_log([*records, given, {"kind": "hand", "table": 1, "count": 2}])
>>> log.penalties[0].served, log.penalties[0].left, log.on_penalty()
(2, 1, {2: 1})
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Literal

from floorman.errors import FloormanError
from floorman.tournament.floor import Floor, FloorError, apply_record, replay

__all__ = [
    "KINDS",
    "LADDER",
    "PENALTY_RULES",
    "Penalty",
    "PenaltyError",
    "PenaltyLog",
    "PenaltyRule",
    "next_step",
    "penalty_log",
    "penalty_record",
    "removed_chips",
]

Kind = Literal["warning", "hands", "rounds", "minutes", "disqualification"]
KINDS: tuple[Kind, ...] = ("warning", "hands", "rounds", "minutes", "disqualification")
MAX_COUNT = 20
MAX_MINUTES = 120


class PenaltyError(FloormanError):
    """A penalty the book does not allow (five rounds under WSOP, ...)."""


@dataclass(frozen=True, slots=True)
class PenaltyRule:
    """One book's penalties: the rule for each step, and the house's where it is silent."""

    enforcement: str
    rounds: str
    dealt_in: str
    disqualification: str
    begins: str
    escalation: str
    max_hands: int | None
    """The most missed hands given as hands (WSOP T 113-b: one)."""
    max_rounds: int | None
    """The most rounds (WSOP T 113-a: four)."""
    minutes: str | None = None
    """The rule for a penalty in minutes; ``None``: the book gives none."""


PENALTY_RULES: dict[str, PenaltyRule] = {
    "tda-2024": PenaltyRule(
        "TDA 2024 Rule 71-A",
        "TDA 2024 Rule 71-A",
        "TDA 2024 Rule 71-C",
        "TDA 2024 Rule 71-D",
        "TDA 2024 Rule 68",
        "TDA 2024 Rule 71-A",
        None,
        None,
        "TDA 2024 Rule 71-A (house option)",
    ),
    "wsop-2024": PenaltyRule(
        "WSOP T 113-a",
        "WSOP T 113-b",
        "WSOP T 88-b",
        "WSOP T 114",
        "WSOP T 117",
        "WSOP T 113-d",
        1,
        4,
    ),
    "rrop": PenaltyRule(
        "RRoP §15",
        "house option: RRoP §15 rule 27 deals a player out for a length of time; counted in"
        " rounds as TDA 71-A",
        "RRoP §15 rules 9 and 11",
        "RRoP §15",
        "house option: RRoP is silent; at the end of the hand, as TDA 68",
        "house option: RRoP is silent",
        None,
        None,
        "RRoP §15 rule 27",
    ),
}
"""Each rulebook's citations for a penalty."""


def penalty_rule(rulebook: str) -> PenaltyRule:
    try:
        return PENALTY_RULES[rulebook]
    except KeyError:
        raise PenaltyError(f"rulebook {rulebook!r} has no penalty rules") from None


LADDER: tuple[tuple[Kind, int], ...] = (
    ("warning", 0),
    ("hands", 1),
    ("rounds", 1),
    ("rounds", 2),
    ("rounds", 3),
    ("rounds", 4),
    ("disqualification", 0),
)
"""The house's ladder of escalating penalties, in WSOP T 113-a's order."""


def _rung(kind: str, count: int) -> int:
    if kind == "warning":
        return 0
    if kind == "hands":
        return 1
    if kind == "rounds":
        return 1 + min(count, 4)
    if kind == "minutes":
        return 2  # house option: a time penalty ranks with one missed round
    return len(LADDER) - 1


def next_step(given: Iterable[Penalty]) -> tuple[Kind, int]:
    """The next rung of the house ladder above the most severe penalty given so far; a
    warning for a first offense."""
    rungs = [_rung(p.kind, p.count) for p in given]
    step = max(rungs) + 1 if rungs else 0
    return LADDER[min(step, len(LADDER) - 1)]


def penalty_record(
    floor: Floor,
    table: int,
    seat: int,
    kind: str,
    count: int,
    rulebook: str,
    reason: str | None = None,
) -> dict[str, Any]:
    """The ``penalty`` record for the player at ``table`` ``seat``, as the tables stand:
    the hands to miss worked out, the rule cited; :class:`PenaltyError` if the book does
    not allow it, :class:`FloorError` if nobody sits there."""
    rule = penalty_rule(rulebook)
    seated = floor.at(table, seat)
    players = len(floor.tables[table])
    if kind not in KINDS:
        raise PenaltyError(f"penalty {kind!r}: one of {', '.join(KINDS)}")
    if kind in ("warning", "disqualification"):
        count = 0
    elif kind == "minutes":
        if rule.minutes is None:
            raise PenaltyError(
                f"{rule.enforcement} gives a warning, a missed hand, one to four rounds or"
                " disqualification: no penalty in minutes"
            )
        if not 1 <= count <= MAX_MINUTES:
            raise PenaltyError(f"{count} minutes: from 1 to {MAX_MINUTES}")
    elif not 1 <= count <= MAX_COUNT:
        raise PenaltyError(f"{count} {kind}: from 1 to {MAX_COUNT}")
    limit = rule.max_hands if kind == "hands" else rule.max_rounds if kind == "rounds" else None
    if limit is not None and count > limit:
        raise PenaltyError(f"{count} {kind}: {rule.enforcement} gives 1 to {limit}")
    hands = {"hands": count, "rounds": count * players}.get(kind, 0)
    cite = {
        "warning": rule.enforcement,
        "hands": rule.enforcement,
        "rounds": rule.rounds,
        "minutes": rule.minutes or "",
        "disqualification": rule.disqualification,
    }[kind]
    record: dict[str, Any] = {
        "kind": "penalty",
        "entry": seated.entry,
        "table": table,
        "seat": seat,
        "penalty": kind,
        "count": count,
        "players": players,
        "hands": hands,
        "cite": cite,
        "reason": reason,
    }
    if kind == "disqualification":
        record["chips"] = seated.chips
    if kind == "minutes":
        record["minutes"] = count
    return record


@dataclass(slots=True)
class Penalty:
    """A penalty given, and how much of it is served."""

    number: int
    entry: int
    table: int
    seat: int
    kind: Kind
    count: int
    players: int
    hands: int
    cite: str
    reason: str | None
    chips: int
    at: str | None
    served: int = 0
    served_at: list[int] = field(default_factory=list)
    """The tables where its hands were served, one per hand."""

    @property
    def left(self) -> int:
        return self.hands - self.served

    @property
    def until(self) -> datetime | None:
        """When a penalty in minutes ends: the minutes after it was recorded."""
        if self.kind != "minutes" or self.at is None:
            return None
        return datetime.fromisoformat(self.at) + timedelta(minutes=self.count)

    def minutes_left(self, at: datetime) -> int:
        """The minutes of a penalty in minutes still to serve at ``at``, a part of a
        minute counted whole; 0 for a penalty in hands."""
        until = self.until
        if until is None:
            return 0
        return max(0, math.ceil((until - at).total_seconds() / 60))

    def as_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "player": self.entry,
            "table": self.table,
            "seat": self.seat,
            "penalty": self.kind,
            "count": self.count,
            "players_at_table": self.players,
            "hands": self.hands,
            "served": self.served,
            "left": self.left,
            "chips_removed": self.chips if self.kind == "disqualification" else 0,
            "minutes": self.count if self.kind == "minutes" else 0,
            "until": self.until.isoformat() if self.until is not None else None,
            "reason": self.reason,
            "cite": self.cite,
            "at": self.at,
        }


@dataclass
class PenaltyLog:
    """Every penalty of a tournament in the order given, and the hands each table has
    reported."""

    penalties: list[Penalty] = field(default_factory=list)
    hands: dict[int, int] = field(default_factory=dict)
    """Hands reported at each table."""

    def of(self, entry: int) -> list[Penalty]:
        return [p for p in self.penalties if p.entry == entry]

    def on_penalty(self) -> dict[int, int]:
        """Each player still on penalty in hands, with the hands left to miss."""
        left: dict[int, int] = {}
        for p in self.penalties:
            if p.left > 0:
                left[p.entry] = left.get(p.entry, 0) + p.left
        return left

    def away(self, at: datetime) -> dict[int, int]:
        """Each player on a penalty in minutes at ``at``, with the minutes left: each
        penalty's minutes run from when it was given, and the latest end counts."""
        left: dict[int, int] = {}
        for p in self.penalties:
            minutes = p.minutes_left(at)
            if minutes > 0:
                left[p.entry] = max(left.get(p.entry, 0), minutes)
        return left

    @property
    def disqualified(self) -> list[int]:
        return [p.entry for p in self.penalties if p.kind == "disqualification"]


def _serve(log: PenaltyLog, floor: Floor, table: int, count: int) -> None:
    """``count`` hands played at ``table``: each player seated there on penalty misses
    them, the earliest penalty first."""
    seated = {s.entry for s in floor.tables.get(table, {}).values()}
    for _ in range(count):
        serving: set[int] = set()
        for p in log.penalties:
            if p.left > 0 and p.entry in seated and p.entry not in serving:
                p.served += 1
                p.served_at.append(table)
                serving.add(p.entry)


def penalty_log(records: Iterable[Mapping[str, Any] | tuple[Mapping[str, Any], str]]) -> PenaltyLog:
    """The penalties of a tournament's records (each a record, or a record with the time
    it was logged), replayed beside its tables."""
    log = PenaltyLog()
    floor: Floor | None = None
    for item in records:
        data, at = item if isinstance(item, tuple) else (item, None)
        if data["kind"] == "draw":
            floor = replay([data])
            continue
        if floor is None:
            raise FloorError("the tournament has no draw")
        if data["kind"] == "hand":
            table, count = int(data["table"]), int(data.get("count", 1))
            log.hands[table] = log.hands.get(table, 0) + count
            _serve(log, floor, table, count)
        elif data["kind"] == "penalty":
            log.penalties.append(
                Penalty(
                    len(log.penalties) + 1,
                    int(data["entry"]),
                    int(data["table"]),
                    int(data["seat"]),
                    data["penalty"],
                    int(data["count"]),
                    int(data["players"]),
                    int(data["hands"]),
                    str(data["cite"]),
                    data.get("reason"),
                    int(data.get("chips", 0)),
                    at,
                )
            )
        apply_record(floor, data)
    return log


def removed_chips(records: Iterable[Mapping[str, Any]]) -> int:
    """The chips removed from play with disqualified players."""
    return sum(
        int(r.get("chips", 0))
        for r in records
        if r["kind"] == "penalty" and r["penalty"] == "disqualification"
    )
