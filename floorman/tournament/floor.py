"""The tournament's tables as they stand: who sits where with how many chips, where each
table's button is, the tables broken and the players out.

A tournament is a list of records (the draw, a bust, a balancing, a button
set by hand, a count of chips), and :func:`replay` folds them into a
:class:`Floor`, the way a hand's state is a function of its events. Each
record is plain JSON data, as the store keeps it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from floorman.errors import FloormanError

__all__ = [
    "Bust",
    "Floor",
    "FloorError",
    "Seated",
    "apply_record",
    "blinds_next",
    "clockwise",
    "open_seats",
    "replay",
]


class FloorError(FloormanError):
    """A record that does not fit the tables as they stand (no player in that seat, ...)."""


@dataclass(frozen=True, slots=True)
class Seated:
    """An entrant in a seat, with a chip count."""

    entry: int
    chips: int


@dataclass(frozen=True, slots=True)
class Bust:
    """An entrant out of the tournament: from where, with how many chips at the start of
    the hand (the larger finishes higher when two go out in one hand, RRoP §15 rule 35)."""

    entry: int
    table: int
    seat: int
    chips: int


@dataclass(slots=True)
class Floor:
    """Every table of a tournament between hands."""

    table_seats: int
    tables: dict[int, dict[int, Seated]] = field(default_factory=dict)
    """Each table in play: its occupied seats."""
    buttons: dict[int, int] = field(default_factory=dict)
    """The seat holding each table's button for the next hand (it may be empty: a dead
    button)."""
    names: dict[int, str] = field(default_factory=dict)
    """Entrants' names, where given; an entrant is known by number."""
    broken: list[int] = field(default_factory=list)
    """The tables broken, in the order they broke."""
    busts: list[Bust] = field(default_factory=list)
    """The entrants out, in the order they went."""
    entrants: int = 0
    most_tables: int = 0
    """The most tables in play at once (a redraw depends on it, RRoP §15 rule 17)."""
    level: int = 1
    """The level in play, as last set."""
    final_seats: int = 0
    """The seats of the final table, once the tables combined to one with more seats than
    the others had (WSOP 68); 0 until then."""
    forfeited: int = 0
    """The chips forfeited by players who re-entered, removed from play (TDA 8-B)."""

    def size(self) -> int:
        """The seats at a table: the final table's once combined, else the tables'."""
        return self.final_seats or self.table_seats

    def copy(self) -> Floor:
        return Floor(
            self.table_seats,
            {t: dict(seats) for t, seats in self.tables.items()},
            dict(self.buttons),
            dict(self.names),
            list(self.broken),
            list(self.busts),
            self.entrants,
            self.most_tables,
            self.level,
            self.final_seats,
            self.forfeited,
        )

    @property
    def players(self) -> int:
        """The entrants still in."""
        return sum(len(seats) for seats in self.tables.values())

    def counts(self) -> dict[int, int]:
        """Players at each table."""
        return {t: len(seats) for t, seats in self.tables.items()}

    def find(self, entry: int) -> tuple[int, int]:
        """Where entrant ``entry`` sits: table and seat."""
        for table, seats in self.tables.items():
            for seat, seated in seats.items():
                if seated.entry == entry:
                    return table, seat
        raise FloorError(f"entrant {entry} is not seated")

    def at(self, table: int, seat: int) -> Seated:
        """The player at ``table`` ``seat``, or :class:`FloorError` saying what is there."""
        if table not in self.tables:
            where = "was broken" if table in self.broken else "is not in play"
            raise FloorError(f"table {table} {where}")
        seated = self.tables[table].get(seat)
        if seated is None:
            raise FloorError(f"table {table} seat {seat} is empty")
        return seated

    def name(self, entry: int) -> str:
        """``Dana (12)``, or ``entrant 12`` for a numbered entrant."""
        name = self.names.get(entry)
        return f"{name} ({entry})" if name else f"entrant {entry}"


def clockwise(start: int, size: int) -> list[int]:
    """Every seat of a table of ``size`` seats, going clockwise from the one after
    ``start``, ``start`` last."""
    return [(start + step - 1) % size + 1 for step in range(1, size + 1)]


