"""Draw-procedure questions: the order the players draw in, and what the dealer does with
a card exposed on the draw or a stub that runs out in it.

A draw hand is played by the draw hand's own state
(:class:`~floorman.hand.drawstate.DrawHand`) and ruled by the rulebook in force
(:class:`~floorman.rules.studdraw.DealtEngine`): the order is the order the hand lets the
seats draw in, and the procedure is the first step of the book's ruling on the exposed
card or the reshuffle, with its citation. A situation the book has no ruling for is
never asked.

>>> from floorman.rules.loader import load_rulebook
>>> question = draw_question(load_rulebook("rrop"), Random(5))
>>> question.topic, question.choices[question.correct] == question.answer
('draw', True)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from random import Random
from typing import Final

from floorman.drills.deals import Shoe
from floorman.drills.gamecites import five_at_once, game_cite
from floorman.drills.model import Question, Situation, seat_list
from floorman.hand.drawevents import parse_draw_event
from floorman.hand.drawstate import DRAW_GAMES, HOLE, DrawGame, DrawHand
from floorman.rules.engine import Ruling
from floorman.rules.loader import Rulebook
from floorman.rules.studdraw import DealtEngine

__all__ = ["DRAW_TITLES", "DrawTable", "draw_question", "play_to_draw"]

DRAW_TITLES: Final = {
    "triple-draw-27": "2-7 triple draw",
    "single-draw-27": "2-7 single draw",
    "lowball-a5": "A-5 lowball",
    "badugi": "Badugi",
}
DRAW_SEATS: Final = 6
_ATTEMPTS: Final = 100


@dataclass
class DrawTable:
    """A draw hand being played: the hand, the rulebook's engine on it, the events as
    the dealer says them."""

    hand: DrawHand
    engine: DealtEngine
    said: list[str] = field(default_factory=list)
    rulings: list[Ruling] = field(default_factory=list)

    def play(self, text: str, said: str | None) -> Ruling | None:
        ruling = self.engine.process(self.hand, parse_draw_event(text), len(self.said) + 1)
        self.said.append(said or text)
        if ruling is not None:
            self.rulings.append(ruling)
        return ruling


def play_to_draw(
    book: Rulebook, game: DrawGame, seats: list[int], button: int, rng: Random, small: int = 2
) -> DrawTable:
    """A draw hand dealt at ``seats``, its first betting round played (some fold, the
    rest call or check), up to the first draw."""
    blinds_at = [s for s in seats if s > button] + [s for s in seats if s <= button]
    blinds = {blinds_at[0]: small // 2, blinds_at[1]: small}
    hand = DrawHand(
        seats=dict.fromkeys(seats, 100 * small),
        game=game,
        blinds=blinds,
        button=button,
        structure="limit",
        limits=(small, 2 * small),
    )
    table = DrawTable(hand, DealtEngine(book, game))
    table.play("deal", "The cards are dealt")
    while hand.to_act is not None:
        seat = hand.to_act
        owed = hand.to_call(seat)
        if owed and len(hand.live) > 2 and rng.random() < 0.35:
            table.play(f"{seat} fold", f"Seat {seat} folds")
        elif owed:
            table.play(f"{seat} call", f"Seat {seat} calls {hand.bets[seat] + owed}")
        else:
            table.play(f"{seat} check", f"Seat {seat} checks")
    return table


def _table(book: Rulebook, rng: Random, games: tuple[DrawGame, ...] = DRAW_GAMES) -> DrawTable:
    game = rng.choice(games)
    seats = sorted(rng.sample(range(1, DRAW_SEATS + 1), rng.randint(3, DRAW_SEATS)))
    return play_to_draw(book, game, seats, rng.choice(seats), rng)


def _heading(hand: DrawHand) -> str:
    return (
        f"{DRAW_TITLES[hand.game]}, limit {hand.small_bet}/{hand.big_bet},"
        f" button seat {hand.button}"
    )


def draw_question(book: Rulebook, rng: Random) -> Question:
    """The order of the draw, or the procedure for an exposed card or a short stub."""
    what = rng.choice(("order", "order", "five", "exposed", "exposed", "reshuffle"))
    if what == "order":
        return _order_question(book, rng)
    if what == "five":
        return _five_question(book, rng)
    for _ in range(_ATTEMPTS):
        question = _procedure_question(book, rng, what)
        if question is not None:
            return question
    return _order_question(book, rng)


def _order_question(book: Rulebook, rng: Random) -> Question:
    table = _table(book, rng)
    hand = table.hand
    order: list[int] = []
    while hand.to_draw is not None:
        seat = hand.to_draw
        order.append(seat)
        _draws(table, seat, rng.randint(0, HOLE[hand.game] - 1))
    live = sorted(order)
    candidates = [
        order,
        _from_seat(live, _big_blind(hand)),
        live,
        list(reversed(order)),
        _from_seat(live, hand.button - 1),
    ]
    found: list[list[int]] = []
    for candidate in candidates:
        if candidate not in found:
            found.append(candidate)
    picked = [found[0], *found[1:4]]
    rng.shuffle(picked)
    choices = tuple(", ".join(f"seat {s}" for s in choice).capitalize() for choice in picked)
    correct = picked.index(order)
    return Question(
        topic="draw",
        kind="choice",
        situation=Situation(
            game=hand.game, heading=_heading(hand), events=tuple(table.said[: -len(order)])
        ),
        ask=f"The betting is over and seats {seat_list(live)} draw. In what order?",
        choices=choices,
        correct=correct,
        answer=choices[correct],
        explanation=(
            "The draw goes clockwise, one player at a time, from the first player still in"
            " the hand left of the button; the button draws last. Each player's cards are"
            " dealt in full before the next player draws.",
            f"Seat {order[0]} is the first still in the hand left of the button (seat"
            f" {hand.button}).",
        ),
        cite=game_cite(book, "draw", "order"),
        rule="draw.order",
        title="The order of the draw",
    )


_FIVE: Final = {
    "at-once": "Deal all five cards to seat {seat} at once, in turn",
    "fifth-later": "Deal seat {seat} four cards now, and the fifth after everyone else has drawn",
    "burn-fifth": "Deal seat {seat} four cards now, burn a card, then deal the fifth",
    "refuse": "Refuse: a player may draw at most four cards",
}
"""How a dealer might deal a draw of five new cards."""


def _five_question(book: Rulebook, rng: Random) -> Question:
    """A player draws five new cards: how are they dealt?"""
    table = _table(book, rng, ("triple-draw-27", "single-draw-27", "lowball-a5"))
    hand = table.hand
    for _ in range(rng.randrange(len(hand.live))):
        assert hand.to_draw is not None
        _draws(table, hand.to_draw, rng.randint(0, 3))
    seat = hand.to_draw
    assert seat is not None
    last = sum(1 for s in hand.live if len(hand.drawn[s]) <= hand.round_index) == 1
    if five_at_once(book):
        right = "at-once"
        why = "A player may draw up to five consecutive cards."
    elif last:
        right = "burn-fifth"
        why = (
            "A player may draw up to four consecutive cards; the last player to draw who"
            " wants five gets four at once, and a card is burned before the fifth."
        )
    else:
        right = "fifth-later"
        why = (
            "A player may draw up to four consecutive cards; one who wants five gets four"
            " at once and the fifth after everyone else has drawn."
        )
    picked = list(_FIVE)
    choices = tuple(_FIVE[name].format(seat=seat) for name in picked)
    correct = picked.index(right)
    who = "the last player to draw" if last else "not the last to draw"
    return Question(
        topic="draw",
        kind="choice",
        situation=Situation(game=hand.game, heading=_heading(hand), events=tuple(table.said)),
        ask=f"Seat {seat} ({who}) discards all five cards. How does the dealer deal them?",
        choices=choices,
        correct=correct,
        answer=choices[correct],
        explanation=(why,),
        cite=game_cite(book, "draw", "five"),
        rule="draw.five-cards",
        title="Drawing five cards",
        expected=right,
    )


def _draws(table: DrawTable, seat: int, count: int) -> None:
    if count:
        table.play(f"{seat} draws {count}", f"Seat {seat} draws {count}")
    else:
        table.play(f"{seat} stands pat", f"Seat {seat} stands pat")


def _big_blind(hand: DrawHand) -> int:
    blinds = [s for s in hand.seats if s > hand.button] + [
        s for s in hand.seats if s <= hand.button
    ]
    return blinds[1]


def _from_seat(live: list[int], seat: int) -> list[int]:
    """The live seats clockwise starting after ``seat``."""
    return sorted(live, key=lambda s: (s <= seat, s))


_WRONG: Final = {
    "card-plays": "The {card} plays: seat {seat} must take it",
    "replace-now": "Replace the {card} at once with the next card, before anyone else draws",
    "replace-later": "Complete the draw to every player, then replace the {card} with the next"
    " card",
    "misdeal": "Declare a misdeal: gather the cards, reshuffle and deal the hand again",
    "kill-hand": "Kill seat {seat}'s hand: a card exposed on the draw fouls it",
    "all-discards": "Shuffle every discard, those of this draw too, and deal on from them",
    "stop": "Stop the draw: the players still to draw keep the cards they hold",
}
"""Procedures a trainee could mistake for the book's, by what happened."""


