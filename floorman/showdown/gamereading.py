"""Reading the hands of the stud and draw games at showdown: each seat's hand in the
dealer's words, and who wins.

Stud plays the best five of a seat's seven cards for high; stud high-low also the best
8-or-better low for half the pot; razz the best ace-to-five low of seven. The draw games
play the hand as drawn: five cards for 2-7 and ace-to-five lowball, four for badugi.
There is no board. In the games played for low alone the hand each seat plays for the
whole pot is its low, read as :attr:`Showdown.high` (the hand that wins the pot).

>>> from floorman.cards import parse_cards as cards
>>> hands = {2: cards("Ah 2c 3d 5s 7h 8c 9d"), 4: cards("As 2d 3c 4h 6s Kd Kc")}
>>> result = read_game_hands("razz", hands)
>>> result.announce(2), result.announce(4), result.high_winners
('Seven-five low', 'Six-four low', (4,))
>>> result = read_game_hands("stud-hilo", hands)
>>> result.high_winners, result.low_winners
((4,), (4,))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import combinations
from typing import Final

from floorman.cards import Card
from floorman.showdown.badugi import evaluate_badugi
from floorman.showdown.evaluation import high_value
from floorman.showdown.lowball import LowHand, evaluate_low_8, evaluate_low_27, evaluate_low_a5
from floorman.showdown.reading import Reading, ReadingError, Showdown, best_seats, high_reading

__all__ = ["GAME_CARDS", "read_game_hands"]

GAME_CARDS: Final[Mapping[str, int]] = {
    "stud": 7,
    "stud-hilo": 7,
    "razz": 7,
    "triple-draw-27": 5,
    "single-draw-27": 5,
    "lowball-a5": 5,
    "badugi": 4,
}
"""How many cards each seat shows down in each stud and draw game."""

_LOW: Final[Mapping[str, Callable[[Sequence[Card]], LowHand]]] = {
    "razz": evaluate_low_a5,
    "triple-draw-27": evaluate_low_27,
    "single-draw-27": evaluate_low_27,
    "lowball-a5": evaluate_low_a5,
    "badugi": evaluate_badugi,
}
"""The games played for low alone, each with the low it is read by."""


def read_game_hands(game: str, holes: Mapping[int, Sequence[Card]]) -> Showdown:
    """Read every seat's cards in a stud or draw ``game`` and name the winners."""
    if game not in GAME_CARDS:
        raise ReadingError(f'unknown game "{game}"; the games are {", ".join(GAME_CARDS)}')
    if not holes:
        raise ReadingError("no hands to read")
    seats = sorted(holes)
    hands = {seat: tuple(holes[seat]) for seat in seats}
    _check_hands(game, hands)
    high: dict[int, Reading] = {}
    low: dict[int, Reading | None] = {}
    for seat, cards in hands.items():
        if game in _LOW:
            high[seat] = _reading(_LOW[game](cards))
            continue
        high[seat] = _best_high(cards)
        if game == "stud-hilo":
            found = evaluate_low_8(cards)
            low[seat] = None if found is None else _reading(found)
    lows = {seat: reading for seat, reading in low.items() if reading is not None}
    return Showdown(
        game=game,
        board=(),
        holes=hands,
        high=high,
        low=low,
        high_winners=best_seats(high),
        low_winners=best_seats(lows),
    )


def _check_hands(game: str, hands: Mapping[int, tuple[Card, ...]]) -> None:
    needed = GAME_CARDS[game]
    seen: dict[Card, int] = {}
    for seat, cards in hands.items():
        if len(cards) != needed:
            raise ReadingError(f"seat {seat}: {game} shows down {needed} cards, not {len(cards)}")
        for card in cards:
            if card in seen:
                where = "twice in seat" if seen[card] == seat else f"in seats {seen[card]} and"
                raise ReadingError(f"the {card.ascii} is {where} {seat}")
            seen[card] = seat


def _best_high(cards: tuple[Card, ...]) -> Reading:
    value = high_value(cards)
    five = next(five for five in combinations(cards, 5) if high_value(five) == value)
    return high_reading(value, five)


def _reading(low: LowHand) -> Reading:
    return Reading(low.value, low.cards, low.name, low.full_name)
