"""The chip race at a color-up: the smallest chip leaves the table, and its odd chips are
raced for chips of the next denomination, one card dealt per odd chip.

The books (TDA 2024 Rule 24, WSOP T 77, RRoP §15 rule 8) agree on the race:
chips enough for a new chip are changed up directly; the odd ones are raced
off starting in seat 1, each player dealt one card per odd chip, all of them
before the next player; the highest card by rank, then suit (spades, hearts,
diamonds, clubs), gets the first new chip, the next highest the next. They
differ where this module has a :class:`RaceRules` field:

- *At most one chip per player*: TDA 24-A and WSOP T 77-a say so. RRoP gives
  the chips card by card ("the second-highest card gets to exchange for the
  next chip"), so by its letter one player can win two; a house may say one.
- *The odd chips left over*: RRoP gives one more chip to the highest card
  remaining when the odd chips left are half a new chip or more, otherwise
  nothing. TDA and WSOP do not say how many chips are raced; this module
  follows RRoP there, as a house option.
- *Nobody is raced out*: TDA 24-A and WSOP T 77-a give a player who loses their
  last chips in the race 1 chip of the lowest denomination still in play,
  beyond the chips raced; RRoP gives that player a new chip "before anyone
  else is awarded a chip", so it is one of the chips raced.

Chips of the removed denomination found after the race are exchanged at equal
value, and what does not make a whole chip of the smallest denomination
still in play is removed (TDA 24-C, WSOP T 77-c): :func:`exchange_found`.
A floor person may also color up a player at any time, announced, at equal
value (TDA 25-B, WSOP T 106): :func:`color_up`.

>>> seats = [RaceSeat(1, 7, 1000), RaceSeat(2, 2, 500), RaceSeat(3, 3, 0)]
>>> due = cards_due(seats, ColorUp(25, 100))
>>> due
((1, 3), (2, 2), (3, 3))
>>> from floorman.cards import parse_cards
>>> dealt = assign_cards(due, parse_cards("2c 9d Kh  As 3c  Qd 4h 5s"))
>>> race = chip_race(seats, dealt, ColorUp(25, 100), race_rules("tda-2024"))
>>> [(s.seat, s.direct, s.won, s.after) for s in race.seats]
[(1, 1, 1, 1200), (2, 0, 1, 600), (3, 0, 1, 100)]
>>> race.seats[2].reason
'lost the last chips in the race, given a 100 chip (TDA 2024 Rule 24-A)'
>>> race.raced, race.awarded
(200, 300)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from floorman.cards import Card
from floorman.errors import FloormanError

__all__ = [
    "RACE_BOOKS",
    "ChipRace",
    "ColorUp",
    "RaceError",
    "RaceRules",
    "RaceSeat",
    "RacedSeat",
    "assign_cards",
    "cards_due",
    "chip_race",
    "color_up",
    "exchange_found",
    "race_rules",
]


class RaceError(FloormanError, ValueError):
    """A race that cannot be run as recorded; the message names the seat or the card."""


@dataclass(frozen=True)
class ColorUp:
    """The chip leaving the table and the smallest chip still in play after it."""

    removed: int
    next_chip: int

    def __post_init__(self) -> None:
        if self.removed < 1 or self.next_chip <= self.removed:
            raise RaceError(
                f"a color-up of the {self.removed} chip is to a larger chip, not {self.next_chip}"
            )
        if self.next_chip % self.removed:
            raise RaceError(
                f"the {self.next_chip} chip is not a whole number of {self.removed} chips"
            )

    @property
    def ratio(self) -> int:
        """How many removed chips make one new chip."""
        return self.next_chip // self.removed


@dataclass(frozen=True)
class RaceRules:
    """Where the books differ on the race; see the module's text."""

    one_chip_per_player: bool
    leftover_half_or_more: bool
    saved_from_the_race: bool
    """True: the chip that keeps a player in is one of the chips raced (RRoP);
    False: it is given beyond them (TDA, WSOP)."""
    race: str
    saved: str
    leftover: str
    found: str
    """The rule for chips of a removed denomination found after the race."""
    discretionary: str
    """The rule for a color-up of one player at the floor's discretion."""


