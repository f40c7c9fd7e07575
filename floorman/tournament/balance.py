"""Which players move now, and where: breaking a table when the players left fit in fewer
tables, a redraw where the rulebook calls one, and balancing tables kept within one or
two players; each move with its citation.

- A table breaks when the others can seat everyone, in the house's pre-set order
  (RRoP §15 rule 12, WSOP 66); its players go to the open seats by the 2-step random
  draw (TDA 10-B and its Illustration Addendum), never between the small blind and the
  button while another seat is open (TDA 8-A, 10-A; WSOP 66).
- Tables are kept within one player, or two with more than six tables under RRoP
  (RRoP §15 rule 16); WSOP within one (WSOP 67-c); the TDA leaves it to the TD (TDA
  11-D), and floorman keeps one unless the house says otherwise.
- The player to move is the one to be big blind next, to the worst position at the
  short table: the open seat due soonest for the big blind, never the small blind
  (TDA 11-A; RRoP §15 rule 14; WSOP 67-a).
- The table a player moves from is fixed by a predetermined procedure (TDA 11-C):
  the table with the most players, the one first in the break order among equals
  (WSOP 67); the table moved to is the one with the fewest, the one last to break
  among equals.
- Play halts on a table three or more short of the fullest (TDA 11-D, WSOP 67).
- RRoP redraws every seat when three or more tables come down to two, and again to one
  (RRoP §15 rule 17); WSOP at three, two and one table with 100 entrants or more, at
  two and one with more than 50 (WSOP 67-c).

- In stud-only games players move by position: the last seat open at the short table is
  the seat filled (TDA 11-A), read as the seat opened most recently by a bust there (the
  highest-numbered open seat when no bust there opened one). Which player leaves the donor
  table the TDA does not say: a house option (``stud_mover``), by default the player in
  the same seat number as the seat filled (the next seat clockwise if it is empty), or a
  high card drawn at the donor table; under WSOP the high card (WSOP 67-b-a).
- In mixed games the button is frozen during stud at the seat it would hold for the next
  hold'em hand, and the player moved is the one who would be big blind from it (TDA 11-B;
  WSOP 67-b): the flop rule from the button on record, which a mixed game's tables keep
  frozen through the stud rounds. Under WSOP the mover is drawn by high card (WSOP 67-b-a).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from floorman.tournament.draw import (
    SeatCard,
    balanced_counts,
    button_by_high_card,
    two_step_draw,
)
from floorman.tournament.floor import Floor, Seated, blinds_next, clockwise, open_seats

__all__ = [
    "STUD_ONLY",
    "Book",
    "Entry",
    "Halt",
    "Move",
    "Plan",
    "break_order",
    "last_open_seat",
    "plan",
    "seat_for_entrant",
]

Why = Literal["balance", "break", "redraw"]

STUD_ONLY = frozenset({"stud", "razz", "stud-hilo"})
"""The games balanced by position (TDA 11-A)."""


@dataclass(frozen=True, slots=True)
class Book:
    """The tournament rules a plan follows: the rulebook and the house's choices."""

    rulebook: str = "tda-2024"
    balance_within: int | None = None
    """The house's spread between tables; ``None``: as the rulebook says."""
    break_order: str | tuple[int, ...] = "highest-first"
    final_table: int | None = None
    """The house's final table size; ``None``: as the rulebook says."""
    game: str = "holdem"
    """The tournament's game: a flop game, a stud-only game or ``mixed``."""
    stud_mover: Literal["same-seat", "high-card"] = "same-seat"
    """House option for stud-only games: who leaves the donor table (TDA 11-A is silent)."""

    def final_size(self, size: int) -> tuple[int, str]:
        """How many players the tables combine to the final table at, and why.

        >>> Book("wsop-2024").final_size(9)
        (10, 'WSOP 68-a')
        >>> Book("tda-2024").final_size(9)[0]
        9
        """
        if self.final_table is not None:
            return self.final_table, "house option final_table"
        if self.rulebook == "wsop-2024" and 6 <= size <= 9:
            return size + 1, f"WSOP 68-{'dcba'[size - 6]}"
        book = {"rrop": "RRoP", "wsop-2024": "WSOP 68 (not for this table size)"}.get(
            self.rulebook, "TDA"
        )
        return size, f"house option final_table ({book} silent): when the players fit one table"

    def tolerance(self, tables: int) -> tuple[int, str]:
        """How many players apart tables may be, and why."""
        if self.balance_within is not None:
            return self.balance_within, "house option balance_within"
        if self.rulebook == "rrop":
            return (2 if tables > 6 else 1), "RRoP §15 rule 16"
        if self.rulebook == "wsop-2024":
            return 1, "WSOP 67-c"
        return 1, "house option balance_within (TDA 11-D leaves it to the TD)"

    def redraws(self, most_tables: int, entrants: int) -> tuple[frozenset[int], str]:
        """The table counts at which every seat is drawn again, and why."""
        if self.rulebook == "rrop" and most_tables >= 3:
            return frozenset({2, 1}), "RRoP §15 rule 17"
        if self.rulebook == "wsop-2024" and entrants >= 100:
            return frozenset({3, 2, 1}), "WSOP 67-c"
        if self.rulebook == "wsop-2024" and entrants > 50:
            return frozenset({2, 1}), "WSOP 67-c"
        return frozenset(), ""

    @property
    def move_cite(self) -> str:
        return {
            "rrop": "RRoP §15 rules 14, 16",
            "wsop-2024": "WSOP 67, 67-a",
        }.get(self.rulebook, "TDA 11-A, 11-C")

    @property
    def mover_by_high_card(self) -> bool:
        """Whether a high card drawn at the donor table picks the player who moves."""
        if self.rulebook == "wsop-2024":
            return self.game in STUD_ONLY or self.game == "mixed"
        return self.game in STUD_ONLY and self.stud_mover == "high-card"

    @property
    def break_cite(self) -> str:
        return {
            "rrop": "RRoP §15 rule 12; TDA 10-B and Addendum §10",
            "wsop-2024": "WSOP 66; TDA 10-B and Addendum §10",
        }.get(self.rulebook, "TDA 10-A, 10-B and Addendum §10")

    @property
    def halt_cite(self) -> str | None:
        return {"rrop": None, "wsop-2024": "WSOP 67"}.get(self.rulebook, "TDA 11-D")

    @property
    def button_cite(self) -> str:
        return "WSOP 85" if self.rulebook == "wsop-2024" else "RRoP §15 rule 29"