def _procedure_question(book: Rulebook, rng: Random, what: str) -> Question | None:
    table = _table(book, rng)
    hand = table.hand
    if hand.to_draw is None:
        return None
    for _ in range(rng.randrange(len(hand.live))):
        assert hand.to_draw is not None
        _draws(table, hand.to_draw, rng.randint(0, 3))
    seat = hand.to_draw
    assert seat is not None
    shoe = Shoe(rng)
    count = rng.randint(1, 3)
    if what == "exposed":
        _draws(table, seat, count)
        card = shoe.draw(1)[0]
        by_player = rng.random() < 0.35
        said = (
            f"Seat {seat} turns up the {card}, dealt on the draw"
            if by_player
            else f"The dealer exposes the {card} dealing seat {seat}'s draw"
        )
        ruling = table.play(f"expose {seat} {card}{' by player' if by_player else ''}", said)
        ask = f"Event {len(table.said)} has just happened. What does the dealer do?"
        wrong = ["replace-now", "misdeal", "kill-hand"]
        wrong.append("replace-later" if by_player else "card-plays")
        words = {"card": str(card), "seat": str(seat)}
    else:
        ruling = table.play("reshuffle", f"The stub runs out as seat {seat} draws {count}")
        ask = "What does the dealer shuffle to finish the draw?"
        wrong = ["all-discards", "stop", "misdeal"]
        words = {"card": "", "seat": str(seat)}
    if ruling is None or not ruling.steps:
        return None
    right = ruling.steps[0].text
    picked = [right, *(_WRONG[name].format(**words) for name in wrong)]
    rng.shuffle(picked)
    choices = tuple(picked)
    correct = choices.index(right)
    return Question(
        topic="draw",
        kind="choice",
        situation=Situation(game=hand.game, heading=_heading(hand), events=tuple(table.said)),
        ask=ask,
        choices=choices,
        correct=correct,
        answer=right,
        explanation=tuple(step.text for step in ruling.steps[1:]),
        cite=ruling.cite,
        rule=ruling.rule,
        title=ruling.title,
        event=ruling.event,
        expected=ruling.steps[0].do,
    )
