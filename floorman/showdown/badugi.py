"""Badugi hands: the most cards of different suits and different ranks, then the lowest.

Aces are low.  A four-card badugi (four suits, four ranks) beats any
three-card hand, a three-card hand any two-card hand; between hands of as
many cards the highest card decides, then the next.  A card that pairs
another or shares its suit does not play.

A value is a plain ``int``: larger is better, equal is a tie, suits never
break ties.  It is the number of cards that play times 8,192, plus the
13-bit mask of the ranks that play (bit 0 = ace ... bit 12 = king) taken
from 8,191, so that a lower set of ranks is worth more.

>>> from floorman.cards import parse_cards
>>> evaluate_badugi(parse_cards("Kc 4d 2h As")).name
'King badugi'
>>> evaluate_badugi(parse_cards("7c 4d 2h 2s")).full_name
'Three-card badugi 7-4-2'
>>> badugi_value(parse_cards("Kc Qd Jh Ts")) > badugi_value(parse_cards("Ac 2d 3h 4h"))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from floorman.cards import RANK_NAMES, Card
from floorman.showdown.lowball import LowHand

__all__ = ["badugi_cards", "badugi_name", "badugi_ranks", "badugi_value", "evaluate_badugi"]

_CODE: Final = tuple(1 << ((index >> 2) + 1) % 13 | 1 << 13 + (index & 3) for index in range(52))
"""Each card's rank bit (ace = bit 0) and suit bit (bits 13 to 16), in one number."""

_RANKS: Final = 8191
_FOUR: Final = 4 << 13
_THREE: Final = 3 << 13


def badugi_value(cards: Sequence[Card]) -> int:
    """The badugi value of four cards (or of fewer, read the same way).

    >>> from floorman.cards import parse_cards
    >>> badugi_ranks(badugi_value(parse_cards("8c 5d 3h 3c")))
    (8, 5, 3)
    """
    if len(cards) == 4:
        first, second, third, fourth = cards
        a, b = _CODE[first.index], _CODE[second.index]
        c, d = _CODE[third.index], _CODE[fourth.index]
        ab, cd = a | b, c | d
        every = ab | cd
        if every.bit_count() == 8:
            return _FOUR | _RANKS ^ every & _RANKS
        best = 0
        for three in (b | cd, a | cd, ab | d, ab | c):
            if three.bit_count() == 6:
                value = _THREE | _RANKS ^ three & _RANKS
                if value > best:
                    best = value
        if best:
            return best
        return _smaller([a, b, c, d], 2)
    if not 1 <= len(cards) <= 3:
        raise ValueError(f"a badugi hand is 1 to 4 cards, not {len(cards)}")
    codes = [_CODE[card.index] for card in cards]
    every = 0
    for code in codes:
        every |= code
    if every.bit_count() == 2 * len(codes):
        return len(codes) << 13 | _RANKS ^ every & _RANKS
    return _smaller(codes, len(codes) - 1)


def _smaller(codes: list[int], size: int) -> int:
    """The best hand of ``size`` cards or fewer from ``codes``."""
    best = 0
    while size and not best:
        for subset in _SUBSETS[len(codes)][size]:
            every = 0
            for index in subset:
                every |= codes[index]
            if every.bit_count() == 2 * size:
                value = size << 13 | _RANKS ^ every & _RANKS
                if value > best:
                    best = value
        size -= 1
    return best


def _subsets() -> dict[int, dict[int, list[tuple[int, ...]]]]:
    from itertools import combinations

    return {
        count: {size: list(combinations(range(count), size)) for size in range(1, count + 1)}
        for count in range(1, 5)
    }


_SUBSETS: Final = _subsets()


def badugi_ranks(value: int) -> tuple[int, ...]:
    """The ranks that play, highest first, ace as 1."""
    mask = _RANKS ^ value & _RANKS
    return tuple(bit + 1 for bit in range(12, -1, -1) if mask >> bit & 1)


def badugi_name(value: int) -> tuple[str, str]:
    """What the dealer says for a badugi hand, and the name with every card that plays.

    >>> from floorman.cards import parse_cards
    >>> badugi_name(badugi_value(parse_cards("8c 5d 3h As")))
    ('Eight badugi', 'Badugi 8-5-3-A')
    >>> badugi_name(badugi_value(parse_cards("8c 5c 3h As")))
    ('Three-card five', 'Three-card badugi 5-3-A')
    """
    ranks_ = badugi_ranks(value)
    run = "-".join({1: "A", 11: "J", 12: "Q", 13: "K"}.get(rank, str(rank)) for rank in ranks_)
    top = RANK_NAMES[14 if ranks_[0] == 1 else ranks_[0]]
    if len(ranks_) == 4:
        return f"{top.capitalize()} badugi", f"Badugi {run}"
    count = ("One", "Two", "Three")[len(ranks_) - 1]
    return f"{count}-card {top}", f"{count}-card badugi {run}"


def badugi_cards(cards: Sequence[Card]) -> tuple[Card, ...]:
    """The cards that play, highest first (the first such set when two tie).

    >>> from floorman.cards import parse_cards
    >>> " ".join(card.ascii for card in badugi_cards(parse_cards("Kc 4c 2h 2s")))
    '4c 2h'
    """
    value = badugi_value(cards)
    codes = [_CODE[card.index] for card in cards]
    size = value >> 13
    for subset in _SUBSETS[len(cards)][size]:
        every = 0
        for index in subset:
            every |= codes[index]
        if every.bit_count() == 2 * size and size << 13 | _RANKS ^ every & _RANKS == value:
            chosen = [cards[index] for index in subset]
            return tuple(sorted(chosen, key=lambda card: card.rank % 14, reverse=True))
    raise AssertionError("a badugi value always has cards that make it")  # pragma: no cover


def evaluate_badugi(cards: Sequence[Card]) -> LowHand:
    """The badugi hand of four cards: its value, the cards that play, and its names.

    >>> from floorman.cards import parse_cards
    >>> hand = evaluate_badugi(parse_cards("Qh 6s 2d 6c"))
    >>> hand.name, hand.full_name, " ".join(card.ascii for card in hand.cards)
    ('Three-card queen', 'Three-card badugi Q-6-2', 'Qh 6s 2d')
    """
    value = badugi_value(cards)
    name, full_name = badugi_name(value)
    return LowHand(value, badugi_cards(cards), name, full_name)
