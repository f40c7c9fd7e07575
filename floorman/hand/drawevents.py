"""The events of the draw games, in the same one-line notation as every hand.

The deal is ``deal`` and ``cards SEAT CARDS`` (five cards, four in badugi) as in every
game; a draw is ``SEAT draws
N [CARDS]`` (N cards discarded and replaced, the new cards when they are known) or
``SEAT stands pat`` (no card drawn). Betting, ``show``, ``muck`` and ``note`` are read as
in every game.

>>> parse_draw_event("3 draws 2 Jh 4s")
Draw(seat=3, count=2, cards=(Card('Jh'), Card('4s')))
>>> str(parse_draw_event("5 stands pat")), str(parse_draw_event("2 draws 1"))
('5 stands pat', '2 draws 1')
>>> parse_draw_event("2 draws 6", 4)
Traceback (most recent call last):
...
floorman.hand.events.NotationError: event 4 "2 draws 6": a seat draws 0 to 5 cards
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from floorman.cards import Card, CardError, format_cards, parse_cards
from floorman.hand.events import Cards, Event, NotationError, Show, parse_event
from floorman.numerals import NumberError, seat_number

__all__ = ["Draw", "parse_draw_event"]


@dataclass(frozen=True, slots=True)
class Draw(Event):
    """A seat discards ``count`` cards and is dealt as many; ``cards`` are the new ones
    when known (none when the seat stands pat)."""

    seat: int
    count: int
    cards: tuple[Card, ...] = ()
    kind: ClassVar[str] = "draws"

    def __str__(self) -> str:
        if self.count == 0:
            return f"{self.seat} stands pat"
        cards = f" {format_cards(self.cards, ascii=True)}" if self.cards else ""
        return f"{self.seat} draws {self.count}{cards}"


class _Bad(Exception):
    pass


def parse_draw_event(text: str, number: int | None = None) -> Event:
    """Read one event of a draw hand: a draw, a hand shown, or any word of the notation."""
    words = text.split()
    second = words[1].lower() if len(words) > 1 else ""
    head = words[0].lower() if words else ""
    if second not in ("draws", "stands") and head not in ("show", "cards"):
        return parse_event(text, number)
    try:
        if head == "cards":
            if len(words) < 3:
                raise _Bad("cards SEAT CARDS (?? for a card nobody saw)")
            held: list[Card | None] = []
            for word in words[2:]:
                if set(word) == {"?"} and len(word) % 2 == 0:
                    held.extend([None] * (len(word) // 2))
                else:
                    held.extend(parse_cards(word))
            if len(held) > 5:
                raise _Bad("a draw hand is at most five cards")
            return Cards(seat_number(words[1]), tuple(held))
        if head == "show":
            if len(words) < 3:
                raise _Bad("show SEAT CARDS")
            return Show(seat_number(words[1]), parse_cards(words[2:]))
        seat = seat_number(words[0])
        if second == "stands":
            if [w.lower() for w in words[2:]] != ["pat"]:
                raise _Bad("SEAT stands pat")
            return Draw(seat, 0)
        if len(words) < 3 or not words[2].isdigit() or not 0 <= int(words[2]) <= 5:
            raise _Bad("a seat draws 0 to 5 cards")
        count = int(words[2])
        cards = parse_cards(words[3:]) if len(words) > 3 else ()
        if cards and len(cards) != count:
            raise _Bad(f"a draw of {count} is dealt {count} cards, not {len(cards)}")
        return Draw(seat, count, cards)
    except (_Bad, CardError, NumberError) as bad:
        raise NotationError(number, text.strip(), str(bad)) from None
