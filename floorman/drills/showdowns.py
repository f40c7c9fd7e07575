"""Reading questions: the hands are tabled; who wins the pot (high and low)?

The cards come from patterns that make the common misreadings likely (a
kicker that plays or does not, a board that plays, an Omaha four-flush, a
counterfeited low); a deal where the winner stands out is mostly dealt
again. The answer is the evaluator's reading; the wrong choices are the
other seats and the splits a dealer might call.
"""

from __future__ import annotations

from random import Random
from typing import Final

from floorman.cards import format_cards
from floorman.drills.deals import deal_showdown
from floorman.drills.model import Question, SeatView, Situation, seat_list
from floorman.drills.variation import TABLE_SEATS
from floorman.showdown.reading import Showdown, showdown

__all__ = ["reading_question", "winners_text"]

_GAMES: Final = (("holdem", 4), ("omaha", 2), ("omaha-hilo", 3))
_PATTERNS: Final = {
    "holdem": (("kickers", 4), ("same-hand", 2), ("board-plays", 2), ("random", 2)),
    "omaha": (("four-flush", 3), ("same-hand", 1), ("random", 3)),
    "omaha-hilo": (("low-board", 3), ("quartered", 2), ("four-flush", 1), ("random", 1)),
}
_ATTEMPTS: Final = 400

Winners = tuple[tuple[int, ...], tuple[int, ...]]


def _pick(rng: Random, weighted: tuple[tuple[str, int], ...]) -> str:
    names = [name for name, _ in weighted]
    return rng.choices(names, [weight for _, weight in weighted])[0]


def reading_question(rng: Random) -> Question:
    """Who wins a showdown of two to four tabled hands."""
    for _ in range(_ATTEMPTS):
        game = _pick(rng, _GAMES)
        seats = sorted(rng.sample(range(1, TABLE_SEATS + 1), rng.choice((2, 3, 3, 4))))
        board, holes = deal_showdown(game, seats, rng, _pick(rng, _PATTERNS[game]))
        read = showdown(game, board, holes)
        if _close(read) or rng.random() < 0.25:
            return _question(read, rng)
    raise RuntimeError("no showdown worth asking was dealt")  # pragma: no cover


def _close(read: Showdown) -> bool:
    """A tie, a split high and low, or the best two hands of the same kind."""
    if len(read.high_winners) > 1 or len(read.low_winners) > 1:
        return True
    if read.low_winners and read.low_winners != read.high_winners:
        return True
    kinds = sorted((reading.value >> 26 for reading in read.high.values()), reverse=True)
    return len(kinds) > 1 and kinds[0] == kinds[1]


def winners_text(winners: Winners, game: str) -> str:
    """A choice as the trainee reads it: ``Seat 3``, ``Seats 3 and 5 split``,
    ``High: seat 3 · Low: seat 5``."""
    high, low = winners
    if game != "omaha-hilo":
        return f"Seat {high[0]} wins" if len(high) == 1 else f"Seats {seat_list(high)} split"
    high_text = f"seat {high[0]}" if len(high) == 1 else f"seats {seat_list(high)} split"
    if not low:
        return f"High: {high_text} · Low: no hand qualifies"
    low_text = f"seat {low[0]}" if len(low) == 1 else f"seats {seat_list(low)} split"
    return f"High: {high_text} · Low: {low_text}"


def _choices(read: Showdown, rng: Random) -> list[Winners]:
    right: Winners = (read.high_winners, read.low_winners)
    seats = sorted(read.holes)
    by_high = sorted(seats, key=lambda seat: -read.high[seat].value)
    found: list[Winners] = [right]

    def add(choice: Winners) -> None:
        if choice not in found:
            found.append(choice)

    if read.game != "omaha-hilo":
        for seat in seats:
            add(((seat,), ()))
        if len(read.high_winners) == 1:
            add((tuple(sorted(by_high[:2])), ()))
        return sorted(found, key=lambda c: (len(c[0]), c[0]))
    lows = [seat for seat in seats if read.low[seat] is not None]
    if read.low_winners:
        add((read.high_winners, ()))
        add((read.low_winners, read.low_winners))
    for seat in seats:
        add(((seat,), read.low_winners))
    for seat in lows or seats:
        add((read.high_winners, (seat,)))
    wrong = found[1:]
    rng.shuffle(wrong)
    picked = [right, *wrong[:4]]
    rng.shuffle(picked)
    return picked


def _question(read: Showdown, rng: Random) -> Question:
    choices = _choices(read, rng)
    right: Winners = (read.high_winners, read.low_winners)
    texts = tuple(winners_text(choice, read.game) for choice in choices)
    correct = choices.index(right)
    explanation = [f"Board {format_cards(read.board)}."]
    for seat in sorted(read.holes):
        reading = read.high[seat]
        line = f"Seat {seat} plays {format_cards(reading.cards)}: {read.announce(seat)}"
        if read.game == "omaha-hilo":
            low = read.low[seat]
            line += f"; low {format_cards(low.cards)}: {low.name}" if low else "; no low"
        explanation.append(line + ".")
    if read.game == "omaha-hilo" and not read.low_winners:
        explanation.append("No hand makes an eight-or-better low: high takes the whole pot.")
    if read.game != "holdem":
        explanation.append("Omaha plays exactly two hole cards and exactly three board cards.")
    ask = "Who wins the pot?"
    if read.game == "omaha-hilo":
        ask = "Who wins the high half, and who wins the low half?"
    return Question(
        topic="reading",
        kind="winner",
        situation=Situation(
            game=read.game,
            seats=tuple(SeatView(seat, cards=read.holes[seat]) for seat in sorted(read.holes)),
            board=read.board,
        ),
        ask=ask,
        choices=texts,
        correct=correct,
        answer=texts[correct],
        explanation=tuple(explanation),
        winners=right,
    )
