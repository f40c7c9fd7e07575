"""Side-pot questions: several players all in for different amounts; how much is in each pot?

The hand is played by the hand engine before the flop: short and deep stacks
go all in, others call or fold after putting chips in, and the pots are cut
as ``floorman check`` cuts them (the chips of a seat that folded stay in the
pots it paid into; a bet nobody called goes back first). A trainee gives the
main pot and each side pot in the order they are formed.

>>> from floorman.rules.loader import load_rulebook
>>> question = side_pot_question(load_rulebook("rrop"), Random(2))
>>> question.figures[0][0], len(question.figures) >= 3
('main pot', True)
"""

from __future__ import annotations

from random import Random
from typing import Final

from floorman.drills.citations import sizing_cite
from floorman.drills.model import Question, SeatView, Situation, seat_list
from floorman.drills.narration import Teller, roles
from floorman.drills.splits import STAKES
from floorman.drills.variation import TABLE_SEATS
from floorman.hand.events import Action, Deal, Event
from floorman.interchange.handfile import Hand
from floorman.rules.loader import Rulebook
from floorman.showdown.pots import PotLayout, build_pots

__all__ = ["pot_names", "side_pot_question"]

_ATTEMPTS: Final = 300


def pot_names(count: int) -> tuple[str, ...]:
    """``main pot``, ``side pot 1``, ``side pot 2``...

    >>> pot_names(3)
    ('main pot', 'side pot 1', 'side pot 2')
    """
    return ("main pot", *(f"side pot {number}" for number in range(1, count)))


def side_pot_question(book: Rulebook, rng: Random) -> Question:
    """Three or more pots from several all-ins at one table."""
    for _ in range(_ATTEMPTS):
        dealt = _deal(book, rng)
        if dealt is not None and len(dealt[1].pots) >= 3:
            return _question(book, *dealt)
    raise RuntimeError("no side pots were dealt")  # pragma: no cover


def _deal(book: Rulebook, rng: Random) -> tuple[Hand, PotLayout, tuple[str, ...]] | None:
    blinds, chips = rng.choice(STAKES)
    unit = chips[0]
    players = rng.randint(4, 7)
    numbers = sorted(rng.sample(range(1, TABLE_SEATS + 1), players))
    button = rng.choice(numbers)
    seats = {seat: blinds[1] * rng.randint(3, 60) + unit * rng.randint(0, 9) for seat in numbers}
    header = Hand.model_validate(
        {"game": rng.choice(("holdem", "holdem", "omaha")), "betting": "no-limit",
         "blinds": list(blinds), "button": button, "seats": seats, "chips": list(chips),
         "rulebook": book.name}
    )  # fmt: skip
    state = header.start(book.options)
    teller = Teller()
    events: list[Event] = [Deal()]
    teller.before(state, events[0])
    state.apply(events[0])
    teller.after(state, events[0])
    folders = 0
    while state.to_act is not None:
        seat = state.to_act
        betting = state.betting
        roll = rng.random()
        if betting.to_call(seat) and roll < 0.15 and folders < players - 3:
            event = Action(seat, "fold")
            folders += 1
        elif roll < 0.75 and (
            betting.may_raise(seat) or betting.stacks[seat] <= betting.to_call(seat)
        ):
            event = Action(seat, "allin")
        else:
            event = Action(seat, "call" if betting.to_call(seat) else "check")
        teller.before(state, event)
        state.apply(event)
        teller.after(state, event)
        events.append(event)
    if not state.betting.betting_complete:
        return None
    layout = build_pots(state.betting.contributed, state.betting.folded)
    hand = header.model_copy(update={"events": [str(event) for event in events]})
    return hand, layout, tuple(teller.lines)


def _question(book: Rulebook, hand: Hand, layout: PotLayout, lines: tuple[str, ...]) -> Question:
    places = roles(hand.start())
    names = pot_names(len(layout.pots))
    figures = tuple((name, pot.amount) for name, pot in zip(names, layout.pots, strict=True))
    explain: list[str] = []
    for seat, back in layout.returned.items():
        explain.append(f"Seat {seat}'s {back} that nobody called goes back to it first.")
    for name, pot in zip(names, layout.pots, strict=True):
        who = (
            f"seats {seat_list(pot.eligible)} can win it"
            if len(pot.eligible) > 1
            else f"only seat {pot.eligible[0]} is in it"
        )
        explain.append(f"{name.capitalize()} {pot.amount}: {who}.")
    explain.append(
        "Each all-in player wins from each player at most what it put in: the smallest all-in"
        " sets the main pot, the next the first side pot, and so on; folded chips stay in."
    )
    first = ""
    if layout.returned:
        uncalled = [f"seat {seat}'s uncalled {chips}" for seat, chips in layout.returned.items()]
        first = f" ({'; '.join(uncalled)} goes back first)"
    ask = (
        f"The betting is over{first}. How much is in each pot? Give the"
        f" {', '.join(names[:-1])} and {names[-1]}, in that order."
    )
    situation = Situation(
        game=hand.game,
        betting=hand.betting,
        blinds=hand.blinds,
        button=hand.button,
        seats=tuple(SeatView(seat, stack, places[seat]) for seat, stack in hand.seats.items()),
        events=lines,
    )
    return Question(
        topic="side-pots",
        kind="amount",
        situation=situation,
        ask=ask,
        answer=", ".join(f"{name} {amount}" for name, amount in figures),
        figures=figures,
        explanation=tuple(explain),
        cite=sizing_cite(book, "side-pots"),
        rule="sizing.side-pots",
        title="Side pots",
        hand=hand,
        expected=len(figures),
    )