RACE_BOOKS: Final[dict[str, RaceRules]] = {
    "tda-2024": RaceRules(
        one_chip_per_player=True,
        leftover_half_or_more=True,
        saved_from_the_race=False,
        race="TDA 2024 Rule 24-A",
        saved="TDA 2024 Rule 24-A",
        leftover="house option (TDA 2024 Rule 24 is silent; as RRoP §15 rule 8)",
        found="TDA 2024 Rule 24-C",
        discretionary="TDA 2024 Rule 25-B",
    ),
    "wsop-2024": RaceRules(
        one_chip_per_player=True,
        leftover_half_or_more=True,
        saved_from_the_race=False,
        race="WSOP T 77-a",
        saved="WSOP T 77-a",
        leftover="house option (WSOP T 77 is silent; as RRoP §15 rule 8)",
        found="WSOP T 77-c",
        discretionary="WSOP T 106",
    ),
    "rrop": RaceRules(
        one_chip_per_player=False,
        leftover_half_or_more=True,
        saved_from_the_race=True,
        race="RRoP §15 rule 8",
        saved="RRoP §15 rule 8",
        leftover="RRoP §15 rule 8",
        found="house option (RRoP §15 is silent; as TDA 2024 Rule 24-C)",
        discretionary="house option (RRoP §15 is silent; as TDA 2024 Rule 25-B)",
    ),
}
"""Each book's race, by rulebook name."""


def race_rules(book: str, *, one_chip_per_player: bool | None = None) -> RaceRules:
    """The race as ``book`` runs it; ``one_chip_per_player`` is the house's word on it
    where the book leaves it open (RRoP).

    >>> race_rules("rrop", one_chip_per_player=True).one_chip_per_player
    True
    """
    try:
        rules = RACE_BOOKS[book]
    except KeyError:
        raise RaceError(
            f'no chip race for rulebook "{book}": one of {", ".join(RACE_BOOKS)}'
        ) from None
    if one_chip_per_player is None or one_chip_per_player == rules.one_chip_per_player:
        return rules
    return RaceRules(
        one_chip_per_player=one_chip_per_player,
        leftover_half_or_more=rules.leftover_half_or_more,
        saved_from_the_race=rules.saved_from_the_race,
        race=f"{rules.race} (house option: "
        + ("at most one chip a player)" if one_chip_per_player else "a chip for each card)"),
        saved=rules.saved,
        leftover=rules.leftover,
        found=rules.found,
        discretionary=rules.discretionary,
    )


@dataclass(frozen=True)
class RaceSeat:
    """A player at the race: the chips of the removed denomination they hold, and the
    value of all their other chips."""

    seat: int
    removed_chips: int
    other_chips: int


@dataclass(frozen=True)
class RacedSeat:
    """One seat after the race: ``direct`` new chips changed up without a race, ``odd``
    chips raced, ``won`` new chips won (``saved``: the chip that kept the player in)."""

    seat: int
    before: int
    direct: int
    odd: int
    won: int
    saved: bool
    after: int
    cards: tuple[Card, ...]
    reason: str


@dataclass(frozen=True)
class ChipRace:
    """The race at one table: each seat in seat order, the value of the odd chips raced
    and of the new chips given for them (the difference leaves or joins play)."""

    color_up: ColorUp
    seats: tuple[RacedSeat, ...]
    raced: int
    awarded: int


def cards_due(seats: Sequence[RaceSeat], color_up: ColorUp) -> tuple[tuple[int, int], ...]:
    """How many cards each seat with odd chips is dealt, in the order they are dealt:
    from seat 1 round, each player all their cards before the next."""
    _check_seats(seats)
    cards = sum(seat.removed_chips % color_up.ratio for seat in seats)
    if cards > 52:
        raise RaceError(f"the race needs {cards} cards, more than the 52 of a deck")
    return tuple(
        (seat.seat, seat.removed_chips % color_up.ratio)
        for seat in sorted(seats, key=lambda s: s.seat)
        if seat.removed_chips % color_up.ratio
    )


def assign_cards(
    due: Iterable[tuple[int, int]], dealt: Sequence[Card]
) -> dict[int, tuple[Card, ...]]:
    """The cards of one run of the deal, in the order dealt, given to the seats due them."""
    cards: dict[int, tuple[Card, ...]] = {}
    at = 0
    for seat, count in due:
        cards[seat] = tuple(dealt[at : at + count])
        at += count
    if at != len(dealt):
        raise RaceError(f"{len(dealt)} cards dealt for a race of {at} odd chips")
    return cards


