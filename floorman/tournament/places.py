"""Finishing places: who finishes where when players bust, and what their places pay.

A player busting alone takes the last place still open. When several bust
in one hand the books say:

- RRoP §15 rule 35: "If two (or more) players go broke during the same hand,
  the player starting the hand with the larger amount of money finishes in
  the higher tournament place for prize money and any other award."
- WSOP T 126-b, during hand-for-hand: busts "during the same hand at
  different tables ... will 'tie' for that place finish"; at the same table
  "the Participant(s) who began the hand with the highest chip count will
  receive the higher place finish".
- TDA 2024 RP-8-A, during hand-for-hand: "the busting players will be
  eligible for a share of the place(s) paid on the current hand" (its
  example: three bust with 52 left and 50 paid, and all three share the
  50th place payout).

TDA has no rule for several busts in one hand outside hand-for-hand; there
the larger starting stack finishes higher, as RRoP and WSOP say, as a house
option. RRoP has no hand-for-hand rule; busts at different tables tie, as
WSOP says, as a house option. Players who began the hand with equal stacks
are not separated by any book: they tie.

Players who tie share their places: the payouts of those places are added up
and split equally (RP-8-A's "share"). When busts at one table are ordered
and busts at other tables tie with them (WSOP T 126-b with busts at several
tables), the largest stack busting at each table ties with the largest at
the others for the highest places, the next largest with the next, and so on.

>>> busts = [Bust("Ann", 4000, 1), Bust("Bo", 9000, 1)]
>>> [(f.player, f.places) for f in finishing_places(10, busts, place_rules("rrop"))]
[('Bo', (9,)), ('Ann', (10,))]
>>> from floorman.tournament.payouts import payout_table
>>> table = payout_table(1000, ["50", "30", "20"])
>>> h4h = [Bust("Cy", 500, 1), Bust("Di", 800, 2), Bust("Ed", 300, 3)]
>>> done = finishing_places(5, h4h, place_rules("tda-2024"), hand_for_hand=True)
>>> [(f.player, f.places, str(f.share(table))) for f in done]
[('Cy', (3, 4, 5), '200/3'), ('Di', (3, 4, 5), '200/3'), ('Ed', (3, 4, 5), '200/3')]
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final, Literal

from floorman.errors import FloormanError
from floorman.tournament.payouts import PayoutTable

__all__ = [
    "PLACE_BOOKS",
    "Bust",
    "Finish",
    "PlaceError",
    "PlaceRules",
    "finishing_places",
    "ordinal",
    "pay",
    "place_rules",
]

HandForHand = Literal["share-all", "by-table"]


class PlaceError(FloormanError, ValueError):
    """Busts that cannot be placed as recorded; the message names the player."""


@dataclass(frozen=True)
class PlaceRules:
    """How a book places several busts in one hand; see the module's text."""

    same_hand: str
    """The citation for the larger starting stack finishing higher."""
    hand_for_hand: HandForHand
    hand_for_hand_cite: str


PLACE_BOOKS: Final[dict[str, PlaceRules]] = {
    "rrop": PlaceRules(
        same_hand="RRoP §15 rule 35",
        hand_for_hand="by-table",
        hand_for_hand_cite="RRoP §15 rule 35 at one table; at different tables a tie"
        " (house option: RRoP has no hand-for-hand rule; as WSOP T 126-b)",
    ),
    "tda-2024": PlaceRules(
        same_hand="house option: TDA 2024 is silent; as RRoP §15 rule 35",
        hand_for_hand="share-all",
        hand_for_hand_cite="TDA 2024 RP-8-A",
    ),
    "wsop-2024": PlaceRules(
        same_hand="WSOP T 126-b",
        hand_for_hand="by-table",
        hand_for_hand_cite="WSOP T 126-b",
    ),
}
"""Each book's placing of busts in one hand, by rulebook name."""

EQUAL_STACKS: Final = "equal starting stacks: no book separates them, they tie"


def place_rules(book: str) -> PlaceRules:
    try:
        return PLACE_BOOKS[book]
    except KeyError:
        raise PlaceError(
            f'no finishing places for rulebook "{book}": one of {", ".join(PLACE_BOOKS)}'
        ) from None


@dataclass(frozen=True)
class Bust:
    """A player out in a hand: the chips they began that hand with, and their table."""

    player: str
    starting_stack: int
    table: Hashable = None


@dataclass(frozen=True)
class Finish:
    """A busted player's place: ``places`` holds more than one place when they share
    them with ``tied_with``."""

    player: str
    places: tuple[int, ...]
    tied_with: tuple[str, ...]
    reason: str

    @property
    def place(self) -> int:
        """The highest of the places shared: what the results list them as."""
        return self.places[0]

    def share(self, table: PayoutTable) -> Fraction:
        """What the place pays this player: the places shared, pooled and split equally."""
        pooled = sum(table.pays(place) for place in self.places)
        return Fraction(pooled, len(self.places))

    def shown(self) -> str:
        """``9th`` or ``tied for 3rd to 5th``."""
        if len(self.places) == 1:
            return ordinal(self.place)
        return f"tied for {ordinal(self.places[0])} to {ordinal(self.places[-1])}"