def blinds_next(seats: Iterable[int], button: int, size: int) -> tuple[int, int] | None:
    """The small and big blind of the next hand at a table whose button is at ``button``:
    the first player after the button and the next (heads-up, the button posts the small
    blind); ``None`` with fewer than two players.

    >>> blinds_next([1, 4, 6, 8], 4, 9)
    (6, 8)
    >>> blinds_next([2, 7], 7, 9)
    (7, 2)
    """
    taken = set(seats)
    if len(taken) < 2:
        return None
    order = [s for s in clockwise(button, size) if s in taken]
    if len(taken) == 2:
        small = button if button in taken else order[0]
        big = next(s for s in order if s != small)
        return small, big
    return order[0], order[1]


def open_seats(seats: Iterable[int], button: int, size: int) -> tuple[list[int], list[int]]:
    """The empty seats of a table, the worst position first: the one due soonest for the
    big blind, a seat between the small and big blind (a single big blind) before all
    (TDA 11-A); and apart, the seats between the button and the small blind, where a new
    player is not dealt in (TDA 8-A, 10-A).

    >>> open_seats([1, 4, 6, 8], 4, 9)
    ([7, 9, 2, 3], [5])
    """
    taken = set(seats)
    empty = [s for s in range(1, size + 1) if s not in taken]
    blinds = blinds_next(taken, button, size)
    if blinds is None:
        return [s for s in clockwise(button, size) if s in empty], []
    small, _big = blinds
    order = [s for s in clockwise(small, size) if s in empty]
    waiting: list[int] = []
    if small != button:
        after_button = clockwise(button, size)
        waiting = after_button[: after_button.index(small)]
    return [s for s in order if s not in waiting], [s for s in order if s in waiting]


def _seat_of(data: Sequence[Any]) -> tuple[int, int]:
    return int(data[0]), int(data[1])


def replay(records: Iterable[Mapping[str, Any]]) -> Floor:
    """The tables after ``records``, the first the draw.

    Records: ``draw`` (the seating, the buttons, the names), ``bust`` (a player out),
    ``moves`` (players moved at once, tables broken, buttons set: a balancing or a
    redraw), ``button`` (a table's button set by hand), ``chips`` (a stack counted),
    ``level`` (the level in play), ``enter`` (a late entrant, an alternate or a
    re-entry seated), ``clock`` (the clock started, paused, resumed or set; read by
    :mod:`floorman.tournament.clock`, not here), ``penalty`` (a disqualified player
    leaves), ``hand`` (hands played at a table), ``clock-call`` and ``clock-call-end``,
    ``hand-for-hand`` (read by :mod:`floorman.tournament.penalties`,
    :mod:`floorman.tournament.clockcall`, :mod:`floorman.tournament.handforhand`).
    """
    floor: Floor | None = None
    for record in records:
        if record["kind"] == "draw":
            floor = _drawn(record)
        elif floor is None:
            raise FloorError("the tournament has no draw")
        else:
            apply_record(floor, record)
    if floor is None:
        raise FloorError("the tournament has no draw")
    return floor


def _drawn(record: Mapping[str, Any]) -> Floor:
    floor = Floor(int(record["table_seats"]), entrants=int(record["entrants"]))
    for table, seat, entry, chips in record["seating"]:
        floor.tables.setdefault(int(table), {})[int(seat)] = Seated(int(entry), int(chips))
    floor.buttons = {int(t): int(s) for t, s in record["buttons"].items()}
    floor.names = {int(e): str(n) for e, n in record.get("names", {}).items()}
    floor.most_tables = len(floor.tables)
    return floor


def apply_record(floor: Floor, record: Mapping[str, Any]) -> None:
    """Apply one record after the draw to ``floor``."""
    kind = record["kind"]
    if kind == "bust":
        bust(floor, int(record["table"]), int(record["seat"]))
        floor.forfeited += int(record.get("forfeit", 0))
    elif kind == "moves":
        move(floor, record)
    elif kind == "button":
        table, seat = int(record["table"]), int(record["seat"])
        if table not in floor.tables:
            raise FloorError(f"table {table} is not in play")
        floor.buttons[table] = seat
    elif kind == "chips":
        table, seat = int(record["table"]), int(record["seat"])
        seated = floor.at(table, seat)
        floor.tables[table][seat] = Seated(seated.entry, int(record["chips"]))
    elif kind == "level":
        floor.level = int(record["level"])
    elif kind == "payouts":
        pass  # the payout structure posted: floorman.tables.tournament_money reads it
    elif kind == "enter":
        enter(floor, record)
    elif kind == "clock":
        pass  # the clock's own records: floorman.tournament.clock reads them
    elif kind == "penalty":
        penalize(floor, record)
    elif kind == "link":
        pass  # a table dealt at a floorman table: floorman.tables.tournament_tables
    elif kind == "hand":
        hand_played(floor, record)
    elif kind in ("clock-call", "clock-call-end", "hand-for-hand"):
        pass  # read by floorman.tournament.clockcall and floorman.tournament.handforhand
    elif kind == "deal":
        pass  # a deal's amounts: floorman.tables.tournament_money reads them
    else:
        raise FloorError(f"unknown tournament record {kind!r}")