@dataclass(frozen=True, slots=True)
class Move:
    """One player to a new seat."""

    entry: int
    source: tuple[int, int]
    target: tuple[int, int]
    chips: int
    why: Why
    cite: str
    reason: str
    card: str | None = None
    """The playing card the player drew in a 2-step draw."""
    waits: bool = False
    """The seat is between the button and the small blind: the player is dealt in once
    the button has passed (TDA 10-A)."""

    def as_json(self) -> dict[str, Any]:
        return {
            "entry": self.entry,
            "from": list(self.source),
            "to": list(self.target),
            "chips": self.chips,
            "why": self.why,
            "cite": self.cite,
            "reason": self.reason,
            "card": self.card,
            "waits": self.waits,
        }


@dataclass(frozen=True, slots=True)
class Halt:
    """A table to stop dealing at until a player is moved in."""

    table: int
    short: int
    cite: str

    def as_json(self) -> dict[str, Any]:
        return {"table": self.table, "short": self.short, "cite": self.cite}


@dataclass(slots=True)
class Plan:
    """Everything due now: the moves in order, the tables broken, the buttons drawn."""

    moves: list[Move] = field(default_factory=list)
    broken: list[tuple[int, str]] = field(default_factory=list)
    buttons: dict[int, tuple[int, str]] = field(default_factory=dict)
    """A table's new button after a redraw, with the card or rule that placed it."""
    halts: list[Halt] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    final_seats: int = 0
    """The final table's seats, when the plan combines the tables to one with more seats
    than they had (WSOP 68)."""

    def record(self) -> dict[str, Any]:
        """The ``moves`` record that carries the plan out (:func:`floor.replay`)."""
        data: dict[str, Any] = {
            "kind": "moves",
            "moves": [m.as_json() for m in self.moves],
            "broken": [table for table, _cite in self.broken],
            "buttons": {str(t): seat for t, (seat, _why) in self.buttons.items()},
        }
        if self.final_seats:
            data["final_seats"] = self.final_seats
        return data


