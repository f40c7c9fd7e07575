"""Low-hand questions: the hands are tabled; which low wins? And in stud hi-lo, does any
low qualify?

Razz and A-5 lowball read ace to five (aces low, straights and flushes do not count);
2-7 reads deuce to seven (aces high, straights and flushes count against the hand);
badugi the best hand of four suits and four ranks; stud hi-lo the best 8-or-better low
of any five of seven cards, and no low at all when nobody has five cards of eight or
under. The cards come from patterns that make the misreadings likely (two hands alike
to the last card, a wheel or a flush in 2-7, a pair among the low cards, a nine); what
they are is read by the low evaluators of :mod:`floorman.showdown.lowball` and
:mod:`floorman.showdown.badugi`.

>>> from floorman.rules.loader import load_rulebook
>>> question = low_hand_question(load_rulebook("rrop"), Random(3))
>>> question.topic, question.choices[question.correct] == question.answer
('low-hands', True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from random import Random
from typing import Final

from floorman.cards import SUITS, Card, format_cards
from floorman.drills.deals import LOW_RANKS, Shoe
from floorman.drills.gamecites import game_cite
from floorman.drills.model import Question, SeatView, Situation, seat_list
from floorman.rules.loader import Rulebook
from floorman.showdown.badugi import evaluate_badugi
from floorman.showdown.lowball import LowHand, evaluate_low_8, evaluate_low_27, evaluate_low_a5

__all__ = ["LOW_GAMES", "low_hand_question", "read_lows"]

LOW_GAMES: Final = {
    "razz": ("Razz", 7, "ace-to-five, the best five of seven cards"),
    "lowball-a5": ("A-5 lowball", 5, "ace-to-five: aces low, straights and flushes do not count"),
    "triple-draw-27": (
        "2-7 lowball",
        5,
        "deuce-to-seven: aces high, straights and flushes count against the hand",
    ),
    "badugi": (
        "Badugi",
        4,
        "four cards of four suits and four ranks; else the best three, two or one",
    ),
    "stud-hilo": (
        "Stud hi-lo",
        7,
        "8-or-better: five cards of eight or under, aces low, any five of seven",
    ),
}
"""Each game a low is asked in: its title, cards a hand, and how it is read."""

_ATTEMPTS: Final = 200


def read_lows(game: str, holes: dict[int, tuple[Card, ...]]) -> dict[int, LowHand | None]:
    """Each seat's low as the game reads it (``None``: no 8-or-better low)."""
    evaluate: Callable[[Sequence[Card]], LowHand | None] = {
        "razz": evaluate_low_a5,
        "lowball-a5": evaluate_low_a5,
        "triple-draw-27": evaluate_low_27,
        "badugi": evaluate_badugi,
        "stud-hilo": evaluate_low_8,
    }[game]
    return {seat: evaluate(cards) for seat, cards in holes.items()}


def _winners(lows: dict[int, LowHand | None]) -> tuple[int, ...]:
    made = {seat: low.value for seat, low in lows.items() if low is not None}
    if not made:
        return ()
    best = max(made.values())
    return tuple(seat for seat in sorted(made) if made[seat] == best)


