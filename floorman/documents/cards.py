"""Cards as a printed page shows them, and the hand rankings with an example hand each.

>>> card_view(Card.parse("Th"))
{'rank': '10', 'suit': 'h', 'symbol': '♥', 'text': '10♥'}
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from floorman.cards import RANKS, Card, parse_cards
from floorman.showdown.reading import read_high, read_low

__all__ = ["card_view", "cards_view", "hand_rankings"]

View = dict[str, Any]


def card_view(card: Card | None) -> View | None:
    """A card as the card macro prints it; ``None`` stays an unknown card."""
    if card is None:
        return None
    rank = "10" if card.rank == 10 else RANKS[card.rank - 2]
    return {"rank": rank, "suit": card.suit, "symbol": card.symbol, "text": card.pretty()}


def cards_view(cards: Sequence[Card | None]) -> list[View | None]:
    return [card_view(card) for card in cards]


_HIGH_HANDS: Final = (
    ("Royal flush", "As Ks Qs Js Ts", "Ace, king, queen, jack and ten, all of one suit."),
    ("Straight flush", "9h 8h 7h 6h 5h", "Five cards in sequence, all of one suit."),
    ("Four of a kind", "Qc Qd Qh Qs 7d", "Four cards of one rank, and any fifth card."),
    (
        "Full house",
        "Ks Kh Kd 4c 4s",
        "Three cards of one rank and two of another; between two full houses the three "
        "cards decide, then the pair.",
    ),
    (
        "Flush",
        "Ad Jd 8d 6d 2d",
        "Five cards of one suit, not in sequence; the highest card decides, then the next.",
    ),
    (
        "Straight",
        "Tc 9d 8s 7h 6c",
        "Five cards in sequence, of mixed suits. A-2-3-4-5 is the lowest straight; "
        "a straight never wraps round (K-A-2-3-4 is no straight).",
    ),
    ("Three of a kind", "7s 7h 7c Kd 2s", "Three cards of one rank, and two unmatched cards."),
    (
        "Two pair",
        "Jh Jc 4d 4s Ah",
        "Two pairs; the higher pair decides, then the lower, then the fifth card.",
    ),
    (
        "One pair",
        "Th Ts Kc 8d 3s",
        "Two cards of one rank; the unpaired cards (kickers) break ties.",
    ),
    ("High card", "Ac Qd 9h 6s 3d", "None of the above; the highest card decides, then the next."),
)

_LOW_HANDS: Final = (
    (
        "Wheel",
        "5d 4c 3h 2s Ad",
        "5-4-3-2-A, the best low; for high it is also a five-high straight.",
    ),
    (
        "Six low",
        "6c 4h 3d 2c As",
        "Compare the highest card first: any six-low beats any seven-low.",
    ),
    ("Seven low", "7s 5c 4d 3h 2d", "Then the next card down: 7-5 beats 7-6."),
    ("Eight low", "8h 7c 6s 5d 4c", "8-7-6-5-4, the worst low that still qualifies."),
)

_LOW_NOTE: Final = (
    "A low is five cards of different ranks, eight or lower; an ace counts as the lowest card. "
    "Straights and flushes do not spoil a low. A hand with a pair, or with a nine or higher, "
    "has no low."
)


def hand_rankings(*, low: bool = False) -> View:
    """The hand rankings with an example hand each; with *low*, the 8-or-better lows too."""

    def rows(table: Sequence[tuple[str, str, str]]) -> list[View]:
        return [
            {
                "name": name,
                "cards": cards_view(parse_cards(cards)),
                "example": _example_name(name, parse_cards(cards)),
                "description": description,
            }
            for name, cards, description in table
        ]

    return {
        "high": rows(_HIGH_HANDS),
        "low": rows(_LOW_HANDS) if low else [],
        "low_note": _LOW_NOTE if low else "",
    }


def _example_name(category: str, cards: Sequence[Card]) -> str:
    """What the dealer calls the example hand (hold'em, the first two as hole cards)."""
    if category in {name for name, _, _ in _LOW_HANDS}:
        low = read_low("holdem", cards[:2], cards[2:])
        return low.name if low is not None else ""
    return read_high("holdem", cards[:2], cards[2:]).name
