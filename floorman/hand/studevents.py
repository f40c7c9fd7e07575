"""The events of the stud games, in the same one-line notation as every hand.

Cards go to one seat at a time: ``down SEAT CARDS`` for downcards (``??`` for a card
nobody saw), ``up SEAT CARD`` for an upcard. Third street is ``down 3 ?? ??`` and ``up
3 Kd`` for every seat; fourth to sixth street an ``up`` each; seventh street a ``down``.
A seventh-street card turned face up in the center for every hand, when the deck runs
short, is ``common CARD``. The dealer's errors are written as in every game:
``expose SEAT[:N] [CARD] [by player]`` for a downcard dealt or turned face up (N = the
seat's card in the order dealt: 1 and 2 the first downcards, 7 the last; default its
latest downcard), ``stub N`` the dealer's count of the stub before seventh street,
``off-table SEAT[:N] [CARD]`` for one dealt off the table, an ``up``
or ``down`` before the betting round is complete for a premature card, and a
``bring-in`` by a seat that is not low for the wrong player named low.
The forced bet is ``SEAT bring-in [AMOUNT]`` (the header's ``bring_in`` by default);
raising it to the small bet is ``SEAT complete [TOTAL]``, the completion, a bet and not
a raise (RRoP stud rule 3). ``show SEAT CARDS`` tables a hand: all its cards in the
order dealt, or its downcards. Everything else (``3 call``, ``5 raise 40``, ``show``,
``muck``, ``note``) is read as in every game.

>>> parse_stud_event("down 3 ah ??")
Down(seat=3, cards=(Card('Ah'), None))
>>> str(parse_stud_event("up 3 kd")), str(parse_stud_event("4 bring-in 5"))
('up 3 Kd', '4 bring-in 5')
>>> parse_stud_event("5 raise 40")
Action(seat=5, verb='raise', amount=40)
>>> parse_stud_event("up 3", 9)
Traceback (most recent call last):
...
floorman.hand.events.NotationError: event 9 "up 3": an upcard is one card: up SEAT CARD
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final

from floorman.cards import Card, CardError, format_cards, parse_cards, parse_optional_card
from floorman.hand.events import Event, NotationError, Show, parse_event
from floorman.numerals import NumberError, chip_amount, seat_number

__all__ = [
    "STUD_WORDS", "BringIn", "Common", "Complete", "Down", "Stub", "Up", "parse_stud_event",
]  # fmt: skip

STUD_WORDS: Final = ("down", "up", "bring-in", "complete", "common", "stub")
"""The words the stud games add to the notation."""


@dataclass(frozen=True, slots=True)
class Down(Event):
    """Downcards dealt to a seat; ``None`` is a card nobody saw."""

    seat: int
    cards: tuple[Card | None, ...]
    kind: ClassVar[str] = "down"

    def __str__(self) -> str:
        return f"down {self.seat} {format_cards(self.cards, ascii=True)}"


@dataclass(frozen=True, slots=True)
class Up(Event):
    """An upcard dealt to a seat, face up for the table; ``None`` when the record did not
    note it (who acts first is then the seat the record has acting first)."""

    seat: int
    card: Card | None
    kind: ClassVar[str] = "up"

    def __str__(self) -> str:
        return f"up {self.seat} {'??' if self.card is None else self.card.ascii}"


@dataclass(frozen=True, slots=True)
class BringIn(Event):
    """The forced bet of the seat with the bring-in card; ``amount`` less than the header's
    bring-in only for a stack that holds less."""

    seat: int
    amount: int | None = None
    kind: ClassVar[str] = "bring-in"

    def __str__(self) -> str:
        return f"{self.seat} bring-in" + ("" if self.amount is None else f" {self.amount}")


@dataclass(frozen=True, slots=True)
class Complete(Event):
    """The bring-in raised to a full small bet: the round's bet, not a raise."""

    seat: int
    amount: int | None = None
    kind: ClassVar[str] = "complete"

    def __str__(self) -> str:
        return f"{self.seat} complete" + ("" if self.amount is None else f" {self.amount}")


@dataclass(frozen=True, slots=True)
class Common(Event):
    """A card turned face up in the center for seventh street, playing in every hand:
    the deck has too few cards for each player's own."""

    card: Card
    kind: ClassVar[str] = "common"

    def __str__(self) -> str:
        return f"common {self.card.ascii}"


@dataclass(frozen=True, slots=True)
class Stub(Event):
    """The dealer's count of the cards left in the stub before seventh street."""

    count: int
    kind: ClassVar[str] = "stub"

    def __str__(self) -> str:
        return f"stub {self.count}"


class _Bad(Exception):
    pass


def parse_stud_event(text: str, number: int | None = None) -> Event:
    """Read one event of a stud hand: the stud words, or any word of the notation."""
    words = text.split()
    head = words[0].lower() if words else ""
    second = words[1].lower() if len(words) > 1 else ""
    stud = head in ("down", "up", "show", "common", "stub") or (
        head[:1].isdigit() and second in ("bring-in", "complete")
    )
    if not stud:
        return parse_event(text, number)
    try:
        return _parse(words, head, second)
    except (_Bad, CardError, NumberError) as bad:
        raise NotationError(number, text.strip(), str(bad)) from None


def _parse(words: list[str], head: str, second: str) -> Event:
    if head == "show":
        if len(words) < 3:
            raise _Bad("show SEAT CARDS: the seat's seven cards, or its downcards")
        shown = parse_cards(words[2:])
        if len(shown) > 7:
            raise _Bad("a stud hand is seven cards")
        return Show(seat_number(words[1]), shown)
    if head == "stub":
        if len(words) != 2 or not words[1].isdigit() or int(words[1]) > 52:
            raise _Bad("stub N: the cards left in the stub, 0 to 52")
        return Stub(int(words[1]))
    if head == "common":
        if len(words) != 2:
            raise _Bad("a common card is one card: common CARD")
        return Common(parse_cards(words[1])[0])
    if head == "up":
        if len(words) != 3:
            raise _Bad("an upcard is one card: up SEAT CARD")
        return Up(seat_number(words[1]), parse_optional_card(words[2]))
    if head == "down":
        if len(words) < 3:
            raise _Bad("downcards: down SEAT CARDS (?? for a card nobody saw)")
        cards: list[Card | None] = []
        for word in words[2:]:
            if set(word) == {"?"} and len(word) % 2 == 0:
                cards.extend([None] * (len(word) // 2))
            else:
                cards.extend(parse_cards(word))
        if len(cards) > 3:
            raise _Bad("a seat is dealt at most three downcards")
        return Down(seat_number(words[1]), tuple(cards))
    seat = seat_number(words[0])
    if len(words) > 3:
        raise _Bad(f'unexpected "{" ".join(words[3:])}"')
    amount = chip_amount(words[2]) if len(words) == 3 else None
    return BringIn(seat, amount) if second == "bring-in" else Complete(seat, amount)
