"""Cards as a card room writes them: ``Ah``, ``ah``, ``10h``, ``Th``, ``A♥``.

A card is a small frozen value; the 52 of them are made once and shared, so
parsing the same text twice gives the same object and comparing is cheap.

>>> Card.parse("10h")
Card('Th')
>>> str(Card.parse("as")), Card.parse("A♠").ascii
('A♠', 'As')
>>> parse_cards("Kc 7d")
(Card('Kc'), Card('7d'))
>>> len(DECK)
52
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Final

from floorman.errors import FloormanError

__all__ = [
    "DECK",
    "RANKS",
    "SUITS",
    "UNKNOWN",
    "Card",
    "CardError",
    "format_cards",
    "parse_card",
    "parse_cards",
    "parse_optional_card",
]

RANKS: Final = "23456789TJQKA"
"""Ranks from low to high; a card's ``rank`` is 2 (deuce) to 14 (ace)."""

SUITS: Final = "cdhs"
"""Suits in bridge order, clubs lowest: the order high-card-by-suit uses."""

SUIT_SYMBOLS: Final = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
SUIT_NAMES: Final = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
RANK_NAMES: Final = {
    2: "deuce", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
    9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king", 14: "ace",
}  # fmt: skip
RANK_PLURALS: Final = {r: ("sixes" if r == 6 else name + "s") for r, name in RANK_NAMES.items()}

UNKNOWN: Final = "??"
"""How an unknown card is written wherever a card is optional."""

_SYMBOL_SUITS: Final = {symbol: suit for suit, symbol in SUIT_SYMBOLS.items()}


class CardError(FloormanError, ValueError):
    """Text that is not a card; the message names the text."""


class Card:
    """One of the 52 cards; compare and hash by identity of rank and suit.

    ``index`` (0..51, rank-major) is what the evaluator works with.
    """

    __slots__ = ("ascii", "index", "rank", "suit")

    rank: int
    suit: str
    index: int
    ascii: str

    def __new__(cls, rank: int, suit: str) -> Card:
        try:
            return _BY_INDEX[(rank - 2) * 4 + SUITS.index(suit)]
        except (NameError, IndexError, ValueError):
            pass
        if not (2 <= rank <= 14 and len(suit) == 1 and suit in SUITS):
            raise CardError(f"no card has rank {rank!r} and suit {suit!r}")
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "index", (rank - 2) * 4 + SUITS.index(suit))
        object.__setattr__(card, "ascii", RANKS[rank - 2] + suit)
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[int, str]]:
        return Card, (self.rank, self.suit)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card; raise :class:`CardError` naming the text if it is none."""
        card = _BY_TEXT.get(text.strip().lower())
        if card is None:
            raise CardError(f'"{text}" is not a card')
        return card

    @property
    def symbol(self) -> str:
        """The suit as a symbol, ``♥``."""
        return SUIT_SYMBOLS[self.suit]

    @property
    def red(self) -> bool:
        return self.suit in "dh"

    @property
    def name(self) -> str:
        """As a dealer says it: ``ace of hearts``."""
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"

    def pretty(self, *, ascii: bool = False) -> str:
        """``A♥`` (``10♥`` for a ten), or ``Ah`` with ``ascii``."""
        if ascii:
            return self.ascii
        rank = "10" if self.rank == 10 else RANKS[self.rank - 2]
        return rank + SUIT_SYMBOLS[self.suit]

    def __str__(self) -> str:
        return self.pretty()

    def __repr__(self) -> str:
        return f"Card({self.ascii!r})"

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __hash__(self) -> int:
        # Cards are interned, so equality is object identity (the fastest
        # there is); hashing by index keeps set order the same from run to run.
        return self.index


_BY_INDEX: list[Card] = []
_BY_INDEX.extend(Card(rank, suit) for rank in range(2, 15) for suit in SUITS)

DECK: Final[tuple[Card, ...]] = tuple(_BY_INDEX)
"""The 52 cards, deuce of clubs to ace of spades."""


def _spellings(card: Card) -> Iterator[str]:
    ranks = [RANKS[card.rank - 2].lower()]
    if card.rank == 10:
        ranks.append("10")
    for rank in ranks:
        yield rank + card.suit
        yield rank + SUIT_SYMBOLS[card.suit]


_BY_TEXT: Final[dict[str, Card]] = {text: card for card in DECK for text in _spellings(card)}


def parse_card(text: str) -> Card:
    """Read one card (see :meth:`Card.parse`)."""
    return Card.parse(text)


def parse_optional_card(text: str) -> Card | None:
    """Read a card where ``??`` (an unknown card) is allowed; ``None`` for it."""
    return None if text.strip() == UNKNOWN else Card.parse(text)


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Read cards separated by spaces or commas, or run together (``AhKd``).

    >>> parse_cards("AhKd") == parse_cards("A♥, K♦")
    True
    """
    words = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    cards: list[Card] = []
    for word in words:
        cards.extend(_split_run(word))
    return tuple(cards)


def _split_run(word: str) -> Iterator[Card]:
    card = _BY_TEXT.get(word.lower())
    if card is not None:
        yield card
        return
    rest = word
    while rest:
        size = 3 if rest.startswith("10") else 2
        card = _BY_TEXT.get(rest[:size].lower())
        if card is None:
            raise CardError(f'"{word}" is not a card')
        yield card
        rest = rest[size:]


def format_cards(cards: Iterable[Card | None], *, ascii: bool = False) -> str:
    """Cards as a dealer reads them, ``??`` for an unknown one.

    >>> format_cards(parse_cards("Ah Td") + (None,), ascii=True)
    'Ah Td ??'
    """
    return " ".join(UNKNOWN if c is None else c.pretty(ascii=ascii) for c in cards)
