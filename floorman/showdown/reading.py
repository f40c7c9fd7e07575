"""Reading hands at showdown: each seat's best five cards, in the dealer's words, and who wins.

Hold'em plays the best five of seven in any combination, the board
included; Omaha plays exactly two hole cards and exactly three board cards;
Omaha high-low also reads the best 8-or-better low for half the pot.

>>> from floorman.cards import parse_cards as cards
>>> read_high("holdem", cards("Kd 9c"), cards("Kh Ks 9h 2c 3d")).name
'Full house, kings full of nines'
>>> read_low("omaha-hilo", cards("Ac 3d Ks Qd"), cards("2c 5d 8h Kc Js")).name
'8-5-3-2-A low'
>>> hands = {3: cards("Ac 3d Ks Qd"), 5: cards("Jh Jd 9s 7c")}
>>> result = showdown("omaha-hilo", cards("2c 5d 8h Kc Js"), hands)
>>> result.high_winners, result.low_winners
((5,), (3,))
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Final

from floorman.cards import RANK_NAMES, RANK_PLURALS, Card
from floorman.errors import FloormanError
from floorman.showdown.evaluation import (
    high_value,
    low_ranks,
    low_value,
    omaha_high_value,
    omaha_low_value,
    ranks,
)

__all__ = [
    "GAMES",
    "HOLE_CARDS",
    "Reading",
    "ReadingError",
    "Showdown",
    "best_seats",
    "high_reading",
    "read_high",
    "read_low",
    "showdown",
]

GAMES: Final = ("holdem", "omaha", "omaha-hilo")
HOLE_CARDS: Final = {"holdem": 2, "omaha": 4, "omaha-hilo": 4}
"""How many hole cards a player holds in each game."""


class ReadingError(FloormanError, ValueError):
    """Cards that cannot be read for the game; the message names the seat or the card."""


@dataclass(frozen=True, slots=True)
class Reading:
    """One hand as the dealer reads it.

    ``value`` compares hands (larger wins, equal splits); ``cards`` are the
    five that play, in reading order; ``name`` is what the dealer says, and
    ``full_name`` adds the kickers for when two hands share the name.
    """

    value: int
    cards: tuple[Card, ...]
    name: str
    full_name: str

    def __str__(self) -> str:
        return self.name


def read_high(game: str, hole: Sequence[Card], board: Sequence[Card]) -> Reading:
    """The best high hand for ``game``; in hold'em ``hole`` may be empty (the board plays).

    >>> from floorman.cards import parse_cards as cards
    >>> reading = read_high("omaha", cards("Ah Kd 7c 2s"), cards("Qh Jh Th 3h 4c"))
    >>> reading.name, " ".join(card.ascii for card in reading.cards)
    ('Straight, ace high', 'Ah Kd Qh Jh Th')
    """
    hole, board = _checked(game, hole, board)
    value = high_value(hole + board) if game == "holdem" else omaha_high_value(hole, board)
    five = _five_with(value, high_value, _fives(game, hole, board))
    return high_reading(value, five)


def read_low(game: str, hole: Sequence[Card], board: Sequence[Card]) -> Reading | None:
    """The best 8-or-better low under ``game``'s rule for using cards, or ``None``.

    >>> from floorman.cards import parse_cards as cards
    >>> read_low("omaha-hilo", cards("Ah 2h Kd Kc"), cards("3h 4h 5h Qs Js")).name
    '5-4-3-2-A low'
    >>> read_low("omaha-hilo", cards("Ah 2h Kd Kc"), cards("3h 9h Ts Qs Js")) is None
    True
    """
    hole, board = _checked(game, hole, board)
    low = low_value(hole + board) if game == "holdem" else omaha_low_value(hole, board)
    if low is None:
        return None
    five = _five_with(low, low_value, _fives(game, hole, board))
    order = low_ranks(low)
    by_rank = {1 if card.rank == 14 else card.rank: card for card in five}
    name = "-".join("A" if rank == 1 else str(rank) for rank in order) + " low"
    return Reading(low, tuple(by_rank[rank] for rank in order), name, name)


@dataclass(frozen=True)
class Showdown:
    """Every seat's readings and the winners of each half; ties are ties.

    ``low`` is empty unless the game is split high-low; a seat without a
    qualifying low reads ``None``.  ``low_winners`` is empty when no low
    qualifies, and the high hand then takes the whole pot.
    """

    game: str
    board: tuple[Card, ...]
    holes: Mapping[int, tuple[Card, ...]]
    high: Mapping[int, Reading]
    low: Mapping[int, Reading | None]
    high_winners: tuple[int, ...]
    low_winners: tuple[int, ...]

    def announce(self, seat: int) -> str:
        """The seat's high hand in words, with kickers when another seat has the same name.

        >>> from floorman.cards import parse_cards as cards
        >>> hands = {1: cards("Jh Ac"), 2: cards("Jd Kc")}
        >>> result = showdown("holdem", cards("Js 9h 7d 4c 2s"), hands)
        >>> result.announce(1), result.high_winners
        ('Pair of jacks, ace-nine-seven kickers', (1,))
        """
        reading = self.high[seat]
        for other, theirs in self.high.items():
            if other != seat and theirs.name == reading.name and theirs.value != reading.value:
                return reading.full_name
        return reading.name


def showdown(game: str, board: Sequence[Card], holes: Mapping[int, Sequence[Card]]) -> Showdown:
    """Read every seat's hand against one board and name the winners of high and low."""
    if not holes:
        raise ReadingError("no hands to read")
    _check_game(game)
    board = tuple(board)
    seats = sorted(holes)
    _check_distinct([("on the board", board)] + [(f"in seat {s}", tuple(holes[s])) for s in seats])
    high: dict[int, Reading] = {}
    low: dict[int, Reading | None] = {}
    for seat in seats:
        hole = tuple(holes[seat])
        _check_counts(game, hole, board, f"seat {seat}: ")
        high[seat] = read_high(game, hole, board)
        if game == "omaha-hilo":
            low[seat] = read_low(game, hole, board)
    lows = {seat: reading for seat, reading in low.items() if reading is not None}
    return Showdown(
        game=game,
        board=board,
        holes={seat: tuple(holes[seat]) for seat in seats},
        high=high,
        low=low,
        high_winners=best_seats(high),
        low_winners=best_seats(lows),
    )


