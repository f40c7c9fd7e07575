"""Low hands: ace-to-five (razz, A-5 lowball), deuce-to-seven (2-7 draw), and the
8-or-better low of stud high-low, each with the cards that play and a dealer's name.

A value is a plain ``int``: larger is better (the lower hand), equal is a tie,
suits never break ties.  Values of different kinds of low are not comparable
with each other.

Ace to five: aces are low, straights and flushes do not count, pairs do; the
best five of up to seven cards plays (razz), with no qualifier.  Fewer than
five cards (a stud player's upcards) are read the same way, for who acts
first in razz.

Deuce to seven: aces are high, straights and flushes count against the hand
(A-2-3-4-5 is no straight, just ace high); five cards, or the best five of
six or seven.

>>> from floorman.cards import parse_cards
>>> a5_low_value(parse_cards("7h 5d 4c 3s Ah Kd Kc")) > a5_low_value(parse_cards("7h 6d 4c 3s Ah"))
True
>>> evaluate_low_a5(parse_cards("9c 9d 6h 4s Ac")).full_name
'Pair of nines: 9-9-6-4-A'
>>> evaluate_low_27(parse_cards("7c 5d 4h 3s 2c")).full_name
'7-5-4-3-2 low, number one'
>>> wheel, six = parse_cards("5c 4d 3h 2s Ac"), parse_cards("6c 5d 4h 3s 2c")
>>> deuce_seven_value(wheel) > deuce_seven_value(six)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement
from typing import Final

from floorman.cards import RANK_NAMES, RANK_PLURALS, Card
from floorman.showdown import evaluation as _high
from floorman.showdown.evaluation import low_ranks, low_value

__all__ = [
    "LowHand",
    "a5_low_name",
    "a5_low_ranks",
    "a5_low_value",
    "deuce_seven_name",
    "deuce_seven_ranks",
    "deuce_seven_value",
    "evaluate_low_8",
    "evaluate_low_27",
    "evaluate_low_a5",
]


@dataclass(frozen=True, slots=True)
class LowHand:
    """One low hand as the dealer reads it (the fields of a showdown ``Reading``).

    ``value`` compares hands of the same kind of low (larger wins, equal
    splits); ``cards`` are the ones that play, in reading order; ``name`` is
    what the dealer says, ``full_name`` every card, for when two hands share
    the name.
    """

    value: int
    cards: tuple[Card, ...]
    name: str
    full_name: str

    def __str__(self) -> str:
        return self.name


# Ace to five.  A hand is first valued as a high hand would be with the ace
# below the deuce and no straights or flushes (category, then two 13-bit rank
# masks, bit 0 = ace ... bit 12 = king), and the low value is that subtracted
# from a constant above every such value: the lowest hand has the largest value.

_A5_CATEGORIES: Final = (
    "no pair",
    "pair",
    "two pair",
    "three of a kind",
    "full house",
    "four of a kind",
)
_A5_WORST: Final = len(_A5_CATEGORIES) << 26
_ONES: Final = sum(1 << 3 * rank for rank in range(13))
_A5_KEY: Final = tuple(1 << 3 * ((index >> 2) + 1) % 39 for index in range(52))
"""What each card adds to a hand's A-5 key: a three-bit counter per rank, the ace's first."""


def _lowest_bit(mask: int) -> int:
    return mask & -mask


def _a5_of_key(key: int, count: int) -> int:
    """The A-5 value of the best five of ``count`` cards (all when fewer), from their key.

    Every rank held plays once; the cards still needed to make five come from
    the lowest ranks held twice (a pair, then two pair), else from a rank
    held three times (trips), else the lowest trips beside a pair (a full
    house), else the quads.
    """
    compact = _high._COMPACT
    distinct = compact[(key | key >> 1 | key >> 2) & _ONES]
    extras = min(count, 5) - distinct.bit_count()
    if extras <= 0:
        lowest = 0
        for _ in range(min(count, 5)):
            lowest |= _lowest_bit(distinct ^ lowest)
        return _A5_WORST - (lowest << 13)
    twice = compact[(key >> 1 | key >> 2) & _ONES]
    if extras == 1:
        pair = _lowest_bit(twice)
        return _A5_WORST - (1 << 26 | pair << 13 | distinct ^ pair)
    if extras == 2 and twice & twice - 1:
        pairs = _lowest_bit(twice)
        pairs |= _lowest_bit(twice ^ pairs)
        return _A5_WORST - (2 << 26 | pairs << 13 | distinct ^ pairs)
    thrice = compact[(key & key >> 1 | key >> 2) & _ONES]
    if extras == 2:
        return _A5_WORST - (3 << 26 | thrice << 13 | distinct ^ thrice)
    while thrice:
        trips = _lowest_bit(thrice)
        if (distinct ^ trips) & twice:
            return _A5_WORST - (4 << 26 | trips << 13 | distinct ^ trips)
        thrice ^= trips
    quads = compact[key >> 2 & _ONES]
    return _A5_WORST - (5 << 26 | quads << 13 | distinct ^ quads)


def _a5_five_card_table() -> dict[int, int]:
    """Every five-card rank multiset (6,175) to its A-5 value; built on first use."""
    table = {}
    for ranks_ in combinations_with_replacement(range(13), 5):
        if ranks_[0] != ranks_[4]:
            key = sum(1 << 3 * rank for rank in ranks_)
            table[key] = _a5_of_key(key, 5)
    return table


def _a5_distinct_table() -> dict[int, int]:
    """Rank counters' low bits with five or more set, to the value of the five lowest."""
    spreads = [0] * 8192
    for mask in range(1, 8192):
        low = mask & -mask
        spreads[mask] = spreads[mask ^ low] | 1 << 3 * (low.bit_length() - 1)
    table = {}
    for mask in range(8192):
        if mask.bit_count() >= 5:
            rest, lowest = mask, 0
            for _ in range(5):
                low = rest & -rest
                lowest |= low
                rest ^= low
            table[spreads[mask]] = _A5_WORST - (lowest << 13)
    return table


