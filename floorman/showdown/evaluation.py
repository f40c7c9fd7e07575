"""Hand values: the best five-card high hand and the ace-to-five 8-or-better low.

A value is a plain ``int``: larger is better, equal is a tie, suits never
break ties.  High values are comparable across hold'em and Omaha.  A high
value packs the category and two 13-bit rank masks (bit 0 = deuce, bit 12 =
ace): the *major* ranks (the pair, both pairs, the trips, the straight's top
card, all five cards of a flush or high-card hand) and the *minor* ranks (the
kickers, or the pair of a full house).  Two masks of equal size compare as
integers exactly as a dealer compares the cards, highest first, so no
ordering table is needed.

Counting is additive: every card adds ``1 << 3 * rank`` (a three-bit counter
per rank) and ``1 << 40 + 4 * suit`` (a four-bit counter per suit) to one
key, so a seven-card hand costs seven list look-ups and seven additions, and
the pairs, trips and quads fall out of the key with a few shifts.

>>> from floorman.cards import parse_cards
>>> category(high_value(parse_cards("Ah Kh Qh Jh Th 2c 2d")))
'straight flush'
>>> high_value(parse_cards("As Ks 7d 7c 2h")) > high_value(parse_cards("Ad Qd 7h 7s 2c"))
True
>>> low_ranks(low_value(parse_cards("Ah 2d 3c 5s 8h Kd Kc")))
(8, 5, 3, 2, 1)
>>> low_value(parse_cards("Ah 2d 3c 9s Th Kd Kc")) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, combinations_with_replacement
from typing import TYPE_CHECKING, Final

from floorman.cards import Card

if TYPE_CHECKING:
    from floorman.showdown.omahaboard import BoardTable

__all__ = [
    "CATEGORIES",
    "category",
    "high_value",
    "low_ranks",
    "low_value",
    "omaha_high_value",
    "omaha_low_value",
    "ranks",
    "showing_high_value",
]

CATEGORIES: Final = (
    "high card",
    "pair",
    "two pair",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
)
"""Category names, weakest first; ``category(value)`` is one of them."""

(
    _HIGH_CARD,
    _PAIR,
    _TWO_PAIR,
    _TRIPS,
    _STRAIGHT,
    _FLUSH,
    _FULL_HOUSE,
    _QUADS,
    _STRAIGHT_FLUSH,
) = (category << 26 for category in range(9))

_SUIT_SHIFT: Final = 40
_RANK_FIELDS: Final = (1 << 39) - 1
_ONES: Final = sum(1 << 3 * rank for rank in range(13))
"""The lowest bit of every rank counter."""

_KEY: Final = tuple(
    1 << 3 * (index >> 2) | 1 << _SUIT_SHIFT + 4 * (index & 3) for index in range(52)
)
"""What each card (by ``Card.index``) adds to a hand's key."""

_FIVE_OF_A_SUIT: Final = 0x3333
"""Added to the four suit counters, sets a counter's high bit when it reached 5."""


def _spread_masks() -> dict[int, int]:
    """Rank counters' low bits (``ones`` below) back to a 13-bit rank mask."""
    spread = [0]
    for rank in range(13):
        spread += [counters | 1 << 3 * rank for counters in spread]
    return dict(zip(spread, range(8192), strict=True))


def _straight_tops() -> list[int]:
    """For every rank mask, the bit of the top card of its best straight, or 0."""
    tops = [0] * 8192
    wheel = 0b1_0000_0000_1111
    runs = [(wheel, 1 << 3)] + [(0b11111 << low, 1 << low + 4) for low in range(9)]
    for run, top in runs:
        rest = 8191 ^ run
        others = rest
        while True:  # every subset of the other ranks, the empty one last
            tops[run | others] = top
            if not others:
                break
            others = (others - 1) & rest
    return tops


_COMPACT: Final = _spread_masks()
_STRAIGHT_TOP: Final = _straight_tops()


def _top(mask: int, count: int) -> int:
    """The ``count`` highest ranks of a rank mask."""
    while mask.bit_count() > count:
        mask &= mask - 1
    return mask