def best_seats(readings: Mapping[int, Reading]) -> tuple[int, ...]:
    if not readings:
        return ()
    top = max(reading.value for reading in readings.values())
    return tuple(seat for seat, reading in readings.items() if reading.value == top)


def _check_game(game: str) -> None:
    if game not in GAMES:
        raise ReadingError(f'unknown game "{game}"; the games are {", ".join(GAMES)}')


def _checked(
    game: str, hole: Sequence[Card], board: Sequence[Card]
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    _check_game(game)
    hole, board = tuple(hole), tuple(board)
    _check_counts(game, hole, board, "")
    _check_distinct([("in the hole cards", hole), ("on the board", board)])
    return hole, board


def _check_counts(game: str, hole: tuple[Card, ...], board: tuple[Card, ...], where: str) -> None:
    if not 3 <= len(board) <= 5:
        raise ReadingError(f"the board has {len(board)} cards; a board has 3 to 5")
    needed = HOLE_CARDS[game]
    if game == "holdem" and not hole:
        if len(board) != 5:
            raise ReadingError(
                f"{where}with no hole cards the board needs 5 cards, not {len(board)}"
            )
    elif len(hole) != needed:
        raise ReadingError(f"{where}{game} needs {needed} hole cards, not {len(hole)}")


def _check_distinct(places: Sequence[tuple[str, tuple[Card, ...]]]) -> None:
    seen: dict[Card, str] = {}
    for place, cards in places:
        for card in cards:
            first = seen.get(card)
            if first == place:
                raise ReadingError(f"the {card.ascii} appears twice {place}")
            if first is not None:
                raise ReadingError(f"the {card.ascii} is both {first} and {place}")
            seen[card] = place


def _fives(
    game: str, hole: tuple[Card, ...], board: tuple[Card, ...]
) -> Iterator[tuple[Card, ...]]:
    """The five-card hands the game allows, those using the fewest hole cards first."""
    if game == "holdem":
        for used in range(len(hole) + 1):
            for mine in combinations(hole, used):
                for shared in combinations(board, 5 - used):
                    yield mine + shared
    else:
        for mine in combinations(hole, 2):
            for shared in combinations(board, 3):
                yield mine + shared


def _five_with(
    value: int,
    evaluate: Callable[[Sequence[Card]], int | None],
    fives: Iterator[tuple[Card, ...]],
) -> tuple[Card, ...]:
    return next(five for five in fives if evaluate(five) == value)


def _said(deciding: Sequence[int]) -> str:
    return "-".join(RANK_NAMES[rank] for rank in deciding)


def _with_kickers(name: str, kickers: Sequence[int]) -> tuple[str, str]:
    noun = "kicker" if len(kickers) == 1 else "kickers"
    return name, f"{name}, {_said(kickers)} {noun}"


def _names(kind: int, deciding: tuple[int, ...]) -> tuple[str, str]:
    """The short name and the name with kickers of a high hand."""
    top, tops = RANK_NAMES[deciding[0]], RANK_PLURALS[deciding[0]]
    if kind == 8:
        name = "Royal flush" if deciding[0] == 14 else f"Straight flush, {top} high"
        return name, name
    if kind == 7:
        return _with_kickers(f"Four of a kind, {tops}", deciding[1:])
    if kind == 6:
        name = f"Full house, {tops} full of {RANK_PLURALS[deciding[1]]}"
        return name, name
    if kind == 5:
        return f"Flush, {top} high", f"Flush, {_said(deciding)}"
    if kind == 4:
        return f"Straight, {top} high", f"Straight, {top} high"
    if kind == 3:
        return _with_kickers(f"Three of a kind, {tops}", deciding[1:])
    if kind == 2:
        return _with_kickers(f"Two pair, {tops} and {RANK_PLURALS[deciding[1]]}", deciding[2:])
    if kind == 1:
        return _with_kickers(f"Pair of {tops}", deciding[1:])
    return f"High card, {top}", f"High card, {_said(deciding)}"


def high_reading(value: int, five: tuple[Card, ...]) -> Reading:
    kind = value >> 26
    deciding = ranks(value)
    name, full_name = _names(kind, deciding)
    return Reading(value, _in_reading_order(kind, deciding[0], five), name, full_name)


def _in_reading_order(kind: int, top: int, five: tuple[Card, ...]) -> tuple[Card, ...]:
    """Made ranks before kickers, high before low; a wheel reads five down to the ace."""
    if kind in (4, 8) and top == 5:
        return tuple(sorted(five, key=lambda card: card.rank % 14, reverse=True))
    counts = {card.rank: 0 for card in five}
    for card in five:
        counts[card.rank] += 1
    return tuple(
        sorted(five, key=lambda card: (counts[card.rank], card.rank, card.index), reverse=True)
    )