def finishing_places(
    players_left: int,
    busts: Sequence[Bust],
    rules: PlaceRules,
    *,
    hand_for_hand: bool = False,
) -> tuple[Finish, ...]:
    """The places of the players who bust in one hand (or, ``hand_for_hand``, in one
    hand-for-hand round at every table), ``players_left`` being the players in the
    tournament before it, busts included; highest place first."""
    if not busts:
        return ()
    names = [bust.player for bust in busts]
    if len(set(names)) != len(names):
        raise PlaceError("a player is out twice in one hand")
    if len(busts) > players_left:
        raise PlaceError(f"{len(busts)} busts with {players_left} players left")
    if len(busts) == players_left:
        raise PlaceError("every player left busted in one hand: the winner holds the chips")
    for bust in busts:
        if bust.starting_stack < 1:
            raise PlaceError(f"{bust.player} began the hand with no chips")
    tables = {bust.table for bust in busts}
    if hand_for_hand and rules.hand_for_hand == "share-all":
        tiers = [list(busts)]
        cite = rules.hand_for_hand_cite
    elif hand_for_hand and len(tables) > 1:
        tiers = _by_table(busts)
        cite = rules.hand_for_hand_cite
    else:
        if len(tables) > 1:
            raise PlaceError("busts at different tables are in one hand only hand-for-hand")
        tiers = _by_stack(busts)
        cite = rules.same_hand
    finishes: list[Finish] = []
    next_place = players_left - len(busts) + 1
    for tier in tiers:
        places = tuple(range(next_place, next_place + len(tier)))
        next_place += len(tier)
        for bust in tier:
            others = tuple(other.player for other in tier if other is not bust)
            finishes.append(Finish(bust.player, places, others, _reason(tier, cite, busts)))
    return tuple(finishes)


def pay(finishes: Sequence[Finish], table: PayoutTable) -> dict[str, int]:
    """What each player of one hand's busts is paid, in the table's whole units: the
    places a group shares pooled and split equally; the books are silent on the units
    an equal split leaves over, and here they go one each to the tied players in the
    order the busts were given, any part below a unit to the first (house option).

    >>> from floorman.tournament.payouts import payout_table
    >>> table = payout_table(1000, ["50", "30", "20"])
    >>> busts = [Bust("Cy", 500, 1), Bust("Di", 500, 1)]
    >>> pay(finishing_places(3, busts, place_rules("rrop")), table)
    {'Cy': 250, 'Di': 250}
    """
    paid: dict[str, int] = {}
    groups: dict[tuple[int, ...], list[Finish]] = {}
    for finish in finishes:
        groups.setdefault(finish.places, []).append(finish)
    for places, group in groups.items():
        pooled = sum(table.pays(place) for place in places)
        each = pooled // len(group) // table.unit * table.unit
        left = pooled - each * len(group)
        for finish in group:
            extra = table.unit if left >= table.unit else 0
            paid[finish.player] = each + extra
            left -= extra
        paid[group[0].player] += left
    return paid


def _by_stack(busts: Sequence[Bust]) -> list[list[Bust]]:
    """Larger starting stack higher; equal stacks together."""
    tiers: list[list[Bust]] = []
    for bust in sorted(busts, key=lambda b: -b.starting_stack):
        if tiers and tiers[-1][0].starting_stack == bust.starting_stack:
            tiers[-1].append(bust)
        else:
            tiers.append([bust])
    return tiers


def _by_table(busts: Sequence[Bust]) -> list[list[Bust]]:
    """Each table's busts by stack; the n-th of every table tie with one another."""
    tiers: list[list[Bust]] = []
    tables: dict[Hashable, list[Bust]] = {}
    for bust in busts:
        tables.setdefault(bust.table, []).append(bust)
    for at_table in tables.values():
        for rank, tier in enumerate(_by_stack(at_table)):
            while len(tiers) <= rank:
                tiers.append([])
            tiers[rank].extend(tier)
    return tiers


def _reason(tier: Sequence[Bust], cite: str, busts: Sequence[Bust]) -> str:
    if len(busts) == 1:
        return "out alone: the last place open"
    if len(tier) == 1:
        return f"began the hand with {tier[0].starting_stack:,} ({cite})"
    stacks = {bust.starting_stack for bust in tier}
    if len(stacks) == 1 and len({bust.table for bust in tier}) == 1:
        return f"tied: {EQUAL_STACKS} ({cite})"
    return f"tied, sharing the places' payouts ({cite})"


def ordinal(place: int) -> str:
    """``1st``, ``2nd``, ``11th``, ``23rd``.

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '101st']
    """
    if place % 100 in (11, 12, 13):
        return f"{place}th"
    return f"{place}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(place % 10, 'th') }"