def _rank_value(key: int) -> int:
    """The high value of a hand with no flush, from its rank counters."""
    distinct = _COMPACT[(key | key >> 1 | key >> 2) & _ONES]
    twos = (key >> 1 | key >> 2) & _ONES
    if not twos:
        top = _STRAIGHT_TOP[distinct]
        if top:
            return _STRAIGHT | top << 13
        return _HIGH_CARD | _top(distinct, 5) << 13
    threes = (key & key >> 1 | key >> 2) & _ONES
    if threes:
        fours = key >> 2 & _ONES
        if fours:
            quads = _COMPACT[fours]
            return _QUADS | quads << 13 | _top(distinct ^ quads, 1)
        trips = _COMPACT[threes]
        if trips & trips - 1:
            high = _top(trips, 1)
            return _FULL_HOUSE | high << 13 | trips ^ high
        pairs = twos ^ threes
        if pairs:
            return _FULL_HOUSE | trips << 13 | _top(_COMPACT[pairs], 1)
        top = _STRAIGHT_TOP[distinct]
        if top:
            return _STRAIGHT | top << 13
        return _TRIPS | trips << 13 | _top(distinct ^ trips, 2)
    top = _STRAIGHT_TOP[distinct]
    if top:
        return _STRAIGHT | top << 13
    pairs = _COMPACT[twos]
    if pairs & pairs - 1:
        pairs = _top(pairs, 2)
        return _TWO_PAIR | pairs << 13 | _top(distinct ^ pairs, 1)
    return _PAIR | pairs << 13 | _top(distinct ^ pairs, 3)


def _flush_value(suited: int) -> int:
    """The value of five or more cards of one suit, given their rank mask."""
    top = _STRAIGHT_TOP[suited]
    if top:
        return _STRAIGHT_FLUSH | top << 13
    return _FLUSH | _top(suited, 5) << 13


def high_value(cards: Sequence[Card]) -> int:
    """The best five-card high hand among 5, 6 or 7 different cards.

    >>> from floorman.cards import parse_cards
    >>> category(high_value(parse_cards("7c 7d 7h Kc Ks 2d 2h")))
    'full house'
    """
    if not 5 <= len(cards) <= 7:
        raise ValueError(f"a high hand is read from 5 to 7 cards, not {len(cards)}")
    key = 0
    for card in cards:
        key += _KEY[card.index]
    flush = (key >> _SUIT_SHIFT) + _FIVE_OF_A_SUIT & 0x8888
    if flush:
        suit = flush.bit_length() // 4 - 1
        suited = 0
        for card in cards:
            if card.index & 3 == suit:
                suited |= 1 << (card.index >> 2)
        return _flush_value(suited)
    return _rank_value(key)


def showing_high_value(cards: Sequence[Card]) -> int:
    """The high value of one to five stud upcards, for who acts first.

    Pairs, two pair, trips, a full house and quads count, then the highest cards;
    no straight or flush counts on board, five upcards (the fourth upcard and a
    common card or a last card dealt face up) included.  Compare hands of as many
    cards.

    >>> from floorman.cards import parse_cards
    >>> category(showing_high_value(parse_cards("9c 9d 2h 3h")))
    'pair'
    >>> showing_high_value(parse_cards("Ac Kd")) > showing_high_value(parse_cards("Ah Qd"))
    True
    >>> category(showing_high_value(parse_cards("9h 8h 7h 6h 5h")))
    'high card'
    """
    if not 1 <= len(cards) <= 5:
        raise ValueError(f"upcards showing are 1 to 5 cards, not {len(cards)}")
    key = 0
    for card in cards:
        key += _KEY[card.index]
    value = _rank_value(key & _RANK_FIELDS)
    if value >> 26 == _STRAIGHT >> 26:  # five ranks in a row: five high cards on board
        return _HIGH_CARD | _COMPACT[key & _ONES] << 13
    return value


_five_card_values: dict[int, int] = {}