def break_order(tables: Sequence[int], order: str | tuple[int, ...]) -> list[int]:
    """``tables`` in the order they break: the house's list first, then the rest, the
    highest number first (or the lowest, as the house says).

    >>> break_order([1, 2, 3, 4], (2,))
    [2, 4, 3, 1]
    """
    rest = sorted(tables, reverse=order != "lowest-first")
    listed = [t for t in order if t in tables] if isinstance(order, tuple) else []
    return listed + [t for t in rest if t not in listed]


def plan(floor: Floor, book: Book, rng: random.Random) -> Plan:
    """The moves due now at ``floor`` under ``book``; ``rng`` draws the seats."""
    work = floor.copy()
    result = Plan(halts=_halts(floor, book))
    moves: dict[int, Move] = {}
    size = work.table_seats
    final, final_why = book.final_size(size)
    combined = False
    while len(work.tables) > 1:
        tables = break_order(list(work.tables), book.break_order)
        fewest = -(-work.players // size) or 1
        if work.players <= final:
            fewest = 1
            if final != size and len(tables) > 1 and not combined:
                combined = True
                if final > size:
                    work.final_seats = result.final_seats = final
                result.notes.append(
                    f"the tables combine to the final table with {work.players} players,"
                    f" seated {final} ({final_why})"
                )
        elif fewest == 1:
            fewest = 2  # the house's final table is smaller than the tables
        if fewest < len(tables):
            counts, why = book.redraws(work.most_tables, work.entrants)
            if fewest in counts:
                _redraw(work, tables, fewest, book, why, rng, moves, result)
                break
            _break(work, tables[0], book, rng, moves, result)
            continue
        if not _balance_one(work, book, tables, moves, rng):
            break
    result.moves = [m for m in moves.values() if m.source != m.target]
    return result


def _record(moves: dict[int, Move], move: Move) -> None:
    """Keep ``move``; a player moved again keeps the first seat as the one left."""
    earlier = moves.pop(move.entry, None)
    if earlier is not None:
        move = Move(
            move.entry, earlier.source, move.target, move.chips, move.why, move.cite,
            move.reason, move.card, move.waits,
        )  # fmt: skip
    moves[move.entry] = move


def _place(work: Floor, source: tuple[int, int], target: tuple[int, int]) -> Seated:
    seated = work.tables[source[0]].pop(source[1])
    work.tables[target[0]][target[1]] = seated
    return seated


def _halts(floor: Floor, book: Book) -> list[Halt]:
    cite = book.halt_cite
    counts = floor.counts()
    if cite is None or len(counts) < 2:
        return []
    most = max(counts.values())
    return [Halt(t, most - c, cite) for t, c in sorted(counts.items()) if most - c >= 3]


def _break(
    work: Floor, table: int, book: Book, rng: random.Random, moves: dict[int, Move], result: Plan
) -> None:
    """Break ``table``: its players to open seats at the other tables by the 2-step draw."""
    size = work.size()
    leaving = sorted(work.tables[table].items())
    others = [t for t in break_order(list(work.tables), book.break_order) if t != table]
    taken = {t: len(work.tables[t]) for t in others}
    free = {t: _open(work, t, moves) for t in others}
    wanted: dict[int, int] = dict.fromkeys(others, 0)
    for _ in leaving:
        open_tables = [t for t in others if taken[t] < size]
        receiver = min(
            open_tables,
            key=lambda t: (taken[t], wanted[t] >= len(free[t][0]), -others.index(t)),
        )
        taken[receiver] += 1
        wanted[receiver] += 1
    cards: list[SeatCard] = []
    waiting: set[tuple[int, int]] = set()
    for t, count in wanted.items():
        dealt, between = free[t]
        chosen = (dealt + between)[:count]
        waiting.update((t, s) for s in chosen if s in between)
        cards.extend(SeatCard(t, s) for s in chosen)
    drawn = two_step_draw([seat for seat, _ in leaving], cards, rng)
    for seat, card, playing in drawn:
        target = (card.table, card.seat)
        seated = _place(work, (table, seat), target)
        waits = target in waiting
        reason = (
            f"table {table} breaks: drew {playing.pretty()} for table {card.table}"
            f" seat {card.seat}" + (", dealt in once the button passes" if waits else "")
        )
        _record(moves, Move(seated.entry, (table, seat), target, seated.chips, "break",
                            book.break_cite, reason, playing.pretty(), waits))  # fmt: skip
    del work.tables[table]
    work.buttons.pop(table, None)
    result.broken.append((table, _break_order_cite(book)))


def _open(
    work: Floor, table: int, moves: Mapping[int, Move] | None = None
) -> tuple[list[int], list[int]]:
    """The open seats at ``table``, the worst position first, and those where a new player
    waits for the button to pass. A player this plan seated to wait is not yet dealt in,
    so does not move the blinds: a seat beside one waits too."""
    seats = work.tables[table]
    waiting = {m.target[1] for m in (moves or {}).values() if m.waits and m.target[0] == table}
    dealt = [s for s in seats if s not in waiting]
    button = work.buttons.get(table, min(seats, default=1))
    free, between = open_seats(dealt, button, work.size())
    return [s for s in free if s not in waiting], [s for s in between if s not in waiting]


def _break_order_cite(book: Book) -> str:
    return {"rrop": "RRoP §15 rule 12", "wsop-2024": "WSOP 66"}.get(
        book.rulebook, "house break order (TDA 10)"
    )


def _redraw(
    work: Floor,
    tables: list[int],
    keep: int,
    book: Book,
    why: str,
    rng: random.Random,
    moves: dict[int, Move],
    result: Plan,
) -> None:
    """Every seat drawn again at the ``keep`` tables last in the break order."""
    staying = sorted(tables[len(tables) - keep :])
    everyone = sorted(
        ((t, s) for t in tables for s in work.tables[t]), key=lambda ts: (ts[0], ts[1])
    )
    cards = [
        (t, seat)
        for t, count in zip(staying, balanced_counts(len(everyone), keep), strict=True)
        for seat in range(1, count + 1)
    ]
    rng.shuffle(cards)
    seated = {place: work.tables[place[0]][place[1]] for place in everyone}
    for t in tables:
        work.tables[t] = {}
    for place, target in zip(everyone, cards, strict=True):
        player = seated[place]
        work.tables[target[0]][target[1]] = player
        final = " for the final table" if keep == 1 else f" at {keep} tables"
        _record(moves, Move(player.entry, place, target, player.chips, "redraw", why,
                            f"redraw{final}: table {target[0]} seat {target[1]}"))  # fmt: skip
    for t in tables:
        if t not in staying:
            del work.tables[t]
            work.buttons.pop(t, None)
            result.broken.append((t, _break_order_cite(book)))
    for t in staying:
        seats = sorted(work.tables[t])
        if book.rulebook == "wsop-2024" and keep > 1:
            button, text = max(seats), "the first stack to the dealer's right (WSOP 85)"
        else:
            button, drawn = button_by_high_card(seats, rng)
            card = drawn[button].pretty()
            text = f"seat {button} drew the high card, {card} ({book.button_cite})"
        work.buttons[t] = button
        result.buttons[t] = (button, text)
    result.notes.append(f"redraw{' for the final table' if keep == 1 else ''} ({why})")


def _balance_one(
    work: Floor, book: Book, tables: list[int], moves: dict[int, Move], rng: random.Random
) -> bool:
    """Move one player from the fullest table to the shortest if they are too far apart."""
    tolerance, why = book.tolerance(len(tables))
    counts = work.counts()
    if max(counts.values()) - min(counts.values()) <= tolerance:
        return False
    donor = max(tables, key=lambda t: (counts[t], -tables.index(t)))
    receiver = min(tables, key=lambda t: (counts[t], -tables.index(t)))
    if book.game in STUD_ONLY:
        mover, seat, waits, how = _by_position(work, book, donor, receiver, rng)
        cite = _stud_cite(book)
    else:
        seats = work.tables[donor]
        blinds = blinds_next(seats, work.buttons.get(donor, min(seats)), work.size())
        mover = blinds[1] if blinds is not None else min(seats)
        how = "to be big blind next"
        cite = book.move_cite
        if book.game == "mixed":
            how += " from the frozen button"
            cite = {"rrop": "RRoP §15 rules 14, 16; TDA 11-B", "wsop-2024": "WSOP 67, 67-b"}.get(
                book.rulebook, "TDA 11-A, 11-B, 11-C"
            )
            if book.mover_by_high_card:
                mover, card = button_by_high_card(sorted(seats), rng)
                how = f"drew the high card, {card[mover].pretty()}"
                cite = "WSOP 67, 67-b-a"
        dealt, between = _open(work, receiver, moves)
        seat = (dealt + between)[0]
        waits = seat in between
        how += f" at table {donor} ({counts[donor]} players), to the worst position"
    seated = _place(work, (donor, mover), (receiver, seat))
    reason = (
        f"{how} at table {receiver} ({counts[receiver]} players): seat {seat}"
        + (", dealt in once the button passes" if waits else "")
        + f"; tables within {tolerance} ({why})"
    )
    _record(moves, Move(seated.entry, (donor, mover), (receiver, seat), seated.chips, "balance",
                        cite, reason, waits=waits))  # fmt: skip
    return True


def last_open_seat(work: Floor, table: int) -> int:
    """The last seat open at ``table``: the one a bust there opened most recently, or the
    highest-numbered open seat when no bust there opened one (TDA 11-A)."""
    taken = work.tables[table]
    for out in reversed(work.busts):
        if out.table == table and out.seat not in taken and out.seat <= work.size():
            return out.seat
    return max(s for s in range(1, work.size() + 1) if s not in taken)


def _by_position(
    work: Floor, book: Book, donor: int, receiver: int, rng: random.Random
) -> tuple[int, int, bool, str]:
    """A stud-only move: the player from ``donor`` and the seat at ``receiver``; stud has
    no button, so nobody waits for one to pass."""
    seat = last_open_seat(work, receiver)
    seats = sorted(work.tables[donor])
    if book.mover_by_high_card:
        mover, cards = button_by_high_card(seats, rng)
        how = f"drew the high card, {cards[mover].pretty()},"
    else:
        mover = next(s for s in clockwise(seat - 1, work.size()) if s in work.tables[donor])
        how = f"in seat {mover}, by position for seat {seat},"
    return mover, seat, False, f"{how} at table {donor}, to the last seat open"


def _stud_cite(book: Book) -> str:
    """The citation of a stud-only move, with the house option where the book is silent."""
    if book.rulebook == "wsop-2024":
        return "WSOP 67, 67-b-a; seat as TDA 11-A (WSOP silent)"
    book_cite = "TDA 11-A, 11-C" if book.rulebook == "tda-2024" else "RRoP §15 rule 16; TDA 11-A"
    if book.stud_mover == "high-card":
        return f"{book_cite}; house option stud_mover high-card"
    return f"{book_cite}; house option stud_mover same-seat (TDA 11-A silent on the player)"


@dataclass(frozen=True, slots=True)
class Entry:
    """The seat drawn for a late entrant, an alternate or a re-entry."""

    table: int
    seat: int
    waits: bool
    cite: str


def seat_for_entrant(floor: Floor, book: Book, rng: random.Random) -> Entry:
    """A new player's seat, drawn at random from the pool in place for new players: the
    open seats at the tables with the fewest players, where the player is dealt in at once
    (TDA 8-A, 10-A; RRoP §15 rule 15). Only where every such seat is between the button and
    the small blind is one of those drawn, the player dealt in once the button passes; with
    every seat taken, a new table opens."""
    cite = {"rrop": "RRoP §15 rule 15", "wsop-2024": "WSOP 66"}.get(book.rulebook, "TDA 8-A, 10-A")
    counts = {t: len(seats) for t, seats in floor.tables.items() if len(seats) < floor.size()}
    if not counts:
        return Entry(max([*floor.tables, *floor.broken], default=0) + 1, 1, False, cite)
    fewest = min(counts.values())
    tables = sorted(t for t, count in counts.items() if count == fewest)
    pools = {t: _open(floor, t) for t in tables}
    dealt = [(t, seat) for t in tables for seat in pools[t][0]]
    if dealt:
        table, seat = rng.choice(dealt)
        return Entry(table, seat, False, cite)
    table, seat = rng.choice([(t, seat) for t in tables for seat in pools[t][1]])
    return Entry(table, seat, True, cite)