_a5_fives: dict[int, int] = {}
_a5_distinct: dict[int, int] = {}


def _a5_table() -> dict[int, int]:
    if not _a5_fives:
        _a5_fives.update(_a5_five_card_table())
    return _a5_fives


def a5_low_value(cards: Sequence[Card]) -> int:
    """The ace-to-five low of the best five of ``cards`` (all of them when fewer than five).

    No qualifier: every hand has a value, pairs and all.  One to four cards
    are read as they are, for comparing stud upcards in razz.

    >>> from floorman.cards import parse_cards
    >>> a5_low_ranks(a5_low_value(parse_cards("Kc Kd 8h 8s 3c 3d 2h")))
    (3, 3, 13, 8, 2)
    >>> a5_low_ranks(a5_low_value(parse_cards("4c 2d")))
    (4, 2)
    """
    count = len(cards)
    if count == 5:
        a, b, c, d, e = cards
        key = (_A5_KEY[a.index] + _A5_KEY[b.index] + _A5_KEY[c.index] + _A5_KEY[d.index]) + _A5_KEY[
            e.index
        ]
        try:
            return _a5_fives[key]
        except KeyError:
            return _a5_table()[key]
    if not 1 <= count <= 7:
        raise ValueError(f"an A-5 low is read from 1 to 7 cards, not {count}")
    key = 0
    for card in cards:
        key += _A5_KEY[card.index]
    if count > 5:
        if not _a5_distinct:
            _a5_distinct.update(_a5_distinct_table())
        value = _a5_distinct.get((key | key >> 1 | key >> 2) & _ONES)
        if value is not None:
            return value
    return _a5_of_key(key, count)


def _a5_decoded(value: int) -> tuple[int, int, int]:
    unvalued = _A5_WORST - value
    return unvalued >> 26, unvalued >> 13 & 8191, unvalued & 8191


def _descending(mask: int) -> list[int]:
    return [bit for bit in range(12, -1, -1) if mask >> bit & 1]


def a5_low_ranks(value: int) -> tuple[int, ...]:
    """The ranks of an A-5 low in reading order (made ranks first), ace as 1.

    >>> from floorman.cards import parse_cards
    >>> a5_low_ranks(a5_low_value(parse_cards("9c 9d 6h 4s Ac")))
    (9, 9, 6, 4, 1)
    """
    kind, major, minor = _a5_decoded(value)
    times = (1, 2, 2, 3, 3, 4)[kind]
    made = [bit + 1 for bit in _descending(major) for _ in range(times)]
    second = 2 if kind == 4 else 1
    return tuple(made + [bit + 1 for bit in _descending(minor) for _ in range(second)])


def _digit(rank: int) -> str:
    return {1: "A", 10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}.get(rank, str(rank))


def _word(rank: int) -> str:
    return RANK_NAMES[14 if rank == 1 else rank]


def _words(rank: int) -> str:
    return RANK_PLURALS[14 if rank == 1 else rank]


def _run(ranks_: Sequence[int]) -> str:
    return "-".join(map(_digit, ranks_))


