"""A tournament's use cases: start one by the seat draw, read its tables, record a bust,
a button, a level or a chip count, and work out and carry out the moves due.

The tournament is its log (:mod:`floorman.store.tournaments`) replayed into
the tables as they stand (:mod:`floorman.tournament.floor`). The moves due are
drawn from the tournament's seed and the log's length, so ``balance`` shows the
very moves ``balance --apply`` makes, and a tournament started with ``--seed``
draws the same seats every time.
"""

from __future__ import annotations

import os
import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from floorman.errors import FloormanError, is_utf8, shown
from floorman.store.tournaments import StoredTournament, TournamentStore
from floorman.tournament.balance import Book, Entry, Plan, plan, seat_for_entrant
from floorman.tournament.clock import Clock, ClockError, from_log, reading
from floorman.tournament.deal import no_entry_after_deal
from floorman.tournament.draw import button_by_high_card, seat_draw
from floorman.tournament.floor import Floor, FloorError, apply_record, blinds_next, replay
from floorman.tournament.structure import Structure, load_structure

__all__ = [
    "MAX_ENTRANTS",
    "Current",
    "apply_due",
    "current",
    "due",
    "enter",
    "record",
    "seating_list",
    "show_data",
    "start",
]

MAX_ENTRANTS = 10_000
MAX_SEED = 2**63 - 1


@dataclass(frozen=True, slots=True)
class Current:
    """A tournament as it stands: its record, structure, tables and the last log id."""

    stored: StoredTournament
    structure: Structure
    floor: Floor
    last: int
    clock: Clock = field(default_factory=Clock)
    linked: dict[str, int] = field(default_factory=dict)
    """Each floorman table a tournament table is dealt at (``tournament deal``), by name."""

    @property
    def book(self) -> Book:
        s = self.structure
        order = s.break_order if isinstance(s.break_order, str) else tuple(s.break_order)
        return Book(s.rulebook, s.balance_within, order, s.final_table, s.game, s.stud_mover)


def checked_name(name: str) -> str:
    """A tournament's name: 1 to 60 characters of printable UTF-8 text."""
    if not is_utf8(name) or not name.strip() or len(name) > 60 or not name.isprintable():
        raise FloormanError(f'tournament "{shown(name)}": 1 to 60 printable characters')
    return name


def start(
    store: TournamentStore,
    name: str,
    *,
    entrants: int | None,
    names: Sequence[str] = (),
    structure_source: str | None = None,
    table_seats: int | None = None,
    seed: int | None = None,
    by: str | None = None,
) -> Current:
    """A new tournament: the structure loaded, every entrant seated by the random draw
    (TDA 7, RRoP §15 rule 2), each table's button by the high card (RRoP §15 rule 29)."""
    checked_name(name)
    structure = load_structure(structure_source)
    if table_seats is not None and table_seats != structure.table_seats:
        data = structure.model_dump(mode="json", by_alias=True, warnings=False)
        structure = Structure.model_validate({**data, "table_seats": table_seats})
    if entrants is None:
        entrants = len(names)
    if names and len(names) != entrants:
        raise FloormanError(f"--entrants {entrants}: the names give {len(names)} entrants")
    if not 2 <= entrants <= MAX_ENTRANTS:
        raise FloormanError(f"--entrants {entrants}: from 2 to {MAX_ENTRANTS}")
    if seed is None:
        seed = secrets.randbits(62)
    rng = random.Random(f"{seed}:draw")
    entries = list(range(1, entrants + 1))
    cards = seat_draw(entries, structure.table_seats, rng)
    seating = [[c.table, c.seat, e, structure.starting_stack] for e, c in sorted(cards.items())]
    buttons: dict[str, int] = {}
    for table in sorted({c.table for c in cards.values()}):
        seats = sorted(c.seat for c in cards.values() if c.table == table)
        buttons[str(table)] = button_by_high_card(seats, rng)[0]
    first = {
        "kind": "draw",
        "entrants": entrants,
        "table_seats": structure.table_seats,
        "seating": seating,
        "buttons": buttons,
        "names": {str(e): n for e, n in zip(entries, names, strict=False)},
    }
    dumped = structure.model_dump(mode="json", by_alias=True, warnings=False)
    stored = store.create(name, dumped, seed, first, _who(by))
    return current(store, stored.name)


def _who(by: str | None) -> str | None:
    return by or os.environ.get("FLOORMAN_DEALER") or None


