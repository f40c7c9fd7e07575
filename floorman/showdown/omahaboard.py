"""The best Omaha rank hand of every hole pair on every board, shipped as a table.

Without flushes, an Omaha high hand is decided by ranks alone: the best of
the ten ways to add three board cards to each of the six hole pairs.  For
every board (6,175 rank multisets of five cards) and every hole pair (91
pairs of ranks) the best of the ten is worked out once, ahead of time, and
shipped as ``omahaboard.bin``: 561,925 numbers of 16 bits, zlib-compressed,
each the place of the best five-card rank hand among all 6,175, weakest
first.  Reading a hand is then six look-ups, one per hole pair.

Building the table takes seconds, too long for the first hand a command
reads, so it is built by ``scripts/omaha-table`` and a test holds the
shipped file to what :func:`build` makes.
"""

from __future__ import annotations

import sys
import zlib
from array import array
from functools import cache
from itertools import combinations, combinations_with_replacement
from pathlib import Path
from typing import Final, NamedTuple

from floorman.showdown import evaluation

__all__ = ["FILE", "BoardTable", "build", "table", "write"]

FILE: Final = Path(__file__).with_name("omahaboard.bin")
PAIRS: Final = tuple((low, high) for low in range(13) for high in range(low, 13))
"""The 91 hole pairs by rank (0 = deuce), in the table's order."""


def _counter_key(ranks: tuple[int, ...]) -> int:
    return sum(1 << 3 * rank for rank in ranks)


def _fives() -> list[tuple[int, ...]]:
    """The 6,175 five-card rank multisets, in the table's order of boards."""
    return [r for r in combinations_with_replacement(range(13), 5) if r[0] != r[4]]


class BoardTable(NamedTuple):
    """What reading a hand needs: each board's first entry, each pair of cards' offset
    from it, the table, and the high value of each place."""

    boards: dict[int, int]
    pair_of: tuple[tuple[int, ...], ...]
    best: array[int]
    values: tuple[int, ...]


def _places() -> tuple[dict[int, int], tuple[int, ...]]:
    """Each five-card rank key's place among all of them, weakest first; and the values."""
    fives = evaluation._five_card_values or evaluation._five_card_table()
    values = tuple(sorted(fives.values()))
    place = {value: index for index, value in enumerate(values)}
    return {key: place[value] for key, value in fives.items()}, values


def build() -> array[int]:
    """Work out the table: for each board, for each hole pair, the best place."""
    places, _ = _places()
    out = array("H")
    for board in _fives():
        threes = {_counter_key(three) for three in combinations(board, 3)}
        for pair in PAIRS:
            key = _counter_key(pair)
            out.append(max(places.get(key + three, 0) for three in threes))
    return out


def write() -> None:
    """Write ``omahaboard.bin`` anew from :func:`build`."""
    best = build()
    if sys.byteorder == "big":  # pragma: no cover
        best.byteswap()
    FILE.write_bytes(zlib.compress(best.tobytes(), 9))


@cache
def table() -> BoardTable:
    """The shipped table, read on first use."""
    best = array("H")
    best.frombytes(zlib.decompress(FILE.read_bytes()))
    if sys.byteorder == "big":  # pragma: no cover
        best.byteswap()
    fives = evaluation._five_card_values or evaluation._five_card_table()
    # The five-card table holds its rank keys in the order of _fives().
    boards = {key: index * len(PAIRS) for index, key in enumerate(fives)}
    by_ranks = [[0] * 13 for _ in range(13)]
    for index, (low, high) in enumerate(PAIRS):
        by_ranks[low][high] = by_ranks[high][low] = index
    pair_of = tuple(
        tuple(by_ranks[first >> 2][second >> 2] for second in range(52)) for first in range(52)
    )
    return BoardTable(boards, pair_of, best, tuple(sorted(fives.values())))
