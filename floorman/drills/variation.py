"""Varying a worked example so a drill never shows the same table twice.

A rule's worked example is one small hand: seats 1 to 3, the button on 3,
stacks of 100, the same few cards. A drill deals it again at a different
table, keeping what the situation means:

- the seats are renumbered round a ten-seat table, keeping who sits left of
  the button, who posts the blinds and who acts first;
- players may be added under the gun; they fold when their turn comes, so
  they never change who acts after whom;
- stacks grow (never shrink, so every bet in the example can still be made);
- cards are swapped consistently: a card named twice is the same new card
  both times; when hands are read at a showdown only the suits are swapped,
  which keeps every hand's value.

The varied hand is then ruled again by the rulebook; the caller keeps it
only if it gets the same ruling as the example (see :func:`ruling_signature`).

>>> from floorman.interchange.handfile import Hand
>>> from floorman.rules.loader import load_rulebook
>>> hand = Hand.model_validate({"button": 3, "seats": {1: 100, 2: 100, 3: 100},
...                             "events": ["deal", "3 call", "1 call", "2 check"]})
>>> dealt = replay(hand, load_rulebook("rrop"), Reseat.draw(hand, Random(4), extra_seats=2))
>>> dealt.hand.button, dealt.hand.events
(6, ['deal', '4 fold', '5 fold', '6 call', '10 call', '2 check'])
>>> dealt.numbers, dealt.lines[3]
([1, 4, 5, 6], 'Seat 6 calls 2')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from random import Random
from typing import Any, Final

from floorman.cards import DECK, SUITS, Card
from floorman.drills.narration import Teller
from floorman.hand.events import (
    Action,
    Board,
    Burn,
    Cards,
    Event,
    EventError,
    Expose,
    Extra,
    Muck,
    PlaysBoard,
    Show,
)
from floorman.hand.state import HandState
from floorman.hand.table import Table
from floorman.interchange.handfile import Hand
from floorman.rules.engine import RulesEngine, Ruling, Violation
from floorman.rules.loader import Rulebook, RulebookError

__all__ = ["Dealt", "Reseat", "replay", "ruling_signature"]

TABLE_SEATS: Final = 10
"""Seats round the table a drill deals at."""

_SHOWDOWN_EVENTS: Final = (Show, Muck, PlaysBoard)


@dataclass(frozen=True)
class Reseat:
    """How one hand is dealt again: new seat numbers, new stacks, new cards.

    ``seats`` maps each old seat to its new one; ``added`` are new seats (with
    their stacks) that fold when first to act; ``cards`` maps every card.
    """

    seats: Mapping[int, int]
    button: int
    stacks: Mapping[int, int]
    added: Mapping[int, int]
    cards: Mapping[Card, Card]

    @classmethod
    def same(cls, hand: Hand) -> Reseat:
        """The hand as it is."""
        return cls(
            {seat: seat for seat in hand.seats},
            hand.button,
            dict(hand.seats),
            {},
            {card: card for card in DECK},
        )

    @classmethod
    def draw(
        cls, hand: Hand, rng: Random, *, extra_seats: int = 0, any_cards: bool = True
    ) -> Reseat:
        """A random new table for ``hand``. ``extra_seats`` players are added under the
        gun (at most up to a full table, and never to a heads-up hand, whose blinds would
        change); ``any_cards`` swaps cards freely unless hands are read at a showdown."""
        table = Table(tuple(hand.seats), hand.button)
        order = list(table.deal_order)
        if hand.button not in hand.seats:
            return replace(cls.same(hand), cards=_swapped(hand, rng, any_cards=any_cards))
        if len(order) < 3:
            extra_seats = 0
        extra_seats = max(0, min(extra_seats, TABLE_SEATS - len(order)))
        total = len(order) + extra_seats
        numbers = sorted(rng.sample(range(1, TABLE_SEATS + 1), total))
        turn = rng.randrange(total)
        new_order = numbers[turn + 1 :] + numbers[: turn + 1]
        if extra_seats:
            added_seats = new_order[2 : 2 + extra_seats]
            kept = new_order[:2] + new_order[2 + extra_seats :]
        else:
            added_seats, kept = [], new_order
        seats = dict(zip(order, kept, strict=True))
        button = seats.get(hand.button, new_order[-1])
        stacks = {seats[seat]: _grow(stack, rng) for seat, stack in hand.seats.items()}
        added = {seat: 5 * rng.randint(12, 60) for seat in added_seats}
        return cls(seats, button, stacks, added, _swapped(hand, rng, any_cards=any_cards))

    def header(self, hand: Hand) -> dict[str, Any]:
        data = hand.model_dump(exclude={"events", "seats", "button"}, exclude_unset=True)
        data["seats"] = {**self.stacks, **self.added}
        data["button"] = self.button
        return data

    def move(self, event: Event) -> Event:
        """The event at the new table: its seat renumbered, its cards swapped."""
        seat = getattr(event, "seat", None)
        if isinstance(seat, int):
            moved = self.seats.get(seat)
            if moved is None:  # an empty seat the event names (dealt-empty): empty here too
                taken = {*self.seats.values(), *self.added}
                moved = next(s for s in range(seat, seat + len(taken) + 1) if s not in taken)
            event = replace(event, seat=moved)  # type: ignore[type-var]
        cards = self.cards
        if isinstance(event, Board | Show):
            return replace(event, cards=tuple(cards[card] for card in event.cards))
        if isinstance(event, Cards):
            return replace(event, cards=tuple(None if c is None else cards[c] for c in event.cards))
        if isinstance(event, Expose | Extra | Burn) and event.card is not None:
            return replace(event, card=cards[event.card])
        return event


def _grow(stack: int, rng: Random) -> int:
    """A stack at least as big (up to three times): every bet of the example can still
    be made."""
    return stack + 5 * rng.randint(0, 2 * stack // 5)


def _swapped(hand: Hand, rng: Random, *, any_cards: bool) -> dict[Card, Card]:
    """Every card's stand-in: any card for any card, or only the suits swapped when the
    hand is read at a showdown (or ``any_cards`` is false)."""
    showdown = any(isinstance(event, _SHOWDOWN_EVENTS) for event in hand.parse_events())
    if any_cards and not showdown:
        shuffled = list(DECK)
        rng.shuffle(shuffled)
        return dict(zip(DECK, shuffled, strict=True))
    suits = rng.sample(SUITS, len(SUITS))
    return {card: Card(card.rank, suits[SUITS.index(card.suit)]) for card in DECK}


@dataclass
class Dealt:
    """A hand dealt again and ruled: the hand file, what the rulebook ruled, each event
    told as the dealer saw it, and where each original event landed (``numbers[i]`` is
    the new number of the original event ``i + 1``)."""

    hand: Hand
    state: HandState
    rulings: list[Ruling]
    violations: list[Violation]
    lines: list[str]
    numbers: list[int]

    def ruling_at(self, number: int) -> Ruling | None:
        return next((ruling for ruling in self.rulings if ruling.event == number), None)


def replay(hand: Hand, book: Rulebook, reseat: Reseat) -> Dealt | None:
    """Deal ``hand`` again as ``reseat`` says and rule every event with ``book`` (and
    the hand's ``house:`` options); ``None`` if the new hand cannot be played."""
    try:
        book = book.at_kind(hand.kind)
        if hand.house:
            book = book.with_options(hand.house, origin="the example's house options")
        events = [reseat.move(event) for event in hand.parse_events()]
        new = Hand.model_validate(reseat.header(hand))
        engine = RulesEngine(book, new.game, new.records_burns, min(new.chips), new.kind)
        state = new.start(book.options)
        teller = Teller()
        played: list[Event] = []
        numbers: list[int] = []

        def play(event: Event) -> None:
            teller.before(state, event)
            engine.process(state, event, len(played) + 1)
            played.append(event)
            teller.after(state, event)

        for event in events:
            if isinstance(event, Action):
                while (folder := state.to_act) in reseat.added and folder != event.seat:
                    assert folder is not None
                    play(Action(folder, "fold"))
            play(event)
            numbers.append(len(played))
    except (EventError, RulebookError, ValueError):
        return None
    dealt = new.model_copy(update={"events": [str(event) for event in played]})
    return Dealt(dealt, state, engine.rulings, engine.violations, teller.lines, numbers)


def ruling_signature(dealt: Dealt, event: int, *, violations: bool = False) -> tuple[object, ...]:
    """What must stay the same when a hand is varied: the rule ruling on the original
    ``event`` (numbered as in the original hand), its outcome and its steps, and with
    ``violations`` every departure from the procedure and the original event it is at."""
    ruling = dealt.ruling_at(dealt.numbers[event - 1])
    found: tuple[object, ...] = (None,)
    if ruling is not None:
        found = (ruling.rule, ruling.outcome, tuple(step.do for step in ruling.steps))
    if violations:
        back = {new: old for old, new in enumerate(dealt.numbers, 1)}
        departures = tuple(sorted((back.get(v.event, -v.event), v.rule) for v in dealt.violations))
        found += (departures,)
    return found