def _made_name(kind: int, ranks_: Sequence[int]) -> str:
    """The name of a low hand that holds a pair or more: pairs, trips, boats, quads."""
    if kind == 1:
        return f"Pair of {_words(ranks_[0])}"
    if kind == 2:
        return f"Two pair, {_words(ranks_[0])} and {_words(ranks_[2])}"
    if kind == 3:
        return f"Three of a kind, {_words(ranks_[0])}"
    if kind == 4:
        return f"Full house, {_words(ranks_[0])} full of {_words(ranks_[3])}"
    return f"Four of a kind, {_words(ranks_[0])}"


def a5_low_name(value: int) -> tuple[str, str]:
    """What the dealer says for an A-5 low, and the name with every card.

    >>> from floorman.cards import parse_cards
    >>> a5_low_name(a5_low_value(parse_cards("7h 5d 4c 3s Ah")))
    ('Seven-five low', '7-5-4-3-A low')
    >>> a5_low_name(a5_low_value(parse_cards("9c 9d 6h 4s Ac")))
    ('Pair of nines', 'Pair of nines: 9-9-6-4-A')
    """
    kind = _a5_decoded(value)[0]
    ranks_ = a5_low_ranks(value)
    if kind == 0:
        return f"{'-'.join(_word(rank) for rank in ranks_[:2]).capitalize()} low", (
            f"{_run(ranks_)} low"
        )
    name = _made_name(kind, ranks_)
    return name, f"{name}: {_run(ranks_)}"


def _play(cards: Sequence[Card], ranks_: Sequence[int]) -> tuple[Card, ...]:
    """Cards of the given ranks (ace as 1 or 14), in that order, each used once."""
    left = list(cards)
    out = []
    for rank in ranks_:
        card = next(card for card in left if card.rank == rank or card.rank == 14 == rank + 13)
        left.remove(card)
        out.append(card)
    return tuple(out)


def evaluate_low_a5(cards: Sequence[Card]) -> LowHand:
    """The best ace-to-five low of 1 to 7 cards (razz, A-5 lowball): no qualifier.

    >>> from floorman.cards import parse_cards
    >>> hand = evaluate_low_a5(parse_cards("Kc 7h 5d 4c Qs 3s Ah"))
    >>> hand.name, " ".join(card.ascii for card in hand.cards)
    ('Seven-five low', '7h 5d 4c 3s Ah')
    """
    value = a5_low_value(cards)
    name, full_name = a5_low_name(value)
    return LowHand(value, _play(cards, a5_low_ranks(value)), name, full_name)


def evaluate_low_8(cards: Sequence[Card]) -> LowHand | None:
    """The best 8-or-better low of any five of ``cards`` (stud high-low), or ``None``.

    >>> from floorman.cards import parse_cards
    >>> evaluate_low_8(parse_cards("Kc 7h 5d 4c Qs 3s Ah")).name
    '7-5-4-3-A low'
    >>> evaluate_low_8(parse_cards("Kc 9h 5d 4c Qs 3s Ah")) is None
    True
    """
    value = low_value(cards)
    if value is None:
        return None
    order = low_ranks(value)
    name = f"{_run(order)} low"
    return LowHand(value, _play(cards, order), name, name)


# Deuce to seven: the high value with the wheel read as ace high, subtracted
# from a constant above every high value.

_27_WORST: Final = 9 << 26
_WHEEL: Final = 0b1_0000_0000_1111
_FIVE_HIGH: Final = 1 << 3


def _27_unvalued(high: int) -> int:
    """A high value with a five-high straight (flush) read as ace high with no straight."""
    kind = high >> 26
    if kind in (4, 8) and high >> 13 & 8191 == _FIVE_HIGH:
        return (0 if kind == 4 else 5) << 26 | _WHEEL << 13
    return high


_27_fives: dict[int, int] = {}


def _27_table() -> dict[int, int]:
    if not _27_fives:
        fives = _high._five_card_values or _high._five_card_table()
        _27_fives.update((key, _27_WORST - _27_unvalued(high)) for key, high in fives.items())
    return _27_fives


_KEY: Final = _high._KEY
_RANK_FIELDS: Final = _high._RANK_FIELDS


def _27_five(cards: Sequence[Card]) -> int:
    a, b, c, d, e = cards
    key = _KEY[a.index] + _KEY[b.index] + _KEY[c.index] + _KEY[d.index] + _KEY[e.index]
    if (key >> 40) + 0x3333 & 0x8888:
        suited = 0
        for card in cards:
            suited |= 1 << (card.index >> 2)
        return _27_WORST - _27_unvalued(_high._flush_value(suited))
    try:
        return _27_fives[key & _RANK_FIELDS]
    except KeyError:
        return _27_table()[key & _RANK_FIELDS]