def _deal(game: str, seats: Sequence[int], rng: Random) -> dict[int, tuple[Card, ...]]:
    shoe = Shoe(rng)
    size = LOW_GAMES[game][1]
    holes: dict[int, tuple[Card, ...]] = {}
    pattern = rng.choice(("alike", "alike", "trap", "random"))
    if pattern == "alike":
        # Two hands alike but for the last card (or in every rank).
        ranks = rng.sample(
            LOW_RANKS if game != "triple-draw-27" else (2, 3, 4, 5, 6, 7, 8, 9), min(size, 5) - 1
        )
        for seat in rng.sample(list(seats), 2):
            cards = [shoe.rank(rank) for rank in ranks]
            holes[seat] = shoe.fill(cards, size)
    elif pattern == "trap":
        seat = rng.choice(list(seats))
        if game == "triple-draw-27":
            top = rng.choice((5, 6, 7, 8))
            run = [14, 2, 3, 4, 5] if top == 5 else list(range(top - 4, top + 1))
            holes[seat] = tuple(shoe.rank(rank) for rank in run)
        elif game == "badugi":
            suit = rng.choice(SUITS)
            two = shoe.suit(suit, 2)
            holes[seat] = shoe.fill(two, size)
        else:
            pair = rng.choice(LOW_RANKS)
            cards = [shoe.rank(pair), shoe.rank(pair), shoe.rank(9)]
            holes[seat] = shoe.fill(cards, size)
    for seat in seats:
        if seat not in holes:
            if game == "triple-draw-27" or rng.random() < 0.5:
                holes[seat] = shoe.draw(size)
            else:
                lows = [card for card in shoe.cards if card.rank in LOW_RANKS][: size - 1]
                for card in lows:
                    shoe.cards.remove(card)
                holes[seat] = shoe.fill(lows, size)
    return holes


def low_hand_question(book: Rulebook, rng: Random) -> Question:
    """Who wins a showdown of two to four low hands (the low half, in stud hi-lo)?"""
    for _ in range(_ATTEMPTS):
        game = rng.choice(tuple(LOW_GAMES))
        seats = sorted(
            rng.sample(
                range(1, 9 if game in ("razz", "stud-hilo") else 7), rng.choice((2, 3, 3, 4))
            )
        )
        holes = _deal(game, seats, rng)
        lows = read_lows(game, holes)
        winners = _winners(lows)
        if len(winners) != 1 or rng.random() < 0.6:
            return _question(book, game, holes, lows, winners, rng)
    raise RuntimeError("no low showdown worth asking was dealt")  # pragma: no cover


def _said(winners: tuple[int, ...], game: str) -> str:
    if not winners:
        return "No low qualifies: the high hand takes the whole pot"
    if len(winners) == 1:
        return f"Seat {winners[0]} wins"
    return f"Seats {seat_list(winners)} split"


def _question(
    book: Rulebook,
    game: str,
    holes: dict[int, tuple[Card, ...]],
    lows: dict[int, LowHand | None],
    winners: tuple[int, ...],
    rng: Random,
) -> Question:
    title, _, how = LOW_GAMES[game]
    seats = sorted(holes)
    found: list[tuple[int, ...]] = [winners]
    for seat in seats:
        if (seat,) not in found:
            found.append((seat,))
    made = sorted((s for s in seats if lows[s] is not None), key=lambda s: -lows[s].value)  # type: ignore[union-attr]
    pair = tuple(sorted(made[:2]))
    if len(pair) == 2 and pair not in found:
        found.append(pair)
    if game == "stud-hilo" and () not in found:
        found.append(())
    wrong = found[1:]
    rng.shuffle(wrong)
    picked = [winners, *wrong[:4]]
    picked.sort(key=lambda choice: (len(choice) == 0, len(choice), choice))
    choices = tuple(_said(choice, game) for choice in picked)
    correct = picked.index(winners)
    explanation = [f"{title} reads {how}."]
    for seat in seats:
        low = lows[seat]
        if low is None:
            explanation.append(f"Seat {seat}: no 8-or-better low.")
        else:
            explanation.append(f"Seat {seat} plays {format_cards(low.cards)}: {low.full_name}.")
    if game == "stud-hilo" and not winners:
        explanation.append("Nobody has five cards of eight or under: no low qualifies.")
    ask = "Who wins the low half?" if game == "stud-hilo" else "Who wins the pot?"
    return Question(
        topic="low-hands",
        kind="winner",
        situation=Situation(
            game=game,
            heading=f"{title}: the hands are tabled"
            + (" (for the low half)" if game == "stud-hilo" else ""),
            seats=tuple(SeatView(seat, cards=holes[seat]) for seat in seats),
        ),
        ask=ask,
        choices=choices,
        correct=correct,
        answer=choices[correct],
        explanation=tuple(explanation),
        cite=game_cite(book, "low", game),
        rule=f"{game}.low",
        title=f"Reading a {title} low",
        winners=((), winners),
    )
