"""The order of play of the seven-card stud games: who brings it in, who acts first on
each later street, and the bet each street takes.

Stud, stud hi-lo and razz deal two downcards and one upcard (third street), three more
upcards (fourth, fifth and sixth street) and a last downcard (seventh street), with a
betting round after each. There is no button: the dealer deals from seat 1 round, and
a tie between equal hands showing goes to the seat that received cards first (RRoP
"Rules of Seven-Card Stud" 1, "Rules of Razz" 3; WSOP LA 215, 235 and 240), or where
the book in force says so, to the hand with the high card by suit (TDA 2024 RP-10-D;
the WSOP Tournament Rules in stud high).

The bring-in is the lowest upcard by rank and suit in stud and stud hi-lo, aces high
(RRoP stud rule 1, stud hi-lo rule 4); the highest in razz, aces low (RRoP razz rule 3,
WSOP LA 235). Suits rank clubs, diamonds, hearts, spades, lowest first.

>>> from floorman.cards import parse_card as c
>>> bring_in_seat("stud", {1: c("Th"), 2: c("2c"), 3: c("8c"), 4: c("2d")})
2
>>> bring_in_seat("razz", {1: c("Jh"), 2: c("Ah"), 3: c("Js")})
3

On later streets the best high hand showing acts first (pairs and trips count,
straights and flushes do not), in razz the best low hand showing:

>>> from floorman.cards import parse_cards as cs
>>> first_to_act("stud", {1: cs("Th 6c"), 2: cs("2c 4h"), 3: cs("4d 4s")})
3
>>> first_to_act("razz", {2: cs("Ah Js"), 3: cs("7h Qh"), 5: cs("5d 3d")})
5
>>> tied = {1: cs("Kd 9c"), 2: cs("Ks 9d")}
>>> first_to_act("stud", tied), first_to_act("stud", tied, by_suit=True)
(1, 2)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Final, Literal

from floorman.cards import Card
from floorman.showdown.evaluation import showing_high_value

__all__ = [
    "STREET_CARDS",
    "STUD_GAMES",
    "STUD_STREETS",
    "StudGame",
    "bring_in_seat",
    "first_to_act",
    "open_pair",
    "showing_key",
    "street_limit",
    "tie_by_suit",
]

StudGame = Literal["stud", "stud-hilo", "razz"]
STUD_GAMES: Final[tuple[StudGame, ...]] = ("stud", "stud-hilo", "razz")

STUD_STREETS: Final = ("third", "fourth", "fifth", "sixth", "seventh", "showdown")
"""The betting rounds in order; ``showdown`` once seventh street's round is complete."""

STREET_CARDS: Final = ((2, 1), (0, 1), (0, 1), (0, 1), (1, 0))
"""(downcards, upcards) each seat is dealt for each street."""


def _suit(card: Card) -> int:
    return card.index % 4


def _razz_rank(card: Card) -> int:
    return 1 if card.rank == 14 else card.rank


def bring_in_seat(game: StudGame, upcards: Mapping[int, Card]) -> int:
    """The seat that brings it in: the lowest upcard by suit (stud, stud hi-lo, aces
    high), the highest by suit (razz, aces low)."""
    if game == "razz":
        return max(upcards, key=lambda seat: (_razz_rank(upcards[seat]), _suit(upcards[seat])))
    return min(upcards, key=lambda seat: (upcards[seat].rank, _suit(upcards[seat])))


def showing_key(game: StudGame, cards: Sequence[Card]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """How good the upcards look, larger first to act: in stud and stud hi-lo the high
    hand showing, the evaluator's (:func:`~floorman.showdown.evaluation.showing_high_value`:
    quads, a full house, trips, two pair, a pair, then the cards highest first; no
    straight or flush); in razz the low hand showing (no pair best, then the highest
    card lowest, aces low), as the pattern of its pairs, then its ranks.

    >>> from floorman.cards import parse_cards as cs
    >>> showing_key("stud", cs("Kd Kc")) > showing_key("stud", cs("Ad Qc"))
    True
    >>> showing_key("razz", cs("6d 4c")) > showing_key("razz", cs("7d 2c"))
    True
    """
    if game != "razz":
        return (showing_high_value(cards),), ()
    counts = Counter(_razz_rank(card) for card in cards)
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    return tuple(-count for _, count in groups), tuple(-rank for rank, _ in groups)


def tie_by_suit(game: StudGame, cards: Sequence[Card]) -> tuple[tuple[int, int], ...]:
    """How a hand ranks against hands showing the same by the high card by suit (TDA
    RP-10-D: "the hand with the high card by suit in both games"), larger first: its
    cards highest first by rank (aces low in razz), then suit. Equal hands hold the same
    ranks, so the suit of their highest card decides; a common card in every hand ties,
    and the next card decides.

    >>> from floorman.cards import parse_cards as cs
    >>> tie_by_suit("razz", cs("Ah 5c")) > tie_by_suit("razz", cs("As 5d"))
    False
    """
    rank = _razz_rank if game == "razz" else (lambda card: card.rank)
    return tuple(sorted(((rank(card), _suit(card)) for card in cards), reverse=True))


def first_to_act(
    game: StudGame, showing: Mapping[int, Sequence[Card]], *, by_suit: bool = False
) -> int:
    """The seat whose upcards are best showing (high, or low in razz); a tie goes to the
    seat dealt first, the lowest seat number, or with ``by_suit`` to the hand with the
    high card by suit (:func:`tie_by_suit`)."""
    if by_suit:
        return max(
            sorted(showing),
            key=lambda seat: (
                showing_key(game, showing[seat]), tie_by_suit(game, showing[seat]), -seat,
            ),
        )  # fmt: skip
    return max(sorted(showing), key=lambda seat: (showing_key(game, showing[seat]), -seat))


def open_pair(upcards: Iterable[Sequence[Card | None]]) -> bool:
    """Whether a seat's first two upcards (fourth street) are a pair."""
    return any(
        len(up) >= 2 and up[0] is not None and up[1] is not None and up[0].rank == up[1].rank
        for up in upcards
    )


def street_limit(street_index: int, small_bet: int, big_bet: int) -> int:
    """The small bet on third and fourth street, the big bet from fifth on."""
    return small_bet if street_index <= 1 else big_bet