def deuce_seven_value(cards: Sequence[Card]) -> int:
    """The deuce-to-seven low of five cards, or of the best five of six or seven.

    >>> from floorman.cards import parse_cards
    >>> deuce_seven_name(deuce_seven_value(parse_cards("7c 6c 5c 4c 2c")))
    ('Flush, seven high', 'Flush: 7-6-5-4-2')
    """
    if len(cards) == 5:  # as _27_five, without the call: the draw games' one case
        a, b, c, d, e = cards
        key = _KEY[a.index] + _KEY[b.index] + _KEY[c.index] + _KEY[d.index] + _KEY[e.index]
        if not (key >> 40) + 0x3333 & 0x8888:
            try:
                return _27_fives[key & _RANK_FIELDS]
            except KeyError:
                return _27_table()[key & _RANK_FIELDS]
        return _27_five(cards)
    if not 5 <= len(cards) <= 7:
        raise ValueError(f"a 2-7 low is read from 5 to 7 cards, not {len(cards)}")
    return max(map(_27_five, combinations(cards, 5)))


def deuce_seven_ranks(value: int) -> tuple[int, ...]:
    """The five ranks of a 2-7 low in reading order (made ranks first), ace as 14.

    >>> from floorman.cards import parse_cards
    >>> deuce_seven_ranks(deuce_seven_value(parse_cards("Ac 5d 4h 3s 2c")))
    (14, 5, 4, 3, 2)
    """
    high = _27_WORST - value
    kind, deciding = high >> 26, _high.ranks(high)
    top = deciding[0]
    if kind in (4, 8):
        return tuple(range(top, top - 5, -1))
    if kind == 2:
        return (top, top, deciding[1], deciding[1], *deciding[2:])
    if kind == 6:
        return (top, top, top, deciding[1], deciding[1])
    return (top,) * (1, 2, 0, 3, 0, 1, 0, 4)[kind] + deciding[1:]


_NUMBERED: Final[dict[tuple[int, ...], str]] = {
    (7, 5, 4, 3, 2): "number one",
    (7, 6, 4, 3, 2): "number two",
    (7, 6, 5, 3, 2): "number three",
    (7, 6, 5, 4, 2): "number four",
}
"""The four best 2-7 hands, as the table calls them."""


def deuce_seven_name(value: int) -> tuple[str, str]:
    """What the dealer says for a 2-7 low, and the name with every card.

    >>> from floorman.cards import parse_cards
    >>> deuce_seven_name(deuce_seven_value(parse_cards("8c 6d 5h 3s 2c")))
    ('Eight-six low', '8-6-5-3-2 low')
    >>> deuce_seven_name(deuce_seven_value(parse_cards("6c 5d 4h 3s 2c")))
    ('Straight, six high', 'Straight: 6-5-4-3-2')
    """
    high = _27_WORST - value
    kind = high >> 26
    ranks_ = deuce_seven_ranks(value)
    if kind == 0:
        number = _NUMBERED.get(ranks_)
        full = f"{_run(ranks_)} low" + (f", {number}" if number else "")
        return f"{_word(ranks_[0])}-{_word(ranks_[1])} low".capitalize(), full
    if kind in (4, 5, 8):
        name = {4: "Straight", 5: "Flush", 8: "Straight flush"}[kind]
        name = f"{name}, {_word(ranks_[0])} high"
    else:
        name = _made_name({1: 1, 2: 2, 3: 3, 6: 4, 7: 5}[kind], ranks_)
    return name, f"{name.split(',')[0] if kind in (4, 5, 8) else name}: {_run(ranks_)}"


def evaluate_low_27(cards: Sequence[Card]) -> LowHand:
    """The deuce-to-seven low of five cards (2-7 draw), or the best five of six or seven.

    >>> from floorman.cards import parse_cards
    >>> hand = evaluate_low_27(parse_cards("2c 7d 3h 5s 4c"))
    >>> hand.name, " ".join(card.ascii for card in hand.cards)
    ('Seven-five low', '7d 5s 4c 3h 2c')
    """
    value = deuce_seven_value(cards)
    name, full_name = deuce_seven_name(value)
    five = tuple(cards)
    if len(five) > 5:
        five = next(five for five in combinations(cards, 5) if _27_five(five) == value)
    return LowHand(value, _play(five, deuce_seven_ranks(value)), name, full_name)
