"""The finishing order of a tournament, worked out from its log: each hand's busts placed
by :mod:`floorman.tournament.places`, the last player left first, and what every place
pays once the payout structure is posted.

A bust record may say it went out in the same hand as the bust before it
(``same_hand``), in a hand-for-hand round (``hand_for_hand``), and with the
chips the player began that hand with (``started``; by default the stack as
last recorded). The players left when a hand's busts go are the entrants less
the players out before that hand, so a late entrant counts in every place.

>>> records = [
...     {"kind": "draw", "entrants": 3, "table_seats": 9, "buttons": {"1": 1},
...      "seating": [[1, 1, 1, 500], [1, 2, 2, 300], [1, 3, 3, 200]]},
...     {"kind": "bust", "table": 1, "seat": 3},
...     {"kind": "bust", "table": 1, "seat": 2},
... ]
>>> [(s.entry, s.places) for s in standings(records, "tda-2024")]
[(1, (1,)), (2, (2,)), (3, (3,))]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from floorman.errors import FloormanError
from floorman.tournament.floor import Floor, apply_record, replay
from floorman.tournament.payouts import PayoutTable
from floorman.tournament.places import Bust, finishing_places, pay, place_rules

__all__ = ["Standing", "paid", "standings"]

WINNER = "the last player left"


@dataclass(frozen=True)
class Standing:
    """One entrant's place: ``places`` holds more than one place when shared with
    ``tied_with``; ``started`` is the stack the entrant began the last hand with."""

    entry: int
    places: tuple[int, ...]
    tied_with: tuple[int, ...]
    reason: str
    table: int | None
    seat: int | None
    started: int
    hand: int
    """Which hand of busts, counted from 1 (the winner: 0)."""

    @property
    def place(self) -> int:
        return self.places[0]


@dataclass
class _Hand:
    busted_before: int
    hand_for_hand: bool
    busts: list[tuple[int, int, int, int]] = field(default_factory=list)
    """Each bust: entry, table, seat, starting stack."""


def standings(records: Iterable[Mapping[str, Any]], rulebook: str) -> list[Standing]:
    """Every entrant placed so far, best place first: the winner once one player is left,
    then each hand's busts, the latest first."""
    floor: Floor | None = None
    hands: list[_Hand] = []
    busted = 0
    for record in records:
        if record["kind"] == "draw":
            floor = replay([record])
            continue
        if floor is None:
            raise FloormanError("the tournament has no draw")
        if record["kind"] == "bust":
            seated = floor.at(int(record["table"]), int(record["seat"]))
            started = int(record.get("started") or seated.chips)
            if not (record.get("same_hand") and hands):
                hands.append(_Hand(busted, bool(record.get("hand_for_hand"))))
            hand = hands[-1]
            hand.hand_for_hand = hand.hand_for_hand or bool(record.get("hand_for_hand"))
            hand.busts.append((seated.entry, int(record["table"]), int(record["seat"]), started))
            busted += 1
        elif record["kind"] == "penalty" and record["penalty"] == "disqualification":
            busted += 1  # out, with no place: the chips removed (TDA 2024 Rule 71-D)
        apply_record(floor, record)
    if floor is None:
        raise FloormanError("the tournament has no draw")
    rules = place_rules(rulebook)
    placed: list[Standing] = []
    if floor.players == 1:
        table, seats = next((t, s) for t, s in floor.tables.items() if s)
        seat, seated = next(iter(seats.items()))
        placed.append(Standing(seated.entry, (1,), (), WINNER, table, seat, seated.chips, 0))
    for number, hand in reversed(list(enumerate(hands, start=1))):
        where = {entry: (table, seat, started) for entry, table, seat, started in hand.busts}
        busts = [Bust(str(e), started, table) for e, table, _seat, started in hand.busts]
        finishes = finishing_places(
            floor.entrants - hand.busted_before,
            busts,
            rules,
            hand_for_hand=hand.hand_for_hand,
        )
        for finish in finishes:
            entry = int(finish.player)
            table, seat, started = where[entry]
            placed.append(
                Standing(
                    entry,
                    finish.places,
                    tuple(int(p) for p in finish.tied_with),
                    finish.reason,
                    table,
                    seat,
                    started,
                    number,
                )
            )
    return placed


def paid(placed: Sequence[Standing], table: PayoutTable) -> dict[int, int]:
    """What each placed entrant is paid: places shared are pooled and split equally, in
    the table's units, as :func:`floorman.tournament.places.pay` says."""
    from floorman.tournament.places import Finish

    amounts: dict[int, int] = {}
    by_hand: dict[int, list[Finish]] = {}
    for standing in placed:
        finish = Finish(
            str(standing.entry),
            standing.places,
            tuple(str(t) for t in standing.tied_with),
            standing.reason,
        )
        by_hand.setdefault(standing.hand, []).append(finish)
    for finishes in by_hand.values():
        amounts.update({int(p): a for p, a in pay(finishes, table).items()})
    return amounts