def _five_card_table() -> dict[int, int]:
    """Every five-card rank multiset (6,175 of them) to its value; built on first use."""
    if not _five_card_values:
        table = {}
        for ranks_ in combinations_with_replacement(range(13), 5):
            if ranks_[0] != ranks_[4]:
                key = sum(1 << 3 * rank for rank in ranks_)
                table[key] = _rank_value(key)
        _five_card_values.update(table)
    return _five_card_values


def omaha_high_value(hole: Sequence[Card], board: Sequence[Card]) -> int:
    """The best high hand of exactly two hole cards and exactly three board cards.

    >>> from floorman.cards import parse_cards
    >>> category(omaha_high_value(parse_cards("Ah Kd 7c 2s"), parse_cards("Qh Jh Th 3h 4c")))
    'straight'
    """
    if len(hole) == 4 and len(board) == 5:
        # Four hole cards and five on the board: six look-ups in the shipped board table.
        a, b, c, d = hole
        e, f, g, h, i = board
        a_index, b_index, c_index, d_index = a.index, b.index, c.index, d.index
        board_key = _KEY[e.index] + _KEY[f.index] + _KEY[g.index] + _KEY[h.index] + _KEY[i.index]
        boards, pair_of, best_place, values = (_board_table or _load_board_table())[0]
        at = boards[board_key & _RANK_FIELDS]
        pair_a, pair_b, pair_c = pair_of[a_index], pair_of[b_index], pair_of[c_index]
        best = values[
            max(
                best_place[at + pair_a[b_index]],
                best_place[at + pair_a[c_index]],
                best_place[at + pair_a[d_index]],
                best_place[at + pair_b[c_index]],
                best_place[at + pair_b[d_index]],
                best_place[at + pair_c[d_index]],
            )
        ]
        if (board_key >> _SUIT_SHIFT) + 0x5555 & 0x8888:  # three of a suit on the board
            hole_key = _KEY[a_index] + _KEY[b_index] + _KEY[c_index] + _KEY[d_index]
            return _with_flushes(best, hole, board, hole_key, board_key)
        return best
    if len(hole) < 2 or not 3 <= len(board) <= 5:
        raise ValueError(
            f"Omaha reads 2 of at least 2 hole cards and 3 of 3 to 5 board cards,"
            f" not {len(hole)} and {len(board)}"
        )
    hole_keys = [_KEY[card.index] for card in hole]
    board_keys = [_KEY[card.index] for card in board]
    pairs = {(a + b) & _RANK_FIELDS for a, b in combinations(hole_keys, 2)}
    threes = {(a + b + c) & _RANK_FIELDS for a, b, c in combinations(board_keys, 3)}
    table = _five_card_values or _five_card_table()
    best = max([table[pair + three] for pair in pairs for three in threes])
    return _with_flushes(best, hole, board, sum(hole_keys), sum(board_keys))


def _with_flushes(
    best: int, hole: Sequence[Card], board: Sequence[Card], hole_key: int, board_key: int
) -> int:
    """The better of ``best`` and any flush of two hole and three board cards."""
    # A suit with two hole cards and three board cards makes a flush: it beats
    # what the ranks alone made below a full house, and a straight flush beats all.
    suited = (hole_key >> _SUIT_SHIFT) + 0x6666 & (board_key >> _SUIT_SHIFT) + 0x5555 & 0x8888
    if suited:
        for suit in range(4):
            if suited >> 4 * suit + 3 & 1:
                best = max(best, _omaha_flush(_suit_mask(hole, suit), _suit_mask(board, suit)))
    return best


_board_table: list[BoardTable] = []
"""The shipped Omaha board table once read (it is read on the first Omaha hand)."""


def _load_board_table() -> list[BoardTable]:
    from floorman.showdown.omahaboard import table

    _board_table.append(table())
    return _board_table


def _suit_mask(cards: Sequence[Card], suit: int) -> int:
    mask = 0
    for card in cards:
        if card.index & 3 == suit:
            mask |= 1 << (card.index >> 2)
    return mask