def current(store: TournamentStore, name: str, *, take_in: bool = True) -> Current:
    """The tournament named ``name`` as it stands; with ``take_in``, the hands finished
    at its tables dealt as floorman tables taken in first
    (:mod:`floorman.tables.tournament_tables`)."""
    checked_name(name)
    stored = store.tournament(name)
    log = store.log(stored.name)
    try:
        structure = Structure.model_validate(stored.structure)
        floor = replay(entry.data for entry in log)
        clock = from_log(((entry.data, entry.at) for entry in log), structure)
    except (ValueError, KeyError, TypeError, FloorError, ClockError) as error:
        raise FloormanError(
            f"{store.path}: the tournament {stored.name} is damaged: {error}"
        ) from None
    linked = {
        str(entry.data["name"]): int(entry.data["table"]) for entry in log if entry.kind == "link"
    }
    now = Current(stored, structure, floor, log[-1].id if log else 0, clock, linked)
    if take_in and any(entry.kind == "link" for entry in log):
        from floorman.store.errors import StoreConflict
        from floorman.tables.tournament_tables import sync

        try:
            taken = sync(store, now, [entry.data for entry in log])
        except StoreConflict:
            taken = True  # another terminal logged meanwhile (taking the same hands in)
        if taken:
            return current(store, name, take_in=False)
    return now


def due(now: Current) -> Plan:
    """The moves due now, drawn as ``apply_due`` will carry them out."""
    return plan(now.floor, now.book, random.Random(f"{now.stored.seed}:{now.last}"))


def apply_due(store: TournamentStore, now: Current, by: str | None = None) -> Plan:
    """Carry out the moves due now; refused if the tournament changed since ``now``."""
    planned = due(now)
    if planned.moves or planned.broken:
        store.append(now.stored.name, [planned.record()], after=now.last, by=_who(by))
    return planned


def forfeit_rule(structure: Structure) -> tuple[bool, str]:
    """Whether a player may forfeit the chips in play to re-enter, and the rule: the
    house's option where set; else WSOP T 13 allows it (at the end of registration), and
    TDA 8-B leaves it to the event ("if a player is permitted") and RRoP is silent, so
    floorman does not allow it there unless the house says so."""
    if structure.reentry_forfeit is not None:
        return structure.reentry_forfeit, "house option reentry_forfeit; TDA 8-B"
    if structure.rulebook == "wsop-2024":
        return True, "WSOP T 13; TDA 8-B"
    book = (
        "TDA 8-B: only where the event permits it"
        if structure.rulebook == "tda-2024"
        else ("RRoP is silent")
    )
    return False, f"{book}; the house option reentry_forfeit in the structure"


def enter(
    store: TournamentStore,
    now: Current,
    name: str | None = None,
    by: str | None = None,
    *,
    forfeit: tuple[int, int] | None = None,
) -> tuple[Current, Entry, int]:
    """A late entrant, an alternate or a re-entry, sold a full stack and seated by a random
    draw from the pool in place for new players (TDA 8-A): the new tournament, the seat
    drawn and the entrant's number. With ``forfeit``, the player at that table and seat
    re-enters: the chips in play there are forfeited and removed from play (TDA 8-B), the
    old entry out, and the new entry seated by the draw."""
    if now.floor.entrants >= MAX_ENTRANTS:
        raise FloormanError(f"tournament {now.stored.name}: {MAX_ENTRANTS} entrants at most")
    if any(entry.kind == "deal" for entry in store.log(now.stored.name)):
        raise FloormanError(
            f"tournament {now.stored.name}: {no_entry_after_deal(now.structure.rulebook)}"
        )
    records: list[dict[str, Any]] = []
    floor = now.floor
    if forfeit is not None:
        allowed, cite = forfeit_rule(now.structure)
        if not allowed:
            raise FloormanError(
                f"tournament {now.stored.name}: a player may not forfeit chips to re-enter ({cite})"
            )
        floor = floor.copy()
        try:
            seated = floor.at(*forfeit)
            if floor.players <= 1:
                raise FloorError("one player is left: the winner cannot re-enter")
        except FloorError as error:
            raise FloormanError(f"tournament {now.stored.name}: {error}") from None
        out = {"kind": "bust", "table": forfeit[0], "seat": forfeit[1], "started": seated.chips,
               "forfeit": seated.chips, "cite": cite}  # fmt: skip
        apply_record(floor, out)
        records.append(out)
        name = name or floor.names.get(seated.entry)
    drawn = seat_for_entrant(floor, now.book, random.Random(f"{now.stored.seed}:{now.last}:enter"))
    entry = now.floor.entrants + 1
    data: dict[str, Any] = {
        "kind": "enter",
        "entry": entry,
        "table": drawn.table,
        "seat": drawn.seat,
        "chips": now.structure.starting_stack,
        "name": name,
        "waits": drawn.waits,
        "cite": drawn.cite,
    }
    if records:
        out = records[0]
        data["forfeit"] = {"entry": floor.busts[-1].entry, "chips": out["forfeit"],
                           "cite": out["cite"]}  # fmt: skip
        apply_record(floor, data)
        store.append(now.stored.name, [*records, data], after=now.last, by=_who(by))
        return current(store, now.stored.name), drawn, entry
    return record(store, now, data, by), drawn, entry