def chip_race(
    seats: Sequence[RaceSeat],
    cards: Mapping[int, Sequence[Card]],
    color_up: ColorUp,
    rules: RaceRules,
) -> ChipRace:
    """Race off the odd chips of ``color_up.removed`` with the cards dealt to each seat."""
    due = dict(cards_due(seats, color_up))
    _check_cards(due, cards)
    ratio, chip = color_up.ratio, color_up.next_chip
    odd_total = sum(due.values())
    to_award = odd_total // ratio
    if rules.leftover_half_or_more and odd_total % ratio and 2 * (odd_total % ratio) >= ratio:
        to_award += 1
    in_the_race = [(card, seat) for seat in due for card in cards[seat]]
    in_the_race.sort(reverse=True)
    won = dict.fromkeys(due, 0)
    why: dict[int, list[str]] = {seat: [] for seat in due}
    by_seat = {seat.seat: seat for seat in seats}
    at_risk = [
        seat
        for seat in due
        if by_seat[seat].other_chips == 0 and by_seat[seat].removed_chips < ratio
    ]
    used: set[Card] = set()
    saved: set[int] = set()
    if rules.saved_from_the_race:
        for seat in sorted(at_risk, key=lambda s: max(cards[s]), reverse=True):
            won[seat] += 1
            used.add(max(cards[seat]))
            saved.add(seat)
            why[seat].append(f"given a {chip} chip before any was raced, not to be raced out")
        to_award = max(0, to_award - len(at_risk))
    for card, seat in in_the_race:
        if to_award == 0:
            break
        if card in used or (rules.one_chip_per_player and won[seat]):
            continue
        won[seat] += 1
        to_award -= 1
        used.add(card)
        why[seat].append(f"{card} won a {chip} chip")
    if not rules.saved_from_the_race:
        for seat in at_risk:
            if not won[seat]:
                won[seat] = 1
                saved.add(seat)
                why[seat].append(f"lost the last chips in the race, given a {chip} chip")
    raced = odd_total * color_up.removed
    out = []
    for player in sorted(seats, key=lambda s: s.seat):
        odd = due.get(player.seat, 0)
        direct = player.removed_chips // ratio
        wins = won.get(player.seat, 0)
        after = player.other_chips + (direct + wins) * chip
        reason = "; ".join(why.get(player.seat, ()))
        if not odd:
            reason = "no odd chips to race"
        elif not reason:
            reason = f"{max(cards[player.seat])} won no chip"
        cite = rules.saved if player.seat in saved else rules.race
        out.append(
            RacedSeat(
                seat=player.seat,
                before=player.other_chips + player.removed_chips * color_up.removed,
                direct=direct,
                odd=odd,
                won=wins,
                saved=player.seat in saved,
                after=after,
                cards=tuple(cards.get(player.seat, ())),
                reason=f"{reason} ({cite})",
            )
        )
    return ChipRace(color_up, tuple(out), raced, sum(won.values()) * chip)


def _check_seats(seats: Sequence[RaceSeat]) -> None:
    numbers = [seat.seat for seat in seats]
    if len(set(numbers)) != len(numbers):
        raise RaceError("a seat is in the race twice")
    for seat in seats:
        if seat.seat < 1:
            raise RaceError(f"seat {seat.seat}: seats are numbered from 1")
        if seat.removed_chips < 0 or seat.other_chips < 0:
            raise RaceError(f"seat {seat.seat}: a count of chips is not below 0")
        if seat.removed_chips == 0 and seat.other_chips == 0:
            raise RaceError(f"seat {seat.seat} has no chips: a player with none is out")


def _check_cards(due: Mapping[int, int], cards: Mapping[int, Sequence[Card]]) -> None:
    for seat in cards:
        if seat not in due and cards[seat]:
            raise RaceError(f"seat {seat} has no odd chips and is dealt no card")
    seen: set[Card] = set()
    for seat, count in due.items():
        held = cards.get(seat, ())
        if len(held) != count:
            raise RaceError(
                f"seat {seat} has {count} odd chip{'s' if count != 1 else ''}"
                f" and is dealt {count} card{'s' if count != 1 else ''}, not {len(held)}"
            )
        for card in held:
            if card in seen:
                raise RaceError(f"{card} is dealt twice")
            seen.add(card)


def exchange_found(count: int, removed: int, smallest: int) -> tuple[int, int]:
    """Chips of a removed denomination found after the race: the value exchanged at
    equal value in chips of ``smallest`` (the smallest still in play), and the value
    removed without compensation (TDA 2024 Rule 24-C; WSOP T 77-c).

    >>> exchange_found(5, 25, 100)
    (100, 25)
    """
    if count < 0:
        raise RaceError(f"{count} chips found: a count is not below 0")
    value = count * removed
    kept = value - value % smallest
    return kept, value - kept


def color_up(chips: Mapping[int, int], removed: int, to: int) -> dict[int, int]:
    """A discretionary color-up of one player, announced (TDA 2024 Rule 25-B; WSOP T
    106): every whole ``to`` chip's worth of ``removed`` chips exchanged at equal value;
    the rest stay as they are.

    >>> color_up({25: 9, 100: 3}, 25, 100)
    {25: 1, 100: 5}
    """
    if to <= removed or to % removed:
        raise RaceError(f"{removed} chips color up to a chip worth a whole number of them")
    have = chips.get(removed, 0)
    ratio = to // removed
    after = dict(chips)
    after[removed] = have % ratio
    after[to] = after.get(to, 0) + have // ratio
    return dict(sorted(after.items()))