def _bits(mask: int) -> list[int]:
    bits = []
    while mask:
        low = mask & -mask
        bits.append(low)
        mask ^= low
    return bits


def _omaha_flush(hole: int, board: int) -> int:
    """The best flush of two of ``hole`` and three of ``board`` (rank masks of one suit)."""
    if _STRAIGHT_TOP[hole | board]:
        best = 0
        for pair in combinations(_bits(hole), 2):
            for three in combinations(_bits(board), 3):
                best = max(best, _STRAIGHT_TOP[sum(pair) + sum(three)])
        if best:
            return _STRAIGHT_FLUSH | best << 13
    # The top two of the hole and the top three of the board beat, card for
    # card, any other choice, so they make the best flush.
    return _FLUSH | (_top(hole, 2) | _top(board, 3)) << 13


_LOW_BIT: Final = tuple(
    1 if index >> 2 == 12 else 1 << (index >> 2) + 1 if index >> 2 < 7 else 0 for index in range(52)
)
"""Each card's bit in a low-rank mask: ace bit 0, deuce bit 1 ... eight bit 7; 0 above eight."""


def _lowest(mask: int, count: int) -> int:
    """The ``count`` lowest ranks of a low-rank mask, or 0 when it has fewer."""
    if mask.bit_count() < count:
        return 0
    while mask.bit_count() > count:
        mask ^= 1 << mask.bit_length() - 1
    return mask


_LOW_THREE: Final = tuple(_lowest(mask, 3) for mask in range(256))
_LOW_PAIRS: Final = tuple(
    tuple(a | b for a, b in combinations(_bits(mask), 2)) for mask in range(256)
)


def low_value(cards: Sequence[Card]) -> int | None:
    """The best 8-or-better low of any five of ``cards``, or ``None`` if none qualifies.

    Ace to five: aces are low, straights and flushes do not count.

    >>> from floorman.cards import parse_cards
    >>> low_ranks(low_value(parse_cards("5h 4h 3h 2h Ah")))
    (5, 4, 3, 2, 1)
    """
    mask = 0
    for card in cards:
        mask |= _LOW_BIT[card.index]
    mask = _lowest(mask, 5)
    return mask ^ 0xFF if mask else None


def omaha_low_value(hole: Sequence[Card], board: Sequence[Card]) -> int | None:
    """The best 8-or-better low of two hole cards and three board cards, or ``None``.

    >>> from floorman.cards import parse_cards
    >>> low_ranks(omaha_low_value(parse_cards("Ac 3d Ks Qd"), parse_cards("2c 5d 8h Kc Js")))
    (8, 5, 3, 2, 1)
    """
    board_mask = 0
    for card in board:
        board_mask |= _LOW_BIT[card.index]
    if board_mask.bit_count() < 3:
        return None
    hole_mask = 0
    for card in hole:
        hole_mask |= _LOW_BIT[card.index]
    best = 256
    for pair in _LOW_PAIRS[hole_mask]:
        three = _LOW_THREE[board_mask & ~pair]
        if three and pair | three < best:
            best = pair | three
    return best ^ 0xFF if best < 256 else None


def category(value: int) -> str:
    """The category of a high value, e.g. ``"full house"``."""
    return CATEGORIES[value >> 26]


def ranks(value: int) -> tuple[int, ...]:
    """The ranks (2..14) a high value is decided by, in order of importance.

    >>> from floorman.cards import parse_cards
    >>> ranks(high_value(parse_cards("4c 4d Ah As Kc 2d 3d")))
    (14, 4, 13)
    """
    major = value >> 13 & 8191
    minor = value & 8191
    return tuple(
        rank + 2 for mask in (major, minor) for rank in range(12, -1, -1) if mask >> rank & 1
    )


def low_ranks(value: int | None) -> tuple[int, ...]:
    """The five ranks of a low value, highest first, ace as 1; ``()`` for no low."""
    if value is None:
        return ()
    mask = value ^ 0xFF
    return tuple(rank + 1 for rank in range(7, -1, -1) if mask >> rank & 1)