def penalize(floor: Floor, record: Mapping[str, Any]) -> None:
    """A penalty given to the player at its table and seat; a disqualified player leaves
    the table, the chips removed from play (TDA 2024 Rule 71-D)."""
    table, seat = int(record["table"]), int(record["seat"])
    seated = floor.at(table, seat)
    if seated.entry != int(record["entry"]):
        raise FloorError(f"table {table} seat {seat} is not entrant {record['entry']}")
    if record["penalty"] == "disqualification":
        del floor.tables[table][seat]


def hand_played(floor: Floor, record: Mapping[str, Any]) -> None:
    """A hand played at a table: reported by the floor (it counts for penalties and
    hand-for-hand), or taken in from the table's floorman table (``hand``, its id: its
    busts and stacks came as records of their own), with the button it leaves for the
    next hand, if it says. A table broken since its hand was taken in is passed over."""
    table = int(record["table"])
    if table not in floor.tables:
        if "hand" not in record:
            raise FloorError(f"table {table} is not in play")
        return
    if "button" in record:
        floor.buttons[table] = int(record["button"])


def enter(floor: Floor, record: Mapping[str, Any]) -> None:
    """A new entrant (late, an alternate, a re-entry) takes the seat drawn for it; a table
    not in play opens with it."""
    table, seat = int(record["table"]), int(record["seat"])
    entry = int(record["entry"])
    if entry != floor.entrants + 1:
        raise FloorError(f"entrant {entry} is not the next entrant, {floor.entrants + 1}")
    if seat in floor.tables.get(table, {}) or not 1 <= seat <= floor.size():
        raise FloorError(f"table {table} seat {seat} is not open")
    if table in floor.broken:
        raise FloorError(f"table {table} was broken")
    if table not in floor.tables:
        floor.buttons[table] = seat
    floor.tables.setdefault(table, {})[seat] = Seated(entry, int(record["chips"]))
    floor.entrants = entry
    if record.get("name"):
        floor.names[entry] = str(record["name"])
    floor.most_tables = max(floor.most_tables, len(floor.tables))


def bust(floor: Floor, table: int, seat: int) -> Bust:
    """The player at ``table`` ``seat`` is out."""
    seated = floor.at(table, seat)
    del floor.tables[table][seat]
    out = Bust(seated.entry, table, seat, seated.chips)
    floor.busts.append(out)
    return out


def move(floor: Floor, record: Mapping[str, Any]) -> None:
    """Carry out a ``moves`` record: every mover leaves first, then each takes the new
    seat, then the tables named broken go and the buttons named are set."""
    leaving = []
    for item in record["moves"]:
        table, seat = _seat_of(item["from"])
        seated = floor.at(table, seat)
        if seated.entry != int(item["entry"]):
            raise FloorError(f"table {table} seat {seat} is not entrant {item['entry']}")
        leaving.append((seated, _seat_of(item["to"])))
        del floor.tables[table][seat]
    for table in record.get("broken", []):
        if floor.tables.get(int(table)):
            raise FloorError(f"table {table} cannot break: players are still seated there")
        floor.tables.pop(int(table), None)
        floor.buttons.pop(int(table), None)
        floor.broken.append(int(table))
    if record.get("final_seats"):
        floor.final_seats = int(record["final_seats"])
    for seated, (table, seat) in leaving:
        if table not in floor.tables:
            raise FloorError(f"table {table} is not in play")
        if seat in floor.tables[table] or not 1 <= seat <= floor.size():
            raise FloorError(f"table {table} seat {seat} is not open")
        floor.tables[table][seat] = seated
    for table, seat in record.get("buttons", {}).items():
        floor.buttons[int(table)] = int(seat)