def record(
    store: TournamentStore, now: Current, data: dict[str, Any], by: str | None = None
) -> Current:
    """Log one record (a bust, a button, a level, a chip count) after checking it fits."""
    floor = now.floor.copy()
    kind = data["kind"]
    try:
        if kind == "bust" and floor.players <= 1:
            raise FloorError("one player is left: the winner cannot bust")
        apply_record(floor, data)
    except FloorError as error:
        raise FloormanError(f"tournament {now.stored.name}: {error}") from None
    if kind == "level" and not 1 <= int(data["level"]) <= len(now.structure.level_list):
        raise FloormanError(
            f"level {data['level']}: the structure has levels 1 to {len(now.structure.level_list)}"
        )
    if kind == "button" and not 1 <= int(data["seat"]) <= floor.size():
        raise FloormanError(f"seat {data['seat']}: the tables have seats 1 to {floor.size()}")
    store.append(now.stored.name, [data], after=now.last, by=_who(by))
    return current(store, now.stored.name)


def show_data(now: Current, at: datetime | None = None) -> dict[str, Any]:
    """The tournament as ``floorman tournament show --json`` prints it at ``at`` (default:
    now): the level is the clock's once it has started, else the level set by hand."""
    floor, structure = now.floor, now.structure
    in_play = floor.entrants * structure.starting_stack - floor.forfeited
    clock = reading(structure, now.clock, at or datetime.now(UTC), floor.level)
    level = structure.level(clock.level)
    tables = []
    for table in sorted(floor.tables):
        seats = floor.tables[table]
        button = floor.buttons.get(table)
        blinds = blinds_next(seats, button, floor.size()) if button is not None else None
        tables.append(
            {
                "table": table,
                "players": len(seats),
                "button": button,
                "small_blind": blinds[0] if blinds else None,
                "big_blind": blinds[1] if blinds else None,
                "seats": [
                    {
                        "seat": seat,
                        "player": seated.entry,
                        "name": floor.names.get(seated.entry),
                        "chips": seated.chips,
                    }
                    for seat, seated in sorted(seats.items())
                ],
            }
        )
    planned = due(now)
    return {
        "tournament": now.stored.name,
        "title": structure.title,
        "structure": structure.structure,
        "rulebook": structure.rulebook,
        "game": structure.game,
        "betting": structure.betting,
        "buy_in": structure.buy_in,
        "fee": structure.fee,
        "starting_stack": structure.starting_stack,
        "table_seats": floor.table_seats,
        "seed": now.stored.seed,
        "entrants": floor.entrants,
        "players": floor.players,
        "chips_in_play": in_play,
        "average_stack": in_play // floor.players if floor.players else 0,
        "level": {
            "level": clock.level,
            "blinds": list(level.blinds),
            "ante": level.ante,
            "big_blind_ante": level.big_blind_ante,
            "limits": list(level.limits) if level.limits else None,
            "minutes": level.minutes,
        },
        "clock": clock.as_json(),
        "tables": tables,
        "broken": list(floor.broken),
        "busts": [
            {
                "player": b.entry,
                "name": floor.names.get(b.entry),
                "table": b.table,
                "seat": b.seat,
                "chips": b.chips,
            }
            for b in floor.busts
        ],
        "moves_due": len(planned.moves),
        "halts": [h.as_json() for h in planned.halts],
    }


def seating_list(now: Current) -> list[dict[str, Any]]:
    """Every player still in with table, seat and chips: named players by name (in any
    case), then numbered entrants by number."""
    floor = now.floor
    rows = [
        {"player": seated.entry, "name": floor.names.get(seated.entry), "table": table,
         "seat": seat, "chips": seated.chips}
        for table, seats in floor.tables.items()
        for seat, seated in seats.items()
    ]  # fmt: skip
    return sorted(
        rows, key=lambda r: (r["name"] is None, (r["name"] or "").casefold(), r["player"])
    )
